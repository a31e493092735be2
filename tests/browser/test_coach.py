"""The coach for the first games in Chromium (issue 44): a new browser (no finished game) has it
on; a blunder in a scripted position (tests/support/deals.py's COACH_POSITION) gets the coach's
exact sentence under the hint, said before the computer's answer, with "take it back" while the
move may be and that the game no longer counts for the rating (its result says so too); a good
move gets nothing; turned off in Settings it says nothing; at a rated table of people it says
nothing either, even set to Always. axe on the game with the coach shown."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

from doublesix.words import coachwords, pagewords
from doublesix.words.pagelabels import LABELS
from tests.support.browser import (
    assert_accessible,
    join,
    said,
    set_table,
    start,
    wait_said,
)
from tests.support.browser_players import MousePlayer, Played, wait_phase
from tests.support.deals import COACH_POSITION

PANEL = "#coach-text"


def lay(page: Page, tile: str) -> None:
    """Click a tile that fits one end, and wait until the move is taken."""
    revision = page.get_attribute("#game", "data-revision")
    page.locator(f'#hand .hand-tile[data-tile="{tile}"]').click()
    page.wait_for_selector(f'#game:not([data-revision="{revision}"])')


def coach_game(make_session: Any) -> Page:
    """A new browser (the coach on for it) at its first turn of the scripted position."""
    session = make_session(record=True)
    page: Page = session.page()
    session.new_game(page, **COACH_POSITION.game)
    wait_phase(page)
    return page


def answered(page: Page) -> None:
    """Wait until the computer has answered your move (its second move is said)."""
    page.wait_for_function("() => [...document.querySelectorAll('#live p')].filter("
                           "p => p.textContent.startsWith('Greedy')).length >= 2")


def test_the_coach_speaks_of_a_blunder_before_the_computer_answers(make_session: Any) -> None:
    page = coach_game(make_session)
    lay(page, COACH_POSITION.bad.split()[0])
    panel = page.locator(PANEL)
    expect(panel).to_be_visible()
    expect(panel).to_have_text(
        f"{COACH_POSITION.sentence} {coachwords.take_back()} {coachwords.now_casual()}")
    wait_said(page, COACH_POSITION.sentence)
    answered(page)
    lines = said(page)
    coach = next(i for i, line in enumerate(lines) if COACH_POSITION.sentence in line)
    mine = next(i for i, line in enumerate(lines) if line.startswith("You laid 6|2"))
    computer = next(i for i, line in enumerate(lines) if line.startswith("Greedy") and i > mine)
    assert mine < coach < computer, lines
    assert_accessible(page, "the game with the coach's words")
    # Taking the move back puts the coach's words away with it; the good move then brings none.
    page.get_by_role("button", name=pagewords.TAKE_BACK).click()
    wait_said(page, pagewords.TOOK_BACK)
    expect(panel).to_be_hidden()
    lay(page, COACH_POSITION.good.split()[0])
    page.wait_for_function("() => [...document.querySelectorAll('#live p')].filter("
                           "p => p.textContent.startsWith('Greedy')).length >= 3")
    expect(panel).to_be_hidden()
    assert sum(COACH_POSITION.sentence in line for line in said(page)) == 1
    # Played to the end: the result says the coach helped, and no rating moved.
    MousePlayer(page).play_game()
    expect(page.locator("#result-dialog .result-coached")).to_have_text(
        coachwords.coached_game())
    expect(page.locator("#result-dialog .result-rating")).to_have_count(0)


def test_no_coach_for_a_good_move(make_session: Any) -> None:
    page = coach_game(make_session)
    lay(page, COACH_POSITION.good.split()[0])
    answered(page)
    expect(page.locator(PANEL)).to_be_hidden()
    assert not [line for line in said(page) if "would have been better" in line]


def test_past_its_first_5_games_a_browser_is_not_coached_unless_it_asks(
        make_session: Any) -> None:
    session = make_session(record=True)
    page: Page = session.page()
    # The statistics say 5 finished games (the rest of the answer is not read here).
    page.route("**/api/stats", lambda route: route.fulfill(json={"games": 5}))
    with page.expect_request_finished(lambda request: request.url.endswith("/api/stats")):
        session.new_game(page, **COACH_POSITION.game)
    wait_phase(page)
    lay(page, COACH_POSITION.bad.split()[0])
    answered(page)
    expect(page.locator(PANEL)).to_be_hidden()
    assert not [line for line in said(page) if "would have been better" in line]


def test_the_coach_turned_off_in_settings_says_nothing(make_session: Any) -> None:
    page = coach_game(make_session)
    page.locator("#game-menu-button").click()
    page.locator("#menu-dialog [data-menu=settings]").click()
    dialog = page.locator("#settings-dialog")
    expect(dialog.get_by_label(LABELS["coachAuto"], exact=True)).to_be_checked()
    dialog.get_by_label(LABELS["coachOff"], exact=True).check()
    assert_accessible(page, "the settings with the coach")
    dialog.get_by_role("button", name=LABELS["done"]).click()
    expect(dialog).to_be_hidden()
    assert page.evaluate("JSON.parse(localStorage.getItem('doublesix.preferences')).coach") \
        == "off"
    lay(page, COACH_POSITION.bad.split()[0])
    answered(page)
    expect(page.locator(PANEL)).to_be_hidden()
    assert not [line for line in said(page) if "would have been better" in line]


def test_no_coach_at_a_rated_table_of_people(make_session: Any) -> None:
    ana_session, bea_session = make_session(record=True), make_session(record=True)
    for one in (ana_session, bea_session):  # the coach set to Always
        one.context.add_init_script(
            "localStorage.setItem('doublesix.preferences', JSON.stringify({coach: 'on'}));")
    ana, bea = ana_session.page(), bea_session.page()
    _, links = set_table(ana_session, ana, **{**COACH_POSITION.game, "opponents": ["person"]},
                         name="Ana", rated=True)
    join(bea, links[0], "Bea")
    start(ana)
    # The same position as against the computer: Bea lays what Greedy laid, then Ana blunders.
    expect(bea.locator("#game")).to_have_attribute("data-phase", "you")
    lay(bea, "6|4")
    expect(ana.locator("#game")).to_have_attribute("data-phase", "you")
    lay(ana, COACH_POSITION.bad.split()[0])
    wait_said(bea, "Ana laid 6|2")
    # Bea answers: Ana hears it after anything said of her own move on her socket.
    MousePlayer(bea).play_turn(Played())
    ana.wait_for_function("() => [...document.querySelectorAll('#live p')].some("
                          "p => p.textContent.startsWith('Bea'))")
    for page in (ana, bea):
        expect(page.locator(PANEL)).to_be_hidden()
        assert not [line for line in said(page) if "would have been better" in line]
