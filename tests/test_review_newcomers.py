"""What new users tripped on in the review, the ladder and the command line (issue 40, items
10, 11, 15, 16 and 18): the review grades only the choices the game offered, its sentences do
not contradict themselves, the ladder names each player by its own level, one scale of
strength everywhere, and a command whose reader stops reading ends quietly."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from doublesix import Match, Rules
from doublesix.cli import CLOSED_PIPE


def finished(variant: str = "all-fives", seed: int = 3) -> Match:
    """A one-hand game played to its end, always the first legal move."""
    match = Match(Rules.variant(variant, target=0), seed=seed)
    while match.turn is not None:
        match.play(match.legal_moves()[0])
    return match


class TestAClosedPipe:
    """Item 18: ``doublesix review FILE | head -2`` printed a BrokenPipeError traceback."""

    @staticmethod
    def run_into_a_closed_pipe(*args: str) -> subprocess.CompletedProcess[bytes]:
        """Run ``doublesix ARGS`` with its standard output a pipe whose reader has gone
        before the first line is written (as ``| head`` once it has its lines)."""
        read, write = os.pipe()
        os.close(read)
        try:
            return subprocess.run([sys.executable, "-m", "doublesix.cli", *args], stdout=write,
                                  stderr=subprocess.PIPE, check=False, timeout=120)
        finally:
            os.close(write)

    @pytest.mark.parametrize(("args", "status"), [
        (["review", "GAME", "--playouts", "20"], CLOSED_PIPE),
        (["simulate", "--games", "3"], CLOSED_PIPE),
        (["--help"], 0),  # argparse's help itself lets a failed write go
    ])
    def test_every_command_that_prints_ends_quietly(self, tmp_path: Path, args: list[str],
                                                    status: int) -> None:
        game = tmp_path / "game.json"
        game.write_text(finished().to_json())
        done = self.run_into_a_closed_pipe(*[str(game) if a == "GAME" else a for a in args])
        assert done.stderr == b""
        assert done.returncode == status
