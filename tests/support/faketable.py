"""The server's side of one web table's game, in-process, for ``doublesix join``'s tests:
:class:`FakeTable` builds pictures from the engine and :mod:`doublesix.web.play.gameinfo` (the
seat's view, events in order, the other seats moving at once), :class:`FakeSocket` is the
terminal seat's socket to it, and :func:`seat_at` seats a
:class:`~doublesix.terminal.remote.RemoteGame` there.
"""

from __future__ import annotations

import io
import json
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from websockets.exceptions import ConnectionClosedError
from websockets.frames import Close

from doublesix import Match, Move, Rules
from doublesix.ai import PLAYERS, hint, player
from doublesix.ai.seeding import hint_seed, move_rng
from doublesix.engine.moves import IllegalMoveError
from doublesix.terminal.console import Console
from doublesix.terminal.remote import RemoteGame
from doublesix.terminal.tables import Invitation, Tables
from doublesix.web.play.gameinfo import GameInfo
from doublesix.web.play.pictures import event_json, event_short, event_text, move_json, picture
from doublesix.words import players
from doublesix.words.endwords import hint_reason
from doublesix.words.tabletalk import stands_in, waiting_room

Message = dict[str, Any]

#: The expert's budget for hints in these tests (small: the hint's words are what is tested).
PLAYOUTS = 60


# -- the server's side, in-process ---------------------------------------------------------------


class FakeTable:
    """One game of a web table as the server shows it to seat ``me``: pictures made by
    :func:`doublesix.web.play.pictures.picture` with the seat's view (``&view=1``), the events of
    each change in order, the computers moving as soon as it is their turn (as ``doublesix
    play`` moves them), the seat's forced passes made for it.  When the terminal waits and
    nothing is queued, another person moves (their first legal move), or else the next of
    ``idle`` runs (a person elsewhere doing something)."""

    def __init__(self, rules: Rules, seed: int, kinds: list[str], names: list[str],
                 me: int = 0, *, waiting: bool = False) -> None:
        self.rules = rules
        self.seed = seed
        self.kinds = kinds
        self.me = me
        self.match = Match(rules, seed=seed)
        self.info = GameInfo("g1", names=list(names), kinds=list(kinds))
        self.stage = "waiting" if waiting else "playing"
        self.joined = [True] * rules.players
        self.queues: list[list[Message]] = []
        self.received: list[Message] = []
        self.idle: list[Callable[[], None]] = []
        self.games = 1
        #: The ``again`` message's words.
        self.again_text = ""
        #: While this says so, a wait with a timeout times out rather than another person
        #: moving (None: a timed wait always times out when nothing is queued).
        self.hold: Callable[[], bool] | None = None
        #: The people away, each since when on ``clock`` (the server's), and the computer
        #: playing for someone away.
        self.gone: dict[int, float] = {}
        self.clock: Callable[[], float] = time.monotonic
        self.stand_in: list[str | None] = [None] * rules.players
        #: Told the seconds of each timed wait that timed out (a clock the test moves on).
        self.tick: Callable[[float], None] | None = None

    # the picture

    def table(self) -> Message:
        over = self.match.is_over
        return {
            "stage": self.stage if self.stage == "waiting" else "over" if over else "playing",
            "host": 0, "you_host": self.me == 0,
            "seats": [
                {"seat": seat, "name": name, "person": kind == "human",
                 "joined": self.joined[seat], "connected": seat not in self.gone,
                 "away": int(self.clock() - self.gone.get(seat, self.clock())),
                 "stand_in": self.stand_in[seat], "again": False, "words": None}
                for seat, (name, kind) in enumerate(zip(self.info.names, self.kinds,
                                                        strict=True))
            ],
            "can_start": self.stage == "waiting" and all(self.joined),
            "invites": [], "next_game": None, "handover_after": 60.0,
            "words": {"away": "", "later": "", "again": None, "again_asked": None},
        }

    def picture(self) -> Message:
        state = picture(self.match, self.info, self.me)
        state["table"] = self.table()
        if self.stage == "waiting":
            state.update(hand=[], legal=[], choices=[], turn=None, view=None)
            seats = state["table"]["seats"]
            state["words"]["waiting"] = waiting_room(
                seats[0]["name"], [(s["name"], s["joined"]) for s in seats], self.me, 0)
        else:
            state["view"] = self.match.view(self.me).to_json()
        return state

    def send(self, message: Message) -> None:
        for queue in self.queues:
            queue.append(message)

    def change(self, action: Callable[[], None]) -> None:
        before = len(self.match.history)
        action()
        self.info.revision += 1
        state = self.picture()
        for event in self.match.history[before:]:
            self.send({"type": "event", "event": event_json(event, self.me),
                       "text": event_text(event, self.info, self.me),
                       "short": event_short(event, self.info, self.me), "state": state})

    def play_on(self) -> None:
        """The other seats move until the seat ``me`` is to move or the hand is over."""
        match = self.match
        while self.stage == "playing" and not match.is_over and match.turn is not None:
            seat = match.turn
            legal = match.legal_moves()
            if seat == self.me:
                if [m.kind for m in legal] != ["pass"]:
                    return
                self.change(lambda: match.play(Move.pass_()))
                continue
            kind = self.kinds[seat]
            if kind not in PLAYERS:
                return  # a person, who takes their time
            rng = move_rng(match.seed, match.hand_number, seat, len(match.history))
            options = {"playouts": PLAYOUTS} if kind == "expert" else {}
            move = player(kind, **options).choose(match.view(seat), rng)
            self.change(lambda move=move: match.play(move))  # type: ignore[misc]

    def wake(self) -> bool:
        """Another person moves, or someone does the next thing of ``idle``; False if
        nothing is to happen."""
        match = self.match
        seat = match.turn
        if self.stage == "playing" and not match.is_over and seat is not None \
                and seat != self.me:
            move = match.legal_moves()[0]
            self.change(lambda: match.play(move))
            self.play_on()
            return True
        if self.idle:
            self.idle.pop(0)()
            return True
        return False

    # the other people

    def start(self) -> None:
        """The host starts the game."""
        self.stage = "playing"
        self.send({"type": "table", "table": self.table(), "text": "The game starts.",
                   "room": None})
        self.send({"type": "state", "state": self.picture()})
        self.play_on()

    def deal(self) -> None:
        """Someone else deals the next hand."""
        self.change(self.match.next_hand)
        self.play_on()

    # the terminal's messages

    def receive(self, message: Message, queue: list[Message]) -> None:
        self.received.append(message)
        match = self.match
        kind = message.get("type")
        if kind == "play":
            if match.turn != self.me or self.stage != "playing":
                queue.append({"type": "error", "message": "it is not your turn"})
                return
            try:
                move = Move.parse(message["move"])
                match.state.resolve(move)
                if move not in match.legal_moves():
                    raise IllegalMoveError(f"{move} is not a legal move now")
            except IllegalMoveError as error:
                queue.append({"type": "error", "message": str(error)})
                return
            self.change(lambda: match.play(move))
            self.play_on()
        elif kind == "next":
            if match.hand_result is None or match.is_over:
                queue.append({"type": "error", "message": "the hand is still in play"})
                return
            self.deal()
        elif kind == "hint":
            view = match.view(self.me)
            suggestion = hint(view, seed=hint_seed(match.seed, view), playouts=PLAYOUTS)
            reason = hint_reason(*suggestion)
            queue.append({"type": "hint", **move_json(suggestion.move),
                          "reason": reason, "words": reason})
        elif kind == "seat":
            seat, chosen = int(message["seat"]), str(message["player"])
            self.stand_in[seat] = chosen
            self.send({"type": "table", "table": self.table(),
                       "text": stands_in(players.label(chosen), self.info.names[seat]),
                       "room": None})
        elif kind == "again":
            self.games += 1
            self.match = Match(self.rules, seed=self.seed + 1)
            self.info.game_id = f"g{self.games}"
            self.info.revision = 0
            queue.append({"type": "again", "game_id": self.info.game_id,
                          "text": self.again_text})


