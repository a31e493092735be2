"""The scripts of ``benchmarks/`` as modules, for the tests that check parts of them."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

#: The folder of the benchmark scripts.
BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


def load_benchmark(name: str) -> ModuleType:
    """``benchmarks/<name>.py``, loaded afresh as the module ``name``.

    The folder goes on ``sys.path`` (at its end), as it is first there when a script runs as
    ``python benchmarks/<name>.py``, so the scripts' own ``import stats`` works.
    """
    if str(BENCHMARKS) not in sys.path:
        sys.path.append(str(BENCHMARKS))
    spec = importlib.util.spec_from_file_location(name, BENCHMARKS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault(name, module)
    spec.loader.exec_module(module)
    return module
