"""What new users tripped on in the terminal game (issue 40, items 12, 13, 14 and 17), each
tested as they met it: the real program through a pipe (:class:`Program`), ``doublesix join``
at an in-process table (:class:`FakeTable`), and the docs' examples run as they are written.
"""

from __future__ import annotations

import io
import os
import re
import subprocess
from pathlib import Path

import pytest

from doublesix import Rules
from doublesix.terminal.commands import WORDS
from doublesix.words.rulebook import VARIANT_NAMES
from tests.support.faketable import FakeTable, seat_at
from tests.support.terminal import DOUBLESIX, PROMPT, Person, Program, answer, play_through
from tests.support.transcripts import Transcript, run, transcripts

#: The checkout, whose README and docs are read.
ROOT = Path(__file__).resolve().parents[1]


def up_to(program: Program, prompt: str, limit: int = 2000) -> str:
    """Answer with :func:`answer` until the program asks ``prompt``; the output since the
    last answer."""
    for turn in range(limit):
        text = program.read()
        if text.endswith(prompt):
            return text
        assert PROMPT.search(text.rsplit("\n", 1)[-1]), program.transcript
        program.send(answer(program, text, turn))
    raise AssertionError(f"never asked {prompt!r}")


# -- item 12: what a turn and the commands say -----------------------------------------------


class TestWhatATurnSays:
    def test_a_new_game_after_resigning_says_the_whole_table_at_its_first_turn(
        self, tmp_path: Path
    ) -> None:
        program = Program(["--opponents", "greedy", "--seed", "3"], tmp_path)
        program.read()
        program.send("resign")
        program.read()
        program.send("yes")
        assert program.read().endswith("Play a new game? Type yes or no: ")
        program.send("yes")
        text = program.read()
        first_turn = text[text.index("A new game of Draw."):]
        assert "\nScores, playing to 100. You: 0, Greedy: 0.\n" in first_turn, first_turn
        assert re.search(r"\nGreedy holds \d tiles\. Boneyard: \d+ tiles\.\n", first_turn)
        program.send("quit")
        assert program.finish() == 0

    def test_hand_between_deals_says_there_is_no_hand_until_the_next(
        self, tmp_path: Path
    ) -> None:
        program = Program(["--variant", "block", "--opponents", "greedy", "--seed", "7",
                           "--target", "10"], tmp_path)
        up_to(program, "Press Enter to deal hand 2, or type quit: ")
        program.send("hand")
        said = program.read()
        assert "Your hand, 0 tiles" not in said and "Your hand" not in said, said
        assert said == ("hand\nHand 1 is over and you hold no tiles: your next hand comes with "
                        "the next deal.\nPress Enter to deal hand 2, or type quit: "), said
        program.send("")
        up_to(program, "Play a new game? Type yes or no: ")
        program.send("hand")
        assert program.read() == ("hand\nThe game is over: no hand is in play.\n"
                                  "Play a new game? Type yes or no: ")
        program.send("no")
        assert program.finish() == 0

    def test_a_seat_down_to_one_tile_is_said_on_every_turn_and_no_turn_is_bare(
        self, tmp_path: Path
    ) -> None:
        # Block, seed 7: Greedy is down to 1 tile, then passes; the person's next turn has the
        # same ends and the same count, and still says both what fits and Greedy's last tile.
        program = Program(["--variant", "block", "--opponents", "greedy", "--target", "0",
                           "--seed", "7"], tmp_path)
        text = play_through(program)
        assert ("Your turn. Open ends: left 3, right 5.\nGreedy holds 1 tile.\n" in text), text
        assert ("Greedy passed.\n\nYour turn. One tile fits: 3|0.\nGreedy holds 1 tile.\n"
                "Your hand, 1 tile: 3|0 fits left.\n") in text, text
        assert not re.search(r"^Your turn\.$", text, re.MULTILINE), text

    def test_muggins_ends_say_which_are_doubles(self, tmp_path: Path) -> None:
        # Muggins, seed 1: the spinner 5|5 opens; a tile on its left leaves its bare right
        # side, which counts both halves (6 + 10 = 16).
        program = Program(["--variant", "muggins", "--opponents", "greedy", "--target", "0",
                           "--seed", "1"], tmp_path)
        text = play_through(program)
        assert "Your turn. Open ends: left 6, right double 5. Board count 16.\n" in text
        assert "Your turn. Open ends: left double 1, right double 5. Board count 12.\n" in text
        for ends in re.findall(r"^Your turn\. Open ends: (.*)\. Board count (\d+)\.$", text,
                               re.MULTILINE):
            numbers = re.findall(r"(?:left|right) (double )?(\d+)", ends[0])
            assert sum(int(n) * (2 if double else 1) for double, n in numbers) == int(ends[1]) \
                or "spinner" in ends[0] or "up" in ends[0] or "down" in ends[0], ends


