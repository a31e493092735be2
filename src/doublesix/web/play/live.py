"""A live game and its sockets: the games of one server process that are in memory.

A :class:`Game` is a stored game being played here: the referee's match, the seats, and the
:class:`Connection` of each socket holding a seat; it sends every connection its seat's own
picture.  :class:`LiveGames` keeps the games that have a connection (or a computer thinking)
in memory, one copy each, and forgets a game once nobody needs it.

>>> connection = Connection(1)
>>> connection.send({"type": "hint"}); connection.close(4429)
>>> connection.outbox.qsize(), connection.closed, connection.close_code
(2, True, 4429)
"""

from __future__ import annotations

import asyncio
import collections
import functools
import hmac
import json
import logging
import secrets
import time
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any, Final

from doublesix.engine.events import Event
from doublesix.engine.match import Match
from doublesix.engine.moves import Move
from doublesix.engine.state import State
from doublesix.protocol.wire import HUMAN, WAITING
from doublesix.web.play import pictures, watching
from doublesix.web.play.encoded import Encoded
from doublesix.web.play.gameinfo import GameInfo, TableInfo, TableSeat
from doublesix.web.routes.errors import DamagedGameError, GameNotFoundError
from doublesix.web.storage.store import SavedGame, digest
from doublesix.words import i18n, refusals, tabletalk
from doublesix.words.i18n import _
from doublesix.words.talk import NOBODY

log = logging.getLogger("doublesix.web")

#: The line of a game's stored ``moves`` that deals the next hand (the others are moves).
NEXT_HAND: Final = "next"
#: How many messages may wait for a slow connection before it is dropped.
OUTBOX_LIMIT: Final = 1000

Message = dict[str, Any]
#: Words said when called, in the language of that moment (each reader's: :meth:`Game.tell_table`).
Said = Callable[[], str]


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


def notice(kind: str, text: str) -> Message:
    """A ``notice`` message: something everyone at the table is told in words.

    >>> notice("saved", "Saved.")
    {'type': 'notice', 'notice': 'saved', 'message': 'Saved.'}
    """
    return {"type": "notice", "notice": kind, "message": text}


