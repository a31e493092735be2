"""The expert's fast board plays exactly the engine's rules (a count test, like chess's perft),
and its playouts are the engine's game under the policy they document: from the opening tile
and from positions deep in a hand of every variant (where, on a plain line, the playout lays
the tiles itself), each of their moves replayed in the engine as they make it."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import NamedTuple

import pytest

from doublesix import Move, Rules, State, Tile
from doublesix.ai.board import Board, to_move
from doublesix.ai.playout import FIVES_PLAN, PIPS_PLAN, Plan, rollout, rollout_key
from doublesix.engine.tiles import TILES
from doublesix.engine.view import derive_lacks
from tests.support.search import CASES, Logged, Step, masks, mid_hand, step


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
        rules = Rules.variant(variant, **options)
        for state, board in _dealt(rules):
            while state.turn >= 0:
                moves = state.legal_moves()
                if moves[0].t < 0:
                    state = state.apply(moves[0])
                    continue
                state = state.apply(
                    max(moves, key=lambda m: _policy_key(state, m, -1, PIPS_PLAN, []))
                )
            rollout(board)
            rollout(board)  # a finished hand stays as it is
            _assert_same_end(board, state)

    @pytest.mark.parametrize(("variant", "options"), CASES)
    def test_planning_rollout_ends_as_the_engine_does(
        self, variant: str, options: dict[str, object]
    ) -> None:
        """Seat 0 plans (adds the weights of its :class:`Plan`, as :func:`rollout` documents);
        the others stay greedy.  The reference counts on the engine's layout and tiles, and
        keeps its own record of who could not lay on which numbers, as the view's rule does: a
        seat that drew again since its last lay lacks the open numbers only."""
        rules = Rules.variant(variant, **options)
        plan = FIVES_PLAN if rules.scoring == "fives" else PIPS_PLAN
        for state, board in _dealt(rules):
            lacks = [0] * rules.players
            lacks[1] = 1 << 6  # known at the start: seat 1 has no 6
            reference = lacks[:]
            drawing: set[int] = set()  # the seats that drew since their last lay
            while state.turn >= 0:
                moves = state.legal_moves()
                if moves[0].t < 0:
                    seat = state.turn
                    if state.layout.played:
                        if seat in drawing:
                            reference[seat] = _open(state)
                        else:
                            reference[seat] |= _open(state)
                    if moves[0].kind == "draw":
                        drawing.add(seat)
                    else:
                        drawing.discard(seat)
                    state = state.apply(moves[0])
                    continue
                drawing.discard(state.turn)
                state = state.apply(
                    max(moves, key=lambda m: _policy_key(state, m, 0, plan, reference))
                )
            rollout(board, 0, lacks, plan)
            _assert_same_end(board, state)
            assert lacks == reference







def _open(state: State) -> int:
    """The numbers open on the table, as a mask."""
    return sum(1 << n for n in {n for _, n in state.layout.open})





def _policy_key(
    state: State, move: Move, planner: int, plan: Plan, known: Sequence[int]
) -> tuple[int, ...]:
    """How the playout policy ranks a lay, as :func:`rollout`, :func:`rollout_key`,
    :func:`tie_rank` and :class:`Plan` document it, worked out on the engine's layout and
    tiles: points (the board count after the lay, if All Fives scores it) first, then pips,
    then a double; the seat ``planner`` adds its plan's weights (``known``: what each seat is
    known to lack, as masks); ties go to the highest tile, then the higher number left
    showing, the higher count, a side before an arm, the spinner's bare side first: never to
    an end for being the left one."""
    rules = state.rules
    layout = state.layout
    after = layout.lay_index(move.t, move.e)
    count = after.count
    fives = rules.scoring == "fives"
    value = rollout_key(count if fives and count % 5 == 0 else 0, move.t)
    if state.turn == planner and layout.played:
        tile = TILES[move.t]
        outer = tile.other(dict(layout.open)[move.e])
        kept = [TILES[t] for t in range(len(TILES)) if state.hands[planner] >> t & 1]
        kept.remove(tile)
        laid = {p.tile for arm in after.placed().values() for p in arm}
        seen = set(kept) | laid
        unseen = [t for t in TILES[: rules.tile_count] if t not in seen]
        # The numbers open after the lay, counting the ends open before it.
        ends = {n for end, n in layout.open if end != move.e} | {outer}

        def fit(tiles: list[Tile], numbers: set[int]) -> int:
            return sum(1 for t in tiles if any(t.has(n) for n in numbers))

        value += (
            plan.follow * fit(kept, {outer})
            + plan.unseen_open * fit(unseen, {outer})
            + plan.keep_fits * fit(kept, ends)
            + plan.unseen_fits * fit(unseen, ends)
        )
        if known[(planner + 1) % rules.players] >> outer & 1:
            value += plan.lock
        if tile.is_double:
            value += plan.double
    if move.e < 0:  # the opening tile: one lay per tile
        return value, move.t
    outer = TILES[move.t].other(dict(layout.open)[move.e])
    return value, move.t, outer, count, move.e < 2, layout.spin_sides >> move.e & 1





def _bits(mask: int) -> list[int]:
    return [i for i in range(mask.bit_length()) if mask >> i & 1]


class Playout(NamedTuple):
    """A playout from a position, replayed in the engine move by move."""

    board: Board
    #: The engine's state after the same moves.
    state: State
    #: The public record of the hand: ``begun`` steps before the playout, then its own.
    steps: list[Step]
    begun: int
    #: What the playout's bookkeeping held when it ended.
    lacks: list[int]
    #: What the public record shows each seat lacks when the playout ended
    #: (:func:`~doublesix.engine.view.derive_lacks`), which it should hold.
    known: list[int]
    #: Lays in the playout that scored.
    scored: int
    #: Whether the playout began on a plain line of two ends (which :func:`rollout` lays on
    #: itself, rather than through the board).
    plain: bool


def _play_out(rules: Rules, seed: int, planner: int) -> Playout:
    """Run :func:`rollout` from a mid-hand position, with what the record shows each seat
    lacks, and replay it in the engine: each move, read off the board as the playout makes it,
    must be legal in the engine's state then and be the lay the documented policy ranks first,
    and the scores must be the engine's after each one."""
    plan = FIVES_PLAN if rules.scoring == "fives" else PIPS_PLAN
    state, steps = mid_hand(rules, seed)
    begun = len(steps)
    lacks = masks(derive_lacks(rules.players, steps))
    board = Board.from_state(state)
    plain = bool(board.played) and not board.single and not board.mode
    log: list[tuple[str, int, int, int]] = []
    board.hands = Logged(board.hands, "hands", log)
    board.scores = Logged(board.scores, "scores", log)
    rollout(board, planner, lacks, plan)
    board_scores = list(state.scores)
    scored = 0
    for name, seat, old, new in log:
        if name == "scores":
            board_scores[seat] = new
            continue
        note = f"{rules!r} seed {seed}, planner {planner}, move {len(steps)}, seat {seat}"
        assert board_scores == list(state.scores), note
        while state.turn != seat:  # the seats in between can only pass
            assert state.legal_moves() == (Move.pass_(),), note
            steps.append(step(state, Move.pass_()))
            state = state.apply(Move.pass_())
        moves = state.legal_moves()
        if new & ~old:  # a draw: the engine's seat must draw, and that very tile
            assert moves == (Move.draw(),), note
            assert new ^ old == 1 << state.bone[state.pos], note
            move = Move.draw()
        else:  # a lay: the tile the policy ranks first
            (t,) = _bits(old ^ new)
            assert any(m.t == t for m in moves), f"{note}: {TILES[t]} is not legal"
            # The other seats lack what the record shows (none of them is drawing now).
            known = masks(derive_lacks(rules.players, steps))
            move = max(moves, key=lambda m: _policy_key(state, m, planner, plan, known))
            counts = {str(m): state.layout.lay_index(m.t, m.e).count for m in moves}
            assert t == move.t, f"{note}: laid {TILES[t]}, not {move} (board counts {counts})"
        steps.append(step(state, move))
        before = state.scores[seat]
        state = state.apply(move)
        scored += state.scores[seat] > before
    assert board_scores == list(state.scores)
    known = masks(derive_lacks(rules.players, steps))
    return Playout(board, state, steps, begun, lacks, known, scored, plain)


