"""How the server processes sharing one PostgreSQL database hear each other: every save's
notification (``NOTIFY doublesix_games``, sent in the save's own transaction by
:class:`~doublesix.web.storage.store.Store`) heard by a :class:`Listener` in every process, and
the presence notes by which processes say who sits at their tables.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

from sqlalchemy.engine import make_url

from doublesix.web.storage.store import CHANNEL

log = logging.getLogger("doublesix.web")


def presence_note(payload: str) -> tuple[str, frozenset[int] | None, int, str] | None:
    """A presence notification as ``(game_id, seats, watchers, origin)``: the seats of a table
    with a socket open in the process ``origin`` and how many sockets watch it there
    (``seats`` None: a process asking the others to say theirs); None if it is not one.

    >>> presence_note("g1 seats:0,2 abc"), presence_note("g1 seats:+3 abc")
    (('g1', frozenset({0, 2}), 0, 'abc'), ('g1', frozenset(), 3, 'abc'))
    >>> presence_note("g1 ask abc"), presence_note("g1 7 abc"), presence_note("g1 seats:+x a")
    (('g1', None, 0, 'abc'), None, None)
    """
    parts = payload.split(" ")
    if len(parts) != 3:
        return None
    game_id, what, origin = parts
    if what == "ask":
        return game_id, None, 0, origin
    if not what.startswith("seats:"):
        return None
    seats, _, watching = what.removeprefix("seats:").partition("+")
    if (seats and not all(s.isdigit() for s in seats.split(","))) \
            or (watching and not watching.isdigit()):
        return None
    return (game_id, frozenset(int(s) for s in seats.split(",") if s), int(watching or 0),
            origin)


def presence_payload(game_id: str, seats: frozenset[int] | None, origin: str,
                     watchers: int = 0) -> str:
    """The payload :func:`presence_note` reads.

    >>> presence_payload("g1", frozenset({2, 0}), "abc"), presence_payload("g1", None, "abc")
    ('g1 seats:0,2 abc', 'g1 ask abc')
    >>> presence_payload("g1", frozenset({1}), "abc", watchers=5)
    'g1 seats:1+5 abc'
    """
    what = "ask" if seats is None else "seats:" + ",".join(map(str, sorted(seats)))
    if seats is not None and watchers:
        what += f"+{watchers}"
    return f"{game_id} {what} {origin}"


def notification(payload: str) -> tuple[str, int, str] | None:
    """A save's notification as ``(game_id, revision, origin)``, or None if malformed.

    >>> notification("g1 7 abc"), notification("nonsense")
    (('g1', 7, 'abc'), None)
    """
    parts = payload.split(" ")
    if len(parts) != 3 or not parts[1].isdigit():
        return None
    return parts[0], int(parts[1]), parts[2]


def listen_conninfo(url: str) -> str:
    """The libpq address of a SQLAlchemy PostgreSQL URL, for psycopg itself.

    >>> listen_conninfo("postgresql+psycopg://u:pw@h:5/db")
    'postgresql://u:pw@h:5/db'
    """
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


class Listener:
    """Hears every save's notification on PostgreSQL (``LISTEN doublesix_games``) with an
    asynchronous psycopg connection of its own, and calls ``on_save(game_id, revision, origin)``.
    When the connection is lost it connects again (a second, two, ... at most ``retry_max``)
    and then calls ``on_reconnect()``, since saves may have gone unheard meanwhile."""

    def __init__(
        self,
        url: str,
        on_save: Callable[[str, int, str], None],
        on_reconnect: Callable[[], Awaitable[None]],
        retry_max: float = 2.0,
        on_note: Callable[[str], None] | None = None,
    ) -> None:
        self.conninfo = listen_conninfo(url)
        self.on_save = on_save
        #: Called with every other notification's payload (presence at tables).
        self.on_note = on_note
        self.on_reconnect = on_reconnect
        self.retry_max = retry_max
        self.task: asyncio.Task[None] | None = None
        #: Set once the first LISTEN is in place.
        self.ready = asyncio.Event()

    def start(self) -> None:
        """Start listening in the background."""
        self.task = asyncio.create_task(self._run(), name="doublesix-listener")

    async def _run(self) -> None:
        import psycopg

        delay = 0.25
        first = True
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(
                    self.conninfo, autocommit=True, connect_timeout=5
                ) as connection:
                    await connection.execute(f"LISTEN {CHANNEL}")
                    self.ready.set()
                    delay = 0.25
                    if not first:
                        await self.on_reconnect()
                    first = False
                    async for note in connection.notifies():
                        parsed = notification(note.payload)
                        if parsed is not None:
                            self.on_save(*parsed)
                        elif self.on_note is not None:
                            self.on_note(note.payload)
            except asyncio.CancelledError:
                raise
            except Exception as error:  # the database went away: listen again when it is back
                log.warning("listening for saves failed (%s); trying again", error)
                first = False
            await asyncio.sleep(delay)
            delay = min(delay * 2, self.retry_max)

    async def stop(self) -> None:
        """Stop listening."""
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.task
