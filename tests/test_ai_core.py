"""The compiled search core against the pure Python reference: the same job gives the same
values to the last bit, so both paths play the same moves from the same seed.

The differential test plays seeded games of every variant, 2 to 4 players, partnerships, the
three sets and the rules' options, and at each decision with more than one choice runs the
expert's search on both paths (over 1,000 decisions in all).  Under ``CI`` the core must have
been built: the test fails rather than skips without it.
"""

from __future__ import annotations

import os
import random
from types import ModuleType
from typing import Any

import pytest

from doublesix import Match, Rules
from doublesix.ai import search as search_module
from doublesix.ai.expert import Expert
from doublesix.ai.search import Search, run, run_pure


def compiled_core() -> ModuleType:
    """The compiled core, imported whatever ``DOUBLESIX_PURE`` says; CI insists on it."""
    try:
        from doublesix.ai import _core  # type: ignore[attr-defined, unused-ignore]
    except ImportError:
        if os.environ.get("CI"):
            pytest.fail("the compiled search core was not built (setup.py, Cython)")
        pytest.skip("the compiled search core was not built")
    core: ModuleType = _core
    return core


#: (variant, rule overrides, decisions to compare, the expert's options)
CASES: list[tuple[str, dict[str, Any], int, dict[str, Any]]] = [
    ("draw", {}, 90, {}),
    ("draw", {"players": 3}, 80, {}),
    ("draw", {"players": 4, "hand_size": 5, "blocked_tie": "fewer-tiles"}, 80, {}),
    ("block", {}, 80, {}),
    ("block", {"players": 3, "blocked_minus_own": False}, 70, {}),
    ("block", {"players": 4, "hand_size": 7, "set": 9}, 70, {}),
    ("all-fives", {}, 90, {}),
    ("all-fives", {"players": 3, "rounding": "down", "lead": "winner"}, 70, {}),
    ("muggins", {}, 90, {}),
    ("muggins", {"players": 3, "spinner_arms": "immediate"}, 70, {}),
    ("muggins", {"players": 4, "hand_size": 5}, 70, {}),
    ("muggins", {"set": 12, "hand_size": 12, "target": 0}, 50, {}),
    ("partnership", {}, 80, {}),
    ("partnership", {"team_points": "opponents", "target": 150}, 60, {"mate_sharpness": 1.0}),
    ("draw", {"set": 9, "hand_size": 10}, 40, {"pool": 1, "plan": False}),
    ("block", {}, 30, {"spread": 0.0, "team": False}),
    # A reading of the other side, which also lays their tiles in the playouts.
    ("block", {}, 40, {"reading": "ismcts"}),
    ("all-fives", {"players": 3}, 30, {"reading": "0.5/0.9/0.1/-0.2/0.4/2.0"}),
    ("muggins", {}, 30, {"reading": "0.5/0.9/0.1/-0.2/0.4/2.0"}),
    ("draw", {}, 30, {"reading": "ismcts"}),
    ("partnership", {}, 20, {"reading": "ismcts"}),
]
PLAYOUTS = 96


@pytest.mark.parametrize(("variant", "overrides", "decisions", "options"), CASES)
def test_both_paths_give_the_same_values(
    variant: str, overrides: dict[str, Any], decisions: int, options: dict[str, Any]
) -> None:
    core = compiled_core()
    expert = Expert(playouts=PLAYOUTS, **options)
    rules = Rules.variant(variant, **overrides)
    compared = 0
    seed = 0
    while compared < decisions:
        match = Match(rules, seed=seed)
        rng = random.Random(seed)
        while not match.is_over and compared < decisions:
            turn = match.turn
            if turn is None:
                match.next_hand()
                continue
            view = match.view(turn)
            moves = view.legal_moves()
            if len(moves) == 1:
                match.play(moves[0])
                continue
            job = expert.search(view, rng.getrandbits(64))
            pure = run_pure(job)
            assert core.run(job) == pure, f"{variant} {overrides}, seed {seed}, {view.history}"
            compared += 1
            totals = pure[0]
            best = max(range(len(moves)), key=lambda i: (totals[i], -i))
            # Play the best move mostly, another now and then, to reach varied positions.
            match.play(moves[best] if rng.random() < 0.8 else rng.choice(moves))
        seed += 1


