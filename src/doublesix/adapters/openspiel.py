"""Every doublesix game in OpenSpiel: importing this module registers ``python_doublesix``.

    pip install 'doublesix[openspiel]'

>>> import pyspiel
>>> import doublesix.adapters.openspiel
>>> game = pyspiel.load_game("python_doublesix", {"variant": "muggins", "players": 3})
>>> game.num_players(), game.num_distinct_actions(), game.max_chance_outcomes()
(3, 142, 28)
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 28)

**Parameters** are the options of :meth:`Rules.variant <doublesix.engine.rules.Rules.variant>`:
``variant`` (``draw``, ``block``, ``all-fives``, ``muggins``, ...) and every option by its
name (``players``, ``set``, ``hand_size``, ``target``, ``drawing``, ``scoring``, ``spinner``,
...), built from :meth:`Rules.options` so that an option added to the rules is a parameter
here too.  Two things differ from ``Rules.variant``:

- ``target`` defaults to 0, one hand (a match to 100 is ``target=100``);
- OpenSpiel fills in every parameter left out with its declared default (the Draw preset's
  value) before the game sees it, so an option is read as given only when it differs from the
  Draw preset; one left at that value takes the named variant's preset.  A variant with one of
  its preset options set back to Draw's value (Muggins without the spinner) is therefore
  written from ``variant=draw``; :func:`parameters` does that for any :class:`Rules`.

**Actions** are numbered as :mod:`doublesix.adapters.table` says: 0 draw, 1 pass,
``2 + 5 * tile.index + slot`` a lay (slot 0 lead, 1 left, 2 right, 3 up, 4 down).  **Chance**
deals each tile uniformly from those not dealt yet, and a draw is followed by a chance event
picking the tile uniformly from the boneyard.

**Returns** are zero until the match is over; then each seat's score less the mean score of
the seats not on its side (2 players: the difference of the scores; partners: their team's
lead), so the game is zero-sum.  Rewards come at the end (OpenSpiel's MCTS needs that).

**Observations** (:mod:`doublesix.adapters.encoding`) are built from the seat's
:class:`~doublesix.engine.view.View` alone: the information state is the view with the whole public
record, the observation the position now.

:meth:`DoublesixState.resample_from_infostate` deals the tiles ``player`` cannot see anew,
consistently with its view (each seat's number of tiles, the numbers it is known to lack, and
an automatic opening tile that no hand could beat), so ``ISMCTSBot`` searches possible worlds.
States serialize (``pyspiel.serialize_game_and_state``) and clone.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, Final

import numpy as np
import pyspiel

from doublesix.adapters.encoding import Encoder, Private
from doublesix.adapters.table import (
    Table,
    action_count,
    decision_bound,
    move_of,
    score_bound,
)
from doublesix.ai.rng import Rng
from doublesix.ai.sampling import Sampler, allowed_tiles
from doublesix.engine.rules import OPTIONS, Rules
from doublesix.engine.tiles import TILES, Mask, indices
from doublesix.engine.view import View

#: The name the game is registered under.
GAME_NAME: Final = "python_doublesix"

_DRAW: Final = Rules.variant("draw")
#: Every parameter with its default: the Draw preset's options, and one hand.
DEFAULTS: Final[dict[str, object]] = {"variant": "draw", **_DRAW.options(), "target": 0}
#: Options always read as given (the others only when they differ from the Draw preset).
_ALWAYS: Final = frozenset({"target"})


def rules_from_parameters(params: Mapping[str, Any] | None = None) -> Rules:
    """The rules a game's parameters stand for (see the module's docstring).

    >>> rules_from_parameters({"variant": "muggins", "players": 4, "target": 150})
    Rules.variant('muggins', players=4, target=150)
    >>> rules_from_parameters({"variant": "muggins", "spinner": False}).spinner
    True
    """
    given = dict(params or {})
    variant = str(given.pop("variant", "draw"))
    options: dict[str, Any] = {}
    for name, value in given.items():
        if name not in OPTIONS:
            raise ValueError(f"unknown parameter {name!r}; the parameters are: "
                             + ", ".join(DEFAULTS))
        if name in _ALWAYS or value != DEFAULTS[name]:
            options[name] = value
    options.setdefault("target", DEFAULTS["target"])
    return Rules.variant(variant, **options)


def parameters(rules: Rules) -> dict[str, Any]:
    """Parameters that load exactly ``rules`` (every option as in ``rules``).

    >>> parameters(Rules.variant("block", target=0))
    {'variant': 'block', 'target': 0}
    >>> parameters(Rules.variant("muggins", spinner=False))["variant"]
    'draw'
    """
    for base in (rules.name, "draw"):
        params: dict[str, Any] = {"variant": base, "target": rules.target}
        preset = Rules.variant(base)
        for name, value in rules.options().items():
            if name not in _ALWAYS and value != preset.options()[name]:
                params[name] = value
        if rules_from_parameters(params).options() == rules.options():
            return params
    raise ValueError(f"these rules cannot be written as parameters: {rules!r}")


def load_game(variant: str | Rules = "draw", **options: Any) -> Any:
    """The OpenSpiel game of ``Rules.variant(variant, **options)`` (or of a :class:`Rules`),
    with ``target`` 0 (one hand) unless given.

    >>> load_game("all-fives", players=3).num_players()
    3
    """
    if isinstance(variant, Rules):
        if options:
            raise ValueError("give either Rules or a variant with options, not both")
        rules = variant
    else:
        rules = Rules.variant(variant, **{"target": 0, **options})
    return pyspiel.load_game(GAME_NAME, parameters(rules))


_GAME_TYPE: Final = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="doublesix dominoes (Draw, Block, All Fives, Muggins and their options)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=4,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    provides_factored_observation_string=False,
    parameter_specification=DEFAULTS,
)


def max_game_length(rules: Rules) -> int:
    """The most decisions a game can take: :func:`~doublesix.adapters.table.decision_bound`
    per hand, and in a match to a target at most ``players * target + 1`` hands.  (A hand can
    end drawn and score nothing, so a match has no hard bound; no real match comes near this
    one.)"""
    hands = 1 if rules.target == 0 else rules.players * rules.target + 1
    return decision_bound(rules) * hands


class DoublesixGame(pyspiel.Game):  # type: ignore[misc]
    """A doublesix game for OpenSpiel (load it with ``pyspiel.load_game``)."""

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        rules = rules_from_parameters({**DEFAULTS, **dict(params or {})})
        bound = float(score_bound(rules))
        info = pyspiel.GameInfo(
            num_distinct_actions=action_count(rules.set),
            max_chance_outcomes=rules.tile_count,
            num_players=rules.players,
            min_utility=-bound,
            max_utility=bound,
            utility_sum=0.0,
            max_game_length=max_game_length(rules),
        )
        # The parameters the game keeps (and its name shows) are every option as played.
        super().__init__(_GAME_TYPE, info, {"variant": rules.name, **rules.options()})
        #: The rules this game is played under.
        self.rules = rules

    def new_initial_state(self) -> DoublesixState:
        """The match before the first tile is dealt."""
        return DoublesixState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> DoublesixObserver:
        """An observer of the given kind (OpenSpiel's default: the observation now)."""
        return DoublesixObserver(
            self.rules, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params
        )


class DoublesixState(pyspiel.State):  # type: ignore[misc]
    """A position of a doublesix match in OpenSpiel: a :class:`Table` underneath."""

    def __init__(self, game: DoublesixGame, table: Table | None = None) -> None:
        super().__init__(game)
        self._table = Table(game.rules) if table is None else table
        self._player = self._whose()

    def _whose(self) -> int:
        table = self._table
        if table.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        turn = table.turn
        return int(pyspiel.PlayerId.CHANCE) if turn is None else turn

    @property
    def table(self) -> Table:
        """The match underneath (the referee's knowledge)."""
        return self._table

    def view(self, player: int) -> View:
        """What ``player`` may know now."""
        return self._table.view(player)

    # -- the OpenSpiel API ----------------------------------------------------------------

    def current_player(self) -> int:
        """The seat to move, or OpenSpiel's chance or terminal player."""
        return self._player

    def _legal_actions(self, player: int) -> list[int]:
        return self._table.legal_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The tiles chance may deal or draw, each as likely."""
        outcomes = self._table.chance_outcomes()
        p = 1.0 / len(outcomes)
        return [(t, p) for t in outcomes]

    def _apply_action(self, action: int) -> None:
        table = self._table
        if self._player == _CHANCE:
            table.deal(int(action))
        else:
            table.play(move_of(int(action)))
        self._player = self._whose()

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"tile {TILES[action]}"
        return str(move_of(action))

    def is_terminal(self) -> bool:
        """Whether the match is over."""
        return self._player == _TERMINAL

    def returns(self) -> list[float]:
        """Each seat's result (see the module's docstring)."""
        return self._table.returns()

    def __str__(self) -> str:
        table = self._table
        state = table.state
        if state is None:
            size = table.rules.hand_size
            hands = [sum(1 << t for t in table.dealt[s * size:(s + 1) * size])
                     for s in range(table.rules.players)]
            where = f"dealing ({len(table.dealt)} dealt)"
        else:
            hands = list(state.hands)
            where = "drawing" if table.drawing else "boneyard " + (
                " ".join(str(TILES[t]) for t in sorted(state.boneyard, reverse=True)) or "-")
        shown = _REFEREE.get(table.rules)
        if shown is None:
            shown = _REFEREE[table.rules] = Encoder(table.rules, "all", recall=True)
        return f"{shown.string(table.view(0), hands)}\n{where}"

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> Any:
        """A state ``player_id`` cannot tell from this one, its hidden tiles dealt anew
        consistently with its view; ``probability_sampler`` (a callable giving floats in
        [0, 1), such as ``pyspiel.UniformProbabilitySampler``, or a ``random.Random``) seeds
        the deal.  The new state's own action history starts empty: its past deals are not
        made up, only the position and the public record are carried over."""
        rng = _rng(probability_sampler)
        table = self._table
        hands = consistent_hands(table, player_id, rng)
        state = DoublesixState(self.get_game(), table.with_hidden(player_id, hands))
        return state


_REFEREE: dict[Rules, Encoder] = {}
_CHANCE: Final = int(pyspiel.PlayerId.CHANCE)
_TERMINAL: Final = int(pyspiel.PlayerId.TERMINAL)


def _rng(sampler: Any) -> random.Random:
    if isinstance(sampler, random.Random):
        return sampler
    if callable(sampler):
        return random.Random(int(float(sampler()) * 2**53))
    raise ValueError(f"not a probability sampler: {sampler!r}")


def consistent_hands(table: Table, seat: int, rng: random.Random) -> list[Mask]:
    """Every seat's hand in a world ``seat`` cannot tell from the real one: its own as it is;
    the others' drawn from the tiles it cannot see, each seat given as many as it holds and
    none it cannot hold (a number it is known to lack; a tile that would have outranked an
    automatically laid opening tile, unless it has drawn since); and, when nothing can be
    drawn, some hand holding a tile that fits (or the hand would have ended blocked).  The
    expert's sampler draws them; should that fail (it relaxes a constraint after 50 tries, and
    knows nothing of blocking), a random matching of tiles to seats that keeps them all."""
    view = table.view(seat)
    if table.state is None:  # a deal in progress: every tile it cannot see is alike
        sizes = view.hand_sizes
        pool = list(indices(table.hidden(seat)))
        rng.shuffle(pool)
        hands: list[Mask] = []
        for s, size in enumerate(sizes):
            if s == seat:
                hands.append(view.hand_mask)
                continue
            hands.append(sum(1 << t for t in pool[:size]))
            del pool[:size]
        return hands
    key = (_SAMPLER, seat)
    cached = table.cache.get(key)
    if cached is None:  # (ISMCTS resamples one position once a simulation)
        state = table.state
        # The tiles some hand must hold one of: those that fit, when nothing can be drawn.
        needed = 0
        if not state.over and state.layout.played and not (table.drawing or state.can_draw):
            needed = state.layout.fits
            if view.hand_mask & needed:
                needed = 0  # (the seat's own hand fits)
        cached = table.cache[key] = (Sampler(view), allowed_tiles(view), needed)
    assert isinstance(cached, tuple)
    sampler, allowed, needed = cached
    others = [s for s in range(len(allowed)) if s != seat]
    draw = Rng.from_random(rng)
    for _ in range(_SAMPLER_TRIES):
        hands = sampler.hands(draw)
        if all(not hands[s] & ~allowed[s] for s in others) and (
            not needed or any(hands[s] & needed for s in others)
        ):
            return hands
    if not needed:
        matched = _matching(view, allowed, rng)
    else:
        pairs = [(s, t) for s in others for t in indices(allowed[s] & needed)]
        rng.shuffle(pairs)
        matched = None
        for pair in pairs:
            matched = _matching(view, allowed, rng, pair)
            if matched is not None:
                break
    if matched is None:
        raise ValueError(f"no world is consistent with seat {seat}'s view")
    return matched


_SAMPLER: Final = "sampler"
#: How many of the sampler's guesses are tried before a matching is built instead.
_SAMPLER_TRIES: Final = 20


def _matching(view: View, allowed: list[Mask], rng: random.Random,
              given: tuple[int, int] | None = None) -> list[Mask] | None:
    """A random assignment of unseen tiles to the other seats' slots within ``allowed``
    (Kuhn's augmenting paths, slots and tiles tried in random order), with the tile ``given``
    to its seat if one is given as (seat, tile); None if there is none."""
    sizes = list(view.hand_sizes)
    taken = 0
    if given is not None:
        sizes[given[0]] -= 1
        taken = 1 << given[1]
    slots = [s for s, size in enumerate(sizes) if s != view.seat for _ in range(size)]
    rng.shuffle(slots)
    owner: dict[int, int] = {}  # tile -> slot number

    def place(slot: int, seen: set[int]) -> bool:
        options = list(indices(allowed[slots[slot]] & ~taken))
        rng.shuffle(options)
        for t in options:
            if t in seen:
                continue
            seen.add(t)
            if t not in owner or place(owner[t], seen):
                owner[t] = slot
                return True
        return False

    for slot in range(len(slots)):
        if not place(slot, set()):
            return None
    hands = [0] * len(sizes)
    hands[view.seat] = view.hand_mask
    for t, slot in owner.items():
        hands[slots[slot]] |= 1 << t
    if given is not None:
        hands[given[0]] |= taken
    return hands


_PRIVATE: Final[dict[Any, Private]] = {
    pyspiel.PrivateInfoType.SINGLE_PLAYER: "single",
    pyspiel.PrivateInfoType.NONE: "none",
    pyspiel.PrivateInfoType.ALL_PLAYERS: "all",
}


class DoublesixObserver:
    """OpenSpiel's observer: ``tensor`` and ``dict`` (its named pieces), filled by
    :meth:`set_from`; :meth:`string_from` for the text.  Both come from the seat's view (and,
    for an observer of every hand, the referee's hands)."""

    def __init__(self, rules: Rules, iig_obs_type: Any,
                 params: Mapping[str, Any] | None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        self._encoder = Encoder(rules, _PRIVATE[iig_obs_type.private_info],
                                bool(iig_obs_type.public_info), bool(iig_obs_type.perfect_recall))
        self.tensor = np.zeros(self._encoder.size, np.float32)
        # The cache key of the tensor's values (its private kind decides whether a resampled
        # world may reuse them, as for the strings).
        self._values_key = _ValuesKey(self._encoder.private)
        self.dict: dict[str, Any] = {}
        for name, shape in self._encoder.pieces:
            start = self._encoder.offsets[name]
            count = int(np.prod(shape))
            self.dict[name] = self.tensor[start:start + count].reshape(shape)

    def _hands(self, table: Table) -> list[Mask] | None:
        if self._encoder.private != "all":
            return None
        if table.state is not None:
            return list(table.state.hands)
        size = table.rules.hand_size
        return [sum(1 << t for t in table.dealt[s * size:(s + 1) * size])
                for s in range(table.rules.players)]

    def set_from(self, state: DoublesixState, player: int) -> None:
        """Fill the tensor with what ``player`` observes in ``state``."""
        table = state.table
        key = (self._values_key, player)
        values = table.cache.get(key)
        if not isinstance(values, list):
            values = table.cache[key] = self._encoder.values(table.view(player),
                                                             self._hands(table))
        self.tensor[:] = values

    def string_from(self, state: DoublesixState, player: int) -> str:
        """What ``player`` observes in ``state``, as text."""
        table = state.table
        key = (self._encoder, player)
        text = table.cache.get(key)
        if text is None:
            text = self._encoder.string(table.view(player), self._hands(table))
            if table.drawing and self._encoder.public:
                text += "\ndrawing"
            table.cache[key] = text
        assert isinstance(text, str)
        return text


class _ValuesKey:
    """A cache key for an observer's tensor values, with the encoder's privacy."""

    def __init__(self, private: Private) -> None:
        self.private = private


def bot_resampler(seed: int) -> Callable[[Any, int], Any]:
    """A resampler for ``ISMCTSBot.set_resampler`` whose worlds follow from ``seed``, so a bot
    given a seeded ``random_state`` plays the same every time (OpenSpiel's own call seeds from
    the clock)."""
    rng = random.Random(seed)

    def resample(state: Any, player: int) -> Any:
        return state.resample_from_infostate(player, rng)

    return resample


pyspiel.register_game(_GAME_TYPE, DoublesixGame)
