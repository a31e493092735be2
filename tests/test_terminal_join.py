"""``doublesix join LINK``: the terminal at a web table.

Two kinds of tests:

- Against :class:`FakeTable`, the server's side of one game built in-process from the engine
  and :mod:`doublesix.web.play.gameinfo` (pictures with the seat's view, events in order, the other
  seats moving at once): the terminal says exactly what ``doublesix play`` says for the same
  deal and the same computer moves; runs of draws, refused moves, a lost connection, the
  waiting room, "Play again".
- Against a real server (``doublesix serve`` on a free port and a temporary SQLite file): a
  table of two people, the host played by a small protocol client here, the other person by
  ``doublesix join`` (:func:`doublesix.terminal.join.join`, with a :class:`Person` answering
  each prompt from what the terminal printed), a whole game to its end.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed, InvalidHandshake
from websockets.sync.client import connect

from doublesix import Rules
from doublesix.terminal import app
from doublesix.terminal.connection import open_socket
from doublesix.terminal.join import join, join_command
from doublesix.terminal.tables import Invitation, Tables, http
from doublesix.words import chatwords, i18n, refusals
from tests.support.faketable import PLAYOUTS, FakeTable, Message, seat_at
from tests.support.terminal import Person, Terminal
from tests.support.web import Server, free_port, set_table

# -- the same words as doublesix play --------------------------------------------------------


def local_transcript(variant: str, seed: int, players: int, opponents: list[str],
                     target: int) -> str:
    """``doublesix play`` with a :class:`Person` at the keyboard."""
    parser = argparse.ArgumentParser()
    app.add_arguments(parser)
    args = parser.parse_args([
        "--variant", variant, "--players", str(players), "--opponents", ",".join(opponents),
        "--seed", str(seed), "--target", str(target), "--playouts", str(PLAYOUTS),
        "--save-dir", tempfile.mkdtemp(),
    ])
    output = io.StringIO()
    assert app.run(args, Person(output, seed), output) == 0  # type: ignore[arg-type]
    return output.getvalue()


CASES = [
    ("draw", 3, 2, ["greedy"], 50),
    ("all-fives", 11, 3, ["greedy", "pinocchio"], 60),
    ("muggins", 2, 2, ["snow-white"], 0),
    ("block", 8, 4, ["random", "greedy", "buratino"], 0),
    ("partnership", 4, 4, ["greedy", "random", "greedy"], 40),
]


class TestTheSameWords:
    @pytest.mark.parametrize(("variant", "seed", "players", "opponents", "target"), CASES)
    def test_a_game_at_a_table_of_computers_reads_as_doublesix_play(
        self, variant: str, seed: int, players: int, opponents: list[str], target: int
    ) -> None:
        local = local_transcript(variant, seed, players, opponents, target)
        rules = Rules.variant(variant, players=players, target=target)
        names = ["Ann", *app_names(opponents)]
        table = FakeTable(rules, seed, ["human", *opponents], names)
        output = io.StringIO()
        game, _ = seat_at(table, output, Person(output, seed))
        assert game.run() == 0
        remote = output.getvalue()
        assert "Your turn." in remote and "Goodbye." in remote
        # The differences: a table plays again with the same people, and quitting leaves it;
        # the save folder's rating is the local game's (at a table the server rates the seat).
        local = "".join(line for line in local.splitlines(keepends=True)
                        if not line.startswith("Your rating "))
        local = re.sub(r"doublesix play --save-dir \S+ --resume", "doublesix play --resume", local)
        expected = local.replace(
            "Play a new game? Type yes or no: ", "Play again? Type yes or no: "
        ).replace("quit: stop; the game is saved, and doublesix play --resume goes on.",
                  "quit: leave the table; your seat is kept, and doublesix join LINK goes back."
        ).replace("review: after a hand or the game, the expert goes through your moves.\n"
                  "resign: give up this game (you are asked first). stats: your rating.",
                  "resign: give up this game (you are asked first).")  # no person away here

        assert remote == expected


def app_names(opponents: list[str]) -> list[str]:
    from doublesix.terminal.game import opponent_names

    return opponent_names(opponents)[1:]


# -- the table's own moments -------------------------------------------------------------------


class TestTheTable:
    def test_the_waiting_room_then_the_host_starts(self) -> None:
        rules = Rules.variant("draw", players=3, target=0)
        table = FakeTable(rules, 5, ["human", "human", "expert"], ["Ana", "Bea", "Expert"],
                          me=1, waiting=True)
        table.joined[1] = False

        def joined() -> None:
            table.joined[1] = True
            table.send({"type": "table", "table": table.table(), "text": None,
                        "room": None})

        table.idle = [joined, table.start]
        output = io.StringIO()
        game, _ = seat_at(table, output, Person(output, 1, mistakes=False))
        assert game.run() == 0
        text = output.getvalue()
        lines = text.splitlines()
        assert lines[0] == ("Waiting for Ana to start the game. At the table: Ana, Expert. "
                            "Still to come: 1 person.")
        assert lines[1] == "The game starts."
        assert lines[2].startswith("Rules: Draw, double-six set, 3 players")
        assert lines[3] == "You play against Ana and Expert."
        assert lines[4].startswith("Expert (level 8, Grandmaster) ")
        assert "Ana's turn." in text or "Ana laid" in text
        assert "Your turn." in text
        assert "The game is over." in text

    def test_playing_again_says_who_stands_in_for_whom(self) -> None:
        rules = Rules.variant("block", players=3, target=0)
        table = FakeTable(rules, 4, ["human", "human", "greedy"], ["Ana", "Bea", "Greedy"],
                          me=1)
        table.again_text = ("Everyone agreed: a new game starts. Greedy plays for Ana until Ana "
                            "is back.")
        output = io.StringIO()
        game, _ = seat_at(table, output, Person(output, 3, mistakes=False, again=1))
        assert game.run() == 0
        lines = output.getvalue().splitlines()
        at = lines.index("A new game of Block.")
        assert lines[at + 1] == table.again_text

    def test_the_servers_rating_words_are_said_at_the_games_end(self) -> None:
        rules = Rules.variant("block", players=2, target=0)
        table = FakeTable(rules, 9, ["human", "greedy"], ["Ann", "Greedy"])
        # shown in the picture once the game is over (doublesix.web.storage.saving rates, then
        # tells)
        table.info.rating = {0: ["Your rating 1,512, up 14.",
                                 "You beat Greedy in 8 of your last 10 games: try Pinocchio."]}
        output = io.StringIO()
        game, _ = seat_at(table, output, Person(output, 2, mistakes=False))
        assert game.run() == 0
        text = output.getvalue()
        assert ("Your rating 1,512, up 14.\nYou beat Greedy in 8 of your last 10 games: try "
                "Pinocchio.\nPlay again? Type yes or no: no\n") in text
        assert text.count("Your rating") == 1
        at = text.index("The game is over.")
        assert at < text.index("Your rating 1,512")

    def test_coming_back_says_what_happened_while_away_in_a_summary(
        self, tmp_path: Path
    ) -> None:
        rules = Rules.variant("draw", players=3, target=0)
        table = FakeTable(rules, 5, ["human", "human", "greedy"], ["Ana", "Bea", "Greedy"],
                          me=1)
        output = io.StringIO()
        game, _ = seat_at(table, output, Person(output, 1, limit=0), folder=tmp_path)
        game.tables.seats[game.invitation.url] = {"game_id": "g1", "token": "T0K",
                                                   "name": "Bea"}
        assert game.run() == 0  # the input ends at the first question: Bea leaves
        first = output.getvalue()
        assert "Your move: " in first
        match = table.match
        told = len(match.view(1).history)
        # while Bea is away a computer plays for her, and the others play on
        while match.turn is not None and len(match.history) < told + 8:
            if match.turn == 1:
                move = match.legal_moves()[0]
                table.change(lambda move=move: match.play(move))  # type: ignore[misc]
                table.play_on()
            elif not table.wake():
                break
        missed = match.view(1).history[told:]
        assert any(e.seat == 0 for e in missed) and any(e.seat == 2 for e in missed)
        output = io.StringIO()
        back, _ = seat_at(table, output, Person(output, 1, limit=0), folder=tmp_path)
        assert back.run() == 0
        text = output.getvalue()
        summary = [line for line in text.splitlines() if line.startswith("While you were away")]
        assert len(summary) == 1, text
        assert re.search(r"\byou (laid|drew)", summary[0])
        assert "Ana " in summary[0] and "Greedy " in summary[0]
        # the hand is not told again move by move
        before = text[:text.index(summary[0])]
        assert "Hand 1." not in text
        assert not re.search(r"^(Ana|Greedy) (laid|drew|passed)", before, re.MULTILINE)
        assert "Your turn. " in text or "Ana's turn." in text

    def test_a_lost_connection_tells_what_was_missed_in_a_summary(self) -> None:
        for seed, drop in ((2, 3), (0, 3)):
            rules = Rules.variant("draw", players=3, target=0)
            table = FakeTable(rules, seed, ["human", "greedy", "greedy"],
                              ["Ann", "Greedy", "Greedy 2"])
            output = io.StringIO()
            game, _ = seat_at(table, output, Person(output, seed, mistakes=False),
                              drops=[(drop, None)])
            assert game.run() == 0
            text = output.getvalue()
            back = text.index("Connected again.\n") + len("Connected again.\n")
            assert text[back:].startswith("While you were away: Greedy"), text[back - 200:]
            after = text[back:].split("\n")
            assert after[1] == ""  # then the turn, nothing told twice or out of order
            assert after[2].startswith("Your turn.")

    def test_commands_typed_during_another_persons_turn_are_answered_at_once(self) -> None:
        """Through a pipe: ``score``, ``help``, ``board``, ``hand`` and a tile typed while Ana
        is to play are answered before Ana moves (she waits until they are)."""
        rules = Rules.variant("block", players=2, target=0)
        table = FakeTable(rules, 9, ["human", "human"], ["Ana", "Bea"], me=1)
        output = io.StringIO()
        person = Person(output, 2, mistakes=False)
        typed = ["score", "help", "board", "hand", "6 6"]
        answers = ["Scoresheet.", "To lay a tile, type it", "The line, from left to right",
                   "Your hand, ", "It is Ana's turn: your move is asked for when it is yours."]
        deadline = time.monotonic() + 60

        def ana_waits() -> bool:
            text = output.getvalue()
            return time.monotonic() < deadline and "Ana's turn." in text and \
                answers[-1] not in text

        table.hold = ana_waits
        read, write = os.pipe()
        keyboard = os.fdopen(write, "w")
        game, _ = seat_at(table, output, os.fdopen(read))
        runner = threading.Thread(target=game.run, daemon=True)
        runner.start()
        asked = 0
        while runner.is_alive() and time.monotonic() < deadline:
            text = output.getvalue()
            if typed and "Ana's turn." in text:
                keyboard.write(typed.pop(0) + "\n")
                keyboard.flush()
                continue
            prompts = len(re.findall(r"(Your move: |Which end, [a-z ,]+\? |or type quit: "
                                     r"|Type yes or no: )", text))
            if prompts > asked and re.search(r"(: |\? )$", text):
                asked = prompts
                keyboard.write(person.answer(text) + "\n")
                keyboard.flush()
            time.sleep(0.01)
        keyboard.close()
        runner.join(30)
        text = output.getvalue()
        assert not runner.is_alive() and "The game is over." in text, text[-2000:]
        waiting = text.index("Ana's turn.")
        ana_moves = re.search(r"^Ana (laid|passed)", text[waiting:], re.MULTILINE)
        assert ana_moves is not None
        before_ana = text[waiting:waiting + ana_moves.start()]
        for line, answer in zip(["score", "help", "board", "hand", "6 6"], answers,
                                strict=True):
            assert f"\n{line}\n" in before_ana and answer in before_ana, (line, before_ana)

    def test_another_persons_turn_is_announced_by_name(self) -> None:
        rules = Rules.variant("block", players=2, target=0)
        table = FakeTable(rules, 9, ["human", "human"], ["Ana", "Bea"], me=1)
        output = io.StringIO()
        game, _ = seat_at(table, output, Person(output, 2, mistakes=False))
        assert game.run() == 0
        text = output.getvalue()
        said = text.count("Ana's turn.")
        laid = len(re.findall(r"^Ana (laid|passed)", text, re.MULTILINE))
        assert said >= 1 and said <= laid + 1

    def test_runs_of_draws_are_one_sentence_and_own_draws_name_the_tile(self) -> None:
        found = False
        for seed in range(30):
            rules = Rules.variant("draw", target=0)
            table = FakeTable(rules, seed, ["human", "greedy"], ["Ann", "Greedy"])
            output = io.StringIO()
            game, _ = seat_at(table, output, Person(output, seed, mistakes=False))
            assert game.run() == 0
            text = output.getvalue()
            assert not re.search(r"Greedy drew a tile\.\nGreedy drew", text)
            if re.search(r"Greedy drew \d+ tiles\.", text) and re.search(r"You drew \d\|\d\.",
                                                                         text):
                found = True
                break
        assert found

    def test_a_refused_move_is_said_and_asked_again(self) -> None:
        rules = Rules.variant("draw", target=0)
        table = FakeTable(rules, 3, ["human", "greedy"], ["Ann", "Greedy"])
        output = io.StringIO()
        refuse = [True]
        receive = table.receive

        def stubborn(message: Message, queue: list[Message]) -> None:
            if message.get("type") == "play" and refuse:
                refuse.clear()
                table.received.append(message)
                queue.append({"type": "error", "message": "the table changed meanwhile: "
                                                          "try again"})
                return
            receive(message, queue)

        table.receive = stubborn  # type: ignore[method-assign]
        game, _ = seat_at(table, output, Person(output, 4, mistakes=False))
        assert game.run() == 0
        text = output.getvalue()
        at = text.index("the table changed meanwhile: try again\n")
        assert text[at:].split("\n", 1)[1].startswith("Your move: ")
        assert len([m for m in table.received if m["type"] == "play"]) >= 2
        assert "The game is over." in text

    def test_a_lost_connection_connects_again_and_goes_on(self) -> None:
        rules = Rules.variant("all-fives", target=0)
        table = FakeTable(rules, 6, ["human", "greedy"], ["Ann", "Greedy"])
        output = io.StringIO()
        game, opened = seat_at(table, output, Person(output, 6, mistakes=False),
                               drops=[(4, None), (3, 1011)])
        assert game.run() == 0
        text = output.getvalue()
        assert text.count("The connection was lost. Connecting again.") == 2
        assert text.count("Connected again.") == 2
        assert len(opened) == 3 and all(url.endswith("&view=1") for url in opened)
        assert "The game is over." in text

    def test_a_table_that_keeps_closing_is_left_in_the_end(self) -> None:
        rules = Rules.variant("draw", target=0)
        table = FakeTable(rules, 6, ["human", "greedy"], ["Ann", "Greedy"])
        output = io.StringIO()
        game, opened = seat_at(table, output, Person(output, 6), drops=[(0, 4503)] * 10)
        assert game.run() == 1
        text = output.getvalue()
        assert text.count("The connection was lost. Connecting again.") == 3
        assert "The table keeps closing the connection (4503). You keep your seat." in text
        assert len(opened) == 4

    def test_a_refused_token_is_a_clear_end(self) -> None:
        rules = Rules.variant("draw", target=0)
        table = FakeTable(rules, 6, ["human", "greedy"], ["Ann", "Greedy"])
        output = io.StringIO()
        game, _ = seat_at(table, output, Person(output, 6), drops=[(1, 4404)])
        assert game.run() == 1
        assert "The table refused this seat" in output.getvalue()

    def test_play_again_follows_the_table_into_its_next_game(self, tmp_path: Path) -> None:
        rules = Rules.variant("block", target=0)
        table = FakeTable(rules, 3, ["human", "greedy"], ["Ann", "Greedy"])
        output = io.StringIO()
        person = Person(output, 3, mistakes=False, again=1)
        game, opened = seat_at(table, output, person, folder=tmp_path)
        tables = game.tables
        tables.seats[game.invitation.url] = {"game_id": "g1", "token": "T0K", "name": "Ann"}
        assert game.run() == 0
        text = output.getvalue()
        assert text.count("The game is over.") == 2
        assert "A new game of Block." in text
        assert [url.split("?")[0].rsplit("/", 1)[1] for url in opened] == ["g1", "g2"]
        kept = json.loads((tmp_path / "tables.json").read_text())
        assert kept["seats"][game.invitation.url]["game_id"] == "g2"
        assert {"type": "again"} in table.received

    def test_the_end_of_input_keeps_the_seat(self) -> None:
        rules = Rules.variant("draw", target=0)
        table = FakeTable(rules, 1, ["human", "greedy"], ["Ann", "Greedy"])
        output = io.StringIO()
        game, _ = seat_at(table, output, Person(output, 1, limit=0))
        assert game.run() == 0
        assert output.getvalue().endswith(
            "End of input.\nYou keep your seat. To come back to the table, type: "
            "doublesix join LINK\n")


class Typing(Person):
    """A :class:`Person` who first types ``lines`` at the prompts for a move, each once the
    words before it have been printed."""

    def __init__(self, output: io.StringIO, seed: int, lines: list[tuple[str, str]]) -> None:
        super().__init__(output, seed, mistakes=False)
        self.lines = lines

    def answer(self, text: str) -> str:
        if self.lines and text.endswith("Your move: ") and self.lines[0][0] in text:
            return self.lines.pop(0)[1]
        return super().answer(text)


def table_with_ana_away(seed: int) -> tuple[FakeTable, list[float]]:
    """Block for four: Ana (away from the start), Bea (the terminal), Cid, Greedy; and the
    clock, moved on by each timed wait of the terminal's."""
    rules = Rules.variant("block", players=4, target=0)
    table = FakeTable(rules, seed, ["human", "human", "human", "greedy"],
                      ["Ana", "Bea", "Cid", "Greedy"], me=1)
    now = [0.0]
    table.clock = lambda: now[0]
    table.tick = lambda seconds: now.__setitem__(0, now[0] + seconds)
    table.gone[0] = 0.0
    return table, now


