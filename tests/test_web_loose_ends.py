"""Issue 47's loose ends: a dry run that writes nothing, every setting in a range, every body
bounded, a name that shows something, 404 for a socket on no path, and one log line a mistake.
"""

from __future__ import annotations

import dataclasses
import logging
import re
import unicodedata
from collections.abc import Iterator
from pathlib import Path

import httpx2
import pytest
from fastapi import FastAPI
from fastapi.routing import APIRoute
from fastapi.testclient import TestClient
from hypothesis import given
from hypothesis import strategies as st
from starlette.testclient import WebSocketDenialResponse
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from doublesix.cli import main
from doublesix.protocol.wire import MAX_NAME
from doublesix.web import settings
from doublesix.web.play.gameinfo import ProtocolError
from doublesix.web.routes.app import create_app
from doublesix.web.routes.bodies import INVISIBLE, is_visible, parse_name
from doublesix.web.settings import Settings
from doublesix.web.storage.store import Store, found_at, sqlite_url
from doublesix.words.names import NAME_INVISIBLE
from tests.support.storage import before_migrations, upgrade_at
from tests.support.web import TEST_SETTINGS, Server, free_port


def one_line(text: str) -> str:
    """The one line of ``text`` (a failure if it holds more, or a traceback)."""
    lines = text.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in text, text
    return lines[0]


# -- 1: a dry run writes nothing ---------------------------------------------------------------


def test_a_dry_run_on_a_missing_file_names_it_and_creates_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "typo.sqlite3"
    for command in (["prune", "--dry-run"], ["prune"]):
        assert main([*command, "--db", str(path)]) == 1
        assert str(path) in one_line(capsys.readouterr().err)
    assert list(tmp_path.iterdir()) == []


def test_a_dry_run_on_an_older_database_changes_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A database from before the migrations would be upgraded by opening it as the server
    does: a dry run says to upgrade it first and leaves every byte as it was."""
    path = tmp_path / "old.sqlite3"
    url = sqlite_url(path)
    Store(url).dispose()
    before_migrations(url)
    was = path.read_bytes()
    assert main(["prune", "--dry-run", "--db", str(path)]) == 1
    assert "doublesix db upgrade" in one_line(capsys.readouterr().err)
    assert path.read_bytes() == was and found_at(url).revision is None
    upgrade_at(url)
    assert main(["prune", "--dry-run", "--db", str(path)]) == 0
    assert "would remove 0 unfinished and 0 finished games" in capsys.readouterr().out


# -- 2: every setting in a range ---------------------------------------------------------------


def test_every_number_setting_has_a_range_holding_its_default() -> None:
    numbers = {f.name for f in dataclasses.fields(Settings) if f.type in ("int", "float")}
    ranges = settings.RANGES
    assert set(ranges) == numbers
    defaults = Settings()
    for name, (low, high) in ranges.items():
        assert low <= getattr(defaults, name) <= high, name


@pytest.mark.parametrize(("option", "value"), [
    ("--port", "70000"), ("--port", "-1"), ("--port", "http"), ("--workers", "0"),
    ("--workers", "100000"), ("--search-processes", "-2"), ("--search-processes", "1e9"),
])
def test_serve_refuses_a_number_out_of_range_in_one_line(
        option: str, value: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as refused:
        main(["serve", option, value, "--db", "sqlite://"])
    assert refused.value.code == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert f"argument {option}: " in err.strip().splitlines()[-1], err


@pytest.mark.parametrize("option", ["--unfinished-days", "--finished-days"])
@pytest.mark.parametrize("value", ["99999999999", "-1", "nan", "inf", "many"])
def test_prune_refuses_a_number_out_of_range_in_one_line(
        option: str, value: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as refused:
        main(["prune", "--dry-run", option, value, "--db", "sqlite://"])
    assert refused.value.code == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert f"argument {option}: " in err.strip().splitlines()[-1], err


@pytest.mark.parametrize(("name", "raw"), [
    ("KEEP_UNFINISHED_DAYS", "1e12"), ("KEEP_FINISHED_DAYS", "-5"), ("PRUNE_BATCH", "0"),
    ("MAX_BODY", "1e300"), ("REQUEST_TIMEOUT", "nan"), ("PRUNE_INTERVAL", "inf"),
    ("SOCKETS_PER_SEAT", "-3"),
])
def test_a_setting_out_of_range_is_refused_with_its_variable(name: str, raw: str) -> None:
    with pytest.raises(ValueError, match=rf"^DOUBLESIX_{name} (must be from|must be a number)"):
        Settings.from_env({f"DOUBLESIX_{name}": raw})


def test_serve_with_a_setting_out_of_range_says_so_in_one_line(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.setenv("DOUBLESIX_KEEP_UNFINISHED_DAYS", "1e12")
    with caplog.at_level(logging.INFO):
        assert main(["serve", "--db", "sqlite://", "--port", "1"]) == 2
    assert "DOUBLESIX_KEEP_UNFINISHED_DAYS must be from 0 to 100000" in one_line(
        capsys.readouterr().err)
    assert not any(r.exc_info for r in caplog.records)


# -- 3: every body bounded; 5: a socket on no path is 404; 6: one log line a mistake ----------


@pytest.fixture
def client() -> Iterator[TestClient]:
    app = create_app("sqlite://", hint_options={"playouts": 8},
                     settings=TEST_SETTINGS.replace(search_processes=0))
    with TestClient(app) as client:
        yield client


def post_paths(client: TestClient) -> list[str]:
    """Every POST route's path, its parameters filled in."""
    app = client.app
    assert isinstance(app, FastAPI)
    paths = [re.sub(r"\{[^}]+\}", "x", route.path) for route in app.routes
             if isinstance(route, APIRoute) and "POST" in (route.methods or ())]
    assert "/api/daily" in paths and "/api/games" in paths
    return paths


