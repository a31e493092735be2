"""The server's own work per move (issue 28), on SQLite and on PostgreSQL: a save writes what
changed (a move appends its line to the row's ``moves``; the match, the seats and the other
unchanged columns are not written again), a game saved move by move loads as it was played,
a database from before the migrations gains the ``moves`` column, a picture is built once per
game state and seat, the quick players play in the server's process the moves they made in the
search processes, and a job for a search process ships little.
"""

from __future__ import annotations

import asyncio
import json
import pickle
import random
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from sqlalchemy import event, text

from doublesix import Match, Rules, ai
from doublesix.ai.seeding import move_rng, player_options
from doublesix.engine.events import Event
from doublesix.engine.rules import VARIANTS
from doublesix.protocol.wire import HUMAN
from doublesix.web.play import pictures
from doublesix.web.play.games import Games
from doublesix.web.play.live import Connection, Game, load_game, stored_match
from doublesix.web.play.searchers import Searchers
from doublesix.web.storage import saving
from doublesix.web.storage.saving import Saving
from doublesix.web.storage.store import SavedGame, Seat, Store, make_engine
from tests.support.storage import before_migrations, empty_database
from tests.support.web import TEST_SETTINGS, run_async


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh, empty database of each kind."""
    return empty_database(request.param, tmp_path)


@pytest.fixture
def store(database_url: str) -> Iterator[Store]:
    opened = Store(database_url)
    yield opened
    opened.dispose()


def stored_game(store: Store, match: Match, game_id: str = "g1") -> Game:
    """``match`` stored as a new game against computers, and loaded as the server loads it."""
    players = match.rules.players
    saved = SavedGame(game_id, owner="o" * 64, variant=match.rules.name,
                      seats=[Seat("You", HUMAN, "t" * 64)] + [
                          Seat(f"Greedy {i}", "greedy") for i in range(1, players)],
                      match=match.to_json(), scores=match.scores)
    store.insert(saved)
    loaded = store.load(game_id)
    assert loaded is not None
    return load_game(loaded)


def save(store: Store, game: Game, events: list[Event] | None) -> bool:
    """One save through the server's saving path."""
    async def scenario() -> bool:
        done: bool = await Saving(store, TEST_SETTINGS, lambda: False).save(game, events)
        return done
    return run_async(scenario())


def act(game: Game, rng: random.Random) -> list[Event]:
    """A random move (or the next hand) in ``game``'s match, as a seat's message would make it;
    the events it adds."""
    match = game.match
    before = len(match.history)
    if match.turn is None:
        match.next_hand()
    else:
        match.play(rng.choice(match.legal_moves()))
    return match.history[before:]


class Writes:
    """The statements sent to a database, with their parameters."""

    def __init__(self, store: Store) -> None:
        self.sent: list[tuple[str, Any]] = []
        event.listen(store.engine, "before_cursor_execute", self._heard)

    def _heard(self, _conn: Any, _cursor: Any, statement: str, parameters: Any,
               _context: Any, _many: bool) -> None:
        self.sent.append((statement, parameters))

    def updates(self) -> list[tuple[str, Any]]:
        return [(s, p) for s, p in self.sent if s.lstrip().lower().startswith("update")]


def row(url: str, game_id: str) -> dict[str, Any]:
    """The stored row's text columns, read with plain SQL."""
    engine = make_engine(url)
    try:
        with engine.connect() as connection:
            found = connection.execute(
                text("select match, moves, seats, revision from doublesix_games where id = :id"),
                {"id": game_id}).one()
    finally:
        engine.dispose()
    return {"match": found[0], "moves": found[1], "seats": found[2], "revision": found[3]}


class TestSavesWriteWhatChanged:
    def test_a_move_appends_its_line_and_rewrites_nothing_else(
        self, store: Store, database_url: str
    ) -> None:
        match = Match(Rules.variant("all-fives", players=4, target=0), seed=7)
        game = stored_game(store, match)
        inserted = row(database_url, "g1")
        writes = Writes(store)
        rng = random.Random(7)
        lines: list[str] = []
        for _ in range(3):
            events = act(game, rng)
            line = saving.new_moves(events, game.match)
            assert line is not None
            lines.append(line)
            assert save(store, game, events)
        updates = writes.updates()
        assert len(updates) == 3
        for (statement, parameters), line in zip(updates, lines, strict=True):
            assigned = statement.lower().split(" where ")[0]
            for column in ("match", "seats", "owner", "variant", "created", "daily",
                           "table_info", "first_attempt"):
                assert f"{column}=" not in assigned.replace(" ", ""), statement
            values = list(parameters.values() if isinstance(parameters, dict) else parameters)
            assert line in values
            # The move's line, the revision, the time, the row's key: no match, no seats.
            assert sum(len(str(v)) for v in values) < 160, values
        stored = row(database_url, "g1")
        assert stored["match"] == inserted["match"] and stored["seats"] == inserted["seats"]
        assert stored["moves"] == "".join(lines) and stored["revision"] == 3

    def test_a_table_change_writes_the_seats_and_not_the_match(
        self, store: Store, database_url: str
    ) -> None:
        game = stored_game(store, Match(Rules.variant("draw"), seed=2))
        writes = Writes(store)
        game.saved.seats[1].name = "Bea"
        assert save(store, game, None)
        [(statement, _)] = writes.updates()
        assigned = statement.lower().split(" where ")[0].replace(" ", "")
        assert "seats=" in assigned and "match=" not in assigned and "moves=" not in assigned
        loaded = store.load("g1")
        assert loaded is not None and loaded.seats[1].name == "Bea"

    def test_the_finished_game_holds_its_whole_match(
        self, store: Store, database_url: str
    ) -> None:
        game = stored_game(store, Match(Rules.variant("block", players=2, target=0), seed=4))
        rng = random.Random(4)
        while not game.is_over:
            assert save(store, game, act(game, rng))
        stored = row(database_url, "g1")
        assert not stored["moves"]
        assert stored["match"] == game.match.to_json()
        loaded = store.load("g1")
        assert loaded is not None and loaded.status == "over"


