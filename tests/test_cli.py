"""The command line's front door and ``doublesix simulate``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from doublesix import Match
from doublesix.ai.search import CORE
from doublesix.cli import main
from doublesix.cli.simulate import simulate
from doublesix.engine.rules import VARIANTS, Rules
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
        assert "Points to win is 0 (one hand) or more, not -5" in capsys.readouterr().out


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
    assert "Partners play four at a table" in capsys.readouterr().err


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


class TestReview:
    """``doublesix review FILE`` (issue 31)."""

    @staticmethod
    def finished(variant: str = "all-fives") -> Match:
        match = Match(Rules.variant(variant, target=0), seed=3)
        while match.turn is not None:
            match.play(match.legal_moves()[0])
        return match

    def test_a_saved_game_is_reviewed_in_short_lines(
        self, tmp_path: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        path = tmp_path / "game.json"
        path.write_text(self.finished().to_json())
        assert main(["review", str(path), "--playouts", "200"]) == 0
        lines = capsys.readouterr().out.splitlines()
        assert lines[0] == ("The expert's review of the moves of seat 1, in All Fives; the "
                            "expert speaks to that seat as you.")
        assert lines[1] == "Hand 1."
        assert any(line.startswith("Move ") for line in lines)
        assert any(line.startswith("Accuracy: ") for line in lines)

    def test_a_web_record_reviews_its_persons_seat_and_json_is_data(
        self, tmp_path: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        record = {"format": "doublesix-record", "version": 1, "names": ["Pinocchio", "Ana"],
                  "kinds": ["pinocchio", "human"],
                  "match": json.loads(self.finished("draw").to_json())}
        path = tmp_path / "doublesix-g.json"
        path.write_text(json.dumps(record))
        assert main(["review", str(path), "--playouts", "100"]) == 0
        assert capsys.readouterr().out.startswith(
            "The expert's review of the moves of seat 2, Ana, in Draw;")
        assert main(["review", str(path), "--playouts", "100", "--seat", "1", "--json"]) == 0
        data = json.loads(capsys.readouterr().out)
        assert data["format"] == "doublesix-review" and data["seat"] == 0
        assert data["summary"]["decisions"] == len(data["decisions"])

    def test_a_hand_in_play_is_refused_and_nothing_shown(
        self, tmp_path: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        match = Match(Rules.variant("draw"), seed=3)
        match.play(match.legal_moves()[0])
        path = tmp_path / "game.json"
        path.write_text(match.to_json())
        assert main(["review", str(path)]) == 1
        out, err = capsys.readouterr()
        assert out == ""
        assert err == "doublesix review: the hand is still in play: a review comes once it " \
                      "is over\n"

    @pytest.mark.parametrize(
        ("content", "args", "message"),
        [
            (None, [], "cannot read"),
            ("{", [], "not a doublesix record"),
            ("FINISHED", ["--seat", "3"], "--seat must be 1 to 2, not 3"),
            ("FINISHED", ["--hand", "2"], "there is no hand 2 in this game"),
        ],
    )
    def test_bad_input_gets_a_clear_error(
        self, tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str | None,
        args: list[str], message: str
    ) -> None:
        path = tmp_path / "game.json"
        if content is not None:
            path.write_text(self.finished().to_json() if content == "FINISHED" else content)
        assert main(["review", str(path), *args]) == 1
        assert message in capsys.readouterr().err
