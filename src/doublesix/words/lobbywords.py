"""What the lobby says: its tables, their seats, how long ago each was opened, rated or casual.
Said in the language of the moment (numbers too); the constants are marked and said through
``_(CONSTANT)``.

>>> table_title("Ana", "Draw, one hand, double-six", 2)
"Ana's table: Draw, one hand, double-six, 2 players"
>>> opened_ago(0), opened_ago(1), opened_ago(14)
('Opened just now.', 'Opened a minute ago.', 'Opened 14 minutes ago.')
>>> seat_line("Ana", 1512, host=True), seat_line(None, None, host=False)
('Ana, rated 1,512, the host', 'a free seat')
"""

from __future__ import annotations

from typing import Final

from doublesix.words.i18n import N_, _, ngettext, number

#: A public table needs a seat a person may take.
# Translators: "A person (invite)" is the choice of a seat's player on the new game page.
PUBLIC_NEEDS_A_PERSON: Final = N_("A table in the lobby needs at least one seat for a person "
                                  "(A person (invite)).")
RATED: Final = N_("Rated: the games move the players' ratings.")
CASUAL: Final = N_("Casual: the games move no rating.")
NO_TABLES: Final = N_("No table is open now. Open one, and it shows here for others to join.")
SIT: Final = N_("Sit here")


def too_many_tables(which: str, bound: int) -> str:
    """A public table refused: you (``which`` "browser") or your address ("address") have
    ``bound`` tables open in the lobby already.

    >>> too_many_tables("browser", 3)  # doctest: +ELLIPSIS
    'You have 3 tables open in the lobby already: start one of them, ...'
    """
    if which == "browser":
        said = ngettext("You have {count} table open in the lobby already: start it, or wait "
                        "until people take their seats, before you open another.",
                        "You have {count} tables open in the lobby already: start one of them, "
                        "or wait until people take their seats, before you open another.", bound)
    else:
        said = ngettext("Your address has {count} table open in the lobby already: wait until "
                        "people take their seats before you open another.",
                        "Your address has {count} tables open in the lobby already: wait until "
                        "people take their seats before you open another.", bound)
    return said.format(count=number(bound))


def table_title(host: str, caption: str, players: int) -> str:
    """A lobby table's heading: whose it is and what game."""
    return ngettext("{host}'s table: {caption}, {count} player",
                    "{host}'s table: {caption}, {count} players", players).format(
                        host=host, caption=caption, count=players)


def opened_ago(minutes: int) -> str:
    """How long ago a table was opened."""
    if minutes < 1:
        return _("Opened just now.")
    if minutes < 120:
        return ngettext("Opened a minute ago.", "Opened {count} minutes ago.", minutes).format(
            count=minutes)
    hours = minutes // 60
    return ngettext("Opened {count} hour ago.", "Opened {count} hours ago.", hours).format(
        count=hours)


def seat_line(name: str | None, rating: int | None, *, host: bool,
              computer: bool = False) -> str:
    """One seat of a lobby table: who sits there (with a person's rating), or that it is free."""
    if name is None:
        return _("a free seat")
    if computer:
        return _("{name}, a computer player").format(name=name)
    if rating is None:
        return _("{name}, the host").format(name=name) if host else name
    if host:
        return _("{name}, rated {rating}, the host").format(name=name, rating=number(rating))
    return _("{name}, rated {rating}").format(name=name, rating=number(rating))


# -- the terminal (doublesix lobby) ----------------------------------------------------------

# Translators: m, r and q are the keys typed, in English.
ASK_TABLE: Final = N_("Type a table's number to sit at its free seat, m for a quick match, r to "
                      "read the lobby again, or q to leave: ")
#: The terminal's question for a name at a table (``doublesix join``, quick match).
ASK_NAME: Final = N_("Your name at the table: ")


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
    return _("Seat {number}: {line}").format(number=seat + 1, line=line)


def not_a_table(typed: str, tables: int) -> str:
    """A choice in ``doublesix lobby`` that names no table."""
    if tables == 0:
        # Translators: m, r and q are the keys typed, in English.
        return _("{typed} is not a table: there is none now. Type m for a quick match, r to "
                 "read the lobby again, or q.").format(typed=repr(typed))
    return _("{typed} is not a table: type a number from 1 to {tables}, m, r or q.").format(
        typed=repr(typed), tables=tables)


NAME_LENGTH: Final = N_("Type a name of 1 to 24 characters.")
END_OF_INPUT: Final = N_("End of input.")


def cannot_keep_seat(path: str, why: str) -> str:
    """The seat's token could not be written to the terminal's data folder.

    >>> cannot_keep_seat("/home/ana/tables.json", "Permission denied")  # doctest: +ELLIPSIS
    'Could not keep your seat in /home/ana/tables.json: Permission denied. You can play on, ...'
    """
    return _("Could not keep your seat in {path}: {why}. You can play on, but if you leave the "
             "table you cannot come back to this seat.").format(path=path, why=why)
