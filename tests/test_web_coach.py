"""The coach in the web game (issue 44): a move asked to be judged (``play``'s ``coach``) that
loses much more than the best gets the coach's sentence at once, before the computer answers,
with the better move and the reason; a good move gets none, nor a move not asked to be
judged, nor one at a table of people (rated) or in the daily game.  The coach's judgement is
the review's: the review marks the same move a blunder.  A game the coach helped in is casual:
its first words say so, it moves no rating, its result says so, and that is kept when the
server starts again; words on the move that ended the game change nothing; a game where the
coach never spoke is rated."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any, cast

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from doublesix import Match, Rules
from doublesix.ai.review import review
from doublesix.protocol.messages import ServerMessage
from doublesix.protocol.wire import COOKIE, HUMAN
from doublesix.web.play.coaching import note_help
from doublesix.web.play.live import load_game, stored_match
from doublesix.web.routes.app import create_app
from doublesix.web.storage.saving import Saving
from doublesix.web.storage.store import SavedGame, Seat, Store, sqlite_url
from doublesix.words import coachwords
from tests.support.deals import COACH_POSITION
from tests.support.web import TEST_SETTINGS, SeatSocket, games_of, new_game, run_async

ANA = "ana-coach-browser-cookie-0123456789"
PLAYOUTS = 400


@pytest.fixture
def client() -> Iterator[TestClient]:
    app = create_app("sqlite://", settings=TEST_SETTINGS, review_playouts=PLAYOUTS)
    with TestClient(app) as client:
        client.cookies.set(COOKIE, ANA)
        yield client


def after_move(seat: SeatSocket, move: str, coach: bool = True) -> list[dict[str, Any]]:
    """Play ``move`` at the person's first turn, then read until the computer has answered
    and it is the person's turn again (or the hand is over): the messages after the move."""
    seat.settle()
    seat.send({"type": "play", "move": move, "coach": coach})
    start = len(seat.received)
    seat.settle()
    return seat.received[start:]


def the_computers(messages: list[dict[str, Any]]) -> int:
    """Where the computer's first message is (its thinking or its move)."""
    return next(i for i, m in enumerate(messages)
                if m["type"] == "thinking" or (m["type"] == "event" and m["event"]["seat"] == 1))


def test_a_blunder_gets_the_coach_before_the_computer_answers(client: TestClient) -> None:
    game_id, token = new_game(client, **COACH_POSITION.game)
    with client.websocket_connect(f"/ws/{game_id}?token={token}") as ws:
        ana = SeatSocket(ws)
        messages = after_move(ana, COACH_POSITION.bad)
        ana.play_out(random.Random(1))
    coached = [i for i, m in enumerate(messages) if m["type"] == "coach"]
    assert len(coached) == 1
    said = messages[coached[0]]
    ServerMessage.model_validate(said)
    assert said == {"type": "coach", "move": COACH_POSITION.good, "tile": "4|4", "end": "left",
                    "mark": "blunder", "words": COACH_POSITION.sentence,
                    "take_back": coachwords.take_back(), "casual": coachwords.now_casual()}
    mine = next(i for i, m in enumerate(messages)
                if m["type"] == "event" and m["event"]["kind"] == "lay" and m["event"]["seat"] == 0)
    assert mine < coached[0] < the_computers(messages)
    # The review later marks the same move a blunder, with the same best move.
    saved = games_of(cast(FastAPI, client.app)).store.load(game_id)
    assert saved is not None
    first = review(stored_match(saved), 0, playouts=PLAYOUTS, hindsight=False).decisions[0]
    assert (str(first.played), first.mark.value, str(first.best)) == (
        COACH_POSITION.bad, "blunder", COACH_POSITION.good)


