"""Quick match (``/api/quickmatch``): a person enters the queue for a game; whoever asks (any
server process) runs the matching (:func:`doublesix.web.storage.queue.match`); a seated person
gets the game, the seat and its token, as from a new game.  Asking is also how a person keeps
their place: one not asked after for ``gone_after`` seconds is given up
(:func:`doublesix.web.storage.queue.see`).  The time is this module's :func:`utcnow`, read at
each question (a test may put a clock of its own there).
"""

from __future__ import annotations

import datetime
import math
from typing import Any, Final

from doublesix.ai.ladder import step_of
from doublesix.web.storage import lobbyrows, queue
from doublesix.web.storage.queue import Kind, QueueRow
from doublesix.web.storage.saving import Saving
from doublesix.web.storage.store import digest, utcnow
from doublesix.words import matchwords, players

#: A newcomer's rating as shown, for a person not rated yet.
NEWCOMER = 1500
#: The range of ratings is said in steps of this many points (it widens by 10 a second):
#: the words change every few seconds, not at each question, so a screen reader's live line
#: and the terminal say them again only when there is news.
SAID_STEP: Final = 100


class QuickMatch:
    """Quick match in one server process: the queue is the database's."""

    def __init__(self, saving: Saving, fill_after: float, gone_after: float) -> None:
        self.saving = saving
        self.fill_after = fill_after
        self.gone_after = gone_after

    async def enter(self, owner: str, name: str, kind: Kind) -> dict[str, Any]:
        """``owner`` (a browser's cookie or an account's key) enters the queue."""
        store = self.saving.store
        mine = digest(owner)
        rating = (await self.saving.run(lobbyrows.shown_ratings, store, [mine])).get(
            mine, NEWCOMER)
        ticket = await self.saving.run(queue.enter, store, mine, name, kind, rating, utcnow())
        return await self.status(owner, ticket)

    async def status(self, owner: str, ticket: str) -> dict[str, Any]:
        """How ``owner``'s ticket goes, after seeing it (:func:`queue.see`) and matching its
        kind's queue (KeyError: no such ticket of theirs, or a place given up)."""
        store, mine, now = self.saving.store, digest(owner), utcnow()
        await self.saving.run(queue.see, store, ticket, mine, now, self.gone_after)
        found = await self.saving.run(queue.ticket_of, store, ticket, mine)
        if found is None:
            raise KeyError(ticket)
        if found[0].game_id is None:
            await self.saving.run(queue.match, store, found[0].kind, self.fill_after,
                                  self.gone_after, now)
            found = await self.saving.run(queue.ticket_of, store, ticket, mine)
            if found is None:
                raise KeyError(ticket)
        return answer(*found, fill_after=self.fill_after, now=now)

    async def waiting(self, tickets: list[str]) -> set[str]:
        """Which of ``tickets`` still wait in the queue (places given up do not)."""
        since = queue.given_up_before(utcnow(), self.gone_after)
        return await self.saving.run(queue.waiting_among, self.saving.store, tickets, since)

    async def leave(self, owner: str, ticket: str) -> bool:
        """Leave the queue (False: no such waiting ticket of theirs)."""
        return await self.saving.run(queue.leave, self.saving.store, ticket, digest(owner))


def shown_window(seconds: float) -> int:
    """The range of ratings said after ``seconds`` of waiting: :func:`queue.window` rounded
    down to :data:`SAID_STEP` (never below the first range).

    >>> shown_window(0), shown_window(9.9), shown_window(10), shown_window(25)
    (100, 100, 200, 300)
    """
    window = queue.window(seconds)
    return max(queue.START, window - window % SAID_STEP)


def answer(row: QueueRow, others: int, fill_after: float,
           now: datetime.datetime) -> dict[str, Any]:
    """A ticket as ``QuickMatchTicket`` at ``now`` (``fill_after``: the seconds after which
    computers fill the seats)."""
    if row.game_id is None:
        waited = (now - row.entered).total_seconds()
        words = matchwords.waiting(others, row.rating, shown_window(waited),
                                   math.ceil(fill_after))
        return {"ticket": row.ticket, "status": "waiting", "words": words}
    computer, seats = None, 0
    if row.computers:
        spec, count = row.computers.rsplit(":", 1)
        step = step_of(spec)
        computer = players.named(players.label(spec), None if step is None else step.level)
        seats = int(count)
    return {"ticket": row.ticket, "status": "seated", "words": matchwords.found(computer, seats),
            "game_id": row.game_id, "seat": row.seat, "token": row.token}
