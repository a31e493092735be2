"""The expert's review of a finished hand or game (doublesix.ai.review)."""

from __future__ import annotations

import json
import threading

import pytest

from doublesix import Match, Rules
from doublesix.ai import player
from doublesix.ai.expert import Expert
from doublesix.ai.review import (
    Decision,
    Hindsight,
    Mark,
    Review,
    ReviewRefused,
    game_chance,
    hindsight_search,
    load_record,
    mark,
    review,
    run_hindsight,
)
from doublesix.ai.rng import Rng
from doublesix.ai.search import CORE, guesses, run, run_pure
from doublesix.ai.seeding import move_rng
from doublesix.words.reviewtalk import decision_line, review_lines
from tests.support.deals import scripted

#: All Fives for two: seat 0 has drawn 5|1, which scores 15 on the left end (it shows 1)
#: and nothing on the right (the 5|5 double): nothing else to choose.
FIFTEEN_HANDS = [["6|6", "6|4", "6|2", "4|3", "4|2", "2|0", "1|1"],
                 ["6|1", "5|5", "5|4", "5|2", "4|4", "4|1", "3|2"]]
FIFTEEN_MOVES = ("6|1 left", "6|4 right", "5|4 right", "1|1 left", "5|5 right", "draw")


def fifteen() -> Match:
    """The scripted position, seat 0 to choose between 5|1 left (15) and 5|1 right (0)."""
    match = scripted(Rules.variant("all-fives", target=0), FIFTEEN_HANDS, ["5|1"])
    for move in FIFTEEN_MOVES:
        match.play(move)
    assert match.turn == 0
    return match


def finish(match: Match, seats: dict[int, object] | None = None) -> Match:
    """Play the match to its end: greedy everywhere, or the players given per seat (each
    move's random numbers as the games seed them)."""
    greedy = player("greedy")
    while True:
        while match.turn is not None:
            seat = match.turn
            chooser = (seats or {}).get(seat, greedy)
            rng = move_rng(match.seed, match.hand_number, seat, len(match.history))
            match.play(chooser.choose(match.view(seat), rng))  # type: ignore[attr-defined]
        if match.is_over:
            return match
        match.next_hand()


def at(result_decisions: tuple[Decision, ...], number: int) -> Decision:
    return next(d for d in result_decisions if d.number == number)


class TestMarks:
    def test_thresholds(self) -> None:
        assert [mark(c) for c in (0.0, 0.029, 0.03, 0.059, 0.06, 0.119, 0.12)] == [
            Mark.BEST, Mark.GOOD, Mark.INACCURACY, Mark.INACCURACY, Mark.MISTAKE,
            Mark.MISTAKE, Mark.BLUNDER]


class TestClearBestMove:
    def test_the_lay_that_scores_nothing_is_marked_and_the_better_named(self) -> None:
        match = fifteen()
        match.play("5|1 right")
        result = review(finish(match), 0, playouts=400)
        decision = at(result.decisions, 7)
        assert str(decision.played) == "5|1 right"
        assert str(decision.best) == "5|1 left"
        assert decision.mark in (Mark.MISTAKE, Mark.BLUNDER)
        assert decision.points_lost > 5
        line = decision_line(decision, fives=True)
        assert line.startswith("Move 7: you laid 5|1 on the right end. "
                               "Best: 5|1 on the left end, scoring 15, ")
        assert line in review_lines(result)
        costliest = result.summary.costliest
        assert costliest is not None and costliest.cost >= decision.cost

    def test_the_lay_that_scores_15_is_the_best(self) -> None:
        match = fifteen()
        match.play("5|1 left")
        decision = at(review(finish(match), 0, playouts=400).decisions, 7)
        assert decision.mark is Mark.BEST
        assert decision_line(decision, fives=True) == (
            "Move 7: you laid 5|1 on the left end, scoring 15. The best move.")


