"""The PettingZoo environment (doublesix.adapters.pettingzoo): PettingZoo's api_test and
seed_test on every variant and player count, an episode of random masked actions against
Match, the ANSI rendering and the policy wrapper.

Needs the ``pettingzoo`` extra (in the ``test`` extra, which ``scripts/test`` installs).
Without it these tests are skipped on a developer's machine, and fail where ``CI`` is set.
"""

from __future__ import annotations

import warnings
from typing import Any

import pytest

from doublesix import VARIANTS, Match, Rules
from doublesix.adapters import table as table_module
from doublesix.adapters.table import margins, move_of
from doublesix.engine.tiles import TILES
from tests.support.extras import need

np = need("numpy", "pettingzoo")
pz_test = need("pettingzoo.test", "pettingzoo")
zoo = need("doublesix.adapters.pettingzoo", "pettingzoo")


def tables() -> list[tuple[str, int]]:
    return [(variant, players) for variant in VARIANTS for players in (2, 3, 4)
            if variant != "partnership" or players == 4]


@pytest.mark.parametrize(("variant", "players"), tables())
def test_pettingzoo_api_and_seed_tests(variant: str, players: int) -> None:
    with warnings.catch_warnings():
        # Dict observations with an action mask are PettingZoo's own classic-game convention,
        # which its checker still warns about for environments it does not know.
        warnings.filterwarnings("ignore", message="Observation space for each agent")
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        pz_test.api_test(zoo.env(variant=variant, players=players), num_cycles=300)
        pz_test.seed_test(lambda: zoo.env(variant=variant, players=players), num_cycles=300)
        pz_test.api_test(zoo.env(variant=variant, players=players, target=60), num_cycles=300)


def test_an_episode_of_random_masked_actions_ends_with_the_match_scores(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The environment's deals and draws, recorded, deal a Match alike; the agents' moves
    replayed in it give the same scores, and the rewards add up to their margins."""
    for variant, players in tables():
        for seed in range(3):
            dealt: list[int] = []
            original = table_module.Table.deal

            def recording(self: Any, tile: int, original: Any = original,
                          dealt: list[int] = dealt) -> None:
                dealt.append(tile)
                original(self, tile)

            monkeypatch.setattr(table_module.Table, "deal", recording)
            game = zoo.env(variant=variant, players=players)
            game.reset(seed=seed)
            rng = np.random.default_rng(seed)
            moves = []
            totals = dict.fromkeys(game.possible_agents, 0.0)
            for agent in game.agent_iter():
                observation, reward, done, cut, _ = game.last()
                totals[agent] += reward
                if done or cut:
                    game.step(None)
                    continue
                action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
                moves.append(move_of(action))
                game.step(action)
            monkeypatch.undo()
            rules = Rules.variant(variant, players=players, target=0)
            size = players * rules.hand_size
            hands = [[TILES[t] for t in dealt[s * rules.hand_size:(s + 1) * rules.hand_size]]
                     for s in range(players)]
            drawn = dealt[size:]
            rest = [t for t in range(rules.tile_count) if t not in dealt]
            match = Match(rules, hands=hands,
                          boneyard=[TILES[t] for t in drawn + rest])
            for move in moves:
                match.play(move)
            assert match.is_over
            assert list(game.unwrapped.table.scores) == match.scores
            expected = margins(match.scores, rules)
            for seat, agent in enumerate(game.possible_agents):
                assert totals[agent] == pytest.approx(expected[seat])


def test_rewards_follow_the_scores_in_a_match_to_a_target() -> None:
    game = zoo.raw_env("all-fives", target=50)
    game.reset(seed=3)
    rng = np.random.default_rng(3)
    totals = dict.fromkeys(game.possible_agents, 0.0)
    for agent in game.agent_iter():
        observation, reward, done, cut, _ = game.last()
        totals[agent] += reward
        if done or cut:
            game.step(None)
            continue
        game.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    scores = game.table.scores
    assert max(scores) >= 50
    assert list(totals.values()) == pytest.approx(margins(scores, game.rules))


def test_observations_and_masks() -> None:
    game = zoo.raw_env("muggins", players=3)
    game.reset(seed=5)
    agent = game.agent_selection
    observation, _, _, _, info = game.last()
    view = info["view"]
    assert view.seat == game.possible_agents.index(agent)
    legal = sorted(table_module.action_of(m) for m in view.legal_moves())
    assert list(np.flatnonzero(observation["action_mask"])) == legal
    for other in game.possible_agents:
        if other != agent:
            assert not game.observe(other)["action_mask"].any()
            assert game.infos[other] == {}
    space = game.observation_space(agent)
    assert space.contains(observation)
    assert observation["observation"].shape == (sum(int(np.prod(s)) for _, s in game.pieces),)


def test_an_illegal_action_raises_in_the_raw_env_and_ends_the_wrapped_game() -> None:
    raw = zoo.raw_env("draw")
    raw.reset(seed=1)
    observation, *_ = raw.last()
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    with pytest.raises(ValueError):
        raw.step(illegal)
    wrapped = zoo.env(variant="draw")
    wrapped.reset(seed=1)
    observation, *_ = wrapped.last()
    agent = wrapped.agent_selection
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        wrapped.step(int(np.flatnonzero(observation["action_mask"] == 0)[0]))
    assert all(wrapped.terminations.values())
    assert wrapped.rewards[agent] == -1


def test_ansi_rendering_speaks_the_terminal_games_words() -> None:
    game = zoo.env(variant="draw", render_mode="ansi")
    game.reset(seed=2)
    first = game.render()
    assert "Open ends:" in first and "to move." in first and "hand," in first
    observation, *_ = game.last()
    game.step(int(np.flatnonzero(observation["action_mask"])[0]))
    text = game.render()
    assert " laid " in text or " drew " in text
    assert "Scores, one hand." in text
    with pytest.warns(UserWarning, match="render_mode"):
        assert zoo.raw_env("draw").render() is None


def test_a_policy_plays_the_expert_against_an_agent() -> None:
    game = zoo.env(variant="block")
    expert, greedy = zoo.policy("expert", playouts=100), zoo.policy("greedy")
    game.reset(seed=4)
    for agent in game.agent_iter():
        observation, _, done, cut, info = game.last()
        if done or cut:
            game.step(None)
            continue
        action = (expert if agent == "player_1" else greedy)(observation, info)
        assert observation["action_mask"][action]
        game.step(action)
    assert game.unwrapped.table.is_over
    with pytest.raises(ValueError):
        expert({}, {})
    with pytest.raises(ValueError):
        zoo.policy("nobody")
