"""The baselines: a player that picks any legal move, and one that lays its heaviest tile.

>>> import random
>>> from doublesix import Match, Rules
>>> from doublesix.engine.tiles import TILES
>>> hands = ["6|6 5|5 4|4 5|3 2|1 3|0 1|1".split(), "6|5 6|3 6|0 5|2 4|2 3|1 0|0".split()]
>>> rest = [t for t in TILES[:28] if str(t) not in hands[0] + hands[1]]
>>> match = Match(Rules.variant("draw"), hands=hands, boneyard=rest)
>>> view = match.view(match.turn)
>>> str(Greedy().choose(view, random.Random(0)))
'6|5 left'
"""

from __future__ import annotations

import random

from doublesix.engine.layout import Layout
from doublesix.engine.moves import Move
from doublesix.engine.state import fives_points
from doublesix.engine.tiles import IS_DOUBLE, PIPS
from doublesix.engine.view import View


class RandomPlayer:
    """Any legal move, uniformly at random (from ``rng``, so it is repeatable)."""

    name = "random"

    def choose(self, view: View, rng: random.Random) -> Move:
        """A uniformly random legal move."""
        return rng.choice(view.legal_moves())


def points_scored(layout: Layout, move: Move) -> int:
    """What ``move`` scores under All Fives on ``layout``: the new board count when it is a
    positive multiple of five, else 0.

    >>> from doublesix.engine.tiles import Tile
    >>> board = Layout.empty().lay(Tile(6, 4), None)
    >>> points_scored(board, Move(Tile(4, 0), "right"))
    0
    >>> points_scored(board, Move(Tile(6, 1), "left"))  # 1 + 4
    5
    """
    if move.t < 0:
        return 0
    return fives_points(layout.lay_index(move.t, move.e).count)


class Greedy:
    """Lays its heaviest playable tile; under All Fives, the play that scores most, then the
    heaviest.  Ties go to a double, then to the first end in the engine's order."""

    name = "greedy"

    def choose(self, view: View, rng: random.Random) -> Move:
        """The heaviest (or best-scoring) legal move."""
        moves = view.legal_moves()
        if len(moves) == 1 or moves[0].t < 0:
            return moves[0]
        fives = view.rules.scoring == "fives"
        layout = view.layout
        best = moves[0]
        best_key = (-1, -1, -1)
        for move in moves:
            key = (
                points_scored(layout, move) if fives else 0,
                PIPS[move.t],
                int(IS_DOUBLE[move.t]),
            )
            if key > best_key:
                best, best_key = move, key
        return best
