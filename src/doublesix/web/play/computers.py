"""Computer turns and hints: the seats the server moves for, and the expert's suggestions.

A computer seat (or a person's stand-in, or a person's forced pass) moves in the background
until a person is to move; a player that searches thinks in a search process
(:mod:`~doublesix.web.play.searchers`) while the game's lock is free, the quick ones here at once
(a tenth of a millisecond, less than the round trip), and its move is judged and saved like a
person's.  A hint is searched once per position, however many sockets ask.
"""

from __future__ import annotations

import asyncio
import collections
import logging
import time
from collections.abc import Callable
from typing import Any

from doublesix.ai.seeding import hint_seed, move_rng
from doublesix.engine.moves import IllegalMoveError, Move
from doublesix.engine.view import View
from doublesix.protocol.wire import HUMAN
from doublesix.web.play import pictures
from doublesix.web.play.live import Connection, Game, LiveGames
from doublesix.web.play.searchers import SEARCHING, Searchers, choose_move, choose_seeded, suggest
from doublesix.web.routes.errors import NotNowError, TooManyError
from doublesix.web.settings import Settings
from doublesix.web.storage.saving import Saving
from doublesix.words import endwords, i18n, refusals
from doublesix.words.i18n import _

log = logging.getLogger("doublesix.web")


class Computers:
    """Plays the computers' turns of the live games and answers hints.

    ``refused(game)`` is called when a computer's move could not be saved because another
    server process saved first: it says whether that process plays on (then this one stops
    and waits to take over)."""

    def __init__(
        self,
        live: LiveGames,
        saving: Saving,
        searchers: Searchers,
        settings: Settings,
        hint_options: dict[str, Any],
        refused: Callable[[Game], bool],
    ) -> None:
        self.live = live
        self.saving = saving
        self.searchers = searchers
        self.settings = settings
        self.hint_options = hint_options
        self._refused = refused

    def advance(self, game: Game) -> None:
        """Let the computer seats play until a person is to move (in the background); not
        while the coach judges a person's move (it calls this again once it has spoken)."""
        if game.takeover is not None:
            game.takeover.cancel()
            game.takeover = None
        if self.live.closing or (game.task is not None and not game.task.done()):
            return
        if game.coaching:
            return  # the coach speaks first; it lets them play after
        if game.computer_to_move() is None:
            return
        game.task = asyncio.create_task(self._play(game))
        game.task.add_done_callback(lambda _task: self.live.forget_if_idle(game))

    async def _play(self, game: Game) -> None:
        while True:
            async with game.lock:
                if game.takeover is not None:
                    return  # another process is playing them (it saved the last change)
                seat = game.computer_to_move()
                if seat is None:
                    return
                match = game.match
                view = match.view(seat)
                before = len(match.history)
                key = (match.seed, match.hand_number, seat, before)
                daily = game.saved.daily is not None
                revision = game.saved.revision
                kind = game.player_at(seat)
                if kind != HUMAN:
                    game.tell({"type": "thinking", "seat": seat})
            try:
                if kind == HUMAN:  # a person's forced pass
                    move = Move.pass_()
                elif kind in SEARCHING:
                    move = await self.searchers.run(choose_seeded, kind, view, key, daily)
                else:  # here: quicker than a round trip to a search process
                    move = choose_move(kind, view, move_rng(*key), daily)
            except Exception:
                log.exception("%s failed to choose in game %s", kind, game.id)
                move = view.legal_moves()[0]
            async with game.lock:
                if game.saved.revision != revision or game.computer_to_move() != seat:
                    continue  # the game changed while it thought (a resignation, a reload)
                try:
                    game.match.play(move)
                except IllegalMoveError:
                    log.exception("%s chose an illegal move %s in game %s", kind, move, game.id)
                    game.match.play(game.match.legal_moves()[0])
                try:
                    await self.saving.commit(game, game.match.history[before:])
                    continue
                except NotNowError:
                    # Another process saved first (the game was reloaded), or saving was
                    # given up.  Where processes share the database, the one that saved plays
                    # on; this one takes over only if that one stops.
                    if self._refused(game):
                        return
            if self.live.closing:
                return
            await asyncio.sleep(0.25)

    async def hint(self, game: Game, connection: Connection) -> None:
        """The expert's suggestion for this seat: at most ``hints_per_minute`` asked per seat;
        one search per position, however many sockets ask."""
        seat = connection.seat
        now = time.monotonic()
        times = game.hint_times.setdefault(seat, collections.deque())
        while times and times[0] < now - 60:
            times.popleft()
        if len(times) >= self.settings.hints_per_minute:
            raise TooManyError(refusals.too_many_hints(self.settings.hints_per_minute))
        async with game.lock:
            if game.is_over or game.match.turn != seat:
                raise NotNowError(_(refusals.HINT_NOT_YOUR_TURN))
            times.append(now)
            key = (seat, game.saved.revision)
            future = game.hints.get(key)
            if future is None:
                view = game.match.view(seat)
                seed = hint_seed(game.match.seed, view)
                game.hints = {k: f for k, f in game.hints.items() if k[1] == key[1]}
                future = asyncio.ensure_future(self._search_hint(view, seed))
                game.hints[key] = future
        try:
            answer = await asyncio.shield(future)
        except Exception:
            log.exception("the hint for game %s failed", game.id)
            if game.hints.get(key) is future:
                del game.hints[key]
            raise NotNowError(_(refusals.HINT_FAILED)) from None
        with i18n.using(connection.language):  # one search, said in each asker's language
            reason = endwords.hint_reason(*answer)
            connection.send({"type": "hint", **pictures.move_json(answer.move),
                             "reason": reason, "words": endwords.hint_sentence(reason)})

    async def _search_hint(self, view: View, seed: int) -> Any:
        """The expert's suggestion (numbers: the words are said to each asker)."""
        return await self.searchers.run(suggest, view, seed, self.hint_options)
