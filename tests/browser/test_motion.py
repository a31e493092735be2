"""Motion that shows who did what (issue 18): a laid tile travels from its seat (or your hand),
a drawn tile from the boneyard, scores count up; with reduced motion, nothing moves.

Each animation the page starts is recorded with where its element is when it starts (the
first keyframe applies at once), by wrapping ``Element.prototype.animate`` before the page's
scripts run.
"""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Page, expect

from tests.support.browser import Session
from tests.support.browser_players import MousePlayer, wait_phase

MOTION_SCRIPT = """
window.__motion = [];
(() => {
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (...args) {
    const animation = animate.apply(this, args);
    const r = this.getBoundingClientRect();
    window.__motion.push({tile: this.dataset ? this.dataset.tile || null : null,
      cls: this.getAttribute("class") || "", x: r.left + r.width / 2, y: r.top + r.height / 2,
      duration: args[1] && args[1].duration});
    return animation;
  };
})();
"""

#: Where each seat sat when the motion was recorded, and the hand and the boneyard.
BOXES = """() => {
  const box = (el) => { const r = el.getBoundingClientRect();
    return {x: r.left, y: r.top, w: r.width, h: r.height}; };
  const seats = {};
  for (const el of document.querySelectorAll("#game .seat")) seats[el.dataset.seat] = box(el);
  return {seats, hand: box(document.getElementById("hand")),
          boneyard: box(document.getElementById("boneyard"))};
}"""


def within(point: dict[str, float], box: dict[str, float], slack: float = 4) -> bool:
    return (box["x"] - slack <= point["x"] <= box["x"] + box["w"] + slack
            and box["y"] - slack <= point["y"] <= box["y"] + box["h"] + slack)


def open_game(make_session: Any, **options: Any) -> Page:
    session: Session = make_session(delay=700, record=True, **options)
    session.context.add_init_script(MOTION_SCRIPT)
    page = session.page()
    # All Fives, two players: the opponent opens; the person draws four tiles and lays one
    # scoring 15; the opponent lays.
    session.new_game(page, variant="all-fives", players=2, target=0, seed=3,
                     opponents=["random"])
    return page


def test_tiles_travel_from_their_seat_and_the_boneyard_and_scores_count(
    make_session: Any
) -> None:
    page = open_game(make_session)
    player = MousePlayer(page)
    seen_lays: dict[str, bool] = {}
    for _ in range(8):
        if wait_phase(page) != "you":
            break
        boxes = page.evaluate(BOXES)
        page.evaluate("window.__motion.length = 0")
        player.play_game(max_turns=1, stop_early=True)
        wait_phase(page)
        for m in page.evaluate("window.__motion"):
            assert m["duration"] and 0 < m["duration"] <= 450, m
            if m["tile"] and "domino" in m["cls"]:
                # A laid tile starts at the seat that laid it: the person's hand, or a seat card.
                mine = within(m, boxes["hand"])
                theirs = any(within(m, box) for box in boxes["seats"].values())
                assert mine or theirs, f"{m['tile']} did not start from a seat: {m}"
                seen_lays["mine" if mine else "theirs"] = True
            elif "flying-back" in m["cls"] or "hand-tile" in m["cls"]:
                assert within(m, boxes["boneyard"], 10), \
                    f"a drawn tile did not start at the boneyard: {m}"
                seen_lays["drawn"] = True
    assert seen_lays.get("mine") and seen_lays.get("theirs"), seen_lays
    assert seen_lays.get("drawn"), "the game should include a draw"
    # A score counted up through the numbers between (not jumping to its new value).
    counts: dict[str, list[int]] = {}
    for entry in page.evaluate("window.__record"):
        if "score" in entry:
            counts.setdefault(entry["score"], []).append(int(entry["text"]))
    assert any(len(set(values)) > 2 for values in counts.values()), counts


def test_reduced_motion_moves_nothing(make_session: Any) -> None:
    page = open_game(make_session, reduced_motion="reduce")
    player = MousePlayer(page)
    for _ in range(4):
        if wait_phase(page) != "you":
            break
        player.play_game(max_turns=1, stop_early=True)
    wait_phase(page)
    assert page.evaluate("window.__motion") == []
    for entry in page.evaluate("window.__record"):
        if "score" in entry:
            assert int(entry["text"]) % 5 == 0, "a score jumps to its new value"


#: Records each score call-out: its words, where it stands when it appears, where its tile
#: lies (once at rest, when the call-out goes), and how long it stays (``window.__callouts``).
CALLOUT_SCRIPT = """
window.__callouts = [];
const box = (el) => { const b = el.getBoundingClientRect();
  return {x: b.left, y: b.top, w: b.width, h: b.height}; };
new MutationObserver((records) => {
  for (const r of records) {
    if (r.target.id !== "callouts") continue;
    for (const n of r.addedNodes) {
      window.__callouts.push({text: n.textContent, at: performance.now(), gone: null,
        box: box(n), tile: null, node: n});
    }
    for (const n of r.removedNodes) {
      const c = window.__callouts.find((c) => c.node === n);
      if (!c) continue;
      c.gone = performance.now();
      const tile = n.dataset.tile
        ? document.querySelector(`#board .layout-tiles [data-tile="${n.dataset.tile}"]`) : null;
      c.tile = tile ? box(tile) : null;
    }
  }
}).observe(document, {childList: true, subtree: true});
"""


def test_a_score_shows_where_it_was_made_and_by_whom_for_the_pace(make_session: Any) -> None:
    session: Session = make_session(delay=700)
    session.context.add_init_script(CALLOUT_SCRIPT)
    page = session.page()
    session.new_game(page, variant="all-fives", players=2, target=0, seed=3,
                     opponents=["random"])
    MousePlayer(page).play_game(stop_at_result=True)
    # Every call-out shown (the hand has scored by its result) has gone again.
    expect(page.locator("#callouts > *")).to_have_count(0)
    callouts = page.evaluate(
        "window.__callouts.map(({node, ...c}) => c)")
    assert callouts, "the hand should score"
    for c in callouts:
        assert re.fullmatch(r"\+\d+ (You|Random)", c["text"]), c["text"]
        # The pace (700 ms), give or take a busy machine's timers: not the old 1.8 s.
        assert c["gone"] is not None and c["gone"] - c["at"] <= 700 + 300, c
        if c["tile"] is not None:
            # Over its tile: centred on it, just above it.
            centre = c["box"]["x"] + c["box"]["w"] / 2
            tile = c["tile"]
            assert tile["x"] - 4 <= centre <= tile["x"] + tile["w"] + 4, c
            assert abs(c["box"]["y"] + c["box"]["h"] - tile["y"]) <= c["box"]["h"] + 16, c
    assert any(c["tile"] is not None for c in callouts), "a laid tile should score"
