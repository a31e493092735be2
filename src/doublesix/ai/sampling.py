"""Guessing the hidden tiles: deals consistent with everything a seat's view reveals.

A determinized search plays on many such guesses.  Each guess gives every other seat as many
tiles as it holds, none showing a number the seat is known to lack (``view.lacks``), and puts
the rest, shuffled, in the boneyard.

>>> import random
>>> from doublesix import Match, Rules
>>> match = Match(Rules.variant("draw"), seed=2)
>>> view = match.view(match.turn)
>>> hands, bone = sample_deal(view, random.Random(1))
>>> [h.bit_count() for h in hands] == list(view.hand_sizes), len(bone) == view.boneyard_size
(True, True)
"""

from __future__ import annotations

import random

from doublesix.tiles import SUIT, Mask, indices
from doublesix.view import View

#: How many times a guess is redrawn before the lacks of the most crowded seats are relaxed.
_TRIES = 50


def allowed_tiles(view: View) -> list[Mask]:
    """For each seat, the unseen tiles it may hold (its own seat: its real hand)."""
    unseen = view.unseen_mask
    allowed = []
    for seat, lacks in enumerate(view.lacks):
        if seat == view.seat:
            allowed.append(view.hand_mask)
            continue
        banned = 0
        for number in lacks:
            banned |= SUIT[number]
        allowed.append(unseen & ~banned)
    return allowed


def sample_deal(view: View, rng: random.Random) -> tuple[list[Mask], list[int]]:
    """One guess at the hidden tiles: every seat's hand as a mask and the boneyard in draw
    order (tile indices).  The guess respects ``view.lacks`` whenever that is possible."""
    allowed = allowed_tiles(view)
    for attempt in range(_TRIES + 1):
        if attempt == _TRIES:
            allowed = [view.hand_mask if s == view.seat else view.unseen_mask
                       for s in range(len(allowed))]
        deal = _try_deal(view, allowed, rng)
        if deal is not None:
            return deal
    raise AssertionError("unreachable: an unconstrained deal always succeeds")


def _try_deal(
    view: View, allowed: list[Mask], rng: random.Random
) -> tuple[list[Mask], list[int]] | None:
    left = view.unseen_mask
    hands = [0] * len(allowed)
    hands[view.seat] = view.hand_mask
    # The most constrained seat first: fewest spare tiles for its size.
    others = sorted(
        (s for s in range(len(allowed)) if s != view.seat),
        key=lambda s: (allowed[s].bit_count() - view.hand_sizes[s], s),
    )
    for seat in others:
        pool = list(indices(allowed[seat] & left))
        need = view.hand_sizes[seat]
        if len(pool) < need:
            return None
        chosen = rng.sample(pool, need)
        mask = 0
        for t in chosen:
            mask |= 1 << t
        hands[seat] = mask
        left &= ~mask
    bone = list(indices(left))
    rng.shuffle(bone)
    return hands, bone
