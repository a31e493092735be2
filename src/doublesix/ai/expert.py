"""The expert: determinized search over guesses at the hidden tiles.

For each decision it draws guesses at the other hands and the boneyard that agree with
everything its view shows (:mod:`doublesix.ai.sampling`), plays every legal move out to the end
of the hand in each guess with a greedy policy for every seat, its own looking a little ahead
(:mod:`doublesix.ai.playout`), and keeps the move with the best mean outcome.  Every move is
tried on the same guesses, so luck cancels between them.  The budget is a number of playouts,
so it decides the same on every machine.

>>> import random
>>> from doublesix import Match, Rules
>>> match = Match(Rules.variant("draw"), seed=1)
>>> view = match.view(match.turn)
>>> Expert(playouts=60).choose(view, random.Random(0)) in view.legal_moves()
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import NamedTuple

from doublesix.ai.board import Board
from doublesix.ai.playout import FIVES_PLAN, PIPS_PLAN
from doublesix.ai.sampling import Inference, Sampler, parse_reading, reading_weights
from doublesix.ai.search import Search, run
from doublesix.engine.moves import Move
from doublesix.engine.view import View

#: Playouts per decision by default (shared among the legal moves).
DEFAULT_PLAYOUTS = 1600
#: The fewest guesses every move is tried on, whatever the budget.
MIN_WORLDS = 8
#: The least effective size of the weighted guesses, as a share of the candidates drawn: at a
#: table of players who do not lay heavy tiles first, the inference would otherwise pile its
#: weight onto a few wrong guesses (see docs/players.md, "Other tables").
DEFAULT_SPREAD = 0.25


class Evaluation(NamedTuple):
    """A move as the search saw it: its mean value and the share of guesses it won."""

    move: Move
    value: float
    wins: float


class Expert:
    """Samples deals consistent with the view, plays every move out in each, keeps the best.

    Options (all keywords):

    - ``playouts``: the budget per decision, shared among the legal moves (at least
      :data:`MIN_WORLDS` guesses per move).
    - ``seconds``: if given, stop early once that much time has passed (the choice then
      depends on the machine; never the default).
    - ``plan``: the expert's own playout moves look ahead (:class:`~doublesix.ai.playout.Plan`:
      :data:`~doublesix.ai.playout.PIPS_PLAN`, or :data:`~doublesix.ai.playout.FIVES_PLAN`
      under All Fives); ``False`` leaves them greedy.
    - ``sharpness``: how surely the other seats are read as laying their heaviest tile
      (:class:`~doublesix.ai.sampling.Inference`; 0 reads nothing from their lays).
    - ``pool``: guesses are drawn from ``pool`` times as many candidates, weighed by how well
      they explain the other seats' lays.
    - ``spread``: the least effective size of those weights, as a share of the candidates
      (:func:`~doublesix.ai.sampling.temper`; 0 leaves the weights as they are).
    - ``team``: under teams, the partner is modelled as a partner, its lays read with
      ``mate_sharpness`` (0, the default: not read at all) rather than as heaviest-first.  The
      search always values the team's result.
    - ``reading``: a model of the other side fitted to one kind of player's lays, by name
      (``"ismcts"``, :data:`~doublesix.ai.sampling.READINGS`: Block's fit in Block, Draw's
      in Draw) or as six weights: the guesses are weighed by it and the playouts play that
      side by it.  Off by default (a person is not ISMCTS); against OpenSpiel's ISMCTS it
      gains (docs/expert-research.md).

    What each default was measured against, and the ideas measured without a gain (kept in
    ``benchmarks/experiments.py``), are in docs/expert-research.md.

    >>> import random
    >>> from doublesix import Match, Rules
    >>> match = Match(Rules.variant("block"), seed=2)
    >>> view = match.view(match.turn)
    >>> expert = Expert(playouts=200)
    >>> expert.choose(view, random.Random(0)) in view.legal_moves()
    True
    >>> Expert(reading="ismcts").reading
    'ismcts'
    """

    name = "expert"

    def __init__(
        self,
        playouts: int = DEFAULT_PLAYOUTS,
        seconds: float | None = None,
        sharpness: float = 2.0,
        pool: int = 4,
        plan: bool = True,
        spread: float = DEFAULT_SPREAD,
        team: bool = True,
        mate_sharpness: float = 0.0,
        reading: str | Sequence[float] = "",
    ) -> None:
        if playouts < 1:
            raise ValueError("playouts must be at least 1")
        if pool < 1:
            raise ValueError("pool must be at least 1")
        if not 0.0 <= spread <= 1.0:
            raise ValueError("spread must be between 0 and 1")
        self.playouts = playouts
        self.seconds = seconds
        self.sharpness = sharpness
        self.pool = pool
        self.plan = plan
        self.spread = spread
        self.team = team
        self.mate_sharpness = mate_sharpness
        #: The reading of the other side: a name in :data:`~doublesix.ai.sampling.READINGS`,
        #: its weights, or ``()`` for none.
        self.reading = parse_reading(reading)

    def choose(self, view: View, rng: random.Random) -> Move:
        """The move with the best mean outcome over the sampled deals."""
        moves = view.legal_moves()
        if len(moves) == 1:
            return moves[0]
        return self.evaluate(view, rng)[0].move

    def evaluate(self, view: View, rng: random.Random) -> list[Evaluation]:
        """Every legal move with its mean value, best first (ties in the engine's order)."""
        moves = view.legal_moves()
        totals, wins, played = run(self.search(view, rng.getrandbits(64)))
        played = max(played, 1)
        order = sorted(range(len(moves)), key=lambda i: (-totals[i], i))
        return [Evaluation(moves[i], totals[i] / played, wins[i] / played) for i in order]

    def search(self, view: View, seed: int) -> Search:
        """The search of a decision at ``view`` (:class:`~doublesix.ai.search.Search`), its
        random numbers drawn from ``seed``."""
        moves = view.legal_moves()
        teams = view.rules.teams and self.team
        reading = reading_weights(self.reading, view.rules)
        inference = Inference(view, self.sharpness, self.mate_sharpness if teams else None,
                              reading)
        return Search(
            me=view.seat,
            moves=[(m.t, m.e if m.t >= 0 else (-1 if m.kind == "draw" else -2)) for m in moves],
            base=Board.from_view(view),
            sampler=Sampler(view),
            inference=inference if inference.decisions and self.pool > 1 else None,
            worlds=max(MIN_WORLDS, self.playouts // len(moves)),
            pool=self.pool,
            spread=self.spread,
            planner=view.seat if self.plan else -1,
            plan=FIVES_PLAN if view.rules.scoring == "fives" else PIPS_PLAN,
            known=[sum(1 << n for n in numbers) for numbers in view.lacks],
            seed=seed,
            seconds=self.seconds,
            reading=reading,
        )
