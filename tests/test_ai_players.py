"""The computer players: by name, legal in every variant, deterministic, distinct in style."""

from __future__ import annotations

import itertools
import random
import subprocess
import sys
from collections import Counter

import pytest

from doublesix import Match, Move, Rules, View
from doublesix.ai import PLAYERS, Hint, PlayerInfo, hint, player
from doublesix.ai.expert import Expert
from doublesix.ai.tournament import parse_spec, ratio_ci, seatings, tournament
from doublesix.cli import main
from doublesix.engine.tiles import TILES
from doublesix.words import players
from doublesix.words.endwords import hint_reason

FAST = {"playouts": 24}
HANDS = [["6|6", "5|5", "4|4", "5|3", "2|1", "3|0", "1|1"],
         ["6|5", "6|3", "6|0", "5|2", "4|2", "3|1", "0|0"]]


def example(variant: str) -> Match:
    """A fixed deal: seat 0 opens 6|6, seat 1 chooses among 6|5, 6|3 and 6|0 on either side."""
    rest = [t for t in TILES[:28] if str(t) not in HANDS[0] + HANDS[1]]
    return Match(Rules.variant(variant), hands=HANDS, boneyard=rest)


def make(name: str) -> object:
    return player(name, **FAST) if name == "expert" else player(name)


class TestByName:
    def test_every_name_makes_a_player(self) -> None:
        assert list(PLAYERS) == ["random", "greedy", "pinocchio", "buratino", "snow-white",
                                 "expert-quick", "expert-careful", "expert"]
        for name, info in PLAYERS.items():
            assert isinstance(info, PlayerInfo) and info.name == name
            assert players.label(name) and players.style(name)
            assert hasattr(player(name), "choose")
        assert players.label("snow-white") == "Snow White"

    def test_unknown_name_raises(self) -> None:
        with pytest.raises(ValueError, match="unknown player 'zorro'"):
            player("zorro")

    @pytest.mark.parametrize(("name", "budget"), [("expert-quick", 16),
                                                   ("expert-careful", 100), ("expert", 1600)])
    def test_each_level_of_the_expert_is_a_name_with_its_budget(
        self, name: str, budget: int
    ) -> None:
        made = player(name)
        assert isinstance(made, Expert) and made.playouts == budget
        name_of_spec, options = parse_spec(name)
        made = player(name_of_spec, **options)  # as doublesix tournament makes it
        assert isinstance(made, Expert) and made.playouts == budget

    def test_a_level_takes_no_options(self) -> None:
        with pytest.raises(ValueError, match="expert-quick plays as expert:playouts=16 and "
                                             "takes no options"):
            player("expert-quick", playouts=300)

    def test_a_level_plays_as_the_expert_at_its_budget(self) -> None:
        view = example("all-fives").view(1)
        for name, info in PLAYERS.items():
            if info.base is None:
                continue
            same = player(info.base, **info.options)
            assert player(name).choose(view, random.Random(5)) == same.choose(
                view, random.Random(5))

    def test_options_reach_the_expert(self) -> None:
        expert = player("expert", playouts=77)
        assert isinstance(expert, Expert) and expert.playouts == 77
        with pytest.raises(ValueError):
            player("expert", playouts=0)


VARIANTS = [
    Rules.variant("draw", players=2),
    Rules.variant("block", players=3),
    Rules.variant("all-fives", players=4, target=60),
    Rules.variant("muggins", players=2, target=60),
    Rules.variant("muggins", players=3, spinner_arms="immediate", target=0),
    Rules.variant("all-fives", players=2, spinner=True, target=0),
    Rules.variant("draw", players=3, set=9, target=0),
    Rules.variant("block", players=4, set=12, target=0),
    Rules.variant("all-fives", players=3, set=12, target=0, rounding="down"),
]


