"""The protocol's JSON built from a Match, without a server: pictures, events, parsing, stats."""

from __future__ import annotations

import datetime
import itertools
import json
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from doublesix import Match, Move, Rules
from doublesix.ai.seeding import move_rng
from doublesix.engine import summary
from doublesix.engine.events import Event
from doublesix.engine.outcome import Ending
from doublesix.engine.tiles import Tile
from doublesix.protocol import wire
from doublesix.web.play import gameinfo, pictures
from doublesix.web.play.gameinfo import GameInfo, ProtocolError
from doublesix.web.routes import bodies
from doublesix.web.storage.stats import Finished, daily_statistics, statistics
from doublesix.words import endwords, results, tabletalk, talk


def info_for(match: Match, **extra: object) -> GameInfo:
    players = match.rules.players
    return GameInfo(
        "g", names=["You", *[f"Bot {i}" for i in range(1, players)]],
        kinds=["human", *["greedy"] * (players - 1)], **extra,  # type: ignore[arg-type]
    )


def all_tiles(data: object) -> set[str]:
    """Every tile a picture names anywhere, its sentences included."""
    return {str(Tile.parse(word)) for word in re.findall(r"\d+\|\d+", json.dumps(data))}


class TestPicture:
    def test_a_fixed_deal_shows_only_my_tiles(self) -> None:
        rules = Rules.variant("draw", hand_size=3)
        hands = [["6|6", "5|4", "3|2"], ["6|1", "4|4", "2|0"]]
        bone = [t for t in (str(t) for t in _set6()) if t not in {*hands[0], *hands[1]}]
        match = Match(rules, hands=hands, boneyard=bone, seed=1)
        s = pictures.picture(match, info_for(match), 0)
        assert s["layout"]["left"] == [{"tile": "6|6", "outer": 6}]
        assert s["hand"] == ["5|4", "3|2"] and s["played"] == ["6|6"]
        assert s["turn"] == 1 and s["legal"] == []
        assert s["hand_sizes"] == [2, 3] and s["boneyard_size"] == len(bone)
        assert all_tiles(s) == {"6|6", "5|4", "3|2"}
        theirs = pictures.picture(match, info_for(match), 1)
        assert [m["move"] for m in theirs["legal"]] == ["6|1 left", "6|1 right"]
        assert {"move": "6|1 left", "tile": "6|1", "end": "left"} in theirs["legal"]
        assert all_tiles(theirs) == {"6|6", "6|1", "4|4", "2|0"}

    def test_the_hands_are_shown_once_the_hand_ends(self) -> None:
        match = Match(Rules.variant("block", target=0), seed=3)
        while match.turn is not None:
            assert pictures.picture(match, info_for(match), 0)["result"] is None
            match.play(match.legal_moves()[0])
        s = pictures.picture(match, info_for(match), 0)
        result = match.hand_result
        assert result is not None
        assert s["result"]["winner"] == result.winner and s["result"]["points"] == result.points
        assert s["result"]["hands"] == [[str(t) for t in h] for h in match.hands]
        assert s["over"] and s["winner"] == match.winner and s["turn"] is None
        assert s["log"][-1].startswith("The game is over")

    def test_spinner_and_arms(self) -> None:
        match = Match(Rules.variant("muggins", spinner_arms="immediate"), seed=1)
        for _ in range(200):
            if match.turn is None or match.state.layout.spinner >= 0:
                break
            match.play(match.legal_moves()[0])
        s = pictures.picture(match, info_for(match), 0)
        spinner = match.state.layout.spinner
        if spinner >= 0:
            assert s["layout"]["spinner"] == f"{spinner}|{spinner}"
            assert "up" in s["open_ends"] and "down" in s["open_ends"]
        placed = [t["tile"] for arm in ("left", "right", "up", "down") for t in s["layout"][arm]]
        assert sorted(placed) == sorted(s["played"])

    def test_resigned_game(self) -> None:
        match = Match(Rules.variant("draw"), seed=2)
        match.resign(0)
        s = pictures.picture(match, info_for(match), 0)
        # The engine decides who won: with two sides, the other one.
        assert s["over"] and s["resigned"] == 0 and s["winner"] == 1 and s["winners"] == [1]
        assert s["turn"] is None and s["legal"] == [] and s["result"] is None

    def test_a_resignation_in_words(self) -> None:
        match = Match(Rules.variant("draw"), seed=2)
        match.resign(0)
        s = pictures.picture(match, info_for(match), 0)
        assert s["words"]["heading"] == "Game over: you resigned"
        assert s["words"]["game_over"][0] == "You resigned: the game is over."
        named = GameInfo("g", names=["Ann", "Bea"], kinds=["human", "human"])
        theirs = pictures.picture(match, named, 1)["words"]
        assert theirs["heading"] == "Game over: Ann resigned"
        assert theirs["game_over"][0] == "Ann resigned: the game is over."
        assert pictures.event_text(match.history[-1], named, 1) == (
            "Ann resigned: the game is over.")

    def test_partners_and_team_results(self) -> None:
        # Every seat's picture of a partnership game: who plays with whom, and the results
        # the engine gives (both partners win; one score a team), to the game's end.
        match = Match(Rules.variant("partnership", target=60), seed=12)
        info = info_for(match)
        alone = Match(Rules.variant("draw", players=3))
        solo = pictures.picture(alone, info_for(alone), 0)
        assert solo["sides"] == [[0], [1], [2]] and solo["partner"] is None
        hands = 0
        while True:
            for me in range(4):
                s = pictures.picture(match, info, me)
                assert s["sides"] == [[0, 2], [1, 3]] and s["partner"] == (me + 2) % 4
                assert s["scores"][0] == s["scores"][2] and s["scores"][1] == s["scores"][3]
                result = match.hand_result
                if s["result"] is not None:
                    assert result is not None and s["result"]["winners"] == list(result.winners)
                    assert s["result"]["winner"] == result.winner
                    assert s["scoresheet"][-1]["scores"] == match.scores
                assert s["winners"] == list(match.winners)
            if match.is_over:
                break
            if match.turn is None:
                hands += 1
                match.next_hand()
                continue
            match.play(match.legal_moves()[0])
        assert hands >= 1 and len(match.winners) == 2
        assert pictures.picture(match, info, 0)["winner"] == match.winners[0]

    def test_scoresheet_totals_match_the_scores_through_many_hands(self) -> None:
        reached = 0
        for variant, seed in itertools.product(("draw", "all-fives", "muggins"), range(4, 10)):
            match = Match(Rules.variant(variant, players=3), seed=seed)
            rng = random.Random(seed)
            while True:
                if match.turn is None:
                    sheet = pictures.scoresheet_json(match)
                    assert sheet[-1]["scores"] == match.scores
                    assert [row["hand"] for row in sheet] == list(
                        range(1, match.hand_number + 2))
                    # "reached": the winner still held tiles (a count took it to the target).
                    result = match.hand_result
                    assert result is not None
                    held = result.winner is not None and bool(match.hands[result.winner])
                    assert sheet[-1]["reached"] == (held and not result.blocked)
                    assert sheet[-1]["ending"] == result.ending.value
                    assert sheet[-1]["reached"] == (result.ending is Ending.REACHED_TARGET)
                    assert sheet[-1]["blocked"] == result.blocked
                    reached += sheet[-1]["reached"]
                    # Each seat's picture (its own history, others' draws merged) agrees.
                    for seat in range(3):
                        picture = pictures.picture(match, info_for(match), seat)
                        # The same rows, their words ("how") spoken to the seat.
                        assert picture["scoresheet"] == pictures.scoresheet_json(
                            match, picture["names"])
                        assert [{**row, "how": ""} for row in picture["scoresheet"]] == [
                            {**row, "how": ""} for row in sheet]
                        shown = picture["result"]
                        assert shown["ending"] == result.ending.value
                        assert shown["reached"] == sheet[-1]["reached"]
                        assert shown["blocked"] == result.blocked
                        assert (shown["winner"], shown["points"]) == (
                            result.winner, result.points)
                        # What each seat scored in the hand: its counts and the end's points.
                        assert shown["scored"] == list(summary.scoresheet(match)[-1].scored)
                        assert sum(shown["scored"]) == sum(match.scores) - sum(
                            sheet[-2]["scores"] if len(sheet) > 1 else [0])
                    if match.is_over:
                        break
                    match.next_hand()
                else:
                    # The hand in play is not on the sheet.
                    assert len(pictures.scoresheet_json(match)) == match.hand_number
                    match.play(rng.choice(match.legal_moves()))
            assert len(sheet) == match.hand_number + 1
        assert reached  # some games of All Fives and Muggins end that way


