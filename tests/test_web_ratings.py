"""Each person's rating in the web game (``doublesix.web.storage.ratings``): moved once after every
finished game, against the computers' ladder ratings and against people at a table, said in
the result's words and given with its history by ``GET /api/stats``."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from importlib import resources
from pathlib import Path
from typing import Any

import httpx2
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from websockets.sync.client import connect

from doublesix.ai.ladder import ladder, rating_of, step_of
from doublesix.terminal.app import opponents_help
from doublesix.web.routes.app import create_app
from doublesix.web.storage.ratings import history
from doublesix.web.storage.store import Store, digest
from doublesix.words import players
from tests.support.web import (
    TEST_SETTINGS,
    SeatSocket,
    Server,
    SyncSocket,
    as_browser,
    free_port,
    new_game,
    postgres_url,
)

ANA, BEA = (f"{name}-browser-cookie-0123456789" for name in ("ana", "bea"))


@pytest.fixture
def app() -> FastAPI:
    return create_app("sqlite://", hint_options={"playouts": 8},
                      settings=TEST_SETTINGS.replace(handover_after=0.0))


@pytest.fixture
def client(app: FastAPI) -> Iterator[TestClient]:
    with TestClient(app) as client:
        yield client


def read_until(seat: SeatSocket, wanted: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    """Read a seat's socket until a message it ``wanted`` arrives."""
    for _ in range(500):
        message = seat.receive()
        if wanted(message):
            return message
    raise AssertionError("no such message")


def one_hand(client: TestClient, opponent: str, seed: int) -> dict[str, Any]:
    """One hand of the draw game against ``opponent``, played with random legal moves: the
    final picture."""
    game_id, token = new_game(client, variant="draw", players=2, target=0,
                              opponents=[opponent], seed=seed)
    with client.websocket_connect(f"/ws/{game_id}?token={token}") as ws:
        return SeatSocket(ws).play_out(random.Random(seed))


def resign(client: TestClient, opponent: str, seed: int = 14) -> dict[str, Any]:
    """A game against ``opponent`` resigned at once: the final picture."""
    game_id, token = new_game(client, variant="draw", players=2, target=100,
                              opponents=[opponent], seed=seed)
    with client.websocket_connect(f"/ws/{game_id}?token={token}") as ws:
        seat = SeatSocket(ws)
        seat.settle()
        seat.send({"type": "resign"})
        final = seat.settle()
        while not final["over"]:
            final = seat.settle()
        return final


class TestAgainstComputers:
    def test_beating_a_stronger_computer_raises_it_and_the_result_says_so(
        self, client: TestClient
    ) -> None:
        assert rating_of("snow-white").shown > 1500
        for seed in range(1, 40):
            as_browser(client, f"winner-{seed}-cookie-0123456789abcdef")
            final = one_hand(client, "snow-white", seed)
            if final["winner"] == 0:
                break
        else:
            pytest.fail("no win in 40 hands")
        stats = client.get("/api/stats").json()
        rating = stats["rating"]
        assert rating["games"] == 1 and rating["shown"] > 1500
        assert rating["history"][0]["rules"] == "draw/2/0"
        assert rating["history"][0]["before"] == 1500
        up = rating["shown"] - 1500
        assert final["words"]["rating"][0] == f"Your rating {rating['shown']:,}, up {up}."

    def test_losing_to_a_weaker_computer_lowers_it(self, client: TestClient) -> None:
        assert rating_of("random").shown < 1500
        for seed in range(1, 40):
            as_browser(client, f"loser-{seed}-cookie-0123456789abcdef")
            final = one_hand(client, "random", seed)
            if final["winner"] == 1:
                break
        else:
            pytest.fail("no loss in 40 hands")
        rating = client.get("/api/stats").json()["rating"]
        assert rating["games"] == 1 and rating["shown"] < 1500
        assert "down" in final["words"]["rating"][0]

    def test_a_resignation_is_a_loss(self, client: TestClient) -> None:
        as_browser(client, ANA)
        final = resign(client, "greedy")
        assert final["resigned"] == 0
        rating = client.get("/api/stats").json()["rating"]
        assert rating["shown"] < 1500 and rating["history"][0]["won"] is False
        assert final["words"]["rating"] == [
            f"Your rating {rating['shown']:,}, down {1500 - rating['shown']}."]

    def test_each_game_moves_it_once_and_the_history_grows(
        self, app: FastAPI, client: TestClient
    ) -> None:
        as_browser(client, ANA)
        resign(client, "greedy", 1)
        resign(client, "pinocchio", 2)
        first = client.get("/api/stats").json()["rating"]
        again = client.get("/api/stats").json()["rating"]
        assert first == again and first["games"] == 2
        steps = first["history"]
        assert steps[1]["before"] == steps[0]["rating"] > steps[1]["rating"]
        store: Store = app.state.store
        assert [row.name for row in history(store, digest(ANA))] == ["You", "You"]

    def test_a_player_who_keeps_beating_a_level_is_told_to_try_the_next(
        self, app: FastAPI, client: TestClient
    ) -> None:
        as_browser(client, BEA)
        won = 0
        for seed in range(1, 60):
            final = one_hand(client, "greedy", seed)
            won += final["winner"] == 0
            said = final["words"]["rating"]
            if len(said) > 1:
                break
        else:
            pytest.fail("never told to try the next level")
        assert said[1].startswith("You beat Greedy in ") and said[1].endswith(": try Pinocchio.")
        assert client.get("/api/stats").json()["rating"]["suggestion"] == said[1]


