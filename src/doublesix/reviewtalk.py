"""The review screen's sentences in the web game: the labels, headings and progress that go
with the expert's review (whose own sentences are :mod:`doublesix.faces`'s ``review_line`` and
the rest), written once here and sent by the server, so the browser composes none.  Pure, like
the rest of the engine.

>>> decision_label(3, "mistake")
'Move 3: a mistake'
"""

from __future__ import annotations

from collections.abc import Sequence

from doublesix.faces import MARK_WORDS, move_words
from doublesix.moves import Move


def review_best_words(best: Move) -> str:
    """What the review's table shows at a decision whose best move was another.

    >>> from doublesix.tiles import Tile
    >>> review_best_words(Move(Tile(5, 5), "left"))
    'The best move: 5|5 on the left end.'
    """
    return f"The best move: {move_words(best)}."


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
