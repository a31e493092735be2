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
