"""``doublesix lobby URL`` against a real server: the lobby in the browser's words, a choice
that names no table told, and a table's number taking its free seat (the server's lobby then
lists it no more).  Quick match from the terminal: ``--quick draw`` waiting, told, seated with a
computer after the wait and playing the game (left at its first move, then come back to with
the game's link to its end); ``m`` choosing a game by its questions, then ``q`` leaving the
queue; Ctrl-C leaving it too."""

from __future__ import annotations

import io
import json
import os
import re
import select
import signal
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from doublesix.cli import main
from doublesix.protocol.wire import COOKIE
from doublesix.terminal.join import join
from doublesix.terminal.lobby import lobby
from doublesix.terminal.quick import Wanted
from doublesix.web.storage import queue
from doublesix.words import lobbywords, matchwords, players
from tests.support.terminal import Person
from tests.support.web import Server, free_port, set_table, wait_for

#: Computers fill the seats after this many seconds in the quick match tests' first server.
FILL_AFTER = 3


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    running = Server(free_port(), tmp_path / "games.sqlite3")
    yield running
    running.stop()


def open_tables(origin: str) -> list[dict[str, object]]:
    with urllib.request.urlopen(f"{origin}/api/lobby", timeout=30) as response:
        tables: list[dict[str, object]] = json.loads(response.read())["tables"]
    return tables


def test_the_lobby_lists_a_table_and_a_number_sits_you_there(
        server: Server, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["lobby", server.url, "--list", "--save-dir", str(tmp_path)]) == 0
    assert capsys.readouterr().out.strip() == lobbywords.NO_TABLES

    table = set_table(server.url, seed=5, public=True)
    deadline = time.monotonic() + 30
    while not open_tables(server.url):  # each server process reads the lobby once a second
        assert time.monotonic() < deadline
        time.sleep(0.1)
    out = io.StringIO()
    typed = io.StringIO("7\n1\n")  # no table 7; then the first
    sitting = threading.Thread(target=lobby, args=(server.url, typed, out), daemon=True,
                               kwargs={"name": "Bea", "folder": str(tmp_path)})
    sitting.start()
    # Seated, the terminal waits in the waiting room for Ana to start (the thread goes on).
    wait_for(lambda: "You have your seat." in out.getvalue(), 60, "the seat taken")
    text = out.getvalue()
    assert "1. Ana's table: Draw" in text and lobbywords.RATED in text, text
    assert "Seat 2: a free seat" in text
    assert lobbywords.not_a_table("7", 1) in text
    assert "You have your seat." in text, text
    wait_for(lambda: open_tables(server.url) == [], 30, "the table gone from the lobby")
    kept = json.loads((tmp_path / "tables.json").read_text())
    assert any(seat["game_id"] == table["game_id"] for seat in kept["seats"].values())


# -- quick match -------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def waiting_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server whose queue waits an hour for people: nobody is seated with computers."""
    running = Server(free_port(), tmp_path_factory.mktemp("queue") / "games.sqlite3",
                     env={"DOUBLESIX_QUICK_MATCH_FILL_AFTER": "3600"})
    yield running
    running.stop()


def ask(origin: str, method: str, path: str, cookie: str,
        body: dict[str, Any] | None = None) -> Any:
    """A browser holding ``cookie`` asks ``path``; the answer's JSON (None: no body)."""
    request = urllib.request.Request(
        origin + path, data=None if body is None else json.dumps(body).encode(), method=method,
        headers={"Content-Type": "application/json", "Cookie": f"{COOKIE}={cookie}",
                 "Origin": origin})
    with urllib.request.urlopen(request, timeout=30) as response:
        raw = response.read()
    return json.loads(raw) if raw else None


def alone_in_the_queue(origin: str, variant: str) -> bool:
    """Ana enters the queue for a casual 2-player ``variant`` and is the only one waiting (then
    leaves): whoever the test put there has left."""
    cookie = "ana-alone-in-the-queue-0123456789"
    ticket = ask(origin, "POST", "/api/quickmatch", cookie,
                 {"variant": variant, "players": 2, "rated": False, "name": "Ana"})
    ask(origin, "DELETE", f"/api/quickmatch/{ticket['ticket']}", cookie)
    return ticket["status"] == "waiting" and "nobody else is waiting" in ticket["words"]


