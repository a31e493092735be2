"""Messages encoded once (issue 41, ``web/play/encoded.py``): the sockets that see the same
thing are sent the same encoded text, and a socket of another view never is (no hidden tile in
a shared encoding)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from doublesix.protocol.wire import COOKIE
from doublesix.web.play.encoded import Encoded, text_of
from doublesix.web.play.games import Games
from doublesix.web.play.live import Connection
from tests.support.web import Message, check_secrets, knowledge

ANA, BEA = "ana-browser-cookie-0123456789", "bea-browser-cookie-0123456789"


def table_of_two(client: TestClient) -> tuple[str, list[str]]:
    """A started table of Ana (seat 0) and Bea (seat 1): its id and their tokens."""
    client.cookies.set(COOKIE, ANA)
    answer = client.post("/api/games", json={
        "variant": "draw", "players": 2, "target": 0, "seed": 3, "opponents": ["person"],
        "name": "Ana"}).json()
    client.cookies.set(COOKIE, BEA)
    bea = client.post(f"/api{answer['invites'][0]['url']}", json={"name": "Bea"}).json()
    game_id, tokens = answer["game_id"], [answer["token"], bea["token"]]
    with client.websocket_connect(f"/ws/{game_id}?token={tokens[0]}") as ws:
        ws.send_json({"type": "start"})
        while ws.receive_json().get("text") != "The game starts.":
            pass
    return game_id, tokens


def next_of(ws: Any, kind: str) -> str:
    """The text of the next message of type ``kind`` on a socket."""
    for _ in range(100):
        text: str = ws.receive_text()
        if json.loads(text)["type"] == kind:
            return text
    raise AssertionError(f"no {kind} message")


def test_one_view_shares_one_encoding_and_other_views_get_their_own(
    app: FastAPI, client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    games: Games = app.state.games
    game_id, tokens = table_of_two(client)
    sent: list[tuple[Connection, Message]] = []
    original = Connection.send

    def send(self: Connection, message: Message) -> None:
        sent.append((self, message))
        original(self, message)

    monkeypatch.setattr(Connection, "send", send)
    # Ana in two tabs; Bea in one, and once more as the terminal reads (her view as JSON).
    paths = [(0, ""), (0, ""), (1, ""), (1, "&view=1")]
    opened = [client.websocket_connect(f"/ws/{game_id}?token={tokens[seat]}{extra}")
              for seat, extra in paths]
    sockets = [ws.__enter__() for ws in opened]
    try:
        states = [json.loads(next_of(ws, "state"))["state"] for ws in sockets]
        mover = next(i for i, state in enumerate(states) if state["turn"] == state["me"])
        move = states[mover]["legal"][0]["move"]
        sockets[mover].send_json({"type": "play", "move": move})
        texts = [next_of(ws, "event") for ws in sockets]
        game = games.live(game_id)
        assert game is not None
        events: dict[Connection, Message] = {}
        for connection, message in sent:
            if message["type"] == "event":
                events.setdefault(connection, message)
        assert len(events) == 4, "one event message for each socket"
        (ana1, first), (ana2, second), (bea, hers), (bea_view, viewed) = events.items()
        assert (ana1.seat, ana2.seat, bea.seat, bea_view.seat) == (0, 0, 1, 1)
        # Ana's tabs: one message, encoded once, the same text on both sockets.
        assert isinstance(first, Encoded) and first is second
        assert text_of(first) is text_of(second)
        assert texts[0] == texts[1] == text_of(first)
        # Bea's view, and her view with the JSON view: each its own encoding.
        assert hers is not first and viewed is not hers
        assert texts[2] == text_of(hers) != texts[0]
        assert texts[3] == text_of(viewed) != texts[2]
        assert json.loads(texts[3])["state"]["view"] is not None
        assert "view" not in json.loads(texts[2])["state"]
        for seat, text in zip((0, 0, 1, 1), texts, strict=True):
            check_secrets(json.loads(text), knowledge(game.match, seat))
    finally:
        for ws in opened:
            ws.__exit__(None, None, None)
