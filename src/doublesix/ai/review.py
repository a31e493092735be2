"""The expert goes through a finished hand or game with one seat: each decision it had, what
each move was worth, what the move played cost, and how lucky the deal and the draws were.

A decision is a turn of the seat with more than one choice: moves that leave the same table up
to mirror images, a tile on either side of a lone double, are one choice
(:func:`~doublesix.engine.summary.same_choices`, what the game uses not to ask which end), and
a turn of one choice is graded nowhere, nor counted in the accuracy.  At each, the expert values
every move **from that seat's view at that moment** (:meth:`Expert.evaluate
<doublesix.ai.expert.Expert.evaluate>`: what the player could know, a fair judgement), and again
**with hindsight**: a search whose every guess is the deal as it was (:class:`Hindsight`), so a
player sees what they could not have known apart from what they misjudged.

**Points.**  The expert's value of a move is the mean, over its guesses, of
:func:`~doublesix.ai.playout.outcome`: under pips scoring (Draw, Block) ``won + margin/400``
(``won`` 1, 0.5 or 0), under fives scoring (All Fives, Muggins) ``0.5 + margin/100`` (and +-1
when a game to a target ends in the playout), ``margin`` being the seat's gain in the hand less
the best other side's.  The search also gives the share of guesses won (``wins``), so a move's
**points**, its expected margin, are exact: ``400 * (value - wins)`` under pips, ``100 * (value
- 0.5)`` under fives, where a game's end inside the hand counts as 100 points (the expert's own
rate).  A decision's ``points_lost`` is the best move's points less the played move's; under
pips, ``chance_lost`` is how much less often it wins the hand.  A move that wins more often for
fewer points can be the best: its points lost are then negative.

**Marks** (as GNU Backgammon marks equity lost) go by the value lost, ``cost``: the best
move's value less the played one's, in the expert's units (a hand won under pips, 100 points
under fives): :data:`THRESHOLDS`.

**The chance of winning a game to a target** (:func:`game_chance`) is given where a race to
the target has been calibrated: a 2-player game to a target under fives scoring (All Fives,
Muggins).  The scores at the decision and a move's points (its expected margin for the rest of
the hand) are mapped through a race (:data:`HAND_MARGIN_SPREAD`, :data:`HAND_POINTS`): each
hand moves the margin by a normal step of spread 27 points, for as many hands as the nearer
seat needs at 31 points a hand, so the chance after a move is ``Phi((left_other - left_mine +
points) / spread)``.  A decision's ``game`` holds the chance after the best move and after the
move played; ``game_chance_lost`` is their difference.  Elsewhere (a single hand, three or four
players, pips scoring, whose race is not calibrated) it is None and nothing is said of it.

**Luck** (:class:`Luck`): at the seat's first turn of each hand that is not a pass, the
expert's best move's points as the seat saw them (``worth``), the same move's points knowing
every hand and the boneyard's order (``known``), and the hand's actual margin (``result``).
``known - worth`` is the luck of the deal and the draws; ``result - known`` is what the play
(every seat's) made of them.

A review is deterministic: each decision's random numbers come from the seed (the match's
unless given), the hand, the seat and the decision's place in the match's history
(:func:`~doublesix.ai.seeding.move_rng`, as the computer players' moves are seeded), so a
review of the expert's own moves at its budget marks every one best.

>>> from doublesix import Match, Rules
>>> match = Match(Rules.variant("all-fives", target=0), seed=3)
>>> while match.turn is not None:
...     match.play(match.legal_moves()[0])
>>> result = review(match, 0, playouts=200)
>>> result.summary.decisions == len(result.decisions), result.luck[0].hand
(True, 0)
>>> review(Match(Rules.variant("draw"), seed=3), 0)
Traceback (most recent call last):
...
doublesix.ai.review.ReviewRefused: the hand is still in play: a review comes once it is over
"""

from __future__ import annotations

import enum
import json
import math
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, Final, NamedTuple

from doublesix.ai.expert import DEFAULT_PLAYOUTS, Evaluation, Expert
from doublesix.ai.rng import Rng
from doublesix.ai.sampling import Sampler
from doublesix.ai.search import Search, run, run_pure
from doublesix.ai.seeding import move_rng
from doublesix.engine import summary
from doublesix.engine.match import Match
from doublesix.engine.moves import Move
from doublesix.engine.rules import Rules
from doublesix.engine.tiles import Mask, indices
from doublesix.engine.view import View


