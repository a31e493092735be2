"""The game screen shows the server's words (issue 39: the browser writes no sentence): the
seats' cards (tiles held, the team's score around the number that counts up), your row's name
and status line, the table's facts and its description for a screen reader, the tiles played,
and the page's title."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import expect

from tests.support.browser import assert_accessible
from tests.support.browser_players import wait_phase


def test_the_game_screen_says_the_servers_words(session: Any) -> None:
    page = session.page()
    session.new_game(page, variant="partnership", players=4, target=100, seed=7,
                     opponents=["random"] * 3)
    phase = wait_phase(page)
    expect(page.locator("#me-name")).to_have_text("You and Random 2")
    cards = page.locator("#game .seat .seat-facts")
    expect(cards).to_have_count(3)
    for k in range(3):
        expect(cards.nth(k)).to_have_text(
            re.compile(r"^\d+ tiles?\s*·\s*team \d+ (points|pts)$"), use_inner_text=True)
    status = page.locator("#me-status")
    expect(status).to_have_text(
        "Your turn: play a raised tile." if phase == "you" else re.compile(r"^Waiting for "))
    expect(page.locator("#info-ends")).to_have_text(re.compile(r"^Ends \d+( · \d+)*$"))
    expect(page.locator("#board-desc")).to_have_text(
        re.compile(r"^The table: \d+ tiles? laid\. Open ends: "))
    assert page.title().endswith(" · doublesix"), page.title()

    page.locator("#game .game-tools").get_by_role("button", name="Tiles played").click()
    dialog = page.locator("#tracker-dialog")
    expect(dialog.locator("#tracker-count")).to_have_text(re.compile(r"^\(\d+ of 28\)$"))
    said = dialog.locator("#tracker .visually-hidden p")
    expect(said.first).to_have_text(re.compile(r"^Played: \d\|\d"))
    expect(said.nth(1)).to_have_text(re.compile(r"^In your hand: \d\|\d"))
    expect(said.nth(2)).to_have_text(re.compile(r"^Not seen: \d+ tiles\.$"))
    assert_accessible(page, "the tiles played, in the server's words")
