"""What the coach says in the lessons (issue 44): each step's sentence, why a move was worse
(with the engine's numbers, handed in by the lesson's runner, :mod:`doublesix.ai.lessons`),
and the lesson's end.  Every sentence is whole, with named placeholders, and said in the
language of the moment.

>>> from doublesix.engine.moves import Move
>>> step_sentence("all-fives.count", tile="6|3", count=12)
'The ends count 12 now. Lay 6|3: it makes the ends a multiple of 5, and you score that many points.'
>>> wrong_sentence("points", Move.parse("6|4 left"), Move.parse("6|3 left"),
...                points=0, better_points=15, better_count=15).split(". ")
['6|4 scores nothing; 6|3 on the left end makes the ends count 15: 15 points', \
"Let's take that back and try 6|3 there."]
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from doublesix.engine.moves import Move
from doublesix.words import players
from doublesix.words.endwords import end_name
from doublesix.words.i18n import N_, _, ngettext
from doublesix.words.names import YOU_NAME

if TYPE_CHECKING:  # the runner's numbers, said here (the words import the engine only)
    from doublesix.ai.lessons import Tutor, Wrong

#: Each step's sentence, by the step's key (``variant.name``: :data:`doublesix.ai.lessons.LESSONS`).
#: The placeholders: ``{tile}`` the step's tile, ``{name}`` the next player, ``{partner}`` your
#: partner, ``{count}`` the board count now.
STEPS: Final = {
    "draw.intro": N_("Welcome to Draw. Each tile has two numbers: lay a tile with a number "
                     "that matches an open end of the line."),
    "draw.match": N_("Two of your tiles match an open end. Lay the heavier one, {tile}: the "
                     "pips left in your hand count for the other player."),
    "draw.only": N_("{name} laid a tile. One of yours matches an end now: lay it."),
    "draw.draw": N_("None of your tiles matches either end. Draw from the boneyard until one "
                    "does."),
    "draw.drawn": N_("The tile you drew matches: lay it."),
    "draw.again": N_("{name} answered. Lay the tile of yours that matches."),
    "draw.heavy": N_("Both your tiles match. Lay the heavier one, {tile}, first."),
    "draw.out": N_("One tile left: lay it and go out. Domino!"),
    "block.intro": N_("Welcome to Block. Nobody draws here: when none of your tiles matches "
                      "an end, you pass."),
    "block.heavy": N_("Lay the heavier of your matching tiles, {tile}: when a hand is "
                      "blocked, the lightest hand wins."),
    "block.passed": N_("{name} had nothing to match and passed. It is your turn again: lay "
                       "your tile that matches."),
    "block.last": N_("Lay your tile that matches, and see what happens next."),
    "block.blocked": N_("Nobody can lay a tile: the hand is blocked. The lightest hand wins "
                        "it and scores the pips in the other hand, less its own."),
    "all-fives.intro": N_("Welcome to All Fives. You score as you lay: when the open ends add "
                          "up to a multiple of 5, you score that many points."),
    "all-fives.count": N_("The ends count {count} now. Lay {tile}: it makes the ends a "
                          "multiple of 5, and you score that many points."),
    "all-fives.only": N_("{name} answered. Only one of your tiles matches now: lay it."),
    "all-fives.next": N_("Lay your tile that matches."),
    "all-fives.out": N_("Your last tile: lay it and go out."),
    "all-fives.end": N_("The hand is over. Going out also scores the pips left in the other "
                        "hand, rounded to the nearest 5."),
    "muggins.intro": N_("Welcome to Muggins. The first double is the spinner: tiles go on "
                        "both its sides, then on its two arms, and every open end counts."),
    "muggins.side": N_("Lay the heavier of your matching tiles, {tile}, beside the spinner."),
    "muggins.spinner": N_("Both sides of the spinner are taken, so its arms are open. Lay "
                          "{tile} on an arm: the ends then count a multiple of 5."),
    "muggins.arm": N_("Every open end counts, the arms too. Lay {tile} where it makes a "
                      "multiple of 5 again."),
    "muggins.down": N_("Now lay {tile} on the spinner's other arm: that scores too."),
    "muggins.out": N_("Your last tile: lay it and go out."),
    "partnership.intro": N_("Welcome to Partnership. You play with {partner}, across the "
                            "table, against the other two. Nobody draws, and your side scores "
                            "together."),
    "partnership.heavy": N_("Lay the heavier of your matching tiles, {tile}."),
    "partnership.partner": N_("Only one of your tiles matches now: lay it."),
    "partnership.block": N_("{name} passed before, so they hold none of the numbers open "
                            "then. Lay {tile} to leave only such a number open."),
    "partnership.blocked": N_("Nobody can lay a tile: the hand is blocked, and the side with "
                              "the fewest pips wins it. You and {partner} score together."),
}

#: Each lesson's topic, by variant: the lessons' list names them so.
TOPICS: Final = {
    "draw": N_("Draw: match a number, and draw when nothing matches"),
    "block": N_("Block: pass when nothing matches, and the blocked hand's count"),
    "all-fives": N_("All Fives: the ends' count, and scoring in fives"),
    "muggins": N_("Muggins: the spinner and its four open ends"),
    "partnership": N_("Partnership: play with your partner against the other side"),
}
#: The page's words around the lessons (written into the browser's labels by
#: :mod:`doublesix.words.pagelabels`).
LEARN_TO_PLAY: Final = N_("Learn to play")
LEARN_LEAD: Final = N_("A short guided hand of each game, on the real table, with a coach who "
                       "says what to look at and why. Each takes a few minutes.")
LEARN_OFFER: Final = N_("New to dominoes? A coach shows you each game in a few minutes.")
COACH: Final = N_("Coach")
NEXT_LESSON: Final = N_("Next lesson")
ALL_LESSONS: Final = N_("All lessons")
PLAY_A_GAME: Final = N_("Play a game")
#: The terminal's prompt at a step that only explains.
NEXT_PROMPT: Final = N_("Press Enter for the next step.")
#: What the page's Next button says.
NEXT_BUTTON: Final = N_("Next")


def step_sentence(key: str, **values: object) -> str:
    """A step's sentence, its placeholders filled (those it does not use are left aside).

    >>> step_sentence("draw.only", name="Pinocchio")
    'Pinocchio laid a tile. One of yours matches an end now: lay it.'
    """
    return _(STEPS[key]).format(**values)


def _place(move: Move) -> str:
    return end_name(move.end) if move.end is not None else ""


def wrong_sentence(kind: str, played: Move, better: Move, *, points: int = 0,
                   better_points: int = 0, better_count: int = 0, pips: int = 0,
                   better_pips: int = 0, name: str = "", number: int | None = None) -> str:
    """Why ``played`` was worse than ``better``, then that it is taken back, in one whole
    sentence a kind (the numbers are the engine's: :func:`doublesix.ai.lessons.explain`).

    >>> wrong_sentence("pips", Move.parse("6|1 left"), Move.parse("6|4 left"),
    ...                pips=7, better_pips=10).split(". ")
    ['6|1 keeps 6|4 in your hand, and its 10 pips count against you when the hand ends', \
    "Let's take that back and try 6|4."]
    """
    tile = str(played.tile) if played.tile is not None else str(played)
    best = str(better.tile) if better.tile is not None else str(better)
    if kind == "pips":
        return ngettext(
            "{tile} keeps {better} in your hand, and its {pips} pip counts against you when "
            "the hand ends. Let's take that back and try {better}.",
            "{tile} keeps {better} in your hand, and its {pips} pips count against you when "
            "the hand ends. Let's take that back and try {better}.",
            better_pips).format(tile=tile, better=best, pips=better_pips)
    if kind == "points" and points == 0:
        return ngettext(
            "{tile} scores nothing; {better} on {end} makes the ends count {count}: {points} "
            "point. Let's take that back and try {better} there.",
            "{tile} scores nothing; {better} on {end} makes the ends count {count}: {points} "
            "points. Let's take that back and try {better} there.",
            better_points).format(tile=tile, better=best, end=_place(better),
                                  count=better_count, points=better_points)
    if kind == "points":
        return ngettext(
            "{tile} scores only {scored}; {better} on {end} makes the ends count {count}: "
            "{points} point. Let's take that back and try {better} there.",
            "{tile} scores only {scored}; {better} on {end} makes the ends count {count}: "
            "{points} points. Let's take that back and try {better} there.",
            better_points).format(tile=tile, scored=points, better=best, end=_place(better),
                                  count=better_count, points=better_points)
    if kind == "pass":
        return _("{name} passed when {number} was open, so they hold no {number}. {better} on "
                 "{end} leaves only {number} open, and they must pass again. Let's take that "
                 "back and try it.").format(name=name, number=number, better=best,
                                           end=_place(better))
    return _("{tile} is a fair move, but this lesson goes on from {better} on {end}. Let's "
             "take that back and try it.").format(tile=tile, better=best, end=_place(better))


def done_sentence(score: int) -> str:
    """The lesson's last words, with the person's score.

    >>> done_sentence(25)
    'Lesson complete: you finished with 25 points. Start a game of your own whenever you like.'
    """
    return ngettext("Lesson complete: you finished with {count} point. Start a game of your "
                    "own whenever you like.",
                    "Lesson complete: you finished with {count} points. Start a game of your "
                    "own whenever you like.", score).format(count=score)


def progress(step: int, steps: int) -> str:
    """Where the lesson is, in words.

    >>> progress(2, 6)
    'Step 2 of 6'
    """
    return _("Step {step} of {steps}").format(step=step, steps=steps)


def no_such_lesson() -> str:
    """What a lesson's socket answers for a game with no lesson."""
    return _("There is no such lesson: choose one of the five games.")


def not_now() -> str:
    """What the lesson answers a move or a Next it is not waiting for."""
    return _("The lesson is not waiting for that now: read what the coach says.")


def not_in_lesson() -> str:
    """What the lesson answers a request no lesson takes (a hint, an undo, the next hand)."""
    return _("In a lesson, play the move the coach asks for, or go on with Next.")


def next_button() -> str:
    """The coach's Next button, in the language of the moment."""
    return _(NEXT_BUTTON)


# -- a lesson in play: the coach's words from the runner, for every face --------------------


def names(tutor: Tutor) -> list[str]:
    """Each seat's name in the lesson: you, and the computers by their names.

    >>> from doublesix.ai.lessons import LESSONS, Tutor
    >>> names(Tutor(LESSONS["partnership"]))
    ['You', 'Pinocchio', 'Snow White', 'Buratino']
    """
    return [YOU_NAME if kind == "human" else players.label(kind)
            for kind in tutor.lesson.kinds]


def step_words(tutor: Tutor) -> str:
    """What the coach says at the step the lesson is at (its last words once done)."""
    step = tutor.step
    match = tutor.match
    you = tutor.lesson.kinds.index("human")
    if step is None:
        return done_sentence(match.scores[you])
    shown = names(tutor)
    tile = next((want.split()[0] for want in step.moves), "")
    partner = match.rules.partner_of(you)
    return step_sentence(
        step.key, tile=tile, name=shown[(you + 1) % match.rules.players],
        partner="" if partner is None else shown[partner], count=match.board_count)


def wrong_words(tutor: Tutor, wrong: Wrong) -> str:
    """Why a move was worse, and that it is taken back."""
    shown = names(tutor)
    return wrong_sentence(
        wrong.kind, wrong.played, wrong.better, points=wrong.points,
        better_points=wrong.better_points, better_count=wrong.better_count, pips=wrong.pips,
        better_pips=wrong.better_pips, name="" if wrong.seat is None else shown[wrong.seat],
        number=wrong.number)