class TestPeople:
    def test_two_browsers_at_one_table_each_get_their_own_update(
        self, client: TestClient
    ) -> None:
        answer = as_browser(client, ANA).post("/api/games", json={
            "variant": "draw", "players": 2, "target": 0, "seed": 3, "name": "Ana",
            "opponents": ["person"]}).json()
        url = answer["invites"][0]["url"]
        joined = as_browser(client, BEA).post(f"/api{url}", json={"name": "Bea"}).json()
        game_id = answer["game_id"]
        with client.websocket_connect(f"/ws/{game_id}?token={answer['token']}") as host, \
                client.websocket_connect(f"/ws/{game_id}?token={joined['token']}") as guest:
            ana, bea = SeatSocket(host), SeatSocket(guest)
            read_until(ana, lambda m: "state" in m)
            read_until(bea, lambda m: "state" in m)
            ana.ws.send_json({"type": "start"})
            read_until(ana, lambda m: m.get("text") == "The game starts.")
            ana.ws.send_json({"type": "resign"})
            final = read_until(ana, lambda m: "state" in m and m["state"]["over"])["state"]
            heard = read_until(bea, lambda m: "state" in m and m["state"]["over"])["state"]
        assert heard["words"]["rating"][0].startswith("Your rating ")
        assert "up" in heard["words"]["rating"][0]
        assert final["words"]["rating"][0].startswith("Your rating ")
        assert "down" in final["words"]["rating"][0]
        ana_rating = as_browser(client, ANA).get("/api/stats").json()["rating"]
        bea_rating = as_browser(client, BEA).get("/api/stats").json()["rating"]
        assert ana_rating["games"] == bea_rating["games"] == 1
        assert ana_rating["shown"] < 1500 < bea_rating["shown"]


    def test_a_teams_result_moves_both_partners(self, client: TestClient) -> None:
        answer = as_browser(client, ANA).post("/api/games", json={
            "variant": "partnership", "players": 4, "seed": 5, "name": "Ana",
            "opponents": ["greedy", "person", "greedy"]}).json()
        assert [i["seat"] for i in answer["invites"]] == [2]
        joined = as_browser(client, BEA).post(f"/api{answer['invites'][0]['url']}",
                                              json={"name": "Bea"}).json()
        game_id = answer["game_id"]
        with client.websocket_connect(f"/ws/{game_id}?token={answer['token']}") as host, \
                client.websocket_connect(f"/ws/{game_id}?token={joined['token']}") as guest:
            ana, bea = SeatSocket(host), SeatSocket(guest)
            read_until(ana, lambda m: "state" in m)
            read_until(bea, lambda m: "state" in m)
            ana.ws.send_json({"type": "start"})
            read_until(ana, lambda m: m.get("text") == "The game starts.")
            ana.ws.send_json({"type": "resign"})
            read_until(ana, lambda m: "state" in m and m["state"]["over"])
            heard = read_until(bea, lambda m: "state" in m and m["state"]["over"])["state"]
        assert "down" in heard["words"]["rating"][0]
        ana_rating = as_browser(client, ANA).get("/api/stats").json()["rating"]
        bea_rating = as_browser(client, BEA).get("/api/stats").json()["rating"]
        assert ana_rating["shown"] == bea_rating["shown"] < 1500
        assert ana_rating["history"][0]["rules"] == "partnership/4/100"


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh, empty database of each kind."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'games.sqlite3'}"
    return postgres_url()


class TestRestarts:
    def test_ratings_survive_a_restart(self, database_url: str) -> None:
        url = database_url
        with TestClient(create_app(url, settings=TEST_SETTINGS)) as client:
            as_browser(client, ANA)
            resign(client, "expert")
            before = client.get("/api/stats").json()["rating"]
        with TestClient(create_app(url, settings=TEST_SETTINGS)) as client:
            as_browser(client, ANA)
            assert client.get("/api/stats").json()["rating"] == before
            resign(client, "greedy", 5)
            after = client.get("/api/stats").json()["rating"]
        assert after["games"] == 2 and after["history"][0] == before["history"][0]

    def test_a_game_whose_rating_was_lost_is_rated_at_the_next_look(
        self, database_url: str
    ) -> None:
        url = database_url
        with TestClient(create_app(url, settings=TEST_SETTINGS)) as client:
            as_browser(client, ANA)
            resign(client, "greedy")
        store = Store(url)
        with store.engine.begin() as connection:
            connection.exec_driver_sql("DELETE FROM doublesix_ratings")
        store.dispose()
        with TestClient(create_app(url, settings=TEST_SETTINGS)) as client:
            as_browser(client, ANA)
            rating = client.get("/api/stats").json()["rating"]
        assert rating["games"] == 1 and rating["shown"] < 1500


