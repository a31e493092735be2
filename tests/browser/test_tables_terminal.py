"""A terminal player and a browser player finish a game together (issue 22, "Tables for
people"): Ana hosts in Chromium, Bea plays through ``doublesix join LINK``
(:func:`doublesix.terminal.join.join` in a thread, a scripted :class:`Person` at its keyboard,
as tests/test_terminal_join.py drives it), and a quick computer sits in the third seat. One
hand, so it stays short.  And issue 42's (Play online): signed in with ``doublesix login``,
the terminal finds a browser player's public table in ``doublesix lobby`` and sits there; both
play a hand to its end."""

from __future__ import annotations

import io
import json
import re
import secrets
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from doublesix.terminal.lobby import lobby
from doublesix.terminal.login import login
from doublesix.words import lobbywords
from tests.support.browser import in_waiting_room, play_table, said, set_table, start, wait_said
from tests.support.browser_players import MousePlayer
from tests.support.terminal import Terminal
from tests.support.web import wait_for

#: Seconds Bea thinks before each answer to "Your move:".
THINK = 1.0


def wait_printed(terminal: Terminal, text: str, page: Page, timeout: float = 30) -> None:
    """Wait until the terminal has printed ``text`` (the page waits meanwhile)."""
    deadline = time.monotonic() + timeout
    while text not in terminal.output.getvalue():
        assert terminal.thread.is_alive(), terminal.output.getvalue()[-3000:]
        assert time.monotonic() < deadline, \
            f"the terminal did not print {text!r}:\n{terminal.output.getvalue()[-3000:]}"
        page.wait_for_timeout(100)


def hand_end(text: str) -> int:
    """Where the first hand's end is told (the hand went out or blocked)."""
    found = re.search(r"^Hand 1 is (over|blocked)", text, re.MULTILINE)
    assert found, text[-3000:]
    return found.start()


def scores(text: str) -> list[tuple[str, int]]:
    """``"Ana: 12, You: 0"`` (the terminal's and the page's totals) as pairs."""
    return [(name.strip(), int(points)) for name, points in re.findall(r"([^:,;]+): (\d+)", text)]


def test_a_terminal_player_and_a_browser_player_finish_a_game(
    make_session: Any, tmp_path: Path
) -> None:
    """Ana sets a table of three (a person's seat and Greedy) in her browser and reads the
    invitation link from the waiting room; Bea joins with it from the terminal, giving her name
    when asked. Ana is told Bea joined and starts; each hears the other's turns by name, both
    play to the end, and both see the same result: the terminal's last row of the scoresheet
    and its winner are the page's. Bea leaves when asked to play again; Ana is told."""
    ana_session = make_session(record=True)
    ana = ana_session.page()
    game_id, _ = set_table(ana_session, ana, variant="draw", players=3, target=0, seed=13,
                           opponents=["person", "greedy"], name="Ana")
    in_waiting_room(ana)
    link = ana.get_by_label("Invitation link for seat 2").input_value()
    assert link.startswith(f"{ana_session.server.url}/join/{game_id}/"), link

    bea = Terminal(link, tmp_path, 13, start=False, mistakes=True)
    answer = bea.person.answer

    def think(text: str) -> str:
        """Bea takes a moment over each move, as a person does: long enough for Ana's page to
        show what came before and say whose turn it is (it says a turn only once nothing is
        left to show, so a move made at once would not be announced)."""
        if text.endswith("Your move: "):
            time.sleep(THINK)
        return answer(text)

    bea.person.answer = think  # type: ignore[method-assign]
    bea.thread.start()
    wait_said(ana, "Bea has joined the table.", timeout=30)
    seats = ana.locator("#waiting-seats > li")
    expect(seats.nth(1)).to_contain_text("Bea")
    expect(seats.nth(1)).to_contain_text("joined, here")
    expect(ana.get_by_label("Invitation link for seat 2")).to_have_count(0)
    wait_printed(bea, "Waiting for Ana to start the game.", ana)
    start(ana)
    wait_said(ana, "The game starts.")
    expect(ana.locator("#game")).to_be_visible()

    play_table([MousePlayer(ana)])
    text = bea.wait(60)
    assert bea.status == 0, text

    # The terminal: the invitation, the seat, the waiting room, the game, the result.
    assert "Ana invites you to a game of Draw." in text
    assert "Your name at the table: Bea\nYou have your seat.\n" in text
    assert text.count("Rules: Draw") == 1
    assert text.index("Waiting for Ana to start the game.") < text.index("The game starts.")
    assert "You play against Ana and Greedy." in text
    assert "Your turn." in text and "Ana's turn." in text
    assert re.search(r"^Ana (laid|drew|passed)", text, re.MULTILINE), text
    assert re.search(r"^Greedy (laid|drew|passed)", text, re.MULTILINE), text
    assert text.endswith("Play again? Type yes or no: no\nGoodbye.\n"), text[-500:]
    # The page: Bea's turns by name, Bea's moves, Ana's own turns.
    lines = said(ana)
    assert "Bea's turn." in lines, lines
    assert any(re.match(r"Bea (laid|drew|passed)", line) for line in lines), lines
    assert any(line.startswith("Your turn") for line in lines), lines

    # The same result on both: the totals seat by seat (the terminal calls Bea "You", the
    # page Ana), and the winner.
    end = text[hand_end(text):]
    [total] = re.findall(r"^Total, one hand\. (.*)\.$", end, re.MULTILINE)
    on_terminal = scores(total)
    dialog = ana.locator("#result-dialog")
    expect(dialog).to_be_visible()
    [on_page_total] = re.findall(r"^Total, one hand\. (.*)\.$",
                                 dialog.locator(".totals").inner_text())
    on_page = scores(on_page_total)
    assert [name for name, _ in on_terminal] == ["Ana", "You", "Greedy"], total
    assert [name for name, _ in on_page] == ["You", "Bea", "Greedy"], on_page
    assert [points for _, points in on_terminal] == [points for _, points in on_page]
    [ended] = re.findall(r"^The game is over(?:\. (.+) won|: a draw)\.$", end, re.MULTILINE)
    page_title = {"Ana": "Game over: you won!", "You": "Game over: Bea won",
                  "Greedy": "Game over: Greedy won", "": "Game over: a draw"}
    expect(dialog.locator("#result-title")).to_have_text(page_title[ended])

    # Bea said no to playing again and left: Ana is told. Her seat is kept in the terminal's
    # folder, for the same command to come back.
    wait_said(ana, "Bea has left the table.")
    kept = json.loads((tmp_path / "tables.json").read_text())["seats"][link]
    assert (kept["game_id"], kept["name"]) == (game_id, "Bea")
    assert kept["token"]


