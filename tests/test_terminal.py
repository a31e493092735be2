"""The terminal game driven through a pipe, as a person at a screen reader would play it.

Each test starts the real program (``doublesix play``) with its stdin and stdout on pipes,
reads up to each prompt, answers, and checks what it printed.  Saves go to a temporary
directory.  Deals that a test needs exactly are written as a save and resumed.
"""

from __future__ import annotations

import datetime
import os
import re
import shutil
import signal
import subprocess
from pathlib import Path

import pytest

from doublesix import Match, Rules
from doublesix.ai.review import review
from doublesix.engine.summary import tile_choices
from doublesix.terminal.saves import Save, read_record, read_save, write_save
from doublesix.words.results import share_text
from tests.support.deals import END_ASKED, END_AT_ONCE, Position, end_position, rest_of_set
from tests.support.terminal import DOUBLESIX, PROMPT, Program, answer, play_through

#: The checkout: the README's commands are run from here.
ROOT = Path(__file__).resolve().parents[1]


def to_the_end_of_the_game(program: Program) -> str:
    """Answer with :func:`answer` up to the question whether to play a new game."""
    for turn in range(2000):
        text = program.read()
        if text.endswith("Play a new game? Type yes or no: "):
            return text
        assert PROMPT.search(text.rsplit("\n", 1)[-1]), program.transcript
        program.send(answer(program, text, turn))
    raise AssertionError("the game did not end")


def saved_deal(save_dir: Path, rules: Rules, hands: list[list[str]], boneyard: list[str],
               opponents: list[str], seed: int = 1) -> None:
    """Write a save holding a game whose first hand is dealt exactly so."""
    match = Match(rules, seed=seed, hands=hands, boneyard=boneyard)
    write_save(save_dir / "game.json", Save(match, opponents))


def resumed_at(match: Match, save_dir: Path) -> Program:
    """The game resumed from ``match`` against Greedy, read up to the person's first prompt."""
    write_save(save_dir / "game.json", Save(match, ["greedy"]))
    program = Program(["--resume"], save_dir)
    program.read()
    return program


# -- complete games ---------------------------------------------------------------------------


class TestCompleteGames:
    """Whole games of every variant, played to the end through the pipe."""

    @pytest.mark.parametrize(
        ("variant", "players", "opponents"),
        [
            ("draw", 2, "greedy"),
            ("block", 3, "random,greedy"),
            ("all-fives", 2, "greedy"),
            ("muggins", 4, "random,greedy,random"),
        ],
    )
    def test_a_game_to_the_target(self, tmp_path: Path, variant: str, players: int,
                                  opponents: str) -> None:
        program = Program(["--variant", variant, "--players", str(players), "--opponents",
                           opponents, "--seed", "11", "--target", "50"], tmp_path)
        transcript = play_through(program)
        assert "Your turn." in transcript
        # At a hand's end: its row and the totals; the whole sheet is the score command's.
        assert "\nHand 1. You: " in transcript
        assert "Total, playing to 50. You: " in transcript
        assert "Scoresheet." not in transcript
        assert re.search(r"The game is over(\. .+ won(, \d+ to \d+| with \d+ points)|: a draw)\.",
                         transcript)
        assert transcript.rstrip().endswith("Goodbye.")
        assert read_save(tmp_path / "game.json").match.is_over

    @pytest.mark.parametrize("variant", ["partnership", "all-fives"])
    def test_a_partnership_game_to_the_target(self, tmp_path: Path, variant: str) -> None:
        program = Program(["--variant", variant, "--players", "4", "--seed", "11",
                           "--target", "60", *(["--teams"] if variant != "partnership" else [])],
                          tmp_path)
        transcript = play_through(program)
        assert "You play with Buratino, your partner across the table, against Pinocchio " \
               "and Snow White." in transcript
        assert "Scores, playing to 60. You and Buratino: 0, Pinocchio and Snow White: 0." \
            in transcript
        assert re.search(r"(You and Buratino|Pinocchio and Snow White) (win the hand: \d+ "
                         r"points?|reach 60 points)\.", transcript)
        assert re.search(r"\nHand 1\. You and Buratino: \d+, Pinocchio and Snow White: \d+; ",
                         transcript)
        assert "Buratino (your partner) holds" in transcript
        match = read_save(tmp_path / "game.json").match
        assert match.is_over and match.rules.teams
        winners = " and ".join(["You", "Pinocchio", "Buratino", "Snow White"][s]
                               for s in match.winners)
        losers = next(s for s in range(4) if s not in match.winners)
        assert f"The game is over. {winners} won, {match.scores[match.winners[0]]} to " \
               f"{match.scores[losers]}." in transcript

    @pytest.mark.parametrize(
        ("tile_set", "variant", "opponents"),
        [(9, "all-fives", "greedy,random"), (12, "draw", "greedy")],
    )
    def test_bigger_sets(self, tmp_path: Path, tile_set: int, variant: str,
                         opponents: str) -> None:
        program = Program(["--variant", variant, "--set", str(tile_set), "--opponents",
                           opponents, "--seed", "5", "--target", "0"], tmp_path)
        transcript = play_through(program)
        assert f"double-{'nine' if tile_set == 9 else 'twelve'} set" in transcript
        assert "The game is over" in transcript

    @pytest.mark.parametrize("opponent", ["pinocchio", "buratino", "snow-white", "expert"])
    def test_each_personality(self, tmp_path: Path, opponent: str) -> None:
        program = Program(["--opponents", opponent, "--seed", "3", "--target", "0",
                           "--playouts", "30"], tmp_path)
        transcript = play_through(program)
        label = {"snow-white": "Snow White"}.get(opponent, opponent.capitalize())
        assert f"You play against {label}.\n{label} (" in transcript
        assert "The game is over" in transcript


    def test_the_same_seed_plays_the_same_game(self, tmp_path: Path) -> None:
        args = ["--variant", "all-fives", "--players", "3", "--opponents", "random,pinocchio",
                "--seed", "21", "--target", "0"]
        first = play_through(Program(args, tmp_path / "a"))
        second = play_through(Program(args, tmp_path / "b"))
        assert first == second

    def test_quit_between_hands_and_resume(self, tmp_path: Path) -> None:
        program = Program(["--variant", "draw", "--opponents", "greedy", "--seed", "6",
                           "--target", "200"], tmp_path)
        for turn in range(500):
            text = program.read()
            if text.endswith("Press Enter to deal hand 2, or type quit: "):
                break
            program.send(answer(program, text, turn))
        else:
            raise AssertionError("hand 1 did not end")
        ended = text[text.index("\nHand 1 ") + 1 :]
        program.send("score")
        assert "Scoresheet.\nHand 1. You: " in program.read()
        program.send("what")
        assert "Press Enter to deal hand 2, or type quit." in program.read()
        program.send("quit")
        assert program.finish() == 0
        again = Program(["--resume"], tmp_path)
        text = again.read()
        assert ended.split("Press Enter")[0] in text
        again.send("")
        assert "Hand 2." in again.read()
        again.send("quit")
        assert again.finish() == 0

