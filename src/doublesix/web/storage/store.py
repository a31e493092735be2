"""The database: every game, saved after every move (SQLAlchemy 2; SQLite or PostgreSQL).

One table, ``doublesix_games``: a row per game holding the engine's save
(:meth:`~doublesix.engine.match.Match.to_json`) and the moves played since it was written
(``moves``,
a line each, appended by each save), the seats (names, kinds and a hash of each person's
token, never the token itself), the owner (a hash of the browser's cookie), the daily game's
date, and a few columns the statistics read.  An update writes only the columns that changed
since the row was read or last written, and appends to ``moves`` what was added to it, through
statements built once.  ``revision`` counts saves: an update names the
revision it follows, so two servers sharing one PostgreSQL database never overwrite each
other's moves (the loser reloads).  On PostgreSQL each save also sends a notification
(``NOTIFY doublesix_games``, in the save's own transaction) that :class:`Listener` hears in every
server process, so a move made through one process reaches the sockets held by another.
The schema is made and changed by the migrations alone (:mod:`~doublesix.web.storage.migrating`,
run when a :class:`Store` opens the database).

>>> store = Store("sqlite://")
>>> game = SavedGame("g1", owner="o", variant="draw", seats=[Seat("You", "human", "h")],
...                  match="{}", scores=[0, 0])
>>> store.insert(game)
>>> store.load("g1").seats[0].kind
'human'
>>> game.revision += 1
>>> store.update(game), store.update(game)  # the second names a revision already replaced
(True, False)
>>> store.dispose()
"""

from __future__ import annotations

import contextlib
import datetime
import functools
import hashlib
import logging
import os
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from sqlalchemy import (
    JSON,
    Boolean,
    DateTime,
    Integer,
    String,
    Text,
    Update,
    bindparam,
    create_engine,
    event,
    exc,
    false,
    func,
    or_,
    select,
    update,
)
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column
from sqlalchemy.pool import StaticPool

from doublesix.protocol.home import home_dir
from doublesix.protocol.wire import HUMAN, WAITING
from doublesix.web.storage import migrating

log = logging.getLogger("doublesix.web")

#: The environment variable holding a SQLAlchemy URL for the database.
DATABASE_ENV: Final = "DOUBLESIX_DATABASE_URL"
#: The SQLite file's name in doublesix's home folder, where a server keeps its games by default.
DEFAULT_FILE: Final = "doublesix.sqlite3"
#: The PostgreSQL channel every save is announced on: "game_id revision origin".
CHANNEL: Final = "doublesix_games"
#: A game's status: going on, finished by the rules, or ended by a resignation.
PLAYING: Final = "playing"
OVER: Final = "over"
RESIGNED: Final = "resigned"


def utcnow() -> datetime.datetime:
    """The time now in UTC, without a time zone (as stored)."""
    return datetime.datetime.now(datetime.UTC).replace(tzinfo=None)


def digest(secret: str) -> str:
    """A secret (a token or cookie) as it is stored: its SHA-256, in hex.

    >>> len(digest("abc")), digest("abc") == digest("abc")
    (64, True)
    """
    return hashlib.sha256(secret.encode()).hexdigest()


def default_url(environ: Mapping[str, str] | None = None) -> str:
    """``DOUBLESIX_DATABASE_URL``, else ``doublesix.sqlite3`` in doublesix's home folder
    (:func:`~doublesix.protocol.home.home_dir`: ``$DOUBLESIX_HOME``, else the user's data
    directory), as the terminal keeps its saves.

    >>> default_url({"DOUBLESIX_HOME": "/tmp/mine"})
    'sqlite:////tmp/mine/doublesix.sqlite3'
    >>> default_url({"DOUBLESIX_DATABASE_URL": "postgresql://u@h/db", "DOUBLESIX_HOME": "/x"})
    'postgresql://u@h/db'
    """
    env = os.environ if environ is None else environ
    url = env.get(DATABASE_ENV)
    if url:
        return url
    return sqlite_url(home_dir(env) / DEFAULT_FILE)


def sqlite_url(path: str | os.PathLike[str]) -> str:
    """The SQLAlchemy URL of a SQLite file."""
    return f"sqlite:///{Path(path).expanduser().resolve()}"


