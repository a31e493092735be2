"""What the web table's terminal client says of its connection, its invitation and its saved
seats (``doublesix join``, ``doublesix lobby``), and the terminal's save files' errors, in the
language of the moment.  The table's own sentences come from the server, already said in the
person's language.

>>> kept_sentence("doublesix join http://127.0.0.1:8000/join/g1/c1")
'You keep your seat. To come back to the table, type: doublesix join http://127.0.0.1:8000/join/g1/c1'
>>> from doublesix.words.i18n import using
>>> with using("es"):
...     _(CONNECTED_AGAIN)
'Conectado de nuevo.'
"""

from __future__ import annotations

from typing import Final

from doublesix.words.i18n import N_, _, pgettext

# -- the connection ----------------------------------------------------------------------------

CONNECTED_AGAIN: Final = N_("Connected again.")
CONNECTION_LOST: Final = N_("The connection was lost. Connecting again.")


def kept_sentence(command: str) -> str:
    """How to come back to the seat: with ``command``."""
    return _("You keep your seat. To come back to the table, type: {command}").format(
        command=command)


def cannot_keep_seat(path: str, reason: str) -> str:
    """The seat could not be written to the data folder.

    >>> cannot_keep_seat("/home/ana/tables.json", "Permission denied")
    'Could not keep your seat in /home/ana/tables.json: Permission denied.'
    """
    return _("Could not keep your seat in {path}: {reason}.").format(path=path, reason=reason)


def connection_refused(status: int) -> str:
    """The server refused the socket outright (403, 404).

    >>> connection_refused(404)
    'The table refused the connection (404).'
    """
    return _("The table refused the connection ({status}).").format(status=status)


def server_answered(status: int) -> str:
    """Why the table cannot be reached: an HTTP status (said inside :func:`cannot_reach`).

    >>> server_answered(502)
    'the server answered 502'
    """
    return _("the server answered {status}").format(status=status)


def cannot_reach(problem: str, kept: str | None = None) -> str:
    """The table cannot be reached: trying again (``kept`` None), or giving up with how to
    come back.

    >>> cannot_reach("timed out")
    'Cannot reach the table (timed out). Trying again.'
    >>> cannot_reach("timed out", "Type join.")
    'Cannot reach the table: timed out. Type join.'
    """
    if kept is None:
        return _("Cannot reach the table ({problem}). Trying again.").format(problem=problem)
    return _("Cannot reach the table: {problem}. {kept}").format(problem=problem, kept=kept)


def seat_refused(why: str | None, code: int | None) -> str:
    """The table closed the seat's socket for good: its words ``why``, else its close code.

    >>> seat_refused(None, 4404)
    'The table refused this seat: it closed the connection (4404)'
    """
    if why is None:
        why = _("it closed the connection ({code})").format(code=code)
    return _("The table refused this seat: {why}").format(why=why)


def keeps_closing(code: int | None, kept: str) -> str:
    """The socket closed too often in a row.

    >>> keeps_closing(1006, "Type join.")
    'The table keeps closing the connection (1006). Type join.'
    """
    return _("The table keeps closing the connection ({code}). {kept}").format(code=code,
                                                                               kept=kept)


# -- the invitation ------------------------------------------------------------------------------

UNKNOWN_INVITATION: Final = N_("This invitation is not known here: the game or its code is "
                               "wrong. Ask the host to copy the link again.")
INVITATION_USED: Final = N_("This invitation has been used: its seat is taken.")
HAVE_SEAT: Final = N_("You have your seat.")
BACK_TO_SEAT: Final = N_("Back to your seat at the table.")
STILL_TO_COME: Final = N_("a person still to come")


def invites_you(host: str, variant: str) -> str:
    """The invitation's first line.

    >>> invites_you("Bea", "Draw")
    'Bea invites you to a game of Draw.'
    """
    return _("{host} invites you to a game of {variant}.").format(host=host, variant=variant)


def at_the_table(names: str) -> str:
    """Who sits at the table (``names``: a listing, the person as "you").

    >>> at_the_table("Bea, you and a person still to come")
    'At the table: Bea, you and a person still to come.'
    """
    return _("At the table: {names}.").format(names=names)


