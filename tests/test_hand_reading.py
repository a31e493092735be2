"""The expert prototype that reads the other side by the hand model
(``benchmarks/hand_reading.py``, issue 45's second round, measured without a gain and not
merged): the playouts describe a lay as the fit does, the weight of a guess is the model's
likelihood of the lays made, and with both uses off the prototype is the expert.

Needs the ``openspiel`` extra (``benchmarks/hand_model.py`` reads the adapter's games).
"""

from __future__ import annotations

import math
import random
from types import ModuleType

import pytest

from doublesix import Match, Rules
from doublesix.ai.board import Board
from doublesix.ai.expert import Expert
from doublesix.engine.tiles import PIPS
from tests.support.benchmarks import load_benchmark
from tests.support.extras import need

need("numpy", "openspiel")
need("pyspiel", "openspiel")

model: ModuleType = load_benchmark("hand_model")
reading: ModuleType = load_benchmark("hand_reading")
WEIGHTS = reading.HAND_READINGS["ismcts"]["block"]


def test_the_playout_describes_a_lay_as_the_fit_does() -> None:
    # hand_move scores a lay from the Board; the fit and the inference from the Layout.
    for variant in ("block", "draw"):
        for seed in range(15):
            match = Match(Rules.variant(variant, target=0), seed=seed)
            rng = random.Random(seed)
            while match.hand_result is None:
                state = match.state
                board = Board.from_state(state)
                lays = [m for m in state.legal_moves() if m.kind == "lay" and state.layout.played]
                hand = state.hands[state.turn]
                for move in lays:
                    from_board = (PIPS[move.t] - board.ends[move.e],
                                  tuple(board.ends[o] for o in board.opened if o != move.e),
                                  board.played | 1 << move.t)
                    assert model.layout_lay(state.layout, move.t, move.e) == from_board
                if lays:
                    best = reading.hand_move(board, WEIGHTS, None)
                    scores = {(m.t, m.e): reading.score(WEIGHTS, model.hand_features(
                        hand, m.t, *model.layout_lay(state.layout, m.t, m.e), 6))
                              for m in lays}
                    assert scores[best] == max(scores.values())
                moves = match.legal_moves()
                match.play(rng.choice(moves))


def test_the_weight_of_a_guess_is_the_likelihood_of_the_lays_made() -> None:
    # Block: no draws, so every lay of the other seat is evidence; with the real hands the
    # weight is the product of the model's probabilities of the lays made.
    checked = 0
    for seed in range(10):
        match = Match(Rules.variant("block", target=0), seed=seed)
        rng = random.Random(seed)
        expected = [0.0, 0.0]
        opened = bool(match.state.layout.played)  # (the rules lay the first tile)
        while match.hand_result is None:
            state = match.state
            seat = state.turn
            view = match.view(1 - seat)  # the other side: the seat to move
            if opened:
                inference = reading.HandInference(view, WEIGHTS)
                got = inference.weight(list(state.hands))
                assert math.isclose(got, math.exp(expected[seat]), rel_tol=1e-9)
                checked += bool(inference.decisions)
            move = rng.choice(match.legal_moves())
            if move.kind == "lay" and opened:
                lays = [m for m in state.legal_moves() if m.kind == "lay"]
                hand = state.hands[seat]
                scores = [reading.score(WEIGHTS, model.hand_features(
                    hand, m.t, *model.layout_lay(state.layout, m.t, m.e), 6)) for m in lays]
                made = scores[lays.index(move)]
                expected[seat] += made - math.log(sum(math.exp(s) for s in scores))
            opened = opened or move.kind == "lay"
            match.play(move)
    assert checked > 20


def test_with_both_uses_off_the_prototype_is_the_expert() -> None:
    for variant in ("block", "draw"):
        match = Match(Rules.variant(variant, target=0), seed=11)
        prototype = reading.HandExpert(hand="ismcts", weigh=0, play=0, playouts=200)
        expert = Expert(playouts=200)
        compared = 0
        while match.hand_result is None and match.turn is not None:
            view = match.view(match.turn)
            if len(view.legal_moves()) > 1:
                assert (prototype.evaluate(view, random.Random(5))
                        == expert.evaluate(view, random.Random(5)))
                compared += 1
            match.play(view.legal_moves()[-1])
        assert compared


def test_the_prototype_plays_legal_moves_in_every_use() -> None:
    for options in ({}, {"weigh": 0}, {"play": 0}, {"sample": 1}):
        prototype = reading.HandExpert(hand="ismcts", playouts=64, **options)
        for variant in ("block", "draw"):
            match = Match(Rules.variant(variant, target=0), seed=3)
            while match.hand_result is None and match.turn is not None:
                view = match.view(match.turn)
                move = prototype.choose(view, random.Random(1))
                assert move in view.legal_moves()
                match.play(move)


@pytest.mark.parametrize("text", ["ismcts", "/".join(["0.5"] * 11)])
def test_a_hand_model_by_name_or_weights(text: str) -> None:
    weights = reading.hand_weights(text, Rules.variant("block"))
    assert len(weights) == len(model.HAND_FEATURES)
    with pytest.raises(ValueError, match="11 weights"):
        reading.hand_weights("1/2", Rules.variant("block"))
