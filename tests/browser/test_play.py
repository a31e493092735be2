"""Whole games in Chromium against the real server: by keyboard alone, by mouse, by touch drags.

Seeds are chosen when the tests run (``strategy.find_seed``): each game includes a tile that fits
two ends (the player chooses) and a draw from the boneyard; one game per input has two hands.
The keyboard's All Fives game ends when a board count takes a seat to the target.
"""

from __future__ import annotations

import itertools
import re
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.support.browser import said
from tests.support.browser_players import KeyboardPlayer, MousePlayer, TouchPlayer, wait_phase
from tests.support.browser_strategy import Trace, find_seed, simulate

# (variant, target, first seed to try, hands at least)
GAMES = {
    "keyboard": [("draw", 0, 1, 1), ("all-fives", 50, 1, 2)],
    "mouse": [("draw", 50, 100, 2), ("all-fives", 0, 100, 1)],
    "touch": [("draw", 0, 200, 1), ("all-fives", 50, 200, 1)],
}


def check_trace(variant: str, target: int, seed: int, played: Any) -> Trace:
    expected = simulate(variant, seed, target)
    assert played.choices >= 1, "the game should include a tile that fits two ends"
    assert played.draws >= 1, "the game should include a draw"
    assert (played.moves, played.choices, played.draws, played.hands) == (
        expected.moves, expected.choices, expected.draws, expected.hands)
    return expected


def finish(page: Any, expected: Trace) -> None:
    dialog = page.locator("#result-dialog")
    expect(dialog).to_be_visible()
    expect(dialog.get_by_role("heading", level=2)).to_contain_text("Game over")
    # A game that a board count ended says so, not that its winner went out.
    how = dialog.locator("tbody tr").last.locator("td").last
    if expected.reached:
        expect(dialog.locator(".result-how")).to_have_text(
            re.compile(r" reach(es)? \d+ points\. Hand \d+ stops here\.$"))
        expect(how).to_have_text(re.compile(r" reached \d+$"))
    else:
        expect(how).not_to_have_text(re.compile(r" reached \d+$"))
    expect(dialog.get_by_role("button", name="Play again")).to_be_visible()
    expect(dialog.get_by_role("link", name="Download the record")).to_be_visible()
    expect(dialog.get_by_role("heading", name="Every hand laid open")).to_be_visible()
    assert "The game is over" in (page.locator("#log").text_content() or "")


#: What another seat's draws sound like: one line a run ("Random drew 3 tiles.").
DREW = re.compile(r"^(?!You )(.+) drew (a tile|\d+ tiles)\.$")


def check_heard(lines: list[str], hands: int) -> None:
    """The live region's record of a whole game: each hand's end once, the game's end once,
    and another seat's draws in runs, never two lines of one run."""
    ends = [line for line in lines if line.startswith(("The hand is over", "The hand is blocked"))]
    assert len(ends) == hands, ends
    assert sum("game is over" in line or "Game over" in line for line in lines) == 1, lines[-4:]
    assert not any(line.startswith(("You won the hand", "Game over")) for line in lines)
    for one, two in itertools.pairwise(lines):
        first, second = DREW.match(one), DREW.match(two)
        assert not (first and second and first[1] == second[1]), (one, two)


@pytest.mark.parametrize(("variant", "target", "start", "hands"), GAMES["keyboard"])
def test_keyboard_alone(
    make_session: Any, variant: str, target: int, start: int, hands: int
) -> None:
    seed = find_seed(variant, target, start, hands)
    session = make_session(record=True)
    page = session.page()
    session.new_game(page, variant=variant, target=target, seed=seed, opponents=["random"])
    wait_phase(page)
    player = KeyboardPlayer(page)
    # The game opens with the focus in the hand.
    assert player.focused_tile() is not None, "the focus should start in the hand"
    # The hand is one Tab stop: from the game's Menu button, one Tab enters it (on a tile that
    # fits), and one more leaves it for Draw or Hint.
    page.get_by_role("button", name="Menu").focus()
    page.keyboard.press("Tab")
    assert player.focused_tile() is not None, "one Tab from the menu should enter the hand"
    tiles = page.locator("#hand .hand-tile")
    assert tiles.count() >= 6
    # Home, End and the arrows move between tiles; Tab leaves the hand at once.
    page.keyboard.press("End")
    assert player.focused_tile() == tiles.count() - 1
    page.keyboard.press("Home")
    assert player.focused_tile() == 0
    page.keyboard.press("ArrowRight")
    assert player.focused_tile() == 1
    page.keyboard.press("Tab")
    assert player.focused_tile() is None
    assert page.evaluate("document.activeElement.id") in ("draw-button", "hint-button")
    page.keyboard.press("Shift+Tab")
    assert player.focused_tile() == 1, "the hand keeps the tile you were on"
    # The reading keys speak the hand, the ends and the scores while focus is in the game.
    page.keyboard.press("h")
    expect(page.locator("#live")).to_contain_text("Your hand")
    page.keyboard.press("e")
    expect(page.locator("#live")).to_contain_text("Open ends")
    page.keyboard.press("s")
    expect(page.locator("#live")).to_contain_text("Scores")
    played = player.play_game()
    assert player.tabs_into_hand and max(player.tabs_into_hand) <= 2, player.tabs_into_hand
    expected = check_trace(variant, target, seed, played)
    assert expected.reached == (variant == "all-fives"), "the seed no longer covers both endings"
    finish(page, expected)
    check_heard(said(page), expected.hands)
    # Focus is visible on the focused control.
    outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline != "none"


