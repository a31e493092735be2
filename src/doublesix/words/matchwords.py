"""What quick match says: waiting, found, filled by computers, left, and its refusals.  Said in
the language of the moment (numbers too); the constants are marked and said through
``_(CONSTANT)``, but :data:`BODY`, which is for the programs that call the API.

>>> waiting(0, 1500, 100, 20)  # doctest: +ELLIPSIS
'Looking for a game: nobody else is waiting for this one yet. Your rating is 1,500: ...'
>>> found(None, 0)
'Found a game: it starts now.'
>>> found("Pinocchio (level 3, Casual)", 2)  # doctest: +ELLIPSIS
'Nobody else came in time: Pinocchio (level 3, Casual) plays the 2 empty seats. ...'

"""

from __future__ import annotations

from typing import Final

from doublesix.words.i18n import N_, _, ngettext, number

LEFT: Final = N_("You left the queue.")
#: The refusal of a malformed body: for a program (its JSON is not translated).
BODY: Final = ('the body must be {"variant": "draw", "players": 2, "rated": true} (the '
               'partnership game: "partnership" and 4 players)')
PLAYERS: Final = N_("Quick match has games of 2 or 4 players (the partnership game: 4).")


def too_many_places(which: str, bound: int) -> str:
    """Entering the queue refused: ``bound`` places wait already from this address (``which``
    is "address"; a browser or account holds one place, entering again leaves the old).

    >>> too_many_places("address", 16)  # doctest: +ELLIPSIS
    'Already 16 people from your address are waiting in the queue: ...'
    """
    return ngettext("Already {count} person from your address is waiting in the queue: try "
                    "again when they are seated.",
                    "Already {count} people from your address are waiting in the queue: try "
                    "again when some of them are seated.", bound).format(count=number(bound))


def no_place(gone_after: int) -> str:
    """A ticket that holds no place (``GET`` or ``DELETE``): left, given up because nobody
    asked after it for ``gone_after`` seconds (its page or terminal was closed), or another's.

    >>> print(no_place(30))  # doctest: +ELLIPSIS
    There is no such place in the queue: ... nobody asked how it went for 30 seconds ...
    >>> print(no_place(1))  # doctest: +ELLIPSIS
    There is ... nobody asked how it went for 1 second (its page or terminal was closed), ...
    """
    return ngettext("There is no such place in the queue: it was left, or given up because "
                    "nobody asked how it went for {count} second (its page or terminal was "
                    "closed), or it is another's.",
                    "There is no such place in the queue: it was left, or given up because "
                    "nobody asked how it went for {count} seconds (its page or terminal was "
                    "closed), or it is another's.", gone_after).format(count=number(gone_after))


def waiting(others: int, rating: int, within: int, fill_after: int) -> str:
    """While a person waits: who else waits, the range of ratings matched now, and when
    computers take the seats nobody came for (``fill_after`` seconds after entering).

    >>> waiting(2, 1512, 300, 1)  # doctest: +ELLIPSIS
    '... 2 other people ... within 300 of it ... After 1 second of waiting, computers ...'
    """
    if others == 0:
        who = _("Looking for a game: nobody else is waiting for this one yet.")
    else:
        who = ngettext("Looking for a game: {count} other person is waiting for this one.",
                       "Looking for a game: {count} other people are waiting for this one.",
                       others).format(count=number(others))
    within_words = _("Your rating is {rating}: people within {within} of it are matched, more "
                     "widely the longer you wait.").format(rating=number(rating),
                                                           within=number(within))
    fill = ngettext("After {count} second of waiting, computers at the level nearest your "
                    "rating take the seats nobody came for.",
                    "After {count} seconds of waiting, computers at the level nearest your "
                    "rating take the seats nobody came for.", fill_after).format(
                        count=number(fill_after))
    # Translators: three sentences in a row: who waits, the ratings matched, the computers.
    return _("{who} {within} {fill}").format(who=who, within=within_words, fill=fill)


def found(computer: str | None, seats: int) -> str:
    """Seated: with people only, or with a computer player (``computer``, named with its
    level) in ``seats`` empty seats."""
    if computer is None:
        return _("Found a game: it starts now.")
    return ngettext("Nobody else came in time: {computer} takes the empty seat. The game starts "
                    "now.",
                    "Nobody else came in time: {computer} plays the {count} empty seats. The "
                    "game starts now.", seats).format(computer=computer, count=seats)


# -- the terminal (doublesix lobby: m, or --quick GAME) ---------------------------------------

CHOOSE_GAME: Final = N_("Quick match: choose a game.")
# Translators: q is the key typed, in English.
ASK_GAME: Final = N_("Type a game's number for a quick match, or q to go back: ")
ASK_PLAYERS: Final = N_("How many players? Type 2 or 4 (Enter: 2): ")
# Translators: yes and no are typed in English here (the terminal's quick match).
ASK_RATED: Final = N_("Rated, so that the game moves your rating? Type yes or no (Enter: yes): ")
# Translators: q is the key typed, in English.
HOW_TO_LEAVE: Final = N_("Type q and press Enter (or Ctrl-C) to leave the queue.")
#: A game's link (``/game/ID``) given to ``doublesix join`` with no seat kept for it.
NO_SEAT_HERE: Final = N_("This terminal holds no seat at this game. A game's link brings you "
                         "back to a seat quick match found you here; to take a seat at a table, "
                         "use its invitation link.")
#: A seat found by quick match whose token stopped working (it cannot be taken again).
SEAT_GONE: Final = N_("The table refused this seat: its token no longer works, and a seat found "
                      "by quick match cannot be taken again. Find another game with quick "
                      "match.")


def numbered_game(number: int, label: str) -> str:
    """A game to choose for quick match in the terminal.

    >>> numbered_game(5, "Partnership (two against two)")
    '5. Partnership (two against two)'
    """
    return f"{number}. {label}"


def not_a_game(typed: str, games: int) -> str:
    """A choice that names no game.

    >>> not_a_game("9", 5)
    "'9' is not a game: type a number from 1 to 5, or q."
    """
    return _("{typed} is not a game: type a number from 1 to {games}, or q.").format(
        typed=repr(typed), games=games)


def not_players(typed: str) -> str:
    """A number of players quick match does not have.

    >>> not_players("3")
    "'3' is not a number of players here: type 2 or 4."
    """
    return _("{typed} is not a number of players here: type 2 or 4.").format(typed=repr(typed))


def not_yes_or_no(typed: str) -> str:
    """An answer that is neither yes nor no.

    >>> not_yes_or_no("maybe")
    "'maybe' is neither yes nor no: type yes or no."
    """
    # Translators: yes and no are typed in English here (the terminal's quick match).
    return _("{typed} is neither yes nor no: type yes or no.").format(typed=repr(typed))
