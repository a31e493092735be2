"""The sampler's worlds agree with everything a view says, in every case the engine decides.

The regression of issue 27: after a drawn partnership hand the same leader leads again with a
tile of their choice (the engine's rule, :meth:`Match.next_leader`), but the sampler once
decided on its own that such an opening was laid by the rules, banned every unseen tile
outranking it, and fell back to worlds that broke its own constraints.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

import pytest

from doublesix import Match, Rules
from doublesix.ai.expert import Expert
from doublesix.ai.rng import Rng
from doublesix.ai.sampling import READINGS, Inference, Sampler, allowed_tiles, sample_deal
from doublesix.engine.tiles import Mask, Tile


def _mask(tiles: Iterable[Tile]) -> Mask:
    mask = 0
    for tile in tiles:
        mask |= tile.bit
    return mask


def _check_worlds(match: Match, tries: int = 20) -> None:
    """At the seat to move: the true deal is a world the view allows, and every sampled world
    gives each seat tiles it may hold, as many as it holds."""
    seat = match.turn
    assert seat is not None
    view = match.view(seat)
    allowed = allowed_tiles(view)
    for other, tiles in enumerate(match.hands):
        assert _mask(tiles) & ~allowed[other] == 0, f"seat {other}'s real hand is ruled out"
    sampler = Sampler(view)
    for k in range(tries):
        hands = sampler.hands(Rng(k))
        for other, hand in enumerate(hands):
            assert hand & ~allowed[other] == 0, f"seat {other} got a tile it cannot hold"
            assert hand.bit_count() == view.hand_sizes[other]


def test_after_a_drawn_partnership_hand_the_opening_is_chosen_and_the_worlds_hold() -> None:
    match = Match(Rules.variant("partnership"), seed=28)
    rng = random.Random(28)
    while match.turn is not None:
        match.play(rng.choice(match.legal_moves()))
    assert match.hand_result is not None and match.hand_result.winner is None  # drawn
    leader = match.next_leader
    match.next_hand()
    assert match.turn == leader is not None
    assert not match.view(leader).opening_forced  # the leader chooses the opening tile
    match.play(min(match.legal_moves(), key=lambda move: move.tile.rank if move.tile else 99))
    checked = 0
    while match.turn is not None:
        assert not match.view(match.turn).opening_forced
        _check_worlds(match)
        checked += 1
        match.play(rng.choice(match.legal_moves()))
    assert checked > 5


def test_a_forced_opening_is_said_by_the_engine_and_bans_the_tiles_outranking_it() -> None:
    match = Match(Rules.variant("block"), seed=3)
    view = match.view(match.turn or 0)
    assert view.opening_forced
    _check_worlds(match)


def test_every_variant_keeps_the_true_deal_possible() -> None:
    for name in ("draw", "block", "all-fives", "muggins", "partnership"):
        for seed in range(4):
            match = Match(Rules.variant(name, target=50), seed=seed)
            rng = random.Random(seed)
            for _ in range(60):
                if match.is_over:
                    break
                if match.turn is None:
                    match.next_hand()
                    continue
                _check_worlds(match, tries=3)
                match.play(rng.choice(match.legal_moves()))


def test_a_reading_on_the_lays_features_can_say_what_heaviest_first_says() -> None:
    # Heaviest first (sharpness s) is the reading (s, 0, 2s, 0, 0, 0): the same weight for
    # every guess, under All Fives where the points count too.
    match = Match(Rules.variant("all-fives", players=2, target=0), seed=11)
    rng = random.Random(11)
    while len(match.history) < 10 and match.turn is not None:
        match.play(rng.choice(match.legal_moves()))
    assert match.turn is not None
    view = match.view(match.turn)
    heaviest = Inference(view, 2.0)
    read = Inference(view, 2.0, reading=(2.0, 0.0, 4.0, 0.0, 0.0, 0.0))
    other = Inference(view, 2.0, reading=READINGS["ismcts"]["block"])
    assert heaviest.decisions
    differ = False
    for k in range(40):
        hands, _ = sample_deal(view, Rng(k))
        assert read.weight(hands) == pytest.approx(heaviest.weight(hands), rel=1e-9)
        differ |= other.weight(hands) != pytest.approx(heaviest.weight(hands), rel=1e-6)
    assert differ


def test_a_reading_is_named_or_written_out_and_refused_clearly_otherwise() -> None:
    assert Expert(reading="ismcts").reading == "ismcts"
    assert Expert(reading="1/0/0/0/0/0.5").reading == (1, 0, 0, 0, 0, 0.5)
    assert Expert().reading == ()  # off by default
    with pytest.raises(ValueError, match="a reading has 6 weights"):
        Expert(reading="1/2")
    with pytest.raises(ValueError, match="reading is a name"):
        Expert(reading="greedy")
