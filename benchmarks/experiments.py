"""The expert's experiments that measured no gain, kept runnable outside the product.

    .venv/bin/python benchmarks/experiments.py expert:nest=8 expert --against greedy \\
        --variant block --pairs 200 --seed 5000
    .venv/bin/python benchmarks/experiments.py expert:race=1 expert --variant muggins \\
        --target 100 --pairs 150 --seed 2330000

Issue 39 moved them out of :mod:`doublesix.ai` and its compiled core; their measurements are
in docs/expert-research.md.  Each is an option of :class:`ExperimentalExpert`, the expert whose
search plays them on the pure Python path (:func:`run_experiments`); the command line is
``benchmarks/pair.py``'s, in one process, with these options understood in player specs
(:func:`install`).

- ``race``: a 2-player playout under All Fives or Muggins in a game to a target is valued by
  the chance of winning the game from the scores it ends at (:func:`race_value`), rather than
  by the hand's margin.
- ``read_table``: the playouts play each seat named ``pinocchio``, ``buratino`` or
  ``snow-white`` at the table as that player plays (:func:`seat_styles`,
  ``benchmarks/playout_styles.py``), every other seat by the playout policy.
- ``nest``: the expert's own first ``nest_depth`` decisions with a choice in each playout are
  searched again, ``nest`` guesses per lay, from what it knows at that point of the playout
  (:func:`nested`), rather than left to the playout's look-ahead.

A fourth, the other side's lays sampled from the reading's softmax rather than its likeliest,
was only ever a prototype build (+0.3 ± 2.1 against the committed reading).

>>> ExperimentalExpert(race=True).experiments
Experiments(race=True, read_table=False, nest=0, nest_depth=2)
>>> round(race_chance(5, 50), 2), round(race_chance(80, 100), 2)
(0.95, 0.68)
"""

from __future__ import annotations

import copy
import math
import random
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from doublesix.ai.board import Board
from doublesix.ai.expert import Evaluation, Expert
from doublesix.ai.playout import Plan, outcome, rollout, rollout_key, tie_rank
from doublesix.ai.review import HAND_MARGIN_SPREAD, HAND_POINTS
from doublesix.ai.rng import Rng
from doublesix.ai.sampling import TRIES, current_hand
from doublesix.ai.search import Search, Totals, guesses
from doublesix.engine.tiles import HIGH, PIPS, SUIT, Mask, full_set, indices
from doublesix.engine.view import View

from playout_styles import Style, style_move, table_styles

#: The most guesses a nested search draws per decision.
NEST_WORLDS = 32
#: Mixed into a job's seed for the nested searches' own random numbers.
NEST_SALT = 0x9E3779B97F4A7C15


@dataclass(frozen=True, slots=True)
class Experiments:
    """Which experiments are on (all off by default)."""

    race: bool = False
    read_table: bool = False
    #: Guesses per lay at the expert's own later decisions in a playout (0: none searched),
    #: and how many of those decisions in each playout are searched.
    nest: int = 0
    nest_depth: int = 2


class ExperimentalExpert(Expert):
    """The expert with the experiments given by keyword (``race``, ``read_table``, ``nest``,
    ``nest_depth``; ``table``: the player's name in each seat, for ``read_table``); every other
    option is the expert's.  Its searches run in Python."""

    def __init__(self, *, race: bool = False, read_table: bool = False, nest: int = 0,
                 nest_depth: int = 2, table: Sequence[str | None] | None = None,
                 **options: Any) -> None:
        super().__init__(**options)
        if nest < 0 or nest_depth < 0:
            raise ValueError("nest and nest_depth must be at least 0")
        self.experiments = Experiments(bool(race), bool(read_table), int(nest),
                                       int(nest_depth))
        self.table = None if table is None else tuple(table)

    def at_table(self, table: Sequence[str | None]) -> ExperimentalExpert:
        """This expert told who sits where (the tournament tells every player that asks)."""
        seated = copy.copy(self)
        seated.table = tuple(table)
        return seated

    def evaluate(self, view: View, rng: random.Random) -> list[Evaluation]:
        """:meth:`Expert.evaluate`, the search playing the experiments."""
        moves = view.legal_moves()
        job = self.search(view, rng.getrandbits(64))
        styles = seat_styles(self.table, view) if self.experiments.read_table else None
        shown = shown_numbers(view) if styles is not None and view.rules.teams else None
        totals, wins, played = run_experiments(job, self.experiments, styles, shown)
        played = max(played, 1)
        order = sorted(range(len(moves)), key=lambda i: (-totals[i], i))
        return [Evaluation(moves[i], totals[i] / played, wins[i] / played) for i in order]


