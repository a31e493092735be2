"""Quick match's queue: the people waiting for a game of a kind, each a row of
``doublesix_queue``, and the matching that seats them (blocking: call from a worker thread).

The matching runs in one transaction whenever someone enters or asks how it goes, in whichever
server process they reach: on PostgreSQL the waiting rows of the kind are taken ``FOR UPDATE
SKIP LOCKED`` (two processes matching at once take different people, never one person twice);
on SQLite the store's one writer does the same.  A person's range of ratings widens as they
wait (:func:`window`); after ``fill_after`` seconds the oldest is seated with whoever is in
range and computers fill the empty seats, at the ladder's level nearest the people's rating.

A waiting place is *seen* when it is entered and each time its person asks how it goes
(:func:`see`); one not seen for ``gone_after`` seconds is given up (its page or terminal is
gone): the matching never seats it and removes it, and its ticket then answers as a place that
was left.

>>> window(0), window(10), window(1000)
(100, 200, 800)
"""

from __future__ import annotations

import datetime
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from sqlalchemy import DateTime, Integer, String, delete, select, update
from sqlalchemy.orm import Mapped, Session, mapped_column

from doublesix.ai.ladder import ladder
from doublesix.engine.match import Match
from doublesix.engine.rules import Rules
from doublesix.protocol.wire import HUMAN, PLAYING
from doublesix.web.play.live import new_game_id, new_token
from doublesix.web.storage.saving import finish_columns
from doublesix.web.storage.store import (
    Base,
    GameRow,
    SavedGame,
    Seat,
    SeatOwnerRow,
    Store,
    Table,
    digest,
)
from doublesix.words import players as player_words
from doublesix.words import results

#: The range of ratings a person is matched within at first, and its widening a second.
START: Final = 100
WIDENING: Final = 10
WIDEST: Final = 800


def window(seconds: float) -> int:
    """How far from a person's rating another may be, after ``seconds`` of waiting."""
    return int(min(WIDEST, START + WIDENING * seconds))


class QueueRow(Base):
    """A person waiting for a game of ``kind`` (:func:`kind_of`), or seated (``game_id``)."""

    __tablename__ = "doublesix_queue"

    ticket: Mapped[str] = mapped_column(String(32), primary_key=True)
    owner: Mapped[str] = mapped_column(String(64), index=True)
    name: Mapped[str] = mapped_column(String(40))
    kind: Mapped[str] = mapped_column(String(40), index=True)
    rating: Mapped[int] = mapped_column(Integer)
    entered: Mapped[datetime.datetime] = mapped_column(DateTime)
    game_id: Mapped[str | None] = mapped_column(String(40), nullable=True)
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    #: The seat's token, given to its person when they next ask (then kept: asking again
    #: gives it again).
    token: Mapped[str | None] = mapped_column(String(64), nullable=True)
    #: The computer player that filled the empty seats and how many it took
    #: (``pinocchio:1``; "" when people only).
    computers: Mapped[str] = mapped_column(String(200), default="")
    #: When its person last asked how it goes (or entered): a waiting place not seen for
    #: ``gone_after`` seconds is given up (:func:`given_up_before`).
    seen: Mapped[datetime.datetime] = mapped_column(DateTime)


@dataclass(frozen=True, slots=True)
class Kind:
    """What a person asks quick match for: a variant, how many players, rated or casual."""

    variant: str
    players: int
    rated: bool

    @property
    def key(self) -> str:
        """As kept in the queue: ``draw/2/rated``."""
        return f"{self.variant}/{self.players}/{'rated' if self.rated else 'casual'}"

    @classmethod
    def from_key(cls, key: str) -> Kind:
        """From :attr:`key`."""
        variant, players, rated = key.split("/")
        return cls(variant, int(players), rated == "rated")

    def rules(self) -> Rules:
        """The game's rules: the variant's own, for this many players."""
        return Rules.variant(self.variant, players=self.players)


