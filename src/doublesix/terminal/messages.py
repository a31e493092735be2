"""The messages of a web table's seat, read in order: what each says, and the picture it leaves.

:class:`TableListener` keeps the seat's socket (:class:`~doublesix.terminal.connection.Connection`)
and reads what the server sends it (``docs/protocol.md``): pictures with the seat's view as the
engine's JSON (``&view=1``), events in order, the table's sentences, refusals, hints and "play
again".  It tells the person what happened as it comes (runs of another seat's draws as one
sentence), and marks when the newest picture is the whole of its change, so that
:class:`~doublesix.terminal.remote.RemoteGame` may ask the person something.  It never decides
legality: it reads the view it is sent (:mod:`~doublesix.terminal.pictures`).
"""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Callable, Sequence
from enum import Enum, IntEnum
from typing import Any, Final, NamedTuple

from pydantic import ValidationError
from websockets.exceptions import ConnectionClosed

from doublesix.engine.events import Event, hand_start
from doublesix.engine.tiles import Tile
from doublesix.engine.view import View
from doublesix.protocol.messages import (
    SERVER_TYPES,
    AgainMessage,
    AnyClientMessage,
    AnyServerMessage,
    ChatMessage,
    ChatRequest,
    ErrorMessage,
    EventMessage,
    GameEvent,
    HintMessage,
    NoticeMessage,
    ServerMessage,
    StateMessage,
    TableMessage,
)
from doublesix.protocol.model import read
from doublesix.protocol.pictures import Table
from doublesix.terminal.commands import WORDS, phrase_of
from doublesix.terminal.connection import RETRY_DELAYS, Connection, Socket, open_socket
from doublesix.terminal.console import Console
from doublesix.terminal.handover import HandoverError, Handovers
from doublesix.terminal.person import Person, Resigned, Stop
from doublesix.terminal.pictures import Picture, ends_change, is_waiting, resigned_seat, table_of
from doublesix.terminal.tables import Invitation, JoinError, Tables
from doublesix.words import chatwords, clientwords, sessionwords, tabletalk, talk
from doublesix.words.eventwords import describe
from doublesix.words.i18n import _

#: Seconds without a message after which another seat's run of draws is told.
QUIET: Final = 0.5
#: How often, while waiting for the table, a line typed meanwhile is looked for.
POLL: Final = 0.1


class NewGame(Exception):
    """Everyone agreed to play again: the table goes on at ``game_id`` (``text``: the
    server's words for it, who plays for whom)."""

    def __init__(self, game_id: str, text: str = "") -> None:
        super().__init__(game_id)
        self.game_id, self.text = game_id, text


class Said(IntEnum):
    """How far into the table's game the person has been told, in order."""

    NOTHING = 0
    #: Who is at the waiting room's table.
    WAITING_ROOM = 1
    #: The game's rules, who plays, how to get help.
    GAME = 2
    #: How the game ended.
    GAME_END = 3


class Drawing(Enum):
    """Whether the person is drawing."""

    #: Their last move was not a draw.
    NO = "no"
    #: They drew, and it is still their turn: only their hand is said again.
    ASKED = "asked"
    #: ``--autodraw`` draws for them ("Nothing fits, so you draw." said once).
    AUTOMATIC = "automatic"


class Request(NamedTuple):
    """What was last sent to the table (``play``, ``next``, ``hint``, ``again``, ``resign``),
    at which revision of the picture (-1: before any)."""

    kind: str
    revision: int


