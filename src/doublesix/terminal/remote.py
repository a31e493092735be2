"""``doublesix join LINK``: a person seat of a web table, played from the line-mode terminal.

The person is asked and told what ``doublesix play`` asks and tells (:class:`~doublesix.
terminal.game.Person`), from what the web server sends that seat (``docs/protocol.md``): its
picture, with the seat's view as the engine's JSON (``&view=1``), and the events in order.  The
server referees; this client never decides legality, it only reads the view it is sent.

The steps:

1. The invitation link ``http(s)://host/join/{game_id}/{code}`` is read; ``GET
   /api/join/...`` shows the table, the person gives a display name, ``POST /api/join/...``
   takes the seat (with an ``Origin`` header of the server's origin, and the anonymous
   ``doublesix_player`` cookie kept like a browser's).
2. The seat's token is kept in the terminal's data folder (``tables.json`` beside the saves),
   so ``doublesix join LINK`` again returns to the seat, and to the table's later games.
3. The seat's WebSocket: the waiting room in words, then the game, then "Play again?", which
   follows the table into its next game.  A lost connection is tried again a few times.

>>> Invitation.parse("http://127.0.0.1:8000/join/g1/c0de").ws_url("g1", "T")
'ws://127.0.0.1:8000/ws/g1?token=T&view=1'
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shlex
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable, Sequence
from http.cookies import CookieError, SimpleCookie
from pathlib import Path
from typing import Any, Final, NamedTuple, Protocol, TextIO

from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus
from websockets.sync.client import ClientConnection, connect
from websockets.typing import Origin

from doublesix import words
from doublesix.events import Event, describe
from doublesix.faces import HandOutcome, ScoreRow
from doublesix.moves import Move
from doublesix.outcome import Ending
from doublesix.rules import Rules
from doublesix.terminal.app import play_command
from doublesix.terminal.console import Console
from doublesix.terminal.game import INTERRUPTED, OK, Person, Resigned, Stop
from doublesix.terminal.saves import save_dir, write_json
from doublesix.tiles import Tile
from doublesix.view import View

#: Where the seats' tokens and the servers' cookies are kept, in the data folder.
TABLES_FILE: Final = "tables.json"
FORMAT: Final = "doublesix-tables"
VERSION: Final = 1
#: The anonymous cookie a server knows a player by.
COOKIE: Final = "doublesix_player"
#: Seconds to wait before each new try after a lost connection.
RETRY_DELAYS: Final = (1.0, 2.0, 4.0, 8.0)
#: Seconds without a message after which another seat's run of draws is told.
QUIET: Final = 0.5
#: Close codes after which connecting again would not help (wrong token, no such game, a
#: save that cannot be read, too many sockets or messages).
FINAL_CLOSES: Final = (4403, 4404, 4422, 4429)
#: Exit status when the table cannot be reached or refuses the seat.
FAILED: Final = 1
USAGE: Final = 2
#: The kind of a seat held by a person, in a picture's ``kinds``.
HUMAN: Final = "human"


class JoinError(Exception):
    """Joining failed; the message is for the person."""

    def __init__(self, message: str, status: int = FAILED) -> None:
        super().__init__(message)
        self.status = status


class Socket(Protocol):
    """What the game needs of a WebSocket (``websockets.sync.client.ClientConnection``)."""

    def send(self, message: str) -> None: ...

    def recv(self, timeout: float | None = None) -> str | bytes: ...

    def close(self) -> None: ...


def open_socket(url: str, origin: str) -> Socket:
    """The seat's WebSocket at ``url``, opened as a page of ``origin`` would open it."""
    socket: ClientConnection = connect(url, origin=Origin(origin), max_queue=None,
                                       open_timeout=20, proxy=None, legacy=True)
    return socket


class _NewGame(Exception):
    """Everyone agreed to play again: the table goes on at ``game_id``."""

    def __init__(self, game_id: str) -> None:
        super().__init__(game_id)
        self.game_id = game_id


class _Leave(Exception):
    """The person does not want to play again."""


# -- the invitation and the folder ------------------------------------------------------------


