"""Games played through the WebSocket: complete games, hidden tiles, errors, tokens, hints."""

from __future__ import annotations

import datetime
import json
import random
import threading
from collections.abc import Iterator
from typing import Any
from unittest import mock

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from doublesix import Match, Move, Rules, View, ai
from doublesix.ai.seeding import hint_seed
from doublesix.web.play import searchers
from doublesix.web.play.games import Games
from doublesix.web.routes.app import create_app
from doublesix.web.storage.store import Store
from doublesix.words.endwords import hint_reason
from tests.support.web import TEST_SETTINGS, SeatSocket, games_of, new_game, run_async

QUICK_HINTS = {"playouts": 8}


@pytest.fixture
def app() -> FastAPI:
    return create_app("sqlite://", hint_options=QUICK_HINTS, settings=TEST_SETTINGS)


@pytest.fixture
def client(app: FastAPI) -> Iterator[TestClient]:
    with TestClient(app) as client:
        yield client


GAMES: list[tuple[dict[str, Any], int]] = [
    # (body, seed of the browser's choices)
    ({"variant": "draw", "players": 2, "target": 50, "opponents": ["greedy"], "seed": 1}, 1),
    ({"variant": "draw", "players": 4, "target": 0, "opponents": ["random"] * 3, "seed": 2}, 2),
    ({"variant": "block", "players": 3, "target": 30, "opponents": ["random", "greedy"],
      "seed": 3}, 3),
    ({"variant": "all-fives", "players": 2, "target": 50, "opponents": ["greedy"], "seed": 4}, 4),
    ({"variant": "all-fives", "players": 4, "target": 30, "opponents": ["greedy", "random",
                                                                        "greedy"], "seed": 5}, 5),
    ({"variant": "muggins", "players": 2, "target": 50, "opponents": ["random"], "seed": 6}, 6),
    ({"variant": "muggins", "players": 3, "target": 0, "set": 9,
      "opponents": ["greedy", "random"], "seed": 7}, 7),
    ({"variant": "draw", "players": 2, "target": 0, "set": 12, "opponents": ["pinocchio"],
      "seed": 8}, 8),
    ({"variant": "all-fives", "players": 3, "target": 0, "opponents": ["buratino", "snow-white"],
      "seed": 9}, 9),
    ({"variant": "block", "players": 4, "target": 0, "opponents": ["greedy"] * 3,
      "options": {"spinner": True}, "seed": 10}, 10),
]


