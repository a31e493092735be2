"""Issue 29's last web sentences and two sizes at 320x568 by touch.

- The hand's tiles are named by the server's words (``words.tiles``), and so are a refused
  tile's and a refused end's sentences: the page shows them as they come.
- The invitation's page and the waiting room show the server's words for the table.
- The table's last-move line is read whole (the server's short form on a narrow screen), and
  the Menu button answers a touch over 44 px each way without the bar taking more height.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from tests.support.browser import Session, assert_accessible, in_waiting_room, set_table
from tests.support.browser_players import wait_phase

#: The hand's tiles' names, the last-move line's box, and the Menu button's box and what a
#: touch at each point of the 44 px square around its centre finds.
MEASURE = """() => {
  const line = document.getElementById("message");
  const menu = document.getElementById("game-menu-button");
  const r = menu.getBoundingClientRect();
  const cx = r.left + r.width / 2, cy = r.top + r.height / 2;
  const hits = [];
  for (const dx of [-21, 0, 21]) for (const dy of [-21, 0, 21]) {
    const el = document.elementFromPoint(cx + dx, cy + dy);
    hits.push(!!el && (el === menu || menu.contains(el)));
  }
  const tiles = document.querySelectorAll("#hand .hand-tile");
  return {labels: [...tiles].map((b) => b.getAttribute("aria-label")),
    line: line.innerText, lineCut: line.scrollWidth > line.clientWidth + 1,
    lineHeight: line.getBoundingClientRect().height,
    menu: [r.width, r.height], hits,
    bar: document.querySelector(".game-bar").getBoundingClientRect().height};
}"""


def test_tiles_last_move_and_menu_at_320_by_touch(make_session: Any) -> None:
    session: Session = make_session(
        viewport={"width": 320, "height": 568}, has_touch=True, is_mobile=True)
    page = session.page()
    session.new_game(page, variant="all-fives", players=4, target=100, seed=3,
                     opponents=["snow-white", "buratino", "pinocchio"])
    wait_phase(page)
    page.wait_for_function("document.getElementById('message').textContent.length > 0",
                           timeout=20000)
    shown = page.evaluate(MEASURE)
    # The tiles' names are the server's: each begins with its tile and says where it goes.
    assert shown["labels"] and all(
        label.split(",")[0].count("|") == 1 for label in shown["labels"]), shown
    assert any(", can be played on the " in label or "not your turn" in label
               for label in shown["labels"]), shown
    # The last move is read whole, in one line's height.
    assert shown["line"] and not shown["lineCut"], shown
    assert shown["lineHeight"] < 26, shown
    # Menu: drawn as before (the bar no taller), touched over 44 px each way.
    assert shown["menu"][1] < 44 and all(shown["hits"]), shown
    assert shown["bar"] <= 40, shown
    assert_accessible(page, "the game at 320x568")


def test_a_refused_end_says_the_engines_words(make_session: Any) -> None:
    session: Session = make_session(viewport={"width": 1366, "height": 768})
    page = session.page()
    session.new_game(page, variant="all-fives", players=2, target=100, seed=11,
                     opponents=["greedy"])
    wait_phase(page)
    page.wait_for_selector("#hand .hand-tile.playable", timeout=20000)
    tile = page.locator("#hand .hand-tile.playable").first
    label = str(tile.get_attribute("aria-label"))
    assert ", can be played on the " in label or "opens the hand" in label, label
    # A tile that fits no end is refused in the engine's words.
    other = page.locator("#hand .hand-tile:not(.playable)")
    if other.count():
        name = str(other.first.get_attribute("data-tile"))
        other.first.click()
        expect(page.locator("#live")).to_contain_text(f"{name} fits no open end.")


def test_the_waiting_room_and_the_invitation_are_the_servers_words(make_session: Any) -> None:
    session: Session = make_session(viewport={"width": 390, "height": 844})
    host = session.page()
    _, links = set_table(session, host, variant="draw", players=3, name="Ana",
                         opponents=["person", "greedy"])
    in_waiting_room(host)
    expect(host.locator("#waiting-title")).to_have_text("Your table")
    expect(host.locator("#start-help")).to_have_text("Waiting for seat 2 to be taken.")
    expect(host.locator("#waiting-seats")).to_contain_text("invited, not here yet")
    assert_accessible(host, "the waiting room")
    # Another browser (its own storage) opens the invitation.
    guest = make_session(viewport={"width": 390, "height": 844}).page()
    guest.goto(links[0])
    expect(guest.locator("#join-title")).to_have_text("Join Ana's table")
    expect(guest.locator("#join-body")).to_contain_text("Ana invites you to play dominoes: ")
    expect(guest.locator("#join-body")).to_contain_text("you, once you join")
    expect(guest.locator("#join-body")).to_contain_text("Greedy, a computer player")
    expect(guest.locator("#join-body .rule-list li").first).to_be_visible()
    assert_accessible(guest, "the invitation")
