"""Notation (tiles, moves, options) and bad input: every mistake raises a typed error that names
what was wrong, and leaves the match as it was."""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from doublesix import (
    VARIANTS,
    AmbiguousMoveError,
    IllegalMoveError,
    InvalidMoveError,
    Match,
    MatchStateError,
    Move,
    Rules,
    Tile,
)
from doublesix.engine.match import SAVE_VERSION
from doublesix.engine.rules import RuleError
from tests.support.deals import sizes


def whole_set(top: int) -> list[str]:
    return [f"{high}|{low}" for high in range(top, -1, -1) for low in range(high, -1, -1)]


class TestTileNotation:
    def test_either_half_first_and_either_separator(self) -> None:
        assert Tile(6, 4) == Tile(4, 6) == Tile.parse("6|4") == Tile.parse("4|6")
        assert Tile.parse("6-4") == Tile.parse("4-6") == Tile(6, 4)

    def test_text_and_fields(self) -> None:
        tile = Tile(4, 6)
        assert str(tile) == "6|4"
        assert (tile.high, tile.low, tile.pips, tile.is_double) == (6, 4, 10, False)
        assert Tile(5, 5).is_double and Tile(5, 5).pips == 10
        assert str(Tile(0, 12)) == "12|0"

    def test_repr_is_valid_code(self) -> None:
        for text in whole_set(12):
            tile = Tile.parse(text)
            assert eval(repr(tile)) == tile
            assert Tile.parse(str(tile)) == tile

    def test_tiles_are_values(self) -> None:
        assert hash(Tile(6, 4)) == hash(Tile.parse("4|6"))
        assert len({Tile(6, 4), Tile(4, 6), Tile.parse("6-4")}) == 1
        with pytest.raises(AttributeError):
            Tile(6, 4).high = 5

    @pytest.mark.parametrize(
        ("text", "named"),
        [("7|x", "7|x"), ("13|1", "13"), ("", "''"), ("6|", "6|"), ("6|4|2", "6|4|2"),
         ("-1|2", "-1|2")],
    )  # fmt: skip
    def test_malformed_tiles(self, text: str, named: str) -> None:
        with pytest.raises(ValueError, match=named.replace("|", r"\|")):
            Tile.parse(text)

    def test_halves_out_of_range(self) -> None:
        with pytest.raises(ValueError, match="13"):
            Tile(13, 1)
        with pytest.raises(ValueError, match="-1"):
            Tile(-1, 2)


class TestMoveNotation:
    @pytest.mark.parametrize(
        ("text", "tile", "end"),
        [("6|4 left", Tile(6, 4), "left"), ("4|6 right", Tile(6, 4), "right"),
         ("6-4 up", Tile(6, 4), "up"), ("5|5 down", Tile(5, 5), "down"), ("6|4", Tile(6, 4), None),
         ("12|11 left", Tile(12, 11), "left")],
    )  # fmt: skip
    def test_lays(self, text: str, tile: Tile, end: str | None) -> None:
        move = Move.parse(text)
        assert (move.tile, move.end) == (tile, end)
        assert Move.parse(str(move)) == move
        assert move == Move(tile, end)

    def test_draw_and_pass(self) -> None:
        assert Move.parse("draw") == Move.draw() and str(Move.draw()) == "draw"
        assert Move.parse("pass") == Move.pass_() and str(Move.pass_()) == "pass"
        assert Move.draw().tile is None and Move.pass_().end is None

    def test_repr_is_valid_code(self) -> None:
        for move in [Move.parse("6|4 left"), Move.parse("5|5"), Move.draw(), Move.pass_()]:
            assert eval(repr(move)) == move

    @pytest.mark.parametrize(
        ("text", "named"),
        [("6|4 sideways", "sideways"), ("jump", "jump"), ("", "''"), ("7|x left", "7|x"),
         ("13|1 left", "13|1"), ("6|4 left left", "6|4 left left")],
    )  # fmt: skip
    def test_malformed_moves(self, text: str, named: str) -> None:
        with pytest.raises(InvalidMoveError, match=named.replace("|", r"\|")):
            Move.parse(text)

    def test_an_unknown_end(self) -> None:
        with pytest.raises(InvalidMoveError, match="side"):
            Move(Tile(6, 4), "side")

    def test_illegal_move_error_is_a_value_error(self) -> None:
        assert issubclass(IllegalMoveError, ValueError)
        # The python-chess model: each mistake its own type, all caught as IllegalMoveError.
        assert issubclass(InvalidMoveError, IllegalMoveError)
        assert issubclass(AmbiguousMoveError, IllegalMoveError)

    @pytest.mark.parametrize(("variant", "players", "top"), [
        (variant, players, top) for variant in VARIANTS
        for players, top in [(2, 6), (3, 9), (4, 12), (4, 6)] if players in sizes(variant)])
    def test_every_move_ever_legal_round_trips(self, variant: str, players: int, top: int) -> None:
        rules = Rules.variant(variant, players=players, set=top)
        rng = random.Random(f"{variant}/{players}/{top}")
        seen: set[Move] = set()
        for seed in range(3):
            match = Match(rules, seed=seed)
            while not match.is_over:
                if match.turn is None:
                    match.next_hand()
                    continue
                moves = match.legal_moves()
                seen.update(moves)
                match.play(rng.choice(moves))
        assert len(seen) > 20
        for move in seen:
            assert Move.parse(str(move)) == move
            assert eval(repr(move)) == move


