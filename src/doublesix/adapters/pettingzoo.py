"""Every doublesix game as a PettingZoo AEC environment.

    pip install 'doublesix[pettingzoo]'

>>> from doublesix.adapters.pettingzoo import env
>>> table = env(variant="all-fives", players=3)
>>> table.reset(seed=1)
>>> table.possible_agents, table.agent_selection
(['player_0', 'player_1', 'player_2'], 'player_2')
>>> observation, reward, termination, truncation, info = table.last()
>>> sorted(observation), int(observation["action_mask"].sum()) == len(info["view"].legal_moves())
(['action_mask', 'observation'], True)

``env(variant=..., render_mode=None, **options)`` takes the options of
:meth:`Rules.variant <doublesix.engine.rules.Rules.variant>` (``players``, ``set``, ``target``,
...);
``target`` defaults to 0, one hand (``target=100`` plays a match).  Agents are ``player_0`` to
``player_{n-1}``, by seat.

- **Actions** are numbered as :mod:`doublesix.adapters.table` says (0 draw, 1 pass,
  ``2 + 5 * tile.index + slot`` a lay; ``Discrete(2 + 5 * tiles)``); an agent's observation
  carries an ``action_mask`` (``int8``, 1 for each legal action; all 0 when it is not to move).
- **Observations** are the information-state tensor of :mod:`doublesix.adapters.encoding`
  (``float32``; its pieces in :attr:`raw_env.pieces`), built from the agent's view alone; the
  agent to move also finds its :class:`~doublesix.engine.view.View` in ``info["view"]``.
- **Deals and draws** are made by the environment, seeded by ``reset(seed=...)``.
- **Rewards** follow the scores as they change: each agent's reward for a step is the change
  in its score less the mean score of the seats not on its side, so an episode's rewards add up
  to OpenSpiel's returns (2 players: the difference of the final scores).
- ``render_mode="ansi"``: :meth:`raw_env.render` returns what happened since the last render
  and the table, in the terminal game's words; ``"human"`` prints it.

:func:`policy` wraps a doublesix player (``"expert"``, ``"pinocchio"``, ...) as a policy
``policy(observation, info) -> action`` for an agent to play against.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Final

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from doublesix.adapters.encoding import Encoder
from doublesix.adapters.table import Table, action_count, action_of, margins, move_of, score_bound
from doublesix.engine.events import Event
from doublesix.engine.moves import IllegalMoveError
from doublesix.engine.rules import Rules
from doublesix.engine.view import View
from doublesix.words import talk
from doublesix.words.eventwords import describe

#: The environment's name (PettingZoo's convention: name and version).
NAME: Final = "doublesix_v0"


def env(variant: str = "draw", render_mode: str | None = None, **options: Any) -> AECEnv:
    """The environment, wrapped as PettingZoo's classic games are: an illegal action ends the
    game with a reward of -1 for the agent that made it, and the order of calls is enforced."""
    raw = raw_env(variant, render_mode=render_mode, **options)
    wrapped: AECEnv = wrappers.TerminateIllegalWrapper(raw, illegal_reward=-1)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


class raw_env(AECEnv):  # type: ignore[misc]  # (PettingZoo's name for it)
    """The environment without wrappers: an illegal action raises
    :class:`~doublesix.engine.moves.IllegalMoveError`."""

    metadata: Final = {
        "render_modes": ["ansi", "human"],
        "name": NAME,
        "is_parallelizable": False,
    }

    def __init__(self, variant: str = "draw", render_mode: str | None = None,
                 **options: Any) -> None:
        super().__init__()
        if render_mode not in (None, "ansi", "human"):
            raise ValueError(f"render_mode must be None, 'ansi' or 'human', not {render_mode!r}")
        self.rules = Rules.variant(variant, **{"target": 0, **options})
        self.render_mode = render_mode
        players = self.rules.players
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self.agents = self.possible_agents[:]
        self._encoder = Encoder(self.rules, recall=True)
        #: The named pieces of the observation, with their shapes.
        self.pieces = self._encoder.pieces
        highs = np.asarray(self._encoder.highs(score_bound(self.rules)), dtype=np.float32)
        actions = action_count(self.rules.set)
        self.action_spaces = {agent: spaces.Discrete(actions) for agent in self.possible_agents}
        self.observation_spaces = {
            agent: spaces.Dict({
                "observation": spaces.Box(low=0.0, high=highs, dtype=np.float32),
                "action_mask": spaces.Box(low=0, high=1, shape=(actions,), dtype=np.int8),
            })
            for agent in self.possible_agents
        }
        self._table = Table(self.rules)
        self._margins = [0.0] * players
        self._shown = 0
        self.np_random, _ = gymnasium.utils.seeding.np_random(None)

    @property
    def table(self) -> Table:
        """The match underneath (the referee's knowledge: every hand and the boneyard)."""
        return self._table

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # -- the AEC API ----------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new match (deals and draws follow from ``seed``)."""
        if seed is not None or not hasattr(self, "_seeded"):
            self.np_random, _ = gymnasium.utils.seeding.np_random(seed)
            self._seeded = True
        self._table = Table(self.rules)
        self._margins = [0.0] * self.rules.players
        self._shown = 0
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._run_chance()
        self._after_move()

    def observe(self, agent: str) -> dict[str, np.ndarray[Any, Any]]:
        """The agent's observation tensor and action mask."""
        seat = self.possible_agents.index(agent)
        table = self._table
        observation = np.asarray(self._encoder.values(table.view(seat)), dtype=np.float32)
        mask = np.zeros(action_count(self.rules.set), dtype=np.int8)
        if table.turn == seat:
            mask[table.legal_actions()] = 1
        return {"observation": observation, "action_mask": mask}

    def step(self, action: int | None) -> None:
        """Make the selected agent's move (``None`` once the game is over for it)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalMoveError(f"{agent} is to move: None is no action")
        move = move_of(int(action))
        self._table.play(move)
        self._run_chance()
        self._cumulative_rewards[agent] = 0.0
        self._after_move()
        if self.render_mode == "human":
            print(self.render())

    def _run_chance(self) -> None:
        """Deal and draw (by the environment's generator) until a seat is to move or the
        match is over."""
        table = self._table
        while table.is_chance:
            outcomes = table.chance_outcomes()
            table.deal(outcomes[int(self.np_random.integers(len(outcomes)))])

    def _after_move(self) -> None:
        """Rewards from the change of the scores; terminations; whose turn; infos."""
        table = self._table
        now = margins(table.scores, self.rules)
        self.rewards = {agent: now[seat] - self._margins[seat]
                        for seat, agent in enumerate(self.possible_agents)
                        if agent in self.agents}
        self._margins = now
        for agent in self.agents:
            self.infos[agent] = {}
        if table.is_over:
            self.terminations = dict.fromkeys(self.agents, True)
            if getattr(self, "agent_selection", None) not in self.agents:
                self.agent_selection = self.agents[0]  # (a match over as soon as dealt)
        else:
            seat = table.turn
            assert seat is not None
            self.agent_selection = self.possible_agents[seat]
            self.infos[self.agent_selection] = {"view": table.view(seat)}
        self._accumulate_rewards()

    def render(self) -> str | None:
        """What happened since the last render and the table now, in the game's words
        (:mod:`doublesix.words.talk`, as the terminal game says them); ``ansi``: returned,
        ``human``: printed by :meth:`step`."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode")
            return None
        return self.text()

    def text(self) -> str:
        """The game in words (:mod:`doublesix.words.talk`): the events since the last call, the
        table,
        the scores, how many tiles each seat holds, and the hand of the seat to move."""
        table = self._table
        names = self.possible_agents
        history = table.history()
        new = history[self._shown:]
        self._shown = len(history)
        lines = [sentence for event in new if (sentence := _sentence(event, names))]
        seat = table.turn
        view = table.view(0 if seat is None else seat)
        lines += talk.board_lines(view)
        lines.append(talk.scores_sentence(view.scores, names, self.rules.target, self.rules))
        if seat is not None:
            lines.append(f"{names[seat]} to move.")
            lines.append(talk.counts_sentence(view, names))
            lines.append(talk.hand_sentence(view, owner=names[seat]))
        return "\n".join(lines)

    def close(self) -> None:
        """Nothing to release."""


def _sentence(event: Event, names: list[str]) -> str | None:
    """An event of the record in the game's words (a hand's deal goes unsaid)."""
    return None if event.kind == "hand" else describe(event, names)


def policy(name: str, seed: int = 0, **options: Any) -> Callable[[Any, dict[str, Any]], int]:
    """A doublesix player (``doublesix.ai.player(name, **options)``) as a policy: called with
    an agent's observation and info, it returns the player's action.  It plays from
    ``info["view"]`` (the agent's view, which the environment gives the agent to move); its
    random choices follow from ``seed``.

    >>> from doublesix.adapters.pettingzoo import env, policy
    >>> table, expert = env(variant="block"), policy("expert", playouts=200)
    >>> table.reset(seed=2)
    >>> observation, _, _, _, info = table.last()
    >>> action = expert(observation, info)
    >>> bool(observation["action_mask"][action])
    True
    """
    from doublesix.ai import player

    chooser = player(name, **options)
    rng = random.Random(seed)

    def act(observation: Any, info: dict[str, Any]) -> int:
        view = info.get("view") if isinstance(info, dict) else None
        if not isinstance(view, View):
            raise ValueError("the policy needs info['view']: call it for the agent to move")
        return action_of(chooser.choose(view, rng))

    return act
