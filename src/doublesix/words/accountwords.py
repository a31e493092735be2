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
PREFERENCES_BODY: Final = ('the body must be preferences such as {"theme": "dark"}, each field '
                           'one of the names the API\'s schema lists for it')


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


# -- the terminal (doublesix login) ----------------------------------------------------------

ASK_NAME: Final = "Your account's name: "
ASK_PASSWORD: Final = "Your password: "
ASK_NEW_PASSWORD: Final = "A password for the new account (8 characters or more): "
NOT_SIGNED_IN: Final = "Not signed in."


def not_a_server(url: str) -> str:
    """A ``doublesix login`` address that names no web server."""
    return (f"This is not a server's address: {url!r}. Type it as the browser shows it, "
            "such as http://127.0.0.1:8000.")


def cannot_keep(path: str, reason: str) -> str:
    """The sign-in could not be written to the data folder."""
    return f"Could not keep the sign-in in {path}: {reason}."


def signed_out_at(origin: str) -> str:
    """``doublesix login --logout`` done."""
    return f"Signed out at {origin}."


def not_signed_in_at(origin: str) -> str:
    """``doublesix login --logout`` where no account was signed in."""
    return f"You were not signed in at {origin}."