OPTION_TABLE: dict[str, dict[str, object]] = {
    # RULES.md, "The named variants".
    "draw": dict(drawing=True, scoring="pips", spinner=False, blocked_minus_own=True,
                 blocked_tie="draw", lead="highest-double", target=100),
    "block": dict(drawing=False, scoring="pips", spinner=False, blocked_minus_own=True,
                  blocked_tie="draw", lead="highest-double", target=100),
    "all-fives": dict(drawing=True, scoring="fives", spinner=False, rounding="nearest",
                      blocked_minus_own=False, blocked_tie="draw", lead="winner", target=100),
    "muggins": dict(drawing=True, scoring="fives", spinner=True, spinner_arms="after-sides",
                    rounding="down", blocked_minus_own=True, blocked_tie="fewer-tiles",
                    lead="highest-double", target=100),
    "partnership": dict(players=4, teams=True, team_points="all", drawing=False,
                        scoring="pips", spinner=False, blocked_minus_own=False,
                        blocked_tie="draw", lead="winner", target=100),
}  # fmt: skip


class TestRulesOptions:
    @pytest.mark.parametrize("variant", VARIANTS)
    def test_presets_follow_the_rule_book(self, variant: str) -> None:
        rules = Rules.variant(variant)
        expected = {"players": 2, "set": 6, "hand_size": 7, **OPTION_TABLE[variant]}
        assert {name: getattr(rules, name) for name in expected} == expected

    @pytest.mark.parametrize(
        ("option", "value"),
        [("players", 4), ("set", 12), ("hand_size", 5), ("target", 0), ("drawing", False),
         ("scoring", "fives"), ("spinner", True), ("spinner_arms", "immediate"),
         ("rounding", "down"), ("blocked_minus_own", False), ("blocked_tie", "fewer-tiles"),
         ("lead", "winner")],
    )  # fmt: skip
    def test_every_option_overrides_and_reads_back(self, option: str, value: object) -> None:
        for variant in VARIANTS:
            assert getattr(Rules.variant(variant, **{option: value}), option) == value

    def test_an_option_without_effect_reads_back_its_preset(self) -> None:
        assert Rules.variant("draw", rounding="down").rounding == "down"
        assert Rules.variant("draw").rounding in ("nearest", "down")

    def test_rules_are_immutable_values(self) -> None:
        rules = Rules.variant("muggins", players=3)
        assert rules == Rules.variant("muggins", players=3)
        assert hash(rules) == hash(Rules.variant("muggins", players=3))
        with pytest.raises(AttributeError):
            rules.players = 4  # type: ignore[misc]

    @pytest.mark.parametrize(
        "options",
        [{"players": 5}, {"players": 1}, {"set": 7}, {"scoring": "fivez"}, {"spinner": "yes"},
         {"spinner_arms": "later"}, {"rounding": "up"}, {"blocked_tie": "coin"},
         {"lead": "loser"}, {"blocked_minus_own": None}, {"drawing": 1}, {"target": -5},
         {"target": "100"}, {"hand_size": 0}, {"players": True}],
    )  # fmt: skip
    def test_a_bad_value_names_the_option_and_the_value(self, options: dict[str, Any]) -> None:
        ((option, value),) = options.items()
        with pytest.raises(RuleError) as raised:
            Rules.variant("draw", **options)
        assert raised.value.field == option and str(value) in str(raised.value)
        assert isinstance(raised.value, ValueError)

    @pytest.mark.parametrize(
        ("options", "field", "words"),
        [({"players": 5}, "players", "A game has 2 to 4 players, not 5."),
         ({"set": 7}, "set", "The set is double-6, double-9 or double-12, not double-7."),
         ({"hand_size": 0}, "hand_size", "Each player is dealt at least 1 tile, not 0."),
         ({"players": 4, "hand_size": 8}, "hand_size",
          "A double-six set of 28 tiles cannot deal 8 tiles to each of 4 players."),
         ({"players": 3, "teams": True}, "players",
          "Partners play four at a table, two against two, not 3."),
         ({"target": -5}, "target", "Points to win is 0 (one hand) or more, not -5.")],
    )  # fmt: skip
    def test_rules_a_person_can_choose_are_refused_in_their_words(
        self, options: dict[str, Any], field: str, words: str
    ) -> None:
        """Issue 29: the refusal names the option at fault as ``field`` and says why without
        the option's internal name (the new-game form shows it next to that field)."""
        with pytest.raises(RuleError) as raised:
            Rules.variant("draw", **options)
        assert (raised.value.field, str(raised.value)) == (field, words)
        for internal in ("hand_size", "rule option", "teams"):
            assert internal not in str(raised.value)

    def test_an_unknown_option_is_named(self) -> None:
        with pytest.raises(ValueError, match="'colour'"):
            Rules.variant("draw", colour="red")
        with pytest.raises(ValueError, match="'colour'"):
            Rules.variant("draw").replace(colour="red")

    def test_a_hand_size_the_set_cannot_deal(self) -> None:
        with pytest.raises(ValueError, match="cannot deal 8 tiles to each of 4 players"):
            Rules.variant("draw", players=4, hand_size=8)
        assert Rules.variant("draw", players=4, hand_size=7).boneyard_size == 0
        assert Rules.variant("draw", set=12, players=4, hand_size=22).boneyard_size == 3

    def test_an_unknown_variant(self) -> None:
        with pytest.raises(ValueError, match="'fives'"):
            Rules.variant("fives")


