"""What the terminal game says about the session around the game: the saved game it finds, the
commands it prints, the hand between two deals, and ``help`` (``doublesix play`` and
``doublesix join``).

>>> go_on_line("doublesix play --save-dir /tmp/games")
'The game is saved. To go on, type: doublesix play --save-dir /tmp/games --resume'
"""

from __future__ import annotations

import shlex
from collections.abc import Sequence
from typing import Final

from doublesix.engine.rules import Rules
from doublesix.engine.tiles import Tile
from doublesix.words.endwords import or_list
from doublesix.words.i18n import N_, _, pgettext
from doublesix.words.talk import listing, rules_sentence

#: What the terminal says to a line that is neither a tile nor a command.
TYPE_A_TILE: Final = N_("Type a tile, such as 6 4, or a command. Type help for the list.")

def with_save_dir(command: str, folder: str | None) -> str:
    """``command`` with ``--save-dir folder`` when the person gave one, so that every command
    the game prints finds the same saves.

    >>> with_save_dir("doublesix play", None)
    'doublesix play'
    >>> with_save_dir("scripts/play terminal", "my games")
    "scripts/play terminal --save-dir 'my games'"
    """
    return command if not folder else f"{command} --save-dir {shlex.quote(folder)}"


def go_on_line(command: str, daily: bool = False) -> str:
    """The last line when the game stops: where it is and how to go on (``command`` starts
    the game, as the person can type it again).

    >>> go_on_line("doublesix play", daily=True)
    'The game is saved. To go on, type: doublesix play --daily'
    """
    return _("The game is saved. To go on, type: {command}").format(
        command=f"{command} {'--daily' if daily else '--resume'}")


def unfinished_lines(variant: str, hand: int, scores: str, command: str) -> list[str]:
    """A new game was asked for over an unfinished one (``hand``: 1-based; ``scores``: the
    scores sentence): what is saved, and what each answer does.

    >>> unfinished_lines("Draw", 2, "Scores.", "doublesix play")[1]
    'Type no to go on with it (as doublesix play --resume does), or yes to start the new game \
in its place.'
    """
    return [_("You have an unfinished game of {variant}, hand {hand}. {scores}").format(
                variant=variant, hand=hand, scores=scores),
            _("Type no to go on with it (as {command} does), or yes to start the new game in "
              "its place.").format(command=f"{command} --resume")]


#: The question before a new game replaces an unfinished one (the answers: yes, no).
REPLACE_QUESTION = N_("Start a new game instead, replacing it? Type yes or no: ")
#: The answer "no" to :data:`REPLACE_QUESTION`.
GOING_ON = N_("Going on with your saved game.")
#: The end of the input at :data:`REPLACE_QUESTION`.
KEPT = N_("Your saved game is kept.")


def resumed_line(hand: int) -> str:
    """The first line of a game taken up again (``hand``: 1-based).

    >>> resumed_line(3)
    'Going on with your saved game, hand 3.'
    """
    return _("Going on with your saved game, hand {hand}.").format(hand=hand)


def finished_line(variant: str) -> str:
    """``--resume`` found a game that is over: said before its result and the offer of a new
    one, never "Going on with your saved game".

    >>> finished_line("Muggins")
    'Your saved game of Muggins is over; there is nothing to go on with.'
    """
    return _("Your saved game of {variant} is over; there is nothing to go on with.").format(
        variant=variant)


def no_hand_line(hand: int, held: Sequence[Tile], over: bool) -> str:
    """``hand`` between two deals (``hand``: the 1-based number of the hand that ended,
    ``held``: the tiles left at its end; ``over``: the game is over, no deal follows).

    >>> no_hand_line(1, [], over=False)
    'Hand 1 is over and you hold no tiles: your next hand comes with the next deal.'
    >>> no_hand_line(2, [Tile(6, 1), Tile(2, 0)], over=False)
    'Hand 2 is over; it ended with 6|1 and 2|0 in your hand. Your next hand comes with the \
next deal.'
    >>> no_hand_line(4, [], over=True)
    'The game is over: no hand is in play.'
    """
    if over:
        return _("The game is over: no hand is in play.")
    if not held:
        return _("Hand {hand} is over and you hold no tiles: your next hand comes with the "
                 "next deal.").format(hand=hand)
    listed = listing([str(tile) for tile in held])
    return _("Hand {hand} is over; it ended with {tiles} in your hand. Your next hand comes "
             "with the next deal.").format(hand=hand, tiles=listed)