def given_up_before(now: datetime.datetime, gone_after: float) -> datetime.datetime:
    """The time before which a waiting place last seen is given up, at ``now``.

    >>> given_up_before(datetime.datetime(2026, 12, 4, 12, 0, 30), 30)
    datetime.datetime(2026, 12, 4, 12, 0)
    """
    return now - datetime.timedelta(seconds=gone_after)


def enter(store: Store, owner: str, name: str, kind: Kind, rating: int,
          now: datetime.datetime) -> str:
    """Put the browser ``owner`` (its cookie or account, digested) in the queue for ``kind``
    at ``now`` (leaving any place it held); its ticket.

    >>> store, then = Store("sqlite://"), datetime.datetime(2026, 12, 4, 12)
    >>> ticket = enter(store, "o" * 64, "Ana", Kind("draw", 2, True), 1500, then)
    >>> waiting_among(store, [ticket], since=then) == {ticket}
    True
    """
    ticket = secrets.token_urlsafe(16)
    with store.writing(), Session(store.engine) as session, session.begin():
        for row in session.scalars(select(QueueRow).where(QueueRow.owner == owner,
                                                          QueueRow.game_id.is_(None))):
            session.delete(row)
        session.add(QueueRow(ticket=ticket, owner=owner, name=name, kind=kind.key,
                             rating=rating, entered=now, seen=now))
    return ticket


def see(store: Store, ticket: str, owner: str, now: datetime.datetime,
        gone_after: float) -> None:
    """``owner`` asks how ``ticket`` goes at ``now``: its waiting place is seen again, unless
    it went unseen for ``gone_after`` seconds already: then it is given up (removed, as if
    left).  A seated ticket, or another's, is left as it is.

    >>> store, then = Store("sqlite://"), datetime.datetime(2026, 12, 4, 12)
    >>> ticket = enter(store, "o" * 64, "Ana", Kind("draw", 2, True), 1500, then)
    >>> see(store, ticket, "o" * 64, then + datetime.timedelta(seconds=20), gone_after=30)
    >>> see(store, ticket, "o" * 64, then + datetime.timedelta(seconds=60), gone_after=30)
    >>> ticket_of(store, ticket, "o" * 64) is None
    True
    """
    mine = (QueueRow.ticket == ticket, QueueRow.owner == owner, QueueRow.game_id.is_(None))
    with store.writing(), Session(store.engine) as session, session.begin():
        # Statements, not the row: a process matching at once may seat it or give it up
        # first (on PostgreSQL these wait for its lock and then find it changed).
        session.execute(delete(QueueRow).where(
            *mine, QueueRow.seen < given_up_before(now, gone_after)))
        session.execute(update(QueueRow).where(*mine).values(seen=now))


def leave(store: Store, ticket: str, owner: str) -> bool:
    """Take ``owner``'s ticket out of the queue, unless it is seated already; whether it was
    there."""
    with store.writing(), Session(store.engine) as session, session.begin():
        row = session.get(QueueRow, ticket)
        if row is None or row.owner != owner or row.game_id is not None:
            return False
        session.delete(row)
        return True


def waiting_among(store: Store, tickets: Sequence[str], since: datetime.datetime) -> set[str]:
    """Which of ``tickets`` still wait in the queue (not seated, not left, seen ``since``).

    >>> waiting_among(Store("sqlite://"), ["nobody"], since=datetime.datetime(2026, 12, 4))
    set()
    """
    with Session(store.engine) as session:
        return set(session.scalars(select(QueueRow.ticket).where(
            QueueRow.ticket.in_(list(tickets)), QueueRow.game_id.is_(None),
            QueueRow.seen >= since)))


def ticket_of(store: Store, ticket: str, owner: str) -> tuple[QueueRow, int] | None:
    """``owner``'s ticket and how many others of its kind wait (None: no such ticket of
    theirs)."""
    with Session(store.engine) as session:
        row = session.get(QueueRow, ticket)
        if row is None or row.owner != owner:
            return None
        others = len(session.scalars(select(QueueRow.ticket).where(
            QueueRow.kind == row.kind, QueueRow.game_id.is_(None),
            QueueRow.ticket != ticket)).all())
        session.expunge(row)
        return row, others


