"""Tables for people (``docs/protocol.md``, "Tables for people"): invitations, the waiting
room, whole games of several people with every message scanned for hidden tiles, presence,
stand-ins, "Play again", statistics."""

from __future__ import annotations

import asyncio
import json
import random
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from doublesix import Rules
from doublesix.engine.view import View
from doublesix.web.play.games import Games
from doublesix.web.play.live import Connection
from doublesix.web.routes.app import create_app
from doublesix.web.storage.store import SavedGame, Seat, Store, sqlite_url
from tests.support.storage import before_migrations
from tests.support.web import (
    TEST_SETTINGS,
    SeatSocket,
    as_browser,
    postgres_url,
    run_async,
    wait_for,
)

#: Browsers, each its own cookie.
ANA, BEA, CAL, DEV = (f"{name}-browser-cookie-0123456789" for name in ("ana", "bea", "cal",
                                                                        "dev"))


@pytest.fixture
def app() -> FastAPI:
    return create_app("sqlite://", settings=TEST_SETTINGS.replace(handover_after=0.0))


@pytest.fixture
def client(app: FastAPI) -> Iterator[TestClient]:
    with TestClient(app) as client:
        yield client


def set_table(client: TestClient, opponents: list[str], **body: Any) -> dict[str, Any]:
    """Ana sets a table: the answer to ``POST /api/games``."""
    body = {"variant": "draw", "players": len(opponents) + 1, "target": 0, "seed": 1,
            "opponents": opponents, "name": "Ana", **body}
    response = as_browser(client, ANA).post("/api/games", json=body)
    assert response.status_code == 201, response.text
    answer: dict[str, Any] = response.json()
    return answer


def join(client: TestClient, url: str, cookie: str, name: str) -> dict[str, Any]:
    """A browser takes the seat of an invitation: the answer to ``POST /api/join/...``."""
    response = as_browser(client, cookie).post(f"/api{url}", json={"name": name})
    assert response.status_code in (200, 201), response.text
    answer: dict[str, Any] = response.json()
    return answer


def read_until(seat: SeatSocket, wanted: str, **fields: Any) -> dict[str, Any]:
    """Read a seat's socket until a message of type ``wanted`` with these fields arrives."""
    for _ in range(500):
        message = seat.receive()
        if message["type"] == wanted and all(message.get(k) == v for k, v in fields.items()):
            return message
    raise AssertionError(f"no {wanted} message {fields}")


