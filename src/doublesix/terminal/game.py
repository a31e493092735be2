"""The local game, ``doublesix play``: the person in seat 0, computer players in the other seats.

Every move is saved as soon as it is made, so quitting, the end of the input or Ctrl-C loses
nothing.  The person is told, in order, everything the others did since their last turn; what
they are asked and told on their turn is :class:`~doublesix.terminal.person.Person`'s.
"""

from __future__ import annotations

import contextlib
import datetime
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Final

from doublesix.ai import Player, hint, player
from doublesix.ai.coach import Advice, advise
from doublesix.ai.expert import DEFAULT_PLAYOUTS
from doublesix.ai.ratings import casual, coach_helps
from doublesix.ai.review import review
from doublesix.ai.seeding import hint_seed, move_rng
from doublesix.engine.events import Event, hand_start
from doublesix.engine.match import Match
from doublesix.engine.moves import IllegalMoveError, Move
from doublesix.engine.view import View
from doublesix.terminal.console import Console
from doublesix.terminal.person import (
    INTERRUPTED,
    NEW_GAME_QUESTION,
    OK,
    Person,
    Resigned,
    Stop,
)
from doublesix.terminal.saves import (
    Save,
    note_daily,
    rate_save,
    rating_lines,
    read_record,
    streak,
    write_save,
)
from doublesix.words import coachwords, endwords, players, results, reviewtalk, sessionwords, talk
from doublesix.words.errorwords import said
from doublesix.words.i18n import _, ngettext
from doublesix.words.results import name_seats, share_text
from doublesix.words.talk import YOU, YOU_NAME

#: An expert with this many playouts a move or more thinks for a second or longer, so the
#: person is told it is thinking.
SLOW_PLAYOUTS: Final = 20_000


def opponent_names(opponents: Sequence[str]) -> list[str]:
    """The seats' names: "You", then each player's label, numbered when it comes twice.

    >>> opponent_names(["greedy", "snow-white", "greedy"])
    ['You', 'Greedy', 'Snow White', 'Greedy 2']
    """
    return name_seats([YOU_NAME, *(players.label(n) for n in opponents)])


