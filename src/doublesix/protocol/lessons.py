"""A lesson's coach, as the browser and the terminal are both told it (issue 44): the
``coach`` message (what the coach says now, and what the lesson waits for) and the
``lesson-next`` request, and the coach's words worked out once from the runner
(:class:`doublesix.ai.lessons.Tutor`) for every face.

>>> from doublesix.ai.lessons import LESSONS, Tutor
>>> tutor = Tutor(LESSONS["draw"])
>>> coach = coach_json(tutor)
>>> coach["waits"], coach["step"], coach["steps"]
('next', 1, 8)
>>> CoachMessage.model_validate(coach).type
'coach'
"""

from __future__ import annotations

from typing import Any

from doublesix.ai.lessons import YOU, Tutor, Wrong
from doublesix.engine.moves import Move
from doublesix.protocol.messages import CoachMessage, LessonNextRequest
from doublesix.words import lessonwords, players
from doublesix.words.names import YOU_NAME

__all__ = ["CoachMessage", "LessonNextRequest", "coach_json", "names", "played",
           "step_words", "wrong_words"]


def names(tutor: Tutor) -> list[str]:
    """Each seat's name in the lesson: you, and the computers by their names.

    >>> from doublesix.ai.lessons import LESSONS
    >>> names(Tutor(LESSONS["partnership"]))
    ['You', 'Pinocchio', 'Snow White', 'Buratino']
    """
    return [YOU_NAME if kind == "human" else players.label(kind)
            for kind in tutor.lesson.kinds]


def step_words(tutor: Tutor) -> str:
    """What the coach says at the step the lesson is at (its last words once done)."""
    step = tutor.step
    match = tutor.match
    if step is None:
        return lessonwords.done_sentence(match.scores[YOU])
    shown = names(tutor)
    tile = next((want.split()[0] for want in step.moves), "")
    partner = match.rules.partner_of(YOU)
    return lessonwords.step_sentence(
        step.key, tile=tile, name=shown[(YOU + 1) % match.rules.players],
        partner="" if partner is None else shown[partner], count=match.board_count)


def wrong_words(tutor: Tutor, wrong: Wrong) -> str:
    """Why a move was worse, and that it is taken back."""
    shown = names(tutor)
    return lessonwords.wrong_sentence(
        wrong.kind, wrong.played, wrong.better, points=wrong.points,
        better_points=wrong.better_points, better_count=wrong.better_count, pips=wrong.pips,
        better_pips=wrong.better_pips, name="" if wrong.seat is None else shown[wrong.seat],
        number=wrong.number)


def coach_json(tutor: Tutor, wrong: Wrong | None = None) -> dict[str, Any]:
    """The ``coach`` message now: the step's words, or after a wrong move its explanation."""
    step, steps = min(tutor.index + 1, len(tutor.lesson.steps)), len(tutor.lesson.steps)
    return {
        "type": "coach",
        "variant": tutor.lesson.variant,
        "step": step,
        "steps": steps,
        "progress": lessonwords.progress(step, steps),
        "waits": tutor.waits,
        "text": step_words(tutor) if wrong is None else wrong_words(tutor, wrong),
        "wrong": wrong is not None,
        "next_label": lessonwords.next_button(),
        "moves": ",".join(str(move) for move in tutor.played),
    }


def played(moves: str) -> list[Move]:
    """The person's standing moves from their text, comma-separated (a socket's ``moves=``,
    which brings a lesson back to where it was after a lost connection).

    >>> played("6|4 left,draw")
    [Move(Tile(6, 4), 'left'), Move.draw()]
    """
    return [Move.parse(text) for text in moves.split(",") if text.strip()]
