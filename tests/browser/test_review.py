"""The expert's review in Chromium (issue 31), and the result dialog's scores (issue 29, item 8).

A finished hand is reviewed from the result dialog by keyboard alone at 1366x768 and by touch at
390x844: the review screen replays the hand step by step (each step said in its live region),
lists the person's decisions in one Tab stop, says each one's reason, shows the best move on
the table, fits the screen without a scroll, and axe finds nothing. The statistics page lists
the finished game with its review. The result dialog says why a hand's points were rounded,
lists every seat's score per hand, and on a phone on its side shows the scores first.
"""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Page, expect

from doublesix import Match
from doublesix.engine import summary
from doublesix.words import results
from tests.support.browser import Session, assert_accessible, docs_shot
from tests.support.browser_players import MousePlayer, settled
from tests.support.deals import finished_hand

#: The screenshot of the review screen in the docs.


def fits(page: Page) -> dict[str, Any]:
    """The review screen's sizes: the page, the dialog and the buttons."""
    sizes: dict[str, Any] = page.evaluate("""() => {
      const d = document.getElementById("review-dialog");
      const box = (el) => el.getBoundingClientRect();
      return {
        page: [document.documentElement.scrollHeight, innerHeight,
               document.documentElement.scrollWidth, innerWidth],
        dialog: [d.scrollHeight, d.clientHeight, d.scrollWidth, d.clientWidth],
        board: [box(document.getElementById("review-board")).width,
                box(document.getElementById("review-board")).height],
        buttons: [...d.querySelectorAll(".review-steps button:not([hidden]), #review-close")]
          .map((b) => [box(b).width, box(b).height]),
        options: [...d.querySelectorAll(".review-option")].map((o) => box(o).height),
      };
    }""")
    page_h, inner_h, page_w, inner_w = sizes["page"]
    assert page_h <= inner_h and page_w <= inner_w, sizes
    dialog_h, client_h, dialog_w, client_w = sizes["dialog"]
    assert dialog_h <= client_h and dialog_w <= client_w, sizes
    assert sizes["board"][0] > 150 and sizes["board"][1] > 100, sizes
    return sizes


def live_lines(page: Page) -> list[str]:
    return [str(t) for t in page.locator("#review-live p").all_text_contents()]


def open_result(session: Session, page: Page, match: Match) -> None:
    session.scripted_game(page, match, ("greedy",))
    expect(page.locator("#result-dialog")).to_be_visible()


def test_a_hand_reviewed_by_keyboard_alone(make_session: Any) -> None:
    session: Session = make_session(viewport={"width": 1366, "height": 768})
    page = session.page()
    match = finished_hand()
    open_result(session, page, match)
    review = page.locator("#review-button")
    expect(review).to_have_text("Review the hand")
    # By keyboard: Tab to the Review button, Enter.
    for _ in range(8):
        if page.evaluate("document.activeElement.id") == "review-button":
            break
        page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "review-button"
    page.keyboard.press("Enter")
    dialog = page.locator("#review-dialog")
    expect(dialog).to_be_visible()
    expect(page.locator("#review-screen")).to_be_visible(timeout=60000)
    expect(page.locator("#review-title")).to_have_text("Review of the hand")
    expect(page.locator("#review-step")).to_have_text("The deal")
    assert page.evaluate("document.activeElement.id") == "review-forward"
    fits(page)
    assert_accessible(page, "the review screen at 1366x768")

    # Arrow keys step forward and back; each step is said.
    page.keyboard.press("ArrowRight")
    expect(page.locator("#review-step")).to_contain_text("Move 1 of ")
    first = live_lines(page)[-1]
    assert first.startswith("Move 1 of ") and any(w in first for w in ("laid", "drew", "passed"))
    page.keyboard.press("ArrowRight")
    expect(page.locator("#review-step")).to_contain_text("Move 2 of ")
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#review-step")).to_contain_text("Move 1 of ")
    assert len(live_lines(page)) == 3
    page.keyboard.press("End")
    steps = page.locator("#review-step").text_content() or ""
    assert steps.split()[1] == steps.split()[3]  # "Move N of N"
    page.keyboard.press("Home")
    expect(page.locator("#review-step")).to_have_text("The deal")

    # The decisions' list is one Tab stop: Up and Down go from decision to decision.
    options = page.locator("#review-list [role=option]")
    count = options.count()
    assert count >= 2
    for _ in range(6):
        if page.evaluate("document.activeElement.id") == "review-list":
            break
        page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "review-list"
    page.keyboard.press("ArrowDown")
    expect(options.nth(1)).to_have_attribute("aria-selected", "true")
    reason = page.locator("#review-reason p").first
    expect(reason).to_contain_text("Move ")
    assert (reason.text_content() or "") in live_lines(page)[-1]
    # One numbering (issue 40, item 11): the decision's "Move N" is the replay's step N.
    number = (reason.text_content() or "").split(":")[0]
    expect(page.locator("#review-step")).to_have_text(re.compile(rf"^{number} of \d+$"))
    page.keyboard.press("Tab")  # the list is left in one Tab
    assert page.evaluate("document.activeElement.id") != "review-list"

    # A decision whose best move was another shows it on the table, by its button.
    best_index = None
    for k in range(count):
        page.locator("#review-list").focus()
        options.nth(k).click()
        if page.locator("#review-best").is_visible():
            best_index = k
            break
    if best_index is not None:
        page.locator("#review-best").focus()
        page.keyboard.press("Enter")
        expect(page.locator("#review-best")).to_have_attribute("aria-pressed", "true")
        expect(page.locator("#review-said")).to_contain_text("The best move: ")
        expect(page.locator("#review-board .layout-tiles .fresh")).to_have_count(1)
        # Where the move played went is marked too, when it went to an end of that table.
        marked = 1 if ", marked." in (page.locator("#review-said").text_content() or "") else 0
        expect(page.locator("#review-board .end-spot.played-end")).to_have_count(marked)
        assert live_lines(page)[-1].endswith(page.locator("#review-said").text_content() or "")
        page.screenshot(path=str(docs_shot("review-web.png")))  # docs/web.md shows it
        page.keyboard.press("ArrowRight")
        expect(page.locator("#review-best")).to_have_attribute("aria-pressed", "false")
    assert_accessible(page, "the review screen with a decision")

    # Escape closes it, and the focus is back on the Review button.
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    assert page.evaluate("document.activeElement.id") == "review-button"
    assert not session.errors