def _still_drawing(playout: Playout, seat: int) -> bool:
    """Whether ``seat``'s last step was a draw (the record knows nothing of the drawn tile)."""
    return [kind for q, kind, _ in playout.steps if q == seat][-1:] == ["draw"]


def _line(rules: Rules) -> bool:
    """Whether a hand in these rules, once two tiles are down, is a plain line of two ends."""
    return not rules.spinner


class TestRolloutFromMidHand:
    """Playouts from positions deep in a hand, where most of the expert's playouts start and
    where, on a plain line, :func:`rollout` lays the tiles itself rather than through the
    board."""

    SEEDS = 30

    @pytest.mark.parametrize(("variant", "options"), CASES)
    def test_playout_moves_are_the_engines_and_its_policy(
        self, variant: str, options: dict[str, object]
    ) -> None:
        """Every move legal in the engine and the one the policy documents (All Fives points
        first, where the engine says a lay scores; the planner's look-ahead), the same scores
        and result at the end, and the bookkeeping of what each seat lacks as documented."""
        rules = Rules.variant(variant, **options)
        plain = 0
        scored = 0
        for seed in range(self.SEEDS):
            planner = seed % (rules.players + 1) - 1  # no planner, or any seat
            playout = _play_out(rules, seed, planner)
            board, state = playout.board, playout.state
            _assert_same_end(board, state)
            assert (board.pos, board.played, board.count, board.over) == (
                state.pos, state.layout.played, state.layout.count, state.over)
            for seat in range(rules.players):
                if not _still_drawing(playout, seat):
                    assert playout.lacks[seat] == playout.known[seat], (
                        f"seed {seed}, seat {seat}: what the seats lack")
            scored += playout.scored
            plain += playout.plain
        if _line(rules):
            assert plain == self.SEEDS  # every playout here began on a plain line
        if rules.scoring == "fives":
            assert scored > self.SEEDS  # the playouts scored points along the way

    @pytest.mark.parametrize(("variant", "options"), CASES)
    def test_playout_lacks_are_what_the_record_shows(
        self, variant: str, options: dict[str, object]
    ) -> None:
        """At the end of a playout, each seat is known to lack exactly what
        :func:`~doublesix.engine.view.derive_lacks` reads from the same public record (a seat still
        drawing when the hand ended aside): no more, as a seat that draws again may have drawn
        a number it lacked before, and no less."""
        rules = Rules.variant(variant, **options)
        grew = 0
        for seed in range(self.SEEDS):
            playout = _play_out(rules, seed, -1)
            start = masks(derive_lacks(rules.players, playout.steps[: playout.begun]))
            record = playout.known
            for seat, (have, shown) in enumerate(zip(playout.lacks, record, strict=True)):
                note = f"seed {seed}, seat {seat}: {_bits(have)} vs {_bits(shown)}"
                if _still_drawing(playout, seat):
                    assert shown & ~have == 0, note
                else:
                    assert have == shown, note
            grew += record != start
        assert grew > self.SEEDS // 3  # seats were seen to lack numbers during the playouts
