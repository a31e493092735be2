"""The ladder of computer opponents: each one's level and rating, fitted on a round robin.

:func:`round_robin` plays every pair of :data:`ENTRANTS` on the same deals in every variant
(games to the variant's own target, as people play them; each deal once in each seating, so
both get both seats' tiles; the partnership game with each entrant partnered by itself), and
rates the results in a fixed order with OpenSkill (:mod:`doublesix.ai.ratings`), every entrant
starting as a newcomer.  The same seed gives the same table.  ``doublesix ladder`` runs it;
the table the game ships, ``ai/ladder.json``, says the seed and the date it was
made, and :func:`ladder` reads it.

>>> ladder()[0].spec, ladder()[-1].spec
('random', 'expert')
>>> ladder()[-1].level == len(ladder())
True
"""

from __future__ import annotations

import datetime
import itertools
import json
import multiprocessing
import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib import resources
from typing import Any, NamedTuple

from doublesix.ai import HUMAN, PLAYERS
from doublesix.ai.expert import DEFAULT_PLAYOUTS
from doublesix.ai.ratings import TEAMS, Rating, update
from doublesix.ai.tournament import parse_spec, seatings
from doublesix.engine.match import Match
from doublesix.engine.rules import VARIANTS as ENGINE_VARIANTS
from doublesix.engine.rules import Rules

#: The player name of each computer opponent on the ladder: every step a player that can be
#: chosen by its name (the expert's quicker levels are ``expert-quick`` and ``expert-careful``).
ENTRANTS: tuple[str, ...] = ("random", "greedy", "pinocchio", "buratino", "snow-white",
                             "expert-quick", "expert-careful", "expert")
#: The variants of the round robin: every variant of the engine.
VARIANTS: tuple[str, ...] = ENGINE_VARIANTS
#: Where the shipped table lies, in this package.
TABLE_FILE = "ladder.json"


@dataclass(frozen=True, slots=True)
class Step:
    """One computer opponent on the ladder."""

    #: Its player spec, as ``doublesix tournament`` takes it: on the shipped ladder a player's
    #: name (``expert-careful``), which every menu and ``--opponents`` take too.
    spec: str
    #: 1 for the weakest (its name is :func:`doublesix.words.players.level_name`'s).
    level: int
    rating: Rating


Job = tuple[str, str, str, int]


def _play(job: Job) -> list[list[int]]:
    """Each seating's places (per seat, 0 for the winners) of one deal between two specs."""
    from doublesix.ai import player

    first, second, variant, seed = job
    rules = Rules.variant(variant)
    makers = {spec: parse_spec(spec) for spec in (first, second)}
    results = []
    for order, at in enumerate(seatings([first, second], rules.players, teams=rules.teams)):
        players = [player(makers[spec][0], **makers[spec][1]) for spec in at]
        rngs = [random.Random(seed * 1000003 + order * 101 + s) for s in range(rules.players)]
        match = Match(rules, seed=seed)
        while not match.is_over:
            turn = match.turn
            if turn is None:
                match.next_hand()
                continue
            moves = match.legal_moves()
            move = moves[0] if len(moves) == 1 else players[turn].choose(
                match.view(turn), rngs[turn])
            match.play(move)
        winners = match.winners
        results.append([0 if seat in winners or not winners else 1
                        for seat in range(rules.players)])
    return results


def _jobs(specs: Sequence[str], deals: int, seed: int) -> list[Job]:
    """Deal-major: every pair and variant of deal 0, then of deal 1..."""
    return [(a, b, variant, seed + deal)
            for deal in range(deals)
            for variant in VARIANTS
            for a, b in itertools.combinations(specs, 2)]


def _results(jobs: list[Job], workers: int) -> Iterator[list[list[int]]]:
    if workers <= 1:
        yield from map(_play, jobs)
        return
    with multiprocessing.get_context("spawn").Pool(workers) as pool:
        yield from pool.imap(_play, jobs, chunksize=4)


def round_robin(
    specs: Sequence[str], deals: int, seed: int, workers: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, Rating]:
    """Each spec's rating after ``deals`` deals of every pair in every variant (deal ``i`` from
    seed ``seed + i``), rated in a fixed order (the same seed gives the same ratings)."""
    ratings = {spec: Rating() for spec in specs}
    jobs = _jobs(specs, deals, seed)
    for done, (job, results) in enumerate(zip(jobs, _results(jobs, workers), strict=True), 1):
        first, second, variant, _ = job
        teams = Rules.variant(variant).teams
        for order, places in zip(
            seatings([first, second], len(results[0]), teams=teams), results, strict=True
        ):
            seats = [ratings[spec] for spec in order]
            after = update(seats, places, movable=range(len(seats)), teams=teams, still=True)
            # An entrant in two seats (a partnership) takes its first seat's new rating.
            for spec in (first, second):
                ratings[spec] = after[order.index(spec)]
        if progress is not None:
            progress(done, len(jobs))
    return ratings


