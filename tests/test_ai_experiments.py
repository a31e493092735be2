"""The expert's experiments kept in ``benchmarks/experiments.py``: their playouts are the
product's when no experiment is on; the personalities as playout policies
(``benchmarks/playout_styles.py``) choose what the real players choose on random positions of
every variant, and a styled playout plays each styled seat by them; the expert told who sits
where stays deterministic; the race values games to a target."""

from __future__ import annotations

import random
from collections.abc import Iterator
from types import ModuleType

import pytest
from hypothesis import given
from hypothesis import strategies as st

from doublesix import Match, Rules, State
from doublesix.ai import player
from doublesix.ai.board import Board, to_move
from doublesix.ai.expert import Expert
from doublesix.ai.personalities import Buratino, Pinocchio, SnowWhite
from doublesix.ai.playout import FIVES_PLAN, PIPS_PLAN, rollout
from doublesix.ai.rng import Rng
from doublesix.ai.sampling import sample_deal
from doublesix.ai.tournament import play_group
from doublesix.engine.tiles import PIPS
from doublesix.engine.view import derive_lacks
from tests.support.benchmarks import load_benchmark
from tests.support.search import CASES, Logged, masks, mid_hand, step

PERSONALITIES = (Pinocchio(), Buratino(), SnowWhite())
experiments = load_benchmark("experiments")
styles_module: ModuleType = load_benchmark("playout_styles")
STYLES = styles_module.STYLES
style_move = styles_module.style_move
table_styles = styles_module.table_styles
shown_numbers = experiments.shown_numbers
ExperimentalExpert = experiments.ExperimentalExpert


@pytest.fixture
def installed() -> Iterator[None]:
    """Expert specs with an experiment's option build the experimental expert."""
    import doublesix.ai

    plain = experiments.install()
    yield
    doublesix.ai.player = plain


class TestExperimentRollout:
    @pytest.mark.parametrize(("variant", "options"), CASES)
    def test_without_experiments_it_is_the_products_playout(
        self, variant: str, options: dict[str, object]
    ) -> None:
        """The experiments' general statement of the policy plays as the playout does."""
        rules = Rules.variant(variant, **options)
        plan = FIVES_PLAN if rules.scoring == "fives" else PIPS_PLAN
        for seed in range(20):
            state, steps = mid_hand(rules, seed)
            planner = seed % (rules.players + 1) - 1
            lacks = masks(derive_lacks(rules.players, steps))
            ours, theirs = Board.from_state(state), Board.from_state(state)
            our_lacks, their_lacks = lacks[:], lacks[:]
            rollout(ours, planner, our_lacks, plan)
            experiments.experiment_rollout(theirs, planner, their_lacks, plan)
            assert (ours.hands, ours.scores, ours.result, ours.ends, our_lacks) == (
                theirs.hands, theirs.scores, theirs.result, theirs.ends, their_lacks), seed


def _lacks(view_lacks: tuple[frozenset[int], ...]) -> list[int]:
    return [sum(1 << n for n in numbers) for numbers in view_lacks]


class TestStylesMatchThePlayers:
    @pytest.mark.parametrize(("variant", "options"), CASES)
    def test_same_choice_as_the_player(self, variant: str, options: dict[str, object]) -> None:
        """From positions of games played by a mix of the players and random moves, each
        style's move on a board of the position is the real player's move on the view."""
        rules = Rules.variant(variant, **options)
        choices = 0
        for seed in range(12):
            match = Match(rules, seed=seed)
            rng = random.Random(seed)
            while not match.is_over and len(match.history) < 250:
                turn = match.turn
                if turn is None:
                    match.next_hand()
                    continue
                view = match.view(turn)
                moves = view.legal_moves()
                if len(moves) > 1 and moves[0].t >= 0:
                    guess = sample_deal(view, Rng.from_random(rng))
                    board = Board.from_state(State.from_view(view, *guess))
                    lacks = _lacks(view.lacks)
                    shown = shown_numbers(view) if rules.teams else None
                    for real in PERSONALITIES:
                        fast = style_move(board, STYLES[real.name], lacks, shown)
                        assert to_move(*fast) == real.choose(view, rng), (
                            f"{real.name}, seed {seed}, move {len(match.history)}")
                        choices += 1
                mover = PERSONALITIES[rng.randrange(3)]
                match.play(mover.choose(view, rng) if rng.random() < 0.6 else rng.choice(moves))
        assert choices > 150

    def test_forced_moves(self) -> None:
        state = State.deal(Rules.variant("draw"), seed=1)
        state = state.apply(state.legal_moves()[0])
        board = Board.from_state(state)
        board.hands[board.turn] = 0  # nothing fits: draw
        assert style_move(board, STYLES["snow-white"], [0, 0], None) == (-1, -1)


