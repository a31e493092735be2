"""What the lobby says: its tables, their seats, how long ago each was opened, rated or casual.

>>> table_title("Ana", "Draw, one hand, double-six", 2)
"Ana's table: Draw, one hand, double-six, 2 players"
>>> opened_ago(0), opened_ago(1), opened_ago(14)
('Opened just now.', 'Opened a minute ago.', 'Opened 14 minutes ago.')
>>> seat_line("Ana", 1512, host=True), seat_line(None, None, host=False)
('Ana, rated 1,512, the host', 'a free seat')
"""

from __future__ import annotations

from typing import Final

#: A public table needs a seat a person may take.
PUBLIC_NEEDS_A_PERSON: Final = ("A table in the lobby needs at least one seat for a person "
                                "(A person (invite)).")
RATED: Final = "Rated: the games move the players' ratings."
CASUAL: Final = "Casual: the games move no rating."
NO_TABLES: Final = "No table is open now. Open one, and it shows here for others to join."
SIT: Final = "Sit here"


def too_many_tables(which: str, bound: int) -> str:
    """A public table refused: you (``which`` "browser") or your address ("address") have
    ``bound`` tables open in the lobby already.

    >>> too_many_tables("browser", 3)  # doctest: +ELLIPSIS
    'You have 3 tables open in the lobby already: start one of them, ...'
    """
    if which == "browser":
        return (f"You have {bound:,} tables open in the lobby already: start one of them, or "
                "wait until people take their seats, before you open another.")
    return (f"Your address has {bound:,} tables open in the lobby already: wait until people "
            "take their seats before you open another.")


def table_title(host: str, caption: str, players: int) -> str:
    """A lobby table's heading: whose it is and what game."""
    return f"{host}'s table: {caption}, {players} players"


def opened_ago(minutes: int) -> str:
    """How long ago a table was opened."""
    if minutes < 1:
        return "Opened just now."
    if minutes == 1:
        return "Opened a minute ago."
    if minutes < 120:
        return f"Opened {minutes} minutes ago."
    return f"Opened {minutes // 60} hours ago."


def seat_line(name: str | None, rating: int | None, *, host: bool,
              computer: bool = False) -> str:
    """One seat of a lobby table: who sits there (with a person's rating), or that it is free."""
    if name is None:
        return "a free seat"
    if computer:
        return f"{name}, a computer player"
    said = name if rating is None else f"{name}, rated {rating:,}"
    return f"{said}, the host" if host else said


# -- the terminal (doublesix lobby) ----------------------------------------------------------

ASK_TABLE: Final = ("Type a table's number to sit at its free seat, m for a quick match, r to "
                    "read the lobby again, or q to leave: ")
#: The terminal's question for a name at a table (``doublesix join``, quick match).
ASK_NAME: Final = "Your name at the table: "


def numbered_table(number: int, title: str) -> str:
    """A table's heading in ``doublesix lobby``, with the number that sits you there.

    >>> numbered_table(1, "Ana's table: Draw, one hand, double-six, 2 players")
    "1. Ana's table: Draw, one hand, double-six, 2 players"
    """
    return f"{number}. {title}"


def numbered_seat(seat: int, line: str) -> str:
    """A table's seat in ``doublesix lobby`` (``seat`` counted from 0).

    >>> numbered_seat(1, "a free seat")
    'Seat 2: a free seat'
    """
    return f"Seat {seat + 1}: {line}"


def not_a_table(typed: str, tables: int) -> str:
    """A choice in ``doublesix lobby`` that names no table."""
    if tables == 0:
        return (f"{typed!r} is not a table: there is none now. Type m for a quick match, r to "
                "read the lobby again, or q.")
    return f"{typed!r} is not a table: type a number from 1 to {tables}, m, r or q."


NAME_LENGTH: Final = "Type a name of 1 to 24 characters."
END_OF_INPUT: Final = "End of input."


def cannot_keep_seat(path: str, why: str) -> str:
    """The seat's token could not be written to the terminal's data folder.

    >>> cannot_keep_seat("/home/ana/tables.json", "Permission denied")  # doctest: +ELLIPSIS
    'Could not keep your seat in /home/ana/tables.json: Permission denied. You can play on, ...'
    """
    return (f"Could not keep your seat in {path}: {why}. You can play on, but if you leave the "
            "table you cannot come back to this seat.")
