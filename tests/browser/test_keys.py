"""By keyboard and screen reader (issue 29): where the focus goes when a game opens and while
you draw, the key for Draw, and a toggle that keeps its name.

A scripted Draw hand: the computer opens 6|6 and the person holds no six, so they draw 3|1 and
3|2 (neither fits) and then 6|5 (which does).
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

from doublesix import Rules
from tests.support.browser import Session, assert_accessible, said
from tests.support.browser_players import wait_phase
from tests.support.deals import scripted

PERSON = ["0|0", "1|0", "1|1", "2|0", "2|1", "2|2", "3|0"]
COMPUTER = ["6|6", "5|5", "4|4", "5|4", "4|3", "5|3", "4|0"]
DRAWS = ["3|1", "3|2", "6|5"]


def focused(page: Page) -> str:
    return str(page.evaluate(
        "document.activeElement.closest('#hand') ? 'hand' : document.activeElement.id"))


def draw_by(page: Page, key: str) -> None:
    revision = page.get_attribute("#game", "data-revision")
    page.keyboard.press(key)
    page.wait_for_selector(f'#game:not([data-revision="{revision}"])')
    wait_phase(page)


def test_the_focus_starts_in_the_hand_and_stays_on_draw_while_nothing_fits(
    make_session: Any
) -> None:
    session: Session = make_session(record=True, delay=10)
    page = session.page()
    match = scripted(Rules.variant("draw", target=0), [PERSON, COMPUTER], DRAWS)
    assert match.turn == 0, "the computer opens 6|6"
    session.scripted_game(page, match, ("random",))
    assert wait_phase(page) == "you"
    # The game opened with the focus in the hand: the reading keys work at once.
    assert focused(page) == "hand"
    page.keyboard.press("h")
    expect(page.locator("#live")).to_contain_text("Your hand")
    # D draws; Draw keeps the focus while nothing fits, so Enter draws again.
    draw_by(page, "d")
    expect(page.locator("#log")).to_contain_text("You drew 3|1.")
    assert focused(page) == "draw-button"
    draw_by(page, "Enter")
    expect(page.locator("#log")).to_contain_text("You drew 3|2.")
    assert focused(page) == "draw-button"
    draw_by(page, "d")
    # 6|5 fits: the focus goes to the hand, and the turn is said again.
    expect(page.locator("#log")).to_contain_text("You drew 6|5.")
    assert focused(page) == "hand"
    lines = said(page)
    assert sum(line.startswith("Your turn. Nothing fits") for line in lines) == 1, lines
    assert lines[-1] == "Your turn. One tile fits: 6|5.", lines
    assert_accessible(page, "the game after drawing")


def test_the_sound_toggle_keeps_its_name(session: Session) -> None:
    page = session.page()
    page.goto(session.server.url + "/")
    sound = page.get_by_role("button", name="Sound", exact=True)
    expect(sound).to_have_attribute("aria-pressed", "true")
    sound.click()
    expect(page.get_by_role("button", name="Sound", exact=True)).to_have_attribute(
        "aria-pressed", "false")
    sound.click()
    expect(sound).to_have_attribute("aria-pressed", "true")
