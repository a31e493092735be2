"""``doublesix serve`` as a real process: it prints its address, serves the game, and a server
killed mid-game (SIGKILL) and started again on the same database resumes the game."""

from __future__ import annotations

import random
import threading
from pathlib import Path
from typing import Any

import httpx2
import pytest
from fastapi.testclient import TestClient
from websockets.sync.client import connect

from doublesix.cli import main
from doublesix.terminal.saves import save_dir
from doublesix.web.routes.app import create_app
from doublesix.web.routes.server import address, default_hosts
from tests.support.web import (
    TEST_SETTINGS,
    SeatSocket,
    Server,
    SyncSocket,
    free_port,
    postgres_url,
)


def test_serve_help_lists_its_options(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["serve", "--help"])
    assert done.value.code == 0
    shown = capsys.readouterr().out
    assert "--host" in shown and "--port" in shown and "--db" in shown


def test_address() -> None:
    assert address("127.0.0.1", 8000) == "http://127.0.0.1:8000/"


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_a_killed_server_resumes_the_game(
    tmp_path: Path, servers: list[Server], kind: str
) -> None:
    db: Path | str = tmp_path / "games.sqlite3"
    if kind == "postgresql":
        db = postgres_url()
    port = free_port()
    first = Server(port, db)
    servers.append(first)
    assert first.first_line.strip() == f"doublesix: open http://127.0.0.1:{port}/ in your browser"
    created = httpx2.post(first.url + "/api/games", json={
        "variant": "all-fives", "players": 2, "target": 50, "opponents": ["greedy"], "seed": 5,
    })
    assert created.status_code == 201
    game = created.json()
    ws_url = f"ws://127.0.0.1:{port}/ws/{game['game_id']}?token={game['token']}"
    rng = random.Random(5)
    with connect(ws_url) as ws:
        seat = SeatSocket(SyncSocket(ws))
        for _ in range(3):
            state = seat.settle()
            if state["over"]:
                break
            if state["result"] is not None:
                seat.send({"type": "next"})
            else:
                seat.send({"type": "play", "move": rng.choice(state["legal"])["move"]})
        before = seat.settle()
        first.kill()
    second = Server(port, db)
    servers.append(second)
    with connect(ws_url) as ws:
        seat = SeatSocket(SyncSocket(ws))
        assert seat.receive()["state"] == before
        seat.acted_at = before["revision"] - 1
        final = seat.play_out(rng)
    assert final["over"]
    record = httpx2.get(f"{second.url}/api/games/{game['game_id']}/record",
                        params={"token": game["token"]})
    assert record.status_code == 200


def test_a_first_serve_keeps_its_games_under_doublesix_home(
    tmp_path: Path, servers: list[Server]
) -> None:
    """Issue 40, item 9: with no ``--db``, ``doublesix serve`` writes its database in
    ``$DOUBLESIX_HOME`` (where the terminal keeps its saves), not in the data directory."""
    home, data = tmp_path / "home", tmp_path / "xdg-data"
    env = {"DOUBLESIX_HOME": str(home), "XDG_DATA_HOME": str(data), "DOUBLESIX_DATABASE_URL": ""}
    server = Server(free_port(), None, env=env)
    servers.append(server)
    created = httpx2.post(server.url + "/api/games", json={
        "variant": "draw", "players": 2, "target": 0, "opponents": ["greedy"], "seed": 5,
    })
    assert created.status_code == 201
    server.stop()
    assert (home / "doublesix.sqlite3").is_file()
    assert not data.exists() or not any(data.rglob("*.sqlite3")), list(data.rglob("*"))
    assert save_dir(None, env) == home


def test_an_unreachable_database_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--db", "nosuchdialect://somewhere/db"]) == 1
    assert "cannot open the database" in capsys.readouterr().err


def test_a_table_of_people_survives_a_killed_server(tmp_path: Path, servers: list[Server]) -> None:
    """Ana and Bea at a table; the server is killed mid-hand (SIGKILL) and started again: both
    come back to the same picture and play the game to its end."""
    db = tmp_path / "games.sqlite3"
    port = free_port()
    first = Server(port, db)
    servers.append(first)
    with httpx2.Client(base_url=first.url) as ana, httpx2.Client(base_url=first.url) as bea:
        table = ana.post("/api/games", json={"variant": "draw", "target": 0, "seed": 7,
                                             "opponents": ["person", "greedy"], "players": 3,
                                             "name": "Ana"}).json()
        joined = bea.post(f"/api{table['invites'][0]['url']}", json={"name": "Bea"})
        assert joined.status_code == 201
    tokens = {0: table["token"], 1: joined.json()["token"]}
    urls = {seat: f"ws://127.0.0.1:{port}/ws/{table['game_id']}?token={token}"
            for seat, token in tokens.items()}
    rng = random.Random(7)
    with connect(urls[0]) as ws_ana, connect(urls[1]) as ws_bea:
        seats = {0: SeatSocket(SyncSocket(ws_ana)), 1: SeatSocket(SyncSocket(ws_bea))}
        def newer(seat: SeatSocket, revision: int) -> dict[str, Any]:
            while not seat.state or seat.state["revision"] <= revision:
                seat.receive()
            return seat.state

        for seat in seats.values():
            seat.receive()
        seats[0].send({"type": "start"})
        for seat in seats.values():
            while seat.state["table"]["stage"] != "playing":
                seat.receive()
        moves = 0
        while moves < 4:  # the hand's first moves, whoever is to move
            revision = max(s.state["revision"] for s in seats.values())
            for seat in seats.values():
                newer(seat, revision - 1)
            state = seats[0].state
            if state["over"]:
                break
            turn = state["turn"]
            legal = seats[turn].state["legal"] if turn in seats else []
            if legal and [m["move"] for m in legal] != ["pass"]:
                seats[turn].send({"type": "play", "move": rng.choice(legal)["move"]})
                moves += 1
            newer(seats[0], revision)  # the move, the computer's or a forced pass
        for seat in seats.values():
            newer(seat, max(s.state["revision"] for s in seats.values()) - 1)
        before = {n: s.state for n, s in seats.items()}
        first.kill()
    second = Server(port, db)
    servers.append(second)
    finals: dict[int, dict[str, Any]] = {}
    errors: list[BaseException] = []

    def play(n: int) -> None:
        try:
            with connect(urls[n]) as ws:
                seat = SeatSocket(SyncSocket(ws))
                state = seat.receive()["state"]
                assert state["hand"] == before[n]["hand"] and state["table"]["stage"] == "playing"
                seat.acted_at = state["revision"] - 1
                finals[n] = seat.play_out(random.Random(n))
        except BaseException as error:
            errors.append(error)

    threads = [threading.Thread(target=play, args=(n,)) for n in seats]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    assert not errors, errors
    assert finals[0]["over"] and finals[1]["over"]
    assert finals[0]["scores"] == finals[1]["scores"]


def test_a_server_on_every_address_answers_a_page_opened_at_its_numbers() -> None:
    """The README's "Play with friends": ``--host 0.0.0.0`` and a friend opening
    http://192.168.1.20:8000/ (an address as numbers) is answered; a strange name is not."""
    settings = TEST_SETTINGS.replace(allowed_hosts=default_hosts("0.0.0.0"))
    with TestClient(create_app("sqlite://", settings=settings)) as client:
        for host in ("192.168.1.20:8000", "[fe80::1]:8000", "localhost:8000"):
            assert client.get("/api/options", headers={"Host": host}).status_code == 200, host
        assert client.get("/api/options", headers={"Host": "evil.example"}).status_code == 400
