"""The seats' cards on a narrow phone (issue 29, finding 5): a card shows a name people can read
and its whole score, never cut with "…".

At 320x568 by touch, four players: every card's name and score are fully visible (nothing
overflows its box, no ellipsis), a name wrapping onto a second line where it needs one. The
same at the other sizes the issue names, where the page never scrolls, and by touch Draw and
Hint are at least 44 px each way, as the hand's tiles.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.browser import Session, assert_accessible
from tests.support.browser_players import wait_phase

#: Every seat card: its name's and score's texts, whether either overflows its box, and whether
#: anything in the card is drawn with an ellipsis.
CARDS = """() => [...document.querySelectorAll("#game .seat")].map((card) => {
  const name = card.querySelector(".seat-name");
  const label = card.querySelector(".seat-label");
  const facts = card.querySelector(".seat-facts");
  const score = card.querySelector(".score-part").getBoundingClientRect();
  const box = card.getBoundingClientRect();
  const nameBox = label.getBoundingClientRect();
  const ellipsis = [card, ...card.querySelectorAll("*")].filter((el) =>
    el.offsetParent !== null && getComputedStyle(el).textOverflow === "ellipsis"
    && el.scrollWidth > el.clientWidth + 1).map((el) => el.className);
  return {seat: card.dataset.seat, name: label.textContent, facts: facts.textContent,
    nameCut: name.scrollWidth > name.clientWidth + 1 || nameBox.right > box.right + 0.5
      || nameBox.left < box.left - 0.5,
    scoreCut: score.right > box.right + 0.5 || facts.scrollWidth > facts.clientWidth + 1,
    ellipsis, width: Math.round(box.width), lines: Math.round(nameBox.height)};
})"""

#: The opponents: the longest labels among the computer players.
OPPONENTS = ["snow-white", "buratino", "pinocchio"]


#: The least a touch target may be, each way, in CSS pixels.
LEAST = 44

#: The page's size and its window's; Draw's, Hint's and the hand's tiles' boxes.
SIZES = """() => {
  const box = (el) => { const r = el.getBoundingClientRect(); return [r.width, r.height]; };
  return {page: [document.documentElement.scrollWidth, document.documentElement.scrollHeight],
    window: [innerWidth, innerHeight],
    targets: [...document.querySelectorAll("#draw-button, #hint-button, #hand .hand-tile")]
      .filter((el) => el.offsetParent !== null).map(box)};
}"""


def check_sizes(page: Any, where: str, touch: bool) -> None:
    sizes = page.evaluate(SIZES)
    assert sizes["page"] == sizes["window"], (where, sizes)
    assert len(sizes["targets"]) >= 3, (where, sizes)
    if touch:
        small = [t for t in sizes["targets"] if min(t) < LEAST - 0.5]
        assert not small, (where, small)


def check_cards(page: Any, where: str) -> list[dict[str, Any]]:
    cards: list[dict[str, Any]] = page.evaluate(CARDS)
    assert len(cards) == 3, (where, cards)
    for card in cards:
        assert not card["nameCut"], (where, card)
        assert not card["scoreCut"], (where, card)
        assert not card["ellipsis"], (where, card)
    assert sorted(card["name"] for card in cards) == ["Buratino", "Pinocchio", "Snow White"]
    return cards


def test_every_name_and_score_is_whole_at_320_by_touch(make_session: Any) -> None:
    session: Session = make_session(
        viewport={"width": 320, "height": 568}, has_touch=True, is_mobile=True)
    page = session.page()
    session.new_game(page, variant="all-fives", players=4, target=100, seed=3,
                     opponents=OPPONENTS)
    wait_phase(page)
    check_cards(page, "320x568")
    check_sizes(page, "320x568", True)
    # A score of three digits is whole too.
    page.evaluate("""() => { for (const s of document.querySelectorAll('#game .seat-score'))
      s.textContent = '105'; }""")
    check_cards(page, "320x568, three-digit scores")
    assert_accessible(page, "the game at 320x568")


@pytest.mark.parametrize(
    ("width", "height", "touch"),
    [(390, 844, True), (844, 390, True), (1366, 768, False), (1920, 1080, False)],
)
def test_every_name_and_score_is_whole_at_the_other_sizes(
    make_session: Any, width: int, height: int, touch: bool
) -> None:
    session: Session = make_session(
        viewport={"width": width, "height": height}, has_touch=touch, is_mobile=touch)
    page = session.page()
    session.new_game(page, variant="all-fives", players=4, target=100, seed=3,
                     opponents=OPPONENTS)
    wait_phase(page)
    check_cards(page, f"{width}x{height}")
    check_sizes(page, f"{width}x{height}", touch)
