"""The lessons: a guided hand of each game on a prepared deal, and the runner that steps
through one (issue 44).  Pure Python over the engine: no I/O, no words (the coach's sentences
are :mod:`doublesix.words.lessonwords`'; this module hands them keys and numbers).

A :class:`Lesson` is a deal (exact hands and boneyard order, dealt by the engine's own
:class:`~doublesix.engine.match.Match`), the computers' moves in order (the same every time),
and its :class:`Step`\\ s: what the coach says (a key), and what it waits for: Next, one of a
set of moves, or any legal move.  A :class:`Tutor` plays it: :meth:`Tutor.move` plays the
person's move; a move the step does not want is played, explained with the engine's own
numbers (:class:`Wrong`), and taken back; one it wants stands, and the computers answer.
A computer whose only move is a draw or a pass makes it by itself, as does a person whose
only move is a pass.

>>> tutor = Tutor(LESSONS["all-fives"])
>>> tutor.step.key, tutor.waits
('all-fives.intro', 'next')
>>> tutor.next().key
'all-fives.count'
>>> answer = tutor.move(Move.parse("6|4 left"))
>>> answer.wrong.kind, answer.wrong.better, answer.wrong.better_points
('points', Move(Tile(6, 3), 'left'), 15)
>>> len(tutor.match.history), tutor.match.turn  # taken back: the same turn again
(2, 0)
>>> tutor.move("6|3").wrong is None
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Final, Literal, NamedTuple

from doublesix.engine.events import Event
from doublesix.engine.match import Match
from doublesix.engine.moves import Move
from doublesix.engine.rules import Rules
from doublesix.engine.summary import lay_points, same_choices, tile_choices
from doublesix.engine.tiles import Tile

#: The seat the person holds in every lesson.
YOU: Final = 0

#: How a wrong move is explained: ``points`` (what it scores against what the better move
#: scores, under fives), ``pips`` (it keeps a heavier tile in the hand, whose pips count
#: against you when the hand ends), ``pass`` (the better move leaves the next player, who
#: passed on that number before, nothing to play), ``follow`` (a fair move, but the lesson
#: goes on from another).
WrongKind = Literal["points", "pips", "pass", "follow"]
#: What the runner waits for: ``next`` (a step that only explains), ``move``, ``done``.
Waits = Literal["next", "move", "done"]


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a lesson: the coach's sentence (``key``, a key of
    :data:`doublesix.words.lessonwords.STEPS`), and what it waits for.

    ``moves`` are the moves that stand, as text: a tile (``"5|5"``: on any end) or a move
    (``"5|5 left"``, ``"draw"``); empty, any legal move; ``explains`` waits for Next instead.
    ``wrong`` says how any other move is explained.

    >>> Step("draw.match", moves=("6|4",), wrong="pips").wants(Move.parse("6|4 right"))
    True
    """

    key: str
    moves: tuple[str, ...] = ()
    explains: bool = False
    wrong: WrongKind | None = None

    def wants(self, move: Move) -> bool:
        """Whether ``move`` stands at this step."""
        if not self.moves:
            return True
        return any(str(move) == want or (move.tile is not None and str(move.tile) == want)
                   for want in self.moves)


@dataclass(frozen=True, slots=True)
class Lesson:
    """A lesson: the variant, the prepared deal, the computers and their moves, the steps.

    >>> LESSONS["draw"].deal().turn
    0
    """

    variant: str
    rules: Rules
    hands: tuple[tuple[str, ...], ...]
    boneyard: tuple[str, ...]
    #: The computer player at each seat but the person's (a name of ``doublesix.ai.PLAYERS``).
    computers: tuple[str, ...]
    #: The computers' moves where they have a choice, in the order they are made.
    replies: tuple[str, ...]
    steps: tuple[Step, ...]

    def deal(self) -> Match:
        """The lesson's deal as a match (the opening tile laid, if the rules lay it)."""
        return Match(self.rules, seed=1, hands=[list(h) for h in self.hands],
                     boneyard=list(self.boneyard))

    @property
    def kinds(self) -> list[str]:
        """Who plays each seat: ``"human"`` for the person, else the computer's name."""
        others = iter(self.computers)
        return ["human" if seat == YOU else next(others) for seat in range(self.rules.players)]


class Wrong(NamedTuple):
    """Why a move was worse than the step's, in the engine's numbers.

    ``played`` scored ``points``; ``better`` (the step's first move that is legal) scores
    ``better_points`` and leaves the ends counting ``better_count``.  ``pips`` are the pips of
    ``played`` and ``better_pips`` those of ``better``'s tile.  For ``pass``: ``seat`` is the
    next player, ``number`` the number it passed on before."""

    kind: WrongKind
    played: Move
    better: Move
    points: int
    better_points: int
    better_count: int
    pips: int
    better_pips: int
    seat: int | None = None
    number: int | None = None


