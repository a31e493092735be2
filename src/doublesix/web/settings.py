"""The web server's settings: every bound on what a client controls, and how the work is spread.

Each setting has a default fit for one machine serving people, and an environment variable
``DOUBLESIX_<NAME>`` (upper case) that overrides it; ``doublesix serve`` sets some of them from
its options. ``docs/web.md`` lists them all.

>>> s = Settings.from_env({"DOUBLESIX_HINTS_PER_MINUTE": "3",
...                        "DOUBLESIX_ALLOWED_HOSTS": "games.example, localhost"})
>>> s.hints_per_minute, s.allowed_hosts, s.sockets_per_seat
(3, ('games.example', 'localhost'), 4)
>>> Settings.from_env({"DOUBLESIX_SOCKETS_PER_SEAT": "many"})
Traceback (most recent call last):
...
ValueError: DOUBLESIX_SOCKETS_PER_SEAT must be a number, not 'many'
>>> Settings.from_env({"DOUBLESIX_KEEP_UNFINISHED_DAYS": "1e12"})
Traceback (most recent call last):
...
ValueError: DOUBLESIX_KEEP_UNFINISHED_DAYS must be from 0 to 100000, not 1e+12
"""

from __future__ import annotations

import argparse
import dataclasses
import ipaddress
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from typing import Any, Final

from doublesix.protocol.wire import MAX_DEPTH, MAX_MESSAGE

#: The environment variables' prefix.
PREFIX: Final = "DOUBLESIX_"
#: Search processes per core by default.  A search takes from a millisecond to seconds; with a
#: few processes a core time-sharing it, a short search does not wait behind long ones (one per
#: core, first come first served, doubled the slowest answers).
SEARCHES_PER_CORE: Final = 3
#: The host names a server answers for unless told others: this machine's loopback names.
LOOPBACK_HOSTS: Final = ("localhost", "127.0.0.1", "::1")


#: Every number setting's range, both ends included: ``Settings`` refuses a value out of it
#: (with its variable's name), and the command line's options of the same settings use it
#: (:func:`in_range`).  Wide enough for any server; narrow enough that no arithmetic on a
#: setting overflows (a date less 100000 days is still a date).
RANGES: Final[dict[str, tuple[float, float]]] = {
    "search_processes": (-1, 4096),
    "db_threads": (-1, 1024),
    "sockets_per_seat": (1, 10_000),
    "sockets_per_browser": (1, 1_000_000),
    "sockets_per_address": (1, 1_000_000),
    "connections_per_address": (1, 1_000_000),
    "max_connections": (1, 1_000_000),
    "hints_per_minute": (0, 100_000),
    "chat_per_10s": (0, 100_000),
    "chat_per_minute": (0, 100_000),
    "watchers_per_table": (0, 1_000_000),
    "messages_per_10s": (1, 1_000_000),
    "max_message": (256, 16 * 2**20),
    "ws_max_size": (256, 16 * 2**20),
    "max_json_depth": (2, 1000),
    "max_body": (256, 16 * 2**20),
    "request_timeout": (0.1, 3600),
    "keep_alive": (0.1, 3600),
    "max_request_line": (256, 1_000_000),
    "ws_ping_interval": (0.1, 3600),
    "ws_ping_timeout": (0.1, 3600),
    "games_per_hour_per_browser": (0, 1_000_000),
    "games_per_hour_per_address": (0, 1_000_000),
    "joins_per_hour_per_browser": (0, 1_000_000),
    "joins_per_hour_per_address": (0, 1_000_000),
    "wrong_passwords_per_hour_per_account": (0, 1_000_000),
    "wrong_passwords_per_hour_per_address": (0, 1_000_000),
    "held_name_days": (0, 100_000),
    "quick_match_fill_after": (0, 3600),
    "quick_match_gone_after": (1, 21600),
    "queue_places_per_address": (0, 1_000_000),
    "public_tables_per_browser": (0, 1_000_000),
    "public_tables_per_address": (0, 1_000_000),
    "hsts_seconds": (0, 10 * 31536000),
    "keep_unfinished_days": (0, 100_000),
    "keep_finished_days": (0, 100_000),
    "prune_interval": (0, 31536000),
    "prune_batch": (1, 100_000),
    "save_retry_max": (0.01, 3600),
    "save_give_up": (0, 31536000),
    "takeover_seconds": (0, 86400),
    "handover_after": (0, 86400),
    "presence_interval": (0.1, 3600),
}
#: The ranges of the number options of ``doublesix serve`` that are not settings (port 0: one
#: the system chooses).
OPTION_RANGES: Final[dict[str, tuple[float, float]]] = {"port": (0, 65535), "workers": (1, 256)}


