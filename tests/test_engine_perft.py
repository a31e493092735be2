"""Count tests in the manner of chess perft: the number of move sequences from fixed deals.

``perft(state, d)`` is the number of sequences of exactly ``d`` legal moves (every lay on every
end it fits, every draw and pass) from ``state``; a hand that ends sooner adds nothing, as a mate
does in chess.  Each case pins the counts for every depth up to its last, the sum of all seats'
scores over the positions at the last depth and how many of those positions have ended the hand,
so a change to move generation, the layout or scoring shows here.

The engine computed these numbers first, so they are also counted again, to the last depth, by
the independent model of the rule book in ``tests/support/model.py`` (which shares no code
with the engine), and so are the whole hands at the end.

The deals were dealt by seeds (noted beside each) when the numbers were computed and are written
out, so these counts depend on the rules alone and never on the shuffle (golden files pin that).
Hands are listed by seat; the boneyard in draw order.  The automatic opening tile is laid first
(or, with ``leader``, that seat leads any tile).
"""

from __future__ import annotations

import copy
import functools
import json
from collections import Counter
from typing import Any, NamedTuple

import pytest

from doublesix import HandResult, Match, Move, Rules, State, Tile
from tests.support.deals import rest_of_set
from tests.support.model import Model


class Case(NamedTuple):
    variant: str
    options: dict[str, Any]
    leader: int | None
    hands: list[str]
    boneyard: str
    counts: list[int]
    score_sum: int
    ended: int


