"""What a line typed at the prompt means.

A tile is typed ``6 4``, ``6|4``, ``6-4`` or, with sets up to double-nine, ``64``; an end may
follow (``l``, ``r``, ``u``, ``d`` or the word, ``6 4 left``).  Words name the other commands.

The person may type the commands and the ends in their language (the current one,
:mod:`doublesix.words.i18n`) as well as in English: ``robar`` and ``draw``, ``6 4 izquierda``
and ``6 4 left``.  An end's single letter is the language's own; an English letter that means
another end there is not accepted (in Spanish ``d`` is *derecha*, the right end).

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

import functools
import re
import unicodedata
from typing import Final, NamedTuple

from doublesix.engine.tiles import Tile
from doublesix.words import chatwords
from doublesix.words.eventwords import end_words
from doublesix.words.i18n import _, current, using
from doublesix.words.rulebook import set_name as set_words
from doublesix.words.sessionwords import TYPE_A_TILE, answer_words, command_words, end_keys

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

_NUMBER: Final = re.compile(r"\d+")


class Vocabulary(NamedTuple):
    """What may be typed in one language: the command words, the end words and letters, and
    the patterns of a tile (with its end) and of an end alone."""

    words: dict[str, str]
    ends: dict[str, str]
    spaced: re.Pattern[str]
    compact: re.Pattern[str]
    end: re.Pattern[str]


@functools.cache
def vocabulary(language: str) -> Vocabulary:
    """The commands and ends of ``language`` (a name of :mod:`doublesix.words.i18n`), with
    English's; read once, in that language.

    >>> vocabulary("en").ends["l"], vocabulary("en").words["dr"]
    ('left', 'draw')
    """
    words = dict(_WORD_OF)
    with using(language):
        said = command_words()
        keys = end_keys(True)
        named = [end_words(end) for end in ("left", "right", "up", "down")]
    for name, word in said.items():
        words[word.lower()] = name
    own = {word.lower(): end for end, word in
           zip(("left", "right", "up", "down"), keys, strict=True)}
    own |= {word.lower(): end for end, word in
            zip(("left", "right", "up", "down"), named, strict=True)}
    ends = {spelling: end for spelling, end in ENDS.items()
            if len(spelling) > 1 or spelling not in own} | own
    names = "|".join(re.escape(word) for word in sorted(ends, key=len, reverse=True))
    end = rf"(?:\s*(?:on\s+)?(?:the\s+)?(?P<end>{names})(?:\s+(?:end|arm))?)?"
    return Vocabulary(
        words, ends,
        re.compile(r"\[?\s*(?P<a>\d{1,2})\s*(?:[|\-:/,.]|\s)\s*(?P<b>\d{1,2})\s*\]?" + end),
        re.compile(r"\[?(?P<a>\d)(?P<b>\d)\]?" + end),
        re.compile(rf"(?:on\s+)?(?:the\s+)?({names})(?:\s+(?:end|arm))?"))

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
    known = vocabulary(current())
    if not words:
        raise CommandError(_(TYPE_A_TILE))
    if words in known.words:
        return Word(known.words[words])
    match = known.spaced.fullmatch(words)
    if match is None and top <= 9:
        match = known.compact.fullmatch(words)
    if match is None:
        raise CommandError(_not_understood(words, top))
    high, low = int(match["a"]), int(match["b"])
    for number in (high, low):
        if number > top:
            raise CommandError(_("There is no {number} in the {set} set: numbers go from 0 to "
                                 "{top}.").format(number=number, set=set_words(top), top=top))
    end = match["end"]
    return Lay(Tile(high, low), known.ends[end] if end else None)


def _plain(text: str) -> str:
    """``text`` in lower case without its accents, as a typed answer is compared."""
    decomposed = unicodedata.normalize("NFD", " ".join(text.strip().lower().split()))
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def answer_of(text: str) -> str | None:
    """``"yes"`` or ``"no"`` for a typed answer, in the current language or in English (its
    accents optional: ``nao`` is *não*); None for anything else.

    >>> answer_of(" Yes"), answer_of("n"), answer_of("maybe")
    ('yes', 'no', None)
    """
    typed = _plain(text)
    for language_answers in (answer_words(), {"yes": ("yes", "y"), "no": ("no", "n")}):
        for answer, words in language_answers.items():
            if typed in {_plain(word) for word in words}:
                return answer
    return None


def phrase_of(text: str) -> chatwords.Phrase | None:
    """The quick chat phrase that ``say`` names: its number in the list (from 1), its words
    (case, spaces and punctuation aside; in English or in the language of the moment) or its
    key; None if none.

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
        said = {" ".join(re.findall(r"\w+", label.lower())) for label in (phrase.label,
                                                                        _(phrase.label))}
        if words == " ".join(phrase.key.split("-")) or words in said:
            return phrase
    return None


def parse_end(text: str) -> str | None:
    """The end named by ``text`` (``l``, ``left``, ``on the left end``), or None.

    >>> parse_end("R"), parse_end("on the up arm"), parse_end("sideways")
    ('right', 'up', None)
    """
    words = " ".join(text.strip().lower().split())
    known = vocabulary(current())
    match = known.end.fullmatch(words)
    return known.ends[match[1]] if match else None


def _not_understood(words: str, top: int) -> str:
    """The message for a line that is neither a tile nor a command."""
    said = command_words()
    if parse_end(words) is not None:
        return _("Say which tile first, for example 6 4 {left}.").format(
            left=end_words("left"))
    numbers = _NUMBER.findall(words)
    if len(numbers) == 1 and len(numbers[0]) == 1:
        return _("Type both halves of the tile, for example 6 4.")
    if top > 9 and len(numbers) == 1 and 2 <= len(numbers[0]) <= 4:
        return _("With the {set} set, put a space or a bar between the halves, for example "
                 "12 4 or 12|4.").format(set=set_words(top))
    shown = words if len(words) <= 20 else words[:20] + "..."
    return _("I did not understand {typed}. Type a tile, such as 6 4, or a command such as "
             "{draw} or {help}.").format(typed=repr(shown), draw=said["draw"], help=said["help"])