class TestAComputerForSomeoneAway:
    NOTICE = ("Ana has been away a minute: you may let a computer play for Ana. "
              "Type: computer Ana.")

    def test_the_notice_comes_once_and_the_command_gives_the_seat(self) -> None:
        table, now = table_with_ana_away(5)
        output = io.StringIO()
        person = Typing(output, 5, [
            ("", "computer Ana"), (self.NOTICE, "computer Zed"),
            (self.NOTICE, "computer Greedy"), (self.NOTICE, "computer Cid"),
            (self.NOTICE, "computer Bea"), (self.NOTICE, "computer Ana Zorro"),
            (self.NOTICE, "computer"), (self.NOTICE, "computer ana snow white")])
        game, _ = seat_at(table, output, person, clock=lambda: now[0])
        assert game.run() == 0
        text = output.getvalue()
        early = ("Ana has been away 0 seconds: a computer may play for Ana once Ana has been "
                 "away a minute.")
        assert text.index("computer Ana\n" + early) < text.index(self.NOTICE)
        assert text.count(self.NOTICE) == 1, text
        after = text[text.index(self.NOTICE):]
        for typed, said in [
            ("computer Zed", "Nobody at the table is called Zed. The others at the table: Ana, "
                             "Cid, Greedy."),
            ("computer Greedy", "Greedy is a computer player."),
            ("computer Cid", "Cid is at the table: a computer plays only for someone away."),
            ("computer Bea", "A computer plays for someone away, not for you: you are here."),
            ("computer Ana Zorro", "There is no computer player called Zorro. Choose one of: "
                                   "pinocchio, buratino, snow-white, expert-quick, "
                                   "expert-careful, expert."),
            ("computer", "Type computer and the name of someone away, like: computer Ana."),
            ("computer ana snow white", "Asking Snow White to play for Ana."),
        ]:
            assert f"Your move: {typed}\n{said}\nYour move: " in after, (typed, after)
        assert [m for m in table.received if m["type"] == "seat"] == [
            {"type": "seat", "seat": 0, "player": "snow-white"}]
        assert "Snow White plays for Ana until Ana is back." in after
        assert "Ana's turn." not in text[text.index("Snow White plays for Ana"):]

    def test_it_is_said_and_done_during_the_away_persons_turn(self) -> None:
        """Through a pipe, while Ana (away) is to play: the notice comes once she has been away
        a minute, and ``computer Ana`` typed then gives her seat to the first computer the
        table offers, which plays her turn."""
        table, now = table_with_ana_away(5)
        deadline = time.monotonic() + 60
        table.hold = lambda: table.match.turn == 0 and table.stand_in[0] is None \
            and time.monotonic() < deadline
        output = io.StringIO()
        person = Person(output, 5, mistakes=False)
        read, write = os.pipe()
        keyboard = os.fdopen(write, "w")
        game, _ = seat_at(table, output, os.fdopen(read),
                          clock=lambda: now[0])
        runner = threading.Thread(target=game.run, daemon=True)
        runner.start()
        asked = 0
        typed = False
        while runner.is_alive() and time.monotonic() < deadline:
            text = output.getvalue()
            if not typed and self.NOTICE in text:
                typed = True
                keyboard.write("computer Ana\n")
                keyboard.flush()
                continue
            prompts = len(re.findall(r"(Your move: |Which end, [a-z ,]+\? |or type quit: "
                                     r"|Type yes or no: )", text))
            if prompts > asked and re.search(r"(: |\? )$", text):
                asked = prompts
                keyboard.write(person.answer(text) + "\n")
                keyboard.flush()
            time.sleep(0.01)
        keyboard.close()
        runner.join(30)
        text = output.getvalue()
        assert not runner.is_alive() and "Hand 1 is" in text, text[-2000:]
        assert text.count(self.NOTICE) == 1
        waiting = text.index("Ana's turn.")
        notice = text.index(self.NOTICE)
        assert waiting < notice and "Your move: " not in text[waiting:notice], text
        assert text[notice:].startswith(
            f"{self.NOTICE}\ncomputer Ana\nAsking Pinocchio to play for Ana.\n"
            "Pinocchio plays for Ana until Ana is back.\nAna laid"), text[notice:]
        assert [m for m in table.received if m["type"] == "seat"] == [
            {"type": "seat", "seat": 0, "player": "pinocchio"}]

    def test_help_names_the_command(self) -> None:
        table, now = table_with_ana_away(5)
        output = io.StringIO()
        game, _ = seat_at(table, output, Typing(output, 5, [("", "help")]),
                          clock=lambda: now[0])
        assert game.run() == 0
        assert "help\nTo lay a tile" in output.getvalue()
        assert "\ncomputer NAME: let a computer play for someone away a minute or more, until " \
            "they are back: pinocchio, or the one you add (computer Ana expert). Players: " \
            "pinocchio, buratino, snow-white, expert-quick, expert-careful, expert.\nRules: " \
            in output.getvalue()