class Typist:
    """``doublesix lobby`` as a program behind pipes (its input a real pipe, so that ``q``
    typed while it waits in the queue is read at once), for lines typed and signals sent."""

    def __init__(self, *args: str) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "doublesix.cli", "lobby", *args], stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
            env={**os.environ, "NO_COLOR": "1"})
        self.output = ""

    def read_until(self, text: str, timeout: float = 60) -> str:
        """The output once it holds ``text``."""
        assert self.process.stdout is not None
        deadline = time.monotonic() + timeout
        while text not in self.output:
            assert time.monotonic() < deadline, f"no {text!r} in:\n{self.output}"
            ready, _, _ = select.select([self.process.stdout], [], [], 0.5)
            if ready:
                data = os.read(self.process.stdout.fileno(), 65536)
                assert data, f"the program ended before {text!r}:\n{self.output}"
                self.output += data.decode()
        return self.output

    def type(self, line: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write((line + "\n").encode())
        self.process.stdin.flush()

    def finish(self) -> int:
        assert self.process.stdout is not None
        self.output += self.process.stdout.read().decode()
        return self.process.wait(30)


def test_quick_match_waits_is_told_and_plays_with_a_computer_after_the_wait(
        tmp_path: Path) -> None:
    """``--quick draw``: Bea is told she waits (the range, when computers come), then that a
    computer takes the empty seat; the game is played as ``doublesix join`` plays it.  She leaves
    at her first move (her seat kept under the game's link, as the page's address), and that
    link brings her back to play the game to its end."""
    # Quick match plays to the variant's target: many hands, the person answering at once.
    server = Server(free_port(), tmp_path / "games.sqlite3",
                    env={"DOUBLESIX_QUICK_MATCH_FILL_AFTER": str(FILL_AFTER),
                         "DOUBLESIX_MESSAGES_PER_10S": "1000000"})
    try:
        out = io.StringIO()
        person = Person(out, 3, mistakes=False, stop_after="Your move: ")
        assert lobby(server.url, person, out, name="Bea", folder=str(tmp_path),  # type: ignore[arg-type]
                     quick=Wanted("draw")) == 0
        text = out.getvalue()
        computer = players.named(players.label(queue.nearest_computer(1500)), 3)
        assert text.startswith(matchwords.waiting(0, 1500, 100, FILL_AFTER) + "\n"), text
        assert matchwords.found(computer, 1) in text, text
        assert text.index(matchwords.found(computer, 1)) < text.index("Rules: Draw"), text
        [link] = re.findall(r"To come back to the table, type: .* join (\S+)", text,
                            re.MULTILINE)
        assert re.fullmatch(re.escape(server.url) + r"/game/[\w-]+", link), link
        kept = json.loads((tmp_path / "tables.json").read_text())["seats"][link]
        assert kept["name"] == "Bea" and kept["token"]

        again = io.StringIO()
        status = join(link, Person(again, 4, mistakes=False), again,  # type: ignore[arg-type]
                      folder=tmp_path)
        text = again.getvalue()
        assert status == 0, text[-2000:]
        assert text.startswith("Back to your seat at the table.\n"), text[:500]
        assert "The game is over" in text, text[-2000:]
        assert text.endswith("Play again? Type yes or no: no\nGoodbye.\n"), text[-500:]
    finally:
        server.stop()


def test_m_chooses_a_game_and_q_leaves_the_queue(waiting_server: Server, tmp_path: Path) -> None:
    """In the lobby, ``m`` lists the server's games; a number, 2 or 4 players, yes or no (each
    answer that will not do told); then the queue's words, and ``q`` leaves it: Ana, entering
    next, finds nobody waiting.  Back in the lobby, ``q`` leaves."""
    bea = Typist(waiting_server.url, "--name", "Bea", "--save-dir", str(tmp_path))
    bea.read_until(lobbywords.ASK_TABLE)
    for line in ("m", "9", "2", "3", "2", "maybe", "no"):
        bea.type(line)
    text = bea.read_until(matchwords.HOW_TO_LEAVE)
    assert matchwords.CHOOSE_GAME + "\n1. Draw\n2. Block\n" in text, text
    assert "5. Partnership (two against two)\n" in text
    assert matchwords.not_a_game("9", 5) in text
    assert matchwords.not_players("3") in text
    assert matchwords.not_yes_or_no("maybe") in text
    assert matchwords.waiting(0, 1500, 100, 3600) in text
    bea.type("q")
    bea.read_until(matchwords.LEFT + "\n" + lobbywords.NO_TABLES)
    assert alone_in_the_queue(waiting_server.url, "block")
    bea.type("q")
    assert bea.finish() == 0, bea.output


def test_ctrl_c_leaves_the_queue(waiting_server: Server, tmp_path: Path) -> None:
    bea = Typist(waiting_server.url, "--quick", "muggins", "--casual", "--name", "Bea",
                 "--save-dir", str(tmp_path))
    bea.read_until(matchwords.HOW_TO_LEAVE)
    bea.process.send_signal(signal.SIGINT)
    assert bea.finish() == 130, bea.output
    assert bea.output.endswith(matchwords.LEFT + "\n"), bea.output
    assert alone_in_the_queue(waiting_server.url, "muggins")


def test_a_game_link_without_a_seat_kept_is_told(tmp_path: Path) -> None:
    output = io.StringIO()
    assert join("http://127.0.0.1:9/game/g1", io.StringIO(), output, folder=tmp_path) == 2
    assert output.getvalue() == matchwords.NO_SEAT_HERE + "\n"


def test_the_docs_quick_match_example_says_todays_sentences() -> None:
    """docs/terminal.md's quick match example (not run: it waits 20 s) holds the words as the
    server and the terminal say them now."""
    docs = (Path(__file__).parents[1] / "docs" / "terminal.md").read_text(encoding="utf-8")
    block = docs[docs.index("$ doublesix lobby http://127.0.0.1:8000 --quick draw"):]
    lines = block[:block.index("```")].splitlines()
    computer = players.named(players.label(queue.nearest_computer(1500)), 3)
    assert lines[1:5] == [matchwords.waiting(0, 1500, 100, 20), matchwords.HOW_TO_LEAVE,
                          matchwords.waiting(0, 1500, 200, 20), matchwords.found(computer, 1)]
    assert lobbywords.ASK_TABLE in docs