CASES = [
    # seed 1.  6|6 is in the boneyard: 5|5 opens (seat 0); seat 1 lays 6|5 on either end: 2.
    Case("draw", {}, None,
         ["6|3 6|1 5|5 3|3 3|2 2|2 1|0", "6|5 6|0 4|3 4|2 4|0 3|0 1|1"],
         "2|1 0|0 6|6 5|4 5|0 4|4 5|3 5|1 3|1 4|1 5|2 2|0 6|2 6|4",
         [2, 4, 6, 6, 10, 14, 16, 18, 24, 40, 70, 182, 376, 988, 1374], 0, 0),
    # seed 2.  Seat 1 opens 6|6; seat 2 holds 6|2 6|1 6|0, each on either end: 6.
    Case("block", {"players": 3}, None,
         ["6|3 5|5 5|4 4|1 4|0 3|3 2|1", "6|6 6|4 5|1 3|2 3|1 3|0 2|0",
          "6|2 6|1 6|0 5|3 5|2 4|4 1|0"],
         "6|5 4|3 4|2 2|2 1|1 5|0 0|0",
         [6, 14, 50, 142, 388, 1050, 2494, 5776], 1152, 32),
    # seed 2
    Case("all-fives", {"players": 4}, None,
         ["6|3 5|5 5|4 4|1 4|0 3|3 2|1", "6|6 6|4 5|1 3|2 3|1 3|0 2|0",
          "6|2 6|1 6|0 5|3 5|2 4|4 1|0", "6|5 5|0 4|3 4|2 2|2 1|1 0|0"],
         "",
         [6, 16, 48, 146, 444, 1174, 3512], 28950, 0),
    # seed 3, a free lead for seat 0: any of its 7 tiles.
    Case("all-fives", {}, 0,
         ["5|5 5|1 4|4 2|2 2|1 1|1 1|0", "6|6 6|5 6|4 6|0 5|4 3|1 2|0"],
         "3|3 3|0 5|3 6|3 3|2 5|0 5|2 6|1 6|2 0|0 4|1 4|2 4|3 4|0",
         [7, 20, 44, 97, 163, 377, 579, 1020, 1394, 1852, 2450, 3309], 35020, 0),
    # seed 1: the first case's deal under Muggins (the spinner's arms add moves at depth 14).
    Case("muggins", {}, None,
         ["6|3 6|1 5|5 3|3 3|2 2|2 1|0", "6|5 6|0 4|3 4|2 4|0 3|0 1|1"],
         "2|1 0|0 6|6 5|4 5|0 4|4 5|3 5|1 3|1 4|1 5|2 2|0 6|2 6|4",
         [2, 4, 6, 6, 10, 14, 16, 18, 24, 40, 70, 182, 376, 992, 1438], 27560, 0),
    # seed 2.  6|6 is the spinner with all four ends open: 6|2 6|1 6|0 on four ends: 12.
    Case("muggins", {"players": 3, "spinner_arms": "immediate"}, None,
         ["6|3 5|5 5|4 4|1 4|0 3|3 2|1", "6|6 6|4 5|1 3|2 3|1 3|0 2|0",
          "6|2 6|1 6|0 5|3 5|2 4|4 1|0"],
         "6|5 4|3 4|2 2|2 1|1 5|0 0|0",
         [12, 52, 324, 2044, 8800], 120220, 0),
    # seed 1
    Case("muggins", {"players": 4}, None,
         ["6|3 6|1 5|5 3|3 3|2 2|2 1|0", "6|5 6|0 4|3 4|2 4|0 3|0 1|1",
          "6|6 5|4 5|3 5|0 4|4 2|1 0|0", "6|4 6|2 5|2 5|1 4|1 3|1 2|0"],
         "",
         [4, 12, 74, 278, 1608, 7696], 79850, 0),
    # seed 2
    Case("draw", {"set": 9}, None,
         ["9|4 8|6 8|3 5|4 4|1 4|0 2|1", "9|5 9|0 8|4 8|1 6|3 5|5 3|3"],
         "3|2 9|7 5|1 9|1 3|1 2|0 3|0 8|0 6|4 6|6 5|2 6|1 8|5 6|0 9|3 1|0 9|2 7|1 8|7 7|5 5|3 "
         "7|3 8|2 9|6 6|2 9|9 7|7 4|4 8|8 7|2 6|5 7|6 9|8 4|3 4|2 7|0 2|2 1|1 5|0 7|4 0|0",
         [2, 4, 12, 26, 46, 74, 160, 238, 378, 518, 658, 770, 780, 758, 774], 0, 0),
    # seed 2
    Case("block", {"set": 12, "players": 3}, None,
         ["12|12 12|5 11|11 9|4 8|6 8|3 4|1", "12|9 12|8 12|3 10|8 10|4 5|4 2|1",
          "12|10 12|4 12|0 8|4 8|1 5|5 4|0"],
         "9|0 9|5 3|3 6|3 11|10 10|0 11|1 10|6 10|9 3|2 9|7 10|2 5|1 10|3 9|1 3|1 11|6 2|0 "
         "11|3 3|0 8|0 6|4 6|6 5|2 6|1 11|7 8|5 6|0 9|3 1|0 9|2 7|1 11|8 12|1 10|1 8|7 11|4 "
         "12|6 7|5 5|3 7|3 10|10 8|2 9|6 6|2 11|0 11|9 9|9 12|7 7|7 4|4 8|8 12|11 7|2 6|5 "
         "10|5 7|6 9|8 4|3 4|2 7|0 11|5 2|2 12|2 1|1 10|7 11|2 5|0 7|4 0|0",
         [6, 22, 46, 108, 268, 442, 852, 1718, 2400, 3940], 15482, 284),
    # seed 5
    Case("draw", {"players": 3, "set": 12}, None,
         ["12|11 11|6 10|9 9|1 7|6 6|6 4|4", "12|5 12|1 11|4 11|0 7|3 6|2 5|5",
          "12|6 11|11 10|7 10|4 8|7 7|7 6|4"],
         "10|5 12|3 10|2 3|3 5|3 6|0 5|4 12|10 9|2 8|6 7|5 7|1 3|1 9|6 9|4 11|1 11|2 7|0 "
         "12|2 8|8 10|0 12|8 6|3 1|1 5|1 12|4 8|5 2|2 5|0 7|2 11|10 8|1 12|9 7|4 4|2 8|4 4|3 "
         "3|2 10|6 3|0 9|8 11|3 10|3 11|8 10|10 10|1 11|7 8|3 11|5 8|0 9|9 4|0 0|0 6|1 2|0 "
         "4|1 9|5 2|1 8|2 10|8 11|9 9|0 9|7 12|7 9|3 12|0 5|2 6|5 12|12 1|0",
         [4, 14, 26, 54, 80, 116, 154, 168, 186, 208, 242, 300, 392, 492, 698], 0, 0),
]  # fmt: skip


def start(case: Case) -> State:
    rules = Rules.variant(case.variant, **case.options)
    state = State.from_deal(
        rules, [h.split() for h in case.hands], case.boneyard.split(), leader=case.leader
    )
    if case.leader is None:
        (opening,) = state.legal_moves()
        state = state.play(opening)
    return state


def perft(state: State, depth: int) -> int:
    """The number of sequences of exactly ``depth`` legal moves from ``state``."""
    if depth == 0:
        return 1
    moves = state.legal_moves()
    if depth == 1:
        return len(moves)
    return sum(perft(state.play(move), depth - 1) for move in moves)


def leaves(state: State, depth: int) -> list[State]:
    """The position at the end of every sequence that ``perft`` counts."""
    if depth == 0:
        return [state]
    return [leaf for move in state.legal_moves() for leaf in leaves(state.play(move), depth - 1)]


def case_id(case: Case) -> str:
    options = ",".join(f"{k}={v}" for k, v in case.options.items())
    lead = "" if case.leader is None else f",leader={case.leader}"
    return f"{case.variant}[{options}{lead}]"