class Invitation(NamedTuple):
    """An invitation link: the server's origin (``http://host:port``), the game and the code."""

    origin: str
    game_id: str
    code: str

    @classmethod
    def parse(cls, link: str) -> Invitation:
        """Read ``http(s)://host/join/{game_id}/{code}`` (without a scheme, ``http`` for this
        machine and ``https`` elsewhere).

        >>> Invitation.parse("example.org/join/g1/c0de/")
        Invitation(origin='https://example.org', game_id='g1', code='c0de')
        >>> Invitation.parse("http://example.org/game/g1")
        Traceback (most recent call last):
        ...
        doublesix.terminal.remote.JoinError: This is not an invitation link: ...
        """
        text = link.strip()
        if "://" not in text:
            host = text.split("/", 1)[0].split(":", 1)[0].lower()
            local = host in ("localhost", "127.0.0.1", "[::1]")
            text = ("http://" if local else "https://") + text
        parts = urllib.parse.urlsplit(text)
        steps = [urllib.parse.unquote(step) for step in parts.path.split("/") if step]
        if parts.scheme not in ("http", "https") or not parts.netloc or len(steps) != 3 \
                or steps[0] != "join":
            raise JoinError(
                f"This is not an invitation link: {link!r}. An invitation looks like "
                "http://host/join/GAME/CODE; ask the host to copy it again.", USAGE
            )
        return cls(f"{parts.scheme}://{parts.netloc}", steps[1], steps[2])

    @property
    def url(self) -> str:
        """The link, written the one way this client keeps it."""
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

    def seat(self, invitation: Invitation) -> dict[str, str] | None:
        """The seat kept for this invitation: ``game_id`` (the table's newest game), ``token``
        and ``name``; None when this terminal has not taken it."""
        seat = self.seats.get(invitation.url)
        if seat is None or not seat.get("token") or not seat.get("game_id"):
            return None
        return seat

    def keep(self, invitation: Invitation, game_id: str, token: str, name: str) -> None:
        """Keep the seat (OSError if the folder refuses)."""
        self.seats[invitation.url] = {"game_id": game_id, "token": token, "name": name}
        self.write()

    def write(self) -> None:
        write_json(self.path, {"format": FORMAT, "version": VERSION, "seats": self.seats,
                               "cookies": self.cookies})


# -- HTTP ----------------------------------------------------------------------------------


def _http(method: str, url: str, origin: str, tables: Tables,
          body: Any = None) -> tuple[int, Any]:
    """One request as a browser of ``origin`` would make it (its ``Origin``, its cookie);
    returns the status and the JSON answer; a new cookie is kept."""
    headers = {"Accept": "application/json", "User-Agent": "doublesix-terminal"}
    if method != "GET":
        headers["Origin"] = origin
    cookie = tables.cookies.get(origin)
    if cookie:
        headers["Cookie"] = f"{COOKIE}={cookie}"
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
        raise JoinError(f"Cannot reach {origin}: {reason}.") from None
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


def _error_words(answer: Any, status: int) -> str:
    if isinstance(answer, dict) and isinstance(answer.get("error"), str):
        text: str = answer["error"]
        return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")
    return f"The server answered {status}."


# -- the person at the web table -----------------------------------------------------------


