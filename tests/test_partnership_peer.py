"""The partnership game checked against a peer engine: the PyPI ``dominoes`` package (abw333).

``dominoes.Game`` plays exactly the ``partnership`` variant's hand: 4 players, all 28 tiles
dealt, partners opposite (seats 0 and 2 against 1 and 3), no drawing; going out scores the pips
left in the three other hands; a stuck (blocked) hand goes to the team with fewer pips, which
scores both teams' pips; equal teams score nothing.  ``dominoes.Series`` says who leads the next
hand and keeps the teams' scores.  The same deals are played move by move in both engines, the
same moves chosen, and after every move the turn, the ends, the hands, the legal moves and (once
it ends) the hand's result must agree.

How the two engines' words map onto each other:

- a move is ``(Domino, left)`` there, ``Move(tile, "left" | "right" | None)`` here; a tile is
  written high half first here, so both engines lay the first tile the same way round;
- where both ends show the same number the peer lists a tile once (on the left: the two lays
  leave the same ends, mirrored), where doublesix lists it on either end; when doublesix lays it
  on the end the peer does not offer, the peer lays it on the other and the two lines are
  mirror images from then on (``mirrored`` below);
- the peer passes for a seat by itself (a ``None`` in its moves); doublesix is told ``pass``;
- the peer's result is ``(player, won, points)``: the last seat to lay, whether it went out
  (else the hand was stuck), and the points, positive for seats 0 and 2, negative for 1 and 3,
  0 for a tie; doublesix's is a ``HandResult`` with the winning seat (who leads next), the
  points and ``blocked``.
"""

from __future__ import annotations

import random
from typing import Any

import dominoes  # type: ignore[import-untyped]
import pytest

from doublesix import HandResult, Match, Move, Rules, Tile

RULES = Rules.variant("partnership", target=0)
#: Random hands played in both engines (and matches to 100 below, more hands besides).
HANDS = 2000
MATCHES = 150


def peer_tile(tile: Tile) -> Any:
    """The peer's domino for ``tile``, high half first (as doublesix lays a first tile)."""
    return dominoes.Domino(tile.high, tile.low)


def peer_game(match: Match, starting: int | None) -> Any:
    """The peer's game of the hand ``match`` has just dealt: opened by 6|6, laid for its
    holder (``starting`` None, the first hand), or led freely by seat ``starting``."""
    hands = [dominoes.Hand([peer_tile(t) for t in hand]) for hand in match.hands]
    if starting is None:
        # doublesix has laid 6|6 for its holder already: the peer's game is dealt it back.
        opening = next(e for e in reversed(match.history) if e.kind == "lay")
        assert opening.tile == Tile(6, 6) and opening.seat is not None
        holder = opening.seat
        double_six = dominoes.Domino(6, 6)
        hands[holder].draw(double_six)
        game = dominoes.Game(dominoes.Board(), hands, [], holder, ((double_six, True),), holder,
                             None)
        game.make_move(double_six, True)
        return game
    moves = tuple((d, True) for d in hands[starting])
    return dominoes.Game(dominoes.Board(), hands, [], starting, moves, starting, None)


class Pair:
    """One hand in both engines, kept in step."""

    def __init__(self, match: Match, game: Any) -> None:
        self.match = match
        self.game = game
        #: Whether the peer's line is the mirror image of doublesix's (see the module).
        self.mirrored = False
        self.passes()

    def passes(self) -> None:
        """Play doublesix's forced passes, as the peer passes by itself."""
        while self.match.turn is not None and self.match.legal_moves() == [Move.pass_()]:
            self.match.play(Move.pass_())

    def ends(self) -> tuple[int, int] | None:
        """doublesix's ends as the peer's line has them (left, right); None before a tile."""
        ends = self.match.open_ends
        if not ends:
            return None
        pair = (ends["left"], ends["right"])
        return (pair[1], pair[0]) if self.mirrored else pair

    def peer_side(self, move: Move) -> bool:
        """The peer's ``left`` for doublesix's ``move``: the same end, or the other one if the
        lines are mirrored (a lead: left)."""
        if move.end is None:
            return True
        return (move.end == "left") != self.mirrored

    def legal(self) -> set[tuple[Tile, bool]]:
        """doublesix's legal moves as the peer writes them (a tile fitting two ends showing
        the same number: once, on the left)."""
        moves = self.match.legal_moves()
        if moves == [Move.pass_()] or not moves:
            return set()
        ends = self.ends()
        same = ends is not None and ends[0] == ends[1]
        legal = set()
        for move in moves:
            assert move.tile is not None
            legal.add((move.tile, True if same else self.peer_side(move)))
        return legal

    def peer_legal(self) -> set[tuple[Tile, bool]]:
        if self.game.result is not None:
            return set()
        moves = {(Tile(d.first, d.second), left) for d, left in self.game.valid_moves}
        assert len(moves) == len(self.game.valid_moves)
        return moves

    def check(self, note: str) -> None:
        """Both engines agree on the position: turn, ends, hands, legal moves, result."""
        game, match = self.game, self.match
        result = match.hand_result
        assert (game.result is None) == (result is None), note
        if result is None:
            assert match.turn == game.turn, note
            assert self.legal() == self.peer_legal(), note
        if len(game.board):
            assert self.ends() == (game.board.left_end(), game.board.right_end()), note
        else:
            assert self.ends() is None, note
        for seat in range(4):
            ours = sorted(match.hands[seat])
            theirs = sorted(Tile(d.first, d.second) for d in game.hands[seat])
            assert ours == theirs, note
        if result is not None:
            assert_same_result(result, game.result, note)

    def play(self, move: Move) -> None:
        """``move`` in both engines, then doublesix's forced passes."""
        assert move.tile is not None
        ends = self.ends()
        left = self.peer_side(move)
        if ends is not None and ends[0] == ends[1] and not left:
            # The peer offers only its left end here; the lines become mirror images.
            left = True
            self.mirrored = not self.mirrored
        self.match.play(move)
        self.game.make_move(peer_tile(move.tile), left)
        self.passes()