class TestSettingATable:
    def test_person_seats_get_invitations_and_the_table_waits(self, client: TestClient) -> None:
        answer = set_table(client, ["person", "expert", "person"])
        invites = answer["invites"]
        assert [i["seat"] for i in invites] == [1, 3]
        game_id = answer["game_id"]
        for invite in invites:
            assert invite["url"] == f"/join/{game_id}/{invite['code']}"
            assert len(invite["code"]) >= 24
        assert len({i["code"] for i in invites}) == 2
        with client.websocket_connect(f"/ws/{game_id}?token={answer['token']}") as ws:
            state = ws.receive_json()["state"]
        table = state["table"]
        assert table["stage"] == "waiting" and table["you_host"] and not table["can_start"]
        assert [(s["name"], s["person"], s["joined"]) for s in table["seats"]] == [
            ("Ana", True, True), ("Seat 2", True, False), ("Expert", False, True),
            ("Seat 4", True, False)]
        assert [i["url"] for i in table["invites"]] == [i["url"] for i in invites]
        assert state["words"]["tiles"] == []
        room = state["words"]["room"]
        assert room["title"] == "Your table"
        assert room["start_help"] == "Waiting for seat 2 and seat 4 to be taken."
        assert [(s["name"], s["who"], s["badge"]) for s in room["seats"]] == [
            ("Ana", " (host, you)", "here"), ("A person", "", "invited, not here yet"),
            ("Expert", "", "computer player"), ("A person", "", "invited, not here yet")]
        assert room["share"] == f"Join my game of dominoes: {state['words']['rules']['caption']}."
        assert room["asking"][3] == "Asking to seat a computer in seat 4…"
        # Nothing is dealt to the screen, and nobody moves, while the table waits: not even
        # the opening double, which the deal lays by itself.
        assert state["hand"] == [] and state["legal"] == [] and state["turn"] is None
        assert state["played"] == [] and state["log"] == [] and state["open_ends"] == {}
        assert state["board_count"] == 0 and not any(
            state["layout"][arm] for arm in ("left", "right", "up", "down"))

    def test_a_game_against_computers_has_no_table(self, client: TestClient) -> None:
        response = client.post("/api/games", json={"opponents": ["greedy"]})
        assert "invites" not in response.json()
        game_id, token = response.json()["game_id"], response.json()["token"]
        with client.websocket_connect(f"/ws/{game_id}?token={token}") as ws:
            assert ws.receive_json()["state"]["table"] is None

    @pytest.mark.parametrize(("name", "words"), [
        ("", "at least one character"), ("   ", "at least one character"),
        ("x" * 25, "at most 24 characters"), ("Bea\u202e", "control or formatting"),
        ("Bea\x07", "control or formatting"), (7, "must be text"),
    ])
    def test_bad_names_are_refused(self, client: TestClient, name: Any, words: str) -> None:
        response = client.post("/api/games", json={"opponents": ["person"], "name": name})
        assert response.status_code == 400 and words in response.json()["error"]
        answer = set_table(client, ["person"])
        response = as_browser(client, BEA).post(f"/api{answer['invites'][0]['url']}",
                                                 json={"name": name})
        assert response.status_code == 400 and words in response.json()["error"]


class TestJoining:
    def test_the_invitation_shows_the_table_and_seats_one_browser(
        self, client: TestClient
    ) -> None:
        answer = set_table(client, ["person", "greedy"])
        url = answer["invites"][0]["url"]
        shown = as_browser(client, BEA).get(f"/api{url}").json()
        assert shown["seat"] == 1 and not shown["taken"] and not shown["yours"]
        assert shown["rules"]["variant"] == "draw" and shown["table"]["invites"] == []
        assert [s["name"] for s in shown["table"]["seats"]] == ["Ana", "Seat 2", "Greedy"]
        # Every sentence the page shows comes with it (issue 29: join.js words none).
        said = shown["words"]
        assert said["title"] == "Join Ana's table"
        assert said["lead"] == (f"Ana invites you to play dominoes: "
                                f"{shown['rules_words']['caption']}. Each player plays from "
                                "their own device.")
        assert said["seats"] == ["Ana, who invited you", "you, once you join",
                                 "Greedy, a computer player"]
        assert said["refusal"] is None and said["taken"]["title"] == "This seat is taken"
        assert shown["rules_words"]["lines"]
        seat = join(client, url, BEA, "  <b>Bea</b> שלום ")
        assert seat["seat"] == 1 and seat["game_id"] == answer["game_id"]
        # The name is kept as text (a page shows it as text, never as HTML).
        shown = as_browser(client, BEA).get(f"/api{url}").json()
        assert shown["taken"] and shown["yours"]
        assert shown["table"]["seats"][1]["name"] == "<b>Bea</b> שלום"
        assert as_browser(client, CAL).get(f"/api{url}").json()["words"]["refusal"][
            "title"] == "This seat is taken"
        # Another browser with the same link is refused, and changes nothing.
        refused = as_browser(client, CAL).post(f"/api{url}", json={"name": "Cal"})
        assert refused.status_code == 409
        assert refused.json()["error"] == "this invitation has been used: its seat is taken"
        assert as_browser(client, CAL).get(f"/api{url}").json()["yours"] is False
        # The browser that took it comes back with a fresh token; the old one stops working.
        again = as_browser(client, BEA).post(f"/api{url}", json={"name": "Bea"})
        assert again.status_code == 200 and again.json()["seat"] == 1
        game_id = answer["game_id"]
        with client.websocket_connect(f"/ws/{game_id}?token={seat['token']}") as ws:
            assert ws.receive_json()["type"] == "error"
        with client.websocket_connect(f"/ws/{game_id}?token={again.json()['token']}") as ws:
            state = ws.receive_json()["state"]
            assert state["me"] == 1 and state["names"][1] == "You"
            assert state["table"]["seats"][1]["name"] == "<b>Bea</b> שלום"

    def test_unknown_invitations_are_404(self, client: TestClient) -> None:
        answer = set_table(client, ["person"])
        game_id = answer["game_id"]
        for url in (f"/api/join/{game_id}/nope", "/api/join/nogame/nope"):
            assert client.get(url).status_code == 404
            assert client.post(url, json={"name": "Bea"}).status_code == 404
        assert client.get(f"/join/{game_id}/anything").status_code == 200  # the page

    def test_equal_names_are_told_apart(self, client: TestClient) -> None:
        answer = set_table(client, ["person", "person"], players=3)
        join(client, answer["invites"][0]["url"], BEA, "ana")
        join(client, answer["invites"][1]["url"], CAL, "Ana")
        shown = client.get(f"/api{answer['invites'][0]['url']}").json()
        assert [s["name"] for s in shown["table"]["seats"]] == ["Ana", "ana 2", "Ana 3"]


