"""The expert's review in the web game (``docs/protocol.md``, "Reviews"): a person asks for the
review of their own seat's decisions in a hand that ended, or in the whole game once it is
over; the review runs in the search processes (:mod:`~doublesix.web.play.searchers`), one hand at a
time, as a job whose progress the browser polls (:class:`Reviews`).  The job's progress and
the review once made are kept in the games' database (:mod:`~doublesix.web.storage.reviewrows`), so
that any server process answers a poll, not only the one making the review.

The seat reviewed is the asker's own (its token's, or the seat its browser holds): at a table
for people each person reviews only their own decisions.  A hand still in play is refused
(:class:`~doublesix.ai.review.ReviewRefused`): nothing hidden leaks.  With the review come the
hand's moves to step through (:func:`replay_json`): the layout as it was after each move, the
seat's own hand then, each move in words, and at each decision the layout the best move would
have made; every sentence is the server's (:mod:`doublesix.words.faces`,
:mod:`doublesix.engine.events`).

>>> from doublesix import Match, Rules
>>> match = Match(Rules.variant("block", target=0), seed=4)
>>> wanted_hands(match, None)
Traceback (most recent call last):
...
doublesix.ai.review.ReviewRefused: the hand is still in play: a review comes once it is over
>>> while match.turn is not None:
...     match.play(match.legal_moves()[0])
>>> wanted_hands(match, None), wanted_hands(match, 1)
([0], [0])
>>> frames = replay_json(match, 0, 0, ["You", "Greedy"], [])
>>> frames[0]["said"], frames[-1]["hand"] == [str(t) for t in match.hands[0]]
('Hand 1 is dealt. You laid 5|5 to open.', True)
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from doublesix.ai.expert import DEFAULT_PLAYOUTS
from doublesix.ai.review import Review, ReviewRefused, replay_hand, review
from doublesix.engine.events import Event
from doublesix.engine.layout import Layout
from doublesix.engine.match import Match
from doublesix.engine.moves import Move
from doublesix.web.play.live import LiveGames, game_info, seat_holding, stored_match
from doublesix.web.play.pictures import layout_json, seat_names
from doublesix.web.play.searchers import Searchers
from doublesix.web.routes.errors import (
    ForbiddenError,
    GameNotFoundError,
    NotNowError,
    UnavailableError,
)
from doublesix.web.storage import reviewrows
from doublesix.web.storage.saving import Saving
from doublesix.web.storage.store import SavedGame, digest
from doublesix.words import refusals, results, reviewtalk
from doublesix.words.eventwords import describe
from doublesix.words.i18n import _

log = logging.getLogger("doublesix.web")

#: How long a finished review is kept for its asker to fetch, in seconds.
KEEP_SECONDS: Final = reviewrows.KEEP_SECONDS
#: The most reviews one browser may have running at once (in all the server's processes), and
#: the most one process keeps in memory.
RUNNING_PER_BROWSER: Final = 2
MAX_JOBS: Final = 256
#: The most finished games the statistics page lists for review.
LISTED_GAMES: Final = 30
#: What a review asked for too often gets.
TOO_MANY: Final = refusals.REVIEW_RUNNING


def wanted_hands(match: Match, hand: int | None) -> list[int]:
    """The hands (0 for the first) a review of ``hand`` (1 for the first; None: every hand
    that ended) takes: :class:`ReviewRefused` while the hand asked for is in play, or for a
    hand the game does not hold.  A hand cut short by a resignation has nothing to review and
    is left out."""
    count = match.hand_number + 1
    ended = [k for k in range(count) if k < count - 1 or match.hand_result is not None]
    if hand is None:
        if match.hand_result is None and not match.is_over:
            raise ReviewRefused(_(refusals.REVIEW_IN_PLAY))
        return ended
    if not 1 <= hand <= count:
        raise ReviewRefused(refusals.no_hand(hand))
    if hand - 1 not in ended:
        if match.is_over:
            raise ReviewRefused(refusals.hand_resigned(hand))
        raise ReviewRefused(_(refusals.REVIEW_IN_PLAY))
    return [hand - 1]


def review_hand(match_text: str, seat: int, hand: int, playouts: int) -> Review:
    """One hand's review (run in a search process)."""
    return review(Match.from_json(match_text), seat, hands=[hand], playouts=playouts)


