"""``doublesix play``: a game of dominoes in the terminal, in plain lines a screen reader reads.

>>> import io, tempfile
>>> parser = argparse.ArgumentParser()
>>> add_arguments(parser)
>>> args = parser.parse_args(["--variant", "block", "--target", "0", "--opponents", "greedy",
...                           "--seed", "2", "--save-dir", tempfile.mkdtemp()])
>>> out = io.StringIO()
>>> run(args, io.StringIO("quit\\n"), out)
0
>>> print(out.getvalue().splitlines()[0])  # doctest: +ELLIPSIS
Rules: Block, double-six set, 2 players; no drawing; ...
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import os
import shlex
import shutil
import sys
from collections.abc import Mapping
from enum import Enum
from pathlib import Path
from typing import TextIO

from doublesix.ai import PLAYERS
from doublesix.ai.expert import DEFAULT_PLAYOUTS
from doublesix.ai.ladder import step_of
from doublesix.ai.seeding import DAILY_OPPONENT, DAILY_PLAYOUTS
from doublesix.engine.match import Match
from doublesix.engine.rules import VARIANTS, Rules
from doublesix.terminal.commands import answer_of
from doublesix.terminal.console import Console
from doublesix.terminal.game import Game, opponent_names
from doublesix.terminal.saves import (
    DAILY_FILE,
    GAME_FILE,
    Save,
    SaveError,
    note_daily,
    read_record,
    read_save,
    save_dir,
    set_aside,
    settle_ratings,
)
from doublesix.words import errorwords, helpwords, i18n, players, results, sessionwords
from doublesix.words.i18n import _
from doublesix.words.talk import scores_sentence, variant_name


def opponents_help() -> str:
    """Every computer player's name for ``--opponents``, with its step on the ladder.

    >>> opponents_help().split("; ")[4]
    'snow-white (level 5, Strong, rated 1,555)'
    """
    names = []
    for name in PLAYERS:
        step = step_of(name)
        level = None if step is None else players.level_words(step.level, step.rating.shown)
        names.append(name if level is None else f"{name} ({level})")
    return "; ".join(names)


#: The opponents, seat by seat, when ``--opponents`` does not name them.
DEFAULT_OPPONENTS = ("pinocchio", "buratino", "snow-white")
#: Exit status for a bad option.
USAGE = 2
#: Set by ``scripts/play terminal``: the command that started the game, as the person typed it.
COMMAND_VARIABLE = "DOUBLESIX_PLAY_COMMAND"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``doublesix play``."""
    say = helpwords.play_help
    parser.add_argument("--variant", choices=VARIANTS, default=None, help=say("variant"))
    parser.add_argument("--players", type=int, choices=(2, 3, 4), default=None,
                        help=say("players"))
    parser.add_argument("--teams", action="store_true", default=None, help=say("teams"))
    parser.add_argument("--target", type=int, default=None, help=say("target"))
    parser.add_argument("--set", type=int, choices=(6, 9, 12), default=None, dest="tile_set",
                        help=say("set"))
    parser.add_argument("--opponents", default=None, metavar="NAMES",
                        help=helpwords.opponents_help(opponents_help(),
                                                      ", ".join(DEFAULT_OPPONENTS)))
    parser.add_argument("--seed", type=int, default=None, help=say("seed"))
    parser.add_argument("--daily", action="store_true", help=say("daily"))
    parser.add_argument("--date", type=datetime.date.fromisoformat, default=None,
                        metavar="YYYY-MM-DD", help=say("date"))
    parser.add_argument("--autodraw", action="store_true", help=say("autodraw"))
    parser.add_argument("--playouts", type=int, default=None, metavar="N", help=say("playouts"))
    parser.add_argument("--coach", action="store_true", help=say("coach"))
    parser.add_argument("--resume", action="store_true", help=say("resume"))
    parser.add_argument("--new", action="store_true", help=say("new"))
    parser.add_argument("--save-dir", default=None, metavar="DIR", help=say("save-dir"))
    add_language_argument(parser)


def add_language_argument(parser: argparse.ArgumentParser) -> None:
    """``--lang``: the language the terminal speaks (and understands), else the locale's."""
    parser.add_argument("--lang", default=None, metavar="LANG", help=helpwords.language_help(
        ", ".join(f"{code} ({name})" for code, name in i18n.NATIVE_NAMES.items()), play=True))


