"""The coach for the first games (issue 44), in numbers: whether a move just played lost much
more than the best move, which move was better and why (the words are
:mod:`doublesix.words.coachwords`').

The coach judges as the review does (:mod:`doublesix.ai.review`), with the review's own
measure: the expert values every choice **from the seat's view** (never the hidden hands), its
random numbers seeded as the review seeds the same decision (:func:`~doublesix.ai.seeding.
move_rng`), so at the review's budget the coach's judgement is the review's.  It speaks when the
move is marked a mistake or a blunder (:data:`SPEAKS_FROM`: the move lost at least 0.06 of the
expert's value, 6 points of the hand under fives scoring, 6 hands in 100 under pips): an
inaccuracy is too small for a newcomer to learn from at once, and the search's own noise is of
that size at a small budget, so the coach would nag.

>>> from doublesix import Match, Rules
>>> from doublesix.ai.seeding import move_rng
>>> match = Match(Rules.variant("all-fives", players=2, target=0), seed=59)
>>> while match.turn != 0:
...     match.play(match.legal_moves()[0])
>>> view = match.view(0)
>>> advice = advise(view, Move.parse("6|2 right"), move_rng(59, 0, 0, len(match.history)),
...                 playouts=400)
>>> str(advice.best), advice.why, advice.best_scores, advice.played_scores, advice.mark
('4|4 left', 'scores', 20, 0, 'blunder')
>>> advise(view, Move.parse("4|4 left"), move_rng(59, 0, 0, len(match.history)),
...        playouts=400) is None
True
"""

from __future__ import annotations

import random
from typing import Final, NamedTuple

from doublesix.ai.expert import DEFAULT_PLAYOUTS, Expert
from doublesix.ai.review import Mark, Valued, _valued, fold, mark
from doublesix.engine import summary
from doublesix.engine.moves import Move
from doublesix.engine.view import View

#: The marks at which the coach speaks: a mistake (a value lost of 0.06 or more) and a blunder.
SPEAKS_FROM: Final = (Mark.MISTAKE, Mark.BLUNDER)

class Advice(NamedTuple):
    """What the coach says of a move, in numbers."""

    #: The move played and the move that would have been better (the expert's best).
    played: Move
    best: Move
    #: The expert's value lost by the move played, and the review's mark for it.
    cost: float
    mark: str
    #: Why the best move is better: ``scores`` (it scores ``best_scores`` under fives, more
    #: than the move played's ``played_scores``), ``blocks`` (it leaves ``numbers`` open that
    #: the next seat is known to lack, which the move played does not), else ``wins``: the
    #: search's own numbers (``chances``: how often each wins the hand; ``points``: how many
    #: more points of the hand's margin the best move makes, on average).
    why: str
    best_scores: int = 0
    played_scores: int = 0
    #: The board count after the best lay (under fives).
    board_count: int = 0
    numbers: tuple[int, ...] = ()
    chances: tuple[float, float] = (0.0, 0.0)
    points: float = 0.0
    #: Whether the best and the played move are the same tile, or the best's tile fits ends
    #: that make different tables (the words then name its end too).
    best_end_matters: bool = False
    played_end_matters: bool = False


def _blocked(view: View, move: Move) -> tuple[int, ...]:
    """The numbers ``move`` leaves open that the next seat is known to lack."""
    if move.t < 0:
        return ()
    after = view.layout.lay_index(move.t, move.e)
    following = (view.seat + 1) % view.rules.players
    return tuple(sorted({n for _, n in after.open if n in view.lacks[following]}))


def _end_matters(move: Move, other: Move, choices: list[tuple[Move, ...]]) -> bool:
    if move.t < 0:
        return False
    same_tile = [group for group in choices if group[0].t == move.t]
    return move.t == other.t or len(same_tile) > 1


def advise(view: View, played: Move, rng: random.Random,
           playouts: int = DEFAULT_PLAYOUTS) -> Advice | None:
    """The coach's advice on ``played`` at ``view`` (the seat's view before the move, its turn):
    None when the move is not marked a mistake or a blunder (:data:`SPEAKS_FROM`), or the turn
    had one choice.  ``rng`` seeds the search (the review's
    :func:`~doublesix.ai.seeding.move_rng` for the same decision gives the review's
    judgement); ``playouts`` is the expert's budget.  ``played`` is one of the view's legal
    moves as the engine wrote it (its end resolved), else None.

    The reason: under fives scoring, a best move that scores more than the move played is
    told by what it scores; else one that leaves numbers open that the next seat is known to
    lack (and the move played does not) by those; else by the search's own numbers."""
    choices = summary.same_choices(view)
    if len(choices) < 2 or played not in view.legal_moves():
        return None
    fives = view.rules.scoring == "fives"
    valued = fold(_valued(Expert(playouts=playouts).evaluate(view, rng), view, fives),
                  choices, played)
    best = valued[0]
    mine: Valued = next(v for v in valued if v.move == played)
    cost = max(0.0, best.value - mine.value)
    marked = mark(cost)
    if marked not in SPEAKS_FROM:
        return None
    numbers = _blocked(view, best.move)
    advice = Advice(played, best.move, cost, marked.value, "wins",
                    best_scores=best.scores, played_scores=mine.scores,
                    chances=(best.wins, mine.wins), points=best.points - mine.points,
                    best_end_matters=_end_matters(best.move, played, choices),
                    played_end_matters=_end_matters(played, best.move, choices))
    if fives and best.scores > mine.scores:
        count = view.layout.lay_index(best.move.t, best.move.e).count
        return advice._replace(why="scores", board_count=count)
    if numbers and not set(numbers) <= set(_blocked(view, played)):
        return advice._replace(why="blocks", numbers=numbers)
    return advice
