"""The database's migrations (``doublesix.web.storage.migrating``, docs/web.md): a database
written by release 0.1.0 (``tests/fixtures/release-0.1.0.sqlite``) is upgraded when the server
starts on it and every game in it plays on; an empty database gets the newest revision and the
models' tables; a database from before the late tables and columns gains them; one at an
unknown revision is refused in words; a queue of revision 0003 gains when its places were seen
and its people are matched on; ``doublesix db``; upgrades started together on PostgreSQL run
one after another; nothing but the migrations changes the schema.
"""

from __future__ import annotations

import contextlib
import datetime
import json
import random
import re
import shutil
import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path
from typing import Any

import alembic.command
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import JSON, DateTime, column, exc, func, insert, inspect, select, table, text

from doublesix import Match, Rules
from doublesix.cli import main
from doublesix.protocol.wire import HUMAN
from doublesix.web.play.live import stored_match
from doublesix.web.routes.app import create_app
from doublesix.web.storage import accounts, migrating, queue, ratings, reviewrows
from doublesix.web.storage.migrating import Found, UnknownRevisionError, found, head
from doublesix.web.storage.store import (
    SavedGame,
    Seat,
    Store,
    digest,
    found_at,
    make_engine,
    sqlite_url,
    utcnow,
)
from tests.support.storage import (
    LATE_COLUMNS,
    LATE_INDEXES,
    LATE_TABLES,
    before_migrations,
    empty_database,
    schema_differences,
    upgrade_at,
)
from tests.support.web import TEST_SETTINGS, SeatSocket, as_browser, games_of, postgres_url

FIXTURE = Path(__file__).parent / "fixtures" / "release-0.1.0.sqlite"
#: The fixture's games (ids and tokens) and browsers (tests/support/release_fixture.py).
MADE: dict[str, Any] = json.loads(FIXTURE.with_suffix(".json").read_text())
ANA, BEA = MADE["cookies"]["ana"], MADE["cookies"]["bea"]
SRC = Path(__file__).resolve().parents[1] / "src" / "doublesix"


@pytest.fixture
def release(tmp_path: Path) -> Path:
    """A copy of the database release 0.1.0 wrote."""
    copy = tmp_path / "release.sqlite"
    shutil.copy(FIXTURE, copy)
    return copy


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh, empty database of each kind."""
    return empty_database(request.param, tmp_path)


def revisions(path: Path) -> dict[str, int]:
    """Each game's revision (its saves), read with plain SQL."""
    with closing(sqlite3.connect(path)) as connection:
        return dict(connection.execute("select id, revision from doublesix_games").fetchall())


def play(mover: SeatSocket, rng: random.Random) -> None:
    """Play one legal move of the seat whose turn it is, and wait until the server made it."""
    state = mover.settle()
    assert not state["over"] and state["result"] is None, state
    mover.send({"type": "play", "move": rng.choice(state["legal"])["move"]})
    while mover.state["revision"] <= mover.acted_at:
        mover.receive()


def until_a_person_moves(watcher: SeatSocket, people: dict[int, SeatSocket],
                         since: int = -1) -> SeatSocket:
    """Read ``watcher``'s pictures until one at revision ``since`` or later waits for a
    person of ``people``: their socket."""
    while True:
        state = watcher.state
        playing = (state and state["revision"] >= since
                   and (state["table"] or {}).get("stage") != "waiting")
        if playing and state["result"] is None and state["turn"] in people:
            return people[state["turn"]]
        assert not state or not state["over"], state
        watcher.receive()