def description(variants: Sequence[str]) -> str:
    """``doublesix --help``'s first sentence, naming every variant (the rule book's names).

    >>> description(["Draw", "Block", "Partnership"])
    'Dominoes against computer opponents: Draw, Block and Partnership.'
    """
    return _("Dominoes against computer opponents: {variants}.").format(
        variants=listing(variants))


def help_lines(rules: Rules, command: str = "doublesix play", quit_words: str | None = None,
               *, at_table: bool = False) -> list[str]:
    """What may be typed, and the rules of this game in brief (``command`` starts the game;
    ``quit_words`` say what ``quit`` does when it is not the saved game's stop).  At a web
    table (``at_table``) only what works there: no ``review``, no ``stats``.

    >>> lines = help_lines(Rules.variant("block"), at_table=True)
    >>> lines[4], any(line.startswith("review") for line in lines)
    ('resign: give up this game (you are asked first).', False)
    """
    keys = end_keys(rules.spinner)
    words = command_words()
    ends = listing_or(keys)
    values = {"left": keys[0], **words}
    lines = [
        (_("To lay a tile, type it: 6 4, 6|4, 6-4 or 64. If it fits two ends, add the end: "
           "6 4 {left}. Ends are {ends}, or the words.") if rules.set <= 9
         else _("To lay a tile, type it: 6 4, 6|4, 6-4. If it fits two ends, add the end: "
                "6 4 {left}. Ends are {ends}, or the words.")).format(ends=ends, **values),
    ]
    if rules.drawing:
        lines.append(_("{draw}: take one tile from the boneyard when nothing fits.").format(
            **values))
    lines += [
        _("A pass happens by itself when you cannot lay or draw."),
        _("{hand}: your tiles. {board}: the tiles on the table. {score}: the scoresheet.").format(
            **values),
        _("{history}: what happened this hand. {hint}: what the expert would play, and why."
          ).format(**values),
    ]
    if at_table:
        lines.append(_("{resign}: give up this game (you are asked first).").format(**values))
    else:
        lines += [_("{review}: after a hand or the game, the expert goes through your moves."
                    ).format(**values),
                  _("{resign}: give up this game (you are asked first). {stats}: your rating."
                    ).format(**values)]
    lines += [
        quit_words or _("{quit}: stop; the game is saved, and {command} goes on.").format(
            command=f"{command} --resume", **values),
        rules_sentence(rules),
    ]
    return lines


#: The commands that are words, by their English name, each a message in the context
#: "command": what the person types (in their language, or in English).
COMMAND_NAMES: Final = ("draw", "pass", "hand", "board", "score", "history", "hint", "review",
                        "stats", "resign", "help", "quit")


def command_words() -> dict[str, str]:
    """Each command's word in the current language (the first word the terminal accepts for
    it, and the word ``help`` shows).

    >>> command_words()["draw"]
    'draw'
    """
    return {
        "draw": pgettext("command", "draw"), "pass": pgettext("command", "pass"),
        "hand": pgettext("command", "hand"), "board": pgettext("command", "board"),
        "score": pgettext("command", "score"), "history": pgettext("command", "history"),
        "hint": pgettext("command", "hint"), "review": pgettext("command", "review"),
        "stats": pgettext("command", "stats"), "resign": pgettext("command", "resign"),
        "help": pgettext("command", "help"), "quit": pgettext("command", "quit"),
    }


def answer_words() -> dict[str, tuple[str, ...]]:
    """The answers to a yes-or-no question in the current language: its words for yes and for
    no, each with its one-letter form.

    >>> answer_words()
    {'yes': ('yes', 'y'), 'no': ('no', 'n')}
    """
    # Translators: the answers a person types to a yes-or-no question, and their first letter.
    return {"yes": (pgettext("answer", "yes"), pgettext("answer", "y")),
            "no": (pgettext("answer", "no"), pgettext("answer", "n"))}


def end_keys(spinner: bool) -> list[str]:
    """The letters that name the ends in the current language, in the order left, right, up,
    down (only left and right without a spinner).

    >>> end_keys(True), end_keys(False)
    (['l', 'r', 'u', 'd'], ['l', 'r'])
    """
    keys = [pgettext("end key", "l"), pgettext("end key", "r"), pgettext("end key", "u"),
            pgettext("end key", "d")]
    return keys if spinner else keys[:2]


def listing_or(items: Sequence[str]) -> str:
    """Choices joined with commas and a final "or" (:func:`doublesix.words.endwords.or_list`)."""
    return or_list(list(items))