class TestStyledPlayouts:
    @pytest.mark.parametrize(("variant", "options"), CASES)
    def test_styled_seats_play_their_style(
        self, variant: str, options: dict[str, object]
    ) -> None:
        """A playout from mid-hand with a style on every seat but the planner's, replayed in
        the engine: each lay of a styled seat is its style's move in the engine's position, with
        what the public record shows each seat lacks (and under teams what it has shown)."""
        rules = Rules.variant(variant, **options)
        plan = FIVES_PLAN if rules.scoring == "fives" else PIPS_PLAN
        styled = 0
        for seed in range(12):
            state, steps = mid_hand(rules, seed)
            planner = seed % rules.players
            names = ["pinocchio", "buratino", "snow-white", "greedy"]
            table = [names[(seed + s) % 4] for s in range(rules.players)]
            styles = table_styles(table, planner)
            board = Board.from_state(state)
            log: list[tuple[str, int, int, int]] = []
            board.hands = Logged(board.hands, "hands", log)
            board.ends = Logged(board.ends, "ends", log)  # a lay sets its end first
            shown = [0] * rules.players if rules.teams else None
            experiments.experiment_rollout(board, planner,
                                           masks(derive_lacks(rules.players, steps)), plan,
                                           styles=styles, shown=shown)
            shown = [0] * rules.players if rules.teams else None  # the reference's own
            end = -1
            for name, seat, old, new in log:
                if name == "ends":
                    end = seat if end < 0 else end
                    continue
                while state.turn != seat:  # the seats in between can only pass
                    steps.append(step(state, state.legal_moves()[0]))
                    state = state.apply(state.legal_moves()[0])
                moves = state.legal_moves()
                if new & ~old:
                    move = moves[0]
                else:
                    (t,) = [i for i in range(old.bit_length()) if (old ^ new) >> i & 1]
                    move = next(m for m in moves if m.t == t and m.e == end)
                    style = styles[seat]
                    if style is not None:
                        known = masks(derive_lacks(rules.players, steps))
                        fast = style_move(Board.from_state(state), style, known, shown)
                        assert fast == (t, end), f"seed {seed}, seat {seat}: {style.name}"
                        styled += 1
                    if shown is not None:
                        shown[seat] |= 1 << (PIPS[t] - state.layout.ends[move.e])
                end = -1
                steps.append(step(state, move))
                state = state.apply(move)
        assert styled > 10


