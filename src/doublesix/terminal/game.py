"""The game loop: the person in seat 0, computer players in the other seats.

Every move is saved as soon as it is made, so quitting, the end of the input or Ctrl-C loses
nothing.  The person is told, in order, everything the others did since their last turn.

What a person is asked and told on their turn, and the commands that take no turn, live in
:class:`Person`, which does not care where the game is refereed: :class:`Game` plays it here
against computer players, :class:`doublesix.terminal.remote.RemoteGame` at a web table.
"""

from __future__ import annotations

import contextlib
import datetime
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Final

from doublesix import words
from doublesix.ai import PLAYERS, Player, hint, player
from doublesix.ai.seeding import hint_seed, move_rng
from doublesix.events import Event
from doublesix.faces import (
    TileChoice,
    name_seats,
    share_text,
    tile_choices,
)
from doublesix.match import Match
from doublesix.moves import IllegalMoveError, Move
from doublesix.rules import Rules
from doublesix.terminal.commands import CommandError, Lay, Word, parse, parse_end
from doublesix.terminal.console import Console
from doublesix.terminal.saves import Save, note_daily, read_record, streak, write_save
from doublesix.view import View
from doublesix.words import YOU, YOU_NAME

#: An expert with this many playouts a move or more thinks for a second or longer, so the
#: person is told it is thinking.
SLOW_PLAYOUTS: Final = 20_000

#: Exit statuses.
OK: Final = 0
INTERRUPTED: Final = 130


