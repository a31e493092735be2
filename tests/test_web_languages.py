"""Issue 43, the web side: each person reads the game in their language.

The language of a request is the Settings' cookie, else ``Accept-Language``, else English; the
page is served in it (``lang``, ``dir``, its own words, the import map of its labels, allowed
by its hash), every answer and refusal is said in it, and a game's socket keeps it: at one
table a Spanish and a French reader (and a Portuguese watcher) are each sent the same events in
their own words, a picture built and encoded once per seat, view and language.
"""

from __future__ import annotations

import base64
import datetime
import hashlib
import random
import re
from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy.orm import Session as DbSession

from doublesix.ai.ratings import MU
from doublesix.engine.moves import Move
from doublesix.engine.summary import Lay, TileChoice
from doublesix.engine.tiles import Tile
from doublesix.protocol.wire import COOKIE
from doublesix.web.play import pictures
from doublesix.web.play.chat import chat_message
from doublesix.web.play.games import Games
from doublesix.web.routes.app import STATIC
from doublesix.web.routes.languages import LANGUAGE_COOKIE
from doublesix.web.storage.store import digest
from doublesix.words import accountwords, lobbywords, markup, pagelabels, tabletalk
from doublesix.words.endwords import end_keys
from doublesix.words.i18n import LANGUAGES, OPEN, _, using
from doublesix.words.keywords import clashes, single_keys
from doublesix.words.talk import NOBODY
from tests.support.storage import rating_rows
from tests.support.web import SeatSocket, as_browser

ANA, BEA = "ana-language-browser-cookie-0123456789", "bea-language-browser-cookie-0123456789"
CID = "cid-language-browser-cookie-0123456789"


def page_in(client: TestClient, accept: str, path: str = "/") -> Any:
    return client.get(path, headers={"Accept-Language": accept})


# -- choosing the language, and the page ---------------------------------------------------------

def test_the_page_is_served_in_the_readers_language(client: TestClient) -> None:
    spanish = page_in(client, "es-MX,es;q=0.9,en;q=0.5")
    assert '<html lang="es" dir="ltr">' in spanish.text
    assert '<h2 id="setup-title">Partida nueva</h2>' in spanish.text
    assert "Robar<kbd" in spanish.text  # the Draw button (the move, not the game)
    assert spanish.headers["content-language"] == "es"
    assert "Accept-Language" in spanish.headers["vary"]
    # The labels: an import map, before any script, that the page's policy lets run.
    found = re.search(r'<script type="importmap">(.*?)</script>', spanish.text)
    assert found and '"/static/labels.js": "/static/labels/es.js"' in found[1]
    assert spanish.text.index("importmap") < spanish.text.index('<script src="/static/theme.js"')
    digest = base64.b64encode(hashlib.sha256(found[1].encode()).digest()).decode()
    assert f"script-src 'self' 'sha256-{digest}'" in spanish.headers["content-security-policy"]
    # Every page route, the same.
    assert '<html lang="pt-BR" dir="ltr">' in page_in(client, "pt-PT", "/lobby").text
    # English is the page as written; the pseudo right-to-left language is right to left.
    english = page_in(client, "de, en;q=0.5")
    assert english.text == (STATIC / "index.html").read_text(encoding="utf-8")
    assert "importmap" not in english.text
    assert '<html lang="qps-plocm" dir="rtl">' in page_in(client, "qps-rtl").text


def test_the_language_chosen_in_settings_wins_over_the_browsers(client: TestClient) -> None:
    client.cookies.set(LANGUAGE_COOKIE, "fr")
    assert '<html lang="fr" dir="ltr">' in page_in(client, "es").text
    client.cookies.set(LANGUAGE_COOKIE, "xx-not-ours")
    assert '<html lang="es" dir="ltr">' in page_in(client, "es").text


def test_no_word_of_the_page_is_left_outside_the_markers(client: TestClient) -> None:
    """In the pseudo-language every message of the page is between ⟦ ⟧: headings, help,
    buttons, labels, aria-label, alt and title (a key cap and the name aside)."""
    page = page_in(client, "qps").text
    said = markup.messages(page)
    assert len(said) > 80
    left = [m.text for m in said if not (m.text.startswith(OPEN) and m.text.endswith("⟧"))]
    assert left == []
    assert '<h2 id="setup-title">⟦New game⟧</h2>' in page
    assert 'aria-label="⟦Site⟧"' in page


