"""Where a table is found and a seat kept: the invitation link, ``tables.json``, and the
server's HTTP API asked as a browser asks it.  ``tables.json`` also keeps the account signed in
at each server (``doublesix login``); like every file of the data folder it is written through
a temporary file made readable by its owner only.

``doublesix join LINK`` (:mod:`~doublesix.terminal.join`) reads the invitation link
``http(s)://host/join/{game_id}/{code}``, asks ``GET /api/join/...`` what the table is and
``POST /api/join/...`` for the seat (with an ``Origin`` header of the server's origin, and the
anonymous cookie kept like a browser's).  The seat's token is kept in ``tables.json`` in the
terminal's data folder (beside the saves), so ``doublesix join LINK`` again returns to the seat,
and to the table's later games.

>>> Invitation.parse("http://127.0.0.1:8000/join/g1/c0de").ws_url("g1", "T")
'ws://127.0.0.1:8000/ws/g1?token=T&view=1'
"""

from __future__ import annotations

import contextlib
import json
import urllib.error
import urllib.parse
import urllib.request
from http.cookies import CookieError, SimpleCookie
from pathlib import Path
from typing import Any, Final, NamedTuple

from doublesix.protocol.wire import COOKIE
from doublesix.terminal.saves import write_json
from doublesix.words import clientwords, i18n

#: Where the seats' tokens and the servers' cookies are kept, in the data folder.
TABLES_FILE: Final = "tables.json"
FORMAT: Final = "doublesix-tables"
VERSION: Final = 1
#: Exit statuses: the table cannot be reached or refuses the seat; a link or name not usable.
FAILED: Final = 1
USAGE: Final = 2


class JoinError(Exception):
    """Joining failed; the message is for the person."""

    def __init__(self, message: str, status: int = FAILED) -> None:
        super().__init__(message)
        self.status = status


# -- the invitation and the folder ------------------------------------------------------------


class Invitation(NamedTuple):
    """An invitation link: the server's origin (``http://host:port``), the game and the code."""

    origin: str
    game_id: str
    code: str

    @classmethod
    def parse(cls, link: str) -> Invitation:
        """Read ``http(s)://host/join/{game_id}/{code}`` (without a scheme, ``http`` for this
        machine and ``https`` elsewhere), or a game's link ``http(s)://host/game/{game_id}``,
        which only comes back to a seat this terminal holds (one found by quick match): its
        code is "".

        >>> Invitation.parse("example.org/join/g1/c0de/")
        Invitation(origin='https://example.org', game_id='g1', code='c0de')
        >>> Invitation.parse("http://127.0.0.1:8000/game/g1").url
        'http://127.0.0.1:8000/game/g1'
        >>> Invitation.parse("http://example.org/lobby")
        Traceback (most recent call last):
        ...
        doublesix.terminal.tables.JoinError: This is not an invitation link: ...
        """
        text = link.strip()
        if "://" not in text:
            host = text.split("/", 1)[0].split(":", 1)[0].lower()
            local = host in ("localhost", "127.0.0.1", "[::1]")
            text = ("http://" if local else "https://") + text
        parts = urllib.parse.urlsplit(text)
        steps = [urllib.parse.unquote(step) for step in parts.path.split("/") if step]
        if parts.scheme in ("http", "https") and parts.netloc and steps:
            origin = f"{parts.scheme}://{parts.netloc}"
            if len(steps) == 3 and steps[0] == "join" and steps[2]:
                return cls(origin, steps[1], steps[2])
            if len(steps) == 2 and steps[0] == "game":
                return cls(origin, steps[1], "")
        raise JoinError(clientwords.not_an_invitation(link), USAGE)

    @property
    def url(self) -> str:
        """The link, written the one way this client keeps it."""
        if not self.code:
            return f"{self.origin}/game/{_quote(self.game_id)}"
        return f"{self.origin}/join/{_quote(self.game_id)}/{_quote(self.code)}"

    @property
    def api(self) -> str:
        """The invitation's address in the server's API."""
        return f"{self.origin}/api/join/{_quote(self.game_id)}/{_quote(self.code)}"

    def ws_url(self, game_id: str, token: str) -> str:
        """The seat's WebSocket, asking for the seat's view as well as its picture."""
        scheme = "wss" if self.origin.startswith("https:") else "ws"
        host = self.origin.split("://", 1)[1]
        return f"{scheme}://{host}/ws/{_quote(game_id)}?token={_quote(token)}&view=1"


def _quote(text: str) -> str:
    return urllib.parse.quote(text, safe="")


