"""The FastAPI application: pages, the JSON API and one WebSocket per seat.

``create_app(database_url)`` builds it around a :class:`~doublesix.web.storage.store.Store`; the
routes
only translate HTTP and WebSocket traffic to :class:`~doublesix.web.play.games.Games` calls and back
(``docs/protocol.md``).  What a client may send and hold is bounded by
:class:`~doublesix.web.settings.Settings`: the ``Host`` header, a socket's ``Origin``, sockets
per address and per browser, body and message sizes and JSON depth, how often a browser and an
address create games and take seats (429 with ``Retry-After``), and whose ``X-Forwarded-*``
headers are believed; every id and code in a path is checked before use; errors are JSON with a
status saying what happened (503 while the database is away), never 500 for what a client sent.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime
import functools
import logging
import os
import re
import secrets
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any, Final

from fastapi import FastAPI, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException
from starlette.websockets import WebSocketDisconnect, WebSocketState
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from doublesix.ai.review import ReviewRefused
from doublesix.protocol import endpoints, lobby, schema
from doublesix.protocol.pictures import RulesAnswer
from doublesix.protocol.reviews import ReviewJob
from doublesix.protocol.wire import (
    CLOSE_DAMAGED,
    CLOSE_FORBIDDEN,
    CLOSE_NOT_FOUND,
    CLOSE_TOO_MANY,
    CLOSE_UNAVAILABLE,
    COOKIE,
    COOKIE_AGE,
)
from doublesix.web.play import gameinfo
from doublesix.web.play.encoded import text_of
from doublesix.web.play.gameinfo import ProtocolError
from doublesix.web.play.games import Games
from doublesix.web.play.live import Connection, Game
from doublesix.web.play.lobby import Lobby
from doublesix.web.play.quickmatch import QuickMatch
from doublesix.web.play.reviews import Reviews, games_json
from doublesix.web.routes import accounts, bodies, install, languages, lessons, matching, openapi
from doublesix.web.routes.bounds import Bound, Held
from doublesix.web.routes.errors import (
    DamagedGameError,
    ForbiddenError,
    GameNotFoundError,
    NotNowError,
    TooManyError,
    TooOftenError,
    UnavailableError,
    too_many_games,
    too_many_joins,
)
from doublesix.web.routes.guards import SECURITY_HEADERS, BodyBound, HostCheck
from doublesix.web.routes.openapi import answers, body
from doublesix.web.settings import Settings, origin_allowed
from doublesix.web.storage.retention import Retention
from doublesix.web.storage.store import Store, default_url, digest
from doublesix.words import i18n, lobbywords, refusals, watchwords
from doublesix.words.i18n import _

log = logging.getLogger("doublesix.web")

#: The directory of the browser's files.
STATIC: Final = Path(__file__).parent.parent / "static"
#: The shape of a cookie this server gave (:data:`~doublesix.protocol.wire.COOKIE`): others get a
# new one.
_COOKIE_SHAPE: Final = re.compile(r"[A-Za-z0-9_-]{16,64}")
#: The longest request body the API reads, in bytes (``Settings.max_body``).
MAX_BODY: Final = Settings.max_body

#: Set to 1, every message the server sends on a socket is first checked against the protocol
#: (:func:`doublesix.protocol.schema.check_server_message`); one that does not fit closes the
#: socket (1011) and is logged.  The tests set it.
CHECK_MESSAGES_ENV: Final = "DOUBLESIX_CHECK_MESSAGES"
#: The close code of a socket whose message did not fit the protocol (an internal error).
CLOSE_UNFIT: Final = 1011

#: The addresses a person opens, each answered by the one page (in its person's language).
PAGE_PATHS: Final = ("/", "/game/{game_id}", "/stats", "/lobby", "/watch/{game_id}", "/account",
                     "/daily", "/join/{game_id}/{code}", "/learn", "/learn/{variant}")

_PLACEHOLDER: Final = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>doublesix</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><main><h1>doublesix</h1><p>The web game's pages are not installed.</p></main></body></html>
"""


def _error(status: int, message: str, headers: dict[str, str] | None = None) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status, headers=headers)


