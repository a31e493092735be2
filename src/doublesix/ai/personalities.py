"""Three characters with their own ways of playing, none of them peeking.

Each scores every legal lay with a few features of the position the seat can see, weighted to
its taste, and plays the best (ties to the engine's move order):

- **Pinocchio** plays fast and heavy: sheds pips and doubles early, looks at little else.
- **Buratino** hunts points: board counts under All Fives, going out fast by playing the
  numbers he holds most of; he takes risks and leaves open ends he cannot follow.
- **Snow White** plays safe: keeps a spread of numbers, lays on the numbers an opponent is known
  to lack, and holds back what she could not follow.

>>> import random
>>> from doublesix import Match, Rules
>>> from doublesix.tiles import TILES
>>> hands = ["6|6 5|5 4|4 5|3 2|1 3|0 1|1".split(), "6|5 6|3 6|0 5|2 4|2 3|1 0|0".split()]
>>> rest = [t for t in TILES[:28] if str(t) not in hands[0] + hands[1]]
>>> match = Match(Rules.variant("draw"), hands=hands, boneyard=rest)
>>> view = match.view(match.turn)
>>> [str(p.choose(view, random.Random(0))) for p in (Pinocchio(), Buratino(), SnowWhite())]
['6|5 left', '6|5 left', '6|5 left']
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from doublesix.moves import Move
from doublesix.tiles import IS_DOUBLE, PIPS, SUIT, Mask
from doublesix.view import View


@dataclass(frozen=True)
class Features:
    """What a lay does, as one seat sees it."""

    #: Pips shed.
    pips: int
    #: 1 for a double.
    double: int
    #: Points scored by the lay under All Fives (0 under pips).
    points: int
    #: How many of the seat's remaining tiles fit the ends after the lay.
    follow: int
    #: How many different numbers the seat still holds after the lay.
    spread: int
    #: How many of the seat's tiles share a number with the tile laid (a long suit).
    suit: int
    #: Open ends after the lay showing a number the next seat is known to lack.
    blocks: int
    #: 1 if the lay empties the hand.
    out: int


def features(view: View, move: Move) -> Features:
    """The features of the lay ``move`` for the seat of ``view``."""
    t = move.t
    hand = view.hand_mask
    rest: Mask = hand & ~(1 << t)
    after = view.layout.lay_index(t, move.e)
    count = after.count
    fives = view.rules.scoring == "fives"
    numbers = [n for n in range(view.rules.set + 1) if rest & SUIT[n]]
    suit = 0
    for n in {t_half for t_half in _halves(t)}:
        suit += (rest & SUIT[n]).bit_count()
    nxt = (view.seat + 1) % view.rules.players
    lacked = view.lacks[nxt]
    blocks = sum(1 for _, n in after.open if n in lacked)
    return Features(
        pips=PIPS[t],
        double=int(IS_DOUBLE[t]),
        points=count if fives and count % 5 == 0 else 0,
        follow=(rest & after.fits).bit_count(),
        spread=len(numbers),
        suit=suit,
        blocks=blocks,
        out=int(rest == 0),
    )


def _halves(t: int) -> tuple[int, int]:
    from doublesix.tiles import HIGH, LOW

    return HIGH[t], LOW[t]


class _Scorer:
    """A player that weighs the features of each lay."""

    name = ""
    #: Weights for pips, double, points, follow, spread, suit, blocks, out.
    weights: tuple[float, ...] = ()

    def choose(self, view: View, rng: random.Random) -> Move:
        """The lay with the best weighted features (draw or pass when nothing fits)."""
        moves = view.legal_moves()
        if len(moves) == 1 or moves[0].t < 0:
            return moves[0]
        best = moves[0]
        best_score = float("-inf")
        for move in moves:
            f = features(view, move)
            values = (f.pips, f.double, f.points, f.follow, f.spread, f.suit, f.blocks, f.out)
            score = sum(w * v for w, v in zip(self.weights, values, strict=True))
            if score > best_score:
                best, best_score = move, score
        return best


class Pinocchio(_Scorer):
    """Fast and heavy: the most pips first, doubles early."""

    name = "pinocchio"
    weights = (1.0, 6.0, 0.5, 0.2, 0.0, 0.0, 0.0, 100.0)


class Buratino(_Scorer):
    """The point hunter: board counts, long suits to go out fast, risk be hanged."""

    name = "buratino"
    weights = (0.2, 0.0, 3.0, -0.5, -0.5, 2.0, 0.0, 100.0)


class SnowWhite(_Scorer):
    """Safe and steady: keeps a spread, blocks what others lack, keeps tiles she can follow."""

    name = "snow-white"
    weights = (0.3, 1.0, 0.8, 2.0, 3.0, 0.0, 4.0, 100.0)
