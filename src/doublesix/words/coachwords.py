"""The coach's words (issue 44): what the game says at once when a move lost much more than the
best move (:class:`doublesix.ai.coach.Advice`, whose numbers these sentences say), the same in
the browser and the terminal.  Pure: no I/O.

>>> from doublesix.ai.coach import Advice
>>> from doublesix.engine.moves import Move
>>> advice = Advice(Move.parse("6|2 right"), Move.parse("4|4 left"), 0.24, "blunder", "scores",
...                 best_scores=20, board_count=20)
>>> coach_sentence(advice)
'4|4 would have been better: it makes the ends count 20, which scores 20, where 6|2 scores \
nothing.'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from doublesix.engine.moves import Move
from doublesix.words.endwords import end_name, or_list
from doublesix.words.i18n import N_, _, capital, ngettext, percent, pgettext

if TYPE_CHECKING:  # the coach's numbers, which these words say
    from doublesix.ai.coach import Advice

#: Said after the coach's sentence when the move may still be taken back (a game against the
#: computers, the hand in play).
TAKE_BACK = N_("You can still take this move back and try another.")
#: Said after the coach's first sentence in a game that was to be rated: from then on it is
#: casual (:func:`doublesix.ai.ratings.casual`).
NOW_CASUAL = N_("The coach has helped, so this game will not count for your rating.")
#: Said with the result of a game the coach helped in (the browser's result, the terminal's
#: game end), where a rated game says how the rating moved.
COACHED_GAME = N_("The coach helped in this game, so it does not count for your rating.")


def move_name(move: Move, with_end: bool) -> str:
    """A move as the coach names it: its tile alone, or with its end where the tile fits ends
    that make different tables (``with_end``).

    >>> move_name(Move.parse("6|4 left"), False), move_name(Move.parse("6|4 left"), True)
    ('6|4', '6|4 on the left end')
    >>> move_name(Move.parse("5|5 up"), True), move_name(Move.draw(), False)
    ('5|5 on the up arm', 'drawing')
    """
    if move.kind == "draw":
        return pgettext("move", "drawing")
    if move.kind == "pass":
        return pgettext("move", "passing")
    if with_end and move.end is not None:
        return _("{tile} on {end}").format(tile=move.tile, end=end_name(move.end))
    return str(move.tile)


def coach_sentence(advice: Advice) -> str:
    """The coach's sentence: the better move and why, as one sentence.

    >>> from doublesix.ai.coach import Advice
    >>> played, best = Move.parse("6|2 right"), Move.parse("6|5 left")
    >>> coach_sentence(Advice(played, best, 0.1, "mistake", "scores", best_scores=15,
    ...                       played_scores=5, board_count=15))
    '6|5 would have been better: it makes the ends count 15, which scores 15, where 6|2 scores \
only 5.'
    >>> coach_sentence(Advice(played, best, 0.1, "mistake", "blocks", numbers=(2, 5)))
    '6|5 would have been better: it leaves a 2 or 5 open, which the next player lacks.'
    >>> coach_sentence(Advice(played, best, 0.1, "mistake", "wins", chances=(0.7, 0.55)))
    '6|5 would have been better: it wins the hand in 70% of the deals tried, where 6|2 wins in \
55%.'
    >>> coach_sentence(Advice(played, best, 0.1, "mistake", "wins", chances=(0.5, 0.5),
    ...                       points=7.6))
    '6|5 would have been better: over the deals tried it makes 8 points more in this hand than \
6|2.'
    """
    best = capital(move_name(advice.best, advice.best_end_matters))
    played = move_name(advice.played, advice.played_end_matters)
    if advice.why == "scores":
        if advice.played_scores:
            return _("{best} would have been better: it makes the ends count {count}, which "
                     "scores {points}, where {played} scores only {other}.").format(
                best=best, count=advice.board_count, points=advice.best_scores, played=played,
                other=advice.played_scores)
        return _("{best} would have been better: it makes the ends count {count}, which scores "
                 "{points}, where {played} scores nothing.").format(
            best=best, count=advice.board_count, points=advice.best_scores, played=played)
    if advice.why == "blocks":
        numbers = or_list([str(n) for n in advice.numbers])
        return _("{best} would have been better: it leaves a {numbers} open, which the next "
                 "player lacks.").format(best=best, numbers=numbers)
    wins, yours = (round(100 * share) for share in advice.chances)
    if wins > yours:
        return _("{best} would have been better: it wins the hand in {share} of the deals "
                 "tried, where {played} wins in {other}.").format(
            best=best, share=percent(advice.chances[0]), played=played,
            other=percent(advice.chances[1]))
    count = max(1, round(advice.points))
    return ngettext(
        "{best} would have been better: over the deals tried it makes {count} point more in "
        "this hand than {played}.",
        "{best} would have been better: over the deals tried it makes {count} points more in "
        "this hand than {played}.", count).format(best=best, count=count, played=played)


def take_back() -> str:
    """What the coach adds when the move may still be taken back.

    >>> take_back()
    'You can still take this move back and try another.'
    """
    return _(TAKE_BACK)


def now_casual() -> str:
    """What the coach adds the first time it helps in a game that was to be rated.

    >>> now_casual()
    'The coach has helped, so this game will not count for your rating.'
    """
    return _(NOW_CASUAL)


def coached_game() -> str:
    """The result's sentence for a game the coach helped in.

    >>> coached_game()
    'The coach helped in this game, so it does not count for your rating.'
    """
    return _(COACHED_GAME)