class Game(Person):
    """A game (and the games after it) played through a :class:`Console`.

    ``command`` is the command that starts the terminal game, as the person can type it again
    (app.py sets it from how the game was started); ``--resume`` or ``--daily`` is added to it.
    """

    def __init__(self, save: Save, console: Console, path: Path | None,
                 today: Callable[[], datetime.date] | None = None) -> None:
        super().__init__(console, opponent_names(save.opponents))
        self.path = path
        self.today = today or (lambda: datetime.datetime.now(datetime.UTC).date())
        self.take_up(save)
        self.save_failed = False
        #: Whether the coach judges the person's moves (``--coach``; never in the daily game).
        self.coach = False

    def take_up(self, save: Save) -> None:
        """Play ``save``'s game from now on: its seats' names and computer players."""
        self.save = save
        self.names = opponent_names(save.opponents)
        options = {} if save.playouts is None else {"playouts": save.playouts}
        self.players: list[Player] = [
            player(name, **options) if name == "expert" else player(name)
            for name in save.opponents
        ]
        self.seen = None

    @property
    def match(self) -> Match:
        """The match in play."""
        return self.save.match

    # -- the whole session ----------------------------------------------------------------

    def run(self, resumed: bool = False) -> int:
        """Play until the person stops; returns the exit status."""
        try:
            if not (resumed and self.match.is_over):
                self.introduce(resumed)
            elif not self.offer_new_game():
                self.console.say(_("Goodbye."))
                return OK
            self.store()
            while True:
                if not self.play_match():
                    self.console.say(_("Goodbye."))
                    return OK
                self.start_new_game()
        except Stop as stop:
            if stop.reason == "eof":
                self.console.say(_("End of input."))
            self.console.say(self.saved_sentence())
            return OK
        except KeyboardInterrupt:
            self.console.say("")
            self.console.say(_("Interrupted."))
            self.store()
            self.console.say(self.saved_sentence())
            return INTERRUPTED

    def offer_new_game(self) -> bool:
        """``--resume`` found a finished game: say so and how it ended, and offer a new one
        with the same rules and players; True (the new game dealt and introduced) if taken."""
        match = self.match
        self.console.say(sessionwords.finished_line(talk.variant_name(match.rules)))
        for line in talk.game_end_lines(match, self.names):
            self.console.say(line)
        if not self.ask_yes_no(NEW_GAME_QUESTION):
            return False
        self.start_new_game()
        self.introduce(False)
        return True

    def saved_sentence(self) -> str:
        """Where the game is and how to go on with it."""
        if self.save_failed or self.path is None:
            return _("The game could not be saved.")
        return sessionwords.go_on_line(self.command, daily=self.save.daily is not None)

    def introduce(self, resumed: bool) -> None:
        """The first lines: what game this is, against whom, and how to get help."""
        rules = self.match.rules
        say = self.console.say
        if self.save.daily:
            say(_("The daily game for {day}: one hand of Draw.").format(
                day=self.save.daily.isoformat()))
        if resumed:
            say(sessionwords.resumed_line(self.match.hand_number + 1))
        say(talk.rules_sentence(rules))
        self.introduce_players(rules, ["human", *self.save.opponents])
        if self.save.daily and not resumed:
            if self.save.first_attempt:
                say(_("This is your first attempt at today's deal: it counts for your streak."))
            else:
                say(_("You have played today's deal before: this game does not count for your "
                      "streak."))
        self.say_how_to_play()

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
        self.say_new_game(old.rules)

    def store(self) -> None:
        """Save the game now; a failure is told once and play goes on."""
        if self.path is None:
            return
        try:
            write_save(self.path, self.save)
        except OSError as error:
            if not self.save_failed:
                self.console.error(
                    _("Could not save the game to {path}: {error}. Play goes on without saving."
                      ).format(path=self.path, error=error.strerror or error))
            self.save_failed = True

    # -- one game -------------------------------------------------------------------------

    def play_match(self) -> bool:
        """Play the match to its end; True if the person wants another game."""
        while True:
            match = self.match
            if match.is_over:
                self.tell()
                self.finish_match()
                return self.ask_yes_no(NEW_GAME_QUESTION)
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
            self.console.say(_("{name} is thinking.").format(name=self.names[seat]))
        move = computer.choose(view, rng)
        try:
            match.play(move)
        except IllegalMoveError as error:  # a player's bug must not end the game
            fallback = match.legal_moves()[0]
            self.console.error(
                _("{name} chose an illegal move ({move}: {error}); it plays {fallback} instead. "
                  "Please report this.").format(name=self.names[seat], move=move, error=said(error),
                                                fallback=fallback))
            match.play(fallback)
        self.store()

    def tell(self) -> None:
        """Say everything that happened since the person was last told."""
        history = self.match.history
        self.say_events(talk.seat_history(history[self.save.told :], YOU))
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
        lines = talk.hand_end_lines(self.match, self.names)
        if lines:
            say(self.console.style(lines[0], "heading"))
            for line in lines[1:]:
                say(line)
        for line in talk.scoresheet_lines(self.match, self.names, last_only=True):
            say(line)

    def finish_match(self) -> None:
        """Tell how the hand and the game ended (or that the person gave it up), and note the
        daily result."""
        match = self.match
        say = self.console.say
        if match.resigned is None:
            self.show_hand_end()
        lines = talk.game_end_lines(match, self.names)
        say(self.console.style(lines[0], "heading"))
        if match.resigned is not None:  # no hand's end said the scores
            say(lines[1])
        if self.save.daily and self.save.first_attempt:
            winner = match.winner
            result = "won" if winner == YOU else "lost" if winner is not None else "drawn"
            if self.path is not None:
                with contextlib.suppress(OSError):
                    note_daily(self.path.parent, self.save.daily, result)
                days = streak(read_record(self.path.parent), self.today())
                say(ngettext("Daily streak: {count} day won in a row.",
                             "Daily streak: {count} days won in a row.", days).format(count=days))
        self.rate()
        if self.save.daily:
            text = share_text(match, self.save.daily, YOU, self.accuracy())
            if text is not None:
                say(_("To share your result, copy this line: {text}").format(text=text))

    def rate(self) -> None:
        """Move the save folder's rating after the finished game (once) and say how it
        moved; a game the coach helped in says that it does not count instead."""
        if self.save.coached:
            self.console.say(coachwords.coached_game())
        if self.path is None:
            return
        try:
            rated = rate_save(self.path, self.save, self.today())
        except OSError as error:
            self.console.error(_("Could not keep your rating: {error}.").format(
                error=error.strerror or error))
            return
        if rated is not None:
            before, after, next_level = rated
            self.console.say(results.rating_sentence(before.shown, after.shown))
            if next_level is not None:
                self.console.say(next_level)

    def stats_lines(self) -> list[str]:
        """``stats``: the save folder's rating in words, and what to try next."""
        if self.path is None:
            return [_("No rating is kept: this game is not saved.")]
        return rating_lines(self.path.parent)

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
            self.console.say(_("Nothing fits, so you draw."))
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
        self.console.say(talk.hand_sentence(view, self.mark))
        self.take_move(view)

    def make(self, move: Move) -> None:
        """Play the person's move, save, and say what it did; with the coach, what it lost
        when that was much more than the best (before the computers answer).  A game the coach
        helps in is casual (:func:`~doublesix.ai.ratings.casual`; saved with the game, before
        the person hears the coach): the first time, the coach says so."""
        advice = self.advice(move) if self.coach and self.save.daily is None else None
        self.match.play(move)
        now_casual = False
        if advice is not None and not self.save.coached and coach_helps(self.match):
            now_casual = not casual(self.match)
            self.save.coached = True
        self.store()
        if move.kind == "lay":
            self.saw_own_lay(self.match.view(YOU))
        self.tell()
        if advice is not None:
            self.console.say(coachwords.coach_sentence(advice))
        if now_casual:
            self.console.say(coachwords.now_casual())

    def advice(self, move: Move) -> Advice | None:
        """The coach's judgement of ``move`` before it is played (:func:`doublesix.ai.coach.
        advise`: the seat's view, the review's measure and random numbers, the game's
        budget)."""
        match = self.match
        playouts = DEFAULT_PLAYOUTS if self.save.playouts is None else self.save.playouts
        return advise(match.view(YOU), match.state.resolve(move),
                      move_rng(match.seed, match.hand_number, YOU, len(match.history)),
                      playouts)

    def cannot_resign(self) -> str | None:
        return _("The game is over.") if self.match.is_over else None

    def resign(self) -> None:
        self.match.resign(YOU)
        self.store()
        raise Resigned

    # -- what the person may know -------------------------------------------------------------

    def current_view(self) -> View:
        """The person's view of the match."""
        return self.match.view(YOU)

    def score_lines(self) -> list[str]:
        """The match's scoresheet in words."""
        return talk.scoresheet_lines(self.match, self.names)

    def hand_events(self) -> list[Event]:
        """This hand's events, the person's own drawn tiles named."""
        history = self.match.history
        return talk.seat_history(history[hand_start(history) + 1 :], YOU)

    def show_hint(self, view: View) -> None:
        """The expert's suggestion and why."""
        if view.turn != YOU:
            self.console.say(_("A hint is for your turn."))
            return
        options = {} if self.save.playouts is None else {"playouts": self.save.playouts}
        suggestion = hint(view, seed=hint_seed(self.match.seed, view), **options)
        self.say_hint(endwords.hint_reason(*suggestion))

    def accuracy(self) -> float | None:
        """The person's accuracy in the game that is over (the expert's review at its default
        budget), or None when no decision of theirs was reviewed."""
        return review(self.match, YOU, hindsight=False).summary.accuracy

    def show_review(self) -> None:
        """The expert's review of the person's moves (:mod:`doublesix.ai.review`): of the hand
        just ended, or of every hand once the game is over; refused while a hand is in play,
        since it would show the hidden tiles."""
        match = self.match
        say = self.console.say
        if match.hand_result is None and not match.is_over:
            say(_("A review comes once the hand is over: nothing hidden is shown while it is in "
                  "play."))
            return
        over = match.is_over
        playouts = DEFAULT_PLAYOUTS if self.save.playouts is None else self.save.playouts
        result = review(match, YOU, hands=None if over else [match.hand_number],
                        playouts=playouts)
        if not result.hands:
            say(_("There is no finished hand to review."))
            return
        say(self.console.style(_("The expert's review of your moves, in this game:") if over
                               else _("The expert's review of your moves, this hand:"),
                               "heading"))
        for line in reviewtalk.review_lines(result):
            say(line)
