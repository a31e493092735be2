"""What the web server's game calls raise, for :mod:`~doublesix.web.routes.app` to translate into
HTTP statuses and WebSocket close codes (``docs/protocol.md``), and the words of the bounds a
client meets (said by :mod:`doublesix.words.refusals`).

>>> issubclass(GameNotFoundError, LookupError), issubclass(DamagedGameError, ValueError)
(True, True)
>>> too_many_games(95, "browser")
'You have started many games in a short time: try again in 2 minutes.'
>>> too_many_joins(4, "address")
'Many seats were taken from your network in a short time: try again in a few seconds.'
"""

from __future__ import annotations

import math

from doublesix.words.refusals import too_many_games as too_many_games
from doublesix.words.refusals import too_many_joins as too_many_joins


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
