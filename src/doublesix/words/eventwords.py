"""What happened, in one sentence an event: for screen readers, logs and the terminal game.

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

from doublesix.engine.events import Event


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
