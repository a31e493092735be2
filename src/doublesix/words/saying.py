"""The small words every sentence of the game shares: lists ("a, b and c"), counts ("2 tiles"),
names with their scores, a number with its article; the person's seat.

Part of the one voice (:mod:`doublesix.words.talk` re-exports them).  Pure: no I/O.

>>> listing(["6|4", "5|5", "2|1"]), tiles(2), with_article(8)
('6|4, 5|5 and 2|1', '2 tiles', 'an 8')
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from doublesix.engine.rules import Rules
from doublesix.engine.summary import sides
from doublesix.words.i18n import _, ngettext, pgettext
from doublesix.words.names import YOU_NAME, is_you, shown
from doublesix.words.results import side_name

#: The person's seat and name.
YOU = 0


#: The seat of someone at the table who holds none (a watcher): nothing is "yours".
NOBODY = -1


def verb(name: str, you: str, other: str) -> str:
    """``you`` after "You", else ``other``: ``verb("You", "have", "has")``."""
    return you if name == YOU_NAME else other


def listing(items: Sequence[str]) -> str:
    """Items joined with commas and a final "and".

    >>> listing(["6|4"]), listing(["6|4", "5|5"]), listing(["a", "b", "c"])
    ('6|4', '6|4 and 5|5', 'a, b and c')
    """
    if len(items) <= 1:
        return "".join(items)
    return _("{items} and {last}").format(items=", ".join(items[:-1]), last=items[-1])


def plural(count: int, word: str) -> str:
    """``1 tile``, ``2 tiles``: English only, for the sentences not yet marked for translation
    (a marked one says its number through :func:`doublesix.words.i18n.ngettext`).

    >>> plural(1, "tile"), plural(0, "pip")
    ('1 tile', '0 pips')
    """
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def tiles(count: int) -> str:
    """``1 tile``, ``2 tiles``, in the current language's plural rule.

    >>> tiles(1), tiles(0)
    ('1 tile', '0 tiles')
    """
    return ngettext("{count} tile", "{count} tiles", count).format(count=count)


def pips(count: int) -> str:
    """``1 pip``, ``0 pips``.

    >>> pips(1), pips(0)
    ('1 pip', '0 pips')
    """
    return ngettext("{count} pip", "{count} pips", count).format(count=count)


def points(count: int) -> str:
    """``1 point``, ``37 points``.

    >>> points(37)
    '37 points'
    """
    return ngettext("{count} point", "{count} points", count).format(count=count)


def with_article(number: int) -> str:
    """``a 6``, ``an 8``: a number as it is said after "a" (each language's own article)."""
    if number in (8, 11):
        # Translators: "an 8", "an 11": a number on a tile's half, with its article.
        return pgettext("number", "an {number}").format(number=number)
    return pgettext("number", "a {number}").format(number=number)


def any_of(numbers: Sequence[int]) -> str:
    """Numbers as "any of them" is said after "Nothing fits": ``a 6 or an 8``.

    >>> any_of([6, 8]), any_of([3])
    ('a 6 or an 8', 'a 3')
    """
    return functools.reduce(
        lambda first, second: _("{first} or {second}").format(first=first, second=second),
        [with_article(n) for n in numbers])


def pairs(names: Sequence[str], numbers: Sequence[int], rules: Rules | None = None) -> str:
    """``You: 0, Expert: 15``: names with their numbers, kept apart (a name may end in one);
    with ``rules`` of a team game, one pair a team (``You and Buratino: 30``).

    >>> pairs(["You", "P", "B", "S"], [30, 5, 30, 5], Rules.variant("partnership"))
    'You and B: 30, P and S: 5'
    """
    pair = _("{name}: {number}")
    if rules is None or not rules.teams:
        return ", ".join(pair.format(name=shown(name), number=n)
                         for name, n in zip(names, numbers, strict=True))
    return ", ".join(pair.format(name=side_name(names, side), number=numbers[side[0]])
                     for side in sides(rules))


def scores_sentence(scores: Sequence[int], names: Sequence[str], target: int,
                    rules: Rules | None = None) -> str:
    """Every seat's score (every team's, with ``rules`` of a team game)."""
    if target:
        return _("Scores, playing to {target}. {scores}.").format(
            target=target, scores=pairs(names, scores, rules))
    return _("Scores, one hand. {scores}.").format(scores=pairs(names, scores, rules))


def subject(name: str) -> str:
    """A name in the middle of a sentence: "you" for the person.

    >>> subject("You"), subject("Snow White")
    ('you', 'Snow White')
    """
    # Translators: the person, in the middle of a sentence.
    return pgettext("name", "you") if is_you(name) else name
