"""The command line's ``--help`` in words: each command's line, ``doublesix play``'s options,
and argparse's own words ("usage:", "options", its errors), all said in the language of the
moment.

argparse translates its own words through :mod:`gettext`'s default domain; :func:`speaking`
routes them through the game's catalogs for the time a parser is built and used, so that
``doublesix --lang fr play --help`` is French from "usage:" on.

>>> import argparse
>>> from doublesix.words.i18n import using
>>> with using("fr"), speaking():
...     parser = argparse.ArgumentParser(prog="doublesix", add_help=True)
...     parser.format_help().splitlines()[0], parser.format_help().splitlines()[2]
('utilisation : doublesix [-h]', 'options:')
"""

from __future__ import annotations

import argparse
import contextlib
from collections.abc import Iterator
from typing import Final

from doublesix.words.i18n import N_, _, ngettext

#: argparse's own words, which it says through ``gettext`` (Python 3.11 to 3.13).
ARGPARSE_WORDS: Final = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("unrecognized arguments: %s"),
    N_("the following arguments are required: %s"),
    N_("one of the arguments %s is required"),
    N_("not allowed with argument %s"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("invalid %(type)s value: %(value)r"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("%(prog)s: error: %(message)s\n"),
)


@contextlib.contextmanager
def speaking() -> Iterator[None]:
    """argparse's own words through the game's catalogs, in the language of the moment, for
    the block (its ``gettext`` and ``ngettext`` put back after)."""
    saved = argparse._, argparse.ngettext  # type: ignore[attr-defined]
    argparse._, argparse.ngettext = _, ngettext  # type: ignore[attr-defined]
    try:
        yield
    finally:
        argparse._, argparse.ngettext = saved  # type: ignore[attr-defined]


#: ``doublesix``'s commands, each in one line.
COMMANDS: Final = {
    "play": N_("play a game in the terminal (line mode, screen readers)"),
    "learn": N_("learn a game with a coach, on a prepared hand: learn VARIANT"),
    "join": N_("sit at a web table from the terminal: join LINK"),
    "lobby": N_("the public tables of a web server: lobby URL, then a table's number sits you"),
    "login": N_("sign in to an account at a web server: login URL (--new, --logout)"),
    "serve": N_("start the web game on http://127.0.0.1:8000"),
    "prune": N_("remove the web game's old games (statistics kept)"),
    "db": N_("the web game's database: db upgrade, db current"),
    "backup": N_("copy the web game's SQLite database while the server runs: backup FILE"),
    "move": N_("copy the web game's database to another (SQLite to PostgreSQL): move --from "
               "--to"),
    "simulate": N_("play many games between random players and time them"),
    "tournament": N_("duplicate matches between computer players"),
    "ladder": N_("rate the computer opponents on a round robin (the ladder)"),
    "review": N_("the expert's review of a finished game: review FILE"),
    "stats": N_("the terminal game's rating, from its save folder"),
}

#: ``--version``'s help.
VERSION: Final = N_("show program's version number and exit")


def version_line(version: str, path: str) -> str:
    """What ``--version`` prints.

    >>> version_line("0.1", "compiled")
    'doublesix 0.1 (the computer players search on the compiled path)'
    """
    # Translators: {path} is "compiled" or "pure Python", kept in English.
    return _("doublesix {version} (the computer players search on the {path} path)").format(
        version=version, path=path)


def language_help(languages: str, play: bool = False) -> str:
    """``--lang``'s help: the languages (``es (Español)``...) and the default.

    >>> language_help("en, es")
    'the language to speak: en, es (default: from LC_ALL, LC_MESSAGES or LANG, else English)'
    """
    if play:
        return _("the language to play in: {languages} (default: from LC_ALL, LC_MESSAGES or "
                 "LANG, else English)").format(languages=languages)
    return _("the language to speak: {languages} (default: from LC_ALL, LC_MESSAGES or LANG, "
             "else English)").format(languages=languages)


def serve_lines(address: str, database: str, held: str, path: str) -> list[str]:
    """What ``doublesix serve`` says as it starts: where to open the game, where it is saved
    (``held``: the database's size and games), how the computer players search.

    >>> serve_lines("http://127.0.0.1:8000", "sqlite:///g.db", "1 MB, 2 games", "compiled")[0]
    'doublesix: open http://127.0.0.1:8000 in your browser'
    """
    return [
        _("doublesix: open {address} in your browser").format(address=address),
        _("doublesix: games are saved in {database} ({held}); press Ctrl+C to stop").format(
            database=database, held=held),
        # Translators: {path} is "compiled" or "pure Python", kept in English.
        _("doublesix: the computer players search on the {path} path").format(path=path),
    ]


#: ``doublesix serve``'s refusal of several processes on SQLite.
WORKERS_NEED_POSTGRESQL: Final = N_("--workers needs PostgreSQL (SQLite serves one process)")


def cannot_open_database(error: object) -> str:
    """A database that cannot be opened (``error``: the driver's words).

    >>> cannot_open_database("no such file")
    'cannot open the database: no such file'
    """
    return _("cannot open the database: {error}").format(error=error)


#: ``doublesix play``'s options, by their name.
PLAY: Final = {
    "variant": N_("draw (the default), block, all-fives, muggins or partnership"),
    "players": N_("2 to 4 seats, you included (default: 2, 4 for partnership, or one more than "
                  "the opponents named)"),
    "teams": N_("with 4 players: two teams, your partner across the table"),
    "target": N_("points that win the game (default 100; 0 plays one hand)"),
    "set": N_("double-six (the default), double-nine or double-twelve"),
    "seed": N_("deal this game from a seed (the same seed, the same game)"),
    "daily": N_("play today's daily deal: one hand of Draw, the same for everyone"),
    "date": N_("with --daily: the deal of another day"),
    "autodraw": N_("when nothing fits, draw until a tile fits without asking"),
    "coach": N_("after a move that loses much more than the best, say the better move and why, "
                "before the computers answer (not in the daily game)"),
    "playouts": N_("the expert's playouts per move, for its play and hints (default: its own)"),
    "resume": N_("go on with the saved game"),
    "new": N_("start a new game even if an unfinished one is saved"),
    "save-dir": N_("where the game is saved (default: $DOUBLESIX_HOME, else your data "
                   "directory)"),
}


def play_help(option: str) -> str:
    """The help of ``doublesix play``'s ``--option``, in the language of the moment.

    >>> play_help("resume")
    'go on with the saved game'
    """
    return _(PLAY[option])


def opponents_help(players: str, default: str) -> str:
    """``--opponents``' help: every computer player (with its level) and the default ones.

    >>> opponents_help("random; greedy", "pinocchio")
    'computer players, comma-separated: random; greedy (default: pinocchio)'
    """
    return _("computer players, comma-separated: {players} (default: {default})").format(
        players=players, default=default)


# -- the other commands' options -----------------------------------------------------------------

#: Options' help shared by several commands.
_SEATS_DIR: Final = N_("where your seats are kept (default: $DOUBLESIX_HOME, else your data "
                       "directory)")
_TABLE_NAME: Final = N_("your name at the table (else you are asked)")
_SERVER_URL: Final = N_("the server's address, such as http://127.0.0.1:8000")
_DATABASE: Final = N_("a SQLite file or a SQLAlchemy URL, as for doublesix serve")

#: Each command's options' help, by command and option (``{...}``: values the command gives).
OPTIONS: Final = {
    "join": {
        "link": N_("the invitation link the host copied: http://host/join/GAME/CODE"),
        "name": _TABLE_NAME,
        "autodraw": PLAY["autodraw"],
        "save-dir": _SEATS_DIR,
    },
    "lobby": {
        "url": _SERVER_URL,
        "name": _TABLE_NAME,
        "list": N_("show the lobby once and stop"),
        # Translators: {games} are the games' names as typed (draw, block...), kept in English.
        "quick": N_("find a game by quick match at once: {games}"),
        "players": N_("with --quick: how many players (default 2; partnership 4)"),
        "casual": N_("with --quick: a casual game, which moves no rating (default rated)"),
        "save-dir": _SEATS_DIR,
    },
    "login": {
        "url": _SERVER_URL,
        "name": N_("the account's name (else you are asked)"),
        "new": N_("make a new account of this name"),
        "logout": N_("sign out at this server"),
        "save-dir": N_("where the sign-in is kept (default: $DOUBLESIX_HOME, else your data "
                       "directory)"),
    },
    "serve": {
        "host": N_("the address to listen on (default: 127.0.0.1)"),
        "port": N_("the port (default: 8000)"),
        # Translators: {variable} is an environment variable's name, after a $.
        "db": N_("a SQLite file or a SQLAlchemy URL (postgresql://user@host/db); default: "
                 "${variable}, else doublesix.sqlite3 in $DOUBLESIX_HOME, else in your data "
                 "directory"),
        "workers": N_("server processes (PostgreSQL only; default: 1)"),
        "search-processes": N_("processes searching for computer moves and hints, in all "
                               "(default: three per core; 0: threads of the server process)"),
        "allowed-hosts": N_("host names the server answers for, comma-separated, or * "
                            "(default: localhost, 127.0.0.1, ::1 and the --host address)"),
        "forwarded-allow-ips": N_("the proxies whose X-Forwarded-For and X-Forwarded-Proto are "
                                  "believed, comma-separated addresses or networks, or * "
                                  "(default: none)"),
    },
    "prune": {
        "db": _DATABASE,
        "dry-run": N_("list what would be removed; remove nothing"),
        # Translators: keep %(default)g, the number of days.
        "unfinished-days": N_("remove games nobody moved in for this long (default: "
                              "%(default)g; 0: keep)"),
        "finished-days": N_("remove games that ended this long ago (default: %(default)g; 0: "
                            "keep); their statistics are kept"),
    },
    "db": {
        "db": _DATABASE,
        "upgrade": N_("bring the database to the newest revision of its schema"),
        "current": N_("say which revision the database is at (changes nothing)"),
    },
    "backup": {
        "db": _DATABASE,
        "file": N_("where the copy goes (replaced if there)"),
    },
    "move": {
        "from": N_("the database to copy (a SQLite file or a SQLAlchemy URL)"),
        "to": N_("the empty database to fill (its tables are made)"),
        # Translators: keep %(default)s, the number of rows.
        "batch": N_("rows read and written at a time (default: %(default)s)"),
    },
    "simulate": {
        "players": N_("players (default: 2, or 4 for the partnership game)"),
        "games": N_("complete games to play"),
        "seed": N_("first deal's seed (games use seed+i)"),
        "target": N_("points to win (0: one hand)"),
    },
    "tournament": {
        "players": N_("comma-separated players, e.g. expert,greedy or "
                      "expert:playouts=200,snow-white (several options: "
                      "expert:playouts=200;sharpness=1); repeated in turn to fill the seats; "
                      "name one twice or more to give it several seats (expert,snow-white,"
                      "snow-white: one expert against two Snow Whites), its figures then being "
                      "per seat"),
        "seats": N_("players at the table (default: as many as named, at least 2)"),
        "deals": N_("deals, each played in every rotation of the seats (or every order: "
                    "--every-order)"),
        "seed": N_("first deal's seed (deal i uses seed+i)"),
        "target": N_("points to win a game (default 0: every deal is one hand)"),
        "teams": N_("two teams of partners at 4 seats (the partnership game has them): "
                    "--players a,b makes team a (seats 1 and 3) and team b, each deal played "
                    "again with the teams swapped; figures per team"),
        "every-order": N_("play each deal in every order of the seats, not only their "
                          "rotations (at 4 different players: 24 seatings a deal)"),
        "workers": N_("processes (default: every core)"),
    },
    "ladder": {
        "deals": N_("deals per pair of players and variant (default 40)"),
        "seed": N_("first deal's seed"),
        "players": N_("comma-separated player specs (default: the game's ladder)"),
        "workers": N_("processes (default 1)"),
        "out": N_("write the table to this file (JSON); --write: the package's own"),
        "write": N_("write the table the game ships (doublesix/ai/{file})"),
    },
    "review": {
        "file": N_("a saved game, the terminal's save or a web record (- for stdin)"),
        "seat": N_("whose moves, 1 for the first seat (default: the person's in a web record, "
                   "else 1)"),
        "hand": N_("review hand N only (1 for the first; may be repeated; default: every hand "
                   "that ended)"),
        "playouts": N_("the expert's budget per decision (default {playouts})"),
        "seed": N_("seed of the searches (default: the game's own)"),
        "no-hindsight": N_("leave out the values knowing every hand, and the luck"),
        "json": N_("print the review as JSON"),
    },
    "stats": {
        "save-dir": N_("the terminal game's save folder (default: $DOUBLESIX_HOME, else your "
                       "data directory)"),
    },
}


def option_help(command: str, option: str, **values: object) -> str:
    """The help of ``doublesix command``'s ``--option`` (or argument), in the language of the
    moment, with the ``values`` the command gives.

    >>> option_help("lobby", "quick", games="draw, block")
    'find a game by quick match at once: draw, block'
    >>> option_help("prune", "dry-run")
    'list what would be removed; remove nothing'
    """
    said = _(OPTIONS[command][option])
    return said.format(**values) if values else said
