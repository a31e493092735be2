"""The games of one server process: the facade the application calls (:class:`Games`).

A :class:`Games` keeps the games that have a connection (or a computer thinking) in memory
and everything else in the :class:`~doublesix.web.storage.store.Store`.  Every change to a game
happens under its lock, is saved before anyone hears of it, and is then sent to every
connection as the seat's own picture.  The work is done by parts, each given what it needs:

- :mod:`~doublesix.web.play.live`: a live game and its sockets, and the games in memory;
- :mod:`~doublesix.web.storage.saving`: saving with retries (the database in threads of its own),
  reloading;
- :mod:`~doublesix.web.play.computers` and :mod:`~doublesix.web.play.searchers`: computer turns and
  hints, thought in a pool of processes;
- :mod:`~doublesix.web.play.tables`: the rules of a table for people;
- :mod:`~doublesix.web.play.cluster`: presence, catch-up and takeover across server processes
  (PostgreSQL);
- :mod:`~doublesix.web.storage.history`: finished games' records and statistics.

The server only translates: a message is parsed (:mod:`~doublesix.web.play.gameinfo`), the engine
judges it, and an :class:`~doublesix.engine.moves.IllegalMoveError` becomes an ``error`` message.
"""

from __future__ import annotations

import asyncio
import datetime
import secrets
from collections.abc import Callable
from typing import Any

from doublesix.ai.expert import DEFAULT_PLAYOUTS
from doublesix.ai.seeding import DAILY_OPPONENT
from doublesix.engine.match import Match, MatchStateError
from doublesix.engine.moves import IllegalMoveError
from doublesix.engine.rules import Rules
from doublesix.protocol.wire import CLOSE_TOO_MANY, MESSAGE_TYPES
from doublesix.web.play import coaching, gameinfo, pictures, watching
from doublesix.web.play.chat import QuickChat
from doublesix.web.play.cluster import Cluster
from doublesix.web.play.computers import Computers
from doublesix.web.play.gameinfo import ProtocolError
from doublesix.web.play.live import (
    Connection,
    Game,
    LiveGames,
    game_info,
    new_token,
    notice,
    stored_match,
)
from doublesix.web.play.searchers import Searchers
from doublesix.web.play.tables import Tables
from doublesix.web.routes.errors import (
    DamagedGameError,
    ForbiddenError,
    GameNotFoundError,
    NotNowError,
    TooManyError,
)
from doublesix.web.settings import Settings
from doublesix.web.storage import history
from doublesix.web.storage.creating import new_game
from doublesix.web.storage.listening import Listener
from doublesix.web.storage.saving import Saving
from doublesix.web.storage.store import SavedGame, Store, digest
from doublesix.words import errorwords, i18n, pagewords, refusals, tabletalk, watchwords
from doublesix.words.i18n import _

#: While watchers come and go, the players are told how many watch at most this often (s).
WATCHERS_TOLD_EVERY = 1.0