def run_experiments(search: Search, experiments: Experiments,
                    styles: Sequence[Style | None] | None = None,
                    shown: list[int] | None = None) -> Totals:
    """:func:`~doublesix.ai.search.run_pure` with the experiments: the same guesses, each move
    played out by :func:`experiment_rollout` and valued by :func:`experiment_value`."""
    rng = Rng(search.seed)
    base = search.base
    totals = [0.0] * len(search.moves)
    wins = [0.0] * len(search.moves)
    nest = None
    if experiments.nest:
        nest = Nest(experiments.nest, experiments.nest_depth, Rng(search.seed ^ NEST_SALT))
    played = 0
    for hands, bone in guesses(search, rng):
        for i, (t, e) in enumerate(search.moves):
            board = base.copy()
            board.hands = hands[:]
            board.bone = bone
            board.play(t, e)
            experiment_rollout(board, search.planner, search.known[:], search.plan, styles,
                               None if shown is None else shown[:], nest)
            value, won = experiment_value(board, search.me, base, experiments.race)
            totals[i] += value
            wins[i] += won
        played += 1
    return totals, wins, played


class Nest:
    """A search of the planner's own later decisions inside a playout (see :func:`nested`):
    ``worlds`` guesses per lay, at the first ``depth`` decisions with more than one lay of each
    playout, drawn from ``rng``."""

    __slots__ = ("depth", "rng", "worlds")

    def __init__(self, worlds: int, depth: int, rng: Rng) -> None:
        self.worlds = min(worlds, NEST_WORLDS)
        self.depth = depth
        self.rng = rng


def experiment_rollout(
    board: Board, planner: int, lacks: list[int], plan: Plan,
    styles: Sequence[Style | None] | None = None, shown: list[int] | None = None,
    nest: Nest | None = None,
) -> None:
    """:func:`~doublesix.ai.playout.rollout` with the experiments: a seat with a style in
    ``styles`` lays as that player would (``shown`` gains, per seat, the numbers its lays leave
    open), the planner's first ``nest.depth`` decisions with a choice are :func:`nested`
    searches, and every other lay is :func:`policy_move`'s.  Without experiments it plays
    exactly as :func:`~doublesix.ai.playout.rollout` does (``tests/test_experiments.py``)."""
    drew = 0  # the seats that drew since their last lay, as bits
    depth = 0 if nest is None else nest.depth
    while board.turn >= 0:
        turn = board.turn
        moves = board.moves()
        t, e = moves[0]
        if t < 0:  # nothing to lay: the seat lacks every open number
            numbers = 0
            for end in board.opened:
                numbers |= 1 << board.ends[end]
            lacks[turn] = numbers if drew >> turn & 1 else lacks[turn] | numbers
            drew = drew | 1 << turn if e == -1 else drew & ~(1 << turn)
            board.play(t, e)
            continue
        style = None if styles is None else styles[turn]
        if style is not None:
            t, e = style_move(board, style, lacks, shown)
        elif nest is not None and depth and turn == planner and board.played and len(moves) > 1:
            depth -= 1
            t, e = moves[nested(board, lacks, plan, nest, moves)]
        else:
            t, e = policy_move(board, planner, lacks, plan)
        if shown is not None:
            shown[turn] |= 1 << (PIPS[t] - board.ends[e] if e >= 0 else HIGH[t])
        drew &= ~(1 << turn)
        board.play(t, e)


def policy_move(board: Board, planner: int, lacks: Sequence[int], plan: Plan) -> tuple[int, int]:
    """The lay :func:`~doublesix.ai.playout.rollout` makes for the seat to move (which has a
    lay), written as a ranking of :meth:`Board.moves` (slower than the playout's own loop)."""
    moves = board.moves()
    fives = board.fives
    turn = board.turn
    if not board.played:
        def opening(move: tuple[int, int]) -> tuple[int, int]:
            pips = PIPS[move[0]]
            return rollout_key(pips if fives and pips % 5 == 0 else 0, move[0]), move[0]

        return max(moves, key=opening)
    hand = board.hands[turn]
    unseen = full_set(board.cfg.rules.set) & ~(board.played | hand)
    lock = lacks[(turn + 1) % board.players]

    def rank(move: tuple[int, int]) -> tuple[int, ...]:
        t, e = move
        outer = PIPS[t] - board.ends[e]
        after = board.count_after(t, e)
        key = rollout_key(after if fives and after % 5 == 0 else 0, t)
        if turn == planner:
            rest = hand ^ 1 << t
            suit = SUIT[outer]
            fits = suit
            for other in board.opened:
                if other != e:
                    fits |= SUIT[board.ends[other]]
            key += (plan.follow * (rest & suit).bit_count()
                    + plan.unseen_open * (suit & unseen).bit_count()
                    + plan.keep_fits * (rest & fits).bit_count()
                    + plan.unseen_fits * (fits & unseen).bit_count())
            if lock >> outer & 1:
                key += plan.lock
            if outer == board.ends[e]:
                key += plan.double
        return (key, *tie_rank(board, t, e))

    return max(moves, key=rank)


