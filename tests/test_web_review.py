"""The expert's review in the web game (web/reviews.py): refused while the hand is in play,
allowed after it, of the asker's own seat only, with its progress, and clear errors."""

from __future__ import annotations

import datetime
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import update

from doublesix import Match, Rules
from doublesix.engine import summary
from doublesix.engine.outcome import Ending
from doublesix.protocol.wire import COOKIE, HUMAN, PLAYING
from doublesix.web.play import reviews
from doublesix.web.play.live import new_token
from doublesix.web.storage import reviewrows
from doublesix.web.storage.store import SavedGame, Seat, Store, Table, digest, sqlite_url, utcnow
from doublesix.words import results, reviewtalk
from tests.support.web import TEST_SETTINGS, SeatSocket, games_of, new_game, run_async

ANA, BEA = (f"{name}-browser-cookie-0123456789" for name in ("ana", "bea"))


@pytest.fixture
def app() -> FastAPI:
    return create_test_app()


def create_test_app(url: str = "sqlite://") -> FastAPI:
    from doublesix.web.routes.app import create_app

    return create_app(url, hint_options={"playouts": 8}, settings=TEST_SETTINGS,
                      review_playouts=12)


@pytest.fixture
def client(app: FastAPI) -> Iterator[TestClient]:
    with TestClient(app) as client:
        yield client


def finish(client: TestClient, game_id: str, token: str, seed: int = 1) -> dict[str, Any]:
    with client.websocket_connect(f"/ws/{game_id}?token={token}") as ws:
        return SeatSocket(ws).play_out(random.Random(seed))


def wait_for(client: TestClient, job: dict[str, Any]) -> dict[str, Any]:
    """Poll a review until it is made (the search processes may be slow to start)."""
    seen = [job]
    for _ in range(600):
        if job["status"] != "running":
            break
        time.sleep(0.1)
        response = client.get(f"/api/reviews/{job['review_id']}")
        assert response.status_code == 200, response.text
        job = response.json()
        seen.append(job)
    assert job["status"] == "done", job
    # The progress only grows, and is said in words.
    dones = [j["done"] for j in seen]
    assert dones == sorted(dones) and dones[-1] == job["total"]
    assert all(isinstance(j["progress"], str) and j["progress"] for j in seen)
    return job


def review_of(client: TestClient, game_id: str, token: str, hand: int | None = None
              ) -> dict[str, Any]:
    params: dict[str, Any] = {"token": token}
    if hand is not None:
        params["hand"] = hand
    response = client.post(f"/api/games/{game_id}/review", params=params)
    assert response.status_code in (200, 202), response.text
    return wait_for(client, response.json())


