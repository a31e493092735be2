"""The terminal game's parts: reading commands, colour, saves, and the game in words."""

from __future__ import annotations

import argparse
import datetime
import io
import json
import os
import pty
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

from doublesix import Match, Rules, Tile
from doublesix.engine.events import Event
from doublesix.terminal import app
from doublesix.terminal.commands import CommandError, Lay, Word, parse, parse_end
from doublesix.terminal.console import Console, wants_colour
from doublesix.terminal.saves import (
    Save,
    SaveError,
    read_save,
    save_dir,
    streak,
    write_save,
)
from doublesix.words.talk import board_lines, hand_sentence, scoresheet_lines

DOUBLESIX = str(Path(sys.executable).with_name("doublesix"))


class TestCommands:
    """What a typed line means."""

    @pytest.mark.parametrize(
        ("text", "tile", "end"),
        [
            ("6 4", Tile(6, 4), None),
            ("6|4", Tile(6, 4), None),
            ("6-4", Tile(6, 4), None),
            ("4-6", Tile(6, 4), None),
            ("64", Tile(6, 4), None),
            ("64l", Tile(6, 4), "left"),
            ("6 4 l", Tile(6, 4), "left"),
            ("6|4 R", Tile(6, 4), "right"),
            ("6 4 up", Tile(6, 4), "up"),
            ("6-4 on the down arm", Tile(6, 4), "down"),
            ("  [6|4]   right end ", Tile(6, 4), "right"),
            ("0 0", Tile(0, 0), None),
        ],
    )
    def test_tiles_and_ends(self, text: str, tile: Tile, end: str | None) -> None:
        assert parse(text, 6) == Lay(tile, end)

    def test_double_digit_tiles_need_a_separator(self) -> None:
        assert parse("12 10", 12) == Lay(Tile(12, 10), None)
        assert parse("9|9 l", 9) == Lay(Tile(9, 9), "left")
        with pytest.raises(CommandError, match="put a space or a bar between the halves"):
            parse("64", 12)
        assert parse("64", 9) == Lay(Tile(6, 4), None)

    @pytest.mark.parametrize(
        ("text", "name"),
        [("draw", "draw"), ("PASS", "pass"), ("hand", "hand"), ("board", "board"),
         ("score", "score"), ("scores", "score"), ("history", "history"), ("hint", "hint"),
         ("help", "help"), ("?", "help"), ("quit", "quit"), ("q", "quit"), ("exit", "quit")],
    )
    def test_words(self, text: str, name: str) -> None:
        assert parse(text, 6) == Word(name)

    @pytest.mark.parametrize(
        ("text", "message"),
        [
            ("", "Type a tile, such as 6 4, or a command."),
            ("7 1", "There is no 7 in the double-six set"),
            ("10 1", "There is no 10 in the double-nine set"),
            ("6 4 sideways", "I did not understand '6 4 sideways'"),
            ("lay the big one", "I did not understand"),
            ("r", "Say which tile first"),
            ("5", "Type both halves of the tile"),
        ],
    )
    def test_bad_lines_say_what_to_type(self, text: str, message: str) -> None:
        top = 9 if text == "10 1" else 6
        with pytest.raises(CommandError, match=message):
            parse(text, top)

    def test_ends(self) -> None:
        assert [parse_end(t) for t in ("l", "Right", "on the up arm", "d", "middle", "")] == [
            "left", "right", "up", "down", None, None]


