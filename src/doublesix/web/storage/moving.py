"""``doublesix move``: every row of the web game's database copied to another database, the
way a server that started on SQLite moves to PostgreSQL (or back).

The tables are the ones the code declares (:func:`~doublesix.web.storage.migrating.models`:
games, results, ratings, seat owners, reviews and whatever a later revision adds), parents
before children.  The destination's schema is made by the migrations
(:func:`~doublesix.web.storage.migrating.upgrade`), never by ``create_all``, so it is at the
newest revision like any other database.  A destination that already holds rows is refused:
``move`` fills an empty database, it does not merge.  The source is read in one read
transaction (one moment's picture; stop the server first all the same, or the moves made
after that moment stay behind), ``batch`` rows at a time, and the destination is written in
one transaction: all or nothing.  At the end the rows of every table are counted on both
sides.

>>> from doublesix.web.storage.store import Seat, SavedGame, Store
>>> source = Store("sqlite://")
>>> source.insert(SavedGame("g1", "o", "draw", [Seat("You", "human")], "{}", [0, 0]))
>>> target = make_engine("sqlite://")
>>> move(source.engine, target)["doublesix_games"]
1
>>> source.dispose(); target.dispose()
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Final

from sqlalchemy import Connection, Table, func, select
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.exc import ArgumentError, SQLAlchemyError

from doublesix.web.storage import migrating
from doublesix.web.storage.store import database_url, make_engine
from doublesix.words import adminwords
from doublesix.words.helpwords import option_help
from doublesix.words.i18n import _

#: Rows read and written at a time.
BATCH: Final = 500


class MoveError(Exception):
    """A move that cannot be made (the destination holds rows, the source is not at the newest
    revision) or that did not copy every row."""


def tables() -> list[Table]:
    """Every table of doublesix's schema, parents before children.

    >>> "doublesix_games" in [t.name for t in tables()]
    True
    """
    return list(migrating.models().sorted_tables)


def counts(connection: Connection) -> dict[str, int]:
    """How many rows each table holds."""
    return {table.name: int(connection.execute(select(func.count()).select_from(table))
                            .scalar_one()) for table in tables()}


def check_source(engine: Engine) -> None:
    """Refuse a source that is not at the newest revision (its tables would not be the
    code's)."""
    there = migrating.found(engine)
    if there.revision != migrating.head():
        raise MoveError(f"the source is at revision {there.revision or 'none'}, not the newest "
                        f"({migrating.head()}): doublesix db upgrade --db it first")


def check_destination(engine: Engine) -> None:
    """Refuse a destination that holds rows (the schema is made there if it is empty)."""
    if migrating.found(engine).tables:
        with engine.connect() as connection:
            held = {name: n for name, n in counts(connection).items() if n}
        if held:
            listed = ", ".join(f"{n} in {name}" for name, n in held.items())
            raise MoveError(f"the destination already holds rows ({listed}): move fills an "
                            "empty database only")
    migrating.upgrade(engine)


def move(
    source: Engine,
    target: Engine,
    batch: int = BATCH,
    advance: Callable[[int], None] = lambda _: None,
) -> dict[str, int]:
    """Copy every row of ``source`` to ``target`` (see the module's docstring); returns the
    rows of each table, counted on both sides (blocking).  ``advance`` hears each batch."""
    check_source(source)
    check_destination(target)
    with source.connect() as reading, target.begin() as writing:
        if reading.dialect.name == "postgresql":
            reading.exec_driver_sql("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
        expected = counts(reading)  # the read transaction starts here: one moment's picture
        for table in tables():
            rows = reading.execution_options(yield_per=batch).execute(
                select(table).order_by(*table.primary_key.columns))
            for part in rows.mappings().partitions(batch):
                writing.execute(table.insert(), [dict(row) for row in part])
                advance(len(part))
        copied = counts(writing)
    if copied != expected:
        wrong = ", ".join(f"{name}: {expected[name]} read, {copied.get(name)} written"
                          for name in expected if copied.get(name) != expected[name])
        raise MoveError(f"the counts differ after the copy ({wrong})")
    return copied


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``doublesix move``."""
    parser.add_argument("--from", dest="source", required=True, metavar="PATH_OR_URL",
                        help=option_help("move", "from"))
    parser.add_argument("--to", dest="target", required=True, metavar="PATH_OR_URL",
                        help=option_help("move", "to"))
    parser.add_argument("--batch", type=int, default=BATCH, metavar="ROWS",
                        help=option_help("move", "batch"))


def run(args: argparse.Namespace) -> int:
    """``doublesix move``; returns the exit status."""
    name = "doublesix move"
    if args.batch < 1:
        print(f"{name}: {_(adminwords.BATCH_AT_LEAST_ONE)}", file=sys.stderr)
        return 2
    engines: list[Engine] = []
    try:
        urls = [make_url(database_url(value)) for value in (args.source, args.target)]
        shown = [url.render_as_string(hide_password=True) for url in urls]
        if urls[0].get_backend_name() == "sqlite" and not Path(str(urls[0].database)).is_file():
            print(f"{name}: {adminwords.no_database_at(urls[0].database)}", file=sys.stderr)
            return 1
        engines = [make_engine(url.render_as_string(hide_password=False)) for url in urls]
        source, target = engines
        check_source(source)
        with source.connect() as connection:
            total = sum(counts(connection).values())
        with args.bar(f"{name}: {_(adminwords.COPYING)}", total=total) as advance:
            copied = move(source, target, args.batch, advance)
    except (MoveError, migrating.SchemaError) as error:
        print(f"{name}: {error}", file=sys.stderr)
        return 1
    except (ArgumentError, SQLAlchemyError, OSError, ModuleNotFoundError) as error:
        print(f"{name}: {adminwords.database_failed(error)}", file=sys.stderr)
        return 1
    finally:
        for engine in engines:
            engine.dispose()
    rows = {table.removeprefix("doublesix_").replace("_", " "): n for table, n in copied.items()}
    print(f"{name}: {adminwords.moved(shown[0], shown[1], rows)}")
    return 0
