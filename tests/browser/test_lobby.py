"""The lobby in Chromium (issue "Play online"): Ana opens a public casual table from the
new-game form; Bea, on a phone, finds it in the lobby without reloading, taps "Sit here", gives
her name and sits; Ana's waiting room is told; the table leaves the lobby. axe on the lobby.
Quick match by touch; closing the lobby's page while waiting leaves the queue."""

from __future__ import annotations

import re
import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from doublesix.web.settings import Settings
from doublesix.words import lobbywords, matchwords
from tests.support.browser import assert_accessible, in_waiting_room, wait_said
from tests.support.web import wait_for


def test_a_table_opened_for_the_lobby_is_found_and_taken_by_touch(make_session: Any) -> None:
    bea_session = make_session(viewport={"width": 390, "height": 844}, has_touch=True,
                               is_mobile=True)
    bea = bea_session.page()
    bea.goto(bea_session.server.url + "/lobby")
    expect(bea.get_by_role("heading", name="Lobby", exact=True)).to_be_visible()
    expect(bea.locator("#lobby-body")).to_contain_text(lobbywords.NO_TABLES)

    ana_session = make_session(record=True)
    ana = ana_session.page()
    ana.goto(ana_session.server.url + "/")
    ana.get_by_role("button", name="New game").click()
    form = ana.locator("#setup")
    form.get_by_label("Draw", exact=True).check()
    form.get_by_label("One hand").check()
    form.get_by_label("Opponent 1").select_option("person")
    form.get_by_label("Your name").fill("Ana")
    form.get_by_label(re.compile("List the table in the lobby")).check()
    form.get_by_label(re.compile("Rated: the games")).uncheck()
    assert_accessible(ana, "the new-game form with a table for the lobby")
    form.get_by_role("button", name="Start").click()
    ana.wait_for_url(re.compile(r"/game/"))
    in_waiting_room(ana)

    # Bea's lobby finds it without a reload.
    table = bea.locator("#lobby-body .lobby-table")  # the open tables (games in play aside)
    expect(table).to_have_count(1)
    expect(table.get_by_role("heading")).to_contain_text("Ana's table: Draw")
    expect(table).to_contain_text(lobbywords.CASUAL)
    expect(table).to_contain_text(lobbywords.seat_line("Ana", None, host=True))
    assert_accessible(bea, "the lobby with a table")
    assert bea.evaluate("document.documentElement.scrollWidth") <= 390
    table.get_by_role("button", name=re.compile(lobbywords.SIT)).tap()
    bea.locator("#join").get_by_label("Your name").fill("Bea")
    bea.locator("#join form").get_by_role("button", name=re.compile(r"^Take seat")).tap()
    bea.wait_for_url(re.compile(r"/game/"))
    in_waiting_room(bea)
    wait_said(ana, "Bea has joined the table.")

    bea.goto(bea_session.server.url + "/lobby")
    expect(bea.locator("#lobby-body")).to_contain_text(lobbywords.NO_TABLES)


def test_two_people_quick_match_into_one_game(make_session: Any) -> None:
    pages = []
    for name, options in (("Ana", {}), ("Bea", {"viewport": {"width": 390, "height": 844},
                                               "has_touch": True, "is_mobile": True})):
        session = make_session(**options)
        page = session.page()
        page.goto(session.server.url + "/lobby")
        form = page.locator("#quick-match")
        expect(form).to_be_visible()
        form.get_by_label("Game", exact=True).select_option("draw")
        form.get_by_label("Players").select_option("2")
        form.get_by_label("Your name at the table").fill(name)
        pages.append(page)
    assert_accessible(pages[0], "the lobby's quick match")
    pages[0].get_by_role("button", name="Find a game").click()
    expect(pages[0].locator("#quick-said")).to_contain_text("Looking for a game")
    pages[1].get_by_role("button", name="Find a game").tap()
    for page in pages:
        page.wait_for_url(re.compile(r"/game/"), timeout=30000)
    assert pages[0].url == pages[1].url
    expect(pages[1].locator("#game")).to_be_visible()


def waiting_places(db: Path, kind: str) -> int:
    """How many places of ``kind`` wait in the server's queue (read from its database)."""
    with closing(sqlite3.connect(db)) as connection:
        [(count,)] = connection.execute(
            "select count(*) from doublesix_queue where kind = ? and game_id is null", (kind,))
    return int(count)


def find_a_game(page: Page, url: str, name: str, variant: str) -> None:
    """Open the lobby and enter quick match for a rated 2-player game of ``variant`` (each test
    its own: the server is shared)."""
    page.goto(url + "/lobby")
    form = page.locator("#quick-match")
    form.get_by_label("Game", exact=True).select_option(variant)
    form.get_by_label("Players").select_option("2")
    form.get_by_label("Your name at the table").fill(name)
    form.get_by_role("button", name="Find a game").click()
    expect(page.locator("#quick-said")).to_contain_text("Looking for a game")


def test_closing_the_lobby_while_waiting_leaves_the_queue(make_session: Any) -> None:
    """The page leaves the queue as it goes away (``pagehide``): Bea, who comes next, finds
    nobody waiting, well before the server would have given Ana's place up."""
    settings = Settings()
    ana_session = make_session()
    server = ana_session.server
    ana = ana_session.page()
    find_a_game(ana, server.url, "Ana", "muggins")
    assert waiting_places(server.db, "muggins/2/rated") == 1
    ana.close()
    # A closed page's request goes out of the browser on its own (no handler of the test's
    # sees it): the database says when it has arrived.
    wait_for(lambda: waiting_places(server.db, "muggins/2/rated") == 0,
             seconds=settings.quick_match_gone_after / 3, what="Ana's place left")
    bea = make_session().page()
    find_a_game(bea, server.url, "Bea", "muggins")
    expect(bea.locator("#quick-said")).to_have_text(matchwords.waiting(
        0, 1500, 100, int(settings.quick_match_fill_after)))


def test_leaving_the_lobby_for_another_page_leaves_the_queue(make_session: Any) -> None:
    session = make_session()
    page = session.page()
    find_a_game(page, session.server.url, "Ana", "block")
    # The page's request to leave, answered well before the server would give the place up.
    with page.expect_request_finished(lambda request: request.method == "DELETE",
                                      timeout=Settings().quick_match_gone_after / 3 * 1000):
        page.get_by_role("link", name="Statistics").click()
    assert waiting_places(session.server.db, "block/2/rated") == 0
    page.get_by_role("link", name="Lobby").click()
    expect(page.locator("#quick-said")).to_have_text(matchwords.LEFT)
    expect(page.get_by_role("button", name="Leave the queue")).to_be_hidden()


def test_a_place_given_up_while_the_page_could_not_ask_is_said(make_session: Any) -> None:
    """The server gave Ana's place up (as it does when a page stops asking: a laptop asleep):
    the page's next question is told so, in the server's words, and the wait ends."""
    session = make_session()
    page = session.page()
    find_a_game(page, session.server.url, "Ana", "all-fives")
    with closing(sqlite3.connect(session.server.db)) as connection, connection:
        connection.execute("delete from doublesix_queue where kind = 'all-fives/2/rated'")
    expect(page.locator("#quick-said")).to_have_text(
        matchwords.no_place(int(Settings().quick_match_gone_after)))
    expect(page.get_by_role("button", name="Leave the queue")).to_be_hidden()
    expect(page.get_by_role("button", name="Find a game")).to_be_enabled()
