"""What the terminal game says about the session around the game: the saved game it finds, the
commands it prints, the hand between two deals, and ``help`` (``doublesix play`` and
``doublesix join``).

>>> go_on_line("doublesix play --save-dir /tmp/games")
'The game is saved. To go on, type: doublesix play --save-dir /tmp/games --resume'
"""

from __future__ import annotations

import shlex
from collections.abc import Sequence

from doublesix.engine.rules import Rules
from doublesix.engine.tiles import Tile
from doublesix.words.talk import listing, rules_sentence


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
    return f"The game is saved. To go on, type: {command} {'--daily' if daily else '--resume'}"


def unfinished_lines(variant: str, hand: int, scores: str, command: str) -> list[str]:
    """A new game was asked for over an unfinished one (``hand``: 1-based; ``scores``: the
    scores sentence): what is saved, and what each answer does.

    >>> unfinished_lines("Draw", 2, "Scores.", "doublesix play")[1]
    'Type no to go on with it (as doublesix play --resume does), or yes to start the new game \
in its place.'
    """
    return [f"You have an unfinished game of {variant}, hand {hand}. {scores}",
            f"Type no to go on with it (as {command} --resume does), or yes to start the new "
            "game in its place."]


#: The question before a new game replaces an unfinished one (the answers: yes, no).
REPLACE_QUESTION = "Start a new game instead, replacing it? Type yes or no: "
#: The answer "no" to :data:`REPLACE_QUESTION`.
GOING_ON = "Going on with your saved game."
#: The end of the input at :data:`REPLACE_QUESTION`.
KEPT = "Your saved game is kept."


def resumed_line(hand: int) -> str:
    """The first line of a game taken up again (``hand``: 1-based).

    >>> resumed_line(3)
    'Going on with your saved game, hand 3.'
    """
    return f"Going on with your saved game, hand {hand}."


def finished_line(variant: str) -> str:
    """``--resume`` found a game that is over: said before its result and the offer of a new
    one, never "Going on with your saved game".

    >>> finished_line("Muggins")
    'Your saved game of Muggins is over; there is nothing to go on with.'
    """
    return f"Your saved game of {variant} is over; there is nothing to go on with."


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
        return "The game is over: no hand is in play."
    if not held:
        return (f"Hand {hand} is over and you hold no tiles: your next hand comes with the "
                "next deal.")
    listed = listing([str(tile) for tile in held])
    return (f"Hand {hand} is over; it ended with {listed} in your hand. Your next hand comes "
            "with the next deal.")


def description(variants: Sequence[str]) -> str:
    """``doublesix --help``'s first sentence, naming every variant (the rule book's names).

    >>> description(["Draw", "Block", "Partnership"])
    'Dominoes against computer opponents: Draw, Block and Partnership.'
    """
    return f"Dominoes against computer opponents: {listing(variants)}."


def help_lines(rules: Rules, command: str = "doublesix play", quit_words: str | None = None,
               *, at_table: bool = False) -> list[str]:
    """What may be typed, and the rules of this game in brief (``command`` starts the game;
    ``quit_words`` say what ``quit`` does when it is not the saved game's stop).  At a web
    table (``at_table``) only what works there: no ``review``, no ``stats``.

    >>> lines = help_lines(Rules.variant("block"), at_table=True)
    >>> lines[4], any(line.startswith("review") for line in lines)
    ('resign: give up this game (you are asked first).', False)
    """
    compact = " or 64" if rules.set <= 9 else ""
    ends = "l, r, u or d" if rules.spinner else "l or r"
    lines = [
        f"To lay a tile, type it: 6 4, 6|4, 6-4{compact}. "
        f"If it fits two ends, add the end: 6 4 l. Ends are {ends}, or the words.",
    ]
    if rules.drawing:
        lines.append("draw: take one tile from the boneyard when nothing fits.")
    lines += [
        "A pass happens by itself when you cannot lay or draw.",
        "hand: your tiles. board: the tiles on the table. score: the scoresheet.",
        "history: what happened this hand. hint: what the expert would play, and why.",
    ]
    if at_table:
        lines.append("resign: give up this game (you are asked first).")
    else:
        lines += ["review: after a hand or the game, the expert goes through your moves.",
                  "resign: give up this game (you are asked first). stats: your rating."]
    lines += [
        quit_words or f"quit: stop; the game is saved, and {command} --resume goes on.",
        rules_sentence(rules),
    ]
    return lines
