"""doublesix: dominoes (Draw, Block, All Fives, Muggins) for 2 to 4 players.

The engine is pure rules: :mod:`~doublesix.engine.tiles`, :mod:`~doublesix.engine.rules`,
:mod:`~doublesix.engine.layout`, :mod:`~doublesix.engine.moves`, :mod:`~doublesix.engine.state` (a
hand of play),
:mod:`~doublesix.engine.match` (hands to the target), :mod:`~doublesix.engine.view` (what one seat
may know)
and :mod:`~doublesix.engine.events`.  Computer players live in :mod:`doublesix.ai`; the games in
:mod:`doublesix.terminal` and :mod:`doublesix.web`.

>>> from doublesix import Match, Rules
>>> match = Match(Rules.variant("all-fives"), seed=1)
>>> match.turn, len(match.hands[0]) + len(match.hands[1])
(1, 13)
"""

from doublesix.engine.events import Event, describe
from doublesix.engine.layout import Layout, Placed
from doublesix.engine.match import Match, MatchStateError
from doublesix.engine.moves import AmbiguousMoveError, IllegalMoveError, InvalidMoveError, Move
from doublesix.engine.outcome import Ending, HandResult
from doublesix.engine.rules import VARIANTS, Rules
from doublesix.engine.state import State
from doublesix.engine.tiles import Tile
from doublesix.engine.view import View

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