class Connection:
    """One WebSocket (or test double) holding a seat, or watching (a watcher's ``seat`` is the
    one shown at the bottom of its table, which it does not hold; it is kept in
    :attr:`Game.watchers`, never in :attr:`Game.connections`): an outbox the socket's writer
    drains."""

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
        #: Whether it watches (sent the watchers' pictures; it holds no seat).
        self.watching = False
        #: The language of its person: everything the table sends it is said in it (the
        #: language its socket was opened in, :func:`doublesix.words.i18n.current`).
        self.language = i18n.current()

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
    #: The sockets watching the table here: each is sent the one watcher's picture
    #: (:mod:`doublesix.web.play.watching`), never a seat's.
    watchers: list[Connection] = field(default_factory=list)
    #: While the players are told how many watch at most once a second: the timer, and
    #: whether the count changed meanwhile.
    watchers_timer: asyncio.TimerHandle | None = None
    watchers_late: bool = False
    task: asyncio.Task[None] | None = None
    #: True while a change waits for the database (everyone was told "Saving failed").
    saving: bool = False
    #: Each seat's recent hint requests (times), and the hints of the newest positions.
    hint_times: dict[int, collections.deque[float]] = field(default_factory=dict)
    hints: dict[tuple[int, int], asyncio.Future[Any]] = field(default_factory=dict)
    #: How many of the coach's judgements are under way (:mod:`~doublesix.web.play.coaching`):
    #: the computers wait for them.
    coaching: int = 0
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
    #: with a socket open, how many watch there, and when it last said so
    #: (``time.monotonic``); trusted for ``presence_ttl`` seconds.
    remote: dict[str, tuple[frozenset[int], int, float]] = field(default_factory=dict)
    presence_ttl: float = 30.0
    #: The match's state when it was last saved or loaded (a save writes the match only
    #: when it changed since).
    saved_state: State | None = None
    #: The pictures sent since the game last changed, by seat, ``with_view`` and language
    #: (:meth:`picture`), and what they were built from.
    _pictures: dict[tuple[int, bool, str], Message] = field(default_factory=dict)
    _pictured: tuple[tuple[Any, ...], tuple[Any, ...]] | tuple[()] = ()

    @property
    def id(self) -> str:
        """The game's id."""
        return self.saved.id

    @property
    def is_over(self) -> bool:
        """Whether the game has ended (decided, or a person resigned)."""
        return self.match.is_over

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
        for held, _watching, heard in self.remote.values():
            if now - heard <= self.presence_ttl:
                seats |= held
        return frozenset(seats)

    def watching_here(self) -> int:
        """How many sockets watch the table in this process."""
        return sum(1 for c in self.watchers if not c.closed)

    def watching(self) -> int:
        """How many sockets watch the table in every server process (as last heard)."""
        now = time.monotonic()
        return self.watching_here() + sum(
            count for _held, count, heard in self.remote.values()
            if now - heard <= self.presence_ttl)

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
        self.tell_table(functools.partial(tabletalk.left, self.saved.seats[seat].name),
                        about=seat)

    def refresh(self) -> None:
        """Rebuild :attr:`info` from the saved game (names, kinds, the table), with who is
        connected here now."""
        self.info = game_info(self.saved)
        self.refresh_presence()

    def refresh_presence(self) -> None:
        """Bring the table's ``connected`` and ``away`` up to date."""
        table = self.info.table
        if table is None:
            return
        now = time.monotonic()
        table.connected = set(self.present())
        table.watchers = self.watching()
        table.handover_after = self.handover_after
        table.away = {seat: int(now - since) for seat, since in self.away_since.items()}

    def picture(self, seat: int, with_view: bool = False, language: str | None = None) -> Message:
        """Seat ``seat``'s picture now (:func:`doublesix.web.play.pictures.picture`), its
        sentences in ``language`` (None: the current one): built once for each seat and
        language while the game stays as it is (its match, revision, seats and table, and who
        is at the table), then sent as it is, and encoded once (:class:`Encoded`).  It must not
        be changed."""
        language = language or i18n.current()
        table = self.info.table
        objects = (self.match, self.match.state, self.info)
        values = (self.match.resigned, self.info.revision,
                  None if table is None else (frozenset(table.connected),
                                              tuple(table.away.items()), table.handover_after,
                                              table.watchers))
        pictured = self._pictured
        if not pictured or any(a is not b for a, b in zip(objects, pictured[0], strict=True)) \
                or values != pictured[1]:
            self._pictures = {}
            self._pictured = (objects, values)
        key = (seat, with_view, language)
        shown = self._pictures.get(key)
        if shown is None:
            with i18n.using(language):
                shown = self._pictures[key] = Encoded(
                    watching.picture(self.match, self.info) if seat == NOBODY
                    else pictures.picture(self.match, self.info, seat, with_view))
        return shown

    def watcher_picture(self, language: str | None = None) -> Message:
        """The picture every watcher reading ``language`` is sent now
        (:func:`doublesix.web.play.watching.picture`), built and encoded once for them all
        while the game stays as it is (as :meth:`picture`)."""
        return self.picture(NOBODY, language=language)

    def send_state(self, connection: Connection) -> None:
        """Send one connection its seat's whole picture (a watcher, the watcher's), in its
        language."""
        self.refresh_presence()
        shown = self.watcher_picture(connection.language) if connection.watching \
            else self.picture(connection.seat, connection.with_view, connection.language)
        connection.send({"type": "state", "state": shown})

    def send_states(self) -> None:
        """Send every socket here its whole picture: each seat its own, the watchers theirs."""
        for _seat, connection in self.audience():
            self.send_state(connection)

    def audience(self) -> list[tuple[int, Connection]]:
        """Every socket here with the seat whose sentences it is sent: each connection's own,
        :data:`~doublesix.words.talk.NOBODY` for each watcher."""
        return [(c.seat, c) for c in self.connections] + [(NOBODY, c) for c in self.watchers]

    def tell_table(self, text: Said | None, about: int | None = None) -> None:
        """Send every connection the table as its seat sees it, with ``text`` said in its
        language (to all but the seat ``about``, whom it concerns); the sockets of one seat
        and language share one message."""
        table = self.info.table
        if table is None:
            return
        self.refresh_presence()
        told: dict[tuple[int, str], Encoded] = {}
        for seat, connection in self.audience():
            message = told.get((seat, connection.language))
            if message is None:
                with i18n.using(connection.language):
                    message = told[seat, connection.language] = Encoded({
                        "type": "table",
                        "table": table.to_json(seat, self.id, self.is_over),
                        "text": None if seat == about or text is None else text(),
                        "room": pictures.room_json(self.match.rules, table, seat)
                        if table.stage == WAITING and seat != NOBODY else None,
                    })
            connection.send(message)

    def broadcast(self, events: list[Event]) -> None:
        """Send every connection each event, with its seat's picture after them: the sockets
        of one seat and view are sent the same messages, encoded once."""
        self.refresh_presence()
        told: dict[tuple[int, bool, str], list[Encoded]] = {}
        for seat, connection in self.audience():
            view = (seat, connection.with_view and seat != NOBODY, connection.language)
            messages = told.get(view)
            if messages is None:
                shown = self.picture(*view)
                with i18n.using(connection.language):
                    messages = told[view] = [
                        Encoded({
                            "type": "event",
                            "event": pictures.event_json(event, seat),
                            "text": pictures.event_text(event, self.info, seat),
                            "short": pictures.event_short(event, self.info, seat),
                            "state": shown,
                        })
                        for event in events
                    ]
            for message in messages:
                connection.send(message)

    def tell(self, message: Message) -> None:
        """Send every connection the same message (holding nothing private and no words),
        encoded once."""
        shared = message if isinstance(message, Encoded) else Encoded(message)
        for _seat, connection in self.audience():
            connection.send(shared)

    def tell_each(self, message: Callable[[], Message]) -> None:
        """Send every connection the message ``message()`` makes in its language (holding
        nothing private): made and encoded once a language.

        >>> from doublesix.words.i18n import _
        >>> game = Game.__new__(Game); game.connections, game.watchers = [], []
        >>> for language in ("es", "fr", "es"):
        ...     with i18n.using(language):
        ...         game.connections.append(Connection(0))
        >>> game.tell_each(lambda: notice("saved", _("Your turn.")))
        >>> [c.outbox.get_nowait()["message"] for c in game.connections]
        ['Tu turno.', 'À vous de jouer.', 'Tu turno.']
        """
        made: dict[str, Encoded] = {}
        for _seat, connection in self.audience():
            shared = made.get(connection.language)
            if shared is None:
                with i18n.using(connection.language):
                    shared = made[connection.language] = Encoded(message())
            connection.send(shared)

    def close_stale_seats(self) -> None:
        """Close the connections whose seat's token changed (the game opened elsewhere)."""
        for connection in list(self.connections):
            held = self.saved.seats[connection.seat].token_hash
            if held is not None and connection.token_hash not in (None, held):
                with i18n.using(connection.language):
                    connection.send({"type": "error", "message": _(refusals.OPENED_ELSEWHERE)})
                connection.close()


