"""Reading lines and writing text: plain lines, colour only as an extra on a terminal.

Colour is used only when the output is a TTY and ``NO_COLOR`` is unset or empty
(https://no-color.org).  When the input is not a terminal (a pipe or a file) each line read is
echoed after its prompt, so that a transcript reads like the screen would.

>>> import io
>>> console = Console(io.StringIO("6 4\\n"), io.StringIO(), colour=False)
>>> console.ask("Your move: ")
'6 4'
>>> console.ask("Your move: ") is None
True
>>> print(console.output.getvalue(), end="")
Your move: 6 4
Your move:
"""

from __future__ import annotations

import os
import queue
import threading
import time
from collections.abc import Mapping
from typing import Final, TextIO

#: ANSI styles by the role of the text.
_STYLES: Final = {
    "heading": "\x1b[1m",
    "playable": "\x1b[1;32m",
    "error": "\x1b[31m",
    "prompt": "\x1b[1;36m",
    "score": "\x1b[33m",
}
_RESET: Final = "\x1b[0m"


class Console:
    """Lines in from ``input``, text out to ``output``."""

    def __init__(
        self,
        input: TextIO,
        output: TextIO,
        *,
        colour: bool | None = None,
        echo: bool | None = None,
    ) -> None:
        self.input = input
        self.output = output
        self.colour = wants_colour(output) if colour is None else colour
        self.echo = not _is_tty(input) if echo is None else echo
        #: Lines read by :meth:`watch`'s thread (None: the input ended); None when not watched.
        self.lines: queue.Queue[str | None] | None = None
        self.ended = False

    @property
    def watching(self) -> bool:
        """Whether lines typed while nothing is asked can be read (:meth:`typed`)."""
        return self.lines is not None

    def watch(self) -> bool:
        """From now on read the input in a thread, so that a line typed while nothing is asked
        (another person's turn at a table) is there for :meth:`typed`.  Only a real file (a
        terminal, a pipe) is watched; False otherwise."""
        if self.lines is not None:
            return True
        try:
            self.input.fileno()
        except (AttributeError, OSError, ValueError):
            return False
        lines: queue.Queue[str | None] = queue.Queue()

        def read() -> None:
            while True:
                line = self.input.readline()
                lines.put(line.rstrip("\r\n") if line else None)
                if not line:
                    return

        self.lines = lines
        threading.Thread(target=read, name="doublesix-input", daemon=True).start()
        return True

    def typed(self, within: float = 0.0) -> str | None:
        """A line typed while nothing was asked (echoed like an answer), or None: none yet, or
        the input ended (the next :meth:`ask` says so).  ``within``: wait up to that many
        seconds for one (while nothing can be typed, not watched or ended, just that long).

        >>> import io
        >>> Console(io.StringIO("q\\n"), io.StringIO()).typed(within=0.01) is None
        True
        """
        if self.lines is None or self.ended:
            if within > 0:
                time.sleep(within)
            return None
        try:
            line = self.lines.get(timeout=within) if within > 0 else self.lines.get_nowait()
        except queue.Empty:
            return None
        if line is None:
            self.ended = True
            return None
        if self.echo:
            self.output.write(line + "\n")
            self.output.flush()
        return line

    def say(self, text: str = "") -> None:
        """Write ``text`` and a newline."""
        self.output.write(text + "\n")
        self.output.flush()

    def error(self, text: str) -> None:
        """Write a message about bad input."""
        self.say(self.style(text, "error"))

    def style(self, text: str, role: str) -> str:
        """``text`` in the colour of ``role`` when colour is on; else as it is."""
        if not self.colour or role not in _STYLES:
            return text
        return f"{_STYLES[role]}{text}{_RESET}"

    def ask(self, prompt: str) -> str | None:
        """Write ``prompt``, read a line; None at the end of the input."""
        bare = prompt.rstrip()
        self.output.write(self.style(bare, "prompt") + prompt[len(bare):])
        self.output.flush()
        if self.lines is not None:
            read = None if self.ended else self.lines.get()
            self.ended = read is None
            line = "" if read is None else read + "\n"
        else:
            line = self.input.readline()
        if not line:
            self.output.write("\n")
            self.output.flush()
            return None
        line = line.rstrip("\r\n")
        if self.echo:
            self.output.write(line + "\n")
            self.output.flush()
        return line


def wants_colour(output: TextIO, environ: Mapping[str, str] | None = None) -> bool:
    """Colour only on a TTY, and never when ``NO_COLOR`` is set to anything but empty.

    >>> import io
    >>> wants_colour(io.StringIO(), {})
    False
    """
    env = os.environ if environ is None else environ
    if env.get("NO_COLOR"):
        return False
    if env.get("TERM") == "dumb":
        return False
    return _is_tty(output)


def _is_tty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
