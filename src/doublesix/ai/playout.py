"""The expert's playout: a hand played out to its end on the fast :class:`~.board.Board`, every
seat by one policy (the heaviest lay, points first under All Fives), the searching seat looking
a little ahead (:class:`Plan`).

This is the expert's hot loop, written once: :func:`rollout` keeps the board's numbers in local
variables and lays tiles on a plain line itself, handing the layout of a spinner and the
opening tile to the board.  ``tests/test_ai_board.py`` replays its playouts in the engine, move
by move, against the policy as documented here.

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
from doublesix.ai.experiments import race_value
from doublesix.ai.rng import Rng
from doublesix.ai.styles import Style, style_move
from doublesix.engine.state import going_out_points
from doublesix.engine.tiles import HIGH, IS_DOUBLE, PIPS, SUIT, Mask, full_set, indices

#: The most guesses a nested search draws per decision (the compiled core's room).
NEST_WORLDS = 32
#: Tries at guesses that respect what each seat is known to lack, before any guess is taken.
_TRIES = 50


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
    """How much a seat read by ``reading`` likes laying tile ``t`` (an experiment): the
    reading's weights on :func:`~doublesix.ai.sampling.lay_features` as the playout sees a
    lay: ``outer`` the number it leaves showing, ``count`` the board count after it (points
    when a multiple of 5 under All Fives; 0 otherwise), ``laid`` the tiles of ``outer`` on the
    table after it, ``closes`` whether every other open end shows ``outer``.

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


class Nest:
    """A search of the planner's own later decisions inside a playout (see :func:`nested`):
    ``worlds`` guesses per lay, at the first ``depth`` decisions with more than one lay of each
    playout, drawn from ``rng``.

    >>> Nest(8, 2, Rng(1)).worlds
    8
    """

    __slots__ = ("depth", "rng", "worlds")

    def __init__(self, worlds: int, depth: int, rng: Rng) -> None:
        self.worlds = min(worlds, NEST_WORLDS)
        self.depth = depth
        self.rng = rng


