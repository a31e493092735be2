"""What every game shares about computer seats, so a game goes the same way wherever it is
played: the random numbers of each computer move, and the daily game's opponent.

The web game and the terminal game both use these, so two people who play the daily deal alike
see the same game in either.

>>> move_rng(7, 0, 1, 3).random() == move_rng(7, 0, 1, 3).random()
True
>>> move_rng(7, 0, 1, 3).random() != move_rng(7, 0, 1, 4).random()
True
"""

from __future__ import annotations

import random
from typing import Any, Final

from doublesix.engine.view import View

#: The daily game's computer opponent (RULES.md: the expert at a fixed playout budget).
DAILY_OPPONENT: Final = "expert"
#: The expert's budget in the daily game.  Fixed for good, apart from the expert's default:
#: changing it changes every daily game's computer choices.
DAILY_PLAYOUTS: Final = 1600


def move_rng(seed: int, hand_number: int, seat: int, step: int) -> random.Random:
    """The random numbers of a computer seat's move, from the game alone: the match's seed,
    the hand, the seat and ``step`` (the length of the match's history before the move).

    ``random.Random`` seeded with a string hashes it with SHA-512, the same on every machine
    and Python release.
    """
    return random.Random(f"doublesix:{seed}:{hand_number}:{seat}:{step}")


def hint_seed(seed: int, view: View) -> int:
    """The seed of the hint for ``view``'s seat in the game with match seed ``seed``: the same
    position gets the same hint in the web game and the terminal game.

    >>> from doublesix import Match, Rules
    >>> match = Match(Rules.variant("draw"), seed=5)
    >>> hint_seed(5, match.view(1)) == hint_seed(5, match.view(1))
    True
    """
    return move_rng(seed, view.hand_number, view.seat, len(view.history)).getrandbits(32)


def player_options(name: str, daily: bool) -> dict[str, Any]:
    """The options of computer player ``name`` in a game (the daily game fixes the budget).

    >>> player_options("expert", daily=True)
    {'playouts': 1600}
    >>> player_options("pinocchio", daily=True)
    {}
    """
    return {"playouts": DAILY_PLAYOUTS} if daily and name == "expert" else {}