class Answer(NamedTuple):
    """What a person's move did: the events to show in order (for a wrong move, its own, then
    it was taken back), why it was wrong (None: it stands), the step now, and for a wrong
    move the match as it left it, before it was taken back (``taken``)."""

    events: list[Event]
    wrong: Wrong | None
    step: Step | None
    taken: Match | None = None


@dataclass
class Tutor:
    """Plays a :class:`Lesson`: the match as it stands, the step, and the moves so far."""

    lesson: Lesson
    match: Match = field(init=False)
    #: The index of the step the coach is at (``len(steps)`` once every step is done).
    index: int = field(default=0, init=False)
    #: The person's moves that stood, in order (what :meth:`replay` takes).
    played: list[Move] = field(default_factory=list, init=False)
    #: How many of the lesson's replies the computers have made.
    _made: int = field(default=0, init=False)

    def __post_init__(self) -> None:
        self.match = self.lesson.deal()
        self._advance()

    @property
    def step(self) -> Step | None:
        """The step the coach is at, or None once the lesson is done."""
        steps = self.lesson.steps
        return steps[self.index] if self.index < len(steps) else None

    @property
    def waits(self) -> Waits:
        """What the lesson waits for now."""
        step = self.step
        if step is None:
            return "done"
        return "next" if step.explains else "move"

    @property
    def done(self) -> bool:
        """Whether every step is done."""
        return self.step is None

    def next(self) -> Step | None:
        """Go on from a step that only explains (:class:`LessonError` at another); the step
        now."""
        if self.waits != "next":
            raise LessonError("this step waits for a move, not for Next")
        self.index += 1
        return self.step

    def move(self, move: Move | str) -> Answer:
        """The person's move: played; if the step wants another, explained and taken back;
        else it stands and the computers answer.  :class:`IllegalMoveError` for a move that is
        not legal; :class:`LessonError` when the step is not waiting for a move."""
        step = self.step
        if step is None or step.explains or self.match.turn != YOU:
            raise LessonError("the lesson is not waiting for a move now")
        if isinstance(move, str):
            move = Move.parse(move)
        move = canonical(self.match, move)
        before = len(self.match.history)
        if not step.wants(move):
            wrong = explain(self.match, step, move)
            taken = self.match
            taken.play(move)
            self._replay()
            return Answer(taken.history[before:], wrong, step, taken)
        self.match.play(move)
        self.played.append(move)
        self.index += 1
        self._advance()
        return Answer(self.match.history[before:], None, self.step)

    def replay(self, moves: Sequence[Move | str]) -> None:
        """Play the lesson again to where these standing moves of the person leave it, going
        on past the steps that only explain (``IllegalMoveError``, ``LessonError`` if they do
        not fit the lesson)."""
        self.index = 0
        self.played = []
        self._replay()
        for move in moves:
            while self.waits == "next":
                self.next()
            answer = self.move(move)
            if answer.wrong is not None:
                raise LessonError(f"{move} is not the lesson's move at step {self.index}")

    def _replay(self) -> None:
        """Deal again and play the standing moves (a wrong move taken back)."""
        self.match = self.lesson.deal()
        self._made = 0
        self._advance()
        for move in self.played:
            self.match.play(move)
            self._advance()

    def _advance(self) -> None:
        """Play the computers' moves (their next reply, or their only move if it is a draw or
        a pass), and the person's forced pass, until the person has a choice or the hand is
        over."""
        match = self.match
        replies = self.lesson.replies
        while match.turn is not None:
            seat = match.turn
            legal = match.view(seat).legal_moves()
            if seat == YOU:
                if legal != [Move.pass_()]:
                    return
                match.play(legal[0])
                continue
            if len(legal) == 1 and legal[0].tile is None:
                match.play(legal[0])
                continue
            if self._made >= len(replies):
                raise LessonError(f"the lesson has no move for seat {seat} "
                                  f"(after {self._made} replies)")
            reply = Move.parse(replies[self._made])
            if reply not in legal:
                raise LessonError(f"the lesson's reply {reply} is not legal for seat {seat}")
            match.play(reply)
            self._made += 1


class LessonError(RuntimeError):
    """A lesson asked for what it is not waiting for, or a lesson's data does not fit."""


def canonical(match: Match, move: Move) -> Move:
    """The move the lesson plays for ``move`` of the person: a tile given without its end on
    the one end that matters, and a lay that leaves the same table as another up to mirror
    images as the first of them (the one the faces play without asking), so that the lesson
    goes on the same way.  :class:`IllegalMoveError` if it is not legal (or, without its end,
    fits ends that differ).

    >>> tutor = Tutor(LESSONS["muggins"])
    >>> canonical(tutor.match, Move.parse("6|0"))
    Move(Tile(6, 0), 'left')
    """
    state, view = match.state, match.view(YOU)
    if move.tile is not None and move.end is None and state.layout.played:
        choice = tile_choices(view).get(move.tile)
        move = choice.lays[0].move if choice is not None and not choice.asks \
            else state.resolve(move)
    for group in same_choices(view):
        if move in group:
            return group[0]
    raise state.illegal(move)


