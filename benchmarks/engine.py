"""How fast the engine plays random hands, beside the peer libraries, in one run.

    python benchmarks/engine.py [--seconds 2] [--repeats 3]

Counts complete hands per second of uniform-random play through the public API
(``Match``, ``legal_moves()``, ``play()``) for each variant on one core, and, when they are
installed (``pip install -e '.[bench]'``), the same work in:

- OpenSpiel's ``python_block_dominoes`` (2-player Block, like ``Rules.variant("block")``),
- PyPI ``dominoes`` (abw333: 4-player Block with all 28 tiles dealt, opened by 6|6, like
  ``Rules.variant("block", players=4)``).

Each figure is the best of ``--repeats`` runs of CPU time (``time.process_time``) so that other
work on a shared machine disturbs it less; the ratios compare figures from the same run, taken
in turns.  On a busy machine the ratios still wander by 10% or so; for a figure that does not,
count instructions instead (the same total every run):

    valgrind --tool=callgrind --callgrind-out-file=/dev/null python SCRIPT

with a script that plays N hands, minus the same script playing none, divided by N.  Measured
that way on 2026-11-30: doublesix 372 k instructions per 2-player Block hand against OpenSpiel's
4,042 k (10.9x), and 695 k per 4-player Block hand against PyPI dominoes' 1,395 k (2.01x).
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from doublesix import Match, Rules
from doublesix.engine.rules import VARIANTS, RuleError


def _rate(play_hands: Callable[[int], None], seconds: float, repeats: int) -> float:
    """Hands per CPU second: the best of ``repeats`` runs of about ``seconds`` each."""
    batch = 50
    best = 0.0
    for _ in range(repeats):
        hands = 0
        started = time.process_time()
        elapsed = 0.0
        while elapsed < seconds:
            play_hands(batch)
            hands += batch
            elapsed = time.process_time() - started
        best = max(best, hands / elapsed)
    return best


def doublesix_hands(rules: Rules) -> Callable[[int], None]:
    """Random hands through the public API: ``Match``, ``legal_moves()``, ``play()``."""
    rng = random.Random(1)
    choice = rng.choice
    seeds = iter(range(1 << 62))

    def play(count: int) -> None:
        for _ in range(count):
            match = Match(rules, seed=next(seeds))
            while match.turn is not None:
                match.play(choice(match.legal_moves()))

    return play


def openspiel_hands() -> Callable[[int], None] | None:
    """Random 2-player Block hands in OpenSpiel's ``python_block_dominoes``."""
    try:
        import pyspiel  # type: ignore[import-not-found]
        from open_spiel.python.games import block_dominoes  # type: ignore[import-not-found]  # noqa: F401
    except ImportError:
        return None
    game = pyspiel.load_game("python_block_dominoes")
    rng = random.Random(1)

    def play(count: int) -> None:
        for _ in range(count):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    state.apply_action(rng.choice(outcomes)[0])
                else:
                    state.apply_action(rng.choice(state.legal_actions()))

    return play


def pypi_dominoes_hands() -> Callable[[int], None] | None:
    """Random 4-player Block hands in PyPI ``dominoes`` (all 28 tiles dealt, 6|6 opens)."""
    try:
        import dominoes  # type: ignore[import-not-found]
    except ImportError:
        return None
    rng = random.Random(1)
    opener = dominoes.Domino(6, 6)

    def play(count: int) -> None:
        for _ in range(count):
            game = dominoes.Game.new(starting_domino=opener)
            while game.result is None:
                game.make_move(*rng.choice(game.valid_moves))

    return play


def main() -> None:
    """Print every figure and the ratios."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU seconds per run")
    parser.add_argument("--repeats", type=int, default=5, help="runs per figure (best counts)")
    args = parser.parse_args()
    seconds, repeats = args.seconds, args.repeats

    print("doublesix: random complete hands per CPU second, through Match/legal_moves/play")
    for variant in VARIANTS:
        for players in (2, 4):
            try:
                rules = Rules.variant(variant, players=players, target=0)
            except RuleError:  # partnership is for four
                continue
            rate = _rate(doublesix_hands(rules), seconds, repeats)
            print(f"  {variant:<10} {players} players  {rate:>9,.0f} hands/s")

    print("\npeers, like for like (measured in turns with doublesix, best of each)")
    peers = [
        ("OpenSpiel python_block_dominoes", 2, openspiel_hands(), 10.0),
        ("PyPI dominoes (abw333)", 4, pypi_dominoes_hands(), 2.0),
    ]
    for name, players, play, goal in peers:
        if play is None:
            print(f"  {name}: not installed (pip install -e '.[bench]')")
            continue
        ours = doublesix_hands(Rules.variant("block", players=players, target=0))
        mine = theirs = 0.0
        for _ in range(repeats):  # alternate, so that a busy spell hurts both alike
            mine = max(mine, _rate(ours, seconds, 1))
            theirs = max(theirs, _rate(play, seconds, 1))
        verdict = "met" if mine / theirs >= goal else "NOT met"
        print(
            f"  {name:<32} {players}-player Block {theirs:>9,.0f} hands/s; doublesix "
            f"{mine:,.0f}: {mine / theirs:.1f}x (goal {goal:.0f}x: {verdict})"
        )


if __name__ == "__main__":
    main()
