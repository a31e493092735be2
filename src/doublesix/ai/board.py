"""A fast, mutable copy of one hand of play, for the expert's playouts.

The engine's :class:`~doublesix.engine.state.State` is the rules; it is immutable, which makes a
playout build a new state and layout for every move.  :class:`Board` plays the same rules in
place on plain ints and lists, about five times faster.  ``tests/test_ai_board.py`` ties it to
the engine: on random games of every variant it must list the same legal moves and end with the
same scores and result.

>>> from doublesix import Rules, State
>>> state = State.deal(Rules.variant("all-fives", target=0), seed=3)
>>> state = state.play(state.legal_moves()[0])
>>> board = Board.from_state(state)
>>> sorted(board.moves()) == sorted((m.t, m.e) for m in state.legal_moves())
True
"""

from __future__ import annotations

from collections.abc import Sequence

from doublesix.engine.layout import ARMS_AFTER_SIDES, ARMS_IMMEDIATE, Layout
from doublesix.engine.moves import Move, lay_move
from doublesix.engine.state import Config, State, blocked_outcome, config, going_out_points
from doublesix.engine.tiles import HIGH, IS_DOUBLE, LOW, PIPS, SUIT, Mask, indices
from doublesix.engine.view import View

#: A move on the board: (tile index, end number); (-1, -1) draws and (-1, -2) passes.
DRAW = (-1, -1)
PASS = (-1, -2)


