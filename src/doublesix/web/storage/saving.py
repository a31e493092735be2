"""Saving a game with retries, and reloading it: every change is saved before anyone hears
of it.

The database has threads of its own (:meth:`Saving.run`), so a save never waits behind a
search.  While the database is away a change is kept back (nobody hears of it), everyone at
the table is told "Saving failed; trying again", and the save is tried again until it
succeeds; then the game goes on by itself.  A save refused because another server process
saved first reloads the game.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextvars
import copy
import dataclasses
import functools
import logging
import time
from collections.abc import Callable, Sequence
from typing import Any, Final, TypeVar

from doublesix.engine.events import Event
from doublesix.engine.match import Match
from doublesix.engine.moves import Move
from doublesix.web.play.live import NEXT_HAND, Game, game_info, notice, stored_match
from doublesix.web.routes.errors import NotNowError, UnavailableError
from doublesix.web.settings import Settings
from doublesix.web.storage import ratings
from doublesix.web.storage.store import OVER, PLAYING, RESIGNED, SavedGame, Store, unavailable
from doublesix.words import refusals, tabletalk
from doublesix.words.i18n import _

log = logging.getLogger("doublesix.web")

T = TypeVar("T")

#: How long a game's ``moves`` may grow (characters, some 300 moves) before a save writes the
#: whole match instead (and empties them).
MOVES_LIMIT: Final = 2400


class Saving:
    """Saves and loads the games of one server process in the database's own threads.

    ``closing`` says whether the server is stopping (a save that keeps failing then gives
    up at once)."""

    def __init__(self, store: Store, settings: Settings, closing: Callable[[], bool]) -> None:
        self.store = store
        self.settings = settings
        self._closing = closing
        self._db: concurrent.futures.ThreadPoolExecutor | None = None
        self._person_db: concurrent.futures.ThreadPoolExecutor | None = None
        #: The saves asked for in this turn of the event loop, by ``person``, each with the
        #: future its caller awaits (:meth:`update`).
        self._waiting: dict[bool, list[tuple[SavedGame, asyncio.Future[bool]]]] = {}
        self._writes: set[asyncio.Task[None]] = set()

    async def run(self, function: Callable[..., T], *args: Any, person: bool = False) -> T:
        """A store call in the database's own threads; :class:`UnavailableError` when the
        database cannot be reached or written.  A ``person``'s call (saving a person's move)
        has a thread of its own, so that it waits for the write in progress but not behind
        the computers' queued saves: the person hears their move at once."""
        loop = asyncio.get_running_loop()
        if self._db is None:
            threads = self.settings.db_threads
            if threads < 1:
                threads = 4 if self.store.notifies else 2
            self._db = concurrent.futures.ThreadPoolExecutor(
                threads, thread_name_prefix="doublesix-db"
            )
            self._person_db = concurrent.futures.ThreadPoolExecutor(
                1, thread_name_prefix="doublesix-db-person"
            )
        pool = self._person_db if person and self._person_db is not None else self._db
        try:
            # The work runs in the caller's context (its language: a ContextVar), as
            # asyncio.to_thread would.
            return await loop.run_in_executor(pool, functools.partial(
                contextvars.copy_context().run, function, *args))
        except Exception as error:
            if unavailable(error):
                raise UnavailableError(str(error).splitlines()[0] if str(error) else
                                       type(error).__name__) from error
            raise

    async def update(self, saved: SavedGame, person: bool = False) -> bool:
        """:meth:`Store.update` in the database's threads, together with the other saves
        asked for in the same turn of the event loop: one transaction for them all (one
        hand-over to a database thread, one commit), each caller answered once it is
        committed, so a change is still saved before anyone hears of it."""
        loop = asyncio.get_running_loop()
        waiting = self._waiting.setdefault(person, [])
        if not waiting:
            loop.call_soon(self._flush, person)
        answer: asyncio.Future[bool] = loop.create_future()
        waiting.append((saved, answer))
        return await answer

    def _flush(self, person: bool) -> None:
        task = asyncio.get_running_loop().create_task(
            self._write(self._waiting.pop(person), person))
        self._writes.add(task)
        task.add_done_callback(self._writes.discard)

    async def _write(self, batch: list[tuple[SavedGame, asyncio.Future[bool]]],
                     person: bool) -> None:
        games = [saved for saved, _ in batch]
        results: list[bool | BaseException]
        try:
            if len(games) == 1:
                results = [await self.run(self.store.update, games[0], person=person)]
            else:
                results = list(await self.run(self.store.update_many, games, person=person))
        except Exception as error:
            if len(games) == 1 or isinstance(error, UnavailableError):
                results = [error] * len(games)  # each is tried again, or fails, as alone
            else:  # one game's save failed the others': each alone
                results = []
                for saved in games:
                    try:
                        results.append(await self.run(self.store.update, saved, person=person))
                    except Exception as alone:
                        results.append(alone)
        for (_job, answer), result in zip(batch, results, strict=True):
            if answer.done():
                continue  # its caller is gone (cancelled)
            if isinstance(result, BaseException):
                answer.set_exception(result)
            else:
                answer.set_result(result)

    async def save(
        self, game: Game, events: Sequence[Event] | None = None, person: bool = False
    ) -> bool:
        """Save the game's changes since its last save: ``events`` are what happened to the
        match meanwhile (None: nothing, or not known).  Its moves are appended to the row's
        (:func:`new_moves`); the whole match is written instead when the game ends, when the
        moves grow past :data:`MOVES_LIMIT`, or when the change cannot be told as moves.
        False: another server saved first (nothing changed here)."""
        saved = game.saved
        previous = (saved.match, saved.moves, saved.scores, saved.status, saved.resigned,
                    saved.winner, saved.revision)
        match = game.match
        if match.state is not game.saved_state or match.resigned != saved.resigned:
            lines = None if events is None or match.is_over else new_moves(events, match)
            if lines is None or len(saved.moves) + len(lines) > MOVES_LIMIT:
                saved.match = match.to_json()
                saved.moves = ""
            else:
                saved.moves += lines
        finish_columns(saved, match)
        saved.revision += 1
        try:
            ok = await self.update(saved, person)
        except Exception:
            (saved.match, saved.moves, saved.scores, saved.status, saved.resigned,
             saved.winner, saved.revision) = previous
            raise
        if ok:
            game.saved_state = match.state
            if previous[3] == PLAYING and saved.is_finished:
                await self.rate(game)
        else:
            (saved.match, saved.moves, saved.scores, saved.status, saved.resigned,
             saved.winner, saved.revision) = previous
        game.info.revision = saved.revision
        return ok

    async def rate(self, game: Game) -> None:
        """Rate the people of a finished game once (:mod:`doublesix.web.storage.ratings`; whichever
        server process gets there first), and put how their ratings moved in the game's
        pictures.  A rating that cannot be written now is written when its person next looks
        at the statistics, or opens the game again."""
        try:
            changes = await self.run(ratings.rate_and_read, self.store, game.saved, game.match)
        except Exception as error:
            log.warning("could not rate game %s: %s", game.id, error)
            return
        self._show_rating(game, changes)

    @staticmethod
    def _show_rating(game: Game, changes: dict[int, ratings.Change]) -> None:
        if changes:
            game.info = dataclasses.replace(game.info, rating={
                seat: [change.sentence] + ([change.suggestion] if change.suggestion else [])
                for seat, change in changes.items()})

    async def commit(self, game: Game, events: list[Event] | None,
                     person: bool = False) -> None:
        """Save the game, then broadcast ``events`` (None: the match changed otherwise, as
        when moves are taken back: it is written whole, and everyone is sent their picture).

        While the database is away nobody hears of the change: everyone at the table is told
        "Saving failed; trying again", and the save is tried again (a quarter second, half a
        second, ... at most ``save_retry_max`` apart) until it succeeds, the server stops, or
        ``save_give_up`` seconds pass (then the change is undone).  A save refused because
        another server saved first reloads the game and raises :class:`NotNowError`.
        ``person``: the change is a person's move (see :meth:`run`)."""
        delay = 0.25
        started = time.monotonic()
        failed = False
        while True:
            try:
                ok = await self.save(game, events, person)
                break
            except UnavailableError as error:
                if not failed:
                    failed = True
                    game.saving = True
                    log.warning("could not save game %s (%s): trying again", game.id, error)
                    game.tell_each(lambda: notice("saving-failed", _(tabletalk.SAVING_FAILED)))
                if self._closing() or time.monotonic() - started > self.settings.save_give_up:
                    game.saving = False
                    await self.reload(game)
                    raise NotNowError(_(refusals.NOT_SAVED)) from None
                await asyncio.sleep(delay)
                delay = min(delay * 2, self.settings.save_retry_max)
            except Exception:
                log.exception("could not save game %s", game.id)
                ok = False
                break
        if failed:
            game.saving = False
            if not ok and await self.saved_after_all(game):
                ok = True
            if ok:
                log.warning("game %s saved again", game.id)
                game.tell_each(lambda: notice("saved", _(tabletalk.SAVED_AGAIN)))
        if not ok:
            await self.reload(game)
            raise NotNowError(_(refusals.NOT_SAVED_ELSEWHERE))
        if events is None:
            game.send_states()
        else:
            game.broadcast(events)

    async def saved_after_all(self, game: Game) -> bool:
        """Whether a save that seemed to fail (the connection dropped as it committed) is in
        the database after all; if so the game takes the stored revision."""
        try:
            stored = await self.run(self.store.load, game.id)
        except Exception:
            return False
        if stored is None or stored.revision != game.saved.revision + 1:
            return False
        try:
            same = stored_match(stored).to_json() == game.match.to_json()
        except ValueError:
            return False
        if not same or stored.resigned != game.match.resigned:
            return False
        game.saved = stored
        game.saved_state = game.match.state
        game.info.revision = stored.revision
        return True

    async def reload(self, game: Game) -> None:
        """Make the game what the database holds (what was last saved, if it cannot be read),
        and tell every connection."""
        try:
            stored = await self.run(self.store.load, game.id)
        except Exception as error:
            log.warning("could not reload game %s: %s", game.id, error)
            stored = None
        if stored is not None:
            game.saved = stored
        game.match = stored_match(game.saved)
        game.saved_state = game.match.state
        game.info = game_info(game.saved)
        game.refresh_presence()
        game.send_states()

    async def change_table(self, game: Game, change: Callable[[], None]) -> None:
        """Make ``change`` to the saved seats or table and save it; if it cannot be saved it
        is undone and :class:`NotNowError` says so."""
        saved = game.saved
        before = copy.deepcopy((saved.seats, saved.table))
        change()
        try:
            ok = await self.save(game)
        except UnavailableError:
            saved.seats, saved.table = before
            raise NotNowError(_(refusals.UNAVAILABLE)) from None
        except Exception:
            saved.seats, saved.table = before
            raise
        if not ok:
            saved.seats, saved.table = before
            await self.reload(game)
            raise NotNowError(_(refusals.TABLE_CHANGED))
        game.refresh()

    def close(self) -> None:
        """Stop the database's threads (the server is shutting down)."""
        if self._db is not None:
            self._db.shutdown(wait=False)
            self._db = None
        if self._person_db is not None:
            self._person_db.shutdown(wait=False)
            self._person_db = None


