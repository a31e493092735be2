"""The model of how a seat lays given its hand (``benchmarks/hand_model.py``, issue 45's second
round): its features describe a lay from the hand it leaves, and its fit reads a player's lays
from the logs of ``benchmarks/vs_openspiel.py``.

Needs the ``openspiel`` extra (the fit reads the adapter's games).
"""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType

from doublesix.engine.layout import Layout
from doublesix.engine.tiles import Tile
from tests.support.benchmarks import load_benchmark
from tests.support.extras import need

np = need("numpy", "openspiel")
need("pyspiel", "openspiel")

model: ModuleType = load_benchmark("hand_model")


def test_a_lay_is_described_by_the_hand_it_leaves() -> None:
    # 6|6 down, the seat holds 6|4, 6|1, 4|2, 4|4, 3|3 and lays 6|4: the table shows 4 and 6.
    layout = Layout.empty().lay(Tile(6, 6), None)
    hand = sum(Tile(a, b).bit for a, b in ((6, 4), (6, 1), (4, 2), (4, 4), (3, 3)))
    lay = model.layout_lay(layout, Tile(6, 4).index, 0)
    assert lay[0] == 4 and lay[1] == (6,)
    features = dict(zip(model.HAND_FEATURES, model.hand_features(hand, Tile(6, 4).index, *lay, 6),
                        strict=True))
    assert features == {
        "pips": 10.0, "double": 0.0, "shown": 4.0, "shown_laid": 1.0, "closes": 0.0,
        "keep_shown": 2.0, "keep_fits": 3.0, "stuck": 0.0,
        # Unseen by the seat (neither laid nor kept): 4|0, 4|1, 4|3, 4|5 and 6|0, 6|2, 6|3, 6|5.
        "unseen_fits": 8.0, "unseen_shown": 4.0, "locks": 0.0,
    }
    # Laying 6|1 instead keeps no 1: 4|4, 4|2 and 3|3 are left with 1 and 6 showing.
    lay = model.layout_lay(layout, Tile(6, 1).index, 1)
    features = dict(zip(model.HAND_FEATURES, model.hand_features(hand, Tile(6, 1).index, *lay, 6),
                        strict=True))
    assert features["keep_shown"] == 0.0 and features["keep_fits"] == 1.0
    assert features["stuck"] == 0.0


def test_the_fit_reads_greedys_hand_from_its_logged_games(tmp_path: Path) -> None:
    # Greedy lays its heaviest tile: the hand model's fit finds pips, and, holding what the
    # hand-free features hold, predicts greedy's lays at least as well on games it never saw.
    vs = load_benchmark("vs_openspiel")
    logs = []
    for part in range(2):
        log = tmp_path / f"pairs{part}.jsonl"
        with log.open("w") as out:
            for seed in range(part * 8, part * 8 + 8):
                label, _, pair = vs.play_pair(("block", "greedy", "expert:playouts=64", seed,
                                               10.0))
                out.write(json.dumps({"matchup": label, "seed": seed, "pair": {
                    "histories": pair.histories}}) + "\n")
        logs.append(log)
    data = model.decisions([logs[0]])
    assert len(data) > 10
    assert all(held.shape[1] == len(model.HAND_FEATURES) for _, held, _, _ in data)
    fitted = model.fit([(held, chosen) for _, held, chosen, _ in data])
    assert fitted[model.HAND_FEATURES.index("pips")] > 1.0
    # Greedy's lay is its heaviest tile, which the fit then likes best (but for ties of pips).
    assert model.hits([(held, chosen) for _, held, chosen, _ in data], fitted) > 0.9
    assert model.main(["--fit", str(logs[0]), "--score", str(logs[1])]) == 0
    assert model.main(["--fit", str(logs[0]), str(logs[1])]) == 0
