"""Which end a tile goes to, in Chromium: the page asks exactly when the engine says it must.

Each game is a scripted deal put in the server's database (``Session.scripted_game``). What the
page must do is read from ``doublesix.engine.summary.tile_choices`` for the same position, the one
source the server sends the page as ``choices``; nothing here decides it again.

- All Fives, 4|4 at the left end and a plain 4 at the right (issue 17): 6|4 scores 10 on the
  double's end and nothing on the other, so tapping it asks, and the end buttons say what each
  end scores; the same in Muggins. In Draw and Block, where counts do not score, the two ends
  leave the same table and the tile is laid at once.
- Ends 4 and 6 with 6|4 in hand: 6 and 6 or 4 and 4 stay open, so every variant asks.
- A lone opening 5|5 and 6|5 in hand: either end leaves the same table, so a tap lays it at once.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, ViewportSize, expect

from doublesix import Match
from doublesix.engine.summary import TileChoice, tile_choices
from doublesix.engine.tiles import Tile
from tests.support.browser import Session, assert_accessible
from tests.support.browser_players import settled, wait_phase
from tests.support.deals import END_ASKED, END_AT_ONCE, SCORING, Position, end_position

#: Whether every lit end's label lies inside its frame.
LABELS_FIT = """() => [...document.querySelectorAll("#board .end-spot.lit")].every((spot) => {
  const f = spot.querySelector(".end-frame").getBoundingClientRect();
  const l = spot.querySelector(".end-label").getBoundingClientRect();
  return l.left >= f.left - 1 && l.right <= f.right + 1 && l.top >= f.top - 1
    && l.bottom <= f.bottom + 1;
})"""


def open_position(session: Session, match: Match) -> Page:
    page = session.page()
    session.scripted_game(page, match, ("random",))
    assert wait_phase(page) == "you"
    return page


def check_hand_marks(page: Page, choices: dict[Tile, TileChoice]) -> None:
    """Every hand tile says, for tests, the ends it fits and whether tapping it will ask."""
    for tile, choice in choices.items():
        button = page.locator(f'#hand .hand-tile[data-tile="{tile}"]')
        expect(button).to_have_attribute("data-ask", str(choice.asks).lower())
        expect(button).to_have_attribute("data-ends", " ".join(choice.ends) or "lead")


def revision(page: Page) -> str:
    return str(page.get_attribute("#game", "data-revision"))


@pytest.mark.parametrize(("variant", "position"), END_ASKED, ids=str)
def test_a_tile_whose_ends_leave_different_tables_asks(
    session: Session, variant: str, position: Position
) -> None:
    tile = position.tile
    match = end_position(variant, position)
    choices = tile_choices(match.view(0))
    choice = choices[tile]
    assert choice.asks and choice.ends == ("left", "right"), "the position no longer asks"
    if variant == "all-fives" and position is SCORING:
        assert [lay.points for lay in choice.lays] == [10, 0]
    page = open_position(session, match)
    check_hand_marks(page, choices)
    before = revision(page)

    page.locator(f'#hand .hand-tile[data-tile="{tile}"]').click()
    prompt = page.locator("#end-choice")
    expect(prompt).to_be_visible()
    # Nothing was sent: the page waits for the end.
    assert revision(page) == before and page.get_attribute("#game", "data-phase") == "you"
    buttons = prompt.locator("#end-buttons button")
    expect(buttons).to_have_count(len(choice.lays))
    for button, lay in zip(buttons.all(), choice.lays, strict=True):
        expect(button).to_have_attribute("data-end", str(lay.end))
        text = button.inner_text()
        assert re.search(rf"\b{lay.shows}\b", text), text
        if lay.points:
            assert f"scores {lay.points}" in text, text
        else:
            assert "scores" not in text, text
    for end in choice.ends:
        expect(page.locator(f'#board .end-spot.lit[data-end="{end}"]')).to_have_count(1)
    # The lit ends' labels ("L 4") fit their frames, on a phone held either way too.
    for width, height in ((1280, 800), (390, 844), (844, 390)):
        size: ViewportSize = {"width": width, "height": height}
        page.set_viewport_size(size)
        settled(page)
        assert page.evaluate(LABELS_FIT), f"an end label spills out of its frame at {size}"
    page.set_viewport_size({"width": 1280, "height": 800})
    if any(lay.points for lay in choice.lays):
        best_points = max(lay.points for lay in choice.lays)
        expect(page.locator("#live")).to_contain_text(f"scores {best_points}")
    if variant == "all-fives" and position is SCORING:
        assert_accessible(page, "the end choice")

    # The end that scores most is chosen; the server lays the tile there.
    best = max(choice.lays, key=lambda lay: lay.points)
    prompt.locator(f'#end-buttons button[data-end="{best.end}"]').click()
    page.wait_for_selector(f'#game:not([data-revision="{before}"])')
    scoring = f", scoring {best.points}" if best.points else ""
    expect(page.locator("#log")).to_contain_text(
        f"You laid {tile} on the {best.end} end{scoring}.")
    expect(page.locator(f"#hand .hand-tile[data-tile='{tile}']")).to_have_count(0)


@pytest.mark.parametrize(("variant", "position"), END_AT_ONCE, ids=str)
def test_a_tile_whose_ends_mirror_each_other_is_laid_at_once(
    session: Session, variant: str, position: Position
) -> None:
    tile = position.tile
    match = end_position(variant, position)
    choices = tile_choices(match.view(0))
    choice = choices[tile]
    assert len(choice.lays) == 2 and not choice.asks, "the position should not ask"
    move = choice.move()
    assert move is not None and move.end is not None
    page = open_position(session, match)
    check_hand_marks(page, choices)
    before = revision(page)

    page.locator(f'#hand .hand-tile[data-tile="{tile}"]').click()
    page.wait_for_selector(f'#game:not([data-revision="{before}"])')
    expect(page.locator("#end-choice")).to_be_hidden()
    points = next(lay.points for lay in choice.lays if lay.move is move)
    scoring = f", scoring {points}" if points else ""
    expect(page.locator("#log")).to_contain_text(f"You laid {tile} on the {move.end} end{scoring}.")
    expect(page.locator(f"#hand .hand-tile[data-tile='{tile}']")).to_have_count(0)
