"""Issue 43 in Chromium: each person reads the browser game in their language.

- In the pseudo-language ``qps`` (every translated message between ⟦ ⟧) no text a person reads
  is left outside the markers, on every page: the front page and the new-game form, Settings,
  a game and its result, the statistics, the account, the lobby, an invitation, a waiting room
  and a watched table (names, numbers, tiles and key caps aside). The sentences not marked yet
  are listed once, in :data:`NOT_MARKED_YET`.
- A table of two people, one reading Spanish and one French, plays a hand (the French one by
  the French keys): each reads the events and the result in their language; a watcher reads
  Portuguese.
- The language chosen in Settings is remembered after a reload, and by the account on a second
  browser; ``<html lang>``; ``dir="rtl"`` for ``qps-rtl``.
"""

from __future__ import annotations

import datetime
import json
import re
from typing import Any

from playwright.sync_api import Page, expect

from doublesix import Match, Rules
from doublesix.engine.tiles import TILES
from doublesix.protocol.wire import COOKIE
from doublesix.web.storage.store import digest
from doublesix.words.i18n import _, using
from tests.support.browser import Session, said
from tests.support.browser_players import PHASES, MousePlayer, wait_phase
from tests.support.deals import finished_hand
from tests.support.languages import outside_markers, reading, sentence, unmarked
from tests.support.storage import put_ratings, rating_rows


def post(page: Page, url: str, body: Any) -> Any:
    answer = page.request.post(url, data=json.dumps(body),
                               headers={"Content-Type": "application/json"})
    assert answer.ok, answer.text()
    return answer.json()


def table_in_play(host: Session, host_page: Page, guest: Session, name: str = "Ana",
                  guest_name: str = "Bea") -> str:
    """A public table of two people, set by ``host`` (its page opened on it), joined by
    ``guest`` (its page opened on it: the last page it made) and started: its id."""
    url = host.server.url
    created = post(host_page, f"{url}/api/games", {
        "variant": "draw", "players": 2, "target": 0, "seed": 4, "opponents": ["person"],
        "name": name, "public": True, "rated": False})
    host.open_seat(host_page, created["game_id"], created["token"])
    guest_page = guest.context.pages[-1]
    guest_page.goto(url + "/")
    joined = post(guest_page, f"{url}/api{created['invites'][0]['url']}", {"name": guest_name})
    guest.open_seat(guest_page, created["game_id"], joined["token"])
    start = host_page.locator("#start-button")
    expect(start).to_have_attribute("aria-disabled", "false")
    start.click()
    return str(created["game_id"])


# -- the pseudo-language: nothing left in English -----------------------------------------------

def test_no_text_is_left_outside_the_markers_in_qps(make_session: Any) -> None:
    session = reading(make_session, "qps")
    page = session.page()
    url = session.server.url
    page.goto(url + "/")
    expect(page.locator("#home")).to_be_visible()
    expect(page.locator("html")).to_have_attribute("lang", "qps-ploc")
    left: list[str] = []
    left += outside_markers(page, "front page")
    page.locator("#new-game-button").click()
    expect(page.locator("#variant-choices input").first).to_be_visible()
    left += outside_markers(page, "new-game form")
    page.locator("#settings-button").click()
    expect(page.locator("#settings-dialog")).to_be_visible()
    left += outside_markers(page, "settings")
    page.keyboard.press("Escape")

    # A game of two tiles each, to its result.
    hands = [["4|4", "2|0"], ["4|0", "1|0"]]
    rest = [str(t) for t in TILES[:28] if str(t) not in {t for h in hands for t in h}]
    match = Match(Rules.variant("all-fives", hand_size=2, target=0), hands=hands, boneyard=rest)
    match.play("4|0 right")
    session.scripted_game(page, match, ("random",))
    assert wait_phase(page) == "you"
    left += outside_markers(page, "game", ("Random",))
    page.locator('#hand .hand-tile[data-tile="2|0"]').click()
    expect(page.locator("#result-dialog")).to_be_visible()
    left += outside_markers(page, "result", ("Random",))
    page.goto(url + "/stats")
    expect(page.locator("#stats-body h2").first).to_be_visible()
    left += outside_markers(page, "statistics")
    page.goto(url + "/account")
    expect(page.locator("#sign-in")).to_be_visible()
    left += outside_markers(page, "account")

    # A table of people: the invitation, the waiting room, the lobby, a watched table.
    created = post(page, f"{url}/api/games", {
        "variant": "draw", "players": 2, "target": 0, "seed": 4, "opponents": ["person"],
        "name": "Ana", "public": True})
    guest = reading(make_session, "qps")
    guest_page = guest.page()
    guest_page.goto(url + created["invites"][0]["url"])
    expect(guest_page.locator("#join-name")).to_be_visible()
    left += outside_markers(guest_page, "invitation", ("Ana",))
    page.goto(url + "/lobby")
    expect(page.locator("#lobby-body li, #lobby-body article").first).to_be_visible()
    left += outside_markers(page, "lobby", ("Ana",))
    session.open_seat(page, created["game_id"], created["token"])
    expect(page.locator("#waiting")).to_be_visible()
    left += outside_markers(page, "waiting room", ("Ana",))
    guest_page.locator("#join-name").fill("Bea")
    guest_page.locator("#join form button[type=submit]").click()
    guest_page.wait_for_url(re.compile(r"/game/"))
    start = page.locator("#start-button")
    expect(start).to_have_attribute("aria-disabled", "false")
    start.click()
    page.wait_for_selector("#game:not([hidden])")
    watcher = reading(make_session, "qps").page()
    watcher.goto(f"{url}/watch/{created['game_id']}")
    expect(watcher.locator("#game")).to_be_visible()
    watcher.wait_for_selector("#board-desc:not(:empty)")
    left += outside_markers(watcher, "watched table", ("Ana", "Bea"))
    assert left == [], "words outside the markers:\n" + "\n".join(left)


