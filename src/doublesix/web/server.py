"""``doublesix serve``: the web game on http://127.0.0.1:8000 (``--host``, ``--port``, ``--db``).

>>> import argparse
>>> parser = argparse.ArgumentParser()
>>> add_arguments(parser)
>>> args = parser.parse_args([])
>>> args.host, args.port, args.db
('127.0.0.1', 8000, None)
"""

from __future__ import annotations

import argparse
import sys

from doublesix.web.store import DATABASE_ENV, database_url


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``doublesix serve``."""
    parser.add_argument(
        "--host", default="127.0.0.1", help="the address to listen on (default: 127.0.0.1)"
    )
    parser.add_argument("--port", type=int, default=8000, help="the port (default: 8000)")
    parser.add_argument(
        "--db",
        default=None,
        metavar="PATH_OR_URL",
        help=(
            "a SQLite file or a SQLAlchemy URL (postgresql://user@host/db); default: "
            f"${DATABASE_ENV}, else a file in your data directory"
        ),
    )


def address(host: str, port: int) -> str:
    """The URL people open for a host and port.

    >>> address("127.0.0.1", 8000), address("::1", 8080), address("0.0.0.0", 80)
    ('http://127.0.0.1:8000/', 'http://[::1]:8080/', 'http://127.0.0.1:80/')
    """
    if host in ("0.0.0.0", ""):
        host = "127.0.0.1"
    elif host == "::":
        host = "::1"
    if ":" in host:
        host = f"[{host}]"
    return f"http://{host}:{port}/"


def run(args: argparse.Namespace) -> int:
    """Start the server and serve until interrupted; returns the exit status."""
    import uvicorn
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError, SQLAlchemyError

    from doublesix.web.app import create_app

    url = database_url(args.db)
    try:
        shown = make_url(url).render_as_string(hide_password=True)
        app = create_app(url)
    except (ArgumentError, SQLAlchemyError, OSError, ModuleNotFoundError) as error:
        print(f"doublesix serve: cannot open the database: {error}", file=sys.stderr)
        return 1
    print(f"doublesix: open {address(args.host, args.port)} in your browser", flush=True)
    print(f"doublesix: games are saved in {shown}; press Ctrl+C to stop", flush=True)
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning")
    return 0