# -- one turn, exactly ----------------------------------------------------------------------

#: A Draw hand: Greedy opens 6|6; after 6|1 and 6|3 the ends are 1 and 3, so 3|1 fits two ends;
#: then Greedy draws three tiles and lays 1|0, and nothing of yours fits 0 or 1.
DRAW_DEAL = (
    [["6|1", "3|1", "5|3", "5|2", "4|3", "3|2", "2|2"],
     ["6|6", "6|3", "5|5", "5|4", "4|4", "4|2", "0|0"]],
    ["6|5", "6|4", "1|0", "6|2", "2|1"],
)


def draw_deal(save_dir: Path) -> None:
    """Save a one-hand Draw game against Greedy dealt as :data:`DRAW_DEAL`."""
    hands, first = DRAW_DEAL
    boneyard = first + [t for t in rest_of_set(6, *hands) if t not in first]
    saved_deal(save_dir, Rules.variant("draw", target=0), hands, boneyard, ["greedy"])


class TestTurns:
    """What a turn says, and how typed lines are answered."""

    def test_bad_input_gets_a_message_and_the_same_prompt(self, tmp_path: Path) -> None:
        draw_deal(tmp_path)
        program = Program(["--resume"], tmp_path)
        text = program.read()
        assert "Greedy laid 6|6 to open." in text
        assert "Your turn. Open ends: left 6, right 6.\n" in text  # no board count in Draw
        assert "Scores, one hand. You: 0, Greedy: 0." in text
        assert "Greedy holds 6 tiles. Boneyard: 14 tiles." in text
        assert "Your hand, 7 tiles: 6|1 fits left and right, 5|3, 5|2," in text
        for line, message in [
            ("7 7", "There is no 7 in the double-six set: numbers go from 0 to 6."),
            ("xyz", "I did not understand 'xyz'. Type a tile, such as 6 4, or a command"),
            ("6 2", "You do not hold 6|2. Playable: 6|1."),
            ("5 3", "5|3 fits no open end. The open ends show 6."),
            ("6", "Type both halves of the tile, for example 6 4."),
            ("left", "Say which tile first, for example 6 4 left."),
            ("draw", "You cannot draw while a tile fits. Playable: 6|1."),
            ("pass", "You cannot pass while a tile fits. Playable: 6|1."),
            ("", "Type a tile, such as 6 4, or a command."),
        ]:
            program.send(line)
            text = program.read()
            assert message in text, (line, text)
            assert text.endswith("Your move: ")
            assert "You laid" not in text
        # Both ends show 6: either way is the same, so the tile goes down at once.
        program.send("61")
        text = program.read()
        assert "You laid 6|1 on the left end.\nGreedy laid 6|3 on the right end." in text
        program.close_input()
        assert program.finish() == 0
        assert "End of input.\nThe game is saved." in program.transcript

    def test_a_tile_that_fits_two_ends(self, tmp_path: Path) -> None:
        draw_deal(tmp_path)
        program = Program(["--resume"], tmp_path)
        program.read()
        program.send("6-1")
        text = program.read()
        assert "Your hand, 6 tiles: 5|3 fits right, 5|2, 4|3 fits right, 3|2 fits right, " \
               "3|1 fits left and right, 2|2." in text
        program.send("3 1 up")
        assert "There is no up arm open now. 3|1 fits the left end and the right end." \
            in program.read()
        program.send("3|1")
        text = program.read()
        assert "3|1 fits 2 ends: left (1) or right (3).\nWhich end, left or right? " in text
        program.send("sideways")
        text = program.read()
        assert "Type left or right, or cancel." in text
        assert text.endswith("Which end, left or right? ")
        program.send("cancel")
        assert program.read().endswith("Choose again.\nYour move: ")
        program.send("3 1")
        program.read()
        program.send("R")
        text = program.read()
        assert "You laid 3|1 on the right end.\nGreedy drew 3 tiles.\n" \
               "Greedy laid 1|0 on the left end." in text
        program.send("quit")
        assert program.finish() == 0

    @pytest.mark.parametrize(("variant", "position"), END_ASKED, ids=str)
    def test_the_end_is_asked_for_when_it_matters(self, tmp_path: Path, variant: str,
                                                  position: Position) -> None:
        # The engine says the ends leave different tables: the game asks, saying what each
        # shows and scores, and lays the tile where it is told.
        match = end_position(variant, position)
        choice = tile_choices(match.view(0))[position.tile]
        assert choice.asks
        program = resumed_at(match, tmp_path)
        program.send(str(position.tile))
        text = program.read()
        shown = [f"{lay.end} ({lay.shows}" + (f", scores {lay.points})" if lay.points else ")")
                 for lay in choice.lays]
        assert f"{position.tile} fits 2 ends: {shown[0]} or {shown[1]}.\n" \
               "Which end, left or right? " in text
        best = max(choice.lays, key=lambda lay: lay.points)
        program.send(str(best.end))
        scoring = f", scoring {best.points}" if best.points else ""
        assert f"You laid {position.tile} on the {best.end} end{scoring}." in program.read()
        program.send("quit")
        assert program.finish() == 0

    @pytest.mark.parametrize(("variant", "position"), END_AT_ONCE, ids=str)
    def test_a_tile_is_laid_at_once_when_the_end_does_not_matter(
        self, tmp_path: Path, variant: str, position: Position
    ) -> None:
        # Either end leaves the same table (up to a mirror image): no question.
        match = end_position(variant, position)
        choice = tile_choices(match.view(0))[position.tile]
        assert not choice.asks and len(choice.lays) == 2
        move = choice.move()
        assert move is not None
        points = choice.lays[0].points
        program = resumed_at(match, tmp_path)
        program.send(str(position.tile))
        text = program.read()
        assert "Which end" not in text
        scoring = f", scoring {points}" if points else ""
        assert f"You laid {position.tile} on the {move.end} end{scoring}." in text
        program.send("quit")
        assert program.finish() == 0

    def test_two_computers_of_one_kind_are_told_apart(self, tmp_path: Path) -> None:
        program = Program(["--players", "3", "--opponents", "greedy,greedy", "--seed", "4"],
                          tmp_path)
        text = program.read()
        assert "You play against Greedy and Greedy 2." in text
        assert "Scores, playing to 100. You: 0, Greedy: 0, Greedy 2: 0." in text
        program.send("quit")
        assert program.finish() == 0

    def test_a_slow_computer_is_said_to_be_thinking(self, tmp_path: Path) -> None:
        program = Program(["--opponents", "expert", "--seed", "3", "--playouts", "20000"],
                          tmp_path)
        for turn in range(40):
            text = program.read(timeout=120)
            if "Expert is thinking." in text:
                break
            program.send(answer(program, text, turn))
        else:
            raise AssertionError("the expert was never said to be thinking")
        program.send("quit")
        assert program.finish() == 0

    def test_drawing_one_tile_at_a_time(self, tmp_path: Path) -> None:
        draw_deal(tmp_path)
        program = Program(["--resume"], tmp_path)
        for line in ("6 1", "3 1 r"):
            program.read()
            program.send(line)
        text = program.read()
        assert "Your hand, 5 tiles: 5|3, 5|2, 4|3, 3|2, 2|2. Nothing fits. " \
               "Type draw, or press Enter." in text
        program.send("5 3")
        assert "5|3 fits no open end. The open ends show 1 and 0. Type draw." in program.read()
        program.send("draw")
        text = program.read()
        assert "You drew 6|2.\nYour hand, 6 tiles: 6|2, 5|3, 5|2, 4|3, 3|2, 2|2. Nothing fits." \
            in text
        program.send("")  # Enter draws when drawing is the only move
        text = program.read()
        assert "You drew 2|1.\nYour hand, 7 tiles: 6|2, 5|3, 5|2, 4|3, 3|2, 2|2, " \
               "2|1 fits right." in text
        program.send("2 1")
        assert "You laid 2|1 on the right end." in program.read()
        program.send("history")
        text = program.read()
        assert "You drew 6|2.\nYou drew 2|1.\nYou laid 2|1 on the right end." in text
        program.send("quit")
        assert program.finish() == 0

    def test_autodraw_draws_until_a_tile_fits(self, tmp_path: Path) -> None:
        draw_deal(tmp_path)
        program = Program(["--resume", "--autodraw"], tmp_path)
        for line in ("6 1", "3 1 r"):
            program.read()
            program.send(line)
        text = program.read()
        assert "Nothing fits, so you draw.\nYou drew 6|2.\nYou drew 2|1.\n" in text
        assert "2|1 fits right." in text
        program.send("quit")
        assert program.finish() == 0

    def test_commands_that_take_no_turn(self, tmp_path: Path) -> None:
        draw_deal(tmp_path)
        program = Program(["--resume", "--playouts", "20"], tmp_path)
        program.read()
        program.send("6 1")
        program.read()
        expected = {
            "board": "The line, from left to right: 1|6, 6|6, 6|3.\n"
                     "Open ends: left 1, right 3.\nGreedy holds 5 tiles. Boneyard: 14 tiles.",
            "hand": "Your hand, 6 tiles: 5|3 fits right,",
            "score": "Scoresheet.\nHand 1. You: 0, Greedy: 0; in play.\n"
                     "Total, one hand. You: 0, Greedy: 0.",
            "history": "Hand 1 so far:\nGreedy laid 6|6 to open.\nYou laid 6|1 on the left end.",
            "hint": "Hint: ",
            "help": "To lay a tile, type it: 6 4, 6|4, 6-4 or 64.",
        }
        for line, words in expected.items():
            program.send(line)
            text = program.read()
            assert words in text, (line, text)
            assert text.endswith("Your move: ")
        # A command typed instead of an end is answered, and the end asked for again.
        program.send("3 1")
        assert program.read().endswith("Which end, left or right? ")
        program.send("board")
        assert program.read().endswith("Open ends: left 1, right 3.\n"
                                       "Greedy holds 5 tiles. Boneyard: 14 tiles.\n"
                                       "3|1 fits 2 ends: left (1) or right (3).\n"
                                       "Which end, left or right? ")
        program.send("cancel")
        assert program.read().endswith("Choose again.\nYour move: ")
        program.send("quit")
        assert program.finish() == 0


