"""The look in Chromium (issue 44): three themes (light, dark, high contrast), four felts and
three tile styles, measured in the page against WCAG 2.2 AA (text 4.5:1; what is not text, 3:1):
body text, buttons, the seats' cards, pips on the tiles, the tiles on the felt, the lit ends and
the focus ring; the system's dark scheme and its call for more contrast followed unless a theme
is chosen; a choice applied before the first paint, kept over a reload and, signed in, by the
account on another browser; axe on the settings in each theme; the screenshots in docs/.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, get_args

import pytest
from playwright.sync_api import Page, expect

from doublesix import Rules
from doublesix.protocol.accounts import Felt, Theme, TileStyle
from doublesix.words.pagelabels import LABELS
from tests.support.browser import Session, assert_accessible, docs_shot
from tests.support.browser_players import wait_phase
from tests.support.colours import contrast, parse
from tests.support.deals import asking_position

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "src" / "doublesix" / "web" / "static"
THEMES = [theme for theme in get_args(Theme) if theme != "system"]
FELTS = list(get_args(Felt))
SIZES = [{"width": 390, "height": 844}, {"width": 1366, "height": 768}]
TEXT, LARGE, NOT_TEXT = 4.5, 3.0, 3.0
#: The lit ends pulse down to this opacity (styles.css, @keyframes pulse): measured there.
PULSE_LOWEST = 0.65

#: Colours as the page computes them: each entry a name and a CSS selector, with the property
#: to read (an element's background is the first opaque one of it and its ancestors).
COLOURS = """(asked) => {
  const root = getComputedStyle(document.documentElement);
  const background = (el) => {
    for (let e = el; e; e = e.parentElement) {
      const c = getComputedStyle(e).backgroundColor;
      if (!/^rgba\\(.*,\\s*0\\)$/.test(c) && c !== "transparent") return c;
    }
    return root.backgroundColor;
  };
  const out = {felt: root.getPropertyValue("--felt").trim(),
               feltDark: root.getPropertyValue("--felt-dark").trim()};
  for (const [name, selector, property] of asked) {
    const el = document.querySelector(selector);
    if (!el) { out[name] = null; continue; }
    out[name] = property === "background" ? background(el) : getComputedStyle(el)[property];
  }
  return out;
}"""


def opaque(colour: str, under: str, alpha: float | None = None) -> str:
    """``colour`` (perhaps translucent, or at ``alpha``) laid over the opaque ``under``."""
    red, green, blue, own = parse(colour)
    base = parse(under)
    a = own if alpha is None else alpha * own
    mixed = [round(a * c + (1 - a) * b) for c, b in zip((red, green, blue), base[:3],
                                                         strict=True)]
    return "#{:02x}{:02x}{:02x}".format(*mixed)


def colours(page: Page, asked: list[tuple[str, str, str]]) -> dict[str, str]:
    found: dict[str, str] = page.evaluate(COLOURS, asked)
    missing = [name for name, value in found.items() if not value]
    assert not missing, f"nothing found for {missing}"
    return found


def check(pairs: list[tuple[str, str, str, float]], where: str) -> None:
    """Each pair (what, one colour, the other, the least ratio) meets its ratio."""
    low = [f"{what}: {one} on {two} is {contrast(one, two):.2f}:1, under {least}:1"
           for what, one, two, least in pairs if contrast(one, two) < least]
    assert not low, f"{where}:\n" + "\n".join(low)


def look(page: Page, **record: str) -> None:
    """Choose a look as Settings would (kept in this browser), shown at once."""
    page.evaluate("""(record) => {
      const kept = JSON.parse(localStorage.getItem("doublesix.preferences") || "{}");
      localStorage.setItem("doublesix.preferences", JSON.stringify({...kept, ...record}));
      document.dispatchEvent(new Event("doublesix:look"));
    }""", record)


def chosen_before_loading(session: Session, record: dict[str, str]) -> None:
    """Every page of the session starts with ``record`` chosen (unless a choice was made)."""
    session.context.add_init_script(
        "if (!localStorage.getItem('doublesix.preferences')) "
        f"localStorage.setItem('doublesix.preferences', {json.dumps(json.dumps(record))});")


def asking_game(session: Session, page: Page) -> None:
    """A game at seat 0's turn with a tile that fits two ends, chosen: the ends are lit."""
    match, tile = asking_position(Rules.variant("draw", players=3, target=0))
    session.scripted_game(page, match, ("greedy", "greedy"))
    assert wait_phase(page) == "you"
    page.locator(f'#hand .hand-tile[data-tile="{tile}"]').click()
    expect(page.locator("#board .end-spot.lit")).to_have_count(2)


