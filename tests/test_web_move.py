"""``doublesix move`` (issue 47): every table copied from SQLite to PostgreSQL and back, row for
row, the schema made by the migrations, a destination holding rows refused; and the progress
bar of the long commands, silent when piped."""

from __future__ import annotations

import contextlib
import datetime
import io
import random
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from doublesix.cli import main
from doublesix.cli.progress import bar
from doublesix.web.routes.app import create_app
from doublesix.web.storage import migrating, reviewrows
from doublesix.web.storage.moving import tables
from doublesix.web.storage.retention import Policy, prune_batch
from doublesix.web.storage.store import SavedGame, Seat, Store, make_engine, sqlite_url, utcnow
from tests.support.web import TEST_SETTINGS, SeatSocket, new_game, postgres_url

QUICK = {"variant": "draw", "players": 2, "target": 0, "opponents": ["greedy"]}


def filled(path: Path) -> str:
    """A SQLite database with games played through the server: finished (rated) and not (the
    coach helped in that one), a seat owner, a review, a finished game removed with its results
    kept, an account (signed in from the browser that played, so its history joined), a
    deleted account's name and a place in quick match's queue."""
    url = sqlite_url(path)
    with TestClient(create_app(url, settings=TEST_SETTINGS)) as client:
        gone = {"name": "Gone", "password": "a long password"}
        assert client.post("/api/account", json=gone).status_code == 201
        assert client.post("/api/account/delete", json={"password": gone["password"]}
                           ).status_code == 204
        for seed in range(3):
            game_id, token = new_game(client, **QUICK, seed=seed)
            with client.websocket_connect(f"/ws/{game_id}?token={token}") as ws:
                assert SeatSocket(ws).play_out(random.Random(seed))["over"]
        unfinished, _token = new_game(client, **QUICK, seed=9)  # not played: unfinished
        answer = client.post("/api/account", json={"name": "Ana", "password": "a long password"})
        assert answer.json()["joined"], answer.json()
        waiting = client.post("/api/quickmatch", json={"variant": "block", "players": 2})
        assert waiting.json()["status"] == "waiting", waiting.text
    store = Store(url)
    try:
        store.add_seat_owner(game_id, 1, "f" * 64)
        coached = store.load(unfinished)  # the coach helped in it (issue 44)
        assert coached is not None
        coached.coached, coached.revision = True, coached.revision + 1
        assert store.update(coached)
        reviewrows.insert(store, "r1", f"{game_id} 0 0 9", "e" * 64, 9)
        later = utcnow() + datetime.timedelta(days=2)
        assert prune_batch(store, Policy(0, 1), later, limit=1) == 1  # its results kept
    finally:
        store.dispose()
    return url


class Stderr(io.StringIO):
    """Standard error, a terminal or a pipe."""

    def __init__(self, terminal: bool) -> None:
        super().__init__()
        self.terminal = terminal

    def isatty(self) -> bool:
        return self.terminal


def rows(url: str) -> dict[str, list[dict[str, Any]]]:
    """Every row of every table, in the order of their keys."""
    engine = make_engine(url)
    try:
        with engine.connect() as connection:
            return {table.name: [dict(row) for row in connection.execute(
                select(table).order_by(*table.primary_key.columns)).mappings()]
                for table in tables()}
    finally:
        engine.dispose()


def test_sqlite_to_postgresql_and_back_agree_row_for_row(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = filled(tmp_path / "source.sqlite3")
    postgres = postgres_url()
    before = rows(source)
    assert all(before.values()), {name: len(held) for name, held in before.items()}
    assert [game["coached"] for game in before["doublesix_games"]].count(True) == 1
    assert main(["move", "--from", str(tmp_path / "source.sqlite3"), "--to", postgres,
                 "--batch", "2"]) == 0
    out, err = capsys.readouterr()
    assert "counted on both sides" in out and "3 games" in out, out
    assert err == ""  # piped: no progress bar
    engine = make_engine(postgres)
    try:
        assert migrating.found(engine).revision == migrating.head()  # made by the migrations
    finally:
        engine.dispose()
    assert rows(postgres) == before
    back = tmp_path / "back.sqlite3"
    assert main(["move", "--from", postgres, "--to", str(back)]) == 0
    assert rows(sqlite_url(back)) == before


def test_a_destination_holding_rows_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    filled(tmp_path / "a.sqlite3")
    filled(tmp_path / "b.sqlite3")
    before = rows(sqlite_url(tmp_path / "b.sqlite3"))
    assert main(["move", "--from", str(tmp_path / "a.sqlite3"),
                 "--to", str(tmp_path / "b.sqlite3")]) == 1
    err = capsys.readouterr().err
    assert "already holds rows" in err and "doublesix_games" in err
    assert rows(sqlite_url(tmp_path / "b.sqlite3")) == before


def test_a_source_not_at_the_newest_revision_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with contextlib.closing(sqlite3.connect(tmp_path / "empty.sqlite3")) as db:
        db.execute("PRAGMA user_version = 1")  # a SQLite file, without doublesix's tables
    assert main(["move", "--from", str(tmp_path / "empty.sqlite3"),
                 "--to", str(tmp_path / "to.sqlite3")]) == 1
    assert "doublesix db upgrade" in capsys.readouterr().err
    assert not (tmp_path / "to.sqlite3").exists()


def test_a_source_that_is_not_there_is_named_and_not_made(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "typo.sqlite3"
    assert main(["move", "--from", str(missing), "--to", str(tmp_path / "to.sqlite3")]) == 1
    assert str(missing) in capsys.readouterr().err
    assert sorted(tmp_path.iterdir()) == []


def test_the_progress_bar_draws_in_a_terminal_and_is_silent_when_piped(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for terminal in (True, False):
        stream = Stderr(terminal)
        monkeypatch.setattr("sys.stderr", stream)
        with bar("copying", total=10) as advance:
            advance(10)
        assert ("10/10" in stream.getvalue()) is terminal, stream.getvalue()


@pytest.mark.parametrize("terminal", [True, False])
def test_prune_shows_its_progress_in_a_terminal_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
    terminal: bool,
) -> None:
    store = Store(sqlite_url(tmp_path / "old.sqlite3"))
    old = datetime.datetime(2020, 1, 1)
    for number in range(3):
        store.insert(SavedGame(f"g{number}", "o", "draw", [Seat("You", "human")], "{}", [0, 0],
                               updated=old))
    store.dispose()

    stream = Stderr(terminal)
    monkeypatch.setattr("sys.stderr", stream)
    assert main(["prune", "--db", str(tmp_path / "old.sqlite3"), "--unfinished-days", "30"]) == 0
    assert "removed 3 games" in capsys.readouterr().out
    assert ("removing" in stream.getvalue() and "3/" in stream.getvalue()) is terminal, (
        stream.getvalue())