def explain(match: Match, step: Step, played: Move) -> Wrong:
    """Why ``played`` is worse than ``step``'s move in ``match`` now, in the engine's numbers
    (before ``played`` is made).

    >>> tutor = Tutor(LESSONS["draw"])
    >>> _ = tutor.next()
    >>> explain(tutor.match, tutor.step, Move.parse("6|1 right")).better_pips
    10
    """
    legal = match.legal_moves()
    better = next(m for m in legal if step.wants(m))
    layout, rules = match.state.layout, match.rules
    after = layout.lay(better.tile, better.end) if better.tile is not None else layout
    seat = number = None
    if step.wrong == "pass":
        seat = (YOU + 1) % rules.players
        number = next(iter(after.open_ends.values()))
    return Wrong(
        kind=step.wrong or "follow", played=played, better=better,
        points=lay_points(layout, played, rules),
        better_points=lay_points(layout, better, rules),
        better_count=after.count,
        pips=_pips(played.tile), better_pips=_pips(better.tile),
        seat=seat, number=number,
    )


def _pips(tile: Tile | None) -> int:
    return 0 if tile is None else tile.pips


def _lesson(variant: str, hands: Sequence[str], boneyard: str, computers: Sequence[str],
            replies: str, steps: Sequence[Step], **options: object) -> Lesson:
    """A lesson from its deal written short: each hand and the boneyard as tiles apart by
    spaces; the rest of the set follows the boneyard given, in the set's order."""
    rules = Rules.variant(variant, target=0, hand_size=len(hands[0].split()), **options)
    dealt = [tuple(hand.split()) for hand in hands]
    front = boneyard.split()
    given = {Tile.parse(t) for part in (*dealt, front) for t in part}
    rest = [str(Tile(h, lo)) for h in range(rules.set, -1, -1) for lo in range(h, -1, -1)
            if Tile(h, lo) not in given]
    return Lesson(variant, rules, tuple(dealt), (*front, *rest), tuple(computers),
                  tuple(replies.split(",")) if replies else (), tuple(steps))


def _steps(variant: str, *steps: tuple[str, str, WrongKind | None]) -> tuple[Step, ...]:
    """Steps written short: ``(name, moves, wrong)``; no moves: the step only explains, and
    ``"*"`` any legal move (a turn with one choice); the key is ``variant.name``."""
    return tuple(Step(f"{variant}.{name}", () if moves in ("", "*") else tuple(moves.split(",")),
                      explains=moves == "", wrong=wrong) for name, moves, wrong in steps)


#: The lessons, by variant, in the order of :data:`~doublesix.engine.rules.VARIANTS`.
LESSONS: Final = MappingProxyType({lesson.variant: lesson for lesson in (
    _lesson("draw", ["6|4 6|1 3|3 5|0 3|0", "6|6 4|2 1|1 5|5 2|2"], "5|2 3|1", ["pinocchio"],
            "4|2 left,1|1 right,5|5 left,3|1 right,6|3 right",
            _steps("draw", ("intro", "", None), ("match", "6|4", "pips"), ("only", "*", None),
                   ("draw", "draw", None), ("drawn", "*", None), ("again", "*", None),
                   ("heavy", "3|3", "pips"), ("out", "*", None))),
    _lesson("block", ["0|0 2|1 5|2 3|1", "6|4 1|1 5|0 6|5"], "", ["pinocchio"],
            "6|5 right,6|4 right",
            _steps("block", ("intro", "", None), ("heavy", "3|1", "pips"),
                   ("passed", "*", None), ("last", "*", None), ("blocked", "", None))),
    _lesson("all-fives", ["6|3 6|4 4|1 1|0", "6|6 3|2 2|0 5|5"], "6|1", ["pinocchio"],
            "3|2 left,2|0 left,6|1 left",
            _steps("all-fives", ("intro", "", None), ("count", "6|3", "points"),
                   ("only", "*", None), ("next", "1|0", "points"), ("out", "*", None),
                   ("end", "", None))),
    _lesson("muggins", ["6|1 1|0 4|0 4|1 6|0", "0|0 5|1 2|1 3|2 5|3"], "2|2 5|0 4|2 6|2",
            ["pinocchio"], "5|0 right,5|3 right,3|2 right,2|2 right",
            _steps("muggins", ("intro", "", None), ("side", "6|0", "pips"),
                   ("spinner", "4|0 up", "points"), ("arm", "4|1 up", "points"),
                   ("down", "1|0 down", "points"), ("out", "6|1", None))),
    _lesson("partnership", ["6|4 6|0 4|3 6|3", "4|2 5|5 3|0 6|6", "3|2 0|0 3|1 5|1",
                            "5|0 6|1 2|2 3|3"], "", ["pinocchio", "snow-white", "buratino"],
            "6|1 left,4|2 right,5|1 left,5|0 left,3|2 right,3|3 right",
            _steps("partnership", ("intro", "", None), ("heavy", "6|4", "pips"),
                   ("partner", "*", None), ("block", "6|3 right", "pass"),
                   ("blocked", "", None))),
)})
