"""A lesson in play on the web (issue 44): one socket's :class:`~doublesix.ai.lessons.Tutor`,
held in memory by the server and never stored (a lesson is never rated and never counted in
the statistics), and the messages it sends: the game's own ``state`` and ``event`` messages,
with the same pictures the game screen shows (:mod:`doublesix.web.play.pictures`), and the
coach's ``coach`` message (:func:`coach_json`).

A lost connection comes back with the person's moves that stood (the coach message's
``moves``, the socket's ``moves=``): :meth:`Tutor.replay` brings the lesson back to them.

>>> lesson = LessonTable("muggins")
>>> [m["type"] for m in lesson.opening()]
['state', 'coach']
>>> [m["type"] for m in lesson.heard(ClientMessage("lesson-next"))]
['coach']
>>> said = lesson.heard(ClientMessage("play", "1|0"))  # a wrong move: played, then taken back
>>> [m["type"] for m in said], said[-1]["wrong"]
(['event', 'state', 'coach'], True)
>>> "1|0" in said[0]["state"]["hand"], "1|0" in said[1]["state"]["hand"]  # it came back
(False, True)
>>> [m["type"] for m in lesson.heard(ClientMessage("play", "6|0"))][-1]
'coach'
>>> LessonTable("muggins", "6|0 left").opening()[-1]["step"]
3
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Final

from doublesix.ai.lessons import LESSONS, YOU, Lesson, LessonError, Tutor, Wrong
from doublesix.engine.events import Event
from doublesix.engine.match import Match
from doublesix.engine.moves import Move
from doublesix.protocol.lessons import played
from doublesix.web.play import pictures
from doublesix.web.play.gameinfo import ClientMessage, GameInfo, ProtocolError
from doublesix.words import lessonwords

Message = dict[str, Any]

#: The moves that are events of their own (the others, a hand's end and the game's, come
#: with them).
_MOVES: Final = ("lay", "draw", "pass")


class LessonTable:
    """The lesson of ``variant`` at one socket, brought to the standing ``moves`` (their text,
    comma-separated; a lesson they do not fit starts again from its beginning)."""

    def __init__(self, variant: str, moves: str = "") -> None:
        self.lesson: Lesson = LESSONS[variant]
        self.tutor = Tutor(self.lesson)
        if moves:
            try:
                self.tutor.replay(played(moves))
            except (ValueError, LessonError):  # IllegalMoveError is a ValueError
                self.tutor = Tutor(self.lesson)
        self.info = GameInfo(f"lesson-{variant}", names=lessonwords.names(self.tutor),
                             kinds=self.lesson.kinds)

    def opening(self) -> list[Message]:
        """What a socket is sent as it opens: the picture, and what the coach says now."""
        return [self.state(self.tutor.match), coach_json(self.tutor)]

    def heard(self, message: ClientMessage) -> list[Message]:
        """The messages that answer one of the person's (:class:`ProtocolError` for one a
        lesson does not take, ``IllegalMoveError`` for a move that is not legal)."""
        tutor = self.tutor
        if message.kind == "lesson-next":
            if tutor.waits != "next":
                raise ProtocolError(lessonwords.not_now())
            tutor.next()
            return [coach_json(tutor)]
        if message.kind != "play" or message.move is None:
            raise ProtocolError(lessonwords.not_in_lesson())
        if tutor.waits != "move" or tutor.match.turn != YOU:
            raise ProtocolError(lessonwords.not_now())
        before = len(tutor.match.history)
        answer = tutor.move(Move.parse(message.move))
        if answer.taken is not None:
            # The wrong move as it was played, then the table as it was, then why.
            shown = list(self.events(answer.taken, before))
            return [*shown, self.state(tutor.match), coach_json(tutor, answer.wrong)]
        return [*self.events(tutor.match, before), coach_json(tutor)]

    def picture(self, match: Match) -> dict[str, Any]:
        """The person's picture of ``match``: the game screen's own, without a take-back (the
        coach takes a wrong move back)."""
        shown = pictures.picture(match, self.info, YOU)
        shown["can_undo"] = False
        return shown

    def state(self, match: Match) -> Message:
        """The ``state`` message of ``match`` now."""
        return {"type": "state", "state": self.picture(match)}

    def events(self, match: Match, before: int) -> Iterator[Message]:
        """An ``event`` message for each event of ``match`` from ``before``, each with the
        picture as it stood just after it (the lesson's deal played again to there)."""
        history = match.history
        again = self.lesson.deal()
        moves = iter(_moves(history[len(again.history):]))
        shown: tuple[int, dict[str, Any]] | None = None
        for index in range(before, len(history)):
            while len(again.history) <= index:
                again.play(next(moves))
            if shown is None or shown[0] != len(again.history):
                shown = (len(again.history), self.picture(again))
            event = history[index]
            yield {
                "type": "event",
                "event": pictures.event_json(event, YOU),
                "text": pictures.event_text(event, self.info, YOU),
                "short": pictures.event_short(event, self.info, YOU),
                "state": shown[1],
            }


def _moves(events: list[Event]) -> Iterator[Move]:
    """The moves that made ``events`` (a run of draws one draw each)."""
    for event in events:
        if event.kind == "lay" and event.tile is not None:
            yield Move(event.tile, event.end)
        elif event.kind == "draw":
            yield from [Move.draw()] * event.number
        elif event.kind == "pass":
            yield Move.pass_()


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
        "text": lessonwords.step_words(tutor) if wrong is None
        else lessonwords.wrong_words(tutor, wrong),
        "wrong": wrong is not None,
        "next_label": lessonwords.next_button(),
        "moves": ",".join(str(move) for move in tutor.played),
    }
