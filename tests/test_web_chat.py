"""Quick chat at tables of people (``docs/protocol.md``, "Quick chat"): a phrase reaches every
seat; an unknown key, a game against computers, a socket holding no seat and too many phrases
too fast are refused in words, with nothing lost and the socket still open."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from doublesix import Rules
from doublesix.protocol.wire import COOKIE
from doublesix.web.play.chat import QuickChat
from doublesix.web.play.games import Games
from doublesix.web.play.live import Connection
from doublesix.web.routes.app import create_app
from doublesix.web.routes.errors import NotNowError, TooManyError
from doublesix.web.storage.store import Store
from doublesix.words import chatwords
from tests.support.web import TEST_SETTINGS, SeatSocket, postgres_url, run_async

TWO = Rules.variant("draw", players=2)
ANA, BEA = "ana-chat-browser-cookie-0123456789", "bea-chat-browser-cookie-0123456789"


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(create_app("sqlite://", settings=TEST_SETTINGS)) as client:
        yield client


def people_table(client: TestClient, players: int = 3) -> tuple[str, list[str]]:
    """Ana sets a table for ``players`` people; the others take their seats: the game's id
    and each seat's token."""
    client.cookies.set(COOKIE, ANA)
    answer = client.post("/api/games", json={
        "variant": "draw", "players": players, "target": 0, "seed": 3,
        "opponents": ["person"] * (players - 1), "name": "Ana"}).json()
    tokens = [answer["token"]]
    for number, invite in enumerate(answer["invites"]):
        client.cookies.set(COOKIE, f"{BEA}-{number}")
        taken = client.post(f"/api{invite['url']}", json={"name": ["Bea", "Cid", "Dee"][number]})
        assert taken.status_code == 201, taken.text
        tokens.append(taken.json()["token"])
    return answer["game_id"], tokens


def read_until(seat: SeatSocket, wanted: str) -> dict[str, Any]:
    """Read a seat's socket until a message of type ``wanted``."""
    for _ in range(200):
        message = seat.receive()
        if message["type"] == wanted:
            return message
    raise AssertionError(f"no {wanted} message")


def test_a_phrase_reaches_every_seat_with_the_senders_name() -> None:
    """In the waiting room and once the game is on: everyone, the sender too, gets the
    sentence, the phrase's label and the sender's seat."""
    with TestClient(create_app("sqlite://", settings=TEST_SETTINGS)) as client:
        game_id, tokens = people_table(client)
        urls = [f"/ws/{game_id}?token={token}" for token in tokens]
        with client.websocket_connect(urls[0]) as a, client.websocket_connect(urls[1]) as b, \
                client.websocket_connect(urls[2]) as c:
            seats = [SeatSocket(ws) for ws in (a, b, c)]
            for seat in seats:
                read_until(seat, "state")
            b.send_json({"type": "chat", "phrase": "good-luck"})
            for seat in seats:
                assert read_until(seat, "chat") == {
                    "type": "chat", "seat": 1, "phrase": "good-luck", "label": "Good luck!",
                    "text": "Bea: Good luck!"}
            a.send_json({"type": "start"})
            read_until(seats[0], "state")
            a.send_json({"type": "chat", "phrase": "hello"})
            told = [read_until(seat, "chat")["text"] for seat in seats]
            assert told == ["Ana: Hello!"] * 3
            # Nothing of the game changed: a picture's revision is where it was.
            assert not any(seat.errors for seat in seats)


def test_refusals_in_words_nothing_lost_and_the_socket_open(client: TestClient) -> None:
    game_id, tokens = people_table(client, players=2)
    with client.websocket_connect(f"/ws/{game_id}?token={tokens[0]}") as a, \
            client.websocket_connect(f"/ws/{game_id}?token={tokens[1]}") as b:
        ana, bea = SeatSocket(a), SeatSocket(b)
        read_until(ana, "state")
        read_until(bea, "state")
        for wrong, words in [
            ({"type": "chat", "phrase": "you lose"}, chatwords.unknown("you lose")),
            ({"type": "chat", "phrase": "x" * 3000}, chatwords.unknown("x" * 3000)),
            ({"type": "chat"}, 'a chat names a phrase, like {"type": "chat", "phrase": '
                               '"good-luck"}'),
            ({"type": "chat", "phrase": 7}, 'a chat names a phrase, like {"type": "chat", '
                                            '"phrase": "good-luck"}'),
        ]:
            a.send_json(wrong)
            assert read_until(ana, "error")["message"] == words
        # Too many too fast: the fourth in 10 seconds is refused, to the sender only.
        for _ in range(3):
            a.send_json({"type": "chat", "phrase": "oops"})
            assert read_until(bea, "chat")["text"] == "Ana: Oops!"
        a.send_json({"type": "chat", "phrase": "oops"})
        assert read_until(ana, "error")["message"] == chatwords.too_many(3, 10)
        # Bea's own pace is her own; the socket that was refused still plays its part.
        b.send_json({"type": "chat", "phrase": "thanks"})
        assert read_until(ana, "chat")["text"] == "Bea: Thanks!"
        a.send_json({"type": "start"})
        assert read_until(bea, "state")["state"]["table"]["stage"] == "playing"
        assert [m for m in bea.received if m["type"] == "error"] == []


