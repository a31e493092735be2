"""The referee inside both adapters: a match in which every deal and every draw is a chance
event, the seats' views built as :class:`~doublesix.engine.match.Match` builds them, and the fixed
numbering of actions.

This module needs neither OpenSpiel nor PettingZoo; :mod:`doublesix.adapters.openspiel` and
:mod:`doublesix.adapters.pettingzoo` wrap it.

**Actions** are numbered the same way in every variant and set (a tile's number is its
:attr:`~doublesix.engine.tiles.Tile.index`, the same in every set):

- ``0``: draw a tile;  ``1``: pass;
- ``2 + 5 * tile.index + slot``: lay the tile, where ``slot`` is ``0`` to lead (the first tile
  of a hand, laid on a bare table), ``1`` on the left end, ``2`` right, ``3`` up, ``4`` down
  (the spinner's arms).

So the double-six set has ``2 + 5 * 28 = 142`` actions, double-nine 277, double-twelve 457.

>>> from doublesix import Move, Tile
>>> action_of(Move(Tile(6, 4), "right")), action_of(Move.draw()), action_of(Move.pass_())
(129, 0, 1)
>>> move_of(129), move_of(2)
(Move(Tile(6, 4), 'right'), Move(Tile(0, 0)))

**Chance.** A hand is dealt one tile at a time, each uniform over the tiles not dealt yet:
seat 0's tiles first, then seat 1's, and so on; the rest form the boneyard.  A draw is a
decision (action 0) followed by a chance event that picks the tile, uniform over the boneyard.
When the highest double opens a hand, it is laid for its holder as soon as the deal is done,
as a :class:`~doublesix.engine.match.Match` does.

>>> import random
>>> from doublesix import Rules
>>> table = Table(Rules.variant("draw", target=0))
>>> rng = random.Random(3)
>>> while not table.is_over:
...     if table.is_chance:
...         table.deal(rng.choice(table.chance_outcomes()))
...     else:
...         table.play(rng.choice(table.legal_moves()))
>>> table.returns(), table.winner
([-10.0, 10.0], 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from doublesix.engine.events import Event, public
from doublesix.engine.layout import Layout
from doublesix.engine.moves import DRAW_MOVE, IllegalMoveError, Move, lay_move
from doublesix.engine.referee import Step, match_winners, move_events, next_leader, seat_view, step
from doublesix.engine.rules import Rules
from doublesix.engine.state import State
from doublesix.engine.tiles import TILES, Mask, full_set, indices, tile_count
from doublesix.engine.view import View

#: Action numbers of the two moves that lay no tile.
DRAW_ACTION: Final = 0
PASS_ACTION: Final = 1
#: The slots of a lay, in action order: leading (no end), then the four ends.
SLOTS: Final = ("lead", "left", "right", "up", "down")
_FIRST_LAY: Final = 2

_NOTHING: Final[frozenset[int]] = frozenset()
_ACTIONS_KEY: Final = ("actions", -1)
#: Every move by its number.
_MOVES: Final = (Move.draw(), Move.pass_(), *(
    lay_move(t, slot - 1) for t in range(len(TILES)) for slot in range(len(SLOTS))))


def action_count(top: int) -> int:
    """How many actions there are with the double-``top`` set.

    >>> action_count(6), action_count(9), action_count(12)
    (142, 277, 457)
    """
    return _FIRST_LAY + len(SLOTS) * tile_count(top)


def action_of(move: Move) -> int:
    """The number of ``move`` (see the module's docstring)."""
    if move.t < 0:
        return DRAW_ACTION if move is DRAW_MOVE else PASS_ACTION
    return _FIRST_LAY + len(SLOTS) * move.t + move.e + 1


def move_of(action: int) -> Move:
    """The move numbered ``action``; a number that is no move raises ``ValueError``.

    >>> move_of(-1)
    Traceback (most recent call last):
    ...
    ValueError: no action numbered -1
    """
    try:
        if action >= 0:
            return _MOVES[action]
    except (IndexError, TypeError):
        pass
    raise ValueError(f"no action numbered {action}")


def margins(scores: Sequence[int], rules: Rules) -> list[float]:
    """Each seat's score less the mean score of the seats not on its side: the zero-sum form
    of a match's scores (2 players: the difference; partners: their team's lead).

    >>> margins([30, 10], Rules.variant("draw"))
    [20.0, -20.0]
    >>> margins([9, 0, 3], Rules.variant("draw", players=3))
    [7.5, -6.0, -1.5]
    """
    out = []
    for seat, score in enumerate(scores):
        side = rules.teammates(seat)
        others = [s for other, s in enumerate(scores) if other not in side]
        out.append(float(score) - sum(others) / len(others))
    return out


def score_bound(rules: Rules) -> int:
    """More than any seat can score in a match under ``rules`` (the bound of the returns): the
    last points before the target plus the most one scoring event can bring, or, in one hand,
    every pip of the set and the largest board count at every lay."""
    top = rules.set
    pips = top * (top + 1) * (top + 2) // 2  # every pip of the set
    hand_end = pips + 5  # (rounded to the nearest 5 under fives)
    fives = rules.scoring == "fives"
    count = (4 if rules.spinner else 2) * 2 * top  # every open end showing a double of the top
    if rules.target == 0:
        return hand_end + (rules.tile_count * count if fives else 0)
    return rules.target - 1 + max(hand_end, count if fives else 0)


def decision_bound(rules: Rules) -> int:
    """The most decisions a hand can take: every tile laid, every boneyard tile drawn, and at
    most ``players - 1`` passes after each lay."""
    tiles = rules.tile_count
    return tiles + rules.boneyard_size + (rules.players - 1) * (tiles + 1)


class Table:
    """A match whose deals and draws are chance events (the referee's full knowledge).

    Drive it with :meth:`deal` while :attr:`is_chance` (an outcome from
    :meth:`chance_outcomes`) and :meth:`play` otherwise, until :attr:`is_over`.  It is mutable
    (the frameworks change states in place); :meth:`copy` is cheap, since the engine's states
    are immutable and shared.
    """

    __slots__ = (
        "cache",
        "dealt",
        "drawing",
        "events",
        "hand_number",
        "leader",
        "rules",
        "start",
        "start_scores",
        "state",
        "steps",
    )

    rules: Rules
    #: The engine's state of the hand in play; None while a hand is being dealt.
    state: State | None
    #: The tiles dealt so far in the deal in progress (seat ``i // hand_size`` gets the ``i``-th).
    dealt: list[int]
    #: True when the seat to move has chosen to draw and chance is to pick the tile.
    drawing: bool
    #: The referee's record of the match (one event per tile drawn, naming it): the seats'
    #: views hold it made public.
    events: list[Event]
    #: The hand in play's public steps, for the seats' lacks.
    steps: list[Step]
    hand_number: int
    #: The scores the hand in play (or being dealt) started from.
    start_scores: tuple[int, ...]
    #: The seat that leads the hand being dealt with any tile (None: the highest double opens).
    leader: int | None
    #: The hand in play as it was dealt (None while a hand is being dealt).
    start: State | None
    #: Things computed from this position (views, strings), by (maker, seat); emptied by
    #: every change, carried by :meth:`copy`.
    cache: dict[tuple[object, int], object]

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.state = None
        self.dealt = []
        self.drawing = False
        self.events = []
        self.steps = []
        self.hand_number = 0
        self.start_scores = (0,) * rules.players
        self.leader = None
        self.start = None
        self.cache = {}

    def copy(self) -> Table:
        """An independent copy (the engine's immutable states are shared)."""
        other = Table.__new__(Table)
        other.rules = self.rules
        other.state = self.state
        other.dealt = self.dealt[:]
        other.drawing = self.drawing
        other.events = self.events[:]
        other.steps = self.steps[:]
        other.hand_number = self.hand_number
        other.start_scores = self.start_scores
        other.leader = self.leader
        other.start = self.start
        other.cache = self.cache.copy()
        return other

    def __deepcopy__(self, memo: dict[int, object]) -> Table:
        return self.copy()

    # -- where the match stands -----------------------------------------------------------

    @property
    def is_chance(self) -> bool:
        """True when chance moves next: a tile being dealt or drawn."""
        return self.state is None or self.drawing

    @property
    def is_over(self) -> bool:
        """True once the match is decided."""
        return self.state is not None and self.state.over

    @property
    def turn(self) -> int | None:
        """The seat to decide, or None at a chance event or once the match is over."""
        state = self.state
        if state is None or self.drawing or state.turn < 0:
            return None
        return state.turn

    @property
    def scores(self) -> tuple[int, ...]:
        """Each seat's score now."""
        return self.start_scores if self.state is None else self.state.scores

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats that won the match (both partners under teams); () until it is over or
        when it was drawn (:func:`doublesix.engine.referee.match_winners`)."""
        return () if self.state is None else match_winners(self.state)

    @property
    def winner(self) -> int | None:
        """The seat that won the match (under teams, the lower seat of the winning team)."""
        winners = self.winners
        return winners[0] if winners else None

    def returns(self) -> list[float]:
        """Each seat's result: :func:`margins` of the final scores; 0 until the match is over."""
        if not self.is_over:
            return [0.0] * self.rules.players
        return margins(self.scores, self.rules)

    # -- chance ---------------------------------------------------------------------------

    def chance_outcomes(self) -> list[int]:
        """The tiles (by index) chance may deal or draw now, each as likely; ascending."""
        if self.state is None:
            dealt = 0
            for t in self.dealt:
                dealt |= 1 << t
            return [t for t in range(self.rules.tile_count) if not dealt >> t & 1]
        if self.drawing:
            return sorted(self.state.boneyard)
        raise ValueError("no chance event now: a seat is to move, or the match is over")

    def deal(self, tile: int) -> None:
        """Apply a chance outcome: the next tile dealt, or the tile the drawing seat draws."""
        state = self.state
        if (state is None and (tile in self.dealt or not 0 <= tile < self.rules.tile_count)) or (
            state is not None and (not self.drawing or tile not in state.boneyard)
        ):
            raise ValueError(f"tile {tile} cannot be dealt or drawn now")
        self.cache = {}
        if state is None:
            self.dealt.append(tile)
            if len(self.dealt) == self.rules.players * self.rules.hand_size:
                self._start_hand()
            return
        seat = state.turn
        rest = [t for t in state.boneyard if t != tile]
        ordered = State.from_view(self._position(seat), state.hands, [tile, *rest])
        self.drawing = False
        self._advance(ordered, ordered.apply(DRAW_MOVE), DRAW_MOVE)

    def _start_hand(self) -> None:
        rules = self.rules
        size = rules.hand_size
        hands = [[TILES[t] for t in self.dealt[seat * size:(seat + 1) * size]]
                 for seat in range(rules.players)]
        taken = set(self.dealt)
        boneyard = [TILES[t] for t in range(rules.tile_count) if t not in taken]
        state = State.from_deal(rules, hands, boneyard, self.start_scores, self.leader)
        self.dealt = []
        self.steps = []
        self.events.append(Event("hand", number=self.hand_number))
        self.state = state
        self.start = state
        if state.opener >= 0:  # the highest double is laid for its holder, as Match does
            first = state.legal_moves()[0]
            self._advance(state, state.apply(first), first)

    # -- decisions ------------------------------------------------------------------------

    def legal_moves(self) -> tuple[Move, ...]:
        """The moves of the seat to decide; () at a chance event or once the match is over."""
        if self.turn is None:
            return ()
        assert self.state is not None
        return self.state.legal_moves()

    def legal_actions(self) -> list[int]:
        """The numbers of :meth:`legal_moves`, ascending."""
        actions = self.cache.get(_ACTIONS_KEY)
        if actions is None:
            actions = self.cache[_ACTIONS_KEY] = sorted(map(action_of, self.legal_moves()))
        assert isinstance(actions, list)
        return actions[:]

    def play(self, move: Move) -> None:
        """Make ``move`` for the seat to decide (a draw waits for chance to pick the tile).

        Raises :class:`~doublesix.engine.moves.IllegalMoveError` if it is not legal now."""
        state = self.state
        if state is None or move not in self.legal_moves():
            if state is None or self.turn is None:
                raise IllegalMoveError("nobody is to move: chance is, or the match is over")
            raise state.illegal(move)
        self.cache = {}
        if move is DRAW_MOVE:
            self.drawing = True
            return
        self._advance(state, state.apply(move), move)

    def _advance(self, before: State, after: State, move: Move) -> None:
        """Record ``move`` (from ``before`` to ``after``) as Match's history records it, and
        set up the next deal when the hand ended and the match goes on."""
        self.steps.append(step(before, move))
        self.events += move_events(before, after, move)
        self.state = after
        result = after.result
        if result is None or after.over:
            return
        assert self.start is not None
        self.leader = next_leader(self.rules, result, self.start.turn)
        self.start_scores = after.scores
        self.hand_number += 1
        self.state = None
        self.start = None
        self.steps = []

    # -- what a seat may know -------------------------------------------------------------

    def history(self) -> tuple[Event, ...]:
        """The public record as every seat's view holds it (each run of draws merged)."""
        events = self.events
        if self.is_over:
            events = [*events, Event("over", self.winner)]
        return public(events)

    def view(self, seat: int) -> View:
        """What ``seat`` may know now, as :meth:`Match.view <doublesix.engine.match.Match.view>`
        gives
        it.  While a hand is dealt: the bare table, the tiles dealt to the seat so far, and how
        many each seat has been dealt; while a drawn tile is awaited: the position before it."""
        key = ("view", seat)
        view = self.cache.get(key)
        if view is None:
            view = self.cache[key] = self._view(seat)
        assert isinstance(view, View)
        return view

    def _position(self, seat: int) -> View:
        """The position as ``seat`` sees it, without the record (``history`` and ``lacks``
        empty): all that :meth:`State.from_view` reads, for a draw."""
        view = self.cache.get(("view", seat))
        if isinstance(view, View):
            return view
        state = self.state
        assert state is not None
        return seat_view(state, seat, history=(), steps=(), hand_number=self.hand_number,
                         opening_forced=self._opening_forced)

    @property
    def _opening_forced(self) -> bool:
        return self.start is not None and self.start.opener >= 0

    def _view(self, seat: int) -> View:
        rules = self.rules
        players = rules.players
        if not isinstance(seat, int) or not 0 <= seat < players:
            raise ValueError(f"seat must be 0 to {players - 1}, not {seat!r}")
        state = self.state
        if state is None:
            size = rules.hand_size
            mine = self.dealt[seat * size:(seat + 1) * size]
            counts = tuple(min(size, max(0, len(self.dealt) - s * size)) for s in range(players))
            return View(
                seat=seat,
                rules=rules,
                hand=tuple(sorted((TILES[t] for t in mine), reverse=True)),
                layout=Layout.empty(rules.spinner_arms if rules.spinner else None),
                scores=self.start_scores,
                hand_sizes=counts,
                boneyard_size=rules.tile_count - len(self.dealt),
                turn=None,
                history=self.history(),
                lacks=(_NOTHING,) * players,
                hand_number=self.hand_number,
                hand_result=None,
                is_over=False,
                last_lay=(0,) * players,
            )
        return seat_view(state, seat, history=self.history(), steps=self.steps,
                         hand_number=self.hand_number, opening_forced=self._opening_forced)

    def hidden(self, seat: int) -> Mask:
        """The tiles ``seat`` cannot see: the other hands and the boneyard (or, while a hand is
        dealt, every tile not dealt to it)."""
        if self.state is None:
            size = self.rules.hand_size
            mine = 0
            for t in self.dealt[seat * size:(seat + 1) * size]:
                mine |= 1 << t
            return full_set(self.rules.set) & ~mine
        return full_set(self.rules.set) & ~self.state.hands[seat] & ~self.state.layout.played

    def with_hidden(self, seat: int, hands: Sequence[Mask]) -> Table:
        """A copy in which every seat but ``seat`` holds ``hands[s]`` (``seat``'s own entry must
        be its real hand) and the boneyard the rest: the same position for ``seat``, another
        world for the others.  While a hand is dealt, ``hands`` are the tiles dealt so far."""
        other = self.copy()
        # What ``seat`` sees is the same; anything else computed may differ.
        other.cache = {key: value for key, value in self.cache.items()
                       if key[1] == seat and getattr(key[0], "private", None) != "all"}
        state = self.state
        if state is None:
            size = self.rules.hand_size
            dealt: list[int] = []
            for s in range(self.rules.players):
                count = min(size, max(0, len(self.dealt) - s * size))
                tiles = sorted(indices(hands[s]))
                if len(tiles) != count:
                    raise ValueError(f"seat {s} has been dealt {count} tiles")
                dealt += (self.dealt[s * size:(s + 1) * size] if s == seat else tiles)
            other.dealt = dealt
            return other
        view = self.view(seat)
        left = view.unseen_mask
        for s, mask in enumerate(hands):
            if s != seat:
                left &= ~mask
        other.state = State.from_view(view, hands, sorted(indices(left)))
        return other

    def __repr__(self) -> str:
        phase = ("dealing" if self.state is None else "drawing" if self.drawing
                 else "over" if self.is_over else f"seat {self.turn} to move")
        return f"<Table {self.rules!r} hand {self.hand_number + 1}, {phase}>"

