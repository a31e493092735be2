"""Duplicate matches between computer players, on every core (the library behind
``doublesix tournament``, whose command line is :mod:`doublesix.cli.tournament`).

Each deal is played once for every rotation of the seats, so every player gets every seat's
tiles and luck cancels; with ``every_order`` (``--every-order``), once for every distinct order
of the seats, so that at a table of three or four different players each also sits after each
other one.  Under teams (``--teams``), once for every distinct rotation: two names make two
teams, and each deal is played again with the teams swapped; a hand or game a team wins counts
for both its seats.  Win rates are given with a 95% confidence interval computed over deal
groups (all the seatings of one deal), since the plays of one deal are not independent.

>>> result = tournament(["greedy", "random"], Rules.variant("block", target=0), deals=4, seed=1,
...                     workers=1)
>>> result.players, result.groups, sum(result.stats[0].hands + result.stats[1].hands) // 2
(['greedy', 'random'], 4, 8)
"""

from __future__ import annotations

import itertools
import math
import multiprocessing
import os
import random
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, cast

from doublesix.engine.match import Match
from doublesix.engine.rules import Rules
from doublesix.engine.summary import sides

if TYPE_CHECKING:
    from doublesix.ai import Player

#: z for a two-sided 95% interval.
Z95 = 1.959964


def parse_spec(spec: str) -> tuple[str, dict[str, int | float | str]]:
    """A player's name and options from ``name`` or ``name:key=value,...`` (``;`` also works).

    >>> parse_spec("expert:playouts=200")
    ('expert', {'playouts': 200})
    """
    from doublesix.ai import PLAYERS

    name, _, rest = spec.partition(":")
    if name not in PLAYERS:
        raise ValueError(f"unknown player {name!r}; the players are: {', '.join(PLAYERS)}")
    options: dict[str, int | float | str] = {}
    for item in rest.replace(";", ",").split(","):
        if not item:
            continue
        key, eq, value = item.partition("=")
        if not eq:
            raise ValueError(f"write player options as key=value, not {item!r}")
        options[key] = _number(value)
    return name, options


def _number(text: str) -> int | float | str:
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


@dataclass
class PlayerStats:
    """One player's results, with per-deal-group tallies for the confidence intervals."""

    hands: list[int] = field(default_factory=list)
    #: Hands won, a drawn hand counting half (per deal group).
    hand_wins: list[float] = field(default_factory=list)
    games: list[int] = field(default_factory=list)
    game_wins: list[float] = field(default_factory=list)
    points: list[int] = field(default_factory=list)
    #: Seconds per decision that was not forced.
    think: list[float] = field(default_factory=list)


@dataclass
class TournamentResult:
    """The table of a tournament."""

    players: list[str]
    rules: Rules
    groups: int
    stats: list[PlayerStats]
    seconds: float = 0.0
    #: Whether each deal was played in every order of the seats, not only their rotations.
    every_order: bool = False
    #: How many times each deal was played.
    seatings: int = 0

    def report(self) -> str:
        """The table as text."""
        rules = self.rules
        plays = (f"{self.seatings} seatings (every order of the seats)" if self.every_order
                 else f"{self.seatings} seat rotations")
        if rules.teams:
            plays = f"{self.seatings} seatings (the teams swapped)"
        teams = ", two teams of partners (figures per team)" if rules.teams else ""
        lines = [
            f"{self.groups} {'deal' if self.groups == 1 else 'deals'} of {rules.name}, "
            f"{rules.players} seats{teams}, "
            f"double-{rules.set}, target {rules.target or 'one hand'}, each dealt in {plays} "
            f"({self.seconds:.0f} s)",
            f"{'player':<24} {'hands won':>10} {'games won':>10} {'mean pts':>9} "
            f"{'win rate (95% CI)':>22} {'game rate (95% CI)':>22} {'think p50/p95 ms':>17}",
        ]
        for name, s in zip(self.players, self.stats, strict=True):
            hands, won = sum(s.hands), sum(s.hand_wins)
            games, games_won = sum(s.games), sum(s.game_wins)
            rate, half = ratio_ci(s.hand_wins, s.hands)
            game_rate, game_half = ratio_ci(s.game_wins, s.games)
            think = sorted(s.think)
            p50 = _quantile(think, 0.5) * 1000
            p95 = _quantile(think, 0.95) * 1000
            lines.append(
                f"{name:<24} {f'{won:g}/{hands}':>10} {f'{games_won:g}/{games}':>10} "
                f"{sum(s.points) / max(games, 1):>9.1f} "
                f"{f'{100 * rate:.1f}% ± {100 * half:.1f}':>22} "
                f"{f'{100 * game_rate:.1f}% ± {100 * game_half:.1f}':>22} "
                f"{f'{p50:.1f} / {p95:.1f}':>17}"
            )
        return "\n".join(lines)

    def win_rate(self, index: int) -> tuple[float, float]:
        """Player ``index``'s hand win rate and the half-width of its 95% interval."""
        return ratio_ci(self.stats[index].hand_wins, self.stats[index].hands)

    def game_rate(self, index: int) -> tuple[float, float]:
        """Player ``index``'s game win rate and the half-width of its 95% interval."""
        return ratio_ci(self.stats[index].game_wins, self.stats[index].games)

    def think_ms(self, index: int) -> tuple[float, float]:
        """Player ``index``'s think time per unforced move in ms: p50 and p95."""
        think = sorted(self.stats[index].think)
        return _quantile(think, 0.5) * 1000, _quantile(think, 0.95) * 1000