class TestEveryVariant:
    @pytest.mark.parametrize("rules", VARIANTS, ids=lambda r: f"{r.name}-{r.players}-{r.set}")
    def test_all_players_finish_matches_with_legal_moves(self, rules: Rules) -> None:
        names = list(PLAYERS)
        seats = [make(names[(i + rules.players) % len(names)]) for i in range(rules.players)]
        seats[0] = make("expert")
        match = Match(rules, seed=len(names) + rules.players)
        rng = random.Random(3)
        moves = 0
        while True:
            if match.turn is None:
                if match.is_over:
                    break
                match.next_hand()
                continue
            view = match.view(match.turn)
            move = seats[match.turn].choose(view, rng)  # type: ignore[attr-defined]
            assert move in view.legal_moves()
            match.play(move)  # raises if illegal
            moves += 1
        assert moves > 5

    def test_a_free_lead_is_chosen_from_the_whole_hand(self) -> None:
        rules = Rules.variant("all-fives", target=100)
        match = Match(rules, seed=2)
        rng = random.Random(0)
        while match.hand_result is None:
            match.play(player("greedy").choose(match.view(match.turn), rng))  # type: ignore[arg-type]
        if not match.is_over and match.hand_result.winner is not None:
            match.next_hand()
            view = match.view(match.turn)  # type: ignore[arg-type]
            if not view.layout.played:
                for name in PLAYERS:
                    move = make(name).choose(view, rng)  # type: ignore[attr-defined]
                    assert move.end is None and move.tile in view.hand


def positions(count: int) -> list[View]:
    """Views with a real choice, from random games of Draw, Block and All Fives."""
    views = []
    for variant in ("draw", "block", "all-fives"):
        for seed in range(count):
            match = Match(Rules.variant(variant, target=0), seed=seed)
            rng = random.Random(seed)
            while match.turn is not None:
                view = match.view(match.turn)
                if len(view.legal_moves()) > 1:
                    views.append(view)
                match.play(rng.choice(match.legal_moves()))
    return views


class TestDeterminism:
    def test_same_view_and_seed_same_move(self) -> None:
        for view in positions(4)[:40]:
            for name in PLAYERS:
                first = make(name).choose(view, random.Random(11))  # type: ignore[attr-defined]
                again = make(name).choose(view, random.Random(11))  # type: ignore[attr-defined]
                assert first is again

    def test_same_choices_under_another_hash_seed(self) -> None:
        """No player depends on the interpreter's hash seed (as it would iterating over sets
        of objects hashed by id or by string)."""
        script = (
            "import random\n"
            "from doublesix import Match, Rules\n"
            "from doublesix.ai import player\n"
            "out = []\n"
            "for variant in ('draw', 'all-fives', 'muggins'):\n"
            "    m = Match(Rules.variant(variant, players=3, target=0), seed=5)\n"
            "    ps = [player('expert', playouts=30), player('snow-white'), player('buratino')]\n"
            "    rng = random.Random(1)\n"
            "    while m.turn is not None:\n"
            "        mv = ps[m.turn].choose(m.view(m.turn), rng)\n"
            "        out.append(str(mv)); m.play(mv)\n"
            "print(' / '.join(out))\n"
        )
        runs = {
            subprocess.run(
                [sys.executable, "-c", script], capture_output=True, text=True, check=True,
                env={"PYTHONHASHSEED": seed},
            ).stdout
            for seed in ("1", "2")
        }
        assert len(runs) == 1


class TestStyles:
    def test_personalities_choose_differently_at_a_quarter_of_real_choices(self) -> None:
        views = positions(30)
        names = ("pinocchio", "buratino", "snow-white")
        choices = {name: [make(name).choose(v, random.Random(0)) for v in views]  # type: ignore[attr-defined]
                   for name in names}
        for a, b in itertools.combinations(names, 2):
            differ = sum(x is not y for x, y in zip(choices[a], choices[b], strict=True))
            assert differ >= 0.25 * len(views), (a, b, differ / len(views))

    def test_greedy_lays_heaviest_and_scores_first_under_fives(self) -> None:
        draw = example("draw").view(1)
        assert player("greedy").choose(draw, random.Random(0)).tile == Move.parse("6|5").tile
        fives = example("all-fives").view(1)
        # 6|3 leaves 6 + 3 + ... : the only lay that scores (6|6 with 6|3: 12 + 3 = 15).
        assert player("greedy").choose(fives, random.Random(0)).tile == Move.parse("6|3").tile


