"""``doublesix ladder``: the round robin of the computer opponents that fits their ratings
(:mod:`doublesix.ai.ladder`), printed, and written as the table the game ships with
``--write``."""

from __future__ import annotations

import argparse
import json
import sys
from importlib import resources

from doublesix.ai.ladder import (
    ENTRANTS,
    TABLE_FILE,
    VARIANTS,
    level_of_player,
    round_robin,
    steps,
    table,
)
from doublesix.ai.tournament import parse_spec
from doublesix.cli.progress import bar
from doublesix.words import players
from doublesix.words.helpwords import option_help


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``doublesix ladder``."""
    parser.add_argument("--deals", type=int, default=40,
                        help=option_help("ladder", "deals"))
    parser.add_argument("--seed", type=int, default=2800000, help=option_help("ladder", "seed"))
    parser.add_argument("--players", default=",".join(ENTRANTS),
                        help=option_help("ladder", "players"))
    parser.add_argument("--workers", type=int, default=1, help=option_help("ladder", "workers"))
    parser.add_argument("--out", default=None,
                        help=option_help("ladder", "out"))
    parser.add_argument("--write", action="store_true",
                        help=option_help("ladder", "write", file=TABLE_FILE))


def run(args: argparse.Namespace) -> int:
    """Play the round robin, print the ladder, write the table if asked."""
    specs = [spec.strip() for spec in args.players.split(",") if spec.strip()]
    try:
        for spec in specs:
            parse_spec(spec)
    except ValueError as error:
        print(f"doublesix ladder: {error}", file=sys.stderr)
        return 2
    if len(set(specs)) < 2 or args.deals < 1:
        print("doublesix ladder: two players or more, and one deal or more", file=sys.stderr)
        return 2
    pairs = len(set(specs)) * (len(set(specs)) - 1) // 2
    with bar("doublesix ladder: matches", total=args.deals * len(VARIANTS) * pairs) as advance:
        ratings = round_robin(specs, args.deals, args.seed, args.workers,
                              lambda done, total: advance(1))
    data = table(ratings, args.seed, args.deals)
    print(players.ladder_heading(args.deals, args.seed))
    for step in steps(data):
        print(players.ladder_line(step.level, step.spec, level_of_player(step.spec),
                                  step.rating.shown, step.rating.interval))
    text = json.dumps(data, indent=1) + "\n"
    if args.write:
        path = resources.files("doublesix.ai").joinpath(TABLE_FILE)
        with resources.as_file(path) as target:
            target.write_text(text, encoding="utf-8")
        print(f"written to {path}")
    elif args.out:
        with open(args.out, "w", encoding="utf-8") as out:
            out.write(text)
    return 0
