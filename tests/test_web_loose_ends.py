"""Issue 47's loose ends: a dry run that writes nothing, every setting in a range, every body
bounded, a name that shows something, 404 for a socket on no path, and one log line a mistake.
"""

from __future__ import annotations

import dataclasses
import logging
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.routing import APIRoute
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketDenialResponse

from doublesix.cli import main
from doublesix.web import settings
from doublesix.web.routes.app import create_app
from doublesix.web.settings import Settings
from tests.support.web import TEST_SETTINGS


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


# -- 2: every setting in a range ---------------------------------------------------------------


def test_every_number_setting_has_a_range_holding_its_default() -> None:
    numbers = {f.name for f in dataclasses.fields(Settings) if f.type in ("int", "float")}
    ranges = settings.RANGES
    assert set(ranges) == numbers
    defaults = Settings()
    for name, (low, high) in ranges.items():
        assert low <= getattr(defaults, name) <= high, name


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
