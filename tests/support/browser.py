"""What the browser tests share (their pytest fixtures are in ``tests/browser/conftest.py``): the
server in a subprocess, a browser context with its guards (:class:`Session`), axe, what a page
announced, and a table of people set, started and played to its end.  The players that play
whole games through a page are in :mod:`tests.support.browser_players`.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest
from axe_playwright_python.sync_playwright import Axe  # type: ignore[import-untyped]
from playwright.sync_api import BrowserContext, ConsoleMessage, Page, WebSocket, expect
from playwright.sync_api import Error as PlaywrightError

from doublesix import Match
from doublesix.engine.events import Event
from doublesix.web.play.games import Games
from doublesix.web.storage.store import Store
from doublesix.words.eventwords import describe
from tests.support.browser_players import Played, Player
from tests.support.web import run_async

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "artifacts" / "screenshots"
LOCAL_HOSTS = {"127.0.0.1", "localhost"}


def docs_shot(name: str) -> Path:
    """Where a screenshot that docs/ shows is written: with ``DOUBLESIX_DOCS_SHOTS=1`` in
    docs/ itself (to refresh the docs' pictures on purpose), else among the run's own
    screenshots, so that running the tests leaves the checkout as it was."""
    folder = ROOT / "docs" if os.environ.get("DOUBLESIX_DOCS_SHOTS") == "1" else SCREENSHOTS
    folder.mkdir(parents=True, exist_ok=True)
    return folder / name

#: Seconds of absence after which a computer may play for someone away, on the tests' quick
#: server (``quick_server`` in tests/browser/conftest.py; a minute on a real one).
HANDOVER_AFTER = 2

# The server with a quick hint and review (the expert's search cut short) so the suite stays
# fast.
SERVER_SCRIPT = """
import sys, uvicorn
from doublesix.web.routes.app import create_app
app = create_app(sys.argv[1], hint_options={"playouts": 24}, review_playouts=48)
uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[2]), log_level="warning")
"""


class Server:
    """The running server: its address, and its database (where a test may put a game)."""

    def __init__(self, url: str, db: Path | None = None) -> None:
        self.url = url
        self.db = db


def start_server(db: Path, port: int, log: Path) -> subprocess.Popen[bytes]:
    """Start the server on ``db`` and wait until it answers."""
    with log.open("a") as out:
        proc = subprocess.Popen(
            [sys.executable, "-c", SERVER_SCRIPT, f"sqlite:///{db}", str(port)],
            stdout=out, stderr=subprocess.STDOUT, cwd=ROOT,
        )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        try:
            with urllib.request.urlopen(f"{url}/api/options", timeout=2) as answer:
                if answer.status == 200:
                    return proc
        except OSError:
            pass
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            pytest.fail(f"the server did not start:\n{log.read_text()}")
        time.sleep(0.1)


def stop_server(proc: subprocess.Popen[bytes]) -> None:
    """Stop a server that :func:`start_server` started."""
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def _print_frames(ws: WebSocket) -> None:
    """Print a socket's frames (``DOUBLESIX_DEBUG_WS=1``)."""
    ws.on("framesent", lambda frame: print("SENT", frame))
    ws.on("framereceived", lambda frame: print("RECV", str(frame)[:160]))


class Session:
    """A browser context with its guards: outside requests and page errors are recorded."""

    def __init__(self, context: BrowserContext, server: Server) -> None:
        self.context = context
        self.server = server
        self.outside: list[str] = []
        self.errors: list[str] = []
        context.route("**/*", self._guard)

    def _guard(self, route: Any) -> None:
        url = route.request.url
        host = urlparse(url).hostname
        if url.startswith(("data:", "blob:")) or host in LOCAL_HOSTS:
            route.continue_()
        else:
            self.outside.append(url)
            route.abort()

    def page(self) -> Page:
        page = self.context.new_page()
        page.on("pageerror", lambda error: self.errors.append(str(error)))
        if os.environ.get("DOUBLESIX_DEBUG_WS"):
            page.on("websocket", _print_frames)

        # Console errors count too, except the browser's own network notes (a download's 409,
        # a reconnecting socket while a server restarts).
        def console(msg: ConsoleMessage) -> None:
            if msg.type == "error" and not msg.text.startswith(
                ("Failed to load resource", "WebSocket connection")
            ):
                self.errors.append(msg.text)

        page.on("console", console)
        return page

    def new_game(self, page: Page, **body: Any) -> str:
        """Create a game through the API (with this context's cookie), hand its seat to the page
        as the front end would, and open it. Returns the game id."""
        answer = page.request.post(f"{self.server.url}/api/games", data=json.dumps(body),
                                   headers={"Content-Type": "application/json"})
        assert answer.status == 201, answer.text()
        created = answer.json()
        self.open_seat(page, created["game_id"], created["token"])
        return str(created["game_id"])

    def scripted_game(self, page: Page, match: Match, opponents: tuple[str, ...]) -> str:
        """Put ``match`` (a scripted deal, perhaps with moves played) in the server's database
        as a new game, made by the server's own ``Games.create`` with a person in seat 0, and
        open it as :meth:`new_game` does. Returns the game id."""
        db = self.server.db
        assert db is not None, "this server's database is not known"

        store = Store(f"sqlite:///{db}")
        try:
            game_id, token, _ = run_async(
                Games(store).create("browser-tests", match.rules, opponents, match=match))
        finally:
            store.dispose()
        self.open_seat(page, game_id, token)
        return game_id

    def open_seat(self, page: Page, game_id: str, token: str) -> None:
        """Hand a seat's token to the page as the front end would, and open its game."""
        if not page.url.startswith(self.server.url):
            page.goto(self.server.url + "/")
        page.evaluate(
            "([id, token]) => localStorage.setItem(`doublesix.seat.${id}`, token)",
            [game_id, token],
        )
        page.goto(f"{self.server.url}/game/{game_id}")


