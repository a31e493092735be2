"""A server killed and restarted mid-game: the page reconnects and the game goes on."""

from __future__ import annotations

import sqlite3
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.support.browser import Server, said, start_server, stop_server
from tests.support.browser_players import MousePlayer, settled, wait_phase
from tests.support.web import free_port


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
    """Losing the connection and getting it back are announced; meanwhile nothing that needs
    the server can be used; no dialog is lost; play goes on."""
    session = make_session(server=own_server.server, record=True)
    page = session.page()
    session.new_game(page, variant="draw", target=40, seed=30, opponents=["random"])
    player = MousePlayer(page)
    player.play_game(max_turns=2, stop_early=True)
    assert wait_phase(page) == "you"
    tiles = "els => els.map(e => e.dataset.tile)"
    before = page.locator("#hand .hand-tile").evaluate_all(tiles)
    laid = page.locator("#board [data-tile]").count()

    own_server.stop()
    expect(page.locator("#connection")).to_contain_text("reconnecting")
    assert "Connection lost. Reconnecting…" in said(page)
    expect(page.locator("#game")).to_have_attribute("data-phase", "offline")
    expect(page.locator("#hint-button")).to_be_disabled()
    expect(page.locator("#hand .hand-tile.playable")).to_have_count(0)
    page.locator("#hand .hand-tile").first.click()  # nothing happens, and the page says why
    expect(page.locator("#live")).to_contain_text("Not connected")
    own_server.start()

    expect(page.locator("#connection")).to_be_hidden(timeout=15000)
    assert wait_phase(page) == "you"
    words = said(page)
    back = words.index("Connected again.")
    assert any(w.startswith("Your turn") for w in words[back:]), words[back:]
    after = page.locator("#hand .hand-tile").evaluate_all(tiles)
    assert after == before
    assert page.locator("#board [data-tile]").count() == laid

    # The hand's result stays open while the server is away: "Next hand" waits for it.
    player.play_game(stop_at_result=True)
    dialog = page.locator("#result-dialog")
    next_hand = dialog.get_by_role("button", name="Next hand")
    expect(next_hand).to_be_visible()
    own_server.stop()
    expect(next_hand).to_have_attribute("aria-disabled", "true")
    next_hand.click(force=True)  # pressed anyway, as a person may
    settled(page)
    expect(dialog).to_be_visible()
    expect(next_hand).to_be_focused()
    own_server.start()
    expect(next_hand).to_have_attribute("aria-disabled", "false", timeout=15000)
    expect(dialog).to_be_visible()
    next_hand.click()
    expect(dialog).to_be_hidden()
    # Play goes on in the new hand.
    played = player.play_game(max_turns=3, stop_early=True)
    assert played.moves == 3


def test_a_game_whose_save_is_damaged_shows_a_notice(
    make_session: Any, own_server: OwnServer
) -> None:
    """The page says the game cannot be loaded, instead of reconnecting for ever."""
    session = make_session(server=own_server.server)
    page = session.page()
    game_id = session.new_game(page, variant="draw", target=0, seed=30, opponents=["random"])
    wait_phase(page)
    own_server.stop()
    expect(page.locator("#connection")).to_contain_text("reconnecting")
    with sqlite3.connect(own_server.db) as connection:
        connection.execute("update doublesix_games set match = '{' where id = ?", (game_id,))
    own_server.start()
    expect(page.locator("#notice-title")).to_have_text("This game cannot be loaded",
                                                       timeout=15000)
    expect(page.locator("#notice-text")).to_contain_text("The save is left as it is.")


def test_a_window_closed_for_too_many_places_stops_until_asked(session: Any) -> None:
    """The server keeps a few sockets a seat (the oldest closed, 4429): that window says it no
    longer follows the game, does not fight the others by reconnecting, and connects again when
    asked."""
    pages = [session.page() for _ in range(5)]
    pages[0].clock.install()  # its timers run as usual until the test moves its clock on
    game_id = session.new_game(pages[0], variant="draw", target=0, seed=30, opponents=["random"])
    assert wait_phase(pages[0]) == "you"
    token = pages[0].evaluate("id => localStorage.getItem(`doublesix.seat.${id}`)", game_id)
    for page in pages[1:]:
        session.open_seat(page, game_id, token)
        assert wait_phase(page) == "you"
    first = pages[0]
    expect(first.locator("#connection")).to_have_text("Not following the game.")
    expect(first.locator("#live")).to_contain_text("stopped following the game")
    expect(first.locator("#hand .hand-tile.playable")).to_have_count(0)
    first.clock.run_for(10_000)  # any timer of the next 10 s fires now: none reconnects
    expect(first.locator("#connection")).to_have_text("Not following the game.")
    for page in pages[2:]:
        page.close()
    first.get_by_role("button", name="Connect again").click()
    assert wait_phase(first) == "you"
    expect(first.locator("#connection")).to_be_hidden()
    expect(first.locator("#live")).to_contain_text("Connected again.")
