"""A person's rating in Chromium: the result dialog says how it moved, and the statistics page
shows it, its history as a chart with the games' dates, the same figures as a table and the
rating in each variant played (axe: no violations)."""

from __future__ import annotations

import datetime
import itertools
import re
from typing import Any

from playwright.sync_api import expect
from sqlalchemy.orm import Session as DbSession

from doublesix.ai.ladder import rating_of
from doublesix.ai.ratings import Rating, update
from doublesix.protocol.wire import COOKIE
from doublesix.web.storage.ratings import RatingRow
from doublesix.web.storage.store import Store, digest
from tests.support.browser import assert_accessible
from tests.support.browser_players import MousePlayer

MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]


def short_date(day: datetime.date) -> str:
    return f"{day.day} {MONTHS[day.month - 1]}"


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


def put_history(db: Any, owner: str, days: list[datetime.date]) -> list[RatingRow]:
    """A browser's rating history straight into the server's database: one game a day of
    ``days``, Draw and Muggins in turn, against the expert and Greedy in turn."""
    store = Store(f"sqlite:///{db}")
    try:
        rows = []
        rating = Rating()
        for number, day in enumerate(days, 1):
            opponent = "expert" if number % 2 else "greedy"
            won = number % 3 != 0
            after = update([rating, rating_of(opponent)], [0 if won else 1, 1 if won else 0],
                           movable={0})[0]
            rows.append(RatingRow(
                owner=owner, number=number, game_id=f"history-{number}", seat=0, name="Ana",
                rules="draw/2/100" if number % 2 else "muggins/2/100", opponents=[opponent],
                won=won, mu_before=rating.mu, sigma_before=rating.sigma, mu_after=after.mu,
                sigma_after=after.sigma,
                created=datetime.datetime.combine(day, datetime.time(12))))
            rating = after
        with DbSession(store.engine) as db_session, db_session.begin():
            db_session.add_all(rows)
        return rows
    finally:
        store.dispose()


def test_the_charts_dates_are_readable_and_never_crowd_on_a_small_screen(session: Any) -> None:
    page = session.page()
    page.set_viewport_size({"width": 320, "height": 640})
    page.goto(session.server.url + "/stats")
    expect(page.locator("#rating-words")).to_be_visible()
    cookie = next(c["value"] for c in session.context.cookies() if c["name"] == COOKIE)
    first = datetime.date(2026, 9, 1)
    days = [first + datetime.timedelta(days=2 * i + (i % 3 == 0)) for i in range(40)]
    put_history(session.server.db, digest(cookie), days)
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
