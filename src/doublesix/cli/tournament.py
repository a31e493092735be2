"""``doublesix tournament``: the command line of :mod:`doublesix.ai.tournament` (duplicate
matches between computer players, on every core), with a progress bar on standard error."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from doublesix.ai.tournament import TournamentResult, parse_spec, tournament
from doublesix.cli.progress import bar
from doublesix.engine.rules import VARIANTS, Rules
from doublesix.words.helpwords import option_help


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``doublesix tournament``."""
    parser.add_argument(
        "--players",
        default="expert,greedy",
        help=option_help("tournament", "players"),
    )
    parser.add_argument("--variant", choices=VARIANTS, default="draw")
    parser.add_argument("--seats", type=int, choices=(2, 3, 4), default=None,
                        help=option_help("tournament", "seats"))
    parser.add_argument("--deals", type=int, default=200,
                        help=option_help("tournament", "deals"))
    parser.add_argument("--seed", type=int, default=1,
                        help=option_help("tournament", "seed"))
    parser.add_argument("--set", type=int, default=6, choices=(6, 9, 12), dest="tile_set")
    parser.add_argument("--target", type=int, default=0,
                        help=option_help("tournament", "target"))
    parser.add_argument("--teams", action="store_true",
                        help=option_help("tournament", "teams"))
    parser.add_argument("--every-order", action="store_true",
                        help=option_help("tournament", "every-order"))
    parser.add_argument("--workers", type=int, default=0, help=option_help("tournament", "workers"))


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