def merge(parts: Sequence[Review]) -> Review:
    """The reviews of single hands as one review of them all (each hand's numbers are seeded
    on their own, so this is the review of the hands together)."""
    first = parts[0]
    return first._replace(
        hands=tuple(k for part in parts for k in part.hands),
        decisions=tuple(d for part in parts for d in part.decisions),
        luck=tuple(luck for part in parts for luck in part.luck),
    )


def _said(events: Sequence[Event], names: Sequence[str], me: int) -> str:
    """What happened, in words, for seat ``me``: another seat's drawn tiles are not named."""
    shown = [e._replace(tile=None) if e.kind == "draw" and e.seat != me else e for e in events]
    return " ".join(describe(e, names) for e in shown if e.kind in ("hand", "lay", "draw",
                                                                      "pass", "end"))


def _frame(layout: Layout, played: Sequence[str], hand: Sequence[str], scores: Sequence[int],
           said: str, seat: int | None, fresh: str | None = None) -> dict[str, Any]:
    return {"layout": layout_json(layout), "open_ends": layout.open_ends, "played": list(played),
            "hand": list(hand), "scores": list(scores), "said": said, "seat": seat,
            "fresh": fresh, "decision": None, "best": None}


def replay_json(match: Match, hand: int, me: int, names: Sequence[str],
                decisions: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Hand ``hand`` of ``match`` (a hand that ended), move by move, for seat ``me``: the
    first frame as dealt (the opening lay made, where it is automatic), then one frame after
    each move: ``layout`` (as the pictures write it), ``open_ends``, ``played`` (the tiles in
    the order laid), ``hand`` (seat ``me``'s tiles then), ``scores``, ``said`` (the move in
    words), ``seat`` (who moved), ``fresh`` (the tile it laid), ``heading`` (the step).  A
    frame after one of ``me``'s ``decisions`` (the review's JSON, matched by its ``step``)
    holds its index in ``decision`` and, when the best move was another, ``best``: the frame
    the best move would have made, ``tile`` the tile it lays, ``played_end`` the end (of that
    table) where the move played went, to be marked (None for a draw, or a lead)."""
    steps = {d["step"]: k for k, d in enumerate(decisions) if d["hand"] == hand}
    frames: list[dict[str, Any]] = []
    start = 0
    for played, move in replay_hand(json.loads(match.to_json()), hand, plays=False):
        if not frames:
            start = max(i for i, e in enumerate(played.history) if e.kind == "hand")
            view = played.view(me)
            frames.append(_frame(view.layout, _laid(played, start), _tiles(view.hand),
                                 view.scores, _said(played.history[start:], names, me), None))
        if move is None:
            break
        layout = played.view(me).layout
        before = len(played.history)
        decision = steps.get(before) if played.turn == me else None
        best_frame = None
        if decision is not None:
            best = Move.parse(decisions[decision]["best"])
            if best.kind == "lay" and best != move:
                laid = layout.lay(best.tile, best.end) if best.tile is not None else None
                if laid is not None:
                    mine = played.view(me)
                    went = (move.end if move.kind == "lay" and move.end in laid.open_ends
                            else None)
                    best_frame = _frame(laid, [*_laid(played, start), str(best.tile)],
                                        [str(t) for t in mine.hand if t != best.tile],
                                        mine.scores,
                                        reviewtalk.review_best_words(best, move, went is not None),
                                        me, str(best.tile))
                    best_frame["tile"] = str(best.tile)
                    best_frame["played_end"] = went
        mover = played.turn
        played.play(move)
        mine = played.view(me)
        frame = _frame(mine.layout, _laid(played, start), _tiles(mine.hand), mine.scores,
                       _said(played.history[before:], names, me), mover,
                       str(move.tile) if move.kind == "lay" and move.tile is not None else None)
        frame["decision"] = decision
        frame["best"] = best_frame
        frames.append(frame)
    for k, frame in enumerate(frames):
        frame["heading"] = reviewtalk.review_step_words(k, len(frames) - 1)
    return frames


def _laid(match: Match, start: int) -> list[str]:
    return [str(e.tile) for e in match.history[start:] if e.kind == "lay"]


def _tiles(hand: Any) -> list[str]:
    return [str(t) for t in hand]


# -- the jobs -------------------------------------------------------------------------------


@dataclass(eq=False)
class Job:
    """One review being made for one seat of one game."""

    id: str
    #: The game, the seat, the hands and the match's length (:func:`job_key`).
    key: str
    #: The asker's browser (the SHA-256 of its cookie).
    browser: str
    total: int
    done: int = 0
    status: str = "running"
    result: dict[str, Any] | None = None
    error: str | None = None
    finished_at: float = 0.0
    task: asyncio.Task[None] | None = field(default=None, repr=False)

    def to_json(self) -> dict[str, Any]:
        """The job as the browser polls it: its progress, then the review or the error."""
        answer: dict[str, Any] = {
            "review_id": self.id, "status": self.status, "done": self.done,
            "total": self.total,
            "progress": reviewtalk.review_progress(self.done, self.total),
        }
        if self.result is not None:
            answer["review"] = self.result
        if self.error is not None:
            answer["error"] = self.error
        return answer

    @classmethod
    def from_row(cls, row: reviewrows.ReviewRow) -> Job:
        """The job as the database holds it (made, or being made, by any process)."""
        return cls(row.id, row.key, row.browser, row.total, done=row.done, status=row.status,
                   result=None if row.result is None else json.loads(row.result),
                   error=row.error)


def job_key(game_id: str, seat: int, hands: Sequence[int], moves: int) -> str:
    """What makes two reviews the same: the game, the seat, the hands and the length of the
    match's history.

    >>> job_key("g1", 0, [0, 2], 84)
    'g1 0 0.2 84'
    """
    return f"{game_id} {seat} {'.'.join(str(k) for k in hands)} {moves}"


class Reviews:
    """The reviews of one server process: started by :meth:`start`, polled by :meth:`get`.

    ``playouts`` is the expert's budget per decision (tests make it small).  A job's progress
    and its review are written to the database (:mod:`~doublesix.web.storage.reviewrows`) and kept
    there for :data:`KEEP_SECONDS` once finished, so every process answers a poll; the same
    review asked again while it is kept (the same game, seat, hands and moves), in any
    process, is the same job.  The process making it also keeps it in memory."""

    def __init__(self, live: LiveGames, saving: Saving, searchers: Searchers,
                 playouts: int = DEFAULT_PLAYOUTS) -> None:
        self.live = live
        self.saving = saving
        self.searchers = searchers
        self.playouts = playouts
        self.jobs: dict[str, Job] = {}

    async def _saved(self, game_id: str) -> tuple[SavedGame, Match]:
        game = self.live.find(game_id)
        if game is not None:
            return game.saved, Match.from_json(game.match.to_json())
        stored = await self.saving.run(self.saving.store.load, game_id)
        if stored is None:
            raise GameNotFoundError(game_id)
        try:
            return stored, stored_match(stored)
        except ValueError as error:
            raise NotNowError(refusals.record_unreadable(error)) from None

    async def start(self, game_id: str, token: str, browser: str,
                    hand: int | None) -> Job:
        """A review of the asker's seat in ``hand`` (1 for the first; None: every hand that
        ended), started or found running: ``ForbiddenError`` for a token (or, without one, a
        browser) holding no seat, ``ReviewRefused`` while the hand is in play,
        ``NotNowError`` while this browser has too many reviews running."""
        saved, match = await self._saved(game_id)
        seat = seat_holding(saved, token) if token else saved.seat_of_owner(digest(browser))
        if seat is None:
            raise ForbiddenError(game_id)
        hands = wanted_hands(match, hand)
        self._expire()
        key = job_key(game_id, seat, hands, len(match.history))
        for job in self.jobs.values():
            if job.key == key and job.status != "failed":
                return job
        store = self.saving.store
        await self.saving.run(reviewrows.expire, store)
        row = await self.saving.run(reviewrows.find, store, key)
        if row is not None:  # made, or being made, by another process
            return Job.from_row(row)
        owner = digest(browser)
        running = await self.saving.run(reviewrows.running, store, owner)
        if running >= RUNNING_PER_BROWSER or len(self.jobs) >= MAX_JOBS:
            raise NotNowError(_(TOO_MANY))
        job = Job(secrets.token_urlsafe(12), key, owner, total=len(hands))
        await self.saving.run(reviewrows.insert, store, job.id, key, owner, job.total)
        self.jobs[job.id] = job
        info = game_info(saved)
        names = seat_names(info, seat)
        job.task = asyncio.create_task(self._run(job, match, seat, hands, names, info.daily,
                                                hand is None))
        return job

    async def get(self, review_id: str) -> Job | None:
        """The job of this id, while it is kept: this process's own, else as the database
        holds it (made by another process)."""
        self._expire()
        job = self.jobs.get(review_id)
        if job is not None:
            return job
        row = await self.saving.run(reviewrows.load, self.saving.store, review_id)
        return None if row is None else Job.from_row(row)

    async def _write(self, job: Job) -> None:
        """Write the job's progress, or its end, where every process reads it; a database
        away loses only that (this process still answers from its memory)."""
        store = self.saving.store
        try:
            if job.status == "running":
                await self.saving.run(reviewrows.progress, store, job.id, job.done)
            else:
                result = None if job.result is None else json.dumps(job.result)
                await self.saving.run(reviewrows.finish, store, job.id, job.status, job.done,
                                      result, job.error)
        except UnavailableError as error:
            log.warning("review %s not written: %s", job.id, error)

    async def _run(self, job: Job, match: Match, seat: int, hands: list[int],
                   names: list[str], daily: str | None, whole: bool) -> None:
        text = match.to_json()
        parts: list[Review] = []
        try:
            for k in hands:
                parts.append(await self.searchers.run(review_hand, text, seat, k,
                                                      self.playouts))
                job.done += 1
                if job.done < job.total:
                    await self._write(job)
            job.result = self._result(match, seat, hands, names, parts, daily, whole)
            job.status = "done"
        except asyncio.CancelledError:
            job.status, job.error = "failed", reviewrows.STOPPED
            job.finished_at = time.monotonic()
            raise
        except Exception as error:  # a search process failed: said, not hidden
            job.status, job.error = "failed", refusals.review_failed(error)
        job.finished_at = time.monotonic()
        await self._write(job)

    @staticmethod
    def _result(match: Match, seat: int, hands: list[int], names: list[str],
                parts: list[Review], daily: str | None, whole: bool) -> dict[str, Any]:
        data: dict[str, Any] = (reviewtalk.review_json(merge(parts)) if parts else
                                {"seat": seat, "hands": [], "decisions": [], "luck": [],
                                 "summary": None,
                                 "lines": reviewtalk.review_summary(0, 0, 0.0, None, None)})
        decisions = data["decisions"]
        for d in decisions:
            d["label"] = reviewtalk.decision_label(d["number"], d["mark"])
        data["names"] = names
        data["heading"] = reviewtalk.review_heading(hands, whole, match.rules.target == 0)
        data["replays"] = [
            {"hand": k, "heading": reviewtalk.review_hand_heading(k),
             "frames": replay_json(match, k, seat, names, decisions)}
            for k in hands
        ]
        summary = data.get("summary")
        if daily is not None and match.is_over and summary is not None:
            data["share"] = results.share_text(match, daily, seat, summary["accuracy"])
        return data

    def _expire(self) -> None:
        now = time.monotonic()
        for job_id, job in list(self.jobs.items()):
            if job.status != "running" and now - job.finished_at > KEEP_SECONDS:
                del self.jobs[job_id]

    async def close(self) -> None:
        """Stop the reviews still running (the server is shutting down)."""
        for job in self.jobs.values():
            if job.task is not None and not job.task.done():
                job.task.cancel()
                with contextlib.suppress(BaseException):
                    await job.task
                with contextlib.suppress(Exception):
                    await self._write(job)


def games_json(saved_games: Sequence[SavedGame], browser: str) -> list[dict[str, Any]]:
    """The browser's finished games, the newest first, for the statistics page's list: each
    with its id, when it was played, its variant, the seats' names as the browser's seat sees
    them, its final scores, and whether it was won (:data:`LISTED_GAMES` at most)."""
    owner = digest(browser)
    listed: list[dict[str, Any]] = []
    for saved in reversed(list(saved_games)):
        seat = saved.seat_of_owner(owner) or 0
        info = game_info(saved)
        listed.append({
            "game_id": saved.id, "created": info.created, "variant": saved.variant,
            "names": seat_names(info, seat), "scores": list(saved.scores), "seat": seat,
            "daily": saved.daily, "resigned": saved.resigned,
            "label": reviewtalk.game_label(seat_names(info, seat), list(saved.scores)),
        })
        if len(listed) >= LISTED_GAMES:
            break
    return listed
