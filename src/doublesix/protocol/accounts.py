"""The accounts' JSON bodies (``docs/protocol.md``, "Accounts"): signing up, in and out, the
account's page, a new password, deleting the account, and the preferences the account keeps.

>>> Credentials.model_validate({"name": "Ana", "password": "correct horse"}).client
'browser'
>>> Preferences.model_validate({"theme": "dark"})
Preferences(theme='dark', felt=None, tiles=None, coach=None, language=None)
>>> AccountInfo.model_validate({"name": "Ana", "created": "2026-12-04",
...                              "signed_in": "Signed in as Ana."}).name
'Ana'
"""

from __future__ import annotations

from typing import Literal

from pydantic import ConfigDict

from doublesix.protocol.endpoints import Record
from doublesix.protocol.model import Model


class Credentials(Model):
    """A name and a password: to sign up (``POST /api/account``) or in (``POST
    /api/session``).  ``client`` "terminal" asks for the session's token in the answer (the
    terminal keeps it in its save folder) instead of a cookie."""

    model_config = ConfigDict(strict=True, extra="forbid")

    name: str
    password: str
    client: Literal["browser", "terminal"] = "browser"


class NewPassword(Model):
    """A new password, with the old one (``POST /api/account/password``)."""

    model_config = ConfigDict(strict=True, extra="forbid")

    old: str
    new: str


class Farewell(Model):
    """Delete the account (``POST /api/account/delete``): its password again."""

    model_config = ConfigDict(strict=True, extra="forbid")

    password: str


class AccountInfo(Model):
    """The account signed in: its name, when it was made (ISO date), and the page's words."""

    name: str
    created: str
    #: "Signed in as Ana."
    signed_in: str


class SignedIn(AccountInfo):
    """The answer to signing up or in: the account, and what joined it from this browser."""

    #: "This browser's 3 games and its rating joined your account." (None: nothing joined,
    #: or this browser's history joined an account before).
    joined: str | None = None
    #: The session's token, for the terminal only (a browser gets an HttpOnly cookie).
    token: str | None = None


class Records(Model):
    """Every finished game of the account (``GET /api/account/games``, a download)."""

    format: Literal["doublesix-records"]
    version: int
    account: str
    games: list[Record]


#: The page's theme: the system's (light or dark, high contrast when asked for), or one chosen.
Theme = Literal["system", "light", "dark", "contrast"]
#: The table's felt.
Felt = Literal["green", "blue", "red", "grey"]
#: How a tile shows its numbers: pips, numerals, or pips coloured by number.
TileStyle = Literal["pips", "numerals", "colours"]
#: The coach (issue 44): ``auto`` speaks in a browser's first games (fewer than 5 finished),
#: ``on`` always, ``off`` never; in a game against the computers only, never in a rated one.
Coaching = Literal["auto", "on", "off"]
#: The language the person reads the game in (``doublesix.words.i18n.LANGUAGES``).
Language = Literal["en", "es", "pt_BR", "fr"]


class Preferences(Model):
    """How a person likes the game to look and speak, kept by their account (``GET`` and
    ``PUT /api/account/preferences``) and by each browser: a small record of choices, each
    None until it is made (a browser then keeps its own). Every field is one of a few names,
    so the record is bounded; a field joins it as one line."""

    model_config = ConfigDict(strict=True, extra="forbid")

    theme: Theme | None = None
    felt: Felt | None = None
    tiles: TileStyle | None = None
    coach: Coaching | None = None
    #: The language chosen in Settings (issue 43): signing in on another browser brings it.
    language: Language | None = None
