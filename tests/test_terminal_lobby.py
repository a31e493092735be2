"""``doublesix lobby URL`` against a real server: the lobby in the browser's words, a choice
that names no table told, and a table's number taking its free seat (the server's lobby then
lists it no more)."""

from __future__ import annotations

import io
import json
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from doublesix.cli import main
from doublesix.terminal.lobby import lobby
from doublesix.words import lobbywords
from tests.support.web import Server, free_port, set_table


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    running = Server(free_port(), tmp_path / "games.sqlite3")
    yield running
    running.stop()


def open_tables(origin: str) -> list[dict[str, object]]:
    with urllib.request.urlopen(f"{origin}/api/lobby", timeout=30) as response:
        tables: list[dict[str, object]] = json.loads(response.read())["tables"]
    return tables


def test_the_lobby_lists_a_table_and_a_number_sits_you_there(
        server: Server, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["lobby", server.url, "--list", "--save-dir", str(tmp_path)]) == 0
    assert capsys.readouterr().out.strip() == lobbywords.NO_TABLES

    table = set_table(server.url, seed=5, public=True)
    deadline = time.monotonic() + 30
    while not open_tables(server.url):  # each server process reads the lobby once a second
        assert time.monotonic() < deadline
        time.sleep(0.1)
    out = io.StringIO()
    typed = io.StringIO("7\n1\n")  # no table 7; then the first
    sitting = threading.Thread(target=lobby, args=(server.url, typed, out), daemon=True,
                               kwargs={"name": "Bea", "folder": str(tmp_path)})
    sitting.start()
    sitting.join(60)
    text = out.getvalue()
    assert "1. Ana's table: Draw" in text and lobbywords.RATED in text, text
    assert "Seat 2: a free seat" in text
    assert lobbywords.not_a_table("7", 1) in text
    assert "You have your seat." in text, text
    assert open_tables(server.url) == []
    kept = json.loads((tmp_path / "tables.json").read_text())
    assert any(seat["game_id"] == table["game_id"] for seat in kept["seats"].values())