def ratio_ci(wins: Sequence[float], totals: Sequence[int]) -> tuple[float, float]:
    """A ratio of sums and the half-width of its 95% interval, the groups being the units.

    >>> rate, half = ratio_ci([1, 1, 0, 2], [2, 2, 2, 2])
    >>> rate, round(half, 3)
    (0.5, 0.4)
    """
    groups = len(totals)
    total = sum(totals)
    if total == 0:
        return 0.0, 0.0
    rate = sum(wins) / total
    if groups < 2:
        return rate, 1.0
    mean_total = total / groups
    spread = sum((w - rate * n) ** 2 for w, n in zip(wins, totals, strict=True)) / (groups - 1)
    return rate, Z95 * math.sqrt(spread / groups) / mean_total


def _quantile(values: Sequence[float], q: float) -> float:
    if not values:
        return 0.0
    return values[min(len(values) - 1, int(q * len(values)))]


@dataclass
class _GroupResult:
    hands: list[int]
    hand_wins: list[float]
    games: list[int]
    game_wins: list[float]
    points: list[int]
    think: list[list[float]]


def seatings(names: Sequence[str], seats: int, every_order: bool = False,
             teams: bool = False) -> list[list[str]]:
    """Who sits where, in each playing of a deal: the named players repeated in turn to fill
    the seats, then every rotation of them (seat ``s`` of rotation ``r`` holding entrant
    ``(s + r) % seats``); with ``every_order``, followed by every other distinct order; with
    ``teams``, every distinct rotation (two names: each team on each pair of seats).

    >>> seatings(["a", "b", "c"], 3)
    [['a', 'b', 'c'], ['b', 'c', 'a'], ['c', 'a', 'b']]
    >>> seatings(["a", "b", "c"], 3, every_order=True)[3:]
    [['a', 'c', 'b'], ['b', 'a', 'c'], ['c', 'b', 'a']]
    >>> len(seatings(["a", "b", "b", "b"], 4, every_order=True))
    4
    >>> seatings(["a", "b"], 4, teams=True)
    [['a', 'b', 'a', 'b'], ['b', 'a', 'b', 'a']]
    """
    entrants = [names[i % len(names)] for i in range(seats)]
    rotations = [[entrants[(s + r) % seats] for s in range(seats)] for r in range(seats)]
    if teams:
        return [list(order) for order in dict.fromkeys(tuple(r) for r in rotations)]
    if not every_order:
        return rotations
    orders = dict.fromkeys(tuple(order) for order in rotations)
    orders.update(dict.fromkeys(itertools.permutations(entrants)))
    return [list(order) for order in orders]