class TestColour:
    """Colour only on a TTY, never with NO_COLOR."""

    class FakeTTY(io.StringIO):
        def isatty(self) -> bool:
            return True

    def test_only_on_a_tty(self) -> None:
        assert wants_colour(self.FakeTTY(), {})
        assert not wants_colour(io.StringIO(), {})
        assert not wants_colour(self.FakeTTY(), {"NO_COLOR": "1"})
        assert wants_colour(self.FakeTTY(), {"NO_COLOR": ""})
        assert not wants_colour(self.FakeTTY(), {"TERM": "dumb"})

    def test_styles(self) -> None:
        plain = Console(io.StringIO(), io.StringIO(), colour=False)
        coloured = Console(io.StringIO(), io.StringIO(), colour=True)
        assert plain.style("6|4 fits left", "playable") == "6|4 fits left"
        assert coloured.style("6|4 fits left", "playable") == "\x1b[1;32m6|4 fits left\x1b[0m"

    @pytest.mark.parametrize("no_color", [None, "1"])
    def test_the_program_on_a_terminal(self, tmp_path: Path, no_color: str | None) -> None:
        env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
        env["TERM"] = "xterm"
        if no_color:
            env["NO_COLOR"] = no_color
        leader, follower = pty.openpty()
        process = subprocess.Popen(
            [DOUBLESIX, "play", "--save-dir", str(tmp_path), "--seed", "1", "--opponents",
             "greedy"],
            stdin=follower, stdout=follower, stderr=follower, env=env,
        )
        os.close(follower)
        output = b""
        deadline = time.monotonic() + 30
        while b"Your move" not in output and time.monotonic() < deadline:
            if select.select([leader], [], [], 1)[0]:
                output += os.read(leader, 65536)
        os.write(leader, b"quit\n")
        assert process.wait(30) == 0
        os.close(leader)
        assert b"Your move" in output
        assert (b"\x1b[" in output) is (no_color is None)


class TestSaves:
    """Saves are written whole, read back, and refused clearly when damaged."""

    def test_round_trip_and_atomic(self, tmp_path: Path) -> None:
        match = Match(Rules.variant("muggins", players=3), seed=8)
        match.play(match.legal_moves()[0])
        save = Save(match, ["greedy", "random"], autodraw=True, playouts=50, told=3)
        write_save(tmp_path / "game.json", save)
        assert [p.name for p in tmp_path.iterdir()] == ["game.json"]
        again = read_save(tmp_path / "game.json")
        assert again.match.history == match.history
        assert (again.opponents, again.autodraw, again.playouts, again.told) == (
            ["greedy", "random"], True, 50, 3)

    @pytest.mark.parametrize(
        ("text", "message"),
        [
            ("{", "is damaged"),
            ('{"format": "something else"}', "is not a doublesix terminal save"),
            ('{"format": "doublesix-terminal", "version": 99}', "newer than this release"),
            ('{"format": "doublesix-terminal", "version": 1, "opponents": []}', "is damaged"),
        ],
    )
    def test_damaged(self, tmp_path: Path, text: str, message: str) -> None:
        (tmp_path / "game.json").write_text(text)
        with pytest.raises(SaveError, match=message):
            read_save(tmp_path / "game.json")

    def test_an_older_save_that_kept_a_resignation_loads_as_the_engines(
        self, tmp_path: Path
    ) -> None:
        match = Match(Rules.variant("draw"), seed=5)
        match.play(match.legal_moves()[0])
        write_save(tmp_path / "game.json", Save(match, ["greedy"]))
        data = json.loads((tmp_path / "game.json").read_text())
        data["resigned"] = True  # how releases before the engine's resign kept it
        (tmp_path / "game.json").write_text(json.dumps(data))
        again = read_save(tmp_path / "game.json").match
        assert (again.resigned, again.is_over, again.winner) == (0, True, 1)
        assert again.history[-1] == Event("resign", 0)
        write_save(tmp_path / "game.json", Save(again, ["greedy"]))
        data = json.loads((tmp_path / "game.json").read_text())
        assert "resigned" not in data and data["match"]["resigned"] == 0

    def test_wrong_number_of_opponents(self, tmp_path: Path) -> None:
        write_save(tmp_path / "game.json", Save(Match(Rules.variant("draw", players=3)),
                                                ["greedy", "random"]))
        data = json.loads((tmp_path / "game.json").read_text())
        data["opponents"] = ["greedy"]
        (tmp_path / "game.json").write_text(json.dumps(data))
        with pytest.raises(SaveError, match="wrong number of opponents"):
            read_save(tmp_path / "game.json")

    def test_where(self, tmp_path: Path) -> None:
        assert save_dir(str(tmp_path), {}) == tmp_path
        assert save_dir(None, {"DOUBLESIX_HOME": str(tmp_path)}) == tmp_path
        assert save_dir(None, {}).name == "doublesix"

    def test_streak(self) -> None:
        day = datetime.date(2026, 3, 1)
        record = {"2026-02-27": "won", "2026-02-28": "won", "2026-03-01": "won",
                  "2026-02-26": "lost", "2026-02-25": "won"}
        assert streak(record, day) == 3
        assert streak({**record, "2026-03-01": "lost"}, day) == 0
        assert streak({**record, "2026-03-01": "playing"}, day) == 2
        assert streak({}, day) == 0


