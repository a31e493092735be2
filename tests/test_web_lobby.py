"""The lobby (issue "Play online"): a public table listed while a seat is free, with its
people's ratings and a free seat's way in; invitation-only tables and full ones not listed; a
casual table's games move no rating; bad bodies refused in words."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import select

from doublesix.web.play import lobby
from doublesix.web.routes.app import create_app
from doublesix.web.storage.ratings import RatingRow
from doublesix.words import lobbywords, watchwords
from tests.support.web import TEST_SETTINGS, SeatSocket, as_browser, new_game

ANA, BEA = "ana-browser-cookie-0123456789", "bea-browser-cookie-0123456789"


@pytest.fixture
def app(monkeypatch: pytest.MonkeyPatch) -> FastAPI:
    monkeypatch.setattr(lobby, "FRESH", 0.0)  # every read of the lobby reads the database
    return create_app("sqlite://", settings=TEST_SETTINGS)


@pytest.fixture
def client(app: FastAPI) -> Iterator[TestClient]:
    with TestClient(app) as client:
        yield client


def open_table(client: TestClient, **body: Any) -> dict[str, Any]:
    body = {"variant": "draw", "players": 2, "target": 0, "seed": 1, "opponents": ["person"],
            "name": "Ana", "public": True, **body}
    answer = as_browser(client, ANA).post("/api/games", json=body)
    assert answer.status_code == 201, answer.text
    opened: dict[str, Any] = answer.json()
    return opened


def test_a_public_table_is_listed_with_its_seats_until_they_are_taken(
        client: TestClient) -> None:
    assert client.get("/api/lobby").json() == {
        "tables": [], "empty": lobbywords.NO_TABLES, "playing": [],
        "in_play": watchwords.IN_PLAY, "none_in_play": watchwords.NONE_IN_PLAY}
    # Ana has a rating from a game against a computer.
    game_id, token = new_game(as_browser(client, ANA), variant="draw", players=2, target=0,
                              opponents=["greedy"], seed=2)
    with client.websocket_connect(f"/ws/{game_id}?token={token}") as ws:
        SeatSocket(ws).play_out(random.Random(2))
    private = open_table(client, public=False)
    opened = open_table(client, players=3, opponents=["person", "greedy"])
    [table] = client.get("/api/lobby").json()["tables"]
    assert table["game_id"] == opened["game_id"] != private["game_id"]
    assert table["title"].startswith("Ana's table: Draw") and table["rated"]
    host, free, computer = table["seats"]
    assert host["name"] == "Ana" and host["rating"] is not None
    assert host["line"] == lobbywords.seat_line("Ana", host["rating"], host=True)
    assert free["name"] is None and free["join"] == opened["invites"][0]["url"]
    assert computer["join"] is None and "computer" in computer["line"]
    assert table["opened_words"] == lobbywords.opened_ago(0)

    assert table["watch"] is None and client.get("/api/lobby").json()["playing"] == []

    taken = as_browser(client, BEA).post(f"/api{free['join']}", json={"name": "Bea"})
    assert taken.status_code == 201
    assert client.get("/api/lobby").json()["tables"] == []
    # Once started, it is a game in play, listed to watch.
    with client.websocket_connect(f"/ws/{opened['game_id']}?token={opened['token']}") as ws:
        ws.send_json({"type": "start"})
        while ws.receive_json().get("text") != "The game starts.":
            pass
    [playing] = client.get("/api/lobby").json()["playing"]
    assert playing["game_id"] == opened["game_id"]
    assert playing["watch"] == f"/watch/{opened['game_id']}"
    assert playing["watch_words"] == watchwords.watch_label(playing["title"])
    assert all(seat["join"] is None for seat in playing["seats"])


@pytest.mark.parametrize("rated", [True, False])
def test_a_casual_tables_games_move_no_rating(
        app: FastAPI, client: TestClient, rated: bool) -> None:
    opened = open_table(client, rated=rated)
    [table] = client.get("/api/lobby").json()["tables"]
    assert table["rated"] is rated
    assert table["rated_words"] == (lobbywords.RATED if rated else lobbywords.CASUAL)
    bea = as_browser(client, BEA).post(f"/api{opened['invites'][0]['url']}",
                                       json={"name": "Bea"}).json()
    game_id = opened["game_id"]
    with client.websocket_connect(f"/ws/{game_id}?token={opened['token']}") as ana_ws, \
            client.websocket_connect(f"/ws/{game_id}?token={bea['token']}") as bea_ws:
        ana, other = SeatSocket(ana_ws), SeatSocket(bea_ws)
        ana.ws.send_json({"type": "start"})
        while other.state.get("table", {}).get("stage") != "playing":
            other.receive()
        other.ws.send_json({"type": "resign"})
        while not ana.state.get("over"):
            ana.receive()
    # Asking for the statistics rates any finished game not rated yet (ratings.catch_up).
    for cookie in (ANA, BEA):
        assert as_browser(client, cookie).get("/api/stats").status_code == 200
    with app.state.store.engine.connect() as db:
        assert len(db.execute(select(RatingRow)).all()) == (2 if rated else 0)


@pytest.mark.parametrize(("body", "field"), [
    ({"opponents": ["greedy"], "public": True}, "public"),
    ({"opponents": ["person"], "public": "yes"}, None),
    ({"opponents": ["person"], "rated": 1}, None),
])
def test_a_lobby_table_that_cannot_be_is_refused_in_words(
        client: TestClient, body: dict[str, Any], field: str | None) -> None:
    answer = client.post("/api/games", json={"variant": "draw", "players": 2, "name": "Ana",
                                             **body})
    assert answer.status_code == 400, answer.text
    if field is not None:
        assert answer.json() == {"error": lobbywords.PUBLIC_NEEDS_A_PERSON, "field": field}
    assert client.get("/api/lobby").json()["tables"] == []
