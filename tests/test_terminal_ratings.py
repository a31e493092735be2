"""The terminal game's rating, kept in its save folder (``rating.json``): moved once after
each finished game, said after the game and by ``stats``, through pipes."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from doublesix.ai.ladder import rating_of
from doublesix.terminal.saves import rating_now, read_ratings
from tests.support.terminal import DOUBLESIX, Program


def test_a_resignation_lowers_the_rating_and_stats_says_it(tmp_path: Path) -> None:
    assert rating_of("greedy").shown < 1500
    program = Program(["--variant", "draw", "--target", "0", "--opponents", "greedy",
                       "--seed", "3", "--new"], tmp_path)
    program.read()
    program.send("stats")
    assert "Your rating is 1,500 (±400), from 0 rated games." in program.read()
    program.send("resign")
    program.read()
    program.send("yes")
    text = program.read()
    moved = re.search(r"Your rating (1,\d{3}), down (\d+)\.", text)
    assert moved is not None, text
    shown = int(moved.group(1).replace(",", ""))
    assert shown + int(moved.group(2)) == 1500
    program.send("yes")  # a new game
    program.read()
    program.send("stats")
    said = program.read()
    assert re.search(rf"Your rating is {moved.group(1)} \(±\d+\), from 1 rated game\.", said)
    assert re.search(rf"Your Draw rating is {moved.group(1)} \(±\d+\), from 1 rated game\.",
                     said)
    program.send("quit")
    assert program.finish() == 0
    games = read_ratings(tmp_path)
    assert len(games) == 1 and games[0]["rules"] == "draw/2/0" and games[0]["won"] is False
    assert rating_now(games).shown == shown


def test_a_finished_game_resumed_is_not_rated_again(tmp_path: Path) -> None:
    program = Program(["--variant", "draw", "--target", "0", "--opponents", "greedy",
                       "--seed", "3", "--new"], tmp_path)
    program.read()
    program.send("resign")
    program.read()
    program.send("yes")
    assert "Your rating" in program.read()
    program.send("no")
    assert program.finish() == 0
    again = Program(["--resume"], tmp_path)
    text = again.read()
    assert "You resigned: the game is over." in text and "Your rating" not in text
    again.send("no")
    assert again.finish() == 0
    assert len(read_ratings(tmp_path)) == 1


def test_doublesix_stats_says_the_save_folders_rating(tmp_path: Path) -> None:
    program = Program(["--variant", "draw", "--target", "0", "--opponents", "greedy",
                       "--seed", "3", "--new"], tmp_path)
    program.read()
    program.send("resign")
    program.read()
    program.send("yes")
    program.read()
    program.send("no")
    assert program.finish() == 0
    shown = rating_now(read_ratings(tmp_path)).shown
    done = subprocess.run([DOUBLESIX, "stats", "--save-dir", str(tmp_path)],
                          capture_output=True, text=True, check=True)
    assert re.fullmatch(rf"Your rating is {shown:,} \(±\d+\), from 1 rated game\.\n"
                        rf"Your Draw rating is {shown:,} \(±\d+\), from 1 rated game\.\n",
                        done.stdout)
