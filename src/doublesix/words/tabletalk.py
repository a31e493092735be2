"""What the people at a table are told about each other: one source for the table's sentences.

A table for people (``docs/web.md``) says who arrived, left, came back, asked to play again,
and which computer player plays for whom.  The web server says these sentences through this
module (in ``table`` messages' ``text`` and ``notice`` messages), so no face words them on its
own.  Names are given as they are shown (a person's display name, a computer player's label);
seats are numbered from 0 as in the protocol and said from 1.  Plain strings: no I/O.

>>> joined("Bea"), left("Bea"), back("Bea")
('Bea has joined the table.', 'Bea has left the table.', 'Bea is back.')
>>> stands_in("Greedy", "Bea"), takes_back("Bea", "Greedy")
('Greedy plays for Bea until Bea is back.', 'Bea takes the seat back from Greedy.')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, NamedTuple

from doublesix.words import pagewords

#: Said to everyone at the table when the host starts the game.
STARTS: Final = "The game starts."
#: Said with the ``again`` message once everyone at a finished table asked to play again.
AGAIN_AGREED: Final = "Everyone agreed: a new game starts."
#: Told to everyone at the table while a change cannot be saved, and once it is.
SAVING_FAILED: Final = "Saving failed; trying again."
SAVED_AGAIN: Final = "Saved: the game goes on."


def seat_name(seat: int) -> str:
    """What an invited person's seat is called until someone takes it.

    >>> seat_name(1)
    'Seat 2'
    """
    return f"Seat {seat + 1}"


def joined(name: str) -> str:
    """A person took their invitation's seat.

    >>> joined("Bea")
    'Bea has joined the table.'
    """
    return f"{name} has joined the table."


def left(name: str) -> str:
    """A person's last socket closed: they are away.

    >>> left("Bea")
    'Bea has left the table.'
    """
    return f"{name} has left the table."


def back(name: str) -> str:
    """A person who had left is at the table again.

    >>> back("Bea")
    'Bea is back.'
    """
    return f"{name} is back."


def seat_given(seat: int, player: str) -> str:
    """In the waiting room, the host gave an invited person's seat to a computer player.

    >>> seat_given(2, "Greedy")
    'Seat 3 is now Greedy.'
    """
    return f"{seat_name(seat)} is now {player}."


def stands_in(player: str, name: str) -> str:
    """A computer player plays for a person who is away.

    >>> stands_in("Greedy", "Bea")
    'Greedy plays for Bea until Bea is back.'
    """
    return f"{player} plays for {name} until {name} is back."


def takes_back(name: str, player: str) -> str:
    """A person came back to a seat a computer played for them.

    >>> takes_back("Bea", "Greedy")
    'Bea takes the seat back from Greedy.'
    """
    return f"{name} takes the seat back from {player}."


def again_agreed(stand_ins: Sequence[tuple[str, str]] = ()) -> str:
    """Everyone still at a finished table asked to play again: the new game starts, with a
    computer playing for each person who had left (``stand_ins``: ``(player, name)``).

    >>> again_agreed()
    'Everyone agreed: a new game starts.'
    >>> again_agreed([("Pinocchio", "Ana"), ("Pinocchio", "Bea")])
    'Everyone agreed: a new game starts. Pinocchio plays for Ana until Ana is back. \
Pinocchio plays for Bea until Bea is back.'
    """
    return " ".join([AGAIN_AGREED, *(stands_in(player, name) for player, name in stand_ins)])


def wants_again(name: str) -> str:
    """A person asked to play again at a finished table.

    >>> wants_again("Bea")
    'Bea wants to play again.'
    """
    return f"{name} wants to play again."


def seat_taken(name: str) -> str:
    """Why the host cannot give a seat away in the waiting room: its person took it.

    >>> seat_taken("Bea")
    'Bea has taken that seat'
    """
    return f"{name} has taken that seat"


def at_the_table(name: str) -> str:
    """Why no computer may play for a person: they are at the table (or one already does).

    >>> at_the_table("Bea")
    'Bea is at the table'
    """
    return f"{name} is at the table"


def not_away_long(name: str, away: int, after: float) -> str:
    """Why no computer may play for a person yet: they have not been away ``after`` seconds.

    >>> not_away_long("Bea", 12, 60.0)
    'Bea has been away 12 seconds: a computer may play for them after 60'
    """
    return f"{name} has been away {away} seconds: a computer may play for them after {after:g}"


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
    here = [f"{name} (you)" if seat == me else name
            for seat, (name, joined) in enumerate(seats) if joined]
    free = sum(1 for _, joined in seats if not joined)
    if me != host_seat:
        first = f"Waiting for {host} to start the game."
    elif free:
        who = "they have" if free == 1 else "everyone has"
        first = (f"Send each person their invitation link. You can start when {who} joined, "
                 "or let a computer take a seat.")
    else:
        first = "Everyone is here: start the game when you are ready."
    text = f"{first} At the table: {', '.join(here)}."
    if free:
        text += f" Still to come: {free} {'person' if free == 1 else 'people'}."
    return text


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
    return "Your table" if you_host else f"{host}'s table"


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
        return "computer player", "computer"
    if not facts.joined:
        return "invited, not here yet", "invited"
    if not facts.connected:
        return "away", "away"
    return ("here" if mine_or_host else "joined, here"), "here"


def start_help(seats: Sequence[SeatFacts]) -> str:
    """Why the host cannot start yet ("" once every seat is held).

    >>> start_help([SeatFacts("Ana", True, True), SeatFacts("Seat 2", True, False),
    ...             SeatFacts("Seat 3", True, False)])
    'Waiting for seat 2 and seat 3 to be taken.'
    """
    missing = [f"seat {i + 1}" for i, s in enumerate(seats) if s.person and not s.joined]
    if not missing:
        return ""
    listed = missing[0] if len(missing) == 1 else f"{', '.join(missing[:-1])} and {missing[-1]}"
    return f"Waiting for {listed} to be taken."


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
        who = [w for w, is_it in (("host", i == host_seat), ("you", i == me),
                                  ("your partner", i == partner)) if is_it]
        badge, kind = seat_badge(facts, i in (me, host_seat))
        lines.append({
            "name": "A person" if facts.person and not facts.joined else facts.name,
            "who": f" ({', '.join(who)})" if who else "",
            "badge": badge,
            "kind": kind,
        })
    title = table_title(seats[host_seat].name, me == host_seat)
    return {
        "title": title,
        "page_title": pagewords.page_title(title),
        "caption": f"{caption}.",
        "seats": lines,
        "invites": [pagewords.invite_words(i, seat_name(i)) for i in range(len(seats))],
        "start_help": start_help(seats),
        "share": f"Join my game of dominoes: {caption}.",
        "asking": [f"Asking to seat a computer in seat {i + 1}…" for i in range(len(seats))],
    }


#: The last words of a refused invitation: where to go instead.
START_YOUR_OWN: Final = "Start a game of your own from the front page."


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
    lines = []
    for i, facts in enumerate(seats):
        mate = ", your partner" if i == partner else ""
        if i == seat:
            lines.append("you, once you join")
        elif not facts.person:
            lines.append(f"{facts.name}, a computer player{mate}")
        elif not facts.joined:
            lines.append(f"a person invited to play{mate}, not here yet")
        else:
            lines.append(f"{facts.name}{', who invited you' if i == host_seat else ''}{mate}")
    refusal: dict[str, str] | None = None
    if not seats[seat].person:
        refusal = {"title": "This seat has gone to a computer",
                   "text": f"{host} gave this seat to a computer player, so the invitation no "
                           f"longer works. Ask {host} for a new game, or start one of your own "
                           "from the front page."}
    elif taken:
        refusal = {"title": "This seat is taken",
                   "text": f"Someone has already joined {host}'s table with this invitation, "
                           "and an invitation seats one browser only. If that was you, open "
                           "the game in the browser you joined with. Otherwise ask for an "
                           "invitation of your own, or start a game from the front page."}
    elif over:
        refusal = {"title": "This game is over",
                   "text": f"{host}'s game has ended, so its invitations no longer seat "
                           f"anyone. {START_YOUR_OWN}"}
    return {
        "title": f"Join {host}'s table",
        "page_title": pagewords.page_title(f"Join {host}'s table"),
        "numbers": [pagewords.seat_number(seat_name(i)) for i in range(len(seats))],
        "take": f"Take seat {seat + 1}",
        "lead": f"{host} invites you to play dominoes: {caption}. Each player plays from "
                "their own device.",
        "seats": lines,
        "refusal": refusal,
        "taken": {"title": "This seat is taken",
                  "text": f"Someone has already joined {host}'s table with this invitation, "
                          "and an invitation seats one browser only. Ask for an invitation "
                          "of your own, or start a game from the front page."},
        "unusable": {"title": "This invitation cannot be used now",
                     "text": f"It cannot seat anyone now. {START_YOUR_OWN}"},
    }


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
    said = []
    for name, moves in runs:
        acts = []
        for kind, what in moves:
            if kind == "lay":
                acts.append(f"laid {what}")
            elif kind == "draw":
                acts.append("drew a tile" if what == "1" else f"drew {what} tiles")
            elif kind == "pass":
                acts.append("passed")
        if acts:
            who = "you" if name == "You" else name
            said.append(f"{who} {' and '.join(acts)}")
    if hands:
        ended = "a hand ended" if hands == 1 else f"{hands} hands ended"
        first = (f"While you were away, {ended} (type score for the scoresheet) and the next "
                 "began")
        return f"{first}: {', '.join(said)}." if said else f"{first}."
    if not said:
        return None
    return f"While you were away: {', '.join(said)}."


def not_your_turn(name: str | None) -> str:
    """The answer to a move typed while another seat is to play (or nobody is).

    >>> not_your_turn("Ana")
    "It is Ana's turn: your move is asked for when it is yours."
    >>> not_your_turn(None)
    'Nobody is to play now: your move is asked for when it is yours.'
    """
    who = "Nobody is to play now" if name is None else f"It is {name}'s turn"
    return f"{who}: your move is asked for when it is yours."


def before_the_game(command: str) -> str:
    """The answer to a command typed in the waiting room.

    >>> before_the_game("quit")
    'The game has not started yet; quit leaves the table, your seat kept.'
    """
    return f"The game has not started yet; {command} leaves the table, your seat kept."


# -- people away, and a computer playing for them (the table's note and its dialog) ----------


def duration(seconds: float) -> str:
    """A time in words: seconds under a minute, then whole minutes.

    >>> duration(1), duration(40), duration(60), duration(150)
    ('1 second', '40 seconds', 'a minute', '2 minutes')
    """
    whole = int(seconds)
    if whole < 60:
        return f"{whole} second{'' if whole == 1 else 's'}"
    minutes = whole // 60
    return "a minute" if minutes == 1 else f"{minutes} minutes"


def away(names: Sequence[str]) -> str:
    """Who is away from the table, for the reading keys ("" when nobody is).

    >>> away(["Bea"]), away(["Bea", "Cid"]), away([])
    ('Bea is away.', 'Bea and Cid are away.', '')
    """
    if not names:
        return ""
    listed = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
    return f"{listed} {'is' if len(names) == 1 else 'are'} away."


def away_on_turn(name: str) -> str:
    """The table's note about a person away while it is their turn.

    >>> away_on_turn("Bea")
    'Bea is away, and it is their turn.'
    """
    return f"{name} is away, and it is their turn."


def hand_over(name: str) -> str:
    """The button (and the dialog's title) that lets a computer play for a person away.

    >>> hand_over("Bea")
    'Let a computer play for Bea'
    """
    return f"Let a computer play for {name}"


def hand_over_text(name: str, after: float) -> str:
    """What the hand-over dialog says about a person away at least ``after`` seconds.

    >>> hand_over_text("Bea", 60)
    "Bea has been away for a minute or more. The computer plays Bea's turns until Bea comes \
back, and then Bea plays on."
    """
    gone = f"{name} has been away for {duration(after)} or more." if after >= 1 else away([name])
    return (f"{gone} The computer plays {name}'s turns until {name} comes back, and then "
            f"{name} plays on.")


def asking(name: str) -> str:
    """Said when a person asks for a computer to play for someone away.

    >>> asking("Bea")
    'Asking a computer to play for Bea…'
    """
    return f"Asking a computer to play for {name}…"


def hand_over_later(after: float) -> str:
    """Told to everyone at the table while someone is away, until a computer may play for them.

    >>> hand_over_later(60)
    'Once someone has been away for a minute, you can let a computer play for them.'
    """
    return (f"Once someone has been away for {duration(after)}, you can let a computer play "
            "for them.")


def playing_for(player: str, name: str) -> str:
    """A seat's card while a computer plays for its person.

    >>> playing_for("Greedy", "Bea")
    'Greedy playing for Bea'
    """
    return f"{player} playing for {name}"


def seat_words(name: str, stand_in: str | None, after: float) -> dict[str, str | None]:
    """The sentences about one person's seat that a face shows while they are away (web
    ``table.seats[i].words``): ``stand_in`` is the label of the computer playing for them,
    ``after`` the seconds they must be away before a computer may.

    >>> seat_words("Bea", None, 60)["hand_over"], seat_words("Bea", "Greedy", 60)["stand_in"]
    ('Let a computer play for Bea', 'Greedy plays for Bea until Bea is back.')
    """
    return {
        "away": away([name]),
        "away_turn": away_on_turn(name),
        "stand_in": None if stand_in is None else stands_in(stand_in, name),
        "playing_for": None if stand_in is None else playing_for(stand_in, name),
        "hand_over": hand_over(name),
        "hand_over_text": hand_over_text(name, after),
        "may_hand_over": may_hand_over(name, after),
        "asking": asking(name),
        "waiting_away": f"Waiting for {name}, who is away.",
        "waiting_stand_in": f"Waiting for {name} (a computer plays for them).",
    }


# -- a computer for someone away, from the terminal (issue 29: ``computer NAME``) -------------


def may_hand_over(name: str, away: float) -> str:
    """Told once to the others at the table when a computer may play for ``name``, away
    ``away`` seconds (the web page's "Let a computer play for Bea" button appears).

    >>> may_hand_over("Bea", 60)
    'Bea has been away a minute: you may let a computer play for Bea.'
    """
    return f"{name} has been away {duration(away)}: you may let a computer play for {name}."


def may_stand_in(name: str, away: float) -> str:
    """Told once to the others at the table when a computer may play for ``name``, away
    ``away`` seconds, with the command to type (the terminal).

    >>> may_stand_in("Bea", 60)
    'Bea has been away a minute: you may let a computer play for Bea. Type: computer Bea.'
    """
    return f"{may_hand_over(name, away)} Type: computer {name}."


def asking_to_stand_in(player: str, name: str) -> str:
    """Said when the ``computer`` command is sent; the table then says who plays for whom.

    >>> asking_to_stand_in("Pinocchio", "Bea")
    'Asking Pinocchio to play for Bea.'
    """
    return f"Asking {player} to play for {name}."


def computer_help(after: float, players: Sequence[str], name: str) -> str:
    """The ``help`` line of the ``computer`` command at a table (``players``: the computer
    players offered, by name, the first the one that plays unless another is named; ``name``:
    another person at the table, for the example).

    >>> computer_help(60, ["pinocchio", "expert"], "Ana")
    'computer NAME: let a computer play for someone away a minute or more, until they are \
back: pinocchio, or the one you add (computer Ana expert). Players: pinocchio, expert.'
    """
    return (f"computer NAME: let a computer play for someone away {duration(after)} or more, "
            f"until they are back: {players[0]}, or the one you add "
            f"(computer {name} {players[-1]}). Players: {', '.join(players)}.")


def nobody_called(text: str, people: Sequence[str]) -> str:
    """The ``computer`` command named nobody at the table (``people``: the others there).

    >>> nobody_called("Zed", ["Ana", "Bea"])
    'Nobody at the table is called Zed. The others at the table: Ana, Bea.'
    >>> nobody_called("", ["Ana"])
    'Type computer and the name of someone away, like: computer Ana.'
    """
    if not text:
        example = people[0] if people else "Bea"
        return f"Type computer and the name of someone away, like: computer {example}."
    return f"Nobody at the table is called {text}. The others at the table: {', '.join(people)}."


def no_such_player(text: str, players: Sequence[str]) -> str:
    """The ``computer`` command named no computer player.

    >>> no_such_player("Zorro", ["pinocchio", "expert"])
    'There is no computer player called Zorro. Choose one of: pinocchio, expert.'
    """
    return f"There is no computer player called {text}. Choose one of: {', '.join(players)}."


def is_a_computer(name: str) -> str:
    """Why a computer cannot be asked to play for ``name``: a computer plays that seat.

    >>> is_a_computer("Greedy")
    'Greedy is a computer player.'
    """
    return f"{name} is a computer player."


#: Why a computer cannot be asked to play for the person asking.
NOT_FOR_YOU: Final = "A computer plays for someone away, not for you: you are here."
#: Why a computer cannot be asked to play for anyone now.
NOT_IN_PLAY: Final = "A computer may play for someone away only while a game is in play."


def not_away(name: str) -> str:
    """Why no computer may play for ``name``: they are at the table.

    >>> not_away("Bea")
    'Bea is at the table: a computer plays only for someone away.'
    """
    return f"{name} is at the table: a computer plays only for someone away."


def already_stands_in(player: str, name: str) -> str:
    """Why no computer may be asked to play for ``name``: ``player`` already does.

    >>> already_stands_in("Pinocchio", "Bea")
    'Pinocchio already plays for Bea until Bea is back.'
    """
    return f"{player} already plays for {name} until {name} is back."


def away_too_short(name: str, away: float, after: float) -> str:
    """Why no computer may play for ``name`` yet: away ``away`` seconds of ``after``.

    >>> away_too_short("Bea", 12, 60)
    'Bea has been away 12 seconds: a computer may play for Bea once Bea has been away a minute.'
    """
    return (f"{name} has been away {duration(away)}: a computer may play for {name} once "
            f"{name} has been away {duration(after)}.")
