"""The compiled search core against the pure Python path, on this machine, in one run.

    python benchmarks/core.py [--positions 40] [--hands 12] [--skip-pure-think]

1. Playouts per second: the expert's searches at the default budget on the same positions
   (decisions with more than one choice from seeded games of each case), run by each path in
   turn (CPU time of this process); the ratio is per case, position by position on one core.
2. Think time: the expert (default budget) playing seeded hands against greedy, CPU per decision
   with more than one choice, p50 and p95, on each path.  The goals of issue 28: compiled at
   least 20 times the pure path's playouts per second; think p95 at most 25 ms in every 2-player
   variant and 40 ms at a 4-player Muggins table.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

from doublesix import Match, Rules
from doublesix.ai import search as search_module
from doublesix.ai.basic import Greedy
from doublesix.ai.expert import Expert
from doublesix.ai.search import Search, run_pure

#: (label, variant, rule overrides)
CASES: list[tuple[str, str, dict[str, Any]]] = [
    ("draw-2p", "draw", {}),
    ("block-2p", "block", {}),
    ("all-fives-2p", "all-fives", {}),
    ("muggins-2p", "muggins", {}),
    ("muggins-4p", "muggins", {"players": 4, "hand_size": 5}),
    ("partnership", "partnership", {}),
]


def positions(variant: str, overrides: dict[str, Any], count: int) -> list[Search]:
    """``count`` searches of the expert's decisions in seeded expert-against-greedy hands."""
    expert = Expert()
    greedy = Greedy()
    jobs: list[Search] = []
    seed = 0
    while len(jobs) < count:
        match = Match(Rules.variant(variant, target=0, **overrides), seed=seed)
        rng = random.Random(seed)
        while match.turn is not None and len(jobs) < count:
            view = match.view(match.turn)
            if view.seat == 0 and len(view.legal_moves()) > 1:
                jobs.append(expert.search(view, rng.getrandbits(64)))
            match.play(greedy.choose(view, rng))
        seed += 1
    return jobs


def playouts_per_second(jobs: list[Search], compiled: bool) -> float:
    core = search_module.CORE
    assert core is not None
    playouts = 0
    start = time.process_time()
    for job in jobs:
        totals = core.run(job) if compiled else run_pure(job)
        playouts += totals[2] * len(job.moves)
    return playouts / (time.process_time() - start)


def think_times(variant: str, overrides: dict[str, Any], hands: int) -> list[float]:
    """CPU milliseconds per decision of the expert (seat 0) with more than one choice."""
    expert = Expert()
    greedy = Greedy()
    times: list[float] = []
    for seed in range(hands):
        match = Match(Rules.variant(variant, target=0, **overrides), seed=1000 + seed)
        rng = random.Random(seed)
        while match.turn is not None:
            view = match.view(match.turn)
            if view.seat == 0:
                start = time.process_time()
                move = expert.choose(view, rng)
                if len(view.legal_moves()) > 1:
                    times.append((time.process_time() - start) * 1000)
            else:
                move = greedy.choose(view, rng)
            match.play(move)
    return times


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--hands", type=int, default=12)
    parser.add_argument("--skip-pure-think", action="store_true")
    args = parser.parse_args()
    core = search_module.CORE
    if core is None:
        raise SystemExit("the compiled core is not built (or DOUBLESIX_PURE is set)")
    print(f"playouts per second, {args.positions} positions per case, default budget:")
    ratios = []
    for label, variant, overrides in CASES:
        jobs = positions(variant, overrides, args.positions)
        pure = playouts_per_second(jobs, False)
        fast = playouts_per_second(jobs, True)
        ratios.append(fast / pure)
        print(f"  {label:13} pure {pure:9,.0f}/s  compiled {fast:11,.0f}/s  x{fast / pure:5.1f}")
    print(f"  ratio: min x{min(ratios):.1f}, median x{statistics.median(ratios):.1f} "
          "(goal: at least x20)")
    print(f"think time, CPU per decision with a choice, {args.hands} hands against greedy:")
    for label, variant, overrides in CASES:
        fast_times = think_times(variant, overrides, args.hands)
        line = (f"  {label:13} compiled p50 {percentile(fast_times, 0.5):6.1f} ms, "
                f"p95 {percentile(fast_times, 0.95):6.1f} ms ({len(fast_times)} decisions)")
        if not args.skip_pure_think:
            search_module.CORE = None
            try:
                pure_times = think_times(variant, overrides, args.hands)
            finally:
                search_module.CORE = core
            line += (f"; pure p50 {percentile(pure_times, 0.5):6.1f} ms, "
                     f"p95 {percentile(pure_times, 0.95):6.1f} ms")
        print(line)
    print("goals: p95 <= 25 ms in every 2-player variant, <= 40 ms at a 4-player Muggins table")


if __name__ == "__main__":
    main()