def played_match() -> Match:
    """A Draw match a few moves into its first hand."""
    match = Match(Rules.variant("draw"), seed=3)
    for _ in range(5):
        match.play(match.legal_moves()[0])
    assert match.turn is not None
    return match


def unchanged(
    match: Match, action: Callable[[], object], error: type[Exception], named: str
) -> None:
    """``action`` raises ``error`` with ``named`` in its message and leaves ``match`` as it was."""
    before = (match.to_json(), match.history, match.legal_moves(), match.turn, match.scores)
    with pytest.raises(error, match=named) as raised:
        action()
    assert str(raised.value)
    after = (match.to_json(), match.history, match.legal_moves(), match.turn, match.scores)
    assert after == before


class TestIllegalMoves:
    def test_malformed_text(self) -> None:
        match = played_match()
        unchanged(match, lambda: match.play("6|4 sideways"), IllegalMoveError, "sideways")
        unchanged(match, lambda: match.play("jump"), IllegalMoveError, "jump")
        unchanged(match, lambda: match.play(""), IllegalMoveError, "not a move")

    def test_not_a_move_at_all(self) -> None:
        match = played_match()
        unchanged(match, lambda: match.play(5), IllegalMoveError, "5")  # type: ignore[arg-type]
        unchanged(match, lambda: match.play(None), IllegalMoveError, "None")  # type: ignore[arg-type]

    def test_a_tile_not_in_the_hand(self) -> None:
        match = played_match()
        seat = match.turn
        assert seat is not None
        other = match.hands[1 - seat][0]
        unchanged(match, lambda: match.play(f"{other} left"), IllegalMoveError, str(other))
        unchanged(match, lambda: match.play("9|9 left"), IllegalMoveError, "9|9")

    def test_a_tile_on_an_end_it_does_not_fit_or_a_closed_end(self) -> None:
        rules = Rules.variant("block", hand_size=3)
        match = Match(rules, hands=[["6|6", "6|5", "1|0"], ["6|2", "4|4", "3|2"]],
                      boneyard=[t for t in whole_set(6) if t not in
                                ("6|6", "6|5", "1|0", "6|2", "4|4", "3|2")])  # fmt: skip
        unchanged(match, lambda: match.play("4|4 left"), IllegalMoveError, "4|4")
        unchanged(match, lambda: match.play("6|2 up"), IllegalMoveError, "up")
        # 6|2 fits both ends (both show 6): without an end it is ambiguous.
        unchanged(match, lambda: match.play("6|2"), AmbiguousMoveError, "more than one end")
        with pytest.raises(AmbiguousMoveError) as raised:
            match.play("6|2")
        assert raised.value.moves == (Move.parse("6|2 left"), Move.parse("6|2 right"))
        # A tile that is not in the hand, or on an end it does not fit, is neither.
        for text in ("4|4 left", "5|5 left", "6|2 up"):
            with pytest.raises(IllegalMoveError) as other:
                match.play(text)
            assert type(other.value) is IllegalMoveError, text

    def test_bad_notation_is_an_invalid_move(self) -> None:
        match = played_match()
        unchanged(match, lambda: match.play("6|4 sideways"), InvalidMoveError, "sideways")
        unchanged(match, lambda: match.play("jump"), InvalidMoveError, "jump")

    def test_drawing_or_passing_while_a_tile_fits(self) -> None:
        match = played_match()
        assert match.legal_moves()[0].tile is not None
        unchanged(match, lambda: match.play("draw"), IllegalMoveError, "draw")
        unchanged(match, lambda: match.play("pass"), IllegalMoveError, "pass")

    def test_a_move_after_the_hand_is_over(self) -> None:
        match = played_match()
        while match.turn is not None:
            match.play(match.legal_moves()[0])
        unchanged(match, lambda: match.play("pass"), IllegalMoveError, "over")

    def test_illegal_moves_in_every_position_change_nothing(self) -> None:
        rng = random.Random(5)
        everything = [Move.draw(), Move.pass_()] + [
            Move(Tile.parse(t), end) for t in whole_set(6) for end in (None, "left", "right", "up")
        ]
        for variant in VARIANTS:
            match = Match(Rules.variant(variant, target=0), seed=8)
            while match.turn is not None:
                legal = match.legal_moves()
                illegal = [m for m in everything if m not in legal]
                # A lay written without an end is legal when its tile fits exactly one end.
                illegal = [m for m in illegal if not any(lm.tile == m.tile for lm in legal)
                           or m.end is not None]  # fmt: skip
                for move in rng.sample(illegal, 3):
                    unchanged(match, functools.partial(match.play, move), IllegalMoveError, ".")
                match.play(rng.choice(legal))


