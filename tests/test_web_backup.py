"""``doublesix backup`` (issue 47): a SQLite database copied with SQLite's online backup API
while a real server plays a game on it, and PostgreSQL's answer (pg_dump's line)."""

from __future__ import annotations

import random
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import httpx2
import pytest
from websockets.sync.client import connect

from doublesix.cli import main
from doublesix.web.play.live import stored_match
from doublesix.web.storage.backup import USE_PG_DUMP
from doublesix.web.storage.store import SavedGame, Store, sqlite_url
from tests.support.web import SeatSocket, Server, SyncSocket, free_port, wait_for


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    running = Server(free_port(), tmp_path / "live.sqlite3")
    yield running
    running.stop()


def saved(path: Path, game_id: str) -> SavedGame:
    """The game as the database at ``path`` holds it (the file is only read)."""
    store = Store(sqlite_url(path))
    try:
        game = store.load(game_id)
        assert game is not None, f"{game_id} is not in {path}"
        return game
    finally:
        store.dispose()


def test_a_backup_while_a_game_is_played_holds_every_move_so_far(
    server: Server, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    live = tmp_path / "live.sqlite3"
    body = {"variant": "draw", "players": 3, "target": 0, "opponents": ["greedy", "greedy"]}
    created = httpx2.post(server.url + "/api/games", json=body, timeout=30)
    assert created.status_code == 201, created.text
    game = created.json()
    url = f"ws://127.0.0.1:{server.port}/ws/{game['game_id']}?token={game['token']}"
    rng = random.Random(47)
    seen: list[tuple[int, int]] = []  # each copy's revision and moves, as play went on
    with connect(url) as ws:
        seat = SeatSocket(SyncSocket(ws))
        for number in range(4):
            state = seat.settle()
            assert not state["over"] and state["result"] is None, "the hand ended too soon"
            seat.send({"type": "play", "move": rng.choice(state["legal"])["move"]})
            # While the computers answer and the server saves: a consistent copy all the same.
            assert main(["backup", "--db", str(live), str(tmp_path / f"during{number}.db")]) == 0
            during = saved(tmp_path / f"during{number}.db", game["game_id"])
            seen.append((during.revision, len(stored_match(during).history)))  # a whole save
        state = seat.settle()
        wait_for(lambda: saved(live, game["game_id"]).revision >= state["revision"],
                 what="the server to save the last move")
        now = saved(live, game["game_id"])
        assert main(["backup", "--db", str(live), str(tmp_path / "copy.db")]) == 0
    # The copy is one file, in rollback-journal mode: nothing beside it to carry.
    with sqlite3.connect(tmp_path / "copy.db") as db:
        assert db.execute("PRAGMA journal_mode").fetchone() == ("delete",)
    copy = saved(tmp_path / "copy.db", game["game_id"])
    assert (copy.revision, copy.match, copy.moves) == (now.revision, now.match, now.moves)
    history = stored_match(copy).history
    assert len(history) == len(stored_match(now).history) and len(history) >= 4
    assert seen == sorted(seen) and seen[-1] <= (copy.revision, len(history))
    assert "copied to" in capsys.readouterr().out


def test_a_backup_of_a_file_that_is_not_there_names_it_and_makes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "typo.sqlite3"
    assert main(["backup", "--db", str(missing), str(tmp_path / "copy.db")]) == 1
    assert str(missing) in capsys.readouterr().err
    assert sorted(tmp_path.iterdir()) == []


def test_postgresql_is_backed_up_with_pg_dump(capsys: pytest.CaptureFixture[str]) -> None:
    url = "postgresql+psycopg://doublesix:secret@db.example/games"
    assert main(["backup", "--db", url, "games.dump"]) == USE_PG_DUMP
    out = capsys.readouterr().out
    assert ("pg_dump --format=custom --file=games.dump "
            "'postgresql://doublesix:***@db.example/games'") in out
    assert "pg_restore" in out and "secret" not in out


def test_the_database_is_found_as_doublesix_db_finds_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    database = tmp_path / "env.sqlite3"
    Store(sqlite_url(database)).dispose()
    monkeypatch.setenv("DOUBLESIX_DATABASE_URL", sqlite_url(database))
    assert main(["backup", str(tmp_path / "copy.db")]) == 0
    assert str(database) in capsys.readouterr().out
