"""Scripted deals for the flow of play: who opens, drawing, passing, blocking, seats and sets.

As in ``test_engine_scoring.py``, the boneyard given is the front of the draw order and the rest
of the set follows it, highest tile first; under Block rules the boneyard is out of play.
"""

from __future__ import annotations

import json

import pytest

from doublesix import (
    Ending,
    Event,
    HandResult,
    IllegalMoveError,
    Match,
    MatchStateError,
    Move,
    Rules,
    Tile,
    describe,
)
from tests.support.deals import scripted, tiles, whole_set


def opening_lay(match: Match) -> tuple[int | None, Tile | None]:
    """Who laid the current hand's first tile, and which tile."""
    events = match.history
    start = max(i for i, e in enumerate(events) if e.kind == "hand")
    lay = next(e for e in events[start:] if e.kind == "lay")
    return lay.seat, lay.tile


class TestLeadHighestDouble:
    def test_the_holder_of_the_highest_double_lays_it_itself(self) -> None:
        rules = Rules.variant("block", hand_size=3)
        match = scripted(rules, [["5|5", "6|5", "1|0"], ["6|6", "4|4", "2|1"]])
        assert opening_lay(match) == (1, Tile(6, 6))
        assert match.open_ends == {"left": 6, "right": 6}
        assert match.turn == 0
        assert match.hands == [tiles("6|5", "5|5", "1|0"), tiles("4|4", "2|1")]

    def test_a_low_double_beats_every_non_double(self) -> None:
        rules = Rules.variant("block", hand_size=2)
        match = scripted(rules, [["6|5", "4|3"], ["0|0", "2|1"]])
        assert opening_lay(match) == (1, Tile(0, 0))

    def test_without_doubles_the_highest_pip_total_opens(self) -> None:
        rules = Rules.variant("block", hand_size=2)
        match = scripted(rules, [["5|3", "2|0"], ["6|3", "1|0"]])
        assert opening_lay(match) == (1, Tile(6, 3))  # 9 pips beat 8

    def test_at_equal_totals_the_higher_half_opens(self) -> None:
        rules = Rules.variant("block", hand_size=2)
        match = scripted(rules, [["5|4", "3|0"], ["6|3", "1|0"]])
        # 6|3 and 5|4 both hold 9 pips; 6 is the higher half.
        assert opening_lay(match) == (1, Tile(6, 3))
        assert match.open_ends == {"left": 6, "right": 3}  # the high half lies on the left
        assert match.turn == 0

    def test_tiles_in_the_boneyard_do_not_open(self) -> None:
        rules = Rules.variant("draw", hand_size=2)
        match = scripted(rules, [["4|4", "2|0"], ["3|3", "1|0"]], ["6|6", "5|5"])
        assert opening_lay(match) == (0, Tile(4, 4))

    def test_every_hand_opens_with_its_highest_double(self) -> None:
        rules = Rules.variant("draw", target=1000)
        match = Match(rules, seed=11)
        for _ in range(4):
            seat, tile = opening_lay(match)
            assert tile is not None and seat is not None
            dealt = [t for hand in match.hands for t in hand]
            assert all(t.rank < tile.rank for t in dealt)
            while match.turn is not None:
                match.play(match.legal_moves()[0])
            if match.is_over:
                break
            match.next_hand()


def finish_hand(match: Match) -> None:
    while match.turn is not None:
        match.play(match.legal_moves()[0])