def test_the_review_lessons_quick_match_and_daily_game_in_qps(make_session: Any) -> None:
    """The pages the first walk does not reach: the review of a finished hand (a step, a
    decision and its best move), the lessons (their page, a lesson's panel and the coach's
    words on a wrong move), the quick match's waiting, and the daily game played to its
    result with its share text (a text field's value: no text node, read separately)."""
    session = reading(make_session, "qps")
    page = session.page()
    url = session.server.url
    left: list[str] = []

    session.scripted_game(page, finished_hand(), ("greedy",))
    expect(page.locator("#result-dialog")).to_be_visible()
    page.locator("#review-button").click()
    expect(page.locator("#review-screen")).to_be_visible(timeout=60000)
    left += outside_markers(page, "review", ("Greedy",))
    page.locator("#review-forward").click()
    expect(page.locator("#review-live p")).to_have_count(1)
    options = page.locator("#review-list [role=option]")
    for k in range(options.count()):
        options.nth(k).click()
        expect(options.nth(k)).to_have_attribute("aria-selected", "true")
        if page.locator("#review-best").is_visible():
            page.locator("#review-best").click()
            expect(page.locator("#review-best")).to_have_attribute("aria-pressed", "true")
            break
    else:
        raise AssertionError("the hand should have a decision whose best move was another")
    left += outside_markers(page, "review, a decision", ("Greedy",))

    page.goto(url + "/learn")
    expect(page.locator("#learn-body .lesson-list a")).to_have_count(5)
    left += outside_markers(page, "lessons")
    page.goto(url + "/learn/muggins")
    page.locator("#lesson-next").click()
    page.wait_for_selector('#game[data-phase="you"]')
    left += outside_markers(page, "lesson")
    page.locator('#hand [data-tile="1|0"]').click()
    expect(page.locator("#lesson")).to_have_class("lesson wrong")
    left += outside_markers(page, "lesson, a wrong move")

    # The partnership game unrated: a queue no other test waits in.
    page.goto(url + "/lobby")
    form = page.locator("#quick-match")
    form.locator("#quick-variant").select_option("partnership")
    form.locator("#quick-rated").uncheck()
    form.locator("#quick-name").fill("Ana")
    form.locator("#quick-find").click()
    expect(page.locator("#quick-leave")).to_be_visible()
    expect(page.locator("#quick-said")).not_to_be_empty()
    # (The lobby lists the tables of other tests on the server, by their people's names.)
    left += outside_markers(page, "quick match, waiting", ("Ana", "Bea"))
    page.locator("#quick-leave").click()
    expect(page.locator("#quick-leave")).to_be_hidden()
    left += outside_markers(page, "quick match, left", ("Ana", "Bea"))

    page.goto(url + "/daily")
    wait_phase(page)
    left += outside_markers(page, "daily game")
    MousePlayer(page, "qps").play_game()
    share = page.locator("#share-text")
    expect(share).to_be_visible()
    left += outside_markers(page, "daily game's result")
    shared = page.locator("#share-text").input_value()
    assert shared.startswith("⟦"), shared
    assert unmarked(shared) == "", shared
    assert left == [], "words outside the markers:\n" + "\n".join(left)