def database_url(value: str | None) -> str:
    """``--db``'s value as a URL: a URL is kept, a file path becomes a SQLite URL, None the
    default.

    >>> database_url("postgresql://u@h/db")
    'postgresql://u@h/db'
    >>> database_url("/tmp/x.sqlite3")
    'sqlite:////tmp/x.sqlite3'
    """
    if value is None:
        return default_url()
    if "://" in value:
        return value
    return sqlite_url(value)


class Base(DeclarativeBase):
    """The declarative base of doublesix's tables."""


class GameRow(Base):
    """A game as stored."""

    __tablename__ = "doublesix_games"

    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    owner: Mapped[str] = mapped_column(String(64), index=True)
    created: Mapped[datetime.datetime] = mapped_column(DateTime)
    #: Indexed: pruning finds the oldest games (:mod:`~doublesix.web.storage.retention`).
    updated: Mapped[datetime.datetime] = mapped_column(DateTime, index=True)
    variant: Mapped[str] = mapped_column(String(16))
    seats: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    daily: Mapped[str | None] = mapped_column(String(10), index=True, nullable=True)
    first_attempt: Mapped[bool] = mapped_column(Boolean, default=False)
    revision: Mapped[int] = mapped_column(Integer, default=0)
    status: Mapped[str] = mapped_column(String(10), default=PLAYING)
    resigned: Mapped[int | None] = mapped_column(Integer, nullable=True)
    winner: Mapped[int | None] = mapped_column(Integer, nullable=True)
    scores: Mapped[list[int]] = mapped_column(JSON)
    match: Mapped[str] = mapped_column(Text)
    #: A table for people: its host, stage and "play again" (``Table``); None for a game
    #: against computers only.  Added after the first release (None in an older row).
    table_info: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    #: The moves played since ``match`` was written, a line each (``next``: the next hand
    #: dealt), appended by each save (:attr:`SavedGame.moves`).  Added in release 3 (None in
    #: an older row: no moves).
    moves: Mapped[str | None] = mapped_column(Text, nullable=True)
    #: Whether the coach spoke in the game while it went on: it is then casual
    #: (:func:`doublesix.ai.ratings.casual`).  Added in revision 0006 (false in an older row).
    coached: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())


GAMES: Final = Base.metadata.tables[GameRow.__tablename__]
#: A save's notification (PostgreSQL), built once.
NOTIFY: Final = select(func.pg_notify(bindparam("channel"), bindparam("payload")))


@functools.cache
def update_statement(names: tuple[str, ...], appended: bool) -> Update:
    """The update of the columns ``names`` (``moves`` appended to if ``appended``) of the row
    with the revision before, built once for each set (building it cost more than saving)."""
    values: dict[str, Any] = {n: bindparam(f"v_{n}", type_=GAMES.c[n].type) for n in names}
    if appended:
        values["moves"] = func.coalesce(GAMES.c.moves, "").concat(
            bindparam("v_moves", type_=Text()))
    return update(GAMES).where(GAMES.c.id == bindparam("w_id"),
                               GAMES.c.revision == bindparam("w_revision")).values(values)