class TestHint:
    def test_hint_is_the_experts_choice_with_a_reason(self) -> None:
        view = example("all-fives").view(1)
        given = hint(view, seed=3, playouts=60)
        assert isinstance(given, Hint)
        assert given.move is Expert(playouts=60).choose(view, random.Random(3))
        reason = hint_reason(*given)
        assert str(given.move.tile) in reason
        if given.move.tile == Move.parse("6|3").tile:
            assert given.why == "scores" and given.points == 15 and "scores 15" in reason

    def test_hint_for_a_forced_draw(self) -> None:
        for view in positions(3):
            moves = view.legal_moves()
            if moves == [Move.draw()]:
                assert hint(view).why == "draw"
                assert hint_reason(*hint(view)).startswith("nothing fits")
                break


class TestTournament:
    def test_duplicate_rotations_and_table(self) -> None:
        result = tournament(["greedy", "random"], Rules.variant("block", target=0), deals=6,
                            seed=1, workers=1)
        hands = [sum(s.hands) for s in result.stats]
        assert hands == [12, 12]
        won = sum(sum(s.hand_wins) for s in result.stats)
        assert won == 12
        table = result.report()
        assert "greedy" in table and "95% CI" in table

    def test_a_name_given_twice_holds_two_seats(self) -> None:
        rules = Rules.variant("draw", players=3, target=0)
        result = tournament(["random", "greedy", "greedy"], rules, deals=4, seed=2, workers=1)
        assert result.players == ["random", "greedy"]
        # Every deal in 3 rotations: random holds one seat of each, greedy two.
        assert [sum(s.hands) for s in result.stats] == [12, 24]
        assert sum(sum(s.hand_wins) for s in result.stats) == 12
        # The same seats as the players spelt out one by one.
        again = tournament(["random", "greedy:", "greedy"], rules, deals=4, seed=2, workers=1)
        assert again.stats[0].hand_wins == result.stats[0].hand_wins

    def test_every_order_of_the_seats(self) -> None:
        # Four different players: 24 seatings, each player at each seat 6 times and after
        # each other player 8 times (the rotations alone: once, and always after the same one).
        orders = seatings(["a", "b", "c", "d"], 4, every_order=True)
        assert len(orders) == len({tuple(o) for o in orders}) == 24
        assert orders[:4] == seatings(["a", "b", "c", "d"], 4)
        for name in "abcd":
            assert [sum(o[s] == name for o in orders) for s in range(4)] == [6] * 4
            follows = Counter(o[(o.index(name) - 1) % 4] for o in orders)
            assert sorted(follows.values()) == [8, 8, 8]
        # A name given twice: the distinct orders of the multiset, each name at each seat alike.
        orders = seatings(["a", "b", "b"], 4, every_order=True)
        assert len(orders) == 6  # 4! / (2! 2!): a, b, b, a fill the seats
        assert all(sorted(o) == ["a", "a", "b", "b"] for o in orders)
        assert [sum(o[s] == "a" for o in orders) for s in range(4)] == [3] * 4

    def test_a_tournament_in_every_order(self) -> None:
        rules = Rules.variant("block", players=3, target=0)
        names = ["random", "greedy", "pinocchio"]
        result = tournament(names, rules, deals=3, seed=4, workers=1, every_order=True)
        # 6 seatings a deal, one hand each, every player in each.
        assert [sum(s.hands) for s in result.stats] == [18, 18, 18]
        assert result.seatings == 6 and "6 seatings (every order of the seats)" in result.report()
        rotations = tournament(names, rules, deals=3, seed=4, workers=1)
        assert rotations.seatings == 3 and "3 seat rotations" in rotations.report()
        # Two players: every order is the two rotations, played alike.
        two = tournament(["greedy", "random"], Rules.variant("draw", target=0), deals=3, seed=1,
                         workers=1, every_order=True)
        again = tournament(["greedy", "random"], Rules.variant("draw", target=0), deals=3,
                           seed=1, workers=1)
        assert two.stats[0].hand_wins == again.stats[0].hand_wins

    def test_teams_play_each_deal_again_with_the_teams_swapped(self) -> None:
        rules = Rules.variant("partnership", target=0)
        assert seatings(["greedy", "random"], 4, teams=True) == [
            ["greedy", "random", "greedy", "random"], ["random", "greedy", "random", "greedy"]]
        result = tournament(["greedy", "random"], rules, deals=8, seed=3, workers=1)
        # Per team: 8 deals, twice each (the teams swapped), one hand a playing.
        assert result.players == ["greedy", "random"] and result.seatings == 2
        assert [sum(s.hands) for s in result.stats] == [16, 16]
        # Every hand is won by one team or drawn (half each): the two rows add up.
        assert sum(sum(s.hand_wins) for s in result.stats) == 16
        # The same deals by hand: team greedy's wins where it sat at seats 0 and 2, then 1, 3.
        wins = 0.0
        for deal in range(8):
            for greedy_team in (0, 1):
                match = Match(rules, seed=3 + deal)
                players = [player("greedy" if seat % 2 == greedy_team else "random")
                           for seat in range(4)]
                rngs = [random.Random((3 + deal) * 1000003 + greedy_team * 101 + seat)
                        for seat in range(4)]
                while match.turn is not None:
                    moves = match.legal_moves()
                    seat = match.turn
                    match.play(moves[0] if len(moves) == 1
                               else players[seat].choose(match.view(seat), rngs[seat]))
                result_ = match.hand_result
                assert result_ is not None
                wins += (1.0 if greedy_team in {s % 2 for s in result_.winners}
                         else 0.5 if not result_.winners else 0.0)
        assert sum(result.stats[0].hand_wins) == wins
        assert "two teams of partners (figures per team)" in result.report()
        assert "2 seatings (the teams swapped)" in result.report()

    def test_a_team_of_two_different_players_is_one_row(self) -> None:
        rules = Rules.variant("partnership", target=0)
        result = tournament(["greedy", "random", "pinocchio", "random"], rules, deals=2, seed=5,
                            workers=1)
        assert result.players == ["greedy+pinocchio", "random"]
        assert [sum(s.hands) for s in result.stats] == [8, 8]  # 2 deals x 4 seatings

    def test_progress_is_a_callback(self) -> None:
        calls: list[tuple[int, int]] = []
        tournament(["greedy", "random"], Rules.variant("block", target=0), deals=3, seed=1,
                   workers=1, progress=lambda done, total: calls.append((done, total)))
        assert calls == [(1, 3), (2, 3), (3, 3)]

    def test_the_library_does_not_import_the_command_line(self) -> None:
        code = ("import sys, doublesix.ai, doublesix.ai.tournament; "
                "print(sorted(m for m in sys.modules if m.startswith('doublesix.cli')))")
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                             check=True).stdout
        assert out.strip() == "[]"

    def test_parse_spec_and_ci(self) -> None:
        assert parse_spec("expert:playouts=50;sharpness=0.5") == (
            "expert", {"playouts": 50, "sharpness": 0.5})
        with pytest.raises(ValueError):
            parse_spec("nobody")
        rate, half = ratio_ci([1.0] * 10, [2] * 10)
        assert rate == 0.5 and half == 0.0

    def test_command_line(self, capsys: pytest.CaptureFixture[str]) -> None:
        assert main(["tournament", "--players", "snow-white,random", "--variant", "draw",
                     "--deals", "3", "--workers", "1"]) == 0
        out = capsys.readouterr().out
        assert "snow-white" in out and "think p50/p95" in out