def test_a_game_of_several_hands_in_qps(make_session: Any) -> None:
    """A whole Draw game against a computer, hand after hand, walked at every hand's result
    (the scores so far, Next hand) and at the game's end: the page between hands is none of
    the one-hand games' above."""
    session = reading(make_session, "qps")
    page = session.page()
    session.scripted_game(page, Match(Rules.variant("draw", target=15), seed=11), ("random",))
    player = MousePlayer(page, "qps")
    left: list[str] = []
    hands = 0
    while True:
        player.play_game(stop_at_result=True)
        hands += 1
        dialog = page.locator("#result-dialog")
        left += outside_markers(page, f"hand {hands}'s result", ("Random",))
        next_hand = dialog.get_by_role("button", name=player.words("Next hand"))
        if not next_hand.count():
            break
        player.press_button(next_hand)
        page.wait_for_selector('#game:not([data-phase="result"])')
        left += outside_markers(page, f"hand {hands + 1}", ("Random",))
    assert hands >= 2, "the game should take more than one hand"
    assert left == [], "words outside the markers:\n" + "\n".join(left)


def test_the_statistics_with_a_rating_history_in_qps(make_session: Any) -> None:
    """The statistics of a browser with rated games: the rating's sentence, its chart (dates),
    its table (each game's day, rules and result) and the rating in each variant."""
    session = reading(make_session, "qps")
    page = session.page()
    page.goto(session.server.url + "/stats")
    expect(page.locator("#stats-body h2").first).to_be_visible()
    cookie = next(c["value"] for c in session.context.cookies() if c["name"] == COOKIE)
    first = datetime.date(2026, 11, 30)
    put_ratings(session.server.db, rating_rows(
        digest(cookie), [first + datetime.timedelta(days=i) for i in range(3)]))
    page.reload()
    expect(page.locator("#rating-table tbody tr")).to_have_count(3)
    left = outside_markers(page, "statistics with a rating")
    assert left == [], "words outside the markers:\n" + "\n".join(left)


# -- a table where each reads their own language --------------------------------------------------

def play_hand(pages: dict[int, Page], keys: dict[int, dict[str, str]]) -> None:
    """Play the hand out: the seat whose turn it is clicks its first playable tile (choosing
    its end by its language's key) or draws by its language's key."""
    for _turn in range(200):
        phases = {seat: page.get_attribute("#game", "data-phase") for seat, page in pages.items()}
        if all(phase == "result" for phase in phases.values()):
            return
        mover = next((seat for seat, phase in phases.items() if phase == "you"), None)
        if mover is None:
            next(iter(pages.values())).wait_for_timeout(50)
            continue
        page = pages[mover]
        revision = page.get_attribute("#game", "data-revision")
        tile = page.locator("#hand .hand-tile.playable").first
        if tile.count():
            ends = (tile.get_attribute("data-ends") or "").split()
            ask = tile.get_attribute("data-ask") == "true"
            tile.click()
            if ask:
                expect(page.locator("#end-choice")).to_be_visible()
                page.keyboard.press(keys[mover][ends[-1]])
        elif page.locator("#draw-button:not([hidden]):not([disabled])").count():
            page.locator("#hint-button").focus()
            page.keyboard.press(keys[mover]["draw"])
        page.wait_for_selector(f'#game:not([data-revision="{revision}"])', timeout=10000)
    raise AssertionError("the hand did not end")


