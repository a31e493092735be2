"""Old games removed, their statistics kept: the server's retention policy, and
``doublesix prune``.

A game nobody has moved in for ``keep_unfinished_days`` and a game that ended
``keep_finished_days`` ago are removed (:class:`~doublesix.web.settings.Settings`; 0 keeps them
for ever).  Before a finished game goes, what each browser's statistics read of it (the
variant, the opponents, won or not, the score, the daily game's date and first attempt: a
:class:`~doublesix.web.storage.stats.Finished`) is written to ``doublesix_results``, in the same
transaction, so the statistics page and the daily streak are the same after as before.

The server does it itself (:class:`Retention`, every ``prune_interval`` seconds), a batch of
``prune_batch`` games per database call in the database's threads, never on the event loop,
and never a game in memory here.  A game saved meanwhile (its revision moved) is kept.

>>> import datetime
>>> from doublesix.web.storage.store import SavedGame, Seat, Store
>>> store = Store("sqlite://")
>>> old = datetime.datetime(2020, 1, 1)
>>> store.insert(SavedGame("g1", "o", "draw", [Seat("You", "human")], "{}", [0, 0],
...                        updated=old))
>>> policy = Policy(unfinished_days=30, finished_days=365)
>>> [g.id for g in candidates(store, policy, old + datetime.timedelta(days=31))]
['g1']
>>> prune_batch(store, policy, old + datetime.timedelta(days=29)), prune_batch(
...     store, policy, old + datetime.timedelta(days=31)), store.load("g1")
(0, 1, None)
>>> store.dispose()
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import datetime
import logging
import sys
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from sqlalchemy import and_, delete, func, insert, or_, select, text
from sqlalchemy.engine import make_url
from sqlalchemy.orm import Session

from doublesix.web.routes.errors import UnavailableError
from doublesix.web.settings import Settings, in_range
from doublesix.web.storage import migrating, queue, ratings
from doublesix.web.storage.history import finished_of
from doublesix.web.storage.saving import Saving
from doublesix.web.storage.store import (
    PLAYING,
    GameRow,
    ResultRow,
    SavedGame,
    SeatOwnerRow,
    Store,
    database_url,
    found_at,
    utcnow,
)
from doublesix.words import adminwords
from doublesix.words.helpwords import cannot_open_database, option_help
from doublesix.words.i18n import _

log = logging.getLogger("doublesix.web")

#: Seconds between two batches, so saves and loads are not kept waiting.
BATCH_PAUSE: Final = 0.05
#: The longest wait from the server's start to its first round (seconds).
FIRST_ROUND: Final = 60.0


@dataclass(frozen=True)
class Policy:
    """How long games are kept, in days (0: for ever)."""

    unfinished_days: float
    finished_days: float

    @classmethod
    def of(cls, settings: Settings) -> Policy:
        """The policy of the server's settings."""
        return cls(settings.keep_unfinished_days, settings.keep_finished_days)

    @property
    def keeps_everything(self) -> bool:
        """Whether nothing is ever removed."""
        return self.unfinished_days <= 0 and self.finished_days <= 0

    def condition(self, now: datetime.datetime) -> Any:
        """The SQL condition of the games that go at ``now``."""
        parts = []
        if self.unfinished_days > 0:
            cut = now - datetime.timedelta(days=self.unfinished_days)
            parts.append(and_(GameRow.status == PLAYING, GameRow.updated < cut))
        if self.finished_days > 0:
            cut = now - datetime.timedelta(days=self.finished_days)
            parts.append(and_(GameRow.status != PLAYING, GameRow.updated < cut))
        return or_(*parts) if parts else text("1 = 0")


@dataclass(frozen=True)
class Candidate:
    """A game the policy removes: its id, whether it finished, and its last save."""

    id: str
    finished: bool
    updated: datetime.datetime


def candidates(
    store: Store,
    policy: Policy,
    now: datetime.datetime,
    *,
    limit: int | None = None,
    skip: Iterable[str] = (),
    after: tuple[datetime.datetime, str] | None = None,
) -> list[Candidate]:
    """The games the policy removes at ``now``, oldest first: at most ``limit``, none of
    ``skip``, and only those after ``after`` (a last save and an id) (blocking)."""
    query = select(GameRow.id, GameRow.status, GameRow.updated).where(policy.condition(now))
    skipped = set(skip)
    if after is not None:
        query = query.where(or_(GameRow.updated > after[0],
                                and_(GameRow.updated == after[0], GameRow.id > after[1])))
    query = query.order_by(GameRow.updated, GameRow.id)
    if limit is not None:
        query = query.limit(limit + len(skipped))
    with Session(store.engine) as session:
        found = [Candidate(id_, status != PLAYING, updated)
                 for id_, status, updated in session.execute(query) if id_ not in skipped]
    return found if limit is None else found[:limit]


