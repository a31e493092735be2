"""What new players tripped on in the game screen's flow (issue 40, items 1, 3, 5 and 7).

1. Escape on a hand's result (a phone's back gesture closes the dialog the same way) leaves a
   way on: "Next hand" on the table, in view and focused; after the game's result, "Show the
   result" (its Play again and Review).
3. The opening tile a computer lays at a new hand is said before "Your turn", and the turn does
   not flip to you and back while it comes; "Copied." (the daily share) is heard while the
   result is open, and "Let a computer play for Bea" appearing is said.
5. A tile that does not fit says why on the screen, not only to a screen reader, and shakes
   (not under reduced motion); the tiles that fit stand out from the rest.
7. Drawing: Settings' "draw until a tile fits"; after a draw that brings a tile that fits, the
   focus is on that tile; after a drag with the mouse the focus is where H, E and S work.

The deals are scripted (``Match(hands=..., boneyard=...)``) and put in the server's database,
so each test starts where its point is.
"""

from __future__ import annotations

import re
import time
from typing import Any

from playwright.sync_api import Page, expect

from doublesix import Rules
from tests.support.browser import Server, Session, assert_accessible, said, set_table, start
from tests.support.browser_players import MousePlayer, wait_phase
from tests.support.deals import scripted as deal

LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}

#: Seat 0 opens 4|4 (the highest double), seat 1 lays 4|0; seat 0 then goes out with 2|0.
GO_OUT = [["4|4", "2|0"], ["4|0", "1|0"]]
#: Seat 1 opens 5|5; seat 0 holds nothing that fits and draws 3|1 (no fit), then 5|3 (fits).
DRAWS = [["1|0", "2|0"], ["5|5", "4|4"]]
DRAWN = ["3|1", "5|3"]
#: Seat 1 opens 5|5; seat 0's 5|3 fits, its 1|0 does not.
ONE_FITS = [["5|3", "1|0"], ["5|5", "4|4"]]


def keyboard_session(make_session: Any, **options: Any) -> Session:
    """A browser context at the laptop's size (1366x768), played by keyboard."""
    session: Session = make_session(viewport=LAPTOP, **options)
    return session


def focused(page: Page) -> str:
    """The focused element, described: its id, or its tile, or its tag."""
    return str(page.evaluate(
        "() => { const el = document.activeElement;"
        " return el.id || (el.dataset && el.dataset.tile) || el.tagName.toLowerCase(); }"))


def heard(page: Page) -> list[str]:
    """What a screen reader can hear now: the lines of the live regions that a modal dialog
    does not make inert (the one inside the open modal dialog, if one is open)."""
    return list(page.evaluate("""() => {
      const modal = document.querySelector("dialog:modal");
      const regions = [...document.querySelectorAll('[aria-live], [role="log"], [role="status"]')]
        .filter((r) => !modal || modal.contains(r));
      return regions.flatMap((r) => [...r.children].map((c) => c.textContent));
    }"""))


def go_out_result(make_session: Any, target: int) -> tuple[Session, Page]:
    """A game of All Fives the person's first move ends the hand of (scoring 10): its result
    shown, by keyboard at 1366x768."""
    session = keyboard_session(make_session)
    match = deal(Rules.variant("all-fives", hand_size=2, target=target), GO_OUT)
    match.play("4|0 right")
    page = session.page()
    session.scripted_game(page, match, ("random",))
    assert wait_phase(page) == "you"
    expect(page.locator('#hand .hand-tile[data-tile="2|0"]')).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#result-dialog")).to_be_visible()
    return session, page


# -- 1. Escape on the result ---------------------------------------------------------------------

def test_escape_on_a_hands_result_leaves_next_hand_on_the_table(make_session: Any) -> None:
    _, page = go_out_result(make_session, target=100)
    dialog = page.locator("#result-dialog")
    expect(dialog.get_by_role("button", name="Next hand")).to_be_focused()
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    # The way on is on the table, in view and focused; the result can be opened again.
    next_hand = page.locator("#me").get_by_role("button", name="Next hand")
    expect(next_hand).to_be_visible()
    expect(next_hand).to_be_in_viewport(ratio=1)
    expect(next_hand).to_be_focused()
    expect(page.get_by_role("button", name="Show the result")).to_be_visible()
    assert_accessible(page, "the table after the result closed")
    page.keyboard.press("Enter")
    page.wait_for_selector('#game:not([data-phase="result"])')
    expect(page.locator("#game-caption")).to_contain_text("hand 2", ignore_case=True)
    expect(next_hand).to_be_hidden()
    expect(page.get_by_role("button", name="Show the result")).to_be_hidden()


