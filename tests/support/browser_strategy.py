"""The browser tests' player, played on the engine so seeds can be chosen offline.

The tests play seat 0 by a fixed rule: the first playable tile in the hand as shown (highest
first); where the page asks which end (``doublesix.engine.summary.tile_choices`` says ``asks``: the
ends
leave different tables), the last end offered, else the tile goes where the page lays it
unasked; draw when nothing fits (a forced pass the server makes itself). Whether to ask is
decided in one place, the engine's ``faces``, which the server sends the page as ``choices``;
no copy of it is kept here. The server's computer players take their random numbers from the
seed (``doublesix.ai.seeding.move_rng``), so a seed fixes the whole game. ``python -m
tests.support.browser_strategy`` lists seeds whose games include an end choice and a draw.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field

from doublesix import Match, Rules, ai
from doublesix.ai.seeding import move_rng
from doublesix.engine.outcome import Ending
from doublesix.engine.summary import tile_choices


@dataclass
class Trace:
    """What happened to seat 0 in a simulated game."""

    choices: int = 0
    draws: int = 0
    moves: int = 0
    hands: int = 1
    winner: int | None = None
    #: The game ended in a hand whose winner still held tiles: a count took it to the target.
    reached: bool = False
    steps: list[str] = field(default_factory=list)


def choose(match: Match) -> tuple[str, bool]:
    """Seat 0's move by the tests' rule, and whether the page asked for its end."""
    for choice in tile_choices(match.view(0)).values():
        if choice.asks:
            return str(choice.lays[-1].move), True
        return str(choice.move()), False
    return str(match.legal_moves()[0]), False


def simulate(variant: str, seed: int, target: int, opponent: str = "random",
             players: int = 2) -> Trace:
    """Play a game the way the browser tests do, against ``opponent`` in every other seat."""
    match = Match(Rules.variant(variant, players=players, target=target), seed=seed)
    bot = ai.player(opponent)
    trace = Trace()
    while not match.is_over:
        if match.turn is None:
            match.next_hand()
            trace.hands += 1
            continue
        if match.turn == 0:
            move, chose = choose(match)
            if move != "pass":  # a forced pass: the server makes it, the person does nothing
                trace.choices += chose
                trace.draws += move == "draw"
                trace.moves += 1
                trace.steps.append(move)
            match.play(move)
        else:
            seat = match.turn
            rng = move_rng(match.seed, match.hand_number, seat, len(match.history))
            match.play(bot.choose(match.view(seat), rng))
    trace.winner = match.winner
    result = match.hand_result
    trace.reached = result is not None and result.ending is Ending.REACHED_TARGET
    return trace


def find_seed(
    variant: str, target: int, start: int = 1, hands: int = 1, most_moves: int = 20
) -> int:
    """The first seed from ``start`` whose game (played as the tests play) includes an end
    choice and a draw for seat 0, lasts at least ``hands`` hands and at most ``most_moves`` of
    seat 0's moves. Chosen when the tests run, so a change to the deals cannot stale them."""
    for seed in range(start, start + 2000):
        t = simulate(variant, seed, target)
        if t.choices and t.draws and t.hands >= hands and t.moves <= most_moves:
            return seed
    raise LookupError(f"no seed from {start} gives a {variant} game with a choice and a draw")


if __name__ == "__main__":  # pragma: no cover - a tool for choosing seeds
    variant, target = sys.argv[1], int(sys.argv[2])
    for seed in range(1, 400):
        t = simulate(variant, seed, target)
        if t.choices and t.draws:
            print(seed, t.moves, t.hands, t.choices, t.draws, t.winner)