def expected_choices(match: Match, seat: int) -> list[dict[str, object]]:
    """``choices`` as docs/protocol.md describes it, from :func:`summary.tile_choices`."""
    return [
        {"tile": str(tile), "asks": choice.asks,
         "lays": [{"move": str(lay.move), "end": lay.end, "shows": lay.shows,
                   "count_after": lay.count_after, "points": lay.points,
                   "words": None if lay.end is None else {
                       "name": endwords.end_button(lay), "short": endwords.end_button_short(lay)}}
                  for lay in choice.lays],
         "words": None if not choice.asks else {
             "where": f"Where should {tile} go?", "question": endwords.end_question(choice),
             "keys": endwords.end_keys(choice), "choose": "Choose an end."}}
        for tile, choice in summary.tile_choices(match.view(seat)).items()
    ]


class TestChoices:
    """``choices`` is summary.tile_choices for the seat, in every seat's picture."""

    @pytest.mark.parametrize(
        ("variant", "players", "options"),
        [("draw", 2, {}), ("block", 3, {}), ("all-fives", 2, {}), ("all-fives", 4, {}),
         ("muggins", 2, {}), ("muggins", 3, {"spinner_arms": "immediate"}),
         ("block", 2, {"spinner": True, "set": 9})],
    )
    def test_every_seats_choices_are_the_engines(
        self, variant: str, players: int, options: dict[str, object]
    ) -> None:
        asked = mirrored = 0  # tiles with two ends: asked about, or not
        for seed in range(3):
            match = Match(Rules.variant(variant, players=players, target=0, **options),
                          seed=seed)
            rng = random.Random(seed)
            while match.turn is not None:
                for seat in range(players):
                    picture = pictures.picture(match, info_for(match), seat)
                    choices = picture["choices"]
                    assert choices == expected_choices(match, seat)
                    if seat != match.turn:
                        assert choices == []
                        continue
                    # Hand order, and every lay of a tile is one of the legal moves.
                    assert [c["tile"] for c in choices] == [
                        t for t in picture["hand"] if any(c["tile"] == t for c in choices)]
                    lays = [lay["move"] for c in choices for lay in c["lays"]]
                    assert sorted(lays) == sorted(
                        m["move"] for m in picture["legal"] if m["tile"])
                    asked += sum(c["asks"] for c in choices)
                    mirrored += sum(len(c["lays"]) > 1 and not c["asks"] for c in choices)
                    count = picture["board_count"]
                    assert picture["count_scores"] == (
                        picture["rules"]["scoring"] == "fives" and count > 0 and count % 5 == 0)
                match.play(rng.choice(match.legal_moves()))
            for seat in range(players):
                assert pictures.picture(match, info_for(match), seat)["choices"] == []
        assert asked, "some tile should fit two ends that differ"
        assert mirrored, "some tile should fit two ends that leave the same table"

    def test_the_end_that_scores_is_asked_about(self) -> None:
        """All Fives, 4|4 at one end and a plain 4 at the other: 6|4 scores 10 on the double's
        end and nothing on the other, so the person is asked (issue 17)."""
        hands = [["4|4", "3|1", "6|4", "2|0", "5|0", "6|2", "0|0"],
                 ["4|3", "4|1", "1|1", "2|2", "3|3", "2|1", "5|1"]]
        rest = ["1|0", "3|0", "3|2", "4|0", "4|2", "5|2", "5|3", "5|4", "5|5", "6|0", "6|1",
                "6|3", "6|5", "6|6"]
        match = Match(Rules.variant("all-fives"), hands=hands, boneyard=rest)
        for move in ("4|3 right", "3|1 right", "1|4 right"):
            match.play(move)
        [six_four] = [c for c in pictures.picture(match, info_for(match), 0)["choices"]
                      if c["tile"] == "6|4"]
        assert six_four == {"tile": "6|4", "asks": True, "lays": [
            {"move": "6|4 left", "end": "left", "shows": 4, "count_after": 10, "points": 10,
             "words": {"name": "Left end 4, scores 10", "short": "L 4 +10"}},
            {"move": "6|4 right", "end": "right", "shows": 4, "count_after": 14, "points": 0,
             "words": {"name": "Right end 4", "short": "R 4"}},
        ], "words": {
            # The end buttons' and the question's words are the server's (issue 29).
            "where": "Where should 6|4 go?",
            "question": "6|4 fits 2 ends: left (4, scores 10) or right (4).",
            "keys": "Choose an end, or press L or R.", "choose": "Choose an end."}}

    def test_a_lead_has_no_end(self) -> None:
        match = Match(Rules.variant("all-fives"), seed=1)  # the winner leads the next hand
        while match.turn is not None:
            match.play(match.legal_moves()[0])
        match.next_hand()
        seat = match.turn
        assert seat is not None and match.state.layout.is_empty
        choices = pictures.picture(match, info_for(match), seat)["choices"]
        assert choices and all(not c["asks"] for c in choices)
        assert all(c["lays"] == [{"move": c["tile"], "end": None, "shows": None,
                                  "count_after": c["lays"][0]["count_after"],
                                  "points": c["lays"][0]["points"], "words": None}]
                   and c["words"] is None for c in choices)


