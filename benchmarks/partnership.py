"""Partnership dominoes (issue 21): the expert team against greedy, against the PyPI ``dominoes``
package's players, and what the partner model is worth, with 95% intervals over deal pairs.

    .venv/bin/python benchmarks/partnership.py                 # every section
    .venv/bin/python benchmarks/partnership.py --quick         # a fast look
    .venv/bin/python benchmarks/partnership.py --only greedy --pairs 400

Every hand is the ``partnership`` game's (4 players, partners opposite, all 28 tiles dealt, 6|6
opens, no drawing; going out scores the three other hands, a blocked hand goes to the lighter
team).  Every deal is duplicate: played once with team A in seats 0 and 2, and again with the
teams swapped (team A in seats 1 and 3, holding the hands team B held), so the luck of the deal
cancels.  A team's figure is its share of hands won (a drawn hand counts half), with a 95%
interval computed over the deal pairs.

Sections (``--only``):

- ``greedy``: the expert team against a greedy team (goal: at least 60% of hands);
- ``peers``: the expert team against teams of the peer package's ``bota_gorda`` (heaviest
  tile), ``double`` (doubles first) and ``probabilistic_alphabeta`` (samples the hidden hands
  and solves each by alpha-beta; goal: more than 50% against each);
- ``partner``: two experts as partners against an expert partnered with greedy, each against
  the same greedy team on the same deals, as a paired difference (goal: positive);
- ``think``: the expert's think time per unforced move at the default budget, in one process
  (goal: p95 at most 250 ms).

A peer player is handed a ``dominoes.Game`` built from its seat's view alone (its own hand, the
table, the other hands' sizes and the public record; the other hands hold the unseen tiles in
an arbitrary split, which the peer's sampler reshuffles), never the real deal.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from doublesix import Match, Move, Rules, Tile, View
from doublesix.ai import player
from doublesix.ai.expert import DEFAULT_PLAYOUTS
from doublesix.ai.tournament import parse_spec
from doublesix.engine.events import Event

from stats import mean_ci, quantile

RULES = Rules.variant("partnership", target=0)
#: The peer's alpha-beta player: from this move of the hand on (the moves before it, passes
#: counted, are its ``bota_gorda`` ordering), with this many sampled deals a decision.  Solving
#: one deal from the first moves takes 10 to 30 s, so the search starts once each seat has laid
#: about twice.
PEER_START = 6
PEER_SAMPLES = 4


class PeerPlayer:
    """A player of the peer package (a function that orders ``game.valid_moves``, best first)
    seated at a doublesix table: it is given a ``dominoes.Game`` built from the view alone."""

    def __init__(self, name: str, order: Callable[[Any], None]) -> None:
        self.name = name
        self.order = order

    def choose(self, view: View, rng: random.Random) -> Move:
        moves = view.legal_moves()
        if moves[0].t < 0:
            return moves[0]
        game = peer_game(view)
        random.seed(rng.getrandbits(64))  # the peer draws from the random module itself
        self.order(game)
        domino, left = game.valid_moves[0]
        tile = Tile(domino.first, domino.second)
        if not view.layout.played:
            return Move(tile, None)
        move = Move(tile, "left" if left else "right")
        assert move in moves, (move, moves)
        return move


def hand_events(view: View) -> list[Event]:
    """The events of the hand in play."""
    history = view.history
    start = max(i for i, event in enumerate(history) if event.kind == "hand")
    return list(history[start + 1:])


def peer_game(view: View) -> Any:
    """A ``dominoes.Game`` holding what ``view``'s seat knows: its hand, the ends, the moves
    made (passes as None), the other hands' sizes; the other hands get the unseen tiles in tile
    order (any split: the peer only reads them as the pool it samples from)."""
    import dominoes  # type: ignore[import-untyped]

    def domino(tile: Tile) -> Any:
        return dominoes.Domino(tile.high, tile.low)

    unseen = sorted(view.unseen, key=lambda t: t.index)
    hands = []
    for seat, size in enumerate(view.hand_sizes):
        if seat == view.seat:
            hands.append(dominoes.Hand([domino(t) for t in view.hand]))
        else:
            hands.append(dominoes.Hand([domino(t) for t in unseen[:size]]))
            unseen = unseen[size:]
    board = dominoes.SkinnyBoard()
    moves: list[Any] = []
    starting = view.seat
    for event in hand_events(view):
        if event.kind == "lay" and event.tile is not None:
            if not moves:
                assert event.seat is not None
                starting = event.seat
            move = (domino(event.tile), event.end != "right")
            board.add(*move)
            moves.append(move)
        elif event.kind == "pass":
            moves.append(None)
    game = dominoes.Game(board, hands, moves, view.seat, (), starting, None)
    if len(board):
        game._update_valid_moves()
    else:
        game.valid_moves = tuple((d, True) for d in game.hands[view.seat])
    return game


def make_player(spec: str) -> Any:
    """A player from its spec: a doublesix name with options (``expert:playouts=400``), or
    ``peer:bota_gorda``, ``peer:double`` or ``peer:alphabeta`` (``peer:alphabeta:samples=4,
    start=8``)."""
    if not spec.startswith("peer:"):
        name, options = parse_spec(spec)
        return player(name, **options)
    import dominoes

    _, _, rest = spec.partition(":")
    name, _, options_text = rest.partition(":")
    peer_options = {key: value for key, _, value in
                    (item.partition("=") for item in options_text.split(",") if item)}
    if name == "bota_gorda":
        return PeerPlayer(spec, dominoes.players.bota_gorda)
    if name == "double":
        return PeerPlayer(spec, dominoes.players.double)
    if name == "alphabeta":
        search = dominoes.players.probabilistic_alphabeta(
            start_move=int(peer_options.get("start", PEER_START)),
            sample_size=int(peer_options.get("samples", PEER_SAMPLES)),
            player=dominoes.players.bota_gorda)

        def order(game: Any) -> None:
            dominoes.players.bota_gorda(game)
            search(game)

        return PeerPlayer(spec, order)
    raise ValueError(f"unknown peer player {name!r}")


#: A matchup: team A's two players (the first sits first) against team B's.
Matchup = tuple[tuple[str, str], tuple[str, str]]


@dataclass
class DealResult:
    """One deal, every matchup played on it both ways round: team A's hands won (of 2) per
    matchup, and think times per player spec."""

    seed: int
    scores: list[float]
    margins: list[int]
    #: Wall-clock and CPU seconds per unforced move, by player spec.
    think: dict[str, list[float]] = field(default_factory=dict)
    cpu: dict[str, list[float]] = field(default_factory=dict)


_PLAYERS: dict[str, Any] = {}


def _player(spec: str) -> Any:
    if spec not in _PLAYERS:
        _PLAYERS[spec] = make_player(spec)
    return _PLAYERS[spec]


def play_hand(
    specs: Sequence[str], seed: int, play: int, think: dict[str, list[float]],
    cpu: dict[str, list[float]],
) -> tuple[tuple[int, ...], int, int | None]:
    """One hand of the deal ``seed`` with ``specs[s]`` in seat ``s``: the winning seats, the
    points scored and the team that scored them (None: drawn).  Each unforced move's wall and
    CPU time go to ``think`` and ``cpu``."""
    match = Match(RULES, seed=seed)
    rngs = [random.Random(f"partnership:{seed}:{play}:{seat}") for seat in range(4)]
    while match.turn is not None:
        turn = match.turn
        moves = match.legal_moves()
        if len(moves) == 1:
            match.play(moves[0])
            continue
        view = match.view(turn)
        started, used = time.perf_counter(), time.process_time()
        move = _player(specs[turn]).choose(view, rngs[turn])
        think.setdefault(specs[turn], []).append(time.perf_counter() - started)
        cpu.setdefault(specs[turn], []).append(time.process_time() - used)
        match.play(move)
    result = match.hand_result
    assert result is not None
    team = None if result.winner is None else RULES.team_of(result.winner)
    return result.winners, result.points, team


def play_deal(job: tuple[int, Sequence[Matchup]]) -> DealResult:
    """Play deal ``seed`` once per matchup and seating: team A in seats 0 and 2, then 1 and 3."""
    seed, matchups = job
    out = DealResult(seed, [], [])
    for k, ((a1, a2), (b1, b2)) in enumerate(matchups):
        score = 0.0
        margin = 0
        for swapped, specs in enumerate(((a1, b1, a2, b2), (b1, a1, b2, a2))):
            _, points, team = play_hand(specs, seed, 2 * k + swapped, out.think, out.cpu)
            if team is None:
                score += 0.5
            elif team == swapped:  # team A sits at seats 0 and 2, then at 1 and 3
                score += 1.0
                margin += points
            else:
                margin -= points
        out.scores.append(score)
        out.margins.append(margin)
    return out


def run_deals(
    matchups: Sequence[Matchup], pairs: int, seed: int, workers: int,
    progress: Callable[[int, int], None] | None = None, minutes: float | None = None,
) -> list[DealResult]:
    """Every matchup on ``pairs`` deals (seeds ``seed`` to ``seed + pairs - 1``).  With
    ``minutes``, or on Ctrl-C, it stops early and returns the deals finished (every matchup of
    a deal is played in one job, so the pairs stay paired); the report gives their number."""
    jobs = [(seed + i, list(matchups)) for i in range(pairs)]
    results: list[DealResult] = []
    deadline = None if minutes is None else time.perf_counter() + 60 * minutes
    try:
        for done, result in enumerate(_map(jobs, workers), 1):
            results.append(result)
            if progress is not None:
                progress(done, pairs)
            if deadline is not None and time.perf_counter() > deadline:
                print(f"  stopped after {minutes:g} minutes: {done} of {pairs} deals",
                      file=sys.stderr, flush=True)
                break
    except KeyboardInterrupt:
        print(f"  interrupted: {len(results)} of {pairs} deals", file=sys.stderr, flush=True)
    results.sort(key=lambda r: r.seed)
    return results


def _map(jobs: list[tuple[int, list[Matchup]]], workers: int) -> Iterator[DealResult]:
    if workers <= 1:
        yield from map(play_deal, jobs)
        return
    with multiprocessing.get_context("spawn").Pool(workers) as pool:
        yield from pool.imap_unordered(play_deal, jobs, chunksize=1)


def rate(results: Sequence[DealResult], index: int) -> tuple[float, float]:
    """Team A's share of hands won in matchup ``index``, and its 95% half-width over deals."""
    return mean_ci([r.scores[index] / 2 for r in results])


