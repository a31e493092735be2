"""What the people at a table are told about each other: one source for the table's sentences.

A table for people (``docs/web.md``) says who arrived, left, came back, asked to play again,
and which computer player plays for whom.  The web server says these sentences through this
module (in ``table`` messages' ``text`` and ``notice`` messages), so no face words them on its
own.  Names are given as they are shown (a person's display name, a computer player's label);
seats are numbered from 0 as in the protocol and said from 1.  Plain strings: no I/O.
Each sentence is said in the language of the moment (:mod:`doublesix.words.i18n`); the
constants are marked and said through ``_(CONSTANT)``.  The sentences about someone away and
a computer playing for them are :mod:`doublesix.words.awaywords`'s, re-exported here.

>>> joined("Bea"), left("Bea"), back("Bea")
('Bea has joined the table.', 'Bea has left the table.', 'Bea is back.')
>>> stands_in("Greedy", "Bea"), takes_back("Bea", "Greedy")
('Greedy plays for Bea until Bea is back.', 'Bea takes the seat back from Greedy.')
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any, Final, NamedTuple

from doublesix.words import pagewords
from doublesix.words.awaywords import NOT_FOR_YOU as NOT_FOR_YOU
from doublesix.words.awaywords import NOT_IN_PLAY as NOT_IN_PLAY
from doublesix.words.awaywords import already_stands_in as already_stands_in
from doublesix.words.awaywords import asking as asking
from doublesix.words.awaywords import asking_to_stand_in as asking_to_stand_in
from doublesix.words.awaywords import away as away
from doublesix.words.awaywords import away_on_turn as away_on_turn
from doublesix.words.awaywords import away_too_short as away_too_short
from doublesix.words.awaywords import computer_help as computer_help
from doublesix.words.awaywords import duration as duration
from doublesix.words.awaywords import hand_over as hand_over
from doublesix.words.awaywords import hand_over_later as hand_over_later
from doublesix.words.awaywords import hand_over_text as hand_over_text
from doublesix.words.awaywords import is_a_computer as is_a_computer
from doublesix.words.awaywords import may_hand_over as may_hand_over
from doublesix.words.awaywords import may_stand_in as may_stand_in
from doublesix.words.awaywords import no_such_player as no_such_player
from doublesix.words.awaywords import nobody_called as nobody_called
from doublesix.words.awaywords import not_away as not_away
from doublesix.words.awaywords import playing_for as playing_for
from doublesix.words.awaywords import seat_words as seat_words
from doublesix.words.awaywords import stands_in as stands_in
from doublesix.words.i18n import N_, _, ngettext, npgettext, pgettext
from doublesix.words.names import is_you
from doublesix.words.saying import listing

#: Said to everyone at the table when the host starts the game.
STARTS: Final = N_("The game starts.")
#: Said with the ``again`` message once everyone at a finished table asked to play again.
AGAIN_AGREED: Final = N_("Everyone agreed: a new game starts.")
#: Told to everyone at the table while a change cannot be saved, and once it is.
SAVING_FAILED: Final = N_("Saving failed; trying again.")
SAVED_AGAIN: Final = N_("Saved: the game goes on.")


def seat_name(seat: int) -> str:
    """What an invited person's seat is called until someone takes it.

    >>> seat_name(1)
    'Seat 2'
    """
    return _("Seat {number}").format(number=seat + 1)


def joined(name: str) -> str:
    """A person took their invitation's seat.

    >>> joined("Bea")
    'Bea has joined the table.'
    """
    return _("{name} has joined the table.").format(name=name)


def left(name: str) -> str:
    """A person's last socket closed: they are away.

    >>> left("Bea")
    'Bea has left the table.'
    """
    return _("{name} has left the table.").format(name=name)


def back(name: str) -> str:
    """A person who had left is at the table again.

    >>> back("Bea")
    'Bea is back.'
    """
    return _("{name} is back.").format(name=name)


def seat_given(seat: int, player: str) -> str:
    """In the waiting room, the host gave an invited person's seat to a computer player.

    >>> seat_given(2, "Greedy")
    'Seat 3 is now Greedy.'
    """
    return _("Seat {number} is now {player}.").format(number=seat + 1, player=player)




def takes_back(name: str, player: str) -> str:
    """A person came back to a seat a computer played for them.

    >>> takes_back("Bea", "Greedy")
    'Bea takes the seat back from Greedy.'
    """
    return _("{name} takes the seat back from {player}.").format(name=name, player=player)


def again_agreed(stand_ins: Sequence[tuple[str, str]] = ()) -> str:
    """Everyone still at a finished table asked to play again: the new game starts, with a
    computer playing for each person who had left (``stand_ins``: ``(player, name)``).

    >>> again_agreed()
    'Everyone agreed: a new game starts.'
    >>> again_agreed([("Pinocchio", "Ana"), ("Pinocchio", "Bea")])
    'Everyone agreed: a new game starts. Pinocchio plays for Ana until Ana is back. \
Pinocchio plays for Bea until Bea is back.'
    """
    return " ".join([_(AGAIN_AGREED), *(stands_in(player, name) for player, name in stand_ins)])


def wants_again(name: str) -> str:
    """A person asked to play again at a finished table.

    >>> wants_again("Bea")
    'Bea wants to play again.'
    """
    return _("{name} wants to play again.").format(name=name)


def seat_taken(name: str) -> str:
    """Why the host cannot give a seat away in the waiting room: its person took it.

    >>> seat_taken("Bea")
    'Bea has taken that seat'
    """
    return _("{name} has taken that seat").format(name=name)


def at_the_table(name: str) -> str:
    """Why no computer may play for a person: they are at the table (or one already does).

    >>> at_the_table("Bea")
    'Bea is at the table'
    """
    return _("{name} is at the table").format(name=name)


def not_away_long(name: str, away: int, after: float) -> str:
    """Why no computer may play for a person yet: they have not been away ``after`` seconds.

    >>> not_away_long("Bea", 12, 60.0)
    'Bea has been away 12 seconds: a computer may play for them after 60'
    """
    return ngettext("{name} has been away {count} second: a computer may play for them after "
                    "{after}",
                    "{name} has been away {count} seconds: a computer may play for them after "
                    "{after}", away).format(name=name, count=away, after=f"{after:g}")


def waiting_room(host: str, seats: Sequence[tuple[str, bool]], me: int, host_seat: int) -> str:
    """The waiting room in words, for the person in seat ``me``: ``seats`` are each seat's
    ``(name, joined)`` (a computer's seat is joined; an invited person's is not until they
    sit down), ``host`` is the host's name, in seat ``host_seat``.

    >>> seats = [("Ana", True), ("Bea", True), ("A person", False)]
    >>> waiting_room("Ana", seats, 1, 0)
    'Waiting for Ana to start the game. At the table: Ana, Bea (you). Still to come: 1 person.'
    >>> waiting_room("Ana", seats, 0, 0)
    'Send each person their invitation link. You can start when they have joined, or let a \
computer take a seat. At the table: Ana (you), Bea. Still to come: 1 person.'
    >>> waiting_room("Ana", seats[:2], 0, 0)
    'Everyone is here: start the game when you are ready. At the table: Ana (you), Bea.'
    """
    here = [_("{name} (you)").format(name=name) if seat == me else name
            for seat, (name, joined) in enumerate(seats) if joined]
    free = sum(1 for _name, joined in seats if not joined)
    if me != host_seat:
        first = _("Waiting for {name} to start the game.").format(name=host)
    elif free:
        first = ngettext("Send each person their invitation link. You can start when they have "
                         "joined, or let a computer take a seat.",
                         "Send each person their invitation link. You can start when everyone "
                         "has joined, or let a computer take a seat.", free)
    else:
        first = _("Everyone is here: start the game when you are ready.")
    at_table = _("At the table: {names}.").format(names=", ".join(here))
    if not free:
        return _("{first} {at_table}").format(first=first, at_table=at_table)
    still = ngettext("Still to come: {count} person.", "Still to come: {count} people.",
                     free).format(count=free)
    return _("{first} {at_table} {still}").format(first=first, at_table=at_table, still=still)


# -- the invitation's page and the waiting room (web; issue 29: the browser words none) ------


class SeatFacts(NamedTuple):
    """What the invitation and the waiting room say of one seat: its shown name, whether a
    person sits there (else a computer player), whether they took the seat, and whether a
    socket of theirs is open."""

    name: str
    person: bool
    joined: bool
    connected: bool = True


def table_title(host: str, you_host: bool) -> str:
    """The waiting room's heading.

    >>> table_title("Ana", False), table_title("Ana", True)
    ("Ana's table", 'Your table')
    """
    return _("Your table") if you_host else _("{name}'s table").format(name=host)


def seat_badge(facts: SeatFacts, mine_or_host: bool) -> tuple[str, str]:
    """A seat's state in the waiting room: its words and its kind (``computer``, ``invited``,
    ``away``, ``here``).

    >>> seat_badge(SeatFacts("Bea", True, False), False)
    ('invited, not here yet', 'invited')
    >>> seat_badge(SeatFacts("Bea", True, True), False)
    ('joined, here', 'here')
    >>> seat_badge(SeatFacts("Ana", True, True), True)
    ('here', 'here')
    """
    if not facts.person:
        return _("computer player"), "computer"
    if not facts.joined:
        return _("invited, not here yet"), "invited"
    if not facts.connected:
        # Translators: a seat's state in the waiting room: its person is away.
        return pgettext("seat", "away"), "away"
    # Translators: a seat's state in the waiting room: its person is here.
    return (pgettext("seat", "here") if mine_or_host else _("joined, here")), "here"


def start_help(seats: Sequence[SeatFacts]) -> str:
    """Why the host cannot start yet ("" once every seat is held).

    >>> start_help([SeatFacts("Ana", True, True), SeatFacts("Seat 2", True, False),
    ...             SeatFacts("Seat 3", True, False)])
    'Waiting for seat 2 and seat 3 to be taken.'
    """
    missing = [_("seat {number}").format(number=i + 1)
               for i, s in enumerate(seats) if s.person and not s.joined]
    if not missing:
        return ""
    return ngettext("Waiting for {seats} to be taken.", "Waiting for {seats} to be taken.",
                    len(missing)).format(seats=listing(missing))


def room_words(seats: Sequence[SeatFacts], host_seat: int, me: int, partner: int | None,
               caption: str) -> dict[str, Any]:
    """The waiting room's words for the person in seat ``me`` (a picture's ``words.room``):
    the heading, each seat's line (``name``, ``who`` it is to you, its ``badge`` and its
    ``kind``), why the game cannot start yet, the text shared with a link, and what is said
    while a computer is asked into each seat.

    >>> room = room_words([SeatFacts("Ana", True, True), SeatFacts("Seat 2", True, False)],
    ...                   0, 0, 1, "All Fives, to 100")
    >>> room["title"], room["seats"][1], room["share"]
    ('Your table', {'name': 'A person', 'who': ' (your partner)', 'badge': 'invited, not here \
yet', 'kind': 'invited'}, 'Join my game of dominoes: All Fives, to 100.')
    >>> room["seats"][0]["who"], room["start_help"], room["asking"][1]
    (' (host, you)', 'Waiting for seat 2 to be taken.', 'Asking to seat a computer in seat 2…')
    """
    lines = []
    for i, facts in enumerate(seats):
        # Translators: who a seat is to the person, in brackets after its name: "Ana (host,
        # you)", "Bea (your partner)".
        who = [w for w, is_it in ((pgettext("role", "host"), i == host_seat),
                                  (pgettext("role", "you"), i == me),
                                  (pgettext("role", "your partner"), i == partner)) if is_it]
        badge, kind = seat_badge(facts, i in (me, host_seat))
        lines.append({
            "name": _("A person") if facts.person and not facts.joined else facts.name,
            "who": _(" ({roles})").format(roles=", ".join(who)) if who else "",
            "badge": badge,
            "kind": kind,
        })
    title = table_title(seats[host_seat].name, me == host_seat)
    return {
        "title": title,
        "page_title": pagewords.page_title(title),
        "caption": _("{caption}.").format(caption=caption),
        "seats": lines,
        "invites": [pagewords.invite_words(i, seat_name(i)) for i in range(len(seats))],
        "start_help": start_help(seats),
        "share": _("Join my game of dominoes: {caption}.").format(caption=caption),
        "asking": [_("Asking to seat a computer in seat {number}…").format(number=i + 1)
                   for i in range(len(seats))],
    }


#: The last words of a refused invitation: where to go instead.
START_YOUR_OWN: Final = N_("Start a game of your own from the front page.")


def invitation_words(seats: Sequence[SeatFacts], host_seat: int, seat: int,
                     partner: int | None, caption: str, *, taken: bool,
                     over: bool) -> dict[str, Any]:
    """What an invitation's page says to the person it invites to ``seat``
    (``GET /api/join``'s ``words``): its ``title``, the ``lead``, each seat's line, the
    ``refusal`` (``{"title", "text"}``) when it can seat nobody now (else None), and what is
    said when the seat is ``taken`` by another browser meanwhile, or the invitation is
    otherwise ``unusable``.

    >>> seats = [SeatFacts("Ana", True, True), SeatFacts("Greedy", False, True),
    ...          SeatFacts("Seat 3", True, False)]
    >>> said = invitation_words(seats, 0, 2, 1, "All Fives, to 100", taken=False, over=False)
    >>> said["title"], said["lead"]
    ("Join Ana's table", 'Ana invites you to play dominoes: All Fives, to 100. Each player \
plays from their own device.')
    >>> said["seats"]
    ['Ana, who invited you', 'Greedy, a computer player, your partner', 'you, once you join']
    >>> said["refusal"] is None
    True
    >>> invitation_words(seats, 0, 2, 1, "", taken=False, over=True)["refusal"]["title"]
    'This game is over'
    """
    host = seats[host_seat].name
    lines = [_invited_seat_line(facts, i == seat, i == host_seat, i == partner)
             for i, facts in enumerate(seats)]
    refusal: dict[str, str] | None = None
    if not seats[seat].person:
        refusal = {"title": _("This seat has gone to a computer"),
                   "text": _("{host} gave this seat to a computer player, so the invitation no "
                             "longer works. Ask {host} for a new game, or start one of your "
                             "own from the front page.").format(host=host)}
    elif taken:
        refusal = {"title": _("This seat is taken"),
                   "text": _("Someone has already joined {host}'s table with this invitation, "
                             "and an invitation seats one browser only. If that was you, open "
                             "the game in the browser you joined with. Otherwise ask for an "
                             "invitation of your own, or start a game from the front page."
                             ).format(host=host)}
    elif over:
        refusal = {"title": _("This game is over"),
                   "text": _("{host}'s game has ended, so its invitations no longer seat "
                             "anyone. {start_your_own}").format(
                                 host=host, start_your_own=_(START_YOUR_OWN))}
    title = _("Join {host}'s table").format(host=host)
    return {
        "title": title,
        "page_title": pagewords.page_title(title),
        "numbers": [pagewords.seat_number(seat_name(i)) for i in range(len(seats))],
        "take": _("Take seat {number}").format(number=seat + 1),
        "lead": _("{host} invites you to play dominoes: {caption}. Each player plays from "
                  "their own device.").format(host=host, caption=caption),
        "seats": lines,
        "refusal": refusal,
        "taken": {"title": _("This seat is taken"),
                  "text": _("Someone has already joined {host}'s table with this invitation, "
                            "and an invitation seats one browser only. Ask for an invitation "
                            "of your own, or start a game from the front page."
                            ).format(host=host)},
        "unusable": {"title": _("This invitation cannot be used now"),
                     "text": _("It cannot seat anyone now. {start_your_own}").format(
                         start_your_own=_(START_YOUR_OWN))},
    }


def _invited_seat_line(facts: SeatFacts, yours: bool, host: bool, partner: bool) -> str:
    """One seat's line on an invitation's page, for the person it invites to a seat."""
    if yours:
        return _("you, once you join")
    if not facts.person:
        if partner:
            return _("{name}, a computer player, your partner").format(name=facts.name)
        return _("{name}, a computer player").format(name=facts.name)
    if not facts.joined:
        if partner:
            return _("a person invited to play, your partner, not here yet")
        return _("a person invited to play, not here yet")
    if host and partner:
        return _("{name}, who invited you, your partner").format(name=facts.name)
    if host:
        return _("{name}, who invited you").format(name=facts.name)
    if partner:
        return _("{name}, your partner").format(name=facts.name)
    return facts.name


# -- coming back to a table (issue 29: the terminal's summary of what happened away) --------


def away_summary(runs: Sequence[tuple[str, Sequence[tuple[str, str]]]],
                 hands: int = 0) -> str | None:
    """What happened while a person was away, in one sentence: each seat's run of moves in
    order, as ``(name, [(kind, what), ...])`` with kinds ``lay`` (``what``: the tile),
    ``draw`` (``what``: how many tiles) and ``pass``; ``hands``: how many hands ended
    meanwhile (the moves are then the hand in play's).  None when nothing happened.

    >>> away_summary([("Ana", [("lay", "6|4")]), ("Bea", [("draw", "2"), ("pass", "")]),
    ...               ("You", [("lay", "4|4")])])
    'While you were away: Ana laid 6|4, Bea drew 2 tiles and passed, you laid 4|4.'
    >>> away_summary([("Ana", [("lay", "6|6")])], hands=1)
    'While you were away, a hand ended (type score for the scoresheet) and the next began: \
Ana laid 6|6.'
    >>> away_summary([], hands=2)
    'While you were away, 2 hands ended (type score for the scoresheet) and the next began.'
    >>> away_summary([]) is None
    True
    """
    said = [_run(name, moves) for name, moves in runs]
    said = [run for run in said if run]
    if hands:
        # Translators: {command} is the command the person types (score).
        first = ngettext("While you were away, a hand ended (type {command} for the scoresheet) "
                         "and the next began",
                         "While you were away, {count} hands ended (type {command} for the "
                         "scoresheet) and the next began", hands).format(count=hands,
                                                                         command="score")
        if not said:
            return _("{first}.").format(first=first)
        return _("{first}: {runs}.").format(first=first, runs=", ".join(said))
    if not said:
        return None
    return _("While you were away: {runs}.").format(runs=", ".join(said))


def _run(name: str, moves: Sequence[tuple[str, str]]) -> str:
    """One seat's run of moves, for :func:`away_summary` ("" when it holds none): its verbs
    conjugated for the person or for another."""
    you = is_you(name)
    acts = []
    for kind, what in moves:
        if kind == "lay":
            acts.append((pgettext("you did", "laid {tile}") if you
                         else pgettext("someone did", "laid {tile}")).format(tile=what))
        elif kind == "draw":
            count = int(what)
            acts.append((npgettext("you did", "drew a tile", "drew {count} tiles", count) if you
                         else npgettext("someone did", "drew a tile", "drew {count} tiles",
                                        count)).format(count=count))
        elif kind == "pass":
            acts.append(pgettext("you did", "passed") if you
                        else pgettext("someone did", "passed"))
    if not acts:
        return ""
    joined = functools.reduce(
        lambda first, second: _("{first} and {second}").format(first=first, second=second), acts)
    # Translators: what the person did while away ("you drew 2 tiles and passed").
    return (_("you {acts}") if you else _("{name} {acts}")).format(name=name, acts=joined)


def not_your_turn(name: str | None) -> str:
    """The answer to a move typed while another seat is to play (or nobody is).

    >>> not_your_turn("Ana")
    "It is Ana's turn: your move is asked for when it is yours."
    >>> not_your_turn(None)
    'Nobody is to play now: your move is asked for when it is yours.'
    """
    if name is None:
        return _("Nobody is to play now: your move is asked for when it is yours.")
    return _("It is {name}'s turn: your move is asked for when it is yours.").format(name=name)


def before_the_game(command: str) -> str:
    """The answer to a command typed in the waiting room.

    >>> before_the_game("quit")
    'The game has not started yet; quit leaves the table, your seat kept.'
    """
    return _("The game has not started yet; {command} leaves the table, your seat kept."
             ).format(command=command)
