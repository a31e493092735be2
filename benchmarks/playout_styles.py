"""The three personalities as playout policies (the ``read_table`` experiment, measured
without a gain and moved out of the product by issue 39; see docs/expert-research.md): the same
choices as :mod:`doublesix.ai.personalities` makes, computed on the expert's fast
:class:`~doublesix.ai.board.Board`.

A person at the table sees who sits where: the computer seats are named, and each name is a
style of play anyone can read about.  ``benchmarks/experiments.py`` can use that
(``read_table``): a seat known to be Pinocchio, Buratino or Snow White plays its playout moves
as that player would, from what that seat could see in the playout (its own tiles, the table,
who could not lay on what); every other seat keeps the playout policy.
``tests/test_experiments.py`` checks, on random positions of every variant, that
:func:`style_move` chooses what the real player chooses.

>>> import random
>>> from doublesix import Match, Rules, State
>>> from doublesix.ai.board import Board, to_move
>>> from doublesix.ai.personalities import SnowWhite
>>> from doublesix.ai.rng import Rng
>>> from doublesix.ai.sampling import sample_deal
>>> match = Match(Rules.variant("muggins"), seed=4)
>>> view = match.view(match.turn)
>>> board = Board.from_state(State.from_view(view, *sample_deal(view, Rng(0))))
>>> lacks = [sum(1 << n for n in numbers) for numbers in view.lacks]
>>> move = style_move(board, STYLES["snow-white"], lacks, None)
>>> to_move(*move) == SnowWhite().choose(view, random.Random(0))
True
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import mul
from typing import NamedTuple

from doublesix.ai.board import Board
from doublesix.ai.personalities import Buratino, Pinocchio, SnowWhite
from doublesix.engine.layout import ARMS_IMMEDIATE
from doublesix.engine.tiles import HIGH, IS_DOUBLE, LOW, PIPS, SUIT, Mask, full_set

#: Per tile, its numbers as a mask (``1 << high | 1 << low``).
_NUMBERS = tuple(1 << HIGH[t] | 1 << LOW[t] for t in range(len(PIPS)))


class Style(NamedTuple):
    """A personality's name and weights (its class's ``weights``, in the order of
    :class:`~doublesix.ai.personalities.Features`)."""

    name: str
    weights: tuple[float, ...]


#: The fast versions of the personalities, by player name.
STYLES: dict[str, Style] = {
    p.name: Style(p.name, p.weights) for p in (Pinocchio(), Buratino(), SnowWhite())
}


def table_styles(table: Sequence[str | None], seat: int) -> list[Style | None]:
    """Per seat, the style its name at the table stands for (None: the greedy playout
    policy, for ``seat`` itself, greedy, an unknown player or a person).

    >>> [s and s.name for s in table_styles(["expert", "snow-white", None, "greedy"], 0)]
    [None, 'snow-white', None, None]
    """
    return [None if s == seat or name is None else STYLES.get(name)
            for s, name in enumerate(table)]


def after_lay(board: Board, t: int, e: int) -> Board:
    """A copy of ``board`` with tile ``t`` laid on end ``e`` (-1 to open) by
    :meth:`Board.place <doublesix.ai.board.Board.place>`: the layout only."""
    after = board.copy()
    after.place(t, e)
    return after


def style_move(
    board: Board, style: Style, lacks: Sequence[int], shown: Sequence[int] | None,
) -> tuple[int, int]:
    """The move the player of ``style`` makes for the seat to move on ``board``.

    ``lacks`` holds, per seat, a mask of the numbers it is known to lack (``1 << n``), and
    ``shown`` (under teams) those each seat has shown it plays, as
    :func:`experiments.experiment_rollout` keeps them; the player reads its next seat's and its
    partner's, as :func:`~doublesix.ai.personalities.features` reads the view's.  Each lay's
    features are weighed with the player's own weights in its own order of addition, so the
    sums, and their ties, are the player's to the last bit (a feature whose weight is 0 is not
    worked out: it would add 0.0).
    """
    moves = board.moves()
    if len(moves) == 1 or moves[0][0] < 0:
        return moves[0]
    seat = board.turn
    hand = board.hands[seat]
    players = board.players
    fives = board.fives
    weights = style.weights
    _, _, _, w_follow, w_spread, w_suit, w_blocks, _, w_risk, w_shut, w_msuit = weights
    lacked = lacks[(seat + 1) % players] if w_blocks else 0
    mate_lacks = 0
    mate_shown = 0
    teams = board.cfg.teams
    if teams:
        mate = (seat + 2) % players
        mate_lacks = lacks[mate]
        mate_shown = (shown[mate] if shown is not None else 0) & ~mate_lacks if w_msuit else 0
    shutting = bool(mate_lacks) and w_shut != 0
    blocking = lacked & ~mate_lacks  # an end showing one of these counts as a block
    risky = fives and w_risk != 0
    unseen = full_set(board.cfg.rules.set) & ~(board.played | hand) if risky else 0
    numbers = single_numbers = 0
    if w_spread:
        for n in range(board.cfg.rules.set + 1):
            k = (hand & SUIT[n]).bit_count()
            if k:
                numbers += 1
                if k == 1:
                    single_numbers |= 1 << n
    b_ends = board.ends
    b_contrib = board.contrib
    b_count = board.count
    b_single = board.single
    spin_sides = board.spin_sides
    new_spinner = board.spinner < 0 and board.mode == ARMS_IMMEDIATE
    best = float("-inf")
    pick = moves[0]
    for t, e in moves:
        rest = hand & ~(1 << t)
        double = IS_DOUBLE[t]
        fits = blocks = msuit = risk = 0
        shut = 1 if shutting else 0
        if e >= 0 and not b_single and not (e < 2 and (spin_sides >> e & 1
                                                       or (double and new_spinner))):
            # The common case: only end e changes, and no lone tile counts twice.
            outer = PIPS[t] - b_ends[e]
            added = outer + outer if double else outer
            count = b_count - b_contrib[e] + added
            for e2 in range(4):
                if e2 == e:
                    n, c2 = outer, added
                else:
                    n = b_ends[e2]
                    if n < 0:
                        continue
                    c2 = b_contrib[e2]
                fits |= SUIT[n]
                if blocking >> n & 1:
                    blocks += 1
                if shut and not mate_lacks >> n & 1:
                    shut = 0
                if mate_shown >> n & 1:
                    msuit += 1
                if risky and rest:
                    base = count - c2
                    key = n << 64 | unseen & SUIT[n]
                    best_c = _BEST.get(key)
                    if best_c is None:
                        best_c = _BEST[key] = _best_offers(unseen, n)
                    c = best_c[-base % 5]
                    if c >= 0 and base + c > risk:
                        risk = base + c
        else:
            outer = PIPS[t] - b_ends[e] if e >= 0 else HIGH[t]
            after = after_lay(board, t, e)
            ends = after.ends
            count = after.count
            for e2 in range(4):
                n = ends[e2]
                if n < 0:
                    continue
                fits |= SUIT[n]
                if blocking >> n & 1:
                    blocks += 1
                if shut and not mate_lacks >> n & 1:
                    shut = 0
                if mate_shown >> n & 1:
                    msuit += 1
                if risky and rest:
                    m = unseen & SUIT[n]
                    while m:
                        u = m.bit_length() - 1
                        m ^= 1 << u
                        c = after.count_after(u, e2)
                        if c % 5 == 0 and c > risk:
                            risk = c
        row = (
            PIPS[t],
            double,
            count if fives and count % 5 == 0 else 0,
            (rest & fits).bit_count() if w_follow else 0,
            numbers - (_NUMBERS[t] & single_numbers).bit_count() if w_spread else 0,
            (rest & SUIT[outer]).bit_count() if w_suit else 0,
            blocks,
            0 if rest else 1,
            risk,
            shut,
            msuit,
        )
        score = sum(map(mul, weights, row))  # the player's sum, term by term
        if score > best:
            best, pick = score, (t, e)
    return pick


#: Per (number << 64 | the unseen tiles that fit it), :func:`_best_offers`: a few hundred
#: entries for the double-six set.
_BEST: dict[int, tuple[int, int, int, int, int]] = {}


def _best_offers(unseen: Mask, n: int) -> tuple[int, int, int, int, int]:
    """For an end showing ``n``, by remainder r (0 to 4): the most an unseen tile laid there
    could make that end count, among counts that leave r when divided by 5 (-1 if none).  So
    ``[-base % 5]`` is the most it could add to the rest of the board count, ``base``, for a
    multiple of 5."""
    best = [-1] * 5
    m = unseen & SUIT[n]
    while m:
        u = m.bit_length() - 1
        m ^= 1 << u
        outer = PIPS[u] - n
        c = outer + outer if IS_DOUBLE[u] else outer
        if c > best[c % 5]:
            best[c % 5] = c
    return best[0], best[1], best[2], best[3], best[4]