def out_of_range(name: str, value: float) -> str | None:
    """What is wrong with ``value`` for the setting or option ``name`` (``RANGES``,
    ``OPTION_RANGES``; its variable's name is the caller's to add), or None if it is in range.

    >>> out_of_range("prune_batch", 5), out_of_range("prune_batch", 0)
    (None, 'must be from 1 to 100000, not 0')
    >>> out_of_range("keep_finished_days", float("nan"))
    'must be from 0 to 100000, not nan'
    """
    low, high = RANGES[name] if name in RANGES else OPTION_RANGES[name]
    if low <= value <= high:
        return None
    return f"must be from {_number(low)} to {_number(high)}, not {_number(value)}"


def _number(value: float) -> str:
    """A number as a person writes it: 16777216, 0.1, 1e+12."""
    if float(value).is_integer() and abs(value) < 1e9:
        return str(int(value))
    return f"{value:g}"


def in_range(name: str, kind: type[int] | type[float] = float) -> Callable[[str], float]:
    """An argparse ``type`` for an option setting ``name`` (or one of ``OPTION_RANGES``): a
    number of ``kind`` in its range (``argparse`` says what is wrong in one line otherwise).

    >>> in_range("keep_unfinished_days")("30"), in_range("prune_batch", int)("7")
    (30.0, 7)
    >>> in_range("keep_unfinished_days")("1e12")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: must be from 0 to 100000, not 1e+12
    """

    def parse(raw: str) -> float:
        try:
            value = kind(raw)
        except ValueError:
            raise argparse.ArgumentTypeError(f"must be a number, not {raw!r}") from None
        wrong = out_of_range(name, value)
        if wrong is not None:
            raise argparse.ArgumentTypeError(wrong)
        return value

    return parse


