"""Live games: seats and their connections, people's messages, computer turns, broadcasting.

A :class:`Games` keeps the games that have a connection (or a computer thinking) in memory and
everything else in the :class:`~doublesix.web.store.Store`.  Every change to a game happens
under its lock, is saved before anyone hears of it, and is then sent to every connection as the
seat's own picture.  The work is spread so the event loop only referees:

- computer players' searches and hints run in a pool of processes (:class:`Searchers`, one per
  core), so they use every core; their random numbers come from the game alone
  (:func:`doublesix.ai.seeding.move_rng`), so a move is the same in any process;
- the database has threads of its own, so a save never waits behind a search;
- while the database is away a change is kept back (nobody hears of it), everyone at the table
  is told "Saving failed; trying again", and the save is tried again until it succeeds; then
  the game goes on by itself;
- on PostgreSQL, a save made by another server process reaches this one's sockets
  (:class:`~doublesix.web.store.Listener`).

The server only translates: a message is parsed (:mod:`~doublesix.web.protocol`), the engine
judges it, and an :class:`~doublesix.moves.IllegalMoveError` becomes an ``error`` message.
"""

from __future__ import annotations

import asyncio
import collections
import concurrent.futures
import contextlib
import copy
import datetime
import functools
import hmac
import json
import logging
import multiprocessing
import os
import random
import secrets
import threading
import time
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any, Final, TypeVar

from doublesix import ai, faces
from doublesix.ai.seeding import DAILY_OPPONENT, hint_seed, move_rng, player_options
from doublesix.events import Event
from doublesix.match import Match, MatchStateError
from doublesix.moves import IllegalMoveError, Move
from doublesix.rules import Rules
from doublesix.view import View
from doublesix.web import pictures, protocol
from doublesix.web.protocol import GameInfo, ProtocolError, TableInfo, TableSeat
from doublesix.web.requests import HOST_NAME, distinct_name
from doublesix.web.settings import Settings
from doublesix.web.stats import Finished, statistics
from doublesix.web.store import (
    OVER,
    PLAYING,
    RESIGNED,
    STARTED,
    WAITING,
    Listener,
    SavedGame,
    Seat,
    Store,
    Table,
    digest,
    presence_note,
    presence_payload,
    unavailable,
)
from doublesix.wire import HUMAN, PERSON

log = logging.getLogger("doublesix.web")

#: How many messages may wait for a slow connection before it is dropped.
OUTBOX_LIMIT: Final = 1000
#: What everyone at the table is told while a change cannot be saved, and once it is.
SAVING_FAILED: Final = "Saving failed; trying again."
SAVED_AGAIN: Final = "Saved: the game goes on."

T = TypeVar("T")

Message = dict[str, Any]


class GameNotFoundError(LookupError):
    """No game has this id."""


class ForbiddenError(PermissionError):
    """The token does not hold a seat of this game."""


class NotNowError(RuntimeError):
    """The request is not possible now (e.g. the record of a game still going on)."""


class DamagedGameError(ValueError):
    """The stored game cannot be read (damaged, or saved by a newer release); it is left in
    the database as it is."""


class UnavailableError(RuntimeError):
    """The database cannot be reached or written now (gone away, read-only, disk full)."""


class TooManyError(RuntimeError):
    """A bound on what one client may hold or ask was reached; the words say which."""


def choose_move(kind: str, view: View, rng: random.Random, daily: bool = False) -> Move:
    """A computer seat's move (run in a search process: a new player each time)."""
    return ai.player(kind, **player_options(kind, daily)).choose(view, rng)


def suggest(view: View, seed: int, options: dict[str, Any]) -> ai.Hint:
    """The hint for ``view`` (run in a search process)."""
    return ai.hint(view, seed, **options)


#: How much lower the searches' priority is than the server's (``os.nice``): answers and
#: saves first, searches with the rest of the machine.
SEARCH_NICENESS: Final = 5
#: Players that search (seconds a move); the others answer in milliseconds.
SEARCHING: Final = frozenset({"expert"})

def _watch_server(pid: int) -> None:
    """In a search process: exit once the server process ``pid`` is gone (killed with no
    chance to stop its searchers), instead of waiting for work forever."""

    def watch() -> None:
        while True:
            time.sleep(1.0)
            try:
                os.kill(pid, 0)
            except ProcessLookupError:
                os._exit(0)
            except PermissionError:  # pragma: no cover - the pid was reused by another user
                os._exit(0)

    threading.Thread(target=watch, name="doublesix-watch-server", daemon=True).start()


def _search_process(conn: Any, server: int, nice: int) -> None:
    """A search process: run each ``(function, args)`` received, send back ``(ok, value)``.
    ``nice`` lowers its priority, so the server's event loop (answers, saves) runs first."""
    _watch_server(server)
    if nice:
        with contextlib.suppress(OSError):
            os.nice(nice)
    while True:
        try:
            function, args = conn.recv()
        except (EOFError, OSError):
            return
        try:
            answer: tuple[bool, Any] = (True, function(*args))
        except Exception as error:
            answer = (False, error)
        try:
            conn.send(answer)
        except Exception:  # an answer that cannot be pickled
            conn.send((False, RuntimeError(repr(answer[1]))))


@dataclass(eq=False)
class _Worker:
    process: Any
    conn: Any
    job: tuple[asyncio.Future[Any], Callable[..., Any], tuple[Any, ...], bool] | None = None