class Mark(enum.Enum):
    """How a decision is marked, from the value it lost (:data:`THRESHOLDS`)."""

    BEST = "best"
    GOOD = "good"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"


#: The marks by value lost (``cost``, in the expert's units: a hand won under pips scoring,
#: 100 points under fives): best when nothing is lost (the expert's own choice, or one it
#: values as highly), good below 0.03, an inaccuracy below 0.06, a mistake below 0.12, a
#: blunder from 0.12 on.  Under fives that is 3, 6 and 12 points; under pips, 3, 6 and 12
#: hands in 100 won (or 12, 24 and 48 points of margin at an equal chance).
THRESHOLDS: Final = ((0.03, Mark.GOOD), (0.06, Mark.INACCURACY), (0.12, Mark.MISTAKE))
#: The marks that count as accurate in the summary.
ACCURATE: Final = (Mark.BEST, Mark.GOOD)
#: What a review's JSON says it is.
FORMAT: Final = "doublesix-review"
VERSION: Final = 1


def mark(cost: float) -> Mark:
    """The mark of a decision that lost ``cost`` of the expert's value.

    >>> [mark(c).value for c in (0.0, 0.01, 0.05, 0.1, 0.5)]
    ['best', 'good', 'inaccuracy', 'mistake', 'blunder']
    """
    if cost <= 0.0:
        return Mark.BEST
    for below, name in THRESHOLDS:
        if cost < below:
            return name
    return Mark.BLUNDER


#: A 2-player hand under All Fives or Muggins between two point-greedy players: the spread
#: (standard deviation) of its point margin, and the points each seat scores in it on average
#: (600 hands of each from seeds 0 to 599: 26.9 and 27.4 points; 31.2 and 30.1 points).
HAND_MARGIN_SPREAD = 27.0
HAND_POINTS = 31.0


def game_chance(rules: Rules, scores: Sequence[int], seat: int, points: float) -> float | None:
    """The chance that ``seat`` wins the game when the hand under way gains it ``points`` more
    than the other seat from now on (its expected margin), the scores being ``scores`` now: a
    race to the target (see the module's docs), for 2 players under fives scoring in a game to
    a target; None for any other game (its race is not calibrated, or there is no game).

    >>> rules = Rules.variant("all-fives", players=2, target=100)
    >>> game_chance(rules, [0, 0], 0, 0.0)
    0.5
    >>> round(game_chance(rules, [80, 80], 0, 10.0), 2), round(game_chance(rules, [0, 0], 0,
    ...                                                                     10.0), 2)
    (0.64, 0.58)
    >>> game_chance(Rules.variant("all-fives", target=0), [0, 0], 0, 10.0) is None
    True
    """
    if rules.players != 2 or not rules.target or rules.scoring != "fives":
        return None
    mine = max(0, rules.target - scores[seat])
    other = max(0, rules.target - scores[1 - seat])
    hands = max(1.0, min(mine, other) / HAND_POINTS)
    spread = HAND_MARGIN_SPREAD * math.sqrt(hands)
    return 0.5 * math.erfc((mine - other - points) / (spread * math.sqrt(2.0)))


class ReviewRefused(ValueError):
    """A review asked for while the hand is in play (it would show hidden tiles), or of a hand
    the record does not hold."""


class Valued(NamedTuple):
    """One move of a decision as the expert valued it."""

    move: Move
    #: The expert's mean value (:func:`~doublesix.ai.playout.outcome`).
    value: float
    #: The share of guesses in which the seat's side won the hand (0.5 for a drawn one).
    wins: float
    #: The expected margin of the hand, in points (see the module's docs).
    points: float
    #: What the lay scores as it is laid (under fives; else 0).
    scores: int

    def to_json(self) -> dict[str, Any]:
        """As plain data."""
        return {"move": str(self.move), "value": self.value, "wins": self.wins,
                "points": self.points, "scores": self.scores}


