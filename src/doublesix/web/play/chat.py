"""Quick chat at tables of people (``docs/protocol.md``, "Quick chat"): a fixed set of phrases
(:mod:`doublesix.words.chatwords`), no free text, so nothing needs moderating.

A phrase is said by its key on the game's socket.  The server checks that the key names a
phrase, that the game is a table of people, that the sender holds a seat there (a socket that
holds none, such as a watcher's, cannot chat), and each seat's pace (``chat_per_10s`` and
``chat_per_minute``); then every socket of the table gets a ``chat`` message with the sentence.
Nothing is saved: a phrase is not part of the game.  With several server processes on
PostgreSQL the phrase is also noted on the database's channel, and the other processes tell
their sockets (:func:`chat_payload`, :func:`chat_note`).

>>> chat_note(chat_payload("g1", 2, "good-luck", "abc"))
('g1', 2, 'good-luck', 'abc')
>>> chat_note("g1 seats:0,2 abc") is None
True
"""

from __future__ import annotations

import collections
import functools
import time
import weakref
from collections.abc import Callable
from typing import Any

from doublesix.protocol.wire import HUMAN
from doublesix.web.play.gameinfo import ProtocolError
from doublesix.web.play.live import Connection, Game
from doublesix.web.routes.errors import NotNowError, TooManyError
from doublesix.web.settings import Settings
from doublesix.words import chatwords
from doublesix.words.i18n import _


def chat_message(game: Game, seat: int, key: str) -> dict[str, Any]:
    """The ``chat`` message every socket of the table gets when ``seat`` says ``key``."""
    phrase = chatwords.PHRASES[key]
    return {"type": "chat", "seat": seat, "phrase": key, "label": _(phrase.label),
            "text": chatwords.said(key, game.saved.seats[seat].name)}


def chat_payload(game_id: str, seat: int, key: str, origin: str) -> str:
    """The note that tells the other server processes that ``seat`` said ``key``.

    >>> chat_payload("g1", 0, "hello", "abc")
    'g1 chat:0:hello abc'
    """
    return f"{game_id} chat:{seat}:{key} {origin}"


def chat_note(payload: str) -> tuple[str, int, str, str] | None:
    """A chat note as ``(game_id, seat, key, origin)``; None if the payload is not one (or
    names no phrase).

    >>> chat_note("g1 chat:1:thanks abc"), chat_note("g1 chat:1:shout abc")
    (('g1', 1, 'thanks', 'abc'), None)
    """
    parts = payload.split(" ")
    if len(parts) != 3 or not parts[1].startswith("chat:"):
        return None
    _kind, seat, key = [*parts[1].split(":"), "", ""][:3]
    if not seat.isdigit() or key not in chatwords.PHRASES:
        return None
    return parts[0], int(seat), key, parts[2]


def holds_seat(game: Game, connection: Connection) -> bool:
    """Whether ``connection`` holds a person's seat of the game now: opened with the seat's
    token as it stands (a socket that holds no seat, or one the seat was taken from, does not).
    """
    seats = game.saved.seats
    seat = connection.seat
    return (0 <= seat < len(seats) and seats[seat].kind == HUMAN
            and connection.token_hash is not None
            and connection.token_hash == seats[seat].token_hash)


class QuickChat:
    """The quick chat of one server process: checks a phrase, keeps each seat's pace, and
    tells the table.  ``announce(game, seat, key)`` notes a phrase for the other processes."""

    def __init__(self, settings: Settings,
                 announce: Callable[[Game, int, str], None] | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.settings = settings
        self.announce = announce
        self.clock = clock
        #: Each table's seats' recent phrases (times), forgotten with the game.
        self._said: weakref.WeakKeyDictionary[Game, dict[int, collections.deque[float]]] = \
            weakref.WeakKeyDictionary()

    def say(self, game: Game, connection: Connection, key: str | None) -> None:
        """``connection`` says the phrase ``key``: every socket of the table is told, or the
        sender is refused in words (:class:`ProtocolError`, :class:`NotNowError`,
        :class:`TooManyError`) and nothing changes."""
        if key not in chatwords.PHRASES:
            raise ProtocolError(chatwords.unknown(str(key)))
        if game.saved.table is None:
            raise NotNowError(_(chatwords.ONLY_PEOPLE))
        if not holds_seat(game, connection):
            raise NotNowError(_(chatwords.ONLY_SEATED))
        seat = connection.seat
        now = self.clock()
        times = self._said.setdefault(game, {}).setdefault(seat, collections.deque())
        while times and times[0] <= now - 60:
            times.popleft()
        recent = sum(1 for said in times if said > now - 10)
        if recent >= self.settings.chat_per_10s:
            raise TooManyError(chatwords.too_many(self.settings.chat_per_10s, 10))
        if len(times) >= self.settings.chat_per_minute:
            raise TooManyError(chatwords.too_many(self.settings.chat_per_minute, 60))
        times.append(now)
        game.tell_each(functools.partial(chat_message, game, seat, key))
        if self.announce is not None:
            self.announce(game, seat, key)

    def heard(self, game: Game, seat: int, key: str) -> None:
        """Another server process's socket at this table said ``key``: tell this one's."""
        if game.saved.table is not None and 0 <= seat < len(game.saved.seats):
            game.tell_each(functools.partial(chat_message, game, seat, key))