def each_candidate(
    store: Store, policy: Policy, now: datetime.datetime, batch: int = 100
) -> Iterator[Candidate]:
    """Every game the policy removes at ``now``, oldest first, read ``batch`` at a time."""
    after: tuple[datetime.datetime, str] | None = None
    while True:
        found = candidates(store, policy, now, limit=batch, after=after)
        yield from found
        if len(found) < batch:
            return
        after = (found[-1].updated, found[-1].id)


def prune_batch(
    store: Store,
    policy: Policy,
    now: datetime.datetime | None = None,
    limit: int = 100,
    skip: Iterable[str] = (),
) -> int:
    """Remove at most ``limit`` of the games the policy removes (none of ``skip``), keeping
    the finished ones' statistics, in one transaction; returns how many went (blocking)."""
    now = now or utcnow()
    found = candidates(store, policy, now, limit=limit, skip=skip)
    if not found:
        return 0
    ids = [c.id for c in found]
    # What the statistics keep is read before the writing starts (a game saved meanwhile is
    # no longer old, and stays: the policy is asked again as the games are removed).
    with Session(store.engine) as session:
        finished = [SavedGame.from_row(row) for row in session.scalars(select(GameRow).where(
            GameRow.id.in_([c.id for c in found if c.finished]), policy.condition(now)))]
        owners: dict[str, set[str]] = {}
        for game_id, owner in session.execute(
            select(SeatOwnerRow.game_id, SeatOwnerRow.owner).where(SeatOwnerRow.game_id.in_(ids))
        ):
            owners.setdefault(game_id, set()).add(owner)
    ratings.rate_before_removal(store, finished)
    results = {saved.id: [_result(saved, owner)
                          for owner in sorted({saved.owner} | owners.get(saved.id, set()))]
               for saved in finished}
    old = and_(GameRow.id.in_(ids), policy.condition(now))
    deleting = delete(GameRow).where(old).execution_options(synchronize_session=False)
    with store.writing(), Session(store.engine) as session, session.begin():
        if store.engine.dialect.delete_returning:
            removed = set(session.scalars(deleting.returning(GameRow.id)))
        else:  # an older SQLite: one writer at a time, and this transaction is it
            removed = set(session.scalars(select(GameRow.id).where(old)))
            session.execute(deleting)
        kept = [row for game_id in sorted(removed) for row in results.get(game_id, [])]
        if kept:
            session.execute(insert(ResultRow), kept)
        if removed:
            session.execute(delete(SeatOwnerRow).where(SeatOwnerRow.game_id.in_(removed))
                            .execution_options(synchronize_session=False))
    return len(removed)


def _result(saved: SavedGame, owner: str) -> dict[str, Any]:
    """The ``doublesix_results`` row of a finished game for one browser."""
    kept = finished_of(saved, owner)
    return {"game_id": saved.id, "owner": owner, "created": saved.created,
            "variant": kept.variant, "opponents": list(kept.opponents), "won": kept.won,
            "score": kept.score, "daily": kept.daily, "first_attempt": kept.first_attempt}


def database_size(store: Store) -> int | None:
    """The database's size in bytes (a SQLite file with its log, or PostgreSQL's
    ``pg_database_size``); None if not known (blocking)."""
    parsed = make_url(store.url)
    if parsed.get_backend_name() == "sqlite":
        if store.in_memory or not parsed.database:
            return None
        path = Path(parsed.database)
        return sum(p.stat().st_size for p in (path, Path(f"{path}-wal")) if p.exists())
    if store.engine.dialect.name == "postgresql":
        with store.engine.connect() as connection:
            size = connection.execute(select(func.pg_database_size(func.current_database())))
            return int(size.scalar_one())
    return None


def game_count(store: Store) -> int:
    """How many games the database holds (blocking)."""
    with Session(store.engine) as session:
        return int(session.scalar(select(func.count()).select_from(GameRow)) or 0)


def status_line(store: Store) -> str:
    """The database's size and its games, for ``doublesix serve``'s status (blocking)."""
    return adminwords.status_line(database_size(store), game_count(store))


class Retention:
    """Removes old games in the background every ``prune_interval`` seconds, a batch at a
    time in the database's threads; ``live_ids`` names the games in memory (kept).  Made
    with the application (it gives an older database its index, blocking)."""

    def __init__(
        self,
        store: Store,
        saving: Saving,
        settings: Settings,
        live_ids: Callable[[], Iterable[str]] = tuple,
    ) -> None:
        self.store = store
        self.saving = saving
        self.settings = settings
        self.policy = Policy.of(settings)
        self.live_ids = live_ids
        self.task: asyncio.Task[None] | None = None
        #: Games removed since the server started.
        self.removed = 0

    def start(self) -> None:
        """Start removing in the background (unless the settings say never)."""
        if self.settings.prune_interval > 0 and not self.policy.keeps_everything:
            self.task = asyncio.create_task(self._run(), name="doublesix-retention")

    async def _run(self) -> None:
        await asyncio.sleep(min(FIRST_ROUND, self.settings.prune_interval))
        while True:
            try:
                await self.prune()
            except UnavailableError:
                pass  # the database is away: next time
            except Exception:  # pragma: no cover - logged, and tried again next time
                log.exception("removing old games failed")
            await asyncio.sleep(self.settings.prune_interval)

    async def prune(self) -> int:
        """Remove every game the policy removes now, a batch at a time; how many went.  The
        quick match places older than :data:`~doublesix.web.storage.queue.KEPT` go too."""
        removed = 0
        batch = max(1, self.settings.prune_batch)
        while True:
            gone = await self.saving.run(prune_batch, self.store, self.policy, utcnow(), batch,
                                         tuple(self.live_ids()))
            removed += gone
            self.removed += gone
            if gone < batch:
                break
            await asyncio.sleep(BATCH_PAUSE)
        if removed:
            size = await self.saving.run(status_line, self.store)
            log.warning("removed %d old games; the database holds %s", removed, size)
        await self.saving.run(queue.forget_old, self.store, utcnow())
        return removed

    async def stop(self) -> None:
        """Stop removing (the server is stopping)."""
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.task
            self.task = None