def check_game(page: Page, where: str) -> None:
    """The game screen's pairs in the felt chosen: text, buttons, cards, tiles, ends, focus."""
    found = colours(page, [
        ("name", "#me-name", "color"), ("me", "#me", "background"),
        ("status", "#me-status", "color"),
        ("hint", "#hint-button", "color"), ("hintBg", "#hint-button", "background"),
        ("menu", "#game-menu-button", "color"), ("menuBg", "#game-menu-button", "background"),
        ("seatName", ".seat .seat-name", "color"), ("seatFacts", ".seat .seat-facts", "color"),
        ("seatStatus", ".seat .seat-status", "color"), ("seat", ".seat", "background"),
        ("pip", "#hand .pip", "fill"), ("face", "#hand .domino-face", "fill"),
        ("boardFace", "#board .domino-face", "fill"),
        ("litEdge", "#board .end-spot.lit .end-frame", "stroke"),
        ("litFill", "#board .end-spot.lit .end-frame", "fill"),
        ("litLabel", "#board .end-spot.lit .end-label", "fill"),
        ("info", "#info-ends", "color"),
        ("focus", "#hand .hand-tile:focus-visible", "outline-color"),
    ])
    pairs = [("your name", found["name"], found["me"], TEXT),
             ("your status", found["status"], found["me"], TEXT),
             ("Hint", found["hint"], found["hintBg"], TEXT),
             ("Menu", found["menu"], found["menuBg"], TEXT),
             ("a seat's name", found["seatName"], found["seat"], TEXT),
             ("a seat's facts", found["seatFacts"], found["seat"], TEXT),
             ("a seat's last move", found["seatStatus"], found["seat"], TEXT),
             ("pips on a tile", found["pip"], found["face"], NOT_TEXT),
             ("the focus ring by the hand", found["focus"], found["me"], NOT_TEXT)]
    for felt in ("felt", "feltDark"):
        lit = opaque(found["litFill"], found[felt])
        pairs += [(f"a tile on the {felt}", found["boardFace"], found[felt], NOT_TEXT),
                  (f"a lit end on the {felt}", found["litEdge"], found[felt], NOT_TEXT),
                  (f"a lit end pulsing on the {felt}",
                   opaque(found["litEdge"], found[felt], PULSE_LOWEST), found[felt], NOT_TEXT),
                  (f"a lit end's label on the {felt}", found["litLabel"], lit, TEXT),
                  (f"the table's words on the {felt}", found["info"], found[felt], TEXT)]
    check(pairs, where)


def check_tile_styles(page: Page, where: str) -> None:
    """Numerals stand 4.5:1 on the tile (they are text); coloured pips are edged 3:1, each
    number its own colour."""
    look(page, tiles="numerals")
    expect(page.locator("#hand .pip").first).to_be_hidden()
    expect(page.locator("#hand .numeral").first).to_be_visible()
    found = colours(page, [("numeral", "#hand .numeral", "fill"),
                           ("face", "#hand .domino-face", "fill")])
    check([("a numeral on a tile", found["numeral"], found["face"], TEXT)], where)
    look(page, tiles="colours")
    expect(page.locator("#hand .numeral").first).to_be_hidden()
    fills = page.evaluate("""() => Object.fromEntries([1, 2, 3, 4, 5, 6].map((n) => {
      const pip = document.querySelector(`.pip-${n}`);
      return [n, pip && getComputedStyle(pip).fill];
    }))""")
    shown = {n: fill for n, fill in fills.items() if fill}
    assert len(set(shown.values())) == len(shown) >= 2, shown
    found = colours(page, [("edge", "#hand .pip", "stroke"),
                           ("face", "#hand .domino-face", "fill")])
    check([("a coloured pip's edge", found["edge"], found["face"], NOT_TEXT)], where)
    look(page, tiles="pips")


