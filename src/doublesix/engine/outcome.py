"""How a hand ended, as one typed value decided by the engine at the moment it happens.

>>> from doublesix import Match, Rules
>>> match = Match(Rules.variant("block", target=0), seed=3)
>>> while match.turn is not None:
...     match.play(match.legal_moves()[0])
>>> match.hand_result.ending, match.hand_result.winner, match.hand_result.points
(Ending.BLOCKED, 1, 13)
"""

from __future__ import annotations

import enum
from typing import NamedTuple


class Ending(enum.Enum):
    """How a hand (or a game) ended.

    - ``WENT_OUT``: a seat laid its last tile.
    - ``BLOCKED``: nobody could lay and nothing could be drawn; the lightest hand decides.
    - ``REACHED_TARGET``: under fives scoring, a board count took the mover to the target, and
      the match stopped there in the middle of the hand.
    - ``RESIGNED``: a seat gave the game up (:meth:`doublesix.engine.match.Match.resign`; the
    match's
      :attr:`~doublesix.engine.match.Match.ending` says so).
    """

    WENT_OUT = "went-out"
    BLOCKED = "blocked"
    REACHED_TARGET = "reached-target"
    RESIGNED = "resigned"

    def __repr__(self) -> str:
        return f"Ending.{self.name}"


class _Result(NamedTuple):
    winner: int | None
    points: int
    blocked: bool


class HandResult(_Result):
    """How a hand ended: its winner (None for a drawn hand), the points the winner scored at its
    end (not counting board counts made during it), whether it was blocked, and ``ending``.

    It is the tuple ``(winner, points, blocked)``, as in earlier releases; ``ending`` and
    ``winners`` ride beside it.  ``ending`` need be given only where ``blocked`` cannot tell it
    (a board count that reached the target: ``winner`` holds tiles still, and ``points`` is 0);
    ``winners``, the winning seats, only under teams, where both partners win (``winner`` is
    then the one of them that leads the next hand).

    >>> HandResult(0, 15, False).ending, HandResult(None, 0, True).ending
    (Ending.WENT_OUT, Ending.BLOCKED)
    >>> reached = HandResult(1, 0, False, Ending.REACHED_TARGET)
    >>> reached, reached == (1, 0, False)
    (HandResult(winner=1, points=0, blocked=False, ending=Ending.REACHED_TARGET), True)
    >>> HandResult(3, 40, False).winners, HandResult(3, 40, False, winners=(1, 3)).winners
    ((3,), (1, 3))
    """

    def __new__(
        cls,
        winner: int | None,
        points: int,
        blocked: bool,
        ending: Ending | None = None,
        winners: tuple[int, ...] | None = None,
    ) -> HandResult:
        result = super().__new__(cls, winner, points, blocked)
        if ending is not None:
            result.__dict__["ending"] = ending
        if winners is not None and winners != ((winner,) if winner is not None else ()):
            result.__dict__["winners"] = tuple(winners)
        return result

    @property
    def winners(self) -> tuple[int, ...]:
        """The winning seats: the winner, and its partner under teams; () for a drawn hand."""
        winners = self.__dict__.get("winners")
        if winners is not None:
            return winners  # type: ignore[no-any-return]
        return () if self.winner is None else (self.winner,)

    @property
    def ending(self) -> Ending:
        """How the hand ended."""
        ending = self.__dict__.get("ending")
        if ending is not None:
            return ending  # type: ignore[no-any-return]
        return Ending.BLOCKED if self.blocked else Ending.WENT_OUT

    def __repr__(self) -> str:
        shown = super().__repr__()
        if "ending" in self.__dict__ and self.ending is not (
            Ending.BLOCKED if self.blocked else Ending.WENT_OUT
        ):
            shown = f"{shown[:-1]}, ending={self.ending!r})"
        if "winners" in self.__dict__:
            shown = f"{shown[:-1]}, winners={self.winners!r})"
        return shown