class TestTheWaitingRoom:
    def test_only_the_host_starts_once_every_seat_is_taken(self, client: TestClient) -> None:
        answer = set_table(client, ["person", "person"], players=3)
        game_id = answer["game_id"]
        bea = join(client, answer["invites"][0]["url"], BEA, "Bea")
        with client.websocket_connect(f"/ws/{game_id}?token={answer['token']}") as host_ws, \
                client.websocket_connect(f"/ws/{game_id}?token={bea['token']}") as bea_ws:
            host, guest = SeatSocket(host_ws), SeatSocket(bea_ws)
            host.receive()
            guest.receive()
            guest.ws.send_json({"type": "start"})
            assert read_until(guest, "error")["message"] == (
                "only the host can start the game or change its seats")
            guest.ws.send_json({"type": "play", "move": "draw"})
            assert "has not started" in read_until(guest, "error")["message"]
            host.ws.send_json({"type": "start"})
            assert "every seat must be taken" in read_until(host, "error")["message"]
            # The host gives the empty seat to a computer; everyone is told.
            host.ws.send_json({"type": "seat", "seat": 2, "player": "greedy"})
            told = read_until(guest, "table")
            assert told["text"] == "Seat 3 is now Greedy."
            assert told["table"]["can_start"] and told["table"]["invites"] == []
            assert read_until(host, "table")["table"]["can_start"]
            host.ws.send_json({"type": "start"})
            assert read_until(guest, "table")["text"] == "The game starts."
            state = read_until(guest, "state")["state"]
            assert state["table"]["stage"] == "playing" and len(state["hand"]) == 7
        # The seat given away is no longer open to its invitation.
        refused = as_browser(client, CAL).post(f"/api{answer['invites'][1]['url']}",
                                               json={"name": "Cal"})
        assert refused.status_code == 409 and "computer" in refused.json()["error"]

    def test_joining_is_told_to_the_table(self, client: TestClient) -> None:
        answer = set_table(client, ["person"])
        with client.websocket_connect(
            f"/ws/{answer['game_id']}?token={answer['token']}"
        ) as host_ws:
            host = SeatSocket(host_ws)
            host.receive()
            join(client, answer["invites"][0]["url"], BEA, "Bea")
            told = read_until(host, "table", text="Bea has joined the table.")
            assert told["table"]["can_start"]
            assert told["table"]["seats"][1]["joined"]
            # The waiting room's words travel with the table (issue 29: waiting.js words none).
            room = told["room"]
            assert room["title"] == "Your table" and room["start_help"] == ""
            # Bea took the seat and has no socket open yet: away.
            assert room["seats"][1] == {"name": "Bea", "who": "", "badge": "away",
                                        "kind": "away"}