def language(args: argparse.Namespace, environ: Mapping[str, str] | None = None) -> str:
    """The language of the session: ``--lang`` (negotiated to one the game speaks), else the
    locale's (:func:`doublesix.words.i18n.from_environment`).

    >>> language(argparse.Namespace(lang="pt-BR")), language(argparse.Namespace(lang=None), {})
    ('pt_BR', 'en')
    """
    given = getattr(args, "lang", None)
    if given:
        return given if given in i18n.PSEUDO else i18n.choose([given])
    return i18n.from_environment(os.environ if environ is None else environ)


def run(args: argparse.Namespace, input: TextIO | None = None,
        output: TextIO | None = None) -> int:
    """Play, reading lines from ``input`` and writing to ``output``, in the session's
    :func:`language`; returns the exit status."""
    with i18n.using(language(args)):
        return _run(args, input, output)


def _run(args: argparse.Namespace, input: TextIO | None, output: TextIO | None) -> int:
    console = Console(input if input is not None else sys.stdin,
                      output if output is not None else sys.stdout)
    folder = save_dir(args.save_dir)
    command = sessionwords.with_save_dir(play_command(), args.save_dir)
    if args.playouts is not None and args.playouts < 1:
        console.error(_("doublesix play: --playouts must be at least 1"))
        return USAGE
    _settle_ratings(folder, console)
    try:
        if args.daily or args.date is not None:
            return _daily(args, console, folder, command)
        path = folder / GAME_FILE
        if args.resume:
            try:
                save = read_save(path)
            except SaveError as error:
                console.error(_("Cannot go on: {error}. Start a game with: {command}").format(
                    error=error, command=command))
                return 1
            _ignored(args, console)
            return _go_on(save, args, console, path, command)
        try:
            save = _new_save(args)
        except ValueError as error:
            console.error(_("doublesix play: {error}").format(error=errorwords.said(error)))
            return USAGE
        if path.exists():
            choice, saved = _replace_saved(path, console, command, ask=not args.new)
            if choice is Keep.STOP:
                return 0
            if choice is Keep.SAVED and saved is not None:
                return _go_on(saved, args, console, path, command)
        return _game(save, console, path, command, args.coach).run()
    except KeyboardInterrupt:
        console.say("")
        console.say(_("Interrupted."))
        return 130
    except BrokenPipeError:
        # The reader went away (``doublesix play | head``): the game is saved; stop quietly.
        with contextlib.suppress(OSError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), console.output.fileno())
        return 0


def _go_on(save: Save, args: argparse.Namespace, console: Console, path: Path,
           command: str) -> int:
    """Go on with the saved game (``--resume``, or "no" to replacing it) with the options
    that still apply to it."""
    save.autodraw = save.autodraw or args.autodraw
    _new_playouts(save, args.playouts, console)
    return _game(save, console, path, command, args.coach).run(resumed=True)


def _settle_ratings(folder: Path, console: Console) -> None:
    """Rate a finished game whose rating was not written (the program was stopped between
    saving the game and writing the rating), and say how it moved."""
    today = datetime.datetime.now(datetime.UTC).date()
    try:
        moved = settle_ratings(folder, today)
    except OSError as error:
        console.error(_("Could not keep your rating: {error}.").format(
            error=error.strerror or error))
        return
    for before, after, _next in moved:
        console.say(results.rated_late(before.shown, after.shown))


def play_command(environ: Mapping[str, str] | None = None, program: str | None = None) -> str:
    """The command that starts the terminal game, as the person can type it again in the same
    place: what ``scripts/play terminal`` says it was started as; else ``doublesix play`` if
    ``program`` (the path the program was run by) is the ``doublesix`` on the PATH; else that
    path, as given.

    >>> play_command({"PATH": "", COMMAND_VARIABLE: "scripts/play terminal"})
    'scripts/play terminal'
    >>> play_command({"PATH": ""}, ".venv/bin/doublesix")
    '.venv/bin/doublesix play'
    >>> play_command({"PATH": ""}, "/home/me/my games/.venv/bin/doublesix")
    "'/home/me/my games/.venv/bin/doublesix' play"
    """
    env = os.environ if environ is None else environ
    given = env.get(COMMAND_VARIABLE, "").strip()
    if given:
        return given
    if program is None:
        program = sys.argv[0] if sys.argv else ""
    if Path(program).name != "doublesix":  # run in-process, or as python -m doublesix.cli
        return "doublesix play"
    found = shutil.which("doublesix", path=env.get("PATH", ""))
    try:
        if found is not None and os.path.samefile(found, program):
            return "doublesix play"
    except OSError:
        pass
    return f"{shlex.quote(program)} play"


