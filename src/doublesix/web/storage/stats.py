"""A browser's statistics from its finished games (no I/O); the daily streak is counted by
:func:`doublesix.engine.daily.streaks`.

>>> games = [
...     Finished("draw", ("pinocchio",), won=True, score=104),
...     Finished("draw", ("expert",), won=False, score=60),
...     Finished("draw", ("snow-white",), won=True, score=20, daily="2026-11-29",
...              first_attempt=True),
...     Finished("draw", ("snow-white",), won=True, score=15, daily="2026-11-30",
...              first_attempt=True),
... ]
>>> s = statistics(games, datetime.date(2026, 11, 30))
>>> s["games"], s["wins"], s["by_variant"]["draw"]
(4, 3, {'games': 4, 'wins': 3, 'best': 104, 'average': 49.8})
>>> s["daily"]
{'played': 2, 'won': 2, 'streak': 2, 'best_streak': 2, 'last': '2026-11-30'}

The page's sentences come with them (``words``: the first line, each row's name and games won):

>>> s["words"]["lead"], s["words"]["by_opponent"]["snow-white"]
('You played 4 games and won 3 (75%).', {'name': 'Snow White (level 5, Strong)', 'won': '2 (100%)'})
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from typing import Any, NamedTuple

from doublesix.ai.ladder import level_of_player
from doublesix.engine.daily import streaks
from doublesix.words import players, results, rulebook


class Finished(NamedTuple):
    """One finished game as the statistics see it (from seat 0, the browser's seat)."""

    variant: str
    opponents: tuple[str, ...]
    won: bool
    score: int
    daily: str | None = None
    first_attempt: bool = False


def statistics(games: Iterable[Finished], today: datetime.date) -> dict[str, Any]:
    """``GET /api/stats`` for these games, ``today`` being the current UTC date."""
    played = list(games)
    by_variant: dict[str, dict[str, Any]] = {}
    scores: dict[str, list[int]] = {}
    by_opponent: dict[str, dict[str, int]] = {}
    for game in played:
        row = by_variant.setdefault(game.variant, {"games": 0, "wins": 0})
        row["games"] += 1
        row["wins"] += game.won
        scores.setdefault(game.variant, []).append(game.score)
        for opponent in dict.fromkeys(game.opponents):
            against = by_opponent.setdefault(opponent, {"games": 0, "wins": 0})
            against["games"] += 1
            against["wins"] += game.won
    for variant, row in by_variant.items():
        points = scores[variant]
        row["best"] = max(points)
        row["average"] = round(sum(points) / len(points), 1)
    wins = sum(1 for g in played if g.won)
    return {
        "games": len(played),
        "wins": wins,
        "by_variant": by_variant,
        "by_opponent": by_opponent,
        "daily": daily_statistics(played, today),
        "words": {
            "lead": results.games_won(len(played), wins),
            "by_variant": {
                variant: {"name": rulebook.VARIANT_NAMES.get(variant, variant),
                          "won": results.share_of(row["wins"], row["games"])}
                for variant, row in by_variant.items()
            },
            "by_opponent": {
                opponent: {"name": players.named(players.label(opponent),
                                                 level_of_player(opponent)),
                           "won": results.share_of(row["wins"], row["games"])}
                for opponent, row in by_opponent.items()
            },
        },
    }


def daily_statistics(games: Iterable[Finished], today: datetime.date) -> dict[str, Any]:
    """First attempts at the daily game: played, won, the current and the best streak.

    The streak counts consecutive days won and ends today or yesterday; a lost first attempt
    or a missed day ends it.

    >>> day = lambda d, won: Finished("draw", (), won, 0, d, True)
    >>> daily_statistics([day("2026-11-27", True), day("2026-11-28", True),
    ...                   day("2026-11-30", True)], datetime.date(2026, 12, 1))
    {'played': 3, 'won': 3, 'streak': 1, 'best_streak': 2, 'last': '2026-11-30'}
    >>> daily_statistics([day("2026-11-29", True), day("2026-11-30", False)],
    ...                  datetime.date(2026, 11, 30))["streak"]
    0
    """
    results: dict[datetime.date, bool] = {}
    for game in games:
        if game.daily is None or not game.first_attempt:
            continue
        date = datetime.date.fromisoformat(game.daily)
        results[date] = results.get(date, False) or game.won
    won = streaks(results, today)
    return {
        "played": len(results),
        "won": sum(results.values()),
        "streak": won.current,
        "best_streak": won.best,
        "last": max(results).isoformat() if results else None,
    }
