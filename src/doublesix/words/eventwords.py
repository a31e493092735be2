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

A sentence whose subject is the person is its own message ("You drew 3 tiles."), since other
languages conjugate the verb for it: :func:`by`.
"""

from __future__ import annotations

from collections.abc import Sequence

from doublesix.engine.events import Event
from doublesix.words.i18n import _, ngettext, pgettext
from doublesix.words.names import is_you


def by(who: str, you: str, other: str, /, **values: object) -> str:
    """The sentence ``you`` when ``who`` is the person, else ``other`` with ``{name}`` set to
    ``who``; both formatted with ``values``.

    >>> by("Bea", "You drew {tile}.", "{name} drew {tile}.", tile="6|4")
    'Bea drew 6|4.'
    """
    return (you if is_you(who) else other).format(name=who, **values)


def seat_name(seat: int | None, names: Sequence[str] | None) -> str:
    """A seat as words: its name if given, else ``Seat 1`` for seat 0."""
    if seat is None:
        return _("Nobody")
    if names is not None and 0 <= seat < len(names):
        return names[seat]
    return _("Seat {number}").format(number=seat + 1)


def end_words(end: str) -> str:
    """An end's own word ("left", "up"), as a sentence says it.

    >>> end_words("left")
    'left'
    """
    words = {"left": pgettext("end", "left"), "right": pgettext("end", "right"),
             "up": pgettext("end", "up"), "down": pgettext("end", "down")}
    return words.get(end, end)


def _lay(event: Event, who: str) -> str:
    """A lay in words."""
    tile, points = str(event.tile), event.points
    if event.end is None:
        if points:
            return by(who, _("You laid {tile} to open, scoring {points}."),
                      _("{name} laid {tile} to open, scoring {points}."),
                      tile=tile, points=points)
        return by(who, _("You laid {tile} to open."), _("{name} laid {tile} to open."),
                  tile=tile)
    end = end_words(event.end)
    if event.end in ("up", "down"):
        if points:
            return by(who, _("You laid {tile} on the {end} arm, scoring {points}."),
                      _("{name} laid {tile} on the {end} arm, scoring {points}."),
                      tile=tile, end=end, points=points)
        return by(who, _("You laid {tile} on the {end} arm."),
                  _("{name} laid {tile} on the {end} arm."), tile=tile, end=end)
    if points:
        return by(who, _("You laid {tile} on the {end} end, scoring {points}."),
                  _("{name} laid {tile} on the {end} end, scoring {points}."),
                  tile=tile, end=end, points=points)
    return by(who, _("You laid {tile} on the {end} end."),
              _("{name} laid {tile} on the {end} end."), tile=tile, end=end)


def _end(event: Event, who: str) -> str:
    """A hand's end in words."""
    if event.seat is None:
        return (_("The hand is blocked. It is a draw: nobody scores.") if event.blocked
                else _("The hand is over. It is a draw: nobody scores."))
    points = event.points
    if event.blocked:
        if points:
            return by(who, _("The hand is blocked. You won it with the lightest hand, "
                             "scoring {points}."),
                      _("The hand is blocked. {name} won it with the lightest hand, "
                        "scoring {points}."), points=points)
        return by(who, _("The hand is blocked. You won it with the lightest hand."),
                  _("The hand is blocked. {name} won it with the lightest hand."))
    if points:
        return by(who, _("The hand is over. You won it, scoring {points}."),
                  _("The hand is over. {name} won it, scoring {points}."), points=points)
    return by(who, _("The hand is over. You won it."), _("The hand is over. {name} won it."))


def describe(event: Event, names: Sequence[str] | None = None) -> str:
    """One sentence saying what happened, for screen readers, logs and the terminal game."""
    who = seat_name(event.seat, names)
    if event.kind == "hand":
        return _("Hand {number} is dealt.").format(number=event.number + 1)
    if event.kind == "lay":
        return _lay(event, who)
    if event.kind == "draw":
        if event.tile is not None:
            return by(who, _("You drew {tile}."), _("{name} drew {tile}."), tile=str(event.tile))
        return by(who, ngettext("You drew a tile.", "You drew {count} tiles.", event.number),
                  ngettext("{name} drew a tile.", "{name} drew {count} tiles.", event.number),
                  count=event.number)
    if event.kind == "pass":
        return by(who, _("You passed."), _("{name} passed."))
    if event.kind == "end":
        return _end(event, who)
    if event.kind == "resign":
        return by(who, _("You resigned: the game is over."),
                  _("{name} resigned: the game is over."))
    if event.kind == "over":
        if event.seat is None:
            return _("The game is over. It is a draw.")
        return by(who, _("The game is over. You won."), _("The game is over. {name} won."))
    raise ValueError(f"unknown event kind {event.kind!r}")
