"""The coach in the terminal game (issue 44, ``doublesix play --coach``): after a move that loses
much more than the best (the review's measure), the better move and why, in the same sentence
as the web game's, before the computer answers; nothing after a good move, nor without
``--coach``.  A game the coach helped in is casual: the coach says so the first time, the save
keeps it (a resumed game too), and the game's end moves no rating; a game where the coach
never spoke is rated."""

from __future__ import annotations

from pathlib import Path

import pytest

from doublesix.terminal.saves import GAME_FILE, read_ratings, read_save
from doublesix.words import coachwords
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


@pytest.mark.parametrize("move,coached", [("6 2", True), ("4 4", False)],
                         ids=["coached", "never-spoke"])
def test_a_game_the_coach_helped_in_moves_no_rating_when_it_ends_resumed(
        tmp_path: Path, move: str, coached: bool) -> None:
    program = Program([*GAME, "--coach"], tmp_path)
    program.read(timeout=20)
    program.send(move)
    text = program.read(timeout=30)
    if coached:
        assert coachwords.now_casual() in text
        assert text.index(COACH_POSITION.sentence) < text.index(coachwords.now_casual())
    else:
        assert coachwords.now_casual() not in text
    program.send("quit")
    assert program.finish() == 0
    assert read_save(tmp_path / GAME_FILE).coached is coached
    # Resumed without --coach, and given up: the game ends.
    again = Program(["--resume"], tmp_path)
    again.read(timeout=20)
    again.send("resign")
    again.read()
    again.send("yes")
    text = again.read()
    assert (coachwords.coached_game() in text) is coached
    assert ("Your rating" in text) is not coached
    again.send("no")
    assert again.finish() == 0
    assert len(read_ratings(tmp_path)) == (0 if coached else 1)
    assert read_save(tmp_path / GAME_FILE).rated
