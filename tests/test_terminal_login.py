"""``doublesix login URL`` against a real server: an account made and signed in from the
terminal, its token kept readable by its owner only, sent by ``doublesix join`` (its taking of
a seat) so that the seat taken is the account's, and ``--logout`` ending the session on the
server too."""

from __future__ import annotations

import io
import json
import stat
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select

from doublesix.cli import main
from doublesix.terminal.console import Console
from doublesix.terminal.join import take_seat
from doublesix.terminal.login import login
from doublesix.terminal.tables import TABLES_FILE, Invitation, Tables
from doublesix.web.storage import accounts
from doublesix.web.storage.store import SeatOwnerRow, Store, digest, sqlite_url
from doublesix.words import accountwords
from tests.support.web import Server, free_port, set_table


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    running = Server(free_port(), tmp_path / "games.sqlite3")
    yield running
    running.stop()


def account_of(origin: str, token: str) -> tuple[int, Any]:
    request = urllib.request.Request(f"{origin}/api/account",
                                     headers={"Authorization": f"Bearer {token}"})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, None


def test_login_keeps_a_token_that_join_sends_and_logout_ends(
        server: Server, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "home"
    typed = io.StringIO("Bea\na long password\n")
    out = io.StringIO()
    assert login(server.url, typed, out, new=True, folder=str(folder)) == 0, out.getvalue()
    assert accountwords.signed_in("Bea") in out.getvalue()
    kept = folder / TABLES_FILE
    assert stat.S_IMODE(kept.stat().st_mode) == 0o600
    token = json.loads(kept.read_text())["accounts"][server.url]["token"]
    assert account_of(server.url, token) == (200, {
        "name": "Bea", "created": account_of(server.url, token)[1]["created"],
        "signed_in": accountwords.signed_in("Bea")})

    # A seat taken with doublesix join is the account's.
    table = set_table(server.url, seed=3)
    invitation = Invitation.parse(server.url + table["invites"][0]["url"])
    take_seat(invitation, Tables(folder), Console(io.StringIO(), io.StringIO()), "Bea")
    store = Store(sqlite_url(tmp_path / "games.sqlite3"))
    try:
        bea = accounts.find(store, "Bea")
        assert bea is not None
        with store.engine.connect() as db:
            owners = db.execute(select(SeatOwnerRow.owner).where(
                SeatOwnerRow.game_id == table["game_id"])).scalars().all()
        assert owners == [digest(accounts.owner_key(bea.id))]
    finally:
        store.dispose()

    # Signed out: the token stops working on the server, and is forgotten here.
    assert main(["login", server.url, "--logout", "--save-dir", str(folder)]) == 0
    assert accountwords.signed_out_at(server.url) in capsys.readouterr().out
    assert account_of(server.url, token)[0] == 401
    assert server.url not in json.loads(kept.read_text())["accounts"]


def test_a_wrong_password_is_said_and_nothing_is_kept(server: Server, tmp_path: Path) -> None:
    folder = tmp_path / "home"
    assert login(server.url, io.StringIO("Cai\nfirst password\n"), io.StringIO(), new=True,
                 folder=str(folder)) == 0
    (folder / TABLES_FILE).unlink()
    out = io.StringIO()
    assert login(server.url, io.StringIO("Cai\nnot the password\n"), out,
                 folder=str(folder)) == 1
    assert accountwords.WRONG in out.getvalue()
    assert not (folder / TABLES_FILE).exists() or server.url not in json.loads(
        (folder / TABLES_FILE).read_text()).get("accounts", {})


def test_an_address_that_is_no_server_is_told_in_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["login", "ftp://example.org", "--save-dir", str(tmp_path)]) == 2
    assert capsys.readouterr().out.strip() == accountwords.not_a_server("ftp://example.org")