class Decision(NamedTuple):
    """One decision of the reviewed seat."""

    #: The hand (0 for the first).
    hand: int
    #: The move's place in the hand: every move since the deal counts (lays, draws, passes),
    #: the first 1; an opening the game lays itself is part of the deal.  The review's replay
    #: numbers its steps alike.
    number: int
    #: The length of the match's history before the move (seeds its random numbers).
    step: int
    #: Every choice as the seat could judge it, best first: one move a choice (:func:`fold`).
    moves: tuple[Valued, ...]
    played: Move
    #: The expert's value lost by the move played (0 for the best), and its mark.
    cost: float
    mark: Mark
    #: Every choice knowing every hand, best first (empty without hindsight).
    hindsight: tuple[Valued, ...]
    #: In a game to a target where it is known (:func:`game_chance`): the chance of winning
    #: the game after the best move and after the move played; else None.
    game: tuple[float, float] | None = None

    @property
    def best(self) -> Move:
        """The move the expert would have played."""
        return self.moves[0].move

    @property
    def played_value(self) -> Valued:
        """The move played, as valued."""
        return next(v for v in self.moves if v.move == self.played)

    @property
    def points_lost(self) -> float:
        """The best move's points less the played move's."""
        return self.moves[0].points - self.played_value.points

    @property
    def chance_lost(self) -> float:
        """How much more often the best move wins the hand (a share)."""
        return self.moves[0].wins - self.played_value.wins

    @property
    def game_chance_lost(self) -> float | None:
        """How much more often the best move wins the game (a share), where known."""
        return None if self.game is None else self.game[0] - self.game[1]

    def to_json(self) -> dict[str, Any]:
        """As plain data."""
        return {
            "hand": self.hand, "number": self.number, "step": self.step,
            "moves": [v.to_json() for v in self.moves], "played": str(self.played),
            "best": str(self.best), "cost": self.cost, "points_lost": self.points_lost,
            "chance_lost": self.chance_lost, "mark": self.mark.value,
            "hindsight": [v.to_json() for v in self.hindsight],
            "game_chance": None if self.game is None else {
                "best": self.game[0], "played": self.game[1]},
            "game_chance_lost": self.game_chance_lost,
        }


class Luck(NamedTuple):
    """The luck of one hand's deal and draws for the reviewed seat, in points of its margin."""

    hand: int
    #: The expert's best move's points at the seat's first turn, as the seat saw the tiles.
    worth: float
    #: The same move's points knowing every hand and the boneyard's order.
    known: float
    #: The hand's margin as it ended: the seat's gain less the best other side's.
    result: int

    @property
    def luck(self) -> float:
        """What the hidden tiles were worth beyond what the seat could expect."""
        return self.known - self.worth

    def to_json(self) -> dict[str, Any]:
        """As plain data."""
        return {"hand": self.hand, "worth": self.worth, "known": self.known,
                "result": self.result, "luck": self.luck}


class Summary(NamedTuple):
    """A review's figures for its seat."""

    decisions: int
    #: Decisions marked best or good.
    accurate: int
    points_lost: float
    #: (pips scoring) the chance of winning a hand lost, summed; None under fives.
    chance_lost: float | None
    #: The decision that lost the most value, or None when none lost any.
    costliest: Decision | None

    @property
    def accuracy(self) -> float | None:
        """The share of decisions marked best or good (None with no decision)."""
        return self.accurate / self.decisions if self.decisions else None


class Review(NamedTuple):
    """A seat's review of the hands of a match (:func:`review`): plain data."""

    seat: int
    rules: Rules
    seed: int
    playouts: int
    #: The hands reviewed (0 for the first).
    hands: tuple[int, ...]
    decisions: tuple[Decision, ...]
    luck: tuple[Luck, ...]

    @property
    def summary(self) -> Summary:
        """Accuracy, points lost, the costliest decision."""
        decisions = self.decisions
        costly = [d for d in decisions if d.cost > 0.0]
        return Summary(
            decisions=len(decisions),
            accurate=sum(1 for d in decisions if d.mark in ACCURATE),
            points_lost=sum(d.points_lost for d in decisions),
            chance_lost=(None if self.rules.scoring == "fives"
                         else sum(d.chance_lost for d in decisions)),
            costliest=max(costly, key=lambda d: d.cost) if costly else None,
        )

    def to_json(self) -> dict[str, Any]:
        """The review as plain data (JSON-ready): numbers only (its sentences are
        :func:`doublesix.words.reviewtalk.review_json`'s)."""
        summary = self.summary
        return {
            "format": FORMAT, "version": VERSION, "seat": self.seat,
            "rules": {"variant": self.rules.name, **self.rules.options()},
            "seed": self.seed, "playouts": self.playouts, "hands": list(self.hands),
            "decisions": [d.to_json() for d in self.decisions],
            "luck": [luck.to_json() for luck in self.luck],
            "summary": {
                "decisions": summary.decisions, "accurate": summary.accurate,
                "accuracy": summary.accuracy, "points_lost": summary.points_lost,
                "chance_lost": summary.chance_lost,
                "costliest": None if summary.costliest is None else summary.costliest.step,
            },
        }


