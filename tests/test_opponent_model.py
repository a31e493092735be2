"""The fitting of a model of the other side's lays (``benchmarks/opponent_model.py``, issue 33).

Needs the ``openspiel`` extra (in the ``test`` extra), since the games it reads are the logs of
``benchmarks/vs_openspiel.py``; without it the tests skip, and fail where CI is set.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from types import ModuleType

import pytest

from doublesix.ai.sampling import LAY_FEATURES
from tests.support.benchmarks import load_benchmark
from tests.support.extras import need

np = need("numpy", "openspiel")
need("pyspiel", "openspiel")


@pytest.fixture(scope="module")
def model() -> ModuleType:
    return load_benchmark("opponent_model")


def test_the_fit_finds_the_weights_that_made_the_choices(model: ModuleType) -> None:
    truth = np.array([0.5, 1.0, 0.0, -0.2, 0.4, 2.0])
    rng = random.Random(3)
    data = []
    for _ in range(3000):
        rows = np.array([[rng.randint(0, 12), rng.random() < 0.2, 0, rng.randint(0, 6),
                          rng.randint(1, 7), rng.random() < 0.15]
                         for _ in range(rng.randint(2, 4))], dtype=float)
        p = np.exp(rows @ truth)
        p /= p.sum()
        data.append((rows, int(np.searchsorted(np.cumsum(p), rng.random()))))
    fitted = model.fit(data)
    assert np.abs(fitted - truth).max() < 0.2
    assert model.log_likelihood(data, fitted) > model.log_likelihood(data, truth * 0)


def test_greedys_lays_are_read_as_heaviest_first(model: ModuleType, tmp_path: Path) -> None:
    # Greedy lays its heaviest tile: from its logged games the fit puts a large weight on pips,
    # and the expert's default reading predicts its lays far better than no reading.
    vs = load_benchmark("vs_openspiel")
    log = tmp_path / "pairs.jsonl"
    with log.open("w") as out:
        for seed in range(12):
            label, _, pair = vs.play_pair(("block", "greedy", "expert:playouts=64", seed, 10.0))
            assert len(pair.histories) == 2
            out.write(json.dumps({"matchup": label, "seed": seed, "pair": {
                "histories": pair.histories}}) + "\n")
    data = model.decisions([log])
    assert len(data) > 20
    assert all(rows.shape[1] == len(LAY_FEATURES) for rows, _ in data)
    fitted = model.fit(data)
    assert fitted[LAY_FEATURES.index("pips")] > 1.0
    heaviest = np.zeros(len(LAY_FEATURES))
    heaviest[LAY_FEATURES.index("pips")] = 2.0
    assert model.log_likelihood(data, heaviest) > model.log_likelihood(data, heaviest * 0) + 0.3
    assert model.main([str(log), "--reading", "ismcts"]) == 0
