"""Quick match from the terminal: ``m`` in ``doublesix lobby URL``, or ``doublesix lobby URL
--quick GAME [--players 2|4] [--casual]``, with the browser's words (the server's).

The steps, as the lobby page takes them (``docs/protocol.md``, "Quick match"):

1. The game (the server's presets, ``GET /api/options``), 2 or 4 players, rated or casual,
   and a name (a guest's; an account signed in with ``doublesix login`` plays under its own).
2. ``POST /api/quickmatch`` enters the queue; ``GET /api/quickmatch/{ticket}`` every
   :data:`EVERY` seconds says how it goes (and moves the queue on): the server's sentence is
   said each time it changes (the range of ratings widening, who else waits, computers taking
   the seats nobody came for).  ``q`` (or Ctrl-C) leaves the queue: ``DELETE``.
3. Seated, the seat's token is kept in ``tables.json`` under the game's link
   (``http://host/game/ID``, the page the browser opens), so ``doublesix join`` with that link
   comes back to it; the game is then played as ``doublesix join`` plays it
   (:class:`~doublesix.terminal.remote.RemoteGame`).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final, TypeVar

from pydantic import ValidationError

from doublesix.protocol import endpoints
from doublesix.protocol.matching import QuickMatchTicket
from doublesix.protocol.model import read
from doublesix.terminal.connection import RETRY_DELAYS
from doublesix.terminal.console import Console
from doublesix.terminal.join import join_command
from doublesix.terminal.person import INTERRUPTED, OK, Stop
from doublesix.terminal.remote import RemoteGame
from doublesix.terminal.tables import (
    FAILED,
    USAGE,
    Invitation,
    JoinError,
    Tables,
    error_words,
    http,
)
from doublesix.words import lobbywords, matchwords, sessionwords
from doublesix.words.i18n import _

T = TypeVar("T")

#: Seconds between two questions to the queue (as the lobby page asks).
EVERY: Final = 2.0
#: The games quick match has (``QuickMatchRequest.variant``).
GAMES: Final = ("draw", "block", "all-fives", "muggins", "partnership")


@dataclass(frozen=True, slots=True)
class Wanted:
    """What a person asks quick match for.

    >>> Wanted("partnership").body("Ana")
    {'variant': 'partnership', 'players': 4, 'rated': True, 'name': 'Ana'}
    """

    variant: str
    players: int | None = None
    rated: bool = True

    def body(self, name: str | None) -> dict[str, object]:
        """``POST /api/quickmatch``'s body (the partnership game: 4 players unless told)."""
        players = self.players or (4 if self.variant == "partnership" else 2)
        body: dict[str, object] = {"variant": self.variant, "players": players,
                                   "rated": self.rated}
        if name is not None:
            body["name"] = name
        return body


def choose(console: Console, origin: str, tables: Tables) -> Wanted | None:
    """Ask which game (the server's presets, by number), how many players and rated or not;
    None: the person went back (``q``, or the input ended)."""
    status, answer = http("GET", origin + "/api/options", origin, tables)
    try:
        options = read(endpoints.Options, answer) if status == 200 else None
    except ValidationError:
        options = None
    if options is None:
        raise JoinError(error_words(answer, status))
    games = [preset for preset in options.variants if preset.name in GAMES]
    console.say(_(matchwords.CHOOSE_GAME))
    for number, preset in enumerate(games, 1):
        console.say(matchwords.numbered_game(number, preset.preset_label))
    while True:
        typed = console.ask(_(matchwords.ASK_GAME))
        if typed is None or typed.strip().lower() in ("q", "quit"):
            return None
        choice = typed.strip()
        if choice.isdigit() and 1 <= int(choice) <= len(games):
            break
        console.error(matchwords.not_a_game(choice, len(games)))
    variant = games[int(choice) - 1].name
    players = None if variant == "partnership" else ask_until(
        console, _(matchwords.ASK_PLAYERS), {"": 2, "2": 2, "4": 4}, matchwords.not_players)
    rated = ask_until(console, _(matchwords.ASK_RATED),
                      {"": True, "y": True, "yes": True, "n": False, "no": False},
                      matchwords.not_yes_or_no)
    if (players is None and variant != "partnership") or rated is None:
        return None
    return Wanted(variant, players, rated)