class RemoteGame(Person):
    """A person seat of a web table, played in the terminal.

    Messages are read in order; the person is asked something only once the newest picture
    is the whole of its change (the last of the events one move makes) and waits for them.
    """

    def __init__(self, console: Console, invitation: Invitation, tables: Tables,
                 game_id: str, token: str, command: str, *, autodraw: bool = False,
                 retry_delays: Sequence[float] = RETRY_DELAYS,
                 sleep: Callable[[float], None] = time.sleep,
                 opener: Callable[[str, str], Socket] = open_socket) -> None:
        super().__init__(console, ["You"])
        self.invitation = invitation
        self.tables = tables
        self.game_id = game_id
        self.token = token
        self.command = command
        self.quit_words = f"quit: leave the table; your seat is kept, and {command} goes back."
        self.autodraw = autodraw
        self.retry_delays = tuple(retry_delays)
        self.sleep = sleep
        self.opener = opener
        self.socket: Socket | None = None
        #: Whether the seat was taken again for a fresh token (once, when the kept one failed).
        self.retaken = False
        #: Whether the rules were just said (by the invitation), so the game need not again.
        self.rules_said = False
        #: Connections lost in a row, none of them answered with a picture (a server that
        #: closes each new socket at once, its database away, is tried less and less often).
        self.losses = 0
        self.reset()

    def reset(self) -> None:
        """Forget what was said about the game in play (a new game begins)."""
        #: The newest picture, its view and its table.
        self.picture: dict[str, Any] | None = None
        self.view: View | None = None
        #: Whether the newest picture is the whole of its change, so the person may be asked.
        self.ready = False
        #: The revision whose turn the person was asked for (-1: none).
        self.acted = -1
        #: What was last sent, and at which revision: "play", "next", "hint", "again".
        self.sent: str | None = None
        self.sent_at = -1
        #: The person's last move was a draw, and it is still their turn.
        self.drawing = False
        self.autodrawing = False
        #: Say only the prompt again after an error (the table was said just before).
        self.again_prompt = False
        self.introduced = False
        self.waiting_said = False
        #: Hands whose end was shown, and the picture of a hand's end not shown yet (kept
        #: when it comes: someone else may deal the next hand before the person is asked).
        self.ended_hands: set[int] = set()
        self.hand_end: dict[str, Any] | None = None
        #: Whether the game's end was shown.
        self.over_said = False
        #: The revision whose forced pass was explained.
        self.pass_said = -1
        #: How many of the view's history events the person has been told.
        self.told = -1
        #: Another seat's run of draws not told yet: (seat, tiles).
        self.draw_run: tuple[int, int] | None = None
        #: The seat whose turn was last announced by name.
        self.turn_said: int | None = None
        #: The tiles the person drew this hand, in order (the view does not name them).
        self.drawn: list[Tile] = []
        #: An error that came before any picture (said if the server then closes the socket).
        self.refusal: str | None = None

    # -- the whole session ----------------------------------------------------------------

    def run(self) -> int:
        """Sit at the table until the person leaves; returns the exit status."""
        try:
            while True:
                try:
                    self.connect(first=True)
                    self.play()
                except _NewGame as new:
                    self.close()
                    if self.view is not None:
                        self.console.say("")
                        self.console.say(f"A new game of {words.variant_name(self.view.rules)}.")
                    self.game_id = new.game_id
                    self.keep()
                    self.reset()
                    continue
        except _Leave:
            self.close()
            self.console.say("Goodbye.")
            return OK
        except Stop as stop:
            self.close()
            if stop.reason == "eof":
                self.console.say("End of input.")
            self.console.say(self.kept_sentence())
            return OK
        except JoinError as error:
            self.close()
            self.console.error(str(error))
            return error.status
        except KeyboardInterrupt:
            self.close()
            self.console.say("")
            self.console.say("Interrupted.")
            self.console.say(self.kept_sentence())
            return INTERRUPTED

    def kept_sentence(self) -> str:
        """How to come back to the seat."""
        return f"You keep your seat. To come back to the table, type: {self.command}"

    def keep(self) -> None:
        """Keep the seat's game and token in the data folder; a failure is said once."""
        name = self.tables.seats.get(self.invitation.url, {}).get("name", "")
        try:
            self.tables.keep(self.invitation, self.game_id, self.token, name)
        except OSError as error:
            self.console.error(f"Could not keep your seat in {self.tables.path}: "
                               f"{error.strerror or error}.")

    # -- the connection ---------------------------------------------------------------------

    def connect(self, first: bool = False) -> None:
        """Open the seat's socket; after a lost connection, try again a few times."""
        delays = [0.0, *self.retry_delays]
        problem = ""
        for k, delay in enumerate(delays):
            if delay:
                self.sleep(delay)
            try:
                self.socket = self.opener(self.invitation.ws_url(self.game_id, self.token),
                                          self.invitation.origin)
            except InvalidStatus as error:
                status = error.response.status_code
                if status in (403, 404):
                    raise JoinError(f"The table refused the connection ({status}).") from None
                problem = f"the server answered {status}"
            except (OSError, InvalidHandshake, TimeoutError) as error:
                problem = str(error) or type(error).__name__
            else:
                if not first or k:
                    self.console.say("Connected again.")
                return
            if first and k == 0:
                self.console.say(f"Cannot reach the table ({problem}). Trying again.")
        raise JoinError(f"Cannot reach the table: {problem}. {self.kept_sentence()}")

    def close(self) -> None:
        if self.socket is not None:
            with contextlib.suppress(Exception):
                self.socket.close()
            self.socket = None

    def lost(self, closed: ConnectionClosed) -> None:
        """The socket closed: connect again, unless the server meant it (a token that no
        longer works is first exchanged for a fresh one, as a browser's would be)."""
        code = closed.rcvd.code if closed.rcvd is not None else None
        self.close()
        if code == 4403 and not self.retaken:
            self.retaken = True
            self.retake()
            self.connect(first=True)
        elif code in FINAL_CLOSES:
            why = self.refusal or f"it closed the connection ({code})"
            raise JoinError(f"The table refused this seat: {why}")
        else:
            self.losses += 1
            if self.losses > len(self.retry_delays) + 1:
                raise JoinError(f"The table keeps closing the connection ({code}). "
                                f"{self.kept_sentence()}")
            self.console.say("The connection was lost. Connecting again.")
            if self.losses > 1:
                self.sleep(self.retry_delays[self.losses - 2])
            self.connect()
        # The server sends the whole picture again: the person is asked again if need be.
        self.acted = -1
        self.sent = None

    def retake(self) -> None:
        """Take the invitation's seat again, for a fresh token (the server knows this terminal
        by its cookie)."""
        kept = self.tables.seats.get(self.invitation.url, {})
        status, answer = _http("POST", self.invitation.api, self.invitation.origin, self.tables,
                               {"name": kept.get("name") or "Guest"})
        if status not in (200, 201) or not isinstance(answer, dict) or "token" not in answer:
            raise JoinError(_error_words(answer, status))
        self.token = str(answer["token"])
        self.refusal = None
        self.keep()

    def send(self, message: dict[str, Any]) -> None:
        """Send ``message`` on the seat's socket (connecting again first if it was lost)."""
        kind = str(message["type"])
        self.sent = kind
        self.sent_at = -1 if self.picture is None else int(self.picture["revision"])
        while True:
            assert self.socket is not None
            try:
                self.socket.send(json.dumps(message))
                return
            except ConnectionClosed as closed:
                self.lost(closed)
                if kind in ("play", "next"):
                    return  # the new picture says whether it is still to do

    def receive(self, timeout: float | None = None) -> dict[str, Any] | None:
        """The next message; None if none came within ``timeout`` seconds."""
        while True:
            assert self.socket is not None
            try:
                text = self.socket.recv(timeout=timeout)
            except TimeoutError:
                return None
            except ConnectionClosed as closed:
                self.lost(closed)
                continue
            try:
                message = json.loads(text)
            except ValueError:
                continue
            if isinstance(message, dict):
                return message

    def next_message(self) -> dict[str, Any]:
        """Wait for the next message; another seat's run of draws is told once it stops."""
        if self.draw_run is not None:
            message = self.receive(QUIET)
            if message is not None:
                return message
            self.flush()
        message = self.receive()
        assert message is not None
        return message

    def drain(self) -> None:
        """Take in every message already here, without asking the person anything."""
        while True:
            message = self.receive(0)
            if message is None:
                return
            self.absorb(message)

    # -- messages -----------------------------------------------------------------------------

    def play(self) -> None:
        """Read the game's messages, asking the person whenever a picture waits for them."""
        while True:
            if self.ready:
                self.drain()  # act on the newest picture, and only once its change is whole
                if self.ready:
                    self.ready = False
                    with contextlib.suppress(Resigned):  # the server's answer says the rest
                        self.act()
                continue
            self.absorb(self.next_message())

    def absorb(self, message: dict[str, Any]) -> None:
        """Take in one message: say what it says, keep its picture."""
        kind = message.get("type")
        if kind == "state":
            self.take_picture(message["state"])
            self.catch_up()
            self.ready = True
            self.whole()
        elif kind == "event":
            self.take_picture(message["state"])
            self.tell(message["event"], message.get("text"))
            self.ready = self.ends_change(message["event"])
            if self.ready:
                self.whole()
        elif kind == "table":
            if self.picture is not None:
                self.picture["table"] = message["table"]
            text = message.get("text")
            if text:
                self.flush()
                self.console.say(str(text))
        elif kind == "error":
            self.flush()
            self.refused(str(message.get("message", "")))
        elif kind == "notice":
            self.flush()
            self.console.say(str(message.get("message", "")))
        elif kind == "again":
            self.flush()
            raise _NewGame(str(message["game_id"]))
        elif kind == "hint":
            self.flush()
            reason = str(message.get("reason", ""))
            self.console.say(f"Hint: {reason[:1].upper()}{reason[1:]}.")
            if self.sent == "hint":
                self.sent = None
        # "thinking" and anything newer: nothing to say

    def whole(self) -> None:
        """The picture is the whole of its change: keep a hand's end to show, and say why the
        person passes when nothing fits (the server passes for them at once)."""
        picture = self.picture
        assert picture is not None
        if self.waiting:
            return
        number = picture["hand_number"]
        if picture["result"] is not None and number not in self.ended_hands and (
                self.hand_end is None or self.hand_end["hand_number"] != number):
            self.hand_end = picture
        view = self.view
        if view is not None and picture["turn"] == self.me and not picture["over"] and \
                self.pass_said < picture["revision"] and \
                [m.kind for m in view.legal_moves()] == ["pass"]:
            self.pass_said = picture["revision"]
            self.flush()
            self.console.say(self.nothing_fits(view))
            self.drawing = self.autodrawing = False

    def take_picture(self, picture: dict[str, Any]) -> None:
        """Keep the newest picture and read its view."""
        self.picture = picture
        self.losses = 0
        self.me = int(picture["me"])
        self.names = [str(name) for name in picture["names"]]
        data = picture.get("view")
        if data is None:
            if not self.waiting:
                raise JoinError("This server does not send the view a terminal needs: it is "
                                "older than this doublesix. Play in a browser, or update it.")
            self.view = None
            return
        try:
            self.view = View.from_json(data)
        except ValueError as error:
            raise JoinError(f"The server sent a view this doublesix cannot read ({error}).") \
                from None

    @property
    def resigned(self) -> bool:
        """Whether someone resigned the game."""
        return self.picture is not None and self.picture.get("resigned") is not None

    @property
    def waiting(self) -> bool:
        """Whether the table is in its waiting room."""
        table = None if self.picture is None else self.picture.get("table")
        return isinstance(table, dict) and table.get("stage") == "waiting"

    def ends_change(self, event: dict[str, Any]) -> bool:
        """Whether ``event`` is the last of the events its change makes: a lay, draw or pass
        is followed by ``end`` when it ended the hand; ``end`` by ``over`` when the game is
        over; ``hand`` by the opening ``lay`` when the opening tile is laid for the leader."""
        picture = self.picture
        assert picture is not None
        kind = event.get("kind")
        if kind == "over":
            return True
        if kind == "end":
            return not picture["over"]
        if kind == "hand":
            return not picture["played"]
        return picture["result"] is None and not picture["over"]

    def tell(self, event: dict[str, Any], text: object) -> None:
        """Say what happened: runs of another seat's draws as one sentence, a new hand as its
        heading; a hand's and the game's end are said from the picture, once it is whole."""
        kind = event.get("kind")
        seat = event.get("seat")
        if kind == "draw" and seat != self.me and isinstance(seat, int):
            number = int(event.get("number", 1))
            if self.draw_run is not None and self.draw_run[0] == seat:
                self.draw_run = (seat, self.draw_run[1] + number)
            else:
                self.flush()
                self.draw_run = (seat, number)
            self.note_told()
            return
        self.flush()
        if kind == "draw" and seat == self.me and event.get("tile"):
            self.drawn.append(Tile.parse(str(event["tile"])))
        if kind == "hand":
            self.drawn = []
            self.console.say("")
            self.console.say(self.console.style(f"Hand {int(event['number']) + 1}.", "heading"))
            self.turn_said = None
        elif text and (kind in ("lay", "draw", "pass") or (kind == "over" and self.resigned)):
            # a hand's and the game's end are said from the picture; a resignation is not
            self.console.say(str(text))
        if kind != "draw" or seat != self.me:
            self.drawing = self.drawing and kind == "draw"
        self.note_told()

    def note_told(self) -> None:
        if self.view is not None:
            self.told = len(self.view.history)

    def flush(self) -> None:
        """Tell another seat's run of draws."""
        if self.draw_run is not None:
            seat, number = self.draw_run
            self.draw_run = None
            self.console.say(describe(Event("draw", seat, number=number), self.names))

    def catch_up(self) -> None:
        """After (re)connecting: say what happened in the hand in play that the person was not
        told (all of it on a first connection)."""
        view = self.view
        if view is None or self.waiting:
            return
        history = view.history
        if self.told < 0 or self.told > len(history):
            starts = [k for k, event in enumerate(history) if event.kind == "hand"]
            self.told = starts[-1] if starts else 0
        if not self.introduced:
            self.introduce()
        self.say_events(history[self.told:])
        self.told = len(history)

    def refused(self, text: str) -> None:
        """The server refused a message: say why; a refused move is asked for again."""
        sent, self.sent = self.sent, None
        picture = self.picture
        if picture is None:
            self.refusal = text  # said if the server then closes the socket
            return
        if sent == "next" and picture is not None and (
                picture["revision"] > self.sent_at or picture["result"] is None):
            return  # someone else dealt first
        self.console.error(text)
        if sent == "play":
            self.acted = -1
            self.again_prompt = True
            self.drawing = False
            self.ready = True

    # -- what the person is asked --------------------------------------------------------------

    def act(self) -> None:
        """Whatever the newest picture asks of the person, if anything.  (A run of another
        seat's draws is told before anything is said, not before: it may go on.)"""
        picture = self.picture
        if picture is None:
            return
        if self.waiting:
            self.say_waiting()
            return
        if not self.introduced:
            self.catch_up()
        if picture["over"]:
            if not self.over_said:
                self.finish_game()
            return
        if self.hand_end is not None:
            self.finish_hand()
            return
        turn = picture["turn"]
        if turn is None:
            return
        if turn != self.me:
            self.announce_turn(turn)
            return
        self.turn_said = self.me
        if picture["revision"] <= self.acted:
            return
        self.acted = picture["revision"]
        self.your_turn()

    def say_waiting(self) -> None:
        """The waiting room in words: who is to start the game, who is at the table."""
        if self.waiting_said:
            return
        self.waiting_said = True
        self.flush()
        table = self.table()
        host = table["seats"][table["host"]]["name"]
        here = []
        free = 0
        for seat in table["seats"]:
            if not seat["joined"]:
                free += 1
            elif seat["seat"] == self.me:
                here.append(f"{seat['name']} (you)")
            else:
                here.append(str(seat["name"]))
        text = f"Waiting for {host} to start the game. At the table: {', '.join(here)}."
        if free:
            text += f" Still to come: {words.plural(free, 'person')}."
        self.console.say(text.replace("1 persons", "1 person"))

    def table(self) -> dict[str, Any]:
        assert self.picture is not None
        table: dict[str, Any] = self.picture.get("table") or {}
        return table

    def introduce(self) -> None:
        """The game's rules (unless the invitation just said them), who plays, and how to
        get help."""
        self.introduced = True
        picture = self.picture
        view = self.view
        assert picture is not None and view is not None
        say = self.console.say
        if not self.rules_said:
            say(words.rules_sentence(view.rules))
        self.rules_said = False
        self.introduce_players(view.rules, [str(kind) for kind in picture["kinds"]])
        say("To lay a tile, type its two numbers, like 6 4. Type help for every command.")

    def announce_turn(self, seat: int) -> None:
        """Another person's turn, by name, once (computers move at once)."""
        picture = self.picture
        assert picture is not None
        if self.turn_said == seat or picture["kinds"][seat] != HUMAN:
            self.turn_said = seat
            return
        self.turn_said = seat
        seats = self.table().get("seats") or []
        if seat < len(seats) and seats[seat].get("stand_in"):
            return
        self.flush()
        self.console.say(f"{self.names[seat]}'s turn.")

    def your_turn(self) -> None:
        """The person's turn: where things stand, then one move sent to the server."""
        self.flush()
        view = self.current_view()
        moves = view.legal_moves()
        if not moves:
            return
        if moves[0].kind == "pass":
            return  # said as it came (whole); the server passes for the person
        if moves[0].kind == "draw" and self.autodraw:
            if not self.autodrawing:
                self.console.say("Nothing fits, so you draw.")
            self.autodrawing = True
            self.send_move(moves[0])
            self.drawing = False
            return
        self.autodrawing = False
        if self.again_prompt:
            self.again_prompt = False
        elif self.drawing:
            self.console.say(words.hand_sentence(view, self.mark))
        else:
            self.show_status(view)
        self.send_move(self.choose_move(view))

    def send_move(self, move: Move) -> None:
        self.send({"type": "play", "move": str(move)})
        self.drawing = move.kind == "draw"

    def finish_hand(self) -> None:
        """The hand's end, then the next hand dealt when the person is ready (unless someone
        at the table deals it first)."""
        ended = self.hand_end
        assert ended is not None
        self.hand_end = None
        self.flush()
        number = int(ended["hand_number"])
        self.ended_hands.add(number)
        self.show_hand_end(ended)
        for ask in (True, False):
            self.drain()
            picture = self.picture
            assert picture is not None
            if picture["hand_number"] != number or picture["result"] is None \
                    or picture["over"]:
                return  # dealt meanwhile: the main loop goes on with the new hand
            if ask:
                self.wait_for_deal(number + 2)
        self.send({"type": "next"})

    def show_hand_end(self, picture: dict[str, Any]) -> None:
        """How the hand of ``picture`` ended, every hand's tiles, its row of the scoresheet."""
        view = self.view
        assert view is not None
        result = picture["result"]
        if result is None:
            return
        say = self.console.say
        say("")
        outcome = HandOutcome(
            number=int(picture["hand_number"]),
            ending=Ending(result["ending"]),
            winner=result["winner"],
            points=int(result["points"]),
            scored=tuple(int(n) for n in result["scored"]),
            hands=tuple(tuple(Tile.parse(t) for t in hand) for hand in result["hands"]),
            pips=tuple(int(n) for n in result["pips"]),
        )
        lines = words.outcome_lines(outcome, view.rules, self.names, self.me)
        say(self.console.style(lines[0], "heading"))
        for line in lines[1:]:
            say(line)
        for line in words.sheet_lines(self.rows(picture), picture["scores"], view.rules,
                                      self.names, last_only=True):
            say(line)

    def finish_game(self) -> None:
        """The game's end; then "Play again?", which waits for the table's next game."""
        picture = self.picture
        view = self.view
        assert picture is not None and view is not None
        self.over_said = True
        self.flush()
        rules = view.rules
        if picture["resigned"] is not None:
            say = self.console.say
            say(words.scores_sentence(picture["scores"], self.names, rules.target, rules))
        else:
            if self.hand_end is not None:
                self.ended_hands.add(int(self.hand_end["hand_number"]))
                self.show_hand_end(self.hand_end)
                self.hand_end = None
            lines = words.game_over_lines(picture["winners"], picture["scores"], rules,
                                          self.names)
            self.console.say(self.console.style(lines[0], "heading"))
        if not self.ask_yes_no("Play again? Type yes or no: "):
            raise _Leave
        self.send({"type": "again"})
        others = [seat for seat in self.table().get("seats", [])
                  if seat.get("person") and seat.get("seat") != self.me]
        if others and self.table().get("next_game") is None:
            self.console.say("Waiting for the others to say whether they play again.")

    def cannot_resign(self) -> str | None:
        picture = self.picture
        if picture is None or self.waiting:
            return "The game has not started."
        return "The game is over." if picture["over"] else None

    def resign(self) -> None:
        self.send({"type": "resign"})
        raise Resigned

    # -- what the person may know ---------------------------------------------------------------

    def current_view(self) -> View:
        if self.view is None:
            raise JoinError("The table has sent no view yet.")
        return self.view

    def rows(self, picture: dict[str, Any]) -> list[ScoreRow]:
        """The scoresheet as the engine's rows, from ``picture`` (each hand's scores are the
        difference of the totals after it and before it); the hand in play last."""
        players = len(picture["scores"])
        before = [0] * players
        rows = []
        for row in picture["scoresheet"]:
            totals = [int(n) for n in row["scores"]]
            rows.append(ScoreRow(int(row["hand"]) - 1,
                                 tuple(t - b for t, b in zip(totals, before, strict=True)),
                                 Ending(row["ending"]), row["winner"], int(row["points"]),
                                 tuple(totals)))
            before = totals
        if picture["result"] is None:
            scores = [int(n) for n in picture["scores"]]
            rows.append(ScoreRow(int(picture["hand_number"]),
                                 tuple(s - b for s, b in zip(scores, before, strict=True)),
                                 None, None, 0, tuple(scores)))
        return rows

    def score_lines(self) -> list[str]:
        picture = self.picture
        assert picture is not None
        return words.sheet_lines(self.rows(picture), picture["scores"], self.current_view().rules,
                                 self.names)

    def hand_events(self) -> list[Event]:
        """This hand's events from the view, the person's own draws named (each tile as it
        came) when the person was told all of them."""
        history = self.current_view().history
        starts = [k for k, event in enumerate(history) if event.kind == "hand"]
        events = list(history[starts[-1] + 1 if starts else 0 :])
        own = [e for e in events if e.kind == "draw" and e.seat == self.me]
        if sum(e.number for e in own) != len(self.drawn):
            return events
        drawn = iter(self.drawn)
        named: list[Event] = []
        for event in events:
            if event in own:
                named += [event._replace(tile=next(drawn), number=1) for _ in range(event.number)]
            else:
                named.append(event)
        return named

    def show_hint(self, view: View) -> None:
        """Ask the server for the expert's suggestion (the same as ``doublesix play``'s for
        the same position) and wait for it."""
        if view.turn != self.me:
            self.console.say("A hint is for your turn.")
            return
        self.send({"type": "hint"})
        while self.sent == "hint":
            self.absorb(self.next_message())


