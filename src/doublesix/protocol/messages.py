"""The WebSocket's messages, both ways (``docs/protocol.md``): each a model whose ``type`` names
it, and :class:`ServerMessage` and :class:`ClientMessage`, the unions discriminated on
``type`` that the published schema (:mod:`doublesix.protocol.schema`) describes.

>>> ClientMessage.model_validate({"type": "play", "move": "6|4 left"}).root
PlayMessage(type='play', move='6|4 left', coach=False)
>>> message = ServerMessage.model_validate({"type": "thinking", "seat": 1}).root
>>> type(message).__name__, message.seat
('ThinkingMessage', 1)
>>> sorted(SERVER_TYPES)[:4]
['again', 'chat', 'coach', 'error']
"""

from __future__ import annotations

from typing import Annotated, Final, Literal, get_args

from pydantic import Field, RootModel

from doublesix.protocol.model import End, EventKind, Model, Variant
from doublesix.protocol.pictures import Picture, RoomWords, Table

# -- the server's messages ------------------------------------------------------------------


class GameEvent(Model):
    """A public event (:class:`doublesix.engine.events.Event`): a drawn tile is named only to
    its drawer."""

    kind: EventKind
    seat: int | None
    tile: str | None
    end: End | None
    points: int
    number: int
    blocked: bool


class StateMessage(Model):
    """The whole picture for this seat: on connecting, and after a change that has no event."""

    type: Literal["state"]
    state: Picture


class EventMessage(Model):
    """One thing happened: in words (``text``), in the fewest words (``short``), and the
    picture after it."""

    type: Literal["event"]
    event: GameEvent
    text: str
    short: str
    state: Picture


class ThinkingMessage(Model):
    """A computer player has started to think."""

    type: Literal["thinking"]
    seat: int


class HintMessage(Model):
    """The answer to a ``hint``: the expert's move (``tile`` and ``end`` None for a draw or a
    pass), why, and the hint line as the page shows and says it."""

    type: Literal["hint"]
    move: str
    tile: str | None
    end: End | None
    reason: str
    words: str


class CoachMessage(Model):
    """The coach (issue 44), sent to the seat that moved when it asked (``play``'s ``coach``)
    in a game against the computers and the move lost much more than the best: the better
    ``move`` (``tile`` and ``end`` None for a draw or a pass), the review's ``mark`` of the
    move played, ``words`` (the better move and why, one sentence), ``take_back`` (a
    sentence, while the move may be taken back; else null) and ``casual`` (a sentence, the first
    time the coach helps in a game that was to be rated: from then on it moves no rating; else
    null).  It comes before the computers' answers."""

    type: Literal["coach"]
    move: str
    tile: str | None
    end: End | None
    mark: Literal["mistake", "blunder"]
    words: str
    take_back: str | None
    casual: str | None = None


class ErrorMessage(Model):
    """A message refused, in words; nothing changed."""

    type: Literal["error"]
    message: str


class NoticeMessage(Model):
    """Something everyone at the table is told in words (the database away, and back)."""

    type: Literal["notice"]
    notice: Literal["saving-failed", "saved", "taken-back"]
    message: str


class TableMessage(Model):
    """The table changed: ``text`` (may be null) is said to everyone else; ``room`` holds the
    waiting room's words while the table waits."""

    type: Literal["table"]
    table: Table
    text: str | None
    room: RoomWords | None


class AgainMessage(Model):
    """Everyone agreed to play again: the new game, with the same seats and tokens."""

    type: Literal["again"]
    game_id: str
    text: str


class ChatMessage(Model):
    """Someone at a table of people said a quick chat ``phrase`` (its key): ``label`` is the
    phrase as shown by the sender's ``seat``, ``text`` the sentence everyone is told
    ("Ana: Good luck!")."""

    type: Literal["chat"]
    seat: int
    phrase: str
    label: str
    text: str


class LessonMessage(Model):
    """A lesson's coach (``/ws/lessons/{variant}``, issue 44): what the coach says now
    (``text``, a whole sentence or two, said at once to a screen reader), at step ``step`` of
    ``steps`` (from 1), and what the lesson waits for: ``next`` (a step that only explains: the
    Next button, labelled ``next_label``), ``move`` (the person's move) or ``done``.
    ``progress`` says the step in words ("Step 2 of 6").
    ``wrong``: the text explains a move that was then taken back.  ``moves``: the person's
    moves that stood, comma-separated, which bring the lesson back to where it is on a new
    socket (its ``moves=``)."""

    type: Literal["lesson"]
    variant: Variant
    step: int
    steps: int
    progress: str
    waits: Literal["next", "move", "done"]
    text: str
    wrong: bool
    next_label: str
    moves: str


#: Any message from the server, as its own model.
AnyServerMessage = (StateMessage | EventMessage | ThinkingMessage | HintMessage | CoachMessage
                    | ErrorMessage | NoticeMessage | TableMessage | AgainMessage | ChatMessage
                    | LessonMessage)


class ServerMessage(RootModel[Annotated[AnyServerMessage, Field(discriminator="type")]]):
    """A message from the server."""


#: The types of the server's messages this release knows.
SERVER_TYPES: Final = frozenset(
    get_args(model.model_fields["type"].annotation)[0] for model in get_args(AnyServerMessage))


# -- the client's messages ------------------------------------------------------------------


class PlayMessage(Model):
    """Lay, draw or pass (only on your turn): ``"6|4 left"``, ``"draw"``, ``"pass"``.  With
    ``coach`` true, the coach judges the move (a game against the computers only, never the
    daily game or a table of people) and says so at once if it lost much more than the best
    (a ``coach`` message, before the computers answer)."""

    type: Literal["play"]
    move: str = Field(pattern=r"\S")
    coach: bool = False


class NextMessage(Model):
    """Deal the next hand once a hand has ended."""

    type: Literal["next"]


class HintRequest(Model):
    """Ask for the expert's suggestion (only on your turn)."""

    type: Literal["hint"]


class ResignMessage(Model):
    """End the game now (a loss)."""

    type: Literal["resign"]


class StartMessage(Model):
    """The host starts the table's game (waiting, every person seat joined)."""

    type: Literal["start"]


class SeatMessage(Model):
    """Give a seat to a computer ``player`` (a name of ``doublesix.ai.PLAYERS``): an untaken
    person seat while waiting (the host), or a stand-in for a person away while playing."""

    type: Literal["seat"]
    seat: int = Field(ge=0, le=3)
    player: str


class AgainRequest(Model):
    """Once the game is over: play again with the same seats."""

    type: Literal["again"]


class ChatRequest(Model):
    """At a table of people, say a quick chat phrase by its key (``"good-luck"``: one of
    ``doublesix.words.chatwords.PHRASES``) to everyone seated there."""

    type: Literal["chat"]
    phrase: str


class UndoRequest(Model):
    """In a game against computers only (not the daily game), while the hand is in play: take
    back your last choice and the computers' answers to it (the picture's ``can_undo``).  The
    game is then casual: it moves no rating."""

    type: Literal["undo"]


class LessonNextRequest(Model):
    """In a lesson, go on from a step that only explains (the coach's Next)."""

    type: Literal["lesson-next"]


#: Any message to the server, as its own model.
AnyClientMessage = (PlayMessage | NextMessage | HintRequest | ResignMessage | StartMessage
                    | SeatMessage | AgainRequest | ChatRequest | UndoRequest
                    | LessonNextRequest)


class ClientMessage(RootModel[Annotated[AnyClientMessage, Field(discriminator="type")]]):
    """A message to the server."""
