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
>>> PLAYERS["snow-white"].label
'Snow White'
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
from typing import Any, NamedTuple, Protocol

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


class PlayerInfo(NamedTuple):
    """How a player is shown to people: its name, label, difficulty and style in one line; a
    level of another player (the expert's quicker levels) names that player and its options."""

    name: str
    label: str
    difficulty: str
    style: str
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
        PlayerInfo("random", "Random", "beginner", "plays any legal tile at random"),
        PlayerInfo("greedy", "Greedy", "easy",
                   "lays its heaviest tile; under All Fives, the one that scores most"),
        PlayerInfo("pinocchio", "Pinocchio", "easy",
                   "plays fast and heavy: sheds pips and doubles early"),
        PlayerInfo("buratino", "Buratino", "medium",
                   "hunts points and races to go out, taking risks"),
        PlayerInfo("snow-white", "Snow White", "medium",
                   "plays safe: keeps a spread of numbers and blocks what you lack"),
        PlayerInfo("expert-quick", "Quick Expert", "hard",
                   "the expert at a small search (16 guesses at the hidden tiles a move): "
                   "quick, and easier to beat", base="expert",
                   options=MappingProxyType({"playouts": 16})),
        PlayerInfo("expert-careful", "Careful Expert", "hard",
                   "the expert at a middling search (100 guesses at the hidden tiles a move)",
                   base="expert", options=MappingProxyType({"playouts": 100})),
        PlayerInfo("expert", "Expert", "hard",
                   "searches many guesses at the hidden tiles and plays the best on average"),
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
    """The move the expert would make, and why, in a short sentence."""

    move: Move
    reason: str


def hint(view: View, seed: int = 0, **options: Any) -> Hint:
    """The expert's choice for the seat of ``view`` (the seat to move), with a reason.

    ``options`` go to the expert (``playouts=``); the same view and seed give the same hint.

    >>> from doublesix import Match, Rules
    >>> from doublesix.engine.tiles import TILES
    >>> hands = ["6|6 5|5 4|4 5|3 2|1 3|0 1|1".split(), "6|5 6|3 6|0 5|2 4|2 3|1 0|0".split()]
    >>> rest = [t for t in TILES[:28] if str(t) not in hands[0] + hands[1]]
    >>> match = Match(Rules.variant("all-fives"), hands=hands, boneyard=rest)
    >>> hint(match.view(1), playouts=200).reason
    '6|3 on the left scores 15'
    """
    moves = view.legal_moves()
    if not moves:
        raise ValueError(f"seat {view.seat} is not to move")
    if len(moves) == 1:
        return Hint(moves[0], _reason(view, moves[0], None))
    best = Expert(**options).evaluate(view, random.Random(seed))[0]
    return Hint(best.move, _reason(view, best.move, best.wins))


def _reason(view: View, move: Move, wins: float | None) -> str:
    if move.kind == "draw":
        return "nothing fits: draw"
    if move.kind == "pass":
        return "nothing fits and nothing is left to draw: pass"
    where = "to open" if move.end is None else f"on the {move.end}"
    if move.end in ("up", "down"):
        where = f"on the {move.end} arm"
    tile = move.tile
    if view.hand_sizes[view.seat] == 1:
        return f"{tile} {where} goes out"
    if view.rules.scoring == "fives":
        points = points_scored(view.layout, move)
        if points:
            return f"{tile} {where} scores {points}"
    if wins is None:
        return f"{tile} {where} is the only tile that fits"
    after = view.layout.lay_index(move.t, move.e)
    nxt = (view.seat + 1) % view.rules.players
    blocked = sorted({n for _, n in after.open if n in view.lacks[nxt]})
    if blocked:
        numbers = " or ".join(str(n) for n in blocked)
        return f"{tile} {where} leaves a {numbers} open, which the next player lacks"
    return f"{tile} {where} wins {wins:.0%} of the deals tried"


__all__ = ["PLAYERS", "Hint", "Player", "PlayerInfo", "hint", "player"]