# -- how hands end ----------------------------------------------------------------------------


class TestWhatChanged:
    """A turn says what changed since the person's last turn (issue 29, finding 10): the moves
    since, the ends when they moved, a score that moved, a seat left with few tiles; the whole
    table stays on ``board``, ``hand`` and ``score``."""

    def test_a_turn_where_nothing_else_changed_says_what_fits_and_the_hand(
        self, tmp_path: Path
    ) -> None:
        # Block, seed 6: the person lays, Greedy has nothing that fits and passes.
        program = Program(["--variant", "block", "--opponents", "greedy", "--target", "0",
                           "--seed", "6"], tmp_path)
        text = play_through(program)
        found = re.search(r"You laid [^\n]*\.\nGreedy passed\.\n\n(Your turn\.[^\n]*\n.*\n)"
                          r"Your move", text)
        assert found, text
        turn = found[1]
        assert re.match(r"Your turn\. (One tile fits|\d tiles fit): [^\n]*\.\nYour hand, ", turn)
        assert "Open ends" not in turn and "Scores" not in turn and "holds" not in turn
        assert "fits" in turn  # what can be played is still said

    def test_the_first_turn_of_a_hand_says_everything_and_later_ones_what_moved(
        self, tmp_path: Path
    ) -> None:
        program = Program(["--variant", "all-fives", "--opponents", "greedy", "--target", "0",
                           "--seed", "7"], tmp_path)
        text = play_through(program)
        turns = re.findall(r"\nYour turn\.[^\n]*\n(?:(?!Your move)[^\n]*\n)*", text)
        assert len(turns) >= 3
        assert "Scores, one hand." in turns[0] and "Greedy holds" in turns[0]
        assert "Boneyard" in turns[0]
        for later in turns[1:]:
            assert "Boneyard" not in later
            assert "Greedy holds" not in later or re.search(r"Greedy holds [12] tiles?\.", later)
        # A score that moved since the last turn is said; one that did not, is not.
        scores = [turn for turn in turns[1:] if "Scores, one hand." in turn]
        assert len(scores) < len(turns) - 1
        scored = re.findall(r"scoring \d+", text)
        assert scored and scores

    def test_board_says_the_tiles_held_and_the_boneyard(self, tmp_path: Path) -> None:
        draw_deal(tmp_path)
        program = Program(["--resume"], tmp_path)
        program.read()
        program.send("board")
        assert program.read().endswith("Open ends: left 6, right 6.\n"
                                       "Greedy holds 6 tiles. Boneyard: 14 tiles.\nYour move: ")
        program.send("quit")
        assert program.finish() == 0


