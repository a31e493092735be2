"""Browser tests: the real server in a subprocess, Debian's Chromium driven by Playwright.

Chromium must be installed (`/usr/bin/chromium`, or `DOUBLESIX_CHROMIUM`): without it these
tests fail, they never skip. Every page runs with a route handler that fails any request to a
host other than 127.0.0.1 or localhost, and with no JavaScript errors allowed.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest
from playwright.sync_api import (
    Browser,
    BrowserContext,
    ConsoleMessage,
    Page,
    Playwright,
    WebSocket,
    sync_playwright,
)

from doublesix import Match
from doublesix.web.games import Games
from doublesix.web.store import Store
from tests.test_web_helpers import run_async

CHROMIUM = os.environ.get("DOUBLESIX_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "artifacts" / "screenshots"
LOCAL_HOSTS = {"127.0.0.1", "localhost"}

# The server with a quick hint (the expert's search cut short) so the suite stays fast.
SERVER_SCRIPT = """
import sys, uvicorn
from doublesix.web.app import create_app
app = create_app(sys.argv[1], hint_options={"playouts": 24})
uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[2]), log_level="warning")
"""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


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
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    port = free_port()
    db = tmp_path_factory.mktemp("browser-db") / "doublesix.sqlite"
    log = tmp_path_factory.mktemp("browser-log") / "server.log"
    proc = start_server(db, port, log)
    try:
        yield Server(f"http://127.0.0.1:{port}", db)
    finally:
        stop_server(proc)


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"Chromium is missing at {CHROMIUM}: apt-get install chromium (see README)")
    browser = playwright.chromium.launch(
        executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
    )
    yield browser
    browser.close()


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


#: Records, in page order, every announcement added to the live region (``{"said": text}``)
#: and every time tiles in the hand become playable (``{"playable": n}``), in
#: ``window.__record``; and the values a score shows as it counts (``{"score": text}``).
RECORDER_SCRIPT = """
window.__record = [];
new MutationObserver((records) => {
  for (const r of records) {
    const target = r.target;
    if (target.id === "live") {
      for (const n of r.addedNodes) window.__record.push({said: n.textContent});
    } else if (target.id === "hand") {
      const playable = [...r.addedNodes].filter(
        (n) => n.classList && n.classList.contains("playable"));
      if (playable.length) window.__record.push({playable: playable.length});
    } else if (target.id === "me-score"
               || (target.classList && target.classList.contains("seat-score"))) {
      window.__record.push({score: target.id || "seat-" + target.closest(".seat").dataset.seat,
                            text: target.textContent});
    }
  }
}).observe(document, {childList: true, subtree: true, characterData: true});
"""

#: A Web Audio stand-in that records what the page asks it to play, in ``window.__sounds``:
#: ``"osc:660"`` for a tone, ``"noise:1600"`` for a knock through a band-pass filter. The page
#: counts as used (sound may start at once).
AUDIO_STUB_SCRIPT = """
window.__sounds = [];
(() => {
  class Param { constructor() { this.value = 0; }
    setValueAtTime(v) { this.value = v; return this; }
    exponentialRampToValueAtTime() { return this; } linearRampToValueAtTime() { return this; } }
  class Node { connect(n) { this.to = n; return n; } disconnect() {} }
  class Osc extends Node {
    constructor() { super(); this.frequency = new Param(); this.type = "sine"; }
    start() { window.__sounds.push("osc:" + this.frequency.value); }
    stop() {}
  }
  class Source extends Node {
    constructor() { super(); this.buffer = null; }
    start() {
      const filter = this.to && this.to.frequency ? this.to.frequency.value : 0;
      window.__sounds.push("noise:" + filter);
    }
    stop() {}
  }
  class Filter extends Node {
    constructor() { super(); this.frequency = new Param(); this.Q = new Param(); }
  }
  class Gain extends Node { constructor() { super(); this.gain = new Param(); } }
  class Context {
    constructor() {
      this.currentTime = 0; this.sampleRate = 8000; this.state = "running";
      this.destination = new Node();
    }
    createOscillator() { return new Osc(); }
    createGain() { return new Gain(); }
    createBiquadFilter() { return new Filter(); }
    createBufferSource() { return new Source(); }
    createBuffer(_c, length) { return {getChannelData: () => new Float32Array(length)}; }
    resume() { return Promise.resolve(); }
  }
  window.AudioContext = Context;
  window.webkitAudioContext = Context;
  Object.defineProperty(navigator, "userActivation",
                        {value: {hasBeenActive: true, isActive: true}});
})();
"""


def settings_script(delay: int = 30) -> str:
    return (
        "localStorage.setItem('doublesix.settings', JSON.stringify("
        f"{{delay: {delay}, sound: true, shortcuts: true, reduceMotion: false}}))"
    )


@pytest.fixture
def make_session(browser: Browser, server: Server) -> Iterator[Any]:
    """Open browser contexts (fresh storage each); checks the guards when the test ends."""
    sessions: list[Session] = []

    def make(**options: Any) -> Session:
        delay = options.pop("delay", 30)
        on = options.pop("server", server)
        record = options.pop("record", False)
        audio = options.pop("audio", False)
        options.setdefault("viewport", {"width": 1280, "height": 800})
        context = browser.new_context(**options)
        context.set_default_timeout(15000)
        context.add_init_script(
            f"if (!localStorage.getItem('doublesix.settings')) {{ {settings_script(delay)} }}"
        )
        if record:
            context.add_init_script(RECORDER_SCRIPT)
        if audio:
            context.add_init_script(AUDIO_STUB_SCRIPT)
        session = Session(context, on)
        sessions.append(session)
        return session

    yield make
    outside = [url for s in sessions for url in s.outside]
    errors = [e for s in sessions for e in s.errors]
    for s in sessions:
        s.context.close()
    assert not outside, f"requests to outside hosts: {outside}"
    assert not errors, f"JavaScript errors: {errors}"


@pytest.fixture
def session(make_session: Callable[..., Session]) -> Session:
    return make_session()