class TestEvents:
    def test_a_draw_names_its_tile_to_the_drawer_only(self) -> None:
        info = GameInfo("g", ["You", "Greedy"], ["human", "greedy"])
        event = Event("draw", 1, Tile(3, 2))
        mine = pictures.event_json(event, 1)
        theirs = pictures.event_json(event, 0)
        assert mine["tile"] == "3|2" and theirs["tile"] is None
        assert pictures.event_text(event, info, 1) == "You drew 3|2."
        assert pictures.event_text(event, info, 0) == "Greedy drew a tile."

    def test_lay_and_end(self) -> None:
        info = GameInfo("g", ["You", "Greedy"], ["human", "greedy"])
        lay = Event("lay", 0, Tile(6, 4), "left", 10)
        assert pictures.event_json(lay, 1) == {
            "kind": "lay", "seat": 0, "tile": "6|4", "end": "left", "points": 10,
            "number": 1, "blocked": False,
        }
        assert pictures.event_text(lay, info, 0) == "You laid 6|4 on the left end, scoring 10."
        end = Event("end", 1, points=25, blocked=True)
        assert pictures.event_text(end, info, 0) == (
            "The hand is blocked. Greedy won it with the lightest hand, scoring 25."
        )

    def test_resignation(self) -> None:
        info = GameInfo("g", ["You", "Greedy"], ["human", "greedy"])
        assert pictures.event_text(Event("resign", 0), info, 0) == (
            "You resigned: the game is over."
        )


