"""Ratings (OpenSkill) and the ladder of computer opponents."""

from __future__ import annotations

import pytest

from doublesix import Match, Rules
from doublesix.ai.ladder import ENTRANTS, ladder, rating_of, round_robin, table
from doublesix.ai.ratings import Rating, ranks, update
from doublesix.ai.tournament import tournament
from doublesix.words import players
from doublesix.words.players import LEVEL_NAMES


def finished(variant: str, winner_seat: int, players: int = 2) -> Match:
    """A match over by a resignation that leaves ``winner_seat``'s side the winner."""
    match = Match(Rules.variant(variant, players=players) if variant != "partnership"
                  else Rules.variant(variant), seed=1)
    match.resign((winner_seat + 1) % match.rules.players)
    return match


class TestPersonRatings:
    def test_beating_a_stronger_computer_raises_a_rating_more_than_a_weaker_one(self) -> None:
        person = Rating()
        strong, weak = Rating(35.0, 1.0), Rating(15.0, 1.0)
        places = ranks(finished("draw", 0))
        beat_strong = update([person, strong], places, movable={0})[0]
        beat_weak = update([person, weak], places, movable={0})[0]
        assert beat_strong.shown > beat_weak.shown > person.shown

    def test_losing_to_a_weaker_computer_lowers_a_rating(self) -> None:
        person = Rating(30.0, 3.0)
        after = update([person, Rating(15.0, 1.0)], ranks(finished("block", 1)), movable={0})
        assert after[0].shown < person.shown
        assert after[1] == Rating(15.0, 1.0)  # the computer keeps its rating

    def test_a_team_result_moves_both_partners(self) -> None:
        match = finished("partnership", 1)
        assert match.winners == (1, 3)
        before = [Rating(), Rating(26.0, 5.0), Rating(), Rating(27.0, 4.0)]
        after = update(before, ranks(match), movable={0, 1, 2, 3}, teams=True)
        assert after[1].shown > before[1].shown and after[3].shown > before[3].shown
        assert after[0].shown < before[0].shown and after[2].shown < before[2].shown

    def test_a_resignation_is_a_loss(self) -> None:
        match = Match(Rules.variant("muggins", players=3), seed=4)
        match.resign(2)
        places = ranks(match)
        assert places[2] > places[0] and places[2] > places[1]
        after = update([Rating(), Rating(), Rating()], places, movable={2})
        assert after[2].shown < 1500

    def test_a_drawn_game_ranks_everyone_alike(self) -> None:
        match = Match(Rules.variant("block", target=0), seed=0)
        while match.turn is not None:
            match.play(match.legal_moves()[0])
        if not match.winners:
            assert ranks(match) == [0, 0]
        else:
            assert sorted(ranks(match)) == [0, 1]

    def test_one_place_per_rating(self) -> None:
        with pytest.raises(ValueError, match="one place per rating"):
            update([Rating()], [0, 1], movable={0})


class TestLadder:
    def test_the_same_seed_gives_the_same_ratings(self) -> None:
        first = round_robin(["random", "greedy"], deals=1, seed=5)
        assert round_robin(["random", "greedy"], deals=1, seed=5) == first
        assert table(first, 5, 1)["levels"][0]["spec"] in ("random", "greedy")

    def test_the_shipped_table_holds_every_entrant_with_a_level_and_a_rating(self) -> None:
        steps = ladder()
        assert sorted(step.spec for step in steps) == sorted(ENTRANTS)
        assert [step.level for step in steps] == list(range(1, len(steps) + 1))
        assert [players.level_name(step.level) for step in steps] == list(LEVEL_NAMES)
        ratings = [step.rating.mu for step in steps]
        assert ratings == sorted(ratings)
        assert rating_of("expert") == steps[-1].rating
        assert rating_of("expert:playouts=1500") == rating_of("expert")

    @pytest.mark.parametrize(("weaker", "stronger"),
                             [("random", "greedy"), ("greedy", "expert"), ("random", "expert")])
    def test_the_ladder_order_agrees_with_a_fresh_head_to_head(
        self, weaker: str, stronger: str
    ) -> None:
        level = {step.spec: step.level for step in ladder()}
        assert level[weaker] < level[stronger]
        wins = 0.0
        games = 0
        for variant in ("block", "muggins"):  # games to the target, as the ladder plays them
            result = tournament([stronger, weaker], Rules.variant(variant), deals=10,
                                seed=9_100_000, workers=1)
            wins += sum(result.stats[0].game_wins)
            games += sum(result.stats[0].games)
        assert wins / games > 0.5
