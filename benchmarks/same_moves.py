"""Fingerprint the expert's decisions, to show that a change of its code leaves its play alone.

    python benchmarks/same_moves.py [--decisions 100] [--only default|options]

Plays seeded games of each case below with the expert in every seat and, at each decision with
more than one legal move, hashes the move it chooses and every move's value (the guesses are
seeded per decision, so the same code gives the same hashes on every machine).  Run it before
and after a change that should not change play (a refactor, a faster or compiled playout) and
compare the lines: the moves' hashes must agree; the values' hashes agree too unless the
change reorders a floating-point sum.  Issue 27 checked its steps this way (800 default
decisions, 198 with experiments and options), about two minutes on a quiet core.  Issue 28
changed the mapping once, on purpose (the search's own generator, ``doublesix.ai.rng``, in
place of ``random.Random``), and issue 39 once more (ties in the playouts broken by what the
table shows rather than by the end's number); the compiled core and the pure path give the same
hashes (``DOUBLESIX_PURE=1`` for the pure one).
"""

from __future__ import annotations

import argparse
import hashlib
import random
import time
from typing import Any

from doublesix import Match, Rules
from doublesix.ai import player
from doublesix.ai.expert import Expert

#: (label, variant, rule overrides, expert options).
Case = tuple[str, str, dict[str, Any], dict[str, Any]]

DEFAULT: list[Case] = [
    ("draw-2p", "draw", {}, {}),
    ("draw-3p", "draw", {"players": 3}, {}),
    ("block-2p", "block", {}, {}),
    ("block-4p", "block", {"players": 4, "hand_size": 7}, {}),
    ("all-fives-2p", "all-fives", {}, {}),
    ("muggins-2p", "muggins", {}, {}),
    ("muggins-4p", "muggins", {"players": 4, "hand_size": 5}, {}),
    ("partnership", "partnership", {}, {}),
]
OPTIONS: list[Case] = [
    ("reading-block", "block", {}, {"reading": "ismcts"}),
    ("reading-draw", "draw", {}, {"reading": "ismcts"}),
    ("no-plan-draw", "draw", {}, {"plan": False}),
    ("playouts-300-block", "block", {}, {"playouts": 300, "team": False}),
]


def fingerprint(case: Case, decisions: int) -> tuple[str, str, float]:
    """The hashes of the moves chosen and of every move's value over ``decisions`` decisions,
    and the seconds spent choosing."""
    label, variant, overrides, options = case
    expert = player("expert", **options)
    assert isinstance(expert, Expert)
    moves_hash = hashlib.sha256()
    values_hash = hashlib.sha256()
    done = seed = 0
    think = 0.0
    while done < decisions:
        match = Match(Rules.variant(variant, **overrides), seed=seed)
        seed += 1
        while not match.is_over and done < decisions:
            if match.hand_result is not None:
                match.next_hand()
                continue
            turn = match.turn
            assert turn is not None
            view = match.view(turn)
            moves = view.legal_moves()
            if len(moves) == 1:
                match.play(moves[0])
                continue
            start = time.perf_counter()
            found = expert.evaluate(view, random.Random(f"{label}:{done}"))
            think += time.perf_counter() - start
            moves_hash.update(repr(found[0].move).encode())
            values_hash.update(repr([(repr(e.move), e.value, e.wins) for e in found]).encode())
            done += 1
            match.play(found[0].move)
    return moves_hash.hexdigest()[:16], values_hash.hexdigest()[:16], think


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--decisions", type=int, default=100,
                        help="decisions per default case (a third of it per other option)")
    parser.add_argument("--only", choices=["default", "options"])
    args = parser.parse_args()
    cases = ([] if args.only == "options" else DEFAULT) + (
        [] if args.only == "default" else OPTIONS)
    total = hashlib.sha256()
    for case in cases:
        count = args.decisions if case in DEFAULT else max(10, args.decisions // 3)
        moves, values, think = fingerprint(case, count)
        total.update(moves.encode())
        print(f"{case[0]:24s} {count:4d} moves {moves} values {values} think {think:6.2f}s",
              flush=True)
    print("all moves", total.hexdigest()[:16])


if __name__ == "__main__":
    main()
