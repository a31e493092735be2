"""What the web tests share: a seat played through the WebSocket, a spy on what the server sends
that records, for every message, what the referee knew at that moment (the ``spy_factory``
fixture in ``tests/conftest.py`` installs it), ``doublesix serve`` in a child process on a free
port, and the test PostgreSQL database.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import json
import os
import random
import re
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Coroutine
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, TypeVar

import httpx2
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import MetaData
from websockets.sync.client import ClientConnection

from doublesix.engine.match import Match
from doublesix.protocol.wire import COOKIE
from doublesix.web.play.games import Games
from doublesix.web.play.live import Connection
from doublesix.web.settings import LOOPBACK_HOSTS, Settings
from doublesix.web.storage.store import make_engine
from doublesix.words.talk import NOBODY

Message = dict[str, Any]
TILE = re.compile(r"(\d{1,2})\|(\d{1,2})")
#: The settings of the tests' servers: the TestClient's host name is answered too.
TEST_SETTINGS = Settings.from_env(allowed_hosts=(*LOOPBACK_HOSTS, "testserver"))
T = TypeVar("T")


def run_async(scenario: Coroutine[Any, Any, T], timeout: float = 120) -> T:
    """Run ``scenario`` to its end on a thread of its own and return its result.

    Not ``asyncio.run`` on the test's thread: when the browser tests run first in the same
    pytest, Playwright's sync API holds that thread's event loop.
    """
    with concurrent.futures.ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, scenario).result(timeout=timeout)


def wait_for(check: Any, seconds: float = 20.0, what: str = "the condition") -> None:
    """Return once ``check()`` is true (the server finishes some work after it answers, e.g.
    saving a finished game's record): polled, never a fixed sleep."""
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, f"{what} did not happen in {seconds} s"
        time.sleep(0.02)


def games_of(app: FastAPI) -> Games:
    """The live games of an app made by ``create_app``."""
    games: Games = app.state.games
    return games


def new_game(client: TestClient, **body: Any) -> tuple[str, str]:
    """Create a game over HTTP; returns (game_id, token)."""
    response = client.post("/api/games", json=body)
    assert response.status_code == 201, response.text
    data = response.json()
    assert data["seat"] == 0
    return data["game_id"], data["token"]


@dataclass
class Knowledge:
    """What the referee knew when a message was sent to seat ``me``."""

    secret: frozenset[str]
    hand: list[str]
    scores: list[int]
    hand_sizes: list[int]
    boneyard_size: int
    in_play: bool
    #: A table's waiting room: nobody is shown a tile yet.
    waiting: bool = False


def knowledge(match: Match, me: int, waiting: bool = False) -> Knowledge:
    """The tiles seat ``me`` may not see now: the boneyard, and while the hand is in play the
    other hands (in a table's waiting room, its own hand too); ``me``
    :data:`~doublesix.words.talk.NOBODY`: a watcher, who holds no hand and sees none."""
    secret = {str(t) for t in match.boneyard}
    in_play = match.hand_result is None
    if in_play:
        for seat, hand in enumerate(match.hands):
            if seat != me or waiting:
                secret |= {str(t) for t in hand}
    return Knowledge(
        secret=frozenset(secret),
        hand=[] if me == NOBODY else [str(t) for t in match.hands[me]],
        scores=match.scores,
        hand_sizes=[len(h) for h in match.hands],
        boneyard_size=len(match.boneyard),
        in_play=in_play,
        waiting=waiting,
    )


@dataclass
class Spy:
    """Records, in order, the referee's knowledge at each message sent to a connection."""

    games: Games
    game_id: str = ""
    sent: list[Knowledge] = field(default_factory=list)
    #: The same, per seat (for tables with several people: one socket a seat).
    by_seat: dict[int, list[Knowledge]] = field(default_factory=dict)

    def record(self, connection: Connection) -> None:
        game = self.games.live(self.game_id)
        if game is None:
            return
        if connection in game.watchers:
            seat = NOBODY
        elif connection in game.connections:
            seat = connection.seat
        else:
            return  # another game's connection (a test that moved on to the next game)
        known = knowledge(game.match, seat, game.info.waiting)
        self.sent.append(known)
        self.by_seat.setdefault(seat, []).append(known)


def tiles_in(message: Message) -> set[str]:
    """Every tile written anywhere in a message."""
    text = json.dumps(message)
    return {f"{max(int(a), int(b))}|{min(int(a), int(b))}" for a, b in TILE.findall(text)}


def check_secrets(message: Message, known: Knowledge) -> None:
    """Fail if a message shows a tile the seat may not see, or a picture that disagrees with
    the referee."""
    leaked = tiles_in(message) & known.secret
    assert not leaked, f"{message['type']} message leaks {sorted(leaked)}: {message}"
    state = message.get("state")
    if state is not None and known.waiting:
        assert state["hand"] == [] and state["legal"] == [] and state["turn"] is None
    elif state is not None:
        assert state["hand"] == known.hand
        assert state["scores"] == known.scores
        assert state["hand_sizes"] == known.hand_sizes
        assert state["boneyard_size"] == known.boneyard_size
        if known.in_play:
            assert state["result"] is None


class JsonSocket(Protocol):
    """A WebSocket that sends and receives JSON (TestClient's, or a real client's wrapper)."""

    def receive_json(self) -> Any: ...

    def send_json(self, data: Any) -> None: ...


class SeatSocket:
    """One seat's WebSocket with the newest picture, acting only on fresh pictures."""

    def __init__(self, ws: JsonSocket, spy: Spy | None = None, seat: int | None = None) -> None:
        self.ws = ws
        self.spy = spy
        #: With a spy at a table of several people: this socket's seat (one socket a seat).
        self.seat = seat
        self.received: list[Message] = []
        self.state: dict[str, Any] = {}
        self.acted_at = -1
        self.errors: list[str] = []

    def receive(self) -> Message:
        message: Message = self.ws.receive_json()
        if self.spy is not None:
            sent = self.spy.sent if self.seat is None else self.spy.by_seat[self.seat]
            check_secrets(message, sent[len(self.received)])
        self.received.append(message)
        if "state" in message:
            self.state = message["state"]
        if message["type"] == "error":
            self.errors.append(message["message"])
        return message

    @property
    def settled(self) -> bool:
        """Whether the newest picture is fresh and waits for this seat (or the game is over)."""
        s = self.state
        if not s or s["revision"] <= self.acted_at:
            return False
        # A forced pass is not a wait: the server makes it for the person.
        waits = s["turn"] == s["me"] and [m["move"] for m in s["legal"]] != ["pass"]
        return bool(s["over"] or waits or s["result"] is not None)

    def settle(self) -> dict[str, Any]:
        """Read until the newest picture waits for this seat."""
        while not self.settled:
            self.receive()
        return self.state

    def send(self, message: Message) -> None:
        """Act on the current picture (later messages about it are stale)."""
        self.acted_at = self.state["revision"]
        self.ws.send_json(message)

    def play_out(self, rng: random.Random, max_actions: int = 5000) -> dict[str, Any]:
        """Play this seat to the end of the game, choosing among legal moves with ``rng``."""
        for _ in range(max_actions):
            s = self.settle()
            if s["over"]:
                return s
            if s["result"] is not None:
                self.send({"type": "next"})
            else:
                assert s["legal"], s
                choice = rng.choice(s["legal"])
                self.send({"type": "play", "move": choice["move"]})
        raise AssertionError("the game did not end")


# -- a real server ------------------------------------------------------------------------------

STARTUP_LIMIT = 150.0  # seconds a server may take to answer (a slow, shared machine)


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class Server:
    """``doublesix serve`` in a child process (on ``db``; None: on its default database)."""

    def __init__(
        self, port: int, db: Path | str | None, *args: str, env: dict[str, str] | None = None
    ) -> None:
        self.port = port
        self.url = f"http://127.0.0.1:{port}"
        self.process = subprocess.Popen(
            [sys.executable, "-m", "doublesix.cli", "serve", "--port", str(port),
             *(["--db", str(db)] if db is not None else []), *args],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            env={**os.environ, **(env or {})},
        )
        assert self.process.stdout is not None
        self.first_line = self.process.stdout.readline()
        #: What the server printed after its first line (read all along, so it never blocks).
        self.output: list[str] = []
        threading.Thread(target=self._drain, daemon=True).start()
        self.wait_until_ready()

    def _drain(self) -> None:
        assert self.process.stdout is not None
        with contextlib.suppress(ValueError, OSError):
            for line in self.process.stdout:
                self.output.append(line)

    def wait_until_ready(self) -> None:
        deadline = time.monotonic() + STARTUP_LIMIT
        while True:
            if self.process.poll() is not None:
                pytest.fail(f"the server exited: {self.first_line}")
            try:
                httpx2.get(self.url + "/api/options", timeout=5).raise_for_status()
                return
            except httpx2.TransportError:
                if time.monotonic() > deadline:
                    self.stop()  # not left running: nobody else holds it yet
                    pytest.fail("the server did not answer")
                time.sleep(0.1)

    def kill(self) -> None:
        self.process.kill()
        self.process.wait()
        if self.process.stdout is not None:
            self.process.stdout.close()

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:  # pragma: no cover
                self.process.kill()
                self.process.wait()
        if self.process.stdout is not None:
            self.process.stdout.close()


class SyncSocket:
    """A websockets client with the TestClient's receive_json/send_json."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws

    def receive_json(self) -> Any:
        return json.loads(self.ws.recv(timeout=60))

    def send_json(self, data: Any) -> None:
        self.ws.send(json.dumps(data))


# -- the test PostgreSQL database -----------------------------------------------------------------

POSTGRES_ENV = "DOUBLESIX_TEST_POSTGRES_URL"


def postgres_url() -> str:
    """The test PostgreSQL database, emptied; fails when there is none.

    The database is the one at ``DOUBLESIX_TEST_POSTGRES_URL`` (``scripts/test`` starts one with
    ``scripts/postgres.sh``).  Without it a test that asks for it FAILS, unless a developer
    running pytest by hand opts out with ``DOUBLESIX_SKIP_POSTGRES=1`` (never honoured when
    ``CI`` is set).
    """
    url = os.environ.get(POSTGRES_ENV)
    if not url:
        message = (
            f"{POSTGRES_ENV} is not set: run scripts/test, or start a database with "
            '`eval "$(scripts/postgres.sh start)"`'
        )
        if os.environ.get("DOUBLESIX_SKIP_POSTGRES") == "1" and not os.environ.get("CI"):
            pytest.skip(message)
        pytest.fail(message)
    engine = make_engine(url)
    everything = MetaData()  # the tables as they are, the migrations' version included
    everything.reflect(engine)
    everything.drop_all(engine)
    engine.dispose()
    return url


def set_table(origin: str, seed: int, **body: Any) -> Message:
    """Ana sets a table of two people: the answer to ``POST /api/games``."""
    body = {"variant": "draw", "players": 2, "target": 0, "seed": seed,
            "opponents": ["person"], "name": "Ana", **body}
    request = urllib.request.Request(f"{origin}/api/games", data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"},
                                     method="POST")
    with urllib.request.urlopen(request, timeout=30) as response:
        assert response.status == 201
        answer: Message = json.loads(response.read())
    return answer


def as_browser(client: TestClient, cookie: str) -> TestClient:
    """The client as the browser holding the anonymous cookie ``cookie`` (no other cookie)."""
    client.cookies.clear()
    client.cookies.set(COOKIE, cookie)
    return client
