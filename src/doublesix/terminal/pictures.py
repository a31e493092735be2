"""What a web table's picture says, read into the engine's own values for ``doublesix join``.

The server sends each seat a picture of the table (``docs/protocol.md``) with the seat's view
(``&view=1``).  These functions only read it: the server referees, and the words are
:mod:`doublesix.words.talk`'.

>>> picture = {"scores": [10, 0], "hand_number": 1, "result": None,
...            "scoresheet": [{"hand": 1, "scores": [10, 0], "ending": "went-out",
...                            "winner": 0, "points": 10}]}
>>> [(row.number, row.scored, row.totals) for row in score_rows(picture)]
[(0, (10, 0), (10, 0)), (1, (0, 0), (10, 0))]
"""

from __future__ import annotations

from typing import Any

from doublesix.engine.outcome import Ending
from doublesix.engine.summary import HandOutcome, ScoreRow
from doublesix.engine.tiles import Tile
from doublesix.engine.view import View
from doublesix.protocol.wire import WAITING

Picture = dict[str, Any]


def table_of(picture: Picture | None) -> dict[str, Any]:
    """The picture's table: its stage, its seats, its host ({} when it has none).

    >>> table_of({"table": {"stage": "waiting"}}), table_of(None)
    ({'stage': 'waiting'}, {})
    """
    table = None if picture is None else picture.get("table")
    return table if isinstance(table, dict) else {}


def is_waiting(picture: Picture | None) -> bool:
    """Whether the table is in its waiting room.

    >>> is_waiting({"table": {"stage": "waiting"}}), is_waiting({"table": None})
    (True, False)
    """
    return table_of(picture).get("stage") == WAITING


def ends_change(picture: Picture, event: dict[str, Any]) -> bool:
    """Whether ``event`` is the last of the events its change makes (``picture`` is the one
    sent with it): a lay, draw or pass is followed by ``end`` when it ended the hand; ``end``
    by ``over`` when the game is over; ``hand`` by the opening ``lay`` when the opening tile is
    laid for the leader; ``over`` and ``resign`` end the game.

    >>> ends_change({"over": True, "result": {}}, {"kind": "end"})
    False
    >>> ends_change({"over": False, "result": None}, {"kind": "lay"})
    True
    """
    kind = event.get("kind")
    if kind in ("over", "resign"):
        return True
    if kind == "end":
        return not picture["over"]
    if kind == "hand":
        return not picture["played"]
    return picture["result"] is None and not picture["over"]


def resigned_seat(picture: Picture, view: View | None) -> int | None:
    """The seat that gave the game up, if one did: the view's history ends with the engine's
    ``resign`` event (an older server says it in the picture's ``resigned``).

    >>> from doublesix import Match, Rules
    >>> match = Match(Rules.variant("block"), seed=1)
    >>> match.resign(1)
    >>> resigned_seat({}, match.view(0)), resigned_seat({"resigned": 0}, None)
    (1, 0)
    """
    if view is not None and view.history and view.history[-1].kind == "resign":
        return view.history[-1].seat
    seat = picture.get("resigned")
    return seat if isinstance(seat, int) else None


def hand_outcome(picture: Picture) -> HandOutcome | None:
    """How the picture's hand ended, as the engine said it (None while it goes on)."""
    result = picture["result"]
    if result is None:
        return None
    return HandOutcome(
        number=int(picture["hand_number"]),
        ending=Ending(result["ending"]),
        winner=result["winner"],
        points=int(result["points"]),
        scored=tuple(int(n) for n in result["scored"]),
        hands=tuple(tuple(Tile.parse(t) for t in hand) for hand in result["hands"]),
        pips=tuple(int(n) for n in result["pips"]),
    )


def score_rows(picture: Picture) -> list[ScoreRow]:
    """The scoresheet as the engine's rows, from ``picture`` (each hand's scores are the
    difference of the totals after it and before it); the hand in play last."""
    players = len(picture["scores"])
    before = [0] * players
    rows = []
    for row in picture["scoresheet"]:
        totals = [int(n) for n in row["scores"]]
        rows.append(ScoreRow(int(row["hand"]) - 1,
                             tuple(t - b for t, b in zip(totals, before, strict=True)),
                             Ending(row["ending"]), row["winner"], int(row["points"]),
                             tuple(totals)))
        before = totals
    if picture["result"] is None:
        scores = [int(n) for n in picture["scores"]]
        rows.append(ScoreRow(int(picture["hand_number"]),
                             tuple(s - b for s, b in zip(scores, before, strict=True)),
                             None, None, 0, tuple(scores)))
    return rows