def test_the_differential_test_covers_a_thousand_decisions() -> None:
    assert sum(decisions for _, _, decisions, _ in CASES) >= 1000


def test_both_paths_agree_at_the_default_budget_and_on_the_move() -> None:
    core = compiled_core()
    expert = Expert()
    for variant in ("draw", "block", "all-fives", "muggins", "partnership"):
        match = Match(Rules.variant(variant), seed=11)
        for _ in range(4):
            match.play(match.legal_moves()[-1])
        view = match.view(match.turn)  # type: ignore[arg-type]
        job = expert.search(view, 99)
        assert core.run(job) == run_pure(job)


def test_a_time_budget_stops_both_paths_early() -> None:
    core = compiled_core()
    match = Match(Rules.variant("muggins"), seed=3)
    view = match.view(match.turn)  # type: ignore[arg-type]
    job = Expert(playouts=10**6, seconds=0.005).search(view, 1)
    assert 1 <= core.run(job)[2] < job.worlds
    assert 1 <= run_pure(job)[2] < job.worlds


def test_a_mask_too_wide_for_the_core_is_refused() -> None:
    core = compiled_core()
    match = Match(Rules.variant("draw"), seed=3)
    view = match.view(match.turn)  # type: ignore[arg-type]
    job = Expert(playouts=16).search(view, 5)
    sampler = job.sampler
    sampler.unseen = 1 << 130
    with pytest.raises(ValueError, match="128 bits"):
        core.run(job)


def test_the_path_is_named() -> None:
    assert search_module.PATH in ("compiled", "pure Python")
    if os.environ.get("DOUBLESIX_PURE", "") not in ("", "0"):
        assert search_module.CORE is None and search_module.PATH == "pure Python"


def test_a_job_is_plain_data() -> None:
    match = Match(Rules.variant("block"), seed=1)
    view = match.view(match.turn)  # type: ignore[arg-type]
    job = Expert(playouts=32).search(view, 5)
    assert isinstance(job, Search)
    assert job.moves == [(m.t, m.e) for m in view.legal_moves()]
    assert job.base.hands[view.seat] == view.hand_mask
    assert sum(job.base.hands) == view.hand_mask  # nothing hidden in the job's position


def _search_forced_passes(pure: bool) -> int:
    """Search every forced pass of 40 seeded Block hands; how many were searched."""
    from doublesix.engine.moves import Move

    searched = 0
    for seed in range(40):
        match = Match(Rules.variant("block", target=0), seed=seed)
        while match.turn is not None:
            view = match.view(match.turn)
            moves = view.legal_moves()
            if moves == [Move.pass_()]:
                job = Expert(playouts=64).search(view, seed)
                totals = run_pure(job) if pure else run(job)
                assert totals[2] == job.worlds
                searched += 1
            match.play(moves[0])
    return searched


@pytest.mark.parametrize("pure", [True, False])
def test_a_forced_pass_is_searched_to_the_end(pure: bool) -> None:
    """A guess in which nobody can lay after the pass is a blocked hand, not an endless
    playout (the expert never searches a forced move, but a hint or a review may)."""
    import multiprocessing

    if not pure:
        compiled_core()
    context = multiprocessing.get_context("spawn")
    with context.Pool(1) as pool:
        searched = pool.apply_async(_search_forced_passes, (pure,)).get(timeout=120)
    assert searched > 5


def test_a_reading_plays_the_other_side_in_the_playouts() -> None:
    # The same job with and without a reading that only likes light tiles: the guesses are
    # weighed alike (nothing laid yet to read), so the values differ by the playouts alone.
    match = Match(Rules.variant("block"), seed=8)
    view = match.view(match.turn)  # type: ignore[arg-type]
    plain = Expert(playouts=64).search(view, 3)
    light = Expert(playouts=64, reading="-1/0/0/0/0/0").search(view, 3)
    assert light.reading == (-1.0, 0.0, 0.0, 0.0, 0.0, 0.0)
    assert run_pure(light) != run_pure(plain)
    assert run(light) == run_pure(light)
