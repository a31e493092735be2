"""What a web table's picture says, read into the engine's own values for ``doublesix join``.

The server sends each seat a picture of the table (``docs/protocol.md``) with the seat's view
(``&view=1``), read as the protocol's models (:mod:`doublesix.protocol.pictures`).  These
functions only read it: the server referees, and the words are :mod:`doublesix.words.talk`'.

>>> from doublesix.protocol.pictures import SheetRow
>>> picture = Picture.model_construct(
...     scores=[10, 0], hand_number=1, result=None,
...     scoresheet=[SheetRow(hand=1, scores=[10, 0], scored=[10, 0], ending="went-out",
...                          winner=0, points=10, blocked=False, reached=False, how="")])
>>> [(row.number, row.scored, row.totals) for row in score_rows(picture)]
[(0, (10, 0), (10, 0)), (1, (0, 0), (10, 0))]
"""

from __future__ import annotations

from doublesix.engine.summary import HandOutcome, ScoreRow
from doublesix.engine.tiles import Tile
from doublesix.engine.view import View
from doublesix.protocol.messages import GameEvent
from doublesix.protocol.pictures import Picture, Table
from doublesix.protocol.wire import WAITING

__all__ = ["Picture", "ends_change", "hand_outcome", "is_waiting", "resigned_seat",
           "score_rows", "table_of"]


def table_of(picture: Picture | None) -> Table | None:
    """The picture's table (its stage, its seats, its host), or None when it has none.

    >>> table_of(None) is None
    True
    """
    return None if picture is None else picture.table


def is_waiting(picture: Picture | None) -> bool:
    """Whether the table is in its waiting room.

    >>> is_waiting(None)
    False
    """
    table = table_of(picture)
    return table is not None and table.stage == WAITING


def ends_change(picture: Picture, event: GameEvent) -> bool:
    """Whether ``event`` is the last of the events its change makes (``picture`` is the one
    sent with it): a lay, draw or pass is followed by ``end`` when it ended the hand; ``end``
    by ``over`` when the game is over; ``hand`` by the opening ``lay`` when the opening tile is
    laid for the leader; ``over`` and ``resign`` end the game.

    >>> end = GameEvent(kind="end", seat=0, tile=None, end=None, points=0, number=0,
    ...                 blocked=False)
    >>> ends_change(Picture.model_construct(over=True), end)
    False
    >>> ends_change(Picture.model_construct(over=False, result=None),
    ...             end.model_copy(update={"kind": "lay"}))
    True
    """
    kind = event.kind
    if kind in ("over", "resign"):
        return True
    if kind == "end":
        return not picture.over
    if kind == "hand":
        return not picture.played
    return picture.result is None and not picture.over


def resigned_seat(picture: Picture, view: View | None) -> int | None:
    """The seat that gave the game up, if one did: the view's history ends with the engine's
    ``resign`` event (an older server says it in the picture's ``resigned``).

    >>> from doublesix import Match, Rules
    >>> match = Match(Rules.variant("block"), seed=1)
    >>> match.resign(1)
    >>> resigned_seat(Picture.model_construct(resigned=None), match.view(0))
    1
    >>> resigned_seat(Picture.model_construct(resigned=0), None)
    0
    """
    if view is not None and view.history and view.history[-1].kind == "resign":
        return view.history[-1].seat
    return picture.resigned


def hand_outcome(picture: Picture) -> HandOutcome | None:
    """How the picture's hand ended, as the engine said it (None while it goes on)."""
    result = picture.result
    if result is None:
        return None
    return HandOutcome(
        number=picture.hand_number,
        ending=result.ending,
        winner=result.winner,
        points=result.points,
        scored=tuple(result.scored),
        hands=tuple(tuple(Tile.parse(t) for t in hand) for hand in result.hands),
        pips=tuple(result.pips),
    )


def score_rows(picture: Picture) -> list[ScoreRow]:
    """The scoresheet as the engine's rows, from ``picture`` (each hand's scores are the
    difference of the totals after it and before it); the hand in play last."""
    before = [0] * len(picture.scores)
    rows = []
    for row in picture.scoresheet:
        rows.append(ScoreRow(row.hand - 1,
                             tuple(t - b for t, b in zip(row.scores, before, strict=True)),
                             row.ending, row.winner, row.points, tuple(row.scores)))
        before = row.scores
    if picture.result is None:
        rows.append(ScoreRow(picture.hand_number,
                             tuple(s - b for s, b in zip(picture.scores, before, strict=True)),
                             None, None, 0, tuple(picture.scores)))
    return rows
