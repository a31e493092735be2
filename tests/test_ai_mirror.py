"""Two moves that leave the same table, seen from the other side (a tile laid left or right of a
lone double, up or down a spinner), get the same value from the expert and from the review, on
both paths: the playouts break their ties by what the table shows, never by which end is which
(:func:`~doublesix.ai.playout.tie_rank`)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from doublesix import Match, Rules
from doublesix.ai.expert import Expert
from doublesix.ai.review import review
from doublesix.ai.search import CORE, Search, Totals, run_pure
from doublesix.engine.layout import Layout
from doublesix.engine.tiles import TILES

#: Seat 0 holds 6|6, which opens; seat 1 may lay 6|4, 6|3 or 6|0 on either side of it.
HANDS = [["6|6", "5|5", "4|4", "5|3", "2|1", "3|0", "1|1"],
         ["6|4", "6|3", "6|0", "5|2", "4|2", "3|1", "0|0"]]

#: The search's paths: the pure Python reference, and the compiled core when it was built.
PATHS: list[tuple[str, Callable[[Search], Totals]]] = [("pure", run_pure)]
if CORE is not None:
    PATHS.append(("compiled", CORE.run))


def lone_six(variant: str) -> Match:
    """A 2-player match in which 6|6 lies alone, seat 1 to move."""
    dealt = {tile for hand in HANDS for tile in hand}
    rest = [t for t in TILES[:28] if str(t) not in dealt]
    match = Match(Rules.variant(variant), hands=HANDS, boneyard=rest)
    if match.turn == 0:  # 6|6 is not laid by the rules in this variant: seat 0 leads it
        match.play("6|6")
    assert match.turn == 1 and len(match.view(1).layout.placed()["left"]) == 1
    return match


def values(job: Search, path: Callable[[Search], Totals]) -> dict[str, float]:
    totals, _, played = path(job)
    return {str(move): total / played for move, total in zip(job_moves(job), totals, strict=True)}


def job_moves(job: Search) -> list[str]:
    return [str(TILES[t]) + (" left" if e == 0 else " right") for t, e in job.moves]


@pytest.mark.parametrize("variant", ["block", "draw", "all-fives", "muggins"])
@pytest.mark.parametrize(("path_name", "path"), PATHS)
def test_a_tile_either_side_of_a_lone_double_has_one_value(
    variant: str, path_name: str, path: Callable[[Search], Totals]
) -> None:
    view = lone_six(variant).view(1)
    job = Expert(playouts=3000).search(view, 20)
    found = values(job, path)
    assert len(found) == 6
    for tile in ("6|4", "6|3", "6|0"):
        assert found[f"{tile} left"] == found[f"{tile} right"], (variant, path_name, found)
    assert len(set(found.values())) == 3  # the tiles themselves are told apart


@pytest.mark.parametrize("variant", ["block", "muggins"])
def test_the_review_marks_either_side_alike(variant: str) -> None:
    match = lone_six(variant)
    evaluations = Expert(playouts=400).evaluate(match.view(1), random.Random(1))
    best = evaluations[0].move
    rng = random.Random(3)
    match.play(next(m for m in match.legal_moves() if m.tile == best.tile and m != best))
    while match.turn is not None:  # the hand played out, so that it can be reviewed
        match.play(rng.choice(match.legal_moves()))
    decision = review(match, 1, hands=[0], playouts=400).decisions[0]
    # Either side is one choice (issue 40): the mirror of the best is the best, named as played.
    assert decision.played == decision.best and decision.played.tile == best.tile
    assert decision.cost == 0.0 and decision.mark.value == "best"
    for valued in (decision.moves, decision.hindsight):
        assert sorted(str(v.move.tile) for v in valued) == ["6|0", "6|3", "6|4"]


def mirror_key(layout: Layout) -> tuple[Any, ...]:
    """The table as the rules see it, the same for a table and its mirror image (left for
    right, up for down): each side's number, count and whether it is the spinner's bare side,
    and each arm's number and count, as unordered pairs."""
    ends, contrib = layout.ends, layout.contrib
    sides = sorted((ends[e], contrib[e], layout.spin_sides >> e & 1) for e in (0, 1))
    arms = sorted((ends[e], contrib[e]) for e in (2, 3))
    return (tuple(sides), tuple(arms), layout.count, layout.played, layout.single,
            layout.spinner)


CASES: list[tuple[str, dict[str, Any]]] = [
    ("draw", {}),
    ("block", {"players": 3}),
    ("all-fives", {}),
    ("muggins", {}),
    ("muggins", {"spinner_arms": "immediate", "players": 3}),
    ("partnership", {}),
]


@pytest.mark.parametrize(("variant", "overrides"), CASES)
def test_moves_that_leave_mirror_tables_get_equal_values(
    variant: str, overrides: dict[str, Any]
) -> None:
    """Over seeded games of every layout, each pair of legal moves that leave mirror tables
    gets the same value and the same share of wins, on each path."""
    expert = Expert(playouts=400)
    rules = Rules.variant(variant, target=0, **overrides)
    pairs = 0
    seed = 0
    while pairs < 12 and seed < 200:
        match = Match(rules, seed=seed)
        rng = random.Random(seed)
        while match.turn is not None:
            view = match.view(match.turn)
            moves = view.legal_moves()
            keys = [mirror_key(view.layout.lay_index(m.t, m.e)) if m.is_lay else None
                    for m in moves]
            twins = [(i, j) for i in range(len(moves)) for j in range(i + 1, len(moves))
                     if keys[i] is not None and keys[i] == keys[j]]
            if twins:
                job = expert.search(view, rng.getrandbits(64))
                for _, path in PATHS:
                    totals, wins, _ = path(job)
                    for i, j in twins:
                        assert (totals[i], wins[i]) == (totals[j], wins[j]), (
                            f"{variant} seed {seed}: {moves[i]} and {moves[j]}")
                pairs += len(twins)
            match.play(rng.choice(moves))
        seed += 1
    assert pairs >= 12