def assert_same_result(ours: HandResult, theirs: Any, note: str) -> None:
    """doublesix's hand result against the peer's ``Result(player, won, points)``."""
    assert ours.blocked == (not theirs.won), note
    assert ours.points == abs(theirs.points), note
    if theirs.points == 0:
        assert ours.winner is None and ours.winners == (), note
        return
    team = 0 if theirs.points > 0 else 1
    assert ours.winners == RULES.teammates(team), note
    last = theirs.player  # the last seat to lay
    if theirs.won:
        assert ours.winner == last, note
    else:  # a blocked hand: led next by the last to lay if its team won, else the next seat
        assert ours.winner == (last if RULES.team_of(last) == team else (last + 1) % 4), note


def play_hand(pair: Pair, rng: random.Random, note: str) -> int:
    """Play the hand to its end with random moves (each of doublesix's legal moves alike),
    checking after every move; the number of moves."""
    pair.check(f"{note}, dealt")
    moves = 0
    while pair.match.turn is not None:
        move = rng.choice(pair.match.legal_moves())
        pair.play(move)
        moves += 1
        pair.check(f"{note}, move {moves} ({move})")
    return moves


def test_random_hands_agree_move_by_move() -> None:
    """2,000 deals of the partnership game, each played out at random in both engines."""
    endings: dict[str, int] = {"went out": 0, "blocked": 0, "blocked, tied": 0}
    mirrored = 0
    for seed in range(HANDS):
        match = Match(RULES, seed=seed)
        pair = Pair(match, peer_game(match, None))
        play_hand(pair, random.Random(seed), f"deal {seed}")
        mirrored += pair.mirrored
        result = match.hand_result
        assert result is not None
        key = ("blocked, tied" if result.winner is None else "blocked") if result.blocked \
            else "went out"
        endings[key] += 1
        assert match.scores == [result.points if RULES.team_of(s) in
                                {RULES.team_of(w) for w in result.winners} else 0
                                for s in range(4)]
    # Every kind of ending came up often enough to be checked.
    assert endings["went out"] > HANDS // 4
    assert endings["blocked"] > HANDS // 20
    assert endings["blocked, tied"] > 0
    assert mirrored > HANDS // 20


def test_matches_to_100_agree_with_the_peer_series() -> None:
    """Matches to 100 beside the peer's ``Series``: after every hand the same team scores and
    the same seat leads the next hand (with any tile), by the peer's own rule of who leads."""
    rules = Rules.variant("partnership", target=100)
    hands = 0
    free_leads = 0
    for seed in range(MATCHES):
        match = Match(rules, seed=10_000 + seed)
        rng = random.Random(seed)
        series = dominoes.Series(target_score=100)
        series.games = [peer_game(match, None)]
        while True:
            game = series.games[-1]
            note = f"match {seed}, hand {len(series.games)}"
            play_hand(Pair(match, game), rng, note)
            hands += 1
            assert series.next_game() is None or not match.is_over, note
            assert [series.scores[RULES.team_of(s)] for s in range(4)] == match.scores, note
            assert match.is_over == series.is_over(), note
            if match.is_over:
                assert match.winners == RULES.teammates(0 if series.scores[0] >= 100 else 1)
                break
            match.next_hand()
            starting = series.games[-1].starting_player
            assert match.turn == starting, note
            assert not match.open_ends, note  # the leader lays any tile
            series.games[-1] = peer_game(match, starting)
            free_leads += 1
    assert hands >= 3 * MATCHES and free_leads >= 2 * MATCHES


@pytest.mark.parametrize("seed", range(5))
def test_the_peer_offers_what_doublesix_offers_on_equal_ends(seed: int) -> None:
    """Where both ends show one number, doublesix offers each fitting tile on both ends and the
    peer on one; after either of doublesix's lays the two positions agree (mirrored or not)."""
    match = Match(RULES, seed=seed)
    moves = Pair(match, peer_game(match, None)).match.legal_moves()  # after any passes
    assert match.open_ends == {"left": 6, "right": 6}  # 6|6 opens every first hand
    tiles = {m.tile for m in moves}
    assert len(moves) == 2 * len(tiles)
    for move in moves:
        copy = Match(RULES, seed=seed)
        pair = Pair(copy, peer_game(copy, None))
        pair.play(move)
        assert pair.mirrored == (move.end == "right")
        pair.check(f"deal {seed}, {move}")