def check_settings(page: Page, where: str) -> None:
    """The settings dialog: its words, its Done button, its focus ring; axe finds nothing."""
    page.locator("#game-menu-button").click()
    page.locator("#menu-dialog [data-menu=settings]").click()
    dialog = page.locator("#settings-dialog")
    expect(dialog).to_be_visible()
    dialog.get_by_label(LABELS["themeSystem"]).focus()
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")
    found = colours(page, [
        ("legend", "#settings-dialog legend", "color"),
        ("help", "#settings-dialog .field-help", "color"),
        ("dialog", "#settings-dialog", "background"),
        ("done", "#settings-dialog button.primary", "color"),
        ("doneBg", "#settings-dialog button.primary", "background"),
        ("focus", "#settings-dialog :focus-visible", "outline-color"),
    ])
    check([("a legend", found["legend"], found["dialog"], TEXT),
           ("the help", found["help"], found["dialog"], TEXT),
           ("Done", found["done"], found["doneBg"], TEXT),
           ("the focus ring", found["focus"], found["dialog"], NOT_TEXT)], where)
    assert_accessible(page, f"{where}: the settings")
    dialog.get_by_role("button", name=LABELS["done"]).click()


@pytest.mark.parametrize("size", SIZES, ids=["phone", "laptop"])
@pytest.mark.parametrize("theme", THEMES)
def test_each_theme_meets_aa_on_the_game_screen(make_session: Any, theme: str,
                                                size: dict[str, int]) -> None:
    session: Session = make_session(viewport=size)
    chosen_before_loading(session, {"theme": theme})
    page = session.page()
    asking_game(session, page)
    assert page.evaluate("document.documentElement.dataset.theme") == theme
    where = f"{theme} at {size['width']}x{size['height']}"
    page.keyboard.press("Tab")  # the focus ring, as the keyboard shows it
    page.locator("#hand .hand-tile").first.focus()
    shot = docs_shot(f"themes-{theme}-{size['width']}x{size['height']}.png")
    page.screenshot(path=str(shot))  # docs/web.md shows them
    for felt in FELTS:
        look(page, felt=felt)
        page.locator("#hand .hand-tile").first.focus()
        check_game(page, f"{where}, {felt} felt")
    check_tile_styles(page, where)
    check_settings(page, where)
    assert_accessible(page, f"{where}: the game screen")


def test_the_system_s_dark_scheme_is_followed_unless_a_theme_is_chosen(
        make_session: Any) -> None:
    session: Session = make_session(color_scheme="dark")
    page = session.page()
    page.goto(session.server.url + "/")
    theme = "document.documentElement.dataset.theme"
    scheme = "document.querySelector('meta[name=color-scheme]').content"
    assert page.evaluate(f"[{theme}, {scheme}]") == ["dark", "dark"]
    page.emulate_media(color_scheme="light")  # the system changes its mind: the page follows
    expect(page.locator("html")).to_have_attribute("data-theme", "light")
    assert page.evaluate(scheme) == "light"
    page.emulate_media(color_scheme="dark")
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    # A theme chosen in Settings wins over the system's.
    page.get_by_role("button", name=LABELS["settings"]).click()
    page.get_by_label(LABELS["themeLight"], exact=True).check()
    expect(page.locator("html")).to_have_attribute("data-theme", "light")
    assert page.evaluate(scheme) == "light"
    page.reload()
    assert page.evaluate(theme) == "light"


@pytest.mark.parametrize("asks", [{"forced_colors": "active"}, {"contrast": "more"},
                                  {"contrast": "more", "color_scheme": "dark"}],
                         ids=["forced-colors", "more-contrast", "more-contrast-dark"])
def test_a_call_for_more_contrast_gives_high_contrast(make_session: Any,
                                                      asks: dict[str, str]) -> None:
    session: Session = make_session(**asks)
    page = session.page()
    page.goto(session.server.url + "/")
    assert page.evaluate("document.documentElement.dataset.theme") == "contrast"


