"""The OpenSpiel adapter (doublesix.adapters.openspiel): OpenSpiel's own checks on every variant,
player count and set; 500 random games against Match; information states that hide the other
seats' tiles; resampling consistent with the seat's view; ISMCTS playing whole hands.

Needs the ``openspiel`` extra (in the ``test`` extra, which ``scripts/test`` installs).  Without
it these tests are skipped on a developer's machine, and fail where ``CI`` is set.
"""

from __future__ import annotations

import contextlib
import random
import re
from typing import Any

import pytest

from doublesix import VARIANTS, Match, Rules, Tile
from doublesix.adapters.table import action_of, margins
from doublesix.engine.shuffle import shuffled
from doublesix.engine.tiles import TILES, indices
from tests.support.extras import need

pyspiel = need("pyspiel", "openspiel")
np = need("numpy", "openspiel")
ismcts = need("open_spiel.python.algorithms.ismcts", "openspiel")
mcts = need("open_spiel.python.algorithms.mcts", "openspiel")
openspiel = need("doublesix.adapters.openspiel", "openspiel")


def all_rules(sets: tuple[int, ...] = (6, 9, 12)) -> list[Rules]:
    """Every variant with 2, 3 and 4 players and every set (partnerships: four), one hand."""
    cases = []
    for variant in VARIANTS:
        for players in (2, 3, 4):
            for top in sets:
                with contextlib.suppress(ValueError):  # (partnerships are for four)
                    cases.append(Rules.variant(variant, players=players, set=top, target=0))
    return cases


def test_the_game_is_registered_with_the_rules_as_parameters() -> None:
    game = pyspiel.load_game("python_doublesix(variant=muggins,players=3,set=9)")
    assert game.rules == Rules.variant("muggins", players=3, set=9, target=0)
    assert game.num_players() == 3 and game.num_distinct_actions() == 2 + 5 * 55
    assert game.max_chance_outcomes() == 55
    assert game.get_type().reward_model == pyspiel.GameType.RewardModel.TERMINAL
    spec = game.get_type().parameter_specification
    assert set(spec) == {"variant", *Rules.variant("draw").options()}
    assert spec["target"] == 0
    # One hand by default; every option by name; the game keeps every option as played.
    assert pyspiel.load_game("python_doublesix").rules == Rules.variant("draw", target=0)
    match = pyspiel.load_game("python_doublesix", {"variant": "all-fives", "target": 150})
    assert match.rules == Rules.variant("all-fives", target=150)
    assert pyspiel.load_game(str(match)).rules == match.rules
    with pytest.raises(pyspiel.SpielError):
        pyspiel.load_game("python_doublesix", {"colour": "red"})


def test_parameters_load_any_rules_exactly() -> None:
    cases = [*all_rules((6,)), Rules.variant("muggins", spinner=False, target=0),
             Rules.variant("all-fives", blocked_minus_own=True, lead="highest-double"),
             Rules.variant("block", drawing=True, players=3, hand_size=5, target=50)]
    for rules in cases:
        game = openspiel.load_game(rules)
        assert game.rules.options() == rules.options(), rules


@pytest.mark.parametrize("rules", all_rules(), ids=repr)
def test_openspiel_random_simulations(rules: Rules) -> None:
    game = openspiel.load_game(rules)
    pyspiel.random_sim_test(game, num_sims=2 if rules.set == 6 else 1, serialize=True,
                            verbose=False)


@pytest.mark.parametrize("rules", [
    Rules.variant("all-fives", target=100),
    Rules.variant("draw", players=3, target=40),
], ids=repr)
def test_openspiel_random_simulations_of_matches(rules: Rules) -> None:
    pyspiel.random_sim_test(openspiel.load_game(rules), num_sims=1, serialize=True,
                            verbose=False)


