"""Partnerships (RULES.md, "Partnerships (teams = true)"): scripted deals, the arithmetic in the
comments.  Seats 0 and 2 play against seats 1 and 3; a team keeps one score, held by both.

The deals are short (``hand_size = 3``: twelve tiles dealt, the rest unused, nothing drawn in
the partnership game) so that each rule shows in a few moves.
"""

from __future__ import annotations

import json

import pytest

from doublesix import Ending, HandResult, Match, Rules, State
from tests.support.deals import scripted

PARTNERSHIP = Rules.variant("partnership", hand_size=3)

#: Seat 0 opens 6|6; seat 1 goes out on the ninth move.
GOING_OUT = [["6|6", "5|5", "4|4"], ["6|1", "1|0", "3|2"], ["6|2", "2|1", "5|0"],
             ["6|3", "3|0", "4|1"]]
GOING_OUT_MOVES = ["6|1 left", "6|2 right", "4|1 left", "4|4 left", "3|2 right", "pass",
                   "3|0 right", "pass", "1|0 right"]
#: After 6|6, 6|5 and 6|3 the ends are 5 and 3, and nobody holds a 5 or a 3: blocked.
#: Left: seat 0 1|1 2|2 (6), seat 1 1|0 2|0 (3), seat 2 4|4 2|1 (11), seat 3 4|0 4|1 0|0 (9).
BLOCKED_LAST_LAYER_LOSES = [["6|6", "1|1", "2|2"], ["6|5", "1|0", "2|0"],
                            ["6|3", "4|4", "2|1"], ["4|0", "4|1", "0|0"]]
#: The same, with seats 1 and 2 holding each other's rest: seat 1 4|4 2|1 (11), seat 2 1|0
#: 2|0 (3).
BLOCKED_LAST_LAYER_WINS = [["6|6", "1|1", "2|2"], ["6|5", "4|4", "2|1"],
                           ["6|3", "1|0", "2|0"], ["4|0", "4|1", "0|0"]]
#: Left: seat 0 0|0 1|0 (1), seat 1 1|1 2|0 (4), seat 2 4|2 4|4 (14), seat 3 2|1 2|2 4|0 (11).
BLOCKED_EVEN = [["6|6", "0|0", "1|0"], ["6|5", "1|1", "2|0"], ["6|3", "4|2", "4|4"],
                ["2|1", "2|2", "4|0"]]
TO_THE_BLOCK = ["6|5 left", "6|3 right"]


def played(rules: Rules, hands: list[list[str]], moves: list[str]) -> Match:
    match = scripted(rules, hands)
    for move in moves:
        match.play(move)
    return match


class TestOptions:
    def test_the_partnership_preset(self) -> None:
        rules = Rules.variant("partnership")
        assert (rules.players, rules.teams, rules.team_points, rules.drawing, rules.scoring,
                rules.lead, rules.target, rules.hand_size) == (
            4, True, "all", False, "pips", "winner", 100, 7)
        assert rules.boneyard_size == 0  # all 28 dealt
        assert [rules.team_of(seat) for seat in range(4)] == [0, 1, 0, 1]
        assert [rules.partner_of(seat) for seat in range(4)] == [2, 3, 0, 1]

    @pytest.mark.parametrize("players", [2, 3])
    def test_teams_need_four_players(self, players: int) -> None:
        with pytest.raises(ValueError, match=f"Partners play four at a table.*{players}"):
            Rules.variant("draw", players=players, teams=True)
        with pytest.raises(ValueError, match="Partners"):
            Rules.variant("partnership", players=players)

    def test_any_four_player_variant_takes_teams(self) -> None:
        for variant in ("draw", "block", "all-fives", "muggins"):
            assert Rules.variant(variant, players=4, teams=True).teams
        with pytest.raises(ValueError, match="team_points"):
            Rules.variant("partnership", team_points="mine")

    def test_a_team_keeps_one_score(self) -> None:
        with pytest.raises(ValueError, match="partners keep one score"):
            State.deal(PARTNERSHIP, seed=1, scores=[10, 0, 5, 0])
        assert State.deal(PARTNERSHIP, seed=1, scores=[10, 5, 10, 5]).scores == (10, 5, 10, 5)


class TestGoingOut:
    def test_the_team_scores_all_three_other_hands(self) -> None:
        match = played(PARTNERSHIP, GOING_OUT, GOING_OUT_MOVES)
        # Seat 1 lays its last tile.  Left: seat 0 5|5 (10), seat 2 5|0 2|1 (8), seat 3 6|3
        # (9), the partner's included: 10 + 8 + 9 = 27, to seats 1 and 3.
        assert match.hand_result == HandResult(1, 27, False)
        assert match.hand_result is not None
        assert match.hand_result.winners == (1, 3)
        assert match.hand_result.ending is Ending.WENT_OUT
        assert match.scores == [0, 27, 0, 27]

    def test_or_the_opponents_hands_only(self) -> None:
        match = played(PARTNERSHIP.replace(team_points="opponents"), GOING_OUT, GOING_OUT_MOVES)
        # The opponents' hands: seat 0 (10) and seat 2 (8) = 18; seat 3's 9 does not count.
        assert match.hand_result == HandResult(1, 18, False)
        assert match.scores == [0, 18, 0, 18]

    def test_the_player_who_went_out_leads_the_next_hand(self) -> None:
        match = played(PARTNERSHIP, GOING_OUT, GOING_OUT_MOVES)
        match.next_hand()
        # lead = winner: seat 1 leads with any tile; nothing is laid for it.
        assert match.turn == 1 and match.open_ends == {}
        assert sorted(str(m) for m in match.legal_moves()) == sorted(
            str(t) for t in match.hands[1])