#: Complete games of people: (body, people's seats).  Four people in every variant.
TABLES: list[tuple[dict[str, Any], int]] = [
    ({"variant": "draw", "opponents": ["person"]}, 2),
    ({"variant": "block", "opponents": ["person", "person"]}, 3),
    ({"variant": "all-fives", "opponents": ["person", "greedy", "random"]}, 2),
    *(({"variant": variant, "opponents": ["person"] * 3}, 4)
      for variant in ("draw", "block", "all-fives", "muggins", "partnership")),
]


class TestWholeGames:
    @pytest.mark.parametrize(("body", "people"), TABLES,
                             ids=[f"{b['variant']}-{p}people" for b, p in TABLES])
    def test_people_play_to_the_end_and_nobody_sees_a_hidden_tile(
        self, app: FastAPI, client: TestClient, spy_factory: Any, body: dict[str, Any],
        people: int,
    ) -> None:
        games: Games = app.state.games
        spy = spy_factory(games)
        answer = set_table(client, body["opponents"], variant=body["variant"], seed=people)
        spy.game_id = game_id = answer["game_id"]
        tokens = {0: answer["token"]}
        for invite, cookie, name in zip(answer["invites"], (BEA, CAL, DEV), ("Bea", "Cal", "Dev"),
                                        strict=False):
            tokens[invite["seat"]] = join(client, invite["url"], cookie, name)["token"]
        assert len(tokens) == people
        finals: dict[int, dict[str, Any]] = {}
        errors: list[BaseException] = []
        # Seat 1 plays as the terminal game does, its pictures carrying its view (scanned too).
        sockets = {seat: client.websocket_connect(
            f"/ws/{game_id}?token={token}" + ("&view=1" if seat == 1 else ""))
            for seat, token in tokens.items()}
        try:
            seats = {seat: SeatSocket(ws.__enter__(), spy, seat) for seat, ws in sockets.items()}
            for socket in seats.values():
                read_until(socket, "state")
            seats[0].ws.send_json({"type": "start"})

            def play(seat: int) -> None:
                try:
                    read_until(seats[seat], "table", text="The game starts.")
                    finals[seat] = seats[seat].play_out(random.Random(seat))
                except BaseException as error:
                    errors.append(error)

            threads = [threading.Thread(target=play, args=(seat,)) for seat in seats]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join(120)
            assert not errors, errors
            assert sorted(finals) == sorted(tokens)
            view = View.from_json(finals[1]["view"])
            assert view.seat == 1 and [str(t) for t in view.hand] == finals[1]["hand"]
            assert list(view.scores) == finals[1]["scores"] and view.is_over
            assert all(m["state"]["view"] is None for m in seats[1].received
                       if "state" in m and m["state"]["table"]["stage"] == "waiting")
            for seat, final in finals.items():
                assert final["over"] and final["me"] == seat
                assert ("view" in final) == (seat == 1)
                assert final["scores"] == finals[0]["scores"]
                assert final["table"]["stage"] == "over"
                assert not seats[seat].errors
                # Everyone heard every move of the others, each as its own event.
                lays = [m for m in seats[seat].received
                        if m["type"] == "event" and m["event"]["kind"] == "lay"]
                assert {m["event"]["seat"] for m in lays} >= set(tokens) - {seat} or (
                    final["result"]["ending"] == "went-out")
        finally:
            for ws in sockets.values():
                ws.__exit__(None, None, None)


def started_table(client: TestClient, opponents: list[str], **body: Any
                  ) -> tuple[str, dict[int, str]]:
    """A table of Ana and Bea (and ``opponents``' computers), started: (game_id, tokens)."""
    answer = set_table(client, ["person", *opponents], **body)
    game_id = answer["game_id"]
    bea = join(client, answer["invites"][0]["url"], BEA, "Bea")
    with client.websocket_connect(f"/ws/{game_id}?token={answer['token']}") as ws:
        host = SeatSocket(ws)
        host.receive()
        host.ws.send_json({"type": "start"})
        read_until(host, "table", text="The game starts.")
    return game_id, {0: answer["token"], 1: bea["token"]}


