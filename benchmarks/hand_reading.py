"""The expert reading the other side with a model of how it lays given its hand (issue 45, round 2).

    .venv/bin/python benchmarks/hand_reading.py --matchups block:ismcts-1000:300 \\
        --seed 4600000 --expert expert:hand=ismcts --log L.jsonl

A prototype on the pure Python path, measured and not merged (docs/expert-research.md, "Issue
45 (5 December, second session)").  ``benchmarks/hand_model.py`` fits a softmax over a seat's
lays on features of the lay and the hand it holds (:func:`hand_model.hand_features`) to
OpenSpiel's ISMCTS; :class:`HandExpert` uses it twice:

- ``weigh``: each guess at the hidden tiles is weighed by the likelihood, under the model, of
  the lays the other side made given the hand the guess says it held then (:class:`HandInference`;
  in place of the expert's heaviest-first reading), then tempered and resampled as the expert's;
- ``play``: in the playouts the other side lays the lay the model likes best from the hand the
  guess gives it (``sample=1``: a lay drawn from the model's softmax), the expert's own seat and
  the lead as the expert's playouts play them (:func:`hand_rollout`).

Options: ``hand=ismcts`` (the fitted weights of the game, :data:`HAND_READINGS`) or the weights
``a/b/...``; ``weigh=0`` or ``play=0`` turns a use off.  The command line is
``benchmarks/vs_openspiel.py``'s, in one process.

>>> HandExpert(hand="ismcts").uses
(True, True, False)
"""

from __future__ import annotations

import math
import random
import sys
from collections.abc import Callable, Sequence
from typing import Any

from doublesix.ai.board import Board
from doublesix.ai.expert import Evaluation, Expert
from doublesix.ai.playout import Plan, outcome, wins_tie
from doublesix.ai.rng import Rng
from doublesix.ai.sampling import current_hand
from doublesix.ai.search import Search, Totals
from doublesix.engine.layout import END_NUMBERS, Layout
from doublesix.engine.rules import Rules
from doublesix.engine.tiles import PIPS, SUIT, Mask, indices
from doublesix.engine.view import View

from experiments import policy_move
from hand_model import HAND_FEATURES, hand_features, layout_lay

#: The hand model's weights on :data:`hand_model.HAND_FEATURES`, fitted by
#: ``benchmarks/hand_model.py`` to OpenSpiel's ISMCTS-1000: in Block on its 10,312 decisions
#: in issue 33's 1,600 logged playings (seeds 9100000, 9200000), in Draw on its 3,394 in
#: issue 33's 300 (seed 9300000).
HAND_READINGS: dict[str, dict[str, tuple[float, ...]]] = {
    "ismcts": {
        "block": (0.608, 0.642, -0.188, -0.134, -0.088, 0.249, -0.252, -0.974, -0.592,
                  -0.115, 1.690),
        "draw": (0.114, 0.625, 0.046, -0.058, -0.050, 0.125, -0.142, -0.839, -0.424,
                 -0.068, 1.686),
    },
}


def hand_weights(hand: str, rules: Rules) -> tuple[float, ...]:
    """The weights of the hand model ``hand`` (a name or ``a/b/...``) in a game of ``rules``.

    >>> hand_weights("ismcts", Rules.variant("block"))[:2]
    (0.608, 0.642)
    """
    if hand in HAND_READINGS:
        return HAND_READINGS[hand]["draw" if rules.drawing else "block"]
    weights = tuple(float(w) for w in hand.split("/"))
    if len(weights) != len(HAND_FEATURES):
        raise ValueError(f"a hand model has {len(HAND_FEATURES)} weights")
    return weights


def score(weights: Sequence[float], features: Sequence[float]) -> float:
    """The model's liking for a lay: its weights on the lay's features."""
    total = 0.0
    for w, f in zip(weights, features, strict=True):
        total += w * f
    return total


