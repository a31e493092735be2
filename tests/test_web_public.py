"""What a server open to the public needs (issue 30): every path checked before use (no 500
for what a client sends), games and seats bounded per browser and per address (429 with
``Retry-After``, in words), old games removed with their statistics kept (``doublesix prune``),
``X-Forwarded-*`` believed only from the proxies named, ``Secure`` and HSTS over HTTPS, and
per-address bounds a crowded address (a NAT) does not meet before a person would.
"""

from __future__ import annotations

import datetime
import random
import re
import socket
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx2
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import update
from starlette.websockets import WebSocketDisconnect
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from doublesix.cli import main
from doublesix.protocol.wire import CLOSE_NOT_FOUND, CLOSE_TOO_MANY, COOKIE
from doublesix.web.routes.app import create_app
from doublesix.web.storage.store import GameRow, Store
from tests.support.web import (
    TEST_SETTINGS,
    SeatSocket,
    Server,
    as_browser,
    free_port,
    new_game,
    postgres_url,
)

QUICK = {"variant": "block", "players": 2, "target": 0, "opponents": ["greedy"]}
TABLE = {"variant": "draw", "players": 3, "target": 0, "opponents": ["person", "person"]}
LONG_AGO = datetime.datetime(2020, 1, 1)


def app_on(url: str, **changes: Any) -> FastAPI:
    return create_app(url, hint_options={"playouts": 8},
                      settings=TEST_SETTINGS.replace(search_processes=0, **changes))


def fresh(client: TestClient) -> TestClient:
    """The client as a new browser (no cookie yet)."""
    client.cookies.clear()
    return client


def cookie(number: int) -> str:
    return f"browser-{number:04d}-" + "x" * 16


# -- every path checked before use -------------------------------------------------------------

#: Codes and ids no server made: not ASCII, over long, a NUL, a lone surrogate, not UTF-8.
BAD = ["%C3%A9", "caf%C3%A9", "%F0%9F%82%A1", "a" * 300, "%00", "x%00y", "%ED%A0%80", "%FF",
       "%20", "-" * 65]


@pytest.fixture(params=["sqlite", "postgresql"])
def fuzzed(request: pytest.FixtureRequest) -> Iterator[tuple[TestClient, str, str]]:
    url = "sqlite://" if request.param == "sqlite" else postgres_url()
    with TestClient(app_on(url), raise_server_exceptions=False) as client:
        created = client.post("/api/games", json=TABLE).json()
        yield client, created["game_id"], created["invites"][0]["code"]


def json_error(response: httpx2.Response) -> str:
    assert response.status_code < 500, (response.request.url, response.text)
    assert response.headers["content-type"] == "application/json", response.text
    error: str = response.json()["error"]
    return error


class TestPaths:
    def test_no_code_or_id_reaches_a_500(self, fuzzed: tuple[TestClient, str, str]) -> None:
        client, game_id, code = fuzzed
        for bad in BAD:
            for path in (f"/api/join/{game_id}/{bad}", f"/api/join/{bad}/{code}",
                         f"/api/join/{bad}/{bad}"):
                got = client.get(path)
                assert got.status_code == 404 and "no such invitation" in json_error(got)
                took = client.post(path, json={"name": "Bea"})
                assert took.status_code == 404 and "no such invitation" in json_error(took)
            record = client.get(f"/api/games/{bad}/record?token=x")
            assert record.status_code == 404 and json_error(record) == "there is no such game"
            assert client.get(f"/api/games/{game_id}/record?token={bad}").status_code == 403
            with client.websocket_connect(f"/ws/{bad}?token=x") as ws:
                assert ws.receive_json() == {"type": "error", "message": "there is no such game"}
                with pytest.raises(WebSocketDisconnect) as closed:
                    ws.receive_json()
                assert closed.value.code == CLOSE_NOT_FOUND
            with client.websocket_connect(f"/ws/{game_id}?token={bad}") as ws:
                assert "does not hold a seat" in ws.receive_json()["message"]
            for page in (f"/game/{bad}", f"/join/{bad}/{bad}", f"/join/{game_id}/{bad}"):
                assert client.get(page).status_code == 200  # the page, which then asks
        for path in (f"/api/join/{game_id}/", "/api/join//", "/api/games//record"):
            json_error(client.get(path))
            json_error(client.post(path, json={"name": "Bea"}))
        # And the invitation still works.
        taken = client.post(f"/api/join/{game_id}/{code}", json={"name": "Bea"})
        assert taken.status_code == 201, taken.text


# -- how often a browser and an address create games and take seats ----------------------------


