"""Custom rules from the new-game form (issue 18): every option of ``Rules.variant`` can be
set; two mixed games started from the form and played to the end; impossible combinations
refused with the engine's own words, shown next to the field they name.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from doublesix import Rules
from doublesix.web.routes.bodies import EXTRA_OPTIONS
from tests.support.browser_players import MousePlayer, custom, open_form, wait_phase


def record_rules(page: Page) -> dict[str, Any]:
    """The finished game's rules, from its record (the download)."""
    link = page.locator("#result-dialog").get_by_role("link", name="Download the record")
    with page.expect_download() as download:
        link.click()
    record = json.loads(download.value.path().read_text())
    return dict(record["match"]["rules"])


MIXES = [
    # (preset, the options changed by their labels, the heading's words, what the record holds)
    ("All Fives", {"spinner": "The first double is a spinner: up to four open ends",
                   "rounding": "Rounded down to a 5"},
     "All Fives, with a spinner, rounding down",
     {"variant": "all-fives", "spinner": True, "rounding": "down", "scoring": "fives"},
     "The first double laid is the spinner"),
    ("Draw", {"scoring": "Fives: open ends adding up to a multiple of 5 score at once"},
     "Draw, scoring by fives",
     {"variant": "draw", "scoring": "fives", "spinner": False, "drawing": True},
     "a multiple of 5 scores that many points at once"),
]


@pytest.mark.parametrize(("preset", "changes", "heading", "rules", "words"), MIXES,
                         ids=["all-fives-spinner-down", "draw-fives"])
def test_a_mixed_game_from_the_form_is_played_to_the_end(
    session: Any, preset: str, changes: dict[str, str], heading: str, rules: dict[str, Any],
    words: str,
) -> None:
    page = session.page()
    form = open_form(page, session.server.url)
    form.get_by_label(preset, exact=True).check()
    form.get_by_label("2", exact=True).check()
    form.get_by_label("One hand").check()
    for option, label in changes.items():
        custom(form, option).get_by_label(label, exact=True).check()
    expect(form.locator("#custom-summary")).to_contain_text(f"{preset}, changed:")
    form.get_by_role("button", name="Start").click()
    page.wait_for_url(re.compile(r"/game/"))
    wait_phase(page)
    expect(page.locator("#game-caption")).to_contain_text(f"{heading}, one hand, double-six.")
    # The rules dialog describes these rules, not the preset's.
    page.locator("#game .game-tools").get_by_role("button", name="Rules").click()
    dialog = page.locator("#rules-dialog")
    expect(dialog.get_by_role("heading", level=2)).to_have_text(f"Rules: {heading}")
    expect(dialog).to_contain_text(words)
    dialog.get_by_role("button", name="Close").click()
    MousePlayer(page).play_game()
    expect(page.locator("#result-dialog")).to_contain_text("Game over")
    saved = record_rules(page)
    for option, value in rules.items():
        assert saved[option] == value, (option, saved)


def engine_message(**options: Any) -> str:
    try:
        Rules.variant("draw", **options)
    except ValueError as error:
        return str(error)
    raise AssertionError(f"the engine accepts {options}")


def test_every_rule_option_is_offered_and_impossible_ones_are_refused(session: Any) -> None:
    page = session.page()
    form = open_form(page, session.server.url)
    form.get_by_label("Draw", exact=True).check()
    form.get_by_label("2", exact=True).check()
    # Every option of Rules.variant besides players, set and target has a field; teams only
    # with four players, team points only with teams, rounding only under fives.
    for option in EXTRA_OPTIONS:
        expect(custom(form, option)).to_have_count(1)
    expect(custom(form, "teams")).to_be_hidden()
    expect(custom(form, "rounding")).to_be_hidden()
    custom(form, "scoring").get_by_label("Fives", exact=False).check()
    expect(custom(form, "rounding")).to_be_visible()
    form.get_by_label("4", exact=True).check()
    expect(custom(form, "teams")).to_be_visible()
    expect(custom(form, "team_points")).to_be_hidden()
    custom(form, "teams").get_by_label("Two teams", exact=False).check()
    expect(custom(form, "team_points")).to_be_visible()

    # Ten tiles each for four players from a double-six set: refused in the engine's words,
    # next to the field.
    hand_size = custom(form, "hand_size").get_by_label("Tiles dealt to each player")
    hand_size.fill("10")
    form.get_by_role("button", name="Start").click()
    error = form.locator("#error-hand_size")
    expect(error).to_have_text(engine_message(players=4, hand_size=10))
    expect(hand_size).to_be_focused()
    expect(hand_size).to_have_attribute("aria-invalid", "true")
    expect(form.locator("#setup-error")).to_contain_text("Tiles dealt to each player")
    assert "/game/" not in page.url

    # The partnership game is for four: chosen, it sets four players; with three, the engine's
    # words go next to the players.
    hand_size.fill("7")
    form.get_by_label("Partnership (two against two)").check()
    expect(form.get_by_label("4", exact=True)).to_be_checked()
    form.get_by_label("3", exact=True).check()
    form.get_by_role("button", name="Start").click()
    expect(form.locator("#error-players")).to_have_text(
        engine_message(players=3, teams=True))
    assert "/game/" not in page.url


def test_start_is_in_view_and_custom_rules_look_like_a_disclosure(make_session: Any) -> None:
    """Issue 29: at 1366x768 the form opened with Start below the fold, and "Custom rules" had
    no marker saying it opens."""
    session = make_session(viewport={"width": 1366, "height": 768})
    page = session.page()
    form = open_form(page, session.server.url)
    start = form.get_by_role("button", name="Start", exact=True)
    box = start.bounding_box()
    assert box is not None and box["y"] + box["height"] <= 768, box
    marker = page.evaluate(
        "getComputedStyle(document.querySelector('#custom-rules summary'), '::before').content")
    assert marker not in ("none", "normal", ""), marker
    expect(page.locator("#custom-rules summary")).to_have_accessible_name("Custom rules")
    # Opened, the rules are still reachable and Start still in view.
    page.locator("#custom-rules summary").click()
    box = start.bounding_box()
    assert box is not None and box["y"] + box["height"] <= 768, box