# -- item 13: help at a web table --------------------------------------------------------------


class HelpFirst(Person):
    """A :class:`Person` who types ``help`` at their first move, then plays on."""

    def answer(self, text: str) -> str:
        if text.endswith("Your move: ") and "help\n" not in text:
            return "help"
        return super().answer(text)


def help_at(table: FakeTable) -> str:
    """What ``help`` says at ``table``, typed at the person's first move."""
    output = io.StringIO()
    game, _ = seat_at(table, output, HelpFirst(output, 3, mistakes=False))
    assert game.run() == 0
    text = output.getvalue()
    start = text.index("Your move: help\n") + len("Your move: help\n")
    return text[start:text.index("Your move: ", start)]


class TestHelpAtATable:
    def test_help_lists_only_what_works_and_its_example_names_someone_else(self) -> None:
        rules = Rules.variant("block", players=3, target=0)
        table = FakeTable(rules, 5, ["human", "human", "greedy"], ["Ana", "Bea", "Greedy"],
                          me=1)
        said = help_at(table)
        assert "hand: your tiles." in said and "resign: give up this game" in said
        assert "review" not in said and "stats" not in said, said
        assert "(computer Ana expert)" in said and "computer Bea" not in said, said

    def test_at_a_table_of_computers_help_has_no_computer_command(self) -> None:
        table = FakeTable(Rules.variant("draw", target=0), 5, ["human", "greedy"],
                          ["Bea", "Greedy"])
        said = help_at(table)
        assert "computer NAME" not in said and "review" not in said, said
        assert said.rstrip().splitlines()[-1].startswith("Rules: Draw")


# -- item 14: saved games, questions and the commands printed ------------------------------------


def saved_game(tmp_path: Path, *typed: str) -> None:
    """A game of Draw against Greedy (seed 3) saved in ``tmp_path`` after ``typed``."""
    program = Program(["--opponents", "greedy", "--seed", "3"], tmp_path)
    program.read()
    for line in typed:
        program.send(line)
        program.read()
    program.close_input()
    assert program.finish() == 0


