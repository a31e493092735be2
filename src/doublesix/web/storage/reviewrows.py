"""The web's reviews where every server process reads them: the table ``doublesix_reviews`` in
the games' database (:mod:`~doublesix.web.storage.store`), a row per review job (its progress, then
the review or the error), so that a poll reaching another process than the one making the
review is answered (``serve --workers``, :mod:`~doublesix.web.play.cluster`).

The table is made by the migrations, with the others.  Blocking: call it from the database's
threads (:meth:`~doublesix.web.storage.saving.Saving.run`).

>>> from doublesix.web.storage.store import Store
>>> store = Store("sqlite://")
>>> insert(store, "r1", "game 0 0 9", "owner", 2)
>>> progress(store, "r1", 1)
>>> row = load(store, "r1")
>>> row.status, row.done, row.total, row.result
('running', 1, 2, None)
>>> finish(store, "r1", "done", 2, '{"seat": 0}', None)
>>> load(store, "r1").result, find(store, "game 0 0 9").id
('{"seat": 0}', 'r1')
>>> store.dispose()
"""

from __future__ import annotations

import datetime
from typing import Final

from sqlalchemy import DateTime, Integer, String, Text, delete, func, select, update
from sqlalchemy.orm import Mapped, Session, mapped_column

from doublesix.web.storage.store import Base, Store, utcnow

#: How long a finished review is kept for its asker to fetch, in seconds.
KEEP_SECONDS: Final = 600.0
#: A review still running whose progress has not moved for this long was being made by a
#: server process that stopped (its row says so when read).
STALE_SECONDS: Final = 600.0
#: What a review left running by a process that stopped says.
STOPPED: Final = "the server stopped before the review was done"


class ReviewRow(Base):
    """One review job: whose, how far it has come, and the review (its JSON) once made."""

    __tablename__ = "doublesix_reviews"

    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    #: The game, the seat, the hands and the match's length it reviews ("g1 0 0.1 84").
    key: Mapped[str] = mapped_column(String(200), index=True)
    #: The asker's browser (the SHA-256 of its cookie).
    browser: Mapped[str] = mapped_column(String(64), index=True)
    #: ``running``, ``done`` or ``failed``.
    status: Mapped[str] = mapped_column(String(10))
    done: Mapped[int] = mapped_column(Integer)
    total: Mapped[int] = mapped_column(Integer)
    result: Mapped[str | None] = mapped_column(Text, nullable=True)
    error: Mapped[str | None] = mapped_column(Text, nullable=True)
    #: When the row last changed (its progress, or its end).
    updated: Mapped[datetime.datetime] = mapped_column(DateTime)


REVIEWS: Final = Base.metadata.tables[ReviewRow.__tablename__]



def _fresh(row: ReviewRow, now: datetime.datetime) -> ReviewRow:
    """``row`` as it should be read now: a running review not moved for
    :data:`STALE_SECONDS` has failed (its process stopped)."""
    if row.status == "running" and (now - row.updated).total_seconds() > STALE_SECONDS:
        row.status, row.error = "failed", STOPPED
    return row


def insert(store: Store, review_id: str, key: str, browser: str, total: int) -> None:
    """A new review job, running, none of its ``total`` hands done."""
    with store.writing(), Session(store.engine) as session, session.begin():
        session.add(ReviewRow(id=review_id, key=key, browser=browser, status="running",
                              done=0, total=total, updated=utcnow()))


def progress(store: Store, review_id: str, done: int) -> None:
    """``done`` hands of the review are made."""
    with store.writing(), store.engine.begin() as connection:
        connection.execute(update(REVIEWS).where(REVIEWS.c.id == review_id)
                           .values(done=done, updated=utcnow()))


def finish(store: Store, review_id: str, status: str, done: int, result: str | None,
           error: str | None) -> None:
    """The review's end, ``done`` hands made: ``done`` with its ``result`` (JSON), or
    ``failed`` with its ``error``."""
    with store.writing(), store.engine.begin() as connection:
        connection.execute(update(REVIEWS).where(REVIEWS.c.id == review_id)
                           .values(status=status, done=done, result=result, error=error,
                                   updated=utcnow()))


def load(store: Store, review_id: str) -> ReviewRow | None:
    """The review job of this id while it is kept, or None."""
    now = utcnow()
    with Session(store.engine, expire_on_commit=False) as session:
        row = session.get(ReviewRow, review_id)
        if row is None or _expired(row, now):
            return None
        session.expunge(row)
    return _fresh(row, now)


def find(store: Store, key: str) -> ReviewRow | None:
    """The review job of ``key`` running or made (and kept), the newest; None if none."""
    now = utcnow()
    with Session(store.engine, expire_on_commit=False) as session:
        rows = list(session.scalars(select(ReviewRow).where(ReviewRow.key == key)
                                    .order_by(ReviewRow.updated.desc())))
        for row in rows:
            session.expunge(row)
    for row in rows:
        _fresh(row, now)
        if row.status != "failed" and not _expired(row, now):
            return row
    return None


def running(store: Store, browser: str) -> int:
    """How many reviews this browser has running (in any server process)."""
    since = utcnow() - datetime.timedelta(seconds=STALE_SECONDS)
    with Session(store.engine) as session:
        return int(session.scalar(select(func.count()).select_from(ReviewRow).where(
            ReviewRow.browser == browser, ReviewRow.status == "running",
            ReviewRow.updated >= since)) or 0)


def expire(store: Store) -> None:
    """Remove the reviews kept longer than :data:`KEEP_SECONDS` (and those left running by
    a stopped process)."""
    now = utcnow()
    kept = now - datetime.timedelta(seconds=KEEP_SECONDS)
    stale = now - datetime.timedelta(seconds=STALE_SECONDS + KEEP_SECONDS)
    with store.writing(), store.engine.begin() as connection:
        connection.execute(delete(REVIEWS).where(
            ((REVIEWS.c.status != "running") & (REVIEWS.c.updated < kept))
            | (REVIEWS.c.updated < stale)))


def _expired(row: ReviewRow, now: datetime.datetime) -> bool:
    age = (now - row.updated).total_seconds()
    if row.status == "running":
        return age > STALE_SECONDS + KEEP_SECONDS
    return age > KEEP_SECONDS
