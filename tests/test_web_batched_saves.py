"""Saves batched per turn of the event loop (issue 41): the games saved in one turn go to
the database in one transaction, each caller hears only after the commit, a stale game's save
is refused alone, and a batch that fails for one game saves the others one by one. On SQLite
and on PostgreSQL (whose notifications go out with the same commit)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from doublesix import Match, Rules
from doublesix.web.routes.errors import UnavailableError
from doublesix.web.storage.saving import Saving
from doublesix.web.storage.store import SavedGame, Seat, Store
from tests.support.web import TEST_SETTINGS, postgres_url, run_async


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    url = (f"sqlite:///{tmp_path / 'games.sqlite3'}" if request.param == "sqlite"
           else postgres_url())
    made = Store(url)
    yield made
    made.dispose()


def new_games(store: Store, count: int) -> list[SavedGame]:
    games = []
    for n in range(count):
        match = Match(Rules.variant("block", players=2), seed=n)
        game = SavedGame(f"game-{n}", owner="owner-hash", variant="block",
                         seats=[Seat("You", "human", "abc"), Seat("Greedy", "greedy")],
                         match=match.to_json(), scores=match.scores)
        store.insert(game)
        match.play(match.legal_moves()[0])
        game.match, game.revision = match.to_json(), 1
        games.append(game)
    return games


class Spy:
    """The store's writes as the database threads make them: each transaction's games."""

    def __init__(self, store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
        self.calls: list[list[str]] = []
        self.real_many, self.real_one = store.update_many, store.update
        monkeypatch.setattr(store, "update_many", self.many)
        monkeypatch.setattr(store, "update", self.one)

    def many(self, games: Sequence[SavedGame]) -> list[bool]:
        self.calls.append([game.id for game in games])
        return self.real_many(games)

    def one(self, game: SavedGame) -> bool:
        self.calls.append([game.id])
        return self.real_one(game)


def test_saves_in_one_turn_are_one_transaction(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    games = new_games(store, 4)
    stale = SavedGame(**{**games[3].__dict__, "revision": 5})  # not the stored revision + 1
    spy = Spy(store, monkeypatch)
    saving = Saving(store, TEST_SETTINGS, lambda: False)

    async def scenario() -> tuple[list[bool], bool]:
        together = await asyncio.gather(*(saving.update(game) for game in [*games[:3], stale]))
        alone = await saving.update(games[3])  # a later turn: a batch of its own
        return list(together), alone

    together, alone = run_async(scenario())
    saving.close()
    assert together == [True, True, True, False] and alone
    assert spy.calls == [["game-0", "game-1", "game-2", "game-3"], ["game-3"]]
    for game in games:
        loaded = store.load(game.id)
        assert loaded is not None and loaded.revision == 1 and loaded.match == game.match


def test_a_caller_hears_only_after_the_commit(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    games = new_games(store, 2)
    saving = Saving(store, TEST_SETTINGS, lambda: False)
    committed: list[str] = []
    real = store.update_many

    def many(batch: Sequence[SavedGame]) -> list[bool]:
        done = real(batch)
        committed.extend(game.id for game in batch)
        return done

    monkeypatch.setattr(store, "update_many", many)

    async def save(game: SavedGame) -> list[str]:
        assert await saving.update(game)
        return list(committed)  # what was committed when this caller heard

    async def scenario() -> list[list[str]]:
        return list(await asyncio.gather(*(save(game) for game in games)))

    heard = run_async(scenario())
    saving.close()
    assert heard == [["game-0", "game-1"]] * 2


def test_a_batch_that_fails_for_one_game_saves_the_others_alone(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    games = new_games(store, 3)
    real_one = store.update

    def many(batch: Sequence[SavedGame]) -> list[bool]:
        raise ValueError("one game cannot be written")  # the transaction wrote nothing

    def one(game: SavedGame) -> bool:
        if game.id == "game-1":
            raise ValueError("this game cannot be written")
        return real_one(game)

    monkeypatch.setattr(store, "update_many", many)
    monkeypatch.setattr(store, "update", one)
    saving = Saving(store, TEST_SETTINGS, lambda: False)

    async def scenario() -> list[Any]:
        return list(await asyncio.gather(*(saving.update(game) for game in games),
                                         return_exceptions=True))

    results = run_async(scenario())
    saving.close()
    assert results[0] is True and results[2] is True
    assert isinstance(results[1], ValueError)
    assert [getattr(store.load(game.id), "revision", None) for game in games] == [1, 0, 1]


def test_a_database_away_fails_every_save_of_the_batch_to_be_tried_again(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    games = new_games(store, 2)
    calls: list[int] = []

    def away(batch: Sequence[SavedGame]) -> list[bool]:
        calls.append(len(batch))
        raise UnavailableError("the database is away")

    monkeypatch.setattr(store, "update_many", away)
    saving = Saving(store, TEST_SETTINGS, lambda: False)

    async def scenario() -> list[Any]:
        return list(await asyncio.gather(*(saving.update(game) for game in games),
                                         return_exceptions=True))

    results = run_async(scenario())
    saving.close()
    assert calls == [2]  # tried once for both, not once each
    assert all(isinstance(result, UnavailableError) for result in results)
