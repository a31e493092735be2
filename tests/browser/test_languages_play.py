"""Issue 43's own browser test: a Muggins hand in Spanish played by touch on a phone (390x844),
and a Draw game in French played by keyboard alone at 1366x768, to the game's end over several
hands (a low target).

The live region is recorded as the page adds to it (``make_session(record=True)``): every
event of the game's history (the server's record, said as the person's page is told it, in
that language) is announced once and in order, "Your turn" in the language before the
person's moves, the game's end last; and no announcement has a word of English in it (a word
the language's catalog never uses). The page's ``<html lang>`` is the language, its key caps
and ``aria-keyshortcuts`` are the language's keys (``words/keywords.py``), and axe finds no
violation on the game and on its result, in each language.
"""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Page, expect

from doublesix import Match
from doublesix.engine.events import public
from doublesix.words.i18n import html_lang, using
from doublesix.words.keywords import single_keys
from tests.support.browser import Session, assert_accessible, record_of, said, said_text
from tests.support.browser_players import (
    KeyboardPlayer,
    Played,
    Player,
    TouchPlayer,
    wait_phase,
)
from tests.support.languages import not_in, sentence

PHONE: dict[str, Any] = {"viewport": {"width": 390, "height": 844}, "has_touch": True,
                         "is_mobile": True}
DESK: dict[str, Any] = {"viewport": {"width": 1366, "height": 768}}

#: A game made by the page's own request (its Accept-Language), as the new-game form makes it.
CREATE = """async (body) => {
  const answer = await fetch("/api/games", {method: "POST", body: JSON.stringify(body),
                                            headers: {"Content-Type": "application/json"}});
  return answer.json();
}"""


def keys_shown(page: Page, language: str) -> None:
    """The page's key caps and its buttons' ``aria-keyshortcuts`` are ``language``'s keys."""
    with using(language):
        keys = single_keys()
    expect(page.locator("#draw-button")).to_have_attribute("aria-keyshortcuts",
                                                           keys["draw"].upper())
    for action in ("draw", "hand", "ends", "scores"):
        caps = page.locator(f'kbd[data-key="{action}"]')
        assert caps.count() >= 1, action
        for cap in caps.all():
            expect(cap).to_have_text(keys[action].upper())


def heard_in(page: Page, session: Session, game_id: str, language: str) -> list[str]:
    """Check what ``page`` announced through the game against the game's history, in
    ``language``; return the announcements."""
    record = record_of(page, session.server.url, game_id)
    match = Match.from_json(json.dumps(record["match"]))
    lines = said(page)
    assert not_in(language, lines) == [], not_in(language, lines)
    with using(language):
        events = [said_text(e, record["names"]) for e in public(match.history, seat=0)]
    # Every event once, in order: the announcements that are events are the history.
    assert [line for line in lines if line in set(events)] == events, (events, lines)
    turn = sentence(language, "Your turn.", "Your turn. {ends}")
    assert any(turn.match(line) for line in lines), lines
    over = sentence(language, "The game is over. You won.", "The game is over. {name} won.",
                    "The game is over. It is a draw.")
    assert over.match(lines[-1]), lines[-1]
    assert sum(bool(over.match(line)) for line in lines) == 1, lines
    return lines


def play_in(make_session: Any, language: str, player: type[Player], options: dict[str, Any],
            **game: Any) -> tuple[Page, Session, str, Played]:
    """A game of ``game`` in a browser of ``language`` (its Accept-Language), played to its end
    by ``player``; the page, the session, the game's id and what the player did."""
    session: Session = make_session(locale=html_lang(language), record=True, delay=10,
                                    **options)
    page = session.page()
    page.goto(session.server.url + "/")
    # Set by the page's own request, as its form does: the computer's seat is named in the
    # language the browser asks for ("Azar", "Hasard").
    created = page.evaluate(CREATE, {"opponents": ["random"], "players": 2, **game})
    game_id = str(created["game_id"])
    session.open_seat(page, game_id, created["token"])
    wait_phase(page)
    expect(page.locator("html")).to_have_attribute("lang", html_lang(language))
    keys_shown(page, language)
    assert_accessible(page, f"the game in {language}")
    played = player(page, language).play_game()
    expect(page.locator("#result-dialog")).to_be_visible()
    assert_accessible(page, f"the result in {language}")
    return page, session, game_id, played


def test_a_muggins_hand_in_spanish_by_touch_on_a_phone(make_session: Any) -> None:
    page, session, game_id, played = play_in(make_session, "es", TouchPlayer, PHONE,
                                             variant="muggins", target=0, seed=3)
    assert played.draws and played.choices, played  # the seed draws and chooses an end
    heard_in(page, session, game_id, "es")


def test_a_draw_game_in_french_by_keyboard(make_session: Any) -> None:
    page, session, game_id, played = play_in(make_session, "fr", KeyboardPlayer, DESK,
                                             variant="draw", target=15, seed=6)
    assert played.choices, played  # an end chosen by its French key (G, D)
    lines = heard_in(page, session, game_id, "fr")
    dealt = sentence("fr", "Hand {number} is dealt.")
    assert sum(bool(dealt.fullmatch(line)) for line in lines) >= 2, "a game of several hands"
