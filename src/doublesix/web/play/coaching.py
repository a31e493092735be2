"""The coach in the web game (issue 44): when a person's move asked for it (``play``'s
``coach``, the browser's setting) lost much more than the best move, the seat is told at once,
in a ``coach`` message, and the computers answer only after it.

The judgement (:func:`doublesix.ai.coach.advise`) is the review's, from the seat's view before
the move (never the hidden hands), at the review's budget and with the review's random numbers
for that decision, so the review later marks the same move a mistake or a blunder.  It runs in
the search processes (:mod:`~doublesix.web.play.searchers`); while it runs the game's
:attr:`~doublesix.web.play.live.Game.coaching` count holds the computers back
(:meth:`~doublesix.web.play.computers.Computers.advance`).  The move itself stands: Take back
is the person's to use, and the coach says so while it may be used.

The coach speaks only in a game against the computers that is not the daily game
(:func:`coach_allowed`): never at a table of people (rated or not: help the others at the table
do not have), nor in the daily game, whose first attempt counts for the streak.

>>> from doublesix.web.play.gameinfo import GameInfo
>>> coach_allowed(GameInfo("g", names=["You", "Greedy"], kinds=["human", "greedy"]))
True
>>> coach_allowed(GameInfo("g", names=["You", "Greedy"], kinds=["human", "greedy"], daily="d"))
False
"""

from __future__ import annotations

import logging
from typing import NamedTuple

from doublesix.ai.coach import Advice, advise
from doublesix.ai.seeding import move_rng
from doublesix.engine.match import Match
from doublesix.engine.moves import Move
from doublesix.engine.view import View
from doublesix.web.play import gameinfo, pictures
from doublesix.web.play.gameinfo import GameInfo
from doublesix.web.play.live import Game, Message
from doublesix.web.play.searchers import Searchers
from doublesix.words import coachwords

log = logging.getLogger("doublesix.web")


def coach_allowed(info: GameInfo) -> bool:
    """Whether the coach may speak in this game: against the computers only, not the daily
    game."""
    return info.table is None and info.daily is None


class Asked(NamedTuple):
    """A move the coach is to judge: the seat's view before it, the move as the engine
    resolved it, and the review's seed for that decision (:func:`move_rng`'s arguments)."""

    seat: int
    view: View
    move: Move
    key: tuple[int, int, int, int]


def asked(match: Match, info: GameInfo, seat: int, text: str) -> Asked | None:
    """Before ``seat`` plays ``text`` in ``match``: what the coach is to judge, or None where it
    does not speak (:func:`coach_allowed`) or the move is not one of the legal moves (the
    engine then refuses it)."""
    if not coach_allowed(info) or match.turn != seat:
        return None
    try:
        move = match.state.resolve(Move.parse(text))
    except ValueError:
        return None
    return Asked(seat, match.view(seat), move,
                 (match.seed, match.hand_number, seat, len(match.history)))


def judge(view: View, move: Move, key: tuple[int, int, int, int], playouts: int
          ) -> Advice | None:
    """The coach's advice (run in a search process)."""
    return advise(view, move, move_rng(*key), playouts)


def coach_message(advice: Advice, can_take_back: bool) -> Message:
    """The ``coach`` message for ``advice``.

    >>> from doublesix.ai.coach import Advice
    >>> message = coach_message(Advice(Move.parse("6|2 right"), Move.parse("4|4 left"), 0.2,
    ...                                "blunder", "scores", best_scores=20, board_count=20), True)
    >>> message["move"], message["mark"], message["take_back"] is not None
    ('4|4 left', 'blunder', True)
    """
    return {"type": "coach", **pictures.move_json(advice.best), "mark": advice.mark,
            "words": coachwords.coach_sentence(advice),
            "take_back": coachwords.take_back() if can_take_back else None}


async def speak(game: Game, job: Asked, searchers: Searchers, playouts: int) -> None:
    """Judge the move ``job`` (played already) and tell its seat's sockets if it was a mistake
    or a blunder; the computers wait meanwhile (the caller counted it in ``game.coaching``
    and lets them play after)."""
    try:
        advice = await searchers.run(judge, job.view, job.move, job.key, playouts)
    except Exception:
        log.exception("the coach failed in game %s", game.id)
        return
    if advice is None:
        return
    can_take_back = gameinfo.undo_allowed(game.match, game.info, job.seat)
    message = coach_message(advice, can_take_back)
    for connection in game.connections:
        if connection.seat == job.seat:
            connection.send(message)