class TestCompleteGames:
    """Whole games through the socket; every message is scanned against the referee."""

    @pytest.mark.parametrize(("body", "seed"), GAMES, ids=[f"{g[0]['variant']}{g[1]}"
                                                           for g in GAMES])
    def test_game_to_the_end_never_shows_a_hidden_tile(
        self, app: FastAPI, client: TestClient, spy_factory: Any, body: dict[str, Any], seed: int
    ) -> None:
        spy = spy_factory(games_of(app))
        game_id, token = new_game(client, **body)
        spy.game_id = game_id
        with client.websocket_connect(f"/ws/{game_id}?token={token}") as ws:
            seat = SeatSocket(ws, spy)
            final = seat.play_out(random.Random(seed))
            assert not seat.errors
        assert final["over"] and final["turn"] is None and final["legal"] == []
        rules = final["rules"]
        assert rules["variant"] == body["variant"] and rules["players"] == body["players"]
        # The scores add up: the scoresheet's last totals plus points scored during the
        # unfinished hand (All Fives can end mid-hand) give the final scores.
        sheet = final["scoresheet"]
        assert sheet, "at least one hand ended"
        if rules["scoring"] == "pips":
            assert sheet[-1]["scores"] == final["scores"]
        target = rules["target"]
        if target:
            assert max(final["scores"]) >= target
            assert final["winner"] == final["scores"].index(max(final["scores"]))
        # The finished game's record replays to the same scores.
        record = client.get(f"/api/games/{game_id}/record", params={"token": token}).json()
        match = Match.from_json(json.dumps(record["match"]))
        assert match.is_over and match.scores == final["scores"]
        # Something real happened: events were seen, and computers thought.
        kinds = {m["type"] for m in seat.received}
        assert {"state", "event", "thinking"} <= kinds

    def test_event_messages_tell_a_drawer_its_tile_and_nobody_else(
        self, app: FastAPI, client: TestClient, spy_factory: Any
    ) -> None:
        spy = spy_factory(games_of(app))
        draws = {"mine": 0, "theirs": 0}
        for seed in range(1, 40):
            game_id, token = new_game(client, variant="draw", players=2, target=0,
                                      opponents=["random"], seed=seed)
            spy.game_id = game_id
            spy.sent.clear()
            with client.websocket_connect(f"/ws/{game_id}?token={token}") as ws:
                seat = SeatSocket(ws, spy)
                seat.play_out(random.Random(seed))
            for message in seat.received:
                if message["type"] != "event" or message["event"]["kind"] != "draw":
                    continue
                event = message["event"]
                assert event["number"] == 1
                if event["seat"] == 0:
                    draws["mine"] += 1
                    assert event["tile"] is not None
                    assert message["text"] == f"You drew {event['tile']}."
                else:
                    draws["theirs"] += 1
                    assert event["tile"] is None
                    assert "|" not in message["text"]
            if draws["mine"] and draws["theirs"]:
                break
        assert draws["mine"] and draws["theirs"]

    def test_next_hand_deals_and_scoresheet_grows(self, client: TestClient) -> None:
        game_id, token = new_game(client, variant="draw", players=2, target=100,
                                  opponents=["greedy"], seed=11)
        with client.websocket_connect(f"/ws/{game_id}?token={token}") as ws:
            seat = SeatSocket(ws)
            rng = random.Random(0)
            while seat.settle()["result"] is None:
                seat.send({"type": "play", "move": rng.choice(seat.state["legal"])["move"]})
            ended = seat.state
            result = ended["result"]
            assert len(result["hands"]) == 2 and result["hands"][0] == ended["hand"]
            assert result["pips"] == [
                sum(int(x) for t in hand for x in t.split("|")) for hand in result["hands"]
            ]
            assert ended["scoresheet"][-1]["hand"] == 1
            if not ended["over"]:
                seat.send({"type": "next"})
                kinds = []
                while True:
                    message = seat.receive()
                    if message["type"] == "event" and (
                        message["state"]["revision"] > seat.acted_at
                    ):
                        kinds.append(message["event"]["kind"])
                        if message["state"]["hand_number"] == 1 and kinds[-1] == "lay":
                            break
                assert kinds[:2] == ["hand", "lay"]
                assert seat.state["result"] is None and len(seat.state["played"]) >= 1


class TestForcedPass:
    def test_a_persons_forced_pass_is_made_for_them_and_announced(
        self, client: TestClient
    ) -> None:
        # Block games against greedy, played by always laying the first legal move, until one
        # where the person has nothing to lay at some point.
        for seed in range(1, 200):
            game_id, token = new_game(client, variant="block", players=2, target=0,
                                      opponents=["greedy"], seed=seed)
            sent: list[str] = []
            with client.websocket_connect(f"/ws/{game_id}?token={token}") as ws:
                seat = SeatSocket(ws)
                while not (s := seat.settle())["over"]:
                    move = s["legal"][0]["move"]
                    sent.append(move)
                    seat.send({"type": "play", "move": move})
                passes = [m["event"] for m in seat.received
                          if m["type"] == "event" and m["event"]["kind"] == "pass"
                          and m["event"]["seat"] == 0]
            if passes:
                assert "pass" not in sent and not seat.errors
                texts = [m["text"] for m in seat.received
                         if m["type"] == "event" and m["event"]["kind"] == "pass"
                         and m["event"]["seat"] == 0]
                assert texts and all(text == "You passed." for text in texts)
                return
        pytest.fail("no seed gave the person a forced pass")


