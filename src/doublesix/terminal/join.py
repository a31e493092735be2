"""``doublesix join LINK``: a person seat of a web table, played from the line-mode terminal.

The steps:

1. The invitation link ``http(s)://host/join/{game_id}/{code}`` is read
   (:class:`~doublesix.terminal.tables.Invitation`); ``GET /api/join/...`` shows the table, the
   person gives a display name, ``POST /api/join/...`` takes the seat.
2. The seat's token is kept in the terminal's data folder (``tables.json`` beside the saves,
   :class:`~doublesix.terminal.tables.Tables`), so ``doublesix join LINK`` again returns to the
   seat, and to the table's later games.
3. The seat's WebSocket (:class:`~doublesix.terminal.remote.RemoteGame`): the waiting room in
   words, then the game, then "Play again?", which follows the table into its next game.  A
   lost connection is tried again a few times.
"""

from __future__ import annotations

import argparse
import os
import shlex
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from pydantic import ValidationError

from doublesix.engine.rules import Rules
from doublesix.protocol import endpoints
from doublesix.protocol.model import read
from doublesix.terminal.app import add_language_argument, play_command
from doublesix.terminal.connection import RETRY_DELAYS, joined
from doublesix.terminal.console import Console
from doublesix.terminal.person import INTERRUPTED, OK, Stop
from doublesix.terminal.remote import RemoteGame
from doublesix.terminal.saves import save_dir
from doublesix.terminal.tables import (
    FAILED,
    USAGE,
    Invitation,
    JoinError,
    Tables,
    error_words,
    http,
)
from doublesix.words import clientwords, lobbywords, matchwords, sessionwords, talk
from doublesix.words.helpwords import option_help
from doublesix.words.i18n import _


def join_command(link: str, program: str | None = None) -> str:
    """The command that comes back to the seat, as the person can type it again.

    >>> join_command("http://h/join/g/c", ".venv/bin/doublesix")
    '.venv/bin/doublesix join http://h/join/g/c'
    """
    base = play_command({"PATH": os.environ.get("PATH", "")}, program)
    if base.endswith(" play"):
        base = base[: -len(" play")]
    return f"{base} join {shlex.quote(link)}"


def take_seat(invitation: Invitation, tables: Tables, console: Console,
              name: str | None) -> tuple[str, str, str]:
    """Take the invitation's seat: the game, the token and the name given."""
    status, answer = http("GET", invitation.api, invitation.origin, tables)
    if status == 404:
        raise JoinError(_(clientwords.UNKNOWN_INVITATION))
    try:
        shown = read(endpoints.Invitation, answer) if status == 200 else None
    except ValidationError:
        shown = None
    if shown is None:
        raise JoinError(error_words(answer, status))
    if shown.taken and not shown.yours:
        raise JoinError(_(clientwords.INVITATION_USED))
    describe_invitation(shown, console)
    asked = name is None
    while True:
        if name is None:
            line = console.ask(_(lobbywords.ASK_NAME))
            if line is None:
                raise Stop("eof")
            name = line.strip()
            if not name:
                console.error(_(lobbywords.NAME_LENGTH))
                name = None
                continue
        status, answer = http("POST", invitation.api, invitation.origin, tables,
                               {"name": name})
        seat = joined(status, answer)
        if seat is not None:
            return seat.game_id, seat.token, name
        if status == 400 and asked:
            console.error(error_words(answer, status))
            name = None
            continue
        raise JoinError(error_words(answer, status), USAGE if status == 400 else FAILED)


def describe_invitation(shown: endpoints.Invitation, console: Console) -> None:
    """The table as its invitation shows it: the rules and who sits where."""
    options = shown.rules.model_dump()
    try:
        rules = Rules.variant(options.pop("variant"), **options)
    except ValueError:
        return
    seats = shown.table.seats
    host = seats[shown.table.host].name if shown.table.host < len(seats) else ""
    console.say(clientwords.invites_you(host, talk.variant_name(rules)))
    console.say(talk.rules_sentence(rules))
    here = []
    for seat in seats:
        if seat.seat == shown.seat:
            here.append(clientwords.you())
        elif seat.joined:
            here.append(seat.name)
        else:
            here.append(_(clientwords.STILL_TO_COME))
    console.say(clientwords.at_the_table(talk.listing(here)))


def join(link: str, input: TextIO | None = None, output: TextIO | None = None, *,
         name: str | None = None, folder: str | Path | None = None, autodraw: bool = False,
         command: str | None = None, retry_delays: Sequence[float] = RETRY_DELAYS) -> int:
    """Sit at the web table of the invitation ``link``, reading lines from ``input`` and writing
    to ``output`` (stdin and stdout by default); returns the exit status.  Seats are kept in
    ``folder`` (the terminal's data folder by default).  A test drives a person with it."""
    console = Console(input if input is not None else sys.stdin,
                      output if output is not None else sys.stdout)
    try:
        invitation = Invitation.parse(link)
    except JoinError as error:
        console.error(str(error))
        return error.status
    tables = Tables(save_dir(None if folder is None else str(folder)))
    command = command or sessionwords.with_save_dir(join_command(invitation.url),
                                                    None if folder is None else str(folder))
    try:
        kept = tables.seat(invitation)
        if kept is None and not invitation.code:
            raise JoinError(_(matchwords.NO_SEAT_HERE), USAGE)
        if kept is None:
            game_id, token, kept_name = take_seat(invitation, tables, console, name)
            console.say(_(clientwords.HAVE_SEAT))
        else:
            game_id, token, kept_name = kept["game_id"], kept["token"], kept.get("name", "")
            console.say(_(clientwords.BACK_TO_SEAT))
        try:
            tables.keep(invitation, game_id, token, kept_name)
        except OSError as error:
            console.error(lobbywords.cannot_keep_seat(str(tables.path),
                                                      error.strerror or str(error)))
    except JoinError as error:
        console.error(str(error))
        return error.status
    except Stop:
        console.say(_(lobbywords.END_OF_INPUT))
        return OK
    except KeyboardInterrupt:
        console.say("")
        console.say("Interrupted.")
        return INTERRUPTED
    game = RemoteGame(console, invitation, tables, game_id, token, command, autodraw=autodraw,
                      retry_delays=retry_delays)
    game.rules_said = kept is None  # the invitation said them
    return game.run()


# -- the command line ------------------------------------------------------------------------


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``doublesix join``."""
    add_language_argument(parser)
    parser.add_argument("link", metavar="LINK",
                        help=option_help("join", "link"))
    parser.add_argument("--name", default=None,
                        help=option_help("join", "name"))
    parser.add_argument("--autodraw", action="store_true",
                        help=option_help("join", "autodraw"))
    parser.add_argument("--save-dir", default=None, metavar="DIR",
                        help=option_help("join", "save-dir"))


def run(args: argparse.Namespace, input: TextIO | None = None,
        output: TextIO | None = None) -> int:
    """``doublesix join LINK``."""
    return join(args.link, input, output, name=args.name, folder=args.save_dir,
                autodraw=args.autodraw)