class Games:
    """Every game of one server process: creating, connecting, playing, saving, statistics.

    ``hint_options`` go to :func:`doublesix.ai.hint`; ``today`` gives the UTC date (the daily
    game's and the streak's calendar); ``settings`` bound what clients may hold and ask
    (:class:`~doublesix.web.settings.Settings`); ``coach_playouts`` is the coach's budget
    (the review's).  :meth:`start` (in the event loop) starts listening for other processes'
    saves on PostgreSQL.
    """

    def __init__(
        self,
        store: Store,
        *,
        hint_options: dict[str, Any] | None = None,
        today: Callable[[], datetime.date] | None = None,
        settings: Settings | None = None,
        workers: int = 1,
        coach_playouts: int = DEFAULT_PLAYOUTS,
    ) -> None:
        self.store = store
        self.coach_playouts = coach_playouts
        self.settings = settings or Settings()
        self.today = today or (lambda: datetime.datetime.now(datetime.UTC).date())
        self.searchers = Searchers(self.settings.searchers(workers))
        if not store.origin:
            store.origin = secrets.token_hex(6)
        self.registry = LiveGames(self._load, self._loaded)
        self.saving = Saving(store, self.settings, lambda: self.registry.closing)
        self.tables = Tables(self.registry, self.saving, self.settings)
        self.chat = QuickChat(self.settings, announce=lambda *said: self.cluster.say_chat(*said))
        self.cluster = Cluster(store, self.settings, self.registry, self.saving,
                               advance=lambda game: self.computers.advance(game),
                               left=self.tables.left, chatted=self.chat.heard)
        self.computers = Computers(self.registry, self.saving, self.searchers, self.settings,
                                   hint_options or {}, refused=self.cluster.refused)

    async def start(self) -> None:
        """Listen for other processes' saves (PostgreSQL); nothing to do on SQLite."""
        self.registry.closing = False
        await self.cluster.start()

    @property
    def listener(self) -> Listener | None:
        """What hears other processes' saves and notes (PostgreSQL, once started)."""
        return self.cluster.listener

    async def _load(self, game_id: str) -> SavedGame | None:
        return await self.saving.run(self.store.load, game_id)

    def _loaded(self, game: Game) -> None:
        game.handover_after = self.settings.handover_after
        game.presence_ttl = 3 * self.settings.presence_interval
        self.cluster.loaded(game)

    # -- creating -------------------------------------------------------------------------

    async def create(
        self,
        owner: str,
        rules: Rules,
        opponents: tuple[str, ...],
        seed: int | None = None,
        *,
        daily: str | None = None,
        first_attempt: bool = False,
        match: Match | None = None,
        name: str | None = None,
        public: bool = False,
        rated: bool = True,
    ) -> tuple[str, str, list[dict[str, Any]]]:
        """Start a game with a person in seat 0; returns ``(game_id, token, invites)``
        (:class:`UnavailableError` while the database is away); a table for people if
        ``opponents`` hold :data:`~doublesix.protocol.wire.PERSON` (:func:`creating.new_game`)."""
        if match is None:
            match = Match(rules, seed=seed)
        saved, token, invites = new_game(owner, match, opponents, daily=daily,
                                         first_attempt=first_attempt, name=name,
                                         public=public, rated=rated)
        await self.saving.run(self.store.insert, saved)
        return saved.id, token, invites

    async def daily(
        self, owner: str, before_new: Callable[[], None] | None = None
    ) -> dict[str, Any]:
        """Today's daily game for this browser: its unfinished one, else a new one
        (``before_new`` is called first, and may refuse it by raising)."""
        today = self.today()
        date = today.isoformat()
        earlier = await self.saving.run(self.store.daily_games, digest(owner), date)
        for saved in earlier:
            if not saved.is_finished:
                try:
                    token = await self._reissue(saved.id)
                except DamagedGameError:
                    continue  # left as it is; deal again (not a first attempt)
                if token is not None:
                    return {"game_id": saved.id, "seat": 0, "token": token, "date": date,
                            "first_attempt": saved.first_attempt}
        if before_new is not None:
            before_new()
        match = Match.daily(today)
        game_id, token, _seats = await self.create(
            owner, match.rules, (DAILY_OPPONENT,), daily=date,
            first_attempt=not earlier, match=match,
        )
        return {"game_id": game_id, "seat": 0, "token": token, "date": date,
                "first_attempt": not earlier}

    async def _reissue(self, game_id: str) -> str | None:
        """A fresh token for seat 0 of a stored game (the old one stops working)."""
        game = await self.registry.get(game_id)
        token = new_token()
        try:
            async with game.lock:
                if game.is_over:
                    return None
                seat = game.saved.seats[0]
                old_hash, seat.token_hash = seat.token_hash, digest(token)
                try:
                    ok = await self.saving.save(game)
                except Exception:
                    seat.token_hash = old_hash
                    raise
                if not ok:
                    seat.token_hash = old_hash
                    return None
                game.close_stale_seats()
        finally:
            self.registry.forget_if_idle(game)
        return token

    # -- connections ----------------------------------------------------------------------

    def live(self, game_id: str) -> Game | None:
        """The game if it is in memory (someone connected or a computer thinking), else None."""
        return self.registry.find(game_id)

    async def connect(
        self, game_id: str, token: str, address: str = "", with_view: bool = False
    ) -> tuple[Game, Connection]:
        """Seat a connection by its token and send it the picture; computers then play on.

        A seat holding ``sockets_per_seat`` sockets already has its oldest closed (4429)."""
        game = await self.registry.get(game_id)
        seat = game.seat_of(token)
        if seat is None:
            self.registry.forget_if_idle(game)
            raise ForbiddenError(game_id)
        connection = Connection(seat, address)
        connection.with_view = with_view
        arriving = seat not in game.present()
        connection.token_hash = game.saved.seats[seat].token_hash
        # Joined at once (no await since get), so the game cannot be dropped from memory
        # between being found and being joined.
        game.connections.append(connection)
        same_seat = [c for c in game.connections if c.seat == seat and not c.closed]
        for old in same_seat[: max(0, len(same_seat) - max(1, self.settings.sockets_per_seat))]:
            with i18n.using(old.language):
                old.send({"type": "error", "message": _(refusals.TOO_MANY_PLACES)})
            old.close(CLOSE_TOO_MANY)
        if not game.saving:
            async with game.lock:
                arrived = await self.tables.arrived(game, seat) if arriving else None
                if game.saved.is_finished and not game.info.rating:
                    await self.saving.rate(game)
                game.send_state(connection)
                if game.saved.table is not None:
                    game.tell_table(arrived, about=seat)
                    self.cluster.say_presence(game)
        else:  # the change waiting for the database is not shown: the last saved picture is
            connection.send({"type": "state", "state": pictures.picture(
                stored_match(game.saved), game_info(game.saved), seat, with_view)})
            connection.send(notice("saving-failed", _(tabletalk.SAVING_FAILED)))
        self.computers.advance(game)
        return game, connection

    def disconnect(self, game: Game, connection: Connection) -> None:
        """Forget a connection (its socket closed); at a table, a person whose last socket
        closed has left it, and the others are told."""
        connection.close()
        if connection in game.connections:
            game.connections.remove(connection)
            seat = connection.seat
            if (game.saved.table is not None and not self.registry.closing
                    and self.registry.holds(game)):
                if not game.connected(seat):
                    game.went_away(seat)
                    self.tables.left(game)
                self.cluster.say_presence(game)
        self.registry.forget_if_idle(game)

    # -- watching -------------------------------------------------------------------------

    async def watch(self, game_id: str, address: str = "") -> tuple[Game, Connection]:
        """Let a socket watch a public table: it is sent the watchers' picture now and after
        every change, and the people at the table are told how many watch
        (:class:`GameNotFoundError` for a table that is not public, as for one that does not
        exist; :class:`TooManyError` past ``watchers_per_table``)."""
        game = await self.registry.get(game_id)
        table = game.saved.table
        if table is None or not table.public:
            self.registry.forget_if_idle(game)
            raise GameNotFoundError(game_id)
        if game.watching_here() >= self.settings.watchers_per_table:
            self.registry.forget_if_idle(game)
            raise TooManyError(_(watchwords.TOO_MANY))
        connection = Connection(watching.BOTTOM, address)
        connection.watching = True
        game.watchers.append(connection)
        if game.saving:  # the change waiting for the database is not shown
            connection.send({"type": "state", "state": watching.picture(
                stored_match(game.saved), game_info(game.saved))})
        else:
            game.send_state(connection)
        self._watchers_changed(game)
        return game, connection

    def unwatch(self, game: Game, connection: Connection) -> None:
        """Forget a watcher (its socket closed)."""
        connection.close()
        if connection in game.watchers:
            game.watchers.remove(connection)
            self._watchers_changed(game)
        self.registry.forget_if_idle(game)

    async def watcher_said(self, _game: Game, connection: Connection,
                           _text: str | bytes) -> None:
        """A watcher sent a message: refused in words (too many close the socket)."""
        if connection.over_rate(self.settings.messages_per_10s):
            connection.send({"type": "error", "message": _(refusals.TOO_MANY_MESSAGES)})
            connection.close(CLOSE_TOO_MANY)
            return
        connection.send({"type": "error", "message": _(watchwords.ONLY_PLAYERS)})

    def _watchers_changed(self, game: Game) -> None:
        """Tell the table how many watch: at once, then at most once every
        :data:`WATCHERS_TOLD_EVERY` seconds while watchers come and go (a crowd arriving is
        one message to the players, not one each)."""
        if self.registry.closing or not self.registry.holds(game):
            return
        if game.watchers_timer is not None:
            game.watchers_late = True
            return

        def again() -> None:
            game.watchers_timer = None
            if game.watchers_late and self.registry.holds(game):
                self._watchers_changed(game)

        game.watchers_late = False
        game.tell_table(None)
        self.cluster.say_presence(game)
        game.watchers_timer = asyncio.get_running_loop().call_later(WATCHERS_TOLD_EVERY, again)

    # -- messages -------------------------------------------------------------------------

    async def handle(self, game: Game, connection: Connection, text: str | bytes) -> None:
        """One message from a seat's connection: act on it, or answer an ``error``."""
        try:
            if connection.over_rate(self.settings.messages_per_10s):
                connection.send({"type": "error", "message": _(refusals.TOO_MANY_MESSAGES)})
                connection.close(CLOSE_TOO_MANY)
                return
            message = gameinfo.parse_message(
                text, self.settings.max_message, self.settings.max_json_depth
            )
            if message.kind == "chat":  # changes nothing of the game: not held back
                self.chat.say(game, connection, message.phrase)
                return
            if game.saving:
                raise NotNowError(_(refusals.STILL_SAVING))
            if message.kind == "hint":
                await self.computers.hint(game, connection)
                return
            job = None
            async with game.lock:
                if connection.closed:
                    raise ProtocolError(_(refusals.CONNECTION_CLOSED))
                if message.kind in ("start", "seat", "again"):
                    await self.tables.act(game, connection.seat, message)
                else:
                    job = await self._act(game, connection.seat, message)
        except (ProtocolError, IllegalMoveError, MatchStateError, NotNowError,
                TooManyError) as error:
            connection.send({"type": "error", "message": errorwords.said(error)})
            return
        if job is not None:  # counted in game.coaching by _act: the computers wait for it
            try:
                await coaching.speak(game, job, self.searchers, self.saving,
                                     self.coach_playouts)
            finally:
                game.coaching -= 1
        self.computers.advance(game)

    async def _act(self, game: Game, seat: int, message: gameinfo.ClientMessage
                   ) -> coaching.Asked | None:
        """Act on a seat's message under the game's lock: a move the coach is to judge is
        returned (and counted in ``game.coaching``, so the computers wait for it)."""
        if game.is_over:
            raise NotNowError(_(refusals.GAME_OVER))
        if game.info.waiting:
            raise NotNowError(_(refusals.NOT_STARTED))
        match = game.match
        before = len(match.history)
        job = None
        if message.kind == "play":
            if match.turn != seat:
                raise NotNowError(_(refusals.NOT_YOUR_TURN))
            if message.coach:
                job = coaching.asked(match, game.info, seat, message.move or "")
            match.play(message.move or "")
        elif message.kind == "next":
            if match.hand_result is None:
                raise NotNowError(_(refusals.HAND_IN_PLAY))
            match.next_hand()
        elif message.kind == "resign":
            match.resign(seat)
        elif message.kind == "undo":
            if not gameinfo.undo_allowed(match, game.info, seat):
                raise NotNowError(_(pagewords.NO_TAKE_BACK))
            match.take_back(seat)
            await self.saving.commit(game, None, person=True)
            game.tell_each(lambda: notice("taken-back", _(pagewords.TOOK_BACK)))
            return None
        else:  # pragma: no cover - parse_message admits nothing else
            raise ProtocolError(refusals.unknown_message(message.kind, list(MESSAGE_TYPES)))
        await self.saving.commit(game, match.history[before:], person=True)
        if job is not None:
            game.coaching += 1
        return job

    # -- finished games -------------------------------------------------------------------

    async def invitation(self, owner: str, game_id: str, code: str) -> dict[str, Any]:
        """``GET /api/join/{game_id}/{code}``: the table as its invitation shows it."""
        return await self.tables.invitation(owner, game_id, code)

    async def join(self, owner: str, game_id: str, code: str, name: str) -> tuple[int, str, bool]:
        """Take the seat of an invitation: ``(seat, token, first)`` (:meth:`Tables.join`)."""
        return await self.tables.join(owner, game_id, code, name)

    async def record(self, game_id: str, token: str) -> dict[str, Any]:
        """The finished game's record for its person (``ForbiddenError``, ``NotNowError``)."""
        return await history.record(self.registry, self.saving, game_id, token)

    async def statistics(self, owner: str) -> dict[str, Any]:
        """``GET /api/stats`` for this browser."""
        return await history.owner_statistics(self.saving, owner, self.today())

    async def close(self) -> None:
        """Stop every computer player's task and the listener (the server is shutting down)."""
        self.registry.closing = True
        await self.cluster.close()
        await self.registry.close()
        self.searchers.close()
        self.saving.close()
