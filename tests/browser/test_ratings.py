"""A person's rating in Chromium: the result dialog says how it moved, and the statistics page
shows it, its history as a chart with the games' dates, the same figures as a table and the
rating in each variant played (axe: no violations)."""

from __future__ import annotations

import datetime
import itertools
import re
from typing import Any

import pytest
from playwright.sync_api import expect

from doublesix.ai.ratings import MU
from doublesix.protocol.wire import COOKIE
from doublesix.web.storage.store import digest
from tests.support.browser import assert_accessible
from tests.support.browser_players import MousePlayer
from tests.support.storage import put_ratings, rating_rows

MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]


def short_date(day: datetime.date) -> str:
    return f"{day.day} {MONTHS[day.month - 1]}"


def test_the_rating_in_the_result_and_on_the_statistics_page(session: Any) -> None:
    page = session.page()
    # The coach off: a game it helps in is casual (issue 44), and this one is to be rated.
    page.goto(session.server.url + "/")
    page.evaluate("localStorage.setItem('doublesix.preferences', JSON.stringify({coach: 'off'}))")
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
    expect(figures).to_contain_text("Draw, 2 players, one hand")
    # The date axis: the game's date under the chart, and the same date in the table.
    today = datetime.datetime.now(datetime.UTC).date()
    dates = chart.locator(".rating-date")
    expect(dates).to_have_count(1)
    assert dates.first.text_content() in (short_date(today),
                                          short_date(today - datetime.timedelta(days=1)))
    expect(figures.locator("tbody td").first).to_have_text(
        f"{dates.first.text_content()} {today.year}")
    # The rating in each variant played.
    variants = page.locator("#rating-variants")
    expect(variants.locator("tbody tr")).to_have_count(1)
    expect(variants.locator("tbody tr").first.locator("th")).to_have_text("Draw")
    assert_accessible(page, "statistics with the rating")


def test_the_charts_dates_are_readable_and_never_crowd_on_a_small_screen(session: Any) -> None:
    page = session.page()
    page.set_viewport_size({"width": 320, "height": 640})
    page.goto(session.server.url + "/stats")
    expect(page.locator("#rating-words")).to_be_visible()
    cookie = next(c["value"] for c in session.context.cookies() if c["name"] == COOKIE)
    first = datetime.date(2026, 9, 1)
    days = [first + datetime.timedelta(days=2 * i + (i % 3 == 0)) for i in range(40)]
    put_ratings(session.server.db, rating_rows(digest(cookie), days))
    page.goto(session.server.url + "/stats")
    chart = page.locator("#rating-chart")
    expect(chart).to_be_visible()
    expect(chart.locator("circle")).to_have_count(41)
    box = chart.bounding_box()
    assert box is not None and box["width"] <= 320
    labels = chart.locator(".rating-date")
    expect(labels.first).to_be_visible()
    boxes = [labels.nth(i).bounding_box() for i in range(labels.count())]
    texts = labels.all_text_contents()
    assert 2 <= len(boxes) <= 6, texts
    assert texts[0] == short_date(days[0])
    for b in boxes:  # readable: a 12 px font at its size, inside the chart
        assert b is not None and b["height"] >= 11
        assert box["x"] <= b["x"] and b["x"] + b["width"] <= box["x"] + box["width"]
    for a, b in itertools.pairwise(boxes):  # never crowded: 12 px apart at least
        assert a is not None and b is not None and b["x"] - (a["x"] + a["width"]) >= 12
    shown = [short_date(day) for day in days]
    assert all(text in shown for text in texts) and texts == sorted(texts, key=shown.index)
    # The table for screen readers has every game and its date, in step with the chart.
    figures = page.locator("#rating-table tbody tr")
    expect(figures).to_have_count(40)
    expect(figures.last.locator("td").first).to_have_text(f"{short_date(days[-1])} 2026")
    variants = page.locator("#rating-variants tbody th")
    expect(variants).to_have_text(["Draw", "Muggins"])
    assert page.evaluate("document.documentElement.scrollWidth") <= 320
    assert_accessible(page, "statistics with a long rating history at 320 px")
    # Wider, the same chart is drawn again at its width, with room for more dates.
    page.set_viewport_size({"width": 1000, "height": 800})
    expect(chart.locator(".rating-date")).not_to_have_count(len(texts))
    assert chart.locator(".rating-date").count() > len(texts)


@pytest.mark.parametrize(("locale", "day", "day_year", "rating", "won"), [
    ("fr-FR", "4 déc.", "4 déc. 2026", "1\u202f524", "Victoire"),
    ("es-ES", "4 dic", "4 dic 2026", "1.524", "Victoria"),
    ("pt-BR", "4 de dez.", "4 de dez. de 2026", "1.524", "Vitória"),
])
def test_the_charts_dates_and_figures_in_the_readers_language(
        make_session: Any, locale: str, day: str, day_year: str, rating: str, won: str) -> None:
    """Issue 43: the chart's dates are the server's, in the reader's language (Babel's), and
    its rating (1524) and the table's figures are grouped the local way."""
    session = make_session(locale=locale)
    page = session.page()
    page.goto(session.server.url + "/stats")
    expect(page.locator("#rating-words")).to_be_visible()
    cookie = next(c["value"] for c in session.context.cookies() if c["name"] == COOKIE)
    rows = rating_rows(digest(cookie), [datetime.date(2026, 11, 30), datetime.date(2026, 12, 4)])
    rows[-1].mu_after = MU + 1  # a rating of 1524 after a game won on 4 December
    put_ratings(session.server.db, rows)
    page.reload()
    expect(page.locator("html")).to_have_attribute("lang", locale.split("-")[0]
                                                   if locale != "pt-BR" else locale)
    expect(page.locator("#rating-words")).to_contain_text(rating)
    chart = page.locator("#rating-chart")
    expect(chart.locator("circle")).to_have_count(3)
    assert day in chart.locator(".rating-date").all_text_contents()
    last = page.locator("#rating-table tbody tr").last.locator("td")
    expect(last.nth(0)).to_have_text(day_year)
    expect(last.nth(2)).to_have_text(won)
    expect(last.nth(3)).to_have_text(rating)
    assert_accessible(page, f"the rating's chart in {locale}")