def test_the_choice_survives_a_reload_set_before_the_first_paint(make_session: Any) -> None:
    # The look is a classic script before the style sheet: it runs before anything is drawn.
    html = (STATIC / "index.html").read_text(encoding="utf-8")
    script = re.search(r'<script src="/static/theme.js"></script>', html)
    sheet = html.index('<link rel="stylesheet"')
    assert script is not None and script.start() < sheet
    session: Session = make_session(viewport={"width": 390, "height": 844})
    session.context.add_init_script("""document.addEventListener("DOMContentLoaded", () => {
      const root = document.documentElement;
      window.__atLoad = {theme: root.dataset.theme, felt: root.dataset.felt,
                         tiles: root.dataset.tiles, paper: getComputedStyle(root).backgroundColor};
    });""")
    page = session.page()
    page.goto(session.server.url + "/")
    light = page.evaluate("window.__atLoad")
    assert light["theme"] in ("light", "dark", "contrast")
    page.get_by_role("button", name=LABELS["settings"]).click()
    dialog = page.locator("#settings-dialog")
    for label in ("themeDark", "feltRed", "tilesColours"):
        dialog.get_by_label(LABELS[label], exact=True).check()
    root = page.locator("html")
    expect(root).to_have_attribute("data-theme", "dark")
    expect(root).to_have_attribute("data-felt", "red")
    expect(root).to_have_attribute("data-tiles", "colours")
    page.reload()
    at_load = page.evaluate("window.__atLoad")
    dark_paper = "rgb(21, 22, 20)"  # --paper of the dark theme
    assert at_load == {"theme": "dark", "felt": "red", "tiles": "colours", "paper": dark_paper}
    page.get_by_role("button", name=LABELS["settings"]).click()
    expect(dialog.get_by_label(LABELS["themeDark"], exact=True)).to_be_checked()
    expect(dialog.get_by_label(LABELS["tilesColours"], exact=True)).to_be_checked()


def test_the_settings_offer_the_protocols_choices(make_session: Any) -> None:
    session: Session = make_session()
    page = session.page()
    page.goto(session.server.url + "/")
    values = page.evaluate("""() => Object.fromEntries(["theme", "felt", "tiles"].map((name) =>
      [name, [...document.querySelectorAll(`input[name=look-${name}]`)].map((i) => i.value)]))""")
    assert values == {"theme": list(get_args(Theme)), "felt": FELTS,
                      "tiles": list(get_args(TileStyle))}


def test_a_signed_in_choice_follows_the_person_to_another_browser(make_session: Any) -> None:
    laptop: Session = make_session()
    page = laptop.page()
    page.goto(laptop.server.url + "/")
    made = page.request.post(laptop.server.url + "/api/account",
                             data=json.dumps({"name": "Iris", "password": "evening tiles"}),
                             headers={"Content-Type": "application/json"})
    assert made.status == 201, made.text()
    page.goto(laptop.server.url + "/account")
    expect(page.locator(".account-line")).to_be_visible()
    page.get_by_role("button", name=LABELS["settings"]).click()
    dialog = page.locator("#settings-dialog")
    for label in ("themeDark", "feltBlue", "tilesNumerals"):
        with page.expect_response(lambda r: r.url.endswith("/api/account/preferences")
                                  and r.request.method == "PUT") as answer:
            dialog.get_by_label(LABELS[label], exact=True).check()
        assert answer.value.ok
    kept = page.request.get(laptop.server.url + "/api/account/preferences").json()
    assert kept == {"theme": "dark", "felt": "blue", "tiles": "numerals", "coach": None,
                    "language": None}

    phone: Session = make_session(viewport={"width": 390, "height": 844})
    other = phone.page()
    other.goto(phone.server.url + "/account")
    assert other.evaluate("document.documentElement.dataset.theme") != "dark"
    other.locator("#sign-in-name").fill("Iris")
    other.locator("#sign-in-password").fill("evening tiles")
    other.locator("#sign-in-password").press("Enter")
    root = other.locator("html")
    expect(root).to_have_attribute("data-theme", "dark")
    expect(root).to_have_attribute("data-felt", "blue")
    expect(root).to_have_attribute("data-tiles", "numerals")
    other.reload()
    assert other.evaluate("[document.documentElement.dataset.theme, "
                          "document.documentElement.dataset.tiles]") == ["dark", "numerals"]
    # Signed out, the browser keeps the look it has as its own; nothing more is sent.
    other.get_by_role("button", name=LABELS["signOut"]).click()
    expect(other.get_by_role("heading", name=LABELS["signIn"])).to_be_visible()
    assert other.evaluate("localStorage.getItem('doublesix.account')") is None
    assert other.evaluate("document.documentElement.dataset.theme") == "dark"