class HandInference:
    """The likelihood of a guess under the hand model: the product, over the other side's
    lays since it last drew, of the model's probability of the lay made among those the
    guess says its hand had (that hand: the guess's plus the tiles it has laid since)."""

    def __init__(self, view: View, weights: Sequence[float]) -> None:
        rules = view.rules
        events, first = current_hand(view)
        layout = Layout.empty(rules.spinner_arms if rules.spinner else None)
        since_draw: list[list[tuple[Layout, int, int]]] = [[] for _ in view.hand_sizes]
        for event in events:
            if event.kind == "lay" and event.tile is not None and event.seat is not None:
                t = event.tile.index
                e = -1 if event.end is None else END_NUMBERS[event.end]
                if not first:
                    since_draw[event.seat].append((layout, t, e))
                layout = layout.lay_index(t, e)
                first = False
            elif event.kind == "draw" and event.seat is not None:
                since_draw[event.seat] = []
        self.weights = tuple(weights)
        self.top = rules.set
        partner = rules.partner_of(view.seat)
        unseen = view.unseen_mask
        #: (seat, tiles laid since, the lays it could have had as (tile, number left showing,
        #: other ends' numbers, table after), the lay made's index among them)
        self.decisions: list[tuple[int, Mask, list[tuple[int, int, tuple[int, ...], Mask]],
                                   int]] = []
        for seat, lays in enumerate(since_draw):
            if seat in (view.seat, partner):
                continue
            later = 0
            for before, t, e in reversed(lays):
                later |= 1 << t
                pool = unseen | later
                if before.played:
                    pairs = [(tt, ee) for ee, n in before.open for tt in indices(pool & SUIT[n])]
                else:
                    pairs = [(tt, -1) for tt in indices(pool)]
                lays_had = [(tt, *layout_lay(before, tt, ee)) for tt, ee in pairs]
                self.decisions.append((seat, later, lays_had, pairs.index((t, e))))

    def weight(self, hands: list[Mask]) -> float:
        """The likelihood of the guess ``hands`` (up to a constant factor)."""
        log_total = 0.0
        for seat, later, lays_had, chosen in self.decisions:
            held = hands[seat] | later
            scores = [score(self.weights, hand_features(held, t, outer, others, played,
                                                        self.top))
                      for t, outer, others, played in lays_had if held >> t & 1]
            made = score(self.weights, hand_features(held, *lays_had[chosen], self.top))
            top = max(scores)
            log_total += made - top - math.log(sum(math.exp(s - top) for s in scores))
        return math.exp(log_total)


def hand_move(board: Board, weights: Sequence[float], rng: Rng | None) -> tuple[int, int]:
    """The lay the hand model likes best for the seat to move (ties by
    :func:`~doublesix.ai.playout.wins_tie`), or with ``rng`` one drawn from its softmax."""
    hand = board.hands[board.turn]
    ends = board.ends
    top = board.cfg.rules.set
    scored: list[tuple[float, int, int]] = []
    for e in board.opened:
        n = ends[e]
        m = hand & SUIT[n]
        while m:
            t = m.bit_length() - 1
            m ^= 1 << t
            outer = PIPS[t] - n
            others = tuple(ends[o] for o in board.opened if o != e)
            scored.append((score(weights, hand_features(hand, t, outer, others,
                                                        board.played | 1 << t, top)), t, e))
    if rng is not None:
        best = max(s for s, _, _ in scored)
        chances = [math.exp(s - best) for s, _, _ in scored]
        mark = rng.random() * sum(chances)
        for chance, (_, t, e) in zip(chances, scored, strict=True):
            mark -= chance
            if mark < 0:
                return t, e
        return scored[-1][1], scored[-1][2]
    best_score, bt, be = scored[0]
    for s, t, e in scored[1:]:
        if s > best_score or (s == best_score and wins_tie(board, t, e, bt, be)):
            best_score, bt, be = s, t, e
    return bt, be


