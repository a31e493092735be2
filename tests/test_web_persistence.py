"""Persistence, on SQLite and on PostgreSQL: every move saved, restarts resume every game,
statistics and the daily streak kept, two servers sharing one database.

The PostgreSQL cases use the database at ``DOUBLESIX_TEST_POSTGRES_URL`` (``scripts/test``
starts one with ``scripts/postgres.sh``).  Without it they FAIL, unless a developer running
pytest by hand opts out with ``DOUBLESIX_SKIP_POSTGRES=1`` (never honoured when ``CI`` is set).
"""

from __future__ import annotations

import datetime
import json
import random
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import create_engine
from starlette.websockets import WebSocketDisconnect

from doublesix import Match, Rules
from doublesix.protocol.wire import CLOSE_DAMAGED
from doublesix.web.play.games import Games
from doublesix.web.routes.app import create_app
from doublesix.web.storage.store import SavedGame, Seat, Store, make_engine
from tests.support.web import TEST_SETTINGS, SeatSocket, new_game, postgres_url


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh, empty database of each kind."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'games.sqlite3'}"
    return postgres_url()


def make_app(url: str, day: datetime.date | None = None) -> FastAPI:
    return create_app(url, hint_options={"playouts": 8}, settings=TEST_SETTINGS,
                      today=(lambda: day) if day is not None else None)


def act_until_turns(seat: SeatSocket, turns: int, rng: random.Random) -> None:
    """Make ``turns`` moves (or next-hands) as the person, or stop when the game is over."""
    for _ in range(turns):
        state = seat.settle()
        if state["over"]:
            return
        if state["result"] is not None:
            seat.send({"type": "next"})
        else:
            seat.send({"type": "play", "move": rng.choice(state["legal"])["move"]})
    seat.settle()


class TestStore:
    def test_round_trip_and_revisions(self, database_url: str) -> None:
        store = Store(database_url)
        try:
            match = Match(Rules.variant("muggins", players=3), seed=5)
            game = SavedGame(
                "game-1", owner="owner-hash", variant="muggins",
                seats=[Seat("You", "human", "abc"), Seat("Expert", "expert"),
                       Seat("Greedy", "greedy")],
                match=match.to_json(), scores=match.scores,
            )
            store.insert(game)
            loaded = store.load("game-1")
            assert loaded is not None
            assert loaded.seats == game.seats and loaded.match == game.match
            assert Match.from_json(loaded.match).hands == match.hands
            assert store.load("game-2") is None
            assert store.load("x" * 500) is None and store.load("ü'; drop table --") is None
            match.play(match.legal_moves()[0])
            game.match, game.revision = match.to_json(), 1
            assert store.update(game)
            assert not store.update(game), "a save must follow the stored revision"
            stale = SavedGame(**{**loaded.__dict__, "revision": 1, "match": "stale"})
            assert not store.update(stale)
            again = store.load("game-1")
            assert again is not None and again.revision == 1
            assert Match.from_json(again.match).history == match.history
        finally:
            store.dispose()


class TestRestart:
    def test_a_restarted_server_resumes_the_game(self, database_url: str) -> None:
        rng = random.Random(3)
        with TestClient(make_app(database_url)) as client:
            game_id, token = new_game(client, variant="all-fives", players=3,
                                      opponents=["greedy", "random"], seed=21, target=100)
            with client.websocket_connect(f"/ws/{game_id}?token={token}") as ws:
                seat = SeatSocket(ws)
                act_until_turns(seat, 4, rng)
                before = seat.state
        # The first server is gone; a new one on the same database takes over.
        with TestClient(make_app(database_url)) as client:
            with client.websocket_connect(f"/ws/{game_id}?token={token}") as ws:
                seat = SeatSocket(ws)
                assert seat.receive()["state"] == before
                seat.acted_at = before["revision"] - 1
                final = seat.play_out(rng)
            assert final["over"]
            record = client.get(f"/api/games/{game_id}/record", params={"token": token})
            assert record.status_code == 200
            assert Match.from_json(json.dumps(record.json()["match"])).is_over

    def test_computers_play_on_after_a_restart(self, database_url: str) -> None:
        # A deal where a computer moves right after the opening double.
        seed = next(
            s for s in range(1, 100)
            if Match(Rules.variant("draw", players=3), seed=s).turn != 0
        )
        with TestClient(make_app(database_url)) as client:
            game_id, token = new_game(client, variant="draw", players=3,
                                      opponents=["greedy", "greedy"], seed=seed)
        with (
            TestClient(make_app(database_url)) as client,
            client.websocket_connect(f"/ws/{game_id}?token={token}") as ws,
        ):
            seat = SeatSocket(ws)
            first = seat.receive()["state"]
            assert first["turn"] != 0 and first["revision"] == 0
            state = seat.settle()
            assert state["revision"] > 0
            assert any(m["type"] == "thinking" for m in seat.received)

    def test_every_move_is_saved_before_it_is_announced(self, database_url: str) -> None:
        app = make_app(database_url)
        games: Games = app.state.games
        reader = Store(database_url)
        try:
            with TestClient(app) as client:
                game_id, token = new_game(client, variant="draw", players=2, target=0,
                                          opponents=["random"], seed=8)
                with client.websocket_connect(f"/ws/{game_id}?token={token}") as ws:
                    seat = SeatSocket(ws)
                    rng = random.Random(8)
                    while True:
                        message = seat.receive()
                        if "state" in message:
                            stored = reader.load(game_id)
                            assert stored is not None
                            assert stored.revision >= message["state"]["revision"]
                        if seat.settled:
                            if seat.state["over"]:
                                break
                            move = rng.choice(seat.state["legal"])["move"]
                            seat.send({"type": "play", "move": move})
                    live = games.live(game_id)
                    assert live is not None
                    stored = reader.load(game_id)
                    assert stored is not None and stored.match == live.match.to_json()
                    assert stored.status == "over"
        finally:
            reader.dispose()