class TestPresence:
    def test_leaving_and_coming_back_are_told(self, client: TestClient) -> None:
        game_id, tokens = started_table(client, [])
        with client.websocket_connect(f"/ws/{game_id}?token={tokens[0]}") as host_ws:
            host = SeatSocket(host_ws)
            host.receive()
            with client.websocket_connect(f"/ws/{game_id}?token={tokens[1]}") as bea_ws:
                bea = SeatSocket(bea_ws)
                state = read_until(bea, "state")["state"]
                assert state["table"]["seats"][0]["connected"]
                read_until(host, "table")  # Bea arrived (her first visit: no words)
            left = read_until(host, "table", text="Bea has left the table.")
            assert not left["table"]["seats"][1]["connected"]
            with client.websocket_connect(f"/ws/{game_id}?token={tokens[1]}"):
                back = read_until(host, "table", text="Bea is back.")
                assert back["table"]["seats"][1]["connected"]
                assert back["table"]["seats"][1]["away"] == 0

    def test_a_computer_plays_for_an_away_person_until_they_return(
        self, client: TestClient
    ) -> None:
        game_id, tokens = started_table(client, [], variant="draw", target=0, seed=3)
        with client.websocket_connect(f"/ws/{game_id}?token={tokens[1]}") as bea_ws:
            SeatSocket(bea_ws).receive()
        with client.websocket_connect(f"/ws/{game_id}?token={tokens[0]}") as host_ws:
            host = SeatSocket(host_ws)
            host.receive()
            # Only the host may hand a seat over, and only a person's who is away.
            host.ws.send_json({"type": "seat", "seat": 0, "player": "greedy"})
            assert "only the seat of a person" in read_until(host, "error")["message"]
            host.ws.send_json({"type": "seat", "seat": 1, "player": "greedy"})
            told = read_until(host, "table")
            assert told["text"] == "Greedy plays for Bea until Bea is back."
            assert told["table"]["seats"][1]["stand_in"] == "greedy"
            # The stand-in plays Bea's turns: the host plays on to the end alone.
            final = host.play_out(random.Random(5))
            assert final["over"]
            moves = [m for m in host.received if m["type"] == "event"
                     and m["event"]["seat"] == 1 and m["event"]["kind"] in ("lay", "draw")]
            assert moves, "the stand-in played for Bea"

    def test_the_person_takes_the_seat_back(self, client: TestClient) -> None:
        game_id, tokens = started_table(client, [], variant="block", target=100, seed=4)
        with client.websocket_connect(f"/ws/{game_id}?token={tokens[1]}") as bea_ws:
            SeatSocket(bea_ws).receive()
        with client.websocket_connect(f"/ws/{game_id}?token={tokens[0]}") as host_ws:
            host = SeatSocket(host_ws)
            host.receive()
            host.ws.send_json({"type": "seat", "seat": 1, "player": "random"})
            read_until(host, "table", text="Random plays for Bea until Bea is back.")
            with client.websocket_connect(f"/ws/{game_id}?token={tokens[1]}") as bea_ws:
                bea = SeatSocket(bea_ws)
                back = read_until(host, "table", text="Bea takes the seat back from Random.")
                assert back["table"]["seats"][1]["stand_in"] is None
                state = read_until(bea, "state")["state"]
                assert state["table"]["seats"][1]["stand_in"] is None