class TestHandEnds:
    """Passing, blocked hands and drawn hands, in Block."""

    @pytest.mark.parametrize(
        ("yours", "result", "sheet"),
        [
            ("1|0 2|0", "Hand 1 is blocked. You have the lightest hand, 19 pips, and score 8.",
             "Hand 1. You: 8, Greedy: 0; blocked, you had the lightest hand."),
            ("4|4 3|0", "Hand 1 is blocked and drawn: the lightest hands are equal. "
             "Nobody scores.", "Hand 1. You: 0, Greedy: 0; blocked, drawn."),
        ],
    )
    def test_a_forced_pass_then_a_blocked_hand(self, tmp_path: Path, yours: str,
                                               result: str, sheet: str) -> None:
        # Greedy opens 6|6; you hold no 6 and pass; Greedy lays 6|5 and nobody can lay.
        hands = [["0|0", "1|1", "2|2", "3|3", "3|1", *yours.split()],
                 ["6|6", "6|5", "4|3", "4|2", "4|1", "4|0", "3|2"]]
        saved_deal(tmp_path, Rules.variant("block", target=0), hands,
                   rest_of_set(6, *hands), ["greedy"])
        program = Program(["--resume"], tmp_path)
        transcript = play_through(program)
        assert "Greedy laid 6|6 to open.\nNothing fits a 6.\nYou passed.\n" \
               "Greedy laid 6|5 on the left end.\n" in transcript
        assert result in transcript
        assert "Greedy holds 4|3, 4|2, 4|1, 4|0 and 3|2: 27 pips." in transcript
        assert f"\n{sheet}\nTotal, one hand. You: " in transcript
        assert "Your move: " not in transcript


