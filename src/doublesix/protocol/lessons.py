"""A lesson on the wire (issue 44): the ``coach`` message (what the coach says now, and what
the lesson waits for: :func:`doublesix.web.play.lessons.coach_json` fills it), the
``lesson-next`` request, and the person's standing moves as a socket's ``moves=`` carries them.
"""

from __future__ import annotations

from doublesix.engine.moves import Move
from doublesix.protocol.messages import CoachMessage, LessonNextRequest

__all__ = ["CoachMessage", "LessonNextRequest", "played"]


def played(moves: str) -> list[Move]:
    """The person's standing moves from their text, comma-separated (a socket's ``moves=``,
    which brings a lesson back to where it was after a lost connection).

    >>> played("6|4 left,draw")
    [Move(Tile(6, 4), 'left'), Move.draw()]
    """
    return [Move.parse(text) for text in moves.split(",") if text.strip()]
