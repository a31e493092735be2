"""What one seat may know, and what the others' passes and draws reveal.

A :class:`View` holds exactly what a person in that seat could know, so two deals the seat
cannot tell apart give equal views.  Computer players are given views, never the match.

>>> from doublesix import Match, Rules
>>> match = Match(Rules.variant("draw"), seed=5)
>>> view = match.view(1)
>>> view.seat, view.hand_sizes, view.boneyard_size, len(view.unseen)
(1, (6, 7), 14, 20)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from doublesix.events import Event
from doublesix.layout import Layout
from doublesix.moves import Move, legal_moves_for
from doublesix.outcome import HandResult
from doublesix.rules import Rules
from doublesix.tiles import TILES, Mask, Tile, full_set, indices

_NOTHING: Final[frozenset[int]] = frozenset()


@dataclass(frozen=True)
class View:
    """One seat's knowledge.  ``scores``, ``hand_sizes`` and ``lacks`` are indexed by seat."""

    seat: int
    rules: Rules
    #: The seat's own tiles, highest first.
    hand: tuple[Tile, ...]
    #: The table (public): open ends, board count, the tiles as they lie.
    layout: Layout
    scores: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    boneyard_size: int
    #: The seat to move, or None when the hand or match is over.
    turn: int | None
    #: The public events of the match so far (draws merged and never naming tiles).
    history: tuple[Event, ...]
    #: For each seat, the numbers it is known not to hold now.
    lacks: tuple[frozenset[int], ...]
    #: Which hand of the match this is (0 for the first).
    hand_number: int = 0
    hand_result: HandResult | None = None
    is_over: bool = False
    #: Per seat, how many tiles were on the table when it last laid one (0: never); public.
    last_lay: tuple[int, ...] = ()

    @property
    def open_ends(self) -> dict[str, int]:
        """The ends a tile may be laid on now, by name."""
        return self.layout.open_ends

    @property
    def board_count(self) -> int:
        """The sum of the open ends (what All Fives scores when it is a multiple of 5)."""
        return self.layout.count

    @property
    def hand_mask(self) -> Mask:
        """The seat's tiles as a mask."""
        mask = 0
        for tile in self.hand:
            mask |= tile.bit
        return mask

    @property
    def unseen_mask(self) -> Mask:
        """The tiles this seat cannot see (other hands and boneyard) as a mask."""
        return full_set(self.rules.set) & ~self.hand_mask & ~self.layout.played

    @property
    def unseen(self) -> frozenset[Tile]:
        """The tiles this seat cannot see: the other hands and the boneyard together."""
        return frozenset(TILES[i] for i in indices(self.unseen_mask))

    @property
    def can_draw(self) -> bool:
        """Whether a seat with nothing to lay would draw now."""
        return self.rules.drawing and self.boneyard_size > 0

    def legal_moves(self) -> list[Move]:
        """This seat's legal moves; an empty list when it is not its turn."""
        if self.turn != self.seat:
            return []
        return list(
            legal_moves_for(self.hand_mask, self.layout, self.can_draw, -1, self.is_over)
        )


def derive_lacks(
    players: int, steps: Iterable[tuple[int, str, frozenset[int]]]
) -> tuple[frozenset[int], ...]:
    """What each seat is known not to hold, from the public record of the current hand.

    ``steps`` are ``(seat, kind, numbers open before the move)`` for each lay, draw and pass.
    A seat that passes or draws held nothing fitting; a drawn tile is unknown until the seat
    shows what it does next: laying it (so the rest of the hand is as before the draw), drawing
    again or passing (so the drawn tile did not fit either).

    >>> ends = frozenset({6, 3})
    >>> derive_lacks(2, [(1, "pass", ends)])
    (frozenset(), frozenset({3, 6}))
    >>> derive_lacks(2, [(1, "draw", ends)])  # the drawn tile may hold anything
    (frozenset(), frozenset())
    >>> derive_lacks(2, [(1, "draw", ends), (1, "lay", ends)])
    (frozenset(), frozenset({3, 6}))
    """
    lacks = [_NOTHING] * players
    # While a seat is drawing: what the hand lacks apart from the newest, unknown tile.
    rest: list[frozenset[int] | None] = [None] * players
    for seat, kind, numbers in steps:
        before = rest[seat]
        if kind == "draw":
            rest[seat] = lacks[seat] | numbers if before is None else before & numbers
            lacks[seat] = _NOTHING
        elif kind == "lay":
            if before is not None:
                lacks[seat] = before
                rest[seat] = None
        elif kind == "pass":
            lacks[seat] = (lacks[seat] if before is None else before & numbers) | numbers
            rest[seat] = None
        else:
            raise ValueError(f"unknown step kind {kind!r}")
    return tuple(lacks)