class Lane:
    """``size`` worker processes fed from a queue by the event loop itself: a job goes to an
    idle process over its pipe (so the send never blocks) and the answer is read when the pipe
    is readable (``loop.add_reader``), with no thread in between.  The processes start from a
    fork server (never a copy of the event loop's process) with the players imported.  A
    process that dies is replaced and its job tried once more."""

    def __init__(self, size: int, nice: int = 0) -> None:
        self.size = size
        self.nice = nice
        self.loop: asyncio.AbstractEventLoop | None = None
        self.workers: list[_Worker] = []
        self.idle: list[_Worker] = []
        self.queue: collections.deque[
            tuple[asyncio.Future[Any], Callable[..., Any], tuple[Any, ...], bool]
        ] = collections.deque()

    async def run(self, function: Callable[..., T], *args: Any) -> T:
        loop = asyncio.get_running_loop()
        if self.loop is not loop:
            self.close()
            self.loop = loop
        if not self.idle and len(self.workers) < self.size:
            self._start()  # started as they are needed, up to size
        future: asyncio.Future[T] = loop.create_future()
        self.queue.append((future, function, args, False))
        self._dispatch()
        return await future

    def _start(self) -> None:
        assert self.loop is not None
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["doublesix.ai", "doublesix.web.games"])
        mine, theirs = context.Pipe(duplex=True)
        process = context.Process(
            target=_search_process, args=(theirs, os.getpid(), self.nice), daemon=True,
            name="doublesix-search",
        )
        process.start()
        theirs.close()
        worker = _Worker(process, mine)
        self.workers.append(worker)
        self.idle.append(worker)
        self.loop.add_reader(mine.fileno(), self._answered, worker)

    def _dispatch(self) -> None:
        while self.idle and self.queue:
            job = self.queue.popleft()
            if job[0].done():
                continue  # its asker went away
            worker = self.idle.pop()
            worker.job = job
            try:
                worker.conn.send((job[1], job[2]))
            except (OSError, ValueError):
                self._replace(worker)

    def _answered(self, worker: _Worker) -> None:
        try:
            ok, value = worker.conn.recv()
        except (EOFError, OSError):
            self._replace(worker)
            return
        job, worker.job = worker.job, None
        self.idle.append(worker)
        if job is not None and not job[0].done():
            if ok:
                job[0].set_result(value)
            else:
                job[0].set_exception(value)
        self._dispatch()

    def _replace(self, worker: _Worker) -> None:
        """A search process died: forget it, start another, and try its job once more."""
        log.warning("a search process died; starting another")
        self._stop(worker)
        job = worker.job
        if job is not None and not job[0].done():
            if job[3]:
                job[0].set_exception(RuntimeError("the search process died"))
            else:
                self.queue.appendleft((job[0], job[1], job[2], True))
        self._start()
        self._dispatch()

    def _stop(self, worker: _Worker) -> None:
        if worker in self.workers:
            self.workers.remove(worker)
        if worker in self.idle:
            self.idle.remove(worker)
        if self.loop is not None and not self.loop.is_closed():
            with contextlib.suppress(Exception):
                self.loop.remove_reader(worker.conn.fileno())
        with contextlib.suppress(Exception):
            worker.conn.close()
        with contextlib.suppress(Exception):
            worker.process.kill()
            worker.process.join(1)

    def close(self) -> None:
        """Stop every process (their jobs fail)."""
        for worker in list(self.workers):
            job = worker.job
            self._stop(worker)
            if job is not None and not job[0].done():
                job[0].cancel()
        for job in self.queue:
            if not job[0].done():
                job[0].cancel()
        self.queue.clear()


class Searchers:
    """Where computer players think, in two lanes so a quick move never queues behind a
    search: searches (the expert's moves, hints) in ``processes`` worker processes (a few per
    core, time-shared, so a short search does not wait behind long ones), and the other
    players' moves (milliseconds) in one more.  With ``processes`` 0 both
    run in threads of this process."""

    def __init__(self, processes: int) -> None:
        self.processes = processes
        self.deep = Lane(max(1, processes), nice=SEARCH_NICENESS)
        self.quick = Lane(1)

    async def run(self, function: Callable[..., T], *args: Any, deep: bool = True) -> T:
        """``function(*args)`` in its lane; the event loop goes on meanwhile."""
        if self.processes <= 0:
            return await asyncio.to_thread(function, *args)
        return await (self.deep if deep else self.quick).run(function, *args)

    def close(self) -> None:
        """Stop the search processes."""
        self.deep.close()
        self.quick.close()


def new_token() -> str:
    """An unguessable seat token."""
    return secrets.token_urlsafe(24)


def new_game_id() -> str:
    """A new game's id: random, URL-safe."""
    return secrets.token_urlsafe(12)


def new_invite() -> str:
    """An unguessable invitation code."""
    return secrets.token_urlsafe(18)


def seat_holding(saved: SavedGame, token: str) -> int | None:
    """The seat of this game that ``token`` holds, or None (compared in constant time)."""
    wanted = digest(token)
    found = None
    for seat, held in enumerate(saved.seats):
        if held.token_hash is not None and hmac.compare_digest(held.token_hash, wanted):
            found = seat
    return found


class Connection:
    """One WebSocket (or test double) holding a seat: an outbox the socket's writer drains."""

    def __init__(self, seat: int, address: str = "") -> None:
        self.seat = seat
        self.address = address
        self.outbox: asyncio.Queue[Message | None] = asyncio.Queue()
        self.closed = False
        #: The close code the writer ends the socket with (None: a normal close).
        self.close_code: int | None = None
        #: The seat's token hash when it connected (a new token closes it).
        self.token_hash: str | None = None
        self.received: collections.deque[float] = collections.deque()
        #: Whether its pictures carry the seat's view as the engine's JSON (``&view=1``).
        self.with_view = False

    def send(self, message: Message) -> None:
        """Queue a message; a connection that stopped reading is closed instead."""
        if self.closed:
            return
        if self.outbox.qsize() >= OUTBOX_LIMIT:
            self.close()
            return
        self.outbox.put_nowait(message)

    def close(self, code: int | None = None) -> None:
        """Tell the writer to stop after what is queued (closing with ``code``)."""
        if not self.closed:
            self.closed = True
            self.close_code = code
            self.outbox.put_nowait(None)

    def over_rate(self, limit: int, window: float = 10.0) -> bool:
        """Count a message received now; whether more than ``limit`` came in ``window`` s."""
        now = time.monotonic()
        self.received.append(now)
        while self.received and self.received[0] < now - window:
            self.received.popleft()
        return len(self.received) > limit


