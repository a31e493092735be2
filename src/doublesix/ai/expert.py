"""The expert: determinized search over guesses at the hidden tiles.

>>> import random
>>> from doublesix import Match, Rules
>>> match = Match(Rules.variant("draw"), seed=1)
>>> view = match.view(match.turn)
>>> Expert(playouts=60).choose(view, random.Random(0)) in view.legal_moves()
True
"""

from __future__ import annotations

import random

from doublesix.ai.sampling import sample_deal
from doublesix.moves import Move
from doublesix.state import State
from doublesix.tiles import IS_DOUBLE, PIPS
from doublesix.view import View

#: Playouts per decision by default.
DEFAULT_PLAYOUTS = 400


class Expert:
    """Samples deals consistent with the view, plays every move out in each, keeps the best."""

    name = "expert"

    def __init__(self, playouts: int = DEFAULT_PLAYOUTS) -> None:
        if playouts < 1:
            raise ValueError("playouts must be at least 1")
        self.playouts = playouts

    def choose(self, view: View, rng: random.Random) -> Move:
        """The move with the best mean outcome over the sampled deals."""
        moves = view.legal_moves()
        if len(moves) == 1:
            return moves[0]
        worlds = max(1, self.playouts // len(moves))
        totals = [0.0] * len(moves)
        me = view.seat
        for _ in range(worlds):
            hands, bone = sample_deal(view, rng)
            state = State.from_view(view, hands, bone)
            for i, move in enumerate(moves):
                totals[i] += _value(_rollout(state.apply(move)), me, state)
        best = max(range(len(moves)), key=lambda i: (totals[i], -i))
        return moves[best]


def _rollout(state: State) -> State:
    while state.turn >= 0:
        moves = state.legal_moves()
        move = moves[0]
        if len(moves) > 1:
            fives = state.cfg.fives
            best_key = (-1, -1, -1)
            for m in moves:
                points = 0
                if fives:
                    count = state.layout.lay_index(m.t, m.e).count
                    points = count if count % 5 == 0 else 0
                key = (points, PIPS[m.t], int(IS_DOUBLE[m.t]))
                if key > best_key:
                    move, best_key = m, key
        state = state.apply(move)
    return state


def _value(end: State, me: int, start: State) -> float:
    gains = [a - b for a, b in zip(end.scores, start.scores, strict=True)]
    best_other = max(g for s, g in enumerate(gains) if s != me)
    result = end.result
    win = 0.5
    if result is not None and result.winner is not None:
        win = 1.0 if result.winner == me else 0.0
    return win + (gains[me] - best_other) / 200.0
