"""Golden files: seeded deals, the daily deal and whole seeded games, compared exactly.

A change to shuffling, dealing, the rules or the wording of events shows here as a diff.  When a
change is meant, regenerate the files and review the diff before committing it::

    DOUBLESIX_REGENERATE_GOLDEN=1 .venv/bin/python -m pytest tests/test_engine_golden.py
"""

from __future__ import annotations

import datetime
import json
import os
import random
from pathlib import Path

import pytest

from doublesix import Match, Rules, describe

GOLDEN = Path(__file__).parent / "golden"
REGENERATE = os.environ.get("DOUBLESIX_REGENERATE_GOLDEN") == "1"


def check(name: str, text: str) -> None:
    path = GOLDEN / name
    if REGENERATE:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"{path} is missing: regenerate the golden files"
    expected = path.read_text(encoding="utf-8")
    if text != expected:
        diff = [
            f"line {i + 1}: expected {e!r}, got {g!r}"
            for i, (e, g) in enumerate(zip(expected.splitlines(), text.splitlines(), strict=False))
            if e != g
        ]
        pytest.fail(f"{name} differs from its golden file:\n" + "\n".join(diff[:10]), False)


def deal_lines(match: Match) -> list[str]:
    """The first hand as dealt (before the opening tile is laid), from the save."""
    record = json.loads(match.to_json())["hands"][0]
    lines = [f"seat {seat}: {' '.join(hand)}" for seat, hand in enumerate(record["hands"])]
    lines.append(f"boneyard: {' '.join(record['boneyard'])}")
    return lines


class TestSeededDeals:
    def test_the_first_hand_of_seeds_1_and_2_in_every_set(self) -> None:
        lines = []
        for top in (6, 9, 12):
            for players in (2, 4):
                for seed in (1, 2):
                    match = Match(Rules.variant("draw", set=top, players=players), seed=seed)
                    lines.append(f"double-{top}, {players} players, seed {seed}")
                    lines += deal_lines(match)
        check("deals.txt", "\n".join(lines) + "\n")

    def test_a_deal_depends_on_the_seed_and_hand_number_alone(self) -> None:
        # The same seed under other rules with the same seats and set deals the same tiles,
        # and the second hand is the same however the first was played.
        starts = set()
        second = set()
        for variant, choose in [("draw", 0), ("block", -1), ("all-fives", 0), ("muggins", -1)]:
            match = Match(Rules.variant(variant, target=1000), seed=7)
            starts.add(json.dumps(json.loads(match.to_json())["hands"][0]["hands"]))
            while match.turn is not None:
                match.play(match.legal_moves()[choose])
            match.next_hand()
            record = json.loads(match.to_json())["hands"][1]
            second.add(json.dumps([record["hands"], record["boneyard"]]))
        assert len(starts) == 1
        assert len(second) == 1

    def test_the_same_seed_deals_the_same_game(self) -> None:
        a, b = Match(Rules.variant("muggins"), seed=99), Match(Rules.variant("muggins"), seed=99)
        assert a.to_json() == b.to_json() and a.seed == 99
        assert Match(Rules.variant("muggins"), seed=98).to_json() != a.to_json()
        assert isinstance(Match(Rules.variant("draw"), seed=None).seed, int)


class TestDailyDeal:
    DATE = datetime.date(2026, 11, 30)

    def test_the_daily_deal_of_a_fixed_date(self) -> None:
        match = Match.daily(self.DATE)
        rules = match.rules
        lines = [f"daily {self.DATE.isoformat()}: {rules!r}", *deal_lines(match)]
        check("daily.txt", "\n".join(lines) + "\n")

    def test_the_daily_game_is_one_draw_hand_for_two(self) -> None:
        rules = Match.daily(self.DATE).rules
        assert (rules.drawing, rules.scoring, rules.players, rules.target) == (True, "pips", 2, 0)
        assert Match.daily(self.DATE).to_json() == Match.daily(self.DATE).to_json()
        assert Match.daily(self.DATE).hands != Match.daily(self.DATE.replace(day=29)).hands

    def test_today_is_the_utc_date(self) -> None:
        today = datetime.datetime.now(datetime.UTC).date()
        assert Match.daily().to_json() == Match.daily(today).to_json()


GAMES = [
    ("draw", {}, 1),
    ("block", {"players": 3, "set": 9}, 2),
    ("all-fives", {"players": 4}, 3),
    ("muggins", {"spinner_arms": "immediate", "players": 3}, 4),
    ("muggins", {"set": 12, "target": 0}, 5),
]


def game_text(variant: str, options: dict[str, object], seed: int) -> str:
    """A whole game between seeded random players, one line per event of the history.

    The player picks from the legal moves sorted by their text, so the record depends on the
    rules and the deal, not on the order ``legal_moves()`` lists them in.
    """
    rules = Rules.variant(variant, **options)
    match = Match(rules, seed=seed)
    rng = random.Random(seed)
    while not match.is_over:
        if match.turn is None:
            match.next_hand()
        else:
            match.play(rng.choice(sorted(match.legal_moves(), key=str)))
    lines = [f"{rules!r} seed={seed}"]
    lines += [describe(event) for event in match.history]
    lines.append(f"scores: {match.scores}")
    return "\n".join(lines) + "\n"


class TestGoldenGames:
    @pytest.mark.parametrize(("variant", "options", "seed"), GAMES)
    def test_a_seeded_game(self, variant: str, options: dict[str, object], seed: int) -> None:
        name = "-".join([f"game-{variant}", *(f"{k}-{v}" for k, v in options.items()), str(seed)])
        check(f"{name}.txt", game_text(variant, options, seed))

    def test_the_record_ends_with_the_winner(self) -> None:
        text = game_text("draw", {}, 1).splitlines()
        assert text[-2].startswith("The game is over")