class TestPlayAgain:
    def test_everyone_at_the_table_agrees_and_moves_to_a_new_game(
        self, app: FastAPI, client: TestClient
    ) -> None:
        game_id, tokens = started_table(client, ["greedy"], variant="draw", target=0, seed=6)
        with client.websocket_connect(f"/ws/{game_id}?token={tokens[0]}") as host_ws, \
                client.websocket_connect(f"/ws/{game_id}?token={tokens[1]}") as bea_ws:
            host, bea = SeatSocket(host_ws), SeatSocket(bea_ws)
            done: list[dict[str, Any]] = []
            thread = threading.Thread(target=lambda: done.append(
                bea.play_out(random.Random(2))))
            thread.start()
            final = host.play_out(random.Random(1))
            thread.join(60)
            assert final["over"] and done and done[0]["over"]
            host.ws.send_json({"type": "again"})
            told = read_until(bea, "table", text="Ana wants to play again.")
            assert [s["again"] for s in told["table"]["seats"]] == [True, False, False]
            bea.ws.send_json({"type": "again"})
            new_id = read_until(host, "again")["game_id"]
            assert read_until(bea, "again")["game_id"] == new_id != game_id
        # The same tokens hold the same seats in the new game, which is going on.
        for seat, token in tokens.items():
            with client.websocket_connect(f"/ws/{new_id}?token={token}") as ws:
                state = read_until(SeatSocket(ws), "state")["state"]
                assert state["me"] == seat and state["table"]["stage"] == "playing"
                assert [s["name"] for s in state["table"]["seats"]] == ["Ana", "Bea", "Greedy"]
                assert len(state["hand"]) > 0

    def test_someone_leaving_without_asking_lets_the_others_play_again(
        self, client: TestClient
    ) -> None:
        game_id, tokens = started_table(client, [], variant="draw", target=0, seed=9)
        with client.websocket_connect(f"/ws/{game_id}?token={tokens[0]}") as host_ws:
            host = SeatSocket(host_ws)
            with client.websocket_connect(f"/ws/{game_id}?token={tokens[1]}") as bea_ws:
                bea = SeatSocket(bea_ws)
                thread = threading.Thread(target=lambda: bea.play_out(random.Random(2)))
                thread.start()
                assert host.play_out(random.Random(1))["over"]
                thread.join(60)
                host.ws.send_json({"type": "again"})
                read_until(bea, "table", text="Ana wants to play again.")
            # Bea leaves without asking: Ana, the only one still at the table, plays again.
            read_until(host, "table", text="Bea has left the table.")
            assert read_until(host, "again")["game_id"] != game_id

    def test_the_one_left_plays_again_with_stand_ins_for_those_gone(
        self, client: TestClient
    ) -> None:
        """Ana (the host) and Bea leave after the game; Cal asks to play again: the new game
        starts with computers playing for Ana and Bea, everyone is told, and it is played to
        its end by Cal alone."""
        answer = set_table(client, ["person", "person", "greedy"], variant="all-fives",
                           target=0, seed=11)
        game_id = answer["game_id"]
        tokens = {0: answer["token"]}
        for invite, cookie, name in zip(answer["invites"], (BEA, CAL), ("Bea", "Cal"),
                                        strict=True):
            tokens[invite["seat"]] = join(client, invite["url"], cookie, name)["token"]
        with client.websocket_connect(f"/ws/{game_id}?token={tokens[2]}") as cal_ws:
            cal = SeatSocket(cal_ws)
            with client.websocket_connect(f"/ws/{game_id}?token={tokens[0]}") as ana_ws, \
                    client.websocket_connect(f"/ws/{game_id}?token={tokens[1]}") as bea_ws:
                ana, bea = SeatSocket(ana_ws), SeatSocket(bea_ws)
                ana.ws.send_json({"type": "start"})
                read_until(bea, "table", text="The game starts.")
                bea.ws.send_json({"type": "resign"})
                while not cal.state.get("over"):
                    cal.receive()
            read_until(cal, "table", text="Bea has left the table.")
            cal.ws.send_json({"type": "again"})
            again = read_until(cal, "again")
            assert again["text"] == ("Everyone agreed: a new game starts. Greedy plays for Ana "
                                     "until Ana is back. Greedy plays for Bea until Bea is back.")
        new_id = again["game_id"]
        with client.websocket_connect(f"/ws/{new_id}?token={tokens[2]}") as ws:
            cal = SeatSocket(ws)
            state = read_until(cal, "state")["state"]
            assert [s["stand_in"] for s in state["table"]["seats"]] == [
                "greedy", "greedy", None, None]
            final = cal.play_out(random.Random(3))
            assert final["over"] and final["table"]["stage"] == "over"
            laid = {m["event"]["seat"] for m in cal.received
                    if m["type"] == "event" and m["event"]["kind"] == "lay"}
            assert {0, 1} & laid, "the stand-ins played for Ana and Bea"

    def test_anyone_at_the_table_lets_a_computer_play_for_the_host(
        self, client: TestClient
    ) -> None:
        game_id, tokens = started_table(client, [], variant="draw", target=0, seed=3)
        with client.websocket_connect(f"/ws/{game_id}?token={tokens[0]}") as ana_ws:
            SeatSocket(ana_ws).receive()
        with client.websocket_connect(f"/ws/{game_id}?token={tokens[1]}") as bea_ws:
            bea = SeatSocket(bea_ws)
            bea.receive()
            bea.ws.send_json({"type": "seat", "seat": 1, "player": "greedy"})
            assert "only the seat of a person away" in read_until(bea, "error")["message"]
            bea.ws.send_json({"type": "seat", "seat": 0, "player": "greedy"})
            told = read_until(bea, "table", text="Greedy plays for Ana until Ana is back.")
            assert told["table"]["seats"][0]["stand_in"] == "greedy"
            assert bea.play_out(random.Random(5))["over"]

    def test_again_is_for_finished_tables(self, client: TestClient) -> None:
        game_id, tokens = started_table(client, [])
        with client.websocket_connect(f"/ws/{game_id}?token={tokens[0]}") as ws:
            host = SeatSocket(ws)
            host.receive()
            host.ws.send_json({"type": "again"})
            assert read_until(host, "error")["message"] == "play again once the game is over"