def play_group(
    names: Sequence[str], rules: Rules, seed: int, every_order: bool = False
) -> _GroupResult:
    """Play one deal (a match from ``seed``) once for each of its :func:`seatings`.

    The results are per distinct name, in the order the names first appear.
    """
    from doublesix.ai import player

    seats = rules.players
    distinct = list(dict.fromkeys(names))
    specs = {name: parse_spec(name) for name in distinct}
    players = {name: player(spec[0], **spec[1]) for name, spec in specs.items()}
    rows = entries(names, rules)
    index = {row: i for i, row in enumerate(rows)}
    k = len(rows)
    out = _GroupResult([0] * k, [0.0] * k, [0] * k, [0.0] * k, [0] * k, [[] for _ in range(k)])
    drawn_share = 1 / len(sides(rules))  # a drawn hand or game: a share for each side
    for order, at in enumerate(seatings(names, seats, every_order, rules.teams)):
        row = [index[label] for label in seat_labels(at, rules)]  # each seat's row
        counted = [seat for seat in range(seats) if rules.teammates(seat)[0] == seat]
        rngs = [random.Random(seed * 1000003 + order * 101 + s) for s in range(seats)]
        # Who sits where is public (the table shows the names): a player that reads it is told.
        table = [specs[name][0] for name in at]
        seated = {name: _seated(p, table) for name, p in players.items()}
        match = Match(rules, seed=seed)
        while True:
            turn = match.turn
            if turn is None:
                result = match.hand_result
                if result is not None:
                    for s in counted:  # each seat, or each team once
                        i = row[s]
                        out.hands[i] += 1
                        if s in result.winners:
                            out.hand_wins[i] += 1
                        elif result.winner is None:
                            out.hand_wins[i] += drawn_share
                if match.is_over:
                    break
                match.next_hand()
                continue
            moves = match.legal_moves()
            if len(moves) == 1:
                match.play(moves[0])
                continue
            view = match.view(turn)
            started = time.perf_counter()
            move = seated[at[turn]].choose(view, rngs[turn])
            out.think[row[turn]].append(time.perf_counter() - started)
            match.play(move)
        winners = match.winners
        for s in counted:
            i = row[s]
            out.games[i] += 1
            out.points[i] += match.scores[s]
            if s in winners:
                out.game_wins[i] += 1
            elif not winners:
                out.game_wins[i] += drawn_share
    return out


def _seated(player: Player, table: list[str]) -> Player:
    """``player`` told the names at the table, if it reads them (``at_table``)."""
    at_table = getattr(player, "at_table", None)
    return player if at_table is None else cast("Player", at_table(table))


def seat_labels(at: Sequence[str], rules: Rules) -> list[str]:
    """The row each seat's results go to: its player's name, or under teams its team's
    (``expert`` for two experts; ``expert+greedy`` for an expert partnered with greedy, the
    names in alphabetical order, whichever sits where).

    >>> seat_labels(["expert", "greedy", "random", "greedy"], Rules.variant("partnership"))
    ['expert+random', 'greedy', 'expert+random', 'greedy']
    """
    return ["+".join(sorted({at[s] for s in rules.teammates(seat)}))
            for seat in range(len(at))]


def entries(names: Sequence[str], rules: Rules) -> list[str]:
    """The rows of the table: each distinct name, or under teams each team, in order.

    >>> entries(["expert", "greedy"], Rules.variant("partnership"))
    ['expert', 'greedy']
    """
    first = seatings(names, rules.players, teams=rules.teams)[0]
    return list(dict.fromkeys(seat_labels(first, rules) if rules.teams else names))


def _play_job(job: tuple[Sequence[str], Rules, int, bool]) -> _GroupResult:
    return play_group(*job)


def tournament(
    names: Sequence[str],
    rules: Rules,
    deals: int,
    seed: int = 1,
    workers: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    every_order: bool = False,
) -> TournamentResult:
    """Play ``deals`` duplicate deal groups (deal ``i`` from seed ``seed + i``) between the
    players named (with options, as :func:`parse_spec` reads them), on ``workers`` processes
    (default: every core).  A name given more than once holds that many seats of the cycle
    (``["expert", "greedy", "greedy"]``: one expert against two greedy players); each
    distinct name gets one row, counted per seat.  Each deal is played in every rotation of
    the seats, or with ``every_order`` in every order of them (see :func:`seatings`).

    ``progress``, if given, is called after each deal group with the deals done so far and
    the number of deals (the command line draws its progress bar with it)."""
    entrants = list(names)
    names = entries(entrants, rules)
    stats = [PlayerStats() for _ in names]
    jobs: list[tuple[Sequence[str], Rules, int, bool]] = [
        (entrants, rules, seed + i, every_order) for i in range(deals)]
    started = time.perf_counter()
    count = workers if workers is not None else os.cpu_count() or 1
    for done, group in enumerate(_results(jobs, count), 1):
        for i, s in enumerate(stats):
            s.hands.append(group.hands[i])
            s.hand_wins.append(group.hand_wins[i])
            s.games.append(group.games[i])
            s.game_wins.append(group.game_wins[i])
            s.points.append(group.points[i])
            s.think.extend(group.think[i])
        if progress is not None:
            progress(done, deals)
    return TournamentResult(names, rules, deals, stats, time.perf_counter() - started,
                            every_order,
                            len(seatings(entrants, rules.players, every_order, rules.teams)))


def _results(
    jobs: list[tuple[Sequence[str], Rules, int, bool]], workers: int
) -> Iterator[_GroupResult]:
    if workers <= 1 or len(jobs) <= 1:
        yield from map(_play_job, jobs)
        return
    with multiprocessing.get_context("spawn").Pool(workers) as pool:
        yield from pool.imap(_play_job, jobs, chunksize=1)
