"""How ``tests/fixtures/release-0.1.0.sqlite`` was made: a SQLite database written by release
0.1.0's web server (the code before the migrations, commit a9fcae6), for
``tests/test_web_migrations.py`` to open with today's code.

The app (``create_app`` through Starlette's TestClient), driven as a browser drives it, writes
four games and what goes with them:

- ``computers``: a game against two computers in progress (moves played in its first hand);
- ``finished``: a one-hand game against a computer played to its end, which rated the browser
  (a row of ``doublesix_ratings``), and reviewed (a row of ``doublesix_reviews``);
- ``waiting``: a table for people in its waiting room (Ana the host, a seat still invited);
- ``table``: a table for two people in play (Bea joined, Ana started it, a move each way).

The games' ids, the seats' tokens and the browsers' cookies (the database holds only their
hashes) are written beside it, to ``release-0.1.0.json``.  Made with::

    git worktree add /tmp/release a9fcae6
    cd /tmp/release && PYTHONPATH=src python -m tests.support.release_fixture \\
        OUT/release-0.1.0.sqlite

Run at today's code it writes a database already at the newest revision, which would test
nothing: run it at the release.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import random
import sqlite3
import time
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from doublesix.protocol.wire import COOKIE
from tests.support.web import TEST_SETTINGS, SeatSocket

#: The browsers' cookies (the app keeps their SHA-256 only).
ANA = "ana-release-browser-cookie-0123456789"
BEA = "bea-release-browser-cookie-0123456789"


def as_browser(client: TestClient, cookie: str) -> TestClient:
    """The client with ``cookie`` as its browser's anonymous cookie."""
    client.cookies.clear()
    client.cookies.set(COOKIE, cookie)
    return client


def created(client: TestClient, cookie: str, body: dict[str, Any]) -> dict[str, Any]:
    """``POST /api/games`` as the browser ``cookie``: the answer."""
    response = as_browser(client, cookie).post("/api/games", json=body)
    assert response.status_code == 201, response.text
    answer: dict[str, Any] = response.json()
    return answer


def play_move(seat: SeatSocket, rng: random.Random) -> None:
    """Wait for this seat's turn, and play a legal move chosen by ``rng``."""
    state = seat.settle()
    assert not state["over"] and state["result"] is None, state
    seat.send({"type": "play", "move": rng.choice(state["legal"])["move"]})


def review(client: TestClient, game_id: str, token: str) -> str:
    """Ask the expert's review of a finished game and wait until it is made: its id."""
    response = client.post(f"/api/games/{game_id}/review", params={"token": token})
    assert response.status_code in (200, 202), response.text
    job: dict[str, Any] = response.json()
    deadline = time.monotonic() + 300
    while job["status"] == "running":
        assert time.monotonic() < deadline, "the review was not made in time"
        time.sleep(0.2)
        job = client.get(f"/api/reviews/{job['review_id']}").json()
    assert job["status"] == "done", job
    return str(job["review_id"])


def write(client: TestClient) -> dict[str, Any]:
    """The four games (see the module's docstring); what a test needs to sit at them."""
    rng = random.Random(39)
    made: dict[str, Any] = {"cookies": {"ana": ANA, "bea": BEA}}

    computers = created(client, ANA, {"variant": "draw", "players": 3, "target": 100,
                                      "opponents": ["greedy", "expert"], "seed": 3})
    with client.websocket_connect(
            f"/ws/{computers['game_id']}?token={computers['token']}") as ws:
        seat = SeatSocket(ws)
        for _ in range(2):
            play_move(seat, rng)
        seat.settle()  # the computers played after it: the moves are in
    made["computers"] = {"id": computers["game_id"], "tokens": [computers["token"]]}

    finished = created(client, ANA, {"variant": "block", "players": 2, "target": 0,
                                     "opponents": ["greedy"], "seed": 9})
    with client.websocket_connect(f"/ws/{finished['game_id']}?token={finished['token']}") as ws:
        assert SeatSocket(ws).play_out(rng)["over"]
    made["finished"] = {"id": finished["game_id"], "tokens": [finished["token"]],
                        "review": review(client, finished["game_id"], finished["token"])}

    waiting = created(client, ANA, {"variant": "muggins", "players": 3, "target": 0,
                                    "opponents": ["person", "expert"], "name": "Ana",
                                    "seed": 5})
    made["waiting"] = {"id": waiting["game_id"], "tokens": [waiting["token"]],
                       "invites": [i["url"] for i in waiting["invites"]]}

    table = created(client, ANA, {"variant": "draw", "players": 2, "target": 0,
                                  "opponents": ["person"], "name": "Ana", "seed": 1})
    joined = as_browser(client, BEA).post(f"/api{table['invites'][0]['url']}",
                                          json={"name": "Bea"})
    assert joined.status_code in (200, 201), joined.text
    tokens = [table["token"], joined.json()["token"]]
    with client.websocket_connect(f"/ws/{table['game_id']}?token={tokens[0]}") as ana_ws, \
            client.websocket_connect(f"/ws/{table['game_id']}?token={tokens[1]}") as bea_ws:
        seats = [SeatSocket(ana_ws), SeatSocket(bea_ws)]
        for seat in seats:
            seat.receive()
        ana_ws.send_json({"type": "start"})
        while (seats[0].state.get("table") or {}).get("stage") != "playing":
            seats[0].receive()
        first = seats[0].state["turn"]
        play_move(seats[first], rng)
        play_move(seats[1 - first], rng)
        seats[first].settle()  # its turn again: both moves are in
    made["table"] = {"id": table["game_id"], "tokens": tokens}
    return made


def main() -> None:
    """Write the database and its JSON (see the module's docstring)."""
    from doublesix.web.routes.app import create_app
    from doublesix.web.storage.store import sqlite_url

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path, help="the SQLite file to write (it must not exist)")
    out = parser.parse_args().out
    if out.exists():
        parser.error(f"{out} exists")
    app = create_app(sqlite_url(out), hint_options={"playouts": 8}, settings=TEST_SETTINGS,
                     review_playouts=12)
    with TestClient(app) as client:
        made = write(client)
    # One file: the write-ahead log folded in, and the free pages dropped.
    with contextlib.closing(sqlite3.connect(out)) as connection:
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        connection.execute("VACUUM")
    out.with_suffix(".json").write_text(json.dumps(made, indent=2) + "\n")


if __name__ == "__main__":
    main()