# -- saving -----------------------------------------------------------------------------------


class TestSaving:
    """Quit, the end of the input and Ctrl-C lose nothing; --resume goes on."""

    def test_quit_and_resume(self, tmp_path: Path) -> None:
        draw_deal(tmp_path)
        program = Program(["--resume"], tmp_path)
        program.read()
        program.send("6 1")
        before = program.read()
        program.send("quit")
        assert program.finish() == 0
        assert program.transcript.endswith(
            f"quit\nThe game is saved. To go on, type: {DOUBLESIX} play --save-dir {tmp_path} "
            "--resume\n")
        again = Program(["--resume"], tmp_path)
        text = again.read()
        assert "Going on with your saved game, hand 1." in text
        # Nothing new happened, so the same turn is shown again, hand and all (and, as the
        # first turn since the game was opened, the scores and tiles held as well).
        ends, hand = before.split("Your turn.")[1].split("\n")[:2]
        assert f"Your turn.{ends}\nScores, one hand. You: 0, Greedy: 0.\n" in text
        assert text.endswith(f"Boneyard: 14 tiles.\n{hand}\nYour move: ")
        again.send("3 1 r")
        assert "You laid 3|1 on the right end." in again.read()
        again.close_input()
        assert again.finish() == 0

    def test_resign_asks_first_then_ends_the_game_for_good(self, tmp_path: Path) -> None:
        draw_deal(tmp_path)
        program = Program(["--resume"], tmp_path)
        program.read()
        program.send("resign")
        assert program.read().endswith("Resign this game? You lose it. Type yes or no: ")
        program.send("no")
        assert program.read() == "no\nYou play on.\nYour move: "  # the input is echoed
        program.send("6 1")
        program.read()
        program.send("concede")
        program.read()
        program.send("yes")
        text = program.read()
        assert text.startswith("yes\nYou resigned: the game is over.\nScores, one hand. You: 0, ")
        assert text.endswith("Play a new game? Type yes or no: ")
        program.send("no")
        assert program.finish() == 0
        assert read_save(tmp_path / "game.json").match.resigned == 0
        # The save keeps it given up: --resume does not play it on.
        again = Program(["--resume"], tmp_path)
        text = again.read()
        assert "You resigned: the game is over." in text and "Your move" not in text
        again.send("yes")
        assert "A new game of Draw." in again.read()
        again.send("resign")
        again.read()
        again.send("quit")  # at "Resign this game?", quit means no: nothing given up
        again.read()
        again.send("quit")
        assert again.finish() == 0
        assert read_save(tmp_path / "game.json").match.resigned is None

    def test_resigning_the_daily_game_is_a_loss(self, tmp_path: Path) -> None:
        program = Program(["--daily", "--date", "2026-11-30"], tmp_path)
        text = program.read()
        while "Your move: " not in text:
            program.send("")
            text = program.read()
        program.send("resign")
        program.read()
        program.send("y")
        text = program.read()
        assert "You resigned: the game is over." in text
        assert "To share your result, copy this line: doublesix daily 2026-11-30: resigned;" \
            in text
        assert read_record(tmp_path)["2026-11-30"] == "lost"
        program.send("no")
        assert program.finish() == 0

    def test_ctrl_c_saves_and_resume_goes_on(self, tmp_path: Path) -> None:
        draw_deal(tmp_path)
        program = Program(["--resume"], tmp_path)
        program.read()
        program.send("6 1")
        program.read()
        program.process.send_signal(signal.SIGINT)
        assert program.finish() == 130
        assert "Interrupted.\nThe game is saved." in program.transcript
        match = read_save(tmp_path / "game.json").match
        assert [str(t) for t in match.hands[0]] == ["5|3", "5|2", "4|3", "3|2", "3|1", "2|2"]
        again = Program(["--resume"], tmp_path)
        assert "3|1 fits left and right" in again.read()
        again.send("quit")
        assert again.finish() == 0

    def test_every_move_is_saved(self, tmp_path: Path) -> None:
        draw_deal(tmp_path)
        program = Program(["--resume"], tmp_path)
        program.read()
        program.send("6 1")
        program.read()
        # The program is still waiting for input: the save already holds both moves.
        history = read_save(tmp_path / "game.json").match.history
        assert [e.kind for e in history][-2:] == ["lay", "lay"]
        program.close_input()
        assert program.finish() == 0

    def test_a_new_game_asks_before_replacing_a_saved_one(self, tmp_path: Path) -> None:
        draw_deal(tmp_path)
        program = Program(["--seed", "4"], tmp_path)
        text = program.read()
        assert "You have an unfinished game of Draw, hand 1." in text
        program.send("quit")
        assert program.finish() == 0
        assert "Your saved game is kept." in program.transcript
        assert read_save(tmp_path / "game.json").match.seed == 1

    @pytest.mark.parametrize("new", [False, True])
    def test_an_unreadable_save_is_kept_aside_not_written_over(
        self, tmp_path: Path, new: bool
    ) -> None:
        damaged = '{"format": "doublesix-terminal", "version": 1, "match": '
        (tmp_path / "game.json").write_text(damaged)
        resume = Program(["--resume"], tmp_path)
        assert resume.finish() == 1
        assert "Cannot go on: " in resume.transcript and "game.json is damaged" in resume.transcript
        program = Program(["--seed", "4", *(["--new"] if new else [])], tmp_path)
        text = program.read()
        kept = tmp_path / "game.unreadable.json"
        assert f"Your saved game cannot be read ({tmp_path / 'game.json'} is damaged" in text
        assert f"It is kept as {kept}; a new game starts." in text
        program.send("quit")
        assert program.finish() == 0
        assert kept.read_text() == damaged
        assert read_save(tmp_path / "game.json").match.seed == 4

    def test_a_save_from_a_newer_release_is_kept(self, tmp_path: Path) -> None:
        newer = '{"format": "doublesix-terminal", "version": 99}'
        (tmp_path / "daily.json").write_text(newer)
        (tmp_path / "daily.unreadable.json").write_text("older")
        program = Program(["--daily", "--date", "2026-11-30"], tmp_path)
        text = program.read()
        assert "Your saved daily game cannot be read" in text
        assert "newer than this release reads: update doublesix" in text
        program.send("quit")
        assert program.finish() == 0
        assert (tmp_path / "daily.unreadable.json").read_text() == "older"
        assert (tmp_path / "daily.unreadable-2.json").read_text() == newer
        assert read_save(tmp_path / "daily.json").daily == datetime.date(2026, 11, 30)

    def test_playouts_given_with_resume_apply_to_the_saved_game(self, tmp_path: Path) -> None:
        # Issue 17: --resume --playouts 2000 was silently ignored (the save kept 200000).
        hands, first = DRAW_DEAL
        boneyard = first + [t for t in rest_of_set(6, *hands) if t not in first]
        match = Match(Rules.variant("draw", target=0), seed=1, hands=hands, boneyard=boneyard)
        write_save(tmp_path / "game.json", Save(match, ["expert"], playouts=200000))
        program = Program(["--resume", "--playouts", "40"], tmp_path)
        text = program.read()
        assert "The expert now uses 40 playouts a move, for its moves and for hints " \
               "(the saved game used 200000)." in text
        assert read_save(tmp_path / "game.json").playouts == 40
        program.send("hint")
        assert "Hint: " in program.read(timeout=20)
        program.send("6 1")
        assert "Expert laid" in program.read(timeout=20)
        program.send("quit")
        assert program.finish() == 0
        # Kept for the next --resume; a bad value is refused before anything changes.
        assert read_save(tmp_path / "game.json").playouts == 40
        refused = Program(["--resume", "--playouts", "0"], tmp_path)
        assert refused.finish() == 2
        assert "--playouts must be at least 1" in refused.transcript
        assert read_save(tmp_path / "game.json").playouts == 40

    def test_the_daily_game_says_it_does_not_use_playouts(self, tmp_path: Path) -> None:
        for _ in range(2):  # a new daily game, then the same one resumed
            program = Program(["--daily", "--date", "2026-11-30", "--playouts", "40"], tmp_path)
            assert "The daily game's expert uses 1600 playouts a move, the same for everyone, " \
                   "so --playouts is not used." in program.read()
            program.send("quit")
            assert program.finish() == 0
            assert read_save(tmp_path / "daily.json").playouts == 1600

    def test_resume_without_a_save(self, tmp_path: Path) -> None:
        program = Program(["--resume"], tmp_path)
        assert program.finish() == 1
        assert "Cannot go on: there is no saved game in" in program.transcript

    def test_the_save_dir_comes_from_doublesix_home(self, tmp_path: Path) -> None:
        process = subprocess.run(
            [DOUBLESIX, "play", "--seed", "2", "--opponents", "greedy"],
            input=b"quit\n", capture_output=True, timeout=60,
            env={**os.environ, "DOUBLESIX_HOME": str(tmp_path)},
        )
        assert process.returncode == 0
        assert (tmp_path / "game.json").exists()


