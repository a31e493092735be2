"""The rules dialog says the game as it is set up (issue 27): its words come from the server's
catalogue (``doublesix.words.rulebook``), for a game in play (its picture's ``words.rules``) and for
the rules a new-game form holds (``POST /api/rules``). A Draw game to 50 says 50 and nowhere
100; a game with 5 tiles each says 5.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

from tests.support.browser_players import custom, open_form, wait_phase


def rules_text(page: Page) -> str:
    dialog = page.locator("#rules-dialog")
    expect(dialog).to_be_visible()
    expect(dialog.locator(".rule-list li").first).to_be_visible()
    return str(dialog.inner_text())


def test_the_rules_of_a_draw_game_to_50_with_5_tiles_each(session: Any) -> None:
    page = session.page()
    session.new_game(page, variant="draw", target=50, options={"hand_size": 5},
                     opponents=["random"], seed=4)
    wait_phase(page)
    page.locator("#game .game-tools").get_by_role("button", name="Rules").click()
    text = rules_text(page)
    dialog = page.locator("#rules-dialog")
    expect(dialog.get_by_role("heading", level=2)).to_have_text("Rules: Draw, 5 tiles each")
    expect(dialog.locator(".rule-list li").first).to_have_text(
        "2 players, the double-six set; each is dealt 5 tiles.")
    expect(dialog).to_contain_text("The first to 50 points wins the game.")
    assert "100" not in text and "7 tiles" not in text, text


def test_the_form_s_rules_dialog_says_the_chosen_target_and_hand_size(session: Any) -> None:
    page = session.page()
    form = open_form(page, session.server.url)
    form.get_by_label("Draw", exact=True).check()
    form.get_by_label("50 points").check()
    custom(form, "hand_size").get_by_label("Tiles dealt to each player").fill("5")
    form.get_by_role("button", name="Rules of the chosen game").click()
    text = rules_text(page)
    dialog = page.locator("#rules-dialog")
    expect(dialog).to_contain_text("each is dealt 5 tiles.")
    expect(dialog).to_contain_text("The first to 50 points wins the game.")
    assert "100" not in text and "7 tiles" not in text, text
