"""The expert's playout policy: a hand played out to its end on the :class:`~.board.Board`,
every seat laying the heaviest tile (points first under All Fives), the searching seat looking a
little ahead (:class:`Plan`).

This module chooses the moves and nothing else: every move is made by :meth:`Board.play
<doublesix.ai.board.Board.play>`, the one statement of the rules of a hand for the search.
Ties between lays the policy likes equally are broken by what the table would show after each
(:func:`tie_rank`), never by which end is which, so two placements that leave the same table, a
tile laid left or right of a lone double, get the same value.  ``tests/test_ai_board.py``
replays its playouts in the engine, move by move, against the policy as documented here, and
the compiled core (:mod:`doublesix.ai._core`) mirrors it function by function.

>>> from doublesix import Rules, State
>>> state = State.deal(Rules.variant("block"), seed=3)
>>> board = Board.from_state(state.apply(state.legal_moves()[0]))  # after the opening tile
>>> rollout(board, planner=0, plan=PIPS_PLAN)
>>> board.turn, board.result is not None
(-1, True)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import NamedTuple

from doublesix.ai.board import Board
from doublesix.engine.tiles import IS_DOUBLE, PIPS, SUIT, full_set, indices


class Plan(NamedTuple):
    """How the expert's own playout moves look ahead: weights, in the units of
    :func:`rollout_key` (a pip is 2), added to a lay's key.  Each counts only what the seat
    could know at the table: its own tiles, the tiles laid, and who could not lay on what.
    "The ends after the lay" are the ends open before it, the one it covers now showing the
    number the lay leaves open; "unseen" tiles are the set's tiles neither laid nor kept.

    >>> PIPS_PLAN.lock, FIVES_PLAN.lock
    (8, 28)
    """

    #: For each tile kept that shows the number the lay leaves open.
    follow: int
    #: For leaving open a number the next seat is known to lack.
    lock: int
    #: For each unseen tile that shows the number the lay leaves open.
    unseen_open: int
    #: For each tile kept that fits one of the ends after the lay.
    keep_fits: int
    #: For each unseen tile that fits one of the ends after the lay.
    unseen_fits: int
    #: For laying a double.
    double: int


#: The look-ahead in the games scored by pips (Draw, Block) and under All Fives, tuned by
#: playing the plan alone against greedy (``benchmarks/tune_plan.py``; the figures are in
#: docs/players.md, "The expert", and docs/expert-research.md).  The gist: leave the other
#: seats few tiles that fit, keep tiles that do.
PIPS_PLAN = Plan(follow=0, lock=8, unseen_open=2, keep_fits=6, unseen_fits=-7, double=8)
FIVES_PLAN = Plan(follow=12, lock=28, unseen_open=-14, keep_fits=0, unseen_fits=-11, double=0)


def reading_key(reading: Sequence[float], t: int, outer: int, count: int, laid: int,
                closes: bool) -> float:
    """How much a seat read by ``reading`` likes laying tile ``t``: the reading's weights on
    :func:`~doublesix.ai.sampling.lay_features` as the playout sees a lay: ``outer`` the number
    it leaves showing, ``count`` the board count after it (points when a multiple of 5 under
    All Fives; 0 otherwise), ``laid`` the tiles of ``outer`` on the table after it, ``closes``
    whether every other open end shows ``outer``.

    >>> reading_key((1.0, 0.0, 0.0, 0.0, 0.0, 2.0), 27, 6, 0, 2, True)
    14.0
    """
    points = count if count % 5 == 0 else 0
    return (reading[0] * PIPS[t] + reading[1] * IS_DOUBLE[t] + reading[2] * points
            + reading[3] * outer + reading[4] * laid + reading[5] * (1.0 if closes else 0.0))


def rollout_key(points: int, t: int) -> int:
    """How much the playout policy likes laying tile ``t`` for ``points``: points first, then
    pips, then a double.

    >>> rollout_key(0, 27) > rollout_key(0, 26), rollout_key(5, 0) > rollout_key(0, 27)
    (True, True)
    """
    return points * 64 + PIPS[t] * 2 + IS_DOUBLE[t]


def tie_rank(board: Board, t: int, e: int) -> tuple[int, int, int, bool, int]:
    """How the policy breaks a tie between lays it likes equally: the higher tile, then the
    one leaving the higher number showing, the higher count, a side of the line before a
    spinner's arm, the spinner's bare side before a covered one.  None of these depends on
    which end is which, and two lays equal in all of them leave the same table seen from the
    other side (left for right, up for down), so mirror tables are played alike.

    >>> from doublesix import Rules, State, Tile
    >>> board = Board.from_state(State.deal(Rules.variant("block"), seed=1))
    >>> board.place(Tile(6, 6).index, -1)  # a lone 6|6: 6|4 left or right leaves one table
    >>> tie_rank(board, Tile(6, 4).index, 0) == tie_rank(board, Tile(6, 4).index, 1)
    True
    """
    return (t, PIPS[t] - board.ends[e], board.count_after(t, e), e < 2,
            board.spin_sides >> e & 1)


def wins_tie(board: Board, t: int, e: int, bt: int, be: int) -> bool:
    """Whether lay ``(t, e)`` wins a tie against ``(bt, be)`` by :func:`tie_rank` (the higher
    tile wins at once).

    >>> from doublesix import Rules, State, Tile
    >>> board = Board.from_state(State.deal(Rules.variant("block"), seed=1))
    >>> board.place(Tile(6, 6).index, -1)
    >>> six_four, six_five = Tile(6, 4).index, Tile(6, 5).index
    >>> wins_tie(board, six_four, 1, six_four, 0), wins_tie(board, six_five, 0, six_four, 1)
    (False, True)
    """
    if t != bt:
        return t > bt
    return tie_rank(board, t, e) > tie_rank(board, bt, be)


def rollout(
    board: Board, planner: int = -1, lacks: list[int] | None = None, plan: Plan = PIPS_PLAN,
    reading: Sequence[float] = (),
) -> None:
    """Play the hand out in place, every seat laying the tile with the best
    :func:`rollout_key` (ties broken by :func:`tie_rank`, :func:`wins_tie`), the heaviest tile
    to open.

    The seat ``planner`` (none by default) also looks ahead, adding to each lay's key the
    weights of ``plan`` (see :class:`Plan`).  ``lacks`` holds, per seat, a mask of the numbers
    it is known to lack (``1 << n``), kept as :func:`doublesix.engine.view.derive_lacks` keeps
    them from the public record: a seat that cannot lay lacks the open numbers too; once it
    has drawn again since its last lay, only the open numbers (the tiles it drew may hold any
    other).  With a ``reading`` (weights on :data:`~doublesix.ai.sampling.LAY_FEATURES`), the
    seats not on the planner's side lay the tile the reading likes best (:func:`reading_key`)
    rather than the heaviest.
    """
    turn = board.turn
    if turn < 0:
        return
    players = board.players
    if lacks is None:
        lacks = [0] * players
    cfg = board.cfg
    hands = board.hands
    ends = board.ends
    fives = board.fives
    whole = full_set(cfg.rules.set)
    follow, lock_bonus, unseen_open, keep_fits, unseen_fits, double_bonus = plan
    play = board.play
    count_after = board.count_after
    drew = 0  # the seats that drew since their last lay, as bits
    # The seats that lay by the reading, as bits: none without a planner or a reading.
    readers = 0
    if reading and planner >= 0:
        for seat in range(players):
            if planner not in cfg.mates[seat]:
                readers |= 1 << seat
    while turn >= 0:
        hand = hands[turn]
        if hand & board.fit:  # (nothing fits before the opening tile)
            opened = board.opened
            played = board.played
            t = e = -1
            best = -(1 << 30)
            best_read = -math.inf
            reads = readers >> turn & 1
            plans = turn == planner
            if plans:
                lock = lacks[(turn + 1) % players]
                unseen = whole & ~(played | hand)
                # Per end, the tiles that fit the other open ends.
                others = [0, 0, 0, 0]
                for ee in opened:
                    for other in opened:
                        if other != ee:
                            others[ee] |= SUIT[ends[other]]
            for ee in opened:
                n = ends[ee]
                m = hand & SUIT[n]
                while m:
                    tt = m.bit_length() - 1
                    m ^= 1 << tt
                    outer = PIPS[tt] - n
                    after = count_after(tt, ee) if fives else 0
                    if reads:
                        read = reading_key(reading, tt, outer, after,
                                           ((played | 1 << tt) & SUIT[outer]).bit_count(),
                                           all(ends[o] == outer for o in opened if o != ee))
                        if read > best_read or (read == best_read
                                                and wins_tie(board, tt, ee, t, e)):
                            best_read, t, e = read, tt, ee
                        continue
                    key = PIPS[tt] * 2 + IS_DOUBLE[tt]  # rollout_key
                    if fives and after % 5 == 0:
                        key += after * 64
                    if plans:
                        rest = hand ^ 1 << tt
                        suit = SUIT[outer]
                        fits = suit | others[ee]
                        key += (follow * (rest & suit).bit_count()
                                + unseen_open * (suit & unseen).bit_count()
                                + keep_fits * (rest & fits).bit_count()
                                + unseen_fits * (fits & unseen).bit_count())
                        if lock >> outer & 1:
                            key += lock_bonus
                        if outer == n:
                            key += double_bonus
                    if key > best or (key == best and wins_tie(board, tt, ee, t, e)):
                        best, t, e = key, tt, ee
            drew &= ~(1 << turn)
            play(t, e)
        elif not board.played:  # the opening tile: the heaviest, points first
            best = -(1 << 30)
            t = -1
            for tt in indices(hand):
                pips = PIPS[tt]
                key = rollout_key(pips if fives and pips % 5 == 0 else 0, tt)
                if key > best:
                    best, t = key, tt
            play(t, -1)
        else:  # nothing to lay: the seat lacks every open number
            numbers = 0
            for ee in board.opened:
                numbers |= 1 << ends[ee]
            lacks[turn] = numbers if drew >> turn & 1 else lacks[turn] | numbers
            if board.drawing and board.pos < len(board.bone):
                drew |= 1 << turn
                play(-1, -1)  # DRAW
            else:
                drew &= ~(1 << turn)  # a pass ends the run
                play(-1, -2)  # PASS
        turn = board.turn


def outcome(end: Board, me: int, start: Board) -> tuple[float, float]:
    """The value of a finished playout for seat ``me`` (about 0 to 1), and 1, 0.5 or 0 for
    winning, drawing or losing the hand.  Under teams, ``me``'s team's: partners share a score,
    and a hand its partner wins is won."""
    gains = [a - b for a, b in zip(end.scores, start.scores, strict=True)]
    mine = end.cfg.mates[me]
    best_other = max(g for s, g in enumerate(gains) if s not in mine)
    result = end.result
    won = 0.5
    if result is not None and result[0] is not None:
        won = 1.0 if result[0] in mine else 0.0
    if end.fives:
        value = 0.5 + (gains[me] - best_other) / 100.0
        if end.target and end.over:  # the game's winner has the top score
            value += 1.0 if end.scores[me] == max(end.scores) else -1.0
        return value, won
    return won + (gains[me] - best_other) / 400.0, won
