"""What the web server's game calls raise, for :mod:`~doublesix.web.routes.app` to translate into
HTTP statuses and WebSocket close codes (``docs/protocol.md``), and the words of the bounds a
client meets.

>>> issubclass(GameNotFoundError, LookupError), issubclass(DamagedGameError, ValueError)
(True, True)
>>> too_many_games(95, "browser")
'You have started many games in a short time: try again in 2 minutes.'
>>> too_many_joins(4, "address")
'Many seats were taken from your network in a short time: try again in a few seconds.'
"""

from __future__ import annotations

import math


class GameNotFoundError(LookupError):
    """No game has this id."""


class ForbiddenError(PermissionError):
    """The token does not hold a seat of this game."""


class NotNowError(RuntimeError):
    """The request is not possible now (e.g. the record of a game still going on)."""


class DamagedGameError(ValueError):
    """The stored game cannot be read (damaged, or saved by a newer release); it is left in
    the database as it is."""


class UnavailableError(RuntimeError):
    """The database cannot be reached or written now (gone away, read-only, disk full)."""


class TooManyError(RuntimeError):
    """A bound on what one client may hold or ask was reached; the words say which."""


class TooOftenError(TooManyError):
    """A bound on how often a browser or an address may act was met: the words say which,
    ``retry_after`` in how many seconds it may act again."""

    def __init__(self, message: str, retry_after: float) -> None:
        super().__init__(message)
        self.retry_after = max(1, math.ceil(retry_after))


def wait_words(seconds: float) -> str:
    """How long to wait, in words a person reads.

    >>> wait_words(3), wait_words(61), wait_words(3600)
    ('a few seconds', '2 minutes', '60 minutes')
    """
    if seconds <= 10:
        return "a few seconds"
    if seconds <= 60:
        return "a minute"
    return f"{math.ceil(seconds / 60)} minutes"


def too_many_games(seconds: float, bound: str) -> str:
    """Why no game is created now: the browser's or the address's bound (``"browser"``,
    ``"address"``) was met, and it may try again in ``seconds``."""
    who = ("You have started many games" if bound == "browser"
           else "Many games were started from your network")
    return f"{who} in a short time: try again in {wait_words(seconds)}."


def too_many_joins(seconds: float, bound: str) -> str:
    """Why no seat is taken now (as :func:`too_many_games`)."""
    who = ("You have taken many seats" if bound == "browser"
           else "Many seats were taken from your network")
    return f"{who} in a short time: try again in {wait_words(seconds)}."