def hand_rollout(board: Board, planner: int, lacks: list[int], plan: Plan,
                 weights: Sequence[float], rng: Rng | None = None) -> None:
    """Play the hand out: the seats off the planner's side lay by the hand model
    (:func:`hand_move`) once the hand is opened, every other lay as the expert's playout
    (:func:`experiments.policy_move`); draws and passes as
    :func:`~doublesix.ai.playout.rollout` keeps them."""
    drew = 0
    mates = board.cfg.mates
    while board.turn >= 0:
        turn = board.turn
        t, e = board.moves()[0]
        if t < 0:
            numbers = 0
            for end in board.opened:
                numbers |= 1 << board.ends[end]
            lacks[turn] = numbers if drew >> turn & 1 else lacks[turn] | numbers
            drew = drew | 1 << turn if e == -1 else drew & ~(1 << turn)
            board.play(t, e)
            continue
        if weights and board.played and planner >= 0 and planner not in mates[turn]:
            t, e = hand_move(board, weights, rng)
        else:
            t, e = policy_move(board, planner, lacks, plan)
        drew &= ~(1 << turn)
        board.play(t, e)


class HandExpert(Expert):
    """The expert with the hand model (``hand``: a name in :data:`HAND_READINGS` or weights;
    ``weigh``, ``play``: which uses; ``sample``: the playouts draw the other side's lays);
    its searches run in Python."""

    def __init__(self, *, hand: str = "ismcts", weigh: int = 1, play: int = 1,
                 sample: int = 0, **options: Any) -> None:
        super().__init__(**options)
        self.hand = str(hand)
        self.uses = (bool(weigh), bool(play), bool(sample))

    def evaluate(self, view: View, rng: random.Random) -> list[Evaluation]:
        """:meth:`Expert.evaluate`, the search reading the other side by the hand model."""
        moves = view.legal_moves()
        job = self.search(view, rng.getrandbits(64))
        weights = hand_weights(self.hand, view.rules)
        weigh, play, sample = self.uses
        if weigh:
            inference = HandInference(view, weights)
            # (The search calls only ``weight``: a HandInference stands in for an Inference.)
            job = job._replace(inference=inference if inference.decisions  # type: ignore[arg-type]
                               else None)
        totals, wins, played = run_hand(job, weights if play else (), sample)
        played = max(played, 1)
        order = sorted(range(len(moves)), key=lambda i: (-totals[i], i))
        return [Evaluation(moves[i], totals[i] / played, wins[i] / played) for i in order]


def run_hand(search: Search, weights: Sequence[float], sample: bool) -> Totals:
    """:func:`~doublesix.ai.search.run_pure` with :func:`hand_rollout` for the playouts."""
    from doublesix.ai.search import guesses

    rng = Rng(search.seed)
    chance = Rng(search.seed ^ 0x5DEECE66D) if sample else None
    base = search.base
    totals = [0.0] * len(search.moves)
    wins = [0.0] * len(search.moves)
    played = 0
    for hands, bone in guesses(search, rng):
        for i, (t, e) in enumerate(search.moves):
            board = base.copy()
            board.hands = hands[:]
            board.bone = bone
            board.play(t, e)
            hand_rollout(board, search.planner, search.known[:], search.plan, weights, chance)
            value, won = outcome(board, search.me, base)
            totals[i] += value
            wins[i] += won
        played += 1
    return totals, wins, played


def install() -> Callable[..., Any]:
    """Make ``doublesix.ai.player`` build a :class:`HandExpert` for an expert spec with
    ``hand=`` (this process only); the player it replaced is returned."""
    import doublesix.ai

    plain = doublesix.ai.player

    def player(name: str, **options: Any) -> Any:
        if name == "expert" and "hand" in options:
            return HandExpert(**options)
        return plain(name, **options)

    doublesix.ai.player = player
    return plain


def main(argv: list[str] | None = None) -> int:
    import vs_openspiel

    install()
    return vs_openspiel.main([*(sys.argv[1:] if argv is None else argv), "--workers", "1"])


if __name__ == "__main__":
    sys.exit(main())
