"""Alembic's environment for doublesix's migrations: Alembic runs this file for every command
that reads or changes a database.

The server and ``doublesix db`` hand it their connection, already in the transaction that
holds the upgrade's lock (:func:`doublesix.web.storage.migrating.upgrade`).  Alembic's own
command line (``alembic revision --autogenerate``, ``alembic upgrade head``, run where
pyproject.toml is; docs/web.md) opens the database ``-x db=PATH_OR_URL`` names, else the one
``doublesix serve`` would open.  Not for the ``--sql`` mode: the first revision reads the
database it upgrades.
"""

from __future__ import annotations

from alembic import context
from alembic.util import CommandError
from sqlalchemy.engine import Connection

from doublesix.web.storage.migrating import CONTEXT_OPTIONS, models
from doublesix.web.storage.store import database_url, make_engine


def run(connection: Connection) -> None:
    """Run the command on ``connection`` (in its transaction, if it is in one)."""
    context.configure(connection=connection, target_metadata=models(), **CONTEXT_OPTIONS)
    with context.begin_transaction():
        context.run_migrations()


if context.is_offline_mode():
    raise CommandError("doublesix's migrations run on a database, not as SQL (no --sql)")
given = context.config.attributes.get("connection")
if given is not None:
    run(given)
else:
    engine = make_engine(database_url(context.get_x_argument(as_dictionary=True).get("db")))
    try:
        with engine.connect() as connection:
            run(connection)
    finally:
        engine.dispose()
