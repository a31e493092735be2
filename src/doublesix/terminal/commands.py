"""What a line typed at the prompt means.

A tile is typed ``6 4``, ``6|4``, ``6-4`` or, with sets up to double-nine, ``64``; an end may
follow (``l``, ``r``, ``u``, ``d`` or the word, ``6 4 left``).  Words name the other commands.

>>> parse("6 4 l", 6)
Lay(tile=Tile(6, 4), end='left')
>>> parse(" 64 ", 6)
Lay(tile=Tile(6, 4), end=None)
>>> parse("[6|4] on the right end", 6)
Lay(tile=Tile(6, 4), end='right')
>>> parse("Draw", 6)
Word(name='draw')
>>> parse("7 1", 6)
Traceback (most recent call last):
...
doublesix.terminal.commands.CommandError: There is no 7 in the double-six set: ...
"""

from __future__ import annotations

import re
from typing import Final, NamedTuple

from doublesix.engine.rules import set_name
from doublesix.engine.tiles import Tile
from doublesix.words import chatwords

#: The commands that are words, with the other spellings people type.
WORDS: Final = {
    "draw": ("draw", "dr"),
    "pass": ("pass",),
    "hand": ("hand", "tiles"),
    "board": ("board", "table", "line", "ends"),
    "score": ("score", "scores", "scoresheet"),
    "history": ("history", "log"),
    "hint": ("hint",),
    "review": ("review",),
    "stats": ("stats", "rating", "statistics"),
    "resign": ("resign", "concede"),
    "help": ("help", "?", "commands"),
    "quit": ("quit", "q", "exit", "stop", "save"),
}
_WORD_OF: Final = {spelling: name for name, spellings in WORDS.items() for spelling in spellings}

#: End words and their letters.
ENDS: Final = {"l": "left", "r": "right", "u": "up", "d": "down",
               "left": "left", "right": "right", "up": "up", "down": "down"}

_END: Final = r"(?:\s*(?:on\s+)?(?:the\s+)?(?P<end>left|right|up|down|l|r|u|d)(?:\s+(?:end|arm))?)?"
_SPACED: Final = re.compile(
    r"\[?\s*(?P<a>\d{1,2})\s*(?:[|\-:/,.]|\s)\s*(?P<b>\d{1,2})\s*\]?" + _END
)
_COMPACT: Final = re.compile(r"\[?(?P<a>\d)(?P<b>\d)\]?" + _END)
_NUMBER: Final = re.compile(r"\d+")

class CommandError(ValueError):
    """A line that is not a command; the message says what to type instead."""


class Lay(NamedTuple):
    """Lay ``tile``, on ``end`` when given."""

    tile: Tile
    end: str | None


class Word(NamedTuple):
    """A command that is a word: ``draw``, ``pass``, ``hand``, ``board``, ``score``,
    ``history``, ``hint``, ``review``, ``resign``, ``help`` or ``quit``."""

    name: str


Command = Lay | Word


def parse(text: str, top: int) -> Command:
    """The command typed as ``text`` in a game with the double-``top`` set."""
    words = " ".join(text.strip().lower().split())
    if not words:
        raise CommandError("Type a tile, such as 6 4, or a command. Type help for the list.")
    if words in _WORD_OF:
        return Word(_WORD_OF[words])
    match = _SPACED.fullmatch(words)
    if match is None and top <= 9:
        match = _COMPACT.fullmatch(words)
    if match is None:
        raise CommandError(_not_understood(words, top))
    high, low = int(match["a"]), int(match["b"])
    for number in (high, low):
        if number > top:
            raise CommandError(
                f"There is no {number} in the {set_name(top)} set: "
                f"numbers go from 0 to {top}."
            )
    end = match["end"]
    return Lay(Tile(high, low), ENDS[end] if end else None)


def phrase_of(text: str) -> chatwords.Phrase | None:
    """The quick chat phrase that ``say`` names: its number in the list (from 1), its words
    (case, spaces and punctuation aside) or its key; None if none.

    >>> phrase_of("2").key, phrase_of("Good  luck").key, phrase_of("well-played!").key
    ('good-luck', 'good-luck', 'well-played')
    >>> phrase_of("7"), phrase_of("you lose")
    (None, None)
    """
    words = " ".join(re.sub(r"[^\w]+", " ", text.lower()).split())
    phrases = chatwords.phrase_list()
    if words.isdigit():
        number = int(words)
        return phrases[number - 1] if 1 <= number <= len(phrases) else None
    for phrase in phrases:
        if words in (" ".join(phrase.key.split("-")), " ".join(re.findall(r"\w+",
                                                                        phrase.label.lower()))):
            return phrase
    return None


def parse_end(text: str) -> str | None:
    """The end named by ``text`` (``l``, ``left``, ``on the left end``), or None.

    >>> parse_end("R"), parse_end("on the up arm"), parse_end("sideways")
    ('right', 'up', None)
    """
    words = " ".join(text.strip().lower().split())
    match = re.fullmatch(
        r"(?:on\s+)?(?:the\s+)?(left|right|up|down|l|r|u|d)(?:\s+(?:end|arm))?", words
    )
    return ENDS[match[1]] if match else None


def _not_understood(words: str, top: int) -> str:
    """The message for a line that is neither a tile nor a command."""
    if parse_end(words) is not None:
        return "Say which tile first, for example 6 4 left."
    numbers = _NUMBER.findall(words)
    if len(numbers) == 1 and len(numbers[0]) == 1:
        return "Type both halves of the tile, for example 6 4."
    if top > 9 and len(numbers) == 1 and 2 <= len(numbers[0]) <= 4:
        return (
            f"With the {set_name(top)} set, put a space or a bar between the halves, "
            "for example 12 4 or 12|4."
        )
    shown = words if len(words) <= 20 else words[:20] + "..."
    return (
        f"I did not understand {shown!r}. Type a tile, such as 6 4, "
        "or a command such as draw or help."
    )
