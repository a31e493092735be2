"""Scripted deals with exact expected scores, worked out by hand from RULES.md.

Every deal is fixed through ``Match(rules, hands=..., boneyard=...)``; the boneyard given is the
front of the draw order and the rest of the set follows it (highest tile first).  Under Block
rules the boneyard is never drawn, so tiles put there are simply out of play.  Hands are dealt the
``hand_size`` the rules say, so every deal here is one the rules could have dealt.

The arithmetic behind every expected number is in the comment next to it.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from doublesix import HandResult, IllegalMoveError, Match, MatchStateError, Move, Rules
from tests.support.deals import scripted, tiles


def play_all(match: Match, steps: Sequence[tuple[str, int, Sequence[int]]]) -> None:
    """Play each ``(move, board count after it, scores after it)`` and check both."""
    for move, count, scores in steps:
        match.play(move)
        assert (move, match.board_count) == (move, count)
        assert (move, match.scores) == (move, list(scores))



class TestGoingOutUnderPips:
    def test_two_players_the_winner_scores_the_other_hand(self) -> None:
        rules = Rules.variant("block", hand_size=3)
        match = scripted(rules, [["6|6", "6|5", "5|1"], ["6|2", "3|2", "4|4"]])
        # 6|6 is the highest double: seat 0 lays it itself and seat 1 is to move.
        assert match.turn == 1 and match.open_ends == {"left": 6, "right": 6}
        for move in ["6|2 left", "6|5 right", "3|2 left", "5|1 right"]:
            match.play(move)
        # Seat 0 went out; seat 1 holds 4|4 = 8 pips.
        assert match.hand_result == HandResult(winner=0, points=8, blocked=False)
        assert match.scores == [8, 0]
        assert match.hands == [[], tiles("4|4")]
        assert match.turn is None and match.legal_moves() == []
        assert not match.is_over and match.winner is None

    def test_three_players_the_winner_scores_both_other_hands(self) -> None:
        rules = Rules.variant("block", players=3, hand_size=2)
        match = scripted(rules, [["6|6", "6|1"], ["6|5", "2|1"], ["5|3", "4|0"]])
        for move in ["6|5 left", "5|3 left", "6|1 right"]:
            match.play(move)
        # Left: seat 1 holds 2|1 = 3, seat 2 holds 4|0 = 4; 3 + 4 = 7.
        assert match.hand_result == HandResult(0, 7, False)
        assert match.scores == [7, 0, 0]

    def test_four_players_the_winner_scores_all_three_other_hands(self) -> None:
        rules = Rules.variant("draw", players=4, hand_size=2)
        match = scripted(rules, [["6|6", "6|0"], ["6|5", "1|1"], ["5|4", "2|2"], ["4|3", "3|3"]])
        turns = []
        for move in ["6|5 left", "5|4 left", "4|3 left", "6|0 right"]:
            turns.append(match.turn)
            match.play(move)
        assert turns == [1, 2, 3, 0]
        # 1|1 + 2|2 + 3|3 = 2 + 4 + 6 = 12.
        assert match.hand_result == HandResult(0, 12, False)
        assert match.scores == [12, 0, 0, 0]

    def test_scores_carry_over_to_the_next_hand(self) -> None:
        rules = Rules.variant("block", hand_size=3)
        match = scripted(rules, [["6|6", "6|5", "5|1"], ["6|2", "3|2", "4|4"]])
        for move in ["6|2 left", "6|5 right", "3|2 left", "5|1 right"]:
            match.play(move)
        match.next_hand()
        assert match.hand_result is None and match.turn is not None
        assert match.scores == [8, 0]


# A 10-tile line that uses every six: 6|6 in the middle; 6|1 1|2 2|6 to its left; 6|3 3|4 4|6
# 6|5 5|0 0|6 to its right.  Both ends then show 6 and no six is left anywhere.
CHAIN_SEAT_0 = ["6|6", "1|2", "6|3", "4|6", "5|0"]
CHAIN_SEAT_1 = ["6|1", "2|6", "3|4", "6|5", "0|6"]
CHAIN_MOVES = [
    "6|1 left", "1|2 left", "2|6 left", "6|3 right", "3|4 right",
    "4|6 right", "6|5 right", "5|0 right", "0|6 right",
]  # fmt: skip
# Seat 0 also holds 4|1 4|2 4|4 5|1 5|2 5|3 5|4 5|5 = 5+6+8+6+7+8+9+10 = 59 pips.
CHAIN_REST_0 = ["4|1", "4|2", "4|4", "5|1", "5|2", "5|3", "5|4", "5|5"]
# Seat 1 also holds 0|0 1|0 1|1 2|0 2|2 3|0 3|1 4|0 = 0+1+2+2+4+3+4+4 = 20 pips.
CHAIN_REST_1 = ["0|0", "1|0", "1|1", "2|0", "2|2", "3|0", "3|1", "4|0"]
# The boneyard holds the last two tiles: 3|2 (5 pips) and then 3|3 (6 pips).
CHAIN_BONEYARD = ["3|2", "3|3"]


def chain_match(rules: Rules) -> Match:
    return scripted(
        rules, [CHAIN_SEAT_0 + CHAIN_REST_0, CHAIN_SEAT_1 + CHAIN_REST_1], CHAIN_BONEYARD
    )


class TestBlockedHandsUnderPips:
    @pytest.mark.parametrize(("minus_own", "points"), [(True, 7), (False, 8)])
    def test_blocked_at_the_opening_tile(self, minus_own: bool, points: int) -> None:
        rules = Rules.variant("block", hand_size=2, blocked_minus_own=minus_own)
        match = scripted(rules, [["6|6", "1|0"], ["2|2", "3|1"]])
        # After 6|6 no hand holds a six: blocked at once.  Seat 0 holds 1 pip, seat 1 2|2 + 3|1
        # = 8.  Minus own: 8 - 1 = 7; without: 8.
        assert match.hand_result == HandResult(0, points, True)
        assert match.scores == [points, 0]

    @pytest.mark.parametrize(("minus_own", "points"), [(True, 1), (False, 9)])
    def test_the_lightest_hand_wins_even_if_it_laid_nothing(
        self, minus_own: bool, points: int
    ) -> None:
        rules = Rules.variant("block", hand_size=2, blocked_minus_own=minus_own)
        match = scripted(rules, [["6|6", "5|4"], ["2|2", "3|1"]])
        # Seat 0 holds 5|4 = 9, seat 1 holds 2|2 + 3|1 = 8: seat 1 wins 9 - 8 = 1 (or 9).
        assert match.hand_result == HandResult(1, points, True)
        assert match.scores == [0, points]

    @pytest.mark.parametrize(("minus_own", "points"), [(True, 39), (False, 59)])
    def test_block_mode_after_a_long_line(self, minus_own: bool, points: int) -> None:
        rules = Rules.variant("block", hand_size=13, blocked_minus_own=minus_own)
        match = chain_match(rules)
        for move in CHAIN_MOVES:
            match.play(move)
        # Every six is on the table and both ends show 6.  Seat 0 holds 59, seat 1 holds 20:
        # seat 1 wins 59 - 20 = 39 (or 59).  The two boneyard tiles are out of play.
        assert match.hand_result == HandResult(1, points, True)
        assert match.scores == [0, points]

    @pytest.mark.parametrize(("minus_own", "points"), [(True, 50), (False, 70)])
    def test_draw_mode_blocks_once_the_boneyard_is_empty(
        self, minus_own: bool, points: int
    ) -> None:
        rules = Rules.variant("draw", hand_size=13, blocked_minus_own=minus_own)
        match = chain_match(rules)
        for move in CHAIN_MOVES:
            match.play(move)
        # Nothing fits, but two tiles are left to draw: not blocked yet.
        assert match.hand_result is None and match.turn == 0
        assert match.legal_moves() == [Move.draw()]
        match.play("draw")
        assert match.hand_result is None and match.turn == 0
        match.play("draw")
        # Seat 0 drew 3|2 and 3|3: 59 + 5 + 6 = 70.  Seat 1 holds 20 and wins 70 - 20 = 50
        # (or 70).
        assert match.hand_result == HandResult(1, points, True)
        assert match.scores == [0, points]


class TestBlockedTies:
    def test_equal_lightest_hands_draw_the_hand(self) -> None:
        rules = Rules.variant("block", hand_size=2)
        match = scripted(rules, [["6|6", "2|1"], ["2|0", "1|0"]])
        # Blocked at once: seat 0 holds 2|1 = 3, seat 1 holds 2|0 + 1|0 = 3.  Drawn.
        assert match.hand_result == HandResult(None, 0, True)
        assert match.scores == [0, 0]
        assert match.winner is None and not match.is_over

    def test_a_three_player_tie_between_two_seats_is_drawn(self) -> None:
        rules = Rules.variant("block", players=3, hand_size=3)
        match = scripted(
            rules, [["6|6", "5|5", "5|4"], ["2|1", "4|1", "0|0"], ["3|0", "2|2", "1|0"]]
        )
        # Blocked at once: seat 0 holds 10 + 9 = 19; seats 1 and 2 hold 3+5+0 = 8 and
        # 3+4+1 = 8.  The lightest hands tie: drawn.
        assert match.hand_result == HandResult(None, 0, True)
        assert match.scores == [0, 0, 0]

    @pytest.mark.parametrize(("minus_own", "points"), [(True, 0), (False, 3)])
    def test_fewer_tiles_wins_the_tie(self, minus_own: bool, points: int) -> None:
        rules = Rules.variant(
            "block", hand_size=2, blocked_tie="fewer-tiles", blocked_minus_own=minus_own
        )
        match = scripted(rules, [["6|6", "2|1"], ["2|0", "1|0"]])
        # Tied at 3 pips; seat 0 holds one tile, seat 1 two: seat 0 wins 3 - 3 = 0 (or 3).
        assert match.hand_result == HandResult(0, points, True)
        assert match.scores == [points, 0]

    def test_fewer_tiles_comes_before_who_laid_last(self) -> None:
        rules = Rules.variant(
            "block", hand_size=4, blocked_tie="fewer-tiles", blocked_minus_own=False
        )
        match = scripted(rules, [["6|6", "6|5", "4|4", "3|3"], ["5|0", "5|4", "2|1", "1|1"]])
        assert match.legal_moves() == [Move.pass_()]  # seat 1 holds no six
        for move in ["pass", "6|5 left", "5|0 left"]:
            match.play(move)
        # Ends 0 and 6: blocked.  Seat 0 holds 4|4 + 3|3 = 14 in two tiles; seat 1 holds
        # 5|4 + 2|1 + 1|1 = 9 + 3 + 2 = 14 in three tiles and laid last.  Fewer tiles first:
        # seat 0 wins 14 (its own not taken off).
        assert match.hand_result == HandResult(0, 14, True)
        assert match.scores == [14, 0]

    @pytest.mark.parametrize(("minus_own", "points"), [(True, 27), (False, 35)])
    def test_then_the_most_recent_layer_wins(self, minus_own: bool, points: int) -> None:
        rules = Rules.variant(
            "block",
            players=3,
            hand_size=3,
            blocked_tie="fewer-tiles",
            blocked_minus_own=minus_own,
        )
        match = scripted(
            rules, [["6|6", "2|1", "4|1"], ["6|0", "3|1", "2|2"], ["5|5", "4|4", "5|4"]]
        )
        match.play("6|0 left")
        # Ends 0 and 6: blocked.  Seat 0 holds 3 + 5 = 8 in two tiles, seat 1 holds 4 + 4 = 8
        # in two tiles, seat 2 holds 10 + 8 + 9 = 27.  Seat 1 laid last: it wins the others'
        # 8 + 27 = 35, minus its own 8 = 27.
        assert match.hand_result == HandResult(1, points, True)
        assert match.scores == [0, points, 0]

    def test_under_the_draw_tie_rule_the_same_hand_is_drawn(self) -> None:
        rules = Rules.variant("block", players=3, hand_size=3, blocked_tie="draw")
        match = scripted(
            rules, [["6|6", "2|1", "4|1"], ["6|0", "3|1", "2|2"], ["5|5", "4|4", "5|4"]]
        )
        match.play("6|0 left")
        assert match.hand_result == HandResult(None, 0, True)

    def test_drawn_when_none_of_the_tied_seats_laid_a_tile(self) -> None:
        rules = Rules.variant("block", players=3, hand_size=3, blocked_tie="fewer-tiles")
        match = scripted(
            rules, [["6|6", "5|5", "5|4"], ["2|1", "4|1", "0|0"], ["3|0", "2|2", "1|0"]]
        )
        # Seats 1 and 2 tie at 8 pips in three tiles each and neither laid a tile: drawn.
        assert match.hand_result == HandResult(None, 0, True)
        assert match.scores == [0, 0, 0]

    def test_muggins_breaks_the_tie_and_rounds_down(self) -> None:
        rules = Rules.variant("muggins", players=3, hand_size=3, drawing=False)
        match = scripted(
            rules, [["6|6", "2|1", "4|1"], ["6|0", "3|1", "2|2"], ["5|5", "4|4", "5|4"]]
        )
        # 6|6 alone counts 12; with 6|0 on its left the spinner (one side still bare) counts
        # 12 and the 0 end 0: 12.  No board-count score.
        assert match.board_count == 12
        match.play("6|0 left")
        assert match.board_count == 12
        # Seat 1 wins the tie (laid last): others 8 + 27 = 35, rounded down 35, minus own 8.
        assert match.hand_result == HandResult(1, 27, True)
        assert match.scores == [0, 27, 0]


class TestBlockedHandsUnderFives:
    @pytest.mark.parametrize(
        ("rounding", "minus_own", "points"),
        [
            ("nearest", False, 10),  # 9 rounds to 10
            ("nearest", True, 2),  # 10 - 8 = 2
            ("down", False, 5),  # 9 rounds down to 5
            ("down", True, 0),  # 5 - 8 is less than 0: 0
        ],
    )
    def test_the_others_pips_are_rounded_then_own_taken_off(
        self, rounding: str, minus_own: bool, points: int
    ) -> None:
        rules = Rules.variant(
            "all-fives", hand_size=2, drawing=False, rounding=rounding, blocked_minus_own=minus_own
        )
        match = scripted(rules, [["6|6", "5|4"], ["2|2", "3|1"]])
        # 6|6 alone counts 12: no score.  Blocked at once: seat 0 holds 9, seat 1 holds 8.
        assert match.board_count == 12
        assert match.hand_result == HandResult(1, points, True)
        assert match.scores == [0, points]


class TestAllFivesBoardCount:
    def test_a_lone_double_counts_both_halves_and_a_double_at_an_end_twice(self) -> None:
        rules = Rules.variant("all-fives", hand_size=4, drawing=False, lead="highest-double")
        match = scripted(rules, [["5|5", "5|4", "2|0", "3|1"], ["5|0", "4|4", "4|3", "6|2"]])
        # The opening 5|5 alone counts 5 + 5 = 10: seat 0 scores 10 as it is dealt.
        assert (match.board_count, match.scores) == (10, [10, 0])
        assert match.history[1].points == 10
        play_all(
            match,
            [
                ("5|0 left", 10, [10, 10]),  # 0 + the double 5|5 at the right end: 0 + 10
                ("5|4 right", 4, [10, 10]),  # 0 + 4
                ("4|4 right", 8, [10, 10]),  # 0 + the double 4|4 at the end: 0 + 8
                ("2|0 left", 10, [20, 10]),  # 2 + 8 = 10: seat 0 scores 10
                ("4|3 right", 5, [20, 15]),  # 2 + 3 = 5: seat 1 scores 5
                # Seat 0 goes out: 2 + 1 = 3, no count score; seat 1 holds 6|2 = 8 pips,
                # rounded to the nearest 5: 10.
                ("3|1 right", 3, [30, 15]),
            ],
        )
        assert match.hand_result == HandResult(0, 10, False)

    def test_a_lone_non_double_counts_whole(self) -> None:
        rules = Rules.variant("all-fives", hand_size=2, drawing=False, lead="highest-double")
        match = scripted(rules, [["6|4", "3|2"], ["5|4", "2|1"]])
        # No double in a hand: 6|4 (10 pips) outranks 5|4 and opens, high half left.
        # Alone it counts 6 + 4 = 10: seat 0 scores 10.
        assert match.open_ends == {"left": 6, "right": 4}
        assert (match.board_count, match.scores) == (10, [10, 0])
        match.play("5|4")  # fits the right end only
        assert match.open_ends == {"left": 6, "right": 5}
        assert match.board_count == 11
        # Blocked (no 6 or 5 in a hand): seat 1 holds 3 pips, seat 0 holds 5, which rounds to
        # 5; all-fives takes nothing off.
        assert match.hand_result == HandResult(1, 5, True)
        assert match.scores == [10, 5]

    def test_board_count_is_kept_under_pips_too_but_never_scored(self) -> None:
        rules = Rules.variant("block", hand_size=3)
        match = scripted(rules, [["6|6", "6|5", "5|1"], ["6|2", "3|2", "4|4"]])
        assert match.board_count == 12
        match.play("6|2 left")  # 2 + the double 6|6 at the right end (12) = 14
        assert (match.board_count, match.scores) == (14, [0, 0])
        match.play("6|5 right")  # 2 + 5 = 7
        match.play("3|2 left")  # 3 + 5 = 8
        assert (match.board_count, match.scores) == (8, [0, 0])


# Muggins deal for the spinner tests: 5|5 is the highest double, seat 0 opens with it.
SPINNER_DEAL = [["5|5", "5|3", "5|1", "1|0"], ["5|0", "5|2", "3|3", "6|3"]]


class TestSpinner:
    def test_arms_open_after_both_sides(self) -> None:
        rules = Rules.variant("muggins", hand_size=4, drawing=False)
        assert rules.spinner_arms == "after-sides"
        match = scripted(rules, SPINNER_DEAL)
        # The lone spinner counts 10: seat 0 scores 10.  Its arms are not open yet.
        assert match.open_ends == {"left": 5, "right": 5}
        assert (match.board_count, match.scores) == (10, [10, 0])
        with pytest.raises(IllegalMoveError):
            match.play("5|0 up")
        play_all(
            match,
            [
                # One side covered: 0 + the spinner's two halves (its right side is bare) = 10.
                ("5|0 left", 10, [10, 10]),
            ],
        )
        assert match.open_ends == {"left": 0, "right": 5}
        # Both sides covered: the arms open and count nothing until a tile is on them: 0 + 3.
        play_all(match, [("5|3 right", 3, [10, 10])])
        assert match.open_ends == {"left": 0, "right": 3, "up": 5, "down": 5}
        play_all(
            match,
            [
                ("5|2 up", 5, [10, 15]),  # 0 + 3 + 2 = 5: seat 1 scores 5
                ("5|1 down", 6, [10, 15]),  # 0 + 3 + 2 + 1 = 6
                # 3|3 is not a spinner (only the first double is): it lies at the right end
                # and counts 6: 0 + 6 + 2 + 1 = 9.
                ("3|3 right", 9, [10, 15]),
            ],
        )
        assert set(match.open_ends) == {"left", "right", "up", "down"}
        # Seat 0 goes out with 1|0 on the left: 1 + 6 + 2 + 1 = 10, it scores 10 for the count
        # first; then seat 1's 6|3 = 9 pips, rounded down: 5.
        play_all(match, [("1|0 left", 10, [25, 15])])
        assert match.hand_result == HandResult(0, 5, False)

    def test_arms_open_at_once(self) -> None:
        rules = Rules.variant("muggins", hand_size=4, drawing=False, spinner_arms="immediate")
        match = scripted(rules, SPINNER_DEAL)
        # All four ends open at once; the lone spinner still counts its halves once: 10.
        assert match.open_ends == {"left": 5, "right": 5, "up": 5, "down": 5}
        assert (match.board_count, match.scores) == (10, [10, 0])
        play_all(
            match,
            [
                # A tile on an arm before the sides: the spinner's halves (10) + 0 on the up
                # arm; the bare down arm counts nothing.  10: seat 1 scores 10.
                ("5|0 up", 10, [10, 10]),
                # Left covered, right still bare: 3 + 10 + 0 = 13.
                ("5|3 left", 13, [10, 10]),
                # Both sides covered: 3 + 2 + 0 = 5: seat 1 scores 5.
                ("5|2 right", 5, [10, 15]),
                # 3 + 2 + 0 + 1 = 6.
                ("5|1 down", 6, [10, 15]),
                # 3|3 at the left end counts 6: 6 + 2 + 0 + 1 = 9.
                ("3|3 left", 9, [10, 15]),
                # 1|0 on the down arm: 6 + 2 + 0 + 0 = 8; seat 0 is out and scores 6|3 = 9
                # rounded down: 5.
                ("1|0 down", 8, [15, 15]),
            ],
        )
        assert match.hand_result == HandResult(0, 5, False)

    def test_the_first_double_laid_is_the_spinner_even_mid_line(self) -> None:
        rules = Rules.variant("muggins", hand_size=2)
        # No double in a hand: 6|5 opens (alone 11).  Seat 1 draws 5|5 (the boneyard's first
        # tile) and lays it on the 5 end: the first double laid, so the spinner.
        match = scripted(rules, [["6|5", "4|0"], ["3|1", "2|1"]], ["5|5", "6|1", "4|2", "5|3"])
        assert (match.open_ends, match.board_count) == ({"left": 6, "right": 5}, 11)
        assert match.legal_moves() == [Move.draw()]
        match.play("draw")
        play_all(match, [("5|5 right", 16, [0, 0])])  # 6 + the spinner's halves 10 = 16
        assert match.open_ends == {"left": 6, "right": 5}
        # Seat 0 holds 4|0: no 6 or 5; it draws 6|1 and lays it left: 1 + 10 = 11.
        match.play("draw")
        play_all(match, [("6|1 left", 11, [0, 0])])
        # The spinner's left side lies against 6|5; its right side is still bare, so no arm.
        assert match.open_ends == {"left": 1, "right": 5}
        play_all(match, [("3|1 left", 13, [0, 0])])  # 3 + 10 = 13
        # Seat 0 holds 4|0, no 3 or 5: it draws 4|2, still nothing fits, and draws 5|3.
        match.play("draw")
        assert match.legal_moves() == [Move.draw()]
        match.play("draw")
        # 5|3 on the spinner's bare right side: both sides covered, the arms open and count
        # nothing yet: 3 + 3 = 6.
        play_all(match, [("5|3 right", 6, [0, 0])])
        assert match.open_ends == {"left": 3, "right": 3, "up": 5, "down": 5}


class TestRounding:
    @pytest.mark.parametrize(
        ("left_over", "nearest", "down"),
        [
            (["1|0", "0|0"], 0, 0),  # 1: down to 0 both ways
            (["1|1", "0|0"], 0, 0),  # 2: down to 0 both ways
            (["2|1", "0|0"], 5, 0),  # 3: up to 5 / down to 0
            (["2|2", "0|0"], 5, 0),  # 4: up to 5 / down to 0
            (["5|4", "1|1"], 10, 10),  # 11
            (["5|4", "2|1"], 10, 10),  # 12
            (["5|4", "2|2"], 15, 10),  # 13
            (["5|4", "3|2"], 15, 10),  # 14
            (["5|5", "4|1"], 15, 15),  # 15 stays
        ],
    )
    @pytest.mark.parametrize("rounding", ["nearest", "down"])
    def test_going_out_points(
        self, left_over: list[str], nearest: int, down: int, rounding: str
    ) -> None:
        rules = Rules.variant(
            "all-fives", hand_size=2, drawing=False, rounding=rounding, lead="highest-double"
        )
        match = scripted(rules, [["6|6", "6|0"], left_over])
        # 6|6 alone counts 12; seat 1 holds no six and passes; 6|0 on the left makes
        # 0 + 12 = 12: no count score.  Seat 0 goes out and scores seat 1's pips, rounded.
        match.play("pass")
        match.play("6|0 left")
        expected = nearest if rounding == "nearest" else down
        assert match.board_count == 12
        assert match.hand_result == HandResult(0, expected, False)
        assert match.scores == [expected, 0]


class TestImmediateWin:
    def test_the_opening_tile_can_end_the_match_as_it_is_dealt(self) -> None:
        rules = Rules.variant("muggins", hand_size=4, drawing=False, target=10)
        match = scripted(rules, SPINNER_DEAL)
        # The lone 5|5 counts 10 = the target.
        assert match.scores == [10, 0]
        assert match.hand_result == HandResult(0, 0, False)
        assert match.is_over and match.winner == 0
        assert match.turn is None and match.legal_moves() == []
        assert [e.kind for e in match.history] == ["hand", "lay", "end", "over"]
        with pytest.raises(MatchStateError):
            match.next_hand()

    def test_a_board_count_reaching_the_target_stops_the_hand(self) -> None:
        rules = Rules.variant(
            "all-fives", hand_size=4, drawing=False, lead="highest-double", target=20
        )
        match = scripted(rules, [["5|5", "5|4", "2|0", "3|1"], ["5|0", "4|4", "4|3", "6|2"]])
        for move in ["5|0 left", "5|4 right", "4|4 right"]:
            match.play(move)
        assert not match.is_over
        match.play("2|0 left")  # 2 + 8 = 10: seat 0 reaches 10 + 10 = 20
        assert match.scores == [20, 10]
        assert match.hand_result == HandResult(0, 0, False)
        assert match.is_over and match.winner == 0 and match.turn is None
        # The hand stopped with tiles still in both hands.
        assert match.hands == [tiles("3|1"), tiles("6|2", "4|3")]

    def test_going_out_scores_the_count_first(self) -> None:
        rules = Rules.variant("muggins", hand_size=4, drawing=False, target=20)
        match = scripted(rules, SPINNER_DEAL)
        for move in ["5|0 left", "5|3 right", "5|2 up", "5|1 down", "3|3 right"]:
            match.play(move)
        assert match.scores == [10, 15]
        # Going out with 1|0 makes a count of 10: seat 0 reaches 20 there and wins; the
        # going-out points (5) are not added.
        match.play("1|0 left")
        assert match.scores == [20, 15]
        assert match.hand_result == HandResult(0, 0, False)
        assert match.is_over and match.winner == 0

    def test_going_out_points_reaching_the_target_end_the_match(self) -> None:
        rules = Rules.variant("block", hand_size=3, target=8)
        match = scripted(rules, [["6|6", "6|5", "5|1"], ["6|2", "3|2", "4|4"]])
        for move in ["6|2 left", "6|5 right", "3|2 left", "5|1 right"]:
            match.play(move)
        assert match.hand_result == HandResult(0, 8, False)
        assert match.is_over and match.winner == 0
        assert match.history[-1].kind == "over"
        with pytest.raises(MatchStateError):
            match.next_hand()

    def test_under_the_target_the_match_goes_on(self) -> None:
        rules = Rules.variant("block", hand_size=3, target=9)
        match = scripted(rules, [["6|6", "6|5", "5|1"], ["6|2", "3|2", "4|4"]])
        for move in ["6|2 left", "6|5 right", "3|2 left", "5|1 right"]:
            match.play(move)
        assert not match.is_over and match.winner is None
        match.next_hand()
        assert match.hand_number == 1


class TestSingleHand:
    def test_the_hand_winner_wins_the_match(self) -> None:
        rules = Rules.variant("block", hand_size=3, target=0)
        match = scripted(rules, [["6|6", "6|5", "5|1"], ["6|2", "3|2", "4|4"]])
        for move in ["6|2 left", "6|5 right", "3|2 left", "5|1 right"]:
            match.play(move)
        assert match.is_over and match.winner == 0 and match.scores == [8, 0]
        with pytest.raises(MatchStateError):
            match.next_hand()

    def test_a_drawn_hand_is_a_drawn_match(self) -> None:
        rules = Rules.variant("block", hand_size=2, target=0)
        match = scripted(rules, [["6|6", "2|1"], ["2|0", "1|0"]])
        assert match.hand_result == HandResult(None, 0, True)
        assert match.is_over and match.winner is None
        assert match.history[-1].kind == "over" and match.history[-1].seat is None

    def test_under_fives_the_hand_winner_wins_whatever_the_scores(self) -> None:
        rules = Rules.variant("all-fives", hand_size=2, drawing=False, target=0)
        match = scripted(rules, [["6|4", "3|2"], ["5|4", "2|1"]])
        # No score ends a single hand: seat 0's opening 10 does not.
        assert not match.is_over and match.scores == [10, 0]
        match.play("5|4")
        # Seat 1 wins the blocked hand with 5 points: it wins the match though 5 < 10.
        assert match.scores == [10, 5]
        assert match.is_over and match.winner == 1
