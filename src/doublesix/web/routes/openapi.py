"""The HTTP API's OpenAPI schema (``/openapi.json``): what FastAPI makes of the routes and their
models (:mod:`doublesix.protocol.endpoints`), with the error answers each route may give and the
request bodies the routes read themselves (bounded in size, time and depth before any parser
sees them, then checked by their models).

>>> sorted(answers(404, 409))
[404, 409]
>>> body(endpoints.JoinRequest)["requestBody"]["content"]["application/json"]["schema"]
{'$ref': '#/components/schemas/JoinRequest'}
"""

from __future__ import annotations

from typing import Any, Final

from fastapi import FastAPI
from fastapi.openapi.utils import get_openapi
from pydantic import BaseModel
from pydantic.json_schema import models_json_schema

from doublesix.protocol import accounts, endpoints, matching

#: The request bodies the routes read (:func:`body`).
REQUESTS: Final = (endpoints.NewGameRequest, endpoints.RulesRequest, endpoints.JoinRequest,
                   accounts.Credentials, accounts.NewPassword, accounts.Farewell,
                   accounts.Preferences, matching.QuickMatchRequest)
#: What each error status means, as the OpenAPI schema says it.
_STATUSES: Final = {
    400: "a bad request: the words say what is wrong (a bad body names the form's field)",
    401: "not signed in, or a name and password that match no account",
    403: "a token holding no seat, a wrong password, or a request from another site",
    404: "no such game, invitation or review",
    409: "not now (a game in play, a seat taken, a review running)",
    429: "too often from this browser or address (with Retry-After)",
    500: "a failure of the server's own, or a save that cannot be read",
    503: "the games database is not answering (with Retry-After)",
}


def answers(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """The error answers a route may give, for the OpenAPI schema: ``{"error": "words"}``."""
    return {status: {"model": endpoints.ErrorAnswer, "description": _STATUSES[status]}
            for status in statuses}


def body(model: type[BaseModel]) -> dict[str, Any]:
    """A route's JSON body (read by the route itself, bounded, then checked by ``model``), as
    the OpenAPI schema says it."""
    return {"requestBody": {"required": False, "content": {"application/json": {
        "schema": {"$ref": f"#/components/schemas/{model.__name__}"}}}}}


def document(app: FastAPI) -> dict[str, Any]:
    """The app's OpenAPI schema (made once): FastAPI's, with the request bodies'
    (:data:`REQUESTS`) among its components, and without FastAPI's 422 (this server answers a
    request it cannot read with 400 and words)."""
    if app.openapi_schema is None:
        made = get_openapi(title=app.title, version=app.version, summary=app.summary,
                           routes=app.routes)
        for operations in made["paths"].values():
            for operation in operations.values():
                operation["responses"].pop("422", None)
        schemas = made.setdefault("components", {}).setdefault("schemas", {})
        for unused in ("HTTPValidationError", "ValidationError"):
            schemas.pop(unused, None)
        _, requests = models_json_schema([(model, "validation") for model in REQUESTS],
                                         ref_template="#/components/schemas/{model}")
        schemas.update(requests["$defs"])
        app.openapi_schema = made
    return app.openapi_schema