class TestWhen:
    def test_refused_while_the_hand_is_in_play(self, client: TestClient) -> None:
        game_id, token = new_game(client, variant="block", players=2, target=0,
                                  opponents=["greedy"], seed=9)
        for params in ({"token": token}, {"token": token, "hand": "1"}):
            response = client.post(f"/api/games/{game_id}/review", params=params)
            assert response.status_code == 409
            assert response.json() == {
                "error": "the hand is still in play: a review comes once it is over"}

    def test_allowed_after_the_hand_with_its_sentences_and_replay(
            self, client: TestClient) -> None:
        game_id, token = new_game(client, variant="block", players=2, target=0,
                                  opponents=["greedy"], seed=9)
        final = finish(client, game_id, token)
        first = client.post(f"/api/games/{game_id}/review", params={"token": token})
        assert first.status_code == 202
        started = first.json()
        assert (started["status"], started["done"], started["total"]) == ("running", 0, 1)
        done = wait_for(client, started)
        review = done["review"]
        assert review["seat"] == 0 and review["hands"] == [0]
        assert review["heading"] == "Review of the hand"
        assert review["lines"] and review["lines"][0] == "Hand 1."
        for decision in review["decisions"]:
            assert decision["reason"].startswith(f"Move {decision['number']}: you laid")
            assert decision["label"].startswith(f"Move {decision['number']}: ")
        [replay] = review["replays"]
        frames = replay["frames"]
        assert frames[0]["heading"] == "The deal" and frames[0]["said"].startswith("Hand 1")
        assert frames[-1]["hand"] == final["result"]["hands"][0]
        assert frames[-1]["scores"] == final["scores"]
        # Every decision has its frame, and its best move is laid on a table of its own.
        marked = [f for f in frames if f["decision"] is not None]
        assert [f["decision"] for f in marked] == list(range(len(review["decisions"])))
        for frame in marked:
            decision = review["decisions"][frame["decision"]]
            assert frame["said"].startswith(f"You laid {decision['played'].split()[0]}")
            if frame["best"] is not None:
                assert frame["best"]["tile"] == decision["best"].split()[0]
                assert frame["best"]["said"].startswith("The best move: ")
                assert decision["best"] != decision["played"]
                # Where the move played went is marked on the best move's table, and said.
                went = frame["best"]["played_end"]
                played = decision["played"]
                if went is not None:
                    assert played.endswith(f" {went}") and went in frame["best"]["open_ends"]
                    assert frame["best"]["said"].endswith(f"You laid {played.split()[0]} on "
                                                          f"the {went} end, marked.")
                elif played == "draw":
                    assert frame["best"]["said"].endswith("You drew.")
        # Asked again, the same review (the same job, kept), deterministic.
        again = client.post(f"/api/games/{game_id}/review", params={"token": token})
        assert again.status_code == 200 and again.json()["review"] == review

    def test_a_hand_that_ended_while_the_game_goes_on(self, client: TestClient) -> None:
        """Hand 1 is reviewed while hand 2 is in play; the review holds hand 1 only."""
        game_id, token = new_game(client, variant="draw", players=2, target=100,
                                  opponents=["greedy"], seed=4)
        rng = random.Random(2)
        with client.websocket_connect(f"/ws/{game_id}?token={token}") as ws:
            seat = SeatSocket(ws)
            while True:
                state = seat.settle()
                if state["result"] is not None:
                    break
                seat.send({"type": "play", "move": rng.choice(state["legal"])["move"]})
            assert not state["over"]
            between = review_of(client, game_id, token, hand=1)["review"]
            seat.send({"type": "next"})
            state = seat.settle()
            assert state["hand_number"] == 1 and state["result"] is None
            during = client.post(f"/api/games/{game_id}/review",
                                 params={"token": token, "hand": "2"})
            assert during.status_code == 409 and "still in play" in during.json()["error"]
            whole = client.post(f"/api/games/{game_id}/review", params={"token": token})
            assert whole.status_code == 409
            after = review_of(client, game_id, token, hand=1)["review"]
        assert after == between
        assert after["hands"] == [0] and {d["hand"] for d in after["decisions"]} <= {0}
        assert [r["hand"] for r in after["replays"]] == [0]

    def test_a_whole_game_shows_progress_hand_by_hand(self, client: TestClient) -> None:
        game_id, token = new_game(client, variant="all-fives", players=2, target=50,
                                  opponents=["greedy"], seed=3)
        final = finish(client, game_id, token, seed=5)
        hands = final["hand_number"] + 1
        response = client.post(f"/api/games/{game_id}/review", params={"token": token})
        job = response.json()
        assert job["total"] == hands and job["done"] == 0
        assert job["progress"] == faces_progress(0, hands)
        review = wait_for(client, job)["review"]
        assert review["hands"] == list(range(hands))
        assert [r["hand"] for r in review["replays"]] == list(range(hands))
        assert review["lines"][-1].startswith(("Costliest", "Points lost", "Accuracy"))


def faces_progress(done: int, total: int) -> str:
    from doublesix.words import reviewtalk

    return reviewtalk.review_progress(done, total)