def rollout(
    board: Board, planner: int = -1, lacks: list[int] | None = None, plan: Plan = PIPS_PLAN,
    shown: list[int] | None = None, styles: Sequence[Style | None] | None = None,
    nest: Nest | None = None, reading: Sequence[float] = (),
) -> None:
    """Play the hand out in place, every seat laying the tile with the best
    :func:`rollout_key` (ties to the end numbered first, then the higher tile), or a seat with
    a style in ``styles`` as that player would (:func:`~doublesix.ai.styles.style_move`).

    The seat ``planner`` (none by default) also looks ahead, adding to each lay's key the
    weights of ``plan`` (see :class:`Plan`).  ``lacks`` holds, per seat, a mask of the numbers
    it is known to lack (``1 << n``), kept as :func:`doublesix.engine.view.derive_lacks` keeps them
    from the public record: a seat that cannot lay lacks the open numbers too; once it has drawn
    again since its last lay, only the open numbers (the tiles it drew may hold any other).
    ``shown``, if given, gains per seat the numbers its lays leave open (both of an opening
    tile's), which styled seats read under teams.  With ``nest``, the planner's first
    ``nest.depth`` decisions with more than one lay are searched again (:func:`nested`).
    With a ``reading`` (an experiment: weights on
    :data:`~doublesix.ai.sampling.LAY_FEATURES`), the seats not on the planner's side lay the
    tile the reading likes best (:func:`reading_key`) rather than the heaviest.
    """
    if board.turn < 0:
        return
    players = board.players
    if lacks is None:
        lacks = [0] * players
    cfg = board.cfg
    hands = board.hands
    bone = board.bone
    size = len(bone)
    pos = board.pos
    turn = board.turn
    fives = board.fives
    drawing = board.drawing
    target = board.target
    scores = board.scores
    mates = cfg.mates
    last_lay = board.last_lay if cfg.track_lays else None  # who laid last (ties, teams)
    whole = full_set(cfg.rules.set)
    ends = board.ends
    contrib = board.contrib
    played = board.played
    count = board.count
    follow, lock_bonus, unseen_open, keep_fits, unseen_fits, double_bonus = plan
    # A plain line of two ends is laid on here; a spinner's layout and a lone tile by the board.
    mode = board.mode
    line = bool(played) and not board.single and not mode
    lone = board.single and ends[0] == ends[1]  # a lone double: both its sides count
    opened, fit = _open(ends)
    held = 0  # every tile in a hand, to tell a blocked hand at once
    for hand in hands:
        held |= hand
    drew = 0  # the seats that drew since their last lay, as bits
    depth = 0 if nest is None else nest.depth
    # The seats that lay by the reading, as bits: none without a planner or a reading.
    readers = 0
    if reading and planner >= 0:
        for seat in range(players):
            if planner not in mates[seat]:
                readers |= 1 << seat
    while True:
        hand = hands[turn]
        t = e = -1
        if styles is not None and (style := styles[turn]) is not None:
            board.pos, board.turn, board.played, board.count = pos, turn, played, count
            t, e = style_move(board, style, lacks, shown)
        elif hand & fit:  # (nothing fits before the opening tile)
            best = -(1 << 30)
            plans = turn == planner
            lock = lacks[(turn + 1) % players]
            lays: list[tuple[int, int]] | None = [] if plans and depth else None
            reads = readers >> turn & 1
            best_read = -math.inf
            if plans:
                unseen = whole & ~(played | hand)
                # Per end, the tiles that fit the other open ends.
                if line:
                    others = [SUIT[ends[1]], SUIT[ends[0]]]
                else:
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
                    if lays is not None:
                        lays.append((tt, ee))
                    key = PIPS[tt] * 2 + IS_DOUBLE[tt]  # rollout_key, inlined
                    outer = PIPS[tt] - n
                    if fives:  # the count after the lay (Board.count_after, inlined)
                        after = count - contrib[ee] + (outer + outer if IS_DOUBLE[tt] else outer)
                        if lone and ee < 2:
                            after += ends[1 - ee]
                        if after % 5 == 0:
                            key += after * 64
                    if reads:
                        read = reading_key(reading, tt, outer, after if fives else 0,
                                           ((played | 1 << tt) & SUIT[outer]).bit_count(),
                                           all(ends[o] == outer for o in opened if o != ee))
                        if read > best_read:
                            best_read, t, e = read, tt, ee
                        continue
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
                    if key > best:
                        best, t, e = key, tt, ee
            if lays is not None and len(lays) > 1 and nest is not None:
                depth -= 1
                board.pos, board.turn, board.played, board.count = pos, turn, played, count
                t, e = lays[nested(board, lacks, plan, nest, lays, reading)]
        elif not played:  # the opening tile: the heaviest, points first
            best = -(1 << 30)
            for tt in indices(hand):
                pips = PIPS[tt]
                key = rollout_key(pips if fives and pips % 5 == 0 else 0, tt)
                if key > best:
                    best, t = key, tt
        if t < 0:  # nothing to lay: the seat lacks every open number
            numbers = 0
            for ee in opened:
                numbers |= 1 << ends[ee]
            lacks[turn] = numbers if drew >> turn & 1 else lacks[turn] | numbers
            if drawing and pos < size:
                drew |= 1 << turn
                hands[turn] = hand | 1 << bone[pos]
                held |= 1 << bone[pos]
                pos += 1
                if pos == size and not held & fit:
                    break
                continue
            drew &= ~(1 << turn)  # a pass ends the run
            turn = (turn + 1) % players
            if not held & fit:  # nobody can lay, nothing to draw: blocked
                break
            continue
        if line:
            outer = PIPS[t] - ends[e]
            ends[e] = outer
            contrib[e] = outer + outer if IS_DOUBLE[t] else outer
            count = contrib[0] + contrib[1]
            played |= 1 << t
            fit = SUIT[outer] | SUIT[ends[1 - e]]
            if shown is not None:
                shown[turn] |= 1 << outer
        else:
            if shown is not None:
                shown[turn] |= 1 << (PIPS[t] - ends[e] if e >= 0 else HIGH[t])
            board.played = played
            board.place(t, e)
            played = board.played
            count = board.count
            line = not board.single and not mode
            lone = board.single and ends[0] == ends[1]
            opened, fit = _open(ends)
        hand ^= 1 << t
        held ^= 1 << t
        hands[turn] = hand
        drew &= ~(1 << turn)
        if last_lay is not None:
            last_lay[turn] = played.bit_count()
        if fives and count and not count % 5:
            for seat in mates[turn]:
                scores[seat] += count
            if target and scores[turn] >= target:
                break
        if not hand:
            break
        turn = (turn + 1) % players
        if not (drawing and pos < size) and not held & fit:
            break
    # Hand the position back to the board and let it close the hand by its own rules.
    board.pos = pos
    board.count = count
    board.played = played
    board.turn = turn
    if fives and target and scores[turn] >= target:
        board.turn = -1
        board.result = (turn, 0, False)
        board.over = True
    elif not hands[turn]:
        board.turn = (turn + 1) % players
        board.finish(turn, going_out_points(hands, turn, cfg), False)
    else:
        board.block_check()


