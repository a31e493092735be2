"""The database: every game, saved after every move (SQLAlchemy 2; SQLite or PostgreSQL).

One table, ``doublesix_games``: a row per game holding the engine's save
(:meth:`~doublesix.match.Match.to_json`), the seats (names, kinds and a hash of each person's
token, never the token itself), the owner (a hash of the browser's cookie), the daily game's
date, and a few columns the statistics read.  ``revision`` counts saves: an update names the
revision it follows, so two servers sharing one PostgreSQL database never overwrite each
other's moves (the loser reloads).

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

import datetime
import hashlib
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

import platformdirs
from sqlalchemy import (
    JSON,
    Boolean,
    DateTime,
    Integer,
    String,
    Text,
    create_engine,
    exc,
    select,
    update,
)
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column
from sqlalchemy.pool import StaticPool

#: The environment variable holding a SQLAlchemy URL for the database.
DATABASE_ENV: Final = "DOUBLESIX_DATABASE_URL"
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


def default_url() -> str:
    """``DOUBLESIX_DATABASE_URL``, else a SQLite file in the user's data directory."""
    url = os.environ.get(DATABASE_ENV)
    if url:
        return url
    path = Path(platformdirs.user_data_dir("doublesix", appauthor=False)) / "doublesix.sqlite3"
    return sqlite_url(path)


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
    updated: Mapped[datetime.datetime] = mapped_column(DateTime)
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


@dataclass
class Seat:
    """One seat: the name everyone sees, ``"human"`` or a computer player's name, and the
    SHA-256 of the person's token (None for a computer)."""

    name: str
    kind: str
    token_hash: str | None = None

    def to_json(self) -> dict[str, Any]:
        """As stored in the ``seats`` column."""
        return {"name": self.name, "kind": self.kind, "token_hash": self.token_hash}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Seat:
        """From the ``seats`` column."""
        return cls(str(data["name"]), str(data["kind"]), data.get("token_hash"))


@dataclass
class SavedGame:
    """A game's row as a plain value (see :class:`GameRow`)."""

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

    @property
    def is_finished(self) -> bool:
        """Whether the game has ended (by the rules or a resignation)."""
        return self.status != PLAYING

    @classmethod
    def from_row(cls, row: GameRow) -> SavedGame:
        """The value of a row."""
        return cls(
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
        )

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
        }


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
    return create_engine(parsed, connect_args={"check_same_thread": False, "timeout": 30})


class Store:
    """The games table behind a SQLAlchemy URL.  Blocking: call it from a worker thread."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = make_engine(url)
        try:
            Base.metadata.create_all(self.engine)
        except exc.ProgrammingError:
            # Another server sharing the database created the table at the same moment.
            Base.metadata.create_all(self.engine)
        parsed = make_url(url)
        #: An in-memory SQLite database lives as long as this Store (dispose keeps it).
        self.in_memory = parsed.get_backend_name() == "sqlite" and parsed.database in (
            None, "", ":memory:"
        )

    def insert(self, game: SavedGame) -> None:
        """Store a new game."""
        with Session(self.engine) as session, session.begin():
            session.add(GameRow(**game.columns()))

    def load(self, game_id: str) -> SavedGame | None:
        """The game with this id, or None."""
        with Session(self.engine) as session:
            row = session.get(GameRow, game_id)
            return None if row is None else SavedGame.from_row(row)

    def update(self, game: SavedGame) -> bool:
        """Save ``game``, whose ``revision`` must be one more than the stored one.

        Returns False (and changes nothing) when the stored game is not the revision before:
        another server saved it meanwhile.
        """
        game.updated = utcnow()
        columns = game.columns()
        del columns["id"]
        with Session(self.engine) as session, session.begin():
            result = session.execute(
                update(GameRow)
                .where(GameRow.id == game.id, GameRow.revision == game.revision - 1)
                .values(**columns)
            )
            return bool(getattr(result, "rowcount", 0) == 1)

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
        """Every finished game of this owner, oldest first."""
        with Session(self.engine) as session:
            rows = session.scalars(
                select(GameRow)
                .where(GameRow.owner == owner, GameRow.status != PLAYING)
                .order_by(GameRow.created, GameRow.id)
            )
            return [SavedGame.from_row(row) for row in rows]

    def dispose(self) -> None:
        """Close the database's connections (not an in-memory database's: that would lose it)."""
        if not self.in_memory:
            self.engine.dispose()
