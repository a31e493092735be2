"""The new-game form's refusals (issue 29, finding 7): rules nobody can play are refused in
people's words, next to the field the server names (its answer's ``field``), never naming an
internal option ("hand_size 12: ..."); the field is marked invalid, described by its message
and focused, and axe finds nothing wrong.
"""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Locator, expect

from tests.support.browser import assert_accessible
from tests.support.browser_players import custom, open_form


def described_by(control: Locator) -> list[str]:
    """The ids in the ``aria-describedby`` of ``control`` or of the fieldset around it."""
    return str(control.evaluate("""(el) => {
      const own = el.getAttribute("aria-describedby") || "";
      const set = el.closest("fieldset")?.getAttribute("aria-describedby") || "";
      return own + " " + set; }""")).split()


def test_a_hand_size_the_set_cannot_deal_is_refused_by_its_field(session: Any) -> None:
    page = session.page()
    form = open_form(page, session.server.url)
    form.get_by_label("Draw", exact=True).check()
    form.get_by_label("4", exact=True).check()
    hand_size = custom(form, "hand_size").get_by_label("Tiles dealt to each player")
    hand_size.fill("12")
    form.get_by_role("button", name="Start", exact=True).click()
    error = form.locator("#error-hand_size")
    words = "A double-six set of 28 tiles cannot deal 12 tiles to each of 4 players."
    expect(error).to_have_text(words)
    # Next to its field, in it: the field's box holds the message.
    assert error.evaluate("el => el.closest('[data-option]').dataset.option") == "hand_size"
    expect(hand_size).to_be_focused()
    expect(hand_size).to_have_attribute("aria-invalid", "true")
    assert "error-hand_size" in described_by(hand_size)
    expect(form.locator("#setup-error")).to_have_text(
        "These rules cannot be played together; see: Tiles dealt to each player")
    for internal in ("hand_size", "double-6"):
        assert internal not in (form.inner_text() or "")
    assert "/game/" not in page.url
    assert_accessible(page, "the new-game form with a refusal")

    # Put right, the message goes and the game starts.
    hand_size.fill("5")
    form.get_by_role("button", name="Start", exact=True).click()
    page.wait_for_url(re.compile(r"/game/"))


def test_partners_for_three_are_refused_by_the_players(session: Any) -> None:
    page = session.page()
    form = open_form(page, session.server.url)
    form.get_by_label("Partnership (two against two)").check()
    form.get_by_label("3", exact=True).check()
    form.get_by_role("button", name="Start", exact=True).click()
    error = form.locator("#error-players")
    expect(error).to_have_text("Partners play four at a table, two against two, not 3.")
    players = form.get_by_label("3", exact=True)
    expect(players).to_be_focused()
    expect(players).to_have_attribute("aria-invalid", "true")
    assert "error-players" in described_by(players)
    expect(form.locator("#setup-error")).to_have_text(
        "These rules cannot be played together; see: Players")
    assert_accessible(page, "the new-game form refusing partners for three")
