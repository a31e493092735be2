"""What new users tripped on (issue 40): the screens' fit and consistency, by touch on a phone
upright (390x844) and on its side (844x390), and with a mouse on a laptop (1366x768).

- Item 2: nothing pushes a page sideways on a phone (the new-game form with its opponents'
  lists, the custom rules, the name of a person's seat).
- Item 4: every touch target answers a finger over at least 44x44 CSS px (the header's links
  and buttons, the logo, the game's Menu, the lit ends on the board, the settings' checkboxes),
  and no key badge shows where there is no keyboard.
- Item 6: an invitation made at a loopback address warns that a friend's phone cannot open it;
  the form never remembers a person's seat for the next game.
- Item 8: the result, the scoresheet and the other screens agree with each other.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from doublesix import Match, Rules
from tests.support.browser import Session, assert_accessible
from tests.support.browser_players import MousePlayer, wait_phase
from tests.support.deals import asking_position

#: A phone upright and on its side.
PHONES = [{"width": 390, "height": 844}, {"width": 844, "height": 390}]

#: The least a touch target may answer over, each way, in CSS pixels.
LEAST = 44

#: The points of a LEAST-square centred on an element that do not reach it (a tap there misses
#: it); points beyond the window are taken at its edge, where a finger still lands.
MISSES = """(el, least) => {
  const r = el.getBoundingClientRect();
  const cx = r.left + r.width / 2, cy = r.top + r.height / 2, half = least / 2 - 0.5;
  const misses = [];
  for (let i = 0; i <= 4; i++) {
    for (let j = 0; j <= 4; j++) {
      const x = Math.min(Math.max(cx - half + half * i / 2, 0.5), innerWidth - 0.5);
      const y = Math.min(Math.max(cy - half + half * j / 2, 0.5), innerHeight - 0.5);
      const hit = document.elementFromPoint(x, y);
      if (!hit || !el.contains(hit)) misses.push([Math.round(x), Math.round(y),
        hit ? hit.outerHTML.slice(0, 50) : null]);
    }
  }
  return misses;
}"""


def phone(make_session: Any, size: dict[str, int]) -> Session:
    """A phone's browser: touch, and a mobile viewport of ``size``."""
    session: Session = make_session(viewport=size, has_touch=True, is_mobile=True)
    return session


def assert_reach(target: Locator, where: str) -> None:
    """A tap anywhere in a 44x44 square centred on ``target`` lands on it."""
    target.scroll_into_view_if_needed()
    misses = target.evaluate(MISSES, LEAST)
    assert not misses, f"{where}: taps that miss it: {misses}"


def assert_no_sideways(page: Page, where: str) -> None:
    width, wide = page.evaluate("[innerWidth, document.documentElement.scrollWidth]")
    viewport = page.viewport_size
    assert viewport is not None
    assert (width, wide) == (viewport["width"], viewport["width"]), (
        f"{where}: the page is {wide} px wide in a {viewport['width']} px window")


def open_form(page: Page, url: str) -> None:
    page.goto(url + "/")
    page.get_by_role("button", name="New game").click()
    expect(page.locator("#opponent-choices select").first).to_be_visible()


# -- item 2: the new-game form fits a phone -----------------------------------------------------

@pytest.mark.parametrize("size", PHONES, ids=["upright", "on-its-side"])
def test_the_new_game_form_fits_a_phone(make_session: Any, size: dict[str, int]) -> None:
    session = phone(make_session, size)
    page = session.page()
    open_form(page, session.server.url)
    assert_no_sideways(page, "the form")
    page.locator("input[name=players][value='4']").check()
    expect(page.locator("#opponent-choices select")).to_have_count(3)
    assert_no_sideways(page, "the form for four players")
    page.locator("#opponent-1").select_option("person")
    page.locator("#custom-rules summary").tap()
    expect(page.locator("#custom-options")).to_be_visible()
    assert_no_sideways(page, "the form with a person's seat and the custom rules")
    for select in page.locator("#opponent-choices select").all():
        box = select.bounding_box()
        assert box is not None and box["x"] + box["width"] <= size["width"], box
    # Start is in the window and answers a tap.
    start = page.get_by_role("button", name="Start", exact=True)
    assert_reach(start, "Start")
    assert_accessible(page, f"the form at {size['width']}x{size['height']}")


# -- item 4: touch targets ----------------------------------------------------------------------