def cores() -> int:
    """The cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


@dataclass(frozen=True)
class Settings:
    """The server's settings (see the module's docstring and ``docs/web.md``)."""

    #: Processes searching for computer moves and hints (0: threads of the server's own
    #: process, for tests that replace a player).  -1: ``SEARCHES_PER_CORE`` per core (split
    #: between ``doublesix serve --workers``).
    search_processes: int = -1
    #: Threads doing database work, apart from the searches.  -1: 2 on SQLite (one writer at a
    #: time anyway), 4 on other databases; more threads fight the event loop for the
    #: interpreter lock.
    db_threads: int = -1
    #: WebSockets one seat may hold at once; a new one closes the oldest (code 4429).
    sockets_per_seat: int = 4
    #: WebSockets one browser (its cookie) may hold at once; more are refused (code 4429).
    sockets_per_browser: int = 32
    #: WebSockets one client address may hold at once; more are refused (code 4429).  Many
    #: people may share an address (a school's or a carrier's NAT): this bound is a ceiling
    #: against one machine's flood, the fine ones are per browser and per seat.
    sockets_per_address: int = 1024
    #: TCP connections one client address may hold before a request or upgrade; more are
    #: closed (a trusted proxy's own connections are not counted).
    connections_per_address: int = 1024
    #: Connections the server holds at once (HTTP answers 503 beyond it).
    max_connections: int = 4000
    #: Hints one seat may ask for in a minute.
    hints_per_minute: int = 12
    #: Quick chat phrases one seat may say in 10 seconds, and in a minute; past them a phrase
    #: is refused in words (nothing else changes).
    chat_per_10s: int = 3
    chat_per_minute: int = 20
    #: Sockets that may watch one table in one server process (0: nobody may watch); more
    #: are refused (code 4429).
    watchers_per_table: int = 2000
    #: Messages one socket may send in 10 seconds before it is closed (code 4429).
    messages_per_10s: int = 100
    #: The longest WebSocket message answered with an ``error`` (bytes); longer ones up to
    #: ``ws_max_size`` get an ``error`` too, beyond that the socket is closed (code 1009).
    max_message: int = MAX_MESSAGE
    #: The longest WebSocket frame read at all (bytes).
    ws_max_size: int = 65536
    #: The deepest nesting of arrays and objects in a JSON message or body.
    max_json_depth: int = MAX_DEPTH
    #: The longest ``POST`` body (bytes).
    max_body: int = 16384
    #: Seconds a client has to send a request's head (and a body) once it connects or starts.
    request_timeout: float = 10.0
    #: Seconds an idle keep-alive HTTP connection is kept.
    keep_alive: float = 5.0
    #: The longest request line or header line (bytes); longer ones are answered 414 or 431.
    max_request_line: int = 8000
    #: Seconds between WebSocket pings, and how long a pong may take before the socket closes.
    ws_ping_interval: float = 20.0
    ws_ping_timeout: float = 20.0
    #: New games (``POST /api/games`` and new daily games) one browser, and one client
    #: address, may create in an hour; 0: no bound.  A tenth of the hour's number may come at
    #: once, then they come back at the hour's pace; more are answered 429 with
    #: ``Retry-After``.
    games_per_hour_per_browser: int = 120
    games_per_hour_per_address: int = 600
    #: Seats one browser, and one client address, may take by invitation in an hour
    #: (``POST /api/join``); 0: no bound.  Counted as the new games are.
    joins_per_hour_per_browser: int = 120
    joins_per_hour_per_address: int = 600
    #: Wrong passwords an hour for one account's name (from browsers that never signed in to
    #: it: the owner's own are never held back by it) and from one client address, a tenth
    #: of them at once; past them a sign-in waits (429 and Retry-After).  0: no bound.
    wrong_passwords_per_hour_per_account: int = 60
    wrong_passwords_per_hour_per_address: int = 300
    #: Days a deleted account's name waits before anyone may take it.
    held_name_days: float = 30.0
    #: Seconds a person waits in quick match before computers fill the empty seats.
    quick_match_fill_after: float = 20.0
    #: Seconds a place waiting in quick match is kept without its person asking how it goes
    #: (the page asks every 2 seconds, the terminal too); then it is given up (the page or
    #: the terminal is gone) and never seated.
    quick_match_gone_after: float = 30.0
    #: Places one client address may hold waiting in quick match's queue at once (a browser
    #: or an account holds one: entering again leaves the old); 0: no bound.
    queue_places_per_address: int = 16
    #: Public tables one browser (or account), and one client address, may have open in the
    #: lobby at once (waiting for people); past them a new public table is refused (429);
    #: 0: no bound.
    public_tables_per_browser: int = 3
    public_tables_per_address: int = 30
    #: The proxies whose ``X-Forwarded-For`` and ``X-Forwarded-Proto`` are believed: addresses
    #: or networks (``10.0.0.0/8``), "*" for any.  Empty: none (the headers are ignored).
    forwarded_allow_ips: tuple[str, ...] = ()
    #: Seconds a browser that reached the server over HTTPS is told to use nothing else
    #: (``Strict-Transport-Security``); 0: not sent.
    hsts_seconds: int = 31536000
    #: Days a game nobody finished is kept after its last move, and a finished game after its
    #: end; then the server removes it (its statistics are kept); 0: kept for ever.
    keep_unfinished_days: float = 30.0
    keep_finished_days: float = 365.0
    #: Seconds between two rounds of removing old games (0: the server never does it itself;
    #: ``doublesix prune`` still does), and how many games one database call removes.
    prune_interval: float = 3600.0
    prune_batch: int = 100
    #: Host names the server answers for; "*" for any.  Empty: ``LOOPBACK_HOSTS`` (``doublesix
    #: serve`` adds the address it listens on).
    allowed_hosts: tuple[str, ...] = ()
    #: Origins whose pages may open a game's socket besides the server's own
    #: (``https://games.example``); "*" for any.
    allowed_origins: tuple[str, ...] = ()
    #: The longest wait between two tries of a save while the database is away (seconds).
    save_retry_max: float = 2.0
    #: How long saves are retried before the change is given up (seconds).
    save_give_up: float = 600.0
    #: Seconds another process waits, after hearing of a change to a game, before it plays the
    #: computers' turns itself (the process that made the change plays them; this is for when
    #: it stopped).
    takeover_seconds: float = 5.0
    #: Seconds a person at a table must have been away before the host may let a computer
    #: play for them.
    handover_after: float = 60.0
    #: Seconds between a server process's reminders of who is at its tables (PostgreSQL,
    #: several processes); a process not heard from for three of them is taken to be gone.
    presence_interval: float = 10.0

    def __post_init__(self) -> None:
        for name in RANGES:
            value = getattr(self, name)
            wrong = out_of_range(name, value)
            if wrong is not None:
                raise ValueError(f"{PREFIX}{name.upper()} {wrong}")

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None, **overrides: Any) -> Settings:
        """The defaults, with ``DOUBLESIX_<NAME>`` variables of ``environ`` (default:
        ``os.environ``) and then ``overrides`` applied."""
        env = os.environ if environ is None else environ
        values: dict[str, Any] = {}
        for f in fields(cls):
            raw = env.get(PREFIX + f.name.upper())
            if raw is None or raw.strip() == "":
                continue
            if f.type in ("tuple[str, ...]",):
                values[f.name] = tuple(p.strip() for p in raw.split(",") if p.strip())
                continue
            kind = float if f.type == "float" else int
            try:
                values[f.name] = kind(raw)
            except ValueError:
                raise ValueError(
                    f"{PREFIX}{f.name.upper()} must be a number, not {raw!r}"
                ) from None
        values.update(overrides)
        return cls(**values)

    def replace(self, **changes: Any) -> Settings:
        """A copy with ``changes``."""
        return dataclasses.replace(self, **changes)

    @property
    def hosts(self) -> tuple[str, ...]:
        """The host names answered (``allowed_hosts``, or the loopback names)."""
        return self.allowed_hosts or LOOPBACK_HOSTS

    def searchers(self, workers: int = 1) -> int:
        """How many search processes one of ``workers`` server processes runs."""
        if self.search_processes >= 0:
            return self.search_processes
        return max(1, SEARCHES_PER_CORE * cores() // max(1, workers))

    def env(self) -> dict[str, str]:
        """These settings as environment variables (for server processes started later)."""
        out = {}
        for f in fields(self):
            value = getattr(self, f.name)
            out[PREFIX + f.name.upper()] = (
                ",".join(value) if isinstance(value, tuple) else str(value)
            )
        return out


def host_allowed(host_header: str, hosts: tuple[str, ...]) -> bool:
    """Whether a ``Host`` header names one of ``hosts`` (any port).

    >>> host_allowed("localhost:8000", LOOPBACK_HOSTS), host_allowed("[::1]:80", LOOPBACK_HOSTS)
    (True, True)
    >>> host_allowed("evil.example", LOOPBACK_HOSTS), host_allowed("evil.example", ("*",))
    (False, True)

    Listening on every address (``0.0.0.0`` or ``::`` among ``hosts``), any address written as
    numbers is answered too (a page opened at ``http://192.168.1.20:8000/``): a name's address
    may be changed by its owner (DNS rebinding), an address written as numbers cannot.

    >>> host_allowed("192.168.1.20:8000", ("0.0.0.0",)), host_allowed("192.168.1.20", ())
    (True, False)
    >>> host_allowed("[fe80::1]:8000", ("::",)), host_allowed("evil.example", ("0.0.0.0",))
    (True, False)
    """
    if "*" in hosts:
        return True
    name = host_header.strip().lower()
    if name.startswith("["):
        name = name[1:].split("]", 1)[0]
    elif name.count(":") == 1:
        name = name.split(":", 1)[0]
    name = name.rstrip(".")
    if EVERY_ADDRESS.intersection(hosts) and _is_address(name):
        return True
    return name in {h.lower().strip("[]") for h in hosts}


#: The addresses that mean "listen on every address of this machine".
EVERY_ADDRESS: Final = frozenset(("0.0.0.0", "::"))


def _is_address(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def origin_allowed(origin: str | None, host_header: str, origins: tuple[str, ...]) -> bool:
    """Whether a page from ``origin`` may use this server: no ``Origin`` (not a browser), the
    server's own (the ``Host`` it was sent to), or one of ``origins``.

    >>> origin_allowed(None, "h:1", ()), origin_allowed("http://h:1", "h:1", ())
    (True, True)
    >>> origin_allowed("https://evil.example", "h:1", ())
    False
    """
    if origin is None:
        return True
    if "*" in origins or origin in origins:
        return True
    return origin in (f"http://{host_header}", f"https://{host_header}")


def proxy_trusted(peer: str, proxies: tuple[str, ...]) -> bool:
    """Whether the address ``peer`` is one of the ``proxies`` (``forwarded_allow_ips``:
    addresses, networks, or "*").

    >>> proxy_trusted("10.1.2.3", ("10.0.0.0/8",)), proxy_trusted("::1", ("127.0.0.1",))
    (True, False)
    >>> proxy_trusted("127.0.0.1", ()), proxy_trusted("192.0.2.1", ("*",))
    (False, True)
    """
    if "*" in proxies:
        return True
    try:
        address = ipaddress.ip_address(peer)
    except ValueError:
        return peer in proxies
    for proxy in proxies:
        try:
            if address in ipaddress.ip_network(proxy, strict=False):
                return True
        except ValueError:
            continue
    return False
