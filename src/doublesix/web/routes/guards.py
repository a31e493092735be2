"""The guards every request passes before any route: the ``Host`` it names
(:class:`HostCheck`, against DNS rebinding), its body read whole within bounds of size and time
(:class:`BodyBound`), and the security headers every answer carries (:data:`SECURITY_HEADERS`).
"""

from __future__ import annotations

import asyncio
from typing import Final

from fastapi.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from doublesix.web.play.gameinfo import ProtocolError
from doublesix.web.settings import Settings, host_allowed
from doublesix.words import refusals
from doublesix.words.i18n import _

CONTENT_SECURITY_POLICY: Final = (
    "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
)
SECURITY_HEADERS: Final = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
}



def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


class HostCheck:
    """Answers only requests whose ``Host`` names this server (``Settings.allowed_hosts``):
    others get 400 (HTTP) or a refused handshake (WebSocket), so a page on another name that
    resolves here (DNS rebinding) reaches nothing."""

    def __init__(self, app: ASGIApp, hosts: tuple[str, ...]) -> None:
        self.app = app
        self.hosts = hosts

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket"):
            host = ""
            for name, value in scope.get("headers", []):
                if name == b"host":
                    host = value.decode("latin-1")
                    break
            if not host_allowed(host, self.hosts):
                if scope["type"] == "http":
                    response = _error(400, _(refusals.OTHER_HOST))
                    await response(scope, receive, send)
                else:
                    await send({"type": "websocket.close", "code": 1008})
                return
        await self.app(scope, receive, send)


class BodyBound:
    """Reads every HTTP request's body before any route sees it: at most ``max_body`` bytes,
    within ``request_timeout`` seconds, else 400 in words (one place, so that no route, old or
    new, reads an unbounded body)."""

    def __init__(self, app: ASGIApp, settings: Settings) -> None:
        self.app = app
        self.settings = settings

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.settings.max_body
        too_long = refusals.too_long(limit)
        for name, value in scope.get("headers", []):
            if name == b"content-length" and value.isdigit() and int(value) > limit:
                await _error(400, too_long)(scope, receive, send)
                return
        chunks: list[bytes] = []
        size = 0

        async def read() -> bool:
            nonlocal size
            while True:
                message = await receive()
                if message["type"] != "http.request":
                    return False  # the client went away
                chunk = message.get("body", b"")
                size += len(chunk)
                if size > limit:
                    raise ProtocolError(too_long)
                chunks.append(chunk)
                if not message.get("more_body", False):
                    return True

        try:
            whole = await asyncio.wait_for(read(), self.settings.request_timeout)
        except ProtocolError as error:
            await _error(400, str(error))(scope, receive, send)
            return
        except TimeoutError:
            await _error(400, _(refusals.BODY_LATE))(scope, receive, send)
            return
        if not whole:
            return
        body = b"".join(chunks)
        given = False

        async def replay() -> Message:
            nonlocal given
            if not given:
                given = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)
