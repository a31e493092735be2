"""The result dialog in Chromium says what the hand's points are (issue 17).

All Fives, one hand of two tiles each: the person goes out with 2|0, a lay that scores 10, and
the 1 pip left in the other hand rounds to no points. The dialog must not read "You score 0
points" right after "You laid 2|0 ..., scoring 10": it says the hand scores nothing at its end
and where the 10 came from. The numbers are read from ``doublesix.engine.summary.hand_outcome`` for
the
same game.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from doublesix import Match, Rules
from doublesix.engine.outcome import Ending
from doublesix.engine.summary import hand_outcome
from doublesix.engine.tiles import TILES
from tests.support.browser import Session
from tests.support.browser_players import wait_phase

HANDS = [["4|4", "2|0"], ["4|0", "1|0"]]


def test_a_hand_that_scores_nothing_at_its_end_says_so(session: Session) -> None:
    dealt = {t for hand in HANDS for t in hand}
    rest = [str(t) for t in TILES[:28] if str(t) not in dealt]
    match = Match(Rules.variant("all-fives", hand_size=2, target=0), hands=HANDS, boneyard=rest)
    match.play("4|0 right")  # seat 1, after seat 0 opened with 4|4
    page = session.page()
    session.scripted_game(page, match, ("random",))
    assert wait_phase(page) == "you"

    # What the server will decide, worked out by the engine on a copy of the game.
    match.play("2|0 right")
    outcome = hand_outcome(match)
    assert outcome is not None and outcome.ending is Ending.WENT_OUT
    assert outcome.winner == 0 and outcome.points == 0 and outcome.scored[0] == 10

    page.locator('#hand .hand-tile[data-tile="2|0"]').click()
    dialog = page.locator("#result-dialog")
    expect(dialog).to_be_visible()
    expect(page.locator("#log")).to_contain_text("You laid 2|0 on the right end, scoring 10.")
    how = dialog.locator(".result-how")
    expect(how).not_to_contain_text("score 0")
    expect(how).to_have_text(
        f"Hand 1 is over. You went out; the hand scores no points at its end (your "
        f"{outcome.scored[0]} came from board counts during it).")
    # The scoresheet says how the hand ended, from the server's ending.
    expect(dialog.locator("tbody tr").last.locator("td").last).to_have_text("You went out")


def test_the_hands_laid_open_grow_with_a_large_screen(make_session: Any) -> None:
    """Issue 29: the revealed hands' tiles were about 21 px wide at 1920x1080."""
    session: Session = make_session(viewport={"width": 1920, "height": 1080})
    dealt = {t for hand in HANDS for t in hand}
    rest = [str(t) for t in TILES[:28] if str(t) not in dealt]
    match = Match(Rules.variant("all-fives", hand_size=2, target=0), hands=HANDS, boneyard=rest)
    match.play("4|0 right")
    page = session.page()
    session.scripted_game(page, match, ("random",))
    assert wait_phase(page) == "you"
    page.locator('#hand .hand-tile[data-tile="2|0"]').click()
    tile = page.locator("#result-dialog .open-tiles .tile-svg").first
    expect(tile).to_be_visible()
    box = tile.bounding_box()
    assert box is not None and box["width"] >= 36, box
