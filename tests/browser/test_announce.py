"""What a whole hand sounds like (issue 18): the live region's words and the sound effects,
checked against the engine's history of the same hand.

The page's live region gets one new paragraph per announcement; a MutationObserver installed
before the page's scripts records each one as it is added, and when tiles in the hand become
playable (``conftest.RECORDER_SCRIPT``). A Web Audio stand-in records what the page asks it to
play (``conftest.AUDIO_STUB_SCRIPT``). After the hand, the game's record (the server's save)
gives the engine's history: every event must have been announced once, in order, the opening
tile included, another seat's run of draws as one line ("Random drew 3 tiles."), the hand's
end and the game's once each (the result dialog says them again only in its title); "Your
turn" comes after the events before each of the person's turns (not again after a draw that
leaves nothing to play) and before the hand's tiles become playable; and each event made its
sound, in the same order.
"""

from __future__ import annotations

import json
import re
from typing import Any

from playwright.sync_api import expect

from doublesix import Match, Rules
from doublesix.engine.events import Event, public
from tests.support.browser import record_of, said_text
from tests.support.browser_players import MousePlayer, wait_phase
from tests.support.browser_strategy import simulate

#: Each sound's notes as the Web Audio stand-in records them (sound.js), by its first note.
SOUNDS = {
    "turn": ["osc:660", "osc:990"],
    "lay": ["noise:1600"],
    "draw": ["noise:900", "noise:1100"],
    "pass": ["osc:220"],
    "score": ["osc:880", "osc:1320"],
    "hand-won": ["osc:523", "osc:659", "osc:784"],
    "hand-lost": ["osc:392", "osc:330"],
    "hand-drawn": ["osc:440", "osc:440"],
    "game-won": ["osc:587", "osc:740", "osc:880", "osc:1175"],
    "game-lost": ["osc:311", "osc:262", "osc:196"],
    "game-drawn": ["osc:349", "osc:349"],
}

#: The sentences the server writes for events (``doublesix.words.eventwords.describe``).
EVENT_SENTENCE = re.compile(
    r"^(Hand \d+ is dealt\.|\S.* (laid|drew|passed)\b.*|The hand is (over|blocked)\..*"
    r"|The game is over\..*)$")


def sound_names(notes: list[str]) -> list[str]:
    """The recorded notes read back as the sounds that made them."""
    first = {notes[0]: name for name, notes in SOUNDS.items()}
    names = []
    i = 0
    while i < len(notes):
        name = first.get(notes[i])
        assert name is not None, f"an unknown sound starts with {notes[i]} ({notes[i:i + 4]})"
        assert notes[i:i + len(SOUNDS[name])] == SOUNDS[name], f"{name} was cut short: {notes[i:]}"
        names.append(name)
        i += len(SOUNDS[name])
    return names


def busy_seed(variant: str, players: int) -> int:
    """A seed whose one-hand game, played as the tests play, has the person choose an end and
    draw, an opponent draw more than one tile in a row, and a lay that scores."""
    rules = Rules.variant(variant, players=players, target=0)
    for seed in range(1, 500):
        trace = simulate(variant, seed, 0, players=players)
        if not (trace.choices and trace.draws):
            continue
        match = Match(rules, seed=seed)
        replay(match, trace.steps)
        runs = [e for e in public(match.history, seat=0) if e.kind == "draw" and e.seat != 0]
        if any(e.number > 1 for e in runs) and any(e.kind == "lay" and e.points
                                                   for e in match.history):
            return seed
    raise LookupError("no seed gives a busy hand")


def replay(match: Match, steps: list[str]) -> None:
    """Play the person's ``steps`` in ``match`` with the tests' random opponents (as the
    server plays them), to see the hand's events before the browser does."""
    from doublesix import ai
    from doublesix.ai.seeding import move_rng

    bot = ai.player("random")
    mine = iter(steps)
    while match.turn is not None:
        if match.turn == 0:
            moves = match.legal_moves()
            match.play("pass" if [str(m) for m in moves] == ["pass"] else next(mine))
        else:
            seat = match.turn
            rng = move_rng(match.seed, match.hand_number, seat, len(match.history))
            match.play(bot.choose(match.view(seat), rng))


def turn_starts(events: list[Event]) -> list[bool]:
    """For each event, whether "Your turn" came before it: the person's first move of a turn,
    or a lay after their own draw (a drawn tile that fits); not a draw after their draw."""
    starts = []
    for i, e in enumerate(events):
        after_draw = i > 0 and events[i - 1].kind == "draw" and events[i - 1].seat == 0
        starts.append(e.seat == 0 and (e.kind == "lay" or (e.kind == "draw" and not after_draw)))
    return starts