class TestWhose:
    def test_a_token_of_another_game_or_none_is_refused(self, client: TestClient) -> None:
        game_id, token = new_game(client, variant="block", players=2, target=0,
                                  opponents=["greedy"], seed=9)
        _, other = new_game(client, variant="block", players=2, target=0,
                                   opponents=["greedy"], seed=9)
        finish(client, game_id, token)
        assert client.post(f"/api/games/{game_id}/review",
                           params={"token": other}).status_code == 403
        client.cookies.clear()
        client.cookies.set(COOKIE, BEA)
        refused = client.post(f"/api/games/{game_id}/review")
        assert refused.status_code == 403
        assert refused.json() == {"error": "you may review only a game in which you hold a seat"}

    def test_at_a_table_each_person_reviews_their_own_seat(self, app: FastAPI,
                                                            client: TestClient) -> None:
        match = Match(Rules.variant("draw", target=0), seed=8)
        while match.turn is not None:
            match.play(match.legal_moves()[0])
        tokens = [new_token(), new_token()]
        saved = SavedGame(
            "tablegame1", digest(ANA), "draw",
            [Seat("Ana", HUMAN, digest(tokens[0]), "code-a", digest(ANA)),
             Seat("Bea", HUMAN, digest(tokens[1]), "code-b", digest(BEA))],
            match.to_json(), list(match.scores), status="over", winner=match.winner,
            table=Table(host=0, stage=PLAYING))
        run_async(games_of(app).saving.run(games_of(app).store.insert, saved))
        ana = review_of(client, "tablegame1", tokens[0])["review"]
        bea = review_of(client, "tablegame1", tokens[1])["review"]
        assert (ana["seat"], bea["seat"]) == (0, 1)
        assert ana["names"] == ["You", "Bea"] and bea["names"] == ["Ana", "You"]
        final = bea["replays"][0]["frames"]
        assert final[-1]["hand"] == [str(t) for t in match.hands[1]]
        assert all(f["said"].count("You laid") <= 1 for f in final)
        # Bea's browser, without a token, reviews Bea's seat too.
        client.cookies.clear()
        client.cookies.set(COOKIE, BEA)
        response = client.post("/api/games/tablegame1/review")
        assert response.status_code in (200, 202)
        assert wait_for(client, response.json())["review"]["seat"] == 1
        # Another person's drawn tiles are never named in a replay.
        for frame in final:
            if "Ana drew" in frame["said"]:
                assert "|" not in frame["said"].split("Ana drew")[1].split(".")[0]


class TestMalformed:
    @pytest.mark.parametrize("hand", ["abc", "0", "-1", "1.5", "9999999"])
    def test_a_bad_hand_number(self, client: TestClient, hand: str) -> None:
        game_id, token = new_game(client, variant="block", players=2, target=0,
                                  opponents=["greedy"], seed=9)
        response = client.post(f"/api/games/{game_id}/review",
                               params={"token": token, "hand": hand})
        assert response.status_code == 400
        assert response.json() == {"error": "hand must be a hand's number, 1 for the first"}

    def test_a_hand_the_game_does_not_hold(self, client: TestClient) -> None:
        game_id, token = new_game(client, variant="block", players=2, target=0,
                                  opponents=["greedy"], seed=9)
        finish(client, game_id, token)
        response = client.post(f"/api/games/{game_id}/review",
                               params={"token": token, "hand": "7"})
        assert response.status_code == 409
        assert response.json() == {"error": "there is no hand 7 in this game"}

    def test_unknown_games_and_reviews(self, client: TestClient) -> None:
        assert client.post("/api/games/nope/review").status_code == 404
        assert client.post("/api/games/bad%20id/review").status_code == 404
        gone = client.get("/api/reviews/nosuchreview")
        assert gone.status_code == 404 and "no such review" in gone.json()["error"]
        assert client.get("/api/reviews/bad%20id").status_code == 404