class SeatOwnerRow(Base):
    """Which browser (the SHA-256 of its cookie) holds a seat it joined by invitation, so
    that the game counts in its statistics (the host's seat is the game's ``owner``)."""

    __tablename__ = "doublesix_seat_owners"

    game_id: Mapped[str] = mapped_column(String(40), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    owner: Mapped[str] = mapped_column(String(64), index=True)


class ResultRow(Base):
    """What the statistics keep of a finished game once the game is removed
    (:mod:`~doublesix.web.storage.retention`): one row per browser that played it, as
    :class:`~doublesix.web.storage.stats.Finished` holds it."""

    __tablename__ = "doublesix_results"

    game_id: Mapped[str] = mapped_column(String(40), primary_key=True)
    owner: Mapped[str] = mapped_column(String(64), primary_key=True, index=True)
    created: Mapped[datetime.datetime] = mapped_column(DateTime)
    variant: Mapped[str] = mapped_column(String(16))
    opponents: Mapped[list[str]] = mapped_column(JSON)
    won: Mapped[bool] = mapped_column(Boolean)
    score: Mapped[int] = mapped_column(Integer)
    daily: Mapped[str | None] = mapped_column(String(10), nullable=True)
    first_attempt: Mapped[bool] = mapped_column(Boolean, default=False)


@dataclass
class Seat:
    """One seat: the name everyone sees, ``"human"`` or a computer player's name, and the
    SHA-256 of the person's token (None for a computer, or a person seat nobody took yet).

    At a table for people a person seat also has its invitation's ``invite`` code (kept once
    taken, so a second browser with the link is told the seat is taken), the ``owner`` who
    took it (a cookie's SHA-256) and a ``stand_in``: the computer player playing for the
    person while they are away."""

    name: str
    kind: str
    token_hash: str | None = None
    invite: str | None = None
    owner: str | None = None
    stand_in: str | None = None

    @property
    def joined(self) -> bool:
        """Whether the seat is held: a computer's, or a person's who took it."""
        return self.kind != HUMAN or self.token_hash is not None

    def to_json(self) -> dict[str, Any]:
        """As stored in the ``seats`` column (the table's fields only when set)."""
        data: dict[str, Any] = {"name": self.name, "kind": self.kind,
                                "token_hash": self.token_hash}
        for name in ("invite", "owner", "stand_in"):
            value = getattr(self, name)
            if value is not None:
                data[name] = value
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Seat:
        """From the ``seats`` column."""
        return cls(str(data["name"]), str(data["kind"]), data.get("token_hash"),
                   data.get("invite"), data.get("owner"), data.get("stand_in"))


@dataclass
class Table:
    """What a game with people keeps besides its seats: the host's seat, the stage (the
    waiting room, then :data:`~doublesix.protocol.wire.PLAYING`; the match says when it is over),
    who
    asked to play again, and the games before and after it."""

    host: int = 0
    stage: str = WAITING
    again: list[int] = field(default_factory=list)
    next_game: str | None = None
    previous: str | None = None
    #: Listed in the lobby while a seat is free (else by invitation only).
    public: bool = False
    #: Its games move the people's ratings (else casual).
    rated: bool = True

    def to_json(self) -> dict[str, Any]:
        """As stored in the ``table_info`` column."""
        return {"host": self.host, "stage": self.stage, "again": list(self.again),
                "next_game": self.next_game, "previous": self.previous,
                "public": self.public, "rated": self.rated}

    @classmethod
    def from_json(cls, data: dict[str, Any] | None) -> Table | None:
        """From the ``table_info`` column (None: no table)."""
        if data is None:
            return None
        return cls(int(data.get("host", 0)), str(data.get("stage", WAITING)),
                   [int(s) for s in data.get("again", [])], data.get("next_game"),
                   data.get("previous"), bool(data.get("public", False)),
                   bool(data.get("rated", True)))


@dataclass
class SavedGame:
    """A game's row as a plain value (see :class:`GameRow`).

    The game is ``match`` (the engine's save) with ``moves`` played on it (a line each:
    :func:`doublesix.web.play.live.stored_match` replays them).  ``written`` holds the columns as
    the database holds them (set by :meth:`Store.load`, :meth:`Store.insert` and
    :meth:`Store.update`), so that an update writes only what changed."""

    id: str
    owner: str
    variant: str
    seats: list[Seat]
    match: str
    scores: list[int]
    daily: str | None = None
    first_attempt: bool = False
    revision: int = 0
    status: str = PLAYING
    resigned: int | None = None
    winner: int | None = None
    created: datetime.datetime = field(default_factory=utcnow)
    updated: datetime.datetime = field(default_factory=utcnow)
    table: Table | None = None
    moves: str = ""
    #: The coach helped in the game: it moves no rating (:attr:`GameRow.coached`).
    coached: bool = False
    written: dict[str, Any] | None = field(default=None, repr=False, compare=False)

    @property
    def is_finished(self) -> bool:
        """Whether the game has ended (by the rules or a resignation)."""
        return self.status != PLAYING

    @classmethod
    def from_row(cls, row: GameRow) -> SavedGame:
        """The value of a row (knowing that the database holds it)."""
        game = cls(
            id=row.id,
            owner=row.owner,
            variant=row.variant,
            seats=[Seat.from_json(s) for s in row.seats],
            match=row.match,
            scores=list(row.scores),
            daily=row.daily,
            first_attempt=bool(row.first_attempt),
            revision=row.revision,
            status=row.status,
            resigned=row.resigned,
            winner=row.winner,
            created=row.created,
            updated=row.updated,
            table=Table.from_json(row.table_info),
            moves=row.moves or "",
            coached=bool(row.coached),
        )
        game.written = game.columns()
        return game

    def columns(self) -> dict[str, Any]:
        """The row's columns, for an insert or update."""
        return {
            "id": self.id,
            "owner": self.owner,
            "created": self.created,
            "updated": self.updated,
            "variant": self.variant,
            "seats": [s.to_json() for s in self.seats],
            "daily": self.daily,
            "first_attempt": self.first_attempt,
            "revision": self.revision,
            "status": self.status,
            "resigned": self.resigned,
            "winner": self.winner,
            "scores": list(self.scores),
            "match": self.match,
            "table_info": None if self.table is None else self.table.to_json(),
            "moves": self.moves,
            "coached": self.coached,
        }

    def seat_of_owner(self, owner: str) -> int | None:
        """The seat the browser ``owner`` (its cookie's SHA-256) holds: the seat it took at a
        table, else seat 0 if it set the game up; None if neither."""
        for seat, held in enumerate(self.seats):
            if held.owner == owner:
                return seat
        return 0 if self.owner == owner else None


def found_at(url: str) -> migrating.Found:
    """What the database at ``url`` holds of doublesix's schema (its revision, its tables),
    changing nothing (:func:`~doublesix.web.storage.migrating.found`).

    >>> found_at("sqlite://")
    Found(revision=None, tables=False)
    """
    engine = make_engine(url)
    try:
        return migrating.found(engine)
    finally:
        engine.dispose()


def make_engine(url: str) -> Engine:
    """A SQLAlchemy engine for ``url``; ``postgresql://`` uses psycopg 3, SQLite files get
    their directory made and wait for locks instead of failing."""
    parsed = make_url(url)
    if parsed.drivername == "postgresql":
        parsed = parsed.set(drivername="postgresql+psycopg")
    if parsed.get_backend_name() != "sqlite":
        return create_engine(parsed, pool_pre_ping=True)
    database = parsed.database
    if not database or database == ":memory:":
        return create_engine(
            parsed, connect_args={"check_same_thread": False}, poolclass=StaticPool
        )
    Path(database).parent.mkdir(parents=True, exist_ok=True)
    engine = create_engine(parsed, connect_args={"check_same_thread": False, "timeout": 30})

    @event.listens_for(engine, "connect")
    def _journal(connection: Any, _record: Any) -> None:
        # Write-ahead logging: readers never wait for a save, and a save is one append to the
        # log; NORMAL syncs at checkpoints, so a killed server loses nothing (a power cut may
        # lose the last moves).
        cursor = connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.close()

    return engine


def unavailable(error: BaseException) -> bool:
    """Whether an error from the database means it cannot be reached or written now (gone
    away, read-only, disk full) rather than a mistake in a request."""
    return isinstance(error, (exc.OperationalError, exc.InterfaceError, exc.DatabaseError,
                              exc.DisconnectionError, exc.TimeoutError, OSError)) and not (
        isinstance(error, (exc.IntegrityError, exc.ProgrammingError, exc.DataError))
    )


class Store:
    """The games table behind a SQLAlchemy URL.  Blocking: call it from a worker thread.

    Opening it brings the database's schema to the newest revision in place
    (:func:`~doublesix.web.storage.migrating.upgrade`; a database written by a newer
    doublesix raises :class:`~doublesix.web.storage.migrating.UnknownRevisionError`)."""

    def __init__(self, url: str, *, origin: str = "") -> None:
        self.url = url
        #: Who saves through this store, named in its notifications (one per server process).
        self.origin = origin
        self.engine = make_engine(url)
        try:
            migrating.upgrade(self.engine)
        except BaseException:
            self.engine.dispose()
            raise
        parsed = make_url(url)
        #: Whether saves are announced to other processes (PostgreSQL).
        self.notifies = self.engine.dialect.name == "postgresql"
        #: SQLite has one writer at a time: this process's writes take turns here rather than
        #: in SQLite's busy handler, which sleeps (up to 100 ms a try) while another writes.
        self._write_lock: threading.Lock | None = (
            threading.Lock() if self.engine.dialect.name == "sqlite" else None
        )
        #: An in-memory SQLite database lives as long as this Store (dispose keeps it).
        self.in_memory = parsed.get_backend_name() == "sqlite" and parsed.database in (
            None, "", ":memory:"
        )

    def writing(self) -> contextlib.AbstractContextManager[Any]:
        """Held while this process writes (SQLite's writes take turns here)."""
        return self._write_lock if self._write_lock is not None else contextlib.nullcontext()

    def insert(self, game: SavedGame) -> None:
        """Store a new game."""
        columns = game.columns()
        with self.writing(), Session(self.engine) as session, session.begin():
            session.add(GameRow(**columns))
        game.written = columns

    def load(self, game_id: str) -> SavedGame | None:
        """The game with this id, or None."""
        with Session(self.engine) as session:
            row = session.get(GameRow, game_id)
            return None if row is None else SavedGame.from_row(row)

    def update(self, game: SavedGame) -> bool:
        """Save ``game``, whose ``revision`` must be one more than the stored one: only the
        columns that changed since it was read or last written (:attr:`SavedGame.written`),
        and of ``moves`` only the lines added to it, appended to the stored ones.

        Returns False (and changes nothing) when the stored game is not the revision before:
        another server saved it meanwhile.
        """
        return self._write([game])[0]

    def update_many(self, games: Sequence[SavedGame]) -> list[bool]:
        """Save several games as :meth:`update` saves one, in one transaction (all or none
        written); whether each was saved, in order."""
        return self._write(games)

    def _write(self, games: Sequence[SavedGame]) -> list[bool]:
        done: list[bool] = []
        columns = []
        with self.writing(), self.engine.begin() as connection:
            for game in games:
                statement, values, columns_now = self._update_of(game)
                result = connection.execute(statement, values)
                done.append(bool(getattr(result, "rowcount", 0) == 1))
                columns.append(columns_now)
                if done[-1] and self.notifies:
                    # Delivered when (and only if) the save commits.
                    connection.execute(NOTIFY, {
                        "channel": CHANNEL,
                        "payload": f"{game.id} {game.revision} {self.origin}",
                    })
        for game, ok, written in zip(games, done, columns, strict=True):
            if ok:
                game.written = written
        return done

    @staticmethod
    def _update_of(game: SavedGame) -> tuple[Update, dict[str, Any], dict[str, Any]]:
        """The statement and values that save ``game`` (:meth:`update`), and its columns."""
        game.updated = utcnow()
        columns = game.columns()
        written = game.written or {}
        changed = {name: value for name, value in columns.items()
                   if name != "id" and (name not in written or value != written[name])}
        before = written.get("moves") or ""
        appended = bool(before) and "moves" in changed and game.moves.startswith(before)
        if appended:
            changed["moves"] = game.moves[len(before):]
        values = {f"v_{name}": value for name, value in changed.items()}
        values.update(w_id=game.id, w_revision=game.revision - 1)
        return update_statement(tuple(sorted(changed)), appended), values, columns

    def daily_games(self, owner: str, date: str) -> list[SavedGame]:
        """The daily games this owner started on ``date``, oldest first."""
        with Session(self.engine) as session:
            rows = session.scalars(
                select(GameRow)
                .where(GameRow.owner == owner, GameRow.daily == date)
                .order_by(GameRow.created, GameRow.id)
            )
            return [SavedGame.from_row(row) for row in rows]

    def finished_games(self, owner: str) -> list[SavedGame]:
        """Every finished game this owner played: set up, or joined at a table; oldest
        first."""
        joined = select(SeatOwnerRow.game_id).where(SeatOwnerRow.owner == owner)
        with Session(self.engine) as session:
            rows = session.scalars(
                select(GameRow)
                .where(or_(GameRow.owner == owner, GameRow.id.in_(joined)),
                       GameRow.status != PLAYING)
                .order_by(GameRow.created, GameRow.id)
            )
            return [SavedGame.from_row(row) for row in rows]

    def add_seat_owner(self, game_id: str, seat: int, owner: str) -> None:
        """Record that ``owner`` took ``seat`` of ``game_id`` (for its statistics)."""
        with self.writing(), Session(self.engine) as session, session.begin():
            session.merge(SeatOwnerRow(game_id=game_id, seat=seat, owner=owner))

    def announce(self, payload: str) -> None:
        """Send a notification to every server process listening (PostgreSQL only)."""
        if not self.notifies:
            return
        with self.engine.begin() as connection:
            connection.execute(select(func.pg_notify(CHANNEL, payload)))

    def dispose(self) -> None:
        """Close the database's connections (not an in-memory database's: that would lose it)."""
        if not self.in_memory:
            self.engine.dispose()
