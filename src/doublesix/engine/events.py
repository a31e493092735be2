"""The events of a match, as its history records them, and how to say them in words.

>>> from doublesix.engine.tiles import Tile
>>> describe(Event("lay", seat=1, tile=Tile(6, 4), end="right", points=10))
'Seat 2 laid 6|4 on the right end, scoring 10.'
>>> describe(Event("draw", seat=0, number=3), names=["You", "Snow White"])
'You drew 3 tiles.'
>>> describe(Event("end", seat=1, points=12, blocked=True), names=["You", "Snow White"])
'The hand is blocked. Snow White won it with the lightest hand, scoring 12.'
>>> describe(Event("resign", seat=0), names=["You", "Snow White"])
'You resigned: the game is over.'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, NamedTuple

from doublesix.engine.tiles import Tile

#: Event kinds: a hand dealt, a tile laid, tiles drawn, a pass, a hand's end, the match's end,
#: a resignation (which ends the match).
KINDS: Final = ("hand", "lay", "draw", "pass", "end", "over", "resign")


class Event(NamedTuple):
    """One thing that happened.

    - ``hand``: hand number ``number`` (0 for the first) was dealt.
    - ``lay``: ``seat`` laid ``tile`` on ``end`` (None: it opened), scoring ``points``.
    - ``draw``: ``seat`` drew ``number`` tiles (``tile`` is the tile drawn, in the referee's
      history only; a seat's view merges a run of draws and never names them).
    - ``pass``: ``seat`` passed.
    - ``end``: the hand ended; ``seat`` won it (None: drawn) scoring ``points``; ``blocked``.
    - ``over``: the match ended; ``seat`` won it (None: drawn).
    - ``resign``: ``seat`` gave the game up, which ends the match (no ``over`` follows).
    """

    kind: str
    seat: int | None = None
    tile: Tile | None = None
    end: str | None = None
    points: int = 0
    number: int = 1
    blocked: bool = False


def public(events: Sequence[Event], seat: int | None = None) -> tuple[Event, ...]:
    """The events as every seat may see them: drawn tiles hidden, a run of draws as one event.
    With ``seat``, that seat's own draws stay as they are (it saw what it drew).

    >>> from doublesix.engine.tiles import Tile
    >>> public([Event("draw", 0, Tile(1, 0)), Event("draw", 0, Tile(2, 0))])
    (Event(kind='draw', seat=0, tile=None, end=None, points=0, number=2, blocked=False),)
    >>> [(e.seat, e.tile, e.number) for e in public([Event("draw", 1, Tile(2, 1)),
    ...     Event("draw", 1, Tile(3, 0)), Event("draw", 0, Tile(4, 4))], seat=0)]
    [(1, None, 2), (0, Tile(4, 4), 1)]
    """
    shown: list[Event] = []
    for event in events:
        if event.kind == "draw" and event.seat != seat:
            last = shown[-1] if shown else None
            if last is not None and last.kind == "draw" and last.seat == event.seat:
                shown[-1] = last._replace(number=last.number + event.number)
            else:
                shown.append(event._replace(tile=None))
        else:
            shown.append(event)
    return tuple(shown)


def hand_start(events: Sequence[Event]) -> int:
    """Where the hand in play begins in ``events``: the index of its ``hand`` event, or -1
    when there is none.  ``events[hand_start(events) + 1:]`` is what happened in it.

    >>> hand_start([Event("hand", number=0), Event("pass", 0), Event("hand", number=1)])
    2
    """
    for i in range(len(events) - 1, -1, -1):
        if events[i].kind == "hand":
            return i
    return -1


def seat_name(seat: int | None, names: Sequence[str] | None) -> str:
    """A seat as words: its name if given, else ``Seat 1`` for seat 0."""
    if seat is None:
        return "Nobody"
    if names is not None and 0 <= seat < len(names):
        return names[seat]
    return f"Seat {seat + 1}"


def describe(event: Event, names: Sequence[str] | None = None) -> str:
    """One sentence saying what happened, for screen readers, logs and the terminal game."""
    who = seat_name(event.seat, names)
    if event.kind == "hand":
        return f"Hand {event.number + 1} is dealt."
    if event.kind == "lay":
        where = "to open" if event.end is None else f"on the {event.end} end"
        if event.end in ("up", "down"):
            where = f"on the {event.end} arm"
        scoring = f", scoring {event.points}" if event.points else ""
        return f"{who} laid {event.tile} {where}{scoring}."
    if event.kind == "draw":
        if event.tile is not None:
            return f"{who} drew {event.tile}."
        tiles = "a tile" if event.number == 1 else f"{event.number} tiles"
        return f"{who} drew {tiles}."
    if event.kind == "pass":
        return f"{who} passed."
    if event.kind == "end":
        how = "The hand is blocked." if event.blocked else "The hand is over."
        if event.seat is None:
            return f"{how} It is a draw: nobody scores."
        lightest = " with the lightest hand" if event.blocked else ""
        scoring = f", scoring {event.points}" if event.points else ""
        return f"{how} {who} won it{lightest}{scoring}."
    if event.kind == "resign":
        return f"{who} resigned: the game is over."
    if event.kind == "over":
        if event.seat is None:
            return "The game is over. It is a draw."
        return f"The game is over. {who} won."
    raise ValueError(f"unknown event kind {event.kind!r}")
