"""The installable app (issue 44): the manifest and its icons, the service worker that keeps
the game's own files, the page it opens when the server cannot be reached, and the install
button shown only while the browser offers to install.

The checks are Lighthouse's installability checks written as tests: a linked, valid manifest
whose icons load at the sizes they claim, a worker that controls the page, and the start URL
opened without the server as the "cannot reach the server" page.
"""

from __future__ import annotations

import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

from doublesix.web.routes.guards import SECURITY_HEADERS
from doublesix.words.pagelabels import LABELS
from tests.support.browser import Server, Session, assert_accessible, start_server, stop_server
from tests.support.web import free_port


def controlled(page: Page, url: str) -> None:
    """Open the front page, wait for the worker to be ready, and reload so that it controls the
    page."""
    page.goto(url + "/")
    page.wait_for_selector("#home:not([hidden])")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()
    page.wait_for_function("navigator.serviceWorker.controller !== null")


def test_the_manifest_is_linked_valid_and_its_icons_are_the_sizes_they_say(
    session: Session,
) -> None:
    page = session.page()
    page.goto(session.server.url + "/")
    href = page.get_attribute('link[rel="manifest"]', "href")
    assert href == "/manifest.webmanifest"
    answer = page.request.get(session.server.url + href)
    assert answer.status == 200
    assert answer.headers["content-type"].startswith("application/manifest+json")
    manifest = answer.json()
    assert manifest["name"] == LABELS["homePageTitle"]
    assert manifest["short_name"] == "doublesix"
    assert (manifest["start_url"], manifest["scope"], manifest["display"]) == (
        "/", "/", "standalone")
    for colour in ("theme_color", "background_color"):
        assert manifest[colour].startswith("#")
    assert page.get_attribute('meta[name="theme-color"]', "content") == manifest["theme_color"]
    purposes = {icon["purpose"] for icon in manifest["icons"]}
    assert purposes == {"any", "maskable"}
    sizes = {icon["sizes"] for icon in manifest["icons"] if icon["type"] == "image/png"}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        natural = page.evaluate(
            """src => new Promise((done, fail) => {
                 const image = new Image();
                 image.onload = () => done([image.naturalWidth, image.naturalHeight]);
                 image.onerror = () => fail(new Error("no icon at " + src));
                 image.src = src;
               })""",
            icon["src"],
        )
        if icon["sizes"] == "any":
            assert icon["type"] == "image/svg+xml" and natural[0] > 0
        else:
            assert icon["sizes"] == f"{natural[0]}x{natural[1]}", icon


def test_the_worker_is_served_from_the_root_with_the_guards_headers(session: Session) -> None:
    page = session.page()
    answer = page.request.get(session.server.url + "/sw.js")
    assert answer.status == 200
    assert "javascript" in answer.headers["content-type"]
    assert answer.headers["service-worker-allowed"] == "/"
    for name, value in SECURITY_HEADERS.items():
        assert answer.headers[name.lower()] == value
    text = answer.text()
    assert 'version: "dev"' not in text, "the server writes the cache's version"
    assert '"/static/app.js"' in text and '"/"' in text


def test_the_worker_controls_the_page_and_keeps_the_games_files_only(session: Session) -> None:
    page = session.page()
    controlled(page, session.server.url)
    kept = page.evaluate(
        """async () => {
             const names = (await caches.keys()).filter((n) => n.startsWith("doublesix-"));
             const cache = await caches.open(names[0]);
             return {names, urls: (await cache.keys()).map((r) => new URL(r.url).pathname)};
           }"""
    )
    assert len(kept["names"]) == 1
    urls = set(kept["urls"])
    for path in ("/", "/static/app.js", "/static/labels.js", "/static/styles.css",
                 "/static/favicon.svg", "/static/installable.js",
                 "/static/icons/icon-192.png"):
        assert path in urls, path
    assert not [u for u in urls if u.startswith(("/api/", "/ws/"))]
    assert page.is_visible("#new-game-button")


class OwnServer:
    """A server of one test's own, which the test may stop and start again (same port, same
    database)."""

    def __init__(self, folder: Path) -> None:
        self.port = free_port()
        self.db = folder / "doublesix.sqlite"
        self.log = folder / "server.log"
        self.server = Server(f"http://127.0.0.1:{self.port}", self.db)
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.proc = start_server(self.db, self.port, self.log)

    def stop(self) -> None:
        if self.proc is not None:
            stop_server(self.proc)
            self.proc = None


@pytest.fixture
def own_server(tmp_path: Path) -> Iterator[OwnServer]:
    own = OwnServer(tmp_path)
    own.start()
    try:
        yield own
    finally:
        own.stop()


def test_without_the_server_the_kept_page_says_it_cannot_be_reached(
    make_session: Callable[..., Session], own_server: OwnServer,
) -> None:
    session = make_session(server=own_server.server)
    page = session.page()
    controlled(page, own_server.server.url)
    api: Any = page.evaluate("fetch('/api/options').then((r) => r.status)")
    assert api == 200
    own_server.stop()
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    page.reload()
    page.wait_for_selector("#notice:not([hidden])")
    assert not [url for url in asked if "/api/" in url], "the kept page asks nothing of the API"
    assert page.inner_text("#notice-title") == LABELS["serverAway"]
    assert page.inner_text("#notice-text") == LABELS["serverAwayText"]
    assert page.title() == LABELS["serverAway"]
    assert_accessible(page, "the page without the server")
    assert page.is_hidden("#home")
    # The API is never answered from the cache: without the server it fails.
    failed = page.evaluate("fetch('/api/options').then(() => false, () => true)")
    assert failed is True


def test_the_install_button_shows_only_while_the_browser_offers(session: Session) -> None:
    page = session.page()
    page.goto(session.server.url + "/")
    page.wait_for_selector("#home:not([hidden])")
    assert page.is_hidden("#install-button")
    page.evaluate(
        """() => {
             window.__prompted = 0;
             const offer = new Event("beforeinstallprompt", {cancelable: true});
             offer.prompt = () => { window.__prompted += 1; return Promise.resolve(); };
             window.dispatchEvent(offer);
             window.__offerCancelled = offer.defaultPrevented;
           }"""
    )
    assert page.evaluate("window.__offerCancelled") is True
    button = page.locator("#install-button")
    assert button.is_visible()
    assert button.inner_text() == "Install the app"
    assert_accessible(page, "the front page offering to install")
    button.click()
    assert page.evaluate("window.__prompted") == 1
    assert page.is_hidden("#install-button")


def test_the_notices_link_tries_the_server_again(
    make_session: Callable[..., Session], own_server: OwnServer,
) -> None:
    session = make_session(server=own_server.server)
    page = session.page()
    controlled(page, own_server.server.url)
    own_server.stop()
    page.reload()
    page.wait_for_selector("#notice:not([hidden])")
    page.click("#notice a")
    page.wait_for_load_state()
    page.wait_for_selector("#notice:not([hidden])")
    assert page.inner_text("#notice-title") == LABELS["serverAway"]
    # The server back, the same link opens the front page.
    own_server.start()
    page.click("#notice a")
    page.wait_for_selector("#home:not([hidden])")
    assert page.is_visible("#new-game-button")
