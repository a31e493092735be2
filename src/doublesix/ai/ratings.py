"""Ratings of players, people and computers alike: OpenSkill's Plackett-Luce model (a mean and
an uncertainty, for 2 to 4 players each for themselves and for two teams of two).

A rating is shown on a familiar scale: 1500 for a newcomer, 24 points to one unit of
OpenSkill's mean, and an interval of two uncertainties either side.  The computer players keep
fixed ratings (the ladder's, :mod:`doublesix.ai.ladder`); a person's moves after each finished
game (:func:`update`).

>>> new = Rating()
>>> new.shown, new.interval
(1500, 400)
>>> match = Match(Rules.variant("draw"), seed=1)
>>> match.resign(1)
>>> won = update([new, Rating(25.0, 1.0)], ranks(match), movable={0})
>>> won[0].shown > 1500, won[1] == Rating(25.0, 1.0)
(True, True)
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

from doublesix.engine.match import Match
from doublesix.engine.rules import Rules

#: OpenSkill's model, with its defaults (mean 25, uncertainty 25/3, a little added to the
#: uncertainty before each game: people change).
MODEL = PlackettLuce()
#: The same for players that do not change (the computers, fitted on the ladder).
STILL = PlackettLuce(tau=0.0)
#: A newcomer's rating.
MU = MODEL.mu
SIGMA = MODEL.sigma
#: Points of the shown scale per unit of the mean, and the shown rating of the mean ``MU``.
SCALE = 24.0
BASE = 1500


@dataclass(frozen=True, slots=True)
class Rating:
    """A mean and an uncertainty (OpenSkill's mu and sigma)."""

    mu: float = MU
    sigma: float = SIGMA

    @property
    def shown(self) -> int:
        """The rating as people see it (1500 for a newcomer)."""
        return round(BASE + SCALE * (self.mu - MU))

    @property
    def interval(self) -> int:
        """Half the width of the rating's 95% interval, on the shown scale."""
        return round(2 * SCALE * self.sigma)

    def to_json(self) -> dict[str, float | int]:
        """The rating as JSON data (both figures and the shown ones)."""
        return {"mu": self.mu, "sigma": self.sigma, "shown": self.shown,
                "interval": self.interval}


def ranks(match: Match, resigned: int | None = None) -> list[int]:
    """Each seat's place in a finished ``match`` for rating (0 first): the winners first, the
    seat that resigned (``resigned``, else the match's own) last, everyone else between; a
    drawn match puts everyone first.

    >>> match = Match(Rules.variant("draw", players=3), seed=2)
    >>> match.resign(1)
    >>> ranks(match)
    [1, 2, 1]
    """
    quit_seat = match.resigned if resigned is None else resigned
    winners = match.winners
    places = []
    for seat in range(match.rules.players):
        if seat in winners:
            places.append(0)
        elif quit_seat is not None and seat in match.rules.teammates(quit_seat):
            places.append(2)
        else:
            places.append(1 if winners or quit_seat is not None else 0)
    return places


def update(
    ratings: Sequence[Rating], places: Sequence[int], movable: Collection[int],
    teams: bool = False, still: bool = False,
) -> list[Rating]:
    """Each seat's rating after a game the seats finished in ``places`` (0 first, equal for a
    tie), moving only the seats in ``movable`` (the computers keep theirs).  Under ``teams``
    seats 0 and 2 play seats 1 and 3: a team's result moves both partners.  ``still``: the
    players do not change between games (the ladder's computers), so their uncertainty only
    shrinks.

    >>> after = update([Rating(), Rating(), Rating(), Rating()], [0, 1, 0, 1], {0, 1}, teams=True)
    >>> after[0].shown > 1500 > after[1].shown, after[2] == Rating()
    (True, True)
    """
    if len(ratings) != len(places):
        raise ValueError("one place per rating, please")
    groups = [[0, 2], [1, 3]] if teams else [[seat] for seat in range(len(ratings))]
    model = STILL if still else MODEL
    model_teams = [[model.rating(mu=ratings[s].mu, sigma=ratings[s].sigma) for s in group]
                   for group in groups]
    rated = model.rate(model_teams, ranks=[float(places[group[0]]) for group in groups])
    after = list(ratings)
    for group, team in zip(groups, rated, strict=True):
        for seat, found in zip(group, team, strict=True):
            if seat in movable:
                after[seat] = Rating(found.mu, found.sigma)
    return after


def casual(match: Match, coached: bool = False) -> bool:
    """Whether ``match`` moves nobody's rating when it ends, however it is played: moves were
    taken back in it (:attr:`~doublesix.engine.match.Match.taken_back`), or the coach helped
    in it (``coached``, kept by the face that coached, as the coach is none of the rules:
    :func:`coach_helps`).  The one rule of the web game and the terminal game.

    >>> match = Match(Rules.variant("block", players=2), seed=0)
    >>> casual(match), casual(match, coached=True)
    (False, True)
    >>> seat = match.turn
    >>> match.play(match.legal_moves()[0]); match.play(match.legal_moves()[0])
    >>> match.take_back(seat), casual(match)
    (2, True)
    """
    return match.taken_back > 0 or coached


def coach_helps(match: Match) -> bool:
    """Whether the coach's words on the move just played in ``match`` help in the game, and
    so make it casual (:func:`casual`): while it goes on.  Words on the move that ended it help
    in none of its moves, and the game was rated as it ended.

    >>> match = Match(Rules.variant("draw", players=2), seed=1)
    >>> coach_helps(match)
    True
    >>> match.resign(0)
    >>> coach_helps(match)
    False
    """
    return not match.is_over


#: The last part of :func:`rules_label` for a game of teams in a variant other than the
#: partnership game (which is always one).
TEAMS = "teams"


def rules_label(rules: Rules) -> str:
    """How a rating's update names the game it came from: the variant's name, the players
    and the target, and ``teams`` for a game of two teams of two in another variant than the
    partnership game (ratings can be shown per variant).

    >>> rules_label(Rules.variant("muggins", players=3))
    'muggins/3/100'
    >>> rules_label(Rules.variant("draw", players=4, teams=True)), rules_label(
    ...     Rules.variant("partnership"))
    ('draw/4/100/teams', 'partnership/4/100')
    """
    label = f"{rules.name}/{rules.players}/{rules.target}"
    return label + f"/{TEAMS}" if rules.teams and rules.name != "partnership" else label
