"""What quick match says: waiting, found, filled by computers, left, and its refusals.

>>> waiting(0, 1500, 100)  # doctest: +ELLIPSIS
'Looking for a game: nobody else is waiting for this one yet. Your rating is 1,500: ...'
>>> found(None, 0)
'Found a game: it starts now.'
>>> found("Pinocchio (level 3, Casual)", 2)  # doctest: +ELLIPSIS
'Nobody else came in time: Pinocchio (level 3, Casual) plays the 2 empty seats. ...'

"""

from __future__ import annotations

from typing import Final

LEFT: Final = "You left the queue."
NO_TICKET: Final = "There is no such place in the queue: it was left, or it is another's."
BODY: Final = ('the body must be {"variant": "draw", "players": 2, "rated": true} (the '
               'partnership game: "partnership" and 4 players)')
PLAYERS: Final = "Quick match has games of 2 or 4 players (the partnership game: 4)."


def waiting(others: int, rating: int, within: int) -> str:
    """While a person waits."""
    if others == 0:
        who = "nobody else is waiting for this one yet"
    elif others == 1:
        who = "1 other person is waiting for this one"
    else:
        who = f"{others} other people are waiting for this one"
    return (f"Looking for a game: {who}. Your rating is {rating:,}: people within {within:,} "
            "of it are matched, more widely the longer you wait.")


def found(computer: str | None, seats: int) -> str:
    """Seated: with people only, or with a computer player (``computer``, named with its
    level) in ``seats`` empty seats."""
    if computer is None:
        return "Found a game: it starts now."
    if seats == 1:
        return (f"Nobody else came in time: {computer} takes the empty seat. The game starts "
                "now.")
    return (f"Nobody else came in time: {computer} plays the {seats} empty seats. The game "
            "starts now.")
