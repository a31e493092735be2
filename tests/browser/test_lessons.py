"""The lessons in the browser (issue 44): each lesson taken to its end on the game screen by
touch at 390x844 (taps) and by keyboard at 1366x768, with a deliberately wrong move at the
first step that has one, whose explanation is checked word for word, as the runner words it;
the coach's words checked at every step; axe clean on the lesson screen; the lessons' page,
the menu's list and the front page's offer to a newcomer."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from doublesix.ai.lessons import LESSONS, YOU, Tutor
from doublesix.engine.moves import Move
from doublesix.engine.rules import VARIANTS
from doublesix.engine.summary import tile_choices
from doublesix.words import lessonwords
from tests.support.browser import Session, assert_accessible, wait_said
from tests.support.browser_players import KeyboardPlayer
from tests.support.lessons import better_move, wrong_moves

PHONE: dict[str, Any] = {"viewport": {"width": 390, "height": 844}, "has_touch": True,
                         "is_mobile": True}
DESK: dict[str, Any] = {"viewport": {"width": 1366, "height": 768}}


class Taps(KeyboardPlayer):
    """Taps: a tile, then (when asked) the lit end on the table; buttons tapped."""

    def use_tile(self, tile: Locator, end: str | None, ask: bool) -> None:
        tile.tap()
        if ask:
            spot = self.page.locator(f'#board .end-spot.lit[data-end="{end}"]')
            expect(spot).to_have_count(1)
            spot.tap()

    def press_button(self, button: Locator) -> None:
        button.tap()


def coach_says(page: Page, text: str) -> None:
    expect(page.locator("#coach-text")).to_have_text(text, timeout=15000)


def play(player: KeyboardPlayer, tutor: Tutor, move: Move) -> None:
    """Make ``move`` through the page once it is the person's turn."""
    page = player.page
    page.wait_for_selector('#game[data-phase="you"]', timeout=20000)
    if move.tile is None:
        player.press_button(page.get_by_role("button", name="Draw", exact=True))
        return
    choice = tile_choices(tutor.match.view(YOU))[move.tile]
    tile = page.locator(f'#hand [data-tile="{move.tile}"]')
    player.use_tile(tile, move.end, choice.asks)


def take_lesson(session: Session, variant: str, player_of: Callable[[Page], KeyboardPlayer],
                check_axe: bool = False) -> list[str]:
    """Take the lesson of ``variant`` to its end through the page, a wrong move first at the
    first step that has one; the coach's words checked at each step against the runner's.
    Returns the explanations of the wrong moves."""
    page = session.page()
    player = player_of(page)
    page.goto(f"{session.server.url}/learn/{variant}")
    tutor = Tutor(LESSONS[variant])
    explained: list[str] = []
    while not tutor.done:
        step = tutor.step
        assert step is not None
        coach_says(page, lessonwords.step_words(tutor))
        if tutor.waits == "next":
            next_button = page.get_by_role("button", name="Next", exact=True)
            expect(next_button).to_be_focused()
            player.press_button(next_button)
            tutor.next()
            continue
        others = wrong_moves(tutor) if step.wrong is not None and not explained else []
        wrong = others[0] if others else None
        if wrong is not None:
            play(player, tutor, wrong)
            answer = tutor.move(wrong)
            assert answer.wrong is not None
            words = lessonwords.wrong_words(tutor, answer.wrong)
            coach_says(page, words)
            wait_said(page, words)
            expect(page.locator("#coach")).to_have_class("coach wrong")
            explained.append(words)
            if check_axe:
                page.wait_for_selector('#game[data-phase="you"]')
                assert_accessible(page, f"the {variant} lesson, a wrong move explained")
        move = better_move(tutor)
        play(player, tutor, move)
        assert tutor.move(move).wrong is None
    coach_says(page, lessonwords.step_words(tutor))
    actions = page.locator("#coach-actions")
    expect(actions.get_by_role("link", name="All lessons")).to_be_visible()
    if variant != VARIANTS[-1]:
        expect(actions.get_by_role("link", name="Next lesson")).to_be_focused()
    # Never rated, never counted: the lesson left nothing among the finished games.
    assert page.request.get(f"{session.server.url}/api/finished").json()["games"] == []
    return explained


@pytest.mark.parametrize("variant", VARIANTS)
def test_each_lesson_by_touch_on_a_phone(make_session: Callable[..., Session],
                                         variant: str) -> None:
    session = make_session(record=True, **PHONE)
    explained = take_lesson(session, variant, Taps, check_axe=variant == "muggins")
    assert len(explained) == 1


@pytest.mark.parametrize("variant", VARIANTS)
def test_each_lesson_by_keyboard(make_session: Callable[..., Session], variant: str) -> None:
    session = make_session(record=True, **DESK)
    explained = take_lesson(session, variant, KeyboardPlayer, check_axe=variant == "draw")
    assert len(explained) == 1


def test_the_wrong_move_is_explained_in_the_coachs_words(
        make_session: Callable[..., Session]) -> None:
    """The Muggins lesson's first wrong move, word for word as a person reads it."""
    session = make_session(record=True, **DESK)
    page = session.page()
    page.goto(f"{session.server.url}/learn/muggins")
    page.get_by_role("button", name="Next", exact=True).click()
    page.wait_for_selector('#game[data-phase="you"]')
    page.locator('#hand [data-tile="1|0"]').click()
    coach_says(page, "1|0 keeps 6|0 in your hand, and its 6 pips count against you when the "
                     "hand ends. Let's take that back and try 6|0.")
    wait_said(page, "You laid 1|0 on the left end.")
    expect(page.locator('#hand [data-tile="1|0"]')).to_have_count(1)  # taken back


def test_the_lessons_are_offered(make_session: Callable[..., Session]) -> None:
    """A newcomer's front page offers the lessons; the site's links and the game menu list
    them; a lesson's page is axe clean."""
    session = make_session(**DESK)
    page = session.page()
    page.goto(session.server.url + "/")
    offer = page.locator("#learn-offer")
    expect(offer).to_be_visible()
    offer.get_by_role("link", name="Learn to play").click()
    expect(page.get_by_role("heading", name="Learn to play", level=1)).to_be_visible()
    links = page.locator("#learn-body .lesson-list a")
    expect(links).to_have_count(5)
    assert_accessible(page, "the lessons' page")
    links.nth(4).click()
    expect(page.locator("#coach-text")).to_contain_text("Welcome to Partnership.")
    page.get_by_role("button", name="Menu").click()
    page.locator("#menu-dialog").get_by_role("link", name="Learn to play").click()
    expect(page.locator("#learn")).to_be_visible()
    expect(page.locator("#coach")).to_be_hidden()
