"""A view as JSON (``View.to_json``, ``View.from_json``): lossless for every position of every
variant, and clear words for malformed data.

The terminal at a web table asks and tells from the view the server sends, so the view read
back must be the very view the referee made: equal, with the same layout (its lays in the same
order), the same hand result (its ending and winners too) and the same legal moves.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from doublesix import VARIANTS, Layout, Match, Rules, View
from doublesix.engine.summary import tile_choices
from tests.support.strategies import any_rules

SETTINGS = settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=True,
)


def assert_round_trip(view: View) -> None:
    """``view`` survives JSON text, equal in every part a face reads."""
    data = json.loads(json.dumps(view.to_json()))
    again = View.from_json(data)
    assert again == view
    assert again.layout.placed() == view.layout.placed()
    assert again.layout.spinner == view.layout.spinner
    assert again.layout.count == view.layout.count
    if view.hand_result is not None:
        assert again.hand_result is not None
        assert again.hand_result.ending is view.hand_result.ending
        assert again.hand_result.winners == view.hand_result.winners
    assert again.legal_moves() == view.legal_moves()
    assert tile_choices(again) == tile_choices(view)
    assert again.to_json() == data


def play_and_check(match: Match, rng: random.Random, moves: int) -> int:
    """Play up to ``moves`` random moves (dealing new hands on the way), checking every seat's
    view after each; returns how many views were checked."""
    checked = 0
    for _ in range(moves):
        for seat in range(match.rules.players):
            assert_round_trip(match.view(seat))
            checked += 1
        if match.is_over:
            break
        if match.turn is None:
            match.next_hand()
        else:
            match.play(rng.choice(match.legal_moves()))
    return checked


class TestRoundTrip:
    @SETTINGS
    @given(rules=any_rules(), seed=st.integers(0, 2**32), moves=st.integers(1, 120))
    def test_random_positions_of_any_rules(self, rules: Rules, seed: int, moves: int) -> None:
        match = Match(rules, seed=seed)
        assert play_and_check(match, random.Random(seed), moves) > 0

    @pytest.mark.parametrize("variant", VARIANTS)
    @settings(max_examples=8, deadline=None, derandomize=True)
    @given(seed=st.integers(0, 2**32), players=st.integers(2, 4), top=st.sampled_from([6, 9, 12]))
    def test_whole_matches_of_every_variant(
        self, variant: str, seed: int, players: int, top: int
    ) -> None:
        if variant == "partnership":
            players = 4
        rules = Rules.variant(variant, players=players, set=top, target=30)
        match = Match(rules, seed=seed)
        play_and_check(match, random.Random(seed), 2000)
        assert match.is_over

    def test_a_spinner_with_its_arms(self) -> None:
        """Muggins until the spinner's arms carry tiles: the order of the lays matters."""
        for seed in range(40):
            match = Match(Rules.variant("muggins", target=0), seed=seed)
            rng = random.Random(seed)
            while match.turn is not None:
                match.play(rng.choice(match.legal_moves()))
                arms = match.view(0).layout.placed()
                if arms["up"] or arms["down"]:
                    assert_round_trip(match.view(0))
                    return
        pytest.fail("no deal put a tile on a spinner's arm")

    def test_the_daily_game(self) -> None:
        match = Match.daily()
        assert play_and_check(match, random.Random(1), 200) > 0

    def test_a_view_whose_layout_its_history_does_not_lay(self) -> None:
        match = Match(Rules.variant("draw"), seed=5)
        view = match.view(0)
        bad = View(**{**vars(view), "layout": Layout.empty()})
        with pytest.raises(ValueError, match="layout is not the one its history lays"):
            bad.to_json()


def good() -> dict[str, Any]:
    match = Match(Rules.variant("all-fives"), seed=11)
    match.play("6|5 left")
    return match.view(1).to_json()


