"""What the expert's review costs, on the compiled path and the pure Python path, in one run.

    python benchmarks/review.py [--hands 6] [--games 2] [--pure-games 1] [--skip-pure]

1. A 2-player hand's review (fair and hindsight, the default budget): CPU seconds per hand,
   mean and worst, in each 2-player variant (one hand, ``target=0``), the hands played by
   Pinocchio (reviewed, seat 0) against Greedy.  Goal (issue 31): at most 1 s, compiled.
2. A 2-player Muggins game to 100, reviewed whole: CPU seconds per game.  Goal: at most 5 s.
3. The expert's own moves (its default budget) reviewed at four times that budget: the share
   of its decisions marked each way (compiled path only).

Each path runs in a child process of its own (``DOUBLESIX_PURE`` is read once, at import).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from collections import Counter
from typing import Any

from doublesix import Match, Rules
from doublesix.ai import player
from doublesix.ai.expert import DEFAULT_PLAYOUTS, Expert
from doublesix.ai.review import Mark, review
from doublesix.ai.search import PATH
from doublesix.ai.seeding import move_rng

VARIANTS = ("draw", "block", "all-fives", "muggins")


def played(rules: Rules, seed: int, players: dict[int, Any]) -> Match:
    """A seeded match played to its end by ``players`` (per seat; greedy elsewhere)."""
    greedy = player("greedy")
    match = Match(rules, seed=seed)
    while True:
        while match.turn is not None:
            seat = match.turn
            rng = move_rng(match.seed, match.hand_number, seat, len(match.history))
            match.play(players.get(seat, greedy).choose(match.view(seat), rng))
        if match.is_over:
            return match
        match.next_hand()


def cpu(match: Match, hindsight: bool = True) -> tuple[float, int]:
    """CPU seconds of seat 0's review of ``match``, and its decisions."""
    start = time.process_time()
    result = review(match, 0, hindsight=hindsight)
    return time.process_time() - start, len(result.decisions)


def measure(hands: int, games: int) -> dict[str, Any]:
    """Figures of this process's path."""
    pinocchio = player("pinocchio")
    out: dict[str, Any] = {"path": PATH, "hands": {}, "games": []}
    for variant in VARIANTS:
        times, fair_times, decisions = [], [], 0
        for seed in range(hands):
            match = played(Rules.variant(variant, target=0), 100 + seed, {0: pinocchio})
            seconds, count = cpu(match)
            times.append(seconds)
            fair_times.append(cpu(match, hindsight=False)[0])
            decisions += count
        out["hands"][variant] = {"mean": statistics.mean(times), "max": max(times),
                                 "fair_mean": statistics.mean(fair_times),
                                 "decisions": decisions / hands}
    for seed in range(games):
        match = played(Rules.variant("muggins", target=100), 200 + seed, {0: pinocchio})
        seconds, count = cpu(match)
        out["games"].append({"seconds": seconds, "decisions": count,
                             "hands": match.hand_number + 1})
    return out


def self_review(hands: int) -> Counter[str]:
    """The marks of the expert's own moves reviewed at four times its budget."""
    marks: Counter[str] = Counter()
    for variant in VARIANTS:
        for seed in range(hands):
            match = played(Rules.variant(variant, target=0), 300 + seed, {0: Expert()})
            result = review(match, 0, playouts=4 * DEFAULT_PLAYOUTS, hindsight=False)
            marks.update(d.mark.value for d in result.decisions)
    return marks


def child(pure: bool, hands: int, games: int) -> dict[str, Any]:
    env = dict(os.environ, DOUBLESIX_PURE="1" if pure else "0")
    command = [sys.executable, __file__, "--child", "--hands", str(hands), "--games", str(games)]
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
    figures: dict[str, Any] = json.loads(done.stdout)
    return figures


def report(figures: dict[str, Any]) -> None:
    print(f"{figures['path']} path:")
    for variant, f in figures["hands"].items():
        print(f"  {variant:10} 2-player hand: {f['mean']:.3f} s mean, {f['max']:.3f} s worst "
              f"(fair only {f['fair_mean']:.3f} s), {f['decisions']:.1f} decisions")
    for g in figures["games"]:
        print(f"  muggins to 100: {g['seconds']:.2f} s for {g['hands']} hands, "
              f"{g['decisions']} decisions")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=6, help="hands per variant")
    parser.add_argument("--games", type=int, default=2, help="Muggins games to 100")
    parser.add_argument("--pure-hands", type=int, default=2, help="hands per variant, pure path")
    parser.add_argument("--pure-games", type=int, default=1, help="games, pure path")
    parser.add_argument("--skip-pure", action="store_true")
    parser.add_argument("--self-hands", type=int, default=4,
                        help="hands per variant of the expert reviewed at 4x its budget")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(measure(args.hands, args.games)))
        return
    print(f"The review's CPU (seat 0, default budget {DEFAULT_PLAYOUTS}, fair and hindsight)")
    report(child(False, args.hands, args.games))
    if not args.skip_pure:
        report(child(True, args.pure_hands, args.pure_games))
    if args.self_hands:
        marks = self_review(args.self_hands)
        total = sum(marks.values())
        shares = ", ".join(f"{m.value} {marks[m.value] / total:.0%}" for m in Mark)
        print(f"The expert's own moves ({total} decisions) reviewed at 4x its budget: {shares}")


if __name__ == "__main__":
    main()
