"""Fixtures the tests share (their helpers are in :mod:`tests.support`)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from doublesix.web.play.games import Games
from doublesix.web.play.live import Connection
from doublesix.web.routes.app import CHECK_MESSAGES_ENV, create_app
from tests.support.web import TEST_SETTINGS, Message, Server, Spy

# Every message the tests' servers send (here, and in the servers they start as child
# processes) is checked against the protocol's models first: one that does not fit closes its
# socket and fails the test (docs/protocol.md, "The models and the schemas").
os.environ.setdefault(CHECK_MESSAGES_ENV, "1")


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


@pytest.fixture
def servers() -> Iterator[list[Server]]:
    """The servers a test starts (it appends them); each is stopped when the test ends."""
    started: list[Server] = []
    yield started
    for server in started:
        server.stop()


@pytest.fixture
def app() -> FastAPI:
    """A server on a throwaway database in memory, with quick hints."""
    return create_app("sqlite://", hint_options={"playouts": 8}, settings=TEST_SETTINGS)


@pytest.fixture
def client(app: FastAPI) -> Iterator[TestClient]:
    """A client of :func:`app`, its lifespan running."""
    with TestClient(app) as client:
        yield client