class TestBlocked:
    def test_the_lighter_team_scores_all_four_hands(self) -> None:
        match = played(PARTNERSHIP, BLOCKED_LAST_LAYER_LOSES, TO_THE_BLOCK)
        # Team 0: 6 + 11 = 17; team 1: 3 + 9 = 12, the lighter.  All four hands:
        # 6 + 3 + 11 + 9 = 29.  Seat 2 laid last, and its team lost: the seat after it, seat
        # 3, is the winner who leads next.
        assert match.hand_result == HandResult(3, 29, True)
        assert match.hand_result is not None and match.hand_result.winners == (1, 3)
        assert match.scores == [0, 29, 0, 29]
        match.next_hand()
        assert match.turn == 3 and match.open_ends == {}

    def test_the_last_to_lay_leads_when_its_team_won(self) -> None:
        match = played(PARTNERSHIP, BLOCKED_LAST_LAYER_WINS, TO_THE_BLOCK)
        # Team 0: 6 + 3 = 9, the lighter; team 1: 11 + 9 = 20.  29 in all.  Seat 2 laid last
        # and is on the winning team: it leads next.
        assert match.hand_result == HandResult(2, 29, True)
        assert match.scores == [29, 0, 29, 0]
        match.next_hand()
        assert match.turn == 2

    @pytest.mark.parametrize(("minus_own", "points"), [(True, 5), (False, 17)])
    def test_or_the_other_teams_pips_less_its_own(self, minus_own: bool, points: int) -> None:
        rules = PARTNERSHIP.replace(team_points="opponents", blocked_minus_own=minus_own)
        match = played(rules, BLOCKED_LAST_LAYER_LOSES, TO_THE_BLOCK)
        # The other team's pips, 17, less its own 12 when blocked_minus_own: 5.
        assert match.hand_result == HandResult(3, points, True)
        assert match.scores == [0, points, 0, points]

    def test_equal_teams_draw_and_the_leader_leads_again(self) -> None:
        match = played(PARTNERSHIP, BLOCKED_EVEN, TO_THE_BLOCK)
        # Team 0: 1 + 14 = 15; team 1: 4 + 11 = 15.  Nobody scores.
        assert match.hand_result == HandResult(None, 0, True)
        assert match.hand_result is not None and match.hand_result.winners == ()
        assert match.scores == [0, 0, 0, 0]
        match.next_hand()
        # Seat 0 led the drawn hand (it held 6|6): it leads the next, with any tile.
        assert match.turn == 0 and match.open_ends == {}
        assert len(match.legal_moves()) == 3


class TestFives:
    def test_a_count_goes_to_the_team_and_the_team_reaches_the_target(self) -> None:
        rules = Rules.variant("all-fives", players=4, teams=True, hand_size=3, target=15)
        match = scripted(rules, [["5|5", "4|1", "3|1"], ["5|0", "6|2", "3|2"],
                                 ["0|0", "6|1", "4|2"], ["2|2", "6|3", "4|4"]])
        # 5|5 opens for seat 0: a count of 10, to seats 0 and 2.
        assert match.scores == [10, 0, 10, 0]
        match.play("5|0 left")
        # Ends 0 and the double's bare side, 5 + 5: 10, to seats 1 and 3.
        assert match.scores == [10, 10, 10, 10]
        match.play("0|0 left")
        # 0 + 0 (the double 0|0) + 10 = 10 for seat 2: its team reaches 20 >= 15 mid-hand.
        assert match.scores == [20, 10, 20, 10]
        result = match.hand_result
        assert result == HandResult(2, 0, False)
        assert result is not None and result.ending is Ending.REACHED_TARGET
        assert result.winners == (0, 2)
        assert match.is_over and match.winners == (0, 2) and match.winner == 0


class TestMatch:
    def test_the_match_is_won_by_a_team(self) -> None:
        rules = Rules.variant("partnership", target=50)
        match = Match(rules, seed=8)
        while not match.is_over:
            if match.turn is None:
                match.next_hand()
                continue
            match.play(match.legal_moves()[0])
            scores = match.scores
            assert scores[0] == scores[2] and scores[1] == scores[3]
        team = match.winners
        assert team in ((0, 2), (1, 3)) and match.winner == team[0]
        assert match.scores[team[0]] >= 50 > match.scores[1 - team[0]]
        assert match.history[-1].kind == "over" and match.history[-1].seat == team[0]

    def test_saves_carry_the_teams(self) -> None:
        match = played(PARTNERSHIP.replace(team_points="opponents"), GOING_OUT,
                       GOING_OUT_MOVES)
        again = Match.from_json(match.to_json())
        assert again.rules == match.rules and again.rules.teams
        assert again.hand_result == match.hand_result and again.scores == match.scores
        assert again.hand_result is not None and again.hand_result.winners == (1, 3)

    def test_a_save_from_before_partnerships_loads(self) -> None:
        match = Match(Rules.variant("draw", players=4), seed=3)
        match.play(match.legal_moves()[0])
        data = json.loads(match.to_json())
        for option in ("teams", "team_points"):  # what an older release wrote
            del data["rules"][option]
        again = Match.from_json(json.dumps(data))
        assert not again.rules.teams and again.history == match.history
