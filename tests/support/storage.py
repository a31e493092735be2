"""What the database tests share: a database made to look as an older release left it, and the
difference between a database's schema and the models'.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import text
from sqlalchemy.orm import Session as DbSession

from doublesix.ai.ladder import rating_of
from doublesix.ai.ratings import Rating, update
from doublesix.web.storage import migrating
from doublesix.web.storage.migrations.versions.r0001_release_0_1_0 import tables as release_tables
from doublesix.web.storage.ratings import RatingRow
from doublesix.web.storage.store import make_engine, sqlite_url
from tests.support.web import postgres_url

#: The tables release 0.1.0's server made after the games' own, the last ones at first use.
LATE_TABLES = ("doublesix_seat_owners", "doublesix_results", "doublesix_ratings",
               "doublesix_reviews")
#: The games' columns added after their first release.
LATE_COLUMNS = ("table_info", "moves")
#: The index pruning made when it first ran.
LATE_INDEXES = ("ix_doublesix_games_updated",)
#: The tables of the revisions after release 0.1.0 (no release before the migrations had them).
NEWER_TABLES = tuple(sorted(set(migrating.models().tables) - set(release_tables().tables)))
#: The games' columns of the revisions after release 0.1.0 (``coached``, revision 0006).
NEWER_COLUMNS = tuple(sorted(
    set(migrating.models().tables["doublesix_games"].c.keys())
    - set(release_tables().tables["doublesix_games"].c.keys())))


def before_migrations(url: str, *, tables: Sequence[str] = (), columns: Sequence[str] = (),
                      indexes: Sequence[str] = ()) -> None:
    """Make the database at ``url`` look as a release before the migrations left it: no
    version table, and without these ``tables``, games' ``columns`` and ``indexes`` (what
    that release had not yet added)."""
    engine = make_engine(url)
    try:
        with engine.begin() as connection:
            connection.execute(text(f"DROP TABLE {migrating.VERSION_TABLE}"))
            for name in NEWER_TABLES:
                connection.execute(text(f"DROP TABLE {name}"))
            for name in indexes:
                connection.execute(text(f"DROP INDEX {name}"))
            for name in tables:
                connection.execute(text(f"DROP TABLE {name}"))
            for name in (*NEWER_COLUMNS, *columns):
                connection.execute(text(f"ALTER TABLE doublesix_games DROP COLUMN {name}"))
    finally:
        engine.dispose()


def schema_differences(url: str) -> list[Any]:
    """How the schema of the database at ``url`` differs from the models' (Alembic's
    comparison, the one ``--autogenerate`` writes a revision from); [] when it is the same."""
    engine = make_engine(url)
    try:
        with engine.connect() as connection:
            context = MigrationContext.configure(
                connection, opts={"version_table": migrating.VERSION_TABLE,
                                  "compare_type": True})
            return list(compare_metadata(context, migrating.models()))
    finally:
        engine.dispose()


def upgrade_at(url: str) -> migrating.Upgrade:
    """Upgrade the database at ``url`` (:func:`doublesix.web.storage.migrating.upgrade`)."""
    engine = make_engine(url)
    try:
        return migrating.upgrade(engine)
    finally:
        engine.dispose()


def empty_database(kind: str, folder: Path) -> str:
    """The URL of an empty database: a new SQLite file in ``folder``, or the test PostgreSQL
    database emptied (``kind`` "sqlite" or "postgresql")."""
    if kind == "sqlite":
        return sqlite_url(folder / "games.sqlite3")
    return postgres_url()


def rating_rows(owner: str, days: Sequence[datetime.date]) -> list[RatingRow]:
    """A browser's rating history, for the database: one rated game a day of ``days`` at
    noon, Draw and Muggins in turn, against the expert and Greedy in turn, two won in three.

    >>> [(row.number, row.rules, row.won) for row in rating_rows("o", [datetime.date.today()] * 3)]
    [(1, 'draw/2/100', True), (2, 'muggins/2/100', True), (3, 'draw/2/100', False)]
    """
    rows = []
    rating = Rating()
    for number, day in enumerate(days, 1):
        opponent = "expert" if number % 2 else "greedy"
        won = number % 3 != 0
        after = update([rating, rating_of(opponent)], [0 if won else 1, 1 if won else 0],
                       movable={0})[0]
        rows.append(RatingRow(
            owner=owner, number=number, game_id=f"history-{number}", seat=0, name="Ana",
            rules="draw/2/100" if number % 2 else "muggins/2/100", opponents=[opponent],
            won=won, mu_before=rating.mu, sigma_before=rating.sigma, mu_after=after.mu,
            sigma_after=after.sigma, created=datetime.datetime.combine(day, datetime.time(12))))
        rating = after
    return rows


def put_ratings(db: Path | None, rows: Sequence[RatingRow]) -> None:
    """Rating rows (:func:`rating_rows`) straight into the SQLite database at ``db`` (a
    running server's)."""
    assert db is not None, "this server's database is not known"
    engine = make_engine(sqlite_url(db))
    try:
        with DbSession(engine) as session, session.begin():
            session.add_all(rows)
    finally:
        engine.dispose()