class TestBadDeals:
    RULES = Rules.variant("draw")
    TILES = whole_set(6)

    def deal(self, hands: Any, boneyard: Any) -> Match:
        return Match(self.RULES, hands=hands, boneyard=boneyard)

    def test_a_missing_tile(self) -> None:
        t = self.TILES
        with pytest.raises(ValueError, match=r"missing 0\|0"):
            self.deal([t[:7], t[7:14]], t[14:27])

    def test_a_duplicate_tile(self) -> None:
        t = self.TILES
        with pytest.raises(ValueError, match=rf"{t[6].replace('|', '[|]')} twice"):
            self.deal([t[:7], t[6:13]], t[13:])
        with pytest.raises(ValueError, match="twice"):
            self.deal([t[:7], t[7:14]], [*t[14:], t[3]])

    def test_the_wrong_number_of_hands(self) -> None:
        t = self.TILES
        with pytest.raises(ValueError, match="one hand for each of the 2 players"):
            self.deal([t[:7], t[7:14], t[14:21]], t[21:])
        with pytest.raises(ValueError, match="2 players"):
            self.deal([t[:7]], t[7:])

    def test_a_tile_outside_the_set(self) -> None:
        t = self.TILES
        with pytest.raises(ValueError, match=r"7\|1"):
            self.deal([t[:7], t[7:14]], [*t[14:], "7|1"])
        with pytest.raises(ValueError, match=r"9\|9"):
            Match(Rules.variant("draw", set=6), hands=[["9|9", *t[1:7]], t[7:14]],
                  boneyard=t[14:])  # fmt: skip

    def test_a_malformed_tile(self) -> None:
        t = self.TILES
        with pytest.raises(ValueError, match=r"7\|x"):
            self.deal([t[:7], t[7:14]], [*t[14:], "7|x"])

    def test_a_string_for_a_list(self) -> None:
        t = self.TILES
        with pytest.raises(ValueError, match="hand 0"):
            self.deal(["6|6", t[7:14]], t[14:])
        with pytest.raises(ValueError, match="boneyard"):
            self.deal([t[:7], t[7:14]], "6|6")

    def test_other_bad_arguments(self) -> None:
        with pytest.raises(ValueError, match="seed"):
            Match(self.RULES, seed="x")  # type: ignore[arg-type]
        with pytest.raises(ValueError, match="rules"):
            Match("draw")  # type: ignore[arg-type]
        with pytest.raises(ValueError, match="seat"):
            Match(self.RULES).view(2)


