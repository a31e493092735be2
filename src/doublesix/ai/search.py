"""The expert's search as one job (:class:`Search`), run by the compiled core when it was built,
else by the pure Python reference here: both draw the same guesses from the same seed and add
the same numbers in the same order, so they give the same values to the last bit.

A job: draw ``worlds`` guesses at the hidden tiles (from ``pool`` times as many candidates,
weighed by how well they explain the other seats' lays, :mod:`doublesix.ai.sampling`), play
every legal move out to the hand's end in each guess (:func:`~doublesix.ai.playout.rollout`),
and add up each move's value (:func:`~doublesix.ai.playout.outcome`).
:mod:`doublesix.ai._core` is that loop in Cython, mirroring this module and those it calls
function by function.  ``DOUBLESIX_PURE=1`` in the environment makes every job run here.

>>> from doublesix import Match, Rules
>>> from doublesix.ai.expert import Expert
>>> match = Match(Rules.variant("muggins"), seed=4)
>>> view = match.view(match.turn)
>>> job = Expert(playouts=100).search(view, seed=7)
>>> run(job, pure=True) == run(job)
True
"""

from __future__ import annotations

import os
import time
from types import ModuleType
from typing import NamedTuple

from doublesix.ai.board import Board
from doublesix.ai.playout import Plan, outcome, rollout
from doublesix.ai.rng import Rng
from doublesix.ai.sampling import Inference, Sampler, temper
from doublesix.engine.tiles import Mask


def _compiled() -> ModuleType | None:
    if os.environ.get("DOUBLESIX_PURE", "") not in ("", "0"):
        return None
    try:
        from doublesix.ai import _core  # type: ignore[attr-defined, unused-ignore]
    except ImportError:
        return None
    core: ModuleType = _core
    return core


#: The compiled core, or None when it was not built (or ``DOUBLESIX_PURE`` is set).
CORE = _compiled()
#: Which path the searches take: "compiled" or "pure Python".
PATH = "compiled" if CORE is not None else "pure Python"

#: Totals of each move's values, of its wins, and how many guesses were played.
Totals = tuple[list[float], list[float], int]


class Search(NamedTuple):
    """One decision's search, in plain numbers (what :func:`run` needs, nothing more)."""

    #: The searching seat.
    me: int
    #: The legal moves, as board moves (tile, end): (-1, -1) draws, (-1, -2) passes.
    moves: list[tuple[int, int]]
    #: The position, every hand but ``me``'s empty (:meth:`Board.from_view`).
    base: Board
    sampler: Sampler
    #: The weights of the guesses, or None to take the first ``worlds`` drawn.
    inference: Inference | None
    worlds: int
    pool: int
    spread: float
    #: The seat whose playout moves look ahead by ``plan`` (-1: none).
    planner: int
    plan: Plan
    #: Per seat, the numbers it is known to lack, as a mask (``1 << n``).
    known: list[int]
    #: The seed of the job's random numbers (:class:`~doublesix.ai.rng.Rng`).
    seed: int
    #: Stop after this many seconds (None: play every guess).
    seconds: float | None = None
    #: The weights on :data:`~doublesix.ai.sampling.LAY_FEATURES` by which the seats not on
    #: the planner's side lay in the playouts (empty: the heaviest lay).
    reading: tuple[float, ...] = ()


def run(search: Search, pure: bool = False) -> Totals:
    """Run ``search``: in the compiled core unless ``pure`` (or the core was not built)."""
    if CORE is not None and not pure:
        totals: Totals = CORE.run(search)
        return totals
    return run_pure(search)


def run_pure(search: Search) -> Totals:
    """The reference: :func:`run` in Python."""
    rng = Rng(search.seed)
    moves = search.moves
    me = search.me
    base = search.base
    totals = [0.0] * len(moves)
    wins = [0.0] * len(moves)
    deadline = None if search.seconds is None else time.perf_counter() + search.seconds
    played = 0
    for hands, bone in guesses(search, rng):
        for i, (t, e) in enumerate(moves):
            board = base.copy()
            board.hands = hands[:]
            board.bone = bone
            board.play(t, e)
            rollout(board, search.planner, search.known[:], search.plan, search.reading)
            value, won = outcome(board, me, base)
            totals[i] += value
            wins[i] += won
        played += 1
        if deadline is not None and time.perf_counter() > deadline:
            break
    return totals, wins, played


def guesses(search: Search, rng: Rng) -> list[tuple[list[Mask], list[int]]]:
    """``search.worlds`` guesses at the hidden tiles, drawn in proportion to how well they
    explain the other seats' choices (from ``pool`` times as many candidates)."""
    sampler = search.sampler
    worlds = search.worlds
    inference = search.inference
    if inference is None:
        hands_list = [sampler.hands(rng) for _ in range(worlds)]
    else:
        candidates = [sampler.hands(rng) for _ in range(worlds * search.pool)]
        weights = [inference.weight(hands) for hands in candidates]
        if search.spread > 0.0:
            weights = temper(weights, search.spread)
        total = 0.0
        for weight in weights:
            total += weight
        if total <= 0.0:
            hands_list = candidates[:worlds]
        else:
            # Systematic resampling: each guess kept in proportion to its weight.
            step = total / worlds
            mark = rng.random() * step
            hands_list = []
            running = 0.0
            index = -1
            for _ in range(worlds):
                while running <= mark and index + 1 < len(weights):
                    index += 1
                    running += weights[index]
                hands_list.append(candidates[index])
                mark += step
    return [(hands, sampler.boneyard(hands, rng)) for hands in hands_list]
