"""The expert's experiments: ideas built and measured against the default, kept working and
off by default so that they can be measured again.  Each is a switch of :class:`Experiments`,
given to the expert by name (``Expert(race=True)``, or ``expert:race=1`` in a player spec);
their measurements are in docs/expert-research.md.  The first three showed no gain; the
``reading`` gains against the kind of player it was fitted to, and is off by default because
the expert cannot know it sits at such a table.

- ``race``: a 2-player playout under All Fives or Muggins in a game to a target is valued by
  the chance of winning the game from the scores it ends at (:func:`race_value`), rather than
  by the hand's margin.
- ``read_table``: the playouts play each seat named ``pinocchio``, ``buratino`` or
  ``snow-white`` at the table as that player plays (:func:`seat_styles`,
  :mod:`doublesix.ai.styles`), every other seat with the usual playout policy.
- ``nest``: the expert's own first ``nest_depth`` decisions with a choice in each playout are
  searched again, ``nest`` guesses per lay, from what it knows at that point of the playout
  (:func:`~doublesix.ai.playout.nested`), rather than left to the playout's look-ahead.  Unlike
  the other two it runs in the compiled core as well, so that it can be measured at full budget.
- ``reading``: a model of the other side fitted to one kind of player's lays by
  ``benchmarks/opponent_model.py`` (:data:`READINGS`, one per game fitted; see
  :func:`reading_weights`): weights on what the table shows of each
  lay (:func:`~doublesix.ai.sampling.lay_features`).  The guesses are weighed by a softmax of
  them over the lays each guess says the other seats had, rather than as heaviest first, and
  in the playouts those seats lay the tile the model likes best
  (:func:`~doublesix.ai.playout.reading_key`), on both paths.

>>> Experiments(race=True)
Experiments(race=True, read_table=False, nest=0, nest_depth=2, reading=())
>>> parse_reading("ismcts"), parse_reading("1/0/0/0/0/0")
('ismcts', (1.0, 0.0, 0.0, 0.0, 0.0, 0.0))
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from doublesix.ai.board import Board
from doublesix.ai.sampling import LAY_FEATURES, current_hand
from doublesix.ai.styles import Style, table_styles
from doublesix.engine.rules import Rules
from doublesix.engine.view import View

#: A 2-player hand under All Fives or Muggins between two point-greedy players: the spread
#: (standard deviation) of its point margin, and the points each seat scores in it on average
#: (600 hands of each from seeds 0 to 599: 26.9 and 27.4 points; 31.2 and 30.1 points).
HAND_MARGIN_SPREAD = 27.0
HAND_POINTS = 31.0


@dataclass(frozen=True, slots=True)
class Experiments:
    """Which of the expert's experiments are on (all off by default)."""

    #: Value a 2-player playout in a game to a target under All Fives or Muggins by the race
    #: to the target (:func:`race_value`).
    race: bool = False
    #: Play the seats of known personalities in their styles in the playouts
    #: (:func:`seat_styles`).
    read_table: bool = False
    #: Guesses per lay at the expert's own later decisions in a playout (0: none searched).
    nest: int = 0
    #: How many of those decisions in each playout are searched.
    nest_depth: int = 2
    #: The model of the other side: a name in :data:`READINGS`, or its weights (empty: none,
    #: heaviest first).
    reading: str | tuple[float, ...] = ()


#: Readings fitted by ``benchmarks/opponent_model.py``, by the player whose lays they read and
#: the game: OpenSpiel's ISMCTS with 1000 simulations, from its lays against the expert in 400
#: pairs of Block hands (seed 9100000) and 48 pairs of Draw hands (seed 9300000)
#: (docs/expert-research.md).
READINGS: dict[str, dict[str, tuple[float, ...]]] = {
    "ismcts": {
        "block": (0.525, 0.905, 0.0, -0.191, 0.367, 2.156),
        "draw": (0.005, 0.819, 0.0, 0.123, 0.282, 1.365),
    },
}


def reading_weights(reading: str | tuple[float, ...], rules: Rules) -> tuple[float, ...]:
    """The weights of ``reading`` in a game of ``rules``: a named reading's fit for that game
    (Block or Draw; none under All Fives, which no reading was fitted to), or the weights given.

    >>> reading_weights("ismcts", Rules.variant("draw"))
    (0.005, 0.819, 0.0, 0.123, 0.282, 1.365)
    >>> reading_weights("ismcts", Rules.variant("muggins")), reading_weights((1.0,) * 6, Rules())
    ((), (1.0, 1.0, 1.0, 1.0, 1.0, 1.0))
    """
    if not isinstance(reading, str):
        return reading
    if not reading or rules.scoring == "fives":
        return ()
    return READINGS[reading]["draw" if rules.drawing else "block"]


