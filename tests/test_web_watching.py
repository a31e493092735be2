"""Watching a public table (issue 42, ``docs/protocol.md``, "Watching"): a watcher is sent the
table as everyone sees it and never a tile of a hand until the hand is laid open at its end; the
players are told how many watch; a watcher cannot move or chat; a private table cannot be
watched; every watcher is sent the same encoded picture, which no seat is sent."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from doublesix.protocol.pictures import Picture
from doublesix.protocol.wire import CLOSE_NOT_FOUND, COOKIE
from doublesix.web.play.encoded import Encoded
from doublesix.web.play.games import Games
from doublesix.web.routes.app import create_app
from doublesix.words import watchwords
from doublesix.words.talk import NOBODY
from tests.support.web import TEST_SETTINGS, SeatSocket, check_secrets, knowledge, postgres_url

ANA, BEA = "ana-watch-browser-cookie-0123456789", "bea-watch-browser-cookie-0123456789"
CID = "cid-watch-browser-cookie-0123456789"


def table_of_two(client: TestClient, public: bool = True) -> tuple[str, list[str]]:
    """A table of Ana (seat 0) and Bea (seat 1), not started: its id and their tokens."""
    client.cookies.set(COOKIE, ANA)
    answer = client.post("/api/games", json={
        "variant": "draw", "players": 2, "target": 50, "seed": 8, "opponents": ["person"],
        "name": "Ana", "public": public}).json()
    client.cookies.set(COOKIE, BEA)
    bea = client.post(f"/api{answer['invites'][0]['url']}", json={"name": "Bea"}).json()
    client.cookies.set(COOKIE, CID)
    return answer["game_id"], [answer["token"], bea["token"]]


def read_until(seat: SeatSocket, wanted: str, test: Any = None) -> dict[str, Any]:
    """Read a socket until a message of type ``wanted`` (that passes ``test``; ``"state"``:
    any message with a picture, an event's too)."""
    for _ in range(500):
        message = seat.receive()
        kind = "state" if "state" in message else message["type"]
        if kind == wanted and (test is None or test(message)):
            return message
    raise AssertionError(f"no {wanted} message")


def fresh(seat: SeatSocket, after: int) -> dict[str, Any]:
    """Read a socket until a picture newer than revision ``after``."""
    message = read_until(seat, "state", lambda m: m["state"]["revision"] > after)
    state: dict[str, Any] = message["state"]
    return state


def test_a_watcher_sees_the_whole_game_and_never_a_hidden_tile(
    app: FastAPI, client: TestClient, spy_factory: Any
) -> None:
    """Ana and Bea play a game to 50 to its end; a watcher who came before the start is sent
    every change, each message checked against the referee's knowledge at the moment it was
    sent (no tile of a hand in play, nor of the boneyard); hands laid open at each hand's
    end are shown to the watcher as to the players."""
    games: Games = app.state.games
    game_id, tokens = table_of_two(client)
    spy = spy_factory(games)
    spy.game_id = game_id
    with client.websocket_connect(f"/ws/{game_id}?token={tokens[0]}") as a, \
            client.websocket_connect(f"/ws/{game_id}?token={tokens[1]}") as b, \
            client.websocket_connect(f"/ws/{game_id}?watch=1") as w:
        seats = [SeatSocket(a, spy, 0), SeatSocket(b, spy, 1)]
        watcher = SeatSocket(w, spy, NOBODY)
        first = read_until(watcher, "state")["state"]
        Picture.model_validate(first)
        assert first["watching"] and first["hand"] == [] and first["names"] == ["Ana", "Bea"]
        assert first["table"]["invites"] == [] and first["table"]["you_host"] is False
        # The players are told that one person watches.
        told = read_until(seats[0], "table", lambda m: m["table"]["watchers"] == 1)
        assert told["table"]["words"]["watchers"] == "1 person is watching."
        a.send_json({"type": "start"})
        rng = random.Random(4)
        hands_seen, revision = 0, -1
        while True:
            state = fresh(seats[0], revision)
            revision = state["revision"]
            if state["over"]:
                break
            if state["result"] is not None:
                hands_seen += 1
                a.send_json({"type": "next"})
                continue
            mover = seats[state["turn"]]
            mine = state if mover is seats[0] else fresh(mover, revision - 1)
            legal = [m["move"] for m in mine["legal"]]
            if mine["revision"] == revision and legal != ["pass"]:  # else the server moves
                mover.ws.send_json({"type": "play", "move": rng.choice(legal)})
        # The watcher reads everything it was sent, up to the game's end.
        final = read_until(watcher, "state", lambda m: m["state"]["over"])["state"]
        assert hands_seen >= 1
        assert final["winners"] == seats[0].state["winners"]
        assert final["scores"] == seats[0].state["scores"]
        assert final["words"]["heading"].startswith("Game over: ")
        assert "you" not in final["words"]["heading"].lower()
        assert final["result"]["hands"] == seats[0].state["result"]["hands"]
        for message in watcher.received:
            if "state" in message:
                Picture.model_validate(message["state"])
                assert message["state"]["hand"] == [] and message["state"]["legal"] == []
                assert "You" not in message["state"]["names"]
        # Both play again: the watcher is told of the new game, and may watch it too.
        a.send_json({"type": "again"})
        b.send_json({"type": "again"})
        again = read_until(watcher, "again")
    with client.websocket_connect(f"/ws/{again['game_id']}?watch=1") as w2:
        assert read_until(SeatSocket(w2), "state")["state"]["watching"]
    # Each message the watcher read was checked as it came (SeatSocket with the spy).
    assert len(watcher.received) > 20


def test_a_watcher_cannot_move_or_chat_and_nothing_changes(client: TestClient) -> None:
    game_id, tokens = table_of_two(client)
    with client.websocket_connect(f"/ws/{game_id}?token={tokens[0]}") as a, \
            client.websocket_connect(f"/ws/{game_id}?watch=1") as w:
        ana, watcher = SeatSocket(a), SeatSocket(w)
        read_until(ana, "state")
        a.send_json({"type": "start"})
        state = read_until(ana, "state", lambda m: m["state"]["turn"] is not None)["state"]
        seen = read_until(watcher, "state", lambda m: m["state"]["turn"] is not None)["state"]
        for message in ({"type": "play", "move": "draw"}, {"type": "chat", "phrase": "hello"},
                        {"type": "resign"}, {"type": "start"}, "not json"):
            if isinstance(message, str):
                w.send_text(message)
            else:
                w.send_json(message)
            assert read_until(watcher, "error")["message"] == watchwords.ONLY_PLAYERS
        # What is said at the table reaches the watcher.
        a.send_json({"type": "chat", "phrase": "hello"})
        assert read_until(watcher, "chat")["text"] == "Ana: Hello!"
        # Nothing changed: Ana's next picture is the one she had, and her socket is open.
        a.send_json({"type": "hint"})
        assert read_until(ana, "hint")
        assert ana.state["revision"] == state["revision"] == seen["revision"]


def test_a_private_table_or_none_cannot_be_watched(client: TestClient) -> None:
    game_id, _tokens = table_of_two(client, public=False)
    for path in (f"/ws/{game_id}?watch=1", "/ws/no-such-game-here?watch=1"):
        with client.websocket_connect(path) as w:
            assert w.receive_json() == {"type": "error", "message": watchwords.NOT_WATCHABLE}
            with pytest.raises(WebSocketDisconnect) as closed:
                w.receive_json()
            assert closed.value.code == CLOSE_NOT_FOUND


def test_the_players_are_told_when_watchers_leave(client: TestClient) -> None:
    game_id, tokens = table_of_two(client)
    with client.websocket_connect(f"/ws/{game_id}?token={tokens[0]}") as a:
        ana = SeatSocket(a)
        with client.websocket_connect(f"/ws/{game_id}?watch=1"), \
                client.websocket_connect(f"/ws/{game_id}?watch=1") as second:
            read_until(SeatSocket(second), "state")
            told = read_until(ana, "table", lambda m: m["table"]["watchers"] == 2)
            assert told["table"]["words"]["watchers"] == "2 people are watching."
        told = read_until(ana, "table", lambda m: m["table"]["watchers"] == 0)
        assert told["table"]["words"]["watchers"] is None
        assert told["text"] is None  # counted, not announced


def test_watchers_share_one_encoding_that_no_seat_is_sent(
    app: FastAPI, client: TestClient
) -> None:
    """Issue 41: the watchers' picture is built and encoded once for all of them, and it is
    another encoding than any seat's (their views differ)."""
    games: Games = app.state.games
    game_id, tokens = table_of_two(client)
    with client.websocket_connect(f"/ws/{game_id}?token={tokens[0]}") as a, \
            client.websocket_connect(f"/ws/{game_id}?watch=1") as w1, \
            client.websocket_connect(f"/ws/{game_id}?watch=1") as w2:
        a.send_json({"type": "start"})
        texts = []
        for ws in (w1, w2, a):
            seat = SeatSocket(ws)
            read_until(seat, "state", lambda m: m["state"]["turn"] is not None)
            texts.append(json.dumps(seat.state, sort_keys=True))
        game = games.live(game_id)
        assert game is not None
        shared = game.watcher_picture()
        assert isinstance(shared, Encoded) and shared is game.watcher_picture()
        assert shared is not game.picture(0) and shared is not game.picture(1)
        assert texts[0] == texts[1] != texts[2]
        check_secrets({"type": "state", "state": dict(shared)}, knowledge(game.match, NOBODY))


def test_a_watcher_on_another_server_process_sees_the_moves_and_is_counted() -> None:
    """Two server processes on one PostgreSQL database: the players on one, a watcher on the
    other; the watcher is sent every move (heard by LISTEN/NOTIFY), and the players read that
    one person watches (the presence notes carry the count)."""
    url = postgres_url()
    with TestClient(create_app(url, settings=TEST_SETTINGS)) as one, \
            TestClient(create_app(url, settings=TEST_SETTINGS)) as two:
        game_id, tokens = table_of_two(one)
        with one.websocket_connect(f"/ws/{game_id}?token={tokens[0]}") as a, \
                one.websocket_connect(f"/ws/{game_id}?token={tokens[1]}") as b, \
                two.websocket_connect(f"/ws/{game_id}?watch=1") as w:
            seats, watcher = [SeatSocket(a), SeatSocket(b)], SeatSocket(w)
            read_until(watcher, "state")
            told = read_until(seats[0], "table", lambda m: m["table"]["watchers"] == 1)
            assert told["table"]["words"]["watchers"] == "1 person is watching."
            a.send_json({"type": "start"})
            state = read_until(seats[0], "state",
                               lambda m: m["state"]["turn"] is not None)["state"]
            mover = seats[state["turn"]]
            mine = state if mover is seats[0] else fresh(mover, state["revision"] - 1)
            legal = [m["move"] for m in mine["legal"]]
            mover.ws.send_json({"type": "play", "move": legal[0]})
            moved = fresh(seats[0], mine["revision"])
            seen = read_until(watcher, "state",
                              lambda m: m["state"]["revision"] >= moved["revision"])["state"]
            assert seen["played"] == moved["played"] and seen["hand"] == []
