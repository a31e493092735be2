"""doublesix's expert against OpenSpiel's bots, through the OpenSpiel adapter (issue 20).

    .venv/bin/python benchmarks/vs_openspiel.py                  # the table of docs/players.md
    .venv/bin/python benchmarks/vs_openspiel.py --quick          # a fast look (a few minutes)
    .venv/bin/python benchmarks/vs_openspiel.py --matchups block:ismcts-1000:40,draw:mcts-1000:10

Needs the ``openspiel`` extra (``pip install -e '.[openspiel]'``).  Every deal is played twice
with 2 players, the expert holding each seat's tiles once (duplicate deals): the tiles are dealt
and drawn in the order ``Match(rules, seed)`` deals them, the same in both playings.  A matchup
is ``variant:opponent:pairs``; the opponents are

- ``ismcts-N``: OpenSpiel's ``ISMCTSBot`` with N simulations, random rollouts (its
  ``RandomRolloutEvaluator``), UCT constant ``--uct`` (scaled to the points a hand is won by),
  its most visited move, and the adapter's ``resample_from_infostate`` for its worlds;
- ``mcts-N``: OpenSpiel's ``MCTSBot`` with N simulations and random rollouts, which searches the
  real state: it is given every hand (not the boneyard's order, which chance draws);
- any doublesix player by name (``greedy``, ``expert:playouts=400``, ...).

For each matchup it prints the expert's share of the hands won (a drawn hand counting half) and
its mean margin a hand (its points less the opponent's), with 95% intervals over deal pairs
(on a handful of pairs that all went alike the interval reads 0: the column of pairs won 2-0,
split and lost 0-2 says how many there were), and
both sides' think times: CPU time (``time.process_time``) per decision that was not forced, p50
and p95, so that a busy machine slows them less.  Deal pairs run on ``--workers`` processes, the
matchups taking turns (pair 1 of each, then pair 2, ...), so that ``--minutes`` (stop starting
pairs after that long) leaves each matchup its share; ``--log`` keeps every finished pair (a JSON
line each, with each playing's actions, from which ``benchmarks/opponent_model.py`` fits a model
of the opponent) and, run again, plays only the pairs not in it yet.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import sys
import time
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from doublesix.ai.tournament import parse_spec
from doublesix.engine.rules import Rules
from doublesix.engine.shuffle import shuffled

from stats import mean_ci, quantile, ratio_ci

#: The table of docs/players.md, with ``--minutes 24`` (the most pairs of each that a busy
#: 2-core machine plays in that time; ISMCTS-4000 costs some 4 times ISMCTS-1000, Draw some 3
#: times Block).
DEFAULT = ("block:ismcts-1000:200,block:mcts-1000:30,draw:ismcts-1000:20,"
           "block:ismcts-4000:10,draw:mcts-1000:8,draw:ismcts-4000:3")
QUICK = "block:ismcts-1000:6,draw:ismcts-1000:3,block:mcts-1000:3"


@dataclass
class Pair:
    """One deal played twice, the expert in each seat once."""

    wins: float = 0.0
    margin: float = 0.0
    expert_think: list[float] = field(default_factory=list)
    other_think: list[float] = field(default_factory=list)
    #: Each playing's actions (OpenSpiel's history, chance included), expert in seat 0 then 1:
    #: what ``benchmarks/opponent_model.py`` reads the opponent's lays from.
    histories: list[list[int]] = field(default_factory=list)


def make_opponent(spec: str, game: Any, seed: int, uct: float) -> Any:
    """An OpenSpiel bot (``ismcts-N``, ``mcts-N``) or a doublesix player by name."""
    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts

    from doublesix.adapters import openspiel

    kind, _, number = spec.partition("-")
    if kind in ("ismcts", "mcts") and number.isdigit():
        rs = np.random.RandomState(seed % 2**32)
        evaluator = mcts.RandomRolloutEvaluator(1, rs)
        if kind == "ismcts":
            bot = ismcts.ISMCTSBot(game, evaluator, uct, int(number), random_state=rs)
            bot.set_resampler(openspiel.bot_resampler(seed))
            return bot
        return mcts.MCTSBot(game, uct, int(number), evaluator, random_state=rs)
    from doublesix.ai import player

    name, options = parse_spec(spec)
    return player(name, **options)


Job = tuple[str, str, str, int, float]


def play_pair(job: Job) -> tuple[str, int, Pair]:
    """Play deal ``seed`` of ``variant`` twice: expert against ``opponent``, seats swapped."""
    variant, opponent, expert_spec, seed, uct = job
    from doublesix.adapters import openspiel
    from doublesix.adapters.table import action_of
    from doublesix.ai import player

    rules = Rules.variant(variant, target=0)
    game = openspiel.load_game(rules)
    name, options = parse_spec(expert_spec)
    expert = player(name, **options)
    pair = Pair()
    for expert_seat in (0, 1):
        order = shuffled(rules.tile_count, seed, 0)
        other = make_opponent(opponent, game, seed * 2 + expert_seat, uct)
        rng = random.Random(seed * 2 + expert_seat)
        state = game.new_initial_state()
        dealt = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(order[dealt])  # the deal, then each draw, in Match's order
                dealt += 1
                continue
            seat = state.current_player()
            legal = state.legal_actions()
            if len(legal) == 1:
                state.apply_action(legal[0])
                continue
            started = time.process_time()
            if seat == expert_seat:
                action = action_of(expert.choose(state.view(seat), rng))
                pair.expert_think.append(time.process_time() - started)
            elif hasattr(other, "step"):
                action = int(other.step(state))
                pair.other_think.append(time.process_time() - started)
            else:
                action = action_of(other.choose(state.view(seat), rng))
                pair.other_think.append(time.process_time() - started)
            state.apply_action(action)
        result = state.table.state.result
        assert result is not None
        pair.histories.append([int(a) for a in state.history()])
        pair.wins += 1.0 if result.winner == expert_seat else 0.5 if result.winner is None else 0
        pair.margin += state.returns()[expert_seat]
    return f"{variant}:{opponent}", seed, pair


def row(label: str, pairs: list[Pair], seconds: float) -> str:
    """One line of the markdown table."""
    variant, opponent = label.split(":", 1)
    rate, half = ratio_ci([p.wins for p in pairs], [2] * len(pairs))
    mean, margin_half = mean_ci([p.margin / 2 for p in pairs])
    mine = [t for p in pairs for t in p.expert_think]
    theirs = [t for p in pairs for t in p.other_think]
    won = sum(p.wins > 1 for p in pairs)
    lost = sum(p.wins < 1 for p in pairs)
    return (f"| {variant.capitalize()} | {opponent} | {len(pairs)} | "
            f"{won} / {len(pairs) - won - lost} / {lost} | "
            f"{100 * rate:.1f}% ± {100 * half:.1f} | "
            f"{mean:+.1f} ± {margin_half:.1f} | "
            f"{1000 * quantile(mine, 0.5):.0f} / {1000 * quantile(mine, 0.95):.0f} | "
            f"{1000 * quantile(theirs, 0.5):.0f} / {1000 * quantile(theirs, 0.95):.0f} | "
            f"{seconds / 60:.1f} |")


def _results(jobs: list[Job], workers: int, deadline: float) -> Iterator[tuple[str, int, Pair]]:
    """Each job's result as it finishes; no job is started after ``deadline``."""
    if workers <= 1:
        for job in jobs:
            if time.perf_counter() > deadline:
                return
            yield play_pair(job)
        return
    with multiprocessing.get_context("spawn").Pool(workers) as pool:
        waiting = iter(jobs)
        running: list[Any] = []
        while True:
            while len(running) < workers and time.perf_counter() < deadline:
                following = next(waiting, None)
                if following is None:
                    break
                running.append(pool.apply_async(play_pair, (following,)))
            if not running:
                return
            for task in running:
                if task.ready():
                    running.remove(task)
                    yield task.get()
                    break
            else:
                time.sleep(0.2)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matchups", default=None,
                        help=f"variant:opponent:pairs, comma-separated (default: {DEFAULT})")
    parser.add_argument("--quick", action="store_true", help=f"a fast look: {QUICK}")
    parser.add_argument("--expert", default="expert", help="the doublesix player measured")
    parser.add_argument("--seed", type=int, default=1, help="the first deal's seed")
    parser.add_argument("--uct", type=float, default=10.0,
                        help="the bots' UCT constant (default 10: returns are points, a hand "
                        "being won by about 5 to 12 of them between sound players)")
    parser.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    parser.add_argument("--minutes", type=float, default=None,
                        help="start no deal pair after this many minutes")
    parser.add_argument("--log", type=Path, default=None,
                        help="a file of finished pairs (JSON lines): kept, and played no more")
    args = parser.parse_args(argv)
    spec = args.matchups or (QUICK if args.quick else DEFAULT)
    matchups = []
    for item in spec.split(","):
        variant, opponent, pairs = item.split(":")
        matchups.append((variant, opponent, int(pairs)))
    results: dict[str, list[Pair]] = {f"{v}:{o}": [] for v, o, _ in matchups}
    seconds = dict.fromkeys(results, 0.0)
    done_before: set[tuple[str, int]] = set()
    if args.log is not None and args.log.exists():
        for line in args.log.read_text().splitlines():
            entry = json.loads(line)
            key = (entry["matchup"], entry["seed"])
            if entry["matchup"] in results and entry["expert"] == args.expert \
                    and entry["uct"] == args.uct and key not in done_before:
                done_before.add(key)
                pair = Pair(**entry["pair"])
                results[entry["matchup"]].append(pair)
                seconds[entry["matchup"]] += sum(pair.expert_think) + sum(pair.other_think)
    # The matchups take turns: pair i of each, then pair i + 1.
    jobs = [(variant, opponent, args.expert, args.seed + i, args.uct)
            for i in range(max(pairs for _, _, pairs in matchups))
            for variant, opponent, pairs in matchups
            if i < pairs and (f"{variant}:{opponent}", args.seed + i) not in done_before]
    started = time.perf_counter()
    deadline = started + 60 * args.minutes if args.minutes is not None else math.inf
    log = args.log.open("a") if args.log is not None else None
    for done, (label, seed, pair) in enumerate(_results(jobs, args.workers, deadline), 1):
        results[label].append(pair)
        seconds[label] += sum(pair.expert_think) + sum(pair.other_think)
        if log is not None:
            log.write(json.dumps({"matchup": label, "seed": seed, "expert": args.expert,
                                  "uct": args.uct, "pair": asdict(pair)}) + "\n")
            log.flush()
        print(f"\r{done}/{len(jobs)} deal pairs, {time.perf_counter() - started:.0f} s",
              end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    print(f"{args.expert} against OpenSpiel's bots: 2 players, one hand, duplicate deals from "
          f"seed {args.seed}; UCT constant {args.uct:g}; "
          f"{(time.perf_counter() - started) / 60:.0f} min on {args.workers} processes")
    print()
    print("| game | opponent | deal pairs | pairs won / split / lost | expert's hands won | "
          "expert's margin a hand | expert ms a move (p50 / p95) | "
          "opponent ms a move (p50 / p95) | CPU min |")
    print("|---|---|---|---|---|---|---|---|---|")
    for label, pairs in results.items():
        if pairs:
            print(row(label, pairs, seconds[label]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
