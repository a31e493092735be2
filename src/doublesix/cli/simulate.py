"""``doublesix simulate``: complete games between uniform-random players, with a summary."""

from __future__ import annotations

import argparse
import random
import time

from doublesix.cli.progress import bar
from doublesix.engine.match import Match
from doublesix.engine.rules import VARIANTS, Rules
from doublesix.words.helpwords import option_help
from doublesix.words.talk import plural


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``doublesix simulate``."""
    parser.add_argument("--variant", choices=VARIANTS, default="draw")
    parser.add_argument("--players", type=int, default=None, choices=(2, 3, 4),
                        help=option_help("simulate", "players"))
    parser.add_argument("--games", type=int, default=1000, help=option_help("simulate", "games"))
    parser.add_argument("--seed", type=int, default=1, help=option_help("simulate", "seed"))
    parser.add_argument("--set", type=int, default=6, choices=(6, 9, 12), dest="tile_set")
    parser.add_argument("--target", type=int, default=None, help=option_help("simulate", "target"))


def run(args: argparse.Namespace) -> int:
    """Play the games and print the summary."""
    options: dict[str, object] = {"set": args.tile_set}
    if args.players is not None:
        options["players"] = args.players
    if args.target is not None:
        options["target"] = args.target
    try:
        rules = Rules.variant(args.variant, **options)
    except ValueError as error:
        print(f"doublesix simulate: {error}")
        return 2
    if args.games < 1:
        print("doublesix simulate: --games must be at least 1")
        return 2
    summary = simulate(rules, args.games, args.seed)
    print(summary.report())
    return 0


class Summary:
    """What a simulation found."""

    def __init__(self, rules: Rules, games: int) -> None:
        self.rules = rules
        self.games = games
        self.wins = [0] * rules.players
        self.draws = 0
        self.hands = 0
        self.points = 0
        self.totals = [0] * rules.players
        self.seconds = 0.0

    def report(self) -> str:
        """The summary as lines of text."""
        players = self.rules.players
        lines = [
            f"{plural(self.games, 'game')} of {self.rules.name}, {players} players, "
            f"double-{self.rules.set}, target {self.rules.target or 'one hand'}",
        ]
        for seat, wins in enumerate(self.wins):
            lines.append(f"  seat {seat + 1}: {plural(wins, 'win')} "
                         f"({100 * wins / self.games:.1f}%)")
        lines.append(f"  drawn games: {self.draws}")
        lines.append(f"  mean hands per game: {self.hands / self.games:.2f}")
        means = ", ".join(f"{total / self.games:.1f}" for total in self.totals)
        lines.append(f"  mean score per seat: {means}; mean winning score: "
                     f"{self.points / self.games:.1f}")
        lines.append(f"  {self.games / self.seconds:,.0f} games/s ({self.seconds:.2f} s)")
        return "\n".join(lines)


def simulate(rules: Rules, games: int, seed: int = 1) -> Summary:
    """Play ``games`` complete games with uniform-random moves.

    >>> simulate(Rules.variant("block", target=0), 5).games
    5
    """
    summary = Summary(rules, games)
    rng = random.Random(seed)
    started = time.perf_counter()
    with bar("doublesix simulate: games", total=games) as advance:
        for game in range(games):
            match = Match(rules, seed=seed + game)
            while True:
                moves = match.legal_moves()
                if moves:
                    match.play(rng.choice(moves))
                elif match.is_over:
                    break
                else:
                    match.next_hand()
            summary.hands += match.hand_number + 1
            summary.points += max(match.scores)
            for seat, score in enumerate(match.scores):
                summary.totals[seat] += score
            if match.winner is None:
                summary.draws += 1
            else:
                summary.wins[match.winner] += 1
            advance(1)
    summary.seconds = time.perf_counter() - started
    return summary
