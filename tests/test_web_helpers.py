"""Helpers for the web tests: a seat played through the WebSocket, and a spy on what the server
sends that records, for every message, what the referee knew at that moment.

(No tests here; the name keeps it among the web tests' files.)
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import random
import re
from collections.abc import Coroutine, Iterator
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

import pytest
from fastapi.testclient import TestClient

from doublesix.match import Match
from doublesix.web.games import Games
from doublesix.web.live import Connection
from doublesix.web.settings import LOOPBACK_HOSTS, Settings

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
    other hands (in a table's waiting room, its own hand too)."""
    secret = {str(t) for t in match.boneyard}
    in_play = match.hand_result is None
    if in_play:
        for seat, hand in enumerate(match.hands):
            if seat != me or waiting:
                secret |= {str(t) for t in hand}
    return Knowledge(
        secret=frozenset(secret),
        hand=[str(t) for t in match.hands[me]],
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
        if game is None or connection not in game.connections:
            return  # another game's connection (a test that moved on to the next game)
        known = knowledge(game.match, connection.seat, game.info.waiting)
        self.sent.append(known)
        self.by_seat.setdefault(connection.seat, []).append(known)


@pytest.fixture
def spy_factory(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """``spy_factory(games)``: a Spy that sees every message any Connection queues."""
    spies: list[Spy] = []
    original = Connection.send

    def send(self: Connection, message: Message) -> None:
        if not self.closed:
            for spy in spies:
                spy.record(self)
        original(self, message)

    monkeypatch.setattr(Connection, "send", send)

    def make(games: Games) -> Spy:
        spy = Spy(games)
        spies.append(spy)
        return spy

    yield make


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