def ask_until(console: Console, prompt: str, answers: dict[str, T],
                 refusal: Callable[[str], str]) -> T | None:
    """Ask ``prompt`` until the answer is one of ``answers`` (None: the input ended).

    >>> import io
    >>> console = Console(io.StringIO("3\\n4\\n"), io.StringIO())
    >>> ask_until(console, "How many? ", {"2": 2, "4": 4}, matchwords.not_players)
    4
    """
    while True:
        typed = console.ask(prompt)
        if typed is None:
            return None
        if typed.strip().lower() in answers:
            return answers[typed.strip().lower()]
        console.error(refusal(typed.strip()))


def account_name(origin: str, tables: Tables) -> str | None:
    """The name of the account signed in at ``origin`` (``doublesix login``), if any.

    >>> from pathlib import Path
    >>> account_name("http://h", Tables(Path("/nonexistent")))
    """
    held = tables.accounts.get(origin) or {}
    return held.get("name") or None if held.get("token") else None


def ask_name(console: Console, origin: str, tables: Tables, name: str | None) -> str | None:
    """The name at the table: none for an account signed in here (it plays under its own),
    else ``name`` or asked (:class:`Stop` if the input ended)."""
    if account_name(origin, tables) is not None:
        return None
    while name is None or not name.strip():
        if name is not None:
            console.error(_(lobbywords.NAME_LENGTH))
        name = console.ask(_(lobbywords.ASK_NAME))
        if name is None:
            raise Stop("eof")
    return name.strip()


def ticket_of(status: int, answer: object) -> QuickMatchTicket:
    """The ticket the server answered with (:class:`JoinError` with its words otherwise)."""
    try:
        if status in (200, 201):
            return read(QuickMatchTicket, answer)
    except ValidationError:
        pass
    raise JoinError(error_words(answer, status), USAGE if status == 400 else FAILED)


def wait_for_seat(console: Console, origin: str, tables: Tables, wanted: Wanted,
                  name: str | None) -> QuickMatchTicket | None:
    """Enter the queue and wait there, saying the server's words as they change, until seated
    (the ticket) or the person leaves (None; ``KeyboardInterrupt`` leaves too, then goes on
    up)."""
    ticket = ticket_of(*http("POST", origin + "/api/quickmatch", origin, tables,
                             wanted.body(name)))
    place = f"{origin}/api/quickmatch/{ticket.ticket}"
    try:
        console.say(ticket.words)
        if ticket.status == "waiting" and console.watch():
            console.say(_(matchwords.HOW_TO_LEAVE))
        while ticket.status != "seated":
            typed = console.typed(within=EVERY)
            if typed is not None:
                if typed.strip().lower() in ("q", "quit"):
                    leave(place, origin, tables)
                    console.say(_(matchwords.LEFT))
                    return None
                console.say(_(matchwords.HOW_TO_LEAVE))
            said = ticket.words
            ticket = ticket_of(*http("GET", place, origin, tables))
            if ticket.words != said:
                console.say(ticket.words)
    except KeyboardInterrupt:
        with contextlib.suppress(JoinError):
            leave(place, origin, tables)
        console.say("")
        console.say(_(matchwords.LEFT))
        raise
    return ticket


def leave(place: str, origin: str, tables: Tables) -> None:
    """Leave the queue (a place seated meanwhile is not given back: nothing to do)."""
    http("DELETE", place, origin, tables)


def quick_match(console: Console, origin: str, tables: Tables, wanted: Wanted, *,
                name: str | None, folder: str | None, autodraw: bool = False,
                retry_delays: Sequence[float] = RETRY_DELAYS) -> int | None:
    """Quick-match ``wanted`` and play the game found (its exit status), or None: the person
    left the queue.  ``KeyboardInterrupt`` while waiting leaves it (``INTERRUPTED``)."""
    try:
        name = ask_name(console, origin, tables, name)
        seated = wait_for_seat(console, origin, tables, wanted, name)
    except Stop:
        console.say(_(lobbywords.END_OF_INPUT))
        return OK
    except KeyboardInterrupt:
        return INTERRUPTED
    if seated is None:
        return None
    assert seated.game_id is not None and seated.token is not None
    link = Invitation(origin, seated.game_id, "")
    kept_name = name or account_name(origin, tables) or ""
    try:
        tables.keep(link, seated.game_id, seated.token, kept_name)
    except OSError as error:
        console.error(lobbywords.cannot_keep_seat(str(tables.path),
                                                    error.strerror or str(error)))
    command = sessionwords.with_save_dir(join_command(link.url), folder)
    game = RemoteGame(console, link, tables, seated.game_id, seated.token, command,
                      autodraw=autodraw, retry_delays=retry_delays)
    return game.run()