class TestTheRelease:
    """The database release 0.1.0 wrote, upgraded as the server starts on it."""

    def test_every_game_plays_on_after_the_upgrade(self, release: Path) -> None:
        url = sqlite_url(release)
        assert found_at(url) == Found(None, tables=True)
        before = revisions(release)
        rng = random.Random(39)
        played: dict[str, str] = {}
        app = create_app(url, settings=TEST_SETTINGS, hint_options={"playouts": 8})
        with TestClient(app) as client:
            assert found(app.state.store.engine) == Found(head(), tables=True)
            for name, people in (("computers", 1), ("table", 2)):
                game = MADE[name]
                self.play_on(client, app, game["id"], game["tokens"][:people], rng, played)
            # The waiting room: Bea takes the seat still invited, Ana starts, they play.
            waiting = MADE["waiting"]
            joined = as_browser(client, BEA).post(f"/api{waiting['invites'][0]}",
                                                  json={"name": "Bea"})
            assert joined.status_code in (200, 201), joined.text
            self.play_on(client, app, waiting["id"], [waiting["tokens"][0],
                                                      joined.json()["token"]], rng, played,
                         start=True)
            # The finished game is shown as it ended, and its record read.
            finished = MADE["finished"]
            with client.websocket_connect(
                    f"/ws/{finished['id']}?token={finished['tokens'][0]}") as ws:
                assert SeatSocket(ws).settle()["over"]
            record = client.get(f"/api/games/{finished['id']}/record",
                                params={"token": finished["tokens"][0]})
            assert record.status_code == 200, record.text
            stats = as_browser(client, ANA).get("/api/stats").json()
            assert stats["games"] == 1
        assert sorted(played) == sorted(MADE[name]["id"] for name in ("computers", "table",
                                                                        "waiting"))
        store = Store(url)
        try:
            for game_id, match in played.items():
                loaded = store.load(game_id)
                assert loaded is not None and loaded.revision > before[game_id]
                assert stored_match(loaded).to_json() == match
            [rated] = ratings.history(store, digest(ANA))
            assert rated.game_id == MADE["finished"]["id"]
            assert rated.won == (rated.after.mu > rated.before.mu)
            with store.engine.connect() as connection:
                review = connection.execute(select(reviewrows.REVIEWS).where(
                    reviewrows.REVIEWS.c.id == MADE["finished"]["review"])).one()
            assert review.status == "done" and json.loads(review.result)["seat"] == 0
        finally:
            store.dispose()
        assert schema_differences(url) == []

    @staticmethod
    def play_on(client: TestClient, app: FastAPI, game_id: str, tokens: list[str],
                rng: random.Random, played: dict[str, str], start: bool = False) -> None:
        """Sit at ``game_id`` with each token (a seat each, the host's first), start it if
        asked, play a person's move, and keep the match once it waits for a person again."""
        with contextlib.ExitStack() as stack:
            seats: dict[int, SeatSocket] = {}
            for token in tokens:
                seat = SeatSocket(stack.enter_context(
                    client.websocket_connect(f"/ws/{game_id}?token={token}")))
                seat.receive()
                seats[seat.state["me"]] = seat
            if start:
                seats[0].ws.send_json({"type": "start"})
            mover = until_a_person_moves(seats[0], seats)
            play(mover, rng)
            until_a_person_moves(seats[0], seats, since=mover.state["revision"])
            live = games_of(app).live(game_id)
            assert live is not None
            played[game_id] = live.match.to_json()


class TestUpgrades:
    def test_an_empty_database_gets_the_newest_revision_and_the_models_tables(
            self, database_url: str) -> None:
        assert found_at(database_url) == Found(None, tables=False)
        Store(database_url).dispose()
        assert found_at(database_url) == Found(head(), tables=True)
        assert schema_differences(database_url) == []

    def test_a_database_without_the_late_tables_and_columns_gains_them(
            self, database_url: str) -> None:
        store = Store(database_url)
        match = Match(Rules.variant("muggins"), seed=7)
        store.insert(SavedGame("g1", "o" * 64, "muggins", [Seat("You", HUMAN, "t" * 64),
                                                           Seat("Greedy", "greedy")],
                               match.to_json(), match.scores))
        store.dispose()
        before_migrations(database_url, tables=LATE_TABLES, columns=LATE_COLUMNS,
                          indexes=LATE_INDEXES)
        assert found_at(database_url) == Found(None, tables=True)
        assert schema_differences(database_url) != []
        store = Store(database_url)
        try:
            assert schema_differences(database_url) == []
            saved = store.load("g1")
            assert saved is not None and saved.table is None and saved.moves == ""
            played = stored_match(saved)
            played.play(played.legal_moves()[0])
            saved.match, saved.revision = played.to_json(), saved.revision + 1
            assert store.update(saved)
            again = store.load("g1")
            assert again is not None and stored_match(again).to_json() == played.to_json()
            reviewrows.insert(store, "r1", "g1 0 0 9", "o" * 64, 1)
            assert ratings.history(store, "o" * 64) == []
        finally:
            store.dispose()

    def test_a_database_at_an_unknown_revision_is_refused_in_words(
            self, database_url: str, capsys: pytest.CaptureFixture[str]) -> None:
        Store(database_url).dispose()
        engine = make_engine(database_url)
        with engine.begin() as connection:
            connection.execute(text(
                f"UPDATE {migrating.VERSION_TABLE} SET version_num = '9999'"))
        with pytest.raises(UnknownRevisionError) as refused:
            Store(database_url)
        words = str(refused.value)
        assert "revision 9999" in words and f"up to {head()}" in words
        assert "newer doublesix" in words
        for command in (["serve"], ["db", "upgrade"], ["prune", "--dry-run"]):
            assert main([*command, "--db", database_url]) == 1
            told = capsys.readouterr().err
            assert words in told and "Traceback" not in told, told
        assert found(engine) == Found("9999", tables=True)
        engine.dispose()