class TestLeadWinner:
    def test_the_winner_leads_any_tile_in_the_next_hand(self) -> None:
        rules = Rules.variant("block", hand_size=3, lead="winner")
        match = scripted(rules, [["6|6", "6|5", "5|1"], ["6|2", "3|2", "4|4"]])
        for move in ["6|2 left", "6|5 right", "3|2 left", "5|1 right"]:
            match.play(move)
        assert match.hand_result == HandResult(0, 8, False)
        match.next_hand()
        # Nothing is laid for seat 0: it leads with any tile it holds.
        assert match.history[-1].kind == "hand"
        assert match.turn == 0 and match.open_ends == {} and match.board_count == 0
        assert len(match.hands[0]) == rules.hand_size
        assert match.legal_moves() == [Move(t) for t in match.hands[0]]
        lowest = match.hands[0][-1]
        match.play(str(lowest))
        assert opening_lay(match) == (0, lowest)
        assert match.turn == 1

    def test_a_blocked_hands_winner_leads(self) -> None:
        rules = Rules.variant("block", hand_size=2, lead="winner")
        match = scripted(rules, [["6|6", "5|4"], ["2|2", "3|1"]])
        assert match.hand_result is not None and match.hand_result.winner == 1
        match.next_hand()
        assert match.turn == 1 and match.open_ends == {}
        assert match.legal_moves() == [Move(t) for t in match.hands[1]]

    def test_after_a_drawn_hand_the_highest_double_opens(self) -> None:
        rules = Rules.variant("block", hand_size=2, lead="winner")
        match = scripted(rules, [["6|6", "2|1"], ["2|0", "1|0"]])
        assert match.hand_result == HandResult(None, 0, True)
        match.next_hand()
        seat, tile = opening_lay(match)
        assert seat is not None and tile is not None
        assert all(t.rank < tile.rank for hand in match.hands for t in hand)
        assert match.turn == (seat + 1) % 2

    def test_all_fives_leads_by_the_winner_by_default(self) -> None:
        rules = Rules.variant("all-fives", hand_size=2, drawing=False)
        assert rules.lead == "winner"
        match = scripted(rules, [["6|4", "3|2"], ["5|4", "2|1"]])
        # The first hand still opens with the top tile, laid for seat 0.
        assert opening_lay(match) == (0, Tile(6, 4))
        match.play("5|4")
        assert match.hand_result == HandResult(1, 5, True)
        match.next_hand()
        assert match.turn == 1 and match.open_ends == {}


class TestDrawMode:
    # Seat 0 holds six sixes and 5|5; seat 1 holds no six.
    SEAT_0 = ("6|6", "6|5", "6|4", "6|3", "6|2", "6|1", "5|5")
    SEAT_1 = ("5|4", "5|3", "4|4", "4|3", "3|3", "2|2", "1|1")

    def test_a_seat_draws_one_tile_at_a_time_until_one_fits(self) -> None:
        match = scripted(Rules.variant("draw"), [self.SEAT_0, self.SEAT_1], ["1|0", "2|0", "6|0"])
        assert match.turn == 1 and match.legal_moves() == [Move.draw()]
        with pytest.raises(IllegalMoveError):
            match.play("pass")
        match.play("draw")
        assert match.turn == 1 and Tile(1, 0) in match.hands[1]
        assert len(match.boneyard) == 13 and match.boneyard[0] == Tile(2, 0)
        assert match.legal_moves() == [Move.draw()]
        match.play("draw")
        match.play("draw")
        # 6|0 fits: it must be laid now (on either end showing 6), not another draw.
        assert match.turn == 1
        assert match.legal_moves() == [Move.parse("6|0 left"), Move.parse("6|0 right")]
        before = match.to_json()
        with pytest.raises(IllegalMoveError, match="may not draw"):
            match.play("draw")
        assert match.to_json() == before
        match.play("6|0 left")
        assert match.turn == 0 and len(match.hands[1]) == 9
        # The referee's history names each drawn tile; a seat's view tells only how many.
        draws = [e for e in match.history if e.kind == "draw"]
        assert [(e.seat, e.tile) for e in draws] == [(1, t) for t in tiles("1|0", "2|0", "6|0")]
        public = [e for e in match.view(0).history if e.kind == "draw"]
        assert [(e.seat, e.tile, e.number) for e in public] == [(1, None, 3)]

    def test_a_seat_that_can_lay_may_not_draw(self) -> None:
        match = scripted(Rules.variant("draw"), [self.SEAT_0, self.SEAT_1], ["1|0", "2|0", "6|0"])
        finish = ["draw", "draw", "draw", "6|0 left"]
        for move in finish:
            match.play(move)
        # Seat 0 holds sixes: it must lay one.
        assert Move.draw() not in match.legal_moves()
        with pytest.raises(IllegalMoveError):
            match.play("draw")
        with pytest.raises(IllegalMoveError):
            match.play("pass")

    def test_with_the_boneyard_empty_a_seat_passes(self) -> None:
        rules = Rules.variant("draw", players=3, hand_size=9)
        match = scripted(
            rules,
            [
                ["6|6", "6|5", "6|4", "5|5", "5|4", "5|3", "5|2", "5|1", "5|0"],
                ["4|4", "4|3", "4|2", "4|1", "4|0", "3|3", "3|2", "3|1", "3|0"],
                ["6|3", "6|2", "6|1", "6|0", "2|2", "2|1", "2|0", "1|1", "0|0"],
            ],
            ["1|0"],
        )
        assert match.turn == 1 and match.legal_moves() == [Move.draw()]
        match.play("draw")
        # 1|0 does not fit and the boneyard is empty, but seats 0 and 2 hold sixes: seat 1
        # passes.
        assert match.boneyard == [] and match.hand_result is None
        assert match.legal_moves() == [Move.pass_()]
        with pytest.raises(IllegalMoveError):
            match.play("draw")
        match.play("pass")
        assert match.turn == 2
        assert [e.kind for e in match.history][-2:] == ["draw", "pass"]