def game_info(saved: SavedGame) -> GameInfo:
    """What the pictures show besides the match."""
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
        created=saved.created.isoformat(timespec="seconds") + "Z",
        revision=saved.revision,
        table=table,
        coached=saved.coached,
    )


def match_json(saved: SavedGame) -> Any:
    """The stored match as JSON data, its moves played (``DamagedGameError`` if it cannot be
    read)."""
    try:
        return json.loads(stored_match(saved).to_json() if saved.moves else saved.match)
    except ValueError as error:
        raise _damaged(saved, error) from None


def stored_match(saved: SavedGame) -> Match:
    """The stored game's match, its ``moves`` played (``ValueError`` if it cannot be read;
    :data:`NEXT_HAND` deals the next hand).  A game resigned before
    the engine kept resignations in its saves (the row's ``resigned`` column only) is resigned
    again here, so it loads as it ended.

    >>> from doublesix import Rules
    >>> from doublesix.web.storage.store import Seat
    >>> old = SavedGame("g", "o", "draw", [Seat("You", "human")],
    ...                 Match(Rules.variant("draw"), seed=1).to_json(), [0, 0], resigned=0)
    >>> match = stored_match(old)
    >>> match.resigned, match.is_over, match.history[-1].kind
    (0, True, 'resign')
    """
    match = Match.from_json(saved.match)
    for number, line in enumerate(saved.moves.splitlines(), 1):
        try:
            if line == NEXT_HAND:
                match.next_hand()
            else:
                match.play(line)
        except ValueError as error:
            raise ValueError(f"corrupt save: move {number} after the match ({line!r}): "
                             f"{error}") from None
    if saved.resigned is not None and match.resigned is None and not match.is_over:
        match.resign(saved.resigned)
    return match