# -- doublesix prune -----------------------------------------------------------------------


def dry_run_refusal(url: str) -> str | None:
    """Why a dry run cannot read the database at ``url`` without changing it (opening it as
    the server does would make its tables or upgrade its schema), or None when it can.

    >>> dry_run_refusal("sqlite://")
    'the database holds no games of doublesix (a dry run makes no tables)'
    """
    there = found_at(url)
    newest = migrating.head()
    if there.revision == newest or not there.known:  # a newer one: Store refuses it in words
        return None
    if not there.tables:
        return _(adminwords.NO_GAMES_HERE)
    return adminwords.before_newest(there.revision, newest)


def missing_file(url: str) -> Path | None:
    """The SQLite file ``url`` names if it is not there (opening it would create it); None
    for a file that is there, a database in memory, or another database.

    >>> missing_file("sqlite:////nowhere/games.sqlite3"), missing_file("sqlite://")
    (PosixPath('/nowhere/games.sqlite3'), None)
    >>> missing_file("postgresql://u@h/db") is None
    True
    """
    from sqlalchemy.exc import ArgumentError

    try:
        parsed = make_url(url)
    except ArgumentError:
        return None  # Store says what is wrong with it
    database = parsed.database or ""
    if parsed.get_backend_name() != "sqlite" or database in ("", ":memory:") or (
        database.startswith("file:") and "mode=memory" in database
    ):
        return None
    path = Path(database)
    return None if path.exists() else path


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``doublesix prune``."""
    settings = Settings.from_env()
    parser.add_argument(
        "--db", default=None, metavar="PATH_OR_URL",
        help=option_help("prune", "db"),
    )
    parser.add_argument(
        "--dry-run", action="store_true", help=option_help("prune", "dry-run"),
    )
    parser.add_argument(
        "--unfinished-days", type=in_range("keep_unfinished_days"),
        default=settings.keep_unfinished_days, metavar="DAYS",
        help=option_help("prune", "unfinished-days"),
    )
    parser.add_argument(
        "--finished-days", type=in_range("keep_finished_days"),
        default=settings.keep_finished_days, metavar="DAYS",
        help=option_help("prune", "finished-days"),
    )


def run(args: argparse.Namespace) -> int:
    """``doublesix prune``: list or remove the old games; returns the exit status."""
    from sqlalchemy.exc import ArgumentError, SQLAlchemyError

    policy = Policy(args.unfinished_days, args.finished_days)
    url = database_url(args.db)
    missing = missing_file(url)
    if missing is not None:
        # Opening it would create it, tables and all: a typo would look like an empty server.
        print(f"doublesix prune: {adminwords.no_database_at(missing)}", file=sys.stderr)
        return 1
    try:
        # A dry run writes nothing: not the tables, not an upgrade of an older schema.
        unready = dry_run_refusal(url) if args.dry_run else None
        store = None if unready is not None else Store(url)
    except (ArgumentError, SQLAlchemyError, OSError, ModuleNotFoundError) as error:
        print(f"doublesix prune: {cannot_open_database(error)}", file=sys.stderr)
        return 1
    if store is None:
        print(f"doublesix prune: {unready}", file=sys.stderr)
        return 1
    try:
        now = utcnow()
        before = status_line(store)
        if args.dry_run:
            found = {True: 0, False: 0}
            for game in each_candidate(store, policy, now):
                found[game.finished] += 1
                print(adminwords.candidate_line(game.id, game.finished,
                                                f"{game.updated:%Y-%m-%d %H:%M}"))
            print(f"doublesix prune: {adminwords.would_remove(found[False], found[True], before)}")
            return 0
        removed = 0
        # The bar shows in a terminal only.
        with args.bar(f"doublesix prune: {_(adminwords.REMOVING)}") as advance:
            while gone := prune_batch(store, policy, now):
                removed += gone
                advance(gone)
        print(f"doublesix prune: {adminwords.removed(removed, before, status_line(store))}")
        return 0
    except SQLAlchemyError as error:
        print(f"doublesix prune: {adminwords.database_failed(error)}", file=sys.stderr)
        return 1
    finally:
        store.dispose()
