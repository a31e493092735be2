"""Tables added to the database after its first release, made on first use rather than with the
others (:func:`create_once`), so a server upgraded in place needs no migration step.
"""

from __future__ import annotations

import weakref

from sqlalchemy import Table, exc
from sqlalchemy.engine import Engine

#: Per engine, the names of the tables made (or found) already.
_made: weakref.WeakKeyDictionary[Engine, set[str]] = weakref.WeakKeyDictionary()


def create_once(table: Table, engine: Engine) -> None:
    """Make ``table`` if the database has none yet, once per engine.  Blocking."""
    made = _made.setdefault(engine, set())
    if table.name in made:
        return
    try:
        table.create(engine, checkfirst=True)
    except (exc.ProgrammingError, exc.IntegrityError, exc.OperationalError):
        # Another server made it at the same moment.
        table.create(engine, checkfirst=True)
    made.add(table.name)
