"""The lobby (``GET /api/lobby``): the public tables with a free seat, as the page lists them,
read from the database at most once a second in each server process (every process sees every
table: the database holds them).
"""

from __future__ import annotations

import datetime
import time
from typing import Any, Final

from doublesix.engine.match import Match
from doublesix.protocol.wire import HUMAN, WAITING
from doublesix.web.play import gameinfo, pictures
from doublesix.web.storage import lobbyrows
from doublesix.web.storage.saving import Saving
from doublesix.web.storage.store import SavedGame, utcnow
from doublesix.words import i18n, lobbywords, watchwords
from doublesix.words.i18n import _

#: Tables listed at most.
LIMIT: Final = 100
#: Seconds a lobby read is reused.
FRESH: Final = 1.0


class Lobby:
    """The lobby of one server process: the list, read again once it is a second old (kept a
    language: its words are said in the reader's)."""

    def __init__(self, saving: Saving) -> None:
        self.saving = saving
        self._read: dict[str, tuple[float, dict[str, Any]]] = {}

    async def tables(self) -> dict[str, Any]:
        """``GET /api/lobby``'s answer (``protocol.lobby.Lobby``), in the current language."""
        now = time.monotonic()
        language = i18n.current()
        read = self._read.get(language)
        if read is not None and now - read[0] < FRESH:
            return read[1]
        store = self.saving.store
        games = await self.saving.run(lobbyrows.open_tables, store, LIMIT)
        playing = await self.saving.run(lobbyrows.games_in_play, store, LIMIT)
        owners = [seat.owner for game in games + playing for seat in game.seats if seat.owner]
        ratings = await self.saving.run(lobbyrows.shown_ratings, store, owners)
        answer = {"tables": _listing(games, ratings), "empty": _(lobbywords.NO_TABLES),
                  "playing": _listing(playing, ratings), "in_play": _(watchwords.IN_PLAY),
                  "none_in_play": _(watchwords.NONE_IN_PLAY)}
        self._read = {**{k: v for k, v in self._read.items() if now - v[0] < FRESH},
                      language: (time.monotonic(), answer)}
        return answer

    async def still_open(self, game_ids: list[str]) -> set[str]:
        """Which of ``game_ids`` are still open in the lobby (read now, not the list's copy)."""
        return await self.saving.run(lobbyrows.still_open, self.saving.store, game_ids)


def _listing(games: list[SavedGame], ratings: dict[str, int]) -> list[dict[str, Any]]:
    """The games as the lobby lists them (a save that cannot be read is left out)."""
    shown = []
    for game in games:
        try:
            shown.append(listed(game, ratings, utcnow()))
        except ValueError:
            continue
    return shown


def listed(game: SavedGame, ratings: dict[str, int], now: datetime.datetime) -> dict[str, Any]:
    """One table as the lobby lists it (``LobbyTable``): a game in play with its watching
    page."""
    assert game.table is not None
    rules = Match.from_json(game.match).rules
    seats = []
    for index, seat in enumerate(game.seats):
        free = seat.kind == HUMAN and not seat.joined and seat.invite is not None
        rating = ratings.get(seat.owner) if seat.owner else None
        name = None if free else seat.name
        seats.append({
            "seat": index, "name": name, "rating": rating,
            "line": lobbywords.seat_line(name, rating, host=index == game.table.host,
                                         computer=seat.kind != HUMAN),
            "join": gameinfo.invite_url(game.id, seat.invite) if free and seat.invite else None,
        })
    minutes = int((now - game.created).total_seconds() // 60)
    host = game.seats[game.table.host].name
    title = lobbywords.table_title(host, pictures.rules_words(rules)["caption"], rules.players)
    playing = game.table.stage != WAITING
    return {
        "game_id": game.id, "rules": pictures.rules_json(rules),
        "title": title,
        "rated": game.table.rated,
        "rated_words": _(lobbywords.RATED if game.table.rated else lobbywords.CASUAL),
        "opened": game.created.isoformat(timespec="seconds") + "Z",
        "opened_words": lobbywords.opened_ago(minutes), "seats": seats,
        "watch": f"/watch/{game.id}" if playing else None,
        "watch_words": watchwords.watch_label(title) if playing else None,
    }