class LobbyTerminal(Terminal):
    """``doublesix lobby URL`` in a thread, a :class:`Person` at its keyboard who sits at the
    table of ``host`` (by its number in the lobby as printed)."""

    def __init__(self, url: str, folder: Path, person_seed: int, host: str) -> None:
        super().__init__(url, folder, person_seed, start=False, mistakes=False)
        answer = self.person.answer

        def sit_or_play(text: str) -> str:
            if text.endswith(lobbywords.ASK_TABLE):
                numbers = re.findall(rf"^(\d+)\. {re.escape(host)}'s table: ", text,
                                     re.MULTILINE)
                return numbers[-1] if numbers else "r"
            if text.endswith("Your move: "):
                time.sleep(THINK)  # as Bea does above: the page says each turn
            return answer(text)

        self.person.answer = sit_or_play  # type: ignore[method-assign]

    def run(self) -> None:
        self.status = lobby(self.link, self.person, self.output,  # type: ignore[arg-type]
                            folder=str(self.folder))


def test_a_terminal_signed_in_sits_at_a_browsers_public_table_from_the_lobby(
    make_session: Any, tmp_path: Path
) -> None:
    """Issue "Play online": ``doublesix login`` makes Bea's account; Anneliese opens a public
    table of one hand from the browser's new-game form; ``doublesix lobby`` lists it in the
    browser's words, Bea types its number and sits (as her account); Anneliese starts and both
    play the hand to its end; the finished game is among the account's games."""
    session = make_session(record=True)
    url = session.server.url
    account = f"Bea{secrets.token_hex(4)}"
    said_out = io.StringIO()
    assert login(url, io.StringIO("a long password\n"), said_out, name=account, new=True,
                 folder=str(tmp_path)) == 0, said_out.getvalue()
    assert said_out.getvalue().endswith(f"Signed in as {account}.\n"), said_out.getvalue()

    ana = session.page()
    ana.goto(url + "/")
    ana.get_by_role("button", name="New game").click()
    form = ana.locator("#setup")
    form.get_by_label("Draw", exact=True).check()
    form.get_by_label("One hand").check()
    form.get_by_label("Opponent 1").select_option("person")
    form.get_by_label("Your name").fill("Anneliese")
    form.get_by_label(re.compile("List the table in the lobby")).check()
    form.get_by_role("button", name="Start").click()
    ana.wait_for_url(re.compile(r"/game/"))
    in_waiting_room(ana)
    game_id = ana.url.rsplit("/", 1)[1]

    bea = LobbyTerminal(url, tmp_path, 21, "Anneliese")
    bea.thread.start()
    wait_said(ana, f"{account} has joined the table.", timeout=30)
    wait_printed(bea, "Waiting for Anneliese to start the game.", ana)
    start(ana)
    wait_said(ana, "The game starts.")
    play_table([MousePlayer(ana)])
    text = bea.wait(60)
    assert bea.status == 0, text

    listed = text[:text.index(lobbywords.ASK_TABLE)]
    assert re.search(r"^\d+\. Anneliese's table: Draw, one hand, double-six, 2 players$", listed,
                     re.MULTILINE), listed
    assert f"   {lobbywords.RATED} Opened just now." in listed
    assert "Seat 1: Anneliese, the host" in listed and "Seat 2: a free seat" in listed
    assert "Anneliese invites you to a game of Draw." in text
    assert "Your name at the table" not in text  # the account's own name
    assert "You play against Anneliese." in text
    assert re.search(r"^Anneliese (laid|drew|passed)", text, re.MULTILINE), text
    hand_end(text)  # told, whether the hand went out or blocked
    assert "The game is over" in text
    assert text.endswith("Play again? Type yes or no: no\nGoodbye.\n"), text[-500:]
    expect(ana.locator("#result-dialog")).to_be_visible()

    token = json.loads((tmp_path / "tables.json").read_text())["accounts"][url]["token"]

    def among_the_accounts_games() -> bool:
        records = ana.request.get(url + "/api/account/games",
                                  headers={"Authorization": f"Bearer {token}"})
        assert records.status == 200, records.text()
        return game_id in [game["game_id"] for game in records.json()["games"]]

    wait_for(among_the_accounts_games, 30, "the game saved among the account's games")