class Stop(Exception):
    """The person stopped: ``quit`` typed, or the input ended."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class Resigned(Exception):
    """The person gave the game up: what they were asked is no longer asked."""


def opponent_names(opponents: Sequence[str]) -> list[str]:
    """The seats' names: "You", then each player's label, numbered when it comes twice.

    >>> opponent_names(["greedy", "snow-white", "greedy"])
    ['You', 'Greedy', 'Snow White', 'Greedy 2']
    """
    return name_seats([YOU_NAME, *(PLAYERS[n].label if n in PLAYERS else n for n in opponents)])


class Person:
    """The person at a table in the terminal: what they are asked and told on their turn, at
    the end of a hand and of a game, and the commands that take no turn.

    A subclass says where the game is: :meth:`current_view` (what the person may know now),
    :meth:`score_lines`, :meth:`hand_events` and :meth:`show_hint`; it plays the move that
    :meth:`choose_move` returns.
    """

    #: The command that starts the game, for ``help`` and the words on stopping.
    command = "doublesix play"
    #: What ``help`` says ``quit`` does (None: the saved game's words).
    quit_words: str | None = None

    def __init__(self, console: Console, names: Sequence[str], me: int = YOU) -> None:
        self.console = console
        #: The seats' names, ``me``'s being "You".
        self.names = list(names)
        self.me = me
        #: A line typed at a question that turned out to be a new command.
        self.pending: str | None = None

    # -- what a subclass answers ------------------------------------------------------------

    def current_view(self) -> View:
        """What the person may know now."""
        raise NotImplementedError

    def score_lines(self) -> list[str]:
        """The scoresheet in words (the ``score`` command)."""
        raise NotImplementedError

    def hand_events(self) -> list[Event]:
        """The hand in play's events as the person may know them (its ``hand`` event left out)."""
        raise NotImplementedError

    def show_hint(self, view: View) -> None:
        """The expert's suggestion and why."""
        raise NotImplementedError

    def cannot_resign(self) -> str | None:
        """Why the game cannot be given up now (over, or not begun); None when it can."""
        raise NotImplementedError

    def resign(self) -> None:
        """Give the game up (the person said yes), then raise :class:`Resigned`."""
        raise NotImplementedError

    # -- who is at the table ----------------------------------------------------------------

    def introduce_players(self, rules: Rules, kinds: Sequence[str]) -> None:
        """Who plays with and against the person, and a sentence for each computer player.
        ``kinds`` are the seats' players' names (``PLAYERS``); any other name is a person."""
        say = self.console.say
        me = self.me
        partner = rules.partner_of(me)
        if partner is not None:
            others = [name for seat, name in enumerate(self.names) if seat not in (me, partner)]
            say(f"You play with {self.names[partner]}, your partner across the table, against "
                f"{words.listing(others)}. Partners keep one score; you do not see each "
                "other's tiles.")
        else:
            others = [name for seat, name in enumerate(self.names) if seat != me]
            say(f"You play against {words.listing(others)}.")
        for seat, (name, key) in enumerate(zip(self.names, kinds, strict=True)):
            if seat != me and key in PLAYERS:
                say(f"{name} ({PLAYERS[key].difficulty}) {PLAYERS[key].style}.")

    # -- the ends of hands and games ----------------------------------------------------------

    def say_events(self, events: Iterable[Event]) -> None:
        """Say each event in order: a new hand as a heading, the others as sentences."""
        for event in events:
            if event.kind == "hand":
                self.console.say("")
                self.console.say(self.console.style(f"Hand {event.number + 1}.", "heading"))
                continue
            sentence = words.event_sentence(event, self.names)
            if sentence is not None:
                self.console.say(sentence)

    def wait_for_deal(self, number: int) -> None:
        """Ask until the person is ready for hand ``number`` (1-based), answering the commands
        that take no turn on the way."""
        while True:
            line = self.console.ask(f"Press Enter to deal hand {number}, or type quit: ")
            if line is None:
                raise Stop("eof")
            answer = line.strip().lower()
            if answer in ("", "next", "n", "yes", "y", "deal"):
                return
            if not self.info_command(answer):
                self.console.error(f"Press Enter to deal hand {number}, or type quit.")

    def ask_yes_no(self, prompt: str) -> bool:
        """Ask until the answer is yes or no; the end of the input means no."""
        while True:
            line = self.console.ask(prompt)
            if line is None:
                return False
            answer = line.strip().lower()
            if answer in ("yes", "y"):
                return True
            if answer in ("no", "n", "quit", "q", "exit"):
                return False
            if not self.info_command(answer):
                self.console.error("Type yes or no.")

    # -- the person's turn ------------------------------------------------------------------

    def nothing_fits(self, view: View) -> str:
        """Why the person passes (said before a forced pass)."""
        numbers = sorted(set(view.open_ends.values()), reverse=True)
        wanted = " or ".join(f"{'an' if n in (8, 11) else 'a'} {n}" for n in numbers)
        return (f"Nothing fits {wanted}, and the boneyard is empty." if view.rules.drawing
                else f"Nothing fits {wanted}.")

    def show_status(self, view: View) -> None:
        """Where things stand: the ends, the scores, the others' tiles, your hand."""
        say = self.console.say
        say("")
        if view.layout.is_empty:
            first = "Your turn. You lead: lay any tile."
        else:
            first = "Your turn. " + words.ends_sentence(view)
        say(self.console.style(first, "heading"))
        say(words.scores_sentence(view.scores, self.names, view.rules.target, view.rules))
        say(words.counts_sentence(view, self.names))
        say(words.hand_sentence(view, self.mark))

    def mark(self, text: str) -> str:
        """A playable tile, in colour when colour is on."""
        return self.console.style(text, "playable")

    def choose_move(self, view: View) -> Move:
        """Read lines until one is a move, answering the other commands on the way."""
        moves = view.legal_moves()
        while True:
            if self.pending is not None:
                line, self.pending = self.pending, None
            else:
                read = self.console.ask("Your move: ")
                if read is None:
                    raise Stop("eof")
                line = read
            if not line.strip() and moves[0].kind == "draw":
                line = "draw"
            try:
                command = parse(line, view.rules.set)
            except CommandError as error:
                self.console.error(str(error))
                continue
            if isinstance(command, Word):
                if command.name == "draw":
                    problem = self.cannot(view, "draw")
                elif command.name == "pass":
                    problem = self.cannot(view, "pass")
                else:
                    self.info_command(command.name)
                    continue
                if problem:
                    self.console.error(problem)
                    continue
                return moves[0]
            move = self.choose_lay(view, command)
            if move is not None:
                return move

    def cannot(self, view: View, word: str) -> str | None:
        """Why ``draw`` or ``pass`` is not allowed now; None when it is the move to make."""
        moves = view.legal_moves()
        if moves[0].kind == word:
            return None
        playable = sorted({str(m.tile) for m in moves if m.tile is not None}, reverse=True)
        if playable:
            return (
                f"You cannot {word} while a tile fits. Playable: {words.listing(playable)}."
            )
        if word == "pass":
            return "You cannot pass while you can draw. Type draw."
        if not view.rules.drawing:
            return "There is no drawing in this game: when nothing fits, you pass by yourself."
        return "The boneyard is empty."

    def choose_lay(self, view: View, lay: Lay) -> Move | None:
        """The move for a typed tile: its end asked for when the ends give different tables;
        None after an error."""
        tile = lay.tile
        if tile not in view.hand:
            self.console.error(f"You do not hold {tile}. " + self.hand_reminder(view))
            return None
        choice = tile_choices(view).get(tile)
        if choice is None:
            numbers = sorted(set(view.open_ends.values()), reverse=True)
            shown = words.listing([str(n) for n in numbers])
            extra = " Type draw." if view.legal_moves()[0].kind == "draw" else ""
            self.console.error(f"{tile} fits no open end. The open ends show {shown}.{extra}")
            return None
        if lay.end is None or view.layout.is_empty:
            move = choice.move()
            return move if move is not None else self.ask_end(view, choice)
        move = choice.move(lay.end)
        if move is not None:
            return move
        ends = view.open_ends
        where = words.listing([f"the {end} end" for end in choice.ends])
        if lay.end not in ends:
            self.console.error(f"There is no {lay.end} end open now. {tile} fits {where}.")
        else:
            self.console.error(
                f"{tile} does not fit the {lay.end} end, which shows {ends[lay.end]}. "
                f"It fits {where}."
            )
        return None

    def ask_end(self, view: View, choice: TileChoice) -> Move | None:
        """Ask which end; None if the person typed something else (kept as ``pending``)."""
        tile = choice.tile
        ends = list(choice.ends)
        or_list = ", ".join(ends[:-1]) + " or " + ends[-1]
        self.console.say(words.end_question(choice))
        while True:
            line = self.console.ask(f"Which end, {or_list}? ")
            if line is None:
                raise Stop("eof")
            end = parse_end(line)
            if end is not None:
                move = choice.move(end)
                if move is not None:
                    return move
                self.console.error(f"{tile} does not go on the {end} end. Type {or_list}.")
                continue
            answer = line.strip().lower()
            if answer in ("", "cancel", "back"):
                self.console.say("Choose again.")
                return None
            try:
                parse(answer, view.rules.set)
            except CommandError:
                self.console.error(f"Type {or_list}, or cancel.")
                continue
            self.pending = line
            return None

    def hand_reminder(self, view: View) -> str:
        """A short reminder of what may be played."""
        playable = sorted({str(m.tile) for m in view.legal_moves() if m.tile is not None},
                          reverse=True)
        if playable:
            return f"Playable: {words.listing(playable)}."
        return "Nothing fits: type draw." if view.legal_moves()[0].kind == "draw" else ""

    # -- commands that take no turn -----------------------------------------------------------

    def info_command(self, text: str) -> bool:
        """Answer ``hand``, ``board``, ``score``, ``history``, ``hint``, ``help`` or raise
        :class:`Stop` for ``quit``; False if ``text`` is none of them."""
        view = self.current_view()
        try:
            command = parse(text, view.rules.set)
        except CommandError:
            return False
        if not isinstance(command, Word) or command.name in ("draw", "pass"):
            return False
        name = command.name
        say = self.console.say
        if name == "quit":
            raise Stop("quit")
        if name == "resign":
            problem = self.cannot_resign()
            if problem is not None:
                say(problem)
            elif self.ask_yes_no("Resign this game? You lose it. Type yes or no: "):
                self.resign()
            else:
                say("You play on.")
        elif name == "hand":
            say(words.hand_sentence(view, self.mark))
        elif name == "board":
            for line in words.board_lines(view):
                say(line)
        elif name == "score":
            for line in self.score_lines():
                say(line)
        elif name == "history":
            self.show_history(view)
        elif name == "hint":
            self.show_hint(view)
        elif name == "help":
            for line in words.help_lines(view.rules, self.command, self.quit_words):
                say(line)
        return True

    def show_history(self, view: View) -> None:
        """This hand's events so far, as the person may know them."""
        self.console.say(f"Hand {view.hand_number + 1} so far:")
        told = False
        for event in self.hand_events():
            sentence = words.event_sentence(event, self.names)
            if sentence is not None:
                self.console.say(sentence)
                told = True
        if not told:
            self.console.say("Nothing yet.")
        if view.hand_number:
            self.console.say("Type score for the earlier hands.")


