"""What the web server's game calls raise, for :mod:`~doublesix.web.app` to translate into
HTTP statuses and WebSocket close codes (``docs/protocol.md``).

>>> issubclass(GameNotFoundError, LookupError), issubclass(DamagedGameError, ValueError)
(True, True)
"""

from __future__ import annotations


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
