"""The lobby's answer (``GET /api/lobby``, docs/protocol.md, "The lobby"): the public tables
with a free seat, newest first, and the public games in play, to watch.

>>> Lobby.model_validate({"tables": [], "empty": "No table is open now.", "playing": [],
...                       "in_play": "Games in play", "none_in_play": "None."}).tables
[]
"""

from __future__ import annotations

from doublesix.protocol.model import Model
from doublesix.protocol.pictures import RulesJSON


class LobbySeat(Model):
    """A seat of a lobby table: who sits there, or a free seat's way in."""

    seat: int
    #: The person's or computer's name; None for a free seat.
    name: str | None
    #: A person's rating as shown (None: a computer, a free seat, or not rated yet).
    rating: int | None
    #: The seat's line ("Ana, rated 1,512, the host"; "a free seat").
    line: str
    #: A free seat's invitation path (``/join/{game_id}/{code}``); None once taken.
    join: str | None


class LobbyTable(Model):
    """A public table waiting for people."""

    game_id: str
    rules: RulesJSON
    #: "Ana's table: Draw, one hand, double-six, 2 players".
    title: str
    rated: bool
    #: "Rated: ..." or "Casual: ...".
    rated_words: str
    opened: str
    #: "Opened 3 minutes ago."
    opened_words: str
    seats: list[LobbySeat]
    #: A game in play's watching page (``/watch/{game_id}``); None for a table still open.
    watch: str | None = None
    #: The Watch link's accessible name ("Watch Ana's table: ..."); None with no link.
    watch_words: str | None = None


class Lobby(Model):
    """The open tables, newest first, and what the page says when there is none."""

    tables: list[LobbyTable]
    empty: str
    #: The public games being played (newest move first), each with its watching page; the
    #: list's heading, and what it says when there is none.
    playing: list[LobbyTable]
    in_play: str
    none_in_play: str
