"""A phone held on its side, by touch (issue 29): choosing an end never takes the board's room.

A four-player Muggins hand at 844x390 with touch: the page's seat taps its tiles; at every end
choice the board keeps its size, every lit end lies inside the board and the window, and the
hand's tiles and the end buttons are at least 44 px each way. The hand starts at a position
where 6|4 fits all four ends of the spinner (the issue's case: four ends, where the board
disappeared).
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Locator, Page, expect

from doublesix import Match, Rules
from tests.support.browser import Session, assert_accessible
from tests.support.browser_players import Played, Player, settled, wait_phase
from tests.support.deals import asking_position

#: The least a touch target may be, each way, in CSS pixels.
LEAST = 44

#: Where the board, the lit ends, the hand's tiles and the end buttons are.
GEOMETRY = """() => {
  const box = (el) => { const r = el.getBoundingClientRect();
    return {x: r.left, y: r.top, w: r.width, h: r.height}; };
  const shown = (el) => el.offsetParent !== null || el.getClientRects().length > 0;
  return {
    view: [innerWidth, innerHeight, document.documentElement.scrollHeight],
    board: box(document.getElementById("board")),
    lit: [...document.querySelectorAll("#board .end-spot.lit .end-frame")].map(box),
    hand: [...document.querySelectorAll("#hand .hand-tile")].map(box),
    buttons: [...document.querySelectorAll("#end-buttons button, #end-cancel")].filter(shown)
      .map(box),
  };
}"""


def four_ends() -> tuple[Match, str]:
    """A four-player Muggins hand at seat 0's turn where a tile fits all four ends."""
    return asking_position(Rules.variant("muggins", players=4, target=0), ends=4)


def inside(inner: dict[str, float], outer: dict[str, float], slack: float = 1) -> bool:
    return (inner["x"] >= outer["x"] - slack and inner["y"] >= outer["y"] - slack
            and inner["x"] + inner["w"] <= outer["x"] + outer["w"] + slack
            and inner["y"] + inner["h"] <= outer["y"] + outer["h"] + slack)


class Tapper(Player):
    """Taps: a tile, then the end: the lit end on the board and the end button in turn.  At each
    end choice, checks that the board and its lit ends stay whole and in view."""

    def __init__(self, page: Page, board_height: float) -> None:
        super().__init__(page)
        self.board_height = board_height
        self.checked: list[int] = []

    def check_targets(self, where: str) -> dict[str, Any]:
        geometry: dict[str, Any] = self.page.evaluate(GEOMETRY)
        for box in [*geometry["hand"], *geometry["buttons"]]:
            assert box["w"] >= LEAST - 0.5 and box["h"] >= LEAST - 0.5, (where, box)
        return geometry

    def use_tile(self, tile: Locator, end: str | None, ask: bool) -> None:
        page = self.page
        self.check_targets("the hand")
        tile.tap()
        if not ask:
            return
        expect(page.locator("#end-choice")).to_be_visible()
        settled(page)
        geometry = self.check_targets("the end choice")
        width, height, scroll = geometry["view"]
        window = {"x": 0, "y": 0, "w": width, "h": height}
        board = geometry["board"]
        assert scroll <= height, "the page scrolls"
        assert inside(board, window), board
        assert board["h"] >= 0.75 * self.board_height, (
            f"the end choice took the board's room: {board} of {self.board_height}")
        lit = geometry["lit"]
        assert len(lit) >= 2, lit
        for spot in lit:
            assert inside(spot, board) and inside(spot, window), (spot, board)
        self.checked.append(len(lit))
        if len(self.checked) % 2:
            page.locator(f'#board .end-spot.lit[data-end="{end}"]').tap()
        else:
            page.locator(f'#end-buttons button[data-end="{end}"]').tap()

    def press_button(self, button: Locator) -> None:
        button.tap()


def test_a_muggins_hand_by_touch_on_a_phone_on_its_side(make_session: Any) -> None:
    session: Session = make_session(
        viewport={"width": 844, "height": 390}, has_touch=True, is_mobile=True)
    page = session.page()
    match, tile = four_ends()
    session.scripted_game(page, match, ("random", "greedy", "pinocchio"))
    assert wait_phase(page) == "you"
    board = page.locator("#board").bounding_box()
    assert board is not None
    board_height = board["height"]
    player = Tapper(page, board_height)
    # The four-way choice first, then the hand played out (the first tile that fits).
    first = page.locator(f'#hand .hand-tile[data-tile="{tile}"]')
    player.use_tile(first, "up", True)
    assert player.checked == [4]
    expect(page.locator("#end-choice")).to_be_hidden()
    assert_accessible(page, "the game at 844x390")
    played = Played()
    for _ in range(40):
        if wait_phase(page) == "result":
            break
        player.play_turn(played)
    expect(page.locator("#result-dialog")).to_be_visible()


#: Each seat card: whether its score is cut or its last move overflows, and its texts.
CARDS = """() => [...document.querySelectorAll("#game .seat")].map((card) => {
  const facts = card.querySelector(".seat-facts");
  const score = card.querySelector(".score-part").getBoundingClientRect();
  const box = card.getBoundingClientRect();
  const status = card.querySelector(".seat-status");
  return {seat: card.dataset.seat, facts: facts.textContent, status: status.textContent,
    scoreCut: score.right > box.right - 1 || facts.scrollWidth > facts.clientWidth + 1,
    statusCut: status.scrollHeight > status.clientHeight + 1};
})"""


def test_cards_keep_scores_and_last_moves_and_taps_leave_no_hover(make_session: Any) -> None:
    session: Session = make_session(
        viewport={"width": 320, "height": 568}, has_touch=True, is_mobile=True)
    page = session.page()
    match, _ = four_ends()
    session.scripted_game(page, match, ("random", "snow-white", "pinocchio"))
    assert wait_phase(page) == "you"
    for card in page.evaluate(CARDS):
        assert not card["scoreCut"], card
        assert not card["statusCut"], card
        assert card["status"], card
    # A tapped tile that does not fit keeps no hover highlight.
    assert not page.evaluate("matchMedia('(hover: hover)').matches")
    still = page.locator("#hand .hand-tile:not(.playable)").first
    still.tap()
    settled(page)
    assert still.evaluate("el => getComputedStyle(el).backgroundColor") == "rgba(0, 0, 0, 0)"


def test_a_reload_keeps_the_last_moves(make_session: Any) -> None:
    session: Session = make_session(viewport={"width": 1366, "height": 768})
    page = session.page()
    session.new_game(page, variant="draw", players=3, target=0, seed=4,
                     opponents=["random", "random"])
    wait_phase(page)
    before = page.locator("#message").inner_text()
    assert before.endswith(" to open."), before
    page.reload()
    wait_phase(page)
    expect(page.locator("#message")).to_have_text(before, use_inner_text=True)  # as shown
    statuses = [card["status"] for card in page.evaluate(CARDS)]
    assert "Opened with 6|6" in statuses, statuses
