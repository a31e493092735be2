"""The FastAPI application: pages, the JSON API and one WebSocket per seat.

``create_app(database_url)`` builds it around a :class:`~doublesix.web.store.Store`; the routes
only translate HTTP and WebSocket traffic to :class:`~doublesix.web.games.Games` calls and back
(``docs/protocol.md``).
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime
import json
import re
import secrets
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any, Final

from fastapi import FastAPI, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException
from starlette.websockets import WebSocketDisconnect, WebSocketState

from doublesix.web import protocol
from doublesix.web.games import (
    Connection,
    DamagedGameError,
    ForbiddenError,
    GameNotFoundError,
    Games,
    NotNowError,
)
from doublesix.web.protocol import ProtocolError
from doublesix.web.store import Store, default_url

#: The directory of the browser's files.
STATIC: Final = Path(__file__).parent / "static"
#: The anonymous cookie that tells one browser's statistics from another's.
COOKIE: Final = "doublesix_player"
COOKIE_AGE: Final = 365 * 24 * 3600
_COOKIE_SHAPE: Final = re.compile(r"[A-Za-z0-9_-]{16,64}")
#: The longest request body the API reads, in bytes.
MAX_BODY: Final = 16384
#: WebSocket close codes: a wrong token, an unknown game, a game whose save cannot be read.
CLOSE_FORBIDDEN: Final = 4403
CLOSE_NOT_FOUND: Final = 4404
CLOSE_DAMAGED: Final = 4422

CONTENT_SECURITY_POLICY: Final = (
    "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
)
_SECURITY_HEADERS: Final = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
}

_PLACEHOLDER: Final = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>doublesix</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><main><h1>doublesix</h1><p>The web game's pages are not installed.</p></main></body></html>
"""


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


