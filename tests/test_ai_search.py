"""The expert's pieces: guesses consistent with the view, inference from choices, the search."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from doublesix import Match, Move, Rules, Tile
from doublesix.ai.expert import DEFAULT_SPREAD, Expert
from doublesix.ai.rng import Rng
from doublesix.ai.sampling import (
    Inference,
    Sampler,
    allowed_tiles,
    effective_size,
    outranked,
    sample_deal,
    temper,
)
from doublesix.engine.tiles import SUIT, TILES, full_set

HANDS = [["6|6", "5|5", "4|4", "5|3", "2|1", "3|0", "1|1"],
         ["6|5", "6|3", "6|0", "5|2", "4|2", "3|1", "0|0"]]


def example(variant: str = "draw", hands: list[list[str]] = HANDS, **options: object) -> Match:
    """A 2-player double-six match dealt ``hands``, the other tiles in the boneyard."""
    dealt = {t for hand in hands for t in hand}
    rest = [t for t in TILES[:28] if str(t) not in dealt]
    return Match(Rules.variant(variant, **options), hands=hands, boneyard=rest)


class TestGuesses:
    def test_guesses_partition_the_unseen_tiles(self) -> None:
        match = Match(Rules.variant("draw", players=3, set=9), seed=4)
        view = match.view(match.turn)  # type: ignore[arg-type]
        rng = Rng(0)
        for _ in range(20):
            hands, bone = sample_deal(view, rng)
            assert hands[view.seat] == view.hand_mask
            assert [h.bit_count() for h in hands] == list(view.hand_sizes)
            assert len(bone) == view.boneyard_size
            hidden = sum(1 << t for t in bone)
            for seat, hand in enumerate(hands):
                if seat != view.seat:
                    assert not hidden & hand
                    hidden |= hand
            assert hidden == view.unseen_mask
            assert hidden | view.hand_mask | view.layout.played == full_set(9)

    def test_guesses_respect_what_a_seat_lacks(self) -> None:
        checked = 0
        for seed in range(30):
            match = Match(Rules.variant("block", players=3), seed=seed)
            rng = random.Random(seed)
            while match.turn is not None:
                view = match.view(match.turn)
                lacking = [s for s, lacks in enumerate(view.lacks) if lacks and s != view.seat]
                if lacking:
                    sampler = Sampler(view)
                    draw = Rng(seed)
                    for _ in range(10):
                        hands = sampler.hands(draw)
                        for seat in lacking:
                            for number in view.lacks[seat]:
                                assert not hands[seat] & SUIT[number]
                    checked += 1
                match.play(rng.choice(match.legal_moves()))
        assert checked > 20

    def test_tiles_that_outrank_the_automatic_opener_lie_in_the_boneyard(self) -> None:
        # 5|5 opens: 6|6 was dealt to no hand, so no guess gives it to the seat that has not
        # drawn (the opener's own seat included).
        hands = [["5|5", "6|5", "4|3", "2|1", "3|0", "1|1", "2|0"],
                 ["6|4", "6|3", "6|0", "5|2", "4|2", "3|1", "0|0"]]
        view = example("block", hands).view(1)
        assert outranked(view) == Tile(6, 6).bit
        sampler = Sampler(view)
        rng = Rng(0)
        for _ in range(50):
            assert not sampler.hands(rng)[0] & Tile(6, 6).bit
        # The first hand of an All Fives game opens by the highest double too.
        assert outranked(example("all-fives", hands, target=0).view(1)) == Tile(6, 6).bit

    def test_a_seat_that_drew_may_hold_an_outranking_tile(self) -> None:
        match = example("draw", [["5|5", "6|5", "4|3", "2|1", "3|0", "1|1", "2|0"],
                                 ["6|4", "6|3", "6|0", "4|2", "4|4", "3|1", "0|0"]])
        match.play(Move.draw())  # seat 1 has no 5
        view = match.view(0)
        assert view.hand_sizes[1] == 8
        assert allowed_tiles(view)[1] & Tile(6, 6).bit


class TestInference:
    def test_a_light_lay_makes_heavier_fitting_tiles_unlikely(self) -> None:
        match = example("block")
        match.play("6|0 left")  # seat 1 could have laid 6|5 or 6|3
        view = match.view(0)
        inference = Inference(view, sharpness=2.0)
        assert inference.decisions
        def mask(tiles: str) -> int:
            return sum(Tile.parse(t).bit for t in tiles.split())

        real = mask("6|5 6|3 5|2 4|2 3|1 0|0")  # it passed over 6|5 and 6|3
        other = mask("5|2 4|2 3|1 0|0 2|2 2|0")  # 6|0 was its only 6
        me = view.hand_mask
        assert inference.weight([me, real]) < inference.weight([me, other]) / 100
        assert inference.weight([me, other]) == 0.5  # 6|0 went left of two equal ends

    def test_no_evidence_without_sharpness_or_choices(self) -> None:
        match = example()
        assert not Inference(match.view(1), sharpness=2.0).decisions  # only the automatic opener
        match.play("6|0 left")
        assert not Inference(match.view(0), sharpness=0.0).decisions


class TestTemper:
    """Tempering keeps the order of the guesses and spreads the weight over enough of them."""

    @given(
        st.lists(st.floats(min_value=1e-300, max_value=1.0), min_size=1, max_size=60),
        st.floats(min_value=0.0, max_value=1.0),
    )
    @settings(max_examples=300, deadline=None)
    def test_spread_and_order(self, weights: list[float], share: float) -> None:
        tempered = temper(weights, share)
        assert max(tempered) == 1.0
        assert effective_size(tempered) >= share * len(weights) * (1 - 1e-9)
        ranked = [tempered[i] for i in sorted(range(len(weights)), key=weights.__getitem__)]
        assert ranked == sorted(ranked)  # a heavier guess never ends lighter
        if effective_size(weights) >= share * len(weights):
            top = max(weights)
            assert tempered == pytest.approx([w / top for w in weights])

    def test_weights_piled_on_one_guess_are_spread(self) -> None:
        weights = [1.0] + [1e-12] * 99
        assert effective_size(weights) < 1.01
        tempered = temper(weights, 0.25)
        assert 25 <= effective_size(tempered) < 26  # no more than it needs
        assert temper([0.0, 0.0], 0.25) == [0.0, 0.0]

    def test_the_expert_tempers_by_default_and_checks_the_option(self) -> None:
        assert Expert().spread == DEFAULT_SPREAD > 0
        with pytest.raises(ValueError, match="spread"):
            Expert(spread=1.5)


class TestExpert:
    def test_takes_the_points_under_fives(self) -> None:
        view = example("all-fives").view(1)
        assert Expert(playouts=200).choose(view, random.Random(0)).tile == Tile(6, 3)

    def test_evaluations_cover_every_move_best_first(self) -> None:
        view = example().view(1)
        evaluations = Expert(playouts=120).evaluate(view, random.Random(0))
        assert sorted(str(e.move) for e in evaluations) == sorted(
            str(m) for m in view.legal_moves())
        values = [e.value for e in evaluations]
        assert values == sorted(values, reverse=True)
        assert all(0.0 <= e.wins <= 1.0 for e in evaluations)

    def test_goes_out_when_it_can(self) -> None:
        for seed in range(40):
            match = Match(Rules.variant("block", target=0), seed=seed)
            rng = random.Random(seed)
            while match.turn is not None:
                view = match.view(match.turn)
                if view.hand_sizes[view.seat] == 1 and view.legal_moves()[0].is_lay:
                    move = Expert(playouts=40).choose(view, random.Random(0))
                    assert move.is_lay
                    return
                match.play(rng.choice(match.legal_moves()))
        raise AssertionError("no position found")

    def test_its_own_playout_moves_look_ahead(self) -> None:
        def values(variant: str, plan: bool) -> list[tuple[str, float]]:
            match = example(variant)
            match.play("6|0 left")
            view = match.view(0)
            found = Expert(playouts=200, plan=plan).evaluate(view, random.Random(0))
            return [(str(e.move), e.value) for e in found]

        for variant in ("block", "draw", "all-fives"):
            assert values(variant, True) != values(variant, False)
        assert Expert().plan

    def test_a_time_budget_is_optional(self) -> None:
        view = example().view(1)
        move = Expert(playouts=10**6, seconds=0.01).choose(view, random.Random(0))
        assert move in view.legal_moves()
        assert Expert().seconds is None

    def test_draws_when_nothing_fits(self) -> None:
        match = example()
        match.play("6|5 left")
        match.play("5|5 left")
        view = match.view(1)
        if view.legal_moves() == [Move.draw()]:
            assert Expert(playouts=50).choose(view, random.Random(0)) is Move.draw()