class TestTheQueueSeen:
    """Revision 0004: the queue's places gain when they were last seen."""

    def test_a_queue_of_revision_0003_gains_seen_and_its_people_are_matched_on(
            self, database_url: str) -> None:
        engine = make_engine(database_url)
        with engine.begin() as connection:
            alembic.command.upgrade(migrating.config(connection), "0003")
        entered = utcnow() - datetime.timedelta(minutes=5)
        places = table("doublesix_queue", *map(column, ("ticket", "owner", "name", "kind",
                                                       "rating", "computers")),
                       column("entered", DateTime()))
        with engine.begin() as connection:
            connection.execute(insert(places).values(
                ticket="ana-ticket", owner=digest(ANA), name="Ana", kind="draw/2/rated",
                rating=1500, entered=entered, computers=""))
        engine.dispose()
        assert found_at(database_url) == Found("0003", tables=True)
        before = utcnow()
        app = create_app(database_url, settings=TEST_SETTINGS.replace(
            quick_match_fill_after=3600))
        with TestClient(app) as client:
            assert found(app.state.store.engine) == Found(head(), tables=True)
            with app.state.store.engine.connect() as connection:
                [(seen,)] = connection.execute(select(queue.QueueRow.seen)).all()
            # Seen at the upgrade (not when entered, 5 minutes ago): Ana keeps her place.
            assert before <= seen <= utcnow()
            ana = as_browser(client, ANA).get("/api/quickmatch/ana-ticket")
            assert ana.status_code == 200 and ana.json()["status"] == "waiting", ana.text
            bea = as_browser(client, BEA).post("/api/quickmatch", json={
                "variant": "draw", "players": 2, "name": "Bea"}).json()
            assert bea["status"] == "seated", bea
            ana = as_browser(client, ANA).get("/api/quickmatch/ana-ticket")
            assert ana.json()["game_id"] == bea["game_id"]
        assert schema_differences(database_url) == []



class TestThePreferences:
    """Revision 0005: the accounts gain the preferences they keep (issue 44)."""

    def test_an_account_of_revision_0004_keeps_its_sign_in_and_gains_preferences(
            self, database_url: str) -> None:
        engine = make_engine(database_url)
        with engine.begin() as connection:
            alembic.command.upgrade(migrating.config(connection), "0004")
        # The account is made the way revision 0004's server made it: its columns then.
        hashed = accounts.hash_password("correct horse battery")
        rows = table("doublesix_accounts", *map(column, ("id", "name", "look", "password")),
                     column("created", DateTime()))
        with engine.begin() as connection:
            connection.execute(insert(rows).values(id="a" * 32, name="Ana", look="ana",
                                                   password=hashed, created=utcnow()))
        engine.dispose()
        assert found_at(database_url) == Found("0004", tables=True)
        app = create_app(database_url, settings=TEST_SETTINGS)
        with TestClient(app) as client:
            assert found(app.state.store.engine) == Found(head(), tables=True)
            signed = client.post("/api/session", json={"name": "Ana",
                                                       "password": "correct horse battery"})
            assert signed.status_code == 200, signed.text
            assert client.get("/api/account/preferences").json() == {
                "theme": None, "felt": None, "tiles": None, "coach": None,
                "language": None}
            kept = client.put("/api/account/preferences", json={"theme": "dark"})
            assert kept.json()["theme"] == "dark"
        assert schema_differences(database_url) == []

