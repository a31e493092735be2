"""The coach in the terminal game (issue 44, ``doublesix play --coach``): after a move that loses
much more than the best (the review's measure), the better move and why, in the same sentence
as the web game's, before the computer answers; nothing after a good move, nor without
``--coach``."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.deals import COACH_POSITION
from tests.support.terminal import Program

GAME = ["--variant", "all-fives", "--players", "2", "--target", "0", "--seed", "59",
        "--opponents", "greedy", "--playouts", "400"]


@pytest.mark.parametrize("coach,move,speaks", [(True, "6 2", True), (True, "4 4", False),
                                               (False, "6 2", False)],
                         ids=["blunder", "good-move", "without-coach"])
def test_the_coach_in_the_terminal(tmp_path: Path, coach: bool, move: str,
                                   speaks: bool) -> None:
    program = Program([*GAME, *(["--coach"] if coach else [])], tmp_path)
    assert "Greedy laid 6|4" in program.read(timeout=20)
    program.send(move)
    text = program.read(timeout=30)
    assert "Greedy laid" in text
    if speaks:
        assert COACH_POSITION.sentence in text
        assert text.index(COACH_POSITION.sentence) < text.index("Greedy laid")
    else:
        assert "would have been better" not in text
    program.send("quit")
    assert program.finish() == 0