class Game(Person):
    """A game (and the games after it) played through a :class:`Console`.

    ``command`` is the command that starts the terminal game, as the person can type it again
    (app.py sets it from how the game was started); ``--resume`` or ``--daily`` is added to it.
    """

    def __init__(self, save: Save, console: Console, path: Path | None,
                 today: Callable[[], datetime.date] | None = None) -> None:
        super().__init__(console, opponent_names(save.opponents))
        self.save = save
        self.path = path
        self.today = today or (lambda: datetime.datetime.now(datetime.UTC).date())
        options = {} if save.playouts is None else {"playouts": save.playouts}
        self.players: list[Player] = [
            player(name, **options) if name == "expert" else player(name)
            for name in save.opponents
        ]
        self.save_failed = False

    @property
    def match(self) -> Match:
        """The match in play."""
        return self.save.match

    # -- the whole session ----------------------------------------------------------------

    def run(self, resumed: bool = False) -> int:
        """Play until the person stops; returns the exit status."""
        try:
            self.introduce(resumed)
            self.store()
            while True:
                if not self.play_match():
                    self.console.say("Goodbye.")
                    return OK
                self.start_new_game()
        except Stop as stop:
            if stop.reason == "eof":
                self.console.say("End of input.")
            self.console.say(self.saved_sentence())
            return OK
        except KeyboardInterrupt:
            self.console.say("")
            self.console.say("Interrupted.")
            self.store()
            self.console.say(self.saved_sentence())
            return INTERRUPTED

    def saved_sentence(self) -> str:
        """Where the game is and how to go on with it."""
        if self.save_failed or self.path is None:
            return "The game could not be saved."
        again = f"{self.command} --daily" if self.save.daily else f"{self.command} --resume"
        return f"The game is saved. To go on, type: {again}"

    def introduce(self, resumed: bool) -> None:
        """The first lines: what game this is, against whom, and how to get help."""
        rules = self.match.rules
        say = self.console.say
        if self.save.daily:
            say(f"The daily game for {self.save.daily.isoformat()}: one hand of Draw.")
        if resumed:
            say(f"Going on with your saved game, hand {self.match.hand_number + 1}.")
        say(words.rules_sentence(rules))
        self.introduce_players(rules, ["human", *self.save.opponents])
        if self.save.daily and not resumed:
            if self.save.first_attempt:
                say("This is your first attempt at today's deal: it counts for your streak.")
            else:
                say("You have played today's deal before: this game does not count for your "
                    "streak.")
        say("To lay a tile, type its two numbers, like 6 4. Type help for every command.")

    def start_new_game(self) -> None:
        """The next game of the series: the same rules and players, the next seed."""
        old = self.match
        self.save = Save(
            match=Match(old.rules, seed=old.seed + 1),
            opponents=self.save.opponents,
            autodraw=self.save.autodraw,
            playouts=self.save.playouts,
            games=self.save.games + 1,
        )
        self.store()
        self.console.say("")
        self.console.say(f"A new game of {words.variant_name(old.rules)}.")

    def store(self) -> None:
        """Save the game now; a failure is told once and play goes on."""
        if self.path is None:
            return
        try:
            write_save(self.path, self.save)
        except OSError as error:
            if not self.save_failed:
                self.console.error(
                    f"Could not save the game to {self.path}: {error.strerror or error}. "
                    "Play goes on without saving."
                )
            self.save_failed = True

    # -- one game -------------------------------------------------------------------------

    def play_match(self) -> bool:
        """Play the match to its end; True if the person wants another game."""
        while True:
            match = self.match
            if match.is_over or self.save.resigned:
                self.tell()
                self.finish_match()
                return self.ask_yes_no("Play a new game? Type yes or no: ")
            try:
                if match.hand_result is not None:
                    self.tell()
                    self.finish_hand()
                    continue
                seat = match.turn
                assert seat is not None
                if seat == YOU:
                    self.your_turn()
                else:
                    self.computer_turn(seat)
            except Resigned:
                continue

    def computer_turn(self, seat: int) -> None:
        """A computer player moves."""
        match = self.match
        view = match.view(seat)
        rng = move_rng(match.seed, match.hand_number, seat, len(match.history))
        computer = self.players[seat - 1]
        if getattr(computer, "playouts", 0) >= SLOW_PLAYOUTS and len(view.legal_moves()) > 1:
            self.console.say(f"{self.names[seat]} is thinking.")
        move = computer.choose(view, rng)
        try:
            match.play(move)
        except IllegalMoveError as error:  # a player's bug must not end the game
            fallback = match.legal_moves()[0]
            self.console.error(
                f"{self.names[seat]} chose an illegal move ({move}: {error}); it plays "
                f"{fallback} instead. Please report this."
            )
            match.play(fallback)
        self.store()

    def tell(self) -> None:
        """Say everything that happened since the person was last told."""
        history = self.match.history
        self.say_events(words.seat_history(history[self.save.told :], YOU))
        if self.save.told != len(history):
            self.save.told = len(history)
            self.store()

    def finish_hand(self) -> None:
        """Tell how the hand ended, show the scoresheet, and deal the next hand."""
        self.show_hand_end()
        self.wait_for_deal(self.match.hand_number + 2)
        self.match.next_hand()
        self.store()

    def show_hand_end(self) -> None:
        """The hand's result, every hand's tiles and pips, the hand's row of the scoresheet and
        the totals (the whole sheet is the ``score`` command's)."""
        say = self.console.say
        say("")
        lines = words.hand_end_lines(self.match, self.names)
        if lines:
            say(self.console.style(lines[0], "heading"))
            for line in lines[1:]:
                say(line)
        for line in words.scoresheet_lines(self.match, self.names, last_only=True):
            say(line)

    def finish_match(self) -> None:
        """Tell how the hand and the game ended (or that the person gave it up), and note the
        daily result."""
        resigned = YOU if self.save.resigned else None
        if resigned is None:
            self.show_hand_end()
            lines = words.game_end_lines(self.match, self.names)
            self.console.say(self.console.style(lines[0], "heading"))
        else:
            rules = self.match.rules
            self.console.say(self.console.style(words.resignation_sentence(self.names, YOU),
                                                "heading"))
            self.console.say(words.scores_sentence(self.match.scores, self.names, rules.target,
                                                   rules))
        if self.save.daily and self.save.first_attempt:
            winner = self.match.winner
            result = ("lost" if resigned is not None else "drawn" if winner is None
                      else "won" if winner == YOU else "lost")
            if self.path is not None:
                with contextlib.suppress(OSError):
                    note_daily(self.path.parent, self.save.daily, result)
                days = streak(read_record(self.path.parent), self.today())
                self.console.say(f"Daily streak: {words.plural(days, 'day')} won in a row.")
        if self.save.daily:
            text = share_text(self.match, self.save.daily, YOU, resigned)
            if text is not None:
                self.console.say(f"To share your result, copy this line: {text}")

    # -- the person's turn ------------------------------------------------------------------

    def your_turn(self) -> None:
        """Tell the person what happened and where things stand; take one move."""
        self.tell()
        view = self.match.view(YOU)
        moves = view.legal_moves()
        if moves[0].kind == "pass":
            self.console.say(self.nothing_fits(view))
            self.make(moves[0])
            return
        if moves[0].kind == "draw" and self.save.autodraw:
            self.console.say("Nothing fits, so you draw.")
            self.make(moves[0])
            while self.match.turn == YOU and self.match.legal_moves()[0].kind == "draw":
                self.make(self.match.legal_moves()[0])
            return
        self.show_status(view)
        self.take_move(view)

    def take_move(self, view: View) -> None:
        """Take one move from the person and play it; after a draw, the next one."""
        move = self.choose_move(view)
        self.make(move)
        if move.kind == "draw" and self.match.turn == YOU:
            self.after_draw()

    def after_draw(self) -> None:
        """After a drawn tile: the hand again, and the next move (a forced pass by itself)."""
        view = self.match.view(YOU)
        moves = view.legal_moves()
        if moves[0].kind == "pass":
            return
        self.console.say(words.hand_sentence(view, self.mark))
        self.take_move(view)

    def make(self, move: Move) -> None:
        """Play the person's move, save, and say what it did."""
        self.match.play(move)
        self.store()
        self.tell()

    def cannot_resign(self) -> str | None:
        return "The game is over." if self.match.is_over or self.save.resigned else None

    def resign(self) -> None:
        self.save.resigned = True
        self.store()
        raise Resigned

    # -- what the person may know -------------------------------------------------------------

    def current_view(self) -> View:
        """The person's view of the match."""
        return self.match.view(YOU)

    def score_lines(self) -> list[str]:
        """The match's scoresheet in words."""
        return words.scoresheet_lines(self.match, self.names)

    def hand_events(self) -> list[Event]:
        """This hand's events, the person's own drawn tiles named."""
        history = self.match.history
        start = max(i for i, event in enumerate(history) if event.kind == "hand")
        return words.seat_history(history[start + 1 :], YOU)

    def show_hint(self, view: View) -> None:
        """The expert's suggestion and why."""
        if view.turn != YOU:
            self.console.say("A hint is for your turn.")
            return
        options = {} if self.save.playouts is None else {"playouts": self.save.playouts}
        suggestion = hint(view, seed=hint_seed(self.match.seed, view), **options)
        reason = suggestion.reason
        self.console.say(f"Hint: {reason[:1].upper()}{reason[1:]}.")
