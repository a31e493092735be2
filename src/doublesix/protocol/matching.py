"""Quick match's bodies (``docs/protocol.md``, "Quick match").

>>> QuickMatchRequest.model_validate({"variant": "block", "players": 4}).rated
True
"""

from __future__ import annotations

from typing import Literal

from pydantic import ConfigDict

from doublesix.protocol.model import Model


class QuickMatchRequest(Model):
    """Enter the queue (``POST /api/quickmatch``): the game wanted, rated or casual."""

    model_config = ConfigDict(strict=True, extra="forbid")

    variant: Literal["draw", "block", "all-fives", "muggins", "partnership"]
    players: Literal[2, 4]
    rated: bool = True
    #: The name at the table (a guest's; an account plays under its own name).
    name: str | None = None


class QuickMatchTicket(Model):
    """A place in the queue, and how it goes (``POST`` and ``GET /api/quickmatch/...``)."""

    ticket: str
    status: Literal["waiting", "seated"]
    #: What the page says ("Looking for a game: ...", "Found a game: it starts now.").
    words: str
    #: Once seated: the game, the seat and its token (as a new game's).
    game_id: str | None = None
    seat: int | None = None
    token: str | None = None
