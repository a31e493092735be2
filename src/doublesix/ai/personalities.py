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
from typing import NamedTuple

from doublesix.moves import Move
from doublesix.tiles import HIGH, IS_DOUBLE, PIPS, SUIT, Mask, indices
from doublesix.view import View


class Features(NamedTuple):
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
    #: How many of the seat's remaining tiles show the number the lay leaves open (control).
    suit: int
    #: Open ends after the lay showing a number the next seat is known to lack.
    blocks: int
    #: 1 if the lay empties the hand.
    out: int
    #: Under All Fives, the most the next seat could score with a tile this seat cannot see.
    risk: int


def features(view: View, move: Move) -> Features:
    """The features of the lay ``move`` for the seat of ``view``.

    >>> from doublesix import Match, Rules
    >>> from doublesix.tiles import TILES
    >>> hands = ["6|6 5|5 4|4 5|3 2|1 3|0 1|1".split(), "6|5 6|3 6|0 5|2 4|2 3|1 0|0".split()]
    >>> rest = [t for t in TILES[:28] if str(t) not in hands[0] + hands[1]]
    >>> view = Match(Rules.variant("draw"), hands=hands, boneyard=rest).view(1)
    >>> f = features(view, Move.parse("6|3 left"))
    >>> f.pips, f.follow, f.suit, f.spread
    (9, 3, 1, 7)
    """
    t = move.t
    rest: Mask = view.hand_mask & ~(1 << t)
    before = view.layout
    after = before.lay_index(t, move.e)
    fives = view.rules.scoring == "fives"
    count = after.count
    outer = PIPS[t] - before.ends[move.e] if move.e >= 0 else HIGH[t]
    nxt = (view.seat + 1) % view.rules.players
    lacked = view.lacks[nxt]
    risk = 0
    if fives and rest:
        unseen = view.unseen_mask
        for e, n in after.open:
            m = unseen & SUIT[n]
            for u in indices(m):
                c = after.lay_index(u, e).count
                if c % 5 == 0 and c > risk:
                    risk = c
    return Features(
        pips=PIPS[t],
        double=int(IS_DOUBLE[t]),
        points=count if fives and count % 5 == 0 else 0,
        follow=(rest & after.fits).bit_count(),
        spread=sum(1 for n in range(view.rules.set + 1) if rest & SUIT[n]),
        suit=(rest & SUIT[outer]).bit_count(),
        blocks=sum(1 for _, n in after.open if n in lacked),
        out=int(rest == 0),
        risk=risk,
    )


class _Scorer:
    """A player that weighs the features of each lay and plays the best (the first in the
    engine's order on a tie)."""

    name = ""
    #: Weights for pips, double, points, follow, spread, suit, blocks, out, risk.
    weights: tuple[float, ...] = ()

    def choose(self, view: View, rng: random.Random) -> Move:
        """The lay with the best weighted features (draw or pass when nothing fits)."""
        moves = view.legal_moves()
        if len(moves) == 1 or moves[0].t < 0:
            return moves[0]
        best = moves[0]
        best_score = float("-inf")
        for move in moves:
            score = sum(w * v for w, v in zip(self.weights, features(view, move), strict=True))
            if score > best_score:
                best, best_score = move, score
        return best


class Pinocchio(_Scorer):
    """Fast and heavy: doubles first, then the most pips, with an eye on his next tile."""

    name = "pinocchio"
    weights = (1.0, 8.0, 0.5, 0.5, 0.0, 0.0, 0.0, 100.0, 0.0)


class Buratino(_Scorer):
    """The point hunter: board counts, and the number he holds most of left open so he can
    race out; he takes risks, spending his spread and leaving the others counts to score."""

    name = "buratino"
    weights = (0.4, 1.0, 3.0, -1.0, -1.0, 4.0, 0.0, 100.0, 0.5)


class SnowWhite(_Scorer):
    """Safe and steady: tiles she can follow, a spread of numbers, ends the others lack, and
    nothing big left for them to score."""

    name = "snow-white"
    weights = (0.0, 1.0, 1.0, 0.5, 3.0, 0.0, 5.0, 100.0, -0.8)
