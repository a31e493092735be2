"""The browser's single-key shortcuts in the reader's language: the letter that lays the chosen
tile on each end, draws, and reads the hand, the ends and the scores.

Each letter is a message with its own context (``key: left``...), so that a translator takes
it from the language's word (Spanish *izquierda*: ``i``; French *piocher*: ``p``), as the
terminal's commands are.  The page shows them on its key caps and in its sentences
(``Choose an end, or press L or U.``) and listens for them (``labels.js``'s ``KEYS``).  The
pseudo-languages keep the English letters: a key is a key, not a sentence.

>>> single_keys()["draw"], single_keys()["left"]
('d', 'l')
>>> from doublesix.words.i18n import using
>>> with using("fr"):
...     single_keys()["draw"], single_keys()["left"]
('p', 'g')
"""

from __future__ import annotations

from typing import Final

from doublesix.words.i18n import PSEUDO, current, pgettext, using

#: The ends a single key chooses, and the other actions that have one.
ENDS: Final = ("left", "right", "up", "down")
ACTIONS: Final = ("draw", "hand", "ends", "scores")


def _letters() -> dict[str, str]:
    return {
        # Translators: single-key shortcuts in the browser. One lower-case letter each, taken
        # from the word it stands for (left: l). The four ends' letters differ from each other
        # and from hand, ends and scores; draw may share a letter with an end (a tile is chosen
        # before an end's key is pressed, and drawing is only possible when no tile fits).
        "left": pgettext("key: left", "l"),
        "right": pgettext("key: right", "r"),
        "up": pgettext("key: up", "u"),
        "down": pgettext("key: down", "d"),
        "draw": pgettext("key: draw", "d"),
        # Translators: the key that reads your hand aloud ("Read hand").
        "hand": pgettext("key: read hand", "h"),
        # Translators: the key that reads the open ends aloud ("Read ends").
        "ends": pgettext("key: read ends", "e"),
        # Translators: the key that reads the scores aloud ("Read scores").
        "scores": pgettext("key: read scores", "s"),
    }


def single_keys() -> dict[str, str]:
    """Each action's single key (one lower-case letter) in the current language.

    >>> sorted(single_keys().items())[:3]
    [('down', 'd'), ('draw', 'd'), ('ends', 'e')]
    """
    if current() in PSEUDO:
        with using("en"):
            return _letters()
    return {name: letter.strip().lower()[:1] or name[0] for name, letter in _letters().items()}


def clashes(keys: dict[str, str]) -> list[str]:
    """What is wrong with a language's keys: two ends with one letter, or a reading key (or
    draw) sharing a letter with another key it could be mistaken for.

    >>> clashes(single_keys())
    []
    >>> clashes({**single_keys(), "hand": "l"})
    ['left and hand share l']
    """
    found = []
    names = list(keys)
    for i, first in enumerate(names):
        for second in names[i + 1:]:
            pair = {first, second}
            both_draw_and_end = "draw" in pair and bool(pair & set(ENDS))
            if keys[first] == keys[second] and not both_draw_and_end:
                found.append(f"{first} and {second} share {keys[first]}")
    return found