def test_each_language_has_its_labels_module(client: TestClient) -> None:
    french = client.get("/static/labels/fr.js")
    assert french.status_code == 200
    assert french.headers["content-type"].startswith("text/javascript")
    assert french.text == pagelabels.module_in("fr")
    assert '"locale": "fr"' in french.text and '"draw": "p",' in french.text
    assert '"current": "fr", "label": "Langue"' in french.text
    assert client.get("/static/labels/xx.js").status_code == 404
    # English's is the file itself, which the other tests hold to pagelabels.
    assert client.get("/static/labels.js").text == pagelabels.javascript()


def test_the_worker_keeps_every_languages_labels(client: TestClient) -> None:
    worker = client.get("/sw.js").text
    for language in ("es", "pt_BR", "fr"):
        assert f'"/static/labels/{language}.js"' in worker


def test_each_languages_single_keys_are_letters_that_do_not_clash() -> None:
    for language in LANGUAGES:
        with using(language):
            keys = single_keys()
        assert all(len(key) == 1 and key.isalpha() and key.islower() for key in keys.values())
        assert clashes(keys) == [], language
    with using("fr"):
        assert single_keys()["draw"] == "p"
    with using("es"):
        lays = tuple(Lay(Move(Tile(6, 4), end), 4, (), 0, 0) for end in ("left", "right"))
        assert end_keys(TileChoice(Tile(6, 4), lays, asks=True)).endswith("I o D.")


# -- answers and refusals ------------------------------------------------------------------------

def test_a_refusal_is_said_in_the_readers_language(client: TestClient) -> None:
    client.post("/api/account", json={"name": "Ana", "password": "a good password"})
    client.post("/api/session/delete")
    for language in ("es", "fr"):
        wrong = client.post("/api/session", json={"name": "Ana", "password": "not it at all"},
                            headers={"Accept-Language": language})
        assert wrong.status_code == 401
        with using(language):
            assert wrong.json()["error"] == _(accountwords.WRONG) != accountwords.WRONG


def test_the_lobby_is_listed_in_each_readers_language(client: TestClient) -> None:
    client.cookies.set(COOKIE, ANA)
    client.post("/api/games", json={"variant": "draw", "players": 2, "seed": 1,
                                    "opponents": ["person"], "name": "Ana", "public": True})
    for language in ("es", "pt_BR", "fr", "es"):
        lobby = client.get("/api/lobby", headers={"Accept-Language": language}).json()
        with using(language):
            assert lobby["in_play"] == _("Games in play")
            assert lobby["tables"][0]["rated_words"] == _(lobbywords.RATED)


def test_the_rating_says_its_dates_and_numbers_the_local_way(
        app: FastAPI, client: TestClient) -> None:
    """The rating's history in ``GET /api/stats``: each game's day (the chart's) and day with
    its year (the table's) as the language writes them (Babel's), its rules and result in
    words, the variants' names, and the rating (1524) grouped the local way in the sentence
    that says it."""
    rows = rating_rows(digest(ANA), [datetime.date(2026, 11, 30), datetime.date(2026, 12, 4)])
    rows[-1].mu_after = MU + 1  # a rating of 1524 after a game won on 4 December
    with DbSession(app.state.store.engine) as db, db.begin():
        db.add_all(rows)
    expected = {
        "en": ("4 Dec", "4 Dec 2026", "Won", "1,524", "Muggins, 2 players, to 100", "Draw"),
        "es": ("4 dic", "4 dic 2026", "Victoria", "1.524", "Muggins, 2 jugadores, a 100",
               "Robado"),
        "pt-BR": ("4 de dez.", "4 de dez. de 2026", "Vitória", "1.524",
                  "Muggins, 2 jogadores, até 100", "Compra"),
        "fr": ("4 déc.", "4 déc. 2026", "Victoire", "1\u202f524", "Muggins, 2 joueurs, en 100",
               "Pioche"),
    }
    for language, (day, day_year, result, rating, rules, draw) in expected.items():
        answer = as_browser(client, ANA).get("/api/stats", headers={"Accept-Language": language})
        said = answer.json()["rating"]
        last = said["history"][-1]
        assert (last["day"], last["day_year"], last["result"]) == (day, day_year, result)
        assert (last["rules"], last["rules_words"]) == ("muggins/2/100", rules)
        assert said["by_variant"][0]["label"] == draw
        assert said["history"][0]["day"] != day  # 30 November
        assert last["rating"] == said["shown"] == 1524
        assert rating in said["words"], said["words"]


