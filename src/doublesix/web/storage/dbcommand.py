"""``doublesix db``: the web game's database for its operator.

``doublesix db upgrade`` brings the database to the newest revision of its schema in place, as
``doublesix serve`` does when it starts (:func:`doublesix.web.storage.migrating.upgrade`);
``doublesix db current`` says which revision it is at, and changes nothing.  Both open the
database ``doublesix serve`` would: ``--db``, else ``DOUBLESIX_DATABASE_URL``, else the file in
the user's data folder.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, SQLAlchemyError

from doublesix.web.storage import migrating
from doublesix.web.storage.store import database_url, make_engine
from doublesix.words import adminwords
from doublesix.words.helpwords import cannot_open_database, option_help


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``doublesix db``: its two commands, each with ``--db``."""
    database = argparse.ArgumentParser(add_help=False)
    database.add_argument(
        "--db", default=None, metavar="PATH_OR_URL",
        help=option_help("db", "db"),
    )
    commands = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    commands.add_parser("upgrade", parents=[database],
                        help=option_help("db", "upgrade"))
    commands.add_parser("current", parents=[database],
                        help=option_help("db", "current"))


def run(args: argparse.Namespace) -> int:
    """``doublesix db ACTION``; returns the exit status."""
    name = f"doublesix db {args.action}"
    url = database_url(args.db)
    try:
        parsed = make_url(url)
        shown = parsed.render_as_string(hide_password=True)
        if args.action == "current" and parsed.get_backend_name() == "sqlite" and (
                parsed.database not in (None, "", ":memory:")
                and not Path(str(parsed.database)).exists()):
            print(f"{name}: {adminwords.no_database_yet(shown)}")
            return 0
        engine = make_engine(url)
    except (ArgumentError, SQLAlchemyError, OSError, ModuleNotFoundError) as error:
        print(f"{name}: {cannot_open_database(error)}", file=sys.stderr)
        return 1
    try:
        if args.action == "upgrade":
            print(f"{name}: {shown}: {upgraded(migrating.upgrade(engine))}")
            return 0
        there = migrating.found(engine)
        if not there.known:
            raise migrating.UnknownRevisionError(str(there.revision), migrating.head())
        print(f"{name}: {shown}: {current(there, migrating.head())}")
        return 0
    except migrating.SchemaError as error:
        print(f"{name}: {error}", file=sys.stderr)
        return 1
    except (SQLAlchemyError, OSError) as error:
        print(f"{name}: {adminwords.database_failed(error)}", file=sys.stderr)
        return 1
    finally:
        engine.dispose()


def upgraded(done: migrating.Upgrade) -> str:
    """What ``doublesix db upgrade`` did, in words.

    >>> from doublesix.web.storage.migrating import Upgrade
    >>> upgraded(Upgrade("0002", "0002", adopted=False))
    'at revision 0002 already, the newest'
    """
    return adminwords.upgraded(done.before, done.after, done.changed, done.adopted)


def current(there: migrating.Found, newest: str) -> str:
    """Which revision the database is at, in words (a revision this doublesix knows).

    >>> from doublesix.web.storage.migrating import Found
    >>> current(Found("0001", True), "0002")
    'at revision 0001; doublesix db upgrade brings it to 0002'
    """
    return adminwords.current(there.revision, there.tables, newest)
