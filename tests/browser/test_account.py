"""The account page in Chromium (issue "Play online"): an account made from the form, the
same account on another device, a wrong password said in words, a new password, signing out,
and deleting the account; axe on each state."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

from doublesix.words import accountwords
from doublesix.words.pagelabels import LABELS
from tests.support.browser import assert_accessible


def fill(page: Page, form: str, **values: str) -> None:
    """Type ``values`` into ``form``'s fields and send it by the keyboard (Enter)."""
    for name, value in values.items():
        page.locator(f"#{form}-{name}").fill(value)
    page.locator(f"#{form}-{list(values)[-1]}").press("Enter")


def account_page(session: Any) -> Page:
    page: Page = session.page()
    page.goto(session.server.url + "/")
    page.get_by_role("link", name="Account").click()
    expect(page.get_by_role("heading", name=LABELS["signIn"])).to_be_visible()
    return page


def test_an_account_from_the_form_to_another_device_and_gone(make_session: Any) -> None:
    phone = make_session(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = account_page(phone)
    assert_accessible(page, "the account page, signed out")
    fill(page, "sign-up", name="Dora", password="dominoes at dusk")
    expect(page.locator(".account-line")).to_have_text(accountwords.signed_in("Dora"))
    expect(page.locator("#account-title")).to_be_focused()
    assert_accessible(page, "the account page, signed in")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390

    laptop = account_page(make_session())
    fill(laptop, "sign-in", name="DORA", password="not the password")
    expect(laptop.locator("#sign-in-said")).to_contain_text(accountwords.WRONG)
    fill(laptop, "sign-in", name="DORA", password="dominoes at dusk")
    expect(laptop.locator(".account-line")).to_have_text(accountwords.signed_in("Dora"))

    fill(laptop, "new-password", old="dominoes at dusk", new="tiles in the evening")
    expect(laptop.locator("#new-password-said")).to_have_text(LABELS["passwordChanged"])
    page.reload()  # the phone's session was ended by the new password
    expect(page.get_by_role("heading", name=LABELS["signIn"])).to_be_visible()

    laptop.get_by_role("button", name=LABELS["signOut"]).click()
    expect(laptop.get_by_role("heading", name=LABELS["signIn"])).to_be_visible()
    fill(laptop, "sign-in", name="Dora", password="tiles in the evening")
    fill(laptop, "delete-account", password="tiles in the evening")
    expect(laptop.locator(".account-joined")).to_have_text(LABELS["accountDeleted"])
    expect(laptop.get_by_role("heading", name=LABELS["signIn"])).to_be_visible()
    assert_accessible(laptop, "the account page after deleting")
