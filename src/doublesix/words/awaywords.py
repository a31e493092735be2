"""What the people at a table are told about someone away, and about a computer playing for
them: the table's note and its hand-over dialog (web), the ``computer NAME`` command (the
terminal) and its refusals.  Part of the table's words (:mod:`doublesix.words.tabletalk`
re-exports them); said in the language of the moment.  Plain strings: no I/O.

>>> stands_in("Greedy", "Bea"), away(["Bea", "Cid"])
('Greedy plays for Bea until Bea is back.', 'Bea and Cid are away.')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from doublesix.words.i18n import N_, _, ngettext
from doublesix.words.saying import listing


def stands_in(player: str, name: str) -> str:
    """A computer player plays for a person who is away.

    >>> stands_in("Greedy", "Bea")
    'Greedy plays for Bea until Bea is back.'
    """
    return _("{player} plays for {name} until {name} is back.").format(player=player, name=name)


# -- people away, and a computer playing for them (the table's note and its dialog) ----------


def duration(seconds: float) -> str:
    """A time in words: seconds under a minute, then whole minutes.

    >>> duration(1), duration(40), duration(60), duration(150)
    ('1 second', '40 seconds', 'a minute', '2 minutes')
    """
    whole = int(seconds)
    if whole < 60:
        return ngettext("{count} second", "{count} seconds", whole).format(count=whole)
    minutes = whole // 60
    return ngettext("a minute", "{count} minutes", minutes).format(count=minutes)


def away(names: Sequence[str]) -> str:
    """Who is away from the table, for the reading keys ("" when nobody is).

    >>> away(["Bea"]), away(["Bea", "Cid"]), away([])
    ('Bea is away.', 'Bea and Cid are away.', '')
    """
    if not names:
        return ""
    return ngettext("{names} is away.", "{names} are away.", len(names)).format(
        names=listing(names))


def away_on_turn(name: str) -> str:
    """The table's note about a person away while it is their turn.

    >>> away_on_turn("Bea")
    'Bea is away, and it is their turn.'
    """
    return _("{name} is away, and it is their turn.").format(name=name)


def hand_over(name: str) -> str:
    """The button (and the dialog's title) that lets a computer play for a person away.

    >>> hand_over("Bea")
    'Let a computer play for Bea'
    """
    return _("Let a computer play for {name}").format(name=name)


def hand_over_text(name: str, after: float) -> str:
    """What the hand-over dialog says about a person away at least ``after`` seconds.

    >>> hand_over_text("Bea", 60)
    "Bea has been away for a minute or more. The computer plays Bea's turns until Bea comes \
back, and then Bea plays on."
    """
    if after < 1:
        return _("{name} is away. The computer plays {name}'s turns until {name} comes back, "
                 "and then {name} plays on.").format(name=name)
    return _("{name} has been away for {duration} or more. The computer plays {name}'s turns "
             "until {name} comes back, and then {name} plays on.").format(
                 name=name, duration=duration(after))


def asking(name: str) -> str:
    """Said when a person asks for a computer to play for someone away.

    >>> asking("Bea")
    'Asking a computer to play for Bea…'
    """
    return _("Asking a computer to play for {name}…").format(name=name)


def hand_over_later(after: float) -> str:
    """Told to everyone at the table while someone is away, until a computer may play for them.

    >>> hand_over_later(60)
    'Once someone has been away for a minute, you can let a computer play for them.'
    """
    return _("Once someone has been away for {duration}, you can let a computer play for "
             "them.").format(duration=duration(after))


def playing_for(player: str, name: str) -> str:
    """A seat's card while a computer plays for its person.

    >>> playing_for("Greedy", "Bea")
    'Greedy playing for Bea'
    """
    return _("{player} playing for {name}").format(player=player, name=name)


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
        "waiting_away": _("Waiting for {name}, who is away.").format(name=name),
        "waiting_stand_in": _("Waiting for {name} (a computer plays for them).").format(
            name=name),
    }


# -- a computer for someone away, from the terminal (issue 29: ``computer NAME``) -------------


def may_hand_over(name: str, away: float) -> str:
    """Told once to the others at the table when a computer may play for ``name``, away
    ``away`` seconds (the web page's "Let a computer play for Bea" button appears).

    >>> may_hand_over("Bea", 60)
    'Bea has been away a minute: you may let a computer play for Bea.'
    """
    return _("{name} has been away {duration}: you may let a computer play for {name}."
             ).format(name=name, duration=duration(away))


def may_stand_in(name: str, away: float) -> str:
    """Told once to the others at the table when a computer may play for ``name``, away
    ``away`` seconds, with the command to type (the terminal).

    >>> may_stand_in("Bea", 60)
    'Bea has been away a minute: you may let a computer play for Bea. Type: computer Bea.'
    """
    # Translators: {command} is the command the person types (computer), {name} its name.
    return _("{name} has been away {duration}: you may let a computer play for {name}. Type: "
             "{command} {name}.").format(name=name, duration=duration(away), command="computer")


def asking_to_stand_in(player: str, name: str) -> str:
    """Said when the ``computer`` command is sent; the table then says who plays for whom.

    >>> asking_to_stand_in("Pinocchio", "Bea")
    'Asking Pinocchio to play for Bea.'
    """
    return _("Asking {player} to play for {name}.").format(player=player, name=name)


def computer_help(after: float, players: Sequence[str], name: str) -> str:
    """The ``help`` line of the ``computer`` command at a table (``players``: the computer
    players offered, by name, the first the one that plays unless another is named; ``name``:
    another person at the table, for the example).

    >>> computer_help(60, ["pinocchio", "expert"], "Ana")
    'computer NAME: let a computer play for someone away a minute or more, until they are \
back: pinocchio, or the one you add (computer Ana expert). Players: pinocchio, expert.'
    """
    # Translators: {command} is the command typed (computer); NAME stands for a name.
    return _("{command} NAME: let a computer play for someone away {duration} or more, until "
             "they are back: {first}, or the one you add ({command} {name} {last}). Players: "
             "{players}.").format(command="computer", duration=duration(after), first=players[0],
                                  name=name, last=players[-1], players=", ".join(players))


def nobody_called(text: str, people: Sequence[str]) -> str:
    """The ``computer`` command named nobody at the table (``people``: the others there).

    >>> nobody_called("Zed", ["Ana", "Bea"])
    'Nobody at the table is called Zed. The others at the table: Ana, Bea.'
    >>> nobody_called("", ["Ana"])
    'Type computer and the name of someone away, like: computer Ana.'
    """
    if not text:
        example = people[0] if people else "Bea"
        return _("Type {command} and the name of someone away, like: {command} {name}."
                 ).format(command="computer", name=example)
    return _("Nobody at the table is called {text}. The others at the table: {people}."
             ).format(text=text, people=", ".join(people))


def no_such_player(text: str, players: Sequence[str]) -> str:
    """The ``computer`` command named no computer player.

    >>> no_such_player("Zorro", ["pinocchio", "expert"])
    'There is no computer player called Zorro. Choose one of: pinocchio, expert.'
    """
    return _("There is no computer player called {text}. Choose one of: {players}.").format(
        text=text, players=", ".join(players))


def is_a_computer(name: str) -> str:
    """Why a computer cannot be asked to play for ``name``: a computer plays that seat.

    >>> is_a_computer("Greedy")
    'Greedy is a computer player.'
    """
    return _("{name} is a computer player.").format(name=name)


#: Why a computer cannot be asked to play for the person asking.
NOT_FOR_YOU: Final = N_("A computer plays for someone away, not for you: you are here.")
#: Why a computer cannot be asked to play for anyone now.
NOT_IN_PLAY: Final = N_("A computer may play for someone away only while a game is in play.")


def not_away(name: str) -> str:
    """Why no computer may play for ``name``: they are at the table.

    >>> not_away("Bea")
    'Bea is at the table: a computer plays only for someone away.'
    """
    return _("{name} is at the table: a computer plays only for someone away.").format(
        name=name)


def already_stands_in(player: str, name: str) -> str:
    """Why no computer may be asked to play for ``name``: ``player`` already does.

    >>> already_stands_in("Pinocchio", "Bea")
    'Pinocchio already plays for Bea until Bea is back.'
    """
    return _("{player} already plays for {name} until {name} is back.").format(
        player=player, name=name)


def away_too_short(name: str, away: float, after: float) -> str:
    """Why no computer may play for ``name`` yet: away ``away`` seconds of ``after``.

    >>> away_too_short("Bea", 12, 60)
    'Bea has been away 12 seconds: a computer may play for Bea once Bea has been away a minute.'
    """
    return _("{name} has been away {duration}: a computer may play for {name} once {name} "
             "has been away {after}.").format(name=name, duration=duration(away),
                                               after=duration(after))
