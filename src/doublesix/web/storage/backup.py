"""``doublesix backup``: a consistent copy of the web game's database while the server runs.

A SQLite database is copied with SQLite's online backup API (:meth:`sqlite3.Connection.backup`):
one read transaction sees the database as it was at one moment, saves made meanwhile go on
(write-ahead logging), and the copy is written beside ``FILE`` and renamed onto it only when it
is whole, so a backup cut short never leaves half a file where the last good one was.  The copy
is one self-contained file (rollback journal, not write-ahead log): restoring is putting it back
in the database's place while the server is stopped.

For PostgreSQL the field's tool is ``pg_dump``: the command prints its line (and
``pg_restore``'s) and exits with status 2, so a scheduled job that was pointed at a PostgreSQL
database by mistake fails loudly rather than looking done.  The database is the one
``doublesix serve`` and ``doublesix db`` open: ``--db``, else ``DOUBLESIX_DATABASE_URL``, else
the file in the user's data folder (:func:`~doublesix.web.storage.store.database_url`).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shlex
import sqlite3
import sys
from pathlib import Path
from typing import Final

from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError

from doublesix.web.storage.store import database_url
from doublesix.words import adminwords
from doublesix.words.helpwords import option_help

#: The exit status for a PostgreSQL database: not done here, pg_dump does it.
USE_PG_DUMP: Final = 2


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``doublesix backup``."""
    parser.add_argument(
        "--db", default=None, metavar="PATH_OR_URL",
        help=option_help("backup", "db"),
    )
    parser.add_argument("file", metavar="FILE", help=option_help("backup", "file"))


def backup_sqlite(source: Path, target: Path) -> None:
    """Copy the SQLite database ``source`` to ``target`` with the online backup API, as one
    consistent snapshot, while others may be writing it (blocking).

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> with contextlib.closing(sqlite3.connect(folder / "a.sqlite3")) as db:
    ...     _ = db.execute("PRAGMA user_version = 6")
    >>> backup_sqlite(folder / "a.sqlite3", folder / "b.sqlite3")
    >>> with contextlib.closing(sqlite3.connect(folder / "b.sqlite3")) as copy:
    ...     copy.execute("PRAGMA user_version").fetchone()
    (6,)
    """
    if not source.is_file():
        raise FileNotFoundError(f"no database at {source}")
    partial = target.with_name(f".{target.name}.partial")
    partial.unlink(missing_ok=True)
    try:
        # mode=ro: a backup never writes the database, nor makes one where a path was mistyped.
        with contextlib.closing(sqlite3.connect(f"{source.as_uri()}?mode=ro", uri=True,
                                                timeout=30)) as reading, \
                contextlib.closing(sqlite3.connect(partial)) as writing:
            reading.backup(writing)
            writing.execute("PRAGMA journal_mode=DELETE")  # one file, nothing beside it
            writing.commit()
        os.replace(partial, target)
    finally:
        partial.unlink(missing_ok=True)


def pg_dump_lines(url: URL, file: str) -> list[str]:
    """What to run for a PostgreSQL database: pg_dump's line, and pg_restore's (password
    hidden; pg_dump reads it from ``PGPASSWORD`` or ``~/.pgpass``).

    >>> pg_dump_lines(make_url("postgresql+psycopg://u:secret@h/games"), "games.dump")[0]
    "pg_dump --format=custom --file=games.dump 'postgresql://u:***@h/games'"
    """
    plain = shlex.quote(url.set(drivername="postgresql").render_as_string(hide_password=True))
    file = shlex.quote(file)
    return [f"pg_dump --format=custom --file={file} {plain}",
            f"pg_restore --clean --if-exists --no-owner --dbname={plain} {file}"]


def run(args: argparse.Namespace) -> int:
    """``doublesix backup``; returns the exit status."""
    name = "doublesix backup"
    try:
        url = make_url(database_url(args.db))
    except ArgumentError as error:
        print(f"{name}: {adminwords.not_a_database(error)}", file=sys.stderr)
        return 1
    backend = url.get_backend_name()
    if backend == "postgresql":
        dump, restore = pg_dump_lines(url, args.file)
        print(f"{name}: {adminwords.use_pg_dump(dump, restore)}")
        return USE_PG_DUMP
    if backend != "sqlite" or url.database in (None, "", ":memory:"):
        shown = url.render_as_string(hide_password=True)
        print(f"{name}: {adminwords.only_sqlite_or_postgresql(shown)}", file=sys.stderr)
        return 1
    source, target = Path(str(url.database)), Path(args.file).expanduser()
    try:
        backup_sqlite(source, target)
    except (OSError, sqlite3.Error) as error:
        print(f"{name}: {error}", file=sys.stderr)
        return 1
    print(f"{name}: {adminwords.backed_up(str(source), str(target), target.stat().st_size)}")
    return 0
