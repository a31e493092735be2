"""Quick match (issue "Play online"): two people seated at one table and playing it to its end
(their ratings moved); one person alone seated with a computer after the wait, and told; the
range of ratings; leaving the queue; a place nobody asks after given up (a closed page); bad
bodies in words; and two servers on one PostgreSQL database seating people who reached
different servers at one table."""

from __future__ import annotations

import datetime
import random
import subprocess
import sys
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import select, update

from doublesix.web.play import quickmatch
from doublesix.web.routes.app import create_app
from doublesix.web.storage import queue
from doublesix.web.storage.ratings import RatingRow
from doublesix.web.storage.store import digest, utcnow
from doublesix.words import lobbywords, matchwords, players
from tests.support.benchmarks import BENCHMARKS
from tests.support.web import TEST_SETTINGS, SeatSocket, as_browser, postgres_url

ANA, BEA = "ana-browser-cookie-0123456789", "bea-browser-cookie-0123456789"
CY, DEE = "cy-browser-cookie-0123456789", "dee-browser-cookie-0123456789"
DRAW = {"variant": "draw", "players": 2, "rated": True}


def app_with(fill_after: float, url: str = "sqlite://", **settings: Any) -> FastAPI:
    # Quick match plays to the variant's target (100): many hands of quick random moves.
    return create_app(url, settings=TEST_SETTINGS.replace(quick_match_fill_after=fill_after,
                                                          messages_per_10s=1_000_000,
                                                          **settings))


class Clock:
    """Quick match's clock, moved by the test (``quickmatch.utcnow``)."""

    def __init__(self) -> None:
        self.now = utcnow()

    def __call__(self) -> datetime.datetime:
        return self.now

    def wait(self, seconds: float) -> None:
        self.now += datetime.timedelta(seconds=seconds)


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    clock = Clock()
    monkeypatch.setattr(quickmatch, "utcnow", clock)
    return clock


def ask(client: TestClient, cookie: str, ticket: dict[str, Any]) -> dict[str, Any]:
    answer = as_browser(client, cookie).get(f"/api/quickmatch/{ticket['ticket']}")
    assert answer.status_code == 200, answer.text
    asked: dict[str, Any] = answer.json()
    return asked


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(app_with(3600)) as client:
        yield client


def enter(client: TestClient, cookie: str, name: str, **body: Any) -> dict[str, Any]:
    answer = as_browser(client, cookie).post("/api/quickmatch",
                                             json={**DRAW, "name": name, **body})
    assert answer.status_code == 201, answer.text
    ticket: dict[str, Any] = answer.json()
    return ticket


