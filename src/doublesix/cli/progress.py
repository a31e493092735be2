"""The one progress bar of every long command (``simulate``, ``tournament``, ``ladder``,
``move``, ``prune``): rich's, on standard error, drawn only when standard error is a terminal
(silent when piped or redirected, so logs and cron mails hold only the commands' own lines).

The command line hands it to every command as ``args.bar`` (see :func:`doublesix.cli.build_parser`),
so that the web server's commands, which may not import the command line, draw the same bar.

>>> with bar("copying", total=3) as advance:
...     advance(3)
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable, Iterator

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn


@contextlib.contextmanager
def bar(
    description: str, total: int | None = None, *, shown: bool | None = None
) -> Iterator[Callable[[int], None]]:
    """A progress bar for ``total`` units of work (None: not known); yields the function that
    counts ``amount`` more done.  ``shown`` forces it on or off (default: when standard error
    is a terminal)."""
    visible = sys.stderr.isatty() if shown is None else shown
    console = Console(file=sys.stderr, force_terminal=visible)
    progress = Progress(
        TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
        TimeRemainingColumn(), console=console, disable=not visible, transient=False,
    )
    with progress:
        task = progress.add_task(description, total=total)
        yield lambda amount: progress.advance(task, amount)