class TestTheCoachedGames:
    """Revision 0006: the games gain ``coached`` (issue 44), false for every game there was."""

    def test_a_game_of_revision_0005_plays_on_not_coached_and_is_rated(
            self, database_url: str) -> None:
        engine = make_engine(database_url)
        with engine.begin() as connection:
            alembic.command.upgrade(migrating.config(connection), "0005")
        # The game is stored the way revision 0005's server stored it: its columns then.
        match = Match(Rules.variant("draw", players=2, target=0), seed=4)
        games = table("doublesix_games", *map(column, (
            "id", "owner", "variant", "daily", "first_attempt", "revision", "status", "match")),
            column("seats", JSON()), column("scores", JSON()), column("created", DateTime()),
            column("updated", DateTime()))
        with engine.begin() as connection:
            connection.execute(insert(games).values(
                id="g6", owner=digest(ANA), variant="draw", daily=None, first_attempt=False,
                revision=0, status="playing", match=match.to_json(), scores=match.scores,
                seats=[{"name": "You", "kind": HUMAN, "token_hash": digest("t6")},
                       {"name": "Greedy", "kind": "greedy", "token_hash": None}],
                created=utcnow(), updated=utcnow()))
        engine.dispose()
        app = create_app(database_url, settings=TEST_SETTINGS)
        with TestClient(app) as client:
            saved = app.state.store.load("g6")
            assert saved is not None and saved.coached is False
            as_browser(client, ANA)
            with client.websocket_connect("/ws/g6?token=t6") as ws:
                final = SeatSocket(ws).play_out(random.Random(6))
            assert final["over"] and final["words"]["coached"] is None
            assert client.get("/api/stats").json()["rating"]["games"] == 1
        assert schema_differences(database_url) == []


def with_a_revision_after(folder: Path, monkeypatch: pytest.MonkeyPatch, upgrade: str) -> str:
    """The migrations with one revision more, whose ``upgrade()`` body is ``upgrade``, in
    force for the test: its id."""
    copy = folder / "migrations"
    shutil.copytree(migrating.MIGRATIONS, copy, ignore=shutil.ignore_patterns("__pycache__"))
    newest = head()
    after = f"{int(newest) + 1:04d}"
    (copy / "versions" / f"r{after}_next.py").write_text(
        f"import sqlalchemy as sa\nfrom alembic import op\n\nrevision = {after!r}\n"
        f"down_revision = {newest!r}\n\n\ndef upgrade() -> None:\n    {upgrade}\n")
    monkeypatch.setattr(migrating, "MIGRATIONS", copy)
    migrating.scripts.cache_clear()
    migrating.known_revisions.cache_clear()
    return after


@pytest.fixture
def fresh_caches() -> Iterator[None]:
    """The revisions read again after the test (it changed them)."""
    yield
    migrating.scripts.cache_clear()
    migrating.known_revisions.cache_clear()


