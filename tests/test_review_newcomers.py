"""What new users tripped on in the review, the ladder and the command line (issue 40, items
10, 11, 15, 16 and 18): the review grades only the choices the game offered, its sentences do
not contradict themselves, the ladder names each player by its own level, one scale of
strength everywhere, and a command whose reader stops reading ends quietly."""

from __future__ import annotations

import datetime
import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from hypothesis import assume, given
from hypothesis import strategies as st

from doublesix import Match, Rules
from doublesix.ai import player
from doublesix.ai.ladder import ENTRANTS, VARIANTS, level_of_player, rating_of, step_of
from doublesix.ai.review import Mark, replay_hand, review
from doublesix.ai.seeding import move_rng
from doublesix.cli import CLOSED_PIPE, main
from doublesix.engine.moves import Move
from doublesix.engine.summary import same_choices, tile_choices
from doublesix.engine.tiles import Tile
from doublesix.terminal.app import opponents_help
from doublesix.web.play.reviews import Reviews
from doublesix.web.storage.stats import Finished, statistics
from doublesix.words import players
from doublesix.words.reviewtalk import hindsight_line, review_line, review_lines, review_summary
from tests.support.deals import scripted
from tests.support.terminal import Program


def finished(variant: str = "all-fives", seed: int = 3) -> Match:
    """A one-hand game played to its end, always the first legal move."""
    match = Match(Rules.variant(variant, target=0), seed=seed)
    while match.turn is not None:
        match.play(match.legal_moves()[0])
    return match


def finish(match: Match) -> Match:
    """The hand under way played to its end by greedy players, seeded as the games seed."""
    greedy = player("greedy")
    while match.turn is not None:
        seat = match.turn
        rng = move_rng(match.seed, match.hand_number, seat, len(match.history))
        match.play(greedy.choose(match.view(seat), rng))
    return match


class TestAClosedPipe:
    """Item 18: ``doublesix review FILE | head -2`` printed a BrokenPipeError traceback."""

    @staticmethod
    def run_into_a_closed_pipe(*args: str) -> subprocess.CompletedProcess[bytes]:
        """Run ``doublesix ARGS`` with its standard output a pipe whose reader has gone
        before the first line is written (as ``| head`` once it has its lines)."""
        read, write = os.pipe()
        os.close(read)
        try:
            return subprocess.run([sys.executable, "-m", "doublesix.cli", *args], stdout=write,
                                  stderr=subprocess.PIPE, check=False, timeout=120)
        finally:
            os.close(write)

    @pytest.mark.parametrize(("args", "status"), [
        (["review", "GAME", "--playouts", "20"], CLOSED_PIPE),
        (["simulate", "--games", "3"], CLOSED_PIPE),
        (["--help"], 0),  # argparse's help itself lets a failed write go
    ])
    def test_every_command_that_prints_ends_quietly(self, tmp_path: Path, args: list[str],
                                                    status: int) -> None:
        game = tmp_path / "game.json"
        game.write_text(finished().to_json())
        done = self.run_into_a_closed_pipe(*[str(game) if a == "GAME" else a for a in args])
        assert done.stderr == b""
        assert done.returncode == status


def lone_double(variant: str) -> Match:
    """Seat 1 to lay on seat 0's opening 6|6, holding one six: 6|5 left or right of the lone
    double leaves the same table (the game lays it without asking)."""
    match = scripted(Rules.variant(variant, target=0),
                     [["6|6", "1|0", "2|0", "3|0", "4|0", "1|1", "2|1"],
                      ["6|5", "5|5", "4|4", "3|3", "2|2", "3|2", "4|3"]])
    assert match.turn == 1 and len(match.legal_moves()) == 2
    return match


