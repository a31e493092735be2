"""What the lobby reads from the database: the public tables still waiting for people, and the
ratings of the people seated at them (blocking: call from a worker thread).

>>> from doublesix.web.storage.store import Store
>>> store = Store("sqlite://")
>>> open_tables(store, limit=10), shown_ratings(store, ["nobody"])
([], {})
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from typing import Final

from sqlalchemy import select
from sqlalchemy.orm import Session

from doublesix.ai.ratings import Rating
from doublesix.protocol.wire import WAITING
from doublesix.web.storage.ratings import RatingRow
from doublesix.web.storage.store import PLAYING, GameRow, SavedGame, Store, utcnow

#: A table waiting longer than this is not listed (its host has most likely gone).
STALE: Final = datetime.timedelta(hours=6)
#: A game in play whose last move is older than this is not listed to watch.
PLAYED_WITHIN: Final = datetime.timedelta(minutes=30)


def open_tables(store: Store, limit: int) -> list[SavedGame]:
    """The public tables waiting for people with a seat free, newest first (at most
    ``limit``)."""
    since = utcnow() - STALE
    with Session(store.engine) as session:
        rows = session.scalars(
            select(GameRow).where(GameRow.table_info.is_not(None), GameRow.status == PLAYING,
                                  GameRow.updated >= since)
            .order_by(GameRow.created.desc()).limit(limit * 10))
        games = [SavedGame.from_row(row) for row in rows]
    return [game for game in games if is_open(game)][:limit]


def games_in_play(store: Store, limit: int) -> list[SavedGame]:
    """The public games being played, a move made within :data:`PLAYED_WITHIN`, the most
    recently moved first (at most ``limit``): the games a person may watch.

    >>> games_in_play(Store("sqlite://"), limit=10)
    []
    """
    with Session(store.engine) as session:
        rows = session.scalars(
            select(GameRow).where(GameRow.table_info.is_not(None), GameRow.status == PLAYING,
                                  GameRow.updated >= utcnow() - PLAYED_WITHIN)
            .order_by(GameRow.updated.desc()).limit(limit * 10))
        games = [SavedGame.from_row(row) for row in rows]
    return [game for game in games if game.table is not None and game.table.public
            and game.table.stage != WAITING][:limit]


def is_open(game: SavedGame) -> bool:
    """Whether ``game`` is a public table waiting for people with a seat free."""
    return (game.table is not None and game.table.public and game.table.stage == WAITING
            and not all(s.joined for s in game.seats))


def still_open(store: Store, game_ids: Iterable[str]) -> set[str]:
    """Which of ``game_ids`` are public tables still open in the lobby (:func:`is_open`).

    >>> still_open(Store("sqlite://"), ["nobody"])
    set()
    """
    with Session(store.engine) as session:
        rows = session.scalars(select(GameRow).where(
            GameRow.id.in_(list(game_ids)), GameRow.status == PLAYING,
            GameRow.updated >= utcnow() - STALE))
        return {row.id for row in rows if is_open(SavedGame.from_row(row))}


def shown_ratings(store: Store, owners: Iterable[str]) -> dict[str, int]:
    """Each owner's rating as shown, for those rated at least once."""
    wanted = set(owners)
    if not wanted:
        return {}
    latest: dict[str, RatingRow] = {}
    with Session(store.engine) as session:
        for row in session.scalars(select(RatingRow).where(RatingRow.owner.in_(wanted))):
            if row.owner not in latest or row.number > latest[row.owner].number:
                latest[row.owner] = row
    return {owner: Rating(row.mu_after, row.sigma_after).shown for owner, row in latest.items()}