def expected_sounds(events: list[Event], teams: bool = False) -> list[str]:
    """The sounds a hand's events make, "turn" before each of the person's turns."""
    out: list[str] = []
    for e, starts in zip(events, turn_starts(events), strict=True):
        if starts:
            out.append("turn")
        if e.kind == "lay":
            out.append("lay")
            if e.points:
                out.append("score")
        elif e.kind in ("draw", "pass"):
            out.append(e.kind)
        elif e.kind in ("end", "over"):
            kind = "hand" if e.kind == "end" else "game"
            out.append(f"{kind}-drawn" if e.seat is None else
                       f"{kind}-won" if e.seat == 0 else f"{kind}-lost")
    return out


def test_a_whole_hand_is_announced_once_in_order_and_sounds_as_it_happens(
    make_session: Any
) -> None:
    seed = busy_seed("muggins", 3)
    session = make_session(record=True, audio=True, delay=10)
    page = session.page()
    game_id = session.new_game(page, variant="muggins", players=3, target=0, seed=seed,
                               opponents=["random", "random"])
    MousePlayer(page).play_game()
    expect(page.locator("#result-dialog")).to_be_visible()
    record = record_of(page, session.server.url, game_id)
    match = Match.from_json(json.dumps(record["match"]))
    names = record["names"]
    history = list(match.history)
    record_log = page.evaluate("window.__record")
    said = [r["said"] for r in record_log if "said" in r]

    # Every event once, in order, the opening tile first among the moves; another seat's run
    # of draws as one line.
    shown = list(public(history, seat=0))
    assert any(e.kind == "draw" and e.seat != 0 and e.number > 1 for e in shown), \
        "the seed should have an opponent draw more than one tile in a row"
    events_said = [text for text in said if EVENT_SENTENCE.match(text)]
    assert events_said == [said_text(e, names) for e in shown]
    assert history[1].kind == "lay" and history[1].end is None, "the hand opens with a lay"

    # "Your turn" after the events before each of the person's turns, and before the tiles
    # become playable; the hand's end and the game's said once each, last.
    position = 0
    for e, starts in zip(shown, turn_starts(shown), strict=True):
        text = said_text(e, names)
        at = said.index(text, position)
        since = said[position:at]
        if starts:
            assert any(s.startswith("Your turn") for s in since), (text, since)
        elif e.seat == 0 and e.kind == "draw":
            assert not any(s.startswith("Your turn") for s in since), (text, since)
        position = at + 1
    assert [s for s in said if s.startswith("The hand is")] == [said_text(history[-2], names)]
    assert [s for s in said if "game is over" in s or "Game over" in s] == [said[-1]]
    assert said[-1].startswith("The game is over.")
    last_event_said = True
    for entry in record_log:
        if "said" in entry:
            text = entry["said"]
            if EVENT_SENTENCE.match(text):
                last_event_said = True
            elif text.startswith("Your turn"):
                last_event_said = False
        elif "playable" in entry:
            assert not last_event_said, "tiles became playable before 'Your turn' was said"

    # Each event made its sound, in order (none for the events before the page opened).
    opened = 2  # the hand dealt and its opening tile, already in the first picture
    heard = sound_names(page.evaluate("window.__sounds"))
    assert heard == expected_sounds(history[opened:])
    assert {"turn", "lay", "draw", "score"} <= set(heard)


def test_announcements_after_the_next_hand_come_in_order(make_session: Any) -> None:
    """After "Next hand", the new hand's deal and opening tile come before "Your turn" (the
    issue's Muggins report: "Your turn" was said before the expert's opening 5|5)."""
    session = make_session(record=True, delay=10)
    page = session.page()
    game_id = session.new_game(page, variant="muggins", players=2, target=60, seed=3,
                               opponents=["random"])
    player = MousePlayer(page)
    player.play_game(stop_at_result=True)
    page.evaluate("window.__record.length = 0")
    page.locator("#result-dialog").get_by_role("button", name="Next hand").click()
    assert wait_phase(page) == "you", "the seed should give the person a move in hand 2"
    said = [r["said"] for r in page.evaluate("window.__record") if "said" in r]
    match = Match.from_json(json.dumps(record_of_playing(session, game_id)))
    start = max(i for i, e in enumerate(match.history) if e.kind == "hand")
    names = ["You", "Random"]
    new_hand = [said_text(e, names) for e in match.history[start:]]
    assert " to open" in new_hand[1], new_hand
    # The deal, the opening tile and every move since, in order; then "Your turn", last.
    assert said[:len(new_hand)] == new_hand
    assert said[len(new_hand):] and all(s.startswith("Your turn") for s in said[len(new_hand):])


def record_of_playing(session: Any, game_id: str) -> Any:
    """The match of a game still in play, read from the server's database."""
    from doublesix.web.play.live import stored_match
    from doublesix.web.storage.store import Store

    store = Store(f"sqlite:///{session.server.db}")
    try:
        saved = store.load(game_id)
        assert saved is not None
        return json.loads(stored_match(saved).to_json())  # the match and the moves since
    finally:
        store.dispose()
