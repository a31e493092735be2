"""``doublesix learn``: the Muggins lesson taken to its end in the terminal, a wrong move
explained in the coach's exact words and taken back (issue 44)."""

from __future__ import annotations

import io
import subprocess
import sys

from doublesix.ai.lessons import LESSONS, Tutor
from doublesix.cli import build_parser
from doublesix.terminal.lessons import run
from tests.support.lessons import better_move

#: The Muggins lesson's moves, a wrong one (1|0 beside the spinner) first.
MUGGINS = ["", "1 0", "6 0", "4 0", "4 1 up", "1 0 down", "6 1 left"]


def lesson(variant: str, lines: list[str], *extra: str) -> str:
    args = build_parser("learn").parse_args(["learn", variant, *extra])
    out = io.StringIO()
    assert run(args, io.StringIO("\n".join(lines) + "\n"), out) == 0
    return out.getvalue()


def test_learn_muggins_to_its_end_with_a_wrong_move_explained() -> None:
    said = lesson("muggins", MUGGINS)
    assert said.startswith("Pinocchio laid 0|0 to open.\nWelcome to Muggins.")
    assert ("1|0 keeps 6|0 in your hand, and its 6 pips count against you when the hand "
            "ends. Let's take that back and try 6|0.") in said
    assert said.count("Lay the heavier of your matching tiles, 6|0, beside the spinner.") == 2
    assert "You laid 4|0 on the up arm, scoring 15." in said
    assert said.rstrip().endswith("Lesson complete: you finished with 40 points. Start a game "
                                  "of your own whenever you like.")


def test_learn_speaks_the_language_asked() -> None:
    said = lesson("muggins", MUGGINS[:3], "--lang", "es")
    assert "Deshagamos esa jugada y probemos con 6|0." in said


def test_learn_is_a_command_of_the_program() -> None:
    done = subprocess.run([sys.executable, "-m", "doublesix.cli", "learn", "block"],
                          input="\n2 1\n3 1\n2 1\n5 2\n\n", capture_output=True, text=True,
                          timeout=60, check=True)
    assert "Let's take that back and try 3|1." in done.stdout
    assert "Lesson complete" in done.stdout


def typed(variant: str) -> list[str]:
    """What a person types to take the lesson of ``variant`` without a wrong move: Enter at a
    step that only explains and for a draw, else the tile the step wants with its end."""
    tutor = Tutor(LESSONS[variant])
    lines: list[str] = []
    while not tutor.done:
        if tutor.waits == "next":
            tutor.next()
            lines.append("")
            continue
        step = tutor.step
        assert step is not None
        move = better_move(tutor)
        tile = move.tile
        lines.append("" if tile is None else f"{tile.high} {tile.low} {move.end or ''}")
        assert tutor.move(move).wrong is None
    return lines


def test_learn_draw_draws_on_enter_and_says_the_hands_result() -> None:
    lines = typed("draw")
    assert "" in lines[1:], "the Draw lesson draws"
    said = lesson("draw", lines)
    assert "You drew" in said
    assert "Hand 1 is over. You went out and score" in said
    assert said.rstrip().endswith("Start a game of your own whenever you like.")
