"""A person seat of a web table, played from the line-mode terminal (``doublesix join LINK``).

The person is asked and told what ``doublesix play`` asks and tells
(:class:`~doublesix.terminal.person.Person`), from what the web server sends that seat
(``docs/protocol.md``): its picture, with the seat's view as the engine's JSON (``&view=1``),
and the events in order.  The server referees; this client never decides legality, it only
reads the view it is sent (:mod:`~doublesix.terminal.pictures`).  The seat's socket is a
:class:`~doublesix.terminal.connection.Connection`; joining is :mod:`~doublesix.terminal.join`.

The seat's WebSocket gives the waiting room in words, then the game, then "Play again?", which
follows the table into its next game.
"""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Callable, Sequence
from enum import Enum, IntEnum
from typing import Any, Final, NamedTuple

from websockets.exceptions import ConnectionClosed

from doublesix import words
from doublesix.events import Event, describe, hand_start
from doublesix.moves import Move
from doublesix.terminal.connection import RETRY_DELAYS, Connection, Socket, open_socket
from doublesix.terminal.console import Console
from doublesix.terminal.person import INTERRUPTED, OK, Person, Resigned, Stop
from doublesix.terminal.pictures import (
    Picture,
    ends_change,
    hand_outcome,
    is_waiting,
    resigned_seat,
    score_rows,
    table_of,
)
from doublesix.terminal.tables import Invitation, JoinError, Tables
from doublesix.tiles import Tile
from doublesix.view import View
from doublesix.wire import HUMAN

#: Seconds without a message after which another seat's run of draws is told.
QUIET: Final = 0.5


class _NewGame(Exception):
    """Everyone agreed to play again: the table goes on at ``game_id`` (``text``: the
    server's words for it, who plays for whom)."""

    def __init__(self, game_id: str, text: str = "") -> None:
        super().__init__(game_id)
        self.game_id, self.text = game_id, text


class _Leave(Exception):
    """The person does not want to play again."""


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


