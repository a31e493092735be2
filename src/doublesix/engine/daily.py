"""The daily game's record: each day's first attempt, and the streaks of days won.

:meth:`doublesix.Match.daily` deals the day's game; this module counts what the days came to,
for every face that keeps a record (the terminal's save folder, the web's statistics), so the
streak is counted one way everywhere.  Pure: no I/O.

>>> day = datetime.date
>>> streaks({day(2026, 11, 28): True, day(2026, 11, 29): True}, day(2026, 11, 30))
Streaks(current=2, best=2)
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import NamedTuple

_DAY = datetime.timedelta(days=1)


class Streaks(NamedTuple):
    """Days won in a row at the first attempt: the streak going on now, and the longest."""

    current: int
    best: int


def streaks(results: Mapping[datetime.date, bool], today: datetime.date) -> Streaks:
    """The streaks of ``results``, each finished first attempt's day mapped to whether it was
    won (days still in play or not played are absent).  The current streak ends today, or
    yesterday while today's deal is not finished; a day lost or missed ends a streak.

    >>> day = datetime.date
    >>> won = {day(2026, 11, 27): True, day(2026, 11, 28): True, day(2026, 11, 30): True}
    >>> streaks(won, day(2026, 12, 1))
    Streaks(current=1, best=2)
    >>> streaks({day(2026, 11, 29): True, day(2026, 11, 30): False}, day(2026, 11, 30))
    Streaks(current=0, best=1)
    >>> streaks({day(2026, 11, 28): True}, day(2026, 11, 30))  # yesterday was missed
    Streaks(current=0, best=1)
    """
    won = {date for date, result in results.items() if result}
    best = 0
    for date in won:
        if date - _DAY in won:
            continue
        length = 1
        while date + length * _DAY in won:
            length += 1
        best = max(best, length)
    day = today if today in results else today - _DAY
    current = 0
    while day - current * _DAY in won:
        current += 1
    return Streaks(current, best)
