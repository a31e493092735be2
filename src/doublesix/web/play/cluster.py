"""Several server processes on one PostgreSQL database: presence, catch-up and takeover.

Each process says which seats of each table have a socket open in it (a note on the
database's channel, repeated every ``presence_interval`` seconds), so a table knows who is
at it in any process.  A save made by another process reaches this one's sockets
(:class:`~doublesix.web.storage.listening.Listener`): the game is caught up and the new
events are sent.
The process that made a change plays the computers' turns; if it stops, another takes over
after ``takeover_seconds``.  On SQLite (one process) none of this runs.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import time
from collections.abc import Callable

from doublesix.engine.events import Event
from doublesix.web.play.chat import chat_note, chat_payload
from doublesix.web.play.live import Game, LiveGames, game_info, stored_match
from doublesix.web.play.tables import again_message
from doublesix.web.settings import Settings
from doublesix.web.storage.listening import Listener, presence_note, presence_payload
from doublesix.web.storage.saving import Saving
from doublesix.web.storage.store import Store
from doublesix.words import tabletalk

log = logging.getLogger("doublesix.web")


class Cluster:
    """This process among the others sharing the database.

    ``advance(game)`` lets the computers play on here; ``left(game)`` is told when people
    left a table from another process; ``chatted(game, seat, key)`` when someone at a table
    said a quick chat phrase in another process."""

    def __init__(
        self,
        store: Store,
        settings: Settings,
        live: LiveGames,
        saving: Saving,
        advance: Callable[[Game], None],
        left: Callable[[Game], None],
        chatted: Callable[[Game, int, str], None] | None = None,
    ) -> None:
        self.store = store
        self.settings = settings
        self.live = live
        self.saving = saving
        self._advance = advance
        self._left = left
        self._chatted = chatted
        self.listener: Listener | None = None
        self._beat: asyncio.Task[None] | None = None

    async def start(self) -> None:
        """Listen for other processes' saves and notes (PostgreSQL); nothing on SQLite."""
        if self.store.notifies and self.listener is None:
            self.listener = Listener(
                self.store.url, self._heard, self._reload_all, self.settings.save_retry_max,
                on_note=self._heard_presence,
            )
            self.listener.start()
            self._beat = asyncio.create_task(self._remind(), name="doublesix-presence")

    async def close(self) -> None:
        """Stop saying who is here and stop listening."""
        if self._beat is not None:
            self._beat.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._beat
            self._beat = None
        if self.listener is not None:
            await self.listener.stop()
            self.listener = None

    # -- presence -------------------------------------------------------------------------

    def loaded(self, game: Game) -> None:
        """A table came into memory here: ask the other processes who is at it."""
        if game.saved.table is not None:
            self._announce(presence_payload(game.id, None, self.store.origin))

    def _announce(self, payload: str) -> None:
        """Notify the other server processes, in the background (a lost note is made good
        by the next reminder)."""
        if not self.store.notifies or self.live.closing:
            return

        async def send() -> None:
            with contextlib.suppress(Exception):
                await self.saving.run(self.store.announce, payload)

        self.live.spawn(send())

    def say_presence(self, game: Game) -> None:
        """Tell the other processes which seats of this table have a socket here."""
        self._announce(presence_payload(game.id, game.here(), self.store.origin,
                                        game.watching_here()))

    async def _remind(self) -> None:
        """Every ``presence_interval`` seconds, say who is at each table here (a process
        that stops saying so is taken to be gone after three intervals)."""
        while not self.live.closing:
            await asyncio.sleep(self.settings.presence_interval)
            for game in self.live.all():
                if game.saved.table is not None and (game.here() or game.watchers):
                    self.say_presence(game)

    def say_chat(self, game: Game, seat: int, key: str) -> None:
        """Tell the other processes that ``seat`` said the quick chat phrase ``key``."""
        self._announce(chat_payload(game.id, seat, key, self.store.origin))

    def _heard_presence(self, payload: str) -> None:
        """Another process said who is at one of its tables, or asked, or someone there said
        a quick chat phrase: bring the table's presence up to date and tell this process's
        sockets who came and went (or what was said)."""
        chat = chat_note(payload)
        if chat is not None:
            table = self.live.find(chat[0])
            if table is not None and chat[3] != self.store.origin and self._chatted:
                self._chatted(table, chat[1], chat[2])
            return
        note = presence_note(payload)
        if note is None:
            return
        game_id, seats, watching, origin = note
        game = self.live.find(game_id)
        if origin == self.store.origin or game is None or game.saved.table is None:
            return
        if seats is None:
            self.say_presence(game)
            return
        before, watched = game.present(), game.watching()
        game.remote[origin] = (seats, watching, time.monotonic())
        after = game.present()
        if watched != game.watching() and after == before:
            game.tell_table(None)
        for seat in sorted(after - before):
            name = game.saved.seats[seat].name
            game.tell_table(functools.partial(tabletalk.back, name) if game.returned(seat)
                            else None, about=seat)
        for seat in sorted(before - after):
            game.went_away(seat)
        if before - after:
            self._left(game)

    # -- other processes' saves -----------------------------------------------------------

    def _heard(self, game_id: str, revision: int, origin: str) -> None:
        """Another process saved ``game_id`` at ``revision``: bring this process's copy up to
        date and tell its sockets."""
        game = self.live.find(game_id)
        if origin == self.store.origin or game is None or revision <= game.saved.revision:
            return
        asyncio.get_running_loop().create_task(self._catch_up(game))

    async def _reload_all(self) -> None:
        """After the listener was away: catch up every game in memory."""
        for game in self.live.all():
            await self._catch_up(game)

    async def _catch_up(self, game: Game) -> None:
        async with game.lock:
            try:
                stored = await self.saving.run(self.store.load, game.id)
            except Exception as error:
                log.warning("could not catch up game %s: %s", game.id, error)
                return
            if stored is None or stored.revision <= game.saved.revision:
                return
            try:
                match = stored_match(stored)
            except ValueError:
                return
            old = game.match
            events: list[Event] = []
            if match.history[: len(old.history)] == old.history:
                events = list(match.history[len(old.history):])
            before = game.saved.table
            game.saved, game.match, game.info = stored, match, game_info(stored)
            game.saved_state = match.state  # as stored: the next save appends to it
            if stored.is_finished:  # how the ratings moved, as the process that saved says it
                await self.saving.rate(game)
            game.refresh_presence()
            game.close_stale_seats()
            if stored.table is not None and stored.table.next_game is not None and (
                before is None or before.next_game is None
            ):
                game.tell_each(functools.partial(again_message, stored.table.next_game))
            if events:
                game.broadcast(events)
            else:
                game.send_states()
        # The process that made the change plays the computers' turns; if it stops, this one
        # takes over after a while.
        self.wait_for_takeover(game)

    # -- takeover -------------------------------------------------------------------------

    def refused(self, game: Game) -> bool:
        """A change to ``game`` was refused because another process saved first: whether
        that process plays on (processes share the database), this one waiting to take over
        if it stops."""
        if not self.store.notifies:
            return False
        self.wait_for_takeover(game)
        return True

    def wait_for_takeover(self, game: Game) -> None:
        """Play the computers' turns here only if the game has not changed for
        ``takeover_seconds`` (another process plays them while it is alive)."""
        if game.computer_to_move() is None or self.live.closing:
            return
        if game.takeover is not None:
            game.takeover.cancel()
        game.takeover = asyncio.get_running_loop().call_later(
            self.settings.takeover_seconds, self._take_over, game, game.saved.revision
        )

    def _take_over(self, game: Game, revision: int) -> None:
        game.takeover = None
        if game.saved.revision == revision and self.live.holds(game):
            self._advance(game)