class TestBestMoveTable:
    def test_it_marks_where_the_move_played_went(self) -> None:
        from doublesix.ai import player
        from doublesix.ai.review import review
        from doublesix.web.play.reviews import replay_json
        from tests.support.deals import scripted

        # tests/test_ai_review.py's position: 5|1 scores 15 on the left end, nothing on the
        # right, and is laid on the right.
        match = scripted(Rules.variant("all-fives", target=0),
                         [["6|6", "6|4", "6|2", "4|3", "4|2", "2|0", "1|1"],
                          ["6|1", "5|5", "5|4", "5|2", "4|4", "4|1", "3|2"]], ["5|1"])
        for move in ("6|1 left", "6|4 right", "5|4 right", "1|1 left", "5|5 right", "draw",
                     "5|1 right"):
            match.play(move)
        greedy = player("greedy")
        while match.turn is not None:
            match.play(greedy.choose(match.view(match.turn), random.Random(1)))
        data = reviewtalk.review_json(review(match, 0, playouts=400))
        frames = replay_json(match, 0, 0, ["You", "Greedy"], data["decisions"])
        best = next(f["best"] for f in frames if f["best"] and f["best"]["tile"] == "5|1")
        assert best["played_end"] == "right" and "right" in best["open_ends"]
        assert best["said"] == ("The best move: 5|1 on the left end. "
                                "You laid 5|1 on the right end, marked.")


class TestSeveralProcesses:
    """Two server processes on one database (SQLite file here; ``serve --workers`` runs them
    on PostgreSQL): a review made by one is polled, found and asked again through the
    other."""

    def test_a_review_is_answered_by_another_process(self, tmp_path: Path) -> None:
        url = sqlite_url(tmp_path / "games.sqlite3")
        one, two = create_test_app(url), create_test_app(url)
        with TestClient(one) as first, TestClient(two) as second:
            first.cookies.set(COOKIE, ANA)
            second.cookies.set(COOKIE, ANA)
            game_id, token = new_game(first, variant="all-fives", players=2, target=50,
                                      opponents=["greedy"], seed=3)
            finish(first, game_id, token, seed=5)
            started = first.post(f"/api/games/{game_id}/review", params={"token": token})
            assert started.status_code == 202
            job = started.json()
            # Polled through the other process while it runs, then once it is made.
            polled = second.get(f"/api/reviews/{job['review_id']}")
            assert polled.status_code == 200, polled.text
            assert polled.json()["review_id"] == job["review_id"]
            assert polled.json()["total"] == job["total"]
            made = wait_for(second, job)
            assert made["review"] == wait_for(first, job)["review"]
            assert made["review"]["replays"] and made["review"]["decisions"]
            # Asked again through the other process: the same job, not a second one.
            again = second.post(f"/api/games/{game_id}/review", params={"token": token})
            assert again.status_code == 200
            assert again.json()["review_id"] == job["review_id"]
            assert again.json()["review"] == made["review"]

    def test_a_review_left_running_by_a_stopped_process_fails_in_words(
            self, tmp_path: Path) -> None:
        url = sqlite_url(tmp_path / "games.sqlite3")
        store = Store(url)
        reviewrows.insert(store, "stoppedreview1", "g 0 0 9", "owner", 1)
        gone = utcnow() - datetime.timedelta(seconds=reviewrows.STALE_SECONDS + 1)
        with store.engine.begin() as connection:
            connection.execute(update(reviewrows.REVIEWS).values(updated=gone))
        store.dispose()
        with TestClient(create_test_app(url)) as client:
            answer = client.get("/api/reviews/stoppedreview1")
            assert answer.status_code == 200
            assert answer.json()["status"] == "failed"
            assert answer.json()["error"] == reviewrows.STOPPED
            assert client.get("/api/reviews/nosuchreview2").status_code == 404

    def test_the_running_bound_counts_every_process(self, tmp_path: Path) -> None:
        url = sqlite_url(tmp_path / "games.sqlite3")
        store = Store(url)
        owner = digest(ANA)
        for k in range(2):
            reviewrows.insert(store, f"elsewhere{k}", f"g{k} 0 0 9", owner, 1)
        store.dispose()
        with TestClient(create_test_app(url)) as client:
            client.cookies.set(COOKIE, ANA)
            game_id, token = new_game(client, variant="block", players=2, target=0,
                                      opponents=["greedy"], seed=9)
            finish(client, game_id, token)
            refused = client.post(f"/api/games/{game_id}/review", params={"token": token})
            assert refused.status_code == 409
            assert refused.json() == {"error": reviews.TOO_MANY}


