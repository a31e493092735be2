"""Three characters with their own ways of playing, none of them peeking.

Each scores every legal lay with a few features of the position the seat can see, weighted to
its taste, and plays the best (ties to the engine's move order):

- **Pinocchio** plays fast and heavy: sheds pips and doubles early, looks at little else.
- **Buratino** hunts points: board counts under All Fives, going out fast by playing the
  numbers he holds most of; he takes risks and leaves open ends he cannot follow.
- **Snow White** plays safe: keeps a spread of numbers, lays on the numbers an opponent is known
  to lack, and holds back what she could not follow.

Under teams (partners opposite) each plays for the team in its own style.  The next seat is
always an opponent; a number counts as blocking it only if the partner is not known to lack it
too, and two more features see the partner: whether a lay shuts the partner out (every open end
shows a number the partner is known to lack; Snow White never does it while she has another
lay) and the ends showing a number the partner has shown it plays (left open with its own lays
this hand), which Buratino plays to, so that either of them can race out.  Board counts and
going out score for the team, so a point either partner makes is counted as the team's.

>>> import random
>>> from doublesix import Match, Rules
>>> from doublesix.engine.tiles import TILES
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

from doublesix.engine.moves import Move
from doublesix.engine.tiles import HIGH, IS_DOUBLE, PIPS, SUIT, Mask, indices
from doublesix.engine.view import View


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
    #: Under teams, 1 if every open end after the lay shows a number the partner is known to
    #: lack (unless the next seat changes an end, the partner cannot lay).
    mate_shut: int = 0
    #: Under teams, open ends after the lay showing a number the partner has shown it plays
    #: (one it left open with its own lays this hand) and is not known to lack.
    mate_suit: int = 0


class TeamView(NamedTuple):
    """What a seat knows of its partner, read once per decision: the numbers the partner is
    known to lack and those it has shown it plays (as masks, ``1 << n``)."""

    lacks: Mask
    shown: Mask


def team_view(view: View) -> TeamView | None:
    """What ``view``'s seat knows of its partner; None without teams.

    The partner has shown the numbers it left open with its lays this hand (the number it laid
    away from; for a lead it chose, both of the tile's numbers), unless it is known to lack them
    now.

    >>> from doublesix import Match, Rules
    >>> match = Match(Rules.variant("partnership", target=0), seed=3)
    >>> match.play("6|3 left")  # seat 2 leaves a 3 open
    >>> team_view(match.view(0)).shown == 1 << 3, team_view(Match(Rules.variant("draw"))
    ...     .view(0))
    (True, None)
    """
    partner = view.rules.partner_of(view.seat)
    if partner is None:
        return None
    from doublesix.ai.sampling import current_hand

    events, automatic = current_hand(view)
    outer = {p.tile: p.outer for arm in view.layout.placed().values() for p in arm}
    lacks = 0
    for n in view.lacks[partner]:
        lacks |= 1 << n
    shown = 0
    for i, event in enumerate(events):
        if event.kind != "lay" or event.seat != partner or event.tile is None:
            continue
        if event.end is None:
            if i == 0 and automatic:
                continue
            shown |= 1 << event.tile.high | 1 << event.tile.low
        else:
            shown |= 1 << outer[event.tile]
    return TeamView(lacks, shown & ~lacks)


def features(view: View, move: Move, team: TeamView | None = None) -> Features:
    """The features of the lay ``move`` for the seat of ``view`` (``team``: what it knows of
    its partner, from :func:`team_view`; read from the view when not given).

    >>> from doublesix import Match, Rules
    >>> from doublesix.engine.tiles import TILES
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
    if team is None and view.rules.teams:
        team = team_view(view)
    mate_lacks = team.lacks if team is not None else 0
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
        blocks=sum(1 for _, n in after.open if n in lacked and not mate_lacks >> n & 1),
        out=int(rest == 0),
        risk=risk,
        mate_shut=int(bool(mate_lacks) and all(mate_lacks >> n & 1 for _, n in after.open)),
        mate_suit=0 if team is None else sum(1 for _, n in after.open if team.shown >> n & 1),
    )


class _Scorer:
    """A player that weighs the features of each lay and plays the best (the first in the
    engine's order on a tie)."""

    name = ""
    #: Weights for pips, double, points, follow, spread, suit, blocks, out, risk, and under
    #: teams mate_shut and mate_suit.
    weights: tuple[float, ...] = ()

    def choose(self, view: View, rng: random.Random) -> Move:
        """The lay with the best weighted features (draw or pass when nothing fits)."""
        moves = view.legal_moves()
        if len(moves) == 1 or moves[0].t < 0:
            return moves[0]
        best = moves[0]
        best_score = float("-inf")
        team = team_view(view)
        for move in moves:
            score = sum(w * v for w, v in zip(self.weights, features(view, move, team),
                                              strict=True))
            if score > best_score:
                best, best_score = move, score
        return best


class Pinocchio(_Scorer):
    """Fast and heavy: doubles first, then the most pips, with an eye on his next tile."""

    name = "pinocchio"
    weights = (1.0, 8.0, 0.5, 0.5, 0.0, 0.0, 0.0, 100.0, 0.0, 0.0, 0.0)


class Buratino(_Scorer):
    """The point hunter: board counts, and the number he holds most of left open so he can
    race out; he takes risks, spending his spread and leaving the others counts to score.
    Under teams he races out with his partner: he plays to the numbers the partner has shown,
    and a count or a hand either of them makes is the team's."""

    name = "buratino"
    weights = (0.4, 1.0, 3.0, -1.0, -1.0, 4.0, 0.0, 100.0, 0.5, -1.0, 3.0)


class SnowWhite(_Scorer):
    """Safe and steady: tiles she can follow, a spread of numbers, ends the others lack, and
    nothing big left for them to score; under teams, never her partner shut out.

    Here seat 3, her partner, passed on a 6 and a 4.  6|0 on the left would leave 6 at both
    ends (greedy, taking the first end, lays it there); she lays it on the right:

    >>> from doublesix import Match, Rules
    >>> from doublesix.ai.basic import Greedy
    >>> match = Match(Rules.variant("partnership", target=0), seed=0)
    >>> while len(match.history) < 17:
    ...     match.play(Greedy().choose(match.view(match.turn), random.Random(0)))
    >>> view = match.view(1)
    >>> view.open_ends, sorted(view.lacks[3])
    ({'left': 0, 'right': 6}, [4, 6])
    >>> [str(p.choose(view, random.Random(0))) for p in (Greedy(), SnowWhite())]
    ['6|0 left', '6|0 right']
    """

    name = "snow-white"
    weights = (0.0, 1.0, 1.0, 0.5, 3.0, 0.0, 5.0, 100.0, -0.8, -20.0, 1.0)
