"""Taking back a move against the computers (issue 44, ``{"type": "undo"}``): the person's
last choice and the computers' answers are taken back, saved, and everyone is sent the picture
as it was; the game is then casual (no rating moves, the result says so); never in the daily
game, at a table of people, once the hand has ended, or with no choice to take back."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from doublesix.protocol.pictures import Picture
from doublesix.protocol.wire import COOKIE
from doublesix.web.routes.app import create_app
from doublesix.words import pagewords
from tests.support.web import TEST_SETTINGS, SeatSocket, new_game

ANA = "ana-undo-browser-cookie-0123456789"


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(create_app("sqlite://", settings=TEST_SETTINGS)) as client:
        client.cookies.set(COOKIE, ANA)
        yield client


def until(seat: SeatSocket, test: Any) -> dict[str, Any]:
    """Read a socket until a message passes ``test``."""
    for _ in range(500):
        message = seat.receive()
        if test(message):
            return message
    raise AssertionError("no such message")


def first_choice(seat: SeatSocket) -> dict[str, Any]:
    """Play the first legal move at every turn with one choice, until a turn with several
    (or the game's end): that picture."""
    while True:
        state = seat.settle()
        if state["over"] or state["result"] is not None or len(state["legal"]) > 1:
            return state
        seat.send({"type": "play", "move": state["legal"][0]["move"]})


def test_a_move_and_the_computers_answers_are_taken_back(client: TestClient) -> None:
    game_id, token = new_game(client, variant="block", players=3, target=0, seed=11,
                              opponents=["greedy", "random"])
    with client.websocket_connect(f"/ws/{game_id}?token={token}") as ws:
        ana = SeatSocket(ws)
        before = first_choice(ana)
        assert before["can_undo"] is False and before["result"] is None
        ana.send({"type": "play", "move": before["legal"][-1]["move"]})
        after = ana.settle()
        assert after["revision"] > before["revision"] and after["can_undo"] is True
        ana.send({"type": "undo"})
        notice = until(ana, lambda m: m["type"] == "notice")
        assert notice == {"type": "notice", "notice": "taken-back",
                          "message": pagewords.TOOK_BACK}
        back = ana.state
        Picture.model_validate(back)
        assert back["revision"] > after["revision"]
        assert (back["hand"], back["played"], back["turn"], back["legal"]) == (
            before["hand"], before["played"], before["turn"], before["legal"])
        assert back["words"]["taken_back"] == pagewords.TAKEN_BACK
    # Saved: the game opens again as it was taken back.
    with client.websocket_connect(f"/ws/{game_id}?token={token}") as ws:
        again = SeatSocket(ws).settle()
        assert again["played"] == before["played"] and again["hand"] == before["hand"]


def test_a_game_with_moves_taken_back_moves_no_rating(client: TestClient) -> None:
    game_id, token = new_game(client, variant="block", players=2, target=0, seed=0,
                              opponents=["greedy"])
    with client.websocket_connect(f"/ws/{game_id}?token={token}") as ws:
        ana = SeatSocket(ws)
        state = first_choice(ana)
        ana.send({"type": "play", "move": state["legal"][0]["move"]})
        ana.settle()
        ana.send({"type": "undo"})
        until(ana, lambda m: m["type"] == "notice")
        final = ana.play_out(random.Random(3))
        assert final["over"] and final["words"]["rating"] is None
        assert final["words"]["taken_back"] == pagewords.TAKEN_BACK
    assert client.get("/api/stats").json()["rating"]["games"] == 0


@pytest.mark.parametrize("kind", ["daily", "table", "no-choice"])
def test_no_taking_back_where_it_is_not_allowed(client: TestClient, kind: str) -> None:
    if kind == "daily":
        daily = client.post("/api/daily", json={}).json()
        game_id, token = daily["game_id"], daily["token"]
    elif kind == "table":
        made = client.post("/api/games", json={
            "variant": "draw", "players": 2, "target": 0, "opponents": ["person"],
            "name": "Ana"}).json()
        game_id, token = made["game_id"], made["token"]
        client.cookies.set(COOKIE, "bea-undo-browser-cookie-0123456789")
        assert client.post(f"/api{made['invites'][0]['url']}",
                           json={"name": "Bea"}).status_code == 201
        client.cookies.set(COOKIE, ANA)
        with client.websocket_connect(f"/ws/{game_id}?token={token}") as host:
            host.send_json({"type": "start"})
            while host.receive_json().get("text") != "The game starts.":
                pass
    else:
        game_id, token = new_game(client, variant="block", players=2, target=0, seed=0,
                                  opponents=["greedy"])
    with client.websocket_connect(f"/ws/{game_id}?token={token}") as ws:
        ana = SeatSocket(ws)
        state = until(ana, lambda m: m["type"] == "state")["state"]
        if kind == "daily":
            ana.settle()
            ana.send({"type": "play", "move": ana.state["legal"][0]["move"]})
            ana.settle()
        assert ana.state["can_undo"] is False
        ws.send_json({"type": "undo"})
        error = until(ana, lambda m: m["type"] == "error")
        assert error["message"] == pagewords.NO_TAKE_BACK
        assert ana.state["revision"] >= state["revision"]
