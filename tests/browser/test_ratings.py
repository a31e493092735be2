"""A person's rating in Chromium: the result dialog says how it moved, and the statistics page
shows it, its history as a chart and the same figures as a table (axe: no violations)."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import expect

from tests.support.browser import assert_accessible
from tests.support.browser_players import MousePlayer


def test_the_rating_in_the_result_and_on_the_statistics_page(session: Any) -> None:
    page = session.page()
    session.new_game(page, variant="draw", target=0, seed=204, opponents=["random"])
    MousePlayer(page).play_game()
    dialog = page.locator("#result-dialog")
    expect(dialog.locator(".result-rating").first).to_have_text(
        re.compile(r"^Your rating 1,\d{3}, (up|down) \d+\.$"))
    assert_accessible(page, "the result with the rating")
    page.goto(session.server.url + "/stats")
    expect(page.locator("#rating-words")).to_have_text(
        re.compile(r"^Your rating is 1,\d{3} \(±\d+\), from 1 rated game\.$"))
    chart = page.locator("#rating-chart")
    expect(chart).to_be_visible()
    assert chart.locator("circle").count() == 2  # before the game and after it
    figures = page.locator("#rating-table")
    expect(figures.locator("tbody tr")).to_have_count(1)
    expect(figures).to_contain_text("draw/2/0")
    assert_accessible(page, "statistics with the rating")
