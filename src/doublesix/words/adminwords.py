"""What the web server's administration commands say (``doublesix serve``'s database line,
``doublesix prune``, ``db``, ``backup`` and ``move``), in the language of the moment.  The
database's and the driver's own words (an error, a URL) are values, as they come.

>>> status_line(1_450_000, 3)
'1.4 MB, 3 games'
>>> from doublesix.words.i18n import using
>>> with using("fr"):
...     status_line(1_450_000, 3)
'1,4 Mo, 3 parties'
"""

from __future__ import annotations

from typing import Final

from doublesix.words.i18n import N_, _, ngettext, number, pgettext
from doublesix.words.reviewtalk import fixed

#: A database whose size the server cannot tell.
SIZE_UNKNOWN: Final = N_("size unknown")
#: The dry run's refusal of a database with no game tables.
NO_GAMES_HERE: Final = N_("the database holds no games of doublesix (a dry run makes no tables)")
BATCH_AT_LEAST_ONE: Final = N_("--batch must be at least 1")
#: The progress bars' labels (after the command's name).
REMOVING: Final = N_("removing")
COPYING: Final = N_("copying")


#: A size's units, each with its amount.
_UNITS: Final = {"kB": N_("{amount} kB"), "MB": N_("{amount} MB"), "GB": N_("{amount} GB")}


def size_words(size: int | None) -> str:
    """A size in bytes as a person reads it, the number the local way.

    >>> size_words(512), size_words(1_450_000), size_words(None)
    ('512 bytes', '1.4 MB', 'size unknown')
    """
    if size is None:
        return _(SIZE_UNKNOWN)
    if size < 1000:
        return ngettext("{count} byte", "{count} bytes", size).format(count=size)
    for unit, message in _UNITS.items():
        shown = size / 1000
        if shown < 1000 or unit == "GB":
            return _(message).format(amount=fixed(shown))
        size = round(shown)
    raise AssertionError("unreachable")  # pragma: no cover


def status_line(size: int | None, games: int) -> str:
    """The database's size and its games (``doublesix serve``'s start, ``prune``'s report;
    the English says "games" after 1 as it always did)."""
    return ngettext("{size}, {count} games", "{size}, {count} games", games).format(
        size=size_words(size), count=number(games))


def database_failed(error: object) -> str:
    """The database failed while a command worked on it.

    >>> database_failed("disk full")
    'the database failed: disk full'
    """
    return _("the database failed: {error}").format(error=error)


def no_database_at(where: object) -> str:
    """A SQLite file that is not there (opening it would make it).

    >>> no_database_at("/srv/games.sqlite3")
    'no database at /srv/games.sqlite3'
    """
    return _("no database at {where}").format(where=where)


# -- doublesix prune ---------------------------------------------------------------------------


def before_newest(revision: str | None, newest: str) -> str:
    """The dry run's refusal of a database not yet upgraded.

    >>> before_newest("0001", "0005")  # doctest: +ELLIPSIS
    'the database is at revision 0001, before the newest (0005), and a dry run changes ...'
    """
    return _("the database is at revision {revision}, before the newest ({newest}), and a dry "
             "run changes nothing: run doublesix db upgrade first").format(
        revision=revision or pgettext("revision", "none"), newest=newest)


def candidate_line(game_id: str, finished: bool, saved: str) -> str:
    """One game a dry run would remove.

    >>> candidate_line("abc", True, "2026-01-02 03:04")
    'abc  finished    last saved 2026-01-02 03:04'
    """
    kind = _("finished") if finished else _("unfinished")
    return _("{game}  {kind}  last saved {saved}").format(game=game_id, kind=f"{kind:10}",
                                                         saved=saved)


def would_remove(unfinished: int, finished: int, held: str) -> str:
    """What a dry run found (``held``: :func:`status_line`).

    >>> would_remove(2, 1, "1 MB, 4 games")  # doctest: +ELLIPSIS
    'would remove 2 unfinished and 1 finished games (statistics kept); the database holds ...'
    """
    return _("would remove {unfinished} unfinished and {finished} finished games (statistics "
             "kept); the database holds {held}").format(unfinished=unfinished,
                                                        finished=finished, held=held)


