"""An independent model of RULES.md, checked against the engine move by move.

:class:`Model` (in :mod:`tests.support.model`) is written from the rule book alone, as plainly as
possible and sharing no code with the engine: the layout as four lists of tiles, the board count
added up end by end, the legal moves, blocking, and the scoring of every move and every hand's
end.  Random games through the public ``Match`` API are replayed in the model, and after every
move the open ends, board count, legal moves, scores, turn and hand result must agree.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from doublesix import VARIANTS, HandResult, Match, Move, Rules, Tile
from tests.support.model import Model, rounded


def start_model(match: Match, scores: list[int], previous: HandResult | None,
                previous_leader: int | None = None) -> Model:
    """The model of the hand just dealt in ``match``: the deal from the save, the scores before
    it, and its opening (laid for the holder of the top tile, or led by the last winner; under
    teams, a drawn hand's leader leads again)."""
    record = json.loads(match.to_json())["hands"][-1]
    hands = [[Tile.parse(t) for t in hand] for hand in record["hands"]]
    model = Model(match.rules, hands, [Tile.parse(t) for t in record["boneyard"]], scores)
    events = match.history
    start = max(i for i, e in enumerate(events) if e.kind == "hand")
    opening = [e for e in events[start:] if e.kind == "lay"]
    rules = match.rules
    if rules.lead == "winner" and previous is not None and previous.winner is not None:
        # The last hand's winner leads any tile: nothing is laid for it.
        assert opening == [] and match.turn == previous.winner
        model.turn = previous.winner
        return model
    if rules.lead == "winner" and rules.teams and previous is not None:
        assert opening == [] and match.turn == previous_leader
        model.turn = previous_leader
        return model
    # Otherwise the top-ranked tile in any hand (doubles first, then pips, then the high half)
    # is laid for its holder.
    top = max((t for hand in hands for t in hand), key=lambda t: (t.is_double, t.pips, t.high))
    holder = next(seat for seat, hand in enumerate(hands) if top in hand)
    assert [(e.seat, e.tile, e.end) for e in opening] == [(holder, top, None)]
    model.turn = holder
    model.play(Move(top))
    return model


def agree(match: Match, model: Model, note: str, lacks: bool = True) -> None:
    assert match.open_ends == model.open_ends(), note
    assert match.board_count == model.count(), note
    assert match.scores == model.scores, note
    assert match.turn == model.turn, note
    assert match.hand_result == model.result, note
    if model.result is not None:
        assert match.hand_result is not None and match.hand_result.ending is model.result.ending
        assert match.hand_result.winners == model.result.winners, note
    assert match.is_over == model.over, note
    assert [sorted(h) for h in match.hands] == [sorted(h) for h in model.hands], note
    assert match.boneyard == model.boneyard, note
    legal = [str(m) for m in match.legal_moves()]
    assert len(legal) == len(set(legal)), note
    assert set(legal) == model.legal_moves(), note
    if lacks:
        assert match.view(0).lacks == model.lacks(), note


def play_against_model(rules: Rules, seed: int, rng: random.Random) -> int:
    """Play a whole match at random, checking the engine against the model; moves played."""
    match = Match(rules, seed=seed)
    model = start_model(match, [0] * rules.players, None)
    moves = 0
    lacks = True  # lacks change only on a draw or a pass, and on the lay after a draw
    while True:
        agree(match, model, f"{rules!r} seed={seed} after {moves} moves", lacks)
        if match.is_over:
            return moves
        if match.turn is None:
            before, result = match.scores, match.hand_result
            match.next_hand()
            model = start_model(match, before, result, model.leader)
            lacks = True
            continue
        move = rng.choice(match.legal_moves())
        lacks = move.tile is None or any(model.pending) or rng.random() < 0.05
        match.play(move)
        model.play(move)
        moves += 1
        assert moves < 20_000


@st.composite
def any_rules(draw: st.DrawFn) -> Rules:
    variant = draw(st.sampled_from(VARIANTS))
    players = 4 if variant == "partnership" else draw(st.integers(2, 4))
    options: dict[str, Any] = {
        "players": players,
        "teams": players == 4 and draw(st.booleans()),
        "team_points": draw(st.sampled_from(["all", "opponents"])),
        "set": draw(st.sampled_from([6, 9, 12])),
        "target": draw(st.sampled_from([0, 30, 100])),
        "drawing": draw(st.booleans()),
        "scoring": draw(st.sampled_from(["pips", "fives"])),
        "spinner": draw(st.booleans()),
        "spinner_arms": draw(st.sampled_from(["after-sides", "immediate"])),
        "rounding": draw(st.sampled_from(["nearest", "down"])),
        "blocked_minus_own": draw(st.booleans()),
        "blocked_tie": draw(st.sampled_from(["draw", "fewer-tiles"])),
        "lead": draw(st.sampled_from(["highest-double", "winner"])),
    }
    return Rules.variant(variant, **options)


#: Every named variant at every size it can be played at.
NAMED = [(variant, players, top) for variant in VARIANTS for players in (2, 3, 4)
         for top in (6, 9, 12) if variant != "partnership" or players == 4]


class TestEngineAgreesWithTheModel:
    @pytest.mark.parametrize(("variant", "players", "top"), NAMED)
    def test_named_variants(self, variant: str, players: int, top: int) -> None:
        rules = Rules.variant(variant, players=players, set=top)
        rng = random.Random(f"{rules!r}")
        assert sum(play_against_model(rules, seed, rng) for seed in range(2)) > 0

    @pytest.mark.parametrize("variant", VARIANTS)
    @pytest.mark.parametrize("team_points", ["all", "opponents"])
    @pytest.mark.parametrize("minus_own", [True, False])
    def test_teams_in_every_variant(self, variant: str, team_points: str,
                                    minus_own: bool) -> None:
        rules = Rules.variant(variant, players=4, teams=True, team_points=team_points,
                              blocked_minus_own=minus_own, target=60)
        rng = random.Random(f"{rules!r}")
        assert sum(play_against_model(rules, seed, rng) for seed in range(4)) > 0

    @settings(max_examples=80, deadline=None, derandomize=True)
    @given(rules=any_rules(), seed=st.integers(0, 2**32), play=st.integers(0, 2**32))
    def test_any_mix_of_options(self, rules: Rules, seed: int, play: int) -> None:
        play_against_model(rules, seed, random.Random(play))

    def test_rounding_by_the_rule_book(self) -> None:
        nearest = Rules.variant("all-fives")
        down = Rules.variant("muggins")
        assert [rounded(p, nearest) for p in range(11)] == [0, 0, 0, 5, 5, 5, 5, 5, 10, 10, 10]
        assert [rounded(p, down) for p in range(11)] == [0, 0, 0, 0, 0, 5, 5, 5, 5, 5, 10]
