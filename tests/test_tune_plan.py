"""The tuning script of the expert's look-ahead (``benchmarks/tune_plan.py``)."""

from __future__ import annotations

from types import ModuleType

import pytest

from doublesix.ai.playout import FIVES_PLAN, PIPS_PLAN, Plan
from tests.support.benchmarks import load_benchmark


@pytest.fixture(scope="module")
def tune() -> ModuleType:
    return load_benchmark("tune_plan")


@pytest.mark.parametrize("variant", ["draw", "block", "all-fives"])
def test_no_plan_is_greedy_against_greedy(tune: ModuleType, variant: str) -> None:
    """With every weight 0 both seats play alike, so each deal played from both seats is even."""
    zero = Plan(0, 0, 0, 0, 0, 0)
    for seed in range(60):
        assert tune.play(variant, seed, 0, zero) + tune.play(variant, seed, 1, zero) == 1.0


@pytest.mark.parametrize(
    ("variant", "plan"), [("draw", PIPS_PLAN), ("block", PIPS_PLAN), ("all-fives", FIVES_PLAN)]
)
def test_the_tuned_plan_beats_greedy_alone(tune: ModuleType, variant: str, plan: Plan) -> None:
    """On 400 deals from seed 900000 (kept apart from the tuning seeds), each from both seats."""
    seeds = range(900000, 900400)
    total = sum(tune.play(variant, seed, seat, plan) for seed in seeds for seat in (0, 1))
    assert total / (2 * len(seeds)) > 0.53
