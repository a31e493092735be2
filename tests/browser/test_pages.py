"""The pages in Chromium: axe on every page and dialog, the new-game form, statistics, the
daily game and refused games."""

from __future__ import annotations

import json
import re
from typing import Any

from playwright.sync_api import Page, expect

from doublesix.web.routes.errors import too_many_games
from tests.support.browser import assert_accessible
from tests.support.browser_players import MousePlayer, wait_phase


def check_dialog(page: Page, opener: Any, dialog_id: str, where: str) -> None:
    """Open a dialog, scan the page with it open, close it."""
    opener.click()
    dialog = page.locator(f"#{dialog_id}")
    expect(dialog).to_be_visible()
    assert_accessible(page, where)
    dialog.get_by_role("button", name="Close").click()
    expect(dialog).to_be_hidden()


def test_start_page_and_new_game_form(session: Any) -> None:
    page = session.page()
    page.goto(session.server.url + "/")
    expect(page.get_by_role("button", name="New game")).to_be_visible()
    expect(page.get_by_role("main").get_by_role("link", name="Daily game")).to_be_visible()
    assert_accessible(page, "start page")

    page.get_by_role("button", name="New game").click()
    form = page.locator("#setup")
    expect(form).to_be_visible()
    # The presets by the names players know them by: seed 000's spinner game is Muggins.
    for label in ("Draw", "Block", "All Fives", "Muggins (All Fives with a spinner)",
                  "Partnership (two against two)", "One hand", "Double-nine (55 tiles)"):
        expect(form.get_by_label(label, exact=True)).to_have_count(1)
    form.get_by_label("All Fives", exact=True).check()
    form.get_by_label("3", exact=True).check()
    expect(form.get_by_label("Opponent 2")).to_be_visible()
    form.get_by_label("Opponent 1").select_option("buratino")
    form.get_by_label("50 points").check()
    assert_accessible(page, "new-game form")
    page.locator("#custom-rules summary").click()
    expect(page.locator("#custom-summary")).to_contain_text("All Fives rules, unchanged")
    assert_accessible(page, "new-game form with its custom rules open")
    page.locator("#custom-rules summary").click()
    form.get_by_role("button", name="Rules of the chosen game").click()
    rules = page.locator("#rules-dialog")
    expect(rules).to_contain_text("multiple of 5")
    assert_accessible(page, "rules dialog")
    rules.get_by_role("button", name="Close").click()
    page.get_by_role("button", name="Settings").click()
    expect(page.locator("#settings-dialog")).to_be_visible()
    assert_accessible(page, "settings dialog")
    page.locator("#settings-dialog").get_by_role("button", name="Done").click()
    # On a small screen the rules open at their top, the heading focused, not scrolled down
    # to the Close button.
    page.set_viewport_size({"width": 320, "height": 480})
    form.get_by_role("button", name="Rules of the chosen game").click()
    expect(rules.get_by_role("heading", name="Rules: All Fives")).to_be_focused()
    assert rules.evaluate("el => el.scrollHeight > el.clientHeight && el.scrollTop === 0")
    rules.get_by_role("button", name="Close").click()
    page.set_viewport_size({"width": 1280, "height": 800})
    form.get_by_role("button", name="Start").click()
    page.wait_for_url(re.compile(r"/game/"))
    wait_phase(page)
    expect(page.locator("#game .seat")).to_have_count(2)
    expect(page.locator("#game .seat").first).to_contain_text("Buratino (level 4, Club)")
    expect(page.locator("#game-caption")).to_contain_text("All Fives, to 50")

    # The choice is remembered for the next visit.
    page.goto(session.server.url + "/")
    page.get_by_role("button", name="New game").click()
    expect(form.get_by_label("All Fives", exact=True)).to_be_checked()
    expect(form.get_by_label("50 points")).to_be_checked()
    expect(form.get_by_label("Opponent 1")).to_have_value("buratino")

    # A reload of the game page returns to the game.
    page.go_back()
    page.reload()
    wait_phase(page)
    expect(page.locator("#hand .hand-tile").first).to_be_visible()


def test_game_screen_and_its_dialogs_are_accessible(session: Any) -> None:
    page = session.page()
    session.new_game(page, variant="draw", target=0, seed=171, opponents=["random"])
    wait_phase(page)
    tiles = page.locator("#hand .hand-tile")
    for i in range(tiles.count()):
        tile = tiles.nth(i)
        name = tile.get_attribute("aria-label") or ""
        assert re.match(r"^\d+\|\d+, can(not)? be played", name), name
    expect(page.get_by_role("button", name="Draw", exact=True)).to_be_visible()
    assert_accessible(page, "mid-game")
    for name, dialog in (("Scoresheet", "sheet-dialog"), ("What happened", "log-dialog"),
                         ("Tiles played", "tracker-dialog"), ("Rules", "rules-dialog")):
        check_dialog(page, page.locator("#game .game-tools").get_by_role("button", name=name),
                     dialog, f"{name} dialog")
    page.get_by_role("button", name="Menu").click()
    menu = page.locator("#menu-dialog")
    expect(menu).to_be_visible()
    assert_accessible(page, "game menu")
    # Every reading key also has a button.
    menu.get_by_role("button", name="Read ends").click()
    expect(menu).to_be_hidden()
    expect(page.locator("#live")).to_contain_text("Open ends")

    # A hint names a tile and an end and says why.
    for _ in range(10):
        if page.locator("#hand .hand-tile.playable").count():
            break
        MousePlayer(page).play_game(max_turns=1, stop_early=True)
        wait_phase(page)
    page.get_by_role("button", name="Hint").click()
    # Said once: "Hint: 6|0 on the left wins 69% of the deals tried."
    expect(page.locator("#hint-text")).to_have_text(re.compile(r"^Hint: \d+\|\d+ [^.]+\.$"))
    expect(page.locator("#hand .hand-tile.hinted")).to_have_count(1)
    assert_accessible(page, "mid-game with a hint")

    # On a phone held upright, the same screen.
    page.set_viewport_size({"width": 390, "height": 844})
    assert_accessible(page, "mid-game on a phone")
    page.set_viewport_size({"width": 1280, "height": 800})

    MousePlayer(page).play_game()
    dialog = page.locator("#result-dialog")
    expect(dialog).to_be_visible()
    assert_accessible(page, "results")
    dialog.get_by_role("button", name="Look at the table").click()
    expect(page.get_by_role("button", name="Show the result")).to_be_focused()
    page.get_by_role("button", name="Show the result").click()
    expect(dialog).to_be_visible()
    record = dialog.get_by_role("link", name="Download the record")
    with page.expect_download() as download:
        record.click()
    assert download.value.suggested_filename.endswith(".json")


