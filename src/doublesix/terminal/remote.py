"""A person seat of a web table, played from the line-mode terminal (``doublesix join LINK``).

The person is asked and told what ``doublesix play`` asks and tells
(:class:`~doublesix.terminal.person.Person`), from what the web server sends that seat: the
messages are read by :class:`~doublesix.terminal.messages.TableListener`, and
:class:`RemoteGame` asks the person whatever the newest whole picture waits for.  The server
referees; this client never decides legality.  Joining is :mod:`~doublesix.terminal.join`.

The seat's WebSocket gives the waiting room in words, then the game, then "Play again?", which
follows the table into its next game.
"""

from __future__ import annotations

import contextlib

from doublesix.engine.events import Event, hand_start
from doublesix.engine.moves import Move
from doublesix.engine.view import View
from doublesix.protocol.messages import (
    AgainRequest,
    HintRequest,
    NextMessage,
    PlayMessage,
    ResignMessage,
)
from doublesix.protocol.wire import HUMAN
from doublesix.terminal.messages import Drawing, NewGame, Said, TableListener
from doublesix.terminal.person import INTERRUPTED, OK, Resigned, Stop
from doublesix.terminal.pictures import Picture, hand_outcome, score_rows
from doublesix.terminal.tables import JoinError
from doublesix.words import clientwords, lobbywords, talk
from doublesix.words.i18n import N_, _


class _Leave(Exception):
    """The person does not want to play again."""


class RemoteGame(TableListener):
    """A person seat of a web table, played in the terminal.

    Messages are read in order; the person is asked something only once the newest picture
    is the whole of its change (the last of the events one move makes) and waits for them.
    """

    # -- the whole session ---------------------------------------------------------------------

    def run(self) -> int:
        """Sit at the table until the person leaves; returns the exit status."""
        connection = self.connection
        self.console.watch()  # lines typed during another person's turn are answered
        try:
            while True:
                try:
                    connection.connect(first=True)
                    self.play()
                except NewGame as new:
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
            self.console.say(_(clientwords.GOODBYE))
            return OK
        except Stop as stop:
            self.remember()
            connection.close()
            if stop.reason == "eof":
                self.console.say(_(lobbywords.END_OF_INPUT))
            self.console.say(connection.kept_sentence())
            return OK
        except JoinError as error:
            connection.close()
            self.console.error(str(error))
            return error.status
        except KeyboardInterrupt:
            self.remember()
            connection.close()
            self.console.say("")
            self.console.say("Interrupted.")
            self.console.say(connection.kept_sentence())
            return INTERRUPTED

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
        if picture.over:
            if self.said < Said.GAME_END:
                self.finish_game()
            return
        if self.hand_end is not None:
            self.finish_hand()
            return
        turn = picture.turn
        if turn is None:
            return
        if turn != self.me:
            self.announce_turn(turn)
            return
        self.turn_said = self.me
        if picture.revision <= self.acted:
            return
        self.acted = picture.revision
        self.remember()  # a kill from here on loses nothing of what the person was told
        self.your_turn()

    def say_waiting(self) -> None:
        """The waiting room in words: who is to start the game, who is at the table."""
        if self.said >= Said.WAITING_ROOM:
            return
        self.said = Said.WAITING_ROOM
        self.flush()
        assert self.picture is not None
        self.console.say(self.picture.words.waiting or "")

    def announce_turn(self, seat: int) -> None:
        """Another person's turn, by name, once (computers move at once)."""
        picture = self.picture
        assert picture is not None
        if self.turn_said == seat or picture.kinds[seat] != HUMAN:
            self.turn_said = seat
            return
        self.turn_said = seat
        table = self.table()
        if table is not None and seat < len(table.seats) and table.seats[seat].stand_in:
            return
        self.flush()
        self.console.say(talk.their_turn(self.names[seat]))

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
                self.console.say(_(clientwords.AUTODRAW))
            self.send_move(moves[0])
            self.drawing = Drawing.AUTOMATIC
            return
        if self.again_prompt:
            self.again_prompt = False
        elif self.drawing is Drawing.ASKED:
            self.console.say(talk.hand_sentence(view, self.mark))
        else:
            self.show_status(view)
        self.drawing = Drawing.NO
        self.send_move(self.choose_move(view))

    def send_move(self, move: Move) -> None:
        """Send the person's move; after a draw, only their hand is said on their next ask."""
        self.send(PlayMessage(type="play", move=str(move)))
        self.drawing = Drawing.ASKED if move.kind == "draw" else Drawing.NO

    def finish_hand(self) -> None:
        """The hand's end, then the next hand dealt when the person is ready (unless someone
        at the table deals it first)."""
        ended = self.hand_end
        assert ended is not None
        self.hand_end = None
        self.flush()
        number = ended.hand_number
        self.ended_hands.add(number)
        self.show_hand_end(ended)
        for ask in (True, False):
            self.drain()
            picture = self.picture
            assert picture is not None
            if picture.hand_number != number or picture.result is None or picture.over:
                return  # dealt meanwhile: the main loop goes on with the new hand
            if ask:
                self.wait_for_deal(number + 2)
        self.send(NextMessage(type="next"))

    def show_hand_end(self, picture: Picture) -> None:
        """How the hand of ``picture`` ended, every hand's tiles, its row of the scoresheet."""
        view = self.view
        assert view is not None
        outcome = hand_outcome(picture)
        if outcome is None:
            return
        say = self.console.say
        say("")
        lines = talk.outcome_lines(outcome, view.rules, self.names, self.me)
        say(self.console.style(lines[0], "heading"))
        for line in lines[1:]:
            say(line)
        for line in talk.sheet_lines(score_rows(picture), picture.scores, view.rules,
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
            say(talk.scores_sentence(picture.scores, self.names, rules.target, rules))
        else:
            if self.hand_end is not None:
                self.ended_hands.add(self.hand_end.hand_number)
                self.show_hand_end(self.hand_end)
                self.hand_end = None
            lines = talk.game_over_lines(picture.winners, picture.scores, rules, self.names)
            self.console.say(self.console.style(lines[0], "heading"))
        for line in picture.words.rating or []:
            self.console.say(line)  # the server rated the seat: how the rating moved
        if not self.ask_yes_no(N_("Play again? Type yes or no: ")):
            raise _Leave
        self.send(AgainRequest(type="again"))
        table = self.table()
        others = [] if table is None else [seat for seat in table.seats
                                           if seat.person and seat.seat != self.me]
        if others and table is not None and table.next_game is None:
            self.console.say(_(clientwords.WAITING_AGAIN))

    def cannot_resign(self) -> str | None:
        picture = self.picture
        if picture is None or self.waiting:
            return _(clientwords.NOT_STARTED)
        return _(clientwords.GAME_OVER) if picture.over else None

    def resign(self) -> None:
        self.send(ResignMessage(type="resign"))
        raise Resigned

    # -- what the person may know --------------------------------------------------------------

    def current_view(self) -> View:
        if self.view is None:
            raise JoinError(_(clientwords.NO_VIEW_YET))
        return self.view

    def score_lines(self) -> list[str]:
        picture = self.picture
        assert picture is not None
        return talk.sheet_lines(score_rows(picture), picture.scores,
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
            self.console.say(_(clientwords.HINT_ON_YOUR_TURN))
            return
        self.send(HintRequest(type="hint"))
        while self.waits_for("hint"):
            self.absorb(self.next_message())
