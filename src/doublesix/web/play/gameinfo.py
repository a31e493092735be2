"""The web protocol's wire (``docs/protocol.md``): what the server knows of a game besides the
match, and a browser's messages parsed and bounded, with no I/O.

The limits, close codes and seat kinds are :mod:`doublesix.protocol.wire`'s, shared with the
terminal
and sent to the browser.  The pictures a seat receives are built in
:mod:`doublesix.web.play.pictures`; the requests (a new game, a name, rules) are read in
:mod:`doublesix.web.routes.bodies`.

>>> parse_message('{"type": "play", "move": "6|3 left"}')
ClientMessage(kind='play', move='6|3 left', seat=None, player=None, phrase=None, coach=False)
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Final, NamedTuple

from pydantic import ValidationError

from doublesix.ai import PLAYERS
from doublesix.engine.match import Match
from doublesix.protocol import messages as protocol
from doublesix.protocol.wire import MAX_DEPTH, MAX_MESSAGE, MESSAGE_TYPES, OVER, PLAYING, WAITING
from doublesix.words import pagewords, players, refusals, tabletalk, watchwords
from doublesix.words.i18n import _

#: What a seat is called in its own picture.
YOU: Final = "You"



class ProtocolError(ValueError):
    """A malformed request or message; the words are for a person."""


@dataclass
class TableSeat:
    """A seat at a table for people, as everyone may know it (``invite`` only the host is
    shown)."""

    name: str
    person: bool
    joined: bool
    stand_in: str | None = None
    invite: str | None = None


@dataclass
class TableInfo:
    """A table for people: the stored facts, and who is connected to this server now.

    ``connected`` holds the seats with a socket open; ``away`` gives, for a person seat that
    has none, how many seconds it has been away (both kept by the server as sockets come and
    go)."""

    host: int
    stage: str
    seats: list[TableSeat]
    again: list[int] = field(default_factory=list)
    next_game: str | None = None
    connected: set[int] = field(default_factory=set)
    away: dict[int, int] = field(default_factory=dict)
    #: Seconds a person must be away before the host may let a computer play for them.
    handover_after: float = 60.0
    #: How many sockets watch the table (kept by the server as watchers come and go).
    watchers: int = 0

    def can_start(self) -> bool:
        """Whether the host may start: waiting, and every seat held."""
        return self.stage == WAITING and all(s.joined for s in self.seats)

    def to_json(self, me: int, game_id: str, over: bool) -> dict[str, Any]:
        """``S.table`` for seat ``me`` (``docs/protocol.md``;
        :data:`doublesix.words.talk.NOBODY` for a watcher, who is shown no invitation)."""
        stage = WAITING if self.stage == WAITING else OVER if over else PLAYING
        host = me == self.host
        return {
            "stage": stage,
            "host": self.host,
            "you_host": host,
            "seats": [
                {
                    "seat": i,
                    "name": s.name,
                    "person": s.person,
                    "joined": s.joined,
                    "connected": not s.person or i in self.connected,
                    "away": 0 if not s.person or not s.joined or i in self.connected
                    else self.away.get(i, 0),
                    "stand_in": s.stand_in,
                    "again": i in self.again,
                    "words": tabletalk.seat_words(
                        s.name, None if s.stand_in is None else _label(s.stand_in),
                        self.handover_after) if s.person else None,
                }
                for i, s in enumerate(self.seats)
            ],
            "words": {
                "away": tabletalk.away([
                    s.name for i, s in enumerate(self.seats)
                    if s.person and s.joined and i not in self.connected and i != me
                ]),
                "later": tabletalk.hand_over_later(self.handover_after),
                **pagewords.again_json(me, {
                    i: (s.name, i in self.again, i in self.connected)
                    for i, s in enumerate(self.seats) if s.person and s.joined
                }, self.next_game is not None, over),
                "watchers": watchwords.watchers(self.watchers),
            },
            "can_start": self.can_start(),
            "handover_after": self.handover_after,
            "invites": [
                {"seat": i, "url": invite_url(game_id, s.invite)}
                for i, s in enumerate(self.seats)
                if host and s.person and not s.joined and s.invite is not None
            ],
            "next_game": self.next_game,
            "watchers": self.watchers,
        }


def undo_allowed(match: Match, info: GameInfo, seat: int) -> bool:
    """Whether ``seat`` may take back its last choice now (the picture's ``can_undo``, and
    what the server allows): a game against computers only, not the daily game, the hand in
    play, and a choice of this seat in it to take back.

    >>> from doublesix import Rules
    >>> match = Match(Rules.variant("block", players=2), seed=0)
    >>> info = GameInfo("g", names=["You", "Greedy"], kinds=["human", "greedy"])
    >>> undo_allowed(match, info, 0)
    False
    >>> match.play(match.legal_moves()[0])
    >>> daily = GameInfo("g", names=["You", "Greedy"], kinds=["human", "greedy"], daily="d")
    >>> undo_allowed(match, info, 0), undo_allowed(match, daily, 0)
    (True, False)
    """
    return (info.table is None and info.daily is None and not match.is_over
            and match.hand_result is None and match.can_take_back(seat))


def _label(player: str) -> str:
    """A computer player's label ("Greedy"), or its name if it has none."""
    return players.label(player)