def _game(save: Save, console: Console, path: Path, command: str, coach: bool = False
          ) -> Game:
    """A :class:`Game` that tells the person ``command`` to go on with it (``coach``: with the
    coach, ``--coach``)."""
    game = Game(save, console, path)
    game.command = command
    game.coach = coach
    return game


def _new_save(args: argparse.Namespace) -> Save:
    """A new game from the options; ValueError naming a bad option."""
    opponents = [name.strip() for name in (args.opponents or "").split(",") if name.strip()]
    for name in opponents:
        if name not in PLAYERS:
            raise ValueError(_("unknown opponent {name}; choose from {names}").format(
                name=repr(name), names=", ".join(PLAYERS)))
    preset = Rules.variant(args.variant or "draw").players  # 4 for the partnership game
    players = args.players if args.players is not None else max(preset, len(opponents) + 1)
    if len(opponents) > players - 1:
        raise ValueError(_("{count} opponents named for {players} players: name at most "
                           "{most}").format(count=len(opponents), players=players,
                                            most=players - 1))
    fill = [name for name in DEFAULT_OPPONENTS if name not in opponents] or list(
        DEFAULT_OPPONENTS)
    while len(opponents) < players - 1:
        opponents.append(fill[(len(opponents)) % len(fill)])
    options: dict[str, object] = {"players": players}
    if args.tile_set is not None:
        options["set"] = args.tile_set
    if args.target is not None:
        options["target"] = args.target
    if args.teams:
        options["teams"] = True
    rules = Rules.variant(args.variant or "draw", **options)
    match = Match(rules, seed=args.seed)
    return Save(match, opponents, autodraw=args.autodraw, playouts=args.playouts)


class Keep(Enum):
    """What becomes of a saved game when a new one is asked for."""

    #: The new game replaces it (the person said yes, or it was over or unreadable).
    NEW = "new"
    #: The person said no: go on with the saved game.
    SAVED = "saved"
    #: The input ended (or the unreadable save could not be moved aside): stop, saving nothing.
    STOP = "stop"


def _replace_saved(path: Path, console: Console, command: str, ask: bool = True
                   ) -> tuple[Keep, Save | None]:
    """Whether a new game may be saved over the one at ``path``, and the saved game when the
    person would rather go on with it: with an unfinished game saved, ask (if ``ask``); a
    save that cannot be read is first set aside, never lost."""
    try:
        saved = read_save(path)
    except SaveError as error:
        return (Keep.NEW if _set_aside(path, error, console) else Keep.STOP), None
    match = saved.match
    if match.is_over or not ask:
        return Keep.NEW, None
    names = opponent_names(saved.opponents)
    for said in sessionwords.unfinished_lines(
            variant_name(match.rules), match.hand_number + 1,
            scores_sentence(match.scores, names, match.rules.target, match.rules), command):
        console.say(said)
    while True:
        line = console.ask(_(sessionwords.REPLACE_QUESTION))
        if line is None:
            console.say(_(sessionwords.KEPT))
            return Keep.STOP, None
        answer = line.strip().lower()
        if answer_of(answer) == "yes":
            return Keep.NEW, None
        if answer_of(answer) == "no":
            return Keep.SAVED, saved
        if answer in ("quit", "q"):
            console.say(_(sessionwords.KEPT))
            return Keep.STOP, None
        console.error(_("Type yes or no."))


def _set_aside(path: Path, error: SaveError, console: Console, daily: bool = False) -> bool:
    """Keep the unreadable save ``path`` (the ``daily`` game's) under another name; False if
    that fails."""
    try:
        kept = set_aside(path)
    except OSError as problem:
        console.error((_("Your saved daily game cannot be read ({error}) nor moved aside "
                         "({problem}), so no new game starts over it.") if daily
                       else _("Your saved game cannot be read ({error}) nor moved aside "
                              "({problem}), so no new game starts over it.")).format(
            error=error, problem=problem.strerror))
        return False
    console.say((_("Your saved daily game cannot be read ({error}). It is kept as {kept}; a new "
                   "game starts.") if daily
                 else _("Your saved game cannot be read ({error}). It is kept as {kept}; a new "
                        "game starts.")).format(error=error, kept=kept))
    return True