def table(ratings: dict[str, Rating], seed: int, deals: int) -> dict[str, Any]:
    """The ladder as the JSON the package ships: the entrants by rating, weakest first."""
    order = sorted(ratings, key=lambda spec: (ratings[spec].mu, spec))
    return {
        "seed": seed,
        "deals": deals,
        "variants": list(VARIANTS),
        "date": datetime.date.today().isoformat(),
        "levels": [
            {"spec": spec, "level": i + 1, **ratings[spec].to_json()}
            for i, spec in enumerate(order)
        ],
    }


def steps(data: dict[str, Any]) -> list[Step]:
    """The steps of a ladder table (as :func:`table` makes it)."""
    return [Step(item["spec"], item["level"], Rating(item["mu"], item["sigma"]))
            for item in data["levels"]]


@cache
def ladder() -> tuple[Step, ...]:
    """The ladder the game ships, weakest first."""
    text = resources.files("doublesix.ai").joinpath(TABLE_FILE).read_text(encoding="utf-8")
    return tuple(steps(json.loads(text)))


def _canonical(spec: str) -> str:
    """A spec with a player's name for a level of another player written out in full
    (``expert-quick`` is ``expert:playouts=16``)."""
    info = PLAYERS.get(spec)
    return spec if info is None else info.spec


def rating_of(spec: str) -> Rating:
    """The fixed rating of a computer opponent (a spec or name on the ladder; an expert at
    another budget takes the nearest budget's; anything else a newcomer's).

    >>> rating_of("expert-quick") == rating_of("expert:playouts=16") != rating_of("expert")
    True
    """
    step = step_of(spec)
    if step is not None:
        return step.rating
    name, options = parse_spec(_canonical(spec))
    if name == "expert":
        budget = int(options.get("playouts", DEFAULT_PLAYOUTS))
        experts = []
        for item in ladder():
            base, fixed = parse_spec(_canonical(item.spec))
            if base == "expert":
                experts.append((int(fixed.get("playouts", DEFAULT_PLAYOUTS)), item))
        if experts:
            return min(experts, key=lambda pair: abs(pair[0] - budget))[1].rating
    return Rating()


@lru_cache(maxsize=256)
def step_of(spec: str) -> Step | None:
    """The ladder's step of a computer opponent (its name, or the spec it stands for), or None;
    remembered, as every picture asks it for each opponent (the ladder never changes).

    >>> step_of("snow-white").spec, step_of("nobody")
    ('snow-white', None)
    >>> step_of("expert:playouts=100").spec
    'expert-careful'
    """
    wanted = _canonical(spec)
    return next((step for step in ladder() if _canonical(step.spec) == wanted), None)


def level_of_player(spec: str) -> int | None:
    """The game's ladder's level of a computer opponent (1 the weakest; the words name it:
    :func:`doublesix.words.players.level_words`), or None off the ladder.

    >>> level_of_player("random"), level_of_player("expert-careful"), level_of_player("nobody")
    (1, 7, None)
    """
    step = step_of(spec)
    return None if step is None else step.level


#: How many of the latest games against a level the suggestion looks at, the fewest it
#: needs, and the share of them won that suggests the next level.
RECENT = 10
FEWEST = 5
BEATING = 0.8


def level_of(opponents: Sequence[str]) -> int | None:
    """The ladder's step (an index, weakest 0) of a game's strongest computer opponent, or
    None if a person played in it (``human``) or no opponent is on the ladder.

    >>> [ladder()[level_of(kinds)].spec for kinds in (["greedy"], ["random", "pinocchio"])]
    ['greedy', 'pinocchio']
    >>> level_of(["human"]) is None
    True
    """
    if HUMAN in opponents:
        return None
    levels = [step.level - 1 for kind in opponents if (step := step_of(kind)) is not None]
    return max(levels) if levels else None