def differential_rules() -> list[Rules]:
    """The 500 games' rules: every variant and player count on double-six, fewer larger sets,
    and some matches to a target."""
    cases = all_rules((6,)) * 6 + all_rules((9, 12))
    cases += [Rules.variant("all-fives", target=100), Rules.variant("draw", players=3, target=60),
              Rules.variant("muggins", players=4, target=80)]
    if "partnership" in VARIANTS:
        cases.append(Rules.variant("partnership", target=100))
    return cases


def test_500_random_games_agree_with_match() -> None:
    """Through the adapter and through Match, dealt alike (each chance outcome is the tile
    Match deals or draws): the same seat to move, legal actions, scores and views after every
    action, and the match's scores as returns."""
    cases = differential_rules()
    games = {rules: openspiel.load_game(rules) for rules in cases}
    played = actions = 0
    for i in range(500):
        rules = cases[i % len(cases)]
        game = games[rules]
        seed = 1000 + i
        match = Match(rules, seed=seed)
        state = game.new_initial_state()
        rng = random.Random(seed)
        hand = 0
        deal = shuffled(rules.tile_count, seed, 0)[: rules.players * rules.hand_size]
        drawn = -1
        while True:
            if state.is_chance_node():
                outcomes = [t for t, _ in state.chance_outcomes()]
                if state.table.state is None:  # dealing
                    if not deal:
                        match.next_hand()
                        hand += 1
                        deal = shuffled(rules.tile_count, seed, hand)[
                            : rules.players * rules.hand_size]
                    tile = deal.pop(0)
                else:
                    tile = drawn
                assert tile in outcomes
                state.apply_action(tile)
                continue
            assert state.is_terminal() == match.is_over
            assert list(state.table.scores) == match.scores
            if state.is_terminal():
                break
            assert state.current_player() == match.turn
            if i % 5 == 0:  # every seat's whole view, in 100 of the games (slow in Match)
                for seat in range(rules.players):
                    assert state.view(seat) == match.view(seat)
            moves = match.legal_moves()
            assert state.legal_actions() == sorted(action_of(m) for m in moves)
            assert state.returns() == [0.0] * rules.players
            move = rng.choice(moves)
            drawn = match.state.boneyard[0] if move.kind == "draw" else -1
            match.play(move)
            state.apply_action(action_of(move))
            actions += 1
        assert state.returns() == margins(match.scores, rules)
        assert sum(state.returns()) == pytest.approx(0.0)
        played += 1
    assert played == 500 and actions > 500 * 15, actions


def random_positions(rules: Rules, count: int, seed: int) -> list[Any]:
    """States of random games where a seat is to decide, after a few moves each."""
    game = openspiel.load_game(rules)
    rng = random.Random(seed)
    positions: list[Any] = []
    while len(positions) < count:
        state = game.new_initial_state()
        stop = rng.randrange(0, 16)
        decisions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
                continue
            if decisions == stop:
                positions.append(state.clone())
                break
            state.apply_action(rng.choice(state.legal_actions()))
            decisions += 1
    return positions


_TILE = re.compile(r"\b(\d{1,2})\|(\d{1,2})\b")


@pytest.mark.parametrize("variant", VARIANTS)
def test_information_states_never_hold_another_seats_tiles(variant: str) -> None:
    for players in (2, 3, 4) if variant != "partnership" else (4,):
        rules = Rules.variant(variant, players=players, target=0)
        for state in random_positions(rules, 8, seed=players):
            table = state.table
            for seat in range(players):
                mine = table.state.hands[seat]
                for text in (state.information_state_string(seat),
                             state.observation_string(seat)):
                    for high, low in _TILE.findall(text):
                        t = Tile(int(high), int(low)).index
                        assert (mine | table.state.layout.played) >> t & 1, (
                            f"{TILES[t]} of another seat in seat {seat}'s string")
                for other in range(players):
                    if other == seat:
                        continue
                    hidden = table.state.hands[other]
                    text = state.information_state_string(seat)
                    assert not any(str(TILES[t]) in text.split() for t in indices(hidden))
                # The tensor's own-hand piece is the seat's hand and nothing else.
                tensor = state.information_state_tensor(seat)
                hand = [i for i in range(rules.tile_count) if tensor[players + i]]  # (after
                # the "player" piece)
                assert hand == sorted(indices(mine))