class TestChanceOfTheGame:
    """In a 2-player game to a target under fives, the cost of a decision in the chance of
    winning the game; nothing of it in a single hand."""

    def position(self, target: int) -> Match:
        match = scripted(Rules.variant("all-fives", target=target), FIFTEEN_HANDS, ["5|1"])
        for move in FIFTEEN_MOVES:
            match.play(move)
        match.play("5|1 right")
        return match

    def test_a_game_near_its_target_shows_a_cost_in_chance(self) -> None:
        near, far = (review(finish(self.position(target)), 0, hands=[0], playouts=400)
                     for target in (50, 250))
        decision, distant = at(near.decisions, 7), at(far.decisions, 7)
        assert decision.game is not None and distant.game is not None
        best, played = decision.game
        assert best > played and decision.game_chance_lost == best - played
        # 15 points nearer a target of 50 weigh more than nearer one of 250.
        lost = decision.game_chance_lost
        assert lost is not None and lost > (distant.game_chance_lost or 0.0) > 0.0
        line = decision_line(decision, fives=True)
        assert line.endswith(f", {round(100 * lost)}% of the game. {line.rsplit('. ', 1)[1]}")
        assert decision.to_json()["game_chance"] == {"best": best, "played": played}

    def test_a_single_hand_shows_none(self) -> None:
        result = review(finish(self.position(0)), 0, playouts=400)
        decision = at(result.decisions, 7)
        assert decision.game is None and decision.game_chance_lost is None
        assert "of the game" not in " ".join(review_lines(result))
        assert decision.to_json()["game_chance"] is None

    def test_only_where_the_race_is_calibrated(self) -> None:
        scores = [40, 30]
        assert game_chance(Rules.variant("muggins", target=100), scores, 0, 5.0) is not None
        for rules in (Rules.variant("draw", target=100), Rules.variant("block", target=100),
                      Rules.variant("all-fives", players=3, target=100),
                      Rules.variant("partnership", target=100),
                      Rules.variant("muggins", target=0)):
            assert game_chance(rules, scores + [0] * (rules.players - 2), 0, 5.0) is None

    def test_the_chance_grows_with_the_margin_and_the_lead(self) -> None:
        rules = Rules.variant("all-fives", target=100)
        chances = [game_chance(rules, [60, 60], 0, m) for m in (-20.0, 0.0, 20.0)]
        assert chances[0] < chances[1] == 0.5 < chances[2]  # type: ignore[operator]
        assert game_chance(rules, [90, 60], 0, 0.0) > 0.5  # type: ignore[operator]


class TestExpertsOwnMoves:
    @pytest.mark.parametrize("variant", ["draw", "all-fives", "block"])
    def test_the_experts_moves_at_its_seed_and_budget_are_all_best(self, variant: str) -> None:
        match = Match(Rules.variant(variant, target=0), seed=21)
        finish(match, {0: Expert(playouts=300)})
        result = review(match, 0, playouts=300, hindsight=False)
        assert result.decisions
        assert {d.mark for d in result.decisions} == {Mark.BEST}
        assert result.summary.accuracy == 1.0 and result.summary.costliest is None

    def test_another_seed_judges_afresh(self) -> None:
        match = finish(Match(Rules.variant("muggins", target=0), seed=8), {0: Expert(playouts=100)})
        ours = review(match, 0, playouts=100, hindsight=False)
        other = review(match, 0, playouts=100, hindsight=False, seed=99)
        assert [d.moves for d in ours.decisions] != [d.moves for d in other.decisions]


class TestHindsight:
    def test_every_guess_is_the_deal(self) -> None:
        match = Match(Rules.variant("draw"), seed=6)
        match.play(match.legal_moves()[0])
        assert match.turn is not None
        view = match.view(match.turn)
        state = match.state
        job = hindsight_search(Expert(), view, state.hands, state.bone[state.pos:], 5)
        assert isinstance(job.sampler, Hindsight) and job.worlds == 1
        for hands, bone in guesses(job._replace(worlds=4), Rng(3)):
            assert hands == list(state.hands)
            assert bone == list(state.bone[state.pos:])

    def test_fully_known_position_values_alike_with_and_without_hindsight(self) -> None:
        # Two-player Block with every tile dealt: each seat sees the other's hand.
        match = Match(Rules.variant("block", hand_size=14, target=0), seed=3)
        finish(match)
        result = review(match, 1, playouts=200)
        assert result.decisions
        for decision in result.decisions:
            fair = {v.move: v.value for v in decision.moves}
            known = {v.move: v.value for v in decision.hindsight}
            assert known == pytest.approx(fair)
            top = decision.hindsight[0]
            assert top.value >= known[decision.best] - 1e-9
            assert known[decision.best] == pytest.approx(top.value)

    @pytest.mark.skipif(CORE is None, reason="the compiled core is not built")
    def test_compiled_and_pure_hindsight_agree_where_nobody_draws(self) -> None:
        match = Match(Rules.variant("muggins", drawing=False, target=0), seed=4)
        assert match.turn is not None
        view = match.view(match.turn)
        state = match.state
        job = hindsight_search(Expert(), view, state.hands, state.bone[state.pos:], 7)
        assert run(job) == run_pure(job)
        assert run_hindsight(job)[0] == run_pure(job)[0]

    def test_luck_holds_the_hands_result(self) -> None:
        match = finish(Match(Rules.variant("draw", target=0), seed=12))
        result = review(match, 0, playouts=200)
        assert len(result.luck) == 1
        points = match.hand_result.points if match.hand_result else 0
        winner = match.hand_result.winner if match.hand_result else None
        expected = points if winner == 0 else -points if winner == 1 else 0
        assert result.luck[0].result == expected
        assert result.luck[0].luck == pytest.approx(result.luck[0].known - result.luck[0].worth)