def test_statistics_page(session: Any) -> None:
    page = session.page()
    session.new_game(page, variant="draw", target=0, seed=204, opponents=["random"])
    MousePlayer(page).play_game()
    page.goto(session.server.url + "/stats")
    expect(page.get_by_role("heading", name="Statistics")).to_be_visible()
    expect(page.locator("#stats-body")).to_contain_text("You played 1 game")
    expect(page.locator("#stats-body")).to_contain_text("Random")
    assert_accessible(page, "statistics")
    # Its tables fit a phone's width, without scrolling sideways.
    for width in (390, 320):
        page.set_viewport_size({"width": width, "height": 844})
        scroll = page.evaluate("document.documentElement.scrollWidth")
        assert scroll <= width, f"the statistics page is {scroll}px wide at {width}px"


def test_daily_game_deals_the_same_tiles_in_two_browsers(make_session: Any) -> None:
    hands = []
    pages = []
    for _ in range(2):
        session = make_session()
        page = session.page()
        page.goto(session.server.url + "/")
        page.get_by_role("main").get_by_role("link", name="Daily game").click()
        page.wait_for_url(re.compile(r"/game/"))
        wait_phase(page)
        expect(page.locator("#game-caption")).to_contain_text("Daily game")
        hands.append((
            page.locator("#hand .hand-tile").evaluate_all("els => els.map(e => e.dataset.tile)"),
            page.locator("#board [data-tile]").evaluate_all("els => els.map(e => e.dataset.tile)"),
        ))
        pages.append(page)
    assert hands[0] == hands[1]
    assert len(hands[0][0]) >= 6

    page = pages[0]
    MousePlayer(page).play_game()
    share = page.locator("#share-text")
    expect(share).to_be_visible()
    text = share.input_value()
    assert text.startswith("doublesix daily")
    assert not re.search(r"\d\|\d", text), "the share text must not show tiles"


def test_a_long_result_opens_at_its_top_with_its_buttons_in_view(make_session: Any) -> None:
    session = make_session(viewport={"width": 320, "height": 480}, delay=0)
    page = session.page()
    session.new_game(page, variant="draw", target=0, seed=5, opponents=["random"])
    MousePlayer(page).play_game()
    dialog = page.locator("#result-dialog")
    expect(dialog).to_be_visible()
    assert dialog.evaluate("el => el.scrollHeight > el.clientHeight"), "needs a long result"
    expect(dialog.get_by_role("heading", level=2)).to_be_in_viewport()
    first = dialog.locator("#result-actions > *").first
    expect(first).to_be_focused()
    expect(first).to_be_in_viewport(ratio=1)
    # Scrolled to its end, the buttons still do not cover the last of the result.
    dialog.evaluate("el => { el.scrollTop = el.scrollHeight; }")
    # (The scores come first now, the hands laid open after them: the last of the result is
    # the last of those.)
    expect(dialog.locator(".result-more > *").last).to_be_in_viewport(ratio=1)


def test_a_refused_game_says_why(session: Any) -> None:
    """A wrong token or an unknown game gets a notice, not an endless reconnection."""
    page = session.page()
    game_id = session.new_game(page, variant="draw", target=0, seed=30, opponents=["random"])
    wait_phase(page)
    url = session.server.url
    for target, words in ((game_id, "does not hold a seat"), ("no-such-game", "no such game")):
        page.evaluate("id => localStorage.setItem(`doublesix.seat.${id}`, 'not-a-token')",
                      target)
        page.goto(f"{url}/game/{target}")
        expect(page.locator("#notice-title")).to_have_text("Game not found")
        expect(page.locator("#notice-text")).to_contain_text(words)
    assert_accessible(page, "a notice")


def test_the_form_says_when_games_come_too_often(session: Any) -> None:
    """A 429 from ``POST /api/games`` (issue 30) is shown as the server's sentence."""
    words = too_many_games(95, "browser")
    page = session.page()
    page.route("**/api/games", lambda route: route.fulfill(
        status=429, headers={"Retry-After": "95"}, content_type="application/json",
        body=json.dumps({"error": words})))
    page.goto(session.server.url + "/")
    page.get_by_role("button", name="New game").click()
    page.locator("#setup").get_by_role("button", name="Start").click()
    expect(page.locator("#setup-error")).to_have_text(words)
    assert words == "You have started many games in a short time: try again in 2 minutes."
    assert page.url == session.server.url + "/"