def load_game(saved: SavedGame) -> Game:
    """The stored game, ready to play (``DamagedGameError`` if its match cannot be loaded)."""
    try:
        match = stored_match(saved)
    except ValueError as error:
        raise _damaged(saved, error) from None
    game = Game(saved=saved, match=match, info=game_info(saved), saved_state=match.state)
    if saved.table is not None:  # a person not connected here is away from now on
        now = time.monotonic()
        game.away_since = {seat: now for seat, held in enumerate(saved.seats)
                           if held.kind == HUMAN and held.joined}
    return game


def _damaged(saved: SavedGame, error: ValueError) -> DamagedGameError:
    log.warning("game %s cannot be read: %s", saved.id, error)
    return DamagedGameError(refusals.save_unreadable(error))


class LiveGames:
    """The games in memory in this process, one copy each, found by id.

    ``load`` reads a stored game (None: no such game); ``loaded`` is called once on each game
    brought into memory (settings, presence).  :attr:`closing` is set while the server stops.
    """

    def __init__(
        self,
        load: Callable[[str], Awaitable[SavedGame | None]],
        loaded: Callable[[Game], None],
    ) -> None:
        self._load = load
        self._loaded = loaded
        self._games: dict[str, Game] = {}
        self._loading: dict[str, asyncio.Future[Game]] = {}
        self._background: set[asyncio.Task[None]] = set()
        #: True while the server is shutting down: nothing new is started.
        self.closing = False

    def find(self, game_id: str) -> Game | None:
        """The game if it is in memory, else None."""
        return self._games.get(game_id)

    def holds(self, game: Game) -> bool:
        """Whether ``game`` is this process's live copy of its game."""
        return self._games.get(game.id) is game

    def all(self) -> list[Game]:
        """Every game in memory now."""
        return list(self._games.values())

    async def get(self, game_id: str) -> Game:
        """The live game, loaded if need be (:class:`GameNotFoundError`,
        :class:`DamagedGameError`); callers loading it at once share one copy."""
        game = self._games.get(game_id)
        if game is not None:
            return game
        loading = self._loading.get(game_id)
        if loading is not None:
            game = await asyncio.shield(loading)
            if self._games.get(game_id) is game:
                return game
            # The one that loaded it had no more use for it and dropped it before this caller
            # ran again: load it again, so that everyone holds the one live copy.
            return await self.get(game_id)
        future: asyncio.Future[Game] = asyncio.get_running_loop().create_future()
        self._loading[game_id] = future
        try:
            saved = await self._load(game_id)
            if saved is None:
                raise GameNotFoundError(game_id)
            game = self._games.get(game_id) or load_game(saved)
            self._games[game_id] = game
            self._loaded(game)
            future.set_result(game)
            return game
        except BaseException as error:
            future.set_exception(error)
            future.exception()  # retrieved: nobody else may be waiting
            raise
        finally:
            del self._loading[game_id]

    def forget_if_idle(self, game: Game) -> None:
        """Drop a game from memory once nobody is connected and no computer is thinking."""
        busy = (game.task is not None and not game.task.done()) or game.lock.locked()
        idle = not game.connections and not game.watchers and not busy
        if idle and self._games.get(game.id) is game:
            del self._games[game.id]
            for timer in (game.takeover, game.watchers_timer):
                if timer is not None:
                    timer.cancel()

    def spawn(self, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` in the background, holding on to its task until it ends."""
        task = asyncio.get_running_loop().create_task(work)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def close(self) -> None:
        """Stop every computer player's task and close every connection (the server stops)."""
        self.closing = True
        tasks = [g.task for g in self._games.values() if g.task is not None and not g.task.done()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        for game in self._games.values():
            for timer in (game.takeover, game.watchers_timer):
                if timer is not None:
                    timer.cancel()
            for _seat, connection in game.audience():
                connection.close()
        self._games.clear()
