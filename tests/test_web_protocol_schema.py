"""The protocol's published schemas (``docs/protocol.md``, "The models and the schemas"): the
socket's JSON Schema is the file the repository holds and the server serves, every message of
whole games (against computers, and at a table of two people) fits it both ways, and
Schemathesis throws generated requests at every HTTP endpoint of the OpenAPI schema: no 500,
every answer within its schema."""

from __future__ import annotations

import json
import random
import threading
from typing import Any

import jsonschema_rs
import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, settings
from schemathesis.specs.openapi import checks

from doublesix.protocol import schema
from doublesix.protocol.wire import COOKIE, MESSAGE_TYPES
from doublesix.web.routes.app import CHECK_MESSAGES_ENV, create_app
from tests.support.web import TEST_SETTINGS, JsonSocket, SeatSocket

#: Two browsers, each its own cookie.
ANA, BEA = "ana-browser-cookie-0123456789", "bea-browser-cookie-0123456789"


def validator(published: dict[str, Any], name: str) -> Any:
    """A validator of ``published``'s definition ``name`` (``ServerMessage``...)."""
    return jsonschema_rs.Draft202012Validator(
        {"$schema": schema.DIALECT, "$defs": published["$defs"], "$ref": f"#/$defs/{name}"})


class SchemaSocket:
    """A socket that holds every message, both ways, to the schema the server published."""

    def __init__(self, ws: JsonSocket, published: dict[str, Any]) -> None:
        self.ws = ws
        self.server = validator(published, "ServerMessage")
        self.client = validator(published, "ClientMessage")
        #: The types of the messages received, in order.
        self.kinds: list[str] = []

    def receive_json(self) -> Any:
        message = self.ws.receive_json()
        self.server.validate(message)
        self.kinds.append(message["type"])
        return message

    def send_json(self, data: Any) -> None:
        self.client.validate(data)
        self.ws.send_json(data)


class TestSchemas:
    def test_the_repository_holds_the_socket_schema_the_models_make(self) -> None:
        """``scripts/types`` writes it; a model changed without it fails here (and the browser's
        types in ``scripts/types --check``)."""
        assert schema.SOCKET_SCHEMA_FILE.read_text(encoding="utf-8") == schema.dump(
            schema.socket_schema())

    def test_the_server_serves_both_schemas(self, client: TestClient) -> None:
        served = client.get(schema.SOCKET_SCHEMA_PATH).json()
        assert served == json.loads(schema.SOCKET_SCHEMA_FILE.read_text(encoding="utf-8"))
        mapping = served["$defs"]["ClientMessage"]["discriminator"]["mapping"]
        assert sorted(mapping) == sorted(MESSAGE_TYPES)
        document = client.get("/openapi.json").json()
        api = {path for path in document["paths"] if path.startswith("/api/")}
        routed = {route.path for route in client.app.routes  # type: ignore[attr-defined]
                  if getattr(route, "path", "").startswith("/api/")}
        assert api == routed
        for path, operations in document["paths"].items():
            for method, operation in operations.items():
                answers = operation["responses"]
                fine = [code for code in answers if code.startswith("2")]
                assert fine, (method, path)
                assert all("schema" in answers[code]["content"]["application/json"]
                           for code in answers if code != "204"), (method, path)
                assert "422" not in answers  # a request it cannot read is 400, in words