class FakeSocket:
    """The terminal seat's socket to a :class:`FakeTable`; ``drop`` closes it (as a lost
    connection, or with a close code) before the given message."""

    def __init__(self, table: FakeTable, drop: tuple[int, int | None] | None = None) -> None:
        self.table = table
        self.queue: list[Message] = [{"type": "state", "state": table.picture()}]
        table.queues.append(self.queue)
        self.drop = drop
        self.delivered = 0
        self.closed = False
        table.play_on()

    def send(self, text: str) -> None:
        assert not self.closed
        self.table.receive(json.loads(text), self.queue)

    def recv(self, timeout: float | None = None) -> str:
        assert not self.closed
        if self.drop is not None and self.delivered == self.drop[0]:
            self.close()
            code = self.drop[1]
            raise ConnectionClosedError(None if code is None else Close(code, ""), None)
        while not self.queue:
            if timeout is not None and (not timeout or self.table.hold is None
                                        or self.table.hold()):
                if self.table.tick is not None and timeout:
                    self.table.tick(timeout)
                raise TimeoutError
            if not self.table.wake():
                raise AssertionError("the terminal waits for a message that never comes")
        self.delivered += 1
        return json.dumps(self.queue.pop(0))

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.table.queues.remove(self.queue)


def seat_at(table: FakeTable, output: io.StringIO, person: io.TextIOBase, *,
            drops: list[tuple[int, int | None] | None] | None = None,
            folder: Path | None = None,
            clock: Callable[[], float] = time.monotonic) -> tuple[RemoteGame, list[str]]:
    """A :class:`RemoteGame` at ``table``; the sockets' URLs are listed as they are opened."""
    opened: list[str] = []
    plan = list(drops or [])

    def opener(url: str, origin: str) -> FakeSocket:
        opened.append(url)
        return FakeSocket(table, plan.pop(0) if plan else None)

    invitation = Invitation.parse("http://127.0.0.1:1/join/g1/code")
    tables = Tables(folder or Path(tempfile.mkdtemp()))
    console = Console(person, output, colour=False, echo=True)  # type: ignore[arg-type]
    game = RemoteGame(console, invitation, tables, "g1", "T0K", "doublesix join LINK",
                      retry_delays=(0.0, 0.0), sleep=lambda _: None, opener=opener,
                      clock=clock)
    return game, opened