@pytest.mark.parametrize("size", PHONES, ids=["upright", "on-its-side"])
def test_every_target_answers_a_finger(make_session: Any, size: dict[str, int]) -> None:
    session = phone(make_session, size)
    page = session.page()
    page.goto(session.server.url + "/")
    assert page.evaluate("matchMedia('(pointer: coarse)').matches")
    header = page.locator(".site-header")
    for target in [header.locator(".brand"), *header.locator("nav a").all(),
                   *header.locator("button").all()]:
        assert_reach(target, f"the header's {target.inner_text()!r}")
    page.locator("#settings-button").tap()
    dialog = page.locator("#settings-dialog")
    expect(dialog).to_be_visible()
    for box in dialog.locator("input[type=checkbox]").all():
        label = box.locator("xpath=ancestor::label")
        assert_reach(label, f"the setting {label.inner_text()!r}")
        checked = box.is_checked()
        label.tap()
        assert box.is_checked() != checked, "a tap on the setting's line changes it"
        label.tap()
    assert_accessible(page, "the settings")
    dialog.get_by_role("button", name="Done").tap()

    match, tile = asking_position(Rules.variant("draw", players=2, target=0))
    session.scripted_game(page, match, ("greedy",))
    assert wait_phase(page) == "you"
    assert_reach(page.locator(".game-bar .home-link"), "the logo")
    assert_reach(page.locator("#game-menu-button"), "Menu")
    # No key badge where there is no keyboard (Draw's D, the menu's H, E, S, the ends' letters).
    expect(page.locator("#draw-button kbd")).to_be_hidden()
    page.locator(f'#hand .hand-tile[data-tile="{tile}"]').tap()
    expect(page.locator("#end-choice")).to_be_visible()
    lit = page.locator("#board .end-spot.lit")
    assert lit.count() >= 2
    for spot in lit.all():
        assert_reach(spot, f"the lit end {spot.get_attribute('data-end')}")
    for badge in page.locator("#end-buttons kbd").all():
        expect(badge).to_be_hidden()
    played = page.locator("#board .layout-tiles .domino").count()
    # A tap just beside the drawn frame, inside the reach, plays there.
    frame = lit.first.locator(".end-frame").bounding_box()
    assert frame is not None
    page.touchscreen.tap(frame["x"] + frame["width"] / 2,
                         frame["y"] + frame["height"] / 2 + min(frame["height"] / 2 + 6, 20))
    expect(page.locator("#board .layout-tiles .domino")).to_have_count(played + 1)
    page.locator("#game-menu-button").tap()
    menu = page.locator("#menu-dialog")
    expect(menu).to_be_visible()
    for badge in menu.locator("kbd").all():
        expect(badge).to_be_hidden()
    assert_accessible(page, "the game menu")


# -- item 6: inviting ---------------------------------------------------------------------------

def test_an_invitation_at_a_loopback_address_warns_and_is_not_remembered(
        make_session: Any) -> None:
    session: Session = make_session(viewport={"width": 1366, "height": 768})
    page = session.page()
    open_form(page, session.server.url)
    warning = page.locator("#setup-loopback")
    expect(warning).to_be_hidden()
    page.locator("#opponent-1").select_option("person")
    expect(warning).to_be_visible()
    expect(warning).to_contain_text("a friend's phone cannot open")
    expect(warning).to_contain_text("--host")
    page.locator("#host-name").fill("Ana")
    page.get_by_role("button", name="Start", exact=True).click()
    expect(page.locator("#waiting")).to_be_visible()
    expect(page.locator("#invite-1")).to_have_value(re.compile(r"^http://127\.0\.0\.1:"))
    room = page.locator("#waiting-loopback")
    expect(room).to_be_visible()
    expect(room).to_contain_text("a friend's phone cannot open")
    assert_accessible(page, "the waiting room with its warning")
    # The next game: the seat is a computer's again, and Start opens a game, not a room.
    open_form(page, session.server.url)
    assert page.locator("#opponent-1").input_value() != "person"
    expect(page.locator("#host-name-field")).to_be_hidden()
    expect(warning).to_be_hidden()
    page.get_by_role("button", name="Start", exact=True).click()
    expect(page.locator("#game")).to_be_visible()
    expect(page.locator("#waiting")).to_be_hidden()
    # Which addresses are this computer's own.
    own = page.evaluate("""async () => {
      const { isLoopback } = await import("/static/people.js");
      return ["127.0.0.1", "127.1.2.3", "localhost", "[::1]", "::1", "192.168.1.20",
              "games.example", "10.0.0.7"].map((host) => isLoopback(host));
    }""")
    assert own == [True, True, True, True, True, False, False, False]


# -- item 8: the screens agree ------------------------------------------------------------------

def played(rules: Rules, seed: int, hands: int | None = None) -> Match:
    """A match played at random: to its end, or (``hands``) until that many hands ended (the
    last one's result showing, the next not dealt)."""
    match, rng = Match(rules, seed=seed), random.Random(seed)
    while not match.is_over:
        if match.turn is None:
            if hands is not None and len(match.results) >= hands:
                return match
            match.next_hand()
            continue
        moves = match.legal_moves()
        lays = [m for m in moves if m.tile is not None]
        match.play(rng.choice(lays) if lays else moves[0])
    return match


#: The rows of a scoresheet table (inside ``root``), as their cells' texts.
SHEET_ROWS = """(root) => [...root.querySelectorAll(".sheet-table tr")].map(
  (row) => [...row.cells].map((cell) => cell.textContent))"""


