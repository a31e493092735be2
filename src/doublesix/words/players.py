"""The computer players in words: each one's name as people write it, its style in one line,
and its strength on one scale, the ladder's: a level with its name (and, where there is room,
its rating), the same in the game, the new-game form, the terminal, the help and the docs.

The players (:mod:`doublesix.ai`) know each other by key (``snow-white``, ``expert-quick``)
and their levels by number (:func:`doublesix.ai.ladder.level_of_player`, from the table the
game ships); every face shows them through these words.

>>> label("snow-white"), style("greedy")
('Snow White', 'lays its heaviest tile; under All Fives, the one that scores most')
>>> level_name(8), level_name(12)
('Grandmaster', 'Level 12')
>>> named(label("snow-white"), 5), level_words(5, 1555)
('Snow White (level 5, Strong)', 'level 5, Strong, rated 1,555')
"""

from __future__ import annotations

from typing import Final, NamedTuple

from doublesix.words.i18n import N_, _, number


class PlayerWords(NamedTuple):
    """How a computer player is shown to people (its strength is its level's:
    :func:`level_words`)."""

    label: str
    style: str


#: Every computer player's words, by the key :data:`doublesix.ai.PLAYERS` knows it by.
PLAYER_WORDS: Final = {
    "random": PlayerWords(N_("Random"), N_("plays any legal tile at random")),
    "greedy": PlayerWords(N_("Greedy"),
                          N_("lays its heaviest tile; under All Fives, the one that scores most")),
    "pinocchio": PlayerWords(N_("Pinocchio"),
                             N_("plays fast and heavy: sheds pips and doubles early")),
    "buratino": PlayerWords(N_("Buratino"), N_("hunts points and races to go out, taking risks")),
    "snow-white": PlayerWords(N_("Snow White"),
                              N_("plays safe: keeps a spread of numbers and blocks what you lack")),
    "expert-quick": PlayerWords(N_("Quick Expert"),
                                N_("the expert at a small search (16 guesses at the hidden tiles "
                                "a move): quick, and easier to beat")),
    "expert-careful": PlayerWords(N_("Careful Expert"),
                                  N_("the expert at a middling search (100 guesses at the hidden "
                                  "tiles a move)")),
    "expert": PlayerWords(N_("Expert"),
                          N_("searches many guesses at the hidden tiles and plays the best on "
                          "average")),
}

#: The names of the ladder's levels, weakest first: level 1 is "Beginner", level 8
#: "Grandmaster" (:mod:`doublesix.ai.ladder` numbers the game's ladder from 1).  A name belongs
#: to its level, whoever else is rated beside it.
LEVEL_NAMES: Final = (
    N_("Beginner"), N_("Novice"), N_("Casual"), N_("Club"), N_("Strong"), N_("Advanced"),
    N_("Master"), N_("Grandmaster"),
)


def label(key: str) -> str:
    """A computer player's name as people write it; an unknown key as it is."""
    words = PLAYER_WORDS.get(key)
    return key if words is None else _(words.label)


def style(key: str) -> str:
    """How a computer player plays, in one line."""
    return _(PLAYER_WORDS[key].style)


def level_name(level: int) -> str:
    """The name of the game's ladder's level ``level`` (1 the weakest).

    >>> level_name(1), level_name(5)
    ('Beginner', 'Strong')
    """
    if not 1 <= level <= len(LEVEL_NAMES):
        return _("Level {level}").format(level=level)
    return _(LEVEL_NAMES[level - 1])


def level_words(level: int, rating: int | None = None) -> str:
    """A level on the one scale of strength: its number and name, and its ``rating`` where
    there is room for it (the help, the docs, the ladder).

    >>> level_words(3), level_words(5, 1555)
    ('level 3, Casual', 'level 5, Strong, rated 1,555')
    """
    if rating is None:
        return _("level {level}, {name}").format(level=level, name=level_name(level))
    return _("level {level}, {name}, rated {rating}").format(level=level, name=level_name(level),
                                                             rating=number(rating))


def named(name: str, level: int | None) -> str:
    """A computer opponent with its strength, as the game, the form, the terminal and the
    statistics name it: its ``name`` (its label, or its seat's name) and its ``level`` (None:
    off the ladder, its name alone).

    >>> named(label("random"), 1), named("Snow White 2", 5), named("someone", None)
    ('Random (level 1, Beginner)', 'Snow White 2 (level 5, Strong)', 'someone')
    """
    if level is None:
        return name
    return _("{name} ({level})").format(name=name, level=level_words(level))


def ladder_heading(deals: int, seed: int) -> str:
    """The first line of ``doublesix ladder``'s table.

    >>> ladder_heading(1, 7)
    "The ladder: 1 deal of each pair in each variant, seed 7. Ranked by this run's ratings; \
each level is the player's own on the game's ladder."
    """
    if deals == 1:
        return (f"The ladder: 1 deal of each pair in each variant, seed {seed}. Ranked by this "
                "run's ratings; each level is the player's own on the game's ladder.")
    return (f"The ladder: {deals} deals of each pair in each variant, seed {seed}. Ranked by "
            "this run's ratings; each level is the player's own on the game's ladder.")


def ladder_line(rank: int, key: str, level: int | None, rating: int, interval: int) -> str:
    """A player's line in ``doublesix ladder``'s table: its ``rank`` in this run, its name
    with its own ``level`` on the game's ladder (None: a player the game's ladder does not
    hold), and the rating this run gave it.

    >>> ladder_line(2, "pinocchio", 3, 1465, 260)
    '2. Pinocchio (level 3, Casual): rating 1,465 ± 260'
    >>> ladder_line(3, "expert:playouts=50", None, 1600, 250)
    '3. expert:playouts=50: rating 1,600 ± 250'
    """
    return f"{rank}. {named(label(key), level)}: rating {rating:,} ± {interval}"


def introduction(name: str, key: str, level: int | None) -> str:
    """The terminal's sentence for a computer opponent at the table: its seat's ``name``, its
    strength and how it plays.

    >>> introduction("Snow White", "snow-white", 5)
    'Snow White (level 5, Strong) plays safe: keeps a spread of numbers and blocks what you lack.'
    """
    if level is None:
        return _("{name} {style}.").format(name=name, style=style(key))
    return _("{name} ({level}) {style}.").format(name=name, level=level_words(level),
                                                 style=style(key))