class TestNextHandAtTheWrongTime:
    def test_while_the_hand_is_in_play(self) -> None:
        match = played_match()
        unchanged(match, match.next_hand, MatchStateError, "still in play")
        assert issubclass(MatchStateError, ValueError)

    def test_after_the_match_is_over(self) -> None:
        match = Match(Rules.variant("block", target=0), seed=2)
        while match.turn is not None:
            match.play(match.legal_moves()[0])
        assert match.is_over
        unchanged(match, match.next_hand, MatchStateError, "over")


def a_save() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(played_match().to_json())
    return data


class TestBadSaves:
    def test_a_save_round_trips(self) -> None:
        match = played_match()
        again = Match.from_json(match.to_json())
        assert again.to_json() == match.to_json()
        assert isinstance(json.loads(match.to_json())["version"], int)

    @pytest.mark.parametrize(
        ("text", "named"),
        [("nope", "not a doublesix save"), ("[1, 2]", "JSON object"), ("{}", "version"),
         ('{"version": "1"}', "version")],
    )  # fmt: skip
    def test_not_a_save(self, text: str, named: str) -> None:
        with pytest.raises(ValueError, match=named):
            Match.from_json(text)

    def test_a_newer_version(self) -> None:
        newer = SAVE_VERSION + 1  # version 2 (a resigned match) is read since issue 27
        with pytest.raises(ValueError, match=f"version {newer}, newer"):
            Match.from_json(json.dumps({**a_save(), "version": newer}))

    def test_a_version_no_release_wrote(self) -> None:
        with pytest.raises(ValueError, match="version 0"):
            Match.from_json(json.dumps({**a_save(), "version": 0}))

    @pytest.mark.parametrize(
        ("change", "named"),
        [(lambda moves: [*moves[:1], "0|0 up"], "move 2"),
         (lambda moves: [*moves[:2], "fly", *moves[2:]], "fly"),
         (lambda moves: 5, "corrupt"),
         (lambda moves: "abc", "corrupt"),
         (lambda moves: [*moves, "draw"], "draw")],
    )  # fmt: skip
    def test_a_corrupt_move_list(self, change: Callable[[list[str]], object], named: str) -> None:
        data = a_save()
        data["hands"][0]["moves"] = change(data["hands"][0]["moves"])
        with pytest.raises(ValueError, match=named):
            Match.from_json(json.dumps(data))

    @pytest.mark.parametrize(
        ("change", "named"),
        [(lambda d: d["hands"][0].pop("boneyard"), "boneyard"),
         (lambda d: d["hands"][0]["boneyard"].pop(0), "missing"),
         (lambda d: d["rules"].__setitem__("players", 7), "players"),
         (lambda d: d["rules"].__setitem__("colour", 1), "colour"),
         (lambda d: d.__setitem__("seed", "x"), "seed"),
         (lambda d: d.__setitem__("hands", []), "no hands"),
         (lambda d: d.__setitem__("format", "chess"), "format"),
         (lambda d: d["hands"].append(d["hands"][0]), "did not end")],
    )  # fmt: skip
    def test_a_corrupt_record(self, change: Callable[[dict[str, Any]], object], named: str) -> None:
        data = a_save()
        change(data)
        with pytest.raises(ValueError, match=named):
            Match.from_json(json.dumps(data))

    @pytest.mark.parametrize(
        "scores", [["a", "b"], [1.5, 0], [-5, 0], [True, 0]], ids=["text", "float", "neg", "bool"]
    )
    def test_scores_that_are_not_whole_points(self, scores: list[object]) -> None:
        data = a_save()
        data["hands"][0]["scores"] = scores
        with pytest.raises(ValueError, match="score"):
            Match.from_json(json.dumps(data))

    def test_a_leader_that_is_not_a_seat(self) -> None:
        data = a_save()
        data["hands"][0]["leader"] = True
        with pytest.raises(ValueError, match="leader"):
            Match.from_json(json.dumps(data))

    def test_a_save_missing_the_automatic_opening_tile(self) -> None:
        data = a_save()
        data["hands"][0]["moves"] = []
        try:
            match = Match.from_json(json.dumps(data))
        except ValueError:
            return
        assert match.open_ends != {}
        assert [e.kind for e in match.history][:2] == ["hand", "lay"]
