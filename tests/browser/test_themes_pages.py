"""The themes' loose ends in Chromium (issue 44): axe finds nothing on any page in any theme
(front, new game, settings, game, result, statistics, review, lobby, account, join, watch), and
the browser's status bar takes each theme's colour (``<meta name="theme-color">``, set with the
theme; the manifest's is the light theme's, the page's before theme.js runs)."""

from __future__ import annotations

import json
import re
from typing import Any, get_args

import pytest
from playwright.sync_api import Page, expect

from doublesix.protocol.accounts import Theme
from doublesix.words.pagelabels import LABELS
from tests.support.browser import Session, assert_accessible, join, set_table, start
from tests.support.browser_players import MousePlayer, wait_phase
from tests.support.colours import parse

THEMES = [theme for theme in get_args(Theme) if theme != "system"]


def in_theme(session: Session, theme: str) -> None:
    """Every page of the session opens in ``theme`` (as chosen in Settings)."""
    record = json.dumps(json.dumps({"theme": theme}))
    session.context.add_init_script(f"localStorage.setItem('doublesix.preferences', {record});")


def check(page: Page, theme: str, where: str) -> None:
    """The page is in ``theme`` and axe finds no violation."""
    expect(page.locator("html")).to_have_attribute("data-theme", theme)
    assert_accessible(page, f"{where}, {theme} theme")


@pytest.mark.parametrize("theme", THEMES)
def test_every_page_in_every_theme_has_no_axe_violation(make_session: Any, theme: str) -> None:
    ana_session, bea_session, cy_session = make_session(), make_session(), make_session()
    for session in (ana_session, bea_session, cy_session):
        in_theme(session, theme)
    url = ana_session.server.url
    page = ana_session.page()
    page.goto(url + "/")
    expect(page.get_by_role("button", name="New game")).to_be_visible()
    check(page, theme, "the front page")
    page.get_by_role("button", name="New game").click()
    expect(page.locator("#setup")).to_be_visible()
    check(page, theme, "the new-game form")
    page.get_by_role("button", name=LABELS["settings"]).click()
    expect(page.locator("#settings-dialog")).to_be_visible()
    check(page, theme, "the settings")
    page.locator("#settings-dialog").get_by_role("button", name=LABELS["done"]).click()

    ana_session.new_game(page, variant="block", players=2, target=0, opponents=["random"],
                         seed=12)
    wait_phase(page)
    check(page, theme, "the game")
    MousePlayer(page).play_game()
    expect(page.locator("#result-dialog")).to_be_visible()
    check(page, theme, "the result")
    page.goto(url + "/stats")
    games = page.locator("table.games-list tbody tr")
    expect(games).to_have_count(1)
    check(page, theme, "the statistics")
    games.first.get_by_role("button").click()
    expect(page.locator("#review-screen")).to_be_visible(timeout=60000)
    check(page, theme, "the review")
    page.goto(url + "/lobby")
    expect(page.get_by_role("heading", name="Lobby", exact=True)).to_be_visible()
    check(page, theme, "the lobby")
    page.goto(url + "/")
    page.get_by_role("link", name="Account").click()
    expect(page.get_by_role("heading", name=LABELS["signIn"])).to_be_visible()
    check(page, theme, "the account page")

    game_id, links = set_table(ana_session, page, variant="draw", players=2, target=0,
                               opponents=["person"], name="Ana", public=True)
    bea = bea_session.page()
    bea.goto(links[0])
    expect(bea.locator("#join form")).to_be_visible()
    check(bea, theme, "the join page")
    join(bea, links[0], "Bea")
    start(page)
    for player in (page, bea):  # the game has started: its seats are shown
        expect(player.locator("#game .seat")).to_have_count(1)
    watcher = cy_session.page()
    watcher.goto(f"{url}/watch/{game_id}")
    expect(watcher.locator("#game.watching")).to_be_visible()
    expect(watcher.locator("#me-status")).to_contain_text("You are watching", timeout=20000)
    check(watcher, theme, "a watched game")


def hex_of(colour: str) -> str:
    """A CSS colour as ``#rrggbb``."""
    red, green, blue, _alpha = parse(colour)
    return f"#{round(red):02x}{round(green):02x}{round(blue):02x}"


def test_the_status_bar_takes_each_themes_colour(session: Session) -> None:
    page = session.page()
    page.goto(session.server.url + "/")
    manifest = page.request.get(session.server.url + "/manifest.webmanifest").json()
    colour = 'document.querySelector(\'meta[name="theme-color"]\').content'
    # The page's paper: what the page is painted with (styles.css, --paper), as computed.
    paper = "getComputedStyle(document.documentElement).backgroundColor"
    seen = {}
    for theme in ("light", *THEMES, "system"):
        page.evaluate("""(theme) => {
          localStorage.setItem("doublesix.preferences", JSON.stringify({theme}));
          document.dispatchEvent(new Event("doublesix:look"));
        }""", theme)
        shown = page.get_attribute("html", "data-theme")
        expect(page.locator('meta[name="theme-color"]')).to_have_attribute(
            "content", re.compile("^#[0-9a-f]{6}$"))
        assert page.evaluate(colour) == hex_of(page.evaluate(paper)), theme
        seen[shown] = page.evaluate(colour)
    assert len(set(seen.values())) == len(THEMES), seen
    # The manifest's colour is the light theme's: the page's before the theme is applied.
    assert manifest["theme_color"] == seen["light"]
    page.emulate_media(color_scheme="dark")
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    assert page.evaluate(colour) == seen["dark"]


def test_the_larger_sets_numbers_take_the_colours_of_1_to_6_ringed(session: Session) -> None:
    page = session.page()
    session.new_game(page, variant="draw", players=2, target=0, seed=5, set=12,
                     opponents=["random"])
    wait_phase(page)
    page.evaluate("""() => {
      localStorage.setItem("doublesix.preferences", JSON.stringify({tiles: "colours"}));
      document.dispatchEvent(new Event("doublesix:look"));
    }""")
    expect(page.locator("html")).to_have_attribute("data-tiles", "colours")
    drawn = page.evaluate("""() => {
      const root = getComputedStyle(document.documentElement);
      const out = {};
      for (let n = 1; n <= 12; n++) {
        const pip = document.querySelector(`#board .pip-${n}, #hand .pip-${n}`);
        if (!pip) continue;
        const style = getComputedStyle(pip);
        out[n] = {fill: style.fill, width: parseFloat(style.strokeWidth),
                  colour: root.getPropertyValue(`--pip-${(n - 1) % 6 + 1}`).trim()};
      }
      return out;
    }""")
    large = [n for n in drawn if int(n) >= 7]
    assert large, drawn
    for number, seen in drawn.items():
        assert hex_of(seen["fill"]) == seen["colour"], (number, seen)
        assert seen["width"] == (0.07 if int(number) >= 7 else 0.035), (number, seen)
