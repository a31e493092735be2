"""Live games: seats and their connections, people's messages, computer turns, broadcasting.

A :class:`Games` keeps the games that have a connection (or a computer thinking) in memory and
everything else in the :class:`~doublesix.web.store.Store`.  Every change to a game happens
under its lock, is saved before anyone hears of it, and is then sent to every connection as the
seat's own picture.  Computer players and the database run in worker threads
(``asyncio.to_thread``), so the event loop never waits for them.

The server only translates: a message is parsed (:mod:`~doublesix.web.protocol`), the engine
judges it, and an :class:`~doublesix.moves.IllegalMoveError` becomes an ``error`` message.
"""

from __future__ import annotations

import asyncio
import datetime
import hmac
import json
import logging
import random
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final

from doublesix import ai, faces
from doublesix.ai.seeding import DAILY_OPPONENT, hint_seed, move_rng, player_options
from doublesix.events import Event
from doublesix.match import Match, MatchStateError
from doublesix.moves import IllegalMoveError, Move
from doublesix.rules import Rules
from doublesix.view import View
from doublesix.web import protocol
from doublesix.web.protocol import HUMAN, GameInfo, ProtocolError
from doublesix.web.stats import Finished, statistics
from doublesix.web.store import OVER, PLAYING, RESIGNED, SavedGame, Seat, Store, digest

log = logging.getLogger("doublesix.web")

#: How many times in a row a computer's move may fail to save before it stops trying.
SAVE_RETRIES: Final = 3
#: How many messages may wait for a slow connection before it is dropped.
OUTBOX_LIMIT: Final = 1000

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


def new_token() -> str:
    """An unguessable seat token."""
    return secrets.token_urlsafe(24)


def new_game_id() -> str:
    """A new game's id: random, URL-safe."""
    return secrets.token_urlsafe(12)


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

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.outbox: asyncio.Queue[Message | None] = asyncio.Queue()
        self.closed = False

    def send(self, message: Message) -> None:
        """Queue a message; a connection that stopped reading is closed instead."""
        if self.closed:
            return
        if self.outbox.qsize() >= OUTBOX_LIMIT:
            self.close()
            return
        self.outbox.put_nowait(message)

    def close(self) -> None:
        """Tell the writer to stop after what is queued."""
        if not self.closed:
            self.closed = True
            self.outbox.put_nowait(None)


@dataclass(eq=False)
class Game:
    """A game in memory: the referee's match, the seats, and who is connected."""

    saved: SavedGame
    match: Match
    info: GameInfo
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    connections: list[Connection] = field(default_factory=list)
    task: asyncio.Task[None] | None = None

    @property
    def id(self) -> str:
        """The game's id."""
        return self.saved.id

    @property
    def is_over(self) -> bool:
        """Whether the game has ended (decided, or a person resigned)."""
        return protocol.is_over(self.match, self.info)

    def seat_of(self, token: str) -> int | None:
        """The seat this token holds, or None."""
        return seat_holding(self.saved, token)

    def computer_to_move(self) -> int | None:
        """The seat the server moves for now, or None: a computer seat to move, or a person's
        seat whose only move is a pass (a forced pass happens by itself, and is announced)."""
        turn = self.match.turn
        if self.is_over or turn is None:
            return None
        if self.info.kinds[turn] == HUMAN and self.match.legal_moves() != [Move.pass_()]:
            return None
        return turn

    def send_state(self, connection: Connection) -> None:
        """Send one connection its seat's whole picture."""
        connection.send(
            {"type": "state", "state": protocol.picture(self.match, self.info, connection.seat)}
        )

    def broadcast(self, events: list[Event]) -> None:
        """Send every connection each event, with its seat's picture after them."""
        pictures: dict[int, Message] = {}
        for connection in self.connections:
            seat = connection.seat
            if seat not in pictures:
                pictures[seat] = protocol.picture(self.match, self.info, seat)
            for event in events:
                connection.send(
                    {
                        "type": "event",
                        "event": protocol.event_json(event, seat),
                        "text": protocol.event_text(event, self.info, seat),
                        "state": pictures[seat],
                    }
                )

    def tell(self, message: Message) -> None:
        """Send every connection the same message (holding nothing private)."""
        for connection in self.connections:
            connection.send(message)