class TestOnlyTheChoicesTheGameOffered:
    """Item 10: a tile on either side of a lone double, the only choice, or a move that mirrors
    the best is no decision: not graded, not counted in the accuracy."""

    @pytest.mark.parametrize("variant", ["draw", "all-fives"])
    def test_a_tile_on_either_side_of_a_lone_double_is_no_decision(self, variant: str) -> None:
        match = lone_double(variant)
        match.play("6|5 right")
        result = review(finish(match), 1, playouts=60)
        assert all(d.number != 1 for d in result.decisions)
        assert "Move 1:" not in " ".join(review_lines(result))

    def test_a_decision_is_a_turn_of_two_choices_or_more_and_only_those_count(self) -> None:
        match = finish(Match(Rules.variant("draw", target=0), seed=5))
        result = review(match, 0, playouts=60, hindsight=False)
        turns = [(number, len(same_choices(played.view(0))))
                 for number, (played, move) in enumerate(replay_hand(
                     json.loads(match.to_json()), 0), 1)
                 if move is not None and played.turn == 0]
        assert [d.number for d in result.decisions] == [n for n, c in turns if c > 1]
        assert any(c == 1 for _, c in turns) and result.summary.decisions < len(turns)
        for decision in result.decisions:
            assert len(decision.moves) == len({v.move for v in decision.moves}) > 1

    def test_mirror_moves_are_one_choice_and_the_mirror_of_the_best_is_the_best(self) -> None:
        match = Match(Rules.variant("all-fives", target=0), seed=11)  # 5|5 alone on the table
        seat = match.turn
        assert seat is not None
        view = match.view(seat)
        assert len(view.legal_moves()) == 6 and len(same_choices(view)) == 3
        assert all(not c.asks for c in tile_choices(view).values())  # the game asks nothing
        best = review(finish(Match(Rules.variant("all-fives", target=0), seed=11)), seat,
                      playouts=60, hindsight=False).decisions[0].best
        mirror = next(m for m in view.legal_moves() if m.tile == best.tile and m != best)
        match.play(mirror)
        decision = review(finish(match), seat, playouts=60).decisions[0]
        assert decision.number == 1 and len(decision.moves) == 3 == len(decision.hindsight)
        assert decision.played == mirror and decision.mark is Mark.BEST
        assert decision.cost == 0.0 and decision.points_lost == 0.0


class TestSentencesThatHoldTogether:
    """Item 11: no chance above 100 in 100, no "100 times in 100 more", no "points fewer"
    without its reason, hindsight that says what it assumes, and one numbering of the moves
    in the terminal's lines and the browser's replay."""

    @given(points=st.floats(-80.0, 80.0), best=st.floats(0.0, 1.0), yours=st.floats(0.0, 1.0),
           pips=st.booleans())
    def test_a_decisions_line_gives_its_reason_and_no_impossible_chance(
        self, points: float, best: float, yours: float, pips: bool
    ) -> None:
        # The best move is the one of higher value: wins + points / 400 under pips.
        assume(not pips or best - yours + points / 400 > 0.0)
        assume(pips or points > 0.0)
        chances = (best, yours) if pips else None
        played, other = Move(Tile(4, 3), "right"), Move(Tile(4, 3), "left")
        for line in (review_line(18, played, 0, other, 0, points, chances, "mistake"),
                     hindsight_line(played, other, points, chances)):
            assert "in 100 more" not in line and "in 100 fewer" not in line
            assert all(int(n) <= 100 for n in re.findall(r"(\d+) times in 100", line))
            if "points fewer" in line:
                assert "winning the hand" in line, line
            assert "points better" in line or "winning the hand" in line or "barely" in line

    def test_the_hands_lost_in_all_are_hands_not_a_chance_over_100(self) -> None:
        lines = review_summary(24, 20, 12.0, 3.09, (0, 5, 2.0, (1.0, 0.0), "blunder"))
        text = " ".join(lines)
        assert "in 100, in all" not in text and "309" not in text
        assert "add up to 3.09 hands" in text
        assert "100 times in 100 against 0 for yours" in text
        assert review_summary(1, 1, 0.0, 0.0, None)[0] == (
            "Accuracy: 100%, 1 of 1 decision best or good.")

    def test_hindsight_says_what_it_assumes(self) -> None:
        result = review(finish(lone_double("draw")), 0, playouts=60)
        said = [line for line in review_lines(result) if "knowing every hand" in line.lower()]
        assert said and all("if every seat then played by rule of thumb" in line
                            or "every seat then playing by rule of thumb" in line
                            for line in said)

    def test_the_replay_numbers_its_moves_as_the_decisions_are(self) -> None:
        match = finish(Match(Rules.variant("draw", target=0), seed=5))
        result = review(match, 0, playouts=60, hindsight=False)
        data = Reviews._result(match, 0, [0], ["You", "Greedy"], [result], None, False)
        frames = data["replays"][0]["frames"]
        assert frames[0]["heading"] == "The deal"
        for index, decision in enumerate(data["decisions"]):
            frame = next(f for f in frames if f["decision"] == index)
            number = decision["number"]
            assert frame["heading"] == f"Move {number} of {len(frames) - 1}"
            assert decision["label"].startswith(f"Move {number}: ")
            assert decision["reason"].startswith(f"Move {number}: ")