def nested(board: Board, lacks: list[int], plan: Plan, nest: Nest,
           lays: list[tuple[int, int]]) -> int:
    """The seat to play's choice among ``lays`` (tile, end), searched from what it knows at
    this point of a playout: its hand, the tiles laid, every hand's size, the tiles left to draw
    and what each seat is known to lack (``lacks``).  ``nest.worlds`` guesses at the other
    hands (each respecting the lacks when :data:`~doublesix.ai.sampling.TRIES` tries allow) and
    the boneyard, every lay played out in each by the playout policy; the index of the lay with
    the best total value, the first of equals."""
    me = board.turn
    players = board.players
    hand = board.hands[me]
    unseen = full_set(board.cfg.rules.set) & ~(board.played | hand)
    rng = nest.rng
    worlds: list[tuple[list[Mask], list[int]]] = []
    for _ in range(nest.worlds):
        for k in range(TRIES + 1):
            left = unseen
            hands = [0] * players
            hands[me] = hand
            ok = True
            for j in range(1, players):
                seat = (me + j) % players
                need = board.hands[seat].bit_count()
                allowed = left
                if k < TRIES:
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
        worlds.append((hands, bone))
    best = 0
    best_total = -math.inf
    for i, (t, e) in enumerate(lays):
        total = 0.0
        for hands, bone in worlds:
            inner = board.copy()
            inner.hands = hands[:]
            inner.bone = bone
            inner.pos = 0
            inner.play(t, e)
            rollout(inner, me, lacks[:], plan)
            total += outcome(inner, me, board)[0]
        if total > best_total:
            best_total = total
            best = i
    return best


def experiment_value(end: Board, me: int, start: Board, race: bool) -> tuple[float, float]:
    """:func:`~doublesix.ai.playout.outcome`, or with ``race`` a 2-player game to a target
    under All Fives or Muggins valued by :func:`race_value`."""
    value, won = outcome(end, me, start)
    if race and end.fives and end.target and end.players == 2:
        gains = [a - b for a, b in zip(end.scores, start.scores, strict=True)]
        value = race_value(end, me, gains[me] - gains[1 - me])
    return value, won


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
    ``HAND_MARGIN_SPREAD``, run for as many hands as the nearer seat needs at ``HAND_POINTS``
    a hand (at least one; both in :mod:`doublesix.ai.review`, whose ``game_chance`` is this
    race with a move's points added)."""
    hands = max(1.0, min(mine, other) / HAND_POINTS)
    spread = HAND_MARGIN_SPREAD * math.sqrt(hands)
    return 0.5 * math.erfc((mine - other) / (spread * math.sqrt(2.0)))


def seat_styles(table: Sequence[str | None] | None, view: View) -> list[Style | None] | None:
    """Per seat, the style its playout moves follow, from the names at the ``table`` (None:
    the usual policy, for the seat of ``view`` itself and for a seat of no known style); None
    when no seat has a known style or the table does not fit the game."""
    if table is None or len(table) != view.rules.players:
        return None
    styles = table_styles(table, view.seat)
    return styles if any(s is not None for s in styles) else None


def shown_numbers(view: View) -> list[int]:
    """Per seat, the numbers it has shown it plays: those it left open with its lays this hand
    (for a lead it chose, both of the tile's numbers), as masks.  A styled seat reads its
    partner's under teams (``playout_styles.style_move``)."""
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


def install() -> Callable[..., Any]:
    """Make ``doublesix.ai.player`` build an :class:`ExperimentalExpert` for an expert spec
    with an experiment's option (``expert:race=1``), in this process only (a tournament then
    needs ``workers=1``); the player it replaced is returned."""
    import doublesix.ai

    plain = doublesix.ai.player
    keys = {"race", "read_table", "nest", "nest_depth"}

    def player(name: str, **options: Any) -> Any:
        if name == "expert" and keys & set(options):
            return ExperimentalExpert(**options)
        return plain(name, **options)

    doublesix.ai.player = player
    return plain


def main(argv: list[str] | None = None) -> int:
    import pair

    install()
    return pair.main([*(sys.argv[1:] if argv is None else argv), "--workers", "1"])


if __name__ == "__main__":
    sys.exit(main())