def _info(saved: SavedGame) -> GameInfo:
    return GameInfo(
        game_id=saved.id,
        names=[seat.name for seat in saved.seats],
        kinds=[seat.kind for seat in saved.seats],
        daily=saved.daily,
        first_attempt=saved.first_attempt,
        resigned=saved.resigned,
        created=saved.created.isoformat(timespec="seconds") + "Z",
        revision=saved.revision,
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
    return Game(saved=saved, match=match, info=_info(saved))


def _damaged(saved: SavedGame, error: ValueError) -> DamagedGameError:
    log.warning("game %s cannot be read: %s", saved.id, error)
    return DamagedGameError(f"this game's save cannot be read: {error}")


class Games:
    """Every game of one server: creating, connecting, playing, saving, statistics.

    ``hint_options`` go to :func:`doublesix.ai.hint`; ``today`` gives the UTC date (the daily
    game's and the streak's calendar).
    """

    def __init__(
        self,
        store: Store,
        *,
        hint_options: dict[str, Any] | None = None,
        today: Callable[[], datetime.date] | None = None,
    ) -> None:
        self.store = store
        self.hint_options = hint_options or {}
        self.today = today or (lambda: datetime.datetime.now(datetime.UTC).date())
        self._live: dict[str, Game] = {}
        self._loading = asyncio.Lock()

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
    ) -> tuple[str, str]:
        """Start a game with a person in seat 0; returns ``(game_id, token)``."""
        if match is None:
            match = Match(rules, seed=seed)
        token = new_token()
        seats = [Seat(protocol.YOU, HUMAN, digest(token))]
        # Computer seats carry their players' labels, numbered when one comes again.
        names = faces.name_seats([ai.PLAYERS[kind].label for kind in opponents])
        seats += [Seat(name, kind) for name, kind in zip(names, opponents, strict=True)]
        saved = SavedGame(
            id=new_game_id(),
            owner=digest(owner),
            variant=rules.name,
            seats=seats,
            match=match.to_json(),
            scores=match.scores,
            daily=daily,
            first_attempt=first_attempt,
        )
        _finish_columns(saved, match, None)
        await asyncio.to_thread(self.store.insert, saved)
        return saved.id, token

    async def daily(self, owner: str) -> dict[str, Any]:
        """Today's daily game for this browser: its unfinished one, else a new one."""
        today = self.today()
        date = today.isoformat()
        earlier = await asyncio.to_thread(self.store.daily_games, digest(owner), date)
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
        game_id, token = await self.create(
            owner, match.rules, (DAILY_OPPONENT,), daily=date,
            first_attempt=not earlier, match=match,
        )
        return {"game_id": game_id, "seat": 0, "token": token, "date": date,
                "first_attempt": not earlier}

    async def _reissue(self, game_id: str) -> str | None:
        """A fresh token for seat 0 of a stored game (the old one stops working)."""
        game = await self._get(game_id)
        token = new_token()
        async with game.lock:
            if game.is_over:
                return None
            seat = game.saved.seats[0]
            old_hash, seat.token_hash = seat.token_hash, digest(token)
            try:
                ok = await self._save(game)
            except Exception:
                log.exception("could not save game %s", game.id)
                ok = False
            if not ok:
                seat.token_hash = old_hash
                return None
            for connection in list(game.connections):
                if connection.seat == 0:
                    connection.send({"type": "error", "message": "this game was opened elsewhere"})
                    connection.close()
        self._forget_if_idle(game)
        return token

    # -- finding --------------------------------------------------------------------------

    def live(self, game_id: str) -> Game | None:
        """The game if it is in memory (someone connected or a computer thinking), else None."""
        return self._live.get(game_id)

    async def _get(self, game_id: str) -> Game:
        game = self._live.get(game_id)
        if game is not None:
            return game
        async with self._loading:
            game = self._live.get(game_id)
            if game is not None:
                return game
            saved = await asyncio.to_thread(self.store.load, game_id)
            if saved is None:
                raise GameNotFoundError(game_id)
            game = _game(saved)
            self._live[game_id] = game
            return game

    def _forget_if_idle(self, game: Game) -> None:
        """Drop a game from memory once nobody is connected and no computer is thinking."""
        busy = game.task is not None and not game.task.done()
        if not game.connections and not busy and self._live.get(game.id) is game:
            del self._live[game.id]

    # -- connections ----------------------------------------------------------------------

    async def connect(self, game_id: str, token: str) -> tuple[Game, Connection]:
        """Seat a connection by its token and send it the picture; computers then play on."""
        game = await self._get(game_id)
        seat = game.seat_of(token)
        if seat is None:
            self._forget_if_idle(game)
            raise ForbiddenError(game_id)
        connection = Connection(seat)
        # Joined at once (no await since _get), so the game cannot be dropped from memory
        # between being found and being joined.
        game.connections.append(connection)
        async with game.lock:
            game.send_state(connection)
        self._advance(game)
        return game, connection

    def disconnect(self, game: Game, connection: Connection) -> None:
        """Forget a connection (its socket closed)."""
        connection.close()
        if connection in game.connections:
            game.connections.remove(connection)
        self._forget_if_idle(game)

    # -- messages -------------------------------------------------------------------------

    async def handle(self, game: Game, connection: Connection, text: str | bytes) -> None:
        """One message from a seat's connection: act on it, or answer an ``error``."""
        try:
            message = protocol.parse_message(text)
            if message.kind == "hint":
                await self._hint(game, connection)
                return
            async with game.lock:
                if connection.closed:
                    raise ProtocolError("this connection is closed")
                await self._act(game, connection.seat, message)
        except (ProtocolError, IllegalMoveError, MatchStateError, NotNowError) as error:
            connection.send({"type": "error", "message": str(error)})
            return
        self._advance(game)

    async def _act(self, game: Game, seat: int, message: protocol.ClientMessage) -> None:
        if game.is_over:
            raise NotNowError("the game is over")
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
            events = [protocol.resign_event()]
        else:  # pragma: no cover - parse_message admits nothing else
            raise ProtocolError(f"unknown message type {message.kind!r}")
        await self._commit(game, events)

    async def _commit(self, game: Game, events: list[Event]) -> None:
        """Save the game, then broadcast ``events``; a failed save undoes the change."""
        try:
            saved = await self._save(game)
        except Exception:
            log.exception("could not save game %s", game.id)
            saved = False
        if not saved:
            await self._reload(game)
            raise NotNowError("the game could not be saved (or changed elsewhere): try again")
        game.broadcast(events)

    async def _save(self, game: Game) -> bool:
        saved = game.saved
        previous = (saved.match, saved.scores, saved.status, saved.resigned, saved.winner,
                    saved.revision)
        saved.match = game.match.to_json()
        _finish_columns(saved, game.match, game.info.resigned)
        saved.revision += 1
        try:
            ok = await asyncio.to_thread(self.store.update, saved)
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
        """Make the game what the database holds, and tell every connection."""
        try:
            stored = await asyncio.to_thread(self.store.load, game.id)
        except Exception:
            log.exception("could not reload game %s", game.id)
            stored = None
        if stored is not None:
            game.saved = stored
        game.match = Match.from_json(game.saved.match)
        game.info = _info(game.saved)
        for connection in game.connections:
            game.send_state(connection)

    async def _hint(self, game: Game, connection: Connection) -> None:
        async with game.lock:
            if game.is_over or game.match.turn != connection.seat:
                raise NotNowError("a hint is only for your turn")
            view = game.match.view(connection.seat)
            seed = hint_seed(game.match.seed, view)
        suggestion = await asyncio.to_thread(ai.hint, view, seed, **self.hint_options)
        move: Move = suggestion.move
        connection.send({"type": "hint", **protocol.move_json(move), "reason": suggestion.reason})

    # -- computer players -----------------------------------------------------------------

    def _advance(self, game: Game) -> None:
        """Let the computer seats play until a person is to move (in the background)."""
        if game.task is not None and not game.task.done():
            return
        if game.computer_to_move() is None:
            return
        game.task = asyncio.create_task(self._play_computers(game))
        game.task.add_done_callback(lambda _task: self._forget_if_idle(game))

    @staticmethod
    def _choose(kind: str, view: View, rng: random.Random, daily: bool = False) -> Move:
        """A computer seat's move (in a worker thread: a new player each time, so players
        never share state between threads)."""
        return ai.player(kind, **player_options(kind, daily)).choose(view, rng)

    async def _play_computers(self, game: Game) -> None:
        failures = 0
        while True:
            async with game.lock:
                seat = game.computer_to_move()
                if seat is None:
                    return
                match = game.match
                view = match.view(seat)
                rng = move_rng(match.seed, match.hand_number, seat, len(match.history))
                daily = game.saved.daily is not None
                revision = game.saved.revision
                kind = game.info.kinds[seat]
                if kind != HUMAN:
                    game.tell({"type": "thinking", "seat": seat})
            try:
                if kind == HUMAN:  # a person's forced pass
                    move = Move.pass_()
                else:
                    move = await asyncio.to_thread(self._choose, kind, view, rng, daily)
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
                    failures = 0
                    continue
                except NotNowError:
                    failures += 1
            # The database refused the save (the game was reloaded): try again a little later.
            if failures > SAVE_RETRIES:
                log.error("giving up on game %s: its saves keep failing", game.id)
                return
            await asyncio.sleep(failures)

    # -- finished games -------------------------------------------------------------------

    async def record(self, game_id: str, token: str) -> dict[str, Any]:
        """The finished game's record for its person (``ForbiddenError``, ``NotNowError``)."""
        game = self._live.get(game_id)
        if game is not None:
            saved = game.saved
        else:
            stored = await asyncio.to_thread(self.store.load, game_id)
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
        games = await asyncio.to_thread(self.store.finished_games, digest(owner))
        finished = [
            Finished(
                variant=g.variant,
                opponents=tuple(s.kind for s in g.seats[1:]),
                won=g.winner == 0 and g.resigned is None,
                score=g.scores[0],
                daily=g.daily,
                first_attempt=g.first_attempt,
            )
            for g in games
        ]
        return statistics(finished, self.today())

    async def close(self) -> None:
        """Stop every computer player's task (the server is shutting down)."""
        tasks = [g.task for g in self._live.values() if g.task is not None and not g.task.done()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        for game in self._live.values():
            for connection in game.connections:
                connection.close()
        self._live.clear()
        self._loading = asyncio.Lock()


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