def test_escape_on_the_games_result_leaves_a_way_to_it(make_session: Any) -> None:
    _, page = go_out_result(make_session, target=10)
    dialog = page.locator("#result-dialog")
    expect(page.locator("#result-title")).to_contain_text("Game over")
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    again = page.get_by_role("button", name="Show the result")
    expect(again).to_be_in_viewport(ratio=1)
    expect(again).to_be_focused()
    page.keyboard.press("Enter")
    expect(dialog).to_be_visible()
    expect(dialog.get_by_role("button", name="Play again")).to_be_visible()
    expect(dialog.get_by_role("button", name="Review the game")).to_be_visible()


# -- 3. What is said, in order -------------------------------------------------------------------

PHASES_SCRIPT = """
window.__phases = [];
new MutationObserver(() => window.__phases.push(document.getElementById("game").dataset.phase))
  .observe(document.getElementById("game"), {attributes: true, attributeFilter: ["data-phase"]});
"""


def test_a_computers_opening_tile_is_said_before_your_turn(make_session: Any) -> None:
    # Hand 2 of seed 3 is opened by the computer with 6|3, the highest double being nobody's.
    session = keyboard_session(make_session, record=True)
    rules = Rules.variant("draw", hand_size=2, target=100)
    match = deal(rules, GO_OUT, seed=3)
    match.play("4|0 right")
    after = deal(rules, GO_OUT, seed=3)
    for move in ("4|0 right", "2|0 right"):
        after.play(move)
    after.next_hand()
    opening = after.history[-1]
    assert opening.kind == "lay" and opening.seat == 1 and after.turn == 0, "seed 3 changed"

    page = session.page()
    session.scripted_game(page, match, ("random",))
    assert wait_phase(page) == "you"
    page.keyboard.press("Enter")  # 2|0: the hand is over
    expect(page.locator("#result-dialog").get_by_role("button", name="Next hand")).to_be_focused()
    page.evaluate("window.__record.length = 0")
    page.evaluate(PHASES_SCRIPT)
    page.keyboard.press("Enter")
    assert wait_phase(page) == "you"
    lines = said(page)
    opened = next(i for i, line in enumerate(lines) if line.endswith(f"{opening.tile} to open."))
    dealt = lines.index("Hand 2 is dealt.")
    turn = next(i for i, line in enumerate(lines) if line.startswith("Your turn"))
    assert dealt < opened < turn, lines
    # The turn comes once, after the opening tile: never you, busy, you.
    phases = page.evaluate("window.__phases")
    assert phases.count("you") == 1 and phases[-1] == "you", phases


def test_copied_is_heard_while_the_result_is_open(make_session: Any) -> None:
    session = make_session(viewport=LAPTOP, delay=0,
                           permissions=["clipboard-read", "clipboard-write"])
    page = session.page()
    page.goto(session.server.url + "/")
    page.get_by_role("main").get_by_role("link", name="Daily game").click()
    page.wait_for_url(re.compile(r"/game/"))
    MousePlayer(page).play_game()
    dialog = page.locator("#result-dialog")
    copy = dialog.get_by_role("button", name="Copy the result")
    copy.focus()
    page.keyboard.press("Enter")
    expect(dialog.get_by_role("button", name="Copied")).to_be_focused()
    deadline = time.monotonic() + 5
    while "Copied." not in heard(page):
        assert time.monotonic() < deadline, heard(page)
        page.wait_for_timeout(50)
    assert_accessible(page, "the daily result, copied")


def test_a_computer_may_play_for_someone_away_is_said(make_session: Any,
                                                      quick_server: Server) -> None:
    ana_session = make_session(record=True, server=quick_server, viewport=LAPTOP)
    bea_session = make_session(server=quick_server)
    ana = ana_session.page()
    bea = bea_session.page()
    _, links = set_table(ana_session, ana, variant="draw", players=2, target=0, seed=5,
                         opponents=["person"], name="Ana")
    bea.goto(links[0])
    bea.locator("#join form").get_by_label("Your name").fill("Bea")
    bea.locator("#join form").get_by_role("button", name=re.compile(r"^Take seat")).click()
    bea.wait_for_url(re.compile(r"/game/"))
    start(ana)
    expect(ana.locator("#game")).to_be_visible()
    bea.close()
    button = ana.get_by_role("button", name="Let a computer play for Bea")
    expect(button).to_be_visible(timeout=15000)
    page_said = said(ana)
    told = [line for line in page_said if "you may let a computer play for Bea" in line]
    assert told == ["Bea has been away 2 seconds: you may let a computer play for Bea."], \
        page_said[-8:]


# -- 5. A tile that does not fit -----------------------------------------------------------------

def one_fits(make_session: Any, **options: Any) -> Page:
    """A phone held upright, by touch, on the person's turn with 5|3 that fits and 1|0 that
    does not."""
    session: Session = make_session(viewport=PHONE, has_touch=True, is_mobile=True, **options)
    page = session.page()
    session.scripted_game(page, deal(Rules.variant("draw", hand_size=2, target=0), ONE_FITS),
                          ("random",))
    assert wait_phase(page) == "you"
    return page


