"""Where computer players think: worker processes fed by the event loop (:class:`Searchers`).

Computer players' searches and hints run in a pool of processes, so they use every core; their
random numbers come from the game alone (:func:`doublesix.ai.seeding.move_rng`), so a move is
the same in any process.  The processes start from a fork server with the players imported
(never a copy of the server's event loop).

>>> sorted(SEARCHING)
['expert', 'expert-careful', 'expert-quick']
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import logging
import multiprocessing
import os
import random
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final, TypeVar

from doublesix import ai
from doublesix.ai.seeding import move_rng, player_options
from doublesix.engine.moves import Move
from doublesix.engine.view import View

log = logging.getLogger("doublesix.web")

T = TypeVar("T")


def choose_move(kind: str, view: View, rng: random.Random, daily: bool = False) -> Move:
    """A computer seat's move (run in a search process: a new player each time)."""
    return ai.player(kind, **player_options(kind, daily)).choose(view, rng)


def choose_seeded(kind: str, view: View, key: tuple[int, int, int, int],
                  daily: bool = False) -> Move:
    """A computer seat's move, its random numbers from ``key`` (the arguments of
    :func:`~doublesix.ai.seeding.move_rng`): a job for a search process ships four numbers,
    not a generator's state (some 3,800 bytes pickled)."""
    return choose_move(kind, view, move_rng(*key), daily)


def suggest(view: View, seed: int, options: dict[str, Any]) -> ai.Hint:
    """The hint for ``view`` (run in a search process)."""
    return ai.hint(view, seed, **options)


#: How much lower the searches' priority is than the server's (``os.nice``): answers and
#: saves first, searches with the rest of the machine.
SEARCH_NICENESS: Final = 5
#: Players that search (seconds a move), in the search processes; the others answer in a
#: tenth of a millisecond, less than shipping the job to a process costs, and play in the
#: server's own process (:class:`~doublesix.web.play.computers.Computers`).
SEARCHING: Final = frozenset(
    name for name, info in ai.PLAYERS.items() if "expert" in (name, info.base))

def _watch_server(pid: int) -> None:
    """In a search process: exit once the server process ``pid`` is gone (killed with no
    chance to stop its searchers), instead of waiting for work forever."""

    def watch() -> None:
        while True:
            time.sleep(1.0)
            try:
                os.kill(pid, 0)
            except ProcessLookupError:
                os._exit(0)
            except PermissionError:  # pragma: no cover - the pid was reused by another user
                os._exit(0)

    threading.Thread(target=watch, name="doublesix-watch-server", daemon=True).start()


def _search_process(conn: Any, server: int, nice: int) -> None:
    """A search process: run each ``(function, args)`` received, send back ``(ok, value)``.
    ``nice`` lowers its priority, so the server's event loop (answers, saves) runs first."""
    _watch_server(server)
    if nice:
        with contextlib.suppress(OSError):
            os.nice(nice)
    while True:
        try:
            function, args = conn.recv()
        except (EOFError, OSError):
            return
        try:
            answer: tuple[bool, Any] = (True, function(*args))
        except Exception as error:
            answer = (False, error)
        try:
            conn.send(answer)
        except Exception:  # an answer that cannot be pickled
            conn.send((False, RuntimeError(repr(answer[1]))))


@dataclass(eq=False)
class _Worker:
    process: Any
    conn: Any
    job: tuple[asyncio.Future[Any], Callable[..., Any], tuple[Any, ...], bool] | None = None


