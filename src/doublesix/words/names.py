"""What a person is told about a name they typed (a seat's now, an account's later)."""

from __future__ import annotations

from typing import Final

#: A name of nothing but spaces, marks, fillers or formatting characters (the server's refusal
#: and the browser's own check, ``LABELS.nameInvisible``).
NAME_INVISIBLE: Final = (
    "A name needs at least one visible character: a letter, a number, a symbol or a "
    "punctuation mark."
)