class TestBounds:
    def test_a_flood_from_one_address_is_refused_with_words(self) -> None:
        """Issue 30: 300 new games in 3 s from one address were all created.  By default a
        tenth of the hour's 600 may come at once."""
        with TestClient(app_on("sqlite://")) as client:
            started = time.monotonic()
            answers = [fresh(client).post("/api/games", json=QUICK) for _ in range(300)]
            took = time.monotonic() - started
        statuses = [a.status_code for a in answers]
        assert statuses[:60] == [201] * 60  # then one more every 6 s the flood lasts
        assert statuses.count(201) <= 60 + took / 6 + 1
        assert statuses.count(429) + statuses.count(201) == 300
        refused = answers[statuses.index(429)]
        assert 1 <= int(refused.headers["retry-after"]) <= 6
        assert refused.json() == {"error": "Many games were started from your network in a "
                                  "short time: try again in a few seconds."}

    def test_one_browser_meets_its_bound_another_on_its_address_does_not(self) -> None:
        with TestClient(app_on("sqlite://", games_per_hour_per_browser=20)) as client:
            assert [client.post("/api/games", json=QUICK).status_code
                    for _ in range(3)] == [201, 201, 429]
            refused = client.post("/api/daily", json={})
            assert refused.status_code == 429
            wait = int(refused.headers["retry-after"])
            assert 170 <= wait <= 180
            assert refused.json()["error"] == ("You have started many games in a short time: "
                                               "try again in 3 minutes.")
            assert fresh(client).post("/api/games", json=QUICK).status_code == 201
            assert client.post("/api/daily", json={}).status_code == 200

    def test_taking_seats_is_bounded(self) -> None:
        with TestClient(app_on("sqlite://", joins_per_hour_per_browser=10,
                               joins_per_hour_per_address=20)) as client:
            created = client.post("/api/games", json=TABLE).json()
            first, second = (i["url"].replace("/join/", "/api/join/")
                             for i in created["invites"])
            assert fresh(client).post(first, json={"name": "Bea"}).status_code == 201
            again = client.post(first, json={"name": "Bea"})
            assert again.status_code == 429 and "taken many seats" in again.json()["error"]
            assert 350 <= int(again.headers["retry-after"]) <= 360  # a slow second may pass
            assert fresh(client).post(second, json={"name": "Cy"}).status_code == 201
            third = fresh(client).post(first, json={"name": "Di"})
            assert third.status_code == 429
            assert third.json()["error"].startswith("Many seats were taken from your network")
            # Looking at an invitation is not taking a seat.
            assert client.get(first).status_code == 200


# -- old games removed, their statistics kept --------------------------------------------------


def finish(client: TestClient, game_id: str, token: str, seed: int) -> None:
    with client.websocket_connect(f"/ws/{game_id}?token={token}") as ws:
        SeatSocket(ws).play_out(random.Random(seed))


def age(store: Store, game_id: str, when: datetime.datetime) -> None:
    with store.engine.begin() as connection:
        connection.execute(update(GameRow).where(GameRow.id == game_id).values(updated=when))


def stored_ids(store: Store) -> set[str]:
    with store.engine.connect() as connection:
        return {row[0] for row in connection.execute(GameRow.__table__.select())}


