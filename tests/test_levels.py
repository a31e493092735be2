"""Every step of the ladder is a computer opponent chosen by name (issue 32): the expert's
lower levels ``expert-quick`` and ``expert-careful`` in the library's registry, the web's
new-game form and API, a table's seats, the terminal's ``--opponents``, and saves."""

from __future__ import annotations

import io
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import given
from hypothesis import strategies as st

from doublesix import Match, Rules
from doublesix.ai import PLAYERS, player
from doublesix.ai.expert import Expert
from doublesix.ai.ladder import (
    ENTRANTS,
    ladder,
    level_of,
    level_of_player,
    rating_of,
    recent_games,
    step_of,
    suggestion,
)
from doublesix.ai.seeding import DAILY_OPPONENT, DAILY_PLAYOUTS, move_rng, player_options
from doublesix.protocol.wire import COOKIE
from doublesix.terminal.console import Console
from doublesix.terminal.game import Game
from doublesix.terminal.saves import GAME_FILE, Save, read_save, write_save
from doublesix.web.play.live import stored_match
from doublesix.web.routes.app import create_app
from doublesix.web.storage.store import Store
from doublesix.words import players, results
from tests.support.terminal import Program
from tests.support.web import TEST_SETTINGS, SeatSocket, new_game

ANA, BEA = (f"{name}-browser-cookie-0123456789" for name in ("ana", "bea"))
LEVELS = {"expert-quick": 16, "expert-careful": 100}


class TestTheRegistry:
    def test_every_step_of_the_ladder_is_a_name_in_the_registry(self) -> None:
        for step in ladder():
            assert step.spec in PLAYERS, step
            assert players.label(step.spec) != step.spec  # every step has its words
        assert list(ENTRANTS) == [
            "random", "greedy", "pinocchio", "buratino", "snow-white", "expert-quick",
            "expert-careful", "expert"]

    @pytest.mark.parametrize(("name", "budget"), LEVELS.items())
    def test_each_name_makes_the_expert_at_its_budget_and_has_its_step(
        self, name: str, budget: int
    ) -> None:
        made = player(name)
        assert isinstance(made, Expert) and made.playouts == budget
        step = step_of(name)
        assert step is not None and step.spec == name
        assert step_of(f"expert:playouts={budget}") == step
        assert rating_of(name) == step.rating
        assert level_of([name]) == step.level - 1

    def test_the_suggestion_names_the_next_level_by_its_label(self) -> None:
        games = [(["snow-white"], True)] * 9 + [(["snow-white"], False)]
        found = suggestion(games)
        assert found is not None and results.level_suggestion(*found) == (
            "You beat Snow White in 9 of your last 10 games: try Quick Expert.")
        found = suggestion([(["expert-quick"], True)] * 10)
        assert found is not None and results.level_suggestion(*found) == (
            "You beat Quick Expert in 10 of your last 10 games: try Careful Expert.")

    @given(st.lists(st.tuples(st.lists(st.sampled_from([*ENTRANTS, "human", "nobody"]),
                                       min_size=1, max_size=3), st.booleans()), max_size=80))
    def test_the_suggestion_reads_back_only_as_far_as_it_needs(
        self, games: list[tuple[list[str], bool]]
    ) -> None:
        # Issue 41: a game's end reads the person's games newest first and stops there.
        read = iter(reversed(games))
        kept = recent_games(read)
        assert suggestion(kept) == suggestion(games)
        unread = len(list(read))
        latest = level_of(games[-1][0]) if games else None
        at_level = [i for i, game in enumerate(reversed(games)) if level_of(game[0]) == latest]
        if not games:
            assert unread == 0
        elif latest is None:  # a game against a person: no suggestion, nothing more read
            assert kept == games[-1:] and unread == len(games) - 1
        elif len(at_level) >= 10:  # read up to the tenth latest at its level, no further
            assert len(kept) == 10 and unread == len(games) - at_level[9] - 1
        else:
            assert len(kept) == len(at_level) and unread == 0

    def test_a_step_is_looked_up_once_per_name(self) -> None:
        # Issue 41: every picture asks each opponent's level; the ladder is read once a name.
        step_of.cache_clear()
        first = [level_of_player(name) for name in ENTRANTS]
        assert [level_of_player(name) for name in ENTRANTS] == first == list(range(1, 9))
        assert step_of.cache_info().hits >= len(ENTRANTS)
        assert step_of.cache_info().misses == len(ENTRANTS)

    def test_the_daily_opponent_is_unchanged(self) -> None:
        assert DAILY_OPPONENT == "expert" and DAILY_PLAYOUTS == 1600
        assert player_options(DAILY_OPPONENT, daily=True) == {"playouts": 1600}
        assert player_options("expert-quick", daily=True) == {}


# -- the web game -----------------------------------------------------------------------------


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(create_app("sqlite://", settings=TEST_SETTINGS)) as client:
        client.cookies.set(COOKIE, ANA)
        yield client


def computer_moves_are(name: str, match: Match, seed: int) -> int:
    """Replay ``match`` (a game of one hand dealt from ``seed``) from its deal and check that
    every choice of seat 1 is ``name``'s: the number of choices checked."""
    budget_player = player(name)
    save = json.loads(match.to_json())
    assert len(save["hands"]) == 1 and save["seed"] == seed
    opening, *moves = save["hands"][0]["moves"]
    save["hands"][0]["moves"] = [opening]  # the highest double opens by itself
    replay = Match.from_json(json.dumps(save))
    checked = 0
    for move in moves:
        seat = replay.turn
        assert seat is not None
        if seat == 1 and len(replay.legal_moves()) > 1:
            rng = move_rng(seed, replay.hand_number, seat, len(replay.history))
            assert str(budget_player.choose(replay.view(seat), rng)) == move
            checked += 1
        replay.play(move)
    return checked


