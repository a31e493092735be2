"""``doublesix serve``: the web game on http://127.0.0.1:8000 (``--host``, ``--port``, ``--db``,
``--workers``, ``--search-processes``, ``--allowed-hosts``, ``--forwarded-allow-ips``).

Every other bound is a :class:`~doublesix.web.settings.Settings` value read from
``DOUBLESIX_<NAME>`` environment variables (``docs/web.md``).  Several server processes
(``--workers N``) share one PostgreSQL database; SQLite serves one process.

>>> import argparse
>>> parser = argparse.ArgumentParser()
>>> add_arguments(parser)
>>> args = parser.parse_args([])
>>> args.host, args.port, args.db, args.workers
('127.0.0.1', 8000, None, 1)
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import os
import resource
import socket
import sys
from typing import Any, ClassVar, Final

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from doublesix.ai.search import PATH as SEARCH_PATH
from doublesix.web.routes.deflate import SocketProtocol
from doublesix.web.settings import LOOPBACK_HOSTS, Settings, in_range, proxy_trusted
from doublesix.web.storage.store import DATABASE_ENV, database_url
from doublesix.words import helpwords
from doublesix.words.helpwords import option_help
from doublesix.words.i18n import _

#: Where ``doublesix serve`` passes its options to its worker processes.
WORKERS_ENV: Final = "DOUBLESIX_SERVE_WORKERS"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``doublesix serve``."""
    parser.add_argument(
        "--host", default="127.0.0.1", help=option_help("serve", "host")
    )
    parser.add_argument("--port", type=in_range("port", int), default=8000,
                        help=option_help("serve", "port"))
    parser.add_argument(
        "--db",
        default=None,
        metavar="PATH_OR_URL",
        help=option_help("serve", "db", variable=DATABASE_ENV),
    )
    parser.add_argument(
        "--workers", type=in_range("workers", int), default=1, metavar="N",
        help=option_help("serve", "workers"),
    )
    parser.add_argument(
        "--search-processes", type=in_range("search_processes", int), default=None, metavar="N",
        help=option_help("serve", "search-processes"),
    )
    parser.add_argument(
        "--allowed-hosts", default=None, metavar="NAMES",
        help=option_help("serve", "allowed-hosts"),
    )
    parser.add_argument(
        "--forwarded-allow-ips", default=None, metavar="ADDRESSES",
        help=option_help("serve", "forwarded-allow-ips"),
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


def default_hosts(host: str) -> tuple[str, ...]:
    """The host names answered when ``--allowed-hosts`` is not given: the loopback names, the
    address listened on, and on every address this machine's own names and any address
    written as numbers (:func:`~doublesix.web.settings.host_allowed`).

    >>> default_hosts("127.0.0.1")
    ('localhost', '127.0.0.1', '::1')
    >>> default_hosts("192.0.2.7")
    ('localhost', '127.0.0.1', '::1', '192.0.2.7')
    """
    hosts = list(LOOPBACK_HOSTS)
    if host in ("0.0.0.0", "::", ""):
        hosts += [socket.gethostname(), socket.getfqdn(), host or "0.0.0.0"]
    elif host not in hosts:
        hosts.append(host)
    return tuple(dict.fromkeys(h for h in hosts if h))


def raise_open_files() -> int:
    """Raise this process's open-file limit to its hard limit; returns the limit."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY:
        hard = max(soft, 65536)
    if soft < hard:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
            soft = hard
        except (ValueError, OSError):  # pragma: no cover
            pass
    return soft


class GuardedH11Protocol(H11Protocol):
    """uvicorn's HTTP/1.1 protocol with the bounds it lacks (``Settings``):

    - a request's head must arrive within ``request_timeout`` seconds of the connection or of
      its first byte (idle and half-sent connections are closed, not held);
    - at most ``connections_per_address`` connections from one address wait for a request;
    - a WebSocket upgrade whose request line or a header line is longer than
      ``max_request_line`` is answered 414 or 431 and closed (uvicorn otherwise hands it to a
      parser that gives up silently), and so is any request whose head is over twice that.
    """

    settings: ClassVar[Settings | None] = None
    waiting: ClassVar[collections.Counter[str]] = collections.Counter()

    @classmethod
    def limits(cls) -> Settings:
        if cls.settings is None:
            cls.settings = Settings.from_env()
        return cls.settings

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._head_timer: asyncio.TimerHandle | None = None
        self._counted: str | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        limits = self.limits()
        peer = self.client[0] if self.client else ""
        if proxy_trusted(peer, limits.forwarded_allow_ips):
            self._arm()  # a proxy carries many people: the application counts each
            return
        if self.waiting[peer] >= limits.connections_per_address:
            transport.abort()
            return
        self.waiting[peer] += 1
        self._counted = peer
        self._arm()

    def _uncount(self) -> None:
        if self._counted is not None:
            self.waiting[self._counted] -= 1
            if self.waiting[self._counted] <= 0:
                del self.waiting[self._counted]
            self._counted = None

    def _arm(self) -> None:
        if self._head_timer is None and not self.transport.is_closing():
            self._head_timer = self.loop.call_later(
                self.limits().request_timeout, self._too_slow
            )

    def _disarm(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def _too_slow(self) -> None:
        self._head_timer = None
        if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
            self.transport.close()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        self._uncount()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self.conn.their_state is h11.IDLE:
            # A request's head, however it arrives (h11 bounds only heads still incomplete).
            buffered = self.conn.trailing_data[0] + data
            end = buffered.find(b"\r\n\r\n")
            head = len(buffered) if end < 0 else end
            if head > 2 * self.limits().max_request_line:
                self._disarm()
                self._refuse(431, b"the request's head is too long")
                return
        super().data_received(data)
        if self.transport.is_closing() or self.transport.get_protocol() is not self:
            self._disarm()
        elif self.conn.their_state is h11.IDLE:
            self._arm()  # a request's head has begun (or may): it must end in time
        else:
            self._disarm()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        # Between requests uvicorn's keep-alive timer holds the connection; the head timer
        # starts again with the next request's first byte.
        self._disarm()

    def handle_websocket_upgrade(self, event: h11.Request) -> None:
        self._disarm()
        limit = self.limits().max_request_line
        line = len(event.method) + len(event.target) + 11
        if line > limit:
            self._refuse(414, b"the request line is too long")
            return
        if any(len(name) + len(value) + 4 > limit for name, value in event.headers):
            self._refuse(431, b"a header line is too long")
            return
        self._uncount()
        super().handle_websocket_upgrade(event)

    def _refuse(self, status: int, message: bytes) -> None:
        body = b'{"error": "' + message + b'"}'
        self.transport.write(
            b"HTTP/1.1 %d %s\r\ncontent-type: application/json\r\ncontent-length: %d\r\n"
            b"connection: close\r\n\r\n%s"
            % (status, b"URI Too Long" if status == 414 else b"Request Header Fields Too Large",
               len(body), body)
        )
        self.transport.close()


def app_from_env() -> Any:
    """The application of one ``doublesix serve --workers N`` process (uvicorn's factory):
    its database and settings come from the environment ``run`` set."""
    from doublesix.web.routes.app import create_app

    return create_app(os.environ[DATABASE_ENV], workers=int(os.environ.get(WORKERS_ENV, "1")))


def run(args: argparse.Namespace) -> int:
    """Start the server and serve until interrupted; returns the exit status."""
    import uvicorn
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError, SQLAlchemyError

    from doublesix.web.routes.app import create_app
    from doublesix.web.storage.retention import status_line

    url = database_url(args.db)
    try:
        overrides: dict[str, Any] = {}
        if args.allowed_hosts is not None:
            overrides["allowed_hosts"] = tuple(
                h.strip() for h in args.allowed_hosts.split(",") if h.strip()
            )
        settings = Settings.from_env(**overrides)
        if args.forwarded_allow_ips is not None:
            settings = settings.replace(forwarded_allow_ips=tuple(
                a.strip() for a in args.forwarded_allow_ips.split(",") if a.strip()))
        if not settings.allowed_hosts:
            settings = settings.replace(allowed_hosts=default_hosts(args.host))
        if args.search_processes is not None:
            per_worker = args.search_processes
            if args.search_processes > 0:
                per_worker = max(1, args.search_processes // max(1, args.workers))
            settings = settings.replace(search_processes=per_worker)
    except ValueError as error:
        print(f"doublesix serve: {error}", file=sys.stderr)
        return 2
    try:
        parsed = make_url(url)
        shown = parsed.render_as_string(hide_password=True)
        if args.workers > 1 and parsed.get_backend_name() != "postgresql":
            print(f"doublesix serve: {_(helpwords.WORKERS_NEED_POSTGRESQL)}", file=sys.stderr)
            return 2
        # Opened here once, so a wrong URL is told at once (and the table made once).
        app = create_app(url, settings=settings, workers=args.workers)
        held = status_line(app.state.store)
    except (ArgumentError, SQLAlchemyError, OSError, ModuleNotFoundError) as error:
        print(f"doublesix serve: {helpwords.cannot_open_database(error)}", file=sys.stderr)
        return 1
    raise_open_files()
    os.environ.update(settings.env())
    os.environ[DATABASE_ENV] = url
    os.environ[WORKERS_ENV] = str(args.workers)
    GuardedH11Protocol.settings = settings
    for line in helpwords.serve_lines(address(args.host, args.port), shown, held, SEARCH_PATH):
        print(line, flush=True)
    options: dict[str, Any] = {
        "host": args.host,
        "port": args.port,
        "log_level": "warning",
        "http": GuardedH11Protocol,
        # uvicorn's websockets-sansio protocol, short messages sent uncompressed.
        "ws": SocketProtocol,
        "ws_max_size": settings.ws_max_size,
        "ws_ping_interval": settings.ws_ping_interval,
        "ws_ping_timeout": settings.ws_ping_timeout,
        "timeout_keep_alive": max(1, round(settings.keep_alive)),
        "limit_concurrency": settings.max_connections,
        "h11_max_incomplete_event_size": 2 * settings.max_request_line + 1024,
        # The application believes X-Forwarded-* from the proxies the settings name, and
        # from nobody else (uvicorn's own default trusts 127.0.0.1).
        "proxy_headers": False,
        "forwarded_allow_ips": "",
    }
    if args.workers > 1:
        app.state.store.dispose()
        uvicorn.run("doublesix.web.routes.server:app_from_env", factory=True, workers=args.workers,
                    **options)
    else:
        uvicorn.run(app, **options)
    return 0