def away_summary(events: Sequence[Event], names: Sequence[str]) -> str | None:
    """``events`` (a seat's view's, since the person was last told) as one sentence: each
    seat's run of moves grouped (:func:`doublesix.words.tabletalk.away_summary`); a hand's and the
    game's end are said from the picture, a resignation as its own sentence.  None when
    nothing happened.

    >>> from doublesix.engine.tiles import Tile
    >>> away_summary([Event("lay", 1, Tile(6, 4), "left"), Event("draw", 2, number=2),
    ...               Event("pass", 2)], ["You", "Ana", "Bea"])
    'While you were away: Ana laid 6|4, Bea drew 2 tiles and passed.'
    """
    start = hand_start(events)
    hands = sum(1 for event in events if event.kind == "end")
    runs: list[tuple[str, list[tuple[str, str]]]] = []
    resigned = None
    for event in events[start + 1:]:
        if event.kind == "resign":
            resigned = describe(event, names)
        if event.kind not in ("lay", "draw", "pass") or event.seat is None:
            continue
        name = names[event.seat]
        if not runs or runs[-1][0] != name:
            runs.append((name, []))
        moves = runs[-1][1]
        if event.kind == "draw" and moves and moves[-1][0] == "draw":
            moves[-1] = ("draw", str(int(moves[-1][1]) + event.number))
        elif event.kind == "draw":
            moves.append(("draw", str(event.number)))
        else:
            moves.append((event.kind, str(event.tile) if event.tile is not None else ""))
    said = tabletalk.away_summary(runs, hands if start >= 0 else 0)
    if resigned is not None:
        said = resigned if said is None else f"{said} {resigned}"
    return said


def server_message(data: Any) -> AnyServerMessage | None:
    """``data`` (a message's JSON) as the server's message; None for a type this release does
    not know (a newer server's), :class:`JoinError` for a known one that does not fit.

    >>> server_message({"type": "thinking", "seat": 1, "newer": True})
    ThinkingMessage(type='thinking', seat=1)
    >>> server_message({"type": "applause"}) is None
    True
    """
    try:
        return read(ServerMessage, data).root
    except ValidationError as error:
        if isinstance(data, dict) and data.get("type") in SERVER_TYPES:
            raise JoinError(clientwords.unreadable(error)) from None
        return None