# -- hindsight -----------------------------------------------------------------------------


class Hindsight(Sampler):
    """A :class:`~doublesix.ai.sampling.Sampler` whose every guess is the deal as it is: each
    seat may hold only its true hand, and the boneyard comes in its true draw order.

    >>> from doublesix import Match, Rules
    >>> match = Match(Rules.variant("draw"), seed=6)
    >>> view = match.view(match.turn)
    >>> sampler = Hindsight(view, match.state.hands, match.state.bone[match.state.pos:])
    >>> sampler.hands(Rng(1)) == list(match.state.hands)
    True
    """

    def __init__(self, view: View, hands: Sequence[Mask], bone: Sequence[int]) -> None:
        super().__init__(view)
        self.allowed = [view.hand_mask if seat == view.seat else hands[seat]
                        for seat in range(len(hands))]
        self.pools = {s: list(indices(self.allowed[s])) for s in self.order}
        self.constrained = True
        self.dealt = False
        self.bone = list(bone)

    def boneyard(self, hands: list[Mask], rng: Rng) -> list[int]:
        """The boneyard in its true draw order."""
        return list(self.bone)


def hindsight_search(expert: Expert, view: View, hands: Sequence[Mask], bone: Sequence[int],
                     seed: int) -> Search:
    """The expert's search at ``view`` with one guess, the deal as it is (``hands``: every
    seat's hand; ``bone``: the boneyard left, in draw order).  Each move's value is then one
    playout of the true deal."""
    job = expert.search(view, seed)
    return job._replace(sampler=Hindsight(view, hands, bone), inference=None, worlds=1, pool=1,
                        seconds=None)


def run_hindsight(job: Search) -> tuple[list[float], list[float]]:
    """Each move's value in a :func:`hindsight_search`, and whether it won the hand (1, 0.5 or
    0).  The compiled core draws the boneyard's order itself, so a job in which a seat may
    draw runs in Python (one playout a move)."""
    sampler = job.sampler
    ordered = sampler.drawing and isinstance(sampler, Hindsight) and bool(sampler.bone)
    totals, wins, played = run_pure(job) if ordered else run(job)
    played = max(played, 1)
    return [t / played for t in totals], [w / played for w in wins]


# -- the review ------------------------------------------------------------------------------


def load_record(text: str | bytes | Mapping[str, Any]) -> tuple[Match, list[str] | None, int]:
    """A match from a saved game (``Match.to_json``), a terminal save or the web's record,
    with the seats' names when the record has them and the seat to review by default (the
    first person's in a web record, else 0).  ValueError says what is wrong.

    >>> from doublesix import Match, Rules
    >>> match, names, seat = load_record(Match(Rules.variant("block"), seed=3).to_json())
    >>> match.rules.name, names, seat
    ('block', None, 0)
    """
    if isinstance(text, Mapping):
        data: Any = dict(text)
    else:
        try:
            data = json.loads(text)
        except (TypeError, ValueError) as error:
            raise ValueError(f"not a doublesix record: {error}") from None
    if not isinstance(data, dict):
        raise ValueError("not a doublesix record: expected a JSON object")
    names: list[str] | None = None
    seat = 0
    kind = data.get("format")
    if kind in ("doublesix-terminal", "doublesix-record"):
        if not isinstance(data.get("match"), dict):
            raise ValueError(f"not a doublesix record: a {kind} file without its match")
        if kind == "doublesix-record":
            if isinstance(data.get("names"), list):
                names = [str(n) for n in data["names"]]
            kinds = data.get("kinds")
            if isinstance(kinds, list) and "human" in kinds:
                seat = kinds.index("human")
        data = data["match"]
    elif kind != "doublesix-match":
        raise ValueError("not a doublesix record: it is no saved game, terminal save or "
                         "web record")
    return Match.from_json(json.dumps(data)), names, seat


