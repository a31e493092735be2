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
from doublesix.words import helpwords, i18n, sessionwords
from doublesix.words.rulebook import VARIANT_NAMES

#: Subcommand name -> (module, one-line help: :data:`doublesix.words.helpwords.COMMANDS`).
COMMANDS: Final = {
    name: (module, helpwords.COMMANDS[name]) for name, module in (
        ("play", "doublesix.terminal.app"),
        ("learn", "doublesix.terminal.lessons"),
        ("join", "doublesix.terminal.join"),
        ("lobby", "doublesix.terminal.lobby"),
        ("login", "doublesix.terminal.login"),
        ("serve", "doublesix.web.routes.server"),
        ("prune", "doublesix.web.storage.retention"),
        ("db", "doublesix.web.storage.dbcommand"),
        ("backup", "doublesix.web.storage.backup"),
        ("move", "doublesix.web.storage.moving"),
        ("simulate", "doublesix.cli.simulate"),
        ("tournament", "doublesix.cli.tournament"),
        ("ladder", "doublesix.cli.ladder"),
        ("review", "doublesix.cli.review"),
        ("stats", "doublesix.cli.stats"),
    )
}


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The argument parser.  Only ``command``'s module is imported (the web stack is slow to
    import, so ``doublesix play`` should not pay for it); the others appear by name only."""
    parser = argparse.ArgumentParser(
        prog="doublesix",
        description=sessionwords.description([i18n._(name) for name in VARIANT_NAMES.values()]),
    )
    parser.add_argument("--version", action="version", version=_version(),
                        help=i18n._(helpwords.VERSION))
    parser.add_argument("--lang", dest="top_lang", default=None, metavar="LANG",
                        help=helpwords.language_help(", ".join(i18n.LANGUAGES)))
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, (module_name, help_message) in COMMANDS.items():
        help_text = i18n._(help_message)
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
    with helpwords.speaking():
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

    return helpwords.version_line(__version__, PATH)
