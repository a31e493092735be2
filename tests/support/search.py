"""What the tests of the search's board share: the rules they run in, a list that logs the
playouts' moves, and positions deep in a hand with the public record that led to them."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import SupportsIndex, overload

from doublesix import Move, Rules, State

#: The rules the board's tests run in: every variant and the options that change a hand.
CASES: list[tuple[str, dict[str, object]]] = [
    ("draw", {}),
    ("block", {}),
    ("all-fives", {}),
    ("muggins", {}),
    ("muggins", {"spinner_arms": "immediate", "players": 3}),
    ("all-fives", {"spinner": True, "players": 4}),
    ("draw", {"set": 9, "players": 3}),
    ("block", {"set": 12, "players": 4}),
    ("all-fives", {"set": 9, "rounding": "down", "blocked_tie": "fewer-tiles"}),
    ("muggins", {"target": 0, "blocked_minus_own": False}),
    ("partnership", {}),
    ("partnership", {"team_points": "opponents", "blocked_minus_own": True, "target": 40}),
    ("all-fives", {"players": 4, "teams": True}),
    ("draw", {"players": 4, "teams": True, "team_points": "opponents", "target": 0}),
]


class Logged(list[int]):
    """A list that notes every item set in it, as ``(name, index, old, new)`` in ``log``: given
    to a board as its ``hands`` and ``scores``, it shows every move a playout makes (a lay takes
    one tile from a hand, a draw adds one) and every point it scores, in order."""

    def __init__(
        self, items: Iterable[int], name: str, log: list[tuple[str, int, int, int]]
    ) -> None:
        super().__init__(items)
        self.name = name
        self.log = log

    @overload
    def __setitem__(self, key: SupportsIndex, value: int, /) -> None: ...
    @overload
    def __setitem__(self, key: slice, value: Iterable[int], /) -> None: ...
    def __setitem__(self, key: SupportsIndex | slice, value: int | Iterable[int], /) -> None:
        assert isinstance(key, SupportsIndex) and isinstance(value, int), "set one item"
        index = key.__index__()
        self.log.append((self.name, index, self[index], value))
        super().__setitem__(index, value)


#: One move as the public record has it: (seat, kind, the numbers open before it).
Step = tuple[int, str, frozenset[int]]


def step(state: State, move: Move) -> Step:
    """``move`` as the public record has it (what :func:`derive_lacks` reads)."""
    return state.turn, move.kind, frozenset(n for _, n in state.layout.open)


def masks(lacks: Sequence[frozenset[int]]) -> list[int]:
    """Each seat's numbers as a mask of bits."""
    return [sum(1 << n for n in numbers) for numbers in lacks]


def mid_hand(rules: Rules, seed: int) -> tuple[State, list[Step]]:
    """A position some random moves into a hand (at least two tiles on the table, the last
    move a lay or a pass, the hand still in play), with the public record that led to it.
    Some hands start near the target, so that All Fives points can end them."""
    rng = random.Random(f"{rules!r} {seed}")
    scores = None
    if seed % 3 == 2 and rules.target:
        scores = [rules.target - 5 * rng.randrange(1, 6) for _ in range(rules.players)]
        if rules.teams:  # a team keeps one score
            scores[2:] = scores[:2]
    for attempt in range(100):
        state = State.deal(rules, seed=seed * 100 + attempt, scores=scores,
                           leader=seed % rules.players if seed % 2 else None)
        steps: list[Step] = []
        plies = 2 + rng.randrange(16)
        last = ""
        while state.turn >= 0 and (
            plies > 0 or state.layout.played.bit_count() < 2 or last == "draw"
        ):
            move = rng.choice(state.legal_moves())
            steps.append(step(state, move))
            state = state.apply(move)
            last = move.kind
            plies -= 1
        if state.turn >= 0:
            return state, steps
    raise AssertionError(f"no hand of {rules!r} lasts past seed {seed}")