class TestStatistics:
    def test_a_game_with_people_counts_for_each_person(self, client: TestClient) -> None:
        game_id, tokens = started_table(client, [], variant="draw", target=0, seed=8)
        with client.websocket_connect(f"/ws/{game_id}?token={tokens[0]}") as host_ws, \
                client.websocket_connect(f"/ws/{game_id}?token={tokens[1]}") as bea_ws:
            host, bea = SeatSocket(host_ws), SeatSocket(bea_ws)
            thread = threading.Thread(target=lambda: bea.play_out(random.Random(2)))
            thread.start()
            final = host.play_out(random.Random(1))
            thread.join(60)
        for cookie in (ANA, BEA):  # each person's record is saved after the last picture
            wait_for(lambda cookie=cookie: as_browser(client, cookie).get(
                "/api/stats").json()["games"] == 1, what="the finished game's record")
        for cookie, seat in ((ANA, 0), (BEA, 1)):
            stats = as_browser(client, cookie).get("/api/stats").json()
            assert stats["games"] == 1
            assert stats["wins"] == (1 if final["winner"] == seat else 0)
            assert stats["by_opponent"] == {"person": {"games": 1, "wins": stats["wins"]}}


def test_a_database_from_before_tables_gains_its_column(tmp_path: Any) -> None:
    """An older release's database (no ``table_info``) opens, and its games load as before."""
    url = sqlite_url(tmp_path / "old.sqlite3")
    store = Store(url)
    store.insert(SavedGame("g1", owner="o", variant="draw", seats=[Seat("You", "human", "h")],
                           match="{}", scores=[0, 0]))
    store.dispose()
    before_migrations(url, columns=["table_info"])
    store = Store(url)
    loaded = store.load("g1")
    assert loaded is not None and loaded.table is None and loaded.seats[0].kind == "human"
    store.dispose()


def drain(connection: Connection) -> list[dict[str, Any]]:
    """The messages waiting in a connection's outbox."""
    messages = []
    while not connection.outbox.empty():
        message = connection.outbox.get_nowait()
        if message is not None:
            messages.append(message)
    return messages