class TestWords:
    """The sentences a picture carries (``words``), from the core's one voice."""

    def test_the_rules_of_a_draw_game_to_50_say_50_and_nowhere_100(self) -> None:
        match = Match(Rules.variant("draw", target=50), seed=3)
        rules = pictures.picture(match, info_for(match), 0)["words"]["rules"]
        text = " ".join([rules["name"], rules["caption"], *rules["lines"]])
        assert "The first to 50 points wins the game." in rules["lines"]
        assert "100" not in text and "50" in text

    def test_the_rules_of_a_game_with_5_tiles_each_say_5(self) -> None:
        match = Match(Rules.variant("block", hand_size=5, players=3), seed=3)
        rules = pictures.picture(match, info_for(match), 1)["words"]["rules"]
        assert rules["lines"][0] == "3 players, the double-six set; each is dealt 5 tiles."
        assert rules["name"] == "Block, 5 tiles each"
        assert not any("7 tiles" in line for line in rules["lines"])

    def test_partnership_rules_say_what_teams_score(self) -> None:
        rules = pictures.picture(Match(Rules.variant("partnership"), seed=1),
                                 info_for(Match(Rules.variant("partnership"))), 0)
        lines = rules["words"]["rules"]["lines"]
        assert lines[-1] == "The first team to 100 points wins the game."
        assert any("team with fewer pips" in line for line in lines)
        assert not any("lightest hand" in line for line in lines)

    def test_status_turn_and_reading_keys(self) -> None:
        rules = Rules.variant("draw", hand_size=3)
        hands = [["6|6", "5|4", "3|2"], ["6|1", "4|4", "2|0"]]
        bone = [t for t in (str(t) for t in _set6()) if t not in {*hands[0], *hands[1]}]
        match = Match(rules, hands=hands, boneyard=bone, seed=1)
        mine = pictures.picture(match, info_for(match), 0)["words"]
        theirs = pictures.picture(match, info_for(match), 1)["words"]
        assert mine["status"] == ["Opened with 6|6", None]
        assert mine["turn"] == "Bot 1's turn."
        assert theirs["turn"] == "Your turn. One tile fits: 6|1."
        assert mine["ends"] == "Open ends: left 6, right 6."
        assert mine["hand"] == "Your hand, 2 tiles: 5|4, 3|2."
        assert theirs["hand"] == "Your hand, 3 tiles: 6|1 fits left and right, 4|4, 2|0."
        assert mine["scores"] == ("Scores, playing to 100. You: 0, Bot 1: 0. "
                                  "Bot 1 holds 3 tiles. Boneyard: 22 tiles.")
        assert mine["result"] is None and mine["game_over"] is None and mine["heading"] is None
        assert mine["caption"] == "Draw, 3 tiles each, to 100, double-six. Hand 1."

    def test_a_run_of_draws_is_one_status(self) -> None:
        for seed in range(40):
            match = Match(Rules.variant("draw"), seed=seed)
            while match.turn is not None and not (
                    len(match.history) > 1 and match.history[-1].kind == "draw"
                    and match.history[-2].kind == "draw"):
                match.play(match.legal_moves()[0])
            last = match.history[-1]
            if last.kind != "draw" or match.turn != last.seat:
                continue
            run = 0
            for event in reversed(match.history):
                if event.kind != "draw" or event.seat != last.seat:
                    break
                run += 1
            assert last.seat is not None
            other = 1 - last.seat
            said = pictures.picture(match, info_for(match), other)["words"]
            assert said["status"][last.seat] == f"Drew {run}"
            return
        raise AssertionError("no seed gives two draws in a row")

    def test_the_result_and_the_game_over_lines_are_the_terminals(self) -> None:
        match = Match(Rules.variant("block", target=0), seed=3)
        while match.turn is not None:
            match.play(match.legal_moves()[0])
        said = pictures.picture(match, info_for(match), 0)["words"]
        names = ["You", "Bot 1"]
        assert said["result"] == talk.hand_end_lines(match, names, 0)
        assert said["game_over"] == talk.game_end_lines(match, names)
        assert said["heading"] == "Game over: Bot 1 won"
        assert said["totals"] == "Total, one hand. You: 0, Bot 1: 13."
        [row] = pictures.picture(match, info_for(match), 0)["scoresheet"]
        assert row["how"] == "Blocked, Bot 1 had the lightest hand"

    def test_rules_words_for_a_form(self) -> None:
        said = bodies.rules_words({"variant": "all-fives", "target": 50,
                                     "options": {"hand_size": 5}})
        assert said["name"] == "All Fives, 5 tiles each"
        assert said["lines"][0] == "2 players, the double-six set; each is dealt 5 tiles."
        assert said["lines"][-1] == ("The first to 50 points wins the game, even in the middle "
                                     "of a hand.")
        with pytest.raises(ProtocolError):
            bodies.rules_words({"variant": "draw", "seed": 3})