@pytest.mark.usefixtures("fresh_caches")
class TestLaterRevisions:
    """A revision after the newest, written for the test."""

    def test_a_database_at_a_revision_gets_those_after_it(
            self, database_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        Store(database_url).dispose()
        first = head()
        after = with_a_revision_after(tmp_path, monkeypatch, 'op.create_table("doublesix_x", '
                                      'sa.Column("id", sa.Integer(), primary_key=True))')
        assert upgrade_at(database_url) == migrating.Upgrade(
            first, after, adopted=False)
        assert found_at(database_url) == Found(after, tables=True)

    def test_a_revision_that_fails_leaves_the_database_as_it_was(
            self, database_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        Store(database_url).dispose()
        first = head()
        with_a_revision_after(tmp_path, monkeypatch, 'op.create_table("doublesix_x", '
                              'sa.Column("id", sa.Integer(), primary_key=True)); '
                              'op.execute("SELECT * FROM doublesix_nothing")')
        engine = make_engine(database_url)
        with pytest.raises(exc.SQLAlchemyError):
            migrating.upgrade(engine)
        assert found(engine) == Found(first, tables=True)
        with engine.connect() as connection:
            assert not inspect(connection).has_table("doublesix_x")
        engine.dispose()


class TestTheCommand:
    def test_db_upgrade_brings_a_file_of_the_release_up_to_date(
            self, release: Path, capsys: pytest.CaptureFixture[str]) -> None:
        def say(*command: str) -> str:
            assert main(["db", *command, "--db", str(release)]) == 0
            return capsys.readouterr().out

        assert "written before the migrations (no revision)" in say("current")
        assert f"written before the migrations; upgraded to revision {head()}" in say("upgrade")
        assert f"at revision {head()} already" in say("upgrade")
        assert f"at revision {head()}, the newest" in say("current")
        assert schema_differences(sqlite_url(release)) == []

    def test_db_opens_the_database_serve_would(
            self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
            capsys: pytest.CaptureFixture[str]) -> None:
        named = tmp_path / "named.sqlite3"
        monkeypatch.setenv("DOUBLESIX_DATABASE_URL", sqlite_url(named))
        assert main(["db", "upgrade"]) == 0
        assert str(named) in capsys.readouterr().out and named.exists()
        monkeypatch.delenv("DOUBLESIX_DATABASE_URL")
        monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
        default = tmp_path / "data" / "doublesix" / "doublesix.sqlite3"
        assert main(["db", "current"]) == 0
        assert "no database there yet" in capsys.readouterr().out and not default.exists()
        assert main(["db", "upgrade"]) == 0
        assert found_at(sqlite_url(default)) == Found(head(), tables=True)


class TestTogether:
    def test_upgrades_started_together_on_postgresql_run_one_after_another(self) -> None:
        url = postgres_url()
        holder = make_engine(url)
        done: list[migrating.Upgrade] = []
        with holder.connect() as held, held.begin():
            # The lock taken first: every upgrade waits for it.
            held.execute(select(func.pg_advisory_xact_lock(migrating.LOCK_KEY)))
            threads = [threading.Thread(target=lambda: done.append(upgrade_at(url)))
                       for _ in range(3)]
            for thread in threads:
                thread.start()
            deadline = time.monotonic() + 60
            while waiting_for_the_lock(holder) < len(threads):
                assert time.monotonic() < deadline, "the upgrades did not wait for the lock"
                time.sleep(0.05)
        for thread in threads:
            thread.join(60)
        holder.dispose()
        assert sorted((u.before or "", u.after) for u in done) == [
            ("", head()), (head(), head()), (head(), head())]
        assert schema_differences(url) == []


def waiting_for_the_lock(engine: Any) -> int:
    """How many sessions wait for an advisory lock on PostgreSQL."""
    with engine.connect() as connection:
        return int(connection.execute(text(
            "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted"
        )).scalar_one())


def test_nothing_but_the_migrations_changes_the_schema() -> None:
    changes = re.compile(r"create_all\(|drop_all\(|checkfirst|\bALTER\s+TABLE\b|"
                         r"\bCREATE\s+(TABLE|INDEX)\b|\bDROP\s+TABLE\b", re.IGNORECASE)
    migrations = SRC / "web" / "storage" / "migrations"
    found_in = [f"{path.relative_to(SRC)}:{number}"
                for path in SRC.rglob("*.py") if migrations not in path.parents
                for number, line in enumerate(path.read_text().splitlines(), 1)
                if changes.search(line)]
    assert found_in == []


def test_the_fixture_was_written_before_the_migrations() -> None:
    with closing(sqlite3.connect(FIXTURE)) as connection:
        tables = {row[0] for row in connection.execute(
            "select name from sqlite_master where type = 'table'")}
    assert migrating.VERSION_TABLE not in tables and "doublesix_games" in tables
    assert len(revisions(FIXTURE)) == 4
