"""A plain progress bar for long runs, on standard error, only when it is a terminal."""

from __future__ import annotations

import sys
import time
from typing import TextIO


class Progress:
    """Counts work done and redraws one line at most ten times a second.

    >>> import io
    >>> bar = Progress(10, "games", stream=io.StringIO(), force=True)
    >>> bar.advance(10); bar.close()
    >>> "10/10" in bar.stream.getvalue()
    True
    """

    def __init__(
        self, total: int, unit: str, stream: TextIO | None = None, force: bool = False
    ) -> None:
        self.total = max(total, 1)
        self.unit = unit
        self.done = 0
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = force or self.stream.isatty()
        self.started = time.perf_counter()
        self._drawn = 0.0

    def advance(self, amount: int = 1) -> None:
        """Count ``amount`` more units done."""
        self.done += amount
        now = time.perf_counter()
        if self.enabled and (now - self._drawn >= 0.1 or self.done >= self.total):
            self._drawn = now
            self._draw(now)

    def _draw(self, now: float) -> None:
        width = 30
        filled = int(width * min(self.done, self.total) / self.total)
        elapsed = now - self.started
        rate = self.done / elapsed if elapsed > 0 else 0.0
        left = (self.total - self.done) / rate if rate > 0 else 0.0
        self.stream.write(
            f"\r[{'#' * filled}{'.' * (width - filled)}] {self.done}/{self.total} {self.unit} "
            f"{rate:,.0f}/s, {left:,.0f} s left "
        )
        self.stream.flush()

    def close(self) -> None:
        """Finish the line."""
        if self.enabled:
            self._draw(time.perf_counter())
            self.stream.write("\n")
            self.stream.flush()