class TestWholeGames:
    def test_a_game_against_computers_fits_the_schema(self, client: TestClient) -> None:
        published = client.get(schema.SOCKET_SCHEMA_PATH).json()
        body = {"variant": "all-fives", "players": 3, "target": 50, "seed": 3,
                "opponents": ["greedy", "random"]}
        created = client.post("/api/games", json=body).json()
        url = f"/ws/{created['game_id']}?token={created['token']}"
        with client.websocket_connect(url) as ws:
            socket = SchemaSocket(ws, published)
            seat = SeatSocket(socket)
            seat.settle()
            socket.send_json({"type": "hint"})
            while "hint" not in socket.kinds:
                seat.receive()
            socket.send_json({"type": "next"})  # refused: the hand is in play
            while "error" not in socket.kinds:
                seat.receive()
            final = seat.play_out(random.Random(3))
            socket.send_json({"type": "resign"})  # refused: the game is over
            while seat.receive()["type"] != "error":  # the game's last events come first
                pass
        assert final["over"] and final["result"] is not None
        assert {"state", "event", "thinking", "hint", "error"} <= set(socket.kinds)

    def test_a_game_at_a_table_of_people_fits_the_schema(self, client: TestClient) -> None:
        """Ana and Bea each by socket (Bea as the terminal plays, with her view), a computer
        between them: the waiting room, the start, a whole game, and playing again."""
        published = client.get(schema.SOCKET_SCHEMA_PATH).json()
        client.cookies.set(COOKIE, ANA)
        table = client.post("/api/games", json={
            "variant": "draw", "players": 3, "target": 0, "seed": 5, "name": "Ana",
            "opponents": ["person", "greedy"]}).json()
        game_id, invite = table["game_id"], table["invites"][0]["url"]
        client.cookies.set(COOKIE, BEA)
        bea_seat = client.post(f"/api{invite}", json={"name": "Bea"}).json()
        with client.websocket_connect(f"/ws/{game_id}?token={table['token']}") as ana_ws, \
                client.websocket_connect(
                    f"/ws/{game_id}?token={bea_seat['token']}&view=1") as bea_ws:
            sockets = [SchemaSocket(ana_ws, published), SchemaSocket(bea_ws, published)]
            ana, bea = (SeatSocket(socket) for socket in sockets)
            while ana.receive()["type"] != "table":  # Bea's arrival
                pass
            sockets[0].send_json({"type": "seat", "seat": 1, "player": "expert"})  # refused
            while "error" not in sockets[0].kinds:
                ana.receive()
            sockets[0].send_json({"type": "start"})
            finals: dict[str, dict[str, Any]] = {}
            errors: list[BaseException] = []

            def play(name: str, seat: SeatSocket, rng: random.Random) -> None:
                try:
                    finals[name] = seat.play_out(rng)
                except BaseException as error:
                    errors.append(error)

            thread = threading.Thread(target=play, args=("bea", bea, random.Random(2)))
            thread.start()
            play("ana", ana, random.Random(1))
            thread.join(120)
            assert not errors, errors
            assert finals["ana"]["over"] and finals["bea"]["over"]
            assert finals["bea"]["view"] is not None and finals["ana"].get("view") is None
            for socket in sockets:
                socket.send_json({"type": "again"})
            for socket, seat in zip(sockets, (ana, bea), strict=True):
                while "again" not in socket.kinds:
                    seat.receive()
        for socket in sockets:
            assert {"state", "table", "event", "again"} <= set(socket.kinds)


def test_the_check_of_every_message_sent_is_on_in_the_tests() -> None:
    """``tests/conftest.py`` turns on the server's own check: every message any test's server
    sends fits the protocol, or its socket closes (1011) and the test fails."""
    import os

    assert os.environ.get(CHECK_MESSAGES_ENV) == "1"


# -- Schemathesis over every HTTP endpoint --------------------------------------------------------

API = schemathesis.openapi.from_asgi(
    "/openapi.json",
    create_app("sqlite://", hint_options={"playouts": 8}, settings=TEST_SETTINGS),
)
#: What every answer is held to: no 500, a status the schema names, its content type, headers
#: and body within the schema.
CHECKS = (checks.status_code_conformance, checks.content_type_conformance,
          checks.response_headers_conformance, checks.response_schema_conformance)


@API.parametrize()
@settings(max_examples=25, deadline=None, derandomize=True,
          suppress_health_check=list(HealthCheck))
def test_every_endpoint_answers_within_its_schema(case: Any) -> None:
    response = case.call()
    assert response.status_code < 500, response.text
    case.validate_response(response, checks=CHECKS)