class TestTwoServers:
    def test_a_stale_server_reloads_instead_of_overwriting(self, database_url: str) -> None:
        one, two = make_app(database_url), make_app(database_url)
        with TestClient(one) as a_client, TestClient(two) as b_client:
            game_id, token = new_game(a_client, variant="block", players=2, target=0,
                                      opponents=["greedy"], seed=30)
            url = f"/ws/{game_id}?token={token}"
            with a_client.websocket_connect(url) as a_ws:
                a = SeatSocket(a_ws)
                stale = a.settle()
                if stale["over"] or stale["result"] is not None:
                    pytest.skip("this deal ends at once")  # pragma: no cover
                with b_client.websocket_connect(url) as b_ws:
                    b = SeatSocket(b_ws)
                    b.settle()
                    b.send({"type": "play", "move": stale["legal"][0]["move"]})
                    moved = b.settle()
                assert moved["revision"] > stale["revision"]
                if database_url.startswith("postgresql"):
                    # Server one heard the saves (LISTEN/NOTIFY) and shows them at once.
                    a.acted_at = stale["revision"]
                    heard = a.settle()
                    assert heard["revision"] == moved["revision"]
                    assert heard["hand"] == moved["hand"] and heard["played"] == moved["played"]
                    return
                # Server one still holds the old picture; its move must not overwrite.
                a.send({"type": "play", "move": stale["legal"][-1]["move"]})
                replies = [a.receive(), a.receive()]
                kinds = [m["type"] for m in replies]
                assert "error" in kinds and "state" in kinds
                fresh = next(m["state"] for m in replies if m["type"] == "state")
                assert fresh["revision"] >= moved["revision"]
                assert fresh["hand"] == moved["hand"]


class TestStatistics:
    def test_statistics_and_daily_streak_survive_restarts(self, database_url: str) -> None:
        start = datetime.date(2026, 11, 28)
        won: list[bool] = []
        cookies = None
        for day in range(3):
            app = make_app(database_url, start + datetime.timedelta(days=day))
            with TestClient(app, cookies=cookies) as client:
                daily = client.post("/api/daily").json()
                cookies = dict(client.cookies)
                assert daily["first_attempt"] is True
                assert daily["date"] == (start + datetime.timedelta(days=day)).isoformat()
                with client.websocket_connect(
                    f"/ws/{daily['game_id']}?token={daily['token']}"
                ) as ws:
                    final = SeatSocket(ws).play_out(random.Random(day))
                won.append(final["winner"] == 0)
                assert "|" not in final["daily"]["share"]
                # A second try the same day does not count for the streak.
                again = client.post("/api/daily").json()
                assert again["first_attempt"] is False and again["game_id"] != daily["game_id"]
        app = make_app(database_url, start + datetime.timedelta(days=2))
        with TestClient(app, cookies=cookies) as client:
            stats = client.get("/api/stats").json()
        streak = 0
        for result in reversed(won):
            if not result:
                break
            streak += 1
        assert stats["daily"]["played"] == 3 and stats["daily"]["won"] == sum(won)
        assert stats["daily"]["streak"] == streak
        assert stats["daily"]["last"] == "2026-11-30"
        assert stats["games"] == 3 and stats["wins"] == sum(won)
        assert stats["by_opponent"]["expert"]["games"] == 3
        # Another browser has no statistics.
        with TestClient(make_app(database_url)) as stranger:
            assert stranger.get("/api/stats").json()["games"] == 0

    def test_unfinished_daily_game_is_resumed_with_a_new_token(self, database_url: str) -> None:
        app = make_app(database_url, datetime.date(2026, 12, 1))
        with TestClient(app) as client:
            first = client.post("/api/daily").json()
            again = client.post("/api/daily").json()
            assert again["game_id"] == first["game_id"] and again["first_attempt"] is True
            assert again["token"] != first["token"]
            with client.websocket_connect(
                f"/ws/{first['game_id']}?token={first['token']}"
            ) as ws:
                assert ws.receive_json()["type"] == "error"
            with client.websocket_connect(
                f"/ws/{again['game_id']}?token={again['token']}"
            ) as ws:
                assert ws.receive_json()["type"] == "state"