# -- the daily game and options -------------------------------------------------------------


class TestDailyAndOptions:
    """--daily deals the day's hand; bad options are refused clearly."""

    def test_daily(self, tmp_path: Path) -> None:
        program = Program(["--daily", "--date", "2026-11-30"], tmp_path)
        transcript = play_through(program)
        assert transcript.startswith("The daily game for 2026-11-30: one hand of Draw.")
        assert "This is your first attempt at today's deal: it counts for your streak." \
            in transcript
        assert "You play against Expert.\nExpert (level 8, Grandmaster) " in transcript
        daily = Match.daily(datetime.date(2026, 11, 30))
        opener = daily.history[1]
        assert f"laid {opener.tile} to open." in transcript
        saved = read_save(tmp_path / "daily.json")
        accuracy = review(saved.match, 0, hindsight=False).summary.accuracy
        shared = share_text(saved.match, datetime.date(2026, 11, 30), accuracy=accuracy)
        assert shared is not None and "|" not in shared
        assert re.search(r"; accuracy \d+%\.$", shared), shared
        assert f"To share your result, copy this line: {shared}\n" in transcript
        again = Program(["--daily", "--date", "2026-11-30"], tmp_path)
        assert "You have played today's deal before" in again.read()
        again.send("quit")
        assert again.finish() == 0

    def test_a_new_game_after_the_daily_game_is_saved_for_resume(self, tmp_path: Path) -> None:
        # Issue 17: the new game went into daily.json, where --resume does not look and the
        # next --daily writes over it.
        program = Program(["--daily", "--date", "2026-11-30"], tmp_path)
        text = to_the_end_of_the_game(program)
        program.send("yes")
        text = program.read()
        assert "A new game of Draw." in text
        program.send(answer(program, text, 1))
        program.read()
        program.send("quit")
        assert program.finish() == 0
        assert program.transcript.rstrip().endswith(f" play --save-dir {tmp_path} --resume")
        played = read_save(tmp_path / "game.json")
        assert played.daily is None and len(played.match.history) > 2
        # The daily game and its record are kept.
        daily = read_save(tmp_path / "daily.json")
        assert daily.daily == datetime.date(2026, 11, 30) and daily.match.is_over
        assert read_record(tmp_path)["2026-11-30"] in ("won", "lost", "drawn")
        # The next daily game leaves the new game alone, and --resume goes on with it.
        again = Program(["--daily", "--date", "2026-11-30"], tmp_path)
        assert "You have played today's deal before" in again.read()
        again.send("quit")
        assert again.finish() == 0
        resumed = Program(["--resume"], tmp_path)
        text = resumed.read()
        assert "Going on with your saved game, hand 1." in text
        assert "A new game" not in text and "daily game" not in text
        resumed.send("quit")
        assert resumed.finish() == 0
        assert read_save(tmp_path / "game.json").match.history == played.match.history

    def test_a_new_game_after_the_daily_game_asks_before_replacing_a_saved_one(
        self, tmp_path: Path
    ) -> None:
        draw_deal(tmp_path)
        program = Program(["--daily", "--date", "2026-11-30"], tmp_path)
        to_the_end_of_the_game(program)
        program.send("yes")
        text = program.read()
        assert "You have an unfinished game of Draw, hand 1." in text
        assert text.endswith("Start a new game instead, replacing it? Type yes or no: ")
        program.send("quit")
        assert program.finish() == 0
        assert program.transcript.rstrip().endswith("Your saved game is kept.\nGoodbye.")
        assert read_save(tmp_path / "game.json").match.seed == 1
        assert read_save(tmp_path / "daily.json").match.is_over

    @pytest.mark.parametrize(
        ("args", "message"),
        [
            (["--opponents", "nobody"], "unknown opponent 'nobody'"),
            (["--players", "2", "--opponents", "greedy,random"],
             "2 opponents named for 2 players"),
            (["--set", "6", "--players", "4", "--variant", "draw", "--target", "-1"],
             "Points to win is 0 (one hand) or more"),
            (["--teams", "--players", "3"], "Partners play four at a table"),
            (["--variant", "partnership", "--players", "2"], "Partners play four"),
        ],
    )
    def test_bad_options(self, tmp_path: Path, args: list[str], message: str) -> None:
        program = Program(args, tmp_path)
        assert program.finish() == 2
        assert message in program.transcript