def test_a_tap_on_a_tile_that_does_not_fit_shows_why(make_session: Any) -> None:
    page = one_fits(make_session)
    fits = page.locator('#hand .hand-tile[data-tile="5|3"]')
    other = page.locator('#hand .hand-tile[data-tile="1|0"]')
    # The tile that fits stands out: lifted well above the rest, which are dimmed.
    a, b = fits.bounding_box(), other.bounding_box()
    assert a and b and b["y"] - a["y"] >= 10, (a, b)
    opacity = other.locator(".tile-svg").evaluate("el => Number(getComputedStyle(el).opacity)")
    assert opacity <= 0.55, opacity
    assert fits.locator(".tile-svg").evaluate("el => getComputedStyle(el).opacity") == "1"
    assert_accessible(page, "a hand with one tile that fits")

    other.tap()
    note = page.locator("#hand-note")
    expect(note).to_be_visible()
    expect(note).to_have_text("1|0 fits no open end.")
    expect(note).to_be_in_viewport(ratio=1)
    assert other.evaluate("el => el.getAnimations().length") > 0, "the tile should shake"
    assert_accessible(page, "a refused tile's note")
    # The note goes once the tile that fits is played.
    fits.tap()
    expect(note).to_be_hidden()


def test_a_refused_tile_does_not_shake_with_reduced_motion(make_session: Any) -> None:
    page = one_fits(make_session, reduced_motion="reduce")
    other = page.locator('#hand .hand-tile[data-tile="1|0"]')
    other.tap()
    expect(page.locator("#hand-note")).to_have_text("1|0 fits no open end.")
    assert other.evaluate("el => el.getAnimations().length") == 0


# -- 7. Drawing, and the focus after a draw and a drag -------------------------------------------

def draws_game(make_session: Any, **options: Any) -> tuple[Session, Page]:
    """By keyboard at 1366x768: the person must draw twice for a tile that fits (3|1, 5|3)."""
    session = keyboard_session(make_session, record=True, **options)
    page = session.page()
    session.scripted_game(page, deal(Rules.variant("draw", hand_size=2, target=0), DRAWS, DRAWN),
                          ("random",))
    return session, page


def test_a_drawn_tile_that_fits_takes_the_focus(make_session: Any) -> None:
    _, page = draws_game(make_session)
    assert wait_phase(page) == "you"
    expect(page.locator("#hand .hand-tile").first).to_be_focused()
    page.keyboard.press("d")
    expect(page.locator('#hand .hand-tile[data-tile="3|1"]')).to_have_count(1)
    assert wait_phase(page) == "you"
    expect(page.locator("#draw-button")).to_be_focused()
    page.keyboard.press("d")
    drawn = page.locator('#hand .hand-tile[data-tile="5|3"]')
    expect(drawn).to_have_class(re.compile(r"\bplayable\b"))
    expect(drawn).to_be_focused()


def test_auto_draw_draws_until_a_tile_fits_each_draw_said(make_session: Any) -> None:
    session, page = draws_game(make_session)
    page.goto(session.server.url + "/")
    page.get_by_role("button", name="Settings").click()
    box = page.get_by_role("checkbox", name=re.compile(r"^Draw automatically"))
    box.check()
    assert_accessible(page, "the settings")
    page.keyboard.press("Escape")
    match = deal(Rules.variant("draw", hand_size=2, target=0), DRAWS, DRAWN)
    session.scripted_game(page, match, ("random",))
    drawn = page.locator('#hand .hand-tile[data-tile="5|3"]')
    expect(drawn).to_be_focused()
    assert wait_phase(page) == "you"
    lines = said(page)
    assert "You drew 3|1." in lines and "You drew 5|3." in lines, lines
    assert lines.index("You drew 3|1.") < lines.index("You drew 5|3.")
    assert lines[-1].startswith("Your turn"), lines


def test_after_a_mouse_drag_the_reading_keys_work(make_session: Any) -> None:
    session = keyboard_session(make_session, record=True)
    page = session.page()
    session.scripted_game(page, deal(Rules.variant("draw", hand_size=3, target=0),
                                     [["5|3", "1|0", "2|0"], ["5|5", "4|4", "3|3"]]),
                          ("random",))
    assert wait_phase(page) == "you"
    tile = page.locator('#hand .hand-tile[data-tile="5|3"]')
    a = tile.bounding_box()
    b = page.locator("#table").bounding_box()
    assert a and b
    page.mouse.move(a["x"] + a["width"] / 2, a["y"] + a["height"] / 2)
    page.mouse.down()
    page.mouse.move(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2, steps=8)
    page.mouse.up()
    expect(page.locator('#hand .hand-tile[data-tile="5|3"]')).to_have_count(0)
    where = focused(page)
    assert page.evaluate("!!document.activeElement.closest('#game')"), where
    before = len(said(page))
    page.keyboard.press("h")
    deadline = time.monotonic() + 5
    while not any("1|0" in line and "2|0" in line for line in said(page)[before:]):
        assert time.monotonic() < deadline, (where, said(page)[before:])
        page.wait_for_timeout(50)