class TestMalformed:
    @pytest.mark.parametrize(
        ("change", "words"),
        [
            ({"rules": None}, "rules must be an object"),
            ({"rules": {"variant": "fives"}}, "rules: unknown variant 'fives'"),
            ({"rules": {"variant": ["draw"]}}, "variant must be a name"),
            ({"rules": {"variant": "draw", "colour": "red"}}, "unknown rule option 'colour'"),
            ({"seat": 2}, "seat must be 0 to 1, not 2"),
            ({"seat": True}, "seat must be a whole number, not True"),
            ({"hand": "6|4"}, "hand must be a list, not str"),
            ({"hand": ["6|4", 7]}, 'hand\\[1\\] must be a tile written like "6|4", not 7'),
            ({"hand": ["6|4", "6|x"]}, "hand\\[1\\]: not a tile: '6|x'"),
            ({"hand": ["6|4", "9|9"]}, "there is no 9\\|9 in the double-six set"),
            ({"hand": ["6|4", "4|6"]}, "hand holds a tile twice"),
            ({"hand": ["5|5", "5|2", "4|2", "4|1", "2|1", "1|1"]},
             "hand holds 5\\|5, which is on the table"),
            ({"hand": ["6|4"]}, "hand_sizes\\[1\\] is 6, but the hand holds 1 tiles"),
            ({"scores": [0]}, "scores must have 2 entries \\(one a seat\\), not 1"),
            ({"scores": [0, -5]}, "scores\\[1\\] must be 0 or more, not -5"),
            ({"hand_sizes": [6, "6"]}, "hand_sizes\\[1\\] must be a whole number"),
            ({"boneyard_size": 1.5}, "boneyard_size must be a whole number, not 1.5"),
            ({"turn": 3}, "turn must be 0 to 1, not 3"),
            ({"history": {}}, "history must be a list, not dict"),
            ({"history": [{"kind": "shout"}]}, "history\\[0\\]: kind must be one of hand, lay"),
            ({"history": [{"kind": "lay", "seat": 0}]}, "history\\[0\\]: a lay needs its tile"),
            ({"history": [{"kind": "lay", "tile": "6|4", "colour": 1}]},
             "history\\[0\\]: unknown field 'colour'"),
            ({"history": [{"kind": "lay", "tile": "6|4", "end": "sideways"}]},
             "history\\[0\\]: end must be null or one of left, right, up, down"),
            ({"history": [{"kind": "lay", "tile": "6|4"}, {"kind": "lay", "tile": "3|2",
                                                           "end": "left"}]},
             "history\\[1\\] lays 3\\|2 where it cannot go: 3\\|2 does not fit the left end"),
            ({"history": [{"kind": "lay", "tile": "6|4"}, {"kind": "lay", "tile": "6|4",
                                                           "end": "left"}]},
             "6\\|4 is already on the table"),
            ({"history": [{"kind": "draw", "number": "2"}]}, "history\\[0\\]: number must be"),
            ({"history": [{"kind": "end", "blocked": 1}]}, "blocked must be true or false"),
            ({"lacks": [[7], []]}, "lacks\\[0\\]\\[0\\] must be 0 to 6, not 7"),
            ({"hand_number": None}, "hand_number must be a whole number"),
            ({"hand_result": []}, "hand_result must be null or an object"),
            ({"hand_result": {"winner": 0}}, "hand_result: points is missing"),
            ({"hand_result": {"winner": 0, "points": 5, "blocked": False, "ending": "won",
                              "winners": [0]}}, "ending must be one of went-out, blocked"),
            ({"is_over": "no"}, "is_over must be true or false, not 'no'"),
            ({"last_lay": [1, 2, 3]}, "last_lay must be empty or have 2 entries"),
        ],
    )
    def test_words_for_each_mistake(self, change: dict[str, Any], words: str) -> None:
        data = {**good(), **change}
        with pytest.raises(ValueError, match="^not a view: .*" + words):
            View.from_json(data)

    @pytest.mark.parametrize("name", sorted(good()))
    def test_every_field_is_needed(self, name: str) -> None:
        data = good()
        del data[name]
        with pytest.raises(ValueError, match=f"^not a view: {name} is missing$"):
            View.from_json(data)

    @pytest.mark.parametrize("data", [None, [], "view", 7])
    def test_not_an_object(self, data: Any) -> None:
        with pytest.raises(ValueError, match=r"^not a view: expected a JSON object"):
            View.from_json(data)

    @settings(max_examples=300, deadline=None, derandomize=True)
    @given(
        name=st.sampled_from(sorted(good())),
        value=st.recursive(
            st.none() | st.booleans() | st.integers(-3, 100) | st.text(max_size=6)
            | st.sampled_from(["6|4", "5|5", "draw", "lay", "left", "went-out"]),
            lambda inner: st.lists(inner, max_size=4)
            | st.dictionaries(st.sampled_from(["kind", "seat", "tile", "end", "variant",
                                               "winner", "points"]), inner, max_size=4),
            max_leaves=12,
        ),
    )
    def test_any_json_in_any_field_is_a_view_or_a_value_error(
        self, name: str, value: Any
    ) -> None:
        data = {**good(), name: value}
        try:
            view = View.from_json(data)
        except ValueError as error:
            assert str(error).startswith("not a view: ")
        else:
            assert View.from_json(view.to_json()) == view