@dataclass(eq=False)
class Game:
    """A game in memory: the referee's match, the seats, and who is connected."""

    saved: SavedGame
    match: Match
    info: GameInfo
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    connections: list[Connection] = field(default_factory=list)
    task: asyncio.Task[None] | None = None
    #: True while a change waits for the database (everyone was told "Saving failed").
    saving: bool = False
    #: Each seat's recent hint requests (times), and the hints of the newest positions.
    hint_times: dict[int, collections.deque[float]] = field(default_factory=dict)
    hints: dict[tuple[int, int], asyncio.Future[Message]] = field(default_factory=dict)
    #: The timer that plays the computers here if the process that made the last change
    #: stops (PostgreSQL, several processes).
    takeover: asyncio.TimerHandle | None = None
    #: At a table: since when (``time.monotonic``) each person seat without a socket here has
    #: been away, and the seats that have had a socket here.
    away_since: dict[int, float] = field(default_factory=dict)
    seen: set[int] = field(default_factory=set)
    #: The server's ``handover_after`` setting, shown in the table.
    handover_after: float = 60.0
    #: Other server processes' sockets at this table (PostgreSQL): by process, its seats
    #: with a socket open and when it last said so (``time.monotonic``); trusted for
    #: ``presence_ttl`` seconds.
    remote: dict[str, tuple[frozenset[int], float]] = field(default_factory=dict)
    presence_ttl: float = 30.0

    @property
    def id(self) -> str:
        """The game's id."""
        return self.saved.id

    @property
    def is_over(self) -> bool:
        """Whether the game has ended (decided, or a person resigned)."""
        return pictures.is_over(self.match, self.info)

    def seat_of(self, token: str) -> int | None:
        """The seat this token holds, or None."""
        return seat_holding(self.saved, token)

    def player_at(self, seat: int) -> str:
        """Who plays ``seat`` now: a computer player's name, its stand-in's while its person is
        away, else ``"human"``."""
        held = self.saved.seats[seat]
        return held.stand_in or held.kind

    def computer_to_move(self) -> int | None:
        """The seat the server moves for now, or None: a computer seat to move (a person's
        stand-in too), or a person's seat whose only move is a pass (a forced pass happens by
        itself, and is announced).  Nobody moves in a table's waiting room."""
        turn = self.match.turn
        if self.is_over or turn is None or self.info.waiting:
            return None
        if self.player_at(turn) == HUMAN and self.match.legal_moves() != [Move.pass_()]:
            return None
        return turn

    def here(self) -> frozenset[int]:
        """The seats with a socket open in this process."""
        return frozenset(c.seat for c in self.connections if not c.closed)

    def present(self) -> frozenset[int]:
        """The seats with a socket open in any server process (as last heard)."""
        now = time.monotonic()
        seats = set(self.here())
        for held, heard in self.remote.values():
            if now - heard <= self.presence_ttl:
                seats |= held
        return frozenset(seats)

    def connected(self, seat: int) -> bool:
        """Whether ``seat`` has a socket open (here, or in another server process)."""
        return seat in self.present()

    def returned(self, seat: int) -> bool:
        """A person's seat has a socket again: whether they are coming back (they were here
        before and left), rather than arriving for the first time."""
        back = self.away_since.pop(seat, None) is not None and seat in self.seen
        self.seen.add(seat)
        return back

    def went_away(self, seat: int) -> None:
        """A person's seat has no socket left anywhere: they are away from now, and the others
        are told."""
        self.away_since[seat] = time.monotonic()
        self.tell_table(f"{self.saved.seats[seat].name} has left the table.", about=seat)

    def refresh(self) -> None:
        """Rebuild :attr:`info` from the saved game (names, kinds, the table), with who is
        connected here now."""
        self.info = _info(self.saved, self.info.resigned)
        self.refresh_presence()

    def refresh_presence(self) -> None:
        """Bring the table's ``connected`` and ``away`` up to date."""
        table = self.info.table
        if table is None:
            return
        now = time.monotonic()
        table.connected = set(self.present())
        table.handover_after = self.handover_after
        table.away = {seat: int(now - since) for seat, since in self.away_since.items()}

    def send_state(self, connection: Connection) -> None:
        """Send one connection its seat's whole picture."""
        self.refresh_presence()
        connection.send({"type": "state", "state": pictures.picture(
            self.match, self.info, connection.seat, connection.with_view)})

    def tell_table(self, text: str | None, about: int | None = None) -> None:
        """Send every connection the table as its seat sees it, with ``text`` (said to all but
        the seat ``about``, whom it concerns)."""
        table = self.info.table
        if table is None:
            return
        self.refresh_presence()
        for connection in self.connections:
            connection.send({
                "type": "table",
                "table": table.to_json(connection.seat, self.id, self.is_over),
                "text": None if connection.seat == about else text,
            })

    def broadcast(self, events: list[Event]) -> None:
        """Send every connection each event, with its seat's picture after them."""
        self.refresh_presence()
        shown: dict[tuple[int, bool], Message] = {}
        for connection in self.connections:
            seat = connection.seat
            key = (seat, connection.with_view)
            if key not in shown:
                shown[key] = pictures.picture(self.match, self.info, seat, key[1])
            for event in events:
                connection.send(
                    {
                        "type": "event",
                        "event": pictures.event_json(event, seat),
                        "text": pictures.event_text(event, self.info, seat),
                        "state": shown[key],
                    }
                )

    def tell(self, message: Message) -> None:
        """Send every connection the same message (holding nothing private)."""
        for connection in self.connections:
            connection.send(message)


def _info(saved: SavedGame, resigned: int | None = None) -> GameInfo:
    """What the pictures show besides the match (``resigned``: a resignation not saved yet)."""
    table = None
    if saved.table is not None:
        table = TableInfo(
            host=saved.table.host,
            stage=saved.table.stage,
            seats=[TableSeat(s.name, s.kind == HUMAN, s.joined, s.stand_in, s.invite)
                   for s in saved.seats],
            again=list(saved.table.again),
            next_game=saved.table.next_game,
        )
    return GameInfo(
        game_id=saved.id,
        names=[seat.name for seat in saved.seats],
        kinds=[seat.kind for seat in saved.seats],
        daily=saved.daily,
        first_attempt=saved.first_attempt,
        resigned=saved.resigned if resigned is None else resigned,
        created=saved.created.isoformat(timespec="seconds") + "Z",
        revision=saved.revision,
        table=table,
    )


def _match_json(saved: SavedGame) -> Any:
    """The stored match as JSON data (``DamagedGameError`` if it is not JSON)."""
    try:
        return json.loads(saved.match)
    except ValueError as error:
        raise _damaged(saved, error) from None


def _game(saved: SavedGame) -> Game:
    """The stored game, ready to play (``DamagedGameError`` if its match cannot be loaded)."""
    try:
        match = Match.from_json(saved.match)
    except ValueError as error:
        raise _damaged(saved, error) from None
    game = Game(saved=saved, match=match, info=_info(saved))
    if saved.table is not None:  # a person not connected here is away from now on
        now = time.monotonic()
        game.away_since = {seat: now for seat, held in enumerate(saved.seats)
                           if held.kind == HUMAN and held.joined}
    return game


def _damaged(saved: SavedGame, error: ValueError) -> DamagedGameError:
    log.warning("game %s cannot be read: %s", saved.id, error)
    return DamagedGameError(f"this game's save cannot be read: {error}")


