"""The command line's front door and ``doublesix simulate``."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from doublesix.ai.search import CORE
from doublesix.cli import main
from doublesix.cli.simulate import simulate
from doublesix.rules import VARIANTS, Rules
from tests.support.deals import sizes


class TestSimulate:
    @pytest.mark.parametrize("variant", VARIANTS)
    def test_every_variant_prints_a_summary(
        self, variant: str, capsys: pytest.CaptureFixture[str]
    ) -> None:
        players = sizes(variant, (3,)) or [4]  # the partnership game is for four
        assert main(["simulate", "--variant", variant, "--games", "12",
                     "--players", str(players[0])]) == 0
        out = capsys.readouterr().out
        assert f"12 games of {variant}, {players[0]} players" in out
        for seat in range(1, players[0] + 1):
            assert f"seat {seat}:" in out
        assert "drawn games:" in out and "mean hands per game:" in out
        assert "mean score per seat:" in out and "games/s" in out

    def test_wins_and_draws_add_up_and_the_same_seed_repeats(self) -> None:
        rules = Rules.variant("block", players=4, target=50)
        first = simulate(rules, 30, seed=9)
        assert sum(first.wins) + first.draws == 30
        assert first.hands >= 30
        again = simulate(rules, 30, seed=9)
        assert (again.wins, again.draws, again.hands, again.totals) == (
            first.wins,
            first.draws,
            first.hands,
            first.totals,
        )

    def test_bad_options_get_a_clear_error(self, capsys: pytest.CaptureFixture[str]) -> None:
        assert main(["simulate", "--games", "0"]) == 2
        assert "--games must be at least 1" in capsys.readouterr().out
        assert main(["simulate", "--players", "4", "--set", "6", "--target", "-5"]) == 2
        assert "target" in capsys.readouterr().out


def test_a_tournament_of_teams(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "--teams", "--players", "greedy,random", "--variant", "block",
                 "--deals", "3", "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert "3 deals of block, 4 seats, two teams of partners (figures per team)" in out
    assert "2 seatings (the teams swapped)" in out
    # One row a team: 3 deals played twice, one hand each; a hand is won by a team or drawn.
    hands = [line.split()[1].split("/") for line in out.splitlines()[2:]]
    assert [total for _, total in hands] == ["6", "6"]
    assert sum(float(won) for won, _ in hands) == 6
    assert main(["tournament", "--teams", "--seats", "3", "--players", "greedy,random"]) == 2
    assert "rule option teams needs 4 players" in capsys.readouterr().err


def test_the_console_script_runs() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "doublesix.cli", "simulate", "--games", "5"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "5 games of draw" in done.stdout


@pytest.mark.parametrize(("pure", "path"), [("1", "pure Python"), ("", "compiled")])
def test_the_version_says_which_path_the_search_takes(pure: str, path: str) -> None:
    if path == "compiled" and CORE is None and not os.environ.get("CI"):
        pytest.skip("the compiled search core was not built here")
    env = {**os.environ, "DOUBLESIX_PURE": pure}
    done = subprocess.run([sys.executable, "-m", "doublesix.cli", "--version"],
                          capture_output=True, text=True, check=True, env=env)
    assert f"the computer players search on the {path} path" in done.stdout