def invite_url(game_id: str, code: str) -> str:
    """The path of a seat's invitation.

    >>> invite_url("g1", "c0de")
    '/join/g1/c0de'
    """
    return f"/join/{game_id}/{code}"


@dataclass
class GameInfo:
    """What the server knows of a game besides the match: who sits where, the daily game, the
    table (a resignation is the match's own: :attr:`~doublesix.engine.match.Match.resigned`).

    ``names`` are the names everyone sees (a person's seat is named ``"You"`` in its own
    picture whatever it holds); ``kinds`` are ``"human"`` or a computer player's name.
    """

    game_id: str
    names: list[str]
    kinds: list[str]
    daily: str | None = None
    first_attempt: bool = False
    created: str = ""
    #: Counts the game's saves: every change (a move, a new hand, a resignation) adds one.
    revision: int = 0
    #: A table for people (None: a person against computers).
    table: TableInfo | None = None
    #: Once the game is over: how each rated seat's rating moved, in words (the change,
    #: then what to try next if anything), by seat (:mod:`doublesix.web.storage.ratings`).
    rating: dict[int, list[str]] = field(default_factory=dict)
    #: The coach helped in the game: it is casual (:mod:`doublesix.web.play.coaching`).
    coached: bool = False

    @property
    def waiting(self) -> bool:
        """Whether the game waits in its table's waiting room (nothing dealt to anyone yet)."""
        return self.table is not None and self.table.stage == WAITING


class ClientMessage(NamedTuple):
    """A browser's message (:class:`doublesix.protocol.messages.ClientMessage`) as the server
    acts on it: its kind; for ``play`` the move's text; for ``seat`` the seat and the computer
    player to put there; for ``chat`` the phrase's key (checked when it is said); for
    ``play``, whether the coach is asked to judge the move."""

    kind: str
    move: str | None = None
    seat: int | None = None
    player: str | None = None
    phrase: str | None = None
    coach: bool = False


def json_depth(text: str | bytes, limit: int) -> int:
    """How deeply arrays and objects nest in a JSON text, exactly when that is more than
    ``limit`` (counting to ``limit + 1``), else some number up to ``limit``.  Strings are
    skipped (brackets inside them do not count); one pass without recursion, before any parser
    sees the text.

    >>> json_depth('{"a": [1, {"b": "[[["}]}', 2), json_depth("[" * 9000, 16)
    (3, 17)
    >>> json_depth('{"type": "next"}', 16) <= 16
    True
    """
    data = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text
    if data.count(b"[") + data.count(b"{") <= limit:
        return min(limit, data.count(b"[") + data.count(b"{"))  # cannot be deeper
    depth = deepest = 0
    in_string = escaped = False
    for byte in data:
        if in_string:
            if escaped:
                escaped = False
            elif byte == 0x5C:  # backslash
                escaped = True
            elif byte == 0x22:  # quote
                in_string = False
        elif byte == 0x22:
            in_string = True
        elif byte in (0x5B, 0x7B):  # [ {
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > limit:
                    return deepest
        elif byte in (0x5D, 0x7D):  # ] }
            depth -= 1
    return deepest


