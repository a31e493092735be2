"""The expert's fast board plays exactly the engine's rules (a count test, like chess's perft)."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from doublesix import Move, Rules, State, Tile
from doublesix.ai.board import Board, to_move

CASES = [
    ("draw", {}),
    ("block", {}),
    ("all-fives", {}),
    ("muggins", {}),
    ("muggins", {"spinner_arms": "immediate", "players": 3}),
    ("all-fives", {"spinner": True, "players": 4}),
    ("draw", {"set": 9, "players": 3}),
    ("block", {"set": 12, "players": 4}),
    ("all-fives", {"set": 9, "rounding": "down", "blocked_tie": "fewer-tiles"}),
    ("muggins", {"target": 0, "blocked_minus_own": False}),
]


class TestBoardMatchesEngine:
    @pytest.mark.parametrize(("variant", "options"), CASES)
    def test_same_moves_scores_and_results(self, variant: str, options: dict[str, object]) -> None:
        rules = Rules.variant(variant, **options)
        rng = random.Random(variant + str(options))
        positions = 0
        for seed in range(40):
            if seed % 2:  # a free lead, as after a won hand under lead = winner
                state = State.deal(rules, seed=seed, leader=seed % rules.players)
            else:
                state = State.deal(rules, seed=seed)
                state = state.apply(state.legal_moves()[0])  # the automatic opener
            board = Board.from_state(state).copy()  # a copy plays as the original would
            while state.turn >= 0:
                engine_moves = [(m.t, m.e if m.t >= 0 else (-1 if m.kind == "draw" else -2))
                                for m in state.legal_moves()]
                assert board.moves() == engine_moves
                t, e = rng.choice(engine_moves)
                if t >= 0 and rules.scoring == "fives":
                    assert board.count_after(t, e) == state.layout.lay_index(t, e).count
                state = state.apply(to_move(t, e))
                board.play(t, e)
                positions += 1
                assert board.scores == list(state.scores)
                assert board.turn == state.turn
                assert board.count == state.layout.count
                assert board.hands == list(state.hands)
            result = state.result
            assert result is not None
            assert board.result == (result.winner, result.points, result.blocked)
            assert board.over == state.over
        assert positions > 200

    def test_copy_is_independent(self) -> None:
        state = State.deal(Rules.variant("draw"), seed=1)
        state = state.apply(state.legal_moves()[0])
        board = Board.from_state(state)
        twin = board.copy()
        t, e = twin.moves()[0]
        twin.play(t, e)
        assert board.moves() == [(m.t, m.e) for m in state.legal_moves()]
        assert twin.turn != board.turn or twin.hands != board.hands


def _dealt(rules: Rules) -> Iterator[tuple[State, Board]]:
    """30 hands ready to play (the automatic opening tile laid), as a state and a board."""
    for seed in range(30):
        state = State.deal(rules, seed=seed, leader=0 if seed % 2 else None)
        if state.opener >= 0:
            state = state.apply(state.legal_moves()[0])
        yield state, Board.from_state(state)


def _assert_same_end(board: Board, state: State) -> None:
    assert board.scores == list(state.scores)
    assert board.hands == list(state.hands)
    result = state.result
    assert result is not None
    assert board.result == (result.winner, result.points, result.blocked)


class TestRolloutMatchesEngine:
    """The expert's in-place playout is the engine's game under the same greedy policy."""

    @pytest.mark.parametrize(("variant", "options"), CASES)
    def test_rollout_ends_as_the_engine_does(
        self, variant: str, options: dict[str, object]
    ) -> None:
        from doublesix.ai.expert import rollout, rollout_key

        rules = Rules.variant(variant, **options)
        fives = rules.scoring == "fives"
        for state, board in _dealt(rules):
            while state.turn >= 0:
                moves = state.legal_moves()
                if moves[0].t < 0:
                    state = state.apply(moves[0])
                    continue

                def key(m: Move, state: State = state) -> int:
                    count = state.layout.lay_index(m.t, m.e).count
                    points = count if fives and count % 5 == 0 else 0
                    return rollout_key(points, m.t)

                state = state.apply(max(moves, key=key))
            rollout(board)
            rollout(board)  # a finished hand stays as it is
            _assert_same_end(board, state)

    @pytest.mark.parametrize(("variant", "options"), CASES)
    def test_planning_rollout_ends_as_the_engine_does(
        self, variant: str, options: dict[str, object]
    ) -> None:
        """Seat 0 plans (adds the weights of its :class:`Plan`, as :func:`rollout` documents);
        the others stay greedy.  The reference counts on the engine's layout and tiles, and
        keeps its own record of who could not lay on which numbers."""
        from doublesix.ai.expert import FIVES_PLAN, PIPS_PLAN, rollout, rollout_key
        from doublesix.tiles import TILES

        rules = Rules.variant(variant, **options)
        fives = rules.scoring == "fives"
        plan = FIVES_PLAN if fives else PIPS_PLAN
        for state, board in _dealt(rules):
            lacks = [0] * rules.players
            lacks[1] = 1 << 6  # known at the start: seat 1 has no 6
            reference = lacks[:]
            while state.turn >= 0:
                moves = state.legal_moves()
                if moves[0].t < 0:
                    if state.layout.played:
                        for _, n in state.layout.open:
                            reference[state.turn] |= 1 << n
                    state = state.apply(moves[0])
                    continue

                def key(m: Move, state: State = state, known: list[int] = reference) -> int:
                    layout = state.layout
                    count = layout.lay_index(m.t, m.e).count
                    value = rollout_key(count if fives and count % 5 == 0 else 0, m.t)
                    if state.turn == 0 and layout.played:
                        tile = TILES[m.t]
                        outer = tile.other(dict(layout.open)[m.e])
                        after = layout.lay_index(m.t, m.e)
                        kept = [TILES[t] for t in range(len(TILES)) if state.hands[0] >> t & 1]
                        kept.remove(tile)
                        laid = {p.tile for arm in after.placed().values() for p in arm}
                        seen = set(kept) | laid
                        unseen = [t for t in TILES[: rules.tile_count] if t not in seen]
                        # The numbers open after the lay, counting the ends open before it.
                        ends = {n for end, n in layout.open if end != m.e} | {outer}

                        def fit(tiles: list[Tile], numbers: set[int]) -> int:
                            return sum(1 for t in tiles if any(t.has(n) for n in numbers))

                        value += (
                            plan.follow * fit(kept, {outer})
                            + plan.unseen_open * fit(unseen, {outer})
                            + plan.keep_fits * fit(kept, ends)
                            + plan.unseen_fits * fit(unseen, ends)
                        )
                        if known[1 % rules.players] >> outer & 1:
                            value += plan.lock
                        if tile.is_double:
                            value += plan.double
                    return value

                # Ties as the playout breaks them: the first end, then the highest tile.
                state = state.apply(max(moves, key=lambda m: (key(m), -m.e, m.t)))
            rollout(board, 0, lacks, plan)
            _assert_same_end(board, state)
