"""The HTTP side of the web game: pages, options, new games, the cookie, records, statistics."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from doublesix import Match, Rules
from doublesix.ai.ratings import Rating
from doublesix.protocol.wire import COOKIE
from doublesix.web.play.games import Games
from doublesix.web.routes.app import STATIC
from doublesix.words import results
from tests.support.web import SeatSocket, new_game


class TestPages:
    @pytest.mark.parametrize("path", ["/", "/game/abc123", "/stats", "/daily"])
    def test_every_route_serves_the_app(self, client: TestClient, path: str) -> None:
        response = client.get(path)
        assert response.status_code == 200
        assert response.headers["content-type"].startswith("text/html")
        index = STATIC / "index.html"
        if index.is_file():
            assert response.text == index.read_text(encoding="utf-8")
        csp = response.headers["content-security-policy"]
        assert "default-src 'self'" in csp and "connect-src 'self'" in csp
        assert response.headers["x-content-type-options"] == "nosniff"

    def test_static_files_are_served(self, client: TestClient) -> None:
        files = [p for p in STATIC.rglob("*") if p.is_file() and "__pycache__" not in p.parts]
        for path in files:
            response = client.get("/static/" + path.relative_to(STATIC).as_posix())
            assert response.status_code == 200, path
            assert response.content == path.read_bytes()

    def test_unknown_paths_are_json_404(self, client: TestClient) -> None:
        for path in ["/nothing", "/api/nothing", "/static/../pyproject.toml"]:
            response = client.get(path)
            assert response.status_code == 404
        assert client.get("/api/nothing").json() == {"error": "Not Found"}


class TestCookie:
    def test_first_response_sets_an_anonymous_cookie_once(self, app: FastAPI) -> None:
        with TestClient(app) as client:
            first = client.get("/api/options")
            header = first.headers["set-cookie"]
            assert header.startswith(f"{COOKIE}=")
            lowered = header.lower()
            assert "httponly" in lowered and "samesite=lax" in lowered and "path=/" in lowered
            assert "set-cookie" not in client.get("/api/options").headers

    def test_a_malformed_cookie_is_replaced(self, app: FastAPI) -> None:
        with TestClient(app, cookies={COOKIE: "bad cookie!"}) as client:
            response = client.get("/api/stats")
            assert response.headers["set-cookie"].startswith(f"{COOKIE}=")


class TestOptions:
    def test_the_form_offers_variants_opponents_sets_and_targets(self, client: TestClient) -> None:
        options = client.get("/api/options").json()
        assert [v["name"] for v in options["variants"]] == [
            "draw", "block", "all-fives", "muggins", "partnership"
        ]
        assert [v["label"] for v in options["variants"]] == [
            "Draw", "Block", "All Fives", "Muggins", "Partnership"
        ]
        assert [v["preset_label"] for v in options["variants"]][3:] == [
            "Muggins (All Fives with a spinner)", "Partnership (two against two)"
        ]
        assert [o["name"] for o in options["opponents"]] == [
            "pinocchio", "buratino", "snow-white", "expert-quick", "expert-careful", "expert"
        ]
        assert all(o["label"] and o["difficulty"] and o["style"] for o in options["opponents"])
        assert options["sets"] == [6, 9, 12] and options["targets"] == [100, 50, 0]


class TestRulesWords:
    def test_the_form_s_rules_are_described_as_set_up(self, client: TestClient) -> None:
        answer = client.post("/api/rules", json={"variant": "draw", "target": 50,
                                                 "options": {"hand_size": 5}})
        assert answer.status_code == 200
        said = answer.json()
        assert said["name"] == "Draw, 5 tiles each"
        assert said["lines"][0] == "2 players, the double-six set; each is dealt 5 tiles."
        assert "The first to 50 points wins the game." in said["lines"]
        assert not any("100" in line for line in said["lines"])

    def test_a_bad_body_is_refused(self, client: TestClient) -> None:
        assert client.post("/api/rules", json={"variant": "fives"}).status_code == 400
        assert client.post("/api/rules", json={"opponents": []}).status_code == 400

    def test_a_game_s_picture_says_its_rules(self, client: TestClient) -> None:
        response = client.post("/api/games", json={"variant": "draw", "target": 50,
                                                   "options": {"hand_size": 5}})
        data = response.json()
        with client.websocket_connect(f"/ws/{data['game_id']}?token={data['token']}") as ws:
            state = ws.receive_json()["state"]
        rules = state["words"]["rules"]
        assert rules["lines"][0] == "2 players, the double-six set; each is dealt 5 tiles."
        assert "The first to 50 points wins the game." in rules["lines"]
        assert "100" not in " ".join([rules["name"], *rules["lines"]])


class TestNewGame:
    def test_a_new_game_answers_its_id_seat_and_token(self, client: TestClient) -> None:
        response = client.post("/api/games", json={
            "variant": "muggins", "players": 4, "target": 50, "set": 9,
            "opponents": ["pinocchio", "buratino", "expert"], "seed": 17,
        })
        assert response.status_code == 201
        data = response.json()
        assert set(data) == {"game_id", "seat", "token"} and data["seat"] == 0
        with client.websocket_connect(f"/ws/{data['game_id']}?token={data['token']}") as ws:
            state = ws.receive_json()["state"]
        assert state["rules"]["variant"] == "muggins" and state["rules"]["set"] == 9
        assert state["rules"]["players"] == 4 and state["rules"]["target"] == 50
        assert state["kinds"] == ["human", "pinocchio", "buratino", "expert"]
        assert state["names"] == ["You", "Pinocchio", "Buratino", "Expert"]
        assert state["difficulties"][0] is None and all(state["difficulties"][1:])
        expected = Match(Rules.variant("muggins", players=4, target=50, set=9), seed=17)
        assert state["hand"] == [str(t) for t in expected.hands[0]]

    def test_defaults(self, client: TestClient) -> None:
        game_id, token = new_game(client)
        with client.websocket_connect(f"/ws/{game_id}?token={token}") as ws:
            state = ws.receive_json()["state"]
        assert state["rules"]["variant"] == "draw" and state["rules"]["players"] == 2
        assert state["rules"]["target"] == 100 and state["kinds"] == ["human", "pinocchio"]

    def test_two_computers_of_one_kind_are_numbered(self, client: TestClient) -> None:
        game_id, token = new_game(client, players=4, opponents=["greedy", "expert", "greedy"])
        with client.websocket_connect(f"/ws/{game_id}?token={token}") as ws:
            state = ws.receive_json()["state"]
        assert state["names"] == ["You", "Greedy", "Expert", "Greedy 2"]
        assert state["names"][1:] == results.name_seats(["Greedy", "Expert", "Greedy"])

    def test_rule_options_mix_variants(self, client: TestClient) -> None:
        game_id, token = new_game(client, variant="block", opponents=["greedy"],
                                  options={"spinner": True, "scoring": "fives"})
        with client.websocket_connect(f"/ws/{game_id}?token={token}") as ws:
            rules = ws.receive_json()["state"]["rules"]
        assert rules["spinner"] is True and rules["scoring"] == "fives"
        assert rules["drawing"] is False

    def test_same_seed_same_deal(self, client: TestClient) -> None:
        hands = []
        for _ in range(2):
            game_id, token = new_game(client, opponents=["greedy"], seed=123)
            with client.websocket_connect(f"/ws/{game_id}?token={token}") as ws:
                hands.append(ws.receive_json()["state"]["hand"])
        assert hands[0] == hands[1]

    @pytest.mark.parametrize(
        ("body", "words"),
        [
            ({"variant": "chess"}, "variant"),
            ({"players": 5}, "players"),
            ({"players": "2"}, "players"),
            ({"players": True}, "players"),
            ({"target": -1}, "Points to win"),
            ({"target": 5000}, "Points to win"),
            ({"set": 7}, "set"),
            ({"opponents": ["greedy", "greedy"]}, "opponents"),
            ({"opponents": ["nobody"]}, "nobody"),
            ({"opponents": "greedy"}, "opponents"),
            ({"seed": -1}, "seed"),
            ({"seed": 2**64}, "seed"),
            ({"seed": "1"}, "seed"),
            ({"colour": "red"}, "colour"),
            ({"options": {"players": 3}}, "players"),
            ({"options": {"spinner": "yes"}}, "spinner"),
            ({"options": {"hand_size": 20}}, "deal"),
            ({"options": []}, "options"),
            ([1, 2], "object"),
        ],
    )
    def test_bad_bodies_are_400_with_words(
        self, client: TestClient, body: Any, words: str
    ) -> None:
        response = client.post("/api/games", json=body)
        assert response.status_code == 400
        assert words in response.json()["error"]

    @pytest.mark.parametrize(
        ("body", "field", "words"),
        [
            ({"players": 4, "options": {"hand_size": 12}}, "hand_size",
             "A double-six set of 28 tiles cannot deal 12 tiles to each of 4 players."),
            ({"variant": "partnership", "players": 3, "opponents": ["greedy"] * 2}, "players",
             "Partners play four at a table, two against two, not 3."),
            ({"players": 5}, "players", "A game has 2 to 4 players, not 5."),
            ({"target": 5000}, "target", "Points to win is 0 (one hand) to 1000, not 5000."),
            ({"set": 7}, "set", "The set is double-6, double-9 or double-12, not double-7."),
            ({"options": {"hand_size": 0}}, "hand_size",
             "Each player is dealt at least 1 tile, not 0."),
            ({"opponents": ["person"], "name": " "}, "name", "a name needs at least one character"),
        ],
    )  # fmt: skip
    def test_a_refusal_names_the_forms_field(
        self, client: TestClient, body: Any, field: str, words: str
    ) -> None:
        """Issue 29: rules nobody can play are refused with the field at fault, in people's
        words (the form shows them by that field), on both routes that read rules."""
        response = client.post("/api/games", json=body)
        assert response.status_code == 400
        assert response.json() == {"error": words, "field": field}
        if field != "name":
            rules = {k: v for k, v in body.items() if k not in ("opponents", "name")}
            response = client.post("/api/rules", json=rules)
            assert response.status_code == 400
            assert response.json() == {"error": words, "field": field}

    def test_a_refusal_about_no_field_names_none(self, client: TestClient) -> None:
        response = client.post("/api/games", json={"opponents": ["nobody"]})
        assert response.status_code == 400 and "field" not in response.json()

    def test_a_body_that_is_not_json_is_400(self, client: TestClient) -> None:
        response = client.post("/api/games", content=b"{nope")
        assert response.status_code == 400 and response.json() == {"error": "the body is not JSON"}
        response = client.post("/api/games", content=b"x" * 20000)
        assert response.status_code == 400


class TestRecord:
    def test_record_is_for_finished_games_and_their_token(self, client: TestClient) -> None:
        game_id, token = new_game(client, variant="block", players=2, target=0,
                                  opponents=["greedy"], seed=9)
        url = f"/api/games/{game_id}/record"
        assert client.get("/api/games/nope/record", params={"token": token}).status_code == 404
        assert client.get(url, params={"token": "wrong"}).status_code == 403
        assert client.get(url).status_code == 403
        going_on = client.get(url, params={"token": token})
        assert going_on.status_code == 409 and "going on" in going_on.json()["error"]
        with client.websocket_connect(f"/ws/{game_id}?token={token}") as ws:
            final = SeatSocket(ws).play_out(random.Random(1))
        response = client.get(url, params={"token": token})
        assert response.status_code == 200
        assert response.headers["content-disposition"] == (
            f'attachment; filename="doublesix-{game_id}.json"'
        )
        record = response.json()
        assert record["format"] == "doublesix-record" and record["game_id"] == game_id
        assert record["names"] == ["You", "Greedy"] and record["kinds"] == ["human", "greedy"]
        assert record["scores"] == final["scores"] and record["winner"] == final["winner"]
        match = Match.from_json(json.dumps(record["match"]))
        assert match.is_over and match.scores == final["scores"]
        assert "token" not in json.dumps(record)


class TestStatistics:
    def test_a_new_browser_has_empty_statistics(self, client: TestClient) -> None:
        assert client.get("/api/stats").json() == {
            "games": 0, "wins": 0, "by_variant": {}, "by_opponent": {},
            "daily": {"played": 0, "won": 0, "streak": 0, "best_streak": 0, "last": None},
            "words": {"lead": "No games finished yet in this browser. Statistics appear here "
                              "after your first game.", "by_variant": {}, "by_opponent": {}},
            "rating": {**Rating().to_json(), "games": 0, "suggestion": None, "history": [],
                       "by_variant": [],
                       "words": "Your rating is 1,500 (±400), from 0 rated games."},
        }

    def test_finished_games_count_per_variant_and_opponent(
        self, app: FastAPI, client: TestClient
    ) -> None:
        finals = []
        for seed, variant in enumerate(["draw", "block", "draw"], start=1):
            game_id, token = new_game(client, variant=variant, target=0,
                                      opponents=["random"], seed=seed)
            with client.websocket_connect(f"/ws/{game_id}?token={token}") as ws:
                finals.append((variant, SeatSocket(ws).play_out(random.Random(seed))))
        new_game(client, opponents=["greedy"])  # unfinished: not counted
        stats = client.get("/api/stats").json()
        wins = [f["winner"] == 0 for _, f in finals]
        assert stats["games"] == 3 and stats["wins"] == sum(wins)
        draw_scores = [f["scores"][0] for v, f in finals if v == "draw"]
        assert stats["by_variant"]["draw"] == {
            "games": 2, "wins": sum(w for w, (v, _) in zip(wins, finals, strict=True)
                                    if v == "draw"),
            "best": max(draw_scores), "average": round(sum(draw_scores) / 2, 1),
        }
        assert stats["by_opponent"]["random"]["games"] == 3
        games: Games = app.state.games
        assert games.store.finished_games("not a hash") == []


class TestOtherSites:
    def test_posts_from_another_origin_are_refused(self, client: TestClient) -> None:
        for path in ["/api/games", "/api/daily"]:
            refused = client.post(path, json={}, headers={"Origin": "http://evil.example"})
            assert refused.status_code == 403 and "other sites" in refused.json()["error"]
        same = client.post("/api/games", json={}, headers={"Origin": "http://testserver"})
        assert same.status_code == 201
