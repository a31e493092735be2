"""The strength ladder of the computer players (issue 3), with 95% confidence intervals.

    .venv/bin/python benchmarks/strength.py            # the full ladder (within an hour, 2 cores)
    .venv/bin/python benchmarks/strength.py --quick    # a fast look (a few minutes)

Every match is duplicate (each deal played again with the seats swapped) and 2-player.  It
prints, goal by goal, the measured figure, its 95% interval over deal pairs and whether the goal
of the issue is met:

- expert vs greedy: Draw hands >= 77%, Block hands >= 66%, All Fives hands >= 66% and games to
  100 >= 85%, Muggins games to 100 >= 85% (greedy being the point-greedy player under All Fives
  and Muggins); ``--compare SPEC`` pairs another expert on the same games;
- random < every personality < expert, on Draw, Block and All Fives (single hands);
- the personalities' styles: the share of real choices on which any two differ (>= 25%);
- the expert's think time per unforced move (p95 <= 250 ms), and its strength at budgets that
  take about 50, 250 and 1000 ms a move.  ``--curve-set 9 --curve-budgets 400,1600,6400``
  plays the curve on the double-nine set, where a larger budget still gains;
- other tables: the expert against three of each of the other players at a 4-player Muggins
  table (games to 100), where it should win more than its fair share of a quarter;
- orders: the expert with Pinocchio, Buratino and Snow White at a 4-player Muggins table, in each
  of the six orders of the seats around it (each deal in its 4 rotations, so the expert always
  follows the same player), where it should win at least its share in every order.
  ``--compare SPEC`` plays another expert on the same deals and prints the paired difference
  (``--expert expert:sharpness=1 --compare expert``: another reading of the lays, against the
  default; the experiments measured without a gain are played by ``benchmarks/experiments.py``);
  ``--orders-only`` picks orders (``snow-white`` for the orders
  where the expert follows Snow White).
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import sys
import time

from doublesix import Match, Rules
from doublesix.ai import player
from doublesix.ai.expert import DEFAULT_PLAYOUTS
from doublesix.ai.tournament import TournamentResult
from doublesix.cli.tournament import with_progress_bar

from stats import quantile, ratio_ci

PERSONALITIES = ("pinocchio", "buratino", "snow-white")
LADDER_VARIANTS = ("draw", "block", "all-fives")
#: The budgets of the curve: about 3, 12, 50, 200 and 800 ms a move on the project's machine.
CURVE = (DEFAULT_PLAYOUTS // 16, DEFAULT_PLAYOUTS // 4, DEFAULT_PLAYOUTS, DEFAULT_PLAYOUTS * 4,
         DEFAULT_PLAYOUTS * 16)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="few deals: a fast look")
    parser.add_argument("--pairs", type=int, default=None, help="deal pairs per goal")
    parser.add_argument("--game-pairs", type=int, default=None,
                        help="deal pairs of All Fives and of Muggins games to 100")
    parser.add_argument("--ladder-pairs", type=int, default=None,
                        help="deal pairs for each personality against random and the expert "
                        "(spread over Draw, Block and All Fives)")
    parser.add_argument("--curve-pairs", type=int, default=None,
                        help="deal pairs per budget on the budget curve (half at the largest)")
    parser.add_argument("--curve-set", type=int, default=6, choices=(6, 9, 12),
                        help="the tile set of the budget curve (default 6; a larger set has "
                        "more moves to weigh and more hidden tiles)")
    parser.add_argument("--curve-budgets", default="",
                        help="comma-separated playouts per move for the curve (default: "
                        f"{','.join(map(str, CURVE))}); the default budget is always played")
    parser.add_argument("--table-deals", type=int, default=None,
                        help="deals (each in 4 rotations) per 4-player table")
    parser.add_argument("--orders-deals", type=int, default=None,
                        help="deals (each in 4 rotations) per order of the seats")
    parser.add_argument("--orders-target", type=int, default=100,
                        help="the orders' games are to this many points (0: single hands, a "
                        "cheaper look)")
    parser.add_argument("--orders-only", default="",
                        help="play only the orders where the expert follows one of these "
                        "players (comma-separated)")
    parser.add_argument("--expert", default="expert",
                        help="the expert measured in the games to 100, at the tables and in "
                        "the orders")
    parser.add_argument("--compare", default="",
                        help="another expert played on the same deals in the games to 100, at "
                        "the tables and in the orders, with the paired difference of games won")
    parser.add_argument("--dump", default="",
                        help="append each match's per-deal results (JSON lines) to this file, "
                        "to pair runs later")
    parser.add_argument("--workers", type=int, default=None, help="processes (default: cores)")
    parser.add_argument("--seed", type=int, default=20261130)
    parser.add_argument("--only", default="", help="comma-separated sections to run: "
                        "draw,block,fives,muggins,ladder,styles,curve,tables,orders (default: all)")
    args = parser.parse_args(argv)
    pairs = args.pairs or (60 if args.quick else 1000)
    game_pairs = args.game_pairs or (20 if args.quick else 400)
    ladder_pairs = args.ladder_pairs or (60 if args.quick else 351)
    curve_pairs = args.curve_pairs or (40 if args.quick else 200)
    table_deals = args.table_deals or (6 if args.quick else 40)
    orders_deals = args.orders_deals or (3 if args.quick else 20)
    sections = set(args.only.split(",")) if args.only else {
        "draw", "block", "fives", "muggins", "ladder", "styles", "curve", "tables", "orders"}
    started = time.perf_counter()
    print(f"doublesix strength ladder: {pairs} deal pairs per goal, expert at its default "
          f"budget of {DEFAULT_PLAYOUTS} playouts, seed {args.seed}")
    met: list[tuple[str, bool]] = []

    def play(names: list[str], variant: str, n: int, target: int = 0,
             seed: int = args.seed, tile_set: int = 6, seats: int = 2) -> TournamentResult:
        rules = Rules.variant(variant, target=target, set=tile_set, players=seats)
        result = with_progress_bar(names, rules, n, seed, workers=args.workers)
        if args.dump:
            with open(args.dump, "a") as out:
                first = result.stats[0]
                out.write(json.dumps({
                    "names": names, "variant": variant, "target": target, "seed": seed,
                    "set": tile_set, "seats": seats, "hands": first.hands,
                    "hand_wins": first.hand_wins, "games": first.games,
                    "game_wins": first.game_wins}) + "\n")
        return result

    if sections & {"draw", "block"}:
        print("\n## Expert vs greedy, single hands")
        for variant, goal in (("draw", 0.77), ("block", 0.66)):
            if variant not in sections:
                continue
            result = play(["expert", "greedy"], variant, pairs)
            rate, half = result.win_rate(0)
            ok = rate >= goal
            met.append((f"expert vs greedy, {variant} hands >= {goal:.0%}", ok))
            p50, p95 = result.think_ms(0)
            print(f"{variant:<10} expert wins {rate:.1%} ± {half:.1%} of hands "
                  f"(goal {goal:.0%}: {'met' if ok else 'NOT met'}); "
                  f"think p50 {p50:.0f} ms, p95 {p95:.0f} ms")
    for section, variant, label in (("fives", "all-fives", "All Fives"),
                                    ("muggins", "muggins", "Muggins")):
        if section not in sections:
            continue
        print(f"\n## Expert vs point-greedy, {label} games to 100")
        result = play([args.expert, "greedy"], variant, game_pairs, target=100)
        hand_rate, hand_half = result.win_rate(0)
        game_rate, game_half = result.game_rate(0)
        ok_games = game_rate >= 0.85
        if variant == "all-fives":
            ok_hands = hand_rate >= 0.66
            met.append(("expert vs greedy, All Fives hands >= 66%", ok_hands))
            hands_goal = f" ({'met' if ok_hands else 'NOT met'})"
        else:
            hands_goal = ""
        met.append((f"expert vs greedy, {label} games >= 85%", ok_games))
        p50, p95 = result.think_ms(0)
        print(f"{variant:<10} expert wins {hand_rate:.1%} ± {hand_half:.1%} of hands"
              f"{hands_goal} and {game_rate:.1%} ± {game_half:.1%} of games "
              f"({'met' if ok_games else 'NOT met'}) over {result.groups} deal pairs; "
              f"think p50 {p50:.0f} ms, p95 {p95:.0f} ms")
        if args.compare:
            other = play([args.compare, "greedy"], variant, game_pairs, target=100)
            print(f"    {args.compare}: games {other.game_rate(0)[0]:.1%}; {args.expert} "
                  f"against it on the same deals: {_paired_text(result, other)}")
    if "ladder" in sections:
        print("\n## The ladder: random < each personality < expert (hands won, single hands)")
        share = max(1, ladder_pairs // len(LADDER_VARIANTS))
        for name in PERSONALITIES:
            for lower, upper in (("random", name), (name, "expert")):
                wins = []
                for k, variant in enumerate(LADDER_VARIANTS):
                    n = share if "expert" in (upper, lower) else max(share, pairs // 3)
                    result = play([upper, lower], variant, n, seed=args.seed + 7919 * k)
                    rate, half = result.win_rate(0)
                    wins.append((variant, rate, half, result))
                total = _pooled([w[3] for w in wins])
                ok = total[0] - total[1] > 0.5
                met.append((f"{upper} ahead of {lower}", ok))
                detail = ", ".join(f"{v} {r:.1%} ± {h:.1%}" for v, r, h, _ in wins)
                print(f"{upper:>10} vs {lower:<10} {total[0]:.1%} ± {total[1]:.1%} over "
                      f"{sum(len(w[3].stats[0].hands) for w in wins)} pairs ({detail}): "
                      f"{'ahead' if ok else 'NOT clearly ahead'}")
    if "styles" in sections:
        print("\n## Styles: share of real choices where two players choose differently")
        shares = style_differences(40 if args.quick else 150)
        for (a, b), share_ in shares.items():
            print(f"{a:>10} / {b:<10} {share_:.1%}")
        ok = all(s >= 0.25 for (a, b), s in shares.items() if "greedy" not in (a, b))
        met.append(("personalities differ at >= 25% of real choices", ok))
    if "curve" in sections:
        budgets = sorted({DEFAULT_PLAYOUTS, *(int(b) for b in args.curve_budgets.split(",")
                                              if b)} if args.curve_budgets else CURVE)
        print(f"\n## Budget curve: expert vs greedy, Draw hands (double-{args.curve_set}), "
              "by playouts per move")
        print("(every budget on the same deals; the difference is paired, against the default)")
        curve: dict[int, TournamentResult] = {}
        for playouts in budgets:
            n = max(1, curve_pairs // 2) if playouts > 4 * DEFAULT_PLAYOUTS else curve_pairs
            curve[playouts] = play([f"expert:playouts={playouts}", "greedy"], "draw", n,
                                   seed=args.seed + 31, tile_set=args.curve_set)
        for playouts, result in curve.items():
            rate, half = result.win_rate(0)
            p50, p95 = result.think_ms(0)
            diff, diff_half = paired(result, curve[DEFAULT_PLAYOUTS])
            against = ("the default" if playouts == DEFAULT_PLAYOUTS
                       else f"{diff:+.1%} ± {diff_half:.1%} against {DEFAULT_PLAYOUTS}")
            print(f"{playouts:>6} playouts: {rate:.1%} ± {half:.1%} over {result.groups} pairs "
                  f"({against}); think p50 {p50:.0f} ms, p95 {p95:.0f} ms")
        print("think time in one quiet process (wall and CPU per unforced move):")
        for playouts in budgets:
            wall, cpu = think_times(playouts, 8 if args.quick else 30, args.curve_set)
            print(f"{playouts:>6} playouts: wall p50 {wall[0]:.0f} p95 {wall[1]:.0f} ms; "
                  f"CPU p50 {cpu[0]:.0f} p95 {cpu[1]:.0f} ms")
            if playouts == DEFAULT_PLAYOUTS and args.curve_set == 6:
                met.append(("expert think time p95 <= 250 ms (wall, default budget)",
                            wall[1] <= 250))
    if "tables" in sections:
        print("\n## Other tables: the expert against three of a kind, 4-player Muggins to 100")
        print("(its fair share of games is 25%; each deal in the 4 rotations of the seats)")
        for name in ("greedy", *PERSONALITIES):
            result = play([args.expert, name, name, name], "muggins", table_deals, target=100,
                          seed=args.seed + 53, seats=4)
            rate, half = result.game_rate(0)
            hand_rate, hand_half = result.win_rate(0)
            ok = rate - half > 0.25
            met.append((f"expert above its share at a table of three {name}", ok))
            print(f"against three {name:<10} games {rate:.1%} ± {half:.1%}, hands "
                  f"{hand_rate:.1%} ± {hand_half:.1%} over {result.groups} deals: "
                  f"{'above its share' if ok else 'NOT clearly above its share'}")
            if args.compare:
                other = play([args.compare, name, name, name], "muggins", table_deals,
                             target=100, seed=args.seed + 53, seats=4)
                print(f"    {args.compare}: games {other.game_rate(0)[0]:.1%}; "
                      f"{args.expert} against it on the same deals: "
                      f"{_paired_text(result, other)}")
    if "orders" in sections:
        print("\n## Orders: the expert with Pinocchio, Buratino and Snow White, 4-player Muggins "
              "to 100")
        print("(each deal in the 4 rotations of the order, so the expert always follows the "
              "same player; its share is 25%)")
        for others in itertools.permutations(PERSONALITIES):
            if args.orders_only and others[-1] not in args.orders_only.split(","):
                continue
            names = [args.expert, *others]
            result = play(names, "muggins", orders_deals, target=args.orders_target,
                          seed=args.seed + 71, seats=4)
            rate, half = result.game_rate(0)
            if not args.orders_target:
                rate, half = result.win_rate(0)
            ok = rate >= 0.25
            label = ", ".join(["expert", *others])
            if args.orders_target:
                met.append((f"expert at its share or above: {label}", ok))
            rate_of = result.game_rate if args.orders_target else result.win_rate
            rates = " / ".join(f"{rate_of(i)[0]:.1%}" for i in range(1, 4))
            p50, p95 = result.think_ms(0)
            print(f"{label:<40} expert {rate:.1%} ± {half:.1%} of "
                  f"{'games' if args.orders_target else 'hands'} over {result.groups} "
                  f"deals ({'at or above' if ok else 'BELOW'} its share; the others {rates}); "
                  f"think p50 {p50:.0f}, p95 {p95:.0f} ms")
            if args.compare:
                other = play([args.compare, *others], "muggins", orders_deals,
                             target=args.orders_target, seed=args.seed + 71, seats=4)
                print(f"    {args.compare}: {other.game_rate(0)[0]:.1%}; {args.expert} against "
                      f"it on the same deals: {_paired_text(result, other)}")
    print("\n## Goals")
    for label, ok in met:
        print(f"{'met    ' if ok else 'NOT met'}  {label}")
    print(f"\n({time.perf_counter() - started:.0f} s)")
    return 0


def _pooled(results: list[TournamentResult]) -> tuple[float, float]:
    """The first player's win rate over several tournaments, and its 95% half-width."""
    wins = [w for r in results for w in r.stats[0].hand_wins]
    hands = [h for r in results for h in r.stats[0].hands]
    return ratio_ci(wins, hands)


