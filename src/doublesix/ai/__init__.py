"""Computer players: two baselines, three personalities and an expert, all playing from a
seat's :class:`~doublesix.engine.view.View` alone.

A player is anything with ``choose(view, rng) -> Move``.  Every player is deterministic: the same
view and an equally seeded ``random.Random`` give the same move on every machine.

>>> import random
>>> from doublesix import Match, Rules
>>> match = Match(Rules.variant("draw"), seed=1)
>>> view = match.view(match.turn)
>>> player("greedy").choose(view, random.Random(0)) in view.legal_moves()
True
>>> PLAYERS["expert-careful"].base
'expert'
>>> player("expert-quick").playouts, PLAYERS["expert-quick"].spec
(16, 'expert:playouts=16')
>>> player("nobody")
Traceback (most recent call last):
...
ValueError: unknown player 'nobody'; the players are: random, greedy, pinocchio, ...
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, Final, NamedTuple, Protocol

from doublesix.ai.basic import Greedy, RandomPlayer, points_scored
from doublesix.ai.expert import Expert
from doublesix.ai.personalities import Buratino, Pinocchio, SnowWhite
from doublesix.engine.moves import Move
from doublesix.engine.view import View


class Player(Protocol):
    """Anything that picks a move from a view."""

    def choose(self, view: View, rng: random.Random) -> Move:
        """A legal move for the seat of ``view``, which must be the seat to move."""
        ...


#: A seat's kind when a person plays it, beside the computer players' names (:data:`PLAYERS`).
HUMAN: Final = "human"


class PlayerInfo(NamedTuple):
    """A computer player by name; a level of another player (the expert's quicker levels)
    names that player and its options.  How it is shown to people (its label, difficulty and
    style) is :mod:`doublesix.words.players`'s."""

    name: str
    #: The player this one is a level of (``expert``), or None for a player of its own.
    base: str | None = None
    #: The options it always plays with, as the base player's keywords (``playouts=16``).
    options: Mapping[str, int] = MappingProxyType({})

    @property
    def spec(self) -> str:
        """The player as a player spec (``doublesix tournament --players``): its name, or for
        a level of another player that player with its options.

        >>> PLAYERS["expert-careful"].spec, PLAYERS["greedy"].spec
        ('expert:playouts=100', 'greedy')
        """
        if self.base is None:
            return self.name
        return self.base + ":" + ",".join(f"{key}={value}" for key, value in self.options.items())


#: Every player by name, in the order a menu shows them.
PLAYERS: dict[str, PlayerInfo] = {
    info.name: info
    for info in (
        PlayerInfo("random"),
        PlayerInfo("greedy"),
        PlayerInfo("pinocchio"),
        PlayerInfo("buratino"),
        PlayerInfo("snow-white"),
        PlayerInfo("expert-quick", base="expert", options=MappingProxyType({"playouts": 16})),
        PlayerInfo("expert-careful", base="expert", options=MappingProxyType({"playouts": 100})),
        PlayerInfo("expert"),
    )
}


def player(name: str, **options: Any) -> Player:
    """A new player by name; options go to its constructor (``playouts=`` for the expert).  A
    level of another player (``expert-quick``) is that player at its own options, always.

    >>> player("expert", playouts=300).playouts
    300
    >>> player("greedy", playouts=300)
    Traceback (most recent call last):
    ...
    ValueError: greedy takes no option playouts
    >>> player("expert-careful", playouts=300)
    Traceback (most recent call last):
    ...
    ValueError: expert-careful plays as expert:playouts=100 and takes no options; ...
    """
    makers: dict[str, type[Player]] = {
        "random": RandomPlayer,
        "greedy": Greedy,
        "pinocchio": Pinocchio,
        "buratino": Buratino,
        "snow-white": SnowWhite,
        "expert": Expert,
    }
    info = PLAYERS.get(name)
    if info is None:
        raise ValueError(f"unknown player {name!r}; the players are: {', '.join(PLAYERS)}")
    if info.base is not None and options:
        raise ValueError(f"{name} plays as {info.spec} and takes no options; for another "
                         f"budget, name {info.base} with options")
    maker = makers[info.base or name]
    if maker is not Expert and options:
        raise ValueError(f"{name} takes no option {', '.join(options)}")
    try:
        return maker(**{**info.options, **options})
    except TypeError as error:
        raise ValueError(f"{name}: {error}") from None


class Hint(NamedTuple):
    """The move the expert would make, and why, in numbers (the hint's words are
    :func:`doublesix.words.endwords.hint_reason`'s)."""

    move: Move
    #: Why: ``draw`` or ``pass`` (nothing fits), ``out`` (the tile goes out), ``scores``
    #: (``points`` under fives), ``only`` (the only tile that fits), ``blocks`` (it leaves
    #: ``numbers`` open that the next seat lacks), ``wins`` (the share of the deals tried won).
    why: str
    points: int = 0
    numbers: tuple[int, ...] = ()
    wins: float = 0.0


def hint(view: View, seed: int = 0, **options: Any) -> Hint:
    """The expert's choice for the seat of ``view`` (the seat to move), with its reason.

    ``options`` go to the expert (``playouts=``); the same view and seed give the same hint.

    >>> from doublesix import Match, Rules
    >>> from doublesix.engine.tiles import TILES
    >>> hands = ["6|6 5|5 4|4 5|3 2|1 3|0 1|1".split(), "6|5 6|3 6|0 5|2 4|2 3|1 0|0".split()]
    >>> rest = [t for t in TILES[:28] if str(t) not in hands[0] + hands[1]]
    >>> match = Match(Rules.variant("all-fives"), hands=hands, boneyard=rest)
    >>> hint(match.view(1), playouts=200)
    Hint(move=Move(Tile(6, 3), 'left'), why='scores', points=15, numbers=(), wins=0.0)
    """
    moves = view.legal_moves()
    if not moves:
        raise ValueError(f"seat {view.seat} is not to move")
    if len(moves) == 1:
        return _reason(view, moves[0], None)
    best = Expert(**options).evaluate(view, random.Random(seed))[0]
    return _reason(view, best.move, best.wins)


def _reason(view: View, move: Move, wins: float | None) -> Hint:
    if move.kind in ("draw", "pass"):
        return Hint(move, move.kind)
    if view.hand_sizes[view.seat] == 1:
        return Hint(move, "out")
    if view.rules.scoring == "fives":
        points = points_scored(view.layout, move)
        if points:
            return Hint(move, "scores", points=points)
    if wins is None:
        return Hint(move, "only")
    after = view.layout.lay_index(move.t, move.e)
    nxt = (view.seat + 1) % view.rules.players
    blocked = tuple(sorted({n for _, n in after.open if n in view.lacks[nxt]}))
    if blocked:
        return Hint(move, "blocks", numbers=blocked)
    return Hint(move, "wins", wins=wins)


__all__ = ["HUMAN", "PLAYERS", "Hint", "Player", "PlayerInfo", "hint", "player"]