def test_a_hand_reviewed_by_touch_on_a_phone(make_session: Any) -> None:
    session: Session = make_session(viewport={"width": 390, "height": 844}, has_touch=True,
                                    is_mobile=True)
    page = session.page()
    open_result(session, page, finished_hand(seed=8))
    page.locator("#review-button").tap()
    expect(page.locator("#review-screen")).to_be_visible(timeout=60000)
    sizes = fits(page)
    assert all(w >= 44 and h >= 44 for w, h in sizes["buttons"]), sizes
    assert all(h >= 44 for h in sizes["options"]), sizes
    page.locator("#review-forward").tap()
    expect(page.locator("#review-step")).to_contain_text("Move 1 of ")
    page.locator("#review-forward").tap()
    page.locator("#review-back").tap()
    expect(page.locator("#review-step")).to_contain_text("Move 1 of ")
    options = page.locator("#review-list [role=option]")
    options.last.tap()
    expect(options.last).to_have_attribute("aria-selected", "true")
    expect(page.locator("#review-reason p").first).to_contain_text("Move ")
    fits(page)
    assert_accessible(page, "the review screen at 390x844")
    page.locator("#review-close").tap()
    expect(page.locator("#review-dialog")).to_be_hidden()
    assert not session.errors


def test_other_sizes_fit(make_session: Any) -> None:
    """The review screen at 844x390 and 320x568: no scroll, the board in view."""
    session: Session = make_session(viewport={"width": 844, "height": 390}, has_touch=True,
                                    is_mobile=True)
    page = session.page()
    open_result(session, page, finished_hand(seed=11))
    page.locator("#review-button").tap()
    expect(page.locator("#review-screen")).to_be_visible(timeout=60000)
    page.locator("#review-forward").tap()
    fits(page)
    page.set_viewport_size({"width": 320, "height": 568})
    settled(page)
    fits(page)
    assert_accessible(page, "the review screen at 320x568")


def test_the_statistics_page_lists_the_game_with_its_review(make_session: Any) -> None:
    session: Session = make_session(viewport={"width": 1366, "height": 768})
    page = session.page()
    session.new_game(page, variant="block", players=2, target=0, opponents=["random"], seed=12)
    MousePlayer(page).play_game()
    expect(page.locator("#result-dialog")).to_be_visible()
    page.goto(f"{session.server.url}/stats")
    games = page.locator("table.games-list tbody tr")
    expect(games).to_have_count(1)
    games.first.get_by_role("button").click()
    expect(page.locator("#review-screen")).to_be_visible(timeout=60000)
    expect(page.locator("#review-title")).to_have_text("Review of the hand")
    assert_accessible(page, "the review from the statistics page")


def rounded_hand() -> tuple[Match, str]:
    """A Muggins hand whose end's points were rounded down, and what the dialog says of it."""
    for seed in range(200):
        match = finished_hand("muggins", seed)
        outcome = summary.hand_outcome(match)
        assert outcome is not None
        reason = results.points_reason(outcome, match.rules, ["You", "Greedy"])
        if reason is not None and outcome.points > 0:
            return match, reason
    raise AssertionError("no rounded hand")


def test_the_result_says_why_and_lists_every_score(make_session: Any) -> None:
    for viewport in ({"width": 1366, "height": 768}, {"width": 844, "height": 390}):
        session: Session = make_session(viewport=viewport, has_touch=viewport["height"] < 500)
        page = session.page()
        match, reason = rounded_hand()
        open_result(session, page, match)
        dialog = page.locator("#result-dialog")
        expect(dialog.locator(".result-reason")).to_have_text(reason)
        assert "rounded down to fives" in reason
        sheet = dialog.locator(".sheet-table")
        expect(sheet.locator("thead th")).to_have_text(["Hand", "You", "Greedy", "How"])
        row = sheet.locator("tbody tr").first
        scored = summary.scoresheet(match)[-1].scored
        expect(row.locator("td")).to_have_text([str(scored[0]), str(scored[1]),
                                               row.locator("td").last.text_content() or ""])
        expect(sheet.locator("tfoot td").first).to_have_text(str(match.scores[0]))
        # The scores come before the hands laid open, in view at the dialog's top.
        order = page.evaluate("""() => {
          const d = document.getElementById("result-dialog");
          const sheet = d.querySelector(".sheet-table").getBoundingClientRect();
          const hands = d.querySelector(".open-hands").getBoundingClientRect();
          const actions = document.getElementById("result-actions").getBoundingClientRect();
          return {sheet: sheet.bottom, hands: hands.top, top: d.scrollTop,
                  visible: Math.min(d.getBoundingClientRect().bottom, actions.top)};
        }""")
        assert order["top"] == 0, order
        if viewport["height"] > 500:
            assert order["sheet"] <= order["hands"], order
        assert order["sheet"] <= order["visible"] + 1, order
        assert_accessible(page, f"the result at {viewport}")
        assert not session.errors