def removed(count: int, before: str, after: str) -> str:
    """What ``doublesix prune`` removed.

    >>> removed(3, "2 MB, 9 games", "1 MB, 6 games")  # doctest: +ELLIPSIS
    'removed 3 games (statistics kept); the database held 2 MB, 9 games, now 1 MB, 6 games'
    """
    # The English says "games" after 1 as it always did (its tests read it so).
    return ngettext("removed {count} games (statistics kept); the database held {before}, now "
                    "{after}", "removed {count} games (statistics kept); the database held "
                    "{before}, now {after}", count).format(count=count, before=before,
                                                           after=after)


# -- doublesix db ------------------------------------------------------------------------------


def no_database_yet(shown: str) -> str:
    """``db current`` on a file that is not there yet.

    >>> no_database_yet("sqlite:///g.db")  # doctest: +ELLIPSIS
    'sqlite:///g.db: no database there yet (doublesix db upgrade or doublesix serve makes it)'
    """
    return _("{database}: no database there yet (doublesix db upgrade or doublesix serve makes "
             "it)").format(database=shown)


def upgraded(before: str | None, after: str, changed: bool, adopted: bool) -> str:
    """What ``doublesix db upgrade`` did.

    >>> upgraded("0001", "0002", True, False)
    'upgraded from revision 0001 to 0002'
    """
    if not changed:
        return _("at revision {after} already, the newest").format(after=after)
    if adopted:
        return _("written before the migrations; upgraded to revision {after}").format(
            after=after)
    if before is None:
        return _("empty; its tables made at revision {after}").format(after=after)
    return _("upgraded from revision {before} to {after}").format(before=before, after=after)


def current(revision: str | None, tables: bool, newest: str) -> str:
    """Which revision the database is at (one this doublesix knows).

    >>> current("0001", True, "0002")
    'at revision 0001; doublesix db upgrade brings it to 0002'
    """
    if revision == newest:
        return _("at revision {newest}, the newest").format(newest=newest)
    if revision is not None:
        return _("at revision {revision}; doublesix db upgrade brings it to {newest}").format(
            revision=revision, newest=newest)
    if tables:
        return _("written before the migrations (no revision); doublesix db upgrade brings it "
                 "to {newest}").format(newest=newest)
    return _("empty (no revision); doublesix db upgrade makes its tables at {newest}").format(
        newest=newest)


# -- doublesix backup and move -------------------------------------------------------------------


def not_a_database(error: object) -> str:
    """A ``--db`` that names no database.

    >>> not_a_database("bad URL")
    'not a database: bad URL'
    """
    return _("not a database: {error}").format(error=error)


def use_pg_dump(dump: str, restore: str) -> str:
    """How a PostgreSQL database is backed up (its own tools' command lines).

    >>> use_pg_dump("pg_dump x", "pg_restore x").splitlines()[1:]
    ['  pg_dump x', 'and restored with:', '  pg_restore x']
    """
    return _("a PostgreSQL database is backed up with its own tool, pg_dump (consistent while "
             "the server runs):\n  {dump}\nand restored with:\n  {restore}").format(
        dump=dump, restore=restore)


def only_sqlite_or_postgresql(shown: str) -> str:
    """A database ``doublesix backup`` does not copy.

    >>> only_sqlite_or_postgresql("mysql://h/db")
    'only a SQLite file or PostgreSQL is backed up here, not mysql://h/db'
    """
    return _("only a SQLite file or PostgreSQL is backed up here, not {database}").format(
        database=shown)


def backed_up(source: str, target: str, size: int) -> str:
    """What ``doublesix backup`` did.

    >>> backed_up("a.db", "b.db", 12345)
    'a.db copied to b.db (12,345 bytes)'
    """
    return ngettext("{source} copied to {target} ({size} byte)",
                    "{source} copied to {target} ({size} bytes)", size).format(
        source=source, target=target, size=number(size))


def moved(source: str, target: str, rows: dict[str, int]) -> str:
    """What ``doublesix move`` copied (``rows``: each table's, by its name in words).

    >>> moved("a.db", "postgresql://h/db", {"games": 3, "ratings": 1})
    'a.db copied to postgresql://h/db: 3 games, 1 ratings (counted on both sides)'
    """
    listed = ", ".join(f"{number(n)} {table}" for table, n in rows.items())
    return _("{source} copied to {target}: {rows} (counted on both sides)").format(
        source=source, target=target, rows=listed)
