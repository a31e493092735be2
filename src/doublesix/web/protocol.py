"""The web protocol's JSON (``docs/protocol.md``): pictures, events and parsing, with no I/O.

Everything a browser receives about a game is built here from the referee's
:class:`~doublesix.match.Match` and one seat, through that seat's
:class:`~doublesix.view.View`; the other hands are read only once the hand has ended.

>>> from doublesix import Match, Rules
>>> match = Match(Rules.variant("draw"), seed=5)
>>> info = GameInfo("g1", names=["Ann", "Pinocchio"], kinds=["human", "pinocchio"])
>>> s = picture(match, info, 1)
>>> s["names"], s["hand"] == [str(t) for t in match.hands[1]], s["open_ends"] == match.open_ends
(['Ann', 'You'], True, True)
>>> "result" in s and s["result"] is None  # the other hand is not shown while it is in play
True
>>> parse_message('{"type": "play", "move": "6|3 left"}')
ClientMessage(kind='play', move='6|3 left', seat=None, player=None)
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, NamedTuple

from doublesix import faces
from doublesix.ai import PLAYERS
from doublesix.events import Event, describe
from doublesix.match import Match
from doublesix.moves import Move
from doublesix.outcome import Ending
from doublesix.rules import OPTIONS, VARIANTS, Rules
from doublesix.state import fives_points
from doublesix.tiles import Tile
from doublesix.view import View
from doublesix.wire import (
    HUMAN,
    MAX_DEPTH,
    MAX_MESSAGE,
    MAX_NAME,
    MESSAGE_TYPES,
    OVER,
    PERSON,
    PLAYING,
    WAITING,
)

#: The highest target a new game may have.
MAX_TARGET: Final = 1000
#: Seeds are whole numbers below this.
SEED_LIMIT: Final = 2**63
#: What a seat is called in its own picture.
YOU: Final = "You"
#: The host's name when the new table's body names nobody.
HOST_NAME: Final = "Host"
#: The rule options a new game may override besides variant, players, set and target.
EXTRA_OPTIONS: Final = tuple(o for o in OPTIONS if o not in ("players", "set", "target"))


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

    def can_start(self) -> bool:
        """Whether the host may start: waiting, and every seat held."""
        return self.stage == WAITING and all(s.joined for s in self.seats)

    def to_json(self, me: int, game_id: str, over: bool) -> dict[str, Any]:
        """``S.table`` for seat ``me`` (``docs/protocol.md``)."""
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
                }
                for i, s in enumerate(self.seats)
            ],
            "can_start": self.can_start(),
            "handover_after": self.handover_after,
            "invites": [
                {"seat": i, "url": invite_url(game_id, s.invite)}
                for i, s in enumerate(self.seats)
                if host and s.person and not s.joined and s.invite is not None
            ],
            "next_game": self.next_game,
        }


def invite_url(game_id: str, code: str) -> str:
    """The path of a seat's invitation.

    >>> invite_url("g1", "c0de")
    '/join/g1/c0de'
    """
    return f"/join/{game_id}/{code}"


def parse_name(value: object) -> str:
    """A person's display name, checked: 1 to 24 characters once trimmed, no control or
    bidirectional formatting characters (:class:`ProtocolError` says what is wrong).  Letters
    of every script are welcome; the name is text, never HTML.

    >>> parse_name("  Bea  "), parse_name("<b>Bea</b> שלום")
    ('Bea', '<b>Bea</b> שלום')
    >>> parse_name("Bea\u202e")
    Traceback (most recent call last):
    ...
    doublesix.web.protocol.ProtocolError: a name may not hold control or formatting characters
    """
    if not isinstance(value, str):
        raise ProtocolError("name must be text")
    name = " ".join(value.split())
    if not name:
        raise ProtocolError("a name needs at least one character")
    if len(name) > MAX_NAME:
        raise ProtocolError(f"a name has at most {MAX_NAME} characters, not {len(name)}")
    for char in name:
        category = unicodedata.category(char)
        if category in ("Cc", "Cs", "Co", "Cn") or (
            category == "Cf" and char not in "\u200c\u200d"  # joiners shape some scripts
        ):
            raise ProtocolError("a name may not hold control or formatting characters")
    return name


def distinct_name(name: str, others: Sequence[str]) -> str:
    """``name``, numbered if another seat already has it ("Bea 2"), compared without case.

    >>> distinct_name("Bea", ["Ana", "bea"]), distinct_name("Ana", ["Bea"])
    ('Bea 2', 'Ana')
    """
    taken = {other.casefold() for other in others}
    candidate, number = name, 1
    while candidate.casefold() in taken:
        number += 1
        candidate = f"{name[: MAX_NAME - 1 - len(str(number))]} {number}"
    return candidate


@dataclass
class GameInfo:
    """What the server knows of a game besides the match: who sits where, the daily game, the
    table (a resignation is the match's own: :attr:`~doublesix.match.Match.resigned`).

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

    @property
    def waiting(self) -> bool:
        """Whether the game waits in its table's waiting room (nothing dealt to anyone yet)."""
        return self.table is not None and self.table.stage == WAITING


class ClientMessage(NamedTuple):
    """A browser's message: its kind; for ``play`` the move's text; for ``seat`` the seat
    and the computer player to put there."""

    kind: str
    move: str | None = None
    seat: int | None = None
    player: str | None = None


class NewGame(NamedTuple):
    """A valid ``POST /api/games`` body (``opponents`` may hold :data:`PERSON`)."""

    rules: Rules
    opponents: tuple[str, ...]
    seed: int | None
    name: str | None = None


def tile_text(tile: Tile | None) -> str | None:
    """A tile as the protocol writes it (``"6|4"``), or None."""
    return None if tile is None else str(tile)


def seat_names(info: GameInfo, me: int) -> list[str]:
    """The seats' names as ``me`` sees them: ``"You"`` for itself."""
    return [YOU if seat == me else name for seat, name in enumerate(info.names)]


def move_json(move: Move) -> dict[str, str | None]:
    """A move as ``{"move", "tile", "end"}``."""
    return {"move": str(move), "tile": tile_text(move.tile), "end": move.end}


def event_json(event: Event, me: int) -> dict[str, Any]:
    """An event for seat ``me``: a drawn tile is named only to its drawer."""
    tile = event.tile
    if event.kind == "draw" and event.seat != me:
        tile = None
    return {
        "kind": event.kind,
        "seat": event.seat,
        "tile": tile_text(tile),
        "end": event.end,
        "points": event.points,
        "number": event.number,
        "blocked": event.blocked,
    }


def event_text(event: Event, info: GameInfo, me: int) -> str:
    """An event in words for seat ``me`` (drawn tiles named only to their drawer)."""
    if event.kind == "draw" and event.seat != me:
        event = event._replace(tile=None)
    return describe(event, seat_names(info, me))


def rules_json(rules: Rules) -> dict[str, Any]:
    """The rules as ``{"variant": name, **options}``."""
    return {"variant": rules.name, **rules.options()}


def _current_hand(events: Sequence[Event]) -> Sequence[Event]:
    start = 0
    for i, event in enumerate(events):
        if event.kind == "hand":
            start = i
    return events[start:]


def choices_json(view: View) -> list[dict[str, Any]]:
    """``choices``: the tiles ``view``'s seat may lay now, in the order of its hand, each with
    its lays and whether the person must be asked which end (:func:`doublesix.faces.tile_choices`).

    >>> from doublesix import Match, Rules
    >>> match = Match(Rules.variant("all-fives"), seed=11)
    >>> first = choices_json(match.view(match.turn))[0]
    >>> first["tile"], first["asks"], [lay["end"] for lay in first["lays"]]
    ('6|5', False, ['left', 'right'])
    >>> first["lays"][0]
    {'move': '6|5 left', 'end': 'left', 'shows': 5, 'count_after': 16, 'points': 0}
    """
    return [
        {
            "tile": str(choice.tile),
            "asks": choice.asks,
            "lays": [
                {
                    "move": str(lay.move),
                    "end": lay.end,
                    "shows": lay.shows,
                    "count_after": lay.count_after,
                    "points": lay.points,
                }
                for lay in choice.lays
            ],
        }
        for choice in faces.tile_choices(view).values()
    ]


def scoresheet_json(match: Match) -> list[dict[str, Any]]:
    """``scoresheet``: one row per finished hand (:func:`doublesix.faces.scoresheet`),
    ``hand`` 1-based, ``scores`` the totals after it.

    >>> from doublesix import Match, Rules
    >>> match = Match(Rules.variant("block", target=0), seed=2)
    >>> scoresheet_json(match)  # the hand in play is not on it
    []
    >>> while match.turn is not None:
    ...     match.play(match.legal_moves()[0])
    >>> [row] = scoresheet_json(match)
    >>> row["hand"], row["winner"] == match.hand_result.winner, row["scores"] == match.scores
    (1, True, True)
    >>> row["ending"] == match.hand_result.ending.value, row["reached"]
    (True, False)
    """
    return [
        {"hand": row.number + 1, **_ended(row.winner, row.points, row.ending),
         "scores": list(row.totals)}
        for row in faces.scoresheet(match)
        if row.ending is not None
    ]


def _ended(winner: int | None, points: int, ending: Ending) -> dict[str, Any]:
    """How a hand ended, as ``result`` and the scoresheet's rows both write it: ``blocked`` and
    ``reached`` are ``ending`` as booleans, kept for older pages."""
    return {
        "winner": winner,
        "points": points,
        "blocked": ending is Ending.BLOCKED,
        "reached": ending is Ending.REACHED_TARGET,
        "ending": ending.value,
    }


def result_json(match: Match) -> dict[str, Any] | None:
    """``result``: how the hand ended, every hand laid open; None while it is in play."""
    outcome = faces.hand_outcome(match)
    if outcome is None:
        return None
    return {
        **_ended(outcome.winner, outcome.points, outcome.ending),
        "winners": list(match.hand_result.winners) if match.hand_result else [],
        "scored": list(outcome.scored),
        "hands": [[str(t) for t in hand] for hand in outcome.hands],
        "pips": list(outcome.pips),
    }


def picture(match: Match, info: GameInfo, me: int, with_view: bool = False) -> dict[str, Any]:
    """``S``: the whole picture for seat ``me``, and nothing that seat may not see.  In a
    table's waiting room nobody sees a tile: the hand, the moves and the turn are empty.
    ``with_view`` adds ``view``, the seat's :class:`~doublesix.view.View` as the engine's JSON
    (:meth:`View.to_json`; null in the waiting room), for a client that runs the engine's own
    words on it (``doublesix join``)."""
    view = match.view(me)
    waiting = info.waiting
    history = view.history
    hand_events = _current_hand(history)
    names = seat_names(info, me)
    placed = view.layout.placed()
    layout: dict[str, Any] = {
        arm: [] if waiting else [{"tile": str(p.tile), "outer": p.outer} for p in tiles]
        for arm, tiles in placed.items()
    }
    spinner = view.layout.spinner
    layout["spinner"] = f"{spinner}|{spinner}" if spinner >= 0 and not waiting else None
    if waiting:  # nothing of the deal is shown (not even the opening lay) until the start
        hand_events = ()
    over = match.is_over
    # Once the hand has ended every hand is laid open; after a resignation nothing is.
    result = result_json(match) if match.resigned is None else None
    legal = [] if over or waiting else [move_json(m) for m in view.legal_moves()]
    daily: dict[str, Any] | None = None
    if info.daily is not None:
        daily = {
            "date": info.daily,
            "first_attempt": info.first_attempt,
            "share": faces.share_text(match, info.daily, me),
        }
    picture_json: dict[str, Any] = {
        "game_id": info.game_id,
        "revision": info.revision,
        "me": me,
        "names": names,
        "kinds": list(info.kinds),
        "difficulties": [
            None if kind == HUMAN else PLAYERS[kind].difficulty for kind in info.kinds
        ],
        "rules": rules_json(view.rules),
        "hand_number": view.hand_number,
        "hand": [] if waiting else [str(t) for t in view.hand],
        "legal": legal,
        "choices": [] if over or waiting else choices_json(view),
        "layout": layout,
        "open_ends": {} if waiting else view.open_ends,
        "board_count": 0 if waiting else view.board_count,
        "count_scores": not waiting and view.rules.scoring == "fives"
        and fives_points(view.board_count) > 0,
        "scores": list(view.scores),
        "hand_sizes": list(view.hand_sizes),
        "boneyard_size": view.boneyard_size,
        "turn": None if over or waiting else view.turn,
        "played": [str(e.tile) for e in hand_events if e.kind == "lay"],
        "log": [describe(e, names) for e in hand_events],
        "result": result,
        "scoresheet": scoresheet_json(match),
        "over": over,
        "winner": match.winner,
        "winners": list(match.winners),
        "sides": [list(side) for side in faces.sides(view.rules)],
        "partner": view.rules.partner_of(me),
        "resigned": match.resigned,
        "daily": daily,
        "table": None if info.table is None else info.table.to_json(me, info.game_id, over),
    }
    if with_view:
        picture_json["view"] = None if waiting else view.to_json()
    return picture_json


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
    doublesix.web.protocol.ProtocolError: the JSON is nested too deeply (at most 16 levels)
    """
    if json_depth(text, max_depth) > max_depth:
        raise ProtocolError(f"the JSON is nested too deeply (at most {max_depth} levels)")
    try:
        return json.loads(text)
    except (ValueError, TypeError, RecursionError):
        raise ProtocolError("the message is not JSON") from None


def parse_message(
    text: str | bytes, max_message: int = MAX_MESSAGE, max_depth: int = MAX_DEPTH
) -> ClientMessage:
    """A browser's WebSocket message, or :class:`ProtocolError` saying what is wrong (longer
    than ``max_message`` bytes, nested deeper than ``max_depth``, not a message).

    >>> parse_message('{"type": "next"}')
    ClientMessage(kind='next', move=None, seat=None, player=None)
    >>> parse_message('{"type": "fly"}')
    Traceback (most recent call last):
    ...
    doublesix.web.protocol.ProtocolError: unknown message type 'fly'; send play, next, ...
    """
    size = len(text) if isinstance(text, bytes) else len(text.encode("utf-8", "surrogatepass"))
    if size > max_message:
        raise ProtocolError(f"the message is too long (at most {max_message} bytes)")
    data = parse_json(text, max_depth)
    if not isinstance(data, dict):
        raise ProtocolError('the message must be a JSON object like {"type": "play", ...}')
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in MESSAGE_TYPES:
        shown = kind if isinstance(kind, str) else None
        raise ProtocolError(
            f"unknown message type {shown!r}; send {', '.join(MESSAGE_TYPES[:-1])} or "
            f"{MESSAGE_TYPES[-1]}"
        )
    if kind == "seat":
        seat, player = data.get("seat"), data.get("player")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < 4:
            raise ProtocolError('a seat message names a seat, like {"type": "seat", "seat": 2, '
                                '"player": "expert"}')
        if not isinstance(player, str) or player not in PLAYERS:
            raise ProtocolError(f"unknown player {player!r}; choose from {', '.join(PLAYERS)}")
        return ClientMessage(kind, seat=seat, player=player)
    if kind != "play":
        return ClientMessage(kind)
    move = data.get("move")
    if not isinstance(move, str) or not move.strip():
        raise ProtocolError('a play needs a move, like {"type": "play", "move": "6|4 left"}')
    return ClientMessage(kind, move)


def _whole(body: Mapping[str, Any], name: str, default: int) -> int:
    value = body.get(name, default)
    if value is None:
        return default
    if not isinstance(value, int) or isinstance(value, bool):
        raise ProtocolError(f"{name} must be a whole number, not {value!r}")
    return value


def parse_new_game(body: object) -> NewGame:
    """A ``POST /api/games`` body, checked; :class:`ProtocolError` names what is wrong.

    >>> game = parse_new_game({"variant": "muggins", "players": 3,
    ...                        "opponents": ["expert", "greedy"], "seed": 4})
    >>> game.rules.spinner, game.rules.players, game.opponents, game.seed
    (True, 3, ('expert', 'greedy'), 4)
    >>> parse_new_game({"players": 5})
    Traceback (most recent call last):
    ...
    doublesix.web.protocol.ProtocolError: players must be 2 to 4, not 5
    """
    if body is None:
        body = {}
    if not isinstance(body, dict):
        raise ProtocolError("the body must be a JSON object")
    known = {"variant", "players", "target", "set", "opponents", "seed", "options", "name"}
    for key in body:
        if key not in known:
            raise ProtocolError(f"unknown field {key!r}; the fields are {', '.join(sorted(known))}")
    variant = body.get("variant")
    if variant is None:
        variant = "draw"
    if variant not in VARIANTS:
        raise ProtocolError(f"variant must be one of {', '.join(VARIANTS)}, not {variant!r}")
    players = _whole(body, "players", Rules.variant(variant).players)
    if not 2 <= players <= 4:
        raise ProtocolError(f"players must be 2 to 4, not {players}")
    target = _whole(body, "target", 100)
    if not 0 <= target <= MAX_TARGET:
        raise ProtocolError(f"target must be 0 (one hand) to {MAX_TARGET}, not {target}")
    tile_set = _whole(body, "set", 6)
    if tile_set not in (6, 9, 12):
        raise ProtocolError(f"set must be 6, 9 or 12, not {tile_set}")
    opponents = body.get("opponents")
    if opponents is None:
        opponents = ["pinocchio"] * (players - 1)
    if not isinstance(opponents, list) or not all(isinstance(o, str) for o in opponents):
        raise ProtocolError("opponents must be a list of player names")
    if len(opponents) != players - 1:
        raise ProtocolError(
            f"opponents must name {players - 1} player(s) for {players} players, "
            f"not {len(opponents)}"
        )
    for name in opponents:
        if name not in PLAYERS and name != PERSON:
            raise ProtocolError(
                f"unknown opponent {name!r}; choose from {', '.join(PLAYERS)}, or "
                f"{PERSON!r} for a seat a person takes by invitation"
            )
    host = body.get("name")
    host_name = None if host is None else parse_name(host)
    seed = body.get("seed")
    if seed is not None and (
        not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < SEED_LIMIT
    ):
        raise ProtocolError(f"seed must be null or a whole number from 0 to 2^63-1, not {seed!r}")
    options = body.get("options")
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise ProtocolError("options must be a JSON object of rule options")
    for key in options:
        if key not in EXTRA_OPTIONS:
            raise ProtocolError(
                f"unknown rule option {key!r}; the options are {', '.join(EXTRA_OPTIONS)}"
            )
    try:
        rules = Rules.variant(variant, players=players, target=target, set=tile_set, **options)
    except (ValueError, TypeError) as error:
        raise ProtocolError(str(error)) from None
    return NewGame(rules, tuple(opponents), seed, host_name)


def options_json() -> dict[str, Any]:
    """``GET /api/options``: what the new-game form offers: the presets (each with its
    ``rules``, every option's value) and, for "Custom rules", every rule option in words
    (:data:`RULE_OPTIONS`).

    >>> offered = options_json()
    >>> [v["preset_label"] for v in offered["variants"]][3]
    'Muggins (All Fives with a spinner)'
    >>> offered["variants"][3]["rules"]["spinner"], [o["name"] for o in offered["options"]][:3]
    (True, ['drawing', 'scoring', 'spinner'])
    """
    return {
        "variants": [
            {"name": name, "label": VARIANT_LABELS[name], "rules_html": RULES_HTML[name],
             "preset_label": PRESET_LABELS[name], "rules": rules_json(Rules.variant(name))}
            for name in VARIANTS
        ],
        "options": list(RULE_OPTIONS),
        "opponents": [
            {"name": p.name, "label": p.label, "difficulty": p.difficulty, "style": p.style}
            for p in PLAYERS.values()
            if p.name in FORM_OPPONENTS
        ],
        "sets": [6, 9, 12],
        "targets": [100, 50, 0],
    }


#: The opponents the new-game form offers (the API accepts every player).
FORM_OPPONENTS: Final = ("pinocchio", "buratino", "snow-white", "expert")

VARIANT_LABELS: Final = {
    "draw": "Draw",
    "block": "Block",
    "all-fives": "All Fives",
    "muggins": "Muggins",
    "partnership": "Partnership (two against two)",
}

_COMMON: Final = (
    "<p>Each player is dealt 7 tiles. Lay a tile whose number matches an open end; doubles lie "
    "crosswise. If a tile fits you must lay one.</p>"
)
_PIPS_END: Final = (
    "<p>The first to lay all their tiles wins the hand and scores the pips left in the other "
    "hands. A blocked hand (nobody can lay) goes to the lightest hand, which scores the others' "
    "pips minus its own; equal lightest hands score nothing.</p>"
)

#: The rules of each variant, as short HTML for the in-app rules panel.
RULES_HTML: Final = {
    "draw": (
        _COMMON
        + "<p>When nothing fits, draw from the boneyard until a tile fits; with the boneyard "
        "empty, pass. The highest double opens.</p>"
        + _PIPS_END
        + "<p>The first to 100 points wins the game.</p>"
    ),
    "block": (
        _COMMON
        + "<p>Nothing is drawn: when nothing fits, you pass. The highest double opens.</p>"
        + _PIPS_END
        + "<p>The first to 100 points wins the game.</p>"
    ),
    "all-fives": (
        _COMMON
        + "<p>When nothing fits, draw until a tile fits. After every play the open ends are "
        "added up (a double at an end counts both halves): a multiple of 5 scores that many "
        "points at once.</p><p>Going out scores the pips left in the other hands, rounded to "
        "the nearest 5. A blocked hand goes to the lightest hand. The winner of a hand leads "
        "the next with any tile. The first to 100 wins, even in the middle of a hand.</p>"
    ),
    "muggins": (
        _COMMON
        + "<p>When nothing fits, draw until a tile fits. The first double is the spinner: once "
        "both its sides carry a tile, its two arms open too, so there can be four open ends. "
        "After every play, an end total that is a multiple of 5 scores that many points.</p>"
        "<p>Going out scores the others' pips rounded down to a 5. A blocked hand goes to the "
        "lightest hand, minus its own pips; on a tie, to fewer tiles, then to the last to lay. "
        "The highest double opens. The first to 100 wins, even in the middle of a hand.</p>"
    ),
    "partnership": (
        "<p>Four players in two teams: partners sit opposite and keep one score. All 28 tiles "
        "are dealt, 7 each; nothing is drawn: when nothing fits, you pass. Partners never see "
        "each other's tiles.</p><p>6|6 opens the first hand; the winner of a hand leads the "
        "next with any tile. Going out wins the hand for your team, which scores the pips left "
        "in the three other hands, your partner's included. A blocked hand goes to the team "
        "with fewer pips in its two hands, which scores all four hands' pips; equal teams score "
        "nothing. The first team to 100 wins.</p>"
    ),
}


# -- the rule options in words, for the new-game form and the rules dialog (issue 18) ---------

#: The presets as the new-game form names them, so each rule book's game can be found by the
#: name it is given there (seed 000's spinner game is Muggins).
PRESET_LABELS: Final = {
    "draw": "Draw",
    "block": "Block",
    "all-fives": "All Fives",
    "muggins": "Muggins (All Fives with a spinner)",
    "partnership": "Partnership (two against two)",
}


def _choice(value: object, label: str, short: str, words: str) -> dict[str, Any]:
    return {"value": value, "label": label, "short": short, "words": words}


#: Every rule option a new game may set besides players, set and target, in words: ``label``
#: names the option; each choice has a ``label`` for the form, ``short`` words for a game's
#: heading (when it differs from the preset) and ``words``, a sentence for the rules dialog.
#: ``applies`` says under which other options it matters (the form hides it otherwise, and
#: the rules dialog leaves it out); ``hand_size`` is a number.
RULE_OPTIONS: Final[tuple[dict[str, Any], ...]] = (
    {"name": "drawing", "label": "When nothing fits", "choices": [
        _choice(True, "Draw from the boneyard until a tile fits", "drawing",
                "A player with no tile that fits draws from the boneyard until one fits; "
                "with the boneyard empty, the player passes."),
        _choice(False, "Pass: nothing is drawn", "no drawing",
                "Nothing is drawn: a player with no tile that fits passes."),
    ]},
    {"name": "scoring", "label": "Scoring", "choices": [
        _choice("pips", "Pips: only a hand's end scores", "scoring pips",
                "Only a hand's end scores: the winner scores the pips left in the other "
                "hands."),
        _choice("fives", "Fives: open ends adding up to a multiple of 5 score at once",
                "scoring by fives",
                "After every play the open ends are added up (a double at an end counts both "
                "halves); a multiple of 5 scores that many points at once. The first to the "
                "target wins, even in the middle of a hand."),
    ]},
    {"name": "spinner", "label": "Spinner", "choices": [
        _choice(False, "No spinner: the line has two ends", "no spinner",
                "The line has two open ends; doubles lie crosswise."),
        _choice(True, "The first double is a spinner: up to four open ends", "with a spinner",
                "The first double laid is the spinner: besides its two sides it has two arms, "
                "so the layout can have four open ends."),
    ]},
    {"name": "spinner_arms", "label": "The spinner's arms open", "applies": {"spinner": True},
     "choices": [
        _choice("after-sides", "Once both its sides carry a tile", "arms open after its sides",
                "The spinner's arms open once both its sides carry a tile."),
        _choice("immediate", "As soon as it is laid", "arms open at once",
                "The spinner's four ends open as soon as it is laid."),
    ]},
    {"name": "rounding", "label": "Points at a hand's end (fives scoring)",
     "applies": {"scoring": "fives"}, "choices": [
        _choice("nearest", "Rounded to the nearest 5", "rounding to the nearest 5",
                "Points at a hand's end are rounded to the nearest 5 (1 and 2 down, 3 and 4 "
                "up)."),
        _choice("down", "Rounded down to a 5", "rounding down",
                "Points at a hand's end are rounded down to a 5."),
    ]},
    {"name": "blocked_minus_own", "label": "A blocked hand's winner", "choices": [
        _choice(True, "Scores the others' pips minus its own", "blocked: minus own pips",
                "A blocked hand goes to the lightest hand, which scores the others' pips minus "
                "its own."),
        _choice(False, "Scores the others' pips, keeping its own", "blocked: own pips kept",
                "A blocked hand goes to the lightest hand, which scores the others' pips "
                "without taking its own off."),
    ]},
    {"name": "blocked_tie", "label": "Equal lightest hands when blocked", "choices": [
        _choice("draw", "The hand is drawn", "blocked ties drawn",
                "When the lightest hands of a blocked hand are equal, the hand is drawn and "
                "nobody scores."),
        _choice("fewer-tiles", "Fewer tiles wins, then the last to lay", "blocked ties: fewer "
                "tiles", "When the lightest hands of a blocked hand are equal, the one with "
                "fewer tiles wins, and if still equal the one who laid a tile last."),
    ]},
    {"name": "lead", "label": "Who opens a hand", "choices": [
        _choice("highest-double", "The highest double, laid by itself",
                "highest double opens",
                "Every hand opens with the highest double dealt, laid by itself (with no "
                "double dealt, the highest tile)."),
        _choice("winner", "The last hand's winner, with any tile", "winner leads",
                "The first hand opens with the highest double; after it, the winner of the "
                "last hand leads with any tile."),
    ]},
    {"name": "hand_size", "label": "Tiles dealt to each player", "number": True, "min": 1,
     "max": 45, "choices": []},
    {"name": "teams", "label": "Partners", "applies": {"players": 4}, "choices": [
        _choice(False, "Everyone plays for themselves", "no partners",
                "Everyone plays for themselves."),
        _choice(True, "Two teams: partners sit opposite and keep one score", "partners",
                "Two teams of two: partners sit opposite each other (you and the player "
                "across the table) and keep one score; a partner never sees the other's "
                "tiles."),
    ]},
    {"name": "team_points", "label": "A team that wins a hand scores", "applies": {"teams": True},
     "choices": [
        _choice("all", "The pips in all three other hands", "team scores all hands",
                "A team that wins a hand scores the pips in all three other hands, the "
                "partner's included."),
        _choice("opponents", "The pips in the opponents' hands", "team scores opponents",
                "A team that wins a hand scores the pips in the two opponents' hands."),
    ]},
)


def rule_options_cover(options: Sequence[str] = EXTRA_OPTIONS) -> bool:
    """Whether :data:`RULE_OPTIONS` offers every rule option a new game may set, each choice
    a value the rules accept (the form can then set up any game ``Rules.variant`` allows).

    >>> rule_options_cover()
    True
    """
    offered = {o["name"]: o for o in RULE_OPTIONS}
    if sorted(offered) != sorted(options):
        return False
    for name, option in offered.items():
        for choice in option["choices"]:
            try:
                Rules.variant("draw", players=4, **{name: choice["value"]})
            except ValueError:
                return False
    return True
