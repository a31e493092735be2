"""The expert's review in words: each decision (:func:`review_line`), what hindsight says
(:func:`hindsight_line`), the luck (:func:`luck_line`) and the summary (:func:`review_summary`),
which the library, the terminal and the browser share; and the review screen's labels,
headings and progress in the web game, written once here and sent by the server, so the
browser composes none.  Pure, like the rest of the engine.

>>> decision_label(3, "mistake")
'Move 3: a mistake'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from doublesix.engine.moves import Move

if TYPE_CHECKING:  # the review's numbers, which these words say
    from doublesix.ai.review import Decision, Review

#: What each mark of a review says, after the decision's line.
MARK_WORDS = {
    "best": "The best move.",
    "good": "A good move.",
    "inaccuracy": "An inaccuracy.",
    "mistake": "A mistake.",
    "blunder": "A blunder.",
}


def move_words(move: Move) -> str:
    """A move as the review names it.

    >>> from doublesix import Tile
    >>> move_words(Move(Tile(6, 4), "right")), move_words(Move(Tile(5, 5), "up"))
    ('6|4 on the right end', '5|5 on the up arm')
    >>> move_words(Move(Tile(6, 6))), move_words(Move.draw())
    ('6|6 to open', 'a draw')
    """
    if move.kind == "draw":
        return "a draw"
    if move.kind == "pass":
        return "a pass"
    if move.end is None:
        return f"{move.tile} to open"
    if move.end in ("up", "down"):
        return f"{move.tile} on the {move.end} arm"
    return f"{move.tile} on the {move.end} end"


def _scoring(points: int) -> str:
    return f", scoring {points}" if points else ""


def _difference(points: float, chance: float | None) -> str:
    """How much better one move is than another: in points of the hand's margin and, where the
    hand is scored by pips, in the chance of winning it (a share, 0 to 1)."""
    shown = round(points, 1)
    better = f"{shown:.1f} points better" if shown >= 0 else f"{-shown:.1f} points fewer"
    if chance is None or round(chance * 100) == 0:
        return better if shown else "barely better"
    times = round(chance * 100)
    won = f"winning the hand {abs(times)} times in 100 {'more' if times > 0 else 'fewer'}"
    if not shown:
        return won
    return f"{better}, {won}" if shown > 0 else f"{won}, for {-shown:.1f} points fewer"


def review_line(number: int, played: Move, played_scores: int, best: Move, best_scores: int,
                points: float, chance: float | None, mark: str,
                game: float | None = None) -> str:
    """One decision of a review, spoken to its seat: move ``number`` of the hand (the tiles laid
    before it, plus one), the move played and what it scored, the best move, how much better
    it was (``points`` of the hand's margin; ``chance``: how much more often it wins the hand,
    None under fives; ``game``: how much more often it wins the game, where that is known) and
    the mark.

    >>> from doublesix.engine.tiles import Tile
    >>> review_line(3, Move(Tile(6, 4), "right"), 10, Move(Tile(5, 5), "left"), 15, 4.2,
    ...             None, "mistake")
    'Move 3: you laid 6|4 on the right end, scoring 10. Best: 5|5 on the left end, scoring 15, \
4.2 points better. A mistake.'
    >>> review_line(5, Move(Tile(4, 2), "left"), 0, Move(Tile(4, 2), "left"), 0, 0.0, 0.0,
    ...             "best")
    'Move 5: you laid 4|2 on the left end. The best move.'
    >>> review_line(2, Move(Tile(3, 1), "left"), 0, Move(Tile(6, 1), "left"), 0, -1.5, 0.08,
    ...             "inaccuracy")
    'Move 2: you laid 3|1 on the left end. Best: 6|1 on the left end, winning the hand 8 times \
in 100 more, for 1.5 points fewer. An inaccuracy.'
    >>> review_line(3, Move(Tile(6, 4), "right"), 10, Move(Tile(5, 5), "left"), 15, 4.2,
    ...             None, "mistake", 0.031)
    'Move 3: you laid 6|4 on the right end, scoring 10. Best: 5|5 on the left end, scoring 15, \
4.2 points better, 3% of the game. A mistake.'
    """
    first = f"Move {number}: you laid {move_words(played)}{_scoring(played_scores)}."
    if mark == "best":
        return f"{first} {MARK_WORDS[mark]}"
    return (f"{first} Best: {move_words(best)}{_scoring(best_scores)}, "
            f"{_difference(points, chance)}{_of_the_game(game)}. {MARK_WORDS[mark]}")


def _of_the_game(game: float | None) -> str:
    """How much of the chance of winning the game a move cost (a share), as a clause: nothing
    where it is not known or nothing was lost.

    >>> _of_the_game(0.031), _of_the_game(0.002), _of_the_game(0.0), _of_the_game(None)
    (', 3% of the game', ', under 1% of the game', '', '')
    """
    if game is None or game <= 0.0:
        return ""
    percent = round(100 * game)
    return f", {percent}% of the game" if percent else ", under 1% of the game"


def hindsight_line(played: Move, best: Move, points: float, chance: float | None) -> str:
    """What knowing every hand (and the boneyard's order) says of the same decision.

    >>> from doublesix.engine.tiles import Tile
    >>> hindsight_line(Move(Tile(6, 4), "right"), Move(Tile(6, 4), "right"), 0.0, None)
    'Knowing every hand, yours was best too.'
    >>> hindsight_line(Move(Tile(6, 4), "right"), Move(Tile(4, 4), "left"), 3.0, None)
    'Knowing every hand, 4|4 on the left end was best, 3.0 points better.'
    """
    if best == played:
        return "Knowing every hand, yours was best too."
    return f"Knowing every hand, {move_words(best)} was best, {_difference(points, chance)}."


def luck_line(hand_number: int, worth: float, known: float, result: int) -> str:
    """The luck of a hand's deal and draws, for one seat: its tiles' ``worth`` at its first
    turn as it saw them, what they were worth knowing every hand (``known``) and the hand's
    ``result``, all in points of the hand's margin (+ for the seat).

    >>> luck_line(0, 3.14, 8.0, 12)
    'Hand 1: luck +4.9 points. Your tiles were worth +3.1 as you saw them, +8.0 knowing every \
hand; the hand ended +12.'
    """
    return (f"Hand {hand_number + 1}: luck {known - worth:+.1f} points. Your tiles were worth "
            f"{worth:+.1f} as you saw them, {known:+.1f} knowing every hand; the hand ended "
            f"{result:+d}.")


def review_summary(decisions: int, good: int, points_lost: float, chance_lost: float | None,
                   costliest: tuple[int, int, float, float | None, str] | None) -> list[str]:
    """A review's summary for its seat: the accuracy (the share of ``decisions`` marked best
    or good), the points lost (and, where hands are scored by pips, the chance of winning a
    hand lost, summed), and the costliest decision as (hand number, move number, points,
    chance or None, mark).

    >>> review_summary(10, 8, 12.46, None, (1, 7, 6.0, None, "mistake"))
    ['Accuracy: 80%, 8 of 10 decisions best or good.', 'Points lost: 12.5.', \
'Costliest: hand 2, move 7, a mistake: the best move was 6.0 points better.']
    >>> review_summary(4, 3, 0.2, 0.11, (0, 5, 0.2, 0.11, "mistake"))[1:]
    ['Points lost: 0.2. Chance of winning a hand lost: 11 in 100, in all.', \
'Costliest: hand 1, move 5, a mistake: the best move was 0.2 points better, winning the hand \
11 times in 100 more.']
    >>> review_summary(0, 0, 0.0, None, None)
    ['No decision to review: every move was forced.']
    """
    if not decisions:
        return ["No decision to review: every move was forced."]
    lines = [f"Accuracy: {round(100 * good / decisions)}%, {good} of {decisions} decisions "
             "best or good."]
    lost = f"Points lost: {points_lost:.1f}."
    if chance_lost is not None and round(chance_lost * 100):
        lost += f" Chance of winning a hand lost: {round(chance_lost * 100)} in 100, in all."
    lines.append(lost)
    if costliest is not None:
        hand, number, points, chance, mark = costliest
        lines.append(f"Costliest: hand {hand + 1}, move {number}, "
                     f"{MARK_WORDS[mark][:-1].lower()}: the best move was "
                     f"{_difference(points, chance)}.")
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
    words = f"The best move: {move_words(best)}."
    if played is None:
        return words
    if played.kind == "draw":
        return f"{words} You drew."
    return f"{words} You laid {move_words(played)}{', marked' if marked else ''}."


def decision_label(number: int, mark: str) -> str:
    """A decision in the review's list: its move and its mark.

    >>> decision_label(3, "mistake"), decision_label(1, "best")
    ('Move 3: a mistake', 'Move 1: the best move')
    """
    return f"Move {number}: {MARK_WORDS[mark][:-1].lower()}"


def review_step_words(step: int, steps: int) -> str:
    """Where a replay stands: the deal (``step`` 0), then each move of ``steps``.

    >>> review_step_words(0, 20), review_step_words(3, 20)
    ('The deal', 'Step 3 of 20')
    """
    return "The deal" if step == 0 else f"Step {step} of {steps}"


def review_heading(hands: Sequence[int], whole: bool, one_hand: bool) -> str:
    """A review's heading: of one hand (``hands`` 0-based), or of the whole game (``whole``);
    ``one_hand`` for a game of one hand.

    >>> review_heading([1], False, False), review_heading([0, 1], True, False)
    ('Review of hand 2', 'Review of the game')
    >>> review_heading([0], True, True)
    'Review of the hand'
    """
    if one_hand:
        return "Review of the hand"
    return "Review of the game" if whole else f"Review of hand {hands[0] + 1}"


def review_hand_heading(hand: int) -> str:
    """A hand's name in a review (0 for the first).

    >>> review_hand_heading(0)
    'Hand 1'
    """
    return f"Hand {hand + 1}"


def review_progress(done: int, total: int) -> str:
    """How far a review has come, in hands.

    >>> review_progress(0, 1), review_progress(1, 3), review_progress(3, 3)
    ('The expert is going through the hand…', 'The expert is going through the hands: 1 of 3 \
done.', 'The review is ready.')
    """
    if done >= total:
        return "The review is ready."
    if total == 1:
        return "The expert is going through the hand…"
    return f"The expert is going through the hands: {done} of {total} done."


def game_label(names: Sequence[str], scores: Sequence[int]) -> str:
    """A finished game in a list: each seat and its score.

    >>> game_label(["You", "Pinocchio"], [104, 60])
    'You 104, Pinocchio 60'
    """
    return ", ".join(f"{name} {score}" for name, score in zip(names, scores, strict=True))


# -- a whole review (doublesix.ai.review gives the numbers, these say them) --------------------


def decision_line(decision: Decision, fives: bool) -> str:
    """One decision of a review in words (:func:`review_line`); ``fives``: the hand is scored
    in fives, where no chance of winning the hand is said."""
    mine, best = decision.played_value, decision.moves[0]
    return review_line(decision.number, decision.played, mine.scores, best.move, best.scores,
                       best.points - mine.points, None if fives else best.wins - mine.wins,
                       decision.mark.value, decision.game_chance_lost)


def decision_hindsight(decision: Decision, fives: bool) -> str:
    """What hindsight says of a decision (:func:`hindsight_line`), "" without hindsight."""
    if not decision.hindsight:
        return ""
    top = decision.hindsight[0]
    ours = next(v for v in decision.hindsight if v.move == decision.played)
    top_move = decision.played if ours.value >= top.value else top.move
    return hindsight_line(decision.played, top_move, top.points - ours.points,
                          None if fives else top.wins - ours.wins)


def review_lines(review: Review) -> list[str]:
    """The review in short lines, hand by hand: each decision and what hindsight says of it,
    the hand's luck; then the summary."""
    fives = review.rules.scoring == "fives"
    lines: list[str] = []
    for hand in review.hands:
        lines.append(f"{review_hand_heading(hand)}.")
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
            None if summary.chance_lost is None else costliest.chance_lost,
            costliest.mark.value))


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
