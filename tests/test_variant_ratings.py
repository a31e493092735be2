"""A person's rating in each variant played (issue 32): replayed over that variant's games
alone (``doublesix.ai.ladder.variant_ratings``), given by ``GET /api/stats`` and said by the
terminal's ``stats`` and ``doublesix stats``."""

from __future__ import annotations

import datetime
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from doublesix import Match, Rules
from doublesix.ai.ladder import rating_of, variant_ratings
from doublesix.ai.ratings import Rating, ranks, rules_label, update
from doublesix.protocol.wire import COOKIE
from doublesix.terminal.saves import note_rating, rating_lines
from doublesix.web.routes.app import create_app
from tests.support.terminal import DOUBLESIX
from tests.support.web import TEST_SETTINGS, SeatSocket, new_game

ANA = "ana-browser-cookie-0123456789"


class TestReplayedPerVariant:
    def test_one_variants_games_alone_move_its_rating(self) -> None:
        found = variant_ratings([
            ("draw/2/100", 0, ["expert"], True),
            ("block/2/100", 0, ["random"], False),
            ("draw/2/100", 0, ["expert"], True),
        ])
        assert [(v.variant, v.games, v.wins) for v in found] == [("draw", 2, 2), ("block", 1, 0)]
        draw, block = found
        once = update([Rating(), rating_of("expert")], [0, 1], movable={0})[0]
        twice = update([once, rating_of("expert")], [0, 1], movable={0})[0]
        assert draw.rating == twice
        assert block.rating == update([Rating(), rating_of("random")], [1, 0], movable={0})[0]

    def test_a_partner_shares_the_result_and_people_count_as_newcomers(self) -> None:
        # Seat 1 with the expert as partner (seat 3): a win moves the rating as a team's win.
        found = variant_ratings([("partnership/4/100", 1, ["greedy", "random", "expert"], True)])
        seats = [rating_of("greedy"), Rating(), rating_of("random"), rating_of("expert")]
        expected = update(seats, [1, 0, 1, 0], movable={1}, teams=True)[1]
        assert found[0].rating == expected and found[0].wins == 1
        # A game of teams in another variant says so in its label.
        label = rules_label(Rules.variant("all-fives", players=4, teams=True))
        assert label == "all-fives/4/100/teams"
        found = variant_ratings([(label, 0, ["human", "greedy", "greedy"], False)])
        seats = [Rating(), Rating(), rating_of("greedy"), rating_of("greedy")]
        assert found[0].rating == update(seats, [1, 0, 1, 0], movable={0}, teams=True)[0]

    def test_nothing_played_shows_nothing(self) -> None:
        assert variant_ratings([]) == []


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(create_app("sqlite://", settings=TEST_SETTINGS)) as client:
        client.cookies.set(COOKIE, ANA)
        yield client


def resign(client: TestClient, variant: str) -> None:
    game_id, token = new_game(client, variant=variant, players=2, target=100,
                              opponents=["greedy"], seed=5)
    with client.websocket_connect(f"/ws/{game_id}?token={token}") as ws:
        seat = SeatSocket(ws)
        seat.settle()
        seat.send({"type": "resign"})
        while not seat.settle()["over"]:
            pass


class TestTheStatistics:
    def test_the_api_gives_each_variant_played_its_rating(self, client: TestClient) -> None:
        assert client.get("/api/stats").json()["rating"]["by_variant"] == []
        resign(client, "draw")
        resign(client, "block")
        resign(client, "draw")
        rating = client.get("/api/stats").json()["rating"]
        by_variant = {v["variant"]: v for v in rating["by_variant"]}
        assert [v["variant"] for v in rating["by_variant"]] == ["draw", "block"]
        assert by_variant["draw"]["label"] == "Draw" and by_variant["draw"]["games"] == 2
        assert by_variant["block"]["games"] == 1 and by_variant["block"]["wins"] == 0
        assert by_variant["draw"]["shown"] < by_variant["block"]["shown"] < 1500
        assert by_variant["block"]["interval"] > rating["interval"]  # fewer games, less sure


class TestTheTerminal:
    def test_stats_says_the_rating_in_each_variant(self, tmp_path: Path) -> None:
        day = datetime.date(2026, 12, 3)
        for variant in ("muggins", "draw"):
            match = Match(Rules.variant(variant), seed=1)
            match.resign(0)
            assert ranks(match)[0] == 2
            note_rating(tmp_path, match, ["greedy"], day)
        lines = rating_lines(tmp_path)
        assert lines[0].startswith("Your rating is 1,") and lines[0].endswith(
            "from 2 rated games.")
        assert lines[1].startswith("Your Draw rating is 1,4")
        assert lines[2].startswith("Your Muggins rating is 1,4")
        assert lines[2].endswith("from 1 rated game.")
        done = subprocess.run([DOUBLESIX, "stats", "--save-dir", str(tmp_path)],
                              capture_output=True, text=True, check=True)
        assert done.stdout.splitlines() == lines