def you() -> str:
    """The person in a list of the table's seats.

    >>> you()
    'you'
    """
    return pgettext("name", "you")


def not_an_invitation(link: str) -> str:
    """A link that is no invitation.

    >>> not_an_invitation("http://x/")  # doctest: +ELLIPSIS
    "This is not an invitation link: 'http://x/'. An invitation looks like ..."
    """
    return _("This is not an invitation link: {link}. An invitation looks like "
             "http://host/join/GAME/CODE; ask the host to copy it again.").format(link=repr(link))


def cannot_reach_server(origin: str, reason: str) -> str:
    """A server that does not answer.

    >>> cannot_reach_server("http://127.0.0.1:8000", "Connection refused")
    'Cannot reach http://127.0.0.1:8000: Connection refused.'
    """
    return _("Cannot reach {origin}: {reason}.").format(origin=origin, reason=reason)


def status_only(status: int) -> str:
    """A server's refusal with no words of its own.

    >>> status_only(500)
    'The server answered 500.'
    """
    return _("The server answered {status}.").format(status=status)


# -- the table's messages --------------------------------------------------------------------

OLD_SERVER: Final = N_("This server does not send the view a terminal needs: it is older than "
                       "this doublesix. Play in a browser, or update it.")
NO_VIEW_YET: Final = N_("The table has sent no view yet.")
WAITING_AGAIN: Final = N_("Waiting for the others to say whether they play again.")
NOT_STARTED: Final = N_("The game has not started.")
GAME_OVER: Final = N_("The game is over.")
HINT_ON_YOUR_TURN: Final = N_("A hint is for your turn.")
GOODBYE: Final = N_("Goodbye.")
AUTODRAW: Final = N_("Nothing fits, so you draw.")


def unreadable(error: object, view: bool = False) -> str:
    """A message (or a view) of the server's that this release cannot read.

    >>> unreadable("bad field", view=True)
    'The server sent a view this doublesix cannot read (bad field).'
    """
    if view:
        return _("The server sent a view this doublesix cannot read ({error}).").format(
            error=error)
    return _("The server sent a message this doublesix cannot read ({error}).").format(
        error=error)


def quit_words(command: str) -> str:
    """What ``quit`` does at a web table (the help's line).

    >>> quit_words("doublesix join LINK")
    'quit: leave the table; your seat is kept, and doublesix join LINK goes back.'
    """
    return _("{quit}: leave the table; your seat is kept, and {command} goes back.").format(
        quit=pgettext("command", "quit"), command=command)


# -- the terminal's save files ---------------------------------------------------------------


def no_saved_game(folder: str) -> str:
    """``--resume`` with nothing saved.

    >>> no_saved_game("/home/ana/.local/share/doublesix")
    'there is no saved game in /home/ana/.local/share/doublesix'
    """
    return _("there is no saved game in {folder}").format(folder=folder)


def cannot_read(path: str, reason: str) -> str:
    """A save file the system cannot read.

    >>> cannot_read("game.json", "Permission denied")
    'cannot read game.json: Permission denied'
    """
    return _("cannot read {path}: {reason}").format(path=path, reason=reason)


def not_a_save(path: str) -> str:
    """A file that is no save of the terminal's.

    >>> not_a_save("game.json")
    'game.json is not a doublesix terminal save'
    """
    return _("{path} is not a doublesix terminal save").format(path=path)


def newer_save(path: str, version: object) -> str:
    """A save of a newer release.

    >>> newer_save("game.json", 9)
    'game.json is version 9, newer than this release reads: update doublesix'
    """
    return _("{path} is version {version}, newer than this release reads: update "
             "doublesix").format(path=path, version=version)


def damaged_save(path: str, error: object | None = None) -> str:
    """A save that cannot be read back (``error``: why; None: its opponents do not fit).

    >>> damaged_save("game.json")
    'game.json is damaged: it names the wrong number of opponents'
    """
    if error is None:
        return _("{path} is damaged: it names the wrong number of opponents").format(path=path)
    return _("{path} is damaged: {error}").format(path=path, error=error)
