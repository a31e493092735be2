"""Quick match's routes (``docs/protocol.md``, "Quick match"): enter the queue, ask how it goes
(which also runs the matching), leave it.  Entering is bounded per browser and per address as
new games are; a browser (or account) holds one place at a time, and an address at most
``queue_places_per_address`` (:class:`~doublesix.web.routes.bounds.Held`).
"""

from __future__ import annotations

import math
from collections.abc import Awaitable, Callable
from typing import Any

from fastapi import FastAPI, Request, Response
from fastapi.responses import JSONResponse
from pydantic import ValidationError

from doublesix.protocol.matching import QuickMatchRequest, QuickMatchTicket
from doublesix.web.play.gameinfo import ProtocolError
from doublesix.web.play.quickmatch import QuickMatch
from doublesix.web.routes.bodies import parse_name
from doublesix.web.routes.bounds import Held
from doublesix.web.routes.openapi import answers, body
from doublesix.web.storage.queue import Kind
from doublesix.words import matchwords
from doublesix.words.i18n import _


def _error(status: int, words: str) -> JSONResponse:
    return JSONResponse({"error": words}, status_code=status)


def add_routes(
    app: FastAPI,
    matching: QuickMatch,
    read_body: Callable[[Request], Awaitable[Any]],
    bound: Callable[[Request], None],
    places: Held,
    address: Callable[[Request], str],
) -> None:
    """Add quick match's routes to ``app``; ``bound`` counts an entry against the browser's and
    the address's bounds (``TooOftenError`` past them); ``places`` holds the places entered
    from each ``address`` (the client's)."""

    def no_place() -> JSONResponse:
        """A ticket that holds no place: left, given up, or another's (404)."""
        return _error(404, matchwords.no_place(math.ceil(matching.gone_after)))

    @app.post("/api/quickmatch", status_code=201, response_model=QuickMatchTicket,
              response_model_exclude_none=True, responses=answers(400, 403, 429, 503),
              openapi_extra=body(QuickMatchRequest))
    async def enter(request: Request) -> Any:
        """Enter the queue (``QuickMatchRequest``); a browser holds one place at a time."""
        try:
            asked = QuickMatchRequest.model_validate(await read_body(request))
        except (ValidationError, ProtocolError):
            return _error(400, matchwords.BODY)
        if asked.variant == "partnership" and asked.players != 4:
            return _error(400, _(matchwords.PLAYERS))
        account = request.state.account
        if account is not None:
            name = account.name
        else:
            try:
                name = parse_name(asked.name if asked.name is not None else "")
            except ProtocolError as error:
                return _error(400, str(error))
        player, where = request.state.player, address(request)
        await places.check(player, where, matching.waiting, matchwords.too_many_places)
        bound(request)
        ticket = await matching.enter(player, name,
                                      Kind(asked.variant, asked.players, asked.rated))
        places.add(player, where, ticket["ticket"])
        return ticket

    @app.get("/api/quickmatch/{ticket}", response_model=QuickMatchTicket,
             response_model_exclude_none=True, responses=answers(400, 404, 503))
    async def status(request: Request, ticket: str) -> Any:
        """How the place in the queue goes: still waiting, or seated (the game, the seat, its
        token).  Asking keeps the place: one not asked after for ``quick_match_gone_after``
        seconds is given up (404, as a place left)."""
        try:
            return await matching.status(request.state.player, ticket)
        except KeyError:
            return no_place()

    @app.delete("/api/quickmatch/{ticket}", status_code=204, responses=answers(403, 404, 503))
    async def leave(request: Request, ticket: str) -> Response:
        """Leave the queue (a seat found already is not given back); the page does it as it
        goes away (``pagehide``, a ``keepalive`` request)."""
        if not await matching.leave(request.state.player, ticket):
            return no_place()
        return Response(status_code=204)
