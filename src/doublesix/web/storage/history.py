"""Finished games: a game's record for its person, and a browser's statistics (from its
finished games, and from what was kept of those removed: :mod:`~doublesix.web.storage.retention`).

>>> from doublesix import Match, Rules
>>> from doublesix.web.storage.store import SavedGame, Seat
>>> saved = SavedGame("g", "o", "partnership", [Seat("Ana", "human")] + [
...     Seat(f"S{i}", "greedy") for i in (1, 2, 3)], Match(Rules.variant("partnership")).to_json(),
...     [0, 0, 0, 0], status="over", winner=2)
>>> won(saved, 0), won(saved, 1)
(True, False)
"""

from __future__ import annotations

import datetime
import json
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from doublesix.engine.rules import Rules
from doublesix.protocol.wire import HUMAN, PERSON
from doublesix.web.play.live import LiveGames, game_info, match_json, seat_holding
from doublesix.web.routes.errors import ForbiddenError, GameNotFoundError, NotNowError
from doublesix.web.storage import ratings
from doublesix.web.storage.saving import Saving
from doublesix.web.storage.stats import Finished, statistics
from doublesix.web.storage.store import ResultRow, SavedGame, Store, digest
from doublesix.words import refusals
from doublesix.words.i18n import _


async def record(live: LiveGames, saving: Saving, game_id: str, token: str) -> dict[str, Any]:
    """The finished game's record for its person (``ForbiddenError``, ``NotNowError``)."""
    game = live.find(game_id)
    if game is not None:
        saved = game.saved
    else:
        stored = await saving.run(saving.store.load, game_id)
        if stored is None:
            raise GameNotFoundError(game_id)
        saved = stored
    if seat_holding(saved, token) is None:
        raise ForbiddenError(game_id)
    if not saved.is_finished:
        raise NotNowError(_(refusals.RECORD_NOT_YET))
    return record_json(saved)


def record_json(saved: SavedGame) -> dict[str, Any]:
    """A finished game's record (``endpoints.Record``): what a download of it holds."""
    info = game_info(saved)
    return {
        "format": "doublesix-record",
        "version": 1,
        "game_id": saved.id,
        "names": info.names,
        "kinds": info.kinds,
        "daily": saved.daily,
        "resigned": saved.resigned,
        "winner": saved.winner,
        "scores": saved.scores,
        "created": info.created,
        "match": match_json(saved),
    }


async def owner_statistics(saving: Saving, owner: str, today: datetime.date) -> dict[str, Any]:
    """``GET /api/stats`` for the browser ``owner`` (its cookie)."""
    mine = digest(owner)
    games = await saving.run(saving.store.finished_games, mine)
    kept = await saving.run(kept_results, saving.store, mine)
    await saving.run(ratings.catch_up, saving.store, mine, games)
    rows = await saving.run(ratings.history, saving.store, mine)
    stats = statistics([finished_of(g, mine) for g in games] + kept, today)
    stats["rating"] = ratings.rating_json(rows)
    return stats


def finished_of(saved: SavedGame, owner: str) -> Finished:
    """A finished game as the statistics of the browser ``owner`` (its cookie's SHA-256)
    see it: from the seat it held."""
    seat = saved.seat_of_owner(owner) or 0
    return Finished(
        variant=saved.variant,
        opponents=tuple(PERSON if s.kind == HUMAN else s.kind
                        for i, s in enumerate(saved.seats) if i != seat),
        won=saved.resigned is None and won(saved, seat),
        score=saved.scores[seat],
        daily=saved.daily,
        first_attempt=saved.first_attempt,
    )


def kept_results(store: Store, owner: str) -> list[Finished]:
    """What was kept of the browser ``owner``'s removed games, oldest first (blocking)."""
    with Session(store.engine) as session:
        rows = session.scalars(select(ResultRow).where(ResultRow.owner == owner)
                               .order_by(ResultRow.created, ResultRow.game_id))
        return [Finished(row.variant, tuple(row.opponents), bool(row.won), row.score,
                         row.daily, bool(row.first_attempt)) for row in rows]


def won(saved: SavedGame, seat: int) -> bool:
    """Whether ``seat`` won the finished game (under teams, its partner's win is its own:
    the rules stored with the match say who plays with whom)."""
    if saved.winner is None:
        return False
    if saved.winner == seat:
        return True
    try:
        options = dict(json.loads(saved.match)["rules"])
        rules = Rules.variant(options.pop("variant"), **options)
    except (ValueError, KeyError, TypeError, AttributeError):
        return False
    return seat in rules.teammates(saved.winner)
