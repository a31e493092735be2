"""The events of a match, as its history records them (their words are
:mod:`doublesix.words.eventwords`).

>>> Event("draw", seat=0, number=3).number
3
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