class TestExpertAtATable:
    def _view(self) -> tuple[Match, list[str]]:
        rules = Rules.variant("muggins", players=4, target=0)
        match = Match(rules, seed=5)
        names = ["expert", "pinocchio", "buratino", "snow-white"]
        players = {n: player(n) for n in names[1:]}
        rng = random.Random(0)
        while match.turn != 0 or len(match.legal_moves()) < 2:
            turn = match.turn
            assert turn is not None
            if turn == 0:
                match.play(match.legal_moves()[0])
            else:
                match.play(players[names[turn]].choose(match.view(turn), rng))
        return match, names

    def test_deterministic_and_optional(self) -> None:
        match, names = self._view()
        view = match.view(0)
        seated = ExperimentalExpert(playouts=200, read_table=True).at_table(names)
        first = seated.evaluate(view, random.Random(3))
        assert seated.evaluate(view, random.Random(3)) == first
        plain = Expert(playouts=200).evaluate(view, random.Random(3))
        ignored = ExperimentalExpert(playouts=200).at_table(names)  # read_table is off
        assert ignored.evaluate(view, random.Random(3)) == plain
        greedy_table = ExperimentalExpert(playouts=200, read_table=True).at_table(
            ["expert", "greedy", None, "random"])
        assert greedy_table.evaluate(view, random.Random(3)) == plain

    def test_a_table_of_the_wrong_size_is_ignored(self) -> None:
        match, _ = self._view()
        view = match.view(0)
        assert experiments.seat_styles(["expert", "snow-white"], view) is None
        names = ["expert", "pinocchio", "buratino", "snow-white"]
        assert experiments.seat_styles(["expert", "greedy", None, "random"], view) is None
        styles = experiments.seat_styles(names, view)
        assert styles is not None and [s and s.name for s in styles] == [None, *names[1:]]

    @pytest.mark.usefixtures("installed")
    def test_an_experiment_spec_gets_the_experimental_expert(self) -> None:
        import doublesix.ai

        expert = doublesix.ai.player("expert", read_table=1, playouts=30)
        assert isinstance(expert, ExperimentalExpert) and expert.experiments.read_table
        assert type(doublesix.ai.player("expert", playouts=30)) is Expert

    @pytest.mark.usefixtures("installed")
    def test_tournament_tells_the_table(self, monkeypatch: pytest.MonkeyPatch) -> None:
        tables: list[tuple[str | None, ...]] = []
        choose = ExperimentalExpert.choose

        def spy(self: Expert, view: object, rng: random.Random) -> object:
            assert isinstance(self, ExperimentalExpert) and self.table is not None
            tables.append(self.table)
            return choose(self, view, rng)

        monkeypatch.setattr(ExperimentalExpert, "choose", spy)
        play_group(["expert:playouts=40,read_table=1", "snow-white", "greedy"],
                   Rules.variant("block", players=3, target=0), seed=2)
        assert set(tables) == {("expert", "snow-white", "greedy"),
                               ("greedy", "expert", "snow-white"),
                               ("snow-white", "greedy", "expert")}


class TestRace:
    @given(st.integers(0, 40).map(lambda k: 5 * k), st.integers(0, 40).map(lambda k: 5 * k))
    def test_a_fair_race_between_equal_players(self, mine: int, other: int) -> None:
        race_chance = experiments.race_chance
        chance = race_chance(mine, other)
        assert 0.0 <= chance <= 1.0
        assert chance + race_chance(other, mine) == pytest.approx(1.0)
        assert race_chance(mine + 5, other) <= chance  # more to score, less chance
        # The same lead counts for more near the end of the game.
        if 0 < mine < other:
            assert race_chance(mine, other) >= race_chance(mine + 50, other + 50)

    def test_the_expert_values_games_to_a_target_by_the_race(self) -> None:
        match = Match(Rules.variant("muggins", players=2, target=100), seed=5)
        rng = random.Random(5)
        racer, plain = ExperimentalExpert(playouts=80, race=True), Expert(playouts=80)
        differ = False
        while match.turn is not None and len(match.history) < 60:
            view = match.view(match.turn)
            if len(view.legal_moves()) > 1:
                raced = racer.evaluate(view, random.Random(0))
                assert all(-0.01 <= e.value <= 1.01 for e in raced)
                differ |= [e.value for e in raced] != [
                    e.value for e in plain.evaluate(view, random.Random(0))]
            match.play(racer.choose(view, rng))
        assert differ


def test_without_experiments_the_experimental_expert_is_the_expert() -> None:
    match = Match(Rules.variant("muggins"), seed=6)
    view = match.view(match.turn)  # type: ignore[arg-type]
    plain = Expert(playouts=120).evaluate(view, random.Random(2))
    assert ExperimentalExpert(playouts=120).evaluate(view, random.Random(2)) == plain


def test_a_nested_search_changes_the_values_and_repeats_them() -> None:
    match = Match(Rules.variant("block"), seed=8)
    rng = random.Random(8)
    for _ in range(3):
        match.play(rng.choice(match.legal_moves()))
    view = match.view(match.turn)  # type: ignore[arg-type]
    nested = ExperimentalExpert(playouts=48, nest=4)
    first = nested.evaluate(view, random.Random(1))
    assert nested.evaluate(view, random.Random(1)) == first
    assert first != Expert(playouts=48).evaluate(view, random.Random(1))