# -- the commands the README gives and the game prints -----------------------------------------


def fresh_shell(tmp_path: Path) -> dict[str, str]:
    """The environment of a new shell after the README's set-up: .venv/bin is not on the PATH,
    and saves go to the default place, here inside ``tmp_path``."""
    env = {"PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": str(tmp_path / "home"),
           "XDG_DATA_HOME": str(tmp_path / "data"), "NO_COLOR": "1"}
    assert shutil.which("doublesix", path=env["PATH"]) is None
    return env


def in_shell(command: str, env: dict[str, str], typed: str = "quit\n"
             ) -> subprocess.CompletedProcess[str]:
    """``command`` run by bash in the checkout, as a person would type it, with ``typed`` in."""
    return subprocess.run(["bash", "-c", command], cwd=ROOT, env=env, input=typed, text=True,
                          capture_output=True, timeout=120)


def readme_terminal_commands() -> list[str]:
    """The commands of the README's "Play in the terminal" block, without their comments."""
    section = (ROOT / "README.md").read_text().split("## Play in the terminal", 1)[1]
    block = section.split("```sh\n", 1)[1].split("```", 1)[0]
    return [line.split("#", 1)[0].strip() for line in block.splitlines() if line.strip()]


class TestCommands:
    """Issue 17: the README's `doublesix play` and the game's own "doublesix play --resume"
    failed in a fresh shell, where .venv/bin is not on the PATH."""

    def test_the_readme_terminal_commands_work_as_written(self, tmp_path: Path) -> None:
        env = fresh_shell(tmp_path)
        commands = readme_terminal_commands()
        assert any("--resume" in command for command in commands)
        for command in commands:
            done = in_shell(command, env)
            assert done.returncode == 0, (command, done.stdout, done.stderr)
            assert "Cannot go on" not in done.stdout + done.stderr, command
            assert done.stdout.rstrip().endswith(("The game is saved. To go on, type: "
                                                  f"{command.split(' --')[0]} --resume",
                                                  "Your saved game is kept.",
                                                  "--daily")), (command, done.stdout)

    @pytest.mark.parametrize(
        ("started", "printed"),
        [
            ("scripts/play terminal --seed 4 --opponents greedy",
             "scripts/play terminal --resume"),
            ("./scripts/play terminal --variant block --target 0 --seed 4",
             "./scripts/play terminal --resume"),
            (".venv/bin/doublesix play --seed 4", ".venv/bin/doublesix play --resume"),
            ("cd scripts && ./play terminal --seed 4", "./play terminal --resume"),
            ("scripts/play terminal --daily --date 2026-11-30",
             "scripts/play terminal --date 2026-11-30 --daily"),
        ],
    )
    def test_the_printed_command_runs_as_printed(self, tmp_path: Path, started: str,
                                                 printed: str) -> None:
        env = fresh_shell(tmp_path)
        done = in_shell(started, env)
        assert done.returncode == 0, done.stderr
        last = done.stdout.rstrip().splitlines()[-1]
        assert last == f"The game is saved. To go on, type: {printed}", done.stdout
        where = "cd scripts && " if started.startswith("cd scripts") else ""
        again = in_shell(where + printed, env)
        assert again.returncode == 0, again.stderr
        assert "Going on with your saved game, hand 1." in again.stdout
        assert again.stdout.rstrip().endswith(printed)