def _refused(error: ProtocolError) -> JSONResponse:
    """400 with the words of ``error``, and the form's ``field`` they are about, if any."""
    message = str(error)
    if message == _(refusals.MESSAGE_NOT_JSON):
        message = _(refusals.BODY_NOT_JSON)
    answer: dict[str, Any] = {"error": message}
    if isinstance(error, bodies.FieldError):
        answer["field"] = error.field
    return JSONResponse(answer, status_code=400)


def create_app(
    database_url: str | None = None,
    *,
    hint_options: dict[str, Any] | None = None,
    today: Callable[[], datetime.date] | None = None,
    settings: Settings | None = None,
    workers: int = 1,
    review_playouts: int | None = None,
) -> FastAPI:
    """The web game on the database at ``database_url`` (a SQLAlchemy URL; None:
    ``DOUBLESIX_DATABASE_URL`` or a SQLite file in the user's data directory).

    ``hint_options`` go to :func:`doublesix.ai.hint` (tests make it quick); ``today`` gives
    the UTC date (tests move the calendar); ``settings`` default to
    :meth:`Settings.from_env`; ``workers`` is how many server processes share the machine
    (each runs its share of the search processes); ``review_playouts`` is the expert's budget
    per decision in a review and the coach's (tests make it small).
    """
    settings = settings or Settings.from_env()
    store = Store(database_url or default_url())
    games = Games(store, hint_options=hint_options, today=today, settings=settings,
                  workers=workers,
                  **({} if review_playouts is None else {"coach_playouts": review_playouts}))
    sockets_by_address: dict[str, int] = {}
    sockets_by_browser: dict[str, int] = {}
    creating = Bound(settings.games_per_hour_per_browser, settings.games_per_hour_per_address)
    joining = Bound(settings.joins_per_hour_per_browser, settings.joins_per_hour_per_address)
    public_tables = Held(settings.public_tables_per_browser, settings.public_tables_per_address)
    reviews = Reviews(games.registry, games.saving, games.searchers,
                      **({} if review_playouts is None else {"playouts": review_playouts}))
    signing = accounts.Accounts(games.saving, settings)
    the_lobby = Lobby(games.saving)
    retention = Retention(store, games.saving, settings,
                          live_ids=lambda: [game.id for game in games.registry.all()])

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await games.start()
        retention.start()
        yield
        await retention.stop()
        await reviews.close()
        await games.close()
        store.dispose()

    app = FastAPI(
        title="doublesix", summary="The web game of dominoes: its JSON API (docs/protocol.md)",
        version="1", lifespan=lifespan, docs_url=None, redoc_url=None,
        openapi_url="/openapi.json",
    )
    check_messages = os.environ.get(CHECK_MESSAGES_ENV) == "1"
    app.state.games = games
    app.state.store = store
    app.state.settings = settings
    app.state.retention = retention
    app.state.reviews = reviews
    app.add_middleware(BodyBound, settings=settings)
    app.add_middleware(HostCheck, hosts=settings.hosts)

    @app.exception_handler(HTTPException)
    async def http_error(_request: Request, error: HTTPException) -> Response:
        return _error(error.status_code, str(error.detail))

    @app.exception_handler(RequestValidationError)
    async def validation_error(_request: Request, error: RequestValidationError) -> Response:
        return _error(400, _(refusals.MALFORMED))

    @app.exception_handler(UnavailableError)
    async def database_away(_request: Request, error: UnavailableError) -> Response:
        return _error(503, _(refusals.UNAVAILABLE), {"Retry-After": "5"})

    @app.exception_handler(TooOftenError)
    async def too_often(_request: Request, error: TooOftenError) -> Response:
        return _error(429, str(error), {"Retry-After": str(error.retry_after)})

    @app.exception_handler(Exception)
    async def server_error(_request: Request, error: Exception) -> Response:
        return _error(500, _(refusals.SERVER_FAILED))

    @app.middleware("http")
    async def player_cookie(
        request: Request, call_next: Callable[[Request], Awaitable[Response]]
    ) -> Response:
        if request.method not in ("GET", "HEAD", "OPTIONS") and not origin_allowed(
            request.headers.get("origin"), request.headers.get("host", ""),
            settings.allowed_origins,
        ):
            return _error(403, _(refusals.OTHER_SITE))
        player = request.cookies.get(COOKIE)
        fresh = player is None or not _COOKIE_SHAPE.fullmatch(player)
        if fresh:
            player = secrets.token_urlsafe(24)
        # The browser; and the owner it plays as: the account signed in, else the browser.
        request.state.browser = request.state.player = player
        request.state.account = None
        if request.url.path.startswith("/api/"):
            try:
                request.state.account = await signing.resolve(request)
            except UnavailableError:
                return _error(503, _(refusals.UNAVAILABLE), {"Retry-After": "5"})
        if request.state.account is not None:
            request.state.player = request.state.account.owner
        response = await call_next(request)
        secure = request.url.scheme == "https"  # directly, or said by a trusted proxy
        if fresh:
            response.set_cookie(COOKIE, str(player), max_age=COOKIE_AGE, httponly=True,
                                samesite="lax", path="/", secure=secure)
        for name, value in SECURITY_HEADERS.items():
            response.headers.setdefault(name, value)
        if secure and settings.hsts_seconds > 0:
            response.headers.setdefault("Strict-Transport-Security",
                                        f"max-age={settings.hsts_seconds}")
        return response

    def client_address(request: Request | WebSocket) -> str:
        """The client's address (a trusted proxy's ``X-Forwarded-For`` already applied)."""
        return request.client.host if request.client else ""

    def bound(request: Request, which: Bound, words: Callable[[float, str], str]) -> None:
        """Count an act of this browser and address (:class:`TooOftenError` if too often)."""
        wait, met = which.take(request.state.player, client_address(request))
        if wait > 0:
            raise TooOftenError(words(wait, met), wait)

    # -- pages ----------------------------------------------------------------------------

    # Every answer in its person's language (outside the cookie's middleware: its refusal too).
    pages = languages.add_routes(app, STATIC, _PLACEHOLDER)

    async def page(request: Request) -> Response:
        return languages.page_response(request, pages)

    # One page for every address a person opens; the browser draws what the address names.
    for path in PAGE_PATHS:
        app.add_api_route(path, page, methods=["GET"], include_in_schema=False)

    install.add_routes(app, STATIC, pages.made())
    lessons.add_routes(app, settings, check_messages)
    app.mount("/static", StaticFiles(directory=STATIC, check_dir=False), name="static")

    # -- the JSON API: each route takes and answers doublesix.protocol.endpoints' models ----

    @app.get("/api/options", response_model=endpoints.Options, response_model_exclude_unset=True,
             responses=answers(400))
    async def options() -> dict[str, Any]:
        return bodies.options_json()

    @app.get(schema.SOCKET_SCHEMA_PATH, responses=answers(400))
    async def socket_schema() -> dict[str, Any]:
        """The JSON Schema of the socket's messages, either way (``ServerMessage``,
        ``ClientMessage``)."""
        return schema.socket_schema()

    async def read_body(request: Request) -> Any:
        """The request's JSON body (None if empty), nested at most ``max_json_depth`` deep
        (:class:`ProtocolError` otherwise); :class:`BodyBound` has read it already."""
        body = await request.body()
        return gameinfo.parse_json(body, settings.max_json_depth) if body.strip() else None

    accounts.add_routes(app, signing, read_body, client_address)
    matching.add_routes(app, QuickMatch(games.saving, settings.quick_match_fill_after,
                                               settings.quick_match_gone_after),
                        read_body, lambda request: bound(request, creating, too_many_games),
                        Held(0, settings.queue_places_per_address), client_address)

    @app.post("/api/games", status_code=201, response_model=endpoints.Created,
              response_model_exclude_unset=True, responses=answers(400, 403, 429, 503),
              openapi_extra=body(endpoints.NewGameRequest))
    async def new_game(request: Request) -> Any:
        """A new game (``NewGameRequest``): its id, the creator's seat (0) and token."""
        try:
            game = bodies.parse_new_game(await read_body(request))
        except ProtocolError as error:
            return _refused(error)
        if game.public:
            await public_tables.check(request.state.player, client_address(request),
                                      the_lobby.still_open, lobbywords.too_many_tables)
        bound(request, creating, too_many_games)
        game_id, token, invites = await games.create(
            request.state.player, game.rules, game.opponents, game.seed, name=game.name,
            public=game.public, rated=game.rated)
        if game.public:
            public_tables.add(request.state.player, client_address(request), game_id)
        answer: dict[str, Any] = {"game_id": game_id, "seat": 0, "token": token}
        if invites:
            answer["invites"] = invites
        return answer

    @app.post("/api/rules", response_model=RulesAnswer, responses=answers(400, 403),
              openapi_extra=body(endpoints.RulesRequest))
    async def rules(request: Request) -> Any:
        """The catalogue's words for the rules a form holds (``RulesRequest``, the rules part
        of a new game's body)."""
        try:
            return bodies.rules_words(await read_body(request))
        except ProtocolError as error:
            return _refused(error)

    @app.get("/api/join/{game_id}/{code}", response_model=endpoints.Invitation,
             responses=answers(400, 404, 500, 503))
    async def invitation(request: Request, game_id: str, code: str) -> Any:
        """The table as the invitation shows it."""
        if not (bodies.is_game_id(game_id) and bodies.is_secret(code)):
            return _error(404, _(refusals.NO_INVITATION))
        try:
            return await games.invitation(request.state.player, game_id, code)
        except GameNotFoundError:
            return _error(404, _(refusals.NO_INVITATION))
        except DamagedGameError as error:
            return _error(500, str(error))

    @app.post("/api/join/{game_id}/{code}", status_code=201, response_model=endpoints.Joined,
              responses={200: {"model": endpoints.Joined,
                               "description": "the seat taken again by the same browser: a "
                                              "fresh token"},
                         **answers(400, 403, 404, 409, 429, 500, 503)},
              openapi_extra=body(endpoints.JoinRequest))
    async def join(request: Request, response: Response, game_id: str, code: str) -> Any:
        """Take the invitation's seat (``JoinRequest``)."""
        if not (bodies.is_game_id(game_id) and bodies.is_secret(code)):
            return _error(404, _(refusals.NO_INVITATION))
        try:
            name = bodies.parse_join(await read_body(request))
        except ProtocolError as error:
            return _error(400, str(error))
        bound(request, joining, too_many_joins)
        try:
            seat, token, first = await games.join(request.state.player, game_id, code, name)
        except GameNotFoundError:
            return _error(404, _(refusals.NO_INVITATION))
        except NotNowError as error:
            return _error(409, str(error))
        except DamagedGameError as error:
            return _error(500, str(error))
        response.status_code = 201 if first else 200
        return {"game_id": game_id, "seat": seat, "token": token}

    @app.post("/api/daily", response_model=endpoints.DailyGame,
              responses=answers(400, 403, 429, 503))
    async def daily(request: Request) -> Any:
        """Today's daily game for this browser."""
        return await games.daily(
            request.state.player, before_new=lambda: bound(request, creating, too_many_games))

    @app.get("/api/lobby", response_model=lobby.Lobby, responses=answers(503))
    async def open_tables() -> Any:
        """The public tables with a free seat, newest first."""
        return await the_lobby.tables()

    @app.get("/api/stats", response_model=endpoints.Stats, responses=answers(400, 503))
    async def stats(request: Request) -> Any:
        """This browser's statistics."""
        return await games.statistics(request.state.player)

    @app.get("/api/games/{game_id}/record", response_model=endpoints.Record,
             responses=answers(400, 403, 404, 409, 500, 503))
    async def record(response: Response, game_id: str, token: str = "") -> Any:
        """The finished game's record, as a download."""
        if not bodies.is_game_id(game_id):
            return _error(404, _(refusals.NO_GAME))
        try:
            data = await games.record(game_id, token)
        except GameNotFoundError:
            return _error(404, _(refusals.NO_GAME))
        except ForbiddenError:
            return _error(403, _(refusals.NOT_YOUR_SEAT))
        except NotNowError as error:
            return _error(409, str(error))
        except DamagedGameError as error:
            return _error(500, str(error))
        except UnavailableError:
            return _error(503, _(refusals.UNAVAILABLE), {"Retry-After": "5"})
        response.headers["Content-Disposition"] = (
            f'attachment; filename="doublesix-{game_id}.json"')
        return data

    # -- the expert's reviews (web/reviews.py): started, then polled ------------------------

    @app.post("/api/games/{game_id}/review", status_code=202, response_model=ReviewJob,
              response_model_exclude_unset=True,
              responses={200: {"model": ReviewJob,
                               "description": "the same review, asked again: done at once"},
                         **answers(400, 403, 404, 409, 500, 503)})
    async def start_review(request: Request, response: Response, game_id: str,
                           token: str = "", hand: str = "") -> Any:
        """Review the asker's seat (its ``token``'s, else its browser's) in ``hand`` (1 for the
        first; none: every hand that ended): 202 and the job, to poll at ``/api/reviews/{id}``."""
        if not bodies.is_game_id(game_id):
            return _error(404, _(refusals.NO_GAME))
        number: int | None = None
        if hand:
            if not hand.isdigit() or len(hand) > 6 or int(hand) < 1:
                return _error(400, _(refusals.HAND_NUMBER))
            number = int(hand)
        try:
            job = await reviews.start(game_id, token, request.state.player, number)
        except GameNotFoundError:
            return _error(404, _(refusals.NO_GAME))
        except ForbiddenError:
            return _error(403, _(refusals.NOT_YOUR_REVIEW))
        except (ReviewRefused, NotNowError) as error:
            return _error(409, str(error))
        except DamagedGameError as error:
            return _error(500, str(error))
        response.status_code = 202 if job.status == "running" else 200
        return job.to_json()

    @app.get("/api/reviews/{review_id}", response_model=ReviewJob,
             response_model_exclude_unset=True, responses=answers(400, 404, 503))
    async def review_progress(review_id: str) -> Any:
        """A review's progress, and the review once it is made."""
        job = await reviews.get(review_id) if bodies.is_secret(review_id) else None
        if job is None:
            return _error(404, _(refusals.NO_REVIEW))
        return job.to_json()

    @app.get("/api/finished", response_model=endpoints.FinishedGames, responses=answers(400, 503))
    async def finished_games(request: Request) -> Any:
        """This browser's finished games, the newest first (the statistics page's list)."""
        player = request.state.player
        saved = await games.saving.run(store.finished_games, digest(player))
        return {"games": games_json(saved, player)}

    # -- the game's WebSocket -------------------------------------------------------------

    @app.websocket("/ws/{game_id}")
    async def play(websocket: WebSocket, game_id: str, token: str = "", view: str = "",
                   watch: str = "") -> None:
        # The socket's person's language: its connection keeps it (live.Connection.language).
        with i18n.using(languages.language_of(websocket.cookies,
                                              websocket.headers.get("accept-language"))):
            await _socket(websocket, game_id, token, view, watch)

    async def _socket(websocket: WebSocket, game_id: str, token: str, view: str,
                      watch: str) -> None:
        headers = websocket.headers
        if not origin_allowed(
            headers.get("origin"), headers.get("host", ""), settings.allowed_origins
        ):
            await websocket.close(code=1008)  # before accepting: the handshake is refused (403)
            return
        address = client_address(websocket)
        browser = websocket.cookies.get(COOKIE, "")
        if not _COOKIE_SHAPE.fullmatch(browser):
            browser = ""  # no cookie (not a browser): bounded per address and per seat
        await websocket.accept()
        if sockets_by_address.get(address, 0) >= settings.sockets_per_address:
            await _refuse(websocket, CLOSE_TOO_MANY, _(refusals.SOCKETS_FROM_ADDRESS))
            return
        if browser and sockets_by_browser.get(browser, 0) >= settings.sockets_per_browser:
            await _refuse(websocket, CLOSE_TOO_MANY, _(refusals.SOCKETS_FROM_BROWSER))
            return
        if not bodies.is_game_id(game_id):
            await _refuse(websocket, CLOSE_NOT_FOUND, _(refusals.NO_GAME))
            return
        _count(sockets_by_address, address, 1)
        if browser:
            _count(sockets_by_browser, browser, 1)
        try:
            if watch == "1":
                await _watch(websocket, game_id, address)
            else:
                await _play(websocket, game_id, token, address, view == "1")
        finally:
            _count(sockets_by_address, address, -1)
            if browser:
                _count(sockets_by_browser, browser, -1)

    async def _play(
        websocket: WebSocket, game_id: str, token: str, address: str, with_view: bool
    ) -> None:
        await _serve(websocket, games.connect(game_id, token, address, with_view),
                     _(refusals.NO_GAME), games.handle, games.disconnect)

    async def _watch(websocket: WebSocket, game_id: str, address: str) -> None:
        """A socket watching a public table: sent the watchers' pictures; what it sends is
        refused in words."""
        await _serve(websocket, games.watch(game_id, address), _(watchwords.NOT_WATCHABLE),
                     games.watcher_said, games.unwatch)

    async def _serve(
        websocket: WebSocket,
        opening: Awaitable[tuple[Game, Connection]],
        not_found: str,
        heard: Callable[[Game, Connection, str | bytes], Awaitable[None]],
        gone: Callable[[Game, Connection], None],
    ) -> None:
        """Open a game's socket (``opening``: a seat's or a watcher's; refused in words with
        its close code), then pass each message it sends to ``heard`` until it closes, and
        ``gone`` after."""
        try:
            game, connection = await opening
        except GameNotFoundError:
            await _refuse(websocket, CLOSE_NOT_FOUND, not_found)
            return
        except ForbiddenError:
            await _refuse(websocket, CLOSE_FORBIDDEN, _(refusals.NOT_YOUR_SEAT_HERE))
            return
        except TooManyError as error:
            await _refuse(websocket, CLOSE_TOO_MANY, str(error))
            return
        except DamagedGameError as error:
            await _refuse(websocket, CLOSE_DAMAGED, str(error))
            return
        except UnavailableError:
            await _refuse(websocket, CLOSE_UNAVAILABLE, _(refusals.UNAVAILABLE))
            return
        writer = asyncio.create_task(_write(websocket, connection, check_messages))
        try:
            while not connection.closed:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                text = message.get("text")
                if text is None:
                    text = message.get("bytes") or b""
                await heard(game, connection, text)
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            gone(game, connection)
            with contextlib.suppress(Exception):
                await writer

    @app.websocket("/{path:path}")
    async def no_socket(websocket: WebSocket, path: str) -> None:
        """A socket on a path with none: 404, as for the pages and the API (not the refused
        handshake's 403)."""
        if "websocket.http.response" in websocket.scope.get("extensions", {}):
            await websocket.send_denial_response(_error(404, _(refusals.NOTHING_HERE)))
        else:  # pragma: no cover - a server without the denial extension: refused (403)
            await websocket.close(code=1008)

    app.openapi = functools.partial(openapi.document, app)  # type: ignore[method-assign]

    if settings.forwarded_allow_ips:
        # Outermost: the bounds and the cookie see the client's address and scheme as the
        # named proxies say; nobody else's X-Forwarded-* headers are believed.
        app.add_middleware(ProxyHeadersMiddleware,
                           trusted_hosts=list(settings.forwarded_allow_ips))
    return app