class TestSavedGames:
    def test_no_to_replacing_the_saved_game_goes_on_with_it(self, tmp_path: Path) -> None:
        saved_game(tmp_path)
        program = Program(["--seed", "4"], tmp_path)
        assert program.read().endswith("Start a new game instead, replacing it? "
                                       "Type yes or no: ")
        program.send("no")
        text = program.read()
        assert text.startswith("no\nGoing on with your saved game, hand 1.\n"), text
        assert text.endswith("Your move: ")
        program.send("quit")
        assert program.finish() == 0
        assert program.transcript.rstrip().endswith(" --resume")

    def test_no_after_the_daily_game_goes_on_with_the_saved_game(self, tmp_path: Path) -> None:
        saved_game(tmp_path)
        program = Program(["--daily", "--date", "2026-11-30"], tmp_path)
        up_to(program, "Play a new game? Type yes or no: ")
        program.send("yes")
        assert program.read().endswith("Start a new game instead, replacing it? "
                                       "Type yes or no: ")
        program.send("no")
        text = program.read()
        assert text.startswith("no\n\nGoing on with your saved game, hand 1.\n"), text
        assert "You play against Greedy." in text and text.endswith("Your move: ")
        program.send("quit")
        assert program.finish() == 0
        assert program.transcript.rstrip().endswith(f"play --save-dir {tmp_path} --resume")

    def test_resuming_a_finished_game_offers_a_new_one(self, tmp_path: Path) -> None:
        saved_game(tmp_path, "resign", "yes", "no")
        program = Program(["--resume"], tmp_path)
        text = program.read()
        assert "Going on with your saved game" not in text, text
        assert text == ("Your saved game of Draw is over; there is nothing to go on with.\n"
                        "You resigned: the game is over.\n"
                        "Scores, playing to 100. You: 0, Greedy: 0.\n"
                        "Play a new game? Type yes or no: "), text
        program.send("yes")
        text = program.read()
        assert "\nA new game of Draw.\nRules: Draw" in text and "You play against Greedy." in text
        assert "The game is over" not in text and text.endswith("Your move: ")
        program.send("quit")
        assert program.finish() == 0

    def test_board_at_which_end_keeps_the_tile(self, tmp_path: Path) -> None:
        program = Program(["--opponents", "snow-white", "--target", "0", "--seed", "35"],
                          tmp_path)
        program.read()
        program.send("5 1")
        program.read()
        program.send("4 1")
        assert program.read().endswith("Which end, left or right? ")
        program.send("board")
        text = program.read()
        assert "The line, from left to right: " in text
        assert text.endswith("4|1 fits 2 ends: left (4) or right (1).\n"
                             "Which end, left or right? "), text
        program.send("r")
        assert program.read().startswith("r\nYou laid 4|1 on the right end.\n")
        program.send("quit")
        assert program.finish() == 0

    def test_every_printed_command_keeps_the_save_dir_and_runs_as_printed(
        self, tmp_path: Path
    ) -> None:
        games = tmp_path / "my games"
        program = Program(["--opponents", "greedy", "--seed", "3"], games)
        program.read()
        program.send("help")
        said = program.read()
        again = f"{DOUBLESIX} play --save-dir '{games}' --resume"
        assert f"quit: stop; the game is saved, and {again} goes on." in said, said
        program.send("quit")
        assert program.finish() == 0
        printed = program.transcript.rstrip().splitlines()[-1]
        assert printed == f"The game is saved. To go on, type: {again}"
        asked = Program(["--seed", "4"], games)
        assert f"(as {again} does)" in asked.read()
        asked.send("quit")
        assert asked.finish() == 0
        home = {"HOME": str(tmp_path / "home"), "XDG_DATA_HOME": str(tmp_path / "data"),
                "PATH": "/usr/bin:/bin", "NO_COLOR": "1",
                **{name: os.environ[name] for name in ("PYTHONPATH",) if name in os.environ}}
        done = subprocess.run(["bash", "-c", printed.split("type: ", 1)[1]], input="quit\n",
                              env=home, capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        assert "Going on with your saved game, hand 1." in done.stdout, done.stdout
        assert not (tmp_path / "data").exists() and not (tmp_path / "home").exists()


# -- item 17: the help, the README and the docs' examples ------------------------------------


def test_the_command_lines_help_names_every_variant() -> None:
    done = subprocess.run([DOUBLESIX, "--help"], capture_output=True, text=True, timeout=60,
                          env={**os.environ, "COLUMNS": "200"})
    assert done.returncode == 0
    for name in VARIANT_NAMES.values():
        assert name in done.stdout, (name, done.stdout)


@pytest.mark.parametrize("document", ["README.md", "docs/terminal.md"])
def test_the_docs_list_every_command_of_the_terminal_game(document: str) -> None:
    text = (ROOT / document).read_text()
    if document == "README.md":
        text = text.split("## Play in the terminal", 1)[1].split("\n## ", 1)[0]
    missing = [name for name in WORDS if name != "pass" and f"`{name}`" not in text]
    assert not missing, (document, missing)


def examples() -> list[Transcript]:
    """Every terminal transcript of the README and docs/terminal.md."""
    return [found for name in ("README.md", "docs/terminal.md")
            for found in transcripts(ROOT / name)]


def test_the_docs_examples_are_transcripts() -> None:
    """docs/terminal.md's examples of ``doublesix play`` are transcripts (its one other
    example, a table of people in ``doublesix join``, needs people at a live server)."""
    assert len([t for t in examples() if t.where.startswith("terminal.md")]) >= 2
    blocks = re.findall(r"^```text\n(.*?)^```$", (ROOT / "docs/terminal.md").read_text(),
                        re.MULTILINE | re.DOTALL)
    others = [block for block in blocks if not block.startswith("$ ")]
    assert [block.split("\n", 1)[0] for block in others] == [
        "Ana invites you to a game of Draw."]


@pytest.mark.parametrize("example", examples(), ids=lambda example: example.where)
def test_each_docs_example_prints_what_it_shows(example: Transcript) -> None:
    output = run(example)
    assert example.pattern().fullmatch(output), (
        f"{example.where}: `{example.command}` with {example.typed()} printed:\n{output}")