class Terminal(io.StringIO):
    """Standard error as a terminal (the progress bar shows only there)."""

    def isatty(self) -> bool:
        return True


class TestTheLadder:
    """Item 15: each player named by its own level, progress from the start, plurals right."""

    def test_a_short_ladder_names_each_player_by_its_own_level(
        self, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
    ) -> None:
        bar = Terminal()
        monkeypatch.setattr(sys, "stderr", bar)
        assert main(["ladder", "--players", "random,greedy,pinocchio", "--deals", "1"]) == 0
        out = capsys.readouterr().out.splitlines()
        assert out[0].startswith("The ladder: 1 deal of each pair in each variant, seed ")
        rows = out[1:]
        assert len(rows) == 3
        for key in ("random", "greedy", "pinocchio"):
            step = step_of(key)
            assert step is not None
            own = f"{players.label(key)} ({players.level_words(step.level)}): rating "
            assert sum(own in row for row in rows) == 1, (own, rows)
        assert "Grandmaster" not in "\n".join(out) and "Advanced" not in "\n".join(out)
        drawn = bar.getvalue()
        total = 1 * len(VARIANTS) * 3
        assert f"0/{total}" in drawn.split(f"1/{total}")[0]  # drawn before any match
        assert f"{total}/{total}" in drawn

    def test_one_deal_and_one_game_are_singular(self, capsys: pytest.CaptureFixture[str]
                                                ) -> None:
        assert main(["simulate", "--games", "1"]) == 0
        out = capsys.readouterr().out
        assert out.startswith("1 game of draw,") and "1 games" not in out
        assert re.search(r"seat \d: (1 win|0 wins) \(", out)
        assert main(["tournament", "--players", "random,greedy", "--deals", "1"]) == 0
        assert capsys.readouterr().out.startswith("1 deal of draw,")


class TestOneScaleOfStrength:
    """Item 16: "(easy)", "(medium)" in the game and the form, "level 3, Casual" in the help:
    one scale everywhere now, the ladder's levels, each player's own."""

    def test_no_other_scale_is_left(self) -> None:
        assert not hasattr(players, "difficulty")
        assert all(set(words._fields) == {"label", "style"}
                   for words in players.PLAYER_WORDS.values())

    def test_each_player_has_one_strength_and_a_stronger_one_a_higher_level(self) -> None:
        levels = [level_of_player(key) or 0 for key in ENTRANTS]
        assert levels == list(range(1, len(ENTRANTS) + 1))
        words = [players.level_words(level) for level in levels]
        assert len(set(words)) == len(words)  # Snow White and Buratino no longer alike
        assert rating_of("snow-white").shown > rating_of("buratino").shown
        assert level_of_player("snow-white") == 5 and level_of_player("buratino") == 4

    def test_the_form_the_game_the_statistics_and_the_help_say_it_alike(
        self, client: TestClient, tmp_path: Path
    ) -> None:
        offered = {o["name"]: o for o in client.get("/api/options").json()["opponents"]}
        response = client.post("/api/games", json={
            "variant": "draw", "players": 3, "opponents": ["buratino", "snow-white"],
            "seed": 4})
        game = response.json()
        with client.websocket_connect(f"/ws/{game['game_id']}?token={game['token']}") as ws:
            state = ws.receive_json()["state"]
        cards = state["words"]["cards"]
        help_text = opponents_help()
        for seat, key in ((1, "buratino"), (2, "snow-white")):
            level = level_of_player(key)
            assert level is not None
            scale = players.level_words(level)  # "level 5, Strong"
            assert offered[key]["choice"] == f"{players.label(key)} ({scale})"
            assert offered[key]["difficulty"] == scale
            assert cards[seat]["difficulty"] == f"({scale})"
            assert state["difficulties"][seat] == scale
            assert f"{key} ({scale}, rated " in help_text
            shown = statistics([Finished("draw", (key,), won=True, score=100)],
                               datetime.date(2026, 12, 4))["words"]["by_opponent"][key]
            assert shown["name"] == f"{players.label(key)} ({scale})"
        program = Program(["--variant", "draw", "--target", "0", "--opponents",
                           "buratino,snow-white", "--seed", "3", "--new"], tmp_path)
        said = program.read()
        program.send("quit")
        program.finish()
        assert "Buratino (level 4, Club) hunts points" in said
        assert "Snow White (level 5, Strong) plays safe" in said
        assert "(medium)" not in said