def test_a_partnership_game_by_keyboard_alone(session: Any) -> None:
    # Two against two with a computer partner across the table, to 30 points (a few hands),
    # played by keyboard alone; the moves are the engine's for the same seed.
    variant, target = "partnership", 30
    seed = next(s for s in range(1, 400)
                if (t := simulate(variant, s, target, players=4)).hands >= 2 and t.choices)
    page = session.page()
    session.new_game(page, variant=variant, players=4, target=target, seed=seed,
                     opponents=["random"] * 3)
    wait_phase(page)
    # Your side is you and your partner, the seat across the table.
    expect(page.locator("#me-name")).to_have_text("You and Random 2")
    page.get_by_role("button", name="Menu").focus()
    page.keyboard.press("Tab")
    player = KeyboardPlayer(page)
    assert player.focused_tile() is not None
    played = player.play_game()
    expected = simulate(variant, seed, target, players=4)
    assert (played.moves, played.choices, played.hands) == (
        expected.moves, expected.choices, expected.hands)
    dialog = page.locator("#result-dialog")
    expect(dialog).to_be_visible()
    team_won = expected.winner in (0, 2)
    expect(dialog.get_by_role("heading", level=2)).to_contain_text(
        "your team won" if team_won else "Game over")
    assert "The game is over" in (page.locator("#log").text_content() or "")


@pytest.mark.parametrize(("variant", "target", "start", "hands"), GAMES["mouse"])
def test_mouse_clicks(session: Any, variant: str, target: int, start: int, hands: int) -> None:
    seed = find_seed(variant, target, start, hands, most_moves=30)
    page = session.page()
    session.new_game(page, variant=variant, target=target, seed=seed, opponents=["random"])
    played = MousePlayer(page).play_game()
    finish(page, check_trace(variant, target, seed, played))


@pytest.mark.parametrize(("variant", "target", "start", "hands"), GAMES["touch"])
def test_touch_drags(make_session: Any, variant: str, target: int, start: int, hands: int) -> None:
    seed = find_seed(variant, target, start, hands)
    session = make_session(has_touch=True, viewport={"width": 1280, "height": 800})
    page = session.page()
    session.new_game(page, variant=variant, target=target, seed=seed, opponents=["random"])
    played = TouchPlayer(page).play_game()
    finish(page, check_trace(variant, target, seed, played))


def test_single_key_shortcuts_can_be_turned_off(session: Any) -> None:
    page = session.page()
    session.new_game(page, variant="draw", target=0, seed=171, opponents=["random"])
    wait_phase(page)
    page.locator("#hand .hand-tile").first.focus()
    page.keyboard.press("h")
    expect(page.locator("#live")).to_contain_text("Your hand")
    page.get_by_role("button", name="Menu").click()
    page.locator("#menu-dialog").get_by_role("button", name="Settings").click()
    page.get_by_label("Single-key shortcuts").uncheck()
    page.get_by_role("button", name="Done").click()
    page.locator("#hand .hand-tile").first.focus()
    page.keyboard.press("e")
    expect(page.locator("#live")).not_to_contain_text("Open ends")
    # Every reading key also has a button, in the game's menu.
    page.get_by_role("button", name="Menu").click()
    page.get_by_role("button", name="Read ends").click()
    expect(page.locator("#live")).to_contain_text("Open ends")