class TestWords:
    """The game in sentences."""

    def test_board_with_a_spinner(self) -> None:
        hands = [["5|5", "5|3", "5|1", "4|4"], ["5|2", "5|4", "3|3", "2|2"]]
        dealt = {tile for hand in hands for tile in hand}
        rest = [f"{h}|{lo}" for h in range(7) for lo in range(h + 1) if f"{h}|{lo}" not in dealt]
        rules = Rules.variant("muggins", hand_size=4)
        match = Match(rules, hands=hands, boneyard=rest)
        for move in ("5|2 left", "5|3 right", "5|4 up"):
            match.play(move)
        lines = board_lines(match.view(0))
        assert lines == [
            "The line, from left to right: 2|5, 5|5, 5|3.",
            "The spinner is 5|5.",
            "The up arm, from the spinner out: 5|4.",
            "Open ends: left 2, right 3, up 4. The spinner's bare arm, down, takes a 5. "
            "Board count 9.",
        ]
        assert hand_sentence(match.view(0)) == (
            "Your hand, 2 tiles: 5|1 fits down (scores 10), 4|4 fits up."
        )

    def test_an_arm_is_an_arm_in_every_message(self) -> None:
        """"the up arm", as words.end_name says it, also in the engine's refusals (a table's
        terminal or browser reads them when the server refuses a move)."""
        from doublesix import Move
        from doublesix.engine.moves import IllegalMoveError

        hands = [["5|5", "5|3", "5|1", "4|4"], ["5|2", "5|4", "3|3", "2|2"]]
        dealt = {tile for hand in hands for tile in hand}
        rest = [f"{h}|{lo}" for h in range(7) for lo in range(h + 1) if f"{h}|{lo}" not in dealt]
        match = Match(Rules.variant("muggins", hand_size=4), hands=hands, boneyard=rest)
        with pytest.raises(IllegalMoveError, match=r"^the up arm is not open$"):
            match.play(Move(Tile(5, 2), "up"))  # 5|5 opened; its arms open after both sides
        for move in ("5|2 left", "5|3 right"):
            match.play(move)
        with pytest.raises(IllegalMoveError, match=r"^3\|3 does not fit the up arm \(5\)$"):
            match.play(Move(Tile(3, 3), "up"))

    def test_scoresheet(self) -> None:
        match = Match(Rules.variant("all-fives", target=0), seed=2)
        while match.turn is not None:
            match.play(match.legal_moves()[0])
        lines = scoresheet_lines(match, ["You", "Greedy"])
        assert lines[0] == "Scoresheet."
        assert lines[1].startswith("Hand 1. You: ")
        assert lines[-1].startswith("Total, one hand. You: ")


class TestRunInProcess:
    """``run`` reads from a given stream and writes to another."""

    def parse(self, *argv: str) -> argparse.Namespace:
        parser = argparse.ArgumentParser()
        app.add_arguments(parser)
        return parser.parse_args(list(argv))

    def test_quit_at_once(self, tmp_path: Path) -> None:
        out = io.StringIO()
        args = self.parse("--save-dir", str(tmp_path), "--opponents", "random,greedy")
        assert app.run(args, io.StringIO("help\nquit\n"), out) == 0
        text = out.getvalue()
        assert "You play against Random and Greedy.\nRandom (level 1, Beginner) plays any" in text
        assert "3 players" in text
        assert "quit: stop; the game is saved" in text
        assert text.endswith("The game is saved. To go on, type: doublesix play --save-dir "
                             f"{tmp_path} --resume\n")
        assert read_save(tmp_path / "game.json").opponents == ["random", "greedy"]

    def test_default_opponents_fill_the_seats(self, tmp_path: Path) -> None:
        out = io.StringIO()
        args = self.parse("--save-dir", str(tmp_path), "--players", "4")
        assert app.run(args, io.StringIO(""), out) == 0
        assert read_save(tmp_path / "game.json").opponents == [
            "pinocchio", "buratino", "snow-white"]
        assert "End of input." in out.getvalue()