class TestParsing:
    @pytest.mark.parametrize(
        "text",
        ["", "null", "3", '"play"', "{}", '{"type": null}', '{"type": "PLAY"}',
         '{"type": "play", "move": ""}', '{"type": "play", "move": ["6|4"]}', "{" * 5000],
    )
    def test_malformed_messages(self, text: str) -> None:
        with pytest.raises(ProtocolError):
            gameinfo.parse_message(text)

    def test_good_messages(self) -> None:
        assert gameinfo.parse_message('{"type": "resign", "extra": 1}').kind == "resign"
        assert gameinfo.parse_message(b'{"type": "hint"}').kind == "hint"
        assert gameinfo.parse_message('{"type": "play", "move": "draw"}').move == "draw"

    def test_new_game_defaults(self) -> None:
        game = bodies.parse_new_game(None)
        assert game.rules == Rules.variant("draw") and game.opponents == ("pinocchio",)
        assert game.seed is None



class TestShare:
    def test_share_text_holds_no_tiles_and_says_the_result(self) -> None:
        def share(match: Match, info: GameInfo) -> str | None:
            daily = pictures.picture(match, info, 0)["daily"]
            assert daily["date"] == info.daily and daily["first_attempt"]
            text: str | None = daily["share"]
            assert text == results.share_text(match, str(info.daily), 0)
            return text

        for day in range(1, 29):
            date = datetime.date(2026, 2, day)
            match = Match.daily(date)
            info = GameInfo("d", ["You", "Snow White"], ["human", "snow-white"],
                            daily=date.isoformat(), first_attempt=True)
            assert share(match, info) is None
            rng = random.Random(day)
            while match.turn is not None:
                match.play(rng.choice(match.legal_moves()))
            text = share(match, info)
            assert text is not None and "|" not in text
            assert text.startswith(f"doublesix daily {date.isoformat()}: ")
            result = match.hand_result
            assert result is not None
            if result.winner == 0:
                assert "won by" in text
            elif result.winner is None:
                assert "a draw" in text
            else:
                assert "lost by" in text
        match = Match.daily(date)
        match.resign(0)
        assert "resigned" in (share(match, info) or "")
        plain = GameInfo("g", ["You", "Snow White"], ["human", "snow-white"])
        assert pictures.picture(match, plain, 0)["daily"] is None