class TestGamesSavedMoveByMove:
    def test_a_game_restored_after_many_saves_is_the_game_played(
        self, store: Store, database_url: str
    ) -> None:
        rng = random.Random(28)
        reader = Store(database_url)
        folded = 0
        try:
            number = 0
            for variant in VARIANTS:
                for players, lead in ((2, "highest-double"), (4, "winner"), (3, None)):
                    if variant == "partnership" and players != 4:
                        continue
                    options: dict[str, Any] = {"players": players, "target": 60}
                    if lead is not None:
                        options["lead"] = lead
                    number += 1
                    game = stored_game(store, Match(Rules.variant(variant, **options),
                                                    seed=rng.randrange(10**9)), f"g{number}")
                    resign_at = rng.randrange(10, 200) if number % 4 == 0 else None
                    saves = 0
                    while not game.is_over:
                        if saves == resign_at:
                            before = len(game.match.history)
                            game.match.resign(0)
                            events = game.match.history[before:]
                        else:
                            events = act(game, rng)
                        was = len(game.saved.moves)
                        assert save(store, game, events)
                        saves += 1
                        folded += len(game.saved.moves) < was
                        if rng.random() < 0.1 or game.is_over:
                            loaded = reader.load(game.id)
                            assert loaded is not None and loaded.revision == saves
                            again = stored_match(loaded)
                            assert again.to_json() == game.match.to_json()
                            assert again.history == game.match.history
                            assert again.resigned == game.match.resigned
                    loaded = reader.load(game.id)
                    assert loaded is not None and not loaded.moves, "over: the whole match"
                    assert Match.from_json(loaded.match).history == game.match.history
            assert folded, "a long game's moves were written whole at least once"
        finally:
            reader.dispose()

    def test_another_server_resumes_from_the_saved_moves(
        self, store: Store, database_url: str
    ) -> None:
        # Each save is one statement in one transaction: what a second server reads at any
        # moment is a whole game at some revision, its moves played (tests/test_web_server.py
        # kills a server with SIGKILL mid-game and resumes it).
        game = stored_game(store, Match(Rules.variant("draw", players=3, target=100), seed=9))
        rng = random.Random(9)
        for _ in range(40):
            assert save(store, game, act(game, rng))
        other = Store(database_url)
        try:
            loaded = other.load("g1")
            assert loaded is not None and loaded.moves
            resumed = load_game(loaded)
            assert resumed.match.to_json() == game.match.to_json()
            # The other server goes on from there, appending to the same moves.
            events = act(resumed, rng)
            assert save(other, resumed, events)
            assert not save(store, game, act(game, rng)), "the first server's copy is stale"
        finally:
            other.dispose()

    def test_a_damaged_move_is_a_damaged_game(self) -> None:
        match = Match(Rules.variant("draw"), seed=5)
        saved = SavedGame("g", "o", "draw", [Seat("You", HUMAN)], match.to_json(), [0, 0],
                          moves="9|9 left\n")
        with pytest.raises(ValueError, match="corrupt save: move 1 after the match"):
            stored_match(saved)

    def test_a_database_from_before_the_migrations_gains_the_moves_column(
            self, database_url: str) -> None:
        first = Store(database_url)
        try:
            game = stored_game(first, Match(Rules.variant("muggins"), seed=3))
        finally:
            first.dispose()
        before_migrations(database_url, columns=["moves"])
        store = Store(database_url)
        try:
            loaded = store.load(game.id)
            assert loaded is not None and loaded.moves == ""
            resumed = load_game(loaded)
            rng = random.Random(3)
            for _ in range(5):
                assert save(store, resumed, act(resumed, rng))
            again = store.load(game.id)
            assert again is not None and again.moves.count("\n") >= 5
            assert stored_match(again).to_json() == resumed.match.to_json()
        finally:
            store.dispose()