def test_a_coached_game_is_casual_and_stays_so_when_the_server_starts_again(
        tmp_path: Path) -> None:
    url = sqlite_url(tmp_path / "games.sqlite3")
    with TestClient(create_app(url, settings=TEST_SETTINGS, review_playouts=PLAYOUTS)) as client:
        client.cookies.set(COOKIE, ANA)
        game_id, token = new_game(client, **COACH_POSITION.game)
        with client.websocket_connect(f"/ws/{game_id}?token={token}") as ws:
            ana = SeatSocket(ws)
            messages = after_move(ana, COACH_POSITION.bad)
            assert ana.state["words"]["coached"] == coachwords.coached_game()
    assert [m["casual"] for m in messages if m["type"] == "coach"] == [coachwords.now_casual()]
    store = Store(url)
    try:
        saved = store.load(game_id)
        assert saved is not None and saved.coached and not saved.is_finished
    finally:
        store.dispose()
    # The server starts again: the game is read from the database and played to its end.
    with TestClient(create_app(url, settings=TEST_SETTINGS, review_playouts=PLAYOUTS)) as client:
        client.cookies.set(COOKIE, ANA)
        with client.websocket_connect(f"/ws/{game_id}?token={token}") as ws:
            final = SeatSocket(ws).play_out(random.Random(1))
        assert final["over"] and final["words"]["rating"] is None
        assert final["words"]["coached"] == coachwords.coached_game()
        assert final["words"]["taken_back"] is None
        assert client.get("/api/stats").json()["rating"]["games"] == 0


def test_a_game_where_the_coach_never_spoke_is_rated(client: TestClient) -> None:
    game_id, token = new_game(client, **COACH_POSITION.game)
    with client.websocket_connect(f"/ws/{game_id}?token={token}") as ws:
        ana = SeatSocket(ws)
        messages = after_move(ana, COACH_POSITION.good)
        final = ana.play_out(random.Random(1))
    assert not [m for m in messages if m["type"] == "coach"]
    assert final["over"] and final["words"]["coached"] is None
    assert final["words"]["rating"] and final["words"]["rating"][0].startswith("Your rating")
    assert client.get("/api/stats").json()["rating"]["games"] == 1


@pytest.mark.parametrize("ended", [True, False], ids=["game-ended", "coached-already"])
def test_the_coach_notes_its_help_once_and_not_on_the_last_move(ended: bool) -> None:
    match = Match(Rules.variant("block", players=2, target=0), seed=3)
    while ended and not match.is_over:
        match.play(match.legal_moves()[0])
    game = load_game(SavedGame("g", "o", "block", [Seat("You", HUMAN, "h"),
                                                   Seat("Greedy", "greedy")],
                               match.to_json(), match.scores, coached=not ended))
    # Nothing to note, so nothing is saved (no saving is given), and nothing more is said.
    assert run_async(note_help(game, 0, cast(Saving, None))) is False
    assert game.saved.coached is game.info.coached is (not ended)


@pytest.mark.parametrize("move,coach", [(COACH_POSITION.good, True),
                                        (COACH_POSITION.bad, False)])
def test_no_coach_for_a_good_move_or_when_not_asked(client: TestClient, move: str,
                                                    coach: bool) -> None:
    game_id, token = new_game(client, **COACH_POSITION.game)
    with client.websocket_connect(f"/ws/{game_id}?token={token}") as ws:
        messages = after_move(SeatSocket(ws), move, coach)
    assert the_computers(messages) >= 0
    assert not [m for m in messages if m["type"] == "coach"]


def test_no_coach_at_a_rated_table_of_people_nor_in_the_daily_game(client: TestClient) -> None:
    made = client.post("/api/games", json={
        "variant": "all-fives", "players": 2, "target": 0, "opponents": ["person"],
        "name": "Ana", "rated": True, "seed": 0}).json()  # Ana leads
    client.cookies.set(COOKIE, "bea-coach-browser-cookie-0123456789")
    assert client.post(f"/api{made['invites'][0]['url']}", json={"name": "Bea"}).status_code \
        == 201
    client.cookies.set(COOKIE, ANA)
    daily = client.post("/api/daily", json={}).json()
    for game_id, token, table in ((made["game_id"], made["token"], True),
                                  (daily["game_id"], daily["token"], False)):
        with client.websocket_connect(f"/ws/{game_id}?token={token}") as ws:
            if table:
                ws.send_json({"type": "start"})
                while ws.receive_json().get("text") != "The game starts.":
                    pass
            ana = SeatSocket(ws)
            while True:  # to Ana's turn
                state = ana.receive().get("state")
                if state and state["turn"] == state["me"] and state["result"] is None:
                    break
            ana.send({"type": "play", "move": state["legal"][-1]["move"], "coach": True})
            ws.send_json({"type": "next"})  # refused: the hand is in play; it comes after
            start = len(ana.received)
            while ana.receive()["type"] != "error":
                pass
            assert not [m for m in ana.received[start:] if m["type"] == "coach"]