class RemoteGame(Person):
    """A person seat of a web table, played in the terminal.

    Messages are read in order; the person is asked something only once the newest picture
    is the whole of its change (the last of the events one move makes) and waits for them.
    """

    def __init__(self, console: Console, invitation: Invitation, tables: Tables,
                 game_id: str, token: str, command: str, *, autodraw: bool = False,
                 retry_delays: Sequence[float] = RETRY_DELAYS,
                 sleep: Callable[[float], None] = time.sleep,
                 opener: Callable[[str, str], Socket] = open_socket) -> None:
        super().__init__(console, ["You"])
        self.invitation = invitation
        self.tables = tables
        self.connection = Connection(console, invitation, tables, game_id, token, command,
                                     retry_delays=retry_delays, sleep=sleep, opener=opener)
        self.command = command
        self.quit_words = f"quit: leave the table; your seat is kept, and {command} goes back."
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
        self.connection.refusal = None

    # -- the whole session ----------------------------------------------------------------

    def run(self) -> int:
        """Sit at the table until the person leaves; returns the exit status."""
        connection = self.connection
        try:
            while True:
                try:
                    connection.connect(first=True)
                    self.play()
                except _NewGame as new:
                    connection.close()
                    if self.view is not None:
                        self.say_new_game(self.view.rules)
                    if new.text:
                        self.console.say(new.text)
                    connection.game_id = new.game_id
                    connection.keep()
                    self.reset()
                    continue
        except _Leave:
            connection.close()
            self.console.say("Goodbye.")
            return OK
        except Stop as stop:
            connection.close()
            if stop.reason == "eof":
                self.console.say("End of input.")
            self.console.say(connection.kept_sentence())
            return OK
        except JoinError as error:
            connection.close()
            self.console.error(str(error))
            return error.status
        except KeyboardInterrupt:
            connection.close()
            self.console.say("")
            self.console.say("Interrupted.")
            self.console.say(connection.kept_sentence())
            return INTERRUPTED

    # -- the connection ---------------------------------------------------------------------

    def lost(self, closed: ConnectionClosed) -> None:
        """The socket closed: connect again (or stop, if the server meant it)."""
        self.connection.reconnect(closed)
        # The server sends the whole picture again: the person is asked again if need be.
        self.acted = -1
        self.sent = None

    def send(self, message: dict[str, Any]) -> None:
        """Send ``message`` on the seat's socket (connecting again first if it was lost)."""
        kind = str(message["type"])
        self.sent = Request(kind, -1 if self.picture is None else int(self.picture["revision"]))
        while True:
            try:
                self.connection.send(json.dumps(message))
                return
            except ConnectionClosed as closed:
                self.lost(closed)
                if kind in ("play", "next"):
                    return  # the new picture says whether it is still to do

    def waits_for(self, kind: str) -> bool:
        """Whether a ``kind`` request was sent and is not answered yet."""
        return self.sent is not None and self.sent.kind == kind

    def receive(self, timeout: float | None = None) -> dict[str, Any] | None:
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
                message = json.loads(text)
            except ValueError:
                continue
            if isinstance(message, dict):
                return message

    def next_message(self) -> dict[str, Any]:
        """Wait for the next message; another seat's run of draws is told once it stops."""
        if self.draw_run is not None:
            message = self.receive(QUIET)
            if message is not None:
                return message
            self.flush()
        message = self.receive()
        assert message is not None
        return message

    def drain(self) -> None:
        """Take in every message already here, without asking the person anything."""
        while True:
            message = self.receive(0)
            if message is None:
                return
            self.absorb(message)

    # -- messages -----------------------------------------------------------------------------

    def play(self) -> None:
        """Read the game's messages, asking the person whenever a picture waits for them."""
        while True:
            if self.ready:
                self.drain()  # act on the newest picture, and only once its change is whole
                if self.ready:
                    self.ready = False
                    with contextlib.suppress(Resigned):  # the server's answer says the rest
                        self.act()
                continue
            self.absorb(self.next_message())

    def absorb(self, message: dict[str, Any]) -> None:
        """Take in one message: say what it says, keep its picture."""
        kind = message.get("type")
        if kind == "state":
            self.take_picture(message["state"])
            self.catch_up()
            self.ready = True
            self.whole()
        elif kind == "event":
            picture = self.take_picture(message["state"])
            self.tell(message["event"], message.get("text"))
            self.ready = ends_change(picture, message["event"])
            if self.ready:
                self.whole()
        elif kind == "table":
            if self.picture is not None:
                self.picture["table"] = message["table"]
            text = message.get("text")
            if text:
                self.flush()
                self.console.say(str(text))
        elif kind == "error":
            self.flush()
            self.refused(str(message.get("message", "")))
        elif kind == "notice":
            self.flush()
            self.console.say(str(message.get("message", "")))
        elif kind == "again":
            self.flush()
            raise _NewGame(str(message["game_id"]), str(message.get("text") or ""))
        elif kind == "hint":
            self.flush()
            self.say_hint(str(message.get("reason", "")))
            if self.waits_for("hint"):
                self.sent = None
        # "thinking" and anything newer: nothing to say

    def whole(self) -> None:
        """The picture is the whole of its change: keep a hand's end to show, and say why the
        person passes when nothing fits (the server passes for them at once)."""
        picture = self.picture
        assert picture is not None
        if self.waiting:
            return
        number = picture["hand_number"]
        if picture["result"] is not None and number not in self.ended_hands and (
                self.hand_end is None or self.hand_end["hand_number"] != number):
            self.hand_end = picture
        view = self.view
        if view is not None and picture["turn"] == self.me and not picture["over"] and \
                self.pass_said < picture["revision"] and \
                [m.kind for m in view.legal_moves()] == ["pass"]:
            self.pass_said = picture["revision"]
            self.flush()
            self.console.say(self.nothing_fits(view))
            self.drawing = Drawing.NO

    def take_picture(self, picture: Picture) -> Picture:
        """Keep the newest picture and read its view."""
        self.picture = picture
        self.connection.answered()
        self.me = int(picture["me"])
        self.names = [str(name) for name in picture["names"]]
        data = picture.get("view")
        if data is None:
            if not self.waiting:
                raise JoinError("This server does not send the view a terminal needs: it is "
                                "older than this doublesix. Play in a browser, or update it.")
            self.view = None
            return picture
        try:
            self.view = View.from_json(data)
        except ValueError as error:
            raise JoinError(f"The server sent a view this doublesix cannot read ({error}).") \
                from None
        return picture

    @property
    def resigned(self) -> int | None:
        """The seat that gave the game up, if one did."""
        return None if self.picture is None else resigned_seat(self.picture, self.view)

    @property
    def waiting(self) -> bool:
        """Whether the table is in its waiting room."""
        return is_waiting(self.picture)

    def table(self) -> dict[str, Any]:
        """The newest picture's table."""
        assert self.picture is not None
        return table_of(self.picture)

    def tell(self, event: dict[str, Any], text: object) -> None:
        """Say what happened: runs of another seat's draws as one sentence, a new hand as its
        heading; a hand's and the game's end are said from the picture, once it is whole."""
        kind = event.get("kind")
        seat = event.get("seat")
        if kind == "draw" and seat != self.me and isinstance(seat, int):
            number = int(event.get("number", 1))
            if self.draw_run is not None and self.draw_run[0] == seat:
                self.draw_run = (seat, self.draw_run[1] + number)
            else:
                self.flush()
                self.draw_run = (seat, number)
            self.note_told()
            return
        self.flush()
        if kind == "draw" and seat == self.me and event.get("tile"):
            self.drawn.append(Tile.parse(str(event["tile"])))
        if kind == "hand":
            self.drawn = []
            self.console.say("")
            self.console.say(self.console.style(f"Hand {int(event['number']) + 1}.", "heading"))
            self.turn_said = None
        elif text and (kind in ("lay", "draw", "pass", "resign")
                       or (kind == "over" and self.resigned is not None)):
            # a hand's and the game's end are said from the picture; a resignation is not
            self.console.say(str(text))
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
        """After (re)connecting: say what happened in the hand in play that the person was not
        told (all of it on a first connection)."""
        view = self.view
        if view is None or self.waiting:
            return
        history = view.history
        if self.told < 0 or self.told > len(history):
            self.told = max(hand_start(history), 0)
        if self.said < Said.GAME:
            self.introduce()
        self.say_events(history[self.told:])
        self.told = len(history)

    def refused(self, text: str) -> None:
        """The server refused a message: say why; a refused move is asked for again."""
        sent, self.sent = self.sent, None
        picture = self.picture
        if picture is None:
            self.connection.refusal = text  # said if the server then closes the socket
            return
        if sent is not None and sent.kind == "next" and (
                picture["revision"] > sent.revision or picture["result"] is None):
            return  # someone else dealt first
        self.console.error(text)
        if sent is not None and sent.kind == "play":
            self.acted = -1
            self.again_prompt = True
            if self.drawing is Drawing.ASKED:
                self.drawing = Drawing.NO
            self.ready = True

    # -- what the person is asked --------------------------------------------------------------

    def act(self) -> None:
        """Whatever the newest picture asks of the person, if anything.  (A run of another
        seat's draws is told before anything is said, not before: it may go on.)"""
        picture = self.picture
        if picture is None:
            return
        if self.waiting:
            self.say_waiting()
            return
        if self.said < Said.GAME:
            self.catch_up()
        if picture["over"]:
            if self.said < Said.GAME_END:
                self.finish_game()
            return
        if self.hand_end is not None:
            self.finish_hand()
            return
        turn = picture["turn"]
        if turn is None:
            return
        if turn != self.me:
            self.announce_turn(turn)
            return
        self.turn_said = self.me
        if picture["revision"] <= self.acted:
            return
        self.acted = picture["revision"]
        self.your_turn()

    def say_waiting(self) -> None:
        """The waiting room in words: who is to start the game, who is at the table."""
        if self.said >= Said.WAITING_ROOM:
            return
        self.said = Said.WAITING_ROOM
        self.flush()
        assert self.picture is not None
        self.console.say(self.picture["words"]["waiting"])

    def introduce(self) -> None:
        """The game's rules (unless the invitation just said them), who plays, and how to
        get help."""
        self.said = Said.GAME
        picture = self.picture
        view = self.view
        assert picture is not None and view is not None
        say = self.console.say
        if not self.rules_said:
            say(words.rules_sentence(view.rules))
        self.rules_said = False
        self.introduce_players(view.rules, [str(kind) for kind in picture["kinds"]])
        self.say_how_to_play()

    def announce_turn(self, seat: int) -> None:
        """Another person's turn, by name, once (computers move at once)."""
        picture = self.picture
        assert picture is not None
        if self.turn_said == seat or picture["kinds"][seat] != HUMAN:
            self.turn_said = seat
            return
        self.turn_said = seat
        seats = self.table().get("seats") or []
        if seat < len(seats) and seats[seat].get("stand_in"):
            return
        self.flush()
        self.console.say(words.their_turn(self.names[seat]))

    def your_turn(self) -> None:
        """The person's turn: where things stand, then one move sent to the server."""
        self.flush()
        view = self.current_view()
        moves = view.legal_moves()
        if not moves:
            return
        if moves[0].kind == "pass":
            return  # said as it came (whole); the server passes for the person
        if moves[0].kind == "draw" and self.autodraw:
            if self.drawing is not Drawing.AUTOMATIC:
                self.console.say("Nothing fits, so you draw.")
            self.send_move(moves[0])
            self.drawing = Drawing.AUTOMATIC
            return
        if self.again_prompt:
            self.again_prompt = False
        elif self.drawing is Drawing.ASKED:
            self.console.say(words.hand_sentence(view, self.mark))
        else:
            self.show_status(view)
        self.drawing = Drawing.NO
        self.send_move(self.choose_move(view))

    def send_move(self, move: Move) -> None:
        """Send the person's move; after a draw, only their hand is said on their next ask."""
        self.send({"type": "play", "move": str(move)})
        self.drawing = Drawing.ASKED if move.kind == "draw" else Drawing.NO

    def finish_hand(self) -> None:
        """The hand's end, then the next hand dealt when the person is ready (unless someone
        at the table deals it first)."""
        ended = self.hand_end
        assert ended is not None
        self.hand_end = None
        self.flush()
        number = int(ended["hand_number"])
        self.ended_hands.add(number)
        self.show_hand_end(ended)
        for ask in (True, False):
            self.drain()
            picture = self.picture
            assert picture is not None
            if picture["hand_number"] != number or picture["result"] is None \
                    or picture["over"]:
                return  # dealt meanwhile: the main loop goes on with the new hand
            if ask:
                self.wait_for_deal(number + 2)
        self.send({"type": "next"})

    def show_hand_end(self, picture: Picture) -> None:
        """How the hand of ``picture`` ended, every hand's tiles, its row of the scoresheet."""
        view = self.view
        assert view is not None
        outcome = hand_outcome(picture)
        if outcome is None:
            return
        say = self.console.say
        say("")
        lines = words.outcome_lines(outcome, view.rules, self.names, self.me)
        say(self.console.style(lines[0], "heading"))
        for line in lines[1:]:
            say(line)
        for line in words.sheet_lines(score_rows(picture), picture["scores"], view.rules,
                                      self.names, last_only=True):
            say(line)

    def finish_game(self) -> None:
        """The game's end; then "Play again?", which waits for the table's next game."""
        picture = self.picture
        view = self.view
        assert picture is not None and view is not None
        self.said = Said.GAME_END
        self.flush()
        rules = view.rules
        if self.resigned is not None:
            say = self.console.say
            say(words.scores_sentence(picture["scores"], self.names, rules.target, rules))
        else:
            if self.hand_end is not None:
                self.ended_hands.add(int(self.hand_end["hand_number"]))
                self.show_hand_end(self.hand_end)
                self.hand_end = None
            lines = words.game_over_lines(picture["winners"], picture["scores"], rules,
                                          self.names)
            self.console.say(self.console.style(lines[0], "heading"))
        if not self.ask_yes_no("Play again? Type yes or no: "):
            raise _Leave
        self.send({"type": "again"})
        others = [seat for seat in self.table().get("seats", [])
                  if seat.get("person") and seat.get("seat") != self.me]
        if others and self.table().get("next_game") is None:
            self.console.say("Waiting for the others to say whether they play again.")

    def cannot_resign(self) -> str | None:
        picture = self.picture
        if picture is None or self.waiting:
            return "The game has not started."
        return "The game is over." if picture["over"] else None

    def resign(self) -> None:
        self.send({"type": "resign"})
        raise Resigned

    # -- what the person may know ---------------------------------------------------------------

    def current_view(self) -> View:
        if self.view is None:
            raise JoinError("The table has sent no view yet.")
        return self.view

    def score_lines(self) -> list[str]:
        picture = self.picture
        assert picture is not None
        return words.sheet_lines(score_rows(picture), picture["scores"],
                                 self.current_view().rules, self.names)

    def hand_events(self) -> list[Event]:
        """This hand's events from the view, the person's own draws named (each tile as it
        came) when the person was told all of them."""
        history = self.current_view().history
        events = list(history[hand_start(history) + 1 :])
        own = [e for e in events if e.kind == "draw" and e.seat == self.me]
        if sum(e.number for e in own) != len(self.drawn):
            return events
        drawn = iter(self.drawn)
        named: list[Event] = []
        for event in events:
            if event in own:
                named += [event._replace(tile=next(drawn), number=1) for _ in range(event.number)]
            else:
                named.append(event)
        return named

    def show_hint(self, view: View) -> None:
        """Ask the server for the expert's suggestion (the same as ``doublesix play``'s for
        the same position) and wait for it."""
        if view.turn != self.me:
            self.console.say("A hint is for your turn.")
            return
        self.send({"type": "hint"})
        while self.waits_for("hint"):
            self.absorb(self.next_message())