class TestTheWebGame:
    def test_the_form_offers_every_level_with_its_rating(self, client: TestClient) -> None:
        offered = {o["name"]: o for o in client.get("/api/options").json()["opponents"]}
        for name in LEVELS:
            step = step_of(name)
            assert step is not None
            label = players.label(step.spec)
            assert offered[name]["label"] == label
            assert offered[name]["ladder"]["level"] == step.level
            assert offered[name]["choice"] == (
                f"{label} (level {step.level}, {players.level_name(step.level)})")

    def test_a_game_against_a_level_plays_and_its_save_loads_back_with_it(
        self, tmp_path: Path
    ) -> None:
        url = f"sqlite:///{tmp_path / 'games.sqlite3'}"
        seed = 31
        rng = random.Random(seed)
        with TestClient(create_app(url, settings=TEST_SETTINGS)) as client:
            client.cookies.set(COOKIE, ANA)
            game_id, token = new_game(client, variant="draw", players=2, target=0,
                                      opponents=["expert-quick"], seed=seed)
            with client.websocket_connect(f"/ws/{game_id}?token={token}") as ws:
                seat = SeatSocket(ws)
                state = seat.settle()
                assert state["kinds"] == ["human", "expert-quick"]
                assert state["names"][1] == "Quick Expert"
                for _ in range(3):  # a few moves, then the server stops
                    state = seat.settle()
                    seat.send({"type": "play", "move": rng.choice(state["legal"])["move"]})
        with TestClient(create_app(url, settings=TEST_SETTINGS)) as client:
            client.cookies.set(COOKIE, ANA)
            with client.websocket_connect(f"/ws/{game_id}?token={token}") as ws:
                seat = SeatSocket(ws)
                assert seat.settle()["kinds"] == ["human", "expert-quick"]
                final = seat.play_out(rng)
        assert final["over"]
        store = Store(url)
        saved = store.load(game_id)
        store.dispose()
        assert saved is not None and [s.kind for s in saved.seats] == ["human", "expert-quick"]
        assert computer_moves_are("expert-quick", stored_match(saved), seed) > 0

    def test_the_api_refuses_an_unknown_level_and_names_the_levels(
        self, client: TestClient
    ) -> None:
        answer = client.post("/api/games", json={"variant": "draw", "players": 2,
                                                 "opponents": ["expert-slow"]})
        assert answer.status_code == 400
        assert "expert-quick, expert-careful, expert" in answer.json()["error"]

    def test_a_tables_seat_can_go_to_a_level(self, client: TestClient) -> None:
        answer = client.post("/api/games", json={
            "variant": "draw", "players": 3, "target": 0, "seed": 1,
            "opponents": ["person", "greedy"], "name": "Ana"}).json()
        with client.websocket_connect(
            f"/ws/{answer['game_id']}?token={answer['token']}"
        ) as ws:
            host = SeatSocket(ws)
            host.receive()
            host.ws.send_json({"type": "seat", "seat": 1, "player": "expert-careful"})
            told = read_type(host, "table", said=True)
            assert told["text"] == "Seat 2 is now Careful Expert."
            host.ws.send_json({"type": "start"})
            state = read_type(host, "state")["state"]
            assert state["kinds"] == ["human", "expert-careful", "greedy"]

    def test_the_daily_game_still_plays_the_expert(self, client: TestClient) -> None:
        daily = client.post("/api/daily").json()
        with client.websocket_connect(f"/ws/{daily['game_id']}?token={daily['token']}") as ws:
            state = SeatSocket(ws).settle()
        assert state["kinds"] == ["human", DAILY_OPPONENT]


def read_type(seat: SeatSocket, wanted: str, said: bool = False) -> dict[str, Any]:
    """Read until a message of type ``wanted`` (with a ``text``, if ``said``)."""
    for _ in range(500):
        message = seat.receive()
        if message["type"] == wanted and (message.get("text") or not said):
            return message
    raise AssertionError(f"no {wanted} message")


# -- the terminal game ------------------------------------------------------------------------


class TestTheTerminal:
    def test_opponents_expert_quick_is_accepted_and_saved(self, tmp_path: Path) -> None:
        program = Program(["--variant", "draw", "--target", "0", "--opponents",
                           "expert-quick,expert-careful", "--seed", "3", "--new"], tmp_path)
        text = program.read()
        assert "Quick Expert (level 6, Advanced) the expert at a small search" in text
        assert "Careful Expert (level 7, Master)" in text
        program.send("quit")
        program.finish()
        save = read_save(tmp_path / GAME_FILE)
        assert save.opponents == ["expert-quick", "expert-careful"]
        game = Game(save, Console(io.StringIO(), io.StringIO(), colour=False), None)
        assert [getattr(p, "playouts", None) for p in game.players] == [16, 100]

    def test_an_unknown_opponent_names_every_level(self, tmp_path: Path) -> None:
        program = Program(["--opponents", "expert-slow", "--new"], tmp_path)
        assert program.finish() == 2
        assert ("unknown opponent 'expert-slow'; choose from random, greedy, pinocchio, "
                "buratino, snow-white, expert-quick, expert-careful, expert") in program.transcript

    def test_the_playouts_option_leaves_the_levels_at_their_budgets(
        self, tmp_path: Path
    ) -> None:
        save = Save(Match(Rules.variant("draw", players=3), seed=2), ["expert-quick", "expert"],
                    playouts=300)
        write_save(tmp_path / GAME_FILE, save)
        again = read_save(tmp_path / GAME_FILE)
        game = Game(again, Console(io.StringIO(), io.StringIO(), colour=False), None)
        assert [getattr(p, "playouts", None) for p in game.players] == [16, 300]
