"""The terminal game's examples in the docs, run as tests: each ```text block that starts with
``$ scripts/play terminal ...`` (or ``$ doublesix play ...``) is a transcript.  The lines typed
are the answers after the prompts (every prompt of the game is shown with its answer); the game
is run with them, in a fresh save folder, and its output must be the block's lines, where a
line ``...`` stands for any lines left out.  So an example that no longer reproduces fails,
and the failure shows the whole transcript to copy from.
"""

from __future__ import annotations

import argparse
import io
import os
import re
import shlex
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple
from unittest import mock

from doublesix.terminal import app
from tests.support.terminal import PROMPT

#: A prompt at the start of a line, and what was typed after it.
_ANSWERED = re.compile("^" + PROMPT.pattern.removesuffix("$") + "(?P<typed>.*)$")
#: The ways an example starts the game, the program's words for itself.
_STARTS = ("scripts/play terminal", "doublesix play")


class Transcript(NamedTuple):
    """One example: where it is, the command as shown, and its lines after the command."""

    where: str
    command: str
    lines: list[str]

    def typed(self) -> list[str]:
        """The lines typed, in order: the answers after the prompts."""
        return [found["typed"] for line in self.lines if (found := _ANSWERED.match(line))]

    def pattern(self) -> re.Pattern[str]:
        """The output the example shows, ``...`` matching any lines."""
        parts = ["(?:[^\n]*\n)*?" if line == "..." else re.escape(line) + "\n"
                 for line in self.lines]
        return re.compile("".join(parts))


def transcripts(path: Path) -> Iterator[Transcript]:
    """The transcripts of the Markdown file ``path``: its ```text blocks starting with ``$ ``
    and one of the commands that start the terminal game."""
    text = path.read_text(encoding="utf-8")
    for found in re.finditer(r"^```text\n(.*?)^```$", text, re.MULTILINE | re.DOTALL):
        lines = found[1].splitlines()
        if not lines or not lines[0].startswith("$ "):
            continue
        command = lines[0][2:]
        if command.startswith(_STARTS):
            line = text[: found.start()].count("\n") + 1
            yield Transcript(f"{path.name}:{line}", command, lines[1:])


def run(transcript: Transcript) -> str:
    """The output of the example's command with its typed lines, in a fresh save folder, as
    the example's command names itself (``DOUBLESIX_PLAY_COMMAND``)."""
    words = shlex.split(transcript.command)
    start = next(s for s in _STARTS if transcript.command.startswith(s))
    parser = argparse.ArgumentParser()
    app.add_arguments(parser)
    args = parser.parse_args(words[len(start.split()):])
    typed = io.StringIO("".join(line + "\n" for line in transcript.typed()))
    output = io.StringIO()
    with tempfile.TemporaryDirectory() as home, mock.patch.dict(
            os.environ, {"DOUBLESIX_HOME": home, app.COMMAND_VARIABLE: start, "NO_COLOR": "1",
                         "LANG": "C.UTF-8"}):
        for name in ("LC_ALL", "LC_MESSAGES"):  # English unless the example says --lang
            os.environ.pop(name, None)
        app.run(args, typed, output)
    return output.getvalue()