def paired(a: TournamentResult, b: TournamentResult) -> tuple[float, float]:
    """How much more often the first player of ``a`` won its hands than that of ``b``, on the
    deals both played (the first ones of the longer), and the 95% half-width over deal pairs."""
    sa, sb = a.stats[0], b.stats[0]
    wins = [x - y for x, y in zip(sa.hand_wins, sb.hand_wins, strict=False)]
    return ratio_ci(wins, sa.hands[: len(wins)])


def paired_games(a: TournamentResult, b: TournamentResult) -> tuple[float, float]:
    """:func:`paired` for games won."""
    sa, sb = a.stats[0], b.stats[0]
    wins = [x - y for x, y in zip(sa.game_wins, sb.game_wins, strict=False)]
    return ratio_ci(wins, sa.games[: len(wins)])


def _paired_text(a: TournamentResult, b: TournamentResult) -> str:
    games, games_half = paired_games(a, b)
    hands, hands_half = paired(a, b)
    return (f"games {games:+.1%} ± {games_half:.1%}, hands {hands:+.1%} ± {hands_half:.1%} "
            f"({min(a.groups, b.groups)} deals)")


def style_differences(deals: int) -> dict[tuple[str, str], float]:
    """For positions with a real choice (from games between the players themselves, mixed
    with random moves, in Draw, Block and All Fives), how often each two choose differently."""
    names = ["greedy", *PERSONALITIES]
    players = {name: player(name) for name in names}
    differ = dict.fromkeys(itertools.combinations(names, 2), 0)
    total = 0
    for variant in LADDER_VARIANTS:
        for seed in range(deals):
            match = Match(Rules.variant(variant, target=0), seed=seed)
            rng = random.Random(seed)
            while match.turn is not None:
                view = match.view(match.turn)
                moves = view.legal_moves()
                if len(moves) > 1:
                    chosen = {n: players[n].choose(view, random.Random(0)) for n in names}
                    total += 1
                    for a, b in differ:
                        differ[a, b] += chosen[a] is not chosen[b]
                mover = players[names[rng.randrange(len(names))]]
                match.play(mover.choose(view, rng) if rng.random() < 0.7 else rng.choice(moves))
    return {pair: count / max(total, 1) for pair, count in differ.items()}


