"""What watching a table says: to the watcher, to the players (how many watch), and in the
lobby's list of games in play.  Said in the language of the moment; the constants are marked
and said through ``_(CONSTANT)``.

>>> watchers(0), watchers(1), watchers(12)
(None, '1 person is watching.', '12 people are watching.')
>>> watching_status("Ana")
"You are watching. Ana's turn."
"""

from __future__ import annotations

from typing import Final

from doublesix.words.i18n import N_, _, ngettext

#: The watcher's own row: the table's seats are shown from the first seat's side.
WATCHING: Final = N_("You are watching this table.")
#: The watcher's status line when nobody is to play.
WATCHING_IDLE: Final = N_("You are watching.")
#: What a watcher is told when they send a move, a phrase or anything else.
ONLY_PLAYERS: Final = N_("You are watching: only the people seated at the table can play or chat.")
#: A table that is not public cannot be watched (nor one that does not exist: the same words,
#: so that a private table's existence is not told).
NOT_WATCHABLE: Final = N_("There is no public table with this link to watch: it may be "
                          "private, or gone.")
#: Past the server's bound of watchers at one table.
TOO_MANY: Final = N_("Too many people are watching this table now: try again later.")
#: The lobby's list of games being played, and its link to each.
IN_PLAY: Final = N_("Games in play")
NONE_IN_PLAY: Final = N_("No public game is being played now.")
WATCH: Final = N_("Watch")
#: The page's title while watching.
WATCH_TITLE: Final = N_("Watching a game of dominoes")


def watchers(count: int) -> str | None:
    """How many watch a table, as the players (and the watchers) are told; None for nobody."""
    if count <= 0:
        return None
    return ngettext("{count} person is watching.", "{count} people are watching.",
                    count).format(count=count)


def watching_status(turn_name: str | None) -> str:
    """The watcher's status line: whose turn it is."""
    if turn_name is None:
        return _(WATCHING_IDLE)
    return _("You are watching. {name}'s turn.").format(name=turn_name)


def hidden_hand(name: str, count: int) -> str:
    """The bottom seat's hand as a watcher is told it: how many tiles, face down.

    >>> hidden_hand("Ana", 1), hidden_hand("Ana", 5)
    ("Ana's hand: 1 tile, face down.", "Ana's hand: 5 tiles, face down.")
    """
    return ngettext("{name}'s hand: {count} tile, face down.",
                    "{name}'s hand: {count} tiles, face down.", count).format(name=name,
                                                                              count=count)


def watch_label(title: str) -> str:
    """The accessible name of a lobby game's Watch link.

    >>> watch_label("Ana's table: Draw, 2 players")
    "Watch Ana's table: Draw, 2 players"
    """
    # Translators: {title} is the table's title ("Ana's table: Draw, 2 players").
    return _("Watch {title}").format(title=title)
