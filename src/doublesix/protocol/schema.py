"""The published schemas of the protocol, made from its models: the socket's messages as one JSON
Schema (served at ``/api/socket-schema.json``, written in ``socket-schema.json`` beside this
module), every model of the protocol for the browser's generated types (``scripts/types``), and
a check that one message the server sends is what the schema says.

The HTTP API's own schema is FastAPI's OpenAPI (``/openapi.json``), made from the same models.

>>> schema = socket_schema()
>>> schema["title"], sorted(schema["$defs"]["ServerMessage"]["discriminator"]["mapping"])[:3]
('doublesix socket messages', ['again', 'chat', 'coach'])
>>> check_server_message({"type": "thinking", "seat": 1})
>>> check_server_message({"type": "thinking", "seat": "1"})
Traceback (most recent call last):
...
ValueError: the server's thinking message does not fit the protocol: seat: Input should be ...
"""

from __future__ import annotations

import argparse
import functools
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Final

from pydantic import BaseModel, TypeAdapter, ValidationError
from pydantic.json_schema import GenerateJsonSchema, models_json_schema
from pydantic_core import CoreSchema

from doublesix.protocol import accounts, endpoints, lobby, matching, pictures, reviews
from doublesix.protocol.messages import ClientMessage, ServerMessage

#: The socket's schema as the repository holds it (``scripts/types`` writes it).
SOCKET_SCHEMA_FILE: Final = Path(__file__).with_name("socket-schema.json")
#: Where the server publishes it.
SOCKET_SCHEMA_PATH: Final = "/api/socket-schema.json"
#: The JSON Schema dialect of the schemas.
DIALECT: Final = "https://json-schema.org/draft/2020-12/schema"

#: The HTTP API's models, for the browser's types (the socket's come with its messages).
HTTP_MODELS: Final[tuple[type[BaseModel], ...]] = (
    endpoints.RulesRequest, endpoints.NewGameRequest, endpoints.JoinRequest,
    endpoints.ErrorAnswer, endpoints.Created, endpoints.Joined, endpoints.DailyGame,
    endpoints.Options, endpoints.Invitation, endpoints.Stats, endpoints.Record,
    endpoints.FinishedGames, reviews.ReviewJob, pictures.RulesAnswer, accounts.Credentials,
    accounts.NewPassword, accounts.Farewell, accounts.AccountInfo, accounts.SignedIn,
    accounts.Records, accounts.Preferences, lobby.Lobby, matching.QuickMatchRequest,
    matching.QuickMatchTicket,
)


class Generator(GenerateJsonSchema):
    """Pydantic's JSON Schema without a title on each field (a type's name is its model's)."""

    def field_title_should_be_set(self, schema: CoreSchema) -> bool:
        return False


#: Either way on the socket.
_MESSAGES: Final = TypeAdapter(ServerMessage | ClientMessage)


@functools.cache
def socket_schema() -> dict[str, Any]:
    """The JSON Schema of a message on the socket, either way: its ``$defs`` hold
    ``ServerMessage`` and ``ClientMessage`` (each a union discriminated on ``type``) and every
    part of them."""
    schema = _MESSAGES.json_schema(schema_generator=Generator)
    return {
        "$schema": DIALECT,
        "$id": SOCKET_SCHEMA_PATH,
        "title": "doublesix socket messages",
        "description": "A message on a seat's WebSocket (/ws/{game_id}), either way: "
                       "ServerMessage from the server, ClientMessage to it (docs/protocol.md).",
        **schema,
    }


def types_schema() -> dict[str, Any]:
    """Every model of the protocol as one JSON Schema, for the browser's generated types: its
    root, ``Protocol``, names each message and answer (nothing sends it), and its
    ``definitions`` (the generator's name for ``$defs``) hold every model."""
    models: tuple[type[BaseModel], ...] = (ServerMessage, ClientMessage, *HTTP_MODELS)
    _, defs = models_json_schema([(model, "validation") for model in models],
                                 ref_template="#/definitions/{model}", schema_generator=Generator)
    return {
        "$schema": DIALECT, "title": "Protocol", "type": "object",
        "description": "Every message and answer of the web protocol, by name (docs/protocol.md).",
        "properties": {model.__name__: {"$ref": f"#/definitions/{model.__name__}"}
                       for model in models},
        "required": [model.__name__ for model in models], "additionalProperties": False,
        "definitions": dict(sorted(defs["$defs"].items())),
    }


def dump(schema: dict[str, Any]) -> str:
    """A schema as the repository's files hold it."""
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def check_server_message(message: Any) -> None:
    """Nothing if ``message`` (JSON data the server is about to send) is a
    :class:`ServerMessage` exactly as the schema says (strictly: no field it does not name, no
    number written as text); ``ValueError`` saying where it differs otherwise."""
    try:
        ServerMessage.model_validate_json(json.dumps(message), strict=True)
    except ValidationError as error:
        kind = message.get("type") if isinstance(message, dict) else None
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"][1:])
        raise ValueError(f"the server's {kind} message does not fit the protocol: "
                         f"{where}: {first['msg']}") from None


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m doublesix.protocol.schema``: print the socket's schema (or, with
    ``--types``, every model's, for the browser's types); ``--write`` writes the socket's to
    :data:`SOCKET_SCHEMA_FILE` instead."""
    parser = argparse.ArgumentParser(prog="python -m doublesix.protocol.schema",
                                     description=main.__doc__)
    parser.add_argument("--types", action="store_true", help="every model of the protocol")
    parser.add_argument("--write", action="store_true", help="write socket-schema.json")
    options = parser.parse_args(argv)
    text = dump(types_schema() if options.types else socket_schema())
    if options.write:
        SOCKET_SCHEMA_FILE.write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
