"""Two players against the same opponent on the same deals: each one's win rate and the paired
difference, with 95% intervals, and each one's think time.

    .venv/bin/python benchmarks/pair.py expert:sharpness=1 expert --against greedy \\
        --variant block --pairs 200 --seed 5000

``benchmarks/experiments.py`` takes the same arguments for the experiments measured without a
gain (``expert:nest=8``, ``expert:race=1``, ``expert:read_table=1``).
"""

from __future__ import annotations

import argparse
import sys
import time

from doublesix import Rules
from doublesix.ai.tournament import tournament

from stats import quantile, ratio_ci


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a")
    parser.add_argument("b")
    parser.add_argument("--against", default="greedy")
    parser.add_argument("--variant", default="block")
    parser.add_argument("--target", type=int, default=0)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--pairs", type=int, default=200)
    parser.add_argument("--seed", type=int, default=5000)
    parser.add_argument("--workers", type=int, default=None)
    args = parser.parse_args(argv)
    rules = Rules.variant(args.variant, target=args.target, players=args.players)
    results = []
    for name in (args.a, args.b):
        started = time.perf_counter()
        others = [args.against] * (args.players - 1)
        result = tournament([name, *others], rules, args.pairs, args.seed, workers=args.workers)
        s = result.stats[0]
        games = args.target > 0
        wins, totals = (s.game_wins, s.games) if games else (s.hand_wins, s.hands)
        rate, half = ratio_ci(wins, totals)
        think = sorted(s.think)
        print(f"{name:<28} {'games' if games else 'hands'} {rate:.1%} ± {half:.1%}  think p50 "
              f"{quantile(think, 0.5) * 1000:.0f} ms p95 {quantile(think, 0.95) * 1000:.0f} ms"
              f"  ({time.perf_counter() - started:.0f} s)", flush=True)
        results.append((wins, totals))
    (wa, ta), (wb, _) = results
    diff, half = ratio_ci([x - y for x, y in zip(wa, wb, strict=True)], ta)
    print(f"paired: {args.a} - {args.b} = {diff:+.1%} ± {half:.1%} over {args.pairs} deals "
          f"({args.variant}, {args.players} players, seed {args.seed})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