class TestLinks:
    def test_a_link_and_its_socket(self) -> None:
        invitation = Invitation.parse("https://dominoes.example/join/g%2F1/c0de?x=1#top")
        assert invitation == Invitation("https://dominoes.example", "g/1", "c0de")
        assert invitation.ws_url("g/1", "a+b") == \
            "wss://dominoes.example/ws/g%2F1?token=a%2Bb&view=1"
        assert invitation.url == "https://dominoes.example/join/g%2F1/c0de"

    @pytest.mark.parametrize("link", ["", "http://h/", "http://h/games/g", "ftp://h/join/g/c",
                                      "http://h/join/g", "http://h/join/g/c/d"])
    def test_what_is_not_a_link(self, link: str) -> None:
        output = io.StringIO()
        assert join(link, io.StringIO(), output) == 2
        assert "This is not an invitation link" in output.getvalue()

    def test_the_command_to_come_back(self) -> None:
        assert join_command("http://h/join/g/c", "/tmp/my games/doublesix").endswith(
            " join http://h/join/g/c")


# -- against a real server ---------------------------------------------------------------------


class Host:
    """The host of a table, as a small protocol client on a plain WebSocket: starts the game
    when ``start_when()`` says so, plays a random legal move on its turns, deals the next hand
    when ``deals``, plays again when ``again``, following the table into its next game; until
    ``stop`` is set; sends ``says`` once its game has started and everyone is connected."""

    def __init__(self, origin: str, game_id: str, token: str, *, seed: int,
                 start_when: Callable[[], bool] = lambda: True, deals: bool = True,
                 again: bool = False, says: tuple[Message, ...] = ()) -> None:
        self.says = says
        self.origin = origin
        self.game_id = game_id
        self.token = token
        self.rng = random.Random(seed)
        self.start_when = start_when
        self.deals = deals
        self.again = again
        self.stop = threading.Event()
        self.received: list[Message] = []
        self.games: list[str] = [game_id]
        self.finals: list[Message] = []
        self.problem: BaseException | None = None
        self.thread = threading.Thread(target=self.run, daemon=True)

    def run(self) -> None:
        try:
            while not self.stop.is_set():
                try:
                    follow = self.play_game()
                except (ConnectionClosed, OSError, InvalidHandshake):
                    time.sleep(0.3)  # the server went away: connect again
                    continue
                if follow is None:
                    return
                self.game_id = follow
                self.games.append(follow)
        except BaseException as problem:  # seen by the test
            self.problem = problem

    def play_game(self) -> str | None:
        url = f"ws{self.origin[4:]}/ws/{self.game_id}?token={self.token}"
        state: Message = {}
        acted = -1
        started = asked_again = spoke = False
        with connect(url) as ws:
            while not self.stop.is_set():
                try:
                    message = json.loads(ws.recv(timeout=0.2))
                except TimeoutError:
                    message = None
                if message is not None:
                    self.received.append(message)
                    if message["type"] == "again":
                        return str(message["game_id"])
                    if "state" in message:
                        state = message["state"]
                    if message["type"] == "table" and state:
                        state["table"] = message["table"]
                if not state:
                    continue
                table = state["table"]
                if table["stage"] == "waiting":
                    if table["can_start"] and not started and self.start_when():
                        started = True
                        ws.send(json.dumps({"type": "start"}))
                    continue
                if not spoke and all(seat["connected"] for seat in table["seats"]):
                    spoke = True  # said once everyone is here to hear it
                    for said in self.says:
                        ws.send(json.dumps(said))
                if state["revision"] <= acted:
                    continue
                if state["over"]:
                    if not self.finals or self.finals[-1]["revision"] != state["revision"]:
                        self.finals.append(state)
                    if self.again and not asked_again:
                        asked_again = True
                        ws.send(json.dumps({"type": "again"}))
                    continue
                if state["result"] is not None:
                    if self.deals:
                        acted = state["revision"]
                        ws.send(json.dumps({"type": "next"}))
                    continue
                legal = [m["move"] for m in state["legal"]]
                if state["turn"] == state["me"] and legal != ["pass"]:
                    acted = state["revision"]
                    ws.send(json.dumps({"type": "play", "move": self.rng.choice(legal)}))
        return None


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Any]:
    running = Server(free_port(), tmp_path / "games.sqlite3")
    yield running
    running.stop()