# -- axe ----------------------------------------------------------------------------------------

WCAG = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]},
        "resultTypes": ["violations"]}


def assert_accessible(page: Page, where: str) -> None:
    results = Axe().run(page, options=WCAG)
    assert results.violations_count == 0, f"{where}:\n{results.generate_report()}"


# -- announcements and tables of people ---------------------------------------------------------

def said(page: Page) -> list[str]:
    """Everything the page announced (the recorder's log: ``make_session(record=True)``)."""
    return [str(r["said"]) for r in page.evaluate("window.__record") if "said" in r]


def record_of(page: Page, server: str, game_id: str) -> dict[str, Any]:
    """A finished game's record as the server gives it to the seat this page holds (its
    match and the seats' names)."""
    token = page.evaluate("id => localStorage.getItem(`doublesix.seat.${id}`)", game_id)
    answer = page.request.get(f"{server}/api/games/{game_id}/record?token={token}")
    assert answer.status == 200, answer.text()
    return dict(answer.json())


def said_text(event: Event, names: list[str]) -> str:
    """An event as the person's page is told it: others' drawn tiles are not named."""
    if event.kind == "draw" and event.seat != 0:
        event = event._replace(tile=None)
    return describe(event, names)


def wait_said(page: Page, text: str, timeout: float = 15, times: int = 1) -> None:
    """Wait until the page has announced ``text`` (a whole announcement, or a part of one), at
    least ``times`` times."""
    deadline = time.monotonic() + timeout
    while sum(text in line for line in said(page)) < times:
        assert time.monotonic() < deadline, f"{text!r} was not announced: {said(page)[-12:]}"
        page.wait_for_timeout(100)


def set_table(session: Session, page: Page, **body: Any) -> tuple[str, list[str]]:
    """Set a table through the API (as the form does) and open it in ``page``: the game's id
    and the invitation links, in seat order."""
    answer = page.request.post(f"{session.server.url}/api/games", data=json.dumps(body),
                               headers={"Content-Type": "application/json"})
    assert answer.status == 201, answer.text()
    created = answer.json()
    session.open_seat(page, created["game_id"], created["token"])
    return str(created["game_id"]), [session.server.url + i["url"] for i in created["invites"]]


def join(page: Page, link: str, name: str) -> None:
    """Open an invitation, give a name and take the seat."""
    page.goto(link)
    form = page.locator("#join form")
    expect(form).to_be_visible()
    form.get_by_label("Your name").fill(name)
    form.get_by_role("button", name=re.compile(r"^Take seat \d$")).click()
    page.wait_for_url(re.compile(r"/game/"))


def in_waiting_room(page: Page) -> None:
    expect(page.locator("#waiting")).to_be_visible()
    expect(page.locator("#game")).to_be_hidden()


def start(host: Page) -> None:
    """The host starts the game once everyone has joined."""
    button = host.get_by_role("button", name="Start the game")
    expect(button).to_have_attribute("aria-disabled", "false")
    button.click()


def play_table(players: list[Player], max_moves: int = 400) -> list[Played]:
    """Play until every page shows the game's result: whoever's turn it is moves, through
    their page, in their way (keyboard, mouse)."""
    played = [Played() for _ in players]
    deadline = time.monotonic() + 300
    moves = 0
    while True:
        phases = [p.page.get_attribute("#game", "data-phase") for p in players]
        if all(phase == "result" for phase in phases) and not any(
                p.page.locator("#next-hand").count() for p in players):
            for p in players:
                expect(p.page.locator("#result-dialog")).to_be_visible()
                expect(p.page.locator("#result-title")).to_contain_text("Game over")
            return played
        acted = False
        for i, p in enumerate(players):
            if phases[i] == "you":
                p.play_turn(played[i])
                moves += 1
                acted = True
            elif phases[i] == "result":
                # A hand ended: everyone may deal the next; the first to ask does, and the
                # others' asking is no error (their dialog closes as the new hand comes).
                next_hand = p.page.locator('#next-hand[aria-disabled="false"]')
                if next_hand.count():
                    with contextlib.suppress(PlaywrightError, AssertionError):
                        p.press_button(next_hand)
                        played[i].hands += 1
                    acted = True
        assert moves < max_moves, "the game did not end"
        assert time.monotonic() < deadline, f"the game did not end: phases {phases}"
        if not acted:
            players[0].page.wait_for_timeout(50)