def check_resampled(state: Any, player: int, world: Any) -> None:
    """``world`` is a state ``player`` cannot tell from ``state`` and a possible one."""
    assert world.current_player() == state.current_player()
    assert world.information_state_string(player) == state.information_state_string(player)
    assert world.information_state_tensor(player) == state.information_state_tensor(player)
    assert world.observation_string(player) == state.observation_string(player)
    assert world.observation_tensor(player) == state.observation_tensor(player)
    view = state.view(player)
    assert world.view(player) == view
    real, guess = state.table.state, world.table.state
    assert guess.hands[player] == real.hands[player]
    assert guess.layout == real.layout and guess.scores == real.scores
    for seat, lacks in enumerate(view.lacks):
        assert guess.hands[seat].bit_count() == view.hand_sizes[seat]
        if seat != player:
            assert not any(TILES[t].high in lacks or TILES[t].low in lacks
                           for t in indices(guess.hands[seat])), (seat, lacks)
    assert len(guess.boneyard) == view.boneyard_size
    if guess.layout.played and not (guess.can_draw or world.table.drawing or guess.over):
        # Nothing can be drawn: some hand fits, or the hand would have ended blocked.
        assert any(hand & guess.layout.fits for hand in guess.hands)
    if player == state.current_player():
        assert world.legal_actions() == state.legal_actions()


@pytest.mark.parametrize("variant", VARIANTS)
def test_resampled_states_are_consistent_with_the_view(variant: str) -> None:
    sampler = pyspiel.UniformProbabilitySampler(1, 0.0, 1.0)
    rng = random.Random(3)
    differed = total = 0
    for players in (2, 3, 4) if variant != "partnership" else (4,):
        rules = Rules.variant(variant, players=players, target=0)
        for state in random_positions(rules, 10, seed=10 + players):
            for player in range(players):
                worlds = [state.resample_from_infostate(player, sampler) for _ in range(3)]
                for world in worlds:
                    check_resampled(state, player, world)
                total += 1
                real = state.table.state.hands
                differed += any(w.table.state.hands != real for w in worlds)
                # A resampled world plays on to the end like any other.
                world = worlds[0]
                while not world.is_terminal():
                    if world.is_chance_node():
                        world.apply_action(rng.choice(world.chance_outcomes())[0])
                    else:
                        world.apply_action(rng.choice(world.legal_actions()))
                assert sum(world.returns()) == pytest.approx(0.0)
    assert differed >= 0.9 * total, (differed, total)


def test_resampling_during_a_deal_and_a_draw() -> None:
    game = openspiel.load_game("draw")
    state = game.new_initial_state()
    for t in (27, 3, 9, 0, 1, 2, 4, 5, 6, 7):
        state.apply_action(t)
    world = state.resample_from_infostate(0, random.Random(1))
    assert world.view(0) == state.view(0) and world.is_chance_node()
    assert world.table.dealt[:7] == state.table.dealt[:7]
    assert len(world.table.dealt) == 10 and not set(world.table.dealt[7:]) & set(
        state.table.dealt[:7])
    rng = random.Random(2)
    while not (state.current_player() >= 0 and state.legal_actions() == [0]):
        if state.is_terminal():
            state = game.new_initial_state()
        elif state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    player = state.current_player()
    state.apply_action(0)  # draw: chance picks the tile next
    assert state.is_chance_node() and state.table.drawing
    world = state.resample_from_infostate(player, random.Random(3))
    assert world.is_chance_node() and world.view(player) == state.view(player)
    world.apply_action(world.chance_outcomes()[0][0])
    assert world.view(player).hand_sizes[player] == state.view(player).hand_sizes[player] + 1