class TestDamagedGames:
    """A stored game that cannot be read (damaged, or saved by a newer release) gets a clear
    error, is left as it is, and stops nothing else."""

    @staticmethod
    def damage(url: str, game_id: str, match: str, status: str = "playing") -> None:
        engine = make_engine(url)
        with engine.begin() as connection:
            connection.exec_driver_sql(
                "update doublesix_games set match = %(match)s, status = %(status)s "
                "where id = %(id)s"
                if engine.dialect.name == "postgresql"
                else "update doublesix_games set match = :match, status = :status where id = :id",
                {"match": match, "status": status, "id": game_id},
            )
        engine.dispose()

    def test_a_damaged_game_is_refused_and_kept(self, database_url: str) -> None:
        day = datetime.date(2026, 12, 1)
        with TestClient(make_app(database_url, day)) as client:
            game_id, token = new_game(client, opponents=["greedy"], seed=3)
            other_id, other_token = new_game(client, opponents=["greedy"], seed=4)
            over_id, over_token = new_game(client, opponents=["greedy"], seed=5)
            daily = client.post("/api/daily").json()
            cookies = dict(client.cookies)
        newer = json.dumps({"version": 99})
        self.damage(database_url, game_id, "{not json")
        self.damage(database_url, daily["game_id"], newer)
        self.damage(database_url, over_id, "{not json", status="over")
        with TestClient(make_app(database_url, day), cookies=cookies) as client:
            with client.websocket_connect(f"/ws/{game_id}?token={token}") as ws:
                message = ws.receive_json()
                assert message["type"] == "error"
                assert message["message"].startswith("this game's save cannot be read: ")
                with pytest.raises(WebSocketDisconnect) as closed:
                    ws.receive_json()
                assert closed.value.code == CLOSE_DAMAGED
            record = client.get(f"/api/games/{game_id}/record?token={token}")
            assert record.status_code == 409  # still going on, as its columns say
            record = client.get(f"/api/games/{over_id}/record?token={over_token}")
            assert record.status_code == 500
            assert record.json()["error"].startswith("this game's save cannot be read: ")
            # The other game plays on.
            with client.websocket_connect(f"/ws/{other_id}?token={other_token}") as ws:
                assert ws.receive_json()["type"] == "state"
            # Today's daily game cannot go on, so it is dealt again, not as a first attempt.
            again = client.post("/api/daily").json()
            assert again["game_id"] != daily["game_id"] and again["first_attempt"] is False
            with client.websocket_connect(
                f"/ws/{again['game_id']}?token={again['token']}"
            ) as ws:
                assert ws.receive_json()["type"] == "state"
            assert client.get("/api/stats").status_code == 200
        store = Store(database_url)
        try:
            kept = store.load(game_id)
            assert kept is not None and kept.match == "{not json"
            daily_kept = store.load(daily["game_id"])
            assert daily_kept is not None and daily_kept.match == newer
        finally:
            store.dispose()


def test_sqlite_file_is_created_in_a_new_directory(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "er" / "games.sqlite3"
    store = Store(f"sqlite:///{path}")
    store.dispose()
    assert path.exists()
    engine = create_engine(f"sqlite:///{path}")
    with engine.connect() as connection:
        assert connection.exec_driver_sql(
            "select count(*) from doublesix_games"
        ).scalar() == 0
    engine.dispose()