def test_every_post_refuses_a_body_past_the_bound(
        client: TestClient, caplog: pytest.LogCaptureFixture) -> None:
    big = b'{"a": "' + b"x" * 100_000 + b'"}'
    with caplog.at_level(logging.INFO):
        for path in post_paths(client):
            answer = client.post(path, content=big, headers={"content-type": "application/json"})
            assert answer.status_code == 400, (path, answer.text)
            assert answer.json() == {"error": "the request is too long (at most 16384 bytes)"}

            def chunks() -> Iterator[bytes]:  # no Content-Length: counted as it comes
                for _ in range(10):
                    yield b"x" * 10_000

            streamed = client.post(path, content=chunks())
            assert streamed.status_code == 400, (path, streamed.text)
    assert not any(r.exc_info for r in caplog.records)


def test_a_body_within_the_bound_is_still_read(client: TestClient) -> None:
    answer = client.post("/api/rules", json={"variant": "draw"})
    assert answer.status_code == 200 and answer.json()["lines"], answer.text


@pytest.mark.parametrize("path", ["/ws/a/b/c", "/nowhere", "/api/ws"])
def test_a_socket_on_no_path_is_404(client: TestClient, path: str,
                                    caplog: pytest.LogCaptureFixture) -> None:
    with (caplog.at_level(logging.INFO), pytest.raises(WebSocketDenialResponse) as refused,
          client.websocket_connect(path)):
        pass
    assert refused.value.status_code == 404
    assert client.get(path).status_code == 404
    assert not any(r.exc_info for r in caplog.records)


# -- 4: a name shows at least one visible character --------------------------------------------

#: What shows nothing: spaces, marks alone, joiners and the other formatting characters, the
#: Hangul fillers and the braille blank.
NOTHING = st.one_of(
    st.characters(categories=["Zs", "Mn", "Me", "Cf"]),
    st.sampled_from(sorted(INVISIBLE)),
)
SHOWN = st.characters(categories=["L", "N", "S", "P"]).filter(lambda c: c not in INVISIBLE)


@given(st.text(NOTHING, min_size=1, max_size=MAX_NAME))
def test_a_name_of_nothing_visible_is_refused(name: str) -> None:
    with pytest.raises(ProtocolError):
        parse_name(name)


@given(st.text(NOTHING, max_size=8), SHOWN, st.text(NOTHING, max_size=8))
def test_a_name_with_something_visible_is_refused_only_for_formatting(
        before: str, shown: str, after: str) -> None:
    try:
        name = parse_name(before + shown + after)
    except ProtocolError as error:
        assert str(error) != NAME_INVISIBLE
    else:
        assert any(is_visible(char) for char in name)


@given(st.text(max_size=40))
def test_any_accepted_name_is_nfc_and_shows_something(text: str) -> None:
    try:
        name = parse_name(text)
    except ProtocolError:
        return
    assert name == unicodedata.normalize("NFC", name)
    assert any(is_visible(char) for char in name)


@pytest.mark.parametrize("name", ["\u200d", "\u3164", "\u2800", "\u0301\u0302", "\u3164 \u2800",
                                  "\u115f\u1160", "\uffa0"])
def test_an_invisible_name_is_refused_by_the_server_in_one_line(
        client: TestClient, name: str, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.INFO):
        answer = client.post("/api/games", json={"variant": "draw", "players": 2,
                                                 "opponents": ["greedy"], "name": name})
    assert answer.status_code == 400, answer.text
    assert answer.json()["error"] == NAME_INVISIBLE
    assert not any(r.exc_info for r in caplog.records)


def test_a_name_is_kept_in_nfc() -> None:
    assert parse_name("Zoe\u0301") == "Zo\u00e9"


# -- 6: a served server's log: one line a mistake, no traceback ---------------------------------


def test_the_servers_log_holds_one_line_a_mistake(tmp_path: Path) -> None:
    server = Server(free_port(), tmp_path / "g.sqlite3",
                    env={"DOUBLESIX_SEARCH_PROCESSES": "0"})
    try:
        before = len(server.output)
        mistakes = 0
        for path, body in (("/api/daily", b"{" + b" " * 100_000 + b"}"),
                           ("/api/games", b"[" * 5000)):
            answer = httpx2.post(server.url + path, content=body, timeout=10)
            assert answer.status_code == 400, answer.text
            mistakes += 1
        answer = httpx2.post(server.url + "/api/games", timeout=10, json={
            "variant": "draw", "players": 2, "opponents": ["greedy"], "name": "\u3164"})
        assert answer.status_code == 400 and answer.json()["error"] == NAME_INVISIBLE
        mistakes += 1
        with pytest.raises(InvalidStatus) as refused, connect(
                f"ws://127.0.0.1:{server.port}/ws/a/b/c", open_timeout=10):
            pass
        assert refused.value.response.status_code == 404
        mistakes += 1
        answer = httpx2.get(server.url + "/api/options", timeout=10)  # the log is written
        assert answer.status_code == 200
    finally:
        server.stop()
    logged = "".join(server.output[before:])
    assert "Traceback" not in logged and "Error" not in logged, logged
    assert len(logged.strip().splitlines()) <= mistakes + 1, logged
