"""What a person is told about a name they typed (a seat's now, an account's later), and the
person's own name in a sentence: "You", in the language of the moment."""

from __future__ import annotations

from typing import Final

from doublesix.words.i18n import N_, pgettext

#: The person's own seat's name in a seat's list of names: the sentences spoken to that seat
#: say "You" (in its language, :func:`shown`) and conjugate for it.
YOU_NAME: Final = "You"

#: A name of nothing but spaces, marks, fillers or formatting characters (the server's refusal
#: and the browser's own check, ``LABELS.nameInvisible``).
NAME_INVISIBLE: Final = N_(
    "A name needs at least one visible character: a letter, a number, a symbol or a "
    "punctuation mark."
)


def is_you(name: str) -> bool:
    """Whether ``name`` is the person's own seat (:data:`YOU_NAME`)."""
    return name == YOU_NAME


def shown(name: str) -> str:
    """A seat's name as a sentence says it: "You" in the current language for the person's
    own seat, any other name as it is.

    >>> shown("You"), shown("Bea")
    ('You', 'Bea')
    """
    # Translators: the person's own name in a list of names or scores ("You: 15, Bea: 10").
    return pgettext("name", "You") if name == YOU_NAME else name
