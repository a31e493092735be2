"""The statistics the benchmarks print: quantiles of measured times and 95% intervals.

Every script in ``benchmarks/`` takes them from here (``import stats``: the scripts run as
``python benchmarks/x.py``, so this folder is on ``sys.path``). The interval of a ratio of sums
and the 95% normal quantile are the library's own (:mod:`doublesix.ai.tournament`, which
``doublesix tournament`` prints with) and are named here too, so that a benchmark finds every
figure it prints in one module.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence

from doublesix.ai.tournament import Z95, ratio_ci

__all__ = ["Z95", "mean_ci", "quantile", "ratio_ci"]


def quantile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile of ``values`` (0 <= q <= 1), by the nearest rank below: the value at
    index ``int(q * n)`` of the sorted values, the largest for ``q`` near 1; 0.0 when there are
    none.

    >>> quantile([3.0, 1.0, 2.0, 4.0], 0.5)
    3.0
    >>> quantile([3.0, 1.0, 2.0, 4.0], 0.95), quantile([5.0], 0.99), quantile([], 0.5)
    (4.0, 5.0, 0.0)
    """
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def mean_ci(values: Sequence[float]) -> tuple[float, float]:
    """The mean of ``values`` and the half-width of its 95% interval (the values independent;
    the normal approximation with the sample's standard deviation). With one value the width is
    unknown: infinite.

    >>> mean_ci([1.0, 0.0, 1.0, 0.0])
    (0.5, 0.5657...)
    >>> mean_ci([2.0])
    (2.0, inf)
    """
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, math.inf
    return mean, Z95 * statistics.stdev(values) / math.sqrt(n)
