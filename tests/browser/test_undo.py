"""Taking back a move against the computers in Chromium (issue 44): the person lays a tile, the
computer answers, "Take back" brings the hand back as it was before the move, it is said, and the
result says the game was casual; no Take back in the daily game. axe on the game with the
button."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import expect

from doublesix.words import pagewords
from tests.support.browser import assert_accessible, wait_said
from tests.support.browser_players import MousePlayer, Played, wait_phase


def test_a_move_taken_back_with_the_computers_answer(make_session: Any) -> None:
    session = make_session(record=True)
    page = session.page()
    session.new_game(page, variant="block", players=2, target=0, seed=0,
                     opponents=["greedy"])
    wait_phase(page)
    undo = page.get_by_role("button", name=pagewords.TAKE_BACK)
    expect(undo).to_be_hidden()
    hand_before = page.locator("#hand .hand-tile").evaluate_all(
        "tiles => tiles.map(t => t.dataset.tile)")
    played = Played()
    MousePlayer(page).play_turn(played)
    assert played.moves == 1
    wait_phase(page)  # the computer answered: your turn again
    expect(undo).to_be_visible()
    assert_accessible(page, "the game with Take back")
    revision = page.get_attribute("#game", "data-revision")
    undo.click()
    wait_said(page, pagewords.TOOK_BACK)
    page.wait_for_selector(f'#game:not([data-revision="{revision}"])')
    expect(page.locator("#hand .hand-tile")).to_have_count(len(hand_before))
    assert page.locator("#hand .hand-tile").evaluate_all(
        "tiles => tiles.map(t => t.dataset.tile)") == hand_before
    expect(undo).to_be_hidden()
    # Played to the end: the result says the game was casual.
    MousePlayer(page).play_game()
    expect(page.locator("#result-dialog .result-taken-back")).to_have_text(pagewords.TAKEN_BACK)
    expect(page.locator("#result-dialog .result-rating")).to_have_count(0)


def test_no_take_back_in_the_daily_game(session: Any) -> None:
    page = session.page()
    page.goto(session.server.url + "/daily")
    page.wait_for_url(re.compile(r"/game/"))
    player = MousePlayer(page)
    wait_phase(page)
    player.play_turn(Played())
    wait_phase(page)
    expect(page.get_by_role("button", name=pagewords.TAKE_BACK)).to_be_hidden()
