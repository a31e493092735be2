"""Quick chat at a table of people: the fixed phrases, what everyone is told when someone says
one, and the refusals, written once (issue 43 translates them).

There is no free text, so nothing needs moderating: a person sends a phrase by its key, and
every seat is told the whole sentence, the sender's name in its placeholder.  The browser's
menu and the terminal's ``say`` list the same phrases, in the same order.  Plain strings: no
I/O.

>>> said("good-luck", "Ana"), PHRASES["good-game"].label
('Ana: Good luck!', 'Good game!')
>>> [phrase.key for phrase in phrase_list()][:3]
['hello', 'good-luck', 'well-played']
"""

from __future__ import annotations

import re
from typing import Final, NamedTuple


class Phrase(NamedTuple):
    """A quick chat phrase: its ``key`` on the wire, its ``label`` (the menu's button, and
    what is shown by the sender's seat) and ``sentence``, what everyone is told (``{name}``:
    the sender's name)."""

    key: str
    label: str
    sentence: str


#: The phrases, in the menu's order, by key.
PHRASES: Final[dict[str, Phrase]] = {phrase.key: phrase for phrase in (
    Phrase("hello", "Hello!", "{name}: Hello!"),
    Phrase("good-luck", "Good luck!", "{name}: Good luck!"),
    Phrase("well-played", "Well played!", "{name}: Well played!"),
    Phrase("thanks", "Thanks!", "{name}: Thanks!"),
    Phrase("oops", "Oops!", "{name}: Oops!"),
    Phrase("good-game", "Good game!", "{name}: Good game!"),
)}

#: The refusals: a game against computers only, a sender who holds no seat at the table.
ONLY_PEOPLE: Final = "Quick chat is for tables of people, not for a game against computers."
ONLY_SEATED: Final = "Only the people seated at the table can chat."


def phrase_list() -> list[Phrase]:
    """The phrases in the menu's order.

    >>> len(phrase_list())
    6
    """
    return list(PHRASES.values())


def said(key: str, name: str) -> str:
    """What everyone at the table is told when ``name`` says the phrase ``key``.

    >>> said("thanks", "Bea")
    'Bea: Thanks!'
    """
    return PHRASES[key].sentence.format(name=name)


def unknown(key: str) -> str:
    """The refusal of a key that names no phrase.

    >>> print(unknown("boo"))  # doctest: +NORMALIZE_WHITESPACE
    There is no quick chat phrase 'boo': choose hello, good-luck, well-played, thanks, oops or
    good-game.
    """
    keys = list(PHRASES)
    shown = key if len(key) <= 20 else key[:20] + "..."
    return (f"There is no quick chat phrase {shown!r}: choose {', '.join(keys[:-1])} or "
            f"{keys[-1]}.")


def too_many(limit: int, seconds: int) -> str:
    """The refusal of a phrase past the rate limit: ``limit`` phrases in ``seconds``.

    >>> too_many(3, 10)
    'You said 3 phrases in 10 seconds: wait a moment before the next.'
    >>> too_many(20, 60)
    'You said 20 phrases in a minute: wait a moment before the next.'
    """
    if seconds == 60:
        return f"You said {limit} phrases in a minute: wait a moment before the next."
    return f"You said {limit} phrases in {seconds} seconds: wait a moment before the next."


def refuses(text: str) -> bool:
    """Whether ``text`` is the server's refusal of a phrase (a client that sent one knows its
    answer by it).

    >>> refuses(too_many(3, 10)), refuses(ONLY_SEATED), refuses("it is not your turn")
    (True, True, False)
    """
    return text in (ONLY_PEOPLE, ONLY_SEATED) or text.startswith("There is no quick chat ") \
        or any(text == too_many(int(n), s) for n in re.findall(r"\d+", text)[:1]
               for s in (10, 60))


# -- the terminal's ``say`` ---------------------------------------------------------------------

#: The line before the list of phrases (``say`` alone).
SAY_LEAD: Final = ("Quick chat: type say and a phrase's number or its words, such as say 2 "
                   "or say good luck.")
#: ``say`` in the terminal's help at a table of people.
SAY_HELP: Final = "say: quick chat with the table (say alone lists the phrases)."
#: ``say`` at a game against computers.
SAY_NOBODY: Final = "Quick chat is for tables of people: nobody here would hear it."


def say_lines() -> list[str]:
    """What ``say`` alone prints: how to say a phrase, then each, numbered from 1.

    >>> say_lines()[1:3]
    ['  1. Hello!', '  2. Good luck!']
    """
    return [SAY_LEAD] + [f"  {number}. {phrase.label}"
                         for number, phrase in enumerate(phrase_list(), 1)]


def say_unknown(typed: str) -> str:
    """The terminal's refusal of ``say`` with words that name no phrase.

    >>> say_unknown("7")
    "There is no phrase '7': type say to list them."
    """
    return f"There is no phrase {typed!r}: type say to list them."