async def until(check: Any, seconds: float = 10.0) -> None:
    """Wait until ``check()`` is true (the other process's notes take a moment)."""
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "it did not happen in time"
        await asyncio.sleep(0.05)


def test_two_server_processes_share_a_table() -> None:
    """Ana's socket in one server process, Bea's in another (PostgreSQL): each sees the other
    at the table, hears the other leave and come back, and every move reaches both."""
    url = postgres_url()

    async def scenario() -> None:
        settings = TEST_SETTINGS.replace(search_processes=0, presence_interval=0.5)
        one = Games(Store(url, origin="one"), settings=settings)
        two = Games(Store(url, origin="two"), settings=settings)
        await one.start()
        await two.start()
        try:
            assert one.listener is not None and two.listener is not None
            await one.listener.ready.wait()
            await two.listener.ready.wait()
            rules = Rules.variant("draw", players=2, target=0)
            game_id, ana_token, invites = await one.create(
                ANA, rules, ("person",), seed=12, name="Ana")
            _, bea_token, _ = await two.join(BEA, game_id, invites[0]["code"], "Bea")
            game_one, ana = await one.connect(game_id, ana_token)
            game_two, bea = await two.connect(game_id, bea_token)
            await until(lambda: game_one.connected(1) and game_two.connected(0))
            await until(lambda: game_one.saved.seats[1].joined)  # heard the join's save
            texts = [m.get("text") for m in drain(ana) if m["type"] == "table"]
            assert "Bea has left the table." not in texts
            # Bea leaves (in process two) and comes back: process one tells Ana.
            two.disconnect(game_two, bea)
            await until(lambda: not game_one.connected(1))
            assert "Bea has left the table." in [m.get("text") for m in drain(ana)]
            game_two, bea = await two.connect(game_id, bea_token)
            await until(lambda: game_one.connected(1))
            assert "Bea is back." in [m.get("text") for m in drain(ana)]
            # Ana starts in process one; Bea's moves in process two reach Ana.
            await one.handle(game_one, ana, '{"type": "start"}')
            await until(lambda: not game_two.info.waiting)
            def same() -> bool:
                return game_one.match.to_json() == game_two.match.to_json()

            while not game_one.is_over and game_one.match.turn is not None:
                games, game, connection = ((one, game_one, ana) if game_one.match.turn == 0
                                           else (two, game_two, bea))
                move = str(game.match.legal_moves()[0])
                await games.handle(game, connection, json.dumps({"type": "play", "move": move}))
                await until(same)
            assert game_one.is_over and game_two.match.to_json() == game_one.match.to_json()
            assert not [m for m in drain(ana) + drain(bea) if m["type"] == "error"]
        finally:
            await one.close()
            await two.close()
            one.store.dispose()
            two.store.dispose()

    run_async(scenario())


def test_a_game_loaded_for_two_callers_at_once_stays_one_copy() -> None:
    """The invitation page and the host's socket load a stored table at the same moment; the
    invitation's caller is done with it first (and drops it): the host's socket must still sit
    at the one copy that the join then changes, and be told of the join."""

    async def scenario() -> None:
        games = Games(Store("sqlite://"), settings=TEST_SETTINGS.replace(search_processes=0))
        try:
            rules = Rules.variant("draw", players=2, target=0)
            game_id, token, invites = await games.create(ANA, rules, ("person",), seed=3,
                                                         name="Ana")
            code = invites[0]["code"]
            shown, (game, ana) = await asyncio.gather(
                games.invitation(BEA, game_id, code), games.connect(game_id, token))
            assert shown["seat"] == 1
            assert games.live(game_id) is game
            await games.join(BEA, game_id, code, "Bea")
            told = [m.get("text") for m in drain(ana) if m["type"] == "table"]
            assert "Bea has joined the table." in told
        finally:
            await games.close()

    run_async(scenario())
