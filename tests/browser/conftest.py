"""Browser tests: the real server in a subprocess, Debian's Chromium driven by Playwright.

Chromium must be installed (`/usr/bin/chromium`, or `DOUBLESIX_CHROMIUM`): without it these
tests fail, they never skip. Every page runs with a route handler that fails any request to a
host other than 127.0.0.1 or localhost, and with no JavaScript errors allowed.
"""

from __future__ import annotations

import os
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import (
    Browser,
    Playwright,
    sync_playwright,
)

from tests.support.browser import HANDOVER_AFTER, Server, Session, start_server, stop_server
from tests.support.web import free_port

CHROMIUM = os.environ.get("DOUBLESIX_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


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


@pytest.fixture(scope="module")
def quick_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server of the test module's own whose hosts may seat a computer for someone away after
    two seconds instead of a minute (``DOUBLESIX_HANDOVER_AFTER``)."""
    port = free_port()
    db = tmp_path_factory.mktemp("tables-db") / "doublesix.sqlite"
    log = tmp_path_factory.mktemp("tables-log") / "server.log"
    before = os.environ.get("DOUBLESIX_HANDOVER_AFTER")
    os.environ["DOUBLESIX_HANDOVER_AFTER"] = str(HANDOVER_AFTER)
    try:
        proc: subprocess.Popen[bytes] = start_server(db, port, log)
    finally:
        if before is None:
            del os.environ["DOUBLESIX_HANDOVER_AFTER"]
        else:
            os.environ["DOUBLESIX_HANDOVER_AFTER"] = before
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