class TestPerft:
    @pytest.mark.parametrize("case", CASES, ids=case_id)
    def test_sequence_counts(self, case: Case) -> None:
        state = start(case)
        assert [perft(state, d) for d in range(1, len(case.counts) + 1)] == case.counts
        last = leaves(state, len(case.counts))
        assert len(last) == case.counts[-1]
        assert sum(sum(s.scores) for s in last) == case.score_sum
        assert sum(1 for s in last if s.result is not None) == case.ended

    def test_the_deals_are_partitions_dealt_seven_each(self) -> None:
        for case in CASES:
            rules = Rules.variant(case.variant, **case.options)
            assert all(len(h.split()) == rules.hand_size for h in case.hands)
            assert len(case.boneyard.split()) == rules.boneyard_size

    def test_states_are_values_a_copy_is_the_same_state(self) -> None:
        state = start(CASES[1])
        again = start(CASES[1])
        assert state == again and hash(state) == hash(again)
        move = state.legal_moves()[0]
        after = state.play(move)
        assert after != state and state == again  # playing returns a new state
        assert state.play(move) == after


def match_perft(match: Match, depth: int) -> int:
    """The same count, brute force through Match: each branch on a copy made by a save."""
    if depth == 0:
        return 1
    total = 0
    save = match.to_json()
    for move in match.legal_moves():
        copy = Match.from_json(save)
        copy.play(str(move))
        total += match_perft(copy, depth - 1)
    return total


class TestPerftThroughMatch:
    def test_an_independent_recount_agrees(self) -> None:
        case = CASES[1]
        rules = Rules.variant(case.variant, **case.options)
        match = Match(rules, hands=[h.split() for h in case.hands], boneyard=case.boneyard.split())
        assert [match_perft(match, d) for d in (1, 2, 3, 4, 5)] == case.counts[:5]

    def test_the_match_starts_from_the_same_state(self) -> None:
        for case in CASES:
            if case.leader is not None:
                continue
            rules = Rules.variant(case.variant, **case.options)
            match = Match(
                rules, hands=[h.split() for h in case.hands], boneyard=case.boneyard.split()
            )
            assert match.state == start(case)
            assert json.loads(match.to_json())["hands"][0]["boneyard"] == case.boneyard.split()


class Whole(NamedTuple):
    variant: str
    options: dict[str, Any]
    hands: list[str]
    complete: int
    winners: dict[int | None, int]
    blocked: int
    score_sum: int


# Every way to play a small hand out to its end: how many, who wins, how many are blocked and
# the sum of the final scores over all of them.  Block rules: the rest of the set is out of play.
WHOLE_HANDS = [
    Whole("block", {"hand_size": 5}, ["5|5 5|4 4|1 4|0 2|1", "6|3 5|1 3|3 3|2 3|1"],
          54, {0: 34, 1: 20}, 26, 490),
    Whole("muggins", {"hand_size": 5, "drawing": False},
          ["5|5 5|4 4|1 4|0 2|1", "6|3 5|1 3|3 3|2 3|1"], 54, {0: 34, 1: 20}, 26, 1254),
    Whole("all-fives", {"hand_size": 5, "players": 3, "drawing": False},
          ["6|3 6|1 5|5 3|3 3|2", "6|0 4|0 2|2 1|1 1|0", "6|5 4|3 4|2 3|0 2|1"],
          58, {0: 14, 1: 26, 2: 16, None: 2}, 36, 2300),
    Whole("muggins", {"hand_size": 4, "players": 3, "drawing": False,
                      "spinner_arms": "immediate"},
          ["4|4 4|1 4|0 0|0", "6|2 5|5 5|2 3|2", "5|3 4|2 1|1 1|0"], 144, {1: 144}, 0, 5480),
]  # fmt: skip


def complete_hands(state: State) -> list[State]:
    moves = state.legal_moves()
    if not moves:
        return [state]
    return [end for move in moves for end in complete_hands(state.play(move))]


class TestWholeHands:
    @pytest.mark.parametrize("whole", WHOLE_HANDS, ids=lambda w: f"{w.variant}{w.options}")
    def test_every_way_to_play_out_a_hand(self, whole: Whole) -> None:
        rules = Rules.variant(whole.variant, **whole.options)
        hands = [h.split() for h in whole.hands]
        state = State.from_deal(rules, hands, rest_of_set(6, sum(hands, [])))  # noqa: RUF017
        (opening,) = state.legal_moves()
        ends = complete_hands(state.play(opening))
        assert len(ends) == whole.complete
        results = [s.result for s in ends]
        assert all(r is not None for r in results)
        assert Counter(r.winner for r in results if r) == whole.winners
        assert sum(1 for r in results if r and r.blocked) == whole.blocked
        assert sum(sum(s.scores) for s in ends) == whole.score_sum


