"""Play online, end to end in Chromium (issue 42's browser test): two people with accounts, each
on a phone, quick-match into a 2-player Draw game and play it to its end by touch; both see
their ratings move. A third person, on a laptop, finds the game in the lobby's games in play and
watches it all: every message the watcher's socket received is read on the wire, and none names
a tile of a hand in play (a hand is laid open only by its result). The players read that one
person watches. axe on the lobby with a game in play and on the watched game."""

from __future__ import annotations

import json
import re
import secrets
from typing import Any

from playwright.sync_api import Page, WebSocket, expect

from doublesix.words import watchwords
from tests.support.browser import assert_accessible, play_table
from tests.support.browser_players import TouchPlayer
from tests.support.web import tiles_in

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}


def sign_up(page: Page, url: str, name: str) -> None:
    """A new account for this browser context, signed in (its session cookie kept)."""
    body = json.dumps({"name": name, "password": f"{name} plays dominoes"})
    answer = page.request.post(f"{url}/api/account", data=body,
                               headers={"Content-Type": "application/json"})
    assert answer.status == 201, answer.text()


def hidden_tiles(message: dict[str, Any]) -> set[str]:
    """The tiles a watcher's message names that it may not: any tile not laid on the table of
    the picture it carries, nor laid open by that picture's hand result (a message with no
    picture may name none)."""
    state = message.get("state") or {}
    shown = set(state.get("played") or [])
    result = state.get("result")
    if result is not None:
        shown |= {tile for hand in result["hands"] for tile in hand}
    return tiles_in(message) - shown


def test_two_accounts_quick_match_and_play_by_touch_while_a_third_watches(
    make_session: Any,
) -> None:
    suffix = secrets.token_hex(3)
    players = []
    for name in ("Ana", "Bea"):
        session = make_session(**PHONE)
        page = session.page()
        page.goto(session.server.url + "/lobby")
        sign_up(page, session.server.url, f"{name}{suffix}")
        form = page.locator("#quick-match")
        expect(form).to_be_visible()
        form.get_by_label("Game", exact=True).select_option("draw")
        form.get_by_label("Players").select_option("2")
        form.get_by_label("Your name at the table").fill(f"{name}{suffix}")
        players.append(page)
    for page in players:
        page.get_by_role("button", name="Find a game").tap()
    for page in players:
        page.wait_for_url(re.compile(r"/game/"), timeout=30000)
    assert players[0].url == players[1].url
    game_id = players[0].url.rstrip("/").rsplit("/", 1)[1]

    # The watcher finds the game in the lobby and opens it.
    watcher_session = make_session(viewport={"width": 1366, "height": 768})
    watcher = watcher_session.page()
    frames: list[str] = []

    def listen(ws: WebSocket) -> None:
        ws.on("framereceived", lambda frame: frames.append(
            frame if isinstance(frame, str) else frame.decode()))

    watcher.on("websocket", listen)
    watcher.goto(watcher_session.server.url + "/lobby")
    playing = watcher.locator("#lobby-playing")
    expect(playing.get_by_role("heading", name=watchwords.IN_PLAY)).to_be_visible()
    link = playing.locator(f'a[href="/watch/{game_id}"]')
    expect(link).to_have_accessible_name(re.compile(r"^Watch .+'s table: Draw"))
    assert_accessible(watcher, "the lobby with a game in play")
    link.click()
    watcher.wait_for_url(re.compile(f"/watch/{game_id}$"))
    expect(watcher.locator("#game.watching")).to_be_visible()
    expect(watcher.locator("#me-status")).to_contain_text("You are watching")
    for page in players:
        expect(page.locator("#info-watchers")).to_have_text("1 person is watching.")
    expect(watcher.locator("#draw-button")).to_be_hidden()
    expect(watcher.locator("#hint-button")).to_be_hidden()
    expect(watcher.locator("#hand .hand-tile")).to_have_count(0)
    assert_accessible(watcher, "a watched game")

    play_table([TouchPlayer(players[0]), TouchPlayer(players[1])])
    for page in players:
        expect(page.locator("#result-dialog .result-rating").first).to_have_text(
            re.compile(r"^Your rating 1,\d{3}, (up|down) \d+\.$"))
    expect(watcher.locator("#me-status")).to_have_text("The game is over.")

    messages = [json.loads(frame) for frame in frames]
    pictures = [m["state"] for m in messages if "state" in m]
    assert len(pictures) > 10 and pictures[-1]["over"]
    for message in messages:
        assert not hidden_tiles(message), f"a watcher was sent {hidden_tiles(message)}: {message}"
    for picture in pictures:
        assert picture["watching"] and picture["hand"] == [] and picture["legal"] == []
