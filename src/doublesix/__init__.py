"""doublesix: dominoes (Draw, Block, All Fives, Muggins, Partnership) for 2 to 4 players.

The package's folders are its layers; each imports only the layers below it:

- :mod:`doublesix.engine`: the rules, pure Python with no I/O: tiles, rules and their options,
  the line of play, moves, a hand (:class:`State`), a game to the target (:class:`Match`, the
  referee), what one seat may know (:class:`View`), the history, and what the faces show in
  numbers (:mod:`~doublesix.engine.summary`).
- :mod:`doublesix.ai`: the computer players; they import the engine only, play from a seat's
  view, and hand numbers (a move, a value, a probability) to the words, never sentences.
- :mod:`doublesix.words`: every sentence a person reads or hears, in one place, for every face:
  the game's talk, events, ends, results, the table's messages, the review, the rule book,
  the players' names.
- :mod:`doublesix.protocol`: the web table's protocol, shared by the server and the terminal.
- The faces: :mod:`doublesix.terminal` (the line-mode game and ``join``), :mod:`doublesix.web`
  (the server, grouped by job: ``routes``, ``play``, ``storage``, and the browser's
  ``static``), :mod:`doublesix.adapters` (OpenSpiel and PettingZoo) and :mod:`doublesix.cli`
  (the command line).

The names below are the public API (``docs/api.md``).

>>> from doublesix import Match, Rules
>>> match = Match(Rules.variant("all-fives"), seed=1)
>>> match.turn, len(match.hands[0]) + len(match.hands[1])
(1, 13)
"""

from doublesix.engine.events import Event
from doublesix.engine.layout import Layout, Placed
from doublesix.engine.match import Match, MatchStateError
from doublesix.engine.moves import AmbiguousMoveError, IllegalMoveError, InvalidMoveError, Move
from doublesix.engine.outcome import Ending, HandResult
from doublesix.engine.rules import VARIANTS, Rules
from doublesix.engine.state import State
from doublesix.engine.tiles import Tile
from doublesix.engine.view import TableView, View
from doublesix.words.eventwords import describe

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
    "TableView",
    "Tile",
    "View",
    "describe",
]

__version__ = "0.1.0"
