"""The pages in Chromium: accessibility scans, the new-game form, statistics, the daily game,
and screenshots of the table for review."""

from __future__ import annotations

import re
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe  # type: ignore[import-untyped]
from playwright.sync_api import Page, expect

from tests.browser.conftest import SCREENSHOTS
from tests.browser.helpers import MousePlayer, wait_phase

WCAG = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]},
        "resultTypes": ["violations"]}


def assert_accessible(page: Page, where: str) -> None:
    results = Axe().run(page, options=WCAG)
    assert results.violations_count == 0, f"{where}:\n{results.generate_report()}"


def test_start_page_and_new_game_form(session: Any) -> None:
    page = session.page()
    page.goto(session.server.url + "/")
    expect(page.get_by_role("button", name="New game")).to_be_visible()
    expect(page.get_by_role("main").get_by_role("link", name="Daily game")).to_be_visible()
    assert_accessible(page, "start page")

    page.get_by_role("button", name="New game").click()
    form = page.locator("#setup")
    expect(form).to_be_visible()
    for label in ("Draw", "Block", "All Fives", "Muggins", "One hand", "Double-nine (55 tiles)"):
        expect(form.get_by_label(label, exact=True)).to_have_count(1)
    form.get_by_label("All Fives").check()
    form.get_by_label("3", exact=True).check()
    expect(form.get_by_label("Opponent 2")).to_be_visible()
    form.get_by_label("Opponent 1").select_option("buratino")
    form.get_by_label("50 points").check()
    assert_accessible(page, "new-game form")
    form.get_by_role("button", name="Rules of the chosen variant").click()
    rules = page.locator("#rules-dialog")
    expect(rules).to_contain_text("5")
    rules.get_by_role("button", name="Close").click()
    # On a small screen the rules open at their top, the heading focused, not scrolled down
    # to the Close button.
    page.set_viewport_size({"width": 320, "height": 480})
    form.get_by_role("button", name="Rules of the chosen variant").click()
    expect(rules.get_by_role("heading", name="Rules: All Fives")).to_be_focused()
    assert rules.evaluate("el => el.scrollHeight > el.clientHeight && el.scrollTop === 0")
    rules.get_by_role("button", name="Close").click()
    page.set_viewport_size({"width": 1280, "height": 800})
    form.get_by_role("button", name="Start").click()
    page.wait_for_url(re.compile(r"/game/"))
    wait_phase(page)
    expect(page.locator("#opponents article")).to_have_count(2)
    expect(page.locator("#opponents")).to_contain_text("Buratino (medium)")
    expect(page.locator("#game-caption")).to_contain_text("All Fives, to 50")

    # The choice is remembered for the next visit.
    page.goto(session.server.url + "/")
    page.get_by_role("button", name="New game").click()
    expect(form.get_by_label("All Fives")).to_be_checked()
    expect(form.get_by_label("50 points")).to_be_checked()
    expect(form.get_by_label("Opponent 1")).to_have_value("buratino")

    # A reload of the game page returns to the game.
    page.go_back()
    page.reload()
    wait_phase(page)
    expect(page.locator("#hand .hand-tile").first).to_be_visible()


def test_game_and_results_are_accessible(session: Any) -> None:
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
    expect(dialog.locator(".totals").last).to_be_in_viewport(ratio=1)


SIZES = [(1280, 800), (390, 844), (844, 390)]


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_screenshots_of_the_table(make_session: Any, width: int, height: int) -> None:
    """Mid-game tables for review by eye, saved to artifacts/screenshots/."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    session = make_session(viewport={"width": width, "height": height}, delay=0)
    for variant, seed in (("draw", 30), ("muggins", 7)):
        page = session.page()
        session.new_game(page, variant=variant, target=100, seed=seed, opponents=["random"])
        MousePlayer(page).play_game(max_turns=6, stop_early=True)
        wait_phase(page)
        page.locator("#main").evaluate("el => el.scrollIntoView({block: 'start'})")
        page.evaluate("document.activeElement && document.activeElement.blur()")
        page.wait_for_timeout(800)  # let the last tile settle and the call-outs fade
        name = f"table-{variant}-{width}x{height}.png"
        page.screenshot(path=str(SCREENSHOTS / name))
        # Nothing sticks out sideways on a phone.
        scroll = page.evaluate("document.documentElement.scrollWidth")
        assert scroll <= width, f"{name}: the page is {scroll}px wide"
        page.close()


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
