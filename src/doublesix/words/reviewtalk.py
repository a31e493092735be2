"""The expert's review in words: each decision (:func:`review_line`), what hindsight says
(:func:`hindsight_line`), the luck (:func:`luck_line`) and the summary (:func:`review_summary`),
which the library, the terminal and the browser share; and the review screen's labels,
headings and progress in the web game, written once here and sent by the server, so the
browser composes none.  Said in the language of the moment (:mod:`doublesix.words.i18n`), its
numbers the local way.

>>> decision_label(3, "mistake")
'Move 3: a mistake'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from babel.numbers import get_decimal_symbol

from doublesix.engine.moves import Move
from doublesix.words import names as seat_names
from doublesix.words.eventwords import end_words
from doublesix.words.i18n import N_, _, babel_locale, ngettext, percent

if TYPE_CHECKING:  # the review's numbers, which these words say
    from doublesix.ai.review import Decision, Review

#: What each mark of a review says, after the decision's line.
MARK_WORDS: Final = {
    "best": N_("The best move."),
    "good": N_("A good move."),
    "inaccuracy": N_("An inaccuracy."),
    "mistake": N_("A mistake."),
    "blunder": N_("A blunder."),
}
#: Each mark as a decision's list names it ("Move 3: a mistake").
MARK_NAMES: Final = {
    "best": N_("the best move"),
    "good": N_("a good move"),
    "inaccuracy": N_("an inaccuracy"),
    "mistake": N_("a mistake"),
    "blunder": N_("a blunder"),
}


def fixed(value: float, digits: int = 1, signed: bool = False) -> str:
    """A number with ``digits`` decimals (and its sign, ``signed``), the local way.

    >>> fixed(4.25), fixed(-0.04, signed=True), fixed(0.2, 2)
    ('4.2', '-0.0', '0.20')
    """
    text = f"{value:+.{digits}f}" if signed else f"{value:.{digits}f}"
    return text.replace(".", get_decimal_symbol(babel_locale()))


def move_words(move: Move) -> str:
    """A move as the review names it.

    >>> from doublesix import Tile
    >>> move_words(Move(Tile(6, 4), "right")), move_words(Move(Tile(5, 5), "up"))
    ('6|4 on the right end', '5|5 on the up arm')
    >>> move_words(Move(Tile(6, 6))), move_words(Move.draw())
    ('6|6 to open', 'a draw')
    """
    if move.kind == "draw":
        return _("a draw")
    if move.kind == "pass":
        return _("a pass")
    if move.end is None:
        # Translators: a tile laid first, opening the line ("6|6 to open").
        return _("{tile} to open").format(tile=move.tile)
    if move.end in ("up", "down"):
        return _("{tile} on the {end} arm").format(tile=move.tile, end=end_words(move.end))
    return _("{tile} on the {end} end").format(tile=move.tile, end=end_words(move.end))


#: The chances of winning the hand, in 100 hands: the best move's, and the move played's.
Chances = tuple[float, float]


def _difference(points: float, chances: Chances | None) -> str:
    """How much better one move is than another (a clause that gives its reason): in points of
    the hand's margin (``points``: the better move's less the other's) and, where the hand is
    scored by pips, in ``chances``: how often each wins the hand (a share, 0 to 1), the better
    move's first.  A move can be better for winning more often at fewer points; it says so.

    >>> _difference(4.2, None), _difference(0.02, None)
    ('4.2 points better', 'barely better')
    >>> _difference(-0.7, (0.502, 0.5))
    'winning the hand a little more often, for 0.7 points fewer'
    >>> _difference(-1.5, (0.58, 0.5))
    'winning the hand 58 times in 100 against 50 for yours, for 1.5 points fewer'
    >>> _difference(0.0, (1.0, 0.0)), _difference(30.0, (0.4, 0.45))
    ('winning the hand 100 times in 100 against 0 for yours', '30.0 points better, though \
winning the hand 40 times in 100 against 45 for yours')
    """
    shown = round(points, 1)
    best, yours = (None, None) if chances is None else (round(100 * c) for c in chances)
    more, fewer = fixed(shown), fixed(-shown)
    if best is None or yours is None or best == yours:
        if shown > 0:
            # Translators: a clause: how much better the best move is.
            return _("{points} points better").format(points=more)
        if shown < 0:
            return _("winning the hand a little more often, for {points} points "
                     "fewer").format(points=fewer)
        return _("barely better")
    if best > yours:
        if shown > 0:
            return _("{points} points better, winning the hand {best} times in 100 against "
                     "{yours} for yours").format(points=more, best=best, yours=yours)
        if shown < 0:
            return _("winning the hand {best} times in 100 against {yours} for yours, for "
                     "{points} points fewer").format(points=fewer, best=best, yours=yours)
        return _("winning the hand {best} times in 100 against {yours} for "
                 "yours").format(best=best, yours=yours)
    return _("{points} points better, though winning the hand {best} times in 100 against "
             "{yours} for yours").format(points=fixed(max(shown, 0.0)), best=best, yours=yours)


def review_line(number: int, played: Move, played_scores: int, best: Move, best_scores: int,
                points: float, chances: Chances | None, mark: str,
                game: float | None = None) -> str:
    """One decision of a review, spoken to its seat: move ``number`` of the hand (as the
    review's replay numbers its steps), the move played and what it scored, the best move, how
    much better it was (``points`` of the hand's margin; ``chances``: how often the best move
    and the move played win the hand, None under fives; ``game``: how much more often it wins
    the game, where that is known) and the mark.

    >>> from doublesix.engine.tiles import Tile
    >>> review_line(3, Move(Tile(6, 4), "right"), 10, Move(Tile(5, 5), "left"), 15, 4.2,
    ...             None, "mistake")
    'Move 3: you laid 6|4 on the right end, scoring 10. Best: 5|5 on the left end, scoring 15, \
4.2 points better. A mistake.'
    >>> review_line(5, Move(Tile(4, 2), "left"), 0, Move(Tile(4, 2), "left"), 0, 0.0,
    ...             (0.5, 0.5), "best")
    'Move 5: you laid 4|2 on the left end. The best move.'
    >>> review_line(2, Move(Tile(3, 1), "left"), 0, Move(Tile(6, 1), "left"), 0, -1.5,
    ...             (0.58, 0.5), "inaccuracy")
    'Move 2: you laid 3|1 on the left end. Best: 6|1 on the left end, winning the hand 58 times \
in 100 against 50 for yours, for 1.5 points fewer. An inaccuracy.'
    >>> review_line(3, Move(Tile(6, 4), "right"), 10, Move(Tile(5, 5), "left"), 15, 4.2,
    ...             None, "mistake", 0.031)
    'Move 3: you laid 6|4 on the right end, scoring 10. Best: 5|5 on the left end, scoring 15, \
4.2 points better, 3% of the game. A mistake.'
    """
    if played_scores:
        first = _("Move {number}: you laid {move}, scoring {points}.")
    else:
        first = _("Move {number}: you laid {move}.")
    said = [first.format(number=number, move=move_words(played), points=played_scores)]
    if mark != "best":
        better = _of_the_game(_difference(points, chances), game)
        if best_scores:
            # Translators: {difference} says how much better ("4.2 points better").
            said.append(_("Best: {move}, scoring {points}, {difference}.").format(
                move=move_words(best), points=best_scores, difference=better))
        else:
            said.append(_("Best: {move}, {difference}.").format(move=move_words(best),
                                                                 difference=better))
    said.append(_(MARK_WORDS[mark]))
    return " ".join(said)


def _of_the_game(difference: str, game: float | None) -> str:
    """A move's ``difference`` and how much of the chance of winning the game it cost (a
    share): the difference alone where that is not known or nothing was lost.

    >>> _of_the_game("better", 0.031), _of_the_game("better", 0.002)
    ('better, 3% of the game', 'better, under 1% of the game')
    >>> _of_the_game("better", 0.0), _of_the_game("better", None)
    ('better', 'better')
    """
    if game is None or game <= 0.0:
        return difference
    share = round(100 * game)
    if not share:
        return _("{difference}, under 1% of the game").format(difference=difference)
    # Translators: {share} is a percentage ("3%").
    return _("{difference}, {share} of the game").format(difference=difference,
                                                          share=percent(share / 100))


def hindsight_line(played: Move, best: Move, points: float, chances: Chances | None) -> str:
    """What knowing every hand (and the boneyard's order) says of the same decision, if every
    seat then played by the expert's rule of thumb (its playouts: not what was played after,
    so a hand won can still have had a better move).

    >>> from doublesix.engine.tiles import Tile
    >>> hindsight_line(Move(Tile(6, 4), "right"), Move(Tile(6, 4), "right"), 0.0, None)
    'Knowing every hand, and if every seat then played by rule of thumb, yours was best too.'
    >>> hindsight_line(Move(Tile(6, 4), "right"), Move(Tile(4, 4), "left"), 3.0, None)
    'Knowing every hand, and if every seat then played by rule of thumb, 4|4 on the left end \
was best, 3.0 points better.'
    """
    if best == played:
        return _("Knowing every hand, and if every seat then played by rule of thumb, yours was "
                 "best too.")
    return _("Knowing every hand, and if every seat then played by rule of thumb, {move} was "
             "best, {difference}.").format(move=move_words(best),
                                           difference=_difference(points, chances))


def luck_line(hand_number: int, worth: float, known: float, result: int) -> str:
    """The luck of a hand's deal and draws, for one seat: its tiles' ``worth`` at its first
    turn as it saw them, what they were worth knowing every hand (``known``, every seat then
    playing by rule of thumb) and the hand's ``result``, all in points of the hand's margin
    (+ for the seat).

    >>> luck_line(0, 3.14, 8.0, 12)
    'Hand 1: luck +4.9 points. Your tiles were worth +3.1 as you saw them, +8.0 knowing every \
hand (every seat then playing by rule of thumb); the hand ended +12.'
    """
    return _("Hand {number}: luck {luck} points. Your tiles were worth {worth} as you saw them, "
             "{known} knowing every hand (every seat then playing by rule of thumb); the hand "
             "ended {result}.").format(
        number=hand_number + 1, luck=fixed(known - worth, signed=True),
        worth=fixed(worth, signed=True), known=fixed(known, signed=True), result=f"{result:+d}")


def lost_words(points: float, hands: float | None) -> str:
    """What a review's decisions lost, in all: ``points`` of margin and, where hands are scored
    by pips, ``hands``: the chances of winning a hand given away at each decision, added up
    (so in hands, not in 100: two decisions that each lost half a hand lost one hand).  Under
    pips the best move may score fewer points for winning more often: then points are gained.

    >>> lost_words(12.46, None), lost_words(0.2, 0.11)
    ('Points lost: 12.5.', 'Points lost: 0.2. The chances of winning a hand you gave away add \
up to 0.11 hands.')
    >>> lost_words(-1.2, 3.09)
    'Points lost: none; your moves made 1.2 points more than the best ones, which win more \
often. The chances of winning a hand you gave away add up to 3.09 hands.'
    >>> lost_words(2.0, -0.2)
    'Points lost: 2.0. Your moves won the hand more often than the best ones: 0.20 hands more, \
added up.'
    """
    shown = round(points, 1)
    if shown > 0:
        said = [_("Points lost: {points}.").format(points=fixed(shown))]
    elif shown < 0 and hands is not None:
        said = [_("Points lost: none; your moves made {points} points more than the best ones, "
                  "which win more often.").format(points=fixed(-shown))]
    else:
        said = [_("Points lost: none.")]
    given = None if hands is None else round(hands, 2)
    if given is not None and given > 0:
        said.append(_("The chances of winning a hand you gave away add up to {hands} "
                      "hands.").format(hands=fixed(given, 2)))
    elif given is not None and given < 0:
        said.append(_("Your moves won the hand more often than the best ones: {hands} hands "
                      "more, added up.").format(hands=fixed(-given, 2)))
    return " ".join(said)


def review_summary(decisions: int, good: int, points_lost: float, chance_lost: float | None,
                   costliest: tuple[int, int, float, Chances | None, str] | None) -> list[str]:
    """A review's summary for its seat: the accuracy (the share of ``decisions`` marked best
    or good), what they lost (:func:`lost_words`; ``chance_lost`` the chances of winning a
    hand lost, added up, or None under fives), and the costliest decision as (hand number,
    move number, points, the best and the played move's chances or None, mark).

    >>> review_summary(10, 8, 12.46, None, (1, 7, 6.0, None, "mistake"))
    ['Accuracy: 80%, 8 of 10 decisions best or good.', 'Points lost: 12.5.', \
'Costliest: hand 2, move 7, a mistake; the best move there: 6.0 points better.']
    >>> review_summary(1, 0, 0.2, 0.11, (0, 5, 0.2, (0.61, 0.5), "mistake"))[::2]
    ['Accuracy: 0%, 0 of 1 decision best or good.', 'Costliest: hand 1, move 5, a mistake; the \
best move there: 0.2 points better, winning the hand 61 times in 100 against 50 for yours.']
    >>> review_summary(0, 0, 0.0, None, None)
    ['No decision to review: at each of your turns the game offered one choice.']
    """
    if not decisions:
        return [_("No decision to review: at each of your turns the game offered one choice.")]
    share = percent(round(100 * good / decisions) / 100)
    lines = [ngettext("Accuracy: {share}, {good} of {count} decision best or good.",
                      "Accuracy: {share}, {good} of {count} decisions best or good.",
                      decisions).format(share=share, good=good, count=decisions),
             lost_words(points_lost, chance_lost)]
    if costliest is not None:
        hand, number, points, chances, mark = costliest
        lines.append(_("Costliest: hand {hand}, move {number}, {mark}; the best move there: "
                       "{difference}.").format(hand=hand + 1, number=number,
                                               mark=_(MARK_NAMES[mark]),
                                               difference=_difference(points, chances)))
    return lines


def review_best_words(best: Move, played: Move | None = None, marked: bool = False) -> str:
    """What the review's table shows at a decision whose best move was another: the best
    move, and where the move ``played`` went (``marked``: its end is marked on the table).

    >>> from doublesix.engine.tiles import Tile
    >>> review_best_words(Move(Tile(5, 5), "left"))
    'The best move: 5|5 on the left end.'
    >>> review_best_words(Move(Tile(5, 5), "left"), Move(Tile(6, 4), "right"), True)
    'The best move: 5|5 on the left end. You laid 6|4 on the right end, marked.'
    >>> review_best_words(Move(Tile(5, 5), "left"), Move.parse("draw"))
    'The best move: 5|5 on the left end. You drew.'
    """
    if played is None:
        template = _("The best move: {move}.")
    elif played.kind == "draw":
        template = _("The best move: {move}. You drew.")
    elif marked:
        template = _("The best move: {move}. You laid {played}, marked.")
    else:
        template = _("The best move: {move}. You laid {played}.")
    return template.format(move=move_words(best),
                           played="" if played is None else move_words(played))


def decision_label(number: int, mark: str) -> str:
    """A decision in the review's list: its move and its mark.

    >>> decision_label(3, "mistake"), decision_label(1, "best")
    ('Move 3: a mistake', 'Move 1: the best move')
    """
    return _("Move {number}: {mark}").format(number=number, mark=_(MARK_NAMES[mark]))


def review_step_words(step: int, steps: int) -> str:
    """Where a replay stands: the deal (``step`` 0), then each move of ``steps``, numbered as
    the decisions are (every move since the deal: lays, draws and passes).

    >>> review_step_words(0, 20), review_step_words(3, 20)
    ('The deal', 'Move 3 of 20')
    """
    if step == 0:
        return _("The deal")
    return _("Move {step} of {steps}").format(step=step, steps=steps)


def review_heading(hands: Sequence[int], whole: bool, one_hand: bool) -> str:
    """A review's heading: of one hand (``hands`` 0-based), or of the whole game (``whole``);
    ``one_hand`` for a game of one hand.

    >>> review_heading([1], False, False), review_heading([0, 1], True, False)
    ('Review of hand 2', 'Review of the game')
    >>> review_heading([0], True, True)
    'Review of the hand'
    """
    if one_hand:
        return _("Review of the hand")
    if whole:
        return _("Review of the game")
    return _("Review of hand {number}").format(number=hands[0] + 1)


def review_hand_heading(hand: int) -> str:
    """A hand's name in a review (0 for the first).

    >>> review_hand_heading(0)
    'Hand 1'
    """
    return _("Hand {number}").format(number=hand + 1)


def review_progress(done: int, total: int) -> str:
    """How far a review has come, in hands.

    >>> review_progress(0, 1), review_progress(1, 3), review_progress(3, 3)
    ('The expert is going through the hand…', 'The expert is going through the hands: 1 of 3 \
done.', 'The review is ready.')
    """
    if done >= total:
        return _("The review is ready.")
    if total == 1:
        return _("The expert is going through the hand…")
    return _("The expert is going through the hands: {done} of {total} done.").format(
        done=done, total=total)


def game_label(names: Sequence[str], scores: Sequence[int]) -> str:
    """A finished game in a list: each seat and its score.

    >>> game_label(["You", "Pinocchio"], [104, 60])
    'You 104, Pinocchio 60'
    """
    # Translators: a seat's name and its score in a list of finished games ("Bea 104").
    return ", ".join(_("{name} {score}").format(name=seat_names.shown(name), score=score)
                     for name, score in zip(names, scores, strict=True))


# -- a whole review (doublesix.ai.review gives the numbers, these say them) --------------------


def _chances(decision: Decision, fives: bool, hindsight: bool = False) -> Chances | None:
    """How often the best move and the move played win the hand (None under fives)."""
    if fives:
        return None
    moves = decision.hindsight if hindsight else decision.moves
    mine = next(v for v in moves if v.move == decision.played)
    return moves[0].wins, mine.wins


def decision_line(decision: Decision, fives: bool) -> str:
    """One decision of a review in words (:func:`review_line`); ``fives``: the hand is scored
    in fives, where no chance of winning the hand is said."""
    mine, best = decision.played_value, decision.moves[0]
    return review_line(decision.number, decision.played, mine.scores, best.move, best.scores,
                       best.points - mine.points, _chances(decision, fives),
                       decision.mark.value, decision.game_chance_lost)


def decision_hindsight(decision: Decision, fives: bool) -> str:
    """What hindsight says of a decision (:func:`hindsight_line`), "" without hindsight."""
    if not decision.hindsight:
        return ""
    top = decision.hindsight[0]
    ours = next(v for v in decision.hindsight if v.move == decision.played)
    top_move = decision.played if ours.value >= top.value else top.move
    return hindsight_line(decision.played, top_move, top.points - ours.points,
                          _chances(decision, fives, hindsight=True))


def review_lines(review: Review) -> list[str]:
    """The review in short lines, hand by hand: each decision and what hindsight says of it,
    the hand's luck; then the summary."""
    fives = review.rules.scoring == "fives"
    lines: list[str] = []
    for hand in review.hands:
        lines.append(_("Hand {number}.").format(number=hand + 1))
        for decision in review.decisions:
            if decision.hand == hand:
                lines.append(decision_line(decision, fives))
                later = decision_hindsight(decision, fives)
                if later:
                    lines.append(later)
        for luck in review.luck:
            if luck.hand == hand:
                lines.append(luck_line(hand, luck.worth, luck.known, luck.result))
    return lines + summary_lines(review)


def summary_lines(review: Review) -> list[str]:
    """The review's summary (:func:`review_summary` of its numbers): the last of its
    lines."""
    summary = review.summary
    costliest = summary.costliest
    return review_summary(
        summary.decisions, summary.accurate, summary.points_lost, summary.chance_lost,
        None if costliest is None else (
            costliest.hand, costliest.number, costliest.points_lost,
            _chances(costliest, summary.chance_lost is None), costliest.mark.value))


def review_json(review: Review) -> dict[str, Any]:
    """The review's plain data (:meth:`~doublesix.ai.review.Review.to_json`) with its words:
    each decision's ``reason`` and ``hindsight_reason``, the ``lines``, and ``summary_lines``
    (the last of the lines, which the review screen shows under the decisions)."""
    fives = review.rules.scoring == "fives"
    data = review.to_json()
    for shown, decision in zip(data["decisions"], review.decisions, strict=True):
        shown["reason"] = decision_line(decision, fives)
        shown["hindsight_reason"] = decision_hindsight(decision, fives)
    data["lines"] = review_lines(review)
    data["summary_lines"] = summary_lines(review)
    return data


# -- doublesix review FILE ---------------------------------------------------------------------

#: A game none of whose hands ended.
NO_FINISHED_HAND: Final = N_("There is no finished hand to review.")


def review_intro(seat: int, name: str | None, variant: str) -> str:
    """``doublesix review``'s first line: whose moves (``seat``: 1 for the first; ``name``,
    when the record names it), in which game.

    >>> review_intro(2, "Bea", "Draw")  # doctest: +ELLIPSIS
    "The expert's review of the moves of seat 2, Bea, in Draw; the expert speaks to that ..."
    """
    if name is None:
        return _("The expert's review of the moves of seat {seat}, in {variant}; the expert "
                 "speaks to that seat as you.").format(seat=seat, variant=variant)
    return _("The expert's review of the moves of seat {seat}, {name}, in {variant}; the "
             "expert speaks to that seat as you.").format(seat=seat, name=name, variant=variant)
