"""How well does a reading of the other seat's lays predict OpenSpiel's ISMCTS (issue 33)?

    .venv/bin/python benchmarks/vs_openspiel.py --matchups block:ismcts-1000:400 --log L.jsonl
    .venv/bin/python benchmarks/opponent_model.py L.jsonl [M.jsonl ...]

Replays every logged playing (``vs_openspiel.py`` keeps each one's actions) and takes the
opponent's decisions with more than one lay, where its hand is known.  Each lay is described by
the features of :func:`doublesix.ai.sampling.lay_features` (what the layout shows, never the
hand), and a softmax over the lays the hand had is fitted to the lays it made by maximum
likelihood (Newton's method).  Printed: the mean log-likelihood a decision of the uniform
reading, of the expert's default reading (heaviest first, sharpness 2) and of the fitted one,
the last also fitted on half the decisions and scored on the other half; and the fitted weights,
which ``Expert(reading=...)`` takes; with ``--reading``, how well a given reading does.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import NamedTuple

import numpy as np

from doublesix.adapters import openspiel
from doublesix.adapters.table import move_of
from doublesix.ai.sampling import LAY_FEATURES, lay_features, parse_reading, reading_weights
from doublesix.engine.moves import Move
from doublesix.engine.rules import Rules
from doublesix.engine.state import State


class Choice(NamedTuple):
    """One decision of the opponent with a choice among lays, replayed from a log."""

    #: The deal's seed (to split the decisions by deal).
    seed: int
    rules: Rules
    #: The position (the engine's state: every hand, the layout) and the seat to move.
    state: State
    seat: int
    #: The legal lays, in the engine's order, and the index of the one made.
    moves: list[Move]
    chosen: int


def choices(logs: Iterable[Path]) -> Iterator[Choice]:
    """Every decision of the opponent with a choice among lays in the logs of
    ``benchmarks/vs_openspiel.py``, its hand known (a seat draws or passes only when it cannot
    lay, so those are never choices)."""
    games: dict[str, object] = {}
    for log in logs:
        for line in log.read_text().splitlines():
            entry = json.loads(line)
            variant = entry["matchup"].split(":")[0]
            rules = Rules.variant(variant, target=0)
            if variant not in games:
                games[variant] = openspiel.load_game(rules)
            game = games[variant]
            for expert_seat, history in enumerate(entry["pair"].get("histories", [])):
                state = game.new_initial_state()  # type: ignore[attr-defined]
                for action in history:
                    if not state.is_chance_node() and state.current_player() != expert_seat:
                        moves = [move_of(option) for option in state.legal_actions()]
                        if len(moves) > 1 and all(m.kind == "lay" for m in moves):
                            yield Choice(entry["seed"], rules, state.table.state,
                                         state.current_player(), moves,
                                         moves.index(move_of(action)))
                    state.apply_action(action)


def decisions(logs: list[Path]) -> list[tuple[np.ndarray, int]]:
    """Per opponent decision with a choice: its lays' features and the index of the lay made."""
    found: list[tuple[np.ndarray, int]] = []
    for choice in choices(logs):
        fives = choice.rules.scoring == "fives"
        layout = choice.state.layout
        rows = [lay_features(layout, m.t, m.e, fives) for m in choice.moves]
        found.append((np.array(rows, dtype=float), choice.chosen))
    return found


def log_likelihood(data: list[tuple[np.ndarray, int]], weights: np.ndarray) -> float:
    """The mean log-probability of the lays made, under ``softmax(features @ weights)``."""
    total = 0.0
    for rows, chosen in data:
        scores = rows @ weights
        top = scores.max()
        total += scores[chosen] - top - math.log(np.exp(scores - top).sum())
    return total / len(data)


def fit(data: list[tuple[np.ndarray, int]], ridge: float = 0.01) -> np.ndarray:
    """The weights of the most likely softmax (a little ridge keeps Newton's steps finite)."""
    weights = np.zeros(data[0][0].shape[1])
    for _ in range(30):
        gradient = -ridge * weights
        hessian = -ridge * np.eye(len(weights))
        for rows, chosen in data:
            scores = rows @ weights
            p = np.exp(scores - scores.max())
            p /= p.sum()
            mean = p @ rows
            gradient += rows[chosen] - mean
            centred = rows - mean
            hessian -= (centred * p[:, None]).T @ centred
        step = np.linalg.solve(hessian, gradient)
        weights -= step
        if np.abs(step).max() < 1e-8:
            break
    return weights


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("logs", nargs="+", type=Path)
    parser.add_argument("--reading", default=None,
                        help="also score this reading (a name in READINGS, or a/b/c/d/e/f)")
    args = parser.parse_args(argv)
    data = decisions(args.logs)
    if not data:
        print("no opponent decisions with a choice in these logs", file=sys.stderr)
        return 1
    default = np.zeros(len(LAY_FEATURES))
    default[LAY_FEATURES.index("pips")] = 2.0
    default[LAY_FEATURES.index("points")] = 4.0
    fitted = fit(data)
    half = len(data) // 2
    held_out = log_likelihood(data[half:], fit(data[:half]))
    print(f"{len(data)} decisions with a choice, {np.mean([len(r) for r, _ in data]):.2f} "
          "lays each on average")
    print(f"mean log-likelihood a decision: uniform {log_likelihood(data, default * 0):.4f}, "
          f"heaviest first (sharpness 2) {log_likelihood(data, default):.4f}, "
          f"fitted {log_likelihood(data, fitted):.4f} "
          f"(fitted on the first half, scored on the second: {held_out:.4f})")
    if args.reading is not None:
        first = json.loads(args.logs[0].read_text().splitlines()[0])
        rules = Rules.variant(first["matchup"].split(":")[0])
        given = np.array(reading_weights(parse_reading(args.reading), rules))
        print(f"the reading {args.reading}: {log_likelihood(data, given):.4f}")
    print("fitted weights: " + ", ".join(f"{name} {w:+.3f}"
                                         for name, w in zip(LAY_FEATURES, fitted, strict=True)))
    print("as an option: reading=" + "/".join(f"{w:.3f}" for w in fitted))
    return 0


if __name__ == "__main__":
    sys.exit(main())