class TestFinishedGames:
    def test_the_statistics_list_names_each_finished_game(self, client: TestClient) -> None:
        assert client.get("/api/finished").json() == {"games": []}
        game_id, token = new_game(client, variant="block", players=2, target=0,
                                  opponents=["greedy"], seed=9)
        new_game(client, variant="block", players=2, target=0, opponents=["greedy"], seed=2)
        final = finish(client, game_id, token)
        [listed] = client.get("/api/finished").json()["games"]
        assert listed["game_id"] == game_id and listed["seat"] == 0
        assert listed["label"] == f"You {final['scores'][0]}, Greedy {final['scores'][1]}"
        # Reviewed from that list: by this browser's cookie, no token needed.
        response = client.post(f"/api/games/{game_id}/review")
        assert wait_for(client, response.json())["review"]["seat"] == 0


class TestDailyShare:
    def test_the_reviewed_daily_game_shares_its_accuracy(self) -> None:
        app = create_test_app()
        with TestClient(app) as client:
            daily = client.post("/api/daily", json={}).json()
            final = finish(client, daily["game_id"], daily["token"])
            assert final["daily"]["share"].endswith(" drawn.")
            review = review_of(client, daily["game_id"], daily["token"])["review"]
            accuracy = review["summary"]["accuracy"]
            assert review["share"] == final["daily"]["share"][:-1] + (
                f"; accuracy {round(100 * accuracy)}%.")


class TestPointsReason:
    """The result dialog says why a hand's end scored what it did (issue 29, item 8)."""

    def test_the_reason_agrees_with_the_engine_on_many_hands(self) -> None:
        said = 0
        for variant in ("all-fives", "muggins", "block", "draw", "partnership"):
            for seed in range(40):
                rules = Rules.variant(variant, target=0)
                match = Match(rules, seed=seed)
                rng = random.Random(seed)
                while match.turn is not None:
                    match.play(rng.choice(match.legal_moves()))
                outcome = summary.hand_outcome(match)
                assert outcome is not None
                counted = summary.counted_pips(outcome, rules)
                if counted is None:
                    continue
                points = counted
                if rules.scoring == "fives":
                    points = (counted // 5 * 5 if rules.rounding == "down"
                              else (counted + 2) // 5 * 5)
                if (outcome.ending is Ending.BLOCKED and rules.blocked_minus_own
                        and (not rules.teams or rules.team_points == "opponents")):
                    points = max(0, points - sum(outcome.pips[s]
                                                 for s in rules.teammates(outcome.winner or 0)))
                assert points == outcome.points, (variant, seed)
                reason = results.points_reason(outcome, rules, ["You", "Bea", "Cal", "Dev"])
                if reason is not None:
                    said += 1
                    pips = "1 pip" if counted == 1 else f"{counted} pips"
                    assert f" {outcome.points}: {pips}" in reason
        assert said > 10

    def test_the_picture_carries_it(self) -> None:
        from doublesix.web.play.gameinfo import GameInfo
        from doublesix.web.play.pictures import picture

        for seed in range(30):
            match = Match(Rules.variant("muggins", target=0), seed=seed)
            while match.turn is not None:
                match.play(match.legal_moves()[0])
            info = GameInfo("g", names=["Ana", "Pinocchio"], kinds=["human", "pinocchio"])
            words = picture(match, info, 0)["words"]
            outcome = summary.hand_outcome(match)
            assert outcome is not None
            expected = results.points_reason(outcome, match.rules, ["You", "Pinocchio"])
            assert words["reason"] == expected
            if expected is not None:
                return
        raise AssertionError("no muggins hand scored rounded points")