# -- joining ---------------------------------------------------------------------------------


def join_command(link: str, program: str | None = None) -> str:
    """The command that comes back to the seat, as the person can type it again.

    >>> join_command("http://h/join/g/c", ".venv/bin/doublesix")
    '.venv/bin/doublesix join http://h/join/g/c'
    """
    base = play_command({"PATH": os.environ.get("PATH", "")}, program)
    if base.endswith(" play"):
        base = base[: -len(" play")]
    return f"{base} join {shlex.quote(link)}"


def take_seat(invitation: Invitation, tables: Tables, console: Console,
              name: str | None) -> tuple[str, str, str]:
    """Take the invitation's seat: the game, the token and the name given."""
    status, answer = _http("GET", invitation.api, invitation.origin, tables)
    if status == 404:
        raise JoinError("This invitation is not known here: the game or its code is wrong. "
                        "Ask the host to copy the link again.")
    if status != 200 or not isinstance(answer, dict):
        raise JoinError(_error_words(answer, status))
    if answer.get("taken") and not answer.get("yours"):
        raise JoinError("This invitation has been used: its seat is taken.")
    describe_invitation(answer, console)
    asked = name is None
    while True:
        if name is None:
            line = console.ask("Your name at the table: ")
            if line is None:
                raise Stop("eof")
            name = line.strip()
            if not name:
                console.error("Type a name of 1 to 24 characters.")
                name = None
                continue
        status, answer = _http("POST", invitation.api, invitation.origin, tables,
                               {"name": name})
        if status in (200, 201) and isinstance(answer, dict) and "token" in answer:
            return str(answer["game_id"]), str(answer["token"]), name
        if status == 400 and asked:
            console.error(_error_words(answer, status))
            name = None
            continue
        raise JoinError(_error_words(answer, status), USAGE if status == 400 else FAILED)