class TestForcedTurns:
    def test_a_seat_whose_first_turn_is_a_pass_is_reviewed(self) -> None:
        # Block: seat 1 opens 6|6 and seat 0, holding no 6, passes at its first turn.  A
        # search of that pass never ended in a guess where neither seat could lay.
        hands = [["5|4", "5|2", "4|1", "3|2", "2|2", "2|0", "0|0"],
                 ["6|6", "6|3", "6|0", "4|2", "4|0", "2|1", "1|0"]]
        match = finish(scripted(Rules.variant("block", target=0), hands))
        found: list[Review] = []
        worker = threading.Thread(target=lambda: found.append(review(match, 0, playouts=200)),
                                  daemon=True)
        worker.start()
        worker.join(120)
        assert found, "the review did not end"
        assert found[0].luck and found[0].luck[0].hand == 0


class TestRecords:
    def test_the_same_record_and_seed_give_the_same_review(self) -> None:
        match = finish(Match(Rules.variant("muggins", target=0), seed=5))
        first = review(match, 1, playouts=200)
        again = review(Match.from_json(match.to_json()), 1, playouts=200)
        assert first.to_json() == again.to_json()
        json.dumps(first.to_json())  # plain data

    def test_refused_while_the_hand_is_in_play(self) -> None:
        match = Match(Rules.variant("draw"), seed=3)
        match.play(match.legal_moves()[0])
        with pytest.raises(ReviewRefused, match="still in play"):
            review(match, 0)
        with pytest.raises(ReviewRefused, match="still in play"):
            review(match, 1, hands=[0])

    def test_an_ended_hand_may_be_reviewed_while_the_next_is_played(self) -> None:
        match = Match(Rules.variant("all-fives"), seed=3)
        while match.turn is not None:
            match.play(match.legal_moves()[0])
        match.next_hand()
        assert review(match, 0, hands=[0], playouts=100).hands == (0,)
        with pytest.raises(ReviewRefused, match="no hand 6"):
            review(match, 0, hands=[5])

    def test_a_resigned_hand_is_left_out(self) -> None:
        match = Match(Rules.variant("all-fives"), seed=3)
        while match.turn is not None:
            match.play(match.legal_moves()[0])
        match.next_hand()
        match.play(match.legal_moves()[0])
        match.resign(0)
        assert review(match, 0, playouts=100).hands == (0,)

    def test_records_of_every_kind_load(self) -> None:
        match = finish(Match(Rules.variant("block", target=0), seed=3))
        save = json.loads(match.to_json())
        web = {"format": "doublesix-record", "version": 1, "names": ["Ana", "Pinocchio"],
               "kinds": ["pinocchio", "human"], "match": save}
        terminal = {"format": "doublesix-terminal", "version": 1, "match": save}
        loaded, names, seat = load_record(json.dumps(web))
        assert (loaded.history, names, seat) == (match.history, ["Ana", "Pinocchio"], 1)
        assert load_record(terminal)[2] == 0
        for bad in ("[1]", "{", '{"format": "other"}', '{"format": "doublesix-record"}'):
            with pytest.raises(ValueError, match="not a doublesix"):
                load_record(bad)
