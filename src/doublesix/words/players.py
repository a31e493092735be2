"""The computer players in words: each one's name as people write it, its difficulty and its
style in one line, and the ladder's level names.

The players (:mod:`doublesix.ai`) know each other by key (``snow-white``, ``expert-quick``)
and their levels by number; every face shows them through these words.

>>> label("snow-white"), difficulty("snow-white")
('Snow White', 'medium')
>>> style("greedy")
'lays its heaviest tile; under All Fives, the one that scores most'
>>> level_name(8), level_name(12)
('Grandmaster', 'Level 12')
"""

from __future__ import annotations

from typing import Final, NamedTuple


class PlayerWords(NamedTuple):
    """How a computer player is shown to people."""

    label: str
    difficulty: str
    style: str


#: Every computer player's words, by the key :data:`doublesix.ai.PLAYERS` knows it by.
PLAYER_WORDS: Final = {
    "random": PlayerWords("Random", "beginner", "plays any legal tile at random"),
    "greedy": PlayerWords("Greedy", "easy",
                          "lays its heaviest tile; under All Fives, the one that scores most"),
    "pinocchio": PlayerWords("Pinocchio", "easy",
                             "plays fast and heavy: sheds pips and doubles early"),
    "buratino": PlayerWords("Buratino", "medium", "hunts points and races to go out, taking risks"),
    "snow-white": PlayerWords("Snow White", "medium",
                              "plays safe: keeps a spread of numbers and blocks what you lack"),
    "expert-quick": PlayerWords("Quick Expert", "hard",
                                "the expert at a small search (16 guesses at the hidden tiles a "
                                "move): quick, and easier to beat"),
    "expert-careful": PlayerWords("Careful Expert", "hard",
                                  "the expert at a middling search (100 guesses at the hidden "
                                  "tiles a move)"),
    "expert": PlayerWords("Expert", "hard",
                          "searches many guesses at the hidden tiles and plays the best on "
                          "average"),
}

#: The names of the ladder's levels, weakest first (:mod:`doublesix.ai.ladder` numbers them
#: from 1; a ladder of fewer steps takes the strongest names).
LEVEL_NAMES: Final = (
    "Beginner", "Novice", "Casual", "Club", "Strong", "Advanced", "Master", "Grandmaster",
)


def label(key: str) -> str:
    """A computer player's name as people write it; an unknown key as it is."""
    words = PLAYER_WORDS.get(key)
    return key if words is None else words.label


def difficulty(key: str) -> str:
    """How hard a computer player is to beat, in one word."""
    return PLAYER_WORDS[key].difficulty


def style(key: str) -> str:
    """How a computer player plays, in one line."""
    return PLAYER_WORDS[key].style


def level_name(level: int, levels: int = len(LEVEL_NAMES)) -> str:
    """The name of the ladder's step ``level`` (1 the weakest) on a ladder of ``levels`` steps.

    >>> level_name(1, levels=3), level_name(3, levels=3)
    ('Advanced', 'Grandmaster')
    """
    if levels > len(LEVEL_NAMES) or not 1 <= level <= levels:
        return f"Level {level}"
    return LEVEL_NAMES[len(LEVEL_NAMES) - levels + level - 1]
