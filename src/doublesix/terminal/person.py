"""The person at a table in the terminal: what they are asked and told, wherever the game is
refereed.

:class:`Person` asks for a move (a tile, its end, ``draw``), answers the commands that take no
turn (``hand``, ``board``, ``score``, ``history``, ``hint``, ``review``, ``stats``,
``help``, ``resign``, ``quit``) and says what happened.  It does not care where the game is
refereed: :class:`doublesix.terminal.game.Game` plays it here against computer players,
:class:`doublesix.terminal.remote.RemoteGame` at a web table.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final, NamedTuple

from doublesix.ai import PLAYERS
from doublesix.ai.ladder import level_of_player
from doublesix.engine.events import Event
from doublesix.engine.moves import Move
from doublesix.engine.rules import Rules
from doublesix.engine.summary import TileChoice, tile_choices
from doublesix.engine.view import View
from doublesix.terminal.commands import CommandError, Lay, Word, answer_of, parse, parse_end
from doublesix.terminal.console import Console
from doublesix.words import endwords, players, results, sessionwords, talk
from doublesix.words.eventwords import end_words
from doublesix.words.i18n import N_, _
from doublesix.words.talk import YOU

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


#: A seat left with this many tiles or fewer is said on the person's turn when it changed (a
#: seat down to one tile on every turn).
FEW_TILES: Final = 2
#: How the terminal says to draw, in a turn's first line.
DRAW_WORDS: Final = N_("type draw")
#: The question after a game.
NEW_GAME_QUESTION: Final = N_("Play a new game? Type yes or no: ")
#: The question before resigning.
RESIGN_QUESTION: Final = N_("Resign this game? You lose it. Type yes or no: ")


class Seen(NamedTuple):
    """What the person was last told of the table on their turn, to say only what changed."""

    hand: int
    #: The open ends and the board count.
    ends: tuple[tuple[tuple[str, int], ...], int]
    scores: tuple[int, ...]
    sizes: tuple[int, ...]

    @classmethod
    def of(cls, view: View) -> Seen:
        return cls(view.hand_number, (tuple(view.open_ends.items()), view.board_count),
                   tuple(view.scores), tuple(view.hand_sizes))


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
        #: What the person was told of the table on their last turn (None: nothing yet).
        self.seen: Seen | None = None

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

    def show_review(self) -> None:
        """The expert's review of the person's moves, once a hand or the game is over."""
        self.console.say(_("A review is not available here yet: it is in the terminal game "
                           "(doublesix play) and doublesix review FILE."))

    def stats_lines(self) -> list[str]:
        """What ``stats`` says: the person's rating, where one is kept."""
        return [_("No rating is kept for this game.")]

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
            say(_("You play with {partner}, your partner across the table, against {others}. "
                  "Partners keep one score; you do not see each other's tiles.").format(
                partner=self.names[partner], others=talk.listing(others)))
        else:
            others = [name for seat, name in enumerate(self.names) if seat != me]
            say(_("You play against {others}.").format(others=talk.listing(others)))
        for seat, (name, key) in enumerate(zip(self.names, kinds, strict=True)):
            if seat != me and key in PLAYERS:
                say(players.introduction(name, key, level_of_player(key)))

    def say_how_to_play(self) -> None:
        """The last line of the introduction: how to lay a tile, and where help is."""
        self.console.say(_("To lay a tile, type its two numbers, like 6 4. Type help for every "
                           "command."))

    def say_new_game(self, rules: Rules) -> None:
        """A new game begins (after "Play again?" or "Play a new game?"): its first turn says
        the whole table again."""
        self.seen = None
        self.console.say("")
        self.console.say(_("A new game of {variant}.").format(variant=talk.variant_name(rules)))

    def say_hint(self, reason: str) -> None:
        """The expert's suggestion, as a sentence."""
        self.console.say(endwords.hint_sentence(f"{reason[:1].upper()}{reason[1:]}"))

    # -- the ends of hands and games ----------------------------------------------------------

    def say_events(self, events: Iterable[Event]) -> None:
        """Say each event in order: a new hand as a heading, the others as sentences."""
        for event in events:
            if event.kind == "hand":
                self.console.say("")
                self.console.say(self.console.style(
                    _("Hand {number}.").format(number=event.number + 1), "heading"))
                continue
            sentence = talk.event_sentence(event, self.names)
            if sentence is not None:
                self.console.say(sentence)

    def wait_for_deal(self, number: int) -> None:
        """Ask until the person is ready for hand ``number`` (1-based), answering the commands
        that take no turn on the way."""
        while True:
            line = self.console.ask(_("Press Enter to deal hand {number}, or type quit: ").format(
                number=number))
            if line is None:
                raise Stop("eof")
            answer = line.strip().lower()
            if answer in ("", "next", "n", "deal") or answer_of(answer) == "yes":
                return
            if not self.info_command(answer):
                self.console.error(_("Press Enter to deal hand {number}, or type quit.").format(
                    number=number))

    def ask_yes_no(self, prompt: str) -> bool:
        """Ask until the answer is yes or no; the end of the input means no."""
        while True:
            line = self.console.ask(_(prompt))
            if line is None:
                return False
            answer = line.strip().lower()
            if answer_of(answer) == "yes":
                return True
            if answer_of(answer) == "no" or answer in ("quit", "q", "exit"):
                return False
            if not self.info_command(answer):
                self.console.error(_("Type yes or no."))

    # -- the person's turn ------------------------------------------------------------------

    def nothing_fits(self, view: View) -> str:
        """Why the person passes (said before a forced pass)."""
        numbers = sorted(set(view.open_ends.values()), reverse=True)
        wanted = talk.any_of(numbers)
        return (_("Nothing fits {numbers}, and the boneyard is empty.") if view.rules.drawing
                else _("Nothing fits {numbers}.")).format(numbers=wanted)

    def show_status(self, view: View) -> None:
        """Where things stand, said by what changed since the person's last turn: the open
        ends when they moved (else what the person can play, never a bare "Your turn."), the
        scores when one moved, how many tiles the others hold at a hand's first turn (later a
        seat left with two when its count changed, a seat with one every turn), and always
        the hand with what fits.  The whole picture is ``board``, ``hand`` and ``score``'s."""
        say = self.console.say
        seen, now = self.seen, Seen.of(view)
        self.seen = now
        new_hand = seen is None or seen.hand != now.hand
        say("")
        if view.layout.is_empty:
            first = _("Your turn. You lead: lay any tile.")
        elif new_hand or seen is None or seen.ends != now.ends:
            first = _("Your turn. {ends}").format(ends=talk.ends_sentence(view))
        else:  # the ends are as the person left them: what they can play, not a bare turn
            first = talk.turn_sentence(view, self.names, DRAW_WORDS) or ""
        say(self.console.style(first, "heading"))
        if seen is None or seen.scores != now.scores:
            say(talk.scores_sentence(view.scores, self.names, view.rules.target, view.rules))
        if new_hand or seen is None:
            say(talk.counts_sentence(view, self.names))
        else:
            few = [(self.names[seat], size) for seat, (size, before)
                   in enumerate(zip(now.sizes, seen.sizes, strict=True))
                   if seat != view.seat and 0 < size <= FEW_TILES
                   and (size != before or size == 1)]
            if few:
                say(results.few_tiles_sentence(few))
        say(talk.hand_sentence(view, self.mark))

    def saw_own_lay(self, view: View) -> None:
        """The person laid a tile (``view``: just after it): the ends it left, and the tiles
        the others hold, are not news on their next turn."""
        if self.seen is not None:
            now = Seen.of(view)
            self.seen = self.seen._replace(ends=now.ends, sizes=now.sizes)

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
                read = self.console.ask(_("Your move: "))
                if read is None:
                    raise Stop("eof")
                line = read
            if not line.strip() and moves[0].kind == "draw":
                line = "draw"  # Enter draws (the English word is always understood)
            try:
                command = parse(line, view.rules.set)
            except CommandError as error:
                if not self.info_command(line):  # a command of the table's own, if any
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
            return (_("You cannot draw while a tile fits. Playable: {tiles}.") if word == "draw"
                    else _("You cannot pass while a tile fits. Playable: {tiles}.")).format(
                tiles=talk.listing(playable))
        if word == "pass":
            return _("You cannot pass while you can draw. Type draw.")
        if not view.rules.drawing:
            return _("There is no drawing in this game: when nothing fits, you pass by yourself.")
        return _("The boneyard is empty.")

    def choose_lay(self, view: View, lay: Lay) -> Move | None:
        """The move for a typed tile: its end asked for when the ends give different tables;
        None after an error."""
        tile = lay.tile
        if tile not in view.hand:
            self.console.error(_("You do not hold {tile}. {reminder}").format(
                tile=tile, reminder=self.hand_reminder(view)).rstrip())
            return None
        choice = tile_choices(view).get(tile)
        if choice is None:
            numbers = sorted(set(view.open_ends.values()), reverse=True)
            shown = talk.listing([str(n) for n in numbers])
            if view.legal_moves()[0].kind == "draw":
                self.console.error(_("{tile} fits no open end. The open ends show {numbers}. "
                                     "Type draw.").format(tile=tile, numbers=shown))
            else:
                self.console.error(_("{tile} fits no open end. The open ends show {numbers}."
                                     ).format(tile=tile, numbers=shown))
            return None
        if lay.end is None or view.layout.is_empty:
            move = choice.move()
            return move if move is not None else self.ask_end(view, choice)
        move = choice.move(lay.end)
        if move is not None:
            return move
        ends = view.open_ends
        where = talk.listing([endwords.end_name(end) for end in choice.ends])
        if lay.end not in ends:
            self.console.error((_("There is no {end} arm open now. {tile} fits {ends}.")
                                if lay.end in ("up", "down")
                                else _("There is no {end} end open now. {tile} fits {ends}.")
                                ).format(end=end_words(lay.end), tile=tile, ends=where))
        else:
            self.console.error(_("{tile} does not fit {end}, which shows {number}. It fits "
                                 "{ends}.").format(tile=tile, end=endwords.end_name(lay.end),
                                                   number=ends[lay.end], ends=where))
        return None

    def ask_end(self, view: View, choice: TileChoice) -> Move | None:
        """Ask which end; None if the person typed something else (kept as ``pending``)."""
        tile = choice.tile
        or_list = endwords.or_list([end_words(end) for end in choice.ends])
        self.console.say(endwords.end_question(choice))
        while True:
            line = self.console.ask(_("Which end, {ends}? ").format(ends=or_list))
            if line is None:
                raise Stop("eof")
            end = parse_end(line)
            if end is not None:
                move = choice.move(end)
                if move is not None:
                    return move
                self.console.error(_("{tile} does not go on {end}. Type {ends}.").format(
                    tile=tile, end=endwords.end_name(end), ends=or_list))
                continue
            answer = line.strip().lower()
            if answer in ("", "cancel", "back", _("cancel")):
                self.console.say(_("Choose again."))
                return None
            try:
                command = parse(answer, view.rules.set)
            except CommandError:
                self.console.error(_("Type {ends}, or cancel.").format(ends=or_list))
                continue
            if isinstance(command, Word) and self.info_command(answer):
                self.console.say(endwords.end_question(choice))  # the tile is still chosen
                continue
            self.pending = line  # another tile, draw or pass: the move prompt takes it
            return None

    def hand_reminder(self, view: View) -> str:
        """A short reminder of what may be played."""
        playable = sorted({str(m.tile) for m in view.legal_moves() if m.tile is not None},
                          reverse=True)
        if playable:
            return _("Playable: {tiles}.").format(tiles=talk.listing(playable))
        return _("Nothing fits: type draw.") if view.legal_moves()[0].kind == "draw" else ""

    # -- commands that take no turn -----------------------------------------------------------

    def info_command(self, text: str) -> bool:
        """Answer ``hand``, ``board``, ``score``, ``history``, ``hint``, ``review``, ``help`` or
        ``resign``, or raise :class:`Stop` for ``quit``; False if ``text`` is none of them."""
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
            elif self.ask_yes_no(RESIGN_QUESTION):
                self.resign()
            else:
                say(_("You play on."))
        elif name == "hand":
            if view.hand_result is not None or view.is_over:  # between deals, or the end
                say(sessionwords.no_hand_line(view.hand_number + 1, view.hand, view.is_over))
            else:
                say(talk.hand_sentence(view, self.mark))
        elif name == "board":
            for line in talk.board_lines(view):
                say(line)
            say(talk.counts_sentence(view, self.names))
        elif name == "score":
            for line in self.score_lines():
                say(line)
        elif name == "history":
            self.show_history(view)
        elif name == "hint":
            self.show_hint(view)
        elif name == "review":
            self.show_review()
        elif name == "stats":
            for line in self.stats_lines():
                say(line)
        elif name == "help":
            for line in sessionwords.help_lines(view.rules, self.command, self.quit_words):
                say(line)
        return True

    def show_history(self, view: View) -> None:
        """This hand's events so far, as the person may know them."""
        self.console.say(_("Hand {number} so far:").format(number=view.hand_number + 1))
        told = False
        for event in self.hand_events():
            sentence = talk.event_sentence(event, self.names)
            if sentence is not None:
                self.console.say(sentence)
                told = True
        if not told:
            self.console.say(_("Nothing yet."))
        if view.hand_number:
            self.console.say(_("Type score for the earlier hands."))