def wait_for(condition: Callable[[], bool], seconds: float = 120) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "waited too long"
        time.sleep(0.05)


class TestAtARealTable:
    def test_a_terminal_player_and_the_host_play_a_hand_to_its_end(
        self, server: Any, tmp_path: Path
    ) -> None:
        table = set_table(server.url, seed=21)
        [invite] = table["invites"]
        link = server.url + invite["url"]
        host = Host(server.url, table["game_id"], table["token"], seed=21)
        host.thread.start()
        wait_for(lambda: bool(host.received))  # the host is at the table, then Bea joins
        terminal = Terminal(link, tmp_path, 21, mistakes=False)
        text = terminal.wait()
        host.stop.set()
        host.thread.join(30)
        assert host.problem is None
        assert terminal.status == 0, text
        assert "Ana invites you to a game of Draw." in text
        assert "Your name at the table: Bea\nYou have your seat.\n" in text
        assert text.count("Rules: Draw") == 1
        assert "You play against Ana." in text
        assert "Your turn." in text and "Ana's turn." in text
        assert re.search(r"^Ana (laid|drew|passed)", text, re.MULTILINE)
        assert "The game is over." in text
        assert text.endswith("Play again? Type yes or no: no\nGoodbye.\n")
        assert re.search(r"\nYour rating [\d,]+, (up \d+|down \d+|unchanged)\.\n", text)
        final = host.finals[0]
        words = [line for line in text.splitlines() if line.startswith("Hand 1. ")]
        assert words and words[-1].startswith(f"Hand 1. Ana: {final['scores'][0]}, "
                                              f"You: {final['scores'][1]}; ")
        kept = json.loads((tmp_path / "tables.json").read_text())
        assert kept["seats"][link]["game_id"] == table["game_id"]
        assert kept["seats"][link]["name"] == "Bea"

    def test_a_terminal_player_resigns_and_the_table_is_told(
        self, server: Any, tmp_path: Path
    ) -> None:
        class Resigner(Person):
            def answer(self, text: str) -> str:
                if text.endswith("Your move: "):
                    return "resign"
                if text.endswith("Resign this game? You lose it. Type yes or no: "):
                    return "yes"
                return super().answer(text)

        table = set_table(server.url, seed=24)
        [invite] = table["invites"]
        host = Host(server.url, table["game_id"], table["token"], seed=24)
        host.thread.start()
        wait_for(lambda: bool(host.received))
        terminal = Terminal(server.url + invite["url"], tmp_path, 24, start=False)
        terminal.person = Resigner(terminal.output, 24, mistakes=False)
        terminal.thread.start()
        text = terminal.wait()
        wait_for(lambda: bool(host.finals))
        host.stop.set()
        host.thread.join(30)
        assert host.problem is None
        assert terminal.status == 0, text
        assert "You resigned: the game is over.\nScores, one hand. Ana: 0, You: 0.\n" in text
        assert text.endswith("Play again? Type yes or no: no\nGoodbye.\n")
        assert host.finals[0]["resigned"] == 1
        told = [m.get("text") for m in host.received if m["type"] == "event"]
        assert "Bea resigned: the game is over." in told

    def test_say_lists_sends_and_hears_the_quick_chat(self, server: Any, tmp_path: Path
                                                      ) -> None:
        """``say`` lists the phrases, ``say 2`` and ``say well played`` send them, a phrase
        that is none is refused here; the host's phrase is printed as the server says it."""

        class Chatter(Person):
            lines = iter(["say", "say 2", "say nonsense", "say well played", "resign", "yes"])

            def answer(self, text: str) -> str:
                if text.endswith("Your move: ") or text.endswith("Type yes or no: "):
                    return next(self.lines, "no")
                return super().answer(text)

        table = set_table(server.url, seed=26)
        [invite] = table["invites"]
        host = Host(server.url, table["game_id"], table["token"], seed=26,
                    says=({"type": "chat", "phrase": "hello"},))
        host.thread.start()
        wait_for(lambda: bool(host.received))
        terminal = Terminal(server.url + invite["url"], tmp_path, 26, start=False)
        terminal.person = Chatter(terminal.output, 26, mistakes=False)
        terminal.thread.start()
        text = terminal.wait()
        wait_for(lambda: bool(host.finals))
        host.stop.set()
        host.thread.join(30)
        assert host.problem is None and terminal.status == 0, text
        assert "\n".join(chatwords.say_lines()) in text
        assert "Ana: Hello!\n" in text
        assert "Bea: Good luck!\n" in text and "Bea: Well played!\n" in text
        assert chatwords.say_unknown("nonsense") in text
        told = [m["text"] for m in host.received if m["type"] == "chat"]
        assert sorted(told) == ["Ana: Hello!", "Bea: Good luck!", "Bea: Well played!"]

    def test_the_terminal_waits_for_the_host_plays_again_and_comes_back(
        self, server: Any, tmp_path: Path
    ) -> None:
        table = set_table(server.url, seed=22, target=30)
        [invite] = table["invites"]
        link = server.url + invite["url"]
        # the input ends in the next game: the person leaves the table
        terminal = Terminal(link, tmp_path, 22, start=False, mistakes=True, again=1,
                            stop_after="A new game of Draw.")
        waiting = "Waiting for Ana to start the game. At the table: Ana, Bea (you)."
        host = Host(server.url, table["game_id"], table["token"], seed=22, deals=False,
                    again=True, start_when=lambda: waiting in terminal.output.getvalue())
        host.thread.start()
        wait_for(lambda: bool(host.received))  # the host is at the table, then Bea joins
        terminal.thread.start()
        text = terminal.wait(300)
        assert terminal.status == 0, text
        assert waiting in text
        assert text.index(waiting) < text.index("The game starts.")
        assert "Press Enter to deal hand 2, or type quit: " in text
        assert "Play again? Type yes or no: yes" in text
        assert text.endswith("End of input.\nYou keep your seat. To come back to the table, "
                             "type: doublesix join LINK\n")
        new_game = host.games[-1]
        assert new_game != table["game_id"]
        kept = json.loads((tmp_path / "tables.json").read_text())
        assert kept["seats"][link]["game_id"] == new_game

        again = Terminal(link, tmp_path, 23, mistakes=False, limit=0)
        back = again.wait()
        host.stop.set()
        host.thread.join(30)
        assert host.problem is None
        assert back.startswith("Back to your seat at the table.\nRules: Draw")
        assert "You play against Ana." in back
        assert back.endswith("You keep your seat. To come back to the table, type: "
                             "doublesix join LINK\n")
        assert again.status == 0

    def test_a_server_killed_mid_game_is_found_again(self, tmp_path: Path) -> None:
        port = free_port()
        db = tmp_path / "games.sqlite3"
        servers = [Server(port, db)]
        host: Host | None = None
        try:
            origin = servers[0].url
            table = set_table(origin, seed=24)
            host = Host(origin, table["game_id"], table["token"], seed=24)
            host.thread.start()
            wait_for(lambda: bool(host is not None and host.received))
            terminal = Terminal(origin + table["invites"][0]["url"], tmp_path, 24, start=False,
                                mistakes=False)
            answer = terminal.person.answer

            def restart_once(text: str) -> str:
                """At the person's first move the server is killed and started again."""
                if len(servers) == 1 and text.endswith("Your move: "):
                    servers[0].kill()
                    servers.append(Server(port, db))
                return answer(text)

            terminal.person.answer = restart_once  # type: ignore[method-assign]
            terminal.thread.start()
            text = terminal.wait()
        finally:
            if host is not None:
                host.stop.set()
            for running in servers:
                running.stop()
        assert terminal.status == 0, text
        lost = text.index("The connection was lost. Connecting again.\nConnected again.\n")
        assert text.index("Your turn.") < lost < text.index("Your turn.", lost)
        assert "The game is over." in text

    def test_the_command_through_a_pipe(self, server: Any, tmp_path: Path) -> None:
        """``doublesix join LINK --name Bea`` as a program: its input ends at its first
        question, and it leaves the seat kept."""
        table = set_table(server.url, seed=25)
        host = Host(server.url, table["game_id"], table["token"], seed=25)
        host.thread.start()
        wait_for(lambda: bool(host.received))
        link = server.url + table["invites"][0]["url"]
        program = str(Path(sys.executable).with_name("doublesix"))
        try:
            done = subprocess.run(
                [program, "join", link, "--name", "Bea", "--save-dir", str(tmp_path)],
                stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=120,
                env={**os.environ, "NO_COLOR": "1", "PATH": os.pathsep.join(
                    folder for folder in os.environ.get("PATH", "").split(os.pathsep)
                    if folder and not Path(folder, "doublesix").exists())},
            )
        finally:
            host.stop.set()
        assert done.returncode == 0, done.stdout + done.stderr
        out = done.stdout
        assert "You have your seat.\n" in out and "Your turn." in out
        assert out.endswith(f"End of input.\nYou keep your seat. To come back to the table, "
                            f"type: {program} join {link} --save-dir {tmp_path}\n")
        assert json.loads((tmp_path / "tables.json").read_text())["seats"][link]["name"] == "Bea"


def test_the_terminal_asks_the_server_in_its_own_language(server: Any, tmp_path: Path) -> None:
    """Issue 43: a terminal in Spanish asks the server in Spanish (``Accept-Language``), over
    HTTP and on the socket, so that the server's own sentences come in it."""
    tables = Tables(tmp_path)
    unknown = f"{server.url}/api/join/no-such-game/no-such-code"
    for language in ("es", "en"):
        with i18n.using(language):
            status, answer = http("GET", unknown, server.url, tables)
            socket = open_socket(f"ws{server.url[4:]}/ws/no-such-game?token=x", server.url)
            refused = json.loads(socket.recv(timeout=30))
            socket.close()
            assert status == 404, answer
            assert answer["error"] == i18n._(refusals.NO_INVITATION), answer
            assert refused["message"] == i18n._(refusals.NO_GAME), refused
    with i18n.using("es"):
        assert i18n._(refusals.NO_GAME) != refusals.NO_GAME  # (Spanish, not English)
