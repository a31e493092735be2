"""doublesix: dominoes (Draw, Block, All Fives, Muggins) for 2 to 4 players.

The engine is pure rules: :mod:`~doublesix.tiles`, :mod:`~doublesix.rules`,
:mod:`~doublesix.layout`, :mod:`~doublesix.moves`, :mod:`~doublesix.state` (a hand of play),
:mod:`~doublesix.match` (hands to the target), :mod:`~doublesix.view` (what one seat may know)
and :mod:`~doublesix.events`.  Computer players live in :mod:`doublesix.ai`; the games in
:mod:`doublesix.terminal` and :mod:`doublesix.web`.

>>> from doublesix import Match, Rules
>>> match = Match(Rules.variant("all-fives"), seed=1)
>>> match.turn, len(match.hands[0]) + len(match.hands[1])
(1, 13)
"""

from doublesix.events import Event, describe
from doublesix.layout import Layout, Placed
from doublesix.match import Match, MatchStateError
from doublesix.moves import AmbiguousMoveError, IllegalMoveError, InvalidMoveError, Move
from doublesix.outcome import Ending, HandResult
from doublesix.rules import VARIANTS, Rules
from doublesix.state import State
from doublesix.tiles import Tile
from doublesix.view import View

__all__ = [
    "VARIANTS",
    "AmbiguousMoveError",
    "Ending",
    "Event",
    "HandResult",
    "IllegalMoveError",
    "InvalidMoveError",
    "Layout",
    "Match",
    "MatchStateError",
    "Move",
    "Placed",
    "Rules",
    "State",
    "Tile",
    "View",
    "describe",
]

__version__ = "0.1.0"
