"""A server killed and restarted mid-game: the page reconnects and the game goes on."""

from __future__ import annotations

import sqlite3
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import Server, free_port, start_server, stop_server
from tests.browser.helpers import MousePlayer, wait_phase


class OwnServer:
    """A server of one test's own, on its own database, that the test may stop and start."""

    def __init__(self, tmp_path: Path) -> None:
        self.port = free_port()
        self.db = tmp_path / "games.sqlite"
        self.log = tmp_path / "server.log"
        self.proc: subprocess.Popen[bytes] = start_server(self.db, self.port, self.log)
        self.server = Server(f"http://127.0.0.1:{self.port}", self.db)

    def stop(self) -> None:
        stop_server(self.proc)

    def start(self) -> None:
        self.proc = start_server(self.db, self.port, self.log)


@pytest.fixture
def own_server(tmp_path: Path) -> Iterator[OwnServer]:
    server = OwnServer(tmp_path)
    try:
        yield server
    finally:
        server.stop()


def test_server_restarted_mid_game(make_session: Any, own_server: OwnServer) -> None:
    session = make_session(server=own_server.server)
    page = session.page()
    session.new_game(page, variant="draw", target=0, seed=30, opponents=["random"])
    player = MousePlayer(page)
    player.play_game(max_turns=2, stop_early=True)
    wait_phase(page)
    tiles = "els => els.map(e => e.dataset.tile)"
    before = page.locator("#hand .hand-tile").evaluate_all(tiles)
    laid = page.locator("#board [data-tile]").count()

    own_server.stop()
    expect(page.locator("#game-caption")).to_contain_text("reconnecting")
    own_server.start()

    expect(page.locator("#game-caption")).not_to_contain_text("reconnecting", timeout=15000)
    wait_phase(page)
    after = page.locator("#hand .hand-tile").evaluate_all(tiles)
    assert after == before
    assert page.locator("#board [data-tile]").count() == laid
    player.play_game()
    expect(page.locator("#result-dialog")).to_contain_text("Game over")


def test_a_game_whose_save_is_damaged_shows_a_notice(
    make_session: Any, own_server: OwnServer
) -> None:
    """The page says the game cannot be loaded, instead of reconnecting for ever."""
    session = make_session(server=own_server.server)
    page = session.page()
    game_id = session.new_game(page, variant="draw", target=0, seed=30, opponents=["random"])
    wait_phase(page)
    own_server.stop()
    expect(page.locator("#game-caption")).to_contain_text("reconnecting")
    with sqlite3.connect(own_server.db) as connection:
        connection.execute("update doublesix_games set match = '{' where id = ?", (game_id,))
    own_server.start()
    expect(page.locator("#notice-title")).to_have_text("This game cannot be loaded",
                                                       timeout=15000)
    expect(page.locator("#notice-text")).to_contain_text("The save is left as it is.")