class TableListener(Person):
    """A person seat of a web table: its socket, and the messages read from it in order.

    The person is asked something (by :class:`~doublesix.terminal.remote.RemoteGame`) only
    once :attr:`ready` says the newest picture is the whole of its change.
    """

    def __init__(self, console: Console, invitation: Invitation, tables: Tables,
                 game_id: str, token: str, command: str, *, autodraw: bool = False,
                 retry_delays: Sequence[float] = RETRY_DELAYS,
                 sleep: Callable[[float], None] = time.sleep,
                 opener: Callable[[str, str], Socket] = open_socket,
                 clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__(console, ["You"])
        #: The clock that times how long people have been away (tests replace it).
        self.clock = clock
        self.invitation = invitation
        self.tables = tables
        self.connection = Connection(console, invitation, tables, game_id, token, command,
                                     retry_delays=retry_delays, sleep=sleep, opener=opener)
        self.command = command
        self.quit_words = clientwords.quit_words(command)
        self.autodraw = autodraw
        #: Whether the rules were just said (by the invitation), so the game need not again.
        self.rules_said = False
        self.reset()

    def reset(self) -> None:
        """Forget what was said about the game in play (a new game begins)."""
        #: The newest picture, its view.
        self.picture: Picture | None = None
        self.view: View | None = None
        #: How far into the game the person has been told.
        self.said = Said.NOTHING
        #: Whether the newest picture is the whole of its change, so the person may be asked.
        self.ready = False
        #: The revision whose turn the person was asked for (-1: none).
        self.acted = -1
        #: Say only the prompt again after an error (the table was said just before).
        self.again_prompt = False
        #: What was last sent, waiting for its answer (None: nothing, or answered).
        self.sent: Request | None = None
        self.drawing = Drawing.NO
        #: Hands whose end was shown, and the picture of a hand's end not shown yet (kept
        #: when it comes: someone else may deal the next hand before the person is asked).
        self.ended_hands: set[int] = set()
        self.hand_end: Picture | None = None
        #: The revision whose forced pass was explained.
        self.pass_said = -1
        #: How many of the view's history events the person has been told.
        self.told = -1
        #: Another seat's run of draws not told yet: (seat, tiles).
        self.draw_run: tuple[int, int] | None = None
        #: The seat whose turn was last announced by name.
        self.turn_said: int | None = None
        #: The tiles the person drew this hand, in order (the view does not name them).
        self.drawn: list[Tile] = []
        self.seen = None
        self.connection.refusal = None
        #: Quick chat phrases sent and not answered yet (by the phrase or its refusal).
        self.chats = 0
        #: Who is away, and who the person was told a computer may play for.
        self.handovers = Handovers(self.clock)

    # -- the connection ------------------------------------------------------------------------

    def lost(self, closed: ConnectionClosed) -> None:
        """The socket closed: connect again (or stop, if the server meant it)."""
        self.flush()  # a run of draws already heard is told before the loss
        self.connection.reconnect(closed)
        # The server sends the whole picture again: the person is asked again if need be.
        self.acted = -1
        self.sent = None

    def send(self, message: AnyClientMessage) -> None:
        """Send ``message`` on the seat's socket (connecting again first if it was lost)."""
        kind = message.type
        if kind == "chat":  # answered by the phrase, or its refusal: no move waits on it
            self.chats += 1
        else:
            self.sent = Request(kind, -1 if self.picture is None else self.picture.revision)
        while True:
            try:
                self.connection.send(message.model_dump_json())
                return
            except ConnectionClosed as closed:
                self.lost(closed)
                if kind in ("play", "next"):
                    return  # the new picture says whether it is still to do

    def waits_for(self, kind: str) -> bool:
        """Whether a ``kind`` request was sent and is not answered yet."""
        return self.sent is not None and self.sent.kind == kind

    def receive(self, timeout: float | None = None) -> AnyServerMessage | None:
        """The next message; None if none came within ``timeout`` seconds."""
        while True:
            try:
                text = self.connection.recv(timeout)
            except TimeoutError:
                return None
            except ConnectionClosed as closed:
                self.lost(closed)
                continue
            try:
                message = server_message(json.loads(text))
            except ValueError:
                continue
            if message is not None:
                return message

    def next_message(self) -> AnyServerMessage:
        """Wait for the next message; another seat's run of draws is told once it stops."""
        if self.draw_run is not None:
            message = self.receive(QUIET)
            if message is not None:
                return message
            self.flush()
        while True:
            self.offer_handovers()
            timeout = self.handovers.wait()
            if self.console.watching:
                timeout = POLL if timeout is None else min(POLL, timeout)
            message = self.receive(timeout)
            if message is not None:
                return message
            self.answer_typed()

    def offer_handovers(self) -> None:
        """Tell the person, once for each absence, when a computer may play for someone away
        and what to type."""
        for notice in self.handovers.notices():
            self.flush()
            self.console.say(notice)

    def info_command(self, text: str) -> bool:
        """The table's own commands: ``computer NAME [PLAYER]`` (a computer for someone
        away), and ``help`` with it; then those of :class:`Person`."""
        if self.chat_command(text):
            return True
        head, _space, rest = text.strip().partition(" ")
        if head.lower() == "computer":
            self.flush()
            try:
                message, said = self.handovers.request(rest)
            except HandoverError as error:
                self.console.error(str(error))
                return True
            self.console.say(said)
            self.send(message)  # the table says who plays for whom, or why not
            return True
        if text.strip().lower() in WORDS["help"] and self.view is not None:
            lines = sessionwords.help_lines(self.view.rules, self.command, self.quit_words,
                                            at_table=True)
            table = self.table()
            if table is not None and any(s.person and s.seat != self.me for s in table.seats):
                lines.insert(-1, _(chatwords.SAY_HELP))
            computer = self.handovers.help_line()
            if computer is not None:
                lines.insert(-1, computer)
            for line in lines:
                self.console.say(line)
            return True
        return super().info_command(text)

    def chat_command(self, text: str) -> bool:
        """``say`` (the quick chat's phrases listed) and ``say 2`` or ``say good luck`` (the
        phrase sent to the table, which tells everyone); False if ``text`` is not ``say``."""
        head, _space, rest = text.strip().partition(" ")
        if head.lower() != "say":
            return False
        self.flush()
        if self.picture is not None and self.table() is None:
            self.console.say(_(chatwords.SAY_NOBODY))
        elif not rest.strip():
            for line in chatwords.say_lines():
                self.console.say(line)
        elif (phrase := phrase_of(rest)) is None:
            self.console.error(chatwords.say_unknown(rest.strip()))
        else:
            self.send(ChatRequest(type="chat", phrase=phrase.key))
        return True

    def answer_typed(self) -> None:
        """Answer the lines typed while nothing was asked (another person's turn): ``help``,
        ``score``, ``board``, ``hand`` and the other commands that take no turn at once; a
        move, with whose turn it is; ``quit`` leaves the table."""
        while (line := self.console.typed()) is not None:
            text = line.strip()
            if not text:
                continue
            self.flush()
            if self.chat_command(text):
                continue
            if self.view is None or self.waiting:
                if text.lower() in ("quit", "q", "exit", "leave"):
                    raise Stop("quit")
                self.console.say(tabletalk.before_the_game("quit"))
                continue
            with contextlib.suppress(Resigned):  # the server's answer says the rest
                if self.info_command(text):
                    continue
            turn = None if self.picture is None else self.picture.turn
            self.console.say(tabletalk.not_your_turn(
                None if turn is None or turn == self.me else self.names[turn]))

    def drain(self) -> None:
        """Take in every message already here, without asking the person anything."""
        while True:
            message = self.receive(0)
            if message is None:
                return
            self.absorb(message)

    # -- messages ------------------------------------------------------------------------------

    def absorb(self, message: AnyServerMessage) -> None:
        """Take in one message: say what it says, keep its picture."""
        if isinstance(message, StateMessage):
            self.take_picture(message.state)
            self.catch_up()
            self.ready = True
            self.whole()
        elif isinstance(message, EventMessage):
            picture = self.take_picture(message.state)
            self.tell(message.event, message.text)
            self.ready = ends_change(picture, message.event)
            if self.ready:
                self.whole()
        elif isinstance(message, TableMessage):
            if self.picture is not None:
                self.picture.table = message.table
                self.handovers.update(message.table, self.me)
            if message.text:
                self.flush()
                self.console.say(message.text)
        elif isinstance(message, ErrorMessage):
            self.flush()
            if self.chats and chatwords.refuses(message.message):
                self.chats -= 1
                self.console.error(message.message)
            else:
                self.refused(message.message)
        elif isinstance(message, NoticeMessage):
            self.flush()
            self.console.say(message.message)
        elif isinstance(message, ChatMessage):
            self.flush()
            if message.seat == self.me and self.chats:
                self.chats -= 1
            self.console.say(message.text)
        elif isinstance(message, AgainMessage):
            self.flush()
            raise NewGame(message.game_id, message.text)
        elif isinstance(message, HintMessage):
            self.flush()
            self.say_hint(message.reason)
            if self.waits_for("hint"):
                self.sent = None
        # "thinking": nothing to say

    def whole(self) -> None:
        """The picture is the whole of its change: keep a hand's end to show, and say why the
        person passes when nothing fits (the server passes for them at once)."""
        picture = self.picture
        assert picture is not None
        if self.waiting:
            return
        number = picture.hand_number
        if picture.result is not None and number not in self.ended_hands and (
                self.hand_end is None or self.hand_end.hand_number != number):
            self.hand_end = picture
        view = self.view
        if view is not None and picture.turn == self.me and not picture.over and \
                self.pass_said < picture.revision and \
                [m.kind for m in view.legal_moves()] == ["pass"]:
            self.pass_said = picture.revision
            self.flush()
            self.console.say(self.nothing_fits(view))
            self.drawing = Drawing.NO

    def take_picture(self, picture: Picture) -> Picture:
        """Keep the newest picture and read its view."""
        self.picture = picture
        self.connection.answered()
        self.me = picture.me
        if picture.table is not None:
            self.handovers.update(picture.table, self.me)
        self.names = list(picture.names)
        data = picture.view
        if data is None:
            if not self.waiting:
                raise JoinError(_(clientwords.OLD_SERVER))
            self.view = None
            return picture
        try:
            self.view = View.from_json(data)
        except ValueError as error:
            raise JoinError(clientwords.unreadable(error, view=True)) from None
        return picture

    @property
    def resigned(self) -> int | None:
        """The seat that gave the game up, if one did."""
        return None if self.picture is None else resigned_seat(self.picture, self.view)

    @property
    def waiting(self) -> bool:
        """Whether the table is in its waiting room."""
        return is_waiting(self.picture)

    def table(self) -> Table | None:
        """The newest picture's table (None: a game against computers only)."""
        return table_of(self.picture)

    def tell(self, event: GameEvent, text: str) -> None:
        """Say what happened: runs of another seat's draws as one sentence, a new hand as its
        heading; a hand's and the game's end are said from the picture, once it is whole."""
        kind = event.kind
        seat = event.seat
        if kind == "draw" and seat != self.me and seat is not None:
            number = event.number
            if self.draw_run is not None and self.draw_run[0] == seat:
                self.draw_run = (seat, self.draw_run[1] + number)
            else:
                self.flush()
                self.draw_run = (seat, number)
            self.note_told()
            return
        self.flush()
        if kind == "draw" and seat == self.me and event.tile:
            self.drawn.append(Tile.parse(event.tile))
        if kind == "lay" and seat == self.me and self.view is not None:
            self.saw_own_lay(self.view)
        if kind == "hand":
            self.drawn = []
            self.console.say("")
            self.console.say(self.console.style(_("Hand {number}.").format(
                number=event.number + 1), "heading"))
            self.turn_said = None
        elif text and (kind in ("lay", "draw", "pass", "resign")
                       or (kind == "over" and self.resigned is not None)):
            # a hand's and the game's end are said from the picture; a resignation is not
            self.console.say(text)
        if kind != "draw" and self.drawing is Drawing.ASKED:
            self.drawing = Drawing.NO
        self.note_told()

    def note_told(self) -> None:
        if self.view is not None:
            self.told = len(self.view.history)

    def flush(self) -> None:
        """Tell another seat's run of draws."""
        if self.draw_run is not None:
            seat, number = self.draw_run
            self.draw_run = None
            self.console.say(describe(Event("draw", seat, number=number), self.names))

    def catch_up(self) -> None:
        """After (re)connecting: say what happened that the person was not told, in a short
        summary when they were told the game before (in this run, or when they last left it:
        ``tables.json``), else the hand in play so far, move by move."""
        view = self.view
        if view is None or self.waiting:
            return
        history = view.history
        if self.told < 0:
            stored = self.tables.told(self.invitation, self.connection.game_id)
            if stored is not None and stored <= len(history):
                self.told = stored
        if self.said < Said.GAME:
            self.introduce()
        if 0 <= self.told <= len(history):
            summary = away_summary(history[self.told:], self.names)
            if summary is not None:
                self.console.say(summary)
        else:
            self.say_events(history[max(hand_start(history), 0):])
        self.told = len(history)
        self.seen = None  # the next turn says the whole table again

    def remember(self) -> None:
        """Keep how far the person was told of the game in play, for coming back."""
        if self.told >= 0:
            with contextlib.suppress(OSError):  # coming back then tells the whole hand
                self.tables.note_told(self.invitation, self.connection.game_id, self.told)

    def introduce(self) -> None:
        """The game's rules (unless the invitation just said them), who plays, and how to
        get help."""
        self.said = Said.GAME
        picture = self.picture
        view = self.view
        assert picture is not None and view is not None
        say = self.console.say
        if not self.rules_said:
            say(talk.rules_sentence(view.rules))
        self.rules_said = False
        self.introduce_players(view.rules, list(picture.kinds))
        self.say_how_to_play()

    def refused(self, text: str) -> None:
        """The server refused a message: say why; a refused move is asked for again."""
        sent, self.sent = self.sent, None
        picture = self.picture
        if picture is None:
            self.connection.refusal = text  # said if the server then closes the socket
            return
        if sent is not None and sent.kind == "next" and (
                picture.revision > sent.revision or picture.result is None):
            return  # someone else dealt first
        self.console.error(text)
        if sent is not None and sent.kind == "play":
            self.acted = -1
            self.again_prompt = True
            if self.drawing is Drawing.ASKED:
                self.drawing = Drawing.NO
            self.ready = True
