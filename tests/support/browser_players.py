"""Playing whole games in the browser: by keyboard, by mouse, by touch drags.

Each player follows the rule of :mod:`tests.support.browser_strategy` (the first playable tile;
where it must choose, the last end offered), so a seed fixes the game and the tests can insist
that it included an end choice and a draw. A player reads the page in its ``language`` (the
buttons' names, the tiles' labels, the end keys are that language's).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from playwright.sync_api import Locator, Page, expect

from doublesix.words.endwords import end_button_name
from doublesix.words.i18n import _ as say
from doublesix.words.i18n import pgettext, using
from doublesix.words.keywords import single_keys
from tests.support.languages import sentence

PHASES = '#game[data-phase="you"], #game[data-phase="result"]'


@dataclass
class Played:
    moves: int = 0
    choices: int = 0
    draws: int = 0
    hands: int = 1
    same_end_auto: int = 0


def wait_phase(page: Page) -> str:
    page.wait_for_selector(PHASES, timeout=20000)
    return str(page.get_attribute("#game", "data-phase"))


#: Resolves once the page has drawn twice more and every animation and transition that ends
#: has ended: what a change of size, a tap or a click set going has settled.
SETTLED = """() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => {
  const ending = document.getAnimations().filter(
    (a) => a.effect?.getComputedTiming().endTime !== Infinity);
  Promise.allSettled(ending.map((a) => a.finished)).then(() => done(true));
})))"""


def settled(page: Page) -> None:
    """Wait until ``page`` has laid itself out and finished its animations (:data:`SETTLED`):
    an event to wait for, where a test would otherwise sleep for a guess of milliseconds."""
    page.evaluate(SETTLED)


def live_text(page: Page) -> str:
    return page.locator("#live").inner_text()


class Player:
    """Plays seat 0 through the page, which it reads in ``language`` (gettext's name); subclasses
    say how a tile, an end and a button are used."""

    def __init__(self, page: Page, language: str = "en") -> None:
        self.page = page
        self.language = language

    def words(self, message: str, context: str | None = None) -> str:
        """``message`` (in ``context``) as the page says it, in the player's language."""
        with using(self.language):
            return say(message) if context is None else pgettext(context, message)

    def draw_button(self) -> Locator:
        return self.page.get_by_role("button", name=self.words("Draw", "move"), exact=True)

    # -- the ways of acting ------------------------------------------------------------------
    def use_tile(self, tile: Locator, end: str | None, ask: bool) -> None:
        raise NotImplementedError

    def press_button(self, button: Locator) -> None:
        raise NotImplementedError

    # -- the game ----------------------------------------------------------------------------
    def play_game(self, max_turns: int = 150, stop_early: bool = False,
                  stop_at_result: bool = False) -> Played:
        """Play until the game is over (or, with ``stop_early``, for ``max_turns`` turns; with
        ``stop_at_result``, until a hand's result is shown)."""
        page = self.page
        played = Played()
        for _ in range(max_turns):
            phase = wait_phase(page)
            dialog = page.locator("#result-dialog")
            if phase == "result" and stop_at_result:
                expect(dialog).to_be_visible()
                return played
            if phase == "result":
                expect(dialog).to_be_visible()
                next_hand = dialog.get_by_role("button", name=self.words("Next hand"))
                if next_hand.count():
                    self.check_result(dialog)
                    self.press_button(next_hand)
                    played.hands += 1
                    page.wait_for_selector('#game:not([data-phase="result"])')
                    continue
                return played
            self.play_turn(played)
        if stop_early:
            return played
        raise AssertionError("the game did not end")

    def play_turn(self, played: Played) -> None:
        """Make one move on the page's turn (its phase is "you"), and wait until it is taken."""
        page = self.page
        revision = page.get_attribute("#game", "data-revision")
        tile = page.locator("#hand .hand-tile.playable").first
        if tile.count():
            ends = (tile.get_attribute("data-ends") or "").split()
            ask = tile.get_attribute("data-ask") == "true"
            end = None if ends == ["lead"] else (ends[-1] if ask else ends[0])
            can = sentence(self.language, "{tile}, can be played on {ends}",
                           "{tile}, can be played: it opens the hand",
                           tile=tile.get_attribute("data-tile") or "")
            label = tile.get_attribute("aria-label") or ""
            assert can.fullmatch(label), label
            played.choices += ask
            played.same_end_auto += len(ends) > 1 and not ask
            self.use_tile(tile, end, ask)
        elif page.locator("#draw-button:not([hidden]):not([disabled])").count():
            self.press_button(self.draw_button())
            played.draws += 1
        else:
            # Nothing fits and nothing can be drawn: the server passes for us.
            assert not page.get_by_role("button", name=self.words("Pass"), exact=True).count()
        played.moves += 1
        try:
            page.wait_for_selector(f'#game:not([data-revision="{revision}"])', timeout=10000)
        except Exception as error:
            raise AssertionError(f"the move was not taken: {live_text(page)!r}, "
                                 f"{page.locator('#me-status').inner_text()!r}") from error

    def check_result(self, dialog: Locator) -> None:
        expect(dialog.get_by_role("heading", name=self.words("Every hand laid open"))
               ).to_be_visible()
        # The player's own seat is named "You", its tiles said as the terminal says them.
        expect(dialog.locator(".open-name").first).to_have_text(sentence(
            self.language, "You hold no tiles.",
            ("You hold {tiles}: {count} pip.", "You hold {tiles}: {count} pips.")))
        expect(dialog.locator("table")).to_be_visible()


class KeyboardPlayer(Player):
    """Only keys: Tab to a control, Enter to use it; in the hand (one Tab stop) the arrow keys
    move between tiles; L/R/U/D choose an end (the language's letters)."""

    def __init__(self, page: Page, language: str = "en") -> None:
        super().__init__(page, language)
        #: How many times Tab was pressed to enter the hand, each time.
        self.tabs_into_hand: list[int] = []

    def tab_to(self, target: Locator) -> None:
        page = self.page
        handle = target.element_handle()
        for _ in range(120):
            if page.evaluate("el => document.activeElement === el", handle):
                return
            page.keyboard.press("Tab")
        raise AssertionError("could not reach the control with Tab")

    def focused_tile(self) -> int | None:
        """The index of the focused hand tile, or None when focus is not in the hand."""
        index = self.page.evaluate(
            "() => [...document.querySelectorAll('#hand .hand-tile')]"
            ".indexOf(document.activeElement)")
        return None if index < 0 else int(index)

    def enter_hand(self) -> None:
        """Tab until focus is in the hand: the hand is one stop, so Tab reaches one tile of it."""
        page = self.page
        presses = 0
        # From Draw or Hint the hand is the stop before: Shift+Tab; from anywhere else, Tab.
        back = page.evaluate("!!document.activeElement.closest('#me .actions')")
        while self.focused_tile() is None:
            page.keyboard.press("Shift+Tab" if back else "Tab")
            presses += 1
            assert presses < 60, "could not reach the hand with Tab"
        self.tabs_into_hand.append(presses)
        stops = page.locator('#hand .hand-tile[tabindex="0"]').count()
        assert stops == 1, f"the hand should be one Tab stop, not {stops}"

    def use_tile(self, tile: Locator, end: str | None, ask: bool) -> None:
        page = self.page
        self.enter_hand()
        want = tile.evaluate("el => [...el.parentElement.children].indexOf(el)")
        at = self.focused_tile()
        assert at is not None
        key = "ArrowRight" if want > at else "ArrowLeft"
        for _ in range(abs(want - at)):
            page.keyboard.press(key)
        assert self.focused_tile() == want, "the arrow keys should reach the tile"
        page.keyboard.press("Enter")
        if ask:
            choice = page.locator("#end-choice")
            expect(choice).to_be_visible()
            # The end buttons are named for screen readers; focus is on the first of them.
            with using(self.language):
                names = [end_button_name(e) for e in ("left", "right", "up", "down")]
                key = single_keys()[str(end)]
            for button in choice.locator("#end-buttons button").all():
                assert any(button.inner_text().startswith(n) for n in names), names
            assert page.evaluate("document.activeElement.closest('#end-buttons') !== null")
            page.keyboard.press(key.upper())

    def press_button(self, button: Locator) -> None:
        if not button.evaluate("el => document.activeElement === el"):
            self.tab_to(button)
        self.page.keyboard.press("Enter")


class MousePlayer(Player):
    """Mouse clicks: a tile, then (when asked) the lit end on the table."""

    def use_tile(self, tile: Locator, end: str | None, ask: bool) -> None:
        tile.click()
        if ask:
            spot = self.page.locator(f'#board .end-spot.lit[data-end="{end}"]')
            expect(spot).to_have_count(1)
            expect(self.page.locator("#end-choice")).to_be_visible()
            spot.click()

    def press_button(self, button: Locator) -> None:
        button.click()


class TouchPlayer(Player):
    """Touch: tiles dragged to their end with touch events, buttons tapped."""

    def __init__(self, page: Page, language: str = "en") -> None:
        super().__init__(page, language)
        self.cdp = page.context.new_cdp_session(page)

    def touch(self, kind: str, x: float | None = None, y: float | None = None) -> None:
        points: list[dict[str, Any]] = [] if x is None else [{"x": x, "y": y, "id": 1}]
        self.cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    def drag(self, source: Locator, target: Locator) -> None:
        a = source.bounding_box()
        b = target.bounding_box()
        assert a and b
        x0, y0 = a["x"] + a["width"] / 2, a["y"] + a["height"] / 2
        x1, y1 = b["x"] + b["width"] / 2, b["y"] + b["height"] / 2
        self.touch("touchStart", x0, y0)
        steps = 10
        for i in range(1, steps + 1):
            self.touch("touchMove", x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps)
        # Rest on the target before lifting, as a finger does: a lift at speed starts a fling,
        # and Chromium swallows the next tap to stop the fling.
        for _ in range(3):
            self.page.wait_for_timeout(40)
            self.touch("touchMove", x1, y1)
        self.touch("touchEnd")

    def use_tile(self, tile: Locator, end: str | None, ask: bool) -> None:
        page = self.page
        tile.scroll_into_view_if_needed()
        if end is None:
            target = page.locator("#table")
        else:
            target = page.locator(f'#board .end-spot[data-end="{end}"]')
        self.drag(tile, target)

    def press_button(self, button: Locator) -> None:
        button.evaluate("el => el.scrollIntoView({block: 'center'})")
        button.tap()


def open_form(page: Page, url: str) -> Locator:
    """The new-game form, opened from the front page."""
    page.goto(url + "/")
    page.get_by_role("button", name="New game").click()
    form = page.locator("#setup")
    expect(form).to_be_visible()
    return form


def custom(form: Locator, option: str) -> Locator:
    """One option of Custom rules (opened if closed)."""
    details = form.locator("#custom-rules")
    if not details.evaluate("el => el.open"):
        details.locator("summary").click()
    return form.locator(f'[data-option="{option}"]')
