"""The expert: determinized search over guesses at the hidden tiles.

For each decision it draws guesses at the other hands and the boneyard that agree with
everything its view shows (:mod:`doublesix.ai.sampling`), plays every legal move out to the end
of the hand in each guess with a greedy policy for every seat (its own looking a little ahead:
:class:`Plan`), and keeps the move with the best mean outcome.  Every move is tried on
the same guesses, so luck cancels between them.  The budget is a number of playouts, so it
decides the same on every machine.

>>> import random
>>> from doublesix import Match, Rules
>>> match = Match(Rules.variant("draw"), seed=1)
>>> view = match.view(match.turn)
>>> Expert(playouts=60).choose(view, random.Random(0)) in view.legal_moves()
True
"""

from __future__ import annotations

import copy
import math
import random
import time
from collections.abc import Sequence
from typing import NamedTuple

from doublesix.ai.board import Board
from doublesix.ai.sampling import Inference, Sampler, current_hand, temper
from doublesix.ai.styles import Style, style_move, table_styles
from doublesix.moves import Move
from doublesix.state import State, going_out_points
from doublesix.tiles import HIGH, IS_DOUBLE, PIPS, SUIT, Mask, full_set, indices
from doublesix.view import View

#: Playouts per decision by default (shared among the legal moves).
DEFAULT_PLAYOUTS = 1600
#: The fewest guesses every move is tried on, whatever the budget.
MIN_WORLDS = 8
#: The least effective size of the weighted guesses, as a share of the candidates drawn: at a
#: table of players who do not lay heavy tiles first, the inference would otherwise pile its
#: weight onto a few wrong guesses (see docs/players.md, "Other tables").
DEFAULT_SPREAD = 0.25
#: A 2-player hand under All Fives or Muggins between two point-greedy players: the spread
#: (standard deviation) of its point margin, and the points each seat scores in it on average
#: (600 hands of each from seeds 0 to 599: 26.9 and 27.4 points; 31.2 and 30.1 points).
HAND_MARGIN_SPREAD = 27.0
HAND_POINTS = 31.0


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


#: The look-ahead in the games scored by pips (Draw, Block) and under All Fives.  Tuned by
#: playing the plan on its own (no search) against greedy in single 2-player hands, a
#: coordinate search over 16,000 deal pairs (seeds from 200000; All Fives on the point
#: margin).  Alone, the plan wins 57% of Block hands and 68% of Draw hands against greedy
#: (20,000 pairs from seed 900000) and gains 5 points a hand under All Fives.  The gist:
#: leave the other seats few tiles that fit, keep tiles that do.
PIPS_PLAN = Plan(follow=0, lock=8, unseen_open=2, keep_fits=6, unseen_fits=-7, double=8)
FIVES_PLAN = Plan(follow=12, lock=28, unseen_open=-14, keep_fits=0, unseen_fits=-11, double=0)


class Evaluation(NamedTuple):
    """A move as the search saw it: its mean value and the share of guesses it won."""

    move: Move
    value: float
    wins: float