def test_the_matching_keeps_every_constraint() -> None:
    """The fallback of the resampler: a matching of tiles to seats within what each may hold,
    with one given tile where a hand must fit."""
    from doublesix.ai.sampling import allowed_tiles

    rules = Rules.variant("block", players=4, target=0)
    for state in random_positions(rules, 20, seed=5):
        seat = state.current_player()
        view = state.view(seat)
        allowed = allowed_tiles(view)
        other = (seat + 1) % 4
        fitting = allowed[other] & state.table.state.layout.fits
        for given in [None, *[(other, t) for t in indices(fitting)][:2]]:
            hands = openspiel._matching(view, allowed, random.Random(1), given)
            assert hands is not None
            for s, hand in enumerate(hands):
                assert hand.bit_count() == view.hand_sizes[s]
                assert not hand & ~allowed[s]
            assert given is None or hands[given[0]] >> given[1] & 1


def test_resampled_block_worlds_are_never_blocked() -> None:
    """Block positions where the seat resampling holds nothing that fits: in every world some
    other hand does (the sampler alone would leave the fitting tiles in the dead boneyard)."""
    found = 0
    for players in (2, 3, 4):
        rules = Rules.variant("block", players=players, target=0)
        for state in random_positions(rules, 60, seed=20 + players):
            table = state.table
            for seat in range(players):
                if table.state.hands[seat] & table.state.layout.fits:
                    continue
                found += 1
                for k in range(4):
                    world = state.resample_from_infostate(seat, random.Random(k))
                    check_resampled(state, seat, world)
    assert found >= 20


def test_states_serialize_and_clone() -> None:
    for rules in (Rules.variant("muggins", players=3), Rules.variant("draw", target=50)):
        for state in random_positions(rules, 3, seed=4):
            game = state.get_game()
            text = pyspiel.serialize_game_and_state(game, state)
            game2, state2 = pyspiel.deserialize_game_and_state(text)
            assert str(game2) == str(game) and str(state2) == str(state)
            assert state2.table.state == state.table.state
            assert state2.table.events == state.table.events
            player = state.current_player()
            assert state2.information_state_string(player) == state.information_state_string(
                player)
            clone = state.clone()
            clone.apply_action(clone.legal_actions()[0])
            assert str(state2) == str(state) != str(clone)


def play_with_bots(game: Any, bots: list[Any], seed: int) -> Any:
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions = [a for a, _ in state.chance_outcomes()]
            state.apply_action(int(rng.choice(actions)))
        else:
            state.apply_action(bots[state.current_player()].step(state))
    return state


@pytest.mark.parametrize("variant", VARIANTS)
def test_ismcts_plays_whole_hands(variant: str) -> None:
    players = 4 if variant == "partnership" else 2
    game = openspiel.load_game(variant, players=players)
    bots = []
    for seat in range(players):
        rs = np.random.RandomState(seat)
        bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rs), 2.0, 24,
                               random_state=rs)
        bot.set_resampler(openspiel.bot_resampler(seat))
        bots.append(bot)
    state = play_with_bots(game, bots, seed=1)
    assert state.is_terminal() and sum(state.returns()) == pytest.approx(0.0)
    assert state.table.state.result is not None


def test_mcts_given_every_hand_plays_a_hand() -> None:
    game = openspiel.load_game("block")
    rs = np.random.RandomState(0)
    bot = mcts.MCTSBot(game, 2.0, 30, mcts.RandomRolloutEvaluator(1, rs), random_state=rs)
    state = play_with_bots(game, [bot, bot], seed=2)
    assert state.is_terminal()


def test_a_seeded_ismcts_bot_plays_the_same_every_time() -> None:
    game = openspiel.load_game("draw")

    def moves() -> list[int]:
        rs = np.random.RandomState(4)
        bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rs), 2.0, 20,
                               random_state=rs)
        bot.set_resampler(openspiel.bot_resampler(4))
        state = play_with_bots(game, [bot, bot], seed=3)
        return list(state.history())

    assert moves() == moves()
