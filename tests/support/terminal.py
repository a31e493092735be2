"""What the terminal tests share: ``doublesix play`` behind pipes (:class:`Program`), a scripted
person at the keyboard (:class:`Person`), and ``doublesix join LINK`` in a thread with that
person at it (:class:`Terminal`).
"""

from __future__ import annotations

import io
import os
import random
import re
import select
import subprocess
import sys
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from doublesix.terminal.join import join

#: The installed program, beside this Python.
DOUBLESIX = str(Path(sys.executable).with_name("doublesix"))
#: Every prompt the game ends a line with (the person's input follows on the same line).
PROMPT = re.compile(
    r"(Your move: |Which end, [a-z ,]+\? |Press Enter to deal hand \d+, or type quit: "
    r"|Play a new game\? Type yes or no: |Start a new game instead, replacing it\? "
    r"Type yes or no: |Resign this game\? You lose it\. Type yes or no: "
    r"|Tu jugada: )$"  # docs/terminal.md's example in Spanish
)
_TILE_FITS = re.compile(r"^(\d+\|\d+)(?: fits (\w+))?")


class Program:
    """``doublesix play`` running behind pipes."""

    def __init__(self, args: Sequence[str], save_dir: Path, env: dict[str, str] | None = None,
                 prompt: re.Pattern[str] = PROMPT):
        #: How a prompt ends the output (another language's prompts: tests of languages).
        self.prompt = prompt
        # English unless a test asks for a language: the locale of the machine is not the game's.
        environment = {**os.environ, "NO_COLOR": "1", "LANG": "C.UTF-8"}
        for name in ("LC_ALL", "LC_MESSAGES"):
            environment.pop(name, None)
        environment.update(env or {})
        environment.pop("DOUBLESIX_HOME", None)
        environment.pop("DOUBLESIX_PLAY_COMMAND", None)
        # .venv/bin is off the PATH, as in a new shell: the game names itself by its path.
        environment["PATH"] = os.pathsep.join(
            folder for folder in environment.get("PATH", "").split(os.pathsep)
            if folder and not Path(folder, "doublesix").exists())
        self.process = subprocess.Popen(
            [DOUBLESIX, "play", "--save-dir", str(save_dir), *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=environment,
        )
        self.transcript = ""
        self.hand_line = ""

    def read(self, timeout: float = 60) -> str:
        """The output up to the next prompt (or to the end); "" once the program has ended."""
        assert self.process.stdout is not None
        fd = self.process.stdout.fileno()
        chunk = b""
        deadline = time.monotonic() + timeout
        while True:
            text = chunk.decode()
            last_line = text.rsplit("\n", 1)[-1]
            if self.prompt.search(last_line):
                break
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise AssertionError(f"no prompt within {timeout} s; output so far:\n"
                                     f"{self.transcript}{text}")
            ready, _, _ = select.select([fd], [], [], remaining)
            if not ready:
                continue
            data = os.read(fd, 65536)
            if not data:
                break
            chunk += data
        text = chunk.decode()
        self.transcript += text
        for line in text.splitlines():
            if line.startswith("Your hand, "):
                self.hand_line = line
        return text

    def send(self, line: str) -> None:
        """Type a line."""
        assert self.process.stdin is not None
        self.process.stdin.write((line + "\n").encode())
        self.process.stdin.flush()

    def close_input(self) -> None:
        """The end of the input (Ctrl-D)."""
        assert self.process.stdin is not None
        self.process.stdin.close()

    def finish(self, timeout: float = 60) -> int:
        """Read to the end and wait for the exit status."""
        while self.read(timeout):
            pass
        return self.process.wait(timeout)

    def playable(self) -> list[tuple[str, str | None]]:
        """The tiles the last hand line marks as playable, with the first end each fits."""
        body = self.hand_line.split(": ", 1)[1].split(".")[0]
        found = []
        for item in body.split(", "):
            match = _TILE_FITS.match(item)
            if match and match[2]:
                found.append((match[1], match[2]))
        return found

    def tiles(self) -> list[str]:
        """Every tile of the last hand line."""
        body = self.hand_line.split(": ", 1)[1].split(".")[0]
        return [item.split(" ")[0] for item in body.split(", ")]


def answer(program: Program, text: str, turn: int) -> str:
    """A plain policy: the first playable tile (its end typed on odd turns, asked for on even
    ones), draw when nothing fits, Enter between hands, no new game."""
    last = text.rsplit("\n", 1)[-1]
    if last.startswith("Which end"):
        return last.split(", ")[1].split(" ")[0].rstrip("?")
    if last.startswith("Press Enter"):
        return ""
    if last.startswith("Play a new game"):
        return "no"
    if last.startswith("Start a new game"):
        return "yes"
    if "You lead" in text:
        return program.tiles()[0]
    playable = program.playable()
    if not playable:
        return "draw"
    tile, end = playable[0]
    return f"{tile} {end}" if turn % 2 else tile


def play_through(program: Program, *, limit: int = 2000) -> str:
    """Answer every prompt with :func:`answer` until the program ends; the transcript."""
    for turn in range(limit):
        text = program.read()
        if not text and program.process.poll() is not None:
            break
        if not PROMPT.search(text.rsplit("\n", 1)[-1]):
            break
        program.send(answer(program, text, turn))
    else:
        raise AssertionError("the game did not end")
    assert program.process.wait(30) == 0, program.transcript
    return program.transcript


# -- a person at the keyboard --------------------------------------------------------------------


class Person(io.TextIOBase):
    """Standard input that answers each prompt from what the program printed so far, choosing
    with a seeded random generator: tiles that fit (sometimes with an end), draw, the commands
    that take no turn, mistakes.  The same output gives the same answers."""

    def __init__(self, output: io.StringIO, seed: int, *, mistakes: bool = True,
                 again: int = 0, limit: int = 5000, stop_after: str | None = None) -> None:
        self.output = output
        self.rng = random.Random(seed)
        self.mistakes = mistakes
        #: How many times to say yes to playing again.
        self.again = again
        self.limit = limit
        #: Once the program printed this, the input ends.
        self.stop_after = stop_after
        self.answers: list[str] = []

    def readable(self) -> bool:
        return True

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        text = self.output.getvalue()
        if len(self.answers) >= self.limit or (self.stop_after and self.stop_after in text):
            return ""
        answer = self.answer(text)
        self.answers.append(answer)
        return answer + "\n"

    def answer(self, text: str) -> str:
        rng = self.rng
        tail = text[-200:]
        if tail.endswith("Your move: "):
            hands = re.findall(r"Your hand, [^\n]*", text)
            fits = re.findall(r"(\d+)\|(\d+)(?: fits| \(scores|[,.])", hands[-1]) if hands else []
            fitting = re.findall(r"(\d+)\|(\d+) fits", hands[-1]) if hands else []
            leading = "You lead" in text[text.rfind("Your turn"):] if "Your turn" in text else False
            r = rng.random()
            if fitting and r < 0.75:
                a, b = rng.choice(fitting)
                return f"{a} {b}" + rng.choice(["", "", " l", " r"])
            if leading and fits and r < 0.75:
                a, b = rng.choice(fits)
                return f"{a}|{b}"
            if not self.mistakes:
                return "draw" if "Nothing fits" in text[-400:] else rng.choice(["", "draw"])
            return rng.choice(["draw", "", "hand", "board", "score", "history", "hint", "help",
                               "pass", "7 7", "what", "l"])
        if re.search(r"Which end, [a-z ,]+\? $", tail):
            if not self.mistakes:
                return rng.choice(["l", "r"])
            return rng.choice(["l", "r", "u", "", "cancel", "zz"])
        if tail.endswith("or type quit: "):
            return rng.choice(["", "", "score", "hmm"]) if self.mistakes else ""
        if tail.endswith("Type yes or no: "):
            if self.mistakes and rng.random() < 0.3:
                return rng.choice(["score", "maybe"])
            if self.again:
                self.again -= 1
                return "yes"
            return "no"
        if tail.endswith("Your name at the table: "):
            return "Bea"
        return ""


class Terminal:
    """``doublesix join LINK`` in a thread, a :class:`Person` at its keyboard."""

    def __init__(self, link: str, folder: Path, person_seed: int, start: bool = True,
                 **person: Any) -> None:
        self.output = io.StringIO()
        self.person = Person(self.output, person_seed, **person)
        self.status: int | None = None
        self.link = link
        self.folder = folder
        self.thread = threading.Thread(target=self.run, daemon=True)
        if start:
            self.thread.start()

    def run(self) -> None:
        self.status = join(self.link, self.person, self.output,  # type: ignore[arg-type]
                           folder=self.folder, command="doublesix join LINK",
                           retry_delays=(0.5, 1.0))

    def wait(self, seconds: float = 240) -> str:
        self.thread.join(seconds)
        assert not self.thread.is_alive(), self.output.getvalue()[-3000:]
        return self.output.getvalue()
