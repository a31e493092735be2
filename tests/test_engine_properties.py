"""Property tests over random complete matches: every variant, 2 to 4 players, every set.

A random player (seeded by Hypothesis) plays whole matches through the public API while the
invariants of RULES.md and API.md are checked after every move.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Sequence

import pytest
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st

from doublesix import (
    VARIANTS,
    Ending,
    IllegalMoveError,
    Match,
    Move,
    Rules,
    State,
    TableView,
    Tile,
)
from doublesix.engine.events import Event
from tests.support.deals import sizes, whole_set
from tests.support.strategies import any_rules

SETTINGS = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=True,
)


def current_hand(events: list[Event]) -> list[Event]:
    start = max(i for i, e in enumerate(events) if e.kind == "hand")
    return events[start:]


def table(match: Match) -> list[Tile]:
    """The tiles on the table in the hand in play, from the public record."""
    return [e.tile for e in current_hand(match.history) if e.kind == "lay" and e.tile]


def all_moves(top: int) -> list[Move]:
    return [Move.draw(), Move.pass_()] + [
        Move(t, end) for t in whole_set(top) for end in ("left", "right", "up", "down")
    ]


class Checker:
    """Plays a match at random and checks every invariant on the way."""

    def __init__(self, match: Match, rng: random.Random) -> None:
        self.match = match
        self.rng = rng
        self.rules = match.rules
        self.set = whole_set(self.rules.set)
        self.moves = all_moves(self.rules.set)
        self.laid = table(match)

    def position(self) -> None:
        match, rules = self.match, self.rules
        hands, boneyard, laid = match.hands, match.boneyard, self.laid
        # Tiles conserved: hands, boneyard and table hold the whole set, each tile once.
        everything = [t for hand in hands for t in hand] + boneyard + laid
        assert Counter(everything) == Counter(self.set)
        # Legal moves exist exactly when someone is to move.
        legal = match.legal_moves()
        assert (match.turn is not None) == bool(legal)
        assert (match.turn is None) == (match.hand_result is not None)
        # A seat's view (one at random, now and then all): its own tiles, sizes, the unseen
        # tiles, a public history, sound lacks.
        seats: Sequence[int] = range(rules.players)
        if self.rng.random() > 0.1:
            seats = [self.rng.randrange(rules.players)]
        lacks = None
        for seat in seats:
            view = match.view(seat)
            assert list(view.hand) == hands[seat]
            assert list(view.hand_sizes) == [len(h) for h in hands]
            assert view.boneyard_size == len(boneyard)
            assert view.unseen == frozenset(self.set) - set(hands[seat]) - set(laid)
            assert view.scores == tuple(match.scores) and view.turn == match.turn
            assert view.open_ends == match.open_ends
            assert view.board_count == match.board_count
            assert all(e.tile is None for e in view.history if e.kind == "draw")
            assert view.legal_moves() == (legal if seat == match.turn else [])
            # lacks is sound, and the same in every seat's view.
            assert lacks is None or view.lacks == lacks
            lacks = view.lacks
            for other, lacked in enumerate(view.lacks):
                held = {n for t in hands[other] for n in (t.high, t.low)}
                assert not held & lacked, (other, lacked, hands[other])

    def illegal_move(self) -> None:
        match = self.match
        legal = match.legal_moves()
        move = self.rng.choice(self.moves)
        if move in legal:
            return
        before = match.to_json()
        with pytest.raises(IllegalMoveError):
            match.play(move)
        assert match.to_json() == before

    def save_and_load(self) -> None:
        match = self.match
        again = Match.from_json(match.to_json())
        for name in ("history", "hands", "boneyard", "scores", "turn", "hand_result",
                     "open_ends", "board_count", "is_over", "winner", "seed", "rules"):  # fmt: skip
            assert getattr(again, name) == getattr(match, name), name
        assert again.legal_moves() == match.legal_moves()
        assert again.to_json() == match.to_json()
        if match.turn is not None:
            seat = match.turn
            assert again.view(seat) == match.view(seat)

    def move(self) -> None:
        match = self.match
        before = match.scores
        seat = match.turn
        assert seat is not None
        move = self.rng.choice(match.legal_moves())
        assert Move.parse(str(move)) == move
        match.play(move)
        if move.tile is not None:
            self.laid.append(move.tile)
        after = match.scores
        # Scores never fall; the mover (and its partner, under teams) scores its board count
        # (a positive multiple of 5, under fives), and the hand's winners its points; a blocked
        # hand's winner may be another seat.
        assert all(a >= b for a, b in zip(after, before, strict=True)), (before, after)
        count = match.board_count
        counted = 0
        if move.tile is not None and self.rules.scoring == "fives" and count % 5 == 0:
            counted = count
        result = match.hand_result
        for other in range(self.rules.players):
            gain = counted if other in self.rules.teammates(seat) else 0
            if result is not None and other in result.winners:
                gain += result.points
            assert after[other] - before[other] == gain, (other, before, after)
        if self.rules.teams:
            assert after[0] == after[2] and after[1] == after[3]  # one score a team
        if result is not None and result.winner is not None and self.rules.scoring == "fives":
            # Rounded to 5, unless a blocked winner's own pips were taken off after rounding.
            assert result.points % 5 == 0 or (result.blocked and self.rules.blocked_minus_own)
        # A hand stops with its winner holding tiles only when the mover's count took it to
        # the target: it scores nothing more, and the match is over.
        if result is not None and result.ending is Ending.REACHED_TARGET:
            assert result is not None and result.winner == seat and result.points == 0
            assert self.rules.scoring == "fives" and counted and after[seat] >= self.rules.target
            assert match.is_over and seat in match.winners
        elif result is not None and result.ending is Ending.WENT_OUT:
            assert result.winner == seat and not match.hands[seat]  # it went out
        if result is not None:
            assert result.blocked == (result.ending is Ending.BLOCKED)

    def next_hand(self) -> None:
        match = self.match
        before = match.scores
        number = match.hand_number
        match.next_hand()
        assert match.scores >= before and match.hand_number == number + 1
        self.laid = table(match)

    def play_match(self, checks: bool = True) -> int:
        match = self.match
        hands = 0
        while not match.is_over:
            if match.turn is None:
                self.next_hand()
                hands += 1
                assert hands < 300, "the match does not end"
                continue
            if checks:
                self.position()
                if self.rng.random() < 0.1:
                    self.illegal_move()
                if self.rng.random() < 0.02:
                    self.save_and_load()
            self.move()
        self.position()
        self.save_and_load()
        for event in match.history:
            if event.kind == "lay":
                assert event.points >= 0 and event.points % 5 == 0
                assert event.points == 0 or self.rules.scoring == "fives"
        return hands


class TestRandomMatches:
    @SETTINGS
    @given(rules=any_rules(), seed=st.integers(0, 2**32), play=st.integers(0, 2**32))
    def test_every_invariant_holds_through_a_whole_match(
        self, rules: Rules, seed: int, play: int
    ) -> None:
        note(repr(rules))
        match = Match(rules, seed=seed)
        Checker(match, random.Random(play)).play_match()
        # Who won: under a target, the only seat (or team) at or past it; in one hand, the
        # hand's winner (its team, under teams; the match's winner is the team's lower seat).
        if rules.target:
            best = max(match.scores)
            assert best >= rules.target
            assert match.winner == match.scores.index(best)
            assert match.winners == tuple(s for s, p in enumerate(match.scores) if p == best)
            assert len(match.winners) == (2 if rules.teams else 1)
        else:
            assert match.hand_result is not None
            assert match.winners == match.hand_result.winners
            assert match.winner == (min(match.winners) if match.winners else None)

    @pytest.mark.parametrize(("variant", "players", "top"), [
        (variant, players, top) for variant in VARIANTS for players in sizes(variant)
        for top in (6, 9, 12)])  # fmt: skip
    def test_every_match_ends(self, variant: str, players: int, top: int) -> None:
        rules = Rules.variant(variant, players=players, set=top)
        rng = random.Random(f"{variant}/{players}/{top}")
        for seed in range(4):
            match = Match(rules, seed=seed)
            Checker(match, rng).play_match(checks=False)
            assert match.is_over and match.turn is None and match.legal_moves() == []
            assert match.history[-1].kind == "over"
            assert match.history[-1].seat == match.winner

    @SETTINGS
    @given(rules=any_rules(), seed=st.integers(0, 2**32), play=st.integers(0, 2**32))
    def test_board_count_scores_are_positive_multiples_of_five(
        self, rules: Rules, seed: int, play: int
    ) -> None:
        rules = rules.replace(scoring="fives")
        match = Match(rules, seed=seed)
        Checker(match, random.Random(play)).play_match(checks=False)
        for event in match.history:
            if event.kind == "lay":
                assert event.points >= 0 and event.points % 5 == 0


class TestSaves:
    @settings(max_examples=25, deadline=None, derandomize=True)
    @given(rules=any_rules(), seed=st.integers(0, 2**32), play=st.integers(0, 2**32),
           stop=st.integers(0, 400))  # fmt: skip
    def test_a_save_at_any_point_plays_on_the_same(
        self, rules: Rules, seed: int, play: int, stop: int
    ) -> None:
        match = Match(rules, seed=seed)
        rng = random.Random(play)
        for _ in range(stop):
            if match.is_over:
                break
            if match.turn is None:
                match.next_hand()
            else:
                match.play(rng.choice(match.legal_moves()))
        again = Match.from_json(match.to_json())
        assert json.loads(again.to_json()) == json.loads(match.to_json())
        for _ in range(60):
            assert again.history == match.history and again.hands == match.hands
            assert again.scores == match.scores and again.legal_moves() == match.legal_moves()
            assert again.boneyard == match.boneyard and again.turn == match.turn
            if match.is_over:
                break
            if match.turn is None:
                match.next_hand()
                again.next_hand()
            else:
                move = rng.choice(match.legal_moves())
                match.play(move)
                again.play(str(move))


class TestSearchStates:
    @settings(max_examples=25, deadline=None, derandomize=True)
    @given(rules=any_rules(), seed=st.integers(0, 2**32), play=st.integers(0, 2**32))
    def test_a_state_from_a_view_plays_like_the_match(
        self, rules: Rules, seed: int, play: int
    ) -> None:
        match = Match(rules, seed=seed)
        rng = random.Random(play)
        while match.turn is not None:
            seat = match.turn
            state = State.from_view(match.view(seat), match.hands, match.boneyard)
            assert list(state.legal_moves()) == match.legal_moves()
            # Play the rest of the hand on a copy from here, the same moves as the match.
            replay = random.Random(rng.random())
            fork = Match.from_json(match.to_json())
            while fork.turn is not None:
                move = replay.choice(fork.legal_moves())
                assert move in state.legal_moves()
                fork.play(move)
                state = state.play(move)
                assert list(state.scores) == fork.scores
                assert (state.turn if state.turn >= 0 else None) == fork.turn
            assert state.result == fork.hand_result
            match.play(rng.choice(match.legal_moves()))
            if rng.random() < 0.7:  # keep it quick: a few positions per hand
                break

    def test_a_guess_that_contradicts_the_view_is_refused(self) -> None:
        match = Match(Rules.variant("draw"), seed=3)
        seat = match.turn
        assert seat is not None
        other = 1 - seat
        view = match.view(seat)
        hands, bone = match.hands, match.boneyard
        assert State.from_view(view, hands, bone).legal_moves() == tuple(match.legal_moves())
        mine, theirs = hands[seat], hands[other]
        swapped = [list(h) for h in hands]
        swapped[seat] = [bone[0], *mine[1:]]
        moved = [list(h) for h in hands]
        moved[other] = theirs[1:]
        twice = [list(h) for h in hands]
        twice[other] = [bone[0], *theirs[1:]]
        for guess_hands, guess_bone in [
            (hands[:1], bone),  # one hand short
            (swapped, [mine[0], *bone[1:]]),  # the viewer's own hand changed
            (moved, [theirs[0], *bone]),  # a seat holding the wrong number of tiles
            (twice, bone),  # a tile in two places
            (hands, bone[1:]),  # a boneyard of the wrong size
        ]:
            with pytest.raises(ValueError):
                State.from_view(view, guess_hands, guess_bone)


def initial_deal(match: Match) -> tuple[list[list[str]], list[str], list[str]]:
    """The first hand's deal (hands and boneyard order) and its moves, from the save."""
    record = json.loads(match.to_json())["hands"][0]
    return record["hands"], record["boneyard"], record["moves"]


