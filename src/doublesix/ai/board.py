"""The rules of a hand as the expert's search plays them, written once: a fast, mutable copy of
one hand of play.

The engine's :class:`~doublesix.engine.state.State` is the rules; it is immutable, which makes a
playout build a new state and layout for every move.  :class:`Board` plays the same rules in
place on plain ints and lists, about five times faster.  Every move of a playout goes through
:meth:`Board.play` (:mod:`doublesix.ai.playout` holds only the policy that chooses the moves),
and the compiled core (:mod:`doublesix.ai._core`) mirrors this module function by function.
``tests/test_ai_board.py`` ties it to the engine: on random games of every variant it must list
the same legal moves and end with the same scores and result.

>>> from doublesix import Rules, State
>>> state = State.deal(Rules.variant("all-fives", target=0), seed=3)
>>> state = state.apply(state.legal_moves()[0])
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

#: The ends open on a line, and once a spinner's arms are open (they open together).
LINE = (0, 1)
ARMS = (0, 1, 2, 3)


class Board:
    """One hand in play, changed in place.  ``turn`` is -1 once the hand is over."""

    __slots__ = (
        "bone", "cfg", "contrib", "count", "drawing", "ends", "fit", "fives", "hands",
        "last_lay", "mode", "opened", "over", "played", "players", "pos", "result", "scores",
        "single", "spin_sides", "spinner", "target", "turn",
    )

    hands: list[Mask]
    bone: Sequence[int]
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
    #: The open ends (:data:`LINE`, :data:`ARMS`, or none before the first tile) and every
    #: tile that fits one of them (0 before the first tile), kept by :meth:`place`.
    opened: tuple[int, ...]
    fit: Mask
    last_lay: list[int]
    #: (winner or None, points, blocked) once the hand has ended.
    result: tuple[int | None, int, bool] | None
    over: bool
    players: int
    drawing: bool
    fives: bool
    target: int
    cfg: Config

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
        cls, cfg: Config, layout: Layout, hands: list[Mask], bone: Sequence[int], pos: int,
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
        board.opened, board.fit = open_ends(board.ends)
        board.last_lay = list(last_lay) if last_lay else [0] * cfg.players
        board.result = result
        board.over = over
        board.cfg = cfg
        board.players = cfg.players
        board.drawing = cfg.drawing
        board.fives = cfg.fives
        board.target = cfg.target
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
        board.opened = self.opened
        board.fit = self.fit
        board.last_lay = self.last_lay[:]
        board.result = self.result
        board.over = self.over
        board.cfg = self.cfg
        board.players = self.players
        board.drawing = self.drawing
        board.fives = self.fives
        board.target = self.target
        return board

    def moves(self) -> list[tuple[int, int]]:
        """The legal moves of the seat to move, in the engine's order; [] when over."""
        if self.turn < 0:
            return []
        hand = self.hands[self.turn]
        if not self.played:
            return [(t, -1) for t in indices(hand)]
        found = []
        for e in self.opened:
            m = hand & SUIT[self.ends[e]]
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
        if e < 2 and self.single and ends[0] == ends[1]:  # a lone double: its bare side
            count += ends[1 - e]
        return count

    def play(self, t: int, e: int) -> None:
        """Make a legal move: lay tile ``t`` on end ``e``, or ``DRAW`` / ``PASS``; then score
        the lay, pass the turn, and end the hand (going out, a target reached, or blocked)."""
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
        if e >= 0 and not self.single and not self.mode:  # a plain line: only this end changes
            ends = self.ends
            contrib = self.contrib
            outer = PIPS[t] - ends[e]
            ends[e] = outer
            contrib[e] = outer + outer if IS_DOUBLE[t] else outer
            self.count = contrib[0] + contrib[1]
            self.fit = SUIT[outer] | SUIT[ends[1 - e]]
            self.played |= 1 << t
        else:
            self.place(t, e)
        hands = self.hands
        left = hands[seat] ^ (1 << t)
        hands[seat] = left
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
            self.finish(seat, going_out_points(hands, seat, cfg), False)
        elif not (self.drawing and self.pos < len(self.bone)):
            self.block_check()

    def place(self, t: int, e: int) -> None:
        """Put tile ``t`` on end ``e`` (-1 to open): the layout only, not the hand, the score
        or the turn (:meth:`play` does those, and lays on a plain line itself, faster)."""
        ends = self.ends
        contrib = self.contrib
        self.played |= 1 << t
        mode = self.mode
        high = HIGH[t]
        double = IS_DOUBLE[t]
        if e < 0:
            ends[0], ends[1] = high, LOW[t]
            contrib[0], contrib[1] = high, LOW[t]
            self.single = True
            if double and mode:
                self.spinner = high
                self.spin_sides = 3
                if mode == ARMS_IMMEDIATE:
                    ends[2] = ends[3] = high
        else:
            old = ends[e]
            outer = PIPS[t] - old
            ends[e] = outer
            contrib[e] = outer + outer if double else outer
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
        self.recount()

    def recount(self) -> None:
        """Work out the count, the open ends and the tiles that fit them from the ends."""
        count = 0
        ends = self.ends
        contrib = self.contrib
        for e in range(4):
            if ends[e] >= 0:
                count += contrib[e]
        self.count = count
        self.opened, self.fit = open_ends(ends)

    def block_check(self) -> None:
        """End the hand if nobody can lay and nothing can be drawn (the engine's rule)."""
        fit = self.fit
        hands = self.hands
        for hand in hands:
            if hand & fit:
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


def open_ends(ends: Sequence[int]) -> tuple[tuple[int, ...], Mask]:
    """The ends open (a tile down) and every tile that fits one of them (0 before the first
    tile); the arms of a spinner open together.

    >>> open_ends([6, 4, -1, -1]) == (LINE, SUIT[6] | SUIT[4])
    True
    """
    if ends[0] < 0:
        return (), 0
    if ends[2] < 0:
        return LINE, SUIT[ends[0]] | SUIT[ends[1]]
    return ARMS, SUIT[ends[0]] | SUIT[ends[1]] | SUIT[ends[2]] | SUIT[ends[3]]


def to_move(t: int, e: int) -> Move:
    """The engine's :class:`Move` for a board move."""
    if t >= 0:
        return lay_move(t, e)
    return Move.draw() if e == -1 else Move.pass_()