def describe_invitation(answer: dict[str, Any], console: Console) -> None:
    """The table as its invitation shows it: the rules and who sits where."""
    try:
        options = dict(answer["rules"])
        rules = Rules.variant(options.pop("variant"), **options)
        table = answer["table"]
        seats = table["seats"]
        host = seats[table["host"]]["name"]
    except (KeyError, TypeError, ValueError, IndexError):
        return
    mine = answer.get("seat")
    console.say(f"{host} invites you to a game of {words.variant_name(rules)}.")
    console.say(words.rules_sentence(rules))
    here = []
    for seat in seats:
        if seat.get("seat") == mine:
            here.append("you")
        elif seat.get("joined"):
            here.append(str(seat.get("name")))
        else:
            here.append("a person still to come")
    console.say(f"At the table: {words.listing(here)}.")


def join(link: str, input: TextIO | None = None, output: TextIO | None = None, *,
         name: str | None = None, folder: str | Path | None = None, autodraw: bool = False,
         command: str | None = None, retry_delays: Sequence[float] = RETRY_DELAYS) -> int:
    """Sit at the web table of the invitation ``link``, reading lines from ``input`` and writing
    to ``output`` (stdin and stdout by default); returns the exit status.  Seats are kept in
    ``folder`` (the terminal's data folder by default).  A test drives a person with it."""
    console = Console(input if input is not None else sys.stdin,
                      output if output is not None else sys.stdout)
    try:
        invitation = Invitation.parse(link)
    except JoinError as error:
        console.error(str(error))
        return error.status
    tables = Tables(save_dir(None if folder is None else str(folder)))
    command = command or join_command(invitation.url)
    try:
        kept = tables.seat(invitation)
        if kept is None:
            game_id, token, kept_name = take_seat(invitation, tables, console, name)
            console.say("You have your seat.")
        else:
            game_id, token, kept_name = kept["game_id"], kept["token"], kept.get("name", "")
            console.say("Back to your seat at the table.")
        try:
            tables.keep(invitation, game_id, token, kept_name)
        except OSError as error:
            console.error(f"Could not keep your seat in {tables.path}: "
                          f"{error.strerror or error}. You can play on, but if you leave "
                          "the table you cannot come back to this seat.")
    except JoinError as error:
        console.error(str(error))
        return error.status
    except Stop:
        console.say("End of input.")
        return OK
    except KeyboardInterrupt:
        console.say("")
        console.say("Interrupted.")
        return INTERRUPTED
    game = RemoteGame(console, invitation, tables, game_id, token, command, autodraw=autodraw,
                      retry_delays=retry_delays)
    game.rules_said = kept is None  # the invitation said them
    return game.run()


# -- the command line ------------------------------------------------------------------------


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``doublesix join``."""
    parser.add_argument("link", metavar="LINK",
                        help="the invitation link the host copied: http://host/join/GAME/CODE")
    parser.add_argument("--name", default=None,
                        help="your name at the table (else you are asked)")
    parser.add_argument("--autodraw", action="store_true",
                        help="when nothing fits, draw until a tile fits without asking")
    parser.add_argument("--save-dir", default=None, metavar="DIR",
                        help="where your seats are kept (default: $DOUBLESIX_HOME, else your "
                             "data directory)")


def run(args: argparse.Namespace, input: TextIO | None = None,
        output: TextIO | None = None) -> int:
    """``doublesix join LINK``."""
    return join(args.link, input, output, name=args.name, folder=args.save_dir,
                autodraw=args.autodraw)