def nested(board: Board, lacks: list[int], plan: Plan, nest: Nest,
           lays: list[tuple[int, int]], reading: Sequence[float] = ()) -> int:
    """The seat to play's choice among ``lays`` (tile, end), searched from what it knows at
    this point of a playout: its hand, the tiles laid, every hand's size, the tiles left to draw
    and what each seat is known to lack (``lacks``).  ``nest.worlds`` guesses at the other
    hands (each respecting the lacks when 50 tries allow) and the boneyard, every lay played out
    in each by the playout policy with ``plan``; the index of the lay with the best total
    value (:func:`outcome` from here), the first of equals.

    So the expert's own later moves in a playout adapt to what the playout has shown, as its
    moves at the table do, rather than following the policy alone."""
    me = board.turn
    players = board.players
    hand = board.hands[me]
    unseen = full_set(board.cfg.rules.set) & ~(board.played | hand)
    rng = nest.rng
    guesses: list[tuple[list[Mask], list[int]]] = []
    for _ in range(nest.worlds):
        for k in range(_TRIES + 1):
            left = unseen
            hands = [0] * players
            hands[me] = hand
            ok = True
            for j in range(1, players):
                seat = (me + j) % players
                need = board.hands[seat].bit_count()
                allowed = left
                if k < _TRIES:
                    for n in range(13):
                        if lacks[seat] >> n & 1:
                            allowed &= ~SUIT[n]
                pool = list(indices(allowed))
                if len(pool) < need:
                    ok = False
                    break
                hands[seat] = rng.pick(pool, need)
                left &= ~hands[seat]
            if ok:
                break
        bone = list(indices(left))
        if board.drawing:
            rng.shuffle(bone)
        guesses.append((hands, bone))
    best = 0
    best_total = float("-inf")
    for i, (t, e) in enumerate(lays):
        total = 0.0
        for hands, bone in guesses:
            inner = board.copy()
            inner.hands = hands[:]
            inner.bone = bone
            inner.pos = 0
            inner.play(t, e)
            rollout(inner, me, lacks[:], plan, reading=reading)
            total += outcome(inner, me, board)[0]
        if total > best_total:
            best_total = total
            best = i
    return best


#: The ends open on a line, and once a spinner's arms are open.
_LINE = (0, 1)
_ARMS = (0, 1, 2, 3)


def _open(ends: list[int]) -> tuple[tuple[int, ...], Mask]:
    """The ends open (a tile down) and every tile that fits one of them (0 before the first
    tile); the arms of a spinner open together."""
    if ends[0] < 0:
        return (), 0
    if ends[2] < 0:
        return _LINE, SUIT[ends[0]] | SUIT[ends[1]]
    return _ARMS, SUIT[ends[0]] | SUIT[ends[1]] | SUIT[ends[2]] | SUIT[ends[3]]


def outcome(end: Board, me: int, start: Board, race: bool = False) -> tuple[float, float]:
    """The value of a finished playout for seat ``me`` (about 0 to 1), and 1, 0.5 or 0 for
    winning, drawing or losing the hand.  Under teams, ``me``'s team's: partners share a score,
    and a hand its partner wins is won.  With ``race`` (an experiment), a 2-player game to a
    target under All Fives or Muggins is valued by
    :func:`~doublesix.ai.experiments.race_value`."""
    gains = [a - b for a, b in zip(end.scores, start.scores, strict=True)]
    mine = end.cfg.mates[me]
    best_other = max(g for s, g in enumerate(gains) if s not in mine)
    result = end.result
    won = 0.5
    if result is not None and result[0] is not None:
        won = 1.0 if result[0] in mine else 0.0
    target = end.target
    if end.fives:
        if race and target and end.players == 2:
            return race_value(end, me, gains[me] - best_other), won
        value = 0.5 + (gains[me] - best_other) / 100.0
        if target and end.over:  # the game's winner has the top score
            value += 1.0 if end.scores[me] == max(end.scores) else -1.0
        return value, won
    return won + (gains[me] - best_other) / 400.0, won