def test_the_result_and_the_scoresheet_agree_on_a_phone_on_its_side(make_session: Any) -> None:
    session = phone(make_session, {"width": 844, "height": 390})
    page = session.page()
    match = played(Rules.variant("draw", players=4, target=100), seed=3)
    assert len(match.results) >= 5, "a game of several hands"
    game = session.scripted_game(page, match, ("random", "random", "random"))
    # The last game this browser played, as the form or the daily game remembers it.
    page.evaluate("(id) => localStorage.setItem('doublesix.last', id)", game)
    page.reload()
    dialog = page.locator("#result-dialog")
    expect(dialog).to_be_visible()
    # The Total row is in view as the result opens, above its buttons.
    total = dialog.locator(".sheet-table tfoot tr")
    expect(total).to_be_visible()
    box, actions = total.bounding_box(), page.locator("#result-actions").bounding_box()
    assert box is not None and actions is not None
    assert box["y"] >= 0 and box["y"] + box["height"] <= actions["y"] + 1, (box, actions)
    expect(total.locator("td")).to_have_text(
        [str(points) for points in match.scores] + [""])
    # The totals are said once: no second "Scores, playing to 100" under the sheet's own.
    text = dialog.locator("#result-body").inner_text()
    assert text.count("playing to 100") == 1, text
    # Every hand's row can be scrolled to.
    rows = dialog.locator(".sheet-table tbody tr")
    expect(rows).to_have_count(len(match.results))
    rows.first.scroll_into_view_if_needed()
    expect(rows.first).to_be_in_viewport()
    assert_accessible(page, "the game's result at 844x390")
    shown = dialog.evaluate(SHEET_ROWS)
    # The menu's scoresheet shows the same table: every seat's points in every hand.
    dialog.get_by_role("button", name="Look at the table").tap()
    page.locator("#game-menu-button").tap()
    page.locator("#menu-dialog [data-menu=sheet]").tap()
    sheet = page.locator("#sheet-dialog")
    expect(sheet).to_be_visible()
    assert sheet.evaluate(SHEET_ROWS) == shown
    expect(sheet.locator(".sheet-table tfoot tr")).to_be_in_viewport()
    assert_accessible(page, "the scoresheet at 844x390")
    # The front page does not offer to go back to a finished game: it says it is over and
    # offers its review.
    page.goto(session.server.url + "/")
    resume = page.locator("#resume")
    expect(resume).to_contain_text("Your last game is over.")
    expect(resume.locator("a")).to_have_count(0)
    resume.get_by_role("button", name="Review the game").tap()
    expect(page.locator("#review-dialog")).to_be_visible()


def test_resigning_between_hands_leaves_a_review(make_session: Any) -> None:
    session: Session = make_session(viewport={"width": 1366, "height": 768})
    page = session.page()
    match = played(Rules.variant("draw", players=2, target=100), seed=4, hands=1)
    session.scripted_game(page, match, ("greedy",))
    dialog = page.locator("#result-dialog")
    expect(dialog.get_by_role("button", name="Next hand")).to_be_visible()
    dialog.get_by_role("button", name="Look at the table").click()
    page.once("dialog", lambda question: question.accept())
    page.locator("#game-menu-button").click()
    page.locator("#resign-button").click()
    expect(dialog.locator(".result-how")).to_have_text("You resigned: the game is over.")
    expect(dialog.get_by_role("button", name="Review the game")).to_be_visible()
    assert_accessible(page, "the result after resigning between hands")


def test_a_draw_game_shows_no_count_and_the_pace_is_in_seconds(make_session: Any) -> None:
    session: Session = make_session(viewport={"width": 1366, "height": 768})
    page = session.page()
    for variant, count in (("draw", False), ("block", False), ("all-fives", True)):
        session.new_game(page, variant=variant, players=2, target=0, seed=6,
                         opponents=["greedy"])
        wait_phase(page)
        expect(page.locator("#info-ends")).to_contain_text("Ends")
        if count:
            expect(page.locator("#info-count")).to_contain_text("Count")
        else:
            expect(page.locator("#info-count")).to_have_text("")
    page.locator("#game-menu-button").click()
    page.locator("#menu-dialog [data-menu=settings]").click()
    pace, out = page.locator("#set-delay"), page.locator("#set-delay-out")
    expect(out).to_have_text("0.03 seconds")  # the tests' pace, 30 ms
    pace.fill("1200")
    expect(out).to_have_text("1.2 seconds")
    expect(pace).to_have_attribute("aria-valuetext", "1.2 seconds")
    assert_accessible(page, "the settings")


def test_the_daily_games_copied_text_is_what_its_box_shows(make_session: Any) -> None:
    session: Session = make_session(viewport={"width": 1366, "height": 768},
                                    permissions=["clipboard-read", "clipboard-write"])
    page = session.page()
    page.goto(session.server.url + "/daily")
    MousePlayer(page).play_game()
    dialog = page.locator("#result-dialog")
    expect(dialog).to_be_visible()
    box = dialog.locator("#share-text")
    # The box gains the review's accuracy once the review is made.
    expect(box).to_have_value(re.compile(r"accuracy \d+%"), timeout=60000)
    dialog.get_by_role("button", name="Copy the result").click()
    expect(dialog.get_by_role("button", name="Copied")).to_be_visible()
    assert page.evaluate("navigator.clipboard.readText()") == box.input_value()