class Games:
    """Every game of one server process: creating, connecting, playing, saving, statistics.

    ``hint_options`` go to :func:`doublesix.ai.hint`; ``today`` gives the UTC date (the daily
    game's and the streak's calendar); ``settings`` bound what clients may hold and ask
    (:class:`~doublesix.web.settings.Settings`).  :meth:`start` (in the event loop) starts
    listening for other processes' saves on PostgreSQL.
    """

    def __init__(
        self,
        store: Store,
        *,
        hint_options: dict[str, Any] | None = None,
        today: Callable[[], datetime.date] | None = None,
        settings: Settings | None = None,
        workers: int = 1,
    ) -> None:
        self.store = store
        self.settings = settings or Settings()
        self.hint_options = hint_options or {}
        self.today = today or (lambda: datetime.datetime.now(datetime.UTC).date())
        self.searchers = Searchers(self.settings.searchers(workers))
        self._db: concurrent.futures.ThreadPoolExecutor | None = None
        self._live: dict[str, Game] = {}
        self._loading: dict[str, asyncio.Future[Game]] = {}
        self._closing = False
        self.listener: Listener | None = None
        self._beat: asyncio.Task[None] | None = None
        self._background: set[asyncio.Task[None]] = set()
        if not store.origin:
            store.origin = secrets.token_hex(6)

    async def start(self) -> None:
        """Listen for other processes' saves (PostgreSQL); nothing to do on SQLite."""
        self._closing = False
        if self.store.notifies and self.listener is None:
            self.listener = Listener(
                self.store.url, self._heard, self._reload_all, self.settings.save_retry_max,
                on_note=self._heard_presence,
            )
            self.listener.start()
            self._beat = asyncio.create_task(self._remind(), name="doublesix-presence")

    async def _store(self, function: Callable[..., T], *args: Any) -> T:
        """A store call in the database's own threads; :class:`UnavailableError` when the
        database cannot be reached or written."""
        loop = asyncio.get_running_loop()
        if self._db is None:
            threads = self.settings.db_threads
            if threads < 1:
                threads = 4 if self.store.notifies else 2
            self._db = concurrent.futures.ThreadPoolExecutor(
                threads, thread_name_prefix="doublesix-db"
            )
        try:
            return await loop.run_in_executor(self._db, functools.partial(function, *args))
        except Exception as error:
            if unavailable(error):
                raise UnavailableError(str(error).splitlines()[0] if str(error) else
                                       type(error).__name__) from error
            raise

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
    ) -> tuple[str, str, list[dict[str, Any]]]:
        """Start a game with a person in seat 0; returns ``(game_id, token, invites)``
        (:class:`UnavailableError` while the database is away).

        ``opponents`` holding :data:`~doublesix.wire.PERSON` sets a table for people:
        seat 0 is its host (called ``name``), each person seat gets an invitation
        (``invites``: ``{"seat", "code", "url"}``), and the game waits for the host to start
        it."""
        if match is None:
            match = Match(rules, seed=seed)
        token = new_token()
        # Computer seats carry their players' labels, numbered when one comes again.
        computers = faces.name_seats([ai.PLAYERS[kind].label for kind in opponents
                                      if kind != PERSON])
        people = PERSON in opponents
        host = distinct_name(name or HOST_NAME, computers) if people else protocol.YOU
        seats = [Seat(host, HUMAN, digest(token), owner=digest(owner) if people else None)]
        invites: list[dict[str, Any]] = []
        labels = iter(computers)
        for seat, kind in enumerate(opponents, 1):
            if kind == PERSON:
                code = new_invite()
                seats.append(Seat(f"Seat {seat + 1}", HUMAN, invite=code))
                invites.append({"seat": seat, "code": code,
                                "url": protocol.invite_url("", code)})
            else:
                seats.append(Seat(next(labels), kind))
        saved = SavedGame(
            id=new_game_id(),
            owner=digest(owner),
            variant=rules.name,
            seats=seats,
            match=match.to_json(),
            scores=match.scores,
            daily=daily,
            first_attempt=first_attempt,
            table=Table() if people else None,
        )
        for invite in invites:
            invite["url"] = protocol.invite_url(saved.id, invite["code"])
        _finish_columns(saved, match, None)
        await self._store(self.store.insert, saved)
        return saved.id, token, invites

    async def daily(self, owner: str) -> dict[str, Any]:
        """Today's daily game for this browser: its unfinished one, else a new one."""
        today = self.today()
        date = today.isoformat()
        earlier = await self._store(self.store.daily_games, digest(owner), date)
        for saved in earlier:
            if not saved.is_finished:
                try:
                    token = await self._reissue(saved.id)
                except DamagedGameError:
                    continue  # left as it is; deal again (not a first attempt)
                if token is not None:
                    return {"game_id": saved.id, "seat": 0, "token": token, "date": date,
                            "first_attempt": saved.first_attempt}
        match = Match.daily(today)
        game_id, token, _ = await self.create(
            owner, match.rules, (DAILY_OPPONENT,), daily=date,
            first_attempt=not earlier, match=match,
        )
        return {"game_id": game_id, "seat": 0, "token": token, "date": date,
                "first_attempt": not earlier}

    async def _reissue(self, game_id: str) -> str | None:
        """A fresh token for seat 0 of a stored game (the old one stops working)."""
        game = await self._get(game_id)
        token = new_token()
        try:
            async with game.lock:
                if game.is_over:
                    return None
                seat = game.saved.seats[0]
                old_hash, seat.token_hash = seat.token_hash, digest(token)
                try:
                    ok = await self._save(game)
                except Exception:
                    seat.token_hash = old_hash
                    raise
                if not ok:
                    seat.token_hash = old_hash
                    return None
                self._close_stale_seats(game)
        finally:
            self._forget_if_idle(game)
        return token

    @staticmethod
    def _close_stale_seats(game: Game) -> None:
        """Close the connections whose seat's token changed (the game opened elsewhere)."""
        for connection in list(game.connections):
            held = game.saved.seats[connection.seat].token_hash
            if held is not None and connection.token_hash not in (None, held):
                connection.send({"type": "error", "message": "this game was opened elsewhere"})
                connection.close()

    # -- finding --------------------------------------------------------------------------

    def live(self, game_id: str) -> Game | None:
        """The game if it is in memory (someone connected or a computer thinking), else None."""
        return self._live.get(game_id)

    async def _get(self, game_id: str) -> Game:
        game = self._live.get(game_id)
        if game is not None:
            return game
        loading = self._loading.get(game_id)
        if loading is not None:
            game = await asyncio.shield(loading)
            if self._live.get(game_id) is game:
                return game
            # The one that loaded it had no more use for it and dropped it before this caller
            # ran again: load it again, so that everyone holds the one live copy.
            return await self._get(game_id)
        future: asyncio.Future[Game] = asyncio.get_running_loop().create_future()
        self._loading[game_id] = future
        try:
            saved = await self._store(self.store.load, game_id)
            if saved is None:
                raise GameNotFoundError(game_id)
            game = self._live.get(game_id) or _game(saved)
            game.handover_after = self.settings.handover_after
            game.presence_ttl = 3 * self.settings.presence_interval
            self._live[game_id] = game
            if game.saved.table is not None:  # who is at this table in other processes?
                self._announce(presence_payload(game_id, None, self.store.origin))
            future.set_result(game)
            return game
        except BaseException as error:
            future.set_exception(error)
            future.exception()  # retrieved: nobody else may be waiting
            raise
        finally:
            del self._loading[game_id]

    def _forget_if_idle(self, game: Game) -> None:
        """Drop a game from memory once nobody is connected and no computer is thinking."""
        busy = (game.task is not None and not game.task.done()) or game.lock.locked()
        if not game.connections and not busy and self._live.get(game.id) is game:
            del self._live[game.id]
            if game.takeover is not None:
                game.takeover.cancel()

    # -- connections ----------------------------------------------------------------------

    async def connect(
        self, game_id: str, token: str, address: str = "", with_view: bool = False
    ) -> tuple[Game, Connection]:
        """Seat a connection by its token and send it the picture; computers then play on.

        A seat holding ``sockets_per_seat`` sockets already has its oldest closed (4429)."""
        game = await self._get(game_id)
        seat = game.seat_of(token)
        if seat is None:
            self._forget_if_idle(game)
            raise ForbiddenError(game_id)
        connection = Connection(seat, address)
        connection.with_view = with_view
        arriving = seat not in game.present()
        connection.token_hash = game.saved.seats[seat].token_hash
        # Joined at once (no await since _get), so the game cannot be dropped from memory
        # between being found and being joined.
        game.connections.append(connection)
        same_seat = [c for c in game.connections if c.seat == seat and not c.closed]
        for old in same_seat[: max(0, len(same_seat) - max(1, self.settings.sockets_per_seat))]:
            old.send({"type": "error", "message": "this seat is open in too many places: "
                      "this one is closed"})
            old.close(4429)
        if not game.saving:
            async with game.lock:
                arrived = await self._arrived(game, seat) if arriving else None
                game.send_state(connection)
                if game.saved.table is not None:
                    game.tell_table(arrived, about=seat)
                    self._say_presence(game)
        else:  # the change waiting for the database is not shown: the last saved picture is
            connection.send({"type": "state", "state": pictures.picture(
                Match.from_json(game.saved.match), _info(game.saved), seat, with_view)})
            connection.send(_notice("saving-failed", SAVING_FAILED))
        self._advance(game)
        return game, connection

    async def _arrived(self, game: Game, seat: int) -> str | None:
        """A person's socket opened at a table: they are back (their stand-in leaves).  What
        the others are told (None: nothing, on a first visit)."""
        if game.saved.table is None:
            return None
        held = game.saved.seats[seat]
        back = game.returned(seat)
        text = None
        if held.stand_in is not None:
            stand_in = ai.PLAYERS[held.stand_in].label
            try:
                await self._change_table(game, lambda: setattr(held, "stand_in", None))
                text = f"{held.name} takes the seat back from {stand_in}."
            except NotNowError:
                log.warning("game %s: %s's stand-in could not leave", game.id, held.name)
        elif back:
            text = f"{held.name} is back."
        return text

    def disconnect(self, game: Game, connection: Connection) -> None:
        """Forget a connection (its socket closed); at a table, a person whose last socket
        closed has left it, and the others are told."""
        connection.close()
        if connection in game.connections:
            game.connections.remove(connection)
            seat = connection.seat
            if (game.saved.table is not None and not self._closing
                    and self._live.get(game.id) is game):
                if not game.connected(seat):
                    game.went_away(seat)
                    self._left(game)
                self._say_presence(game)
        self._forget_if_idle(game)

    def _left(self, game: Game) -> None:
        """After a person left a table: a finished one may now play again."""
        if game.is_over and game.saved.table is not None and game.saved.table.again:
            self._spawn(self._left_finished_table(game))

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` in the background, holding on to its task until it ends."""
        task = asyncio.get_running_loop().create_task(work)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    # -- presence across server processes (PostgreSQL) ------------------------------------

    def _announce(self, payload: str) -> None:
        """Notify the other server processes, in the background (a lost note is made good
        by the next reminder)."""
        if not self.store.notifies or self._closing:
            return

        async def send() -> None:
            with contextlib.suppress(Exception):
                await self._store(self.store.announce, payload)

        self._spawn(send())

    def _say_presence(self, game: Game) -> None:
        """Tell the other processes which seats of this table have a socket here."""
        self._announce(presence_payload(game.id, game.here(), self.store.origin))

    async def _remind(self) -> None:
        """Every ``presence_interval`` seconds, say who is at each table here (a process
        that stops saying so is taken to be gone after three intervals)."""
        while not self._closing:
            await asyncio.sleep(self.settings.presence_interval)
            for game in list(self._live.values()):
                if game.saved.table is not None and game.here():
                    self._say_presence(game)

    def _heard_presence(self, payload: str) -> None:
        """Another process said who is at one of its tables, or asked: bring the table's
        presence up to date and tell this process's sockets who came and went."""
        note = presence_note(payload)
        if note is None:
            return
        game_id, seats, origin = note
        game = self._live.get(game_id)
        if origin == self.store.origin or game is None or game.saved.table is None:
            return
        if seats is None:
            self._say_presence(game)
            return
        before = game.present()
        game.remote[origin] = (seats, time.monotonic())
        after = game.present()
        for seat in sorted(after - before):
            name = game.saved.seats[seat].name
            game.tell_table(f"{name} is back." if game.returned(seat) else None, about=seat)
        for seat in sorted(before - after):
            game.went_away(seat)
        if before - after:
            self._left(game)

    # -- messages -------------------------------------------------------------------------

    async def handle(self, game: Game, connection: Connection, text: str | bytes) -> None:
        """One message from a seat's connection: act on it, or answer an ``error``."""
        try:
            if connection.over_rate(self.settings.messages_per_10s):
                connection.send({"type": "error", "message": "too many messages: this "
                                 "connection is closed"})
                connection.close(4429)
                return
            message = protocol.parse_message(
                text, self.settings.max_message, self.settings.max_json_depth
            )
            if game.saving:
                raise NotNowError(f"{SAVING_FAILED} Nothing else is done until it is saved.")
            if message.kind == "hint":
                await self._hint(game, connection)
                return
            async with game.lock:
                if connection.closed:
                    raise ProtocolError("this connection is closed")
                if message.kind in ("start", "seat", "again"):
                    await self._table_act(game, connection.seat, message)
                else:
                    await self._act(game, connection.seat, message)
        except (ProtocolError, IllegalMoveError, MatchStateError, NotNowError,
                TooManyError) as error:
            connection.send({"type": "error", "message": str(error)})
            return
        self._advance(game)

    async def _act(self, game: Game, seat: int, message: protocol.ClientMessage) -> None:
        if game.is_over:
            raise NotNowError("the game is over")
        if game.info.waiting:
            raise NotNowError("the game has not started: the host starts it once every seat "
                              "is taken")
        match = game.match
        before = len(match.history)
        if message.kind == "play":
            if match.turn != seat:
                raise NotNowError("it is not your turn")
            match.play(message.move or "")
            events = match.history[before:]
        elif message.kind == "next":
            if match.hand_result is None:
                raise NotNowError("the hand is still in play")
            match.next_hand()
            events = match.history[before:]
        elif message.kind == "resign":
            game.info.resigned = seat
            events = [pictures.resign_event()]
        else:  # pragma: no cover - parse_message admits nothing else
            raise ProtocolError(f"unknown message type {message.kind!r}")
        await self._commit(game, events)

    # -- tables for people ----------------------------------------------------------------

    async def _table_act(
        self, game: Game, seat: int, message: protocol.ClientMessage
    ) -> None:
        """``start``, ``seat`` and ``again`` (``docs/protocol.md``, "Tables for people")."""
        table = game.saved.table
        if table is None:
            raise NotNowError(f"{message.kind} is for tables with people")
        seats = game.saved.seats
        if message.kind == "again":
            await self._again(game, seat)
            return
        if seat != table.host:
            raise NotNowError("only the host can start the game or change its seats")
        if message.kind == "start":
            if table.stage != WAITING:
                raise NotNowError("the game has already started")
            if not all(held.joined for held in seats):
                raise NotNowError("every seat must be taken first: wait for the people you "
                                  "invited, or give their seats to computer players")
            await self._change_table(game, lambda: setattr(table, "stage", STARTED))
            game.tell_table("The game starts.")
            for connection in game.connections:
                game.send_state(connection)
            return
        target, player = message.seat, message.player
        assert target is not None and player is not None
        if target >= len(seats) or target == table.host or seats[target].kind != HUMAN:
            raise NotNowError("only the seat of a person you invited can be given to a "
                              "computer player")
        held = seats[target]
        label = ai.PLAYERS[player].label
        if table.stage == WAITING:
            if held.joined:
                raise NotNowError(f"{held.name} has taken that seat")
            name = distinct_name(label, [s.name for i, s in enumerate(seats) if i != target])

            def give() -> None:
                held.kind, held.name = player, name

            await self._change_table(game, give)
            game.tell_table(f"Seat {target + 1} is now {name}.")
            return
        if game.is_over:
            raise NotNowError("the game is over")
        if game.connected(target) or held.stand_in is not None:
            raise NotNowError(f"{held.name} is at the table")
        game.refresh_presence()
        away = game.info.table.away.get(target, 0) if game.info.table else 0
        if away < self.settings.handover_after:
            raise NotNowError(f"{held.name} has been away {away} seconds: a computer may play "
                              f"for them after {self.settings.handover_after:g}")
        await self._change_table(game, lambda: setattr(held, "stand_in", player))
        game.tell_table(f"{label} plays for {held.name} until {held.name} is back.")

    async def _change_table(self, game: Game, change: Callable[[], None]) -> None:
        """Make ``change`` to the saved seats or table and save it; if it cannot be saved it
        is undone and :class:`NotNowError` says so."""
        saved = game.saved
        before = copy.deepcopy((saved.seats, saved.table))
        change()
        try:
            ok = await self._save(game)
        except UnavailableError:
            saved.seats, saved.table = before
            raise NotNowError("the games database is not answering: try again in a few "
                              "seconds") from None
        except Exception:
            saved.seats, saved.table = before
            raise
        if not ok:
            saved.seats, saved.table = before
            await self._reload(game)
            raise NotNowError("the table changed meanwhile: try again")
        game.refresh()

    async def _again(self, game: Game, seat: int) -> None:
        """A person asks to play again; once every person at the table (with a socket open)
        has, a new game with the same seats starts and everyone is sent to it."""
        table = game.saved.table
        assert table is not None
        if not game.is_over:
            raise NotNowError("play again once the game is over")
        if table.next_game is not None:
            game.tell({"type": "again", "game_id": table.next_game})
            return
        held = game.saved.seats[seat]
        if seat not in table.again:
            await self._change_table(game, lambda: table.again.append(seat))
        game.tell_table(f"{held.name} wants to play again.", about=seat)
        await self._play_again_if_agreed(game)

    async def _play_again_if_agreed(self, game: Game) -> None:
        """Once every person at the finished table (with a socket open anywhere) has asked to
        play again, and someone has, start a new game with the same seats and send everyone
        to it.  Checked when someone asks, and when someone leaves without asking."""
        table = game.saved.table
        if table is None or not game.is_over or table.next_game is not None or not table.again:
            return
        present = {i for i, s in enumerate(game.saved.seats)
                   if s.kind == HUMAN and game.connected(i)}
        if not present <= set(table.again):
            return
        old = game.saved
        match = Match(game.match.rules)
        seats = [Seat(s.name, s.kind, s.token_hash, owner=s.owner) for s in old.seats]
        new = SavedGame(id=new_game_id(), owner=old.owner, variant=old.variant, seats=seats,
                        match=match.to_json(), scores=match.scores,
                        table=Table(host=table.host, stage=STARTED, previous=old.id))
        _finish_columns(new, match, None)
        try:
            await self._store(self.store.insert, new)
            for i, s in enumerate(seats):
                if s.owner is not None and i != table.host:
                    await self._store(self.store.add_seat_owner, new.id, i, s.owner)
        except UnavailableError:
            raise NotNowError("the games database is not answering: try again in a few "
                              "seconds") from None
        await self._change_table(game, lambda: setattr(table, "next_game", new.id))
        game.tell({"type": "again", "game_id": new.id})

    async def _left_finished_table(self, game: Game) -> None:
        """Someone left a finished table: if everyone still there has asked to play again,
        the new game starts now."""
        async with game.lock:
            try:
                await self._play_again_if_agreed(game)
            except NotNowError as error:
                log.warning("game %s: playing again failed: %s", game.id, error)

    def _invited(self, game: Game, code: str) -> int:
        """The seat an invitation code opens (:class:`GameNotFoundError` if none)."""
        for seat, held in enumerate(game.saved.seats):
            if held.invite is not None and hmac.compare_digest(held.invite, code):
                return seat
        raise GameNotFoundError(game.id)

    async def invitation(self, owner: str, game_id: str, code: str) -> dict[str, Any]:
        """``GET /api/join/{game_id}/{code}``: the table as its invitation shows it."""
        game = await self._get(game_id)
        try:
            seat = self._invited(game, code)
            held = game.saved.seats[seat]
            game.refresh_presence()
            table = game.info.table
            assert table is not None
            return {
                "game_id": game.id,
                "seat": seat,
                "rules": pictures.rules_json(game.match.rules),
                "table": table.to_json(seat, game.id, game.is_over),
                "taken": held.kind != HUMAN or held.token_hash is not None,
                "yours": held.owner == digest(owner),
                "over": game.is_over,
            }
        finally:
            self._forget_if_idle(game)

    async def join(
        self, owner: str, game_id: str, code: str, name: str
    ) -> tuple[int, str, bool]:
        """Take the seat of an invitation: ``(seat, token, first)``.  The browser that took it
        gets a fresh token again (``first`` False); anyone else :class:`NotNowError`."""
        game = await self._get(game_id)
        mine = digest(owner)
        try:
            async with game.lock:
                seat = self._invited(game, code)
                held = game.saved.seats[seat]
                if game.is_over:
                    raise NotNowError("the game is over")
                if held.kind != HUMAN:
                    raise NotNowError("the host gave this seat to a computer player")
                first = held.token_hash is None
                if not first and held.owner != mine:
                    raise NotNowError("this invitation has been used: its seat is taken")
                token = new_token()
                others = [s.name for i, s in enumerate(game.saved.seats)
                          if i != seat and s.joined]

                def take() -> None:
                    if first:
                        held.name, held.owner = distinct_name(name, others), mine
                    held.token_hash = digest(token)

                await self._change_table(game, take)
                if first:
                    game.away_since[seat] = time.monotonic()
                    game.tell_table(f"{held.name} has joined the table.", about=seat)
                    for connection in game.connections:
                        game.send_state(connection)
                else:
                    self._close_stale_seats(game)
            if first:
                with contextlib.suppress(UnavailableError):
                    await self._store(self.store.add_seat_owner, game.id, seat, mine)
        finally:
            self._forget_if_idle(game)
        return seat, token, first

    async def _commit(self, game: Game, events: list[Event]) -> None:
        """Save the game, then broadcast ``events``.

        While the database is away nobody hears of the change: everyone at the table is told
        "Saving failed; trying again", and the save is tried again (a quarter second, half a
        second, ... at most ``save_retry_max`` apart) until it succeeds, the server stops, or
        ``save_give_up`` seconds pass (then the change is undone).  A save refused because
        another server saved first reloads the game and raises :class:`NotNowError`."""
        delay = 0.25
        started = time.monotonic()
        failed = False
        while True:
            try:
                ok = await self._save(game)
                break
            except UnavailableError as error:
                if not failed:
                    failed = True
                    game.saving = True
                    log.warning("could not save game %s (%s): trying again", game.id, error)
                    game.tell(_notice("saving-failed", SAVING_FAILED))
                if self._closing or time.monotonic() - started > self.settings.save_give_up:
                    game.saving = False
                    await self._reload(game)
                    raise NotNowError(
                        "the game could not be saved: the change is undone, try again"
                    ) from None
                await asyncio.sleep(delay)
                delay = min(delay * 2, self.settings.save_retry_max)
            except Exception:
                log.exception("could not save game %s", game.id)
                ok = False
                break
        if failed:
            game.saving = False
            if not ok and await self._saved_after_all(game):
                ok = True
            if ok:
                log.warning("game %s saved again", game.id)
                game.tell(_notice("saved", SAVED_AGAIN))
        if not ok:
            await self._reload(game)
            raise NotNowError("the game could not be saved (or changed elsewhere): try again")
        game.broadcast(events)

    async def _saved_after_all(self, game: Game) -> bool:
        """Whether a save that seemed to fail (the connection dropped as it committed) is in
        the database after all; if so the game takes the stored revision."""
        try:
            stored = await self._store(self.store.load, game.id)
        except Exception:
            return False
        if stored is None or stored.match != game.match.to_json() or (
            stored.resigned != game.info.resigned
        ):
            return False
        game.saved = stored
        game.info.revision = stored.revision
        return True

    async def _save(self, game: Game) -> bool:
        saved = game.saved
        previous = (saved.match, saved.scores, saved.status, saved.resigned, saved.winner,
                    saved.revision)
        saved.match = game.match.to_json()
        _finish_columns(saved, game.match, game.info.resigned)
        saved.revision += 1
        try:
            ok = await self._store(self.store.update, saved)
        except Exception:
            (saved.match, saved.scores, saved.status, saved.resigned, saved.winner,
             saved.revision) = previous
            raise
        if not ok:
            (saved.match, saved.scores, saved.status, saved.resigned, saved.winner,
             saved.revision) = previous
        game.info.revision = saved.revision
        return ok

    async def _reload(self, game: Game) -> None:
        """Make the game what the database holds (what was last saved, if it cannot be read),
        and tell every connection."""
        try:
            stored = await self._store(self.store.load, game.id)
        except Exception as error:
            log.warning("could not reload game %s: %s", game.id, error)
            stored = None
        if stored is not None:
            game.saved = stored
        game.match = Match.from_json(game.saved.match)
        game.info = _info(game.saved)
        game.refresh_presence()
        for connection in game.connections:
            game.send_state(connection)

    async def _hint(self, game: Game, connection: Connection) -> None:
        """The expert's suggestion for this seat: at most ``hints_per_minute`` asked per seat;
        one search per position, however many sockets ask."""
        seat = connection.seat
        now = time.monotonic()
        times = game.hint_times.setdefault(seat, collections.deque())
        while times and times[0] < now - 60:
            times.popleft()
        if len(times) >= self.settings.hints_per_minute:
            raise TooManyError(
                f"at most {self.settings.hints_per_minute} hints a minute: wait a little"
            )
        async with game.lock:
            if game.is_over or game.match.turn != seat:
                raise NotNowError("a hint is only for your turn")
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
            raise NotNowError("the hint could not be worked out: try again") from None
        connection.send(answer)

    async def _search_hint(self, view: View, seed: int) -> Message:
        suggestion = await self.searchers.run(suggest, view, seed, self.hint_options)
        move: Move = suggestion.move
        return {"type": "hint", **pictures.move_json(move), "reason": suggestion.reason}

    # -- computer players -----------------------------------------------------------------

    def _advance(self, game: Game) -> None:
        """Let the computer seats play until a person is to move (in the background)."""
        if game.takeover is not None:
            game.takeover.cancel()
            game.takeover = None
        if self._closing or (game.task is not None and not game.task.done()):
            return
        if game.computer_to_move() is None:
            return
        game.task = asyncio.create_task(self._play_computers(game))
        game.task.add_done_callback(lambda _task: self._forget_if_idle(game))

    async def _play_computers(self, game: Game) -> None:
        while True:
            async with game.lock:
                if game.takeover is not None:
                    return  # another process is playing them (it saved the last change)
                seat = game.computer_to_move()
                if seat is None:
                    return
                match = game.match
                view = match.view(seat)
                rng = move_rng(match.seed, match.hand_number, seat, len(match.history))
                daily = game.saved.daily is not None
                revision = game.saved.revision
                kind = game.player_at(seat)
                if kind != HUMAN:
                    game.tell({"type": "thinking", "seat": seat})
            try:
                if kind == HUMAN:  # a person's forced pass
                    move = Move.pass_()
                else:
                    move = await self.searchers.run(
                        Games._choose, kind, view, rng, daily, deep=kind in SEARCHING
                    )
            except Exception:
                log.exception("%s failed to choose in game %s", kind, game.id)
                move = view.legal_moves()[0]
            async with game.lock:
                if game.saved.revision != revision or game.computer_to_move() != seat:
                    continue  # the game changed while it thought (a resignation, a reload)
                before = len(game.match.history)
                try:
                    game.match.play(move)
                except IllegalMoveError:
                    log.exception("%s chose an illegal move %s in game %s", kind, move, game.id)
                    game.match.play(game.match.legal_moves()[0])
                try:
                    await self._commit(game, game.match.history[before:])
                    continue
                except NotNowError:
                    # Another process saved first (the game was reloaded), or saving was
                    # given up.  Where processes share the database, the one that saved plays
                    # on; this one takes over only if that one stops.
                    if self.store.notifies:
                        self._wait_for_takeover(game)
                        return
            if self._closing:
                return
            await asyncio.sleep(0.25)

    @staticmethod
    def _choose(kind: str, view: View, rng: random.Random, daily: bool = False) -> Move:
        """A computer seat's move (in a search process: a new player each time, so players
        never share state)."""
        return choose_move(kind, view, rng, daily)

    # -- other processes' saves (PostgreSQL) ----------------------------------------------

    def _heard(self, game_id: str, revision: int, origin: str) -> None:
        """Another process saved ``game_id`` at ``revision``: bring this process's copy up to
        date and tell its sockets."""
        game = self._live.get(game_id)
        if origin == self.store.origin or game is None or revision <= game.saved.revision:
            return
        asyncio.get_running_loop().create_task(self._catch_up(game))

    async def _reload_all(self) -> None:
        """After the listener was away: catch up every game in memory."""
        for game in list(self._live.values()):
            await self._catch_up(game)

    async def _catch_up(self, game: Game) -> None:
        async with game.lock:
            try:
                stored = await self._store(self.store.load, game.id)
            except Exception as error:
                log.warning("could not catch up game %s: %s", game.id, error)
                return
            if stored is None or stored.revision <= game.saved.revision:
                return
            try:
                match = Match.from_json(stored.match)
            except ValueError:
                return
            old = game.match
            events: list[Event] = []
            if match.history[: len(old.history)] == old.history:
                events = list(match.history[len(old.history):])
            if stored.resigned is not None and game.info.resigned is None:
                events.append(pictures.resign_event())
            before = game.saved.table
            game.saved, game.match, game.info = stored, match, _info(stored)
            game.refresh_presence()
            self._close_stale_seats(game)
            if stored.table is not None and stored.table.next_game is not None and (
                before is None or before.next_game is None
            ):
                game.tell({"type": "again", "game_id": stored.table.next_game})
            if events:
                game.broadcast(events)
            else:
                for connection in game.connections:
                    game.send_state(connection)
        # The process that made the change plays the computers' turns; if it stops, this one
        # takes over after a while.
        self._wait_for_takeover(game)

    def _wait_for_takeover(self, game: Game) -> None:
        """Play the computers' turns here only if the game has not changed for
        ``takeover_seconds`` (another process plays them while it is alive)."""
        if game.computer_to_move() is None or self._closing:
            return
        if game.takeover is not None:
            game.takeover.cancel()
        game.takeover = asyncio.get_running_loop().call_later(
            self.settings.takeover_seconds, self._take_over, game, game.saved.revision
        )

    def _take_over(self, game: Game, revision: int) -> None:
        game.takeover = None
        if game.saved.revision == revision and self._live.get(game.id) is game:
            self._advance(game)

    # -- finished games -------------------------------------------------------------------

    async def record(self, game_id: str, token: str) -> dict[str, Any]:
        """The finished game's record for its person (``ForbiddenError``, ``NotNowError``)."""
        game = self._live.get(game_id)
        if game is not None:
            saved = game.saved
        else:
            stored = await self._store(self.store.load, game_id)
            if stored is None:
                raise GameNotFoundError(game_id)
            saved = stored
        if seat_holding(saved, token) is None:
            raise ForbiddenError(game_id)
        if not saved.is_finished:
            raise NotNowError("the game is still going on: its record is ready once it is over")
        info = _info(saved)
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
            "match": _match_json(saved),
        }

    async def statistics(self, owner: str) -> dict[str, Any]:
        """``GET /api/stats`` for this browser."""
        mine = digest(owner)
        games = await self._store(self.store.finished_games, mine)
        finished = []
        for g in games:
            seat = g.seat_of_owner(mine) or 0
            finished.append(Finished(
                variant=g.variant,
                opponents=tuple(PERSON if s.kind == HUMAN else s.kind
                                for i, s in enumerate(g.seats) if i != seat),
                won=g.resigned is None and _won(g, seat),
                score=g.scores[seat],
                daily=g.daily,
                first_attempt=g.first_attempt,
            ))
        return statistics(finished, self.today())

    async def close(self) -> None:
        """Stop every computer player's task and the listener (the server is shutting down)."""
        self._closing = True
        if self._beat is not None:
            self._beat.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._beat
            self._beat = None
        if self.listener is not None:
            await self.listener.stop()
            self.listener = None
        tasks = [g.task for g in self._live.values() if g.task is not None and not g.task.done()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        for game in self._live.values():
            if game.takeover is not None:
                game.takeover.cancel()
            for connection in game.connections:
                connection.close()
        self._live.clear()
        self.searchers.close()
        if self._db is not None:
            self._db.shutdown(wait=False)
            self._db = None


def _won(saved: SavedGame, seat: int) -> bool:
    """Whether ``seat`` won the finished game (under teams, its partner's win is its own)."""
    if saved.winner is None:
        return False
    if saved.winner == seat:
        return True
    try:
        teams = bool(json.loads(saved.match)["rules"].get("teams"))
    except (ValueError, KeyError, TypeError, AttributeError):
        return False
    return teams and saved.winner % 2 == seat % 2


def _notice(kind: str, text: str) -> Message:
    """A ``notice`` message: something everyone at the table is told in words."""
    return {"type": "notice", "notice": kind, "message": text}


def _finish_columns(saved: SavedGame, match: Match, resigned: int | None) -> None:
    """Fill the columns the statistics read from the match."""
    saved.scores = match.scores
    saved.resigned = resigned
    if resigned is not None:
        saved.status, saved.winner = RESIGNED, None
    elif match.is_over:
        saved.status, saved.winner = OVER, match.winner
    else:
        saved.status, saved.winner = PLAYING, None