class TestErrors:
    """A malformed or illegal message gets an error and changes nothing."""

    BAD = (
        "not json",
        "[1, 2]",
        '{"type": "fly"}',
        '{"kind": "play"}',
        '{"type": "play"}',
        '{"type": "play", "move": 42}',
        '{"type": "play", "move": "9|9 left"}',
        '{"type": "play", "move": "6|4 sideways"}',
        '{"type": "play", "move": "pass"}',
        '{"type": "next"}',
        json.dumps({"type": "play", "move": "x" * 5000}),
    )

    def test_bad_messages_change_nothing(self, app: FastAPI, client: TestClient) -> None:
        game_id, token = new_game(client, variant="draw", players=2, opponents=["greedy"],
                                  seed=3)
        with client.websocket_connect(f"/ws/{game_id}?token={token}") as ws:
            seat = SeatSocket(ws)
            before = seat.settle()
            saved = games_of(app).live(game_id)
            assert saved is not None
            save_before = saved.saved.match
            illegal = [
                json.dumps({"type": "play", "move": t}) for t in self.not_legal(before)
            ]
            for text in [*self.BAD, *illegal]:
                ws.send_text(text)
                message = seat.receive()
                assert message["type"] == "error", (text, message)
                assert message["message"]
            ws.send_bytes(b"\xff\xfe")
            assert seat.receive()["type"] == "error"
            # Nothing changed: the picture is the same, and so is the save.
            ws.send_json({"type": "hint"})
            assert seat.receive()["type"] == "hint"
            assert saved.saved.match == save_before
        with client.websocket_connect(f"/ws/{game_id}?token={token}") as ws:
            again = ws.receive_json()["state"]
            assert again == before

    @staticmethod
    def not_legal(state: dict[str, Any]) -> list[str]:
        """Moves of this picture that are not legal: tiles not in the hand, wrong ends."""
        legal = {m["move"] for m in state["legal"]}
        hand = set(state["hand"])
        candidates = [f"{a}|{b} {end}" for a in range(7) for b in range(a + 1)
                      for end in ("left", "right", "up")]
        wrong = [m for m in candidates if m not in legal]
        outside = [m for m in wrong if m.split()[0] not in hand][:3]
        inside = [m for m in wrong if m.split()[0] in hand][:3]
        draw = [] if "draw" in legal else ["draw"]
        return outside + inside + draw

    def test_moves_out_of_turn_are_refused(self) -> None:
        # A deal where a computer moves first, and a move sent before it has played.
        rules = Rules.variant("block", players=4, target=0)
        seed = next(s for s in range(1, 100) if Match(rules, seed=s).turn != 0)
        expected = Match(rules, seed=seed)
        mine = str(expected.hands[0][0])

        # The computer thinks until the test lets it go, so its move cannot land first.
        thinking = threading.Event()
        choose = searchers.choose_seeded

        def slow_choose(kind: str, view: View, key: tuple[int, int, int, int],
                        daily: bool = False) -> Move:
            thinking.wait(timeout=30)
            return choose(kind, view, key, daily)

        async def scenario() -> list[Any]:
            # Searches in threads of this process, where the slow player is (a searching
            # player: the quick ones play at once).
            games = Games(Store("sqlite://"), settings=TEST_SETTINGS.replace(
                search_processes=0))
            game_id, token, _ = await games.create("owner", rules, ("expert",) * 3, seed)
            game, connection = await games.connect(game_id, token)
            before = game.saved.revision
            for text in (f'{{"type": "play", "move": "{mine} left"}}', '{"type": "hint"}',
                         '{"type": "play", "move": "pass"}'):
                await games.handle(game, connection, text)
            assert game.saved.revision == before
            thinking.set()
            await games.close()
            sent = []
            while not connection.outbox.empty():
                sent.append(connection.outbox.get_nowait())
            return sent

        # Patched where the computers' turns call it.
        with mock.patch("doublesix.web.play.computers.choose_seeded", slow_choose):
            sent = run_async(scenario(), timeout=60)
        assert sent[0] is not None and sent[0]["type"] == "state"
        errors = [m for m in sent[1:] if m is not None and m["type"] == "error"]
        assert [e["message"] for e in errors] == [
            "it is not your turn", "a hint is only for your turn", "it is not your turn"
        ]

    def test_after_the_game_is_over_nothing_is_accepted(self, client: TestClient) -> None:
        game_id, token = new_game(client, variant="block", players=2, target=0,
                                  opponents=["random"], seed=2)
        with client.websocket_connect(f"/ws/{game_id}?token={token}") as ws:
            seat = SeatSocket(ws)
            seat.play_out(random.Random(1))
            for message in ({"type": "next"}, {"type": "resign"}, {"type": "play",
                                                                     "move": "draw"}):
                ws.send_json(message)
                while (reply := seat.receive())["type"] != "error":
                    pass  # the last events of the game, still arriving
                assert "over" in reply["message"]


