"""How often one browser, and one client address, may create games and take seats; and how
much each may hold at once (:class:`Held`: places waiting in quick match's queue, public tables
open in the lobby).

A :class:`Buckets` holds a bucket per key (a browser's cookie, or a client's address) that
holds a tenth of an hour's allowance and fills again at the hour's pace: a person may start a
few games at once, a script may not start hundreds.  :class:`Bound` puts a browser's bucket
and its address's together: many people may share an address (a family's router, a school's
or a carrier's NAT), so the address's allowance is the larger one, a ceiling against one
machine's flood, while the browser's is the one a person could meet.  A cookie is free to
drop, so the address's bucket is the one that bounds a script.

>>> now = [0.0]
>>> buckets = Buckets(60, clock=lambda: now[0])  # 60 an hour: 6 at once, then 1 a minute
>>> [buckets.take("a") for _ in range(7)]
[0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 60.0]
>>> now[0] = 30.0
>>> buckets.take("a"), buckets.take("b")
(30.0, 0.0)
>>> now[0] = 60.0
>>> buckets.take("a")
0.0
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable, Iterable
from typing import Final

from doublesix.web.routes.errors import TooOftenError

#: The keys a :class:`Buckets` remembers at most (the oldest unused are forgotten first).
MAX_KEYS: Final = 100_000
#: The part of an hour's allowance that may be used at once.
BURST: Final = 10


class Buckets:
    """A token bucket per key: ``per_hour`` an hour, a tenth of them at once (at least one);
    ``per_hour`` 0 bounds nothing."""

    def __init__(
        self,
        per_hour: int,
        *,
        clock: Callable[[], float] = time.monotonic,
        max_keys: int = MAX_KEYS,
    ) -> None:
        self.per_hour = per_hour
        self.capacity = max(1.0, per_hour / BURST)
        self.rate = per_hour / 3600.0
        self.clock = clock
        self.max_keys = max_keys
        #: key -> (tokens, when they were counted), the most recently used last.
        self._buckets: dict[str, tuple[float, float]] = {}

    def _level(self, key: str, now: float) -> float:
        tokens, then = self._buckets.get(key, (self.capacity, now))
        return min(self.capacity, tokens + (now - then) * self.rate)

    def wait(self, key: str) -> float:
        """Seconds until ``key`` may act (0: now), counting nothing."""
        if self.per_hour <= 0:
            return 0.0
        level = self._level(key, self.clock())
        return 0.0 if level >= 1.0 else (1.0 - level) / self.rate

    def take(self, key: str) -> float:
        """Count one act of ``key`` if it may act now (returns 0); else the seconds to wait,
        counting nothing."""
        if self.per_hour <= 0:
            return 0.0
        now = self.clock()
        level = self._level(key, now)
        if level < 1.0:
            return (1.0 - level) / self.rate
        self._buckets.pop(key, None)
        self._buckets[key] = (level - 1.0, now)
        if len(self._buckets) > self.max_keys:
            self._forget(now)
        return 0.0

    def _forget(self, now: float) -> None:
        """Forget the full buckets (they say nothing), then the oldest until few enough."""
        for key in [k for k in self._buckets if self._level(k, now) >= self.capacity]:
            del self._buckets[key]
        while len(self._buckets) > self.max_keys // 2:
            del self._buckets[next(iter(self._buckets))]


class Bound:
    """One kind of act bounded per browser and per client address: :meth:`take` counts it
    against both, or neither when either says wait.

    >>> now = [0.0]
    >>> bound = Bound(10, 20, clock=lambda: now[0])  # a browser: 1 at once; an address: 2
    >>> bound.take("cookie1", "10.0.0.1"), bound.take("cookie1", "10.0.0.1")
    ((0.0, ''), (360.0, 'browser'))
    >>> bound.take("cookie2", "10.0.0.1"), bound.take("cookie3", "10.0.0.1")
    ((0.0, ''), (180.0, 'address'))
    """

    def __init__(
        self, per_browser: int, per_address: int, *, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.browsers = Buckets(per_browser, clock=clock)
        self.addresses = Buckets(per_address, clock=clock)

    def take(self, browser: str, address: str) -> tuple[float, str]:
        """``(0, "")`` and the act counted, or ``(seconds to wait, "browser" or "address")``:
        which bound was met."""
        wait = self.browsers.wait(browser)
        if wait > 0:
            return wait, "browser"
        wait = self.addresses.take(address)
        if wait > 0:
            return wait, "address"
        self.browsers.take(browser)
        return 0.0, ""


#: Seconds a client refused by a :class:`Held` bound is told to wait before trying again.
HELD_RETRY: Final = 30.0


class Held:
    """What one browser (or account), and one client address, may hold at once: each item
    (a place in the queue, a public table) is remembered under both keys in this process, and
    counted while the database says it is still held (waiting, open); ``per_browser`` or
    ``per_address`` 0 bounds nothing.  Like :class:`Buckets`, each server process bounds what
    was made through it.

    >>> held = Held(1, 2)
    >>> held.met("b1", "10.0.0.1", set()), held.add("b1", "10.0.0.1", "t1")
    ('', None)
    >>> held.met("b1", "10.0.0.1", {"t1"}), held.met("b2", "10.0.0.1", {"t1"})
    ('browser', '')
    >>> held.add("b2", "10.0.0.1", "t2")
    >>> held.met("b3", "10.0.0.1", {"t1", "t2"}), held.met("b3", "10.0.0.1", {"t2"})
    ('address', '')
    """

    def __init__(self, per_browser: int, per_address: int, *, max_keys: int = MAX_KEYS) -> None:
        self.per_browser = per_browser
        self.per_address = per_address
        self.max_keys = max_keys
        #: key -> the items made under it, not yet known to be gone; most recently used last.
        self._items: dict[str, list[str]] = {}

    def items(self, browser: str, address: str) -> list[str]:
        """The items the browser and the address may still hold (for the database to say which
        they do)."""
        return [*self._items.get("b:" + browser, ()), *self._items.get("a:" + address, ())]

    def met(self, browser: str, address: str, still: Iterable[str]) -> str:
        """Forget the items no longer held (not in ``still``); then which bound one more item
        would pass: "browser", "address", or "" (none)."""
        held = set(still)
        for key, bound in (("b:" + browser, self.per_browser),
                           ("a:" + address, self.per_address)):
            kept = [item for item in self._items.pop(key, ()) if item in held]
            if kept:
                self._items[key] = kept
            if 0 < bound <= len(kept):
                return "browser" if key[0] == "b" else "address"
        return ""

    def add(self, browser: str, address: str, item: str) -> None:
        """Remember a new item of the browser and the address."""
        for key in ("b:" + browser, "a:" + address):
            self._items[key] = [*self._items.pop(key, ()), item]
        while len(self._items) > self.max_keys:
            del self._items[next(iter(self._items))]

    async def check(self, browser: str, address: str,
                    still: Callable[[list[str]], Awaitable[set[str]]],
                    words: Callable[[str, int], str]) -> None:
        """Refuse (:class:`TooOftenError`, in ``words(which, its bound)``) one more item past
        a bound; ``still`` says which of the items are still held."""
        items = self.items(browser, address)
        which = self.met(browser, address, await still(items) if items else set())
        if which:
            bound = self.per_browser if which == "browser" else self.per_address
            raise TooOftenError(words(which, bound), HELD_RETRY)
