"""Accounts (issue "Play online"): signing up, in and out, fresh sessions, throttled wrong
passwords that never lock the owner out, names told apart by their look, a browser's history
joining its account once, the rating on every device, a new password, the games as a download,
and a deleted account's personal data gone (read from the database)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from doublesix.web.routes.accounts import SESSION_COOKIE
from doublesix.web.routes.app import create_app
from doublesix.web.storage import accounts
from doublesix.web.storage.ratings import RatingRow
from doublesix.web.storage.store import GameRow, ResultRow, SeatOwnerRow, digest
from doublesix.words import accountwords
from tests.support.web import TEST_SETTINGS, SeatSocket, new_game

ANA = {"name": "Ana", "password": "correct horse battery"}
QUICK = {"variant": "draw", "players": 2, "target": 0, "opponents": ["greedy"]}


def play_one(client: TestClient, seed: int = 1, **body: Any) -> str:
    """A one-hand game against a computer, played to its end by this browser."""
    game_id, token = new_game(client, **{**QUICK, **body}, seed=seed)
    with client.websocket_connect(f"/ws/{game_id}?token={token}") as ws:
        assert SeatSocket(ws).play_out(random.Random(seed))["over"]
    return game_id


def new_browser(client: TestClient) -> None:
    """The client becomes another browser: no cookie of any kind."""
    client.cookies.clear()


def rated_games(client: TestClient) -> int:
    stats = client.get("/api/stats").json()
    return int(stats["games"])


class TestSigningUpAndIn:
    def test_sign_up_signs_in_and_sign_out_ends_the_session_everywhere(
            self, client: TestClient) -> None:
        answer = client.post("/api/account", json=ANA)
        assert answer.status_code == 201, answer.text
        assert answer.json()["name"] == "Ana" and answer.json()["token"] is None
        cookie = answer.cookies[SESSION_COOKIE]
        header = answer.headers["set-cookie"].lower()
        assert "httponly" in header and "samesite=lax" in header
        assert client.get("/api/account").json()["signed_in"] == accountwords.signed_in("Ana")

        assert client.delete("/api/session").status_code == 204
        assert client.get("/api/account").status_code == 401
        # The cookie from before the sign-out is refused, wherever it was copied.
        client.cookies.set(SESSION_COOKIE, cookie)
        refused = client.get("/api/account")
        assert refused.status_code == 401 and refused.json()["error"] == accountwords.SIGNED_OUT

    def test_a_sign_in_gets_a_fresh_session_and_the_old_one_stops(
            self, client: TestClient) -> None:
        first = client.post("/api/account", json=ANA).cookies[SESSION_COOKIE]
        again = client.post("/api/session", json=ANA)
        assert again.status_code == 200, again.text
        second = again.cookies[SESSION_COOKIE]
        assert second != first
        new_browser(client)
        client.cookies.set(SESSION_COOKIE, first)
        assert client.get("/api/account").status_code == 401
        client.cookies.set(SESSION_COOKIE, second)
        assert client.get("/api/account").json()["name"] == "Ana"

    def test_the_terminal_gets_its_token_in_the_answer_and_sends_it_as_bearer(
            self, client: TestClient) -> None:
        client.post("/api/account", json=ANA)
        new_browser(client)
        answer = client.post("/api/session", json={**ANA, "client": "terminal"})
        assert answer.status_code == 200 and SESSION_COOKIE not in answer.cookies
        token = answer.json()["token"]
        new_browser(client)
        mine = client.get("/api/account", headers={"Authorization": f"Bearer {token}"})
        assert mine.json()["name"] == "Ana"
        client.delete("/api/session", headers={"Authorization": f"Bearer {token}"})
        assert client.get("/api/account", headers={
            "Authorization": f"Bearer {token}"}).status_code == 401

    @pytest.mark.parametrize(("body", "status", "words"), [
        ({"name": "Al", "password": "long enough"}, 400, accountwords.NAME_LENGTH),
        ({"name": "A" * 25, "password": "long enough"}, 400, accountwords.NAME_LENGTH),
        ({"name": "\u3164\u200d\u2800", "password": "long enough"}, 400, None),
        ({"name": "p\u0430ypal", "password": "long enough"}, 400, accountwords.NAME_MIXES),
        ({"name": "Bea", "password": "short"}, 400, accountwords.PASSWORD_LENGTH),
        ({"name": "Beatriz", "password": "  BEATRIZ "}, 400, None),
        ({"name": "Bea"}, 400, accountwords.BODY),
        ({"name": 7, "password": "long enough"}, 400, accountwords.BODY),
        ({"name": "Bea", "password": "long enough", "admin": True}, 400, accountwords.BODY),
        ([], 400, accountwords.BODY),
    ])
    def test_a_name_or_password_that_will_not_do_is_told(
            self, client: TestClient, body: Any, status: int, words: str | None) -> None:
        answer = client.post("/api/account", json=body)
        assert answer.status_code == status, answer.text
        if words is not None:
            assert answer.json()["error"] == words
        assert client.get("/api/account").status_code == 401

    @pytest.mark.parametrize("alike", ["ana", "ANA", "\uff21na", "\u0410na", "\u0430n\u0430"])
    def test_a_name_that_looks_like_a_taken_one_is_refused(
            self, client: TestClient, alike: str) -> None:
        client.post("/api/account", json=ANA)
        new_browser(client)
        answer = client.post("/api/account", json={"name": alike, "password": "another one"})
        assert answer.status_code in (400, 409), answer.text
        if answer.status_code == 409:
            assert answer.json()["error"] == accountwords.NAME_TAKEN


class TestWrongPasswords:
    def test_twenty_wrong_passwords_are_throttled_without_locking_the_owner_out(
            self, client: TestClient) -> None:
        client.post("/api/account", json=ANA)
        owner = dict(client.cookies)
        client.delete("/api/session")
        new_browser(client)
        answers = [client.post("/api/session", json={"name": "Ana", "password": f"guess {n}"})
                   for n in range(20)]
        statuses = [answer.status_code for answer in answers]
        assert statuses[0] == 401 and statuses[-1] == 429, statuses
        assert int(answers[-1].headers["Retry-After"]) >= 1
        # The right password from the stranger's browser waits too...
        assert client.post("/api/session", json=ANA).status_code == 429
        # ...but the owner's own browser is never held back by the account's count.
        new_browser(client)
        for name, value in owner.items():
            if name != SESSION_COOKIE:
                client.cookies.set(name, value)
        assert client.post("/api/session", json=ANA).status_code == 200

    def test_a_wrong_password_and_an_unknown_name_read_the_same(
            self, client: TestClient) -> None:
        client.post("/api/account", json=ANA)
        new_browser(client)
        wrong = client.post("/api/session", json={"name": "Ana", "password": "not this one"})
        nobody = client.post("/api/session", json={"name": "Nobody", "password": "whatever1"})
        assert wrong.status_code == nobody.status_code == 401
        assert wrong.json() == nobody.json() == {"error": accountwords.WRONG}


class TestHistory:
    def test_a_browsers_history_joins_its_account_once_and_follows_it_everywhere(
            self, client: TestClient) -> None:
        play_one(client, 1)
        play_one(client, 2)
        answer = client.post("/api/account", json=ANA).json()
        assert answer["joined"] == accountwords.joined(2, rating=True)
        assert rated_games(client) == 2
        client.delete("/api/session")
        assert rated_games(client) == 0  # the browser's history is the account's now
        play_one(client, 3)  # a guest game while signed out stays the browser's
        again = client.post("/api/session", json=ANA).json()
        assert again["joined"] is None  # once only
        assert rated_games(client) == 2
        new_browser(client)  # another device
        assert client.post("/api/session", json=ANA).json()["joined"] is None
        stats = client.get("/api/stats").json()
        assert stats["games"] == 2 and stats["rating"]["games"] == 2, stats["rating"]

    def test_an_accounts_games_are_its_own(self, client: TestClient) -> None:
        client.post("/api/account", json=ANA)
        mine = play_one(client, 1)
        records = client.get("/api/account/games")
        assert records.status_code == 200
        assert "attachment" in records.headers["content-disposition"]
        assert [game["game_id"] for game in records.json()["games"]] == [mine]
        new_browser(client)
        client.post("/api/account", json={"name": "Bruno", "password": "another password"})
        assert client.get("/api/account/games").json()["games"] == []
        assert client.get("/api/finished").json()["games"] == []
        assert client.get(f"/api/games/{mine}/record").status_code == 403
        new_browser(client)
        assert client.get("/api/account/games").status_code == 401


class TestPasswordsAndDeleting:
    def test_a_new_password_signs_out_every_other_session(self, client: TestClient) -> None:
        client.post("/api/account", json=ANA)
        other = client.post("/api/session", json={**ANA, "client": "terminal"}).json()["token"]
        bearer = {"Authorization": f"Bearer {other}"}
        wrong = client.post("/api/account/password", json={"old": "nope nope", "new": "x" * 10})
        assert wrong.status_code == 403 and wrong.json()["error"] == accountwords.WRONG_PASSWORD
        changed = client.post("/api/account/password",
                              json={"old": ANA["password"], "new": "a new pass phrase"})
        assert changed.status_code == 204, changed.text
        assert client.get("/api/account").status_code == 200  # this session goes on
        assert client.get("/api/account", headers=bearer).status_code == 401
        new_browser(client)
        assert client.post("/api/session", json=ANA).status_code == 401
        assert client.post("/api/session", json={
            "name": "Ana", "password": "a new pass phrase"}).status_code == 200

    def test_deleting_removes_the_personal_data_and_holds_the_name(self) -> None:
        app = create_app("sqlite://", settings=TEST_SETTINGS.replace(held_name_days=30))
        with TestClient(app) as client:
            client.post("/api/account", json=ANA)
            account = accounts.find(app.state.store, "Ana")
            assert account is not None
            owner = digest(accounts.owner_key(account.id))
            alone = play_one(client, 1)
            table = client.post("/api/games", json={
                **QUICK, "opponents": ["person"], "name": "Ana"}).json()["game_id"]
            refused = client.post("/api/account/delete", json={"password": "wrong one!"})
            assert refused.status_code == 403
            farewell = {"password": ANA["password"]}
            assert client.post("/api/account/delete", json=farewell).status_code == 204
            assert client.get("/api/account").status_code == 401
            with app.state.store.engine.connect() as db:
                for table_row in (accounts.AccountRow, accounts.SessionRow,
                                  accounts.BrowserRow):
                    assert db.execute(select(table_row)).all() == [], table_row
                for owned in (RatingRow, ResultRow, SeatOwnerRow):
                    assert db.execute(select(owned).where(owned.owner == owner)).all() == []
                games = {row.id: row for row in db.execute(select(GameRow)).all()}
            assert alone not in games  # against computers: nobody else's record
            kept = games[table]
            assert kept.owner != owner and "Ana" not in str(kept.seats)
            assert accountwords.FORMER_PLAYER in str(kept.seats)
            # The name is held: nobody may take it (or one like it) yet.
            new_browser(client)
            again = client.post("/api/account", json={"name": "ANA", "password": "x" * 12})
            assert again.status_code == 409


class TestPreferences:
    """The look a person chose (issue 44), kept by the account: a small record, each field
    one of a few names, changed a field at a time, the same on every device."""

    def test_the_preferences_follow_the_account_to_another_device(
            self, client: TestClient) -> None:
        assert client.get("/api/account/preferences").status_code == 401
        assert client.put("/api/account/preferences", json={"theme": "dark"}).status_code == 401
        client.post("/api/account", json=ANA)
        assert client.get("/api/account/preferences").json() == {
            "theme": None, "felt": None, "tiles": None, "coach": None, "language": None}
        changed = client.put("/api/account/preferences", json={"theme": "dark", "felt": "red"})
        assert changed.status_code == 200, changed.text
        assert changed.json() == {"theme": "dark", "felt": "red", "tiles": None, "coach": None,
                                  "language": None}
        # A field at a time: the others stay; null forgets one.
        client.put("/api/account/preferences", json={"tiles": "colours", "coach": "off"})
        after = client.put("/api/account/preferences", json={"felt": None})
        assert after.json() == {"theme": "dark", "felt": None, "tiles": "colours",
                                "coach": "off", "language": None}
        new_browser(client)
        client.post("/api/session", json=ANA)
        assert client.get("/api/account/preferences").json() == after.json()

    @pytest.mark.parametrize("body", [
        {"theme": "purple"}, {"felt": 3}, {"tiles": ["pips"]}, {"language": "tlh"},
        {"language": "pt-BR"}, {"coach": True}, {"coach": "sometimes"},
        {"theme": "x" * 5000}, [], "dark", None,
    ])
    def test_a_preference_that_is_not_one_of_the_choices_is_refused_in_words(
            self, client: TestClient, body: Any) -> None:
        client.post("/api/account", json=ANA)
        client.put("/api/account/preferences", json={"theme": "light"})
        refused = client.put("/api/account/preferences", json=body)
        assert refused.status_code == 400, refused.text
        assert refused.json()["error"] == accountwords.PREFERENCES_BODY
        assert client.get("/api/account/preferences").json()["theme"] == "light"

    def test_a_kept_name_this_release_does_not_know_is_left_out(self) -> None:
        app = create_app("sqlite://", settings=TEST_SETTINGS)
        with TestClient(app) as client:
            client.post("/api/account", json=ANA)
            account = accounts.find(app.state.store, "Ana")
            assert account is not None
            accounts.set_preferences(app.state.store, account.id,
                                     {"theme": "sepia", "felt": "blue", "language": "tlh"})
            assert client.get("/api/account/preferences").json() == {
                "theme": None, "felt": "blue", "tiles": None, "coach": None,
                "language": None}
            kept = client.put("/api/account/preferences", json={"tiles": "pips"})
            assert kept.json() == {"theme": None, "felt": "blue", "tiles": "pips",
                                   "coach": None, "language": None}

    def test_the_language_chosen_follows_the_account(self, client: TestClient) -> None:
        """Issue 43: the language chosen in Settings is kept by the account, so that signing
        in on another browser brings it (the browser then sets its language cookie)."""
        client.post("/api/account", json=ANA)
        chosen = client.put("/api/account/preferences", json={"language": "pt_BR"})
        assert chosen.json()["language"] == "pt_BR"
        new_browser(client)
        client.post("/api/session", json=ANA)
        assert client.get("/api/account/preferences").json()["language"] == "pt_BR"

    def test_deleting_the_account_deletes_its_preferences(self, client: TestClient) -> None:
        client.post("/api/account", json=ANA)
        client.put("/api/account/preferences", json={"theme": "contrast"})
        client.post("/api/account/delete", json={"password": ANA["password"]})
        new_browser(client)
        client.post("/api/account", json={"name": "Bea", "password": ANA["password"]})
        assert client.get("/api/account/preferences").json()["theme"] is None