def play_to_the_end(client: TestClient, game_id: str, tokens: list[str]) -> None:
    """Every person seat plays (random moves) until the game is over."""
    sockets = [client.websocket_connect(f"/ws/{game_id}?token={token}") for token in tokens]
    errors: list[BaseException] = []
    try:
        seats = [SeatSocket(ws.__enter__()) for ws in sockets]

        def play(seat: SeatSocket, seed: int) -> None:
            try:
                assert seat.play_out(random.Random(seed))["over"]
            except BaseException as error:
                errors.append(error)

        threads = [threading.Thread(target=play, args=(seat, n)) for n, seat in enumerate(seats)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(120)
        assert not errors, errors
    finally:
        for ws in sockets:
            ws.__exit__(None, None, None)


def test_two_people_are_seated_at_one_table_and_play_it(client: TestClient) -> None:
    ana = enter(client, ANA, "Ana")
    assert ana["status"] == "waiting"
    assert ana["words"] == matchwords.waiting(0, 1500, 100, 3600)
    bea = enter(client, BEA, "Bea")
    assert bea["status"] == "seated" and bea["words"] == matchwords.found(None, 0)
    ana = as_browser(client, ANA).get(f"/api/quickmatch/{ana['ticket']}").json()
    assert ana["status"] == "seated" and ana["game_id"] == bea["game_id"]
    assert {ana["seat"], bea["seat"]} == {0, 1}
    play_to_the_end(client, ana["game_id"], [ana["token"], bea["token"]])
    for cookie in (ANA, BEA):  # asking for the statistics rates a game not rated yet
        assert as_browser(client, cookie).get("/api/stats").json()["games"] == 1
    app: FastAPI = client.app  # type: ignore[assignment]
    with app.state.store.engine.connect() as db:
        assert len(db.execute(select(RatingRow)).all()) == 2


def test_one_person_alone_is_seated_with_a_computer_after_the_wait() -> None:
    with TestClient(app_with(0)) as client:
        ana = enter(client, ANA, "Ana")
        computer = queue.nearest_computer(1500)
        named = players.named(players.label(computer), 3)
        assert ana["status"] == "seated", ana
        assert ana["words"] == matchwords.found(named, 1)
        play_to_the_end(client, ana["game_id"], [ana["token"]])


@pytest.mark.parametrize("database", ["sqlite", "postgresql"])
def test_a_place_nobody_asks_after_is_given_up_and_the_newcomer_meets_the_next(
        clock: Clock, database: str) -> None:
    """Ana's page closed without leaving: after ``quick_match_gone_after`` seconds unseen her
    place is given up, Bea is not seated with her but with Cy, who comes next; Ana's ticket
    answers as a place left."""
    url = "sqlite://" if database == "sqlite" else postgres_url()
    with TestClient(app_with(3600, url, quick_match_gone_after=5)) as client:
        ana = enter(client, ANA, "Ana")
        clock.wait(5.5)
        bea = enter(client, BEA, "Bea")
        assert bea["status"] == "waiting", bea
        assert bea["words"] == matchwords.waiting(0, 1500, 100, 3600)
        clock.wait(1)
        cy = enter(client, CY, "Cy")
        assert cy["status"] == "seated", cy
        bea = ask(client, BEA, bea)
        assert bea["status"] == "seated" and bea["game_id"] == cy["game_id"]
        gone = as_browser(client, ANA).get(f"/api/quickmatch/{ana['ticket']}")
        assert gone.status_code == 404 and gone.json() == {"error": matchwords.no_place(5)}


def test_asking_keeps_a_place_and_a_place_unseen_is_given_up_when_its_person_asks(
        clock: Clock) -> None:
    with TestClient(app_with(3600, quick_match_gone_after=5)) as client:
        ana = enter(client, ANA, "Ana")
        for _ in range(4):  # 16 seconds, asking every 4
            clock.wait(4)
            assert ask(client, ANA, ana)["status"] == "waiting"
        bea = enter(client, BEA, "Bea")
        assert bea["status"] == "seated" and ask(client, ANA, ana)["game_id"] == bea["game_id"]
        # Cy's terminal slept for 6 seconds: his own question finds the place given up.
        cy = enter(client, CY, "Cy")
        clock.wait(6)
        gone = as_browser(client, CY).get(f"/api/quickmatch/{cy['ticket']}")
        assert gone.status_code == 404 and gone.json() == {"error": matchwords.no_place(5)}
        assert enter(client, DEE, "Dee")["status"] == "waiting"


def test_ratings_far_apart_wait_for_the_range_to_widen(client: TestClient) -> None:
    app: FastAPI = client.app  # type: ignore[assignment]
    far = queue.enter(app.state.store, digest("someone"), "Far", queue.Kind("draw", 2, True),
                      2400, utcnow())
    ana = enter(client, ANA, "Ana")
    assert ana["status"] == "waiting"
    assert matchwords.waiting(1, 1500, 100, 3600) == ana["words"]
    row = queue.ticket_of(app.state.store, far, digest("someone"))
    assert row is not None and row[0].game_id is None


def test_leaving_the_queue_and_asking_of_anothers_place(client: TestClient) -> None:
    ana = enter(client, ANA, "Ana")
    assert as_browser(client, BEA).delete(f"/api/quickmatch/{ana['ticket']}").status_code == 404
    assert as_browser(client, BEA).get(f"/api/quickmatch/{ana['ticket']}").status_code == 404
    assert as_browser(client, ANA).delete(f"/api/quickmatch/{ana['ticket']}").status_code == 204
    gone = as_browser(client, ANA).get(f"/api/quickmatch/{ana['ticket']}")
    assert gone.status_code == 404 and gone.json() == {"error": matchwords.no_place(30)}


def test_a_place_given_up_frees_its_addresss_place_in_the_queue(clock: Clock) -> None:
    app = app_with(3600, quick_match_gone_after=5, queue_places_per_address=1)
    with TestClient(app) as client:  # every TestClient request comes from one address
        enter(client, ANA, "Ana")
        refused = as_browser(client, BEA).post("/api/quickmatch", json={**DRAW, "name": "Bea"})
        assert refused.status_code == 429, refused.text
        clock.wait(6)
        assert enter(client, BEA, "Bea")["status"] == "waiting"


@pytest.mark.parametrize(("body", "words"), [
    ({"variant": "partnership", "players": 2, "name": "Ana"}, matchwords.PLAYERS),
    ({"variant": "chess", "players": 2, "name": "Ana"}, matchwords.BODY),
    ({"variant": "draw", "players": 3, "name": "Ana"}, matchwords.BODY),
    ({"variant": "draw", "players": 2, "name": "Ana", "x": 1}, matchwords.BODY),
    ({"variant": "draw", "players": 2}, None),
    ({"variant": "draw", "players": 2, "name": "\u200d"}, None),
])
def test_a_request_that_will_not_do_is_told(
        client: TestClient, body: dict[str, Any], words: str | None) -> None:
    answer = as_browser(client, ANA).post("/api/quickmatch", json=body)
    assert answer.status_code == 400, answer.text
    if words is not None:
        assert answer.json() == {"error": words}


def test_two_servers_on_one_postgresql_seat_people_together() -> None:
    url = postgres_url()
    with TestClient(app_with(3600, url)) as one, TestClient(app_with(3600, url)) as two:
        ana = enter(one, ANA, "Ana")
        bea = enter(two, BEA, "Bea")
        assert bea["status"] == "seated"
        ana = as_browser(one, ANA).get(f"/api/quickmatch/{ana['ticket']}").json()
        assert ana["status"] == "seated" and ana["game_id"] == bea["game_id"]


def test_the_load_benchmark_seats_everyone() -> None:
    """``benchmarks/quickmatch_load.py`` on a few people, as a script (its own event loop):
    everyone seated, no error."""
    done = subprocess.run(
        [sys.executable, str(BENCHMARKS / "quickmatch_load.py"), "--people", "6", "--within",
         "1", "--kinds", "1"], capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "seated: 6;" in done.stdout


def test_old_places_and_their_tokens_go_with_the_servers_pruning() -> None:
    with TestClient(app_with(0)) as client:
        app: FastAPI = client.app  # type: ignore[assignment]
        ana = enter(client, ANA, "Ana")
        assert ana["status"] == "seated"
        with app.state.store.engine.begin() as db:
            db.execute(update(queue.QueueRow).values(
                entered=utcnow() - queue.KEPT - datetime.timedelta(minutes=1)))
        assert client.portal is not None
        client.portal.call(app.state.retention.prune)
        gone = as_browser(client, ANA).get(f"/api/quickmatch/{ana['ticket']}")
        assert gone.status_code == 404


# -- bounds: places in the queue per address, public tables per browser and per address -------


def test_an_address_holds_a_bounded_number_of_places_in_the_queue() -> None:
    """A browser holds one place (entering again leaves the old); an address at most
    ``queue_places_per_address``: past it a clear 429, and a place left frees one."""
    app = create_app("sqlite://", settings=TEST_SETTINGS.replace(
        quick_match_fill_after=3600, queue_places_per_address=2))
    with TestClient(app) as client:  # every TestClient request comes from one address
        ana = enter(client, ANA, "Ana", variant="block")
        ana = enter(client, ANA, "Ana", variant="muggins")  # the block place is left
        enter(client, BEA, "Bea", variant="all-fives")
        refused = as_browser(client, "cy-browser-cookie-0123456789").post(
            "/api/quickmatch", json={**DRAW, "name": "Cy"})
        assert refused.status_code == 429, refused.text
        assert refused.json() == {"error": matchwords.too_many_places("address", 2)}
        assert int(refused.headers["Retry-After"]) > 0
        assert as_browser(client, ANA).delete(
            f"/api/quickmatch/{ana['ticket']}").status_code == 204
        assert enter(client, "cy-browser-cookie-0123456789", "Cy")["status"] == "waiting"


def test_public_tables_open_at_once_are_bounded_per_browser_and_per_address() -> None:
    app = create_app("sqlite://", settings=TEST_SETTINGS.replace(
        public_tables_per_browser=1, public_tables_per_address=2))

    def open_table(cookie: str, public: bool = True) -> Any:
        return as_browser(browsers, cookie).post("/api/games", json={
            "variant": "draw", "players": 2, "target": 0, "seed": 1, "name": "Ana",
            "opponents": ["person"], "public": public})

    with TestClient(app) as browsers:
        first = open_table(ANA)
        assert first.status_code == 201, first.text
        second = open_table(ANA)
        assert second.status_code == 429, second.text
        assert second.json() == {"error": lobbywords.too_many_tables("browser", 1)}
        assert open_table(ANA, public=False).status_code == 201  # by invitation: not bounded
        assert open_table(BEA).status_code == 201
        third = open_table("cy-browser-cookie-0123456789")
        assert third.status_code == 429
        assert third.json() == {"error": lobbywords.too_many_tables("address", 2)}
        # Once someone sits at Ana's table it leaves the lobby: she may open another.
        link = first.json()["invites"][0]["url"]
        taken = as_browser(browsers, "dee-browser-cookie-0123456789").post(
            f"/api{link}", json={"name": "Dee"})
        assert taken.status_code == 201, taken.text
        assert open_table(ANA).status_code == 201
