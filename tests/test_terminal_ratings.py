"""The terminal game's rating, kept in its save folder (``rating.json``): moved once after
each finished game, said after the game and by ``stats``, through pipes."""

from __future__ import annotations

import argparse
import datetime
import io
import re
import subprocess
from pathlib import Path
from typing import Any

import pytest

from doublesix import Match, Rules
from doublesix.ai.ladder import rating_of
from doublesix.terminal import app, saves
from doublesix.terminal.saves import (
    GAME_FILE,
    RATING_FILE,
    Save,
    note_rating,
    rating_now,
    read_ratings,
    read_save,
    write_save,
)
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


# -- a finished game and its rating, one step: a kill between the two writes ---------------


def finished_save(folder: Path) -> Save:
    """What a kill right after a game's last save leaves: the game over, not rated yet."""
    match = Match(Rules.variant("draw", target=0), seed=3)
    match.resign(0)
    save = Save(match, ["greedy"])
    write_save(folder / GAME_FILE, save)
    return save


def stats(folder: Path) -> str:
    return subprocess.run([DOUBLESIX, "stats", "--save-dir", str(folder)],
                          capture_output=True, text=True, check=True).stdout


class TestRatedWithItsSave:
    def test_the_save_is_written_then_the_rating_then_the_save_marked_rated(
        self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        written: list[tuple[str, object]] = []
        write = saves.write_json

        def recording(path: Path, data: Any) -> None:
            written.append((path.name, data.get("rated") if path.name == GAME_FILE else None))
            write(path, data)

        monkeypatch.setattr(saves, "write_json", recording)
        parser = argparse.ArgumentParser()
        app.add_arguments(parser)
        args = parser.parse_args(["--variant", "draw", "--target", "0", "--opponents",
                                  "greedy", "--seed", "3", "--save-dir", str(tmp_path)])
        output = io.StringIO()
        assert app.run(args, io.StringIO("resign\nyes\nno\n"), output) == 0
        assert "Your rating " in output.getvalue()
        assert written[-3:] == [(GAME_FILE, False), (RATING_FILE, None), (GAME_FILE, True)]
        assert read_save(tmp_path / GAME_FILE).rated

    def test_killed_before_the_rating_the_game_is_rated_when_the_folder_is_opened(
        self, tmp_path: Path
    ) -> None:
        finished_save(tmp_path)
        program = Program(["--resume"], tmp_path)
        text = program.read()
        moved = re.match(r"Your last game is rated now\. Your rating 1,\d{3}, down \d+\.\n",
                         text)
        assert moved, text
        assert "You resigned: the game is over." in text
        assert text.count("Your rating") == 1  # the resumed game's end does not rate it again
        program.send("no")
        assert program.finish() == 0
        assert len(read_ratings(tmp_path)) == 1 and read_save(tmp_path / GAME_FILE).rated
        assert stats(tmp_path).startswith("Your rating is ")
        assert "from 1 rated game." in stats(tmp_path)

    def test_killed_before_the_rating_a_new_game_over_it_rates_it_first(
        self, tmp_path: Path
    ) -> None:
        finished_save(tmp_path)
        program = Program(["--variant", "block", "--opponents", "greedy", "--seed", "4"],
                          tmp_path)
        text = program.read()
        assert text.startswith("Your last game is rated now. Your rating ")
        program.send("quit")
        assert program.finish() == 0
        games = read_ratings(tmp_path)
        assert len(games) == 1 and games[0]["rules"] == "draw/2/0"

    def test_killed_after_the_rating_the_game_is_not_counted_twice(self, tmp_path: Path) -> None:
        save = finished_save(tmp_path)
        # the rating written, the save not yet marked rated
        assert note_rating(tmp_path, save.match, save.opponents, datetime.date.today(),
                           save.key) is not None
        assert not read_save(tmp_path / GAME_FILE).rated
        assert "from 1 rated game." in stats(tmp_path)
        program = Program(["--resume"], tmp_path)
        text = program.read()
        assert "Your rating" not in text
        program.send("no")
        assert program.finish() == 0
        assert len(read_ratings(tmp_path)) == 1 and read_save(tmp_path / GAME_FILE).rated

    def test_two_games_alike_are_two_games(self, tmp_path: Path) -> None:
        """Games are named by their save, not by their moves: the same resignation on the
        same deal twice counts twice."""
        for _ in range(2):
            finished_save(tmp_path)
            stats(tmp_path)
        assert len(read_ratings(tmp_path)) == 2
