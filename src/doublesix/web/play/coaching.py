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

A game the coach helps in is casual (:func:`doublesix.ai.ratings.casual`): before the seat hears
the coach, the game's ``coached`` is saved (:func:`note_help`), and the first time, in a game
that was to be rated, the coach's message says that it no longer counts for the rating.  Words
on the move that ended the game help in none of its moves (it was rated as it ended): they are
said, and change nothing.

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
from doublesix.ai.ratings import casual, coach_helps
from doublesix.ai.seeding import move_rng
from doublesix.engine.match import Match
from doublesix.engine.moves import Move
from doublesix.engine.view import View
from doublesix.web.play import gameinfo, pictures
from doublesix.web.play.gameinfo import GameInfo
from doublesix.web.play.live import Game, Message
from doublesix.web.play.searchers import Searchers
from doublesix.web.routes.errors import NotNowError
from doublesix.web.storage.ratings import rated_seats
from doublesix.web.storage.saving import Saving
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


def coach_message(advice: Advice, can_take_back: bool, now_casual: bool = False) -> Message:
    """The ``coach`` message for ``advice`` (``now_casual``: the first time the coach helps in
    a game that was to be rated, which it then says).

    >>> from doublesix.ai.coach import Advice
    >>> message = coach_message(Advice(Move.parse("6|2 right"), Move.parse("4|4 left"), 0.2,
    ...                                "blunder", "scores", best_scores=20, board_count=20), True)
    >>> message["move"], message["mark"], message["take_back"] is not None, message["casual"]
    ('4|4 left', 'blunder', True, None)
    """
    return {"type": "coach", **pictures.move_json(advice.best), "mark": advice.mark,
            "words": coachwords.coach_sentence(advice),
            "take_back": coachwords.take_back() if can_take_back else None,
            "casual": coachwords.now_casual() if now_casual else None}


async def note_help(game: Game, seat: int, saving: Saving) -> bool:
    """Before the coach speaks to ``seat``: note in ``game`` that the coach helped, saved, while
    the game goes on (:func:`~doublesix.ai.ratings.coach_helps`); whether that made casual a
    game that was to be rated for ``seat`` (the coach then says so).  Under the game's lock;
    :class:`~doublesix.web.routes.errors.NotNowError` if it cannot be saved (nothing noted)."""
    saved = game.saved
    if saved.coached or not coach_helps(game.match):
        return False
    was_rated = seat in rated_seats(saved) and not casual(game.match)
    saved.coached = game.info.coached = True
    try:
        await saving.commit(game, [])
    except NotNowError:
        saved.coached = False
        game.info.coached = game.saved.coached
        raise
    return was_rated


async def speak(game: Game, job: Asked, searchers: Searchers, saving: Saving, playouts: int
                ) -> None:
    """Judge the move ``job`` (played already) and, if it was a mistake or a blunder, note the
    help (:func:`note_help`) and tell its seat's sockets; the computers wait meanwhile (the
    caller counted it in ``game.coaching`` and lets them play after)."""
    try:
        advice = await searchers.run(judge, job.view, job.move, job.key, playouts)
    except Exception:
        log.exception("the coach failed in game %s", game.id)
        return
    if advice is None:
        return
    async with game.lock:
        try:
            now_casual = await note_help(game, job.seat, saving)
        except NotNowError as error:
            log.warning("the coach kept quiet in game %s: %s", game.id, error)
            return
        can_take_back = gameinfo.undo_allowed(game.match, game.info, job.seat)
        message = coach_message(advice, can_take_back, now_casual)
        for connection in game.connections:
            if connection.seat == job.seat:
                connection.send(message)