def match(store: Store, key: str, fill_after: float, gone_after: float,
          now: datetime.datetime) -> list[str]:
    """Seat whoever of ``key``'s queue can be seated at ``now``, after giving up the places
    not seen for ``gone_after`` seconds; the games made.

    >>> store, then = Store("sqlite://"), datetime.datetime(2026, 12, 4, 12)
    >>> ana = enter(store, "a" * 64, "Ana", Kind("draw", 2, True), 1500, then)
    >>> later = then + datetime.timedelta(seconds=31)
    >>> bea = enter(store, "b" * 64, "Bea", Kind("draw", 2, True), 1500, later)
    >>> match(store, "draw/2/rated", fill_after=20, gone_after=30, now=later)
    []
    >>> ticket_of(store, ana, "a" * 64), ticket_of(store, bea, "b" * 64)[1]
    (None, 0)
    """
    kind = Kind.from_key(key)
    made = []
    with store.writing(), Session(store.engine) as session, session.begin():
        taken = session.scalars(
            select(QueueRow).where(QueueRow.kind == key, QueueRow.game_id.is_(None))
            .order_by(QueueRow.entered).with_for_update(skip_locked=True)).all()
        since = given_up_before(now, gone_after)
        for row in taken:
            if row.seen < since:
                session.delete(row)
        waiting = [row for row in taken if row.seen >= since]
        while waiting:
            first = waiting[0]
            waited = (now - first.entered).total_seconds()

            reach = window(waited)
            group = [first, *[row for row in waiting[1:] if abs(row.rating - first.rating)
                              <= min(reach, window((now - row.entered).total_seconds()))]
                     ][:kind.players]
            if len(group) < kind.players and waited < fill_after:
                break
            made.append(_seat(session, kind, group))
            waiting = [row for row in waiting if row not in group]
    return made


#: How long a place in the queue (and a seat's token waiting on it) is kept.
KEPT: Final = datetime.timedelta(hours=6)


def forget_old(store: Store, now: datetime.datetime) -> int:
    """Remove the queue's places entered more than :data:`KEPT` ago, seated or not (a seat's
    token is not kept longer than its person could want it); how many went.

    >>> forget_old(Store("sqlite://"), datetime.datetime(2026, 12, 4))
    0
    """
    with store.writing(), Session(store.engine) as session, session.begin():
        old = session.scalars(select(QueueRow).where(QueueRow.entered < now - KEPT)).all()
        for row in old:
            session.delete(row)
        return len(old)


def nearest_computer(rating: float) -> str:
    """The ladder's computer player whose rating is nearest ``rating``.

    >>> nearest_computer(1500), nearest_computer(3000)
    ('pinocchio', 'expert')
    """
    return min(ladder(), key=lambda step: abs(step.rating.shown - rating)).spec


def _seat(session: Session, kind: Kind, group: Sequence[QueueRow]) -> str:
    """Make the game of ``group`` (and computers for the seats left), started, and note each
    person's seat and token on their ticket."""
    rules = kind.rules()
    computer = nearest_computer(sum(row.rating for row in group) / len(group))
    names = results.name_seats([row.name for row in group]
                               + [player_words.label(computer)] * (kind.players - len(group)))
    tokens = [new_token() for _ in group]
    seats = [Seat(names[i], HUMAN, digest(tokens[i]), owner=row.owner)
             for i, row in enumerate(group)]
    seats += [Seat(names[i], computer) for i in range(len(group), kind.players)]
    match = Match(rules)
    game = SavedGame(id=new_game_id(), owner=group[0].owner, variant=rules.name, seats=seats,
                     match=match.to_json(), scores=match.scores,
                     table=Table(host=0, stage=PLAYING, public=True,
                                 rated=kind.rated))
    finish_columns(game, match)
    session.add(GameRow(**game.columns()))
    computers = "" if len(group) == kind.players else f"{computer}:{kind.players - len(group)}"
    for i, row in enumerate(group):
        if i > 0:
            session.add(SeatOwnerRow(game_id=game.id, seat=i, owner=row.owner))
        row.game_id, row.seat, row.token = game.id, i, tokens[i]
        row.computers = computers
    return game.id