def parse_json(text: str | bytes, max_depth: int = MAX_DEPTH) -> Any:
    """JSON from a client, or :class:`ProtocolError`: not JSON, or nested deeper than
    ``max_depth`` (refused before parsing, so no depth can exhaust the parser).

    >>> parse_json("[" * 100 + "]" * 100)
    Traceback (most recent call last):
    ...
    doublesix.web.play.gameinfo.ProtocolError: the JSON is nested too deeply (at most 16 levels)
    """
    if json_depth(text, max_depth) > max_depth:
        raise ProtocolError(refusals.too_deep(max_depth))
    try:
        return json.loads(text)
    except (ValueError, TypeError, RecursionError):
        raise ProtocolError(_(refusals.MESSAGE_NOT_JSON)) from None


def parse_message(
    text: str | bytes, max_message: int = MAX_MESSAGE, max_depth: int = MAX_DEPTH
) -> ClientMessage:
    """A browser's WebSocket message, or :class:`ProtocolError` saying what is wrong (longer
    than ``max_message`` bytes, nested deeper than ``max_depth``, not a message).

    >>> parse_message('{"type": "next"}')
    ClientMessage(kind='next', move=None, seat=None, player=None, phrase=None, coach=False)
    >>> parse_message('{"type": "fly"}')
    Traceback (most recent call last):
    ...
    doublesix.web.play.gameinfo.ProtocolError: unknown message type 'fly'; send play, next, ...
    """
    size = len(text) if isinstance(text, bytes) else len(text.encode("utf-8", "surrogatepass"))
    if size > max_message:
        raise ProtocolError(refusals.message_too_long(max_message))
    data = parse_json(text, max_depth)
    if not isinstance(data, dict):
        raise ProtocolError(refusals.message_must_be('{"type": "play", ...}'))
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in MESSAGE_TYPES:
        shown = kind if isinstance(kind, str) else None
        raise ProtocolError(refusals.unknown_message(shown, list(MESSAGE_TYPES)))
    try:
        message = protocol.ClientMessage.model_validate(data, extra="ignore", strict=True).root
    except ValidationError as error:
        raise _refusal(kind, data.get("player"), error) from None
    if isinstance(message, protocol.SeatMessage):
        if message.player not in PLAYERS:
            raise _refusal(kind, message.player)
        return ClientMessage(kind, seat=message.seat, player=message.player)
    if isinstance(message, protocol.PlayMessage):
        return ClientMessage(kind, message.move, coach=message.coach)
    if isinstance(message, protocol.ChatRequest):
        return ClientMessage(kind, phrase=message.phrase)
    return ClientMessage(kind)


def _refusal(kind: str, player: object, error: ValidationError | None = None) -> ProtocolError:
    """Why a ``play`` or ``seat`` message (its ``player``) does not fit its model (``error``),
    in words."""
    if kind == "play":
        return ProtocolError(refusals.message_needs(kind, '{"type": "play", "move": "6|4 left"}'))
    if kind == "chat":
        return ProtocolError(refusals.message_needs(kind, '{"type": "chat", "phrase": '
                                                          '"good-luck"}'))
    if error is not None and any(problem["loc"][-1] == "seat" for problem in error.errors()):
        return ProtocolError(refusals.message_needs("seat", '{"type": "seat", "seat": 2, '
                                                            '"player": "expert"}'))
    return ProtocolError(refusals.unknown_player(player, list(PLAYERS)))