class TestBlockMode:
    def test_a_seat_with_nothing_to_lay_passes_and_never_draws(self) -> None:
        rules = Rules.variant("block", hand_size=3)
        match = scripted(rules, [["6|6", "6|5", "1|0"], ["5|4", "4|4", "3|2"]])
        assert match.turn == 1 and match.legal_moves() == [Move.pass_()]
        before = match.to_json()
        with pytest.raises(IllegalMoveError):
            match.play("draw")
        assert match.to_json() == before
        match.play("pass")
        assert match.turn == 0 and len(match.boneyard) == 22
        match.play("6|5 left")
        assert match.legal_moves() == [Move.parse("5|4 left")]
        with pytest.raises(IllegalMoveError):
            match.play("pass")


class TestBlockedEndsAtOnce:
    def test_blocked_by_the_opening_tile(self) -> None:
        rules = Rules.variant("block", hand_size=2)
        match = scripted(rules, [["6|6", "1|0"], ["2|2", "3|1"]])
        assert [e.kind for e in match.history] == ["hand", "lay", "end"]
        assert match.turn is None and match.legal_moves() == []
        assert match.hand_result is not None and match.hand_result.blocked

    def test_blocked_by_a_lay_with_no_round_of_passes(self) -> None:
        rules = Rules.variant("block", players=3, hand_size=3)
        match = scripted(
            rules, [["6|6", "2|1", "4|1"], ["6|0", "3|1", "2|2"], ["5|5", "4|4", "5|3"]]
        )
        match.play("6|0 left")
        assert match.turn is None
        assert [e.kind for e in match.history] == ["hand", "lay", "lay", "end"]
        assert "pass" not in [e.kind for e in match.history]

    def test_blocked_by_the_draw_that_empties_the_boneyard(self) -> None:
        rules = Rules.variant("draw", hand_size=13)
        # The 10-tile line that uses every six (see test_engine_scoring.py).
        match = scripted(
            rules,
            [
                ["6|6", "1|2", "6|3", "4|6", "5|0", "4|1", "4|2", "4|4", "5|1", "5|2", "5|3",
                 "5|4", "5|5"],
                ["6|1", "2|6", "3|4", "6|5", "0|6", "0|0", "1|0", "1|1", "2|0", "2|2", "3|0",
                 "3|1", "4|0"],
            ],
            ["3|2", "3|3"],
        )  # fmt: skip
        for move in ["6|1 left", "1|2 left", "2|6 left", "6|3 right", "3|4 right",
                     "4|6 right", "6|5 right", "5|0 right", "0|6 right"]:  # fmt: skip
            match.play(move)
        assert match.open_ends == {"left": 6, "right": 6}
        match.play("draw")
        match.play("draw")
        assert match.turn is None and match.hand_result is not None
        assert match.hand_result.blocked
        assert [e.kind for e in match.history][-3:] == ["draw", "draw", "end"]