def parse_reading(text: str | Sequence[float]) -> str | tuple[float, ...]:
    """A reading by its name in :data:`READINGS`, or its weights written ``a/b/c/d/e/f``
    (in the order of :data:`~doublesix.ai.sampling.LAY_FEATURES`); ``""`` for none."""
    if not isinstance(text, str):
        weights = tuple(float(w) for w in text)
    elif not text:
        return ()
    elif text in READINGS:
        return text
    else:
        try:
            weights = tuple(float(w) for w in text.split("/"))
        except ValueError:
            raise ValueError(f"reading is a name ({', '.join(READINGS)}) or weights a/b/c/d/e/f,"
                             f" not {text!r}") from None
    if len(weights) != len(LAY_FEATURES):
        raise ValueError(f"a reading has {len(LAY_FEATURES)} weights: {', '.join(LAY_FEATURES)}")
    return weights


def race_value(end: Board, me: int, margin: int) -> float:
    """The value for seat ``me`` of a finished 2-player playout ``end`` under All Fives or
    Muggins in a game to a target: 1 or 0 if the game is over, else the chance of winning it
    from the scores the hand ends at (:func:`race_chance`), the hand's point ``margin`` only
    breaking ties."""
    tie_break = margin / 10000.0
    target = end.target
    if end.over:
        return (1.0 if end.scores[me] == max(end.scores) else 0.0) + tie_break
    return race_chance(target - end.scores[me], target - end.scores[1 - me]) + tie_break


def race_chance(mine: int, other: int) -> float:
    """The chance of winning a 2-player game to a target under All Fives or Muggins when a
    hand begins with ``mine`` points still to score and the other seat ``other``, between
    equal players: a race in which each hand moves the margin by a normal step of spread
    :data:`HAND_MARGIN_SPREAD`, run for as many hands as the nearer seat needs at
    :data:`HAND_POINTS` a hand (at least one).

    >>> race_chance(100, 100)
    0.5
    >>> round(race_chance(5, 50), 2), round(race_chance(80, 100), 2)
    (0.95, 0.68)
    """
    hands = max(1.0, min(mine, other) / HAND_POINTS)
    spread = HAND_MARGIN_SPREAD * math.sqrt(hands)
    return 0.5 * math.erfc((mine - other) / (spread * math.sqrt(2.0)))


def seat_styles(table: Sequence[str | None] | None, view: View) -> list[Style | None] | None:
    """Per seat, the style its playout moves follow, from the names at the ``table`` (None:
    the usual policy, for the seat of ``view`` itself and for a seat of no known style); None
    when no seat has a known style or the table does not fit the game.

    >>> from doublesix import Match, Rules
    >>> view = Match(Rules.variant("draw"), seed=1).view(0)
    >>> [s and s.name for s in seat_styles(["expert", "snow-white"], view)]
    [None, 'snow-white']
    >>> seat_styles(["expert", "greedy"], view) is None
    True
    """
    if table is None or len(table) != view.rules.players:
        return None
    styles = table_styles(table, view.seat)
    return styles if any(s is not None for s in styles) else None


def shown_numbers(view: View) -> list[int]:
    """Per seat, the numbers it has shown it plays: those it left open with its lays this hand
    (for a lead it chose, both of the tile's numbers), as masks.  A styled seat reads its
    partner's under teams (:func:`~doublesix.ai.styles.style_move`).

    >>> from doublesix import Match, Rules
    >>> match = Match(Rules.variant("partnership", target=0), seed=3)
    >>> match.play("6|3 left")
    >>> shown_numbers(match.view(0)) == [0, 0, 1 << 3, 0]
    True
    """
    events, automatic = current_hand(view)
    outer = {p.tile: p.outer for arm in view.layout.placed().values() for p in arm}
    shown = [0] * view.rules.players
    for i, event in enumerate(events):
        if event.kind != "lay" or event.seat is None or event.tile is None:
            continue
        if event.end is not None:
            shown[event.seat] |= 1 << outer[event.tile]
        elif not (i == 0 and automatic):
            shown[event.seat] |= 1 << event.tile.high | 1 << event.tile.low
    return shown
