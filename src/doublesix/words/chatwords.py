"""Quick chat at a table of people: the fixed phrases, what everyone is told when someone says
one, and the refusals, written once and said in the language of the moment (the phrases are
marked constants, said through ``_``).

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

from doublesix.words.endwords import or_list
from doublesix.words.i18n import N_, _, ngettext


class Phrase(NamedTuple):
    """A quick chat phrase: its ``key`` on the wire, its ``label`` (the menu's button, and
    what is shown by the sender's seat) and ``sentence``, what everyone is told (``{name}``:
    the sender's name); both marked, in English: say them through ``_``."""

    key: str
    label: str
    sentence: str


#: The phrases, in the menu's order, by key.
PHRASES: Final[dict[str, Phrase]] = {phrase.key: phrase for phrase in (
    Phrase("hello", N_("Hello!"), N_("{name}: Hello!")),
    Phrase("good-luck", N_("Good luck!"), N_("{name}: Good luck!")),
    Phrase("well-played", N_("Well played!"), N_("{name}: Well played!")),
    Phrase("thanks", N_("Thanks!"), N_("{name}: Thanks!")),
    Phrase("oops", N_("Oops!"), N_("{name}: Oops!")),
    Phrase("good-game", N_("Good game!"), N_("{name}: Good game!")),
)}

#: The refusals: a game against computers only, a sender who holds no seat at the table.
ONLY_PEOPLE: Final = N_("Quick chat is for tables of people, not for a game against computers.")
ONLY_SEATED: Final = N_("Only the people seated at the table can chat.")
#: The refusal of a key that names no phrase (:func:`unknown`).
UNKNOWN: Final = N_("There is no quick chat phrase {key}: choose {keys}.")


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
    return _(PHRASES[key].sentence).format(name=name)


def unknown(key: str) -> str:
    """The refusal of a key that names no phrase.

    >>> print(unknown("boo"))  # doctest: +NORMALIZE_WHITESPACE
    There is no quick chat phrase 'boo': choose hello, good-luck, well-played, thanks, oops or
    good-game.
    """
    shown = key if len(key) <= 20 else key[:20] + "..."
    return _(UNKNOWN).format(key=repr(shown), keys=or_list(list(PHRASES)))


def too_many(limit: int, seconds: int) -> str:
    """The refusal of a phrase past the rate limit: ``limit`` phrases in ``seconds``.

    >>> too_many(3, 10)
    'You said 3 phrases in 10 seconds: wait a moment before the next.'
    >>> too_many(20, 60)
    'You said 20 phrases in a minute: wait a moment before the next.'
    """
    if seconds == 60:
        return ngettext("You said {count} phrase in a minute: wait a moment before the next.",
                        "You said {count} phrases in a minute: wait a moment before the next.",
                        limit).format(count=limit)
    return ngettext("You said {count} phrase in {seconds} seconds: wait a moment before the "
                    "next.",
                    "You said {count} phrases in {seconds} seconds: wait a moment before the "
                    "next.", limit).format(count=limit, seconds=seconds)


def refuses(text: str) -> bool:
    """Whether ``text`` is the server's refusal of a phrase (a client that sent one knows its
    answer by it), said in the language of the moment.

    >>> refuses(too_many(3, 10)), refuses(ONLY_SEATED), refuses("it is not your turn")
    (True, True, False)
    """
    return text in (_(ONLY_PEOPLE), _(ONLY_SEATED)) \
        or text.startswith(_(UNKNOWN).split("{", 1)[0]) \
        or any(text == too_many(int(n), s) for n in re.findall(r"\d+", text)[:1]
               for s in (10, 60))


# -- the terminal's ``say`` ---------------------------------------------------------------------

#: The line before the list of phrases (``say`` alone).
# Translators: "say" is the command typed, in English; "good luck" the words of a phrase.
SAY_LEAD: Final = N_("Quick chat: type say and a phrase's number or its words, such as say 2 "
                     "or say good luck.")
#: ``say`` in the terminal's help at a table of people.
# Translators: "say" is the command typed, in English.
SAY_HELP: Final = N_("say: quick chat with the table (say alone lists the phrases).")
#: ``say`` at a game against computers.
SAY_NOBODY: Final = N_("Quick chat is for tables of people: nobody here would hear it.")


def say_lines() -> list[str]:
    """What ``say`` alone prints: how to say a phrase, then each, numbered from 1.

    >>> say_lines()[1:3]
    ['  1. Hello!', '  2. Good luck!']
    """
    return [_(SAY_LEAD)] + [f"  {number}. {_(phrase.label)}"
                         for number, phrase in enumerate(phrase_list(), 1)]


def say_unknown(typed: str) -> str:
    """The terminal's refusal of ``say`` with words that name no phrase.

    >>> say_unknown("7")
    "There is no phrase '7': type say to list them."
    """
    # Translators: {command} is the command typed (say).
    return _("There is no phrase {typed}: type {command} to list them.").format(
        typed=repr(typed), command="say")