# -- the same counts by the independent model ----------------------------------------------

#: What the model holds that never changes in place: shared between copies.
_FROZEN = (Tile, HandResult, Rules, int, str, tuple, frozenset, type(None))


def _thaw(value: object) -> object:
    """A copy of ``value`` with every list, dict and set in it copied (tiles, numbers, tuples
    and rules are immutable and shared)."""
    if isinstance(value, _FROZEN):
        return value
    if isinstance(value, list):
        return [v if isinstance(v, _FROZEN) else _thaw(v) for v in value]
    if isinstance(value, dict):
        return {k: v if isinstance(v, _FROZEN) else _thaw(v) for k, v in value.items()}
    if isinstance(value, set):
        return set(value)
    raise TypeError(f"cannot copy {value!r}: a new kind of field in the model?")


@functools.cache
def _move(text: str) -> Move:
    return Move.parse(text)


def fork(model: Model) -> Model:
    """An independent copy of the model's hand (it changes in place as it plays)."""
    twin = copy.copy(model)
    for name, value in vars(model).items():
        setattr(twin, name, _thaw(value))
    return twin


def model_start(rules: Rules, hands: list[list[str]], boneyard: list[str],
                leader: int | None) -> Model:  # fmt: skip
    """The model of a hand dealt so, opened by the rule book: the top-ranked tile in any hand
    (doubles first, then pips, then the high half) laid for its holder, or, with ``leader``,
    that seat to lead any tile."""
    dealt = [[Tile.parse(t) for t in hand] for hand in hands]
    model = Model(rules, dealt, [Tile.parse(t) for t in boneyard], [0] * rules.players)
    if leader is not None:
        model.turn = leader
        return model
    top = max((t for hand in dealt for t in hand), key=lambda t: (t.is_double, t.pips, t.high))
    model.turn = next(seat for seat, hand in enumerate(dealt) if top in hand)
    model.play(Move(top))
    return model


def model_tree(model: Model, depth: int, counts: list[int], last: list[Model]) -> None:
    """Walk every sequence of legal moves from ``model`` to ``len(counts)`` moves, adding the
    positions reached after each number of moves to ``counts`` and the last ones to ``last``."""
    if depth == len(counts):
        last.append(model)
        return
    for text in model.legal_moves():
        child = fork(model)
        child.play(_move(text))
        counts[depth] += 1
        model_tree(child, depth + 1, counts, last)


def model_ends(model: Model) -> list[Model]:
    """Every way the model's hand can be played to its end."""
    if model.turn is None:
        return [model]
    ends = []
    for text in model.legal_moves():
        child = fork(model)
        child.play(_move(text))
        ends.extend(model_ends(child))
    return ends


class TestPerftByTheModel:
    """The pinned numbers, counted again by the model of the rule book."""

    @pytest.mark.parametrize("case", CASES, ids=case_id)
    def test_the_model_counts_the_same(self, case: Case) -> None:
        rules = Rules.variant(case.variant, **case.options)
        hands = [h.split() for h in case.hands]
        model = model_start(rules, hands, case.boneyard.split(), case.leader)
        counts = [0] * len(case.counts)
        last: list[Model] = []
        model_tree(model, 0, counts, last)
        assert counts == case.counts
        assert sum(sum(m.scores) for m in last) == case.score_sum
        assert sum(1 for m in last if m.result is not None) == case.ended

    @pytest.mark.parametrize("whole", WHOLE_HANDS, ids=lambda w: f"{w.variant}{w.options}")
    def test_every_way_to_play_out_a_hand(self, whole: Whole) -> None:
        rules = Rules.variant(whole.variant, **whole.options)
        hands = [h.split() for h in whole.hands]
        rest = rest_of_set(6, sum(hands, []))  # noqa: RUF017
        ends = model_ends(model_start(rules, hands, rest, None))
        assert len(ends) == whole.complete
        results = [m.result for m in ends]
        assert all(r is not None for r in results)
        assert Counter(r.winner for r in results if r) == whole.winners
        assert sum(1 for r in results if r and r.blocked) == whole.blocked
        assert sum(sum(m.scores) for m in ends) == whole.score_sum

    def test_a_copy_of_the_model_is_independent(self) -> None:
        case = CASES[0]
        rules = Rules.variant(case.variant, **case.options)
        model = model_start(rules, [h.split() for h in case.hands], case.boneyard.split(), None)
        before = (model.hands[1][:], model.open_ends(), model.turn)
        child = fork(model)
        child.play(Move.parse(sorted(child.legal_moves())[0]))
        assert (model.hands[1], model.open_ends(), model.turn) == before
        assert child.turn != model.turn