class Lane:
    """``size`` worker processes fed from a queue by the event loop itself: a job goes to an
    idle process over its pipe (so the send never blocks) and the answer is read when the pipe
    is readable (``loop.add_reader``), with no thread in between.  The processes start from a
    fork server (never a copy of the event loop's process) with the players imported.  A
    process that dies is replaced and its job tried once more."""

    def __init__(self, size: int, nice: int = 0) -> None:
        self.size = size
        self.nice = nice
        self.loop: asyncio.AbstractEventLoop | None = None
        self.workers: list[_Worker] = []
        self.idle: list[_Worker] = []
        self.queue: collections.deque[
            tuple[asyncio.Future[Any], Callable[..., Any], tuple[Any, ...], bool]
        ] = collections.deque()

    async def run(self, function: Callable[..., T], *args: Any) -> T:
        loop = asyncio.get_running_loop()
        if self.loop is not loop:
            self.close()
            self.loop = loop
        if not self.idle and len(self.workers) < self.size:
            self._start()  # started as they are needed, up to size
        future: asyncio.Future[T] = loop.create_future()
        self.queue.append((future, function, args, False))
        self._dispatch()
        return await future

    def _start(self) -> None:
        assert self.loop is not None
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["doublesix.ai", "doublesix.web.play.searchers"])
        mine, theirs = context.Pipe(duplex=True)
        process = context.Process(
            target=_search_process, args=(theirs, os.getpid(), self.nice), daemon=True,
            name="doublesix-search",
        )
        process.start()
        theirs.close()
        worker = _Worker(process, mine)
        self.workers.append(worker)
        self.idle.append(worker)
        self.loop.add_reader(mine.fileno(), self._answered, worker)

    def _dispatch(self) -> None:
        while self.idle and self.queue:
            job = self.queue.popleft()
            if job[0].done():
                continue  # its asker went away
            worker = self.idle.pop()
            worker.job = job
            try:
                worker.conn.send((job[1], job[2]))
            except (OSError, ValueError):
                self._replace(worker)

    def _answered(self, worker: _Worker) -> None:
        try:
            ok, value = worker.conn.recv()
        except (EOFError, OSError):
            self._replace(worker)
            return
        job, worker.job = worker.job, None
        self.idle.append(worker)
        if job is not None and not job[0].done():
            if ok:
                job[0].set_result(value)
            else:
                job[0].set_exception(value)
        self._dispatch()

    def _replace(self, worker: _Worker) -> None:
        """A search process died: forget it, start another, and try its job once more."""
        log.warning("a search process died; starting another")
        self._stop(worker)
        job = worker.job
        if job is not None and not job[0].done():
            if job[3]:
                job[0].set_exception(RuntimeError("the search process died"))
            else:
                self.queue.appendleft((job[0], job[1], job[2], True))
        self._start()
        self._dispatch()

    def _stop(self, worker: _Worker) -> None:
        if worker in self.workers:
            self.workers.remove(worker)
        if worker in self.idle:
            self.idle.remove(worker)
        if self.loop is not None and not self.loop.is_closed():
            with contextlib.suppress(Exception):
                self.loop.remove_reader(worker.conn.fileno())
        with contextlib.suppress(Exception):
            worker.conn.close()
        with contextlib.suppress(Exception):
            worker.process.kill()
            worker.process.join(1)

    def close(self) -> None:
        """Stop every process (their jobs fail)."""
        for worker in list(self.workers):
            job = worker.job
            self._stop(worker)
            if job is not None and not job[0].done():
                job[0].cancel()
        for job in self.queue:
            if not job[0].done():
                job[0].cancel()
        self.queue.clear()


class Searchers:
    """Where the searching players think (the expert's moves, hints): ``processes`` worker
    processes, a few per core, time-shared, so a short search does not wait behind long ones.
    With ``processes`` 0 they run in threads of this process.  The quick players never come
    here: they play in the server's process (:data:`SEARCHING`)."""

    def __init__(self, processes: int) -> None:
        self.processes = processes
        self.lane = Lane(max(1, processes), nice=SEARCH_NICENESS)

    async def run(self, function: Callable[..., T], *args: Any) -> T:
        """``function(*args)`` in a search process; the event loop goes on meanwhile."""
        if self.processes <= 0:
            return await asyncio.to_thread(function, *args)
        return await self.lane.run(function, *args)

    def close(self) -> None:
        """Stop the search processes."""
        self.lane.close()