class Expert:
    """Samples deals consistent with the view, plays every move out in each, keeps the best.

    ``playouts`` is the budget per decision.  ``seconds``, if given, stops early once that
    much time has passed (so the choice then depends on the machine; never the default).
    ``plan`` makes the expert's own playout moves look ahead (:func:`rollout`'s ``planner``,
    with :data:`PIPS_PLAN` or :data:`FIVES_PLAN`); ``plan=False`` leaves them greedy.
    ``sharpness`` is the :class:`~doublesix.ai.sampling.Inference`'s, and ``spread`` the least
    effective size of the weighted guesses, as a share of the candidates
    (:func:`~doublesix.ai.sampling.temper`; 0 leaves the weights as they are).

    Under teams the search values the team's result, and ``team`` (on by default) models the
    partner as a partner: its lays are read with ``mate_sharpness`` (0: not at all) rather
    than as a seat laying its heaviest tile.  A partner plays for the team, not for pips: the
    expert's own partnership lays are no heavier than chance (on 318 of them against greedy
    the likeliest sharpness was 0), and reading them as heaviest-first cost the expert team
    4.5 ± 2.2 points of hands against a greedy team (docs/expert-research.md).

    ``table`` names the player in each seat, as a person at the table sees them (``None`` for
    a seat whose style is not known, such as a person's; names are public: the table shows
    them), and :meth:`at_table` gives a copy seated at a table.  With ``read_table=True`` its
    playouts play a seat named ``pinocchio``, ``buratino`` or ``snow-white`` as that player
    plays (:mod:`doublesix.ai.styles`), every other seat with the greedy playout policy.  It is
    off by default: at a 4-player Muggins table, after Snow White, it won +3.2 ± 4.2 points of
    hands more than the expert that ignores the table (100 deals), not a gain shown, at twice
    the think time (docs/expert-research.md).

    ``race`` values a 2-player playout under All Fives or Muggins in a game to a target by the
    chance of winning the game from the scores it ends at (:func:`race_chance`), rather than
    by the hand's margin.  Off by default: against greedy it won +1.7 ± 4.3 points of Muggins
    games and +0.3 ± 3.5 of All Fives games (150 pairs each), not a gain shown
    (docs/expert-research.md).
    """

    name = "expert"

    def __init__(
        self,
        playouts: int = DEFAULT_PLAYOUTS,
        seconds: float | None = None,
        sharpness: float = 2.0,
        pool: int = 4,
        plan: bool = True,
        spread: float = DEFAULT_SPREAD,
        team: bool = True,
        mate_sharpness: float = 0.0,
        table: Sequence[str | None] | None = None,
        read_table: bool = False,
        race: bool = False,
    ) -> None:
        if playouts < 1:
            raise ValueError("playouts must be at least 1")
        if pool < 1:
            raise ValueError("pool must be at least 1")
        if not 0.0 <= spread <= 1.0:
            raise ValueError("spread must be between 0 and 1")
        self.playouts = playouts
        self.seconds = seconds
        self.sharpness = sharpness
        self.pool = pool
        self.plan = plan
        self.spread = spread
        self.team = team
        self.mate_sharpness = mate_sharpness
        self.table = None if table is None else tuple(table)
        self.read_table = read_table
        self.race = race

    def at_table(self, table: Sequence[str | None]) -> Expert:
        """This expert with the same options, told who sits where (``table``: a player's
        name per seat, ``None`` where it is not known).

        >>> Expert(playouts=300).at_table(["expert", "snow-white"]).table
        ('expert', 'snow-white')
        """
        seated = copy.copy(self)
        seated.table = tuple(table)
        return seated

    def styles(self, view: View) -> list[Style | None] | None:
        """Per seat, the style its playout moves follow (None: greedy, or the expert's own
        look-ahead for its seat); None when no seat has a known style."""
        table = self.table
        if not self.read_table or table is None or len(table) != view.rules.players:
            return None
        styles = table_styles(table, view.seat)
        return styles if any(s is not None for s in styles) else None

    def choose(self, view: View, rng: random.Random) -> Move:
        """The move with the best mean outcome over the sampled deals."""
        moves = view.legal_moves()
        if len(moves) == 1:
            return moves[0]
        return self.evaluate(view, rng)[0].move

    def evaluate(self, view: View, rng: random.Random) -> list[Evaluation]:
        """Every legal move with its mean value, best first (ties in the engine's order)."""
        moves = view.legal_moves()
        worlds = max(MIN_WORLDS, self.playouts // len(moves))
        totals = [0.0] * len(moves)
        wins = [0.0] * len(moves)
        me = view.seat
        planner = me if self.plan else -1
        weights = FIVES_PLAN if view.rules.scoring == "fives" else PIPS_PLAN
        styles = self.styles(view)
        shown = shown_numbers(view) if view.rules.teams and self.team and styles is not None \
            else None
        known = [sum(1 << n for n in numbers) for numbers in view.lacks]
        base: Board | None = None
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        played = 0
        for hands, bone in self.guesses(view, worlds, rng):
            if base is None:
                base = Board.from_state(State.from_view(view, hands, bone))
            for i, move in enumerate(moves):
                board = base.copy()
                board.hands = hands[:]
                board.bone = bone
                board.pos = 0
                board.play(move.t, move.e if move.t >= 0 else (-1 if move.kind == "draw" else -2))
                rollout(board, planner, known[:], weights, None if shown is None else shown[:],
                        styles)
                value, won = outcome(board, me, base, self.race)
                totals[i] += value
                wins[i] += won
            played += 1
            if deadline is not None and time.perf_counter() > deadline:
                break
        played = max(played, 1)
        order = sorted(range(len(moves)), key=lambda i: (-totals[i], i))
        return [Evaluation(moves[i], totals[i] / played, wins[i] / played) for i in order]

    def guesses(
        self, view: View, worlds: int, rng: random.Random
    ) -> list[tuple[list[Mask], list[int]]]:
        """``worlds`` guesses at the hidden tiles, drawn in proportion to how well they explain
        the other seats' choices (from ``pool`` times as many candidates)."""
        mate_sharpness = self.mate_sharpness if view.rules.teams and self.team else None
        inference = Inference(view, self.sharpness, mate_sharpness)
        sampler = Sampler(view)
        if not inference.decisions or self.pool == 1:
            hands_list = [sampler.hands(rng) for _ in range(worlds)]
        else:
            candidates = [sampler.hands(rng) for _ in range(worlds * self.pool)]
            weights = [inference.weight(hands) for hands in candidates]
            if self.spread > 0.0:
                weights = temper(weights, self.spread)
            total = sum(weights)
            if total <= 0.0:
                hands_list = candidates[:worlds]
            else:
                # Systematic resampling: each guess kept in proportion to its weight.
                step = total / worlds
                mark = rng.random() * step
                hands_list = []
                running = 0.0
                index = -1
                for _ in range(worlds):
                    while running <= mark and index + 1 < len(weights):
                        index += 1
                        running += weights[index]
                    hands_list.append(candidates[index])
                    mark += step
        return [(hands, sampler.boneyard(hands, rng)) for hands in hands_list]


def rollout(
    board: Board, planner: int = -1, lacks: list[int] | None = None, plan: Plan = PIPS_PLAN,
    shown: list[int] | None = None, styles: Sequence[Style | None] | None = None,
) -> None:
    """Play the hand out in place, every seat laying the tile with the best
    :func:`rollout_key`, or a seat with a style in ``styles`` as that player would
    (:func:`~doublesix.ai.styles.style_move`).

    The seat ``planner`` (none by default) also looks ahead, adding to each lay's key the
    weights of ``plan`` (see :class:`Plan`).  ``lacks`` holds, per seat, a mask of the numbers
    it is known to lack (``1 << n``), kept as :func:`doublesix.view.derive_lacks` keeps them
    from the public record: a seat that cannot lay lacks the open numbers too; once it has drawn
    again since its last lay, only the open numbers (the tiles it drew may hold any other).
    """
    if board.turn < 0:
        return
    if lacks is None:
        lacks = [0] * board.players
    if (board.played and not board.single and not board.mode and not board.tie_fewer
            and styles is None):
        _rollout_line(board, planner, lacks, plan)
        return
    fives = board.fives
    whole = full_set(board.cfg.rules.set)
    hands = board.hands
    ends = board.ends
    players = board.players
    drew = 0  # the seats that drew since their last lay, as bits
    while board.turn >= 0:
        turn = board.turn
        hand = hands[turn]
        best = -(1 << 30)
        t = e = -1
        style = styles[turn] if styles is not None else None
        if style is not None:
            t, e = style_move(board, style, lacks, shown)
        elif not board.played:
            for tt in indices(hand):
                pips = PIPS[tt]
                key = rollout_key(pips if fives and pips % 5 == 0 else 0, tt)
                if key > best:
                    best, t, e = key, tt, -1
        else:
            plans = turn == planner
            lock = lacks[(turn + 1) % players]
            unseen = whole & ~(board.played | hand) if plans else 0
            for ee in range(4):
                n = ends[ee]
                if n < 0:
                    continue
                m = hand & SUIT[n]
                while m:
                    tt = m.bit_length() - 1
                    m ^= 1 << tt
                    points = 0
                    if fives:
                        count = board.count_after(tt, ee)
                        if count % 5 == 0:
                            points = count
                    key = points * 64 + PIPS[tt] * 2 + IS_DOUBLE[tt]  # rollout_key, inlined
                    if plans:
                        outer = PIPS[tt] - n
                        fits = SUIT[outer]
                        for other in range(4):
                            if other != ee and ends[other] >= 0:
                                fits |= SUIT[ends[other]]
                        key += _plan_bonus(plan, tt, n, outer, fits, hand, unseen, lock)
                    if key > best:
                        best, t, e = key, tt, ee
        if t < 0:
            e = -1 if board.drawing and board.pos < len(board.bone) else -2
            numbers = 0
            for n in ends:
                if n >= 0:
                    numbers |= 1 << n
            lacks[turn] = numbers if drew >> turn & 1 else lacks[turn] | numbers
            drew = drew | 1 << turn if e == -1 else drew & ~(1 << turn)  # a pass ends the run
        else:
            drew &= ~(1 << turn)
            if shown is not None:
                shown[turn] |= 1 << (PIPS[t] - ends[e] if e >= 0 else HIGH[t])
        board.play(t, e)


def _plan_bonus(
    plan: Plan, t: int, n: int, outer: int, fits: Mask, hand: Mask, unseen: Mask, lock: Mask,
) -> int:
    """What ``plan`` adds for laying ``t`` (from ``hand``) on an end showing ``n``, leaving
    ``outer`` open and ends that ``fits`` (a mask of the tiles that fit one), with ``unseen``
    the set's tiles neither laid nor in ``hand`` and the next seat known to lack the numbers in
    ``lock``."""
    rest = hand & ~(1 << t)
    bonus = (
        plan.follow * (rest & SUIT[outer]).bit_count()
        + plan.unseen_open * (SUIT[outer] & unseen).bit_count()
        + plan.keep_fits * (rest & fits).bit_count()
        + plan.unseen_fits * (fits & unseen).bit_count()
    )
    if lock >> outer & 1:
        bonus += plan.lock
    if outer == n:
        bonus += plan.double
    return bonus


def _rollout_line(board: Board, planner: int, lacks: list[int], plan: Plan) -> None:
    """:func:`rollout` on a plain line of two ends, with the board's fields in local variables
    (the common case, about twice as fast).  Ends of hands go through the board's own code."""
    hands = board.hands
    bone = board.bone
    size = len(board.bone)
    pos = board.pos
    turn = board.turn
    players = board.players
    fives = board.fives
    whole = full_set(board.cfg.rules.set)
    drawing = board.drawing
    target = board.target
    scores = board.scores
    mates = board.cfg.mates
    last_lay = board.last_lay if board.cfg.track_lays else None  # under teams: who laid last
    e0, e1 = board.ends[0], board.ends[1]
    c0, c1 = board.contrib[0], board.contrib[1]
    played = board.played
    follow, lock_bonus, unseen_open, keep_fits, unseen_fits, double_bonus = plan
    held = 0  # every tile in a hand, to tell a blocked hand at once
    for hand in hands:
        held |= hand
    drew = 0  # the seats that drew since their last lay, as bits (see rollout)
    while True:
        hand = hands[turn]
        m0 = hand & SUIT[e0]
        m1 = hand & SUIT[e1]
        if not m0 and not m1:
            if drew >> turn & 1:
                lacks[turn] = 1 << e0 | 1 << e1
            else:
                lacks[turn] |= 1 << e0 | 1 << e1
            if drawing and pos < size:
                drew |= 1 << turn
                hands[turn] = hand | 1 << bone[pos]
                held |= 1 << bone[pos]
                pos += 1
                if pos == size and not held & (SUIT[e0] | SUIT[e1]):
                    break
                continue
            drew &= ~(1 << turn)  # a pass ends the run
            turn = (turn + 1) % players
            continue
        best = -(1 << 30)
        t = e = 0
        plans = turn == planner
        lock = lacks[(turn + 1) % players]
        unseen = whole & ~(played | hand) if plans else 0
        for end, m, n, other in ((0, m0, e0, c1), (1, m1, e1, c0)):
            while m:
                tt = m.bit_length() - 1
                m ^= 1 << tt
                key = PIPS[tt] * 2 + IS_DOUBLE[tt]  # rollout_key, inlined
                outer = PIPS[tt] - n
                if fives:
                    count = other + (outer + outer if IS_DOUBLE[tt] else outer)
                    if count % 5 == 0:
                        key += count * 64
                if plans:  # _plan_bonus, inlined
                    rest = hand ^ 1 << tt
                    suit = SUIT[outer]
                    fits = suit | SUIT[e1 if end == 0 else e0]
                    key += (follow * (rest & suit).bit_count()
                            + unseen_open * (suit & unseen).bit_count()
                            + keep_fits * (rest & fits).bit_count()
                            + unseen_fits * (fits & unseen).bit_count())
                    if lock >> outer & 1:
                        key += lock_bonus
                    if outer == n:
                        key += double_bonus
                if key > best:
                    best, t, e = key, tt, end
        outer = PIPS[t] - (e1 if e else e0)
        contrib = outer + outer if IS_DOUBLE[t] else outer
        if e:
            e1, c1 = outer, contrib
        else:
            e0, c0 = outer, contrib
        played |= 1 << t
        hand ^= 1 << t
        held ^= 1 << t
        hands[turn] = hand
        drew &= ~(1 << turn)
        if last_lay is not None:
            last_lay[turn] = played.bit_count()
        if fives:
            count = c0 + c1
            if count and not count % 5:
                for seat in mates[turn]:
                    scores[seat] += count
                if target and scores[turn] >= target:
                    break
        if not hand:
            break
        if not (drawing and pos < size) and not held & (SUIT[e0] | SUIT[e1]):
            turn = (turn + 1) % players
            break
        turn = (turn + 1) % players
    # Hand the position back to the board and let it close the hand by its own rules.
    board.pos = pos
    board.ends[0], board.ends[1] = e0, e1
    board.contrib[0], board.contrib[1] = c0, c1
    board.count = c0 + c1
    board.played = played
    board.turn = turn
    seat = turn
    if target and fives and scores[seat] >= target:
        board.turn = -1
        board.result = (seat, 0, False)
        board.over = True
    elif not hands[seat]:
        board.turn = (seat + 1) % players
        board.finish(seat, going_out_points(hands, seat, board.cfg), False)
    else:
        board.block_check()


def shown_numbers(view: View) -> list[int]:
    """Per seat, the numbers it has shown it plays: those it left open with its lays this hand
    (for a lead it chose, both of the tile's numbers), as masks.

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


def rollout_key(points: int, t: int) -> int:
    """How much the playout policy likes laying tile ``t`` for ``points``: points first, then
    pips, then a double.  (A policy that also valued the tiles it could lay next played worse
    against greedy opponents in the benchmarks.)"""
    return points * 64 + PIPS[t] * 2 + IS_DOUBLE[t]


def outcome(end: Board, me: int, start: Board, race: bool = False) -> tuple[float, float]:
    """The value of a finished playout for seat ``me`` (about 0 to 1), and 1, 0.5 or 0 for
    winning, drawing or losing the hand.  Under teams, ``me``'s team's: partners share a score,
    and a hand its partner wins is won.  With ``race``, a 2-player game to a target under All
    Fives or Muggins is valued by the chance of winning the game (:func:`race_chance`), the
    hand's margin only breaking ties."""
    gains = [a - b for a, b in zip(end.scores, start.scores, strict=True)]
    mine = end.cfg.mates[me]
    best_other = max(g for s, g in enumerate(gains) if s not in mine)
    result = end.result
    won = 0.5
    if result is not None and result[0] is not None:
        won = 1.0 if result[0] in mine else 0.0
    target = end.target
    if end.fives:
        game_over = bool(target) and end.over
        first = end.scores[me] == max(end.scores)  # the game's winner, once it is over
        if race and target and end.players == 2:
            margin = (gains[me] - best_other) / 10000.0
            if game_over:
                return (1.0 if first else 0.0) + margin, won
            return race_chance(target - end.scores[me], target - end.scores[1 - me]) + margin, won
        value = 0.5 + (gains[me] - best_other) / 100.0
        if game_over:
            value += 1.0 if first else -1.0
        return value, won
    return won + (gains[me] - best_other) / 400.0, won


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
