"""``doublesix tournament``: the command line of :mod:`doublesix.ai.tournament` (duplicate
matches between computer players, on every core), with a progress bar on standard error."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from doublesix.ai.tournament import TournamentResult, parse_spec, tournament
from doublesix.cli.progress import bar
from doublesix.engine.rules import VARIANTS, Rules


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``doublesix tournament``."""
    parser.add_argument(
        "--players",
        default="expert,greedy",
        help="comma-separated players, e.g. expert,greedy or expert:playouts=200,snow-white "
        "(several options: expert:playouts=200;sharpness=1); repeated in turn to fill the seats; "
        "name one twice or more to give it several seats (expert,snow-white,snow-white: one "
        "expert against two Snow Whites), its figures then being per seat",
    )
    parser.add_argument("--variant", choices=VARIANTS, default="draw")
    parser.add_argument("--seats", type=int, choices=(2, 3, 4), default=None,
                        help="players at the table (default: as many as named, at least 2)")
    parser.add_argument("--deals", type=int, default=200,
                        help="deals, each played in every rotation of the seats "
                        "(or every order: --every-order)")
    parser.add_argument("--seed", type=int, default=1,
                        help="first deal's seed (deal i uses seed+i)")
    parser.add_argument("--set", type=int, default=6, choices=(6, 9, 12), dest="tile_set")
    parser.add_argument("--target", type=int, default=0,
                        help="points to win a game (default 0: every deal is one hand)")
    parser.add_argument("--teams", action="store_true",
                        help="two teams of partners at 4 seats (the partnership game has them): "
                        "--players a,b makes team a (seats 1 and 3) and team b, each deal played "
                        "again with the teams swapped; figures per team")
    parser.add_argument("--every-order", action="store_true",
                        help="play each deal in every order of the seats, not only their "
                        "rotations (at 4 different players: 24 seatings a deal)")
    parser.add_argument("--workers", type=int, default=0, help="processes (default: every core)")


def run(args: argparse.Namespace) -> int:
    """Play the tournament and print the table."""
    names = [name.strip() for name in args.players.split(",") if name.strip()]
    teams = args.teams or args.variant == "partnership"
    seats = args.seats or (4 if teams else max(2, len(names)))
    try:
        specs = [parse_spec(name) for name in names]
        options = {"teams": True} if args.teams else {}
        rules = Rules.variant(args.variant, players=seats, set=args.tile_set, target=args.target,
                              **options)
    except ValueError as error:
        print(f"doublesix tournament: {error}", file=sys.stderr)
        return 2
    if len(names) > seats:
        print(f"doublesix tournament: {len(names)} players for {seats} seats", file=sys.stderr)
        return 2
    if not specs or args.deals < 1:
        print("doublesix tournament: name at least one player and one deal", file=sys.stderr)
        return 2
    result = with_progress_bar(names, rules, args.deals, args.seed,
                               workers=args.workers or None, every_order=args.every_order)
    print(result.report())
    return 0


def with_progress_bar(
    names: Sequence[str],
    rules: Rules,
    deals: int,
    seed: int = 1,
    workers: int | None = None,
    every_order: bool = False,
) -> TournamentResult:
    """:func:`~doublesix.ai.tournament.tournament`, drawing a progress bar of the deals on
    standard error while it plays (when standard error is a terminal)."""
    with bar("doublesix tournament: deals", total=deals) as advance:
        return tournament(names, rules, deals, seed, workers=workers,
                          progress=lambda done, total: advance(1), every_order=every_order)