def paired(results: Sequence[DealResult], first: Sequence[int], second: Sequence[int]
           ) -> tuple[float, float]:
    """How much more team A won in the matchups ``first`` (averaged) than in ``second``, per
    deal, with its 95% half-width."""
    diffs = [sum(r.scores[i] for i in first) / (2 * len(first))
             - sum(r.scores[i] for i in second) / (2 * len(second)) for r in results]
    return mean_ci(diffs)


def think_ms(
    results: Sequence[DealResult], spec: str, cpu: bool = False
) -> tuple[float, float, int]:
    """p50 and p95 of ``spec``'s think time per unforced move (ms; wall clock, or with ``cpu``
    the process's CPU time), and how many moves."""
    times = [t for r in results for t in (r.cpu if cpu else r.think).get(spec, [])]
    if not times:
        return 0.0, 0.0, 0
    return quantile(times, 0.5) * 1000, quantile(times, 0.95) * 1000, len(times)


def _progress(label: str) -> Callable[[int, int], None]:
    started = time.perf_counter()

    def show(done: int, total: int) -> None:
        if done == total or done % max(1, total // 20) == 0:
            print(f"  {label}: {done}/{total} deals, {time.perf_counter() - started:.0f} s",
                  file=sys.stderr, flush=True)

    return show


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="few deals: a fast look")
    parser.add_argument("--pairs", type=int, default=None, help="deal pairs against greedy")
    parser.add_argument("--peer-pairs", type=int, default=None,
                        help="deal pairs against each of bota_gorda and double")
    parser.add_argument("--alphabeta-pairs", type=int, default=None,
                        help="deal pairs against probabilistic_alphabeta")
    parser.add_argument("--partner-pairs", type=int, default=None,
                        help="deal pairs of the partner comparison")
    parser.add_argument("--think-deals", type=int, default=None,
                        help="deals of the think-time measurement")
    parser.add_argument("--expert", default="expert", help="the expert's spec")
    parser.add_argument("--against", action="append", default=[],
                        help="another expert spec to compare with --expert on the same deals, "
                        "each as a team against greedy (paired; may be given more than once)")
    parser.add_argument("--samples", type=int, default=PEER_SAMPLES,
                        help="deals the peer's alpha-beta player samples a decision")
    parser.add_argument("--start", type=int, default=PEER_START,
                        help="move of the hand from which the peer's alpha-beta player searches")
    parser.add_argument("--workers", type=int, default=None, help="processes (default: cores)")
    parser.add_argument("--minutes", type=float, default=None,
                        help="stop each section after this many minutes with the deals done")
    parser.add_argument("--seed", type=int, default=2100000)
    parser.add_argument("--only", default="",
                        help="comma-separated sections: greedy,peers,partner,think,compare")
    args = parser.parse_args(argv)
    workers = args.workers or os.cpu_count() or 1
    pairs = args.pairs or (20 if args.quick else 600)
    peer_pairs = args.peer_pairs or (10 if args.quick else 300)
    ab_pairs = args.alphabeta_pairs or (4 if args.quick else 100)
    partner_pairs = args.partner_pairs or (20 if args.quick else 400)
    think_deals = args.think_deals or (5 if args.quick else 40)
    sections = set(args.only.split(",")) if args.only else {"greedy", "peers", "partner",
                                                             "think"}
    expert = args.expert
    started = time.perf_counter()
    load = os.getloadavg()
    print(f"doublesix partnership benchmark: expert {expert!r} (default budget "
          f"{DEFAULT_PLAYOUTS} playouts), seed {args.seed}, {workers} workers, load average "
          f"{load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    met: list[tuple[str, bool]] = []
    expert_think: list[DealResult] = []

    def team(results: list[DealResult], label: str, goal: float, index: int = 0) -> None:
        value, half = rate(results, index)
        margin = mean_ci([r.margins[index] / 2 for r in results])
        ok = value - half > goal if goal == 0.5 else value >= goal
        met.append((f"expert team vs {label} >= {goal:.0%}" if goal > 0.5 else
                    f"expert team vs {label} > 50%", ok))
        print(f"expert team vs {label:<28} {value:.1%} ± {half:.1%} of hands over "
              f"{len(results)} pairs (points a hand {margin[0]:+.1f} ± {margin[1]:.1f}): "
              f"{'met' if ok else 'NOT met'}")

    if "greedy" in sections:
        print("\n## Expert team vs greedy team")
        results = run_deals([((expert, expert), ("greedy", "greedy"))], pairs, args.seed,
                            workers, _progress("greedy"), args.minutes)
        expert_think += results
        team(results, "greedy team", 0.60)
    if "compare" in sections and args.against:
        specs = [expert, *args.against]
        print(f"\n## {', '.join(specs)}: each as a team against greedy, on the same deals")
        results = run_deals([((spec, spec), ("greedy", "greedy")) for spec in specs],
                            pairs, args.seed, workers, _progress("compare"), args.minutes)
        for i, spec in enumerate(specs):
            value, half = rate(results, i)
            p50, p95, n = think_ms(results, spec)
            against = ""
            if i:
                diff, diff_half = paired(results, [i], [0])
                against = f"; against {expert}: {100 * diff:+.2f} ± {100 * diff_half:.2f}"
            print(f"{spec:<44} {value:.1%} ± {half:.1%} (think p50 {p50:.0f}, p95 {p95:.0f} "
                  f"ms){against}")
    if "peers" in sections:
        print("\n## Expert team vs the peer package's teams")
        for name, n in (("bota_gorda", peer_pairs), ("double", peer_pairs),
                        (f"alphabeta:samples={args.samples},start={args.start}", ab_pairs)):
            spec = f"peer:{name}"
            results = run_deals([((expert, expert), (spec, spec))], n, args.seed + 50000,
                                workers, _progress(name), args.minutes)
            expert_think += results
            team(results, f"{name} team", 0.5)
            if name.startswith("alphabeta"):
                p50, p95, moves = think_ms(results, spec)
                c50, c95, _ = think_ms(results, spec, cpu=True)
                worst = max((t for r in results for t in r.think.get(spec, [])), default=0.0)
                most = max((t for r in results for t in r.cpu.get(spec, [])), default=0.0)
                print(f"  {spec}: think p50 {p50:.0f} ms, p95 {p95:.0f} ms, most "
                      f"{worst * 1000:.0f} ms over {moves} unforced moves (CPU time p50 "
                      f"{c50:.0f}, p95 {c95:.0f}, most {most * 1000:.0f} ms)")
    if "partner" in sections:
        print("\n## The partner model: two experts against an expert with a greedy partner, "
              "each against the same greedy team on the same deals")
        results = run_deals([((expert, expert), ("greedy", "greedy")),
                             ((expert, "greedy"), ("greedy", "greedy")),
                             (("greedy", expert), ("greedy", "greedy"))],
                            partner_pairs, args.seed + 100000, workers, _progress("partner"),
                            args.minutes)
        expert_think += results
        both, both_half = rate(results, 0)
        mixed = mean_ci([(r.scores[1] + r.scores[2]) / 4 for r in results])
        diff, half = paired(results, [0], [1, 2])
        ok = diff - half > 0
        met.append(("two experts beat expert + greedy (paired, same opponents)", ok))
        print(f"two experts: {both:.1%} ± {both_half:.1%}; expert + greedy (either seat "
              f"first): {mixed[0]:.1%} ± {mixed[1]:.1%}; paired difference {100 * diff:+.1f} ± "
              f"{100 * half:.1f} points over {len(results)} deals: "
              f"{'met' if ok else 'NOT met'}")
    if expert_think:
        p50, p95, n = think_ms(expert_think, expert)
        c50, c95, _ = think_ms(expert_think, expert, cpu=True)
        print(f"\nexpert think time in the runs above ({n} unforced moves, {workers} workers "
              f"beside other work): p50 {p50:.0f} ms, p95 {p95:.0f} ms (CPU time p50 "
              f"{c50:.0f} ms, p95 {c95:.0f} ms)")
    if "think" in sections:
        print("\n## Think time in one process (expert team vs greedy team)")
        results = run_deals([((expert, expert), ("greedy", "greedy"))], think_deals,
                            args.seed + 200000, 1)
        p50, p95, n = think_ms(results, expert)
        c50, c95, _ = think_ms(results, expert, cpu=True)
        ok = p95 <= 250
        met.append(("expert think time p95 <= 250 ms (default budget, wall clock)", ok))
        print(f"expert think p50 {p50:.0f} ms, p95 {p95:.0f} ms over {n} unforced moves "
              f"(CPU time p50 {c50:.0f} ms, p95 {c95:.0f} ms): {'met' if ok else 'NOT met'}")
    load = os.getloadavg()
    print(f"\n## Goals (load average at the end {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}, "
          f"{time.perf_counter() - started:.0f} s)")
    for label, ok in met:
        print(f"{'met    ' if ok else 'NOT met'}  {label}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