class Board:
    """One hand in play, changed in place.  ``turn`` is -1 once the hand is over."""

    __slots__ = (
        "bone", "cfg", "contrib", "count", "drawing", "ends", "fives", "hands", "last_lay",
        "mode", "over", "played", "players", "pos", "result", "scores", "single",
        "spin_sides", "spinner", "target", "tie_fewer", "turn",
    )

    hands: list[Mask]
    bone: list[int] | tuple[int, ...]
    pos: int
    turn: int
    scores: list[int]
    ends: list[int]
    contrib: list[int]
    count: int
    played: Mask
    single: bool
    spinner: int
    spin_sides: int
    mode: int
    last_lay: list[int]
    #: (winner or None, points, blocked) once the hand has ended.
    result: tuple[int | None, int, bool] | None
    over: bool
    players: int
    drawing: bool
    fives: bool
    target: int
    cfg: Config
    tie_fewer: bool

    @classmethod
    def from_state(cls, state: State) -> Board:
        """A board in the position of ``state`` (which must not be waiting for its opener)."""
        result = state.result
        return cls._make(
            state.cfg, state.layout, list(state.hands), state.bone, state.pos, state.turn,
            state.scores, state.last_lay,
            None if result is None else (result.winner, result.points, result.blocked),
            state.over,
        )

    @classmethod
    def from_view(cls, view: View) -> Board:
        """A board in the position ``view`` shows while its seat is to move, with its own hand
        and every other hand empty and no boneyard: a search puts a guess at them in
        (``hands``, ``bone``, ``pos``) before it plays.

        >>> from doublesix import Match, Rules
        >>> view = Match(Rules.variant("draw"), seed=3).view(0)
        >>> board = Board.from_view(view)
        >>> board.hands[0] == view.hand_mask, board.turn == view.turn
        (True, True)
        """
        hands = [0] * view.rules.players
        hands[view.seat] = view.hand_mask
        turn = -1 if view.turn is None else view.turn
        return cls._make(config(view.rules), view.layout, hands, (), 0, turn, view.scores,
                         view.last_lay, None, False)

    @classmethod
    def _make(
        cls, cfg: Config, layout: Layout, hands: list[Mask], bone: tuple[int, ...], pos: int,
        turn: int, scores: Sequence[int], last_lay: Sequence[int],
        result: tuple[int | None, int, bool] | None, over: bool,
    ) -> Board:
        board = object.__new__(cls)
        board.hands = hands
        board.bone = bone
        board.pos = pos
        board.turn = turn
        board.scores = list(scores)
        board.ends = list(layout.ends)
        board.contrib = list(layout.contrib)
        board.count = layout.count
        board.played = layout.played
        board.single = layout.single
        board.spinner = layout.spinner
        board.spin_sides = layout.spin_sides
        board.mode = layout.mode
        board.last_lay = list(last_lay) if last_lay else [0] * cfg.players
        board.result = result
        board.over = over
        board.cfg = cfg
        board.players = cfg.players
        board.drawing = cfg.drawing
        board.fives = cfg.fives
        board.target = cfg.target
        board.tie_fewer = cfg.tie_fewer
        return board

    def copy(self) -> Board:
        """An independent copy."""
        board = object.__new__(Board)
        board.hands = self.hands[:]
        board.bone = self.bone
        board.pos = self.pos
        board.turn = self.turn
        board.scores = self.scores[:]
        board.ends = self.ends[:]
        board.contrib = self.contrib[:]
        board.count = self.count
        board.played = self.played
        board.single = self.single
        board.spinner = self.spinner
        board.spin_sides = self.spin_sides
        board.mode = self.mode
        board.last_lay = self.last_lay[:]
        board.result = self.result
        board.over = self.over
        board.cfg = self.cfg
        board.players = self.players
        board.drawing = self.drawing
        board.fives = self.fives
        board.target = self.target
        board.tie_fewer = self.tie_fewer
        return board

    def fits(self) -> Mask:
        """Every tile that fits an open end (0 before the first tile)."""
        ends = self.ends
        fits = 0
        for n in ends:
            if n >= 0:
                fits |= SUIT[n]
        return fits

    def moves(self) -> list[tuple[int, int]]:
        """The legal moves of the seat to move, in the engine's order; [] when over."""
        if self.turn < 0:
            return []
        hand = self.hands[self.turn]
        if not self.played:
            return [(t, -1) for t in indices(hand)]
        found = []
        for e, n in enumerate(self.ends):
            if n >= 0:
                m = hand & SUIT[n]
                while m:
                    t = m.bit_length() - 1
                    found.append((t, e))
                    m ^= 1 << t
        if found:
            return found
        return [DRAW] if self.drawing and self.pos < len(self.bone) else [PASS]

    def count_after(self, t: int, e: int) -> int:
        """The board count if tile ``t`` were laid on end ``e`` (-1 to open)."""
        if e < 0:
            return PIPS[t]
        ends = self.ends
        outer = PIPS[t] - ends[e]
        count = self.count - self.contrib[e] + (outer + outer if IS_DOUBLE[t] else outer)
        if e < 2 and self.single and ends[0] == ends[1]:
            count += ends[1 - e]
        return count

    def play(self, t: int, e: int) -> None:
        """Make a legal move: lay tile ``t`` on end ``e``, or ``DRAW`` / ``PASS``."""
        seat = self.turn
        if t < 0:
            if e == -1:
                self.hands[seat] |= 1 << self.bone[self.pos]
                self.pos += 1
                if self.pos == len(self.bone):
                    self.block_check()
            else:
                self.turn = (seat + 1) % self.players
                self.block_check()  # (nothing to draw) a pass that leaves nobody a lay
            return
        self.place(t, e)
        left = self.hands[seat] ^ (1 << t)
        self.hands[seat] = left
        cfg = self.cfg
        if cfg.track_lays:
            self.last_lay[seat] = self.played.bit_count()
        if self.fives:
            count = self.count
            if count and not count % 5:
                for mate in cfg.mates[seat]:
                    self.scores[mate] += count
                if self.target and self.scores[seat] >= self.target:
                    self.turn = -1
                    self.result = (seat, 0, False)
                    self.over = True
                    return
        self.turn = (seat + 1) % self.players
        if not left:
            self.finish(seat, going_out_points(self.hands, seat, cfg), False)
        elif not (self.drawing and self.pos < len(self.bone)):
            self.block_check()

    def place(self, t: int, e: int) -> None:
        """Put tile ``t`` on end ``e`` (-1 to open): the layout only, not the hand, the score
        or the turn (:meth:`play` does those)."""
        ends = self.ends
        contrib = self.contrib
        high = HIGH[t]
        double = IS_DOUBLE[t]
        mode = self.mode
        self.played |= 1 << t
        if e < 0:
            ends[0], ends[1] = high, LOW[t]
            contrib[0], contrib[1] = high, LOW[t]
            self.single = True
            if double and mode:
                self.spinner = high
                self.spin_sides = 3
                if mode == ARMS_IMMEDIATE:
                    ends[2] = ends[3] = high
            self._recount()
            return
        old = ends[e]
        outer = PIPS[t] - old
        ends[e] = outer
        contrib[e] = outer + outer if double else outer
        if not self.single and not mode:  # a plain line: only this end's count changes
            self.count = contrib[0] + contrib[1]
            return
        if e < 2:
            if self.single:
                self.single = False
                if ends[1 - e] == old:  # a lone double: its bare side counts twice
                    contrib[1 - e] = old + old
            spin_sides = self.spin_sides
            if spin_sides >> e & 1:
                spin_sides &= ~(1 << e)
                self.spin_sides = spin_sides
                if spin_sides == 0 and mode == ARMS_AFTER_SIDES:
                    ends[2] = ends[3] = self.spinner
            if double and self.spinner < 0 and mode:
                self.spinner = high
                self.spin_sides = 1 << e
                if mode == ARMS_IMMEDIATE:
                    ends[2] = ends[3] = high
        self._recount()

    def _recount(self) -> None:
        count = 0
        ends = self.ends
        contrib = self.contrib
        for e in range(4):
            if ends[e] >= 0:
                count += contrib[e]
        self.count = count

    def block_check(self) -> None:
        """End the hand if nobody can lay and nothing can be drawn (the engine's rule)."""
        fits = self.fits()
        hands = self.hands
        for hand in hands:
            if hand & fits:
                return
        winner, points = blocked_outcome(hands, self.last_lay, self.cfg)
        self.finish(winner, points, True)

    def finish(self, winner: int | None, points: int, blocked: bool) -> None:
        """Close the hand: ``winner`` (None: drawn) scores ``points``; the match may be over."""
        if winner is not None and points:
            for mate in self.cfg.mates[winner]:
                self.scores[mate] += points
        self.turn = -1
        self.result = (winner, points, blocked)
        target = self.target
        self.over = target == 0 or max(self.scores) >= target


def to_move(t: int, e: int) -> Move:
    """The engine's :class:`Move` for a board move."""
    if t >= 0:
        return lay_move(t, e)
    return Move.draw() if e == -1 else Move.pass_()