class TestStatistics:
    def test_streaks(self) -> None:
        def day(d: int, won: bool, first: bool = True) -> Finished:
            return Finished("draw", ("snow-white",), won, 10, f"2026-11-{d:02d}", first)

        today = datetime.date(2026, 11, 20)
        games = [day(1, True), day(2, True), day(3, True), day(5, True), day(6, False),
                 day(18, True), day(19, True), day(19, False, first=False)]
        daily = daily_statistics(games, today)
        assert daily == {"played": 7, "won": 6, "streak": 2, "best_streak": 3,
                         "last": "2026-11-19"}
        assert daily_statistics(games, datetime.date(2026, 11, 21))["streak"] == 0
        assert daily_statistics([], today)["last"] is None

    def test_best_and_average_per_variant(self) -> None:
        games = [Finished("muggins", ("expert", "expert"), True, 105),
                 Finished("muggins", ("greedy", "expert"), False, 40)]
        stats = statistics(games, datetime.date(2026, 1, 1))
        assert stats["by_variant"]["muggins"] == {"games": 2, "wins": 1, "best": 105,
                                                  "average": 72.5}
        assert stats["by_opponent"] == {"expert": {"games": 2, "wins": 1},
                                        "greedy": {"games": 1, "wins": 0}}


def test_computer_choices_depend_on_seed_seat_and_move_only() -> None:
    draws = [move_rng(7, 0, 1, 3).random() for _ in range(2)]
    assert draws[0] == draws[1]
    assert move_rng(7, 0, 1, 3).random() != move_rng(7, 0, 1, 4).random()
    assert move_rng(7, 0, 1, 3).random() != move_rng(8, 0, 1, 3).random()


def _set6() -> list[Tile]:
    return [Tile(a, b) for a in range(7) for b in range(a + 1)]


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda children: st.lists(children, max_size=4)
    | st.dictionaries(st.sampled_from(["type", "move", "x"]) | st.text(max_size=5), children,
                      max_size=4),
    max_leaves=12,
)


@settings(max_examples=150, deadline=None)
@given(value=json_values)
def test_any_json_message_parses_or_is_refused_in_words(value: object) -> None:
    try:
        message = gameinfo.parse_message(json.dumps(value))
    except ProtocolError as error:
        assert str(error)
    else:
        assert message.kind in wire.MESSAGE_TYPES
        assert (message.move is not None) == (message.kind == "play")


@settings(max_examples=150, deadline=None)
@given(value=json_values)
def test_any_new_game_body_is_a_game_or_refused_in_words(value: object) -> None:
    try:
        game = bodies.parse_new_game(value)
    except ProtocolError as error:
        assert str(error)
    else:
        assert len(game.opponents) == game.rules.players - 1


