"""What one seat may know, and what the others' passes and draws reveal.

A :class:`View` holds exactly what a person in that seat could know, so two deals the seat
cannot tell apart give equal views.  Computer players are given views, never the match.

>>> from doublesix import Match, Rules
>>> match = Match(Rules.variant("draw"), seed=5)
>>> view = match.view(1)
>>> view.seat, view.hand_sizes, view.boneyard_size, len(view.unseen)
(1, (6, 7), 14, 20)

A view travels as JSON (:meth:`View.to_json`, :meth:`View.from_json`), so a face that is not
beside the referee (the terminal at a web table) asks and tells from the same value:

>>> View.from_json(view.to_json()) == view
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from doublesix.engine.events import KINDS, Event
from doublesix.engine.layout import END_NAMES, Layout
from doublesix.engine.moves import Move, legal_moves_for
from doublesix.engine.outcome import Ending, HandResult
from doublesix.engine.rules import Rules, set_name
from doublesix.engine.tiles import TILES, Mask, Tile, full_set, indices

_NOTHING: Final[frozenset[int]] = frozenset()


@dataclass(frozen=True, kw_only=True)
class TableView:
    """What everyone at the table may know, a watcher as much as a seat: the tiles laid, the
    scores, how many tiles each hand and the boneyard hold, whose turn it is and the public
    record.  It holds no tile of any hand: a watcher is given this, never a :class:`View`
    (a hand is laid open only by the hand's result, once the hand has ended).

    >>> from doublesix import Match, Rules
    >>> table = Match(Rules.variant("draw"), seed=5).table_view()
    >>> table.hand_sizes, table.boneyard_size, table.open_ends, hasattr(table, "hand")
    ((6, 7), 14, {'left': 6, 'right': 6}, False)
    """

    rules: Rules
    #: The table (public): open ends, board count, the tiles as they lie.
    layout: Layout
    scores: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    boneyard_size: int
    #: The seat to move, or None when the hand or match is over.
    turn: int | None
    #: The public events of the match so far (draws merged and never naming tiles).
    history: tuple[Event, ...]
    #: Which hand of the match this is (0 for the first).
    hand_number: int = 0
    hand_result: HandResult | None = None
    is_over: bool = False
    #: Per seat, how many tiles were on the table when it last laid one (0: never); public.
    last_lay: tuple[int, ...] = ()

    @property
    def open_ends(self) -> dict[str, int]:
        """The ends a tile may be laid on now, by name."""
        return self.layout.open_ends

    @property
    def board_count(self) -> int:
        """The sum of the open ends (what All Fives scores when it is a multiple of 5)."""
        return self.layout.count


@dataclass(frozen=True, kw_only=True)
class View(TableView):
    """One seat's knowledge: the table's (:class:`TableView`), the seat's own hand, and what
    the others' passes and draws reveal.  ``scores``, ``hand_sizes`` and ``lacks`` are indexed
    by seat."""

    seat: int
    #: The seat's own tiles, highest first.
    hand: tuple[Tile, ...]
    #: For each seat, the numbers it is known not to hold now.
    lacks: tuple[frozenset[int], ...]
    #: Whether the hand's opening tile was laid by the rules (the highest double dealt),
    #: rather than chosen by its leader: then no hand was dealt a tile that outranks it.
    opening_forced: bool = False

    @property
    def hand_mask(self) -> Mask:
        """The seat's tiles as a mask."""
        mask = 0
        for tile in self.hand:
            mask |= tile.bit
        return mask

    @property
    def unseen_mask(self) -> Mask:
        """The tiles this seat cannot see (other hands and boneyard) as a mask."""
        return full_set(self.rules.set) & ~self.hand_mask & ~self.layout.played

    @property
    def unseen(self) -> frozenset[Tile]:
        """The tiles this seat cannot see: the other hands and the boneyard together."""
        return frozenset(TILES[i] for i in indices(self.unseen_mask))

    @property
    def can_draw(self) -> bool:
        """Whether a seat with nothing to lay would draw now."""
        return self.rules.drawing and self.boneyard_size > 0

    def legal_moves(self) -> list[Move]:
        """This seat's legal moves; an empty list when it is not its turn."""
        if self.turn != self.seat:
            return []
        return list(
            legal_moves_for(self.hand_mask, self.layout, self.can_draw, -1, self.is_over)
        )

    # -- as JSON --------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """This view as a JSON object (a dict of plain values), which :meth:`from_json` reads
        back into an equal view.  Tiles are written ``"6|4"``, an event as an object without
        the fields that have their default values.  The layout is not written: it is the lays
        of the hand in play, which ``history`` holds in order (a view whose layout is not the
        one its history lays, which no match makes, raises ValueError).

        >>> from doublesix import Match, Rules
        >>> match = Match(Rules.variant("all-fives"), seed=11)
        >>> match.play("6|5 left")
        >>> data = match.view(1).to_json()
        >>> data["seat"], data["hand"][:3], data["turn"]
        (1, ['6|4', '5|2', '4|2'], 1)
        >>> data["history"][:2]
        [{'kind': 'hand', 'number': 0}, {'kind': 'lay', 'seat': 1, 'tile': '5|5', 'points': 10}]
        """
        if _layout(self.history, self.rules) != self.layout:
            raise ValueError("this view's layout is not the one its history lays")
        result = self.hand_result
        return {
            "seat": self.seat,
            "rules": {"variant": self.rules.name, **self.rules.options()},
            "hand": [str(tile) for tile in self.hand],
            "scores": list(self.scores),
            "hand_sizes": list(self.hand_sizes),
            "boneyard_size": self.boneyard_size,
            "turn": self.turn,
            "history": [_event_json(event) for event in self.history],
            "lacks": [sorted(numbers) for numbers in self.lacks],
            "hand_number": self.hand_number,
            "hand_result": None if result is None else {
                "winner": result.winner,
                "points": result.points,
                "blocked": result.blocked,
                "ending": result.ending.value,
                "winners": list(result.winners),
            },
            "is_over": self.is_over,
            "last_lay": list(self.last_lay),
            "opening_forced": self.opening_forced,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> View:
        """The view :meth:`to_json` wrote.  Malformed data raises ValueError saying which part
        is wrong and why.

        >>> View.from_json({"seat": 0})
        Traceback (most recent call last):
        ...
        ValueError: not a view: rules is missing
        >>> from doublesix import Match, Rules
        >>> data = Match(Rules.variant("draw"), seed=5).view(0).to_json()
        >>> View.from_json({**data, "hand": ["6|4", "9|9"]})
        Traceback (most recent call last):
        ...
        ValueError: not a view: hand[1]: there is no 9|9 in the double-six set
        """
        try:
            return _view_from_json(data)
        except _Malformed as error:
            raise ValueError(f"not a view: {error}") from None


def derive_lacks(
    players: int, steps: Iterable[tuple[int, str, frozenset[int]]]
) -> tuple[frozenset[int], ...]:
    """What each seat is known not to hold, from the public record of the current hand.

    ``steps`` are ``(seat, kind, numbers open before the move)`` for each lay, draw and pass.
    A seat that passes or draws held nothing fitting; a drawn tile is unknown until the seat
    shows what it does next: laying it (so the rest of the hand is as before the draw), drawing
    again or passing (so the drawn tile did not fit either).

    >>> ends = frozenset({6, 3})
    >>> derive_lacks(2, [(1, "pass", ends)])
    (frozenset(), frozenset({3, 6}))
    >>> derive_lacks(2, [(1, "draw", ends)])  # the drawn tile may hold anything
    (frozenset(), frozenset())
    >>> derive_lacks(2, [(1, "draw", ends), (1, "lay", ends)])
    (frozenset(), frozenset({3, 6}))
    """
    lacks = [_NOTHING] * players
    # While a seat is drawing: what the hand lacks apart from the newest, unknown tile.
    rest: list[frozenset[int] | None] = [None] * players
    for seat, kind, numbers in steps:
        before = rest[seat]
        if kind == "draw":
            rest[seat] = lacks[seat] | numbers if before is None else before & numbers
            lacks[seat] = _NOTHING
        elif kind == "lay":
            if before is not None:
                lacks[seat] = before
                rest[seat] = None
        elif kind == "pass":
            lacks[seat] = (lacks[seat] if before is None else before & numbers) | numbers
            rest[seat] = None
        else:
            raise ValueError(f"unknown step kind {kind!r}")
    return tuple(lacks)


# -- views as JSON ------------------------------------------------------------------------------

#: The fields an event may carry besides ``kind``, with their defaults (left out when equal).
_EVENT_DEFAULTS: Final = Event("hand")._asdict()


class _Malformed(ValueError):
    """Part of a view's JSON is wrong: the message names the part."""


def _event_json(event: Event) -> dict[str, Any]:
    data: dict[str, Any] = {"kind": event.kind}
    for name, value in event._asdict().items():
        if name != "kind" and value != _EVENT_DEFAULTS[name]:
            data[name] = str(value) if isinstance(value, Tile) else value
    return data


def _get(data: Mapping[str, Any], name: str, where: str = "") -> Any:
    if name not in data:
        raise _Malformed(f"{where}{name} is missing")
    return data[name]


def _whole(value: object, name: str, low: int = 0, high: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise _Malformed(f"{name} must be a whole number, not {value!r}")
    if value < low or (high is not None and value > high):
        upper = "" if high is None else f" to {high}"
        raise _Malformed(f"{name} must be {low}{upper}{'' if high is not None else ' or more'}, "
                         f"not {value}")
    return value


def _boolean(value: object, name: str) -> bool:
    if not isinstance(value, bool):
        raise _Malformed(f"{name} must be true or false, not {value!r}")
    return value


def _list(value: object, name: str, length: int | None = None) -> list[Any]:
    if not isinstance(value, list):
        raise _Malformed(f"{name} must be a list, not {type(value).__name__}")
    if length is not None and len(value) != length:
        raise _Malformed(f"{name} must have {length} entries (one a seat), not {len(value)}")
    return value


def _seat(value: object, name: str, players: int, none: bool = False) -> int | None:
    if value is None and none:
        return None
    return _whole(value, name, 0, players - 1)


def _tile(value: object, name: str, top: int) -> Tile:
    if not isinstance(value, str):
        raise _Malformed(f"{name} must be a tile written like \"6|4\", not {value!r}")
    try:
        tile = Tile.parse(value)
    except ValueError as error:
        raise _Malformed(f"{name}: {error}") from None
    if tile.high > top:
        raise _Malformed(f"{name}: there is no {tile} in the {set_name(top)} set")
    return tile


def _rules(value: object) -> Rules:
    if not isinstance(value, dict):
        raise _Malformed("rules must be an object")
    options = dict(value)
    variant = options.pop("variant", "draw")
    if not isinstance(variant, str):
        raise _Malformed(f"rules: variant must be a name, not {variant!r}")
    try:
        return Rules.variant(variant, **options)
    except (TypeError, ValueError) as error:
        raise _Malformed(f"rules: {error}") from None


def _layout(history: Sequence[Event], rules: Rules) -> Layout:
    """The layout that the lays of the hand in play (after the last ``hand`` event) build."""
    start = 0
    for k, event in enumerate(history):
        if event.kind == "hand":
            start = k + 1
    layout = Layout.empty(rules.spinner_arms if rules.spinner else None)
    for k in range(start, len(history)):
        event = history[k]
        if event.kind != "lay":
            continue
        if event.tile is None:
            raise _Malformed(f"history[{k}]: a lay needs its tile")
        try:
            layout = layout.lay(event.tile, event.end)
        except ValueError as error:
            raise _Malformed(f"history[{k}] lays {event.tile} where it cannot go: {error}") \
                from None
    return layout


def _event(value: object, name: str, rules: Rules) -> Event:
    if not isinstance(value, dict):
        raise _Malformed(f"{name} must be an object")
    unknown = sorted(set(value) - set(_EVENT_DEFAULTS))
    if unknown:
        raise _Malformed(f"{name}: unknown field {unknown[0]!r}")
    kind = _get(value, "kind", f"{name}: ")
    if kind not in KINDS:
        raise _Malformed(f"{name}: kind must be one of {', '.join(KINDS)}, not {kind!r}")
    seat = _seat(value.get("seat"), f"{name}: seat", rules.players, none=True)
    tile_value = value.get("tile")
    tile = None if tile_value is None else _tile(tile_value, f"{name}: tile", rules.set)
    end = value.get("end")
    if end is not None and end not in END_NAMES:
        raise _Malformed(f"{name}: end must be null or one of {', '.join(END_NAMES)}, "
                         f"not {end!r}")
    points = value.get("points", 0)
    if not isinstance(points, int) or isinstance(points, bool):
        raise _Malformed(f"{name}: points must be a whole number, not {points!r}")
    number = _whole(value.get("number", 1), f"{name}: number")
    blocked = _boolean(value.get("blocked", False), f"{name}: blocked")
    return Event(kind, seat, tile, end, points, number, blocked)


def _numbers(value: object, name: str, top: int) -> frozenset[int]:
    return frozenset(
        _whole(n, f"{name}[{k}]", 0, top) for k, n in enumerate(_list(value, name))
    )


def _hand_result(value: object, players: int) -> HandResult | None:
    if value is None:
        return None
    if not isinstance(value, dict):
        raise _Malformed("hand_result must be null or an object")
    where = "hand_result: "
    winner = _seat(_get(value, "winner", where), f"{where}winner", players, none=True)
    points = _whole(_get(value, "points", where), f"{where}points")
    blocked = _boolean(_get(value, "blocked", where), f"{where}blocked")
    ending_text = _get(value, "ending", where)
    try:
        ending = Ending(ending_text)
    except ValueError:
        choices = ", ".join(e.value for e in Ending)
        raise _Malformed(f"{where}ending must be one of {choices}, not {ending_text!r}") from None
    winners = tuple(
        _whole(seat, f"{where}winners[{k}]", 0, players - 1)
        for k, seat in enumerate(_list(_get(value, "winners", where), f"{where}winners"))
    )
    return HandResult(winner, points, blocked, ending, winners)


def _view_from_json(data: Mapping[str, Any]) -> View:
    if not isinstance(data, Mapping):
        raise _Malformed(f"expected a JSON object, not {type(data).__name__}")
    rules = _rules(_get(data, "rules"))
    players = rules.players
    top = rules.set
    seat = _seat(_get(data, "seat"), "seat", players)
    assert seat is not None
    hand = tuple(
        _tile(tile, f"hand[{k}]", top) for k, tile in enumerate(_list(_get(data, "hand"), "hand"))
    )
    if len(set(hand)) != len(hand):
        raise _Malformed("hand holds a tile twice")
    history = tuple(
        _event(event, f"history[{k}]", rules)
        for k, event in enumerate(_list(_get(data, "history"), "history"))
    )
    layout = _layout(history, rules)
    on_table = [tile for tile in hand if layout.played & tile.bit]
    if on_table:
        raise _Malformed(f"hand holds {on_table[0]}, which is on the table")
    scores = tuple(
        _whole(n, f"scores[{k}]")
        for k, n in enumerate(_list(_get(data, "scores"), "scores", players))
    )
    hand_sizes = tuple(
        _whole(n, f"hand_sizes[{k}]", 0, rules.tile_count)
        for k, n in enumerate(_list(_get(data, "hand_sizes"), "hand_sizes", players))
    )
    if hand_sizes[seat] != len(hand):
        raise _Malformed(f"hand_sizes[{seat}] is {hand_sizes[seat]}, but the hand holds "
                         f"{len(hand)} tiles")
    boneyard_size = _whole(_get(data, "boneyard_size"), "boneyard_size", 0, rules.tile_count)
    turn = _seat(_get(data, "turn"), "turn", players, none=True)
    lacks = tuple(
        _numbers(numbers, f"lacks[{k}]", top)
        for k, numbers in enumerate(_list(_get(data, "lacks"), "lacks", players))
    )
    hand_number = _whole(_get(data, "hand_number"), "hand_number")
    hand_result = _hand_result(_get(data, "hand_result"), players)
    is_over = _boolean(_get(data, "is_over"), "is_over")
    last_lay_list = _list(_get(data, "last_lay"), "last_lay")
    if last_lay_list and len(last_lay_list) != players:
        raise _Malformed(f"last_lay must be empty or have {players} entries (one a seat), not "
                         f"{len(last_lay_list)}")
    last_lay = tuple(
        _whole(n, f"last_lay[{k}]", 0, rules.tile_count) for k, n in enumerate(last_lay_list)
    )
    opening_forced = _boolean(_get(data, "opening_forced"), "opening_forced")
    return View(
        seat=seat,
        rules=rules,
        hand=hand,
        layout=layout,
        scores=scores,
        hand_sizes=hand_sizes,
        boneyard_size=boneyard_size,
        turn=turn,
        history=history,
        lacks=lacks,
        hand_number=hand_number,
        hand_result=hand_result,
        is_over=is_over,
        last_lay=last_lay,
        opening_forced=opening_forced,
    )