class TestTokens:
    """Each seat is held by its token; nothing acts for another seat or game."""

    def test_wrong_token_and_unknown_game_close_the_socket(self, client: TestClient) -> None:
        game_id, token = new_game(client, opponents=["greedy"], seed=1)
        other_id, other_token = new_game(client, opponents=["greedy"], seed=1)
        for path, code in [
            (f"/ws/{game_id}?token=nope", 4403),
            (f"/ws/{game_id}", 4403),
            (f"/ws/{game_id}?token={other_token}", 4403),
            (f"/ws/no-such-game?token={token}", 4404),
        ]:
            with client.websocket_connect(path) as ws:
                message = ws.receive_json()
                assert message["type"] == "error"
                with pytest.raises(WebSocketDisconnect) as closed:
                    ws.receive_json()
                assert closed.value.code == code
        assert other_id != game_id and other_token != token

    def test_two_sockets_of_one_seat_both_follow_the_game(self, client: TestClient) -> None:
        game_id, token = new_game(client, variant="draw", players=2, target=0,
                                  opponents=["greedy"], seed=4)
        url = f"/ws/{game_id}?token={token}"
        with client.websocket_connect(url) as first, client.websocket_connect(url) as second:
            a, b = SeatSocket(first), SeatSocket(second)
            state = a.settle()
            b.settle()
            if not state["over"] and state["result"] is None:
                a.send({"type": "play", "move": state["legal"][0]["move"]})
                b.acted_at = a.acted_at
                assert a.settle()["revision"] == b.settle()["revision"]
                assert a.state == b.state

    def test_tokens_are_long_and_distinct(self, client: TestClient) -> None:
        tokens = {new_game(client, opponents=["random"])[1] for _ in range(5)}
        assert len(tokens) == 5 and all(len(t) >= 32 for t in tokens)


class TestHintAndResign:
    def test_hint_names_a_legal_move_with_a_reason(self, client: TestClient) -> None:
        game_id, token = new_game(client, variant="all-fives", players=2,
                                  opponents=["greedy"], seed=12)
        with client.websocket_connect(f"/ws/{game_id}?token={token}") as ws:
            seat = SeatSocket(ws)
            state = seat.settle()
            assert state["turn"] == 0
            ws.send_json({"type": "hint"})
            hint = seat.receive()
            assert hint["type"] == "hint"
            legal = {(m["move"], m["tile"], m["end"]) for m in state["legal"]}
            assert (hint["move"], hint["tile"], hint["end"]) in legal
            assert hint["reason"]
            # The one hint seeding, shared with the terminal game: the same hint there.
            game = games_of(client.app).live(game_id)  # type: ignore[arg-type]
            assert game is not None
            view = game.match.view(0)
            expected = ai.hint(view, hint_seed(game.match.seed, view), **QUICK_HINTS)
            assert (hint["move"], hint["reason"]) == (str(expected.move),
                                                    hint_reason(*expected))

    def test_hint_out_of_turn_is_an_error(self, client: TestClient) -> None:
        game_id, token = new_game(client, variant="draw", players=2, target=0,
                                  opponents=["greedy"], seed=13)
        with client.websocket_connect(f"/ws/{game_id}?token={token}") as ws:
            seat = SeatSocket(ws)
            seat.play_out(random.Random(2))
            ws.send_json({"type": "hint"})
            while (reply := seat.receive())["type"] != "error":
                pass
            assert "turn" in reply["message"]

    def test_resign_ends_the_game_as_a_loss(self, client: TestClient) -> None:
        game_id, token = new_game(client, variant="muggins", players=3,
                                  opponents=["greedy", "random"], seed=14)
        with client.websocket_connect(f"/ws/{game_id}?token={token}") as ws:
            seat = SeatSocket(ws)
            seat.settle()
            seat.send({"type": "resign"})
            message = seat.receive()
            while message["type"] != "event":
                message = seat.receive()
            assert message["event"]["kind"] == "resign" and message["event"]["seat"] == 0
            assert message["text"] == "You resigned: the game is over."
            state = message["state"]
            # Three sides: nobody wins a resigned game.
            assert state["over"] and state["resigned"] == 0 and state["winner"] is None
            assert state["legal"] == [] and state["result"] is None
        stats = client.get("/api/stats").json()
        assert stats["games"] == 1 and stats["wins"] == 0
        assert stats["by_variant"]["muggins"]["games"] == 1
        assert stats["by_opponent"] == {"greedy": {"games": 1, "wins": 0},
                                        "random": {"games": 1, "wins": 0}}
        record = client.get(f"/api/games/{game_id}/record", params={"token": token})
        assert record.status_code == 200 and record.json()["resigned"] == 0


