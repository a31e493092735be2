"""Tune the expert's look-ahead (``playout.Plan``) by playing it alone against greedy.

    python benchmarks/tune_plan.py --variant block [--pairs 16000] [--seed 200000]
    python benchmarks/tune_plan.py --variant all-fives --start 0,0,0,0,0,0
    python benchmarks/tune_plan.py --variant draw --check 0,8,2,6,-7,8 --seed 900000

The plan alone is :func:`doublesix.ai.playout.rollout` with one seat planning and the other
greedy, played from the deal of a single 2-player hand: no search and no guesses, so 16,000
deal pairs (each deal played once from each seat) take seconds.  Every weight set is played on
the same deals, so luck cancels between them.  The score is the share of hands won (a drawn hand
counts half), or under All Fives 0.5 plus the mean point margin over 100.

A coordinate search starts from ``--start`` (default: the expert's current weights for the
variant's scoring), tries each weight up and down by 1, 2 and 4 steps, keeps any gain, and
halves the steps when a round finds none.  It prints each improvement and the final weights;
check them on other seeds (``--check``) before putting them in ``playout.py``, and then inside
the search against the old weights on the same deals (``doublesix tournament``).  The weights
in ``playout.py`` came from seeds 200000 on (16,000 pairs for Draw and Block, 8,000 for All
Fives) and were checked on 20,000 pairs from seed 900000.
"""

from __future__ import annotations

import argparse
import multiprocessing
import time
from multiprocessing.pool import Pool

from doublesix import Rules, State
from doublesix.ai.board import Board
from doublesix.ai.playout import FIVES_PLAN, PIPS_PLAN, Plan, rollout

CHUNK = 500


def play(variant: str, seed: int, seat: int, plan: Plan) -> float:
    """One hand from deal ``seed``: ``seat`` plays ``plan`` alone, the other seat greedy."""
    state = State.deal(Rules.variant(variant, target=0), seed)
    if state.opener >= 0:  # the highest double opens, laid for its holder
        state = state.apply(state.legal_moves()[0])
    board = Board.from_state(state)
    rollout(board, seat, [0, 0], plan)
    if board.fives:
        return 0.5 + (board.scores[seat] - board.scores[1 - seat]) / 100.0
    assert board.result is not None
    winner = board.result[0]
    return 0.5 if winner is None else float(winner == seat)


def _chunk(job: tuple[str, int, int, Plan]) -> float:
    variant, start, stop, plan = job
    return sum(play(variant, s, seat, plan) for s in range(start, stop) for seat in (0, 1))


def score(pool: Pool, variant: str, plan: Plan, pairs: int, seed: int) -> float:
    """The plan's mean score over ``pairs`` deals from ``seed``, each played from both seats."""
    stop = seed + pairs
    jobs = [(variant, s, min(s + CHUNK, stop), plan) for s in range(seed, stop, CHUNK)]
    return sum(pool.map(_chunk, jobs)) / (2 * pairs)


def search(pool: Pool, variant: str, start: Plan, pairs: int, seed: int) -> Plan:
    """Coordinate search from ``start``; prints each gain."""
    weights = list(start)
    steps = [4.0] * len(weights)
    best = score(pool, variant, start, pairs, seed)
    print(f"start {start}: {100 * best:.2f}", flush=True)
    for _ in range(3):
        gained = False
        for i in range(len(weights)):
            for sign in (-1, 1):
                for times in (1, 2, 4):
                    trial = list(weights)
                    trial[i] += round(sign * steps[i] * times)
                    value = score(pool, variant, Plan(*trial), pairs, seed)
                    if value > best + 0.001:
                        best, weights, gained = value, trial, True
                        print(f"better {Plan(*weights)}: {100 * best:.2f}", flush=True)
        if not gained:
            steps = [max(1.0, s / 2) for s in steps]
    return Plan(*weights)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", choices=("draw", "block", "all-fives"), default="block")
    parser.add_argument("--pairs", type=int, default=16000)
    parser.add_argument("--seed", type=int, default=200000)
    parser.add_argument("--start", help="comma-separated weights to start from")
    parser.add_argument("--check", help="comma-separated weights: only score them")
    args = parser.parse_args()
    fives = args.variant == "all-fives"
    current = FIVES_PLAN if fives else PIPS_PLAN
    began = time.time()
    with multiprocessing.get_context("fork").Pool() as pool:
        if args.check:
            plan = Plan(*(int(w) for w in args.check.split(",")))
            for name, weights in (("current", current), ("checked", plan)):
                value = score(pool, args.variant, weights, args.pairs, args.seed)
                print(f"{name} {weights}: {100 * value:.2f}")
        else:
            start = Plan(*(int(w) for w in args.start.split(","))) if args.start else current
            print(f"final {search(pool, args.variant, start, args.pairs, args.seed)}")
    print(f"({time.time() - began:.0f} s)")


if __name__ == "__main__":
    main()
