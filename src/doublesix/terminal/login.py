"""``doublesix login URL`` and ``doublesix logout URL``: an account at a web server, from the
terminal.  The session's token is kept in ``tables.json`` in the data folder (readable by its
owner only), and sent with every request to that server (``doublesix join``), so that the
games played from here count for the account and its rating.

A password is read without an echo when the input is a terminal (:func:`getpass.getpass`),
else as a line (scripts and tests).
"""

from __future__ import annotations

import argparse
import getpass
import sys
import urllib.parse
from typing import TextIO

from doublesix.terminal.console import Console
from doublesix.terminal.saves import save_dir
from doublesix.terminal.tables import FAILED, USAGE, JoinError, Tables, error_words, http
from doublesix.words import accountwords
from doublesix.words.helpwords import option_help
from doublesix.words.i18n import _

OK = 0


def server_origin(url: str) -> str:
    """The server's origin from what a person types (a scheme is added as for invitations).

    >>> server_origin("127.0.0.1:8000"), server_origin("https://example.org/lobby")
    ('http://127.0.0.1:8000', 'https://example.org')
    >>> server_origin("ftp://example.org")
    Traceback (most recent call last):
    ...
    doublesix.terminal.tables.JoinError: This is not a server's address: 'ftp://example.org'. ...
    """
    text = url.strip()
    if "://" not in text:
        host = text.split("/", 1)[0].split(":", 1)[0].lower()
        text = ("http://" if host in ("localhost", "127.0.0.1", "[::1]") else "https://") + text
    parts = urllib.parse.urlsplit(text)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise JoinError(accountwords.not_a_server(url), USAGE)
    return f"{parts.scheme}://{parts.netloc}"


def read_password(console: Console, prompt: str, input: TextIO) -> str | None:
    """A password: without an echo from a terminal, else a line (None at the end of input)."""
    if input.isatty():
        try:
            return getpass.getpass(prompt)
        except EOFError:
            return None
    return console.ask(prompt)


def login(url: str, input: TextIO | None = None, output: TextIO | None = None, *,
          name: str | None = None, new: bool = False, folder: str | None = None) -> int:
    """Sign in (or up, ``new``) at the server ``url``; returns the exit status."""
    source = input if input is not None else sys.stdin
    console = Console(source, output if output is not None else sys.stdout)
    try:
        origin = server_origin(url)
        tables = Tables(save_dir(folder))
        if name is None:
            name = console.ask(_(accountwords.ASK_NAME))
        password = None if name is None else read_password(
            console, _(accountwords.ASK_NEW_PASSWORD if new else accountwords.ASK_PASSWORD), source)
        if name is None or password is None:
            console.say(_(accountwords.NOT_SIGNED_IN))
            return FAILED
        path = "/api/account" if new else "/api/session"
        status, answer = http("POST", origin + path, origin, tables,
                              {"name": name.strip(), "password": password,
                               "client": "terminal"})
        if status not in (200, 201) or not isinstance(answer, dict) or not isinstance(
                answer.get("token"), str):
            raise JoinError(error_words(answer, status), USAGE if status == 400 else FAILED)
        tables.accounts[origin] = {"name": str(answer.get("name", "")),
                                   "token": answer["token"]}
        tables.write()
    except JoinError as error:
        console.error(str(error))
        return error.status
    except OSError as error:
        console.error(accountwords.cannot_keep(str(tables.path), error.strerror or str(error)))
        return FAILED
    console.say(str(answer.get("signed_in", "")))
    if answer.get("joined"):
        console.say(str(answer["joined"]))
    return OK


def logout(url: str, output: TextIO | None = None, *, folder: str | None = None) -> int:
    """Sign out at the server ``url``: the token stops working there and is forgotten here."""
    console = Console(sys.stdin, output if output is not None else sys.stdout)
    try:
        origin = server_origin(url)
        tables = Tables(save_dir(folder))
        if origin not in tables.accounts:
            console.say(accountwords.not_signed_in_at(origin))
            return OK
        http("DELETE", origin + "/api/session", origin, tables)
        del tables.accounts[origin]
        tables.write()
    except JoinError as error:
        console.error(str(error))
        return error.status
    console.say(accountwords.signed_out_at(origin))
    return OK


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``doublesix login``."""
    parser.add_argument("url", metavar="URL", help=option_help("login", "url"))
    parser.add_argument("--name", default=None, help=option_help("login", "name"))
    parser.add_argument("--new", action="store_true", help=option_help("login", "new"))
    parser.add_argument("--logout", action="store_true", help=option_help("login", "logout"))
    parser.add_argument("--save-dir", default=None, metavar="DIR",
                        help=option_help("login", "save-dir"))


def run(args: argparse.Namespace, input: TextIO | None = None,
        output: TextIO | None = None) -> int:
    """``doublesix login URL`` (``--logout`` to sign out)."""
    if args.logout:
        return logout(args.url, output, folder=args.save_dir)
    return login(args.url, input, output, name=args.name, new=args.new, folder=args.save_dir)