class TestLevels:
    def test_the_docs_ladder_is_the_shipped_table(self) -> None:
        text = (Path(__file__).parent.parent / "docs" / "players.md").read_text(encoding="utf-8")
        data = json.loads(resources.files("doublesix.ai").joinpath("ladder.json").read_text())
        assert f"Seed {data['seed']}, {data['deals']} deals" in text
        for step in ladder():
            assert (f"| {step.level} | {players.level_name(step.level)} | "
                    f"{players.label(step.spec)} (`{step.spec}`) | "
                    f"{step.rating.shown:,} ± {step.rating.interval} |") in text

    def test_the_form_and_the_terminal_name_each_level(self, client: TestClient) -> None:
        offered = {o["name"]: o for o in client.get("/api/options").json()["opponents"]}
        for name, opponent in offered.items():
            step = step_of(name)
            assert step is not None and opponent["ladder"]["rating"] == step.rating.shown
            assert opponent["choice"].endswith(
                f"(level {step.level}, {players.level_name(step.level)})")
        assert "buratino (level 4, Club, rated 1,528)" in opponents_help()


class TestResultAgain:
    def test_a_finished_game_opened_again_still_says_how_the_rating_moved(
        self, tmp_path: Path
    ) -> None:
        url = f"sqlite:///{tmp_path / 'games.sqlite3'}"
        with TestClient(create_app(url, settings=TEST_SETTINGS)) as client:
            as_browser(client, ANA)
            game_id, token = new_game(client, variant="draw", players=2, target=100,
                                      opponents=["greedy"], seed=4)
            with client.websocket_connect(f"/ws/{game_id}?token={token}") as ws:
                seat = SeatSocket(ws)
                seat.settle()
                seat.send({"type": "resign"})
                said = read_until(seat, lambda m: "state" in m and m["state"]["over"])
        with TestClient(create_app(url, settings=TEST_SETTINGS)) as client:
            as_browser(client, ANA)
            with client.websocket_connect(f"/ws/{game_id}?token={token}") as ws:
                again = read_until(SeatSocket(ws), lambda m: "state" in m)
        assert again["state"]["words"]["rating"] == said["state"]["words"]["rating"]
        assert again["state"]["words"]["rating"][0].startswith("Your rating 1,4")


class TestPruning:
    def test_ratings_outlive_their_games_and_none_is_lost_with_them(
        self, tmp_path: Path
    ) -> None:
        url = f"sqlite:///{tmp_path / 'games.sqlite3'}"
        app = create_app(url, settings=TEST_SETTINGS.replace(search_processes=0,
                                                             prune_interval=0))
        store: Store = app.state.store
        with TestClient(app) as client:
            as_browser(client, ANA)
            resign(client, "greedy", 1)
            resign(client, "pinocchio", 2)
            with store.engine.begin() as connection:  # the second's update was lost
                connection.exec_driver_sql("DELETE FROM doublesix_ratings WHERE number = 2")
                connection.exec_driver_sql("UPDATE doublesix_games SET updated = '2020-01-01'")
            assert client.portal is not None
            assert client.portal.call(app.state.retention.prune) == 2
            stats = client.get("/api/stats").json()
        rating = stats["rating"]
        assert stats["games"] == 2  # kept results
        assert rating["games"] == 2 and rating["shown"] < rating["history"][0]["rating"]


def test_ratings_survive_a_killed_server(tmp_path: Path, servers: list[Server]) -> None:
    db = tmp_path / "games.sqlite3"
    port = free_port()
    first = Server(port, db)
    servers.append(first)
    with httpx2.Client(base_url=first.url) as browser:
        game = browser.post("/api/games", json={
            "variant": "draw", "players": 2, "target": 100, "opponents": ["greedy"], "seed": 5,
        }).json()
        url = f"ws://127.0.0.1:{port}/ws/{game['game_id']}?token={game['token']}"
        with connect(url) as ws:
            seat = SeatSocket(SyncSocket(ws))
            seat.settle()
            seat.send({"type": "resign"})
            final = read_until(seat, lambda m: "state" in m and m["state"]["over"])["state"]
        rating = browser.get("/api/stats").json()["rating"]
        first.kill()
        second = Server(port, db)
        servers.append(second)
        assert browser.get("/api/stats").json()["rating"] == rating
    assert rating["games"] == 1 and rating["shown"] < 1500
    assert final["words"]["rating"][0].startswith(f"Your rating {rating['shown']:,}, down ")