def replay_hand(save: dict[str, Any], hand: int, plays: bool = True
                ) -> Iterator[tuple[Match, Move | None]]:
    """Replay hand ``hand`` of ``save`` (a match's JSON) in a match of its own: before each
    move, the match and that move; at the end, the match and None.  The move is played when
    the loop asks for the next one, unless ``plays`` is False (the caller then plays it).

    >>> from doublesix import Rules
    >>> match = Match(Rules.variant("block", target=0), seed=2)
    >>> while match.turn is not None:
    ...     match.play(match.legal_moves()[0])
    >>> moves = [move for _, move in replay_hand(json.loads(match.to_json()), 0)]
    >>> moves[-1] is None, len(moves) > 1
    (True, True)
    """
    hands = save["hands"]
    record = hands[hand]
    automatic = record["leader"] is None and record["moves"]
    first = record["moves"][:1] if automatic else []
    replay = dict(save, hands=[*hands[:hand], dict(record, moves=first)], version=1)
    replay.pop("resigned", None)
    match = Match.from_json(json.dumps(replay))
    for text in record["moves"][len(first):]:
        move = Move.parse(text)
        if move.t >= 0 and move.e < 0:
            move = match.state.resolve(move)
        yield match, move
        if plays:
            match.play(move)
    yield match, None


def _valued(evaluations: Sequence[Evaluation], view: View, fives: bool) -> tuple[Valued, ...]:
    return tuple(
        Valued(e.move, e.value, e.wins,
               100.0 * (e.value - 0.5) if fives else 400.0 * (e.value - e.wins),
               summary.lay_points(view.layout, e.move, view.rules))
        for e in evaluations
    )


def _margin(rules: Rules, seat: int, start: Sequence[int], end: Sequence[int]) -> int:
    """The hand's margin for ``seat``: its gain less the best gain of another side."""
    gains = [b - a for a, b in zip(start, end, strict=True)]
    mine = rules.teammates(seat)
    return gains[seat] - max(g for s, g in enumerate(gains) if s not in mine)


def review(
    record: Match,
    seat: int,
    *,
    hands: Sequence[int] | None = None,
    seed: int | None = None,
    playouts: int = DEFAULT_PLAYOUTS,
    hindsight: bool = True,
) -> Review:
    """The review of ``seat``'s decisions in ``record``'s hands (``hands``: their numbers,
    0 for the first; by default every hand that ended).  ``seed`` seeds the searches (the
    match's seed by default); ``playouts`` is the expert's budget per decision; ``hindsight``
    adds each decision's values knowing every hand, and each hand's luck.

    :class:`ReviewRefused` if a hand asked for is still in play (or none was played), or is
    not in the record.  A hand that a resignation cut short is left out: it has no result and
    its hidden tiles were never shown.
    """
    rules = record.rules
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < rules.players:
        raise ValueError(f"seat must be 0 to {rules.players - 1}, not {seat!r}")
    count = record.hand_number + 1
    ended = [k for k in range(count) if k < count - 1 or record.hand_result is not None]
    if hands is None:
        if record.hand_result is None and not record.is_over:
            raise ReviewRefused("the hand is still in play: a review comes once it is over")
        wanted = ended
    else:
        for k in hands:
            if not isinstance(k, int) or isinstance(k, bool):
                raise ValueError(f"a hand is a number, not {k!r}")
        wanted = sorted(set(hands))
        for k in wanted:
            if not 0 <= k < count:
                raise ReviewRefused(f"there is no hand {k + 1} in this game")
            if k not in ended:
                raise ReviewRefused("the hand is still in play: a review comes once it is over")
    expert = Expert(playouts=playouts)
    base = record.seed if seed is None else seed
    save = json.loads(record.to_json())
    decisions: list[Decision] = []
    lucks: list[Luck] = []
    for k in wanted:
        found, luck = _review_hand(expert, save, k, seat, base, hindsight)
        decisions += found
        if luck is not None:
            lucks.append(luck)
    return Review(seat, rules, base, playouts, tuple(wanted), tuple(decisions), tuple(lucks))