def think_times(
    playouts: int, deals: int, tile_set: int = 6
) -> tuple[tuple[float, float], tuple[float, float]]:
    """The expert's think time per unforced move against greedy in 2-player Draw (with the
    double-``tile_set`` set), in this process: (wall p50, p95) and (CPU p50, p95) in ms."""
    expert = player("expert", playouts=playouts)
    greedy = player("greedy")
    wall: list[float] = []
    cpu: list[float] = []
    for seed in range(deals):
        match = Match(Rules.variant("draw", target=0, set=tile_set), seed=seed)
        rng = random.Random(seed)
        while match.turn is not None:
            view = match.view(match.turn)
            if match.turn == seed % 2 and len(view.legal_moves()) > 1:
                w, c = time.perf_counter(), time.process_time()
                move = expert.choose(view, rng)
                wall.append(time.perf_counter() - w)
                cpu.append(time.process_time() - c)
            else:
                move = greedy.choose(view, rng)
            match.play(move)
    return _p50_p95(wall), _p50_p95(cpu)


def _p50_p95(values: list[float]) -> tuple[float, float]:
    """The median and the 95th percentile of ``values`` (seconds), in milliseconds."""
    return quantile(values, 0.5) * 1000, quantile(values, 0.95) * 1000


if __name__ == "__main__":
    sys.exit(main())
