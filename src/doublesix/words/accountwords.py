"""What a person reads about accounts: signing up, in and out, passwords, names, deleting.
Said in the language of the moment; the constants are marked and said through ``_(CONSTANT)``,
but the ``*BODY`` refusals, which are for the programs that call the API (their JSON).

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

from doublesix.words.i18n import N_, _, ngettext

#: The name a deleted account's seats show in the other players' games.
FORMER_PLAYER: Final = N_("A former player")
NAME_LENGTH: Final = N_("An account's name has 3 to 24 characters.")
NAME_TAKEN: Final = N_("That name, or one that looks like it, is taken: choose another.")
NAME_MIXES: Final = N_("A name may not mix alphabets with letters that look alike (such as a "
                       "Cyrillic \u0430 among Latin letters).")
PASSWORD_LENGTH: Final = N_("A password has 8 to 256 characters: a few words make a good one.")
PASSWORD_SAME_AS_NAME: Final = N_("A password must not be the account's name.")
WRONG: Final = N_("That name and password do not match an account.")
WRONG_PASSWORD: Final = N_("That is not this account's password.")
SIGNED_OUT: Final = N_("You are not signed in: sign in first.")
#: The refusals of a malformed body: for a program (their JSON is not translated).
BODY: Final = 'the body must be {"name": "...", "password": "..."}'
NEW_PASSWORD_BODY: Final = 'the body must be {"old": "...", "new": "..."}'
FAREWELL_BODY: Final = 'the body must be {"password": "..."}'
PREFERENCES_BODY: Final = ('the body must be preferences such as {"theme": "dark"}, each field '
                           'one of the names the API\'s schema lists for it')


def signed_in(name: str) -> str:
    """The account's line on every page."""
    return _("Signed in as {name}.").format(name=name)


def too_many_tries(seconds: float) -> str:
    """A sign-in refused after too many wrong passwords."""
    wait = max(1, round(seconds))
    return ngettext("Too many wrong passwords for this name or from this address: try again in "
                    "{count} second.",
                    "Too many wrong passwords for this name or from this address: try again in "
                    "{count} seconds.", wait).format(count=wait)


def joined(games: int, rating: bool) -> str | None:
    """What of this browser's history joined the account at its first sign-in here (None:
    nothing)."""
    if games == 0:
        return _("This browser's rating joined your account.") if rating else None
    if rating:
        said = ngettext("This browser's game and its rating joined your account.",
                        "This browser's {count} games and its rating joined your account.", games)
    else:
        said = ngettext("This browser's game joined your account.",
                        "This browser's {count} games joined your account.", games)
    return said.format(count=games)


# -- the terminal (doublesix login) ----------------------------------------------------------

ASK_NAME: Final = N_("Your account's name: ")
ASK_PASSWORD: Final = N_("Your password: ")
ASK_NEW_PASSWORD: Final = N_("A password for the new account (8 characters or more): ")
NOT_SIGNED_IN: Final = N_("Not signed in.")


def not_a_server(url: str) -> str:
    """A ``doublesix login`` address that names no web server."""
    return _("This is not a server's address: {url}. Type it as the browser shows it, such as "
             "{example}.").format(url=repr(url), example="http://127.0.0.1:8000")


def cannot_keep(path: str, reason: str) -> str:
    """The sign-in could not be written to the data folder."""
    return _("Could not keep the sign-in in {path}: {reason}.").format(path=path, reason=reason)


def signed_out_at(origin: str) -> str:
    """``doublesix login --logout`` done."""
    return _("Signed out at {origin}.").format(origin=origin)


def not_signed_in_at(origin: str) -> str:
    """``doublesix login --logout`` where no account was signed in."""
    return _("You were not signed in at {origin}.").format(origin=origin)