class TestTableWords:
    """The table's sentences about people away travel with the table (issue 29): the browser
    composes none of them."""

    def table(self) -> gameinfo.TableInfo:
        seats = [gameinfo.TableSeat("Ana", True, True), gameinfo.TableSeat("Bea", True, True),
                 gameinfo.TableSeat("Cid", True, True, stand_in="greedy"),
                 gameinfo.TableSeat("Pinocchio", False, True)]
        return gameinfo.TableInfo(0, wire.PLAYING, seats, connected={0}, away={1: 5, 2: 90})

    def test_each_persons_seat_carries_its_words(self) -> None:
        shown = self.table().to_json(0, "g", False)
        bea, cid, computer = shown["seats"][1], shown["seats"][2], shown["seats"][3]
        assert bea["words"]["away"] == "Bea is away."
        assert bea["words"]["away_turn"] == "Bea is away, and it is their turn."
        assert bea["words"]["hand_over"] == "Let a computer play for Bea"
        assert bea["words"]["hand_over_text"].startswith("Bea has been away for a minute or more.")
        assert bea["words"]["asking"] == "Asking a computer to play for Bea…"
        assert bea["words"]["stand_in"] is None
        assert cid["words"]["stand_in"] == tabletalk.stands_in("Greedy", "Cid")
        assert cid["words"]["playing_for"] == "Greedy playing for Cid"
        assert computer["words"] is None

    def test_the_table_says_who_is_away_to_each_seat(self) -> None:
        table = self.table()
        assert table.to_json(0, "g", False)["words"] == {
            "away": "Bea and Cid are away.",
            "later": "Once someone has been away for a minute, you can let a computer play for "
                     "them.",
            "again": None, "again_asked": None, "watchers": None}
        assert table.to_json(1, "g", False)["words"]["away"] == "Cid is away."
        table.connected = {0, 1, 2}
        assert table.to_json(0, "g", False)["words"]["away"] == ""


class TestHandWords:
    """What is said of each tile in the hand travels with the picture (issue 29): the browser
    composes no tile's name, refusal or hint."""

    def picture_at_a_choice(self) -> tuple[Match, dict[str, object]]:
        match = Match(Rules.variant("all-fives"), seed=0)
        for _ in range(5):
            match.play(match.legal_moves()[0])
        seat = match.turn
        assert seat is not None
        return match, pictures.picture(match, info_for(match), seat)

    def test_each_tile_has_its_name_in_hand_order(self) -> None:
        _, shown = self.picture_at_a_choice()
        tiles = shown["words"]["tiles"]  # type: ignore[index]
        assert [t["tile"] for t in tiles] == shown["hand"]
        fits = {c["tile"]: [lay["end"] for lay in c["lays"]] for c in shown["choices"]}  # type: ignore[attr-defined]
        for said in tiles:
            assert said["label"].startswith(f"{said['tile']}, ")
            if said["tile"] in fits:
                assert said["label"].startswith(f"{said['tile']}, can be played on the ")
                assert said["refused"] is None
                assert all(end not in said["ends"] for end in fits[said["tile"]])
            else:
                assert said["label"].endswith("cannot be played: it fits no open end")
                assert said["refused"] == f"{said['tile']} fits no open end."
            assert said["wait"] == f"{said['tile']}: wait for your turn."
            assert said["drop"] == f"Drop {said['tile']} on a lit end."

    def test_a_refused_end_is_the_engines_refusal(self) -> None:
        match, shown = self.picture_at_a_choice()
        tiles = shown["words"]["tiles"]  # type: ignore[index]
        said = next(t for t in tiles if t["ends"])
        for end, sentence in said["ends"].items():
            reason = str(match.state.illegal(Move(Tile.parse(said["tile"]), end)))
            assert sentence == endwords.refusal(reason)
            assert "does not fit the" in sentence

    def test_another_seats_turn_says_not_your_turn(self) -> None:
        match, _ = self.picture_at_a_choice()
        other = 1 - (match.turn or 0)
        tiles = pictures.picture(match, info_for(match), other)["words"]["tiles"]
        assert tiles and all(t["label"].endswith("cannot be played now: not your turn")
                             and t["refused"] is None and t["ends"] == {} for t in tiles)

    def test_the_last_move_has_a_short_form(self) -> None:
        _, shown = self.picture_at_a_choice()
        said = shown["words"]
        assert said["last"] and said["last_short"]  # type: ignore[index]
        assert len(said["last_short"]) < len(said["last"])  # type: ignore[index]


def test_the_hint_sentence_is_the_servers() -> None:
    assert endwords.hint_sentence("6|3 on the right scores 15") == (
        "Hint: 6|3 on the right scores 15.")