class TestReview:
    """Issue 31: ``review`` after a hand and after the game, never during a hand."""

    def test_review_after_a_hand_and_the_game_and_not_during_one(self, tmp_path: Path) -> None:
        program = Program(["--variant", "all-fives", "--opponents", "greedy", "--seed", "5",
                           "--target", "100", "--playouts", "200"], tmp_path)
        text = program.read()
        assert text.endswith("Your move: ")
        program.send("review")
        text = program.read()
        assert "A review comes once the hand is over: nothing hidden is shown while it is in " \
               "play.\nYour move: " in text
        for turn in range(500):
            if text.endswith("Press Enter to deal hand 2, or type quit: "):
                break
            program.send(answer(program, text, turn))
            text = program.read()
        else:
            raise AssertionError(program.transcript)
        program.send("review")
        text = program.read()
        assert text.startswith("review\nThe expert's review of your moves, this hand:\n"
                               "Hand 1.\n"), text
        assert re.search(r"^Move \d+: you laid \d\|\d (on the \w+ (end|arm)|to open)", text,
                         re.MULTILINE), text
        assert re.search(r"^Hand 1: luck [+-]\d+\.\d points\.", text, re.MULTILINE), text
        assert re.search(r"^Accuracy: \d+%, \d+ of \d+ decisions best or good\.$", text,
                         re.MULTILINE), text
        assert "Hand 2." not in text
        assert text.endswith("Press Enter to deal hand 2, or type quit: ")
        program.send("")
        text = to_the_end_of_the_game(program)
        program.send("review")
        text = program.read()
        assert text.startswith("review\nThe expert's review of your moves, in this game:\n"
                               "Hand 1.\n"), text
        assert "\nHand 2.\n" in text
        assert text.endswith("Play a new game? Type yes or no: ")
        program.send("no")
        assert program.finish() == 0
