"""The ``doublesix`` command: ``simulate``, ``tournament``, ``ladder``, ``play``, ``join``,
``lobby``, ``login``, ``serve``, ``prune``, ``db``, ``backup``, ``move``, ``review`` and ``stats``.

Each subcommand lives in its own module, which offers ``add_arguments(parser)`` and
``run(args) -> int``; this file only wires them up, importing each when it is used.  Every
command's ``args.bar`` is the one progress bar (:func:`doublesix.cli.progress.bar`).
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Mapping, Sequence
from typing import Any, Final

from doublesix.cli import progress
from doublesix.words import i18n, sessionwords
from doublesix.words.rulebook import VARIANT_NAMES

#: Subcommand name -> (module, one-line help).
COMMANDS: Final = {
    "play": ("doublesix.terminal.app", "play a game in the terminal (line mode, screen readers)"),
    "learn": ("doublesix.terminal.lessons",
              "learn a game with a coach, on a prepared hand: learn VARIANT"),
    "join": ("doublesix.terminal.join", "sit at a web table from the terminal: join LINK"),
    "lobby": ("doublesix.terminal.lobby",
              "the public tables of a web server: lobby URL, then a table's number sits you"),
    "login": ("doublesix.terminal.login",
              "sign in to an account at a web server: login URL (--new, --logout)"),
    "serve": ("doublesix.web.routes.server", "start the web game on http://127.0.0.1:8000"),
    "prune": ("doublesix.web.storage.retention",
              "remove the web game's old games (statistics kept)"),
    "db": ("doublesix.web.storage.dbcommand", "the web game's database: db upgrade, db current"),
    "backup": ("doublesix.web.storage.backup",
               "copy the web game's SQLite database while the server runs: backup FILE"),
    "move": ("doublesix.web.storage.moving",
             "copy the web game's database to another (SQLite to PostgreSQL): move --from --to"),
    "simulate": ("doublesix.cli.simulate", "play many games between random players and time them"),
    "tournament": ("doublesix.cli.tournament", "duplicate matches between computer players"),
    "ladder": ("doublesix.cli.ladder", "rate the computer opponents on a round robin (the ladder)"),
    "review": ("doublesix.cli.review", "the expert's review of a finished game: review FILE"),
    "stats": ("doublesix.cli.stats", "the terminal game's rating, from its save folder"),
}


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The argument parser.  Only ``command``'s module is imported (the web stack is slow to
    import, so ``doublesix play`` should not pay for it); the others appear by name only."""
    parser = argparse.ArgumentParser(
        prog="doublesix",
        description=sessionwords.description([i18n._(name) for name in VARIANT_NAMES.values()]),
    )
    parser.add_argument("--version", action="version", version=_version())
    parser.add_argument("--lang", dest="top_lang", default=None, metavar="LANG",
                        help="the language to speak: " + ", ".join(i18n.LANGUAGES)
                             + " (default: from LC_ALL, LC_MESSAGES or LANG, else English)")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, (module_name, help_text) in COMMANDS.items():
        sub = commands.add_parser(name, help=help_text, description=help_text)
        if name == command:
            module = _load(name, module_name)
            module.add_arguments(sub)
            sub.set_defaults(run=module.run, bar=progress.bar)
    return parser


#: The commands of the web server, which need the ``web`` extra.
WEB_COMMANDS: Final = ("serve", "prune", "db", "backup", "move")


class MissingExtra(Exception):
    """A command needs an extra that is not installed."""


def _load(command: str, module_name: str) -> Any:
    """The command's module; if it is the web server's and a package of the web extra is
    missing, a clear error."""
    try:
        return importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        missing = (error.name or "").split(".")[0]
        if command in WEB_COMMANDS and missing not in ("", "doublesix"):
            raise MissingExtra(
                f"doublesix {command} needs the web server's packages, which are not installed "
                "here: pip install 'doublesix[web]'") from None
        raise


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status.  A reader that stops reading (``doublesix
    review FILE | head -2``) ends it quietly: :func:`quiet_on_closed_pipe`."""
    try:
        try:
            status = _main(argv)
        finally:  # what is still buffered meets a closed pipe here, not at exit (--help too)
            sys.stdout.flush()
    except BrokenPipeError:
        return quiet_on_closed_pipe()
    return status


#: The exit status when standard output was closed by its reader (as 128 + SIGPIPE would be,
#: but portable: 1).
CLOSED_PIPE = 1


def quiet_on_closed_pipe() -> int:
    """Standard output's reader has gone: point standard output at the null device, so that
    Python's own flush at exit finds no closed pipe and prints no traceback (the recipe of
    the Python docs, "Note on SIGPIPE"), and end with :data:`CLOSED_PIPE`."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, sys.stdout.fileno())
    finally:
        os.close(devnull)
    return CLOSED_PIPE


def language_of(args_list: Sequence[str], environ: Mapping[str, str] | None = None) -> str:
    """The language of the command: ``--lang`` among the arguments (``--lang es`` or
    ``--lang=es``), else the locale's (``LC_ALL``, ``LC_MESSAGES``, ``LANG``); so that its
    ``--help`` and every sentence it says are in that language.

    >>> language_of(["play", "--lang", "pt-BR"]), language_of(["play"], {"LANG": "fr_FR.UTF-8"})
    ('pt_BR', 'fr')
    """
    for k, word in enumerate(args_list):
        given = (args_list[k + 1] if word == "--lang" and k + 1 < len(args_list)
                 else word.removeprefix("--lang=") if word.startswith("--lang=") else None)
        if given:
            return given if given in i18n.PSEUDO else i18n.choose([given])
    return i18n.from_environment(os.environ if environ is None else environ)


def _main(argv: Sequence[str] | None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    with i18n.using(language_of(args_list)):
        return _command(args_list)


def _command(args_list: list[str]) -> int:
    command = next((word for k, word in enumerate(args_list) if not word.startswith("-")
                    and (k == 0 or args_list[k - 1] != "--lang")), None)
    try:
        parser = build_parser(command if command in COMMANDS else None)
    except MissingExtra as error:
        print(error, file=sys.stderr)
        return 2
    args = parser.parse_args(args_list)
    if getattr(args, "run", None) is None:
        parser.print_help()
        return 2
    try:
        status: int = args.run(args)
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
    return status


def _version() -> str:
    from doublesix import __version__
    from doublesix.ai.search import PATH

    return f"doublesix {__version__} (the computer players search on the {PATH} path)"
