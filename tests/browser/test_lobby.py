"""The lobby in Chromium (issue "Play online"): Ana opens a public casual table from the
new-game form; Bea, on a phone, finds it in the lobby without reloading, taps "Sit here", gives
her name and sits; Ana's waiting room is told; the table leaves the lobby. axe on the lobby."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import expect

from doublesix.words import lobbywords
from tests.support.browser import assert_accessible, in_waiting_room, wait_said


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
    table = bea.locator(".lobby-table")
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