def test_a_spanish_and_a_french_reader_at_one_table_and_a_portuguese_watcher(
        make_session: Any) -> None:
    ana: Session = make_session(locale="es-MX", record=True)
    bea: Session = make_session(locale="fr-FR", record=True)
    ana_page, bea_page = ana.page(), bea.page()
    ana_page.goto(ana.server.url + "/")
    game_id = table_in_play(ana, ana_page, bea)
    watcher = make_session(locale="pt-BR", record=True).page()
    watcher.goto(f"{ana.server.url}/watch/{game_id}")
    expect(watcher.locator("#game")).to_be_visible()
    for page, lang in ((ana_page, "es"), (bea_page, "fr"), (watcher, "pt-BR")):
        expect(page.locator("html")).to_have_attribute("lang", lang)
    keys = {0: {"left": "i", "right": "d", "up": "a", "down": "b", "draw": "r"},
            1: {"left": "g", "right": "d", "up": "h", "down": "b", "draw": "p"}}
    ana_page.wait_for_selector("#game:not([hidden])")
    play_hand({0: ana_page, 1: bea_page}, keys)
    laid = "{name} laid {tile} on the {end} end."
    for page, language, other in ((ana_page, "es", "Bea"), (bea_page, "fr", "Ana"),
                                  (watcher, "pt_BR", "Ana")):
        lines = page.locator("#log li").all_inner_texts()
        assert any(sentence(language, laid).fullmatch(line) and other in line
                   for line in lines), (language, lines)
        assert not any(sentence("en", laid).fullmatch(line) for line in lines), (language, lines)
    for page in (ana_page, bea_page):
        expect(page.locator("#result-dialog")).to_be_visible()
        announced = said(page)
        assert not any(sentence("en", laid).fullmatch(line) for line in announced)
    with using("es"):
        turn = _("Your turn.")
    assert any(turn in line for line in said(ana_page))
    assert ana_page.locator("#result-dialog .result-how").inner_text() != \
        bea_page.locator("#result-dialog .result-how").inner_text()


# -- choosing the language -------------------------------------------------------------------------

def test_the_language_chosen_is_remembered_and_follows_the_account(make_session: Any) -> None:
    first: Session = make_session(locale="en-US")
    page = first.page()
    url = first.server.url
    page.goto(url + "/account")
    page.locator("#sign-up-name").fill("Lucía")
    page.locator("#sign-up-password").fill("a long password")
    page.locator("#sign-up button[type=submit], #sign-up button").first.click()
    expect(page.locator(".account-line")).to_be_visible()
    page.locator("#settings-button").click()
    choice = page.locator("#set-language")
    expect(choice.locator('option[value="es"]')).to_have_attribute("lang", "es")
    expect(choice.locator('option[value="pt_BR"]')).to_have_text("Português (Brasil)")
    with page.expect_navigation():
        choice.select_option("es")
    expect(page.locator("html")).to_have_attribute("lang", "es")
    expect(page.locator("#settings-button")).to_have_text("Ajustes")
    page.reload()
    expect(page.locator("html")).to_have_attribute("lang", "es")
    page.locator("#settings-button").click()
    expect(page.locator("#set-language")).to_have_value("es")
    expect(page.locator('label[for="set-language"]')).to_have_text("Idioma")

    # Another browser, in English, signs in: the account's Spanish comes with it.
    second: Session = make_session(locale="en-US")
    other = second.page()
    other.goto(url + "/account")
    expect(other.locator("html")).to_have_attribute("lang", "en")
    other.locator("#sign-in-name").fill("Lucía")
    other.locator("#sign-in-password").fill("a long password")
    other.locator("#sign-in button").first.click()
    expect(other.locator("html")).to_have_attribute("lang", "es", timeout=15000)
    expect(other.locator("#account-title")).to_have_text("Cuenta")


def test_a_right_to_left_page_and_the_keys_of_its_language(make_session: Any) -> None:
    rtl = reading(make_session, "qps-rtl")
    page = rtl.page()
    page.goto(rtl.server.url + "/")
    expect(page.locator("html")).to_have_attribute("dir", "rtl")
    expect(page.locator("#home-title")).to_have_text("seonimoD")
    french: Session = make_session(locale="fr-CA")
    page = french.page()
    french.new_game(page, variant="draw", players=2, opponents=["random"], seed=3)
    expect(page.locator("#draw-button kbd")).to_have_text("P")
    expect(page.locator("#draw-button")).to_have_attribute("aria-keyshortcuts", "P")
    expect(page.locator('[data-menu="read-hand"] kbd')).to_have_text("M")
    expect(page.locator("#draw-button")).to_contain_text("Piocher")
    assert page.evaluate("() => document.documentElement.lang") == "fr"
    phases = page.locator(PHASES)
    expect(phases).to_have_count(1, timeout=20000)
