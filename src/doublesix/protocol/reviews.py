"""The expert's review as the web sends it (``docs/protocol.md``, "Reviews"): the job a browser
polls (``POST /api/games/{game_id}/review``, ``GET /api/reviews/{review_id}``) and the review
(:meth:`doublesix.ai.review.Review.to_json` with the hands to step through,
:mod:`doublesix.web.play.reviews`).

>>> job = ReviewJob.model_validate({"review_id": "r1", "status": "running", "done": 0,
...                                 "total": 2, "progress": "The expert is going through"})
>>> job.status, job.review is None
('running', True)
"""

from __future__ import annotations

from typing import Literal

from doublesix.ai.review import Mark
from doublesix.protocol.model import End, Model
from doublesix.protocol.pictures import Layout, RulesJSON


class Valued(Model):
    """One move of a decision as the expert valued it: its value, the share of guesses won, the
    expected margin in points, and what the lay scores as it is laid."""

    move: str
    value: float
    wins: float
    points: float
    scores: int


class GameChance(Model):
    """The chance of winning the game after the best move and after the move played."""

    best: float
    played: float


class Decision(Model):
    """One decision of the reviewed seat: every move valued (best first), the move played and
    the best, what was lost, the mark, hindsight, the words, and the label on the list."""

    hand: int
    number: int
    step: int
    moves: list[Valued]
    played: str
    best: str
    cost: float
    points_lost: float
    chance_lost: float
    mark: Mark
    hindsight: list[Valued]
    reason: str
    hindsight_reason: str
    game_chance: GameChance | None
    game_chance_lost: float | None
    label: str


class Luck(Model):
    """The luck of one hand's deal and draws, in points of the seat's margin."""

    hand: int
    worth: float
    known: float
    result: int
    luck: float


class ReviewSummary(Model):
    """The review's figures: decisions, how many were accurate, the points and chances lost,
    and the costliest decision's step."""

    decisions: int
    accurate: int
    accuracy: float | None
    points_lost: float
    chance_lost: float | None
    costliest: int | None


class Step(Model):
    """The table after a move of a replayed hand: the layout, its open ends, the tiles laid in
    order, the reviewed seat's hand then, the scores, the move in words, who moved and the tile
    it laid."""

    layout: Layout
    open_ends: dict[str, int]
    played: list[str]
    hand: list[str]
    scores: list[int]
    said: str
    seat: int | None
    fresh: str | None


class BestFrame(Step):
    """The table the best move would have made, at a decision whose best move was another:
    ``tile`` the tile it lays, ``played_end`` the end where the move played went (marked)."""

    decision: None
    best: None
    tile: str
    played_end: End | None


class Frame(Step):
    """One step of a replayed hand: ``decision`` the index of the seat's decision made by this
    move (or null), ``best`` the best move's table, ``heading`` the step in words."""

    decision: int | None
    best: BestFrame | None
    heading: str


class Replay(Model):
    """One reviewed hand, move by move."""

    hand: int
    heading: str
    frames: list[Frame]


class Review(Model):
    """A seat's review of the hands reviewed, its sentences included (``format``, ``version``,
    ``rules``, ``seed`` and ``playouts`` are missing from a review of no hand)."""

    format: Literal["doublesix-review"] | None = None
    version: int | None = None
    seat: int
    rules: RulesJSON | None = None
    seed: int | None = None
    playouts: int | None = None
    hands: list[int]
    decisions: list[Decision]
    luck: list[Luck]
    summary: ReviewSummary | None
    lines: list[str]
    #: The summary in lines, for the review's screen.
    summary_lines: list[str]
    names: list[str]
    heading: str
    replays: list[Replay]
    share: str | None = None


class ReviewJob(Model):
    """A review being made, as the browser polls it: its progress, then the review (done) or
    the error (failed)."""

    review_id: str
    status: Literal["running", "done", "failed"]
    done: int
    total: int
    progress: str
    review: Review | None = None
    error: str | None = None
