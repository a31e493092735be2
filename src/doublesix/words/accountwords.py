"""What a person reads about accounts: signing up, in and out, passwords, names, deleting.

>>> signed_in("Ana")
'Signed in as Ana.'
>>> joined(3, rating=True)
"This browser's 3 games and its rating joined your account."
>>> joined(1, rating=False)
"This browser's game joined your account."
>>> joined(0, rating=False) is None
True
"""

from __future__ import annotations

from typing import Final

#: The name a deleted account's seats show in the other players' games.
FORMER_PLAYER: Final = "A former player"
NAME_LENGTH: Final = "An account's name has 3 to 24 characters."
NAME_TAKEN: Final = "That name, or one that looks like it, is taken: choose another."
NAME_MIXES: Final = ("A name may not mix alphabets with letters that look alike (such as a "
                     "Cyrillic \u0430 among Latin letters).")
PASSWORD_LENGTH: Final = "A password has 8 to 256 characters: a few words make a good one."
PASSWORD_SAME_AS_NAME: Final = "A password must not be the account's name."
WRONG: Final = "That name and password do not match an account."
WRONG_PASSWORD: Final = "That is not this account's password."
SIGNED_OUT: Final = "You are not signed in: sign in first."
BODY: Final = 'the body must be {"name": "...", "password": "..."}'
NEW_PASSWORD_BODY: Final = 'the body must be {"old": "...", "new": "..."}'
FAREWELL_BODY: Final = 'the body must be {"password": "..."}'


def signed_in(name: str) -> str:
    """The account's line on every page."""
    return f"Signed in as {name}."


def too_many_tries(seconds: float) -> str:
    """A sign-in refused after too many wrong passwords."""
    return (f"Too many wrong passwords for this name or from this address: try again in "
            f"{max(1, round(seconds))} seconds.")


def joined(games: int, rating: bool) -> str | None:
    """What of this browser's history joined the account at its first sign-in here (None:
    nothing)."""
    if games == 0:
        return "This browser's rating joined your account." if rating else None
    if games == 1:
        return ("This browser's game and its rating joined your account." if rating
                else "This browser's game joined your account.")
    return (f"This browser's {games} games and its rating joined your account." if rating
            else f"This browser's {games} games joined your account.")
