"""Quick chat at a table of people in Chromium, two browser contexts (``docs/web.md``, "Quick
chat"): Ana opens the Chat menu by keyboard and says a phrase; Bea sees it by Ana's seat and her
live region says it; once Bea mutes the chat (by touch-sized controls, kept in her browser),
Ana's next phrase is neither shown nor said to her.  axe on the table and the menu."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from tests.support.browser import (
    assert_accessible,
    join,
    said,
    set_table,
    start,
    wait_said,
)


def test_a_phrase_is_seen_and_said_and_muting_hides_it(make_session: Any) -> None:
    ana_session, bea_session = make_session(record=True), make_session(record=True)
    ana, bea = ana_session.page(), bea_session.page()
    _, links = set_table(ana_session, ana, variant="draw", players=2, target=0, seed=5,
                         opponents=["person"], name="Ana")
    join(bea, links[0], "Bea")
    start(ana)
    for page in (ana, bea):
        expect(page.locator("#game")).to_be_visible()
        expect(page.get_by_role("button", name="Chat")).to_be_visible()
    # Ana, by keyboard: the Chat button, then the second phrase.
    chat = ana.get_by_role("button", name="Chat")
    chat.focus()
    ana.keyboard.press("Enter")
    menu = ana.get_by_role("dialog", name="Quick chat")
    expect(menu).to_be_visible()
    phrases = menu.locator(".chat-phrase")
    expect(phrases).to_have_text(["Hello!", "Good luck!", "Well played!", "Thanks!", "Oops!",
                                  "Good game!"])
    for number in range(6):
        box = phrases.nth(number).bounding_box()
        assert box is not None and box["height"] >= 44 and box["width"] >= 44
    assert_accessible(ana, "the quick chat menu")
    ana.keyboard.press("Tab")
    ana.keyboard.press("Enter")
    expect(menu).to_be_hidden()
    # Bea sees it by Ana's seat, and hears it; Ana sees her own by her row.
    bubble = bea.locator('#game .seat[data-seat="0"] .chat-bubble')
    expect(bubble).to_have_text("Good luck!")
    wait_said(bea, "Ana: Good luck!")
    expect(ana.locator("#me .chat-bubble")).to_have_text("Good luck!")
    expect(bea.locator("#log li").last).to_have_text("Ana: Good luck!")
    assert_accessible(bea, "the table with a phrase shown")
    expect(bubble).to_have_count(0, timeout=10000)  # shown briefly
    # Bea mutes the chat: kept in her browser's settings.
    bea.get_by_role("button", name="Chat").click()
    mute = bea.get_by_role("checkbox", name="Mute the others' phrases (remembered in this "
                           "browser)")
    box = bea.locator(".chat-mute").bounding_box()
    assert box is not None and box["height"] >= 44
    mute.check()
    bea.get_by_role("dialog", name="Quick chat").get_by_role("button", name="Close").click()
    assert bea.evaluate("JSON.parse(localStorage.getItem('doublesix.settings')).muteChat")
    heard_before = said(bea)
    ana.get_by_role("button", name="Chat").click()
    ana.get_by_role("button", name="Well played!").click()
    wait_said(ana, "Ana: Well played!")
    # Bea's page got it (the socket is the same) and showed nothing: Ana's next phrase after
    # unmuting arrives, so the muted one was not merely late.
    bea.get_by_role("button", name="Chat").click()
    mute.uncheck()
    bea.get_by_role("dialog", name="Quick chat").get_by_role("button", name="Close").click()
    ana.get_by_role("button", name="Chat").click()
    ana.get_by_role("button", name="Thanks!").click()
    wait_said(bea, "Ana: Thanks!")
    after = said(bea)[len(heard_before):]
    assert "Ana: Well played!" not in after, after
    assert "Ana: Well played!" not in [li for li in bea.locator("#log li").all_text_contents()]
