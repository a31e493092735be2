"""The lessons' routes (issue 44, ``docs/web.md``, "Learn to play"): the pages ``/learn`` (the
five lessons) and ``/learn/{variant}`` (one, on the game screen), and a lesson's socket
``/ws/lessons/{variant}?moves=...``.

A lesson's socket holds its :class:`~doublesix.web.play.lessons.LessonTable` in memory for as
long as it is open, and nothing is stored: a lesson is never rated and never counted in the
statistics.  ``moves`` (the coach message's ``moves``) bring it back after a lost connection.
The socket is bounded as a game's is: its ``Origin``, sockets per address, messages per ten
seconds, each message's size and depth.
"""

from __future__ import annotations

import contextlib
from typing import Final

from fastapi import FastAPI, WebSocket
from starlette.websockets import WebSocketDisconnect

from doublesix.ai.lessons import LESSONS, YOU, LessonError
from doublesix.engine.moves import IllegalMoveError
from doublesix.protocol import schema
from doublesix.protocol.wire import CLOSE_NOT_FOUND, CLOSE_TOO_MANY
from doublesix.web.play.encoded import text_of
from doublesix.web.play.gameinfo import ProtocolError, parse_message
from doublesix.web.play.lessons import LessonTable
from doublesix.web.play.live import Connection
from doublesix.web.routes import languages
from doublesix.web.settings import Settings, origin_allowed
from doublesix.words import errorwords, i18n, lessonwords, refusals
from doublesix.words.i18n import _

#: The longest ``moves=`` a lesson's socket reads (a lesson's moves are a few dozen characters).
MAX_MOVES: Final = 400


def add_routes(app: FastAPI, settings: Settings, check: bool = False) -> None:
    """Add the lessons' socket to ``app`` (their pages, ``/learn`` and ``/learn/{variant}``,
    are the game's page, in :data:`doublesix.web.routes.app.PAGE_PATHS`); with ``check`` every
    message sent is first checked against the protocol (as a game's socket's are)."""
    sockets: dict[str, int] = {}

    @app.websocket("/ws/lessons/{variant}")
    async def lesson(websocket: WebSocket, variant: str, moves: str = "") -> None:
        # The lesson in its person's language, as a game's socket is (app.py).
        with i18n.using(languages.language_of(websocket.cookies,
                                              websocket.headers.get("accept-language"))):
            await _lesson(websocket, variant, moves)

    async def _lesson(websocket: WebSocket, variant: str, moves: str) -> None:
        headers = websocket.headers
        if not origin_allowed(headers.get("origin"), headers.get("host", ""),
                              settings.allowed_origins):
            await websocket.close(code=1008)  # the handshake is refused (403)
            return
        address = websocket.client.host if websocket.client else ""
        await websocket.accept()
        if sockets.get(address, 0) >= settings.sockets_per_address:
            await _refuse(websocket, CLOSE_TOO_MANY, _(refusals.SOCKETS_FROM_ADDRESS))
            return
        if variant not in LESSONS:
            await _refuse(websocket, CLOSE_NOT_FOUND, lessonwords.no_such_lesson())
            return
        sockets[address] = sockets.get(address, 0) + 1
        try:
            await _serve(websocket, LessonTable(variant, moves[:MAX_MOVES]),
                         Connection(YOU, address))
        finally:
            sockets[address] -= 1
            if not sockets[address]:
                del sockets[address]

    async def _serve(websocket: WebSocket, table: LessonTable, connection: Connection) -> None:
        """Send the lesson as it stands, then answer each message until the socket closes."""

        async def send(messages: list[dict[str, object]]) -> None:
            for message in messages:
                if check:
                    schema.check_server_message(message)
                await websocket.send_text(text_of(message))

        with contextlib.suppress(WebSocketDisconnect, RuntimeError):
            await send(table.opening())
            while True:
                received = await websocket.receive()
                if received["type"] == "websocket.disconnect":
                    return
                if connection.over_rate(settings.messages_per_10s):
                    await _refuse(websocket, CLOSE_TOO_MANY,
                                  "too many messages: this connection is closed")
                    return
                text = received.get("text")
                try:
                    message = parse_message(text if text is not None else
                                            received.get("bytes") or b"",
                                            settings.max_message, settings.max_json_depth)
                    answer = table.heard(message)
                except (ProtocolError, IllegalMoveError, LessonError) as error:
                    answer = [{"type": "error", "message": errorwords.said(error)}]
                await send(answer)


async def _refuse(websocket: WebSocket, code: int, message: str) -> None:
    with contextlib.suppress(Exception):
        await websocket.send_json({"type": "error", "message": message})
        await websocket.close(code=code)