def _review_hand(expert: Expert, save: dict[str, Any], hand: int, seat: int, seed: int,
                 hindsight: bool) -> tuple[list[Decision], Luck | None]:
    decisions: list[Decision] = []
    worth: tuple[float, float] | None = None  # the best move's points, and knowing all
    start: list[int] = list(save["hands"][hand]["scores"])
    match: Match | None = None
    for number, (match, move) in enumerate(replay_hand(save, hand), 1):
        if move is None or match.turn != seat:
            continue
        view = match.view(seat)
        fives = view.rules.scoring == "fives"
        moves = view.legal_moves()
        choices = summary.same_choices(view)
        # A turn of one choice (a forced move, or one tile on either side of a lone double) is
        # valued only at the seat's first turn with a lay or a draw (for the luck); a pass is
        # never searched (the expert never searches one: in a guess where no seat can lay, its
        # playout would pass forever).
        if len(choices) == 1 and (worth is not None or not hindsight
                                  or moves[0].kind == "pass"):
            continue
        step = len(match.history)
        rng = move_rng(seed, hand, seat, step)
        fair = _valued(expert.evaluate(view, rng), view, fives)
        known: tuple[Valued, ...] = ()
        if hindsight:
            state = match.state
            job = hindsight_search(expert, view, state.hands, state.bone[state.pos:],
                                   rng.getrandbits(64))
            values, wins = run_hindsight(job)
            order = sorted(range(len(moves)), key=lambda i: (-values[i], i))
            known = _valued([Evaluation(moves[i], values[i], wins[i]) for i in order], view,
                            fives)
            if worth is None:
                best = fair[0].move
                worth = (fair[0].points, next(v.points for v in known if v.move == best))
        if len(choices) == 1:
            continue
        decisions.append(_decision(view, hand, number, step, fold(fair, choices, move),
                                   fold(known, choices, move), move))
    luck = None
    if match is not None and hindsight and worth is not None:
        luck = Luck(hand, *worth, _margin(match.rules, seat, start, match.state.scores))
    return decisions, luck


def fold(valued: Sequence[Valued], choices: Sequence[Sequence[Move]], played: Move
         ) -> tuple[Valued, ...]:
    """``valued`` (best first) with one entry a choice (:func:`~doublesix.engine.summary.
    same_choices`: moves that leave the same table up to mirror images): its best-valued move,
    as the expert would choose between them; the played move's choice is named by the move
    played.  The search tells mirror moves apart only by its noise, so a move played that
    mirrors the best is the best.

    >>> from doublesix.engine.tiles import Tile
    >>> left, right, other = Move(Tile(6, 5), "left"), Move(Tile(6, 5), "right"), Move.draw()
    >>> found = fold([Valued(left, 0.6, 0.6, 0.0, 0), Valued(other, 0.5, 0.5, 0.0, 0),
    ...               Valued(right, 0.4, 0.4, 0.0, 0)], [(left, right), (other,)], right)
    >>> [(str(v.move), v.value) for v in found]
    [('6|5 right', 0.6), ('draw', 0.5)]
    """
    choice_of = {move: k for k, group in enumerate(choices) for move in group}
    best: dict[int, Valued] = {}
    for value in valued:
        best.setdefault(choice_of[value.move], value)
    ours = choice_of[played]
    return tuple(value._replace(move=played) if k == ours else value
                 for k, value in best.items())


def _decision(view: View, hand: int, number: int, step: int, fair: tuple[Valued, ...],
              known: tuple[Valued, ...], played: Move) -> Decision:
    mine = next(v for v in fair if v.move == played)
    best = fair[0]
    cost = max(0.0, best.value - mine.value)
    marked = mark(cost)
    after_best = game_chance(view.rules, view.scores, view.seat, best.points)
    after_mine = game_chance(view.rules, view.scores, view.seat, mine.points)
    game = None if after_best is None or after_mine is None else (after_best, after_mine)
    return Decision(hand, number, step, fair, played, cost, marked, known, game)