class TestDaily:
    def test_two_browsers_get_the_same_deal_and_the_same_computer_choices(
        self, app: FastAPI
    ) -> None:
        transcripts = []
        for _browser in range(2):
            with TestClient(app) as client:
                daily = client.post("/api/daily").json()
                assert daily["first_attempt"] is True
                with client.websocket_connect(
                    f"/ws/{daily['game_id']}?token={daily['token']}"
                ) as ws:
                    seat = SeatSocket(ws)
                    first = seat.settle()
                    final = seat.play_out(random.Random(99))
                transcripts.append(
                    (first["hand"], [m["text"] for m in seat.received if m["type"] == "event"],
                     final["daily"]["share"])
                )
        assert transcripts[0] == transcripts[1]
        share = transcripts[0][2]
        assert share.startswith("doublesix daily ") and "|" not in share

    def test_daily_deal_is_match_daily(self, app: FastAPI, client: TestClient) -> None:
        daily = client.post("/api/daily").json()
        game = games_of(app)
        with client.websocket_connect(f"/ws/{daily['game_id']}?token={daily['token']}") as ws:
            state = SeatSocket(ws).settle()
            live = game.live(daily["game_id"])
            assert live is not None
            expected = Match.daily(datetime.date.fromisoformat(daily["date"]))
            assert state["rules"] == {"variant": "draw", **expected.rules.options()}
            assert live.match.seed == expected.seed
            assert state["hand"] == [str(t) for t in expected.hands[0]]
            assert state["kinds"] == ["human", "expert"]
            assert state["daily"]["date"] == daily["date"]


class TestServerHousekeeping:
    def test_a_move_waits_while_the_database_is_away(
        self, app: FastAPI, client: TestClient, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """Nothing is shown that was not saved: the person is told "Saving failed; trying
        again", other messages are refused in words, and the move goes through once the
        database is back (no reload)."""
        game_id, token = new_game(client, variant="draw", players=2, opponents=["greedy"],
                                  seed=15)
        store = games_of(app).store
        real_update = store.update
        failures = []
        back = threading.Event()

        def broken(game: Any) -> bool:
            if back.is_set():
                return real_update(game)
            failures.append(game.revision)
            raise OSError("disk full")

        with client.websocket_connect(f"/ws/{game_id}?token={token}") as ws:
            seat = SeatSocket(ws)
            before = seat.settle()
            assert before["turn"] == 0
            monkeypatch.setattr(store, "update", broken)
            seat.send({"type": "play", "move": before["legal"][0]["move"]})
            notice = seat.receive()
            assert notice == {"type": "notice", "notice": "saving-failed",
                              "message": "Saving failed; trying again."}
            # A page opened now sees the last saved picture and the notice; what it asks is
            # refused in words until the move is saved.
            with client.websocket_connect(f"/ws/{game_id}?token={token}") as other:
                assert other.receive_json()["state"] == before
                assert other.receive_json()["notice"] == "saving-failed"
                other.send_json({"type": "hint"})
                refused = other.receive_json()
                assert refused["type"] == "error"
                assert refused["message"].startswith("Saving failed; trying again.")
            assert failures and seat.state == before
            back.set()
            saved = seat.receive()
            assert saved["type"] == "notice" and saved["notice"] == "saved"
            after = seat.settle()
            assert after["revision"] > before["revision"]
            assert before["legal"][0]["tile"] in after["played"]
        stored = store.load(game_id)
        assert stored is not None and stored.revision >= after["revision"]

    def test_a_game_leaves_memory_when_its_last_socket_closes(
        self, app: FastAPI, client: TestClient
    ) -> None:
        games = games_of(app)
        game_id, token = new_game(client, variant="draw", opponents=["greedy"], seed=16)
        assert games.live(game_id) is None
        with client.websocket_connect(f"/ws/{game_id}?token={token}") as ws:
            SeatSocket(ws).settle()
            assert games.live(game_id) is not None
        assert games.live(game_id) is None

    def test_a_computer_retries_a_move_that_failed_to_save(
        self, app: FastAPI, client: TestClient, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        game_id, token = new_game(client, variant="draw", players=2, opponents=["greedy"],
                                  seed=15)
        store = games_of(app).store
        real_update = store.update
        calls: list[int] = []

        def fails_once(game: Any) -> bool:
            calls.append(game.revision)
            if len(calls) == 2:  # the computer's first answer to our move
                raise OSError("database gone for a moment")
            return real_update(game)

        with client.websocket_connect(f"/ws/{game_id}?token={token}") as ws:
            seat = SeatSocket(ws)
            before = seat.settle()
            assert before["turn"] == 0
            monkeypatch.setattr(store, "update", fails_once)
            seat.send({"type": "play", "move": before["legal"][0]["move"]})
            after = seat.settle()
        assert len(calls) >= 3 and calls[1] == calls[2]
        assert after["revision"] >= before["revision"] + 2 or after["result"] is not None
        assert not seat.errors