def indistinguishable_deal(
    match: Match, seat: int, rng: random.Random
) -> tuple[list[list[str]], list[str]]:
    """Another first-hand deal that ``seat`` cannot tell from ``match``'s so far: the tiles it
    cannot see are shuffled among the places it cannot see into (other hands, drawn tiles still
    held, the boneyard's unseen order)."""
    hands, boneyard, _ = initial_deal(match)
    events = current_hand(match.history)
    drawn_by: dict[int, int] = {}  # boneyard position -> seat that drew it
    for event in events:
        if event.kind == "draw":
            assert event.seat is not None
            drawn_by[len(drawn_by)] = event.seat
    laid = {str(e.tile) for e in events if e.kind == "lay"}
    slots: list[tuple[str, int, int]] = []  # ("hand", seat, index) or ("bone", -1, position)
    for other, hand in enumerate(hands):
        if other != seat:
            slots += [("hand", other, i) for i, t in enumerate(hand) if t not in laid]
    for position, tile in enumerate(boneyard):
        if tile not in laid and drawn_by.get(position, -1) != seat:
            slots.append(("bone", -1, position))
    hidden = [hands[s][i] if kind == "hand" else boneyard[i] for kind, s, i in slots]
    rng.shuffle(hidden)
    new_hands = [list(h) for h in hands]
    new_boneyard = list(boneyard)
    for (kind, s, i), tile in zip(slots, hidden, strict=True):
        if kind == "hand":
            new_hands[s][i] = tile
        else:
            new_boneyard[i] = tile
    return new_hands, new_boneyard