def new_moves(events: Sequence[Event], match: Match) -> str | None:
    """The lines ``events`` (what just happened to ``match``) add to a game's ``moves``: each
    move as the engine writes it, ``next`` for the next hand dealt (whose opening tile the
    engine lays itself under ``lead = highest-double``: that lay is not written); None if
    they cannot be told as moves (a resignation, or more than one new hand).

    >>> from doublesix import Match, Rules
    >>> match = Match(Rules.variant("block", players=2), seed=3)
    >>> before = len(match.history)
    >>> match.play("pass"); match.play("6|4 left")
    >>> new_moves(match.history[before:], match)
    'pass\\n6|4 left\\n'
    """
    lines: list[str] = []
    hands = 0
    opening_laid = False
    for event in events:
        kind = event.kind
        skip, opening_laid = opening_laid, False
        if kind == "lay":
            if event.tile is None:
                return None
            if not skip:
                lines.append(str(Move(event.tile, event.end)))
        elif kind in ("draw", "pass"):
            lines.append(kind)
        elif kind == "hand":
            hands += 1
            if hands > 1 or event.number != match.hand_number:
                return None
            lines.append(NEXT_HAND)
            opening_laid = match.view(0).opening_forced
        elif kind not in ("end", "over"):
            return None
    return "".join(line + "\n" for line in lines)


def finish_columns(saved: SavedGame, match: Match) -> None:
    """Fill the columns the statistics read from the match (the match's own save holds its
    resignation; the ``resigned`` column repeats it for the queries)."""
    saved.scores = match.scores
    saved.resigned = match.resigned
    saved.winner = match.winner
    if match.resigned is not None:
        saved.status = RESIGNED
    elif match.is_over:
        saved.status = OVER
    else:
        saved.status = PLAYING