def test_a_game_against_computers_has_no_chat(client: TestClient) -> None:
    created = client.post("/api/games", json={"opponents": ["greedy"], "seed": 2}).json()
    with client.websocket_connect(
            f"/ws/{created['game_id']}?token={created['token']}") as ws:
        seat = SeatSocket(ws)
        read_until(seat, "state")
        ws.send_json({"type": "chat", "phrase": "hello"})
        assert read_until(seat, "error")["message"] == chatwords.ONLY_PEOPLE
        ws.send_json({"type": "hint"})
        assert read_until(seat, "hint")["words"].startswith("Hint:")


def test_the_pace_per_minute_and_only_a_seats_holder_may_chat() -> None:
    """The minute's bound counts apart from the 10 seconds' (a clock the test moves); a
    socket whose token no longer holds the seat (as a watcher's never will) is refused."""

    async def scenario() -> None:
        games = Games(Store("sqlite://"), settings=TEST_SETTINGS)
        now = [1000.0]
        chat = QuickChat(TEST_SETTINGS.replace(chat_per_10s=3, chat_per_minute=5),
                         clock=lambda: now[0])
        game_id, token, _ = await games.create("ana", TWO, ("person",), name="Ana")
        game, ana = await games.connect(game_id, token)
        for _ in range(5):
            chat.say(game, ana, "hello")
            now[0] += 4
        with pytest.raises(TooManyError) as refused:
            chat.say(game, ana, "hello")
        assert str(refused.value) == chatwords.too_many(5, 60)
        now[0] += 45  # the first phrase is a minute old
        chat.say(game, ana, "hello")
        told = [m["text"] for m in _drain(ana) if m["type"] == "chat"]
        assert told == ["Ana: Hello!"] * 6
        stranger = Connection(0)
        with pytest.raises(NotNowError) as refused_stranger:
            chat.say(game, stranger, "hello")
        assert str(refused_stranger.value) == chatwords.ONLY_SEATED
        games.disconnect(game, ana)
        await games.close()

    run_async(scenario())


def _drain(connection: Connection) -> list[dict[str, Any]]:
    """The messages waiting in a connection's outbox."""
    messages = []
    while not connection.outbox.empty():
        message = connection.outbox.get_nowait()
        if message is not None:
            messages.append(message)
    return messages


def test_other_server_processes_tell_their_sockets() -> None:
    """A phrase is noted for the other processes, and one heard from them is told here."""
    notes: list[tuple[int, str]] = []

    async def scenario() -> None:
        games = Games(Store("sqlite://"), settings=TEST_SETTINGS)
        games.chat.announce = lambda game, seat, key: notes.append((seat, key))
        game_id, token, _ = await games.create("ana", TWO, ("person",), name="Ana")
        game, ana = await games.connect(game_id, token)
        await games.handle(game, ana, '{"type": "chat", "phrase": "well-played"}')
        games.chat.heard(game, 1, "good-game")
        assert [m["text"] for m in _drain(ana) if m["type"] == "chat"] == [
            "Ana: Well played!", "Seat 2: Good game!"]
        games.disconnect(game, ana)
        await games.close()

    run_async(scenario())
    assert notes == [(0, "well-played")]


def test_a_phrase_reaches_a_seat_on_another_server_process() -> None:
    """Two server processes on one PostgreSQL database: Ana's socket on one, Bea's on the
    other; what Ana says reaches Bea (the database's channel), once."""
    url = postgres_url()
    with TestClient(create_app(url, settings=TEST_SETTINGS)) as one, \
            TestClient(create_app(url, settings=TEST_SETTINGS)) as two:
        game_id, tokens = people_table(one, players=2)
        with one.websocket_connect(f"/ws/{game_id}?token={tokens[0]}") as a, \
                two.websocket_connect(f"/ws/{game_id}?token={tokens[1]}") as b:
            ana, bea = SeatSocket(a), SeatSocket(b)
            read_until(ana, "state")
            read_until(bea, "state")
            a.send_json({"type": "chat", "phrase": "good-luck"})
            assert read_until(bea, "chat")["text"] == "Ana: Good luck!"
            assert read_until(ana, "chat")["text"] == "Ana: Good luck!"  # her own, here
            b.send_json({"type": "chat", "phrase": "thanks"})
            assert read_until(ana, "chat")["text"] == "Bea: Thanks!"
            assert read_until(bea, "chat")["text"] == "Bea: Thanks!"  # said once to Bea