class TestRetention:
    @pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
    def test_old_games_go_and_the_statistics_stay(self, backend: str, tmp_path: Path) -> None:
        url = f"sqlite:///{tmp_path / 'g.sqlite3'}" if backend == "sqlite" else postgres_url()
        app = app_on(url, prune_interval=0)
        store: Store = app.state.store
        with TestClient(app) as client:
            finished = []
            for seed in (1, 2, 3):
                game_id, token = new_game(client, **QUICK, seed=seed)
                finish(client, game_id, token, seed)
                finished.append(game_id)
            daily = client.post("/api/daily", json={}).json()
            finish(client, daily["game_id"], daily["token"], 4)
            table = client.post("/api/games", json=TABLE).json()  # unfinished, a month old
            host = client.cookies[COOKIE]
            guest = fresh(client).post(table["invites"][0]["url"].replace("/join/", "/api/join/"),
                                       json={"name": "Bea"})
            assert guest.status_code == 201
            guest_stats = client.get("/api/stats").json()
            as_browser(client, host)
            recent, _ = new_game(client, **QUICK, seed=5)  # unfinished, recent: kept
            before = client.get("/api/stats").json()
            assert before["games"] == 4 and before["daily"]["played"] == 1
            for game_id in (*finished, daily["game_id"]):
                age(store, game_id, LONG_AGO)
            age(store, table["game_id"], datetime.datetime.now() - datetime.timedelta(days=31))
            retention = app.state.retention
            assert client.portal is not None
            removed = client.portal.call(retention.prune)
            assert removed == 5
            assert stored_ids(store) == {recent}
            assert client.get("/api/stats").json() == before
            assert client.get(f"/api/games/{finished[0]}/record?token=x").status_code == 404
            as_browser(client, guest.cookies[COOKIE])
            assert client.get("/api/stats").json() == guest_stats
            assert client.portal.call(retention.prune) == 0

    def test_the_server_prunes_by_itself_but_not_a_game_in_play(self, tmp_path: Path) -> None:
        app = app_on(f"sqlite:///{tmp_path / 'g.sqlite3'}", prune_interval=0.2, prune_batch=2)
        store: Store = app.state.store
        with TestClient(app) as client:
            ids = [new_game(client, **QUICK, seed=s) for s in range(5)]
            held_id, token = ids[0]
            with client.websocket_connect(f"/ws/{held_id}?token={token}") as ws:
                SeatSocket(ws).settle()
                for game_id, _ in ids:
                    age(store, game_id, LONG_AGO)
                deadline = time.monotonic() + 30
                while stored_ids(store) != {held_id}:
                    assert time.monotonic() < deadline, stored_ids(store)
                    time.sleep(0.1)
                assert app.state.retention.removed == 4

    def test_doublesix_prune(self, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
        db = tmp_path / "games.sqlite3"
        app = app_on(f"sqlite:///{db}", prune_interval=0)
        with TestClient(app) as client:
            old, _ = new_game(client, **QUICK, seed=1)
            new, _ = new_game(client, **QUICK, seed=2)
            age(app.state.store, old, LONG_AGO)
        assert main(["prune", "--db", str(db), "--dry-run"]) == 0
        out = capsys.readouterr().out
        assert re.search(rf"^{old}  unfinished  last saved 2020-01-01 00:00$", out, re.M), out
        assert new not in out
        assert re.search(r"would remove 1 unfinished and 0 finished games \(statistics kept\); "
                         r"the database holds [\d.]+ kB, 2 games", out), out
        assert main(["prune", "--db", str(db), "--unfinished-days", "0"]) == 0
        assert "removed 0 games" in capsys.readouterr().out
        assert main(["prune", "--db", str(db)]) == 0
        assert re.search(r"removed 1 games .*held [\d.]+ kB, 2 games, now [\d.]+ kB, 1 games",
                         capsys.readouterr().out)
        store = Store(f"sqlite:///{db}")
        assert stored_ids(store) == {new}
        store.dispose()


# -- proxies, HTTPS ----------------------------------------------------------------------------


class TestProxies:
    def test_https_gets_a_secure_cookie_and_hsts(self) -> None:
        with TestClient(app_on("sqlite://"), base_url="https://testserver") as client:
            answer = client.get("/api/options")
            assert "; secure" in answer.headers["set-cookie"].lower()
            assert answer.headers["strict-transport-security"] == "max-age=31536000"
        with TestClient(app_on("sqlite://")) as client:
            answer = client.get("/api/options")
            assert "secure" not in answer.headers["set-cookie"].lower()
            assert "strict-transport-security" not in answer.headers

    def test_forwarded_headers_are_believed_from_named_proxies_only(self) -> None:
        https = {"x-forwarded-proto": "https"}
        for trusted in ((), ("10.9.9.9",)):
            with TestClient(app_on("sqlite://", forwarded_allow_ips=trusted,
                                   games_per_hour_per_address=10)) as client:
                answer = client.get("/api/options", headers=https)
                assert "secure" not in answer.headers["set-cookie"].lower()
                assert "strict-transport-security" not in answer.headers
                codes = [fresh(client).post("/api/games", json=QUICK, headers={
                    "x-forwarded-for": f"192.0.2.{n}"}).status_code for n in range(2)]
                assert codes == [201, 429]  # one address however many it names
        with TestClient(app_on("sqlite://", forwarded_allow_ips=("testclient",),
                               games_per_hour_per_address=10)) as client:
            answer = client.get("/api/options", headers=https)
            assert "; secure" in answer.headers["set-cookie"].lower()
            assert answer.headers["strict-transport-security"] == "max-age=31536000"
            codes = [fresh(client).post("/api/games", json=QUICK, headers={
                "x-forwarded-for": f"192.0.2.{n % 2}"}).status_code for n in range(3)]
            assert codes == [201, 201, 429]  # each client its own bound, the proxy none


# -- a crowded address ------------------------------------------------------------------------


class TestCrowdedAddress:
    def test_many_browsers_on_one_address_keep_nobody_out(self) -> None:
        """Issue 30: 64 sockets from one address kept the 65th person out."""
        with TestClient(app_on("sqlite://", sockets_per_seat=1000)) as client:
            game_id, token = new_game(client, **TABLE)  # a waiting room: nobody moves
            fresh(client)
            url = f"/ws/{game_id}?token={token}"
            held = []
            try:
                for n in range(100):
                    ws = client.websocket_connect(url, headers={"cookie": f"{COOKIE}={cookie(n)}"})
                    held.append(ws.__enter__())
                    assert held[-1].receive_json()["type"] == "state"
            finally:
                for ws in reversed(held):
                    ws.__exit__(None, None, None)

    def test_one_browser_holds_at_most_its_sockets(self) -> None:
        with TestClient(app_on("sqlite://", sockets_per_seat=1000,
                               sockets_per_browser=3)) as client:
            game_id, token = new_game(client, **TABLE)
            fresh(client)
            url = f"/ws/{game_id}?token={token}"
            mine = {"cookie": f"{COOKIE}={cookie(1)}"}
            with (client.websocket_connect(url, headers=mine) as a,
                  client.websocket_connect(url, headers=mine) as b,
                  client.websocket_connect(url, headers=mine) as c):
                for ws in (a, b, c):
                    ws.receive_json()
                with client.websocket_connect(url, headers=mine) as d:
                    assert d.receive_json() == {
                        "type": "error", "message": "too many connections from this browser"}
                    with pytest.raises(WebSocketDisconnect) as closed:
                        d.receive_json()
                    assert closed.value.code == CLOSE_TOO_MANY
                other = {"cookie": f"{COOKIE}={cookie(2)}"}
                with client.websocket_connect(url, headers=other) as e:
                    assert e.receive_json()["type"] == "state"


# -- against doublesix serve --------------------------------------------------------------------


@pytest.fixture(scope="module")
def public(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """``doublesix serve`` with its defaults, but two sockets an address."""
    db = tmp_path_factory.mktemp("public") / "games.sqlite3"
    server = Server(free_port(), db, env={"DOUBLESIX_SOCKETS_PER_ADDRESS": "2",
                                          "DOUBLESIX_SEARCH_PROCESSES": "0"})
    yield server
    server.stop()


def test_serve_believes_no_forwarded_header_by_default(public: Server) -> None:
    """Issue 30: uvicorn trusted X-Forwarded-For from 127.0.0.1, so sockets naming other
    addresses passed the per-address bound."""
    game = httpx2.post(public.url + "/api/games", json=QUICK, timeout=30).json()
    url = f"ws://127.0.0.1:{public.port}/ws/{game['game_id']}?token={game['token']}"
    names = [{"X-Forwarded-For": f"192.0.2.{n}", "X-Forwarded-Proto": "https"}
             for n in range(3)]
    with connect(url, additional_headers=names[0]) as a, connect(
            url, additional_headers=names[1]) as b:
        a.recv(timeout=30)
        b.recv(timeout=30)
        with connect(url, additional_headers=names[2]) as c:
            assert "too many connections from this address" in str(c.recv(timeout=30))
            with pytest.raises(ConnectionClosed):
                while True:
                    c.recv(timeout=30)
    answer = httpx2.get(public.url + "/api/options", headers=names[0])
    assert "secure" not in answer.headers["set-cookie"].lower()
    assert "strict-transport-security" not in answer.headers
    assert re.search(r"games are saved in .* \([\d.]+ kB, \d+ games\); press Ctrl\+C",
                     "".join(public.output)), public.output


def test_serve_lets_a_crowded_address_in(public: Server) -> None:
    """Issue 30: 128 idle connections from one address kept a person there out."""
    idle = [socket.create_connection(("127.0.0.1", public.port), timeout=10)
            for _ in range(200)]
    try:
        assert httpx2.get(public.url + "/api/options", timeout=10).status_code == 200
    finally:
        for conn in idle:
            conn.close()


def test_serve_believes_the_proxies_it_is_told(tmp_path: Path) -> None:
    server = Server(free_port(), tmp_path / "games.sqlite3", "--forwarded-allow-ips",
                    "127.0.0.1", env={"DOUBLESIX_SOCKETS_PER_ADDRESS": "1",
                                      "DOUBLESIX_SEARCH_PROCESSES": "0"})
    try:
        game = httpx2.post(server.url + "/api/games", json=QUICK, timeout=30).json()
        url = f"ws://127.0.0.1:{server.port}/ws/{game['game_id']}?token={game['token']}"
        with connect(url, additional_headers={"X-Forwarded-For": "192.0.2.1"}) as a, connect(
                url, additional_headers={"X-Forwarded-For": "192.0.2.2"}) as b:
            assert '"state"' in str(a.recv(timeout=30)) and '"state"' in str(b.recv(timeout=30))
        answer = httpx2.get(server.url + "/api/options", headers={"X-Forwarded-Proto": "https"})
        assert "; secure" in answer.headers["set-cookie"].lower()
        assert answer.headers["strict-transport-security"] == "max-age=31536000"
    finally:
        server.stop()