class TestPictures:
    def test_a_picture_is_built_once_per_game_state_and_seat(self, store: Store) -> None:
        game = stored_game(store, Match(Rules.variant("draw", players=3), seed=6))
        build = mock.Mock(wraps=pictures.picture)
        sockets = [Connection(0), Connection(0), Connection(1)]
        game.connections.extend(sockets)
        with mock.patch("doublesix.web.play.live.pictures.picture", build):
            for connection in sockets + sockets:
                game.send_state(connection)
            assert build.call_count == 2, "seat 0 once, seat 1 once"
            first = game.picture(0)
            game.broadcast(act(game, random.Random(6)))
            assert build.call_count == 4, "the match changed: each seat's picture again"
            assert save(store, game, None) is True
            changed = game.picture(0)
            assert build.call_count == 5, "a new revision: built again"
            assert changed["revision"] == first["revision"] + 1
            assert changed["hand_sizes"] != first["hand_sizes"] or (
                changed["boneyard_size"] != first["boneyard_size"])
            game.refresh()  # the seats read again: built again
            game.picture(0)
            assert build.call_count == 6
        sent = [m for m in sockets[0].outbox._queue if m is not None]  # type: ignore[attr-defined]
        assert sent[0]["state"] is sent[1]["state"], "one picture, sent as it is"


def play_out(kinds: tuple[str, ...], rules: Rules, seed: int,
             searched: list[tuple[Any, ...]]) -> Match:
    """A game against ``kinds`` played through the server (the person by random moves), every
    job for the search processes recorded in ``searched`` (and answered by its first legal
    move); the match played."""
    real = Searchers.run

    async def recorded(self: Searchers, function: Any, *args: Any, **options: Any) -> Any:
        searched.append((function, *args))
        if function.__name__.startswith("choose"):
            return args[1].legal_moves()[0]
        return await real(self, function, *args, **options)

    async def scenario() -> Match:
        games = Games(Store("sqlite://"), settings=TEST_SETTINGS)
        try:
            game_id, token, _ = await games.create("owner", rules, kinds, seed)
            game, connection = await games.connect(game_id, token)
            rng = random.Random(seed)
            while True:
                if game.task is not None:
                    await game.task
                if game.is_over:
                    return game.match
                move = rng.choice(game.match.legal_moves())
                await games.handle(game, connection,
                                   json.dumps({"type": "play", "move": str(move)}))
        finally:
            await games.close()

    with mock.patch.object(Searchers, "run", recorded):
        return run_async(scenario())


class TestComputers:
    def test_the_quick_players_play_here_the_moves_they_played_before(self) -> None:
        kinds = ("greedy", "pinocchio", "buratino")
        rules = Rules.variant("all-fives", players=4, target=0)
        searched: list[tuple[Any, ...]] = []
        played = play_out(kinds, rules, 31, searched)
        assert searched == [], "no quick player's move goes to a search process"
        # Each computer move is the one the player makes from the game's own random numbers,
        # as the search processes made it before.
        replay = Match(rules, seed=31)
        moves = [e for e in played.history if e.kind in ("lay", "draw", "pass")]
        computer_moves = 0
        for made in moves[1:]:  # the first is the opening double, laid by the rules
            seat = replay.turn
            assert seat is not None and seat == made.seat
            if seat != 0:
                kind = kinds[seat - 1]
                rng = move_rng(replay.seed, replay.hand_number, seat, len(replay.history))
                expected = ai.player(kind, **player_options(kind, False)).choose(
                    replay.view(seat), rng)
                assert (expected.kind, expected.tile) == (made.kind, made.tile)
                computer_moves += 1
            before = len(replay.history)
            replay.play(next(m for m in replay.legal_moves()
                             if (m.kind, m.tile, m.end) == (made.kind, made.tile, made.end)
                             or (m.kind == made.kind and made.kind != "lay")))
            assert replay.history[before].kind == made.kind
        assert computer_moves > 5
        assert replay.to_json() == played.to_json()

    def test_a_search_job_ships_little(self) -> None:
        searched: list[tuple[Any, ...]] = []
        play_out(("expert",), Rules.variant("draw", players=2, target=0), 12, searched)
        assert searched, "the expert searched"
        for job in searched:
            assert len(pickle.dumps(job, protocol=pickle.HIGHEST_PROTOCOL)) < 2500


def test_a_persons_save_does_not_wait_behind_the_computers_queue(tmp_path: Path) -> None:
    """The database threads are busy with computers' saves and more wait behind them: a
    person's save has a thread of its own and is done first."""
    store = Store(f"sqlite:///{tmp_path / 'games.sqlite3'}")
    release = threading.Event()
    order: list[str] = []

    def computer(name: str) -> str:
        release.wait(10)
        order.append(name)
        return name

    def person() -> str:
        order.append("person")
        return "person"

    async def scenario() -> list[str]:
        saving = Saving(store, TEST_SETTINGS, lambda: False)
        queued = [asyncio.ensure_future(saving.run(computer, f"c{i}")) for i in range(6)]
        await asyncio.sleep(0.05)
        done = await saving.run(person, person=True)
        release.set()
        await asyncio.gather(*queued)
        saving.close()
        return [done, *order]

    try:
        found = run_async(scenario())
    finally:
        store.dispose()
    assert found[0] == "person" and found[1] == "person", found