class TestViews:
    @pytest.mark.parametrize("variant", VARIANTS)
    def test_a_view_is_the_same_for_deals_its_seat_cannot_tell_apart(self, variant: str) -> None:
        rng = random.Random(variant)
        compared = differ = 0
        for seed in range(30):
            players = sizes(variant)[seed % len(sizes(variant))]
            rules = Rules.variant(variant, players=players, set=(6, 9, 12)[seed // 3 % 3])
            real = Match(rules, seed=seed)
            steps = rng.randrange(0, 40)
            for _ in range(steps):
                if real.turn is None:
                    break
                real.play(rng.choice(real.legal_moves()))
            if real.turn is None:
                continue
            _, _, moves = initial_deal(real)
            for seat in range(rules.players):
                for _ in range(3):
                    hands, boneyard = indistinguishable_deal(real, seat, rng)
                    try:
                        other = Match(rules, seed=seed, hands=hands, boneyard=boneyard)
                        for move in moves[len(initial_deal(other)[2]) :]:
                            other.play(move)
                    except IllegalMoveError:
                        continue  # the shuffle broke a forced draw or pass: not the same record
                    if other.turn is None or [e for e in other.history if e.kind != "draw"] != [
                        e for e in real.history if e.kind != "draw"
                    ]:
                        continue
                    assert other.view(seat) == real.view(seat)
                    compared += 1
                    differ += other.hands != real.hands
        assert compared >= 30 and differ >= 20

    def test_lacks_from_a_pass(self) -> None:
        rules = Rules.variant("block", hand_size=3)
        rest = [t for t in whole_set(6) if str(t) not in
                ("6|6", "6|5", "1|0", "5|4", "4|4", "3|2")]  # fmt: skip
        match = Match(rules, hands=[["6|6", "6|5", "1|0"], ["5|4", "4|4", "3|2"]], boneyard=rest)
        assert match.view(0).lacks == (frozenset(), frozenset())
        match.play("pass")  # seat 1 showed it holds no six
        assert match.view(0).lacks == (frozenset(), frozenset({6}))
        match.play("6|5 left")  # seat 1 may still hold fives: it lacks only six
        assert match.view(1).lacks == (frozenset(), frozenset({6}))

    def test_lacks_from_draws(self) -> None:
        rules = Rules.variant("draw")
        hands = [["6|6", "6|5", "6|4", "6|3", "6|2", "6|1", "5|5"],
                 ["5|4", "5|3", "4|4", "4|3", "3|3", "2|2", "1|1"]]  # fmt: skip
        front = ["1|0", "2|0", "6|0"]
        dealt = [*hands[0], *hands[1], *front]
        rest = [str(t) for t in whole_set(6) if str(t) not in dealt]
        match = Match(rules, hands=hands, boneyard=front + rest)
        match.play("draw")
        # Until seat 1 shows what it does after a draw, the drawn tile may hold anything.
        assert match.view(0).lacks[1] == frozenset()
        match.play("draw")  # the first drawn tile did not fit a six either
        assert match.view(0).lacks[1] == frozenset()
        match.play("draw")
        match.play("6|0 left")  # it laid the tile it drew: the rest of its hand holds no six
        assert match.view(0).lacks[1] == frozenset({6})


class TestTableView:
    """A watcher's view (``Match.table_view``): what every seat's view shares, and no tile of
    any hand or of the boneyard, at every point of a match."""

    @settings(max_examples=40, deadline=None)
    @given(rules=any_rules(), seed=st.integers(0, 2**32), play=st.integers(0, 2**32),
           stop=st.integers(0, 200))  # fmt: skip
    def test_the_table_view_is_every_views_shared_part_and_holds_no_hidden_tile(
        self, rules: Rules, seed: int, play: int, stop: int
    ) -> None:
        match = Match(rules, seed=seed)
        rng = random.Random(play)
        for _ in range(stop):
            if match.is_over:
                break
            if match.turn is None:
                match.next_hand()
            else:
                match.play(rng.choice(match.legal_moves()))
        table = match.table_view()
        assert type(table) is TableView
        shared = {name: getattr(table, name) for name in TableView.__dataclass_fields__}
        for seat in range(rules.players):
            view = match.view(seat)
            assert {name: getattr(view, name) for name in shared} == shared
        hidden = {str(tile) for hand in match.hands for tile in hand}
        hidden |= {str(tile) for tile in match.boneyard}
        laid = {str(event.tile) for event in table.history if event.kind == "lay"}
        written = repr(table)
        assert not {tile for tile in hidden - laid if f"Tile({tile.replace('|', ', ')})"
                    in written}


class TestTakeBack:
    """``Match.take_back``: the match is again what it was before the seat's last choice,
    exactly as if the moves after it had never been played; saves keep the count."""

    @settings(max_examples=60, deadline=None)
    @given(rules=any_rules(), seed=st.integers(0, 2**32), play=st.integers(0, 2**32),
           stop=st.integers(1, 120))  # fmt: skip
    def test_taking_back_is_replaying_the_moves_before_the_choice(
        self, rules: Rules, seed: int, play: int, stop: int
    ) -> None:
        match = Match(rules, seed=seed)
        rng = random.Random(play)
        for _ in range(stop):
            if match.turn is None:
                break
            match.play(rng.choice(match.legal_moves()))
        seat = rng.randrange(rules.players)
        played = [str(m) for m in match._records[-1].moves]
        try:
            taken = match.take_back(seat)
        except Exception as error:  # no choice of this seat in the hand: nothing changed
            assert "no choice" in str(error)
            assert [str(m) for m in match._records[-1].moves] == played
            return
        kept = played[: len(played) - taken]
        assert match.turn == seat and len(match.legal_moves()) > 1
        again = Match(rules, seed=seed)
        opened = len(again._records[-1].states) - 1  # the rules' opening tile, laid already
        for text in kept[opened:]:
            again.play(text)
        assert again.state == match.state and again.history == match.history
        assert match.view(seat) == again.view(seat)
        loaded = Match.from_json(match.to_json())
        assert loaded.taken_back == match.taken_back == 1
        assert loaded.state == match.state