def recent_games(newest_first: Iterable[tuple[Sequence[str], bool]]
                 ) -> list[tuple[Sequence[str], bool]]:
    """The games :func:`suggestion` looks at, oldest first, from a person's games read newest
    first: the latest game, and the :data:`RECENT` latest at its level. It stops reading there,
    so a person with thousands of games is read some tens of rows at each game's end, and
    ``suggestion(recent_games(reversed(games)))`` is ``suggestion(games)``.

    >>> games = [(["greedy"], True)] * 50 + [(["buratino"], True), (["random"], False)] * 20
    >>> read = iter(reversed(games))
    >>> len(recent_games(read)), len(list(read))
    (10, 71)
    >>> suggestion(recent_games(reversed(games))) == suggestion(games)
    True
    """
    games: list[tuple[Sequence[str], bool]] = []
    level: int | None = None
    at_level = 0
    for game in newest_first:
        if not games:
            games.append(game)
            level = level_of(game[0])
            at_level = 1
            if level is None:
                break
        elif level_of(game[0]) == level:
            games.append(game)
            at_level += 1
        if at_level >= RECENT:
            break
    return games[::-1]


class Suggestion(NamedTuple):
    """The ladder's next step for a person who keeps beating one (the words are
    :func:`doublesix.words.results.level_suggestion`'s, whose arguments these are)."""

    #: The player beaten, the games won against it of the recent ones, and the next step's.
    beaten: str
    wins: int
    games: int
    next_level: str


def suggestion(games: Sequence[tuple[Sequence[str], bool]]) -> Suggestion | None:
    """What to try next after ``games`` (each one's opponents and whether it was won, oldest
    first): when the latest game's level was beaten in most of the recent games against it
    (:data:`RECENT`, at least :data:`FEWEST`, :data:`BEATING` of them won), the ladder's
    next step.

    >>> suggestion([(["buratino"], True)] * 8 + [(["buratino"], False)] * 2)
    Suggestion(beaten='buratino', wins=8, games=10, next_level='snow-white')
    >>> suggestion([(["buratino"], True)] * 4) is None
    True
    """
    if not games:
        return None
    level = level_of(games[-1][0])
    steps = ladder()
    if level is None or level + 1 >= len(steps):
        return None
    recent = [won for opponents, won in games if level_of(opponents) == level][-RECENT:]
    wins = sum(recent)
    if len(recent) < FEWEST or wins < BEATING * len(recent):
        return None
    return Suggestion(steps[level].spec, wins, len(recent), steps[level + 1].spec)


@dataclass(frozen=True, slots=True)
class VariantRating:
    """A person's rating in one variant (:func:`variant_ratings`), with its games and wins."""

    variant: str
    rating: Rating
    games: int
    wins: int


#: One rated game as :func:`variant_ratings` reads it: its rules' label
#: (:func:`~doublesix.ai.ratings.rules_label`), the person's seat, the other seats' kinds
#: (``human`` or a computer's name) in seat order, and whether the person won.
RatedGame = tuple[str, int, Sequence[str], bool]


def _fixed_rating(kind: str) -> Rating:
    if kind == HUMAN:
        return Rating()
    try:
        return rating_of(kind)
    except ValueError:  # a name no longer known
        return Rating()


def variant_ratings(games: Iterable[RatedGame]) -> list[VariantRating]:
    """A person's rating in each variant played, in the rule book's order: replayed from a
    newcomer's over that variant's rated games alone (oldest first), each game a win (ahead
    of every opponent) or not (behind them), against the same opponents: the computers at
    their ladder ratings, people as newcomers; under teams the partner shares the result.

    >>> found = variant_ratings([("block/2/0", 0, ["greedy"], True),
    ...                          ("draw/2/100", 0, ["expert"], False),
    ...                          ("block/3/100", 1, ["random", "human"], True)])
    >>> [(v.variant, v.games, v.wins, v.rating.shown > 1500) for v in found]
    [('draw', 1, 0, False), ('block', 2, 2, True)]
    """
    kept: dict[str, tuple[Rating, int, int]] = {}
    for rules, seat, opponents, won in games:
        parts = rules.split("/")
        variant = parts[0]
        before, played, wins = kept.get(variant, (Rating(), 0, 0))
        kinds = list(opponents)
        seat = min(max(seat, 0), len(kinds))
        kinds.insert(seat, HUMAN)
        ratings = [before if at == seat else _fixed_rating(kind)
                   for at, kind in enumerate(kinds)]
        teams = len(kinds) == 4 and (TEAMS in parts[3:] or variant == "partnership")
        places = [0 if ((at % 2 == seat % 2) if teams else at == seat) == won else 1
                  for at in range(len(kinds))]
        after = update(ratings, places, movable={seat}, teams=teams)[seat]
        kept[variant] = (after, played + 1, wins + won)
    order = {name: i for i, name in enumerate(ENGINE_VARIANTS)}
    return [VariantRating(variant, rating, played, wins)
            for variant, (rating, played, wins) in sorted(
                kept.items(), key=lambda item: (order.get(item[0], len(order)), item[0]))]