class TestLargerSets:
    def test_double_nine(self) -> None:
        rules = Rules.variant("block", set=9, hand_size=2)
        match = scripted(rules, [["8|8", "7|2"], ["9|9", "9|1"]])
        assert opening_lay(match) == (1, Tile(9, 9))
        match.play("pass")  # seat 0 holds no nine
        match.play("9|1 left")
        # Seat 0 holds 8|8 + 7|2 = 16 + 9 = 25.
        assert match.hand_result == HandResult(1, 25, False)
        assert match.scores == [0, 25]
        assert len(match.boneyard) == 51

    def test_double_twelve(self) -> None:
        rules = Rules.variant("draw", set=12, hand_size=2)
        match = scripted(rules, [["12|12", "12|11"], ["11|10", "10|10"]], ["12|0"])
        assert opening_lay(match) == (0, Tile(12, 12))
        assert len(match.boneyard) == 87
        match.play("draw")  # seat 1 holds no twelve: 12|0 is drawn and fits
        match.play("12|0 left")
        match.play("12|11 right")
        # Seat 1 holds 11|10 + 10|10 = 21 + 20 = 41.
        assert match.hand_result == HandResult(0, 41, False)
        assert match.scores == [41, 0]

    @pytest.mark.parametrize(
        ("top", "players", "left"),
        [(6, 2, 14), (6, 4, 0), (9, 3, 34), (9, 4, 27), (12, 2, 77), (12, 4, 63)],
    )
    def test_seeded_deals_give_seven_tiles_each(self, top: int, players: int, left: int) -> None:
        rules = Rules.variant("block", set=top, players=players)
        match = Match(rules, seed=4)
        seat, tile = opening_lay(match)
        sizes = [len(h) + (1 if s == seat else 0) for s, h in enumerate(match.hands)]
        assert sizes == [7] * players
        assert len(match.boneyard) == left
        assert tile is not None
        everything = [*[t for h in match.hands for t in h], *match.boneyard, tile]
        assert sorted(everything) == sorted(whole_set(top))


class TestResign:
    """Resigning is the engine's: the match ends at once and says how, and saves keep it."""

    def test_two_players_the_other_wins(self) -> None:
        match = Match(Rules.variant("draw"), seed=5)
        match.play(match.legal_moves()[0])
        scores = match.scores
        match.resign(0)
        assert (match.is_over, match.turn, match.legal_moves()) == (True, None, [])
        assert (match.resigned, match.winners, match.winner) == (0, (1,), 1)
        assert match.ending is Ending.RESIGNED and match.scores == scores
        assert match.history[-1] == Event("resign", 0)
        assert describe(match.history[-1], ["You", "Greedy"]) == "You resigned: the game is over."
        view = match.view(1)
        assert (view.is_over, view.turn, view.legal_moves()) == (True, None, [])

    def test_teams_the_other_team_wins_and_three_sides_nobody(self) -> None:
        teams = Match(Rules.variant("partnership"), seed=2)
        teams.resign(2)
        assert teams.winners == (1, 3)
        three = Match(Rules.variant("draw", players=3), seed=2)
        three.resign(1)
        assert (three.winners, three.winner, three.ending) == ((), None, Ending.RESIGNED)

    def test_nothing_more_is_played_and_a_bad_call_changes_nothing(self) -> None:
        match = Match(Rules.variant("all-fives"), seed=3)
        with pytest.raises(ValueError, match="seat must be 0 to 1"):
            match.resign(2)
        assert not match.is_over
        match.resign(1)
        with pytest.raises(IllegalMoveError, match="resigned"):
            match.play("draw")
        with pytest.raises(MatchStateError):
            match.resign(0)
        with pytest.raises(MatchStateError):
            match.next_hand()

    def test_a_save_keeps_it(self) -> None:
        match = Match(Rules.variant("muggins"), seed=9)
        match.play(match.legal_moves()[0])
        assert json.loads(match.to_json())["version"] == 1  # nothing new until someone resigns
        match.resign(0)
        again = Match.from_json(match.to_json())
        assert (again.resigned, again.winners, again.history) == (0, (1,), match.history)
        with pytest.raises(ValueError, match="corrupt save: resigned"):
            Match.from_json(json.dumps({**json.loads(match.to_json()), "resigned": 7}))

    def test_ending_and_next_leader_of_a_hand(self) -> None:
        match = Match(Rules.variant("all-fives", target=500), seed=3)
        assert match.ending is None and match.next_leader is None
        while match.turn is not None:
            match.play(match.legal_moves()[0])
        assert match.next_leader == match.hand_result.winner  # type: ignore[union-attr]
        match.next_hand()
        assert match.turn == match.results[0].winner and not match.view(0).opening_forced
