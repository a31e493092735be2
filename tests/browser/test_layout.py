"""The game screen fits the viewport (issue 18): at each screen size, for 2, 3 and 4 players and
the double-twelve set late in a hand, the page does not scroll, your whole hand and Draw and Hint
are in view, every laid tile lies inside the table and none overlaps another, and the end
labels fit their frames; in every theme (light, dark, high contrast: issue 44), whose borders,
outlines and type must not push anything out. Screenshots for review go to
``artifacts/screenshots/``.

Each game is a position reached by the engine (random moves from a seed, chosen when the test
runs) and put in the server's database with ``Session.scripted_game``; one page per game is
resized through every viewport.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any, NamedTuple, get_args

import pytest
from playwright.sync_api import Page, expect

from doublesix import Match, Rules
from doublesix.protocol.accounts import Theme
from tests.support.browser import SCREENSHOTS, Session
from tests.support.browser_players import settled, wait_phase

VIEWPORTS = [(1920, 1080), (1366, 768), (1280, 800), (844, 390), (390, 844), (360, 640)]
THEMES = [theme for theme in get_args(Theme) if theme != "system"]


class Table(NamedTuple):
    """A game to look at: its rules, how many tiles are on the table at least, and how many
    tiles seat 0 holds at least."""

    name: str
    rules: Rules
    laid: int
    holding: int


TABLES = [
    Table("draw-2p", Rules.variant("draw", players=2), 9, 4),
    Table("all-fives-3p", Rules.variant("all-fives", players=3), 9, 3),
    Table("partnership-4p", Rules.variant("partnership"), 10, 3),
    Table("muggins-double-twelve-late", Rules.variant("muggins", players=2, set=12), 44, 12),
]


def late_position(table: Table) -> Match:
    """A position at seat 0's turn with at least ``laid`` tiles laid and seat 0 holding at least
    ``holding`` tiles, reached by seeded random moves (the first seed that gets there)."""
    for seed in range(1, 400):
        match = Match(table.rules, seed=seed)
        rng = random.Random(seed)
        while match.turn is not None:
            laid = sum(1 for e in match.history if e.kind == "lay")
            moves = match.legal_moves()
            lays = [m for m in moves if m.tile is not None]
            if match.turn == 0 and laid >= table.laid and len(match.hands[0]) >= table.holding \
                    and lays:
                return match
            # Seat 0 plays its first move (in a Draw game it draws only when nothing fits);
            # the others play at random.
            match.play(moves[0] if match.turn == 0 or not lays else rng.choice(lays))
    raise LookupError(f"no seed reaches the position {table}")


GEOMETRY = """() => {
  const box = (el) => { const r = el.getBoundingClientRect();
    return {x: r.left, y: r.top, w: r.width, h: r.height}; };
  const shown = (el) => el && !el.hidden && getComputedStyle(el).display !== "none";
  return {
    page: [document.documentElement.scrollWidth, document.documentElement.scrollHeight,
           document.body.scrollHeight, innerWidth, innerHeight],
    hand: [...document.querySelectorAll("#hand .hand-tile")].map(box),
    draw: shown(document.getElementById("draw-button"))
      ? box(document.getElementById("draw-button")) : null,
    hint: box(document.getElementById("hint-button")),
    table: box(document.getElementById("table")),
    seats: [...document.querySelectorAll("#game .seat")].map(box),
    statuses: [...document.querySelectorAll("#game .seat-status")].filter(shown)
      .map((el) => el.textContent.trim()),
    tiles: [...document.querySelectorAll("#board .layout-tiles [data-tile]")].map(
      (el) => ({tile: el.dataset.tile, ...box(el.querySelector(".domino-face"))})),
    labels: [...document.querySelectorAll("#board .end-spot")].map((el) => ({
      end: el.dataset.end, frame: box(el.querySelector(".end-frame")),
      label: box(el.querySelector(".end-label"))})),
  };
}"""


def inside(inner: dict[str, float], outer: dict[str, float], slack: float = 0.5) -> bool:
    return (inner["x"] >= outer["x"] - slack and inner["y"] >= outer["y"] - slack
            and inner["x"] + inner["w"] <= outer["x"] + outer["w"] + slack
            and inner["y"] + inner["h"] <= outer["y"] + outer["h"] + slack)


def overlap(a: dict[str, float], b: dict[str, float]) -> float:
    """The area two boxes share."""
    w = min(a["x"] + a["w"], b["x"] + b["w"]) - max(a["x"], b["x"])
    h = min(a["y"] + a["h"], b["y"] + b["h"]) - max(a["y"], b["y"])
    return max(0.0, w) * max(0.0, h)


def check_fits(page: Page, where: str) -> dict[str, Any]:
    g = page.evaluate(GEOMETRY)
    width, height, body, vw, vh = g["page"]
    assert width <= vw and height <= vh and body <= vh, f"{where}: the page scrolls ({g['page']})"
    view = {"x": 0, "y": 0, "w": vw, "h": vh}
    assert g["hand"], f"{where}: no hand"
    for tile in g["hand"]:
        assert inside(tile, view), f"{where}: a hand tile is outside the viewport: {tile}"
    for name in ("draw", "hint"):
        if g[name] is not None:
            assert inside(g[name], view), f"{where}: {name} is outside the viewport"
    for seat in g["seats"]:
        assert inside(seat, view), f"{where}: a seat is outside the viewport: {seat}"
    assert all(g["statuses"]), f"{where}: a seat shows an empty status line"
    for tile in g["tiles"]:
        assert inside(tile, g["table"]), f"{where}: {tile['tile']} lies outside the table"
    tiles = g["tiles"]
    for i, a in enumerate(tiles):
        for b in tiles[i + 1:]:
            assert overlap(a, b) < 1.0, f"{where}: {a['tile']} overlaps {b['tile']}"
    for spot in g["labels"]:
        assert inside(spot["label"], spot["frame"], 1.0), \
            f"{where}: the {spot['end']} end's label spills out of its frame"
        assert inside(spot["frame"], g["table"]), f"{where}: the {spot['end']} end is off the table"
    # The tiles are large enough to see: a laid tile's short side at least 12 px.
    smallest = min(min(t["w"], t["h"]) for t in tiles)
    assert smallest >= 12, f"{where}: laid tiles are {smallest:.1f} px across"
    return dict(g)


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("table", TABLES, ids=lambda t: t.name)
def test_the_whole_table_fits_every_screen(make_session: Any, table: Table, theme: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    match = late_position(table)
    session: Session = make_session(delay=0)
    record = json.dumps(json.dumps({"theme": theme}))
    session.context.add_init_script(f"localStorage.setItem('doublesix.preferences', {record});")
    page = session.page()
    opponents = ("random",) * (table.rules.players - 1)
    session.scripted_game(page, match, opponents)
    assert wait_phase(page) == "you"
    expect(page.locator("html")).to_have_attribute("data-theme", theme)
    laid = sum(1 for e in match.history if e.kind == "lay")
    expect(page.locator("#board .layout-tiles [data-tile]")).to_have_count(laid)
    expect(page.locator("#hand .hand-tile")).to_have_count(len(match.hands[0]))
    if table.rules.teams:
        # The seat across is your partner, and says so.
        expect(page.locator('#game .seat[data-seat="2"]')).to_contain_text("partner")
        expect(page.locator("#me-name")).to_have_text("You and Random 2")
    for width, height in at_every_size(page):
        where = f"{table.name} at {width}x{height}, {theme} theme"
        check_fits(page, where)
        page.screenshot(
            path=str(SCREENSHOTS / f"table-{table.name}-{theme}-{width}x{height}.png"))


def at_every_size(page: Page) -> Iterator[tuple[int, int]]:
    """Each of :data:`VIEWPORTS`, the page resized to it and laid out again before it is
    yielded."""
    for width, height in VIEWPORTS:
        page.set_viewport_size({"width": width, "height": height})
        settled(page)
        yield width, height


#: Every button with words shown in the game screen whose words do not fit it (cut off, or
#: spilling); the hand's tiles are pictures.
CLIPPED = """() => [...document.querySelectorAll("#game button, #game .button")]
  .filter((el) => !el.closest("[hidden], .hand-tile") && getComputedStyle(el).display !== "none"
          && el.getClientRects().length && /\\p{L}/u.test(el.textContent))
  .filter((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)
  .map((el) => `${el.id || el.className}: ${el.textContent.trim()}`)"""


@pytest.mark.parametrize("language", ["es", "fr", "pt_BR"])
@pytest.mark.parametrize("table", [TABLES[0], TABLES[2]], ids=lambda t: t.name)
def test_the_table_fits_every_screen_in_the_longer_languages(
        make_session: Any, table: Table, language: str) -> None:
    """Issue 43: Spanish, French and Portuguese sentences are longer than English ones; the game
    screen still fits every size (no scroll, everything in view) and no button's words are cut."""
    match = late_position(table)
    session: Session = make_session(delay=0)
    session.context.add_cookies([{"name": "doublesix_language", "value": language,
                                  "url": session.server.url}])
    page = session.page()
    session.scripted_game(page, match, ("random",) * (table.rules.players - 1))
    assert wait_phase(page) == "you"
    expect(page.locator("html")).to_have_attribute("lang", language.replace("_", "-"))
    for width, height in at_every_size(page):
        where = f"{table.name} in {language} at {width}x{height}"
        check_fits(page, where)
        assert page.evaluate(CLIPPED) == [], f"{where}: words cut off"
        shot = f"table-{table.name}-{language}-{width}x{height}.png"
        page.screenshot(path=str(SCREENSHOTS / shot))