def _ignored(args: argparse.Namespace, console: Console) -> None:
    """Say which options a resumed game does not use."""
    given = [
        option
        for option, value in (
            ("--variant", args.variant), ("--players", args.players),
            ("--target", args.target), ("--set", args.tile_set),
            ("--opponents", args.opponents), ("--seed", args.seed), ("--teams", args.teams),
        )
        if value is not None
    ]
    if given:
        console.say(i18n.ngettext("Going on with the saved game, so {options} is not used.",
                                  "Going on with the saved game, so {options} are not used.",
                                  len(given)).format(options=", ".join(given)))


def _new_playouts(save: Save, playouts: int | None, console: Console) -> None:
    """Give a resumed game the ``--playouts`` asked for (the game saves it), and say so."""
    if playouts is None or playouts == save.playouts:
        return
    if save.playouts is None:
        said = _("The expert now uses {playouts} playouts a move, for its moves and for hints "
                 "(the saved game used the default, {before}).")
    else:
        said = _("The expert now uses {playouts} playouts a move, for its moves and for hints "
                 "(the saved game used {before}).")
    before = save.playouts if save.playouts is not None else DEFAULT_PLAYOUTS
    save.playouts = playouts
    console.say(said.format(playouts=playouts, before=before))


def _daily(args: argparse.Namespace, console: Console, folder: Path, command: str) -> int:
    """Today's daily game (or the given day's): go on with it, or deal it."""
    if args.playouts is not None and args.playouts != DAILY_PLAYOUTS:
        console.say(_("The daily game's expert uses {playouts} playouts a move, the same for "
                      "everyone, so --playouts is not used.").format(playouts=DAILY_PLAYOUTS))
    today = datetime.datetime.now(datetime.UTC).date()
    day = args.date or today
    path = folder / DAILY_FILE
    saved: Save | None = None
    if path.exists():
        try:
            saved = read_save(path)
        except SaveError as error:
            if not _set_aside(path, error, console, daily=True):
                return 1
    if saved is not None and saved.daily == day and not saved.match.is_over:
        saved.autodraw = saved.autodraw or args.autodraw
        return DailyGame(saved, console, path, command, today).run(resumed=True)
    record = read_record(folder)
    first = day.isoformat() not in record
    save = Save(Match.daily(day), [DAILY_OPPONENT], autodraw=args.autodraw, daily=day,
                first_attempt=first, playouts=DAILY_PLAYOUTS)
    if first:
        with contextlib.suppress(OSError):
            note_daily(folder, day, "playing")
    return DailyGame(save, console, path, command, today).run()


class DailyGame(Game):
    """The daily game, saved in ``daily.json``.  A new game asked for after it is an ordinary
    game: it is saved in ``game.json``, where ``--resume`` finds it (asking first before it
    replaces an unfinished game there), and the finished daily game stays in ``daily.json``."""

    def __init__(self, save: Save, console: Console, path: Path, command: str,
                 today: datetime.date) -> None:
        super().__init__(save, console, path, today=lambda: today)
        #: The command for an ordinary game, which the next game is.
        self.ordinary_command = command
        #: The ordinary game saved, to go on with after this one (the person said so).
        self.going_on: Save | None = None
        day = save.daily
        # --daily alone deals today's game, so another day's is named.
        self.command = command if day in (None, today) else f"{command} --date {day}"

    def play_match(self) -> bool:
        """Play the match to its end; True if the person wants another game (and it may be
        saved, or they would rather go on with the ordinary game saved)."""
        if not super().play_match():
            return False
        if self.save.daily is None or self.path is None:
            return True
        ordinary = self.path.with_name(GAME_FILE)
        if ordinary.exists():
            choice, self.going_on = _replace_saved(ordinary, self.console, self.ordinary_command)
            if choice is Keep.STOP:
                return False
        self.path = ordinary
        self.command = self.ordinary_command
        return True

    def start_new_game(self) -> None:
        """The next game; or the ordinary game saved, when the person said no to replacing
        it."""
        saved, self.going_on = self.going_on, None
        if saved is None:
            super().start_new_game()
            return
        self.take_up(saved)
        self.console.say("")
        self.introduce(resumed=True)