def _count(counts: dict[str, int], key: str, change: int) -> None:
    """Add ``change`` to ``counts[key]``, forgetting a key that reaches 0."""
    left = counts.get(key, 0) + change
    if left > 0:
        counts[key] = left
    else:
        counts.pop(key, None)


async def _refuse(websocket: WebSocket, code: int, message: str) -> None:
    with contextlib.suppress(Exception):
        await websocket.send_json({"type": "error", "message": message})
        await websocket.close(code=code)


async def _write(websocket: WebSocket, connection: Connection, check: bool = False) -> None:
    """Send a connection's outbox over its socket until it is closed; with ``check``
    (:data:`CHECK_MESSAGES_ENV`), a message that does not fit the protocol closes the socket
    (:data:`CLOSE_UNFIT`) instead of being sent."""
    try:
        while True:
            message = await connection.outbox.get()
            if message is None:
                break
            if check:
                try:
                    schema.check_server_message(message)
                except ValueError as error:
                    log.error("%s: %s", error, message)
                    connection.close_code = CLOSE_UNFIT
                    raise
            await websocket.send_text(text_of(message))
    except Exception:
        connection.closed = True
    finally:
        if websocket.application_state == WebSocketState.CONNECTED:
            with contextlib.suppress(Exception):
                await websocket.close(code=connection.close_code or 1000)
