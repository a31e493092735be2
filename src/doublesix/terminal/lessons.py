"""``doublesix learn VARIANT``: a game's lesson in the terminal (issue 44), the same lessons
and the same words as the browser's: the coach's sentence at each step, Enter at a step that
only explains, a tile typed as in ``doublesix play`` (``6 4``, ``6 4 left``, ``draw``, or Enter
to draw when nothing fits), a wrong move played, explained and taken back; when the hand ends,
its result as ``play`` says it.
"""

from __future__ import annotations

import argparse
import sys
from typing import TextIO

from doublesix.ai.lessons import LESSONS, YOU, Tutor
from doublesix.engine.events import Event, public
from doublesix.engine.moves import IllegalMoveError, Move
from doublesix.engine.rules import VARIANTS
from doublesix.terminal.app import add_language_argument, language
from doublesix.terminal.commands import CommandError, Lay, Word, parse
from doublesix.terminal.console import Console
from doublesix.words import i18n, lessonwords, sessionwords, talk
from doublesix.words.i18n import _


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``doublesix learn``."""
    parser.add_argument("variant", choices=VARIANTS, metavar="VARIANT",
                        help="the game to learn: " + ", ".join(VARIANTS))
    add_language_argument(parser)


def run(args: argparse.Namespace, input: TextIO | None = None,
        output: TextIO | None = None) -> int:
    """Take the lesson, reading lines from ``input``; 0 at its end or when the input ends."""
    with i18n.using(language(args)):
        console = Console(input if input is not None else sys.stdin,
                          output if output is not None else sys.stdout)
        return learn(args.variant, console)


class _Quit(Exception):
    """The person typed quit."""


def learn(variant: str, console: Console) -> int:
    """The lesson of ``variant`` at ``console``; 0 at its end, when the input ends or the
    person types quit."""
    try:
        return _lesson(variant, console)
    except _Quit:
        return 0


def _lesson(variant: str, console: Console) -> int:
    tutor = Tutor(LESSONS[variant])
    shown = lessonwords.names(tutor)
    _tell(console, tutor.match.history, shown)
    while True:
        console.say(lessonwords.step_words(tutor))
        if tutor.done:
            return 0
        if tutor.waits == "next":
            if console.ask(_(lessonwords.NEXT_PROMPT) + " ") is None:
                return 0
            tutor.next()
            continue
        view = tutor.match.view(YOU)
        console.say(talk.ends_sentence(view))
        console.say(talk.hand_sentence(view))
        while True:
            line = console.ask(_("Your move: "))
            if line is None:
                return 0
            if not line.strip() and Move.draw() in tutor.match.legal_moves():
                line = "draw"  # Enter draws, as in play (the hand's line says so)
            move = _move(console, line, tutor.match.rules.set)
            if move is None:
                continue
            try:
                answer = tutor.move(move)
            except IllegalMoveError as error:
                console.error(str(error))
                continue
            break
        _tell(console, answer.events, shown)
        if answer.wrong is not None:
            console.say(lessonwords.wrong_words(tutor, answer.wrong))
        elif any(event.kind == "end" for event in answer.events):
            for line in talk.hand_end_lines(tutor.match, shown):
                console.say(line)


def _move(console: Console, line: str, top: int) -> Move | None:
    """The move typed, or None (what to type instead said)."""
    try:
        command = parse(line, top)
    except CommandError as error:
        console.error(str(error))
        return None
    if isinstance(command, Lay):
        return Move(command.tile, command.end)
    assert isinstance(command, Word)
    if command.name in ("draw", "pass"):
        return Move.draw() if command.name == "draw" else Move.pass_()
    if command.name == "quit":
        raise _Quit
    console.error(_(sessionwords.TYPE_A_TILE))
    return None


def _tell(console: Console, events: list[Event], shown: list[str]) -> None:
    """Say the events as the person may know them (the computers' draws not named)."""
    for event in public(events, YOU):
        sentence = talk.event_sentence(event, shown)
        if sentence:
            console.say(sentence)
