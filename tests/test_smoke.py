"""The CLI's front door."""

from doublesix.cli import main


def test_simulate_runs_every_variant(capsys: object) -> None:
    for variant in ("draw", "block", "all-fives", "muggins"):
        assert main(["simulate", "--variant", variant, "--games", "20", "--players", "3"]) == 0