# -- a table of people, each in their language ---------------------------------------------------

def test_each_person_at_a_table_reads_their_own_language(
        app: FastAPI, client: TestClient) -> None:
    """Ana reads Spanish (and English in a second tab), Bea French, a watcher Portuguese: each
    is told the start, the chat, every event of the game and its end in their language."""
    games: Games = app.state.games
    client.cookies.set(COOKIE, ANA)
    answer = client.post("/api/games", json={
        "variant": "draw", "players": 2, "target": 0, "seed": 5, "opponents": ["person"],
        "name": "Ana", "public": True}).json()
    client.cookies.set(COOKIE, BEA)
    bea_token = client.post(f"/api{answer['invites'][0]['url']}", json={"name": "Bea"}).json()[
        "token"]
    client.cookies.set(COOKIE, CID)
    game_id, ana_token = answer["game_id"], answer["token"]

    def connect(query: str, language: str) -> Any:
        return client.websocket_connect(f"/ws/{game_id}?{query}",
                                        headers={"Accept-Language": language})

    with connect(f"token={ana_token}", "es") as a, connect(f"token={ana_token}", "en") as a2, \
            connect(f"token={bea_token}", "fr") as b, connect("watch=1", "pt-BR") as w:
        sockets = {"es": SeatSocket(a), "en": SeatSocket(a2), "fr": SeatSocket(b),
                   "pt_BR": SeatSocket(w)}
        for socket in sockets.values():
            socket.receive()
        a.send_json({"type": "start"})
        for language, socket in sockets.items():
            told = read_until(socket, lambda m: m["type"] == "table" and m["text"])
            with using(language):
                assert told["text"] == _(tabletalk.STARTS)
        b.send_json({"type": "chat", "phrase": "good-luck"})
        game = games.live(game_id)
        assert game is not None
        for language, socket in sockets.items():
            chat = read_until(socket, lambda m: m["type"] == "chat")
            with using(language):
                assert {k: chat[k] for k in ("label", "text")} == {
                    k: chat_message(game, 1, "good-luck")[k] for k in ("label", "text")}
        # The game, played out by Ana (from her Spanish tab) and Bea.
        rng = random.Random(3)
        players = {0: sockets["es"], 1: sockets["fr"]}
        while game.match.hand_result is None and not game.is_over:
            revision, turn = game.saved.revision, game.match.turn
            assert turn is not None
            legal = [str(move) for move in game.match.legal_moves()]
            if legal != ["pass"]:  # a forced pass is made by the server
                players[turn].ws.send_json({"type": "play", "move": rng.choice(legal)})
            read_until(players[turn], lambda m, r=revision: "state" in m
                       and m["state"]["revision"] > r)
        history = list(game.match.history)
        seats = {"es": 0, "en": 0, "fr": 1, "pt_BR": NOBODY}
        b.send_json({"type": "chat", "phrase": "thanks"})  # after every event, on every socket
        for language, socket in sockets.items():
            read_until(socket, lambda m: m.get("phrase") == "thanks")
            texts = [m["text"] for m in socket.received if m["type"] == "event"]
            with using(language):
                wanted = [pictures.event_text(e, game.info, seats[language]) for e in history]
            assert len(texts) > 4 and texts == wanted[-len(texts):], language
        # Two tabs of one seat in two languages: a picture each, each built and encoded once.
        spanish, english = game.picture(0, False, "es"), game.picture(0, False, "en")
        assert spanish is not english and spanish is game.picture(0, False, "es")
        assert spanish != english and spanish["turn"] == english["turn"]
        assert game.watcher_picture("pt_BR") is game.watcher_picture("pt_BR")


def read_until(socket: SeatSocket, test: Any) -> dict[str, Any]:
    """Read a socket until a message that passes ``test`` (the ones it already holds too)."""
    for message in socket.received:
        if test(message) and not message.get("_read"):
            message["_read"] = True
            return message
    for _attempt in range(2000):
        message = socket.receive()
        if test(message):
            message["_read"] = True
            return message
    raise AssertionError("no such message")
