"""``doublesix lobby URL``: the public tables of a web server, from the terminal, with the
browser's words (the server's); a table's number sits you at its first free seat, as
``doublesix join`` does with that seat's link (the account signed in with ``doublesix login``,
if any, sent along); ``m`` (or ``--quick GAME``) finds a game by quick match
(:mod:`~doublesix.terminal.quick`).
"""

from __future__ import annotations

import argparse
import sys
from typing import TextIO

from pydantic import ValidationError

from doublesix.protocol.lobby import Lobby
from doublesix.protocol.model import read
from doublesix.terminal.app import add_language_argument
from doublesix.terminal.console import Console
from doublesix.terminal.join import join
from doublesix.terminal.login import server_origin
from doublesix.terminal.person import OK
from doublesix.terminal.quick import GAMES, Wanted, account_name, choose, quick_match
from doublesix.terminal.saves import save_dir
from doublesix.terminal.tables import FAILED, JoinError, Tables, error_words, http
from doublesix.words import lobbywords
from doublesix.words.helpwords import option_help
from doublesix.words.i18n import _


def lobby_lines(lobby: Lobby) -> list[str]:
    """The lobby as lines: each table numbered, its rated-or-casual and age, its seats.

    >>> lobby_lines(Lobby(tables=[], empty="No table is open now.", playing=[], in_play="",
    ...                   none_in_play=""))
    ['No table is open now.']
    """
    if not lobby.tables:
        return [lobby.empty]
    lines = []
    for number, table in enumerate(lobby.tables, 1):
        lines.append(lobbywords.numbered_table(number, table.title))
        lines.append(f"   {table.rated_words} {table.opened_words}")
        lines.extend("   " + lobbywords.numbered_seat(seat.seat, seat.line)
                     for seat in table.seats)
    return lines


def lobby(url: str, input: TextIO | None = None, output: TextIO | None = None, *,
          name: str | None = None, folder: str | None = None, once: bool = False,
          quick: Wanted | None = None) -> int:
    """Show the lobby of the server at ``url``, then sit at the table chosen or quick-match
    (``once``: show it and stop; ``quick``: go straight to quick match for that game, and stop
    if the person leaves the queue); returns the exit status."""
    source = input if input is not None else sys.stdin
    console = Console(source, output if output is not None else sys.stdout)
    try:
        origin = server_origin(url)
        tables = Tables(save_dir(folder))
        while True:
            if quick is not None:
                played = quick_match(console, origin, tables, quick, name=name, folder=folder)
                if played is not None:
                    return played
                return OK
            status, answer = http("GET", origin + "/api/lobby", origin, tables)
            try:
                shown = read(Lobby, answer) if status == 200 else None
            except ValidationError:
                shown = None
            if shown is None:
                raise JoinError(error_words(answer, status))
            for said in lobby_lines(shown):
                console.say(said)
            if once:
                return OK
            typed = console.ask(_(lobbywords.ASK_TABLE))
            if typed is None or typed.strip().lower() in ("q", "quit"):
                return OK
            choice = typed.strip().lower()
            if choice.isdigit() and 1 <= int(choice) <= len(shown.tables):
                seat = next((s for s in shown.tables[int(choice) - 1].seats if s.join), None)
                if seat is not None and seat.join:  # an account sits under its own name
                    return join(origin + seat.join, source, console.output,
                                name=name or account_name(origin, tables), folder=folder)
            elif choice == "m":
                wanted = choose(console, origin, tables)
                played = None if wanted is None else quick_match(
                    console, origin, tables, wanted, name=name, folder=folder)
                if played is not None:
                    return played
            elif choice not in ("", "r"):
                console.error(lobbywords.not_a_table(choice, len(shown.tables)))
    except JoinError as error:
        console.error(str(error))
        return error.status if error.status else FAILED


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``doublesix lobby``."""
    add_language_argument(parser)
    parser.add_argument("url", metavar="URL", help=option_help("lobby", "url"))
    parser.add_argument("--name", default=None, help=option_help("lobby", "name"))
    parser.add_argument("--list", action="store_true", help=option_help("lobby", "list"))
    parser.add_argument("--quick", default=None, metavar="GAME", choices=GAMES,
                        help=option_help("lobby", "quick", games=", ".join(GAMES)))
    parser.add_argument("--players", type=int, default=None, choices=(2, 4),
                        help=option_help("lobby", "players"))
    parser.add_argument("--casual", action="store_true",
                        help=option_help("lobby", "casual"))
    parser.add_argument("--save-dir", default=None, metavar="DIR",
                        help=option_help("lobby", "save-dir"))


def run(args: argparse.Namespace, input: TextIO | None = None,
        output: TextIO | None = None) -> int:
    """``doublesix lobby URL``."""
    quick = None if args.quick is None else Wanted(args.quick, args.players, not args.casual)
    return lobby(args.url, input, output, name=args.name, folder=args.save_dir,
                 once=args.list, quick=quick)
