"""A server killed and restarted mid-game: the page reconnects and the game goes on."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from tests.browser.conftest import Server, free_port, start_server, stop_server
from tests.browser.helpers import MousePlayer, wait_phase


def test_server_restarted_mid_game(make_session: Any, tmp_path: Path) -> None:
    port = free_port()
    db = tmp_path / "restart.sqlite"
    log = tmp_path / "server.log"
    proc = start_server(db, port, log)
    try:
        session = make_session(server=Server(f"http://127.0.0.1:{port}"))
        page = session.page()
        session.new_game(page, variant="draw", target=0, seed=30, opponents=["random"])
        player = MousePlayer(page)
        player.play_game(max_turns=2, stop_early=True)
        wait_phase(page)
        tiles = "els => els.map(e => e.dataset.tile)"
        before = page.locator("#hand .hand-tile").evaluate_all(tiles)
        laid = page.locator("#board [data-tile]").count()

        stop_server(proc)
        expect(page.locator("#game-caption")).to_contain_text("reconnecting")
        proc = start_server(db, port, log)

        expect(page.locator("#game-caption")).not_to_contain_text("reconnecting", timeout=15000)
        wait_phase(page)
        after = page.locator("#hand .hand-tile").evaluate_all(tiles)
        assert after == before
        assert page.locator("#board [data-tile]").count() == laid
        player.play_game()
        expect(page.locator("#result-dialog")).to_contain_text("Game over")
    finally:
        stop_server(proc)


def test_a_game_whose_save_is_damaged_shows_a_notice(make_session: Any, tmp_path: Path) -> None:
    """The page says the game cannot be loaded, instead of reconnecting for ever."""
    port = free_port()
    db = tmp_path / "damaged.sqlite"
    log = tmp_path / "server.log"
    proc = start_server(db, port, log)
    try:
        session = make_session(server=Server(f"http://127.0.0.1:{port}"))
        page = session.page()
        game_id = session.new_game(page, variant="draw", target=0, seed=30, opponents=["random"])
        wait_phase(page)
        stop_server(proc)
        expect(page.locator("#game-caption")).to_contain_text("reconnecting")
        with sqlite3.connect(db) as connection:
            connection.execute("update doublesix_games set match = '{' where id = ?", (game_id,))
        proc = start_server(db, port, log)
        expect(page.locator("#notice-title")).to_have_text("This game cannot be loaded",
                                                           timeout=15000)
        expect(page.locator("#notice-text")).to_contain_text("The save is left as it is.")
    finally:
        stop_server(proc)