class Tables:
    """The seats this terminal holds (by invitation link) and the servers' cookies, kept in
    ``tables.json`` in the data folder; the file is written whole each time, never half."""

    def __init__(self, folder: Path) -> None:
        self.path = folder / TABLES_FILE
        self.seats: dict[str, dict[str, str]] = {}
        self.cookies: dict[str, str] = {}
        #: The account signed in at each server (``doublesix login``): its name and token.
        self.accounts: dict[str, dict[str, str]] = {}
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return
        if isinstance(data, dict) and data.get("format") == FORMAT:
            seats = data.get("seats")
            cookies = data.get("cookies")
            if isinstance(seats, dict):
                self.seats = {
                    str(link): {str(k): str(v) for k, v in seat.items()}
                    for link, seat in seats.items() if isinstance(seat, dict)
                }
            if isinstance(cookies, dict):
                self.cookies = {str(k): str(v) for k, v in cookies.items()}
            accounts = data.get("accounts")
            if isinstance(accounts, dict):
                self.accounts = {
                    str(origin): {"name": str(held.get("name", "")),
                                  "token": str(held.get("token", ""))}
                    for origin, held in accounts.items() if isinstance(held, dict)
                }

    def seat(self, invitation: Invitation) -> dict[str, str] | None:
        """The seat kept for this invitation: ``game_id`` (the table's newest game), ``token``
        and ``name``; None when this terminal has not taken it."""
        seat = self.seats.get(invitation.url)
        if seat is None or not seat.get("token") or not seat.get("game_id"):
            return None
        return seat

    def keep(self, invitation: Invitation, game_id: str, token: str, name: str) -> None:
        """Keep the seat (OSError if the folder refuses); how far the person was told of the
        same game stays."""
        seat = {"game_id": game_id, "token": token, "name": name}
        told = self.told(invitation, game_id)
        if told is not None:
            seat["told"] = str(told)
        self.seats[invitation.url] = seat
        self.write()

    def told(self, invitation: Invitation, game_id: str) -> int | None:
        """How many of game ``game_id``'s events the person was told when they last left it
        (None: not known)."""
        seat = self.seats.get(invitation.url) or {}
        told = seat.get("told", "")
        if seat.get("game_id") != game_id or not told.isdigit():
            return None
        return int(told)

    def note_told(self, invitation: Invitation, game_id: str, told: int) -> None:
        """Keep how many of the seat's game's events the person was told, so that coming
        back says only what happened since (OSError if the folder refuses)."""
        seat = self.seats.get(invitation.url)
        if seat is None or seat.get("game_id") != game_id or seat.get("told") == str(told):
            return
        seat["told"] = str(told)
        self.write()

    def write(self) -> None:
        write_json(self.path, {"format": FORMAT, "version": VERSION, "seats": self.seats,
                               "cookies": self.cookies, "accounts": self.accounts})



# -- HTTP ----------------------------------------------------------------------------------


def http(method: str, url: str, origin: str, tables: Tables,
         body: Any = None) -> tuple[int, Any]:
    """One request as a browser of ``origin`` would make it (its ``Origin``, its cookie, and
    the account signed in there as ``Authorization: Bearer``, the terminal's language as
    ``Accept-Language``, so the server's sentences come in it); returns the status and the
    JSON answer; a new cookie is kept."""
    headers = {"Accept": "application/json", "User-Agent": "doublesix-terminal",
               "Accept-Language": i18n.html_lang()}
    if method != "GET":
        headers["Origin"] = origin
    cookie = tables.cookies.get(origin)
    if cookie:
        headers["Cookie"] = f"{COOKIE}={cookie}"
    account = tables.accounts.get(origin)
    if account and account.get("token"):
        headers["Authorization"] = f"Bearer {account['token']}"
    data = None
    if body is not None:
        data = json.dumps(body).encode()
        headers["Content-Type"] = "application/json"
    request = urllib.request.Request(url, data=data, headers=headers, method=method)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            status, raw, answer_headers = response.status, response.read(), response.headers
    except urllib.error.HTTPError as error:
        status, raw, answer_headers = error.code, error.read(), error.headers
    except (urllib.error.URLError, OSError) as error:
        reason = getattr(error, "reason", error)
        raise JoinError(clientwords.cannot_reach_server(origin, str(reason))) from None
    for header in answer_headers.get_all("Set-Cookie") or []:
        jar: SimpleCookie = SimpleCookie()
        with contextlib.suppress(CookieError):
            jar.load(header)
        if COOKIE in jar:
            tables.cookies[origin] = jar[COOKIE].value
    try:
        answer = json.loads(raw) if raw else None
    except ValueError:
        answer = None
    return status, answer


def error_words(answer: Any, status: int) -> str:
    """The server's refusal as a sentence for the person.

    >>> error_words({"error": "the name is too long"}, 400), error_words(None, 502)
    ('The name is too long.', 'The server answered 502.')
    """
    if isinstance(answer, dict) and isinstance(answer.get("error"), str):
        text: str = answer["error"]
        return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")
    return clientwords.status_only(status)

