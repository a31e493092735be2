"""The seat's WebSocket for ``doublesix join``: opened as a page of the server's origin opens it,
opened again after a loss, and a token that stopped working exchanged once for a fresh one.

A lost connection is tried again after each of :data:`RETRY_DELAYS`; a server that closes each
new socket at once (its database away) is tried less and less often, then given up.  The close
codes after which connecting again would not help are :data:`doublesix.protocol.wire.FINAL_CLOSES`.
What the messages mean is :class:`~doublesix.terminal.messages.TableListener`'s.

>>> kept_sentence("doublesix join LINK")
'You keep your seat. To come back to the table, type: doublesix join LINK'
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Sequence
from typing import Any, Final, Protocol

from pydantic import ValidationError
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus
from websockets.sync.client import ClientConnection, connect
from websockets.typing import Origin

from doublesix.protocol.endpoints import Joined, JoinRequest
from doublesix.protocol.model import read
from doublesix.protocol.wire import CLOSE_FORBIDDEN, FINAL_CLOSES
from doublesix.terminal.console import Console
from doublesix.terminal.tables import Invitation, JoinError, Tables, error_words, http
from doublesix.words import clientwords, i18n, matchwords
from doublesix.words.i18n import _

#: Seconds to wait before each new try after a lost connection.
RETRY_DELAYS: Final = (1.0, 2.0, 4.0, 8.0)


class Socket(Protocol):
    """What the game needs of a WebSocket (``websockets.sync.client.ClientConnection``)."""

    def send(self, message: str) -> None: ...

    def recv(self, timeout: float | None = None) -> str | bytes: ...

    def close(self) -> None: ...


def open_socket(url: str, origin: str) -> Socket:
    """The seat's WebSocket at ``url``, opened as a page of ``origin`` would open it, in the
    terminal's language (``Accept-Language``: the server's sentences come in it)."""
    socket: ClientConnection = connect(url, origin=Origin(origin), max_queue=None,
                                       open_timeout=20, proxy=None, legacy=True,
                                       additional_headers={"Accept-Language": i18n.html_lang()})
    return socket


def joined(status: int, answer: Any) -> Joined | None:
    """The seat an answer to ``POST /api/join/...`` gave (None: it gave none).

    >>> joined(201, {"game_id": "g1", "seat": 1, "token": "t"}).token
    't'
    >>> joined(409, {"error": "this invitation has been used: its seat is taken"}) is None
    True
    """
    if status not in (200, 201):
        return None
    try:
        return read(Joined, answer)
    except ValidationError:
        return None


def kept_sentence(command: str) -> str:
    """How to come back to the seat: with ``command``."""
    return clientwords.kept_sentence(command)


class Connection:
    """The seat's connection to the table: its game, its token, its socket.

    :meth:`send` and :meth:`recv` raise ``ConnectionClosed`` when the socket closes; the game
    then calls :meth:`reconnect`, which opens a new one or raises :class:`JoinError` with
    words for the person.
    """

    def __init__(self, console: Console, invitation: Invitation, tables: Tables,
                 game_id: str, token: str, command: str, *,
                 retry_delays: Sequence[float] = RETRY_DELAYS,
                 sleep: Callable[[float], None] = time.sleep,
                 opener: Callable[[str, str], Socket] = open_socket) -> None:
        self.console = console
        self.invitation = invitation
        self.tables = tables
        #: The table's game this seat is in (the next one after "Play again?"), its token.
        self.game_id = game_id
        self.token = token
        #: The command that comes back to the seat.
        self.command = command
        self.retry_delays = tuple(retry_delays)
        self.sleep = sleep
        self.opener = opener
        self.socket: Socket | None = None
        #: Whether the seat was taken again for a fresh token (once, when the kept one failed).
        self.retaken = False
        #: Connections lost in a row, none of them answered with a picture (a server that
        #: closes each new socket at once, its database away, is tried less and less often).
        self.losses = 0
        #: An error that came before any picture (said if the server then closes the socket).
        self.refusal: str | None = None

    def kept_sentence(self) -> str:
        """How to come back to this seat."""
        return kept_sentence(self.command)

    def keep(self) -> None:
        """Keep the seat's game and token in the data folder; a failure is said once."""
        name = self.tables.seats.get(self.invitation.url, {}).get("name", "")
        try:
            self.tables.keep(self.invitation, self.game_id, self.token, name)
        except OSError as error:
            self.console.error(clientwords.cannot_keep_seat(str(self.tables.path),
                                                            str(error.strerror or error)))

    def answered(self) -> None:
        """A picture came: the connection works."""
        self.losses = 0

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
                    raise JoinError(clientwords.connection_refused(status)) from None
                problem = clientwords.server_answered(status)
            except (OSError, InvalidHandshake, TimeoutError) as error:
                problem = str(error) or type(error).__name__
            else:
                if not first or k:
                    self.console.say(_(clientwords.CONNECTED_AGAIN))
                return
            if first and k == 0:
                self.console.say(clientwords.cannot_reach(problem))
        raise JoinError(clientwords.cannot_reach(problem, self.kept_sentence()))

    def close(self) -> None:
        """Close the socket, if one is open."""
        if self.socket is not None:
            with contextlib.suppress(Exception):
                self.socket.close()
            self.socket = None

    def reconnect(self, closed: ConnectionClosed) -> None:
        """The socket closed: connect again, unless the server meant it (a token that no
        longer works is first exchanged for a fresh one, as a browser's would be)."""
        code = closed.rcvd.code if closed.rcvd is not None else None
        self.close()
        if code == CLOSE_FORBIDDEN and not self.retaken:
            self.retaken = True
            self.retake()
            self.connect(first=True)
        elif code in FINAL_CLOSES:
            raise JoinError(clientwords.seat_refused(self.refusal, code))
        else:
            self.losses += 1
            if self.losses > len(self.retry_delays) + 1:
                raise JoinError(clientwords.keeps_closing(code, self.kept_sentence()))
            self.console.say(_(clientwords.CONNECTION_LOST))
            if self.losses > 1:
                self.sleep(self.retry_delays[self.losses - 2])
            self.connect()

    def retake(self) -> None:
        """Take the invitation's seat again, for a fresh token (the server knows this terminal
        by its cookie)."""
        invitation = self.invitation
        if not invitation.code:  # a seat found by quick match: no invitation to take again
            raise JoinError(_(matchwords.SEAT_GONE))
        kept = self.tables.seats.get(invitation.url, {})
        status, answer = http("POST", invitation.api, invitation.origin, self.tables,
                              JoinRequest(name=kept.get("name") or "Guest").model_dump())
        seat = joined(status, answer)
        if seat is None:
            raise JoinError(error_words(answer, status))
        self.token = seat.token
        self.refusal = None
        self.keep()

    def send(self, text: str) -> None:
        """Send ``text`` (``ConnectionClosed`` if the socket closed)."""
        assert self.socket is not None
        self.socket.send(text)

    def recv(self, timeout: float | None = None) -> str | bytes:
        """The next message's text (``TimeoutError`` after ``timeout`` seconds,
        ``ConnectionClosed`` if the socket closed)."""
        assert self.socket is not None
        return self.socket.recv(timeout=timeout)