def create_app(
    database_url: str | None = None,
    *,
    hint_options: dict[str, Any] | None = None,
    today: Callable[[], datetime.date] | None = None,
) -> FastAPI:
    """The web game on the database at ``database_url`` (a SQLAlchemy URL; None:
    ``DOUBLESIX_DATABASE_URL`` or a SQLite file in the user's data directory).

    ``hint_options`` go to :func:`doublesix.ai.hint` (tests make it quick); ``today`` gives
    the UTC date (tests move the calendar).
    """
    store = Store(database_url or default_url())
    games = Games(store, hint_options=hint_options, today=today)

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        yield
        await games.close()
        store.dispose()

    app = FastAPI(
        title="doublesix", lifespan=lifespan, docs_url=None, redoc_url=None, openapi_url=None
    )
    app.state.games = games
    app.state.store = store

    @app.exception_handler(HTTPException)
    async def http_error(_request: Request, error: HTTPException) -> Response:
        return _error(error.status_code, str(error.detail))

    @app.exception_handler(RequestValidationError)
    async def validation_error(_request: Request, error: RequestValidationError) -> Response:
        return _error(400, "the request is malformed")

    @app.middleware("http")
    async def player_cookie(
        request: Request, call_next: Callable[[Request], Awaitable[Response]]
    ) -> Response:
        if request.method not in ("GET", "HEAD", "OPTIONS") and not _same_origin(request):
            return _error(403, "requests from other sites are refused")
        player = request.cookies.get(COOKIE)
        fresh = player is None or not _COOKIE_SHAPE.fullmatch(player)
        if fresh:
            player = secrets.token_urlsafe(24)
        request.state.player = player
        response = await call_next(request)
        if fresh:
            response.set_cookie(
                COOKIE, str(player), max_age=COOKIE_AGE, httponly=True, samesite="lax", path="/"
            )
        for name, value in _SECURITY_HEADERS.items():
            response.headers.setdefault(name, value)
        return response

    # -- pages ----------------------------------------------------------------------------

    def page() -> Response:
        index = STATIC / "index.html"
        headers = {"Cache-Control": "no-cache"}
        if index.is_file():
            return FileResponse(index, media_type="text/html", headers=headers)
        return HTMLResponse(_PLACEHOLDER, headers=headers)

    @app.get("/", include_in_schema=False)
    async def front() -> Response:
        return page()

    @app.get("/game/{game_id}", include_in_schema=False)
    async def game_page(game_id: str) -> Response:
        return page()

    @app.get("/stats", include_in_schema=False)
    async def stats_page() -> Response:
        return page()

    @app.get("/daily", include_in_schema=False)
    async def daily_page() -> Response:
        return page()

    app.mount("/static", StaticFiles(directory=STATIC, check_dir=False), name="static")

    # -- the JSON API ---------------------------------------------------------------------

    @app.get("/api/options")
    async def options() -> Response:
        return JSONResponse(protocol.options_json())

    @app.post("/api/games")
    async def new_game(request: Request) -> Response:
        body = await request.body()
        if len(body) > MAX_BODY:
            return _error(400, "the request is too long")
        try:
            data = json.loads(body) if body.strip() else {}
            game = protocol.parse_new_game(data)
        except ValueError as error:  # ProtocolError and malformed JSON
            message = str(error) if isinstance(error, ProtocolError) else "the body is not JSON"
            return _error(400, message)
        game_id, token = await games.create(
            request.state.player, game.rules, game.opponents, game.seed
        )
        return JSONResponse({"game_id": game_id, "seat": 0, "token": token}, status_code=201)

    @app.post("/api/daily")
    async def daily(request: Request) -> Response:
        return JSONResponse(await games.daily(request.state.player))

    @app.get("/api/stats")
    async def stats(request: Request) -> Response:
        return JSONResponse(await games.statistics(request.state.player))

    @app.get("/api/games/{game_id}/record")
    async def record(game_id: str, token: str = "") -> Response:
        try:
            data = await games.record(game_id, token)
        except GameNotFoundError:
            return _error(404, "there is no such game")
        except ForbiddenError:
            return _error(403, "this token does not hold a seat of this game")
        except NotNowError as error:
            return _error(409, str(error))
        except DamagedGameError as error:
            return _error(500, str(error))
        return JSONResponse(
            data,
            headers={"Content-Disposition": f'attachment; filename="doublesix-{game_id}.json"'},
        )

    # -- the game's WebSocket -------------------------------------------------------------

    @app.websocket("/ws/{game_id}")
    async def play(websocket: WebSocket, game_id: str, token: str = "") -> None:
        await websocket.accept()
        try:
            game, connection = await games.connect(game_id, token)
        except GameNotFoundError:
            await _refuse(websocket, CLOSE_NOT_FOUND, "there is no such game")
            return
        except ForbiddenError:
            await _refuse(websocket, CLOSE_FORBIDDEN, "this token does not hold a seat here")
            return
        except DamagedGameError as error:
            await _refuse(websocket, CLOSE_DAMAGED, str(error))
            return
        writer = asyncio.create_task(_write(websocket, connection))
        try:
            while not connection.closed:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                text = message.get("text")
                if text is None:
                    text = message.get("bytes") or b""
                await games.handle(game, connection, text)
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            games.disconnect(game, connection)
            with contextlib.suppress(Exception):
                await writer

    return app


def _same_origin(request: Request) -> bool:
    """Whether a request that changes something comes from this site's own pages: its
    ``Origin`` header, when the browser sends one, names the host it was sent to."""
    origin = request.headers.get("origin")
    if origin is None:
        return True
    host = request.headers.get("host", "")
    return origin in (f"http://{host}", f"https://{host}")


async def _refuse(websocket: WebSocket, code: int, message: str) -> None:
    with contextlib.suppress(Exception):
        await websocket.send_json({"type": "error", "message": message})
        await websocket.close(code=code)


async def _write(websocket: WebSocket, connection: Connection) -> None:
    """Send a connection's outbox over its socket until it is closed."""
    try:
        while True:
            message = await connection.outbox.get()
            if message is None:
                break
            await websocket.send_json(message)
    except Exception:
        connection.closed = True
    finally:
        if websocket.application_state == WebSocketState.CONNECTED:
            with contextlib.suppress(Exception):
                await websocket.close()
