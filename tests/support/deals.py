"""Helpers the engine tests share: whole sets, tiles from text and scripted deals."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import NamedTuple

from doublesix import Match, Rules, Tile


def sizes(variant: str, players: Sequence[int] = (2, 3, 4)) -> list[int]:
    """The player counts among ``players`` that ``variant`` can be played with (the
    partnership game is for four).

    >>> sizes("draw"), sizes("partnership")
    ([2, 3, 4], [4])
    """
    return [n for n in players if variant != "partnership" or n == 4]


def whole_set(top: int) -> list[Tile]:
    """Every tile of the double-``top`` set, highest first."""
    return [Tile(high, low) for high in range(top, -1, -1) for low in range(high, -1, -1)]


def rest_of_set(top: int, *taken: Sequence[str]) -> list[str]:
    """The tiles of the double-``top`` set that none of ``taken`` holds, as text, highest first.

    >>> rest_of_set(1, ["1|1"], ["0|1"])
    ['0|0']
    """
    used = {Tile.parse(t) for part in taken for t in part}
    return [str(t) for t in whole_set(top) if t not in used]


def finished_hand(variant: str = "block", seed: int = 5) -> Match:
    """A two-player hand played to its end by random moves (seat 0 with choices on the way).

    >>> finished_hand().turn is None
    True
    """
    match = Match(Rules.variant(variant, target=0), seed=seed)
    rng = random.Random(seed)
    while match.turn is not None:
        match.play(rng.choice(match.legal_moves()))
    return match


def tiles(*texts: str) -> list[Tile]:
    """Tiles from their text."""
    return [Tile.parse(t) for t in texts]


def scripted(rules: Rules, hands: Sequence[Sequence[str]], boneyard: Sequence[str] = (),
             seed: int = 1) -> Match:
    """A match whose first hand is dealt exactly so (the boneyard's front given, then the rest);
    the hands after it are dealt from ``seed``."""
    for hand in hands:
        assert len(hand) == rules.hand_size, "scripted deals deal the rules' hand size"
    given = {Tile.parse(t) for hand in hands for t in hand} | {Tile.parse(t) for t in boneyard}
    rest = [t for t in whole_set(rules.set) if t not in given]
    return Match(rules, seed=seed, hands=[list(h) for h in hands], boneyard=[*boneyard, *rest])


class Position(NamedTuple):
    """A two-player position at seat 0's turn where ``tile`` fits both ends: the deal, and the
    moves played after the automatic opening tile."""

    hands: list[list[str]]
    moves: tuple[str, ...]
    tile: Tile


#: The position of issue 17: seat 0 opens 4|4 (the highest double dealt); after these moves
#: the ends are 4 (on the double, counting both halves) and a plain 4. Under fives, 6|4 scores
#: 10 on the left and nothing on the right; where counts do not score, either end is the same.
SCORING = Position([["4|4", "3|1", "6|4", "2|0", "5|0", "6|2", "0|0"],
                    ["4|3", "4|1", "1|1", "2|2", "3|3", "2|1", "5|1"]],
                   ("4|3 right", "3|1 right", "1|4 right"), Tile(6, 4))
#: Seat 1 opens 6|6; the ends come to 4 and 6, and 6|4 leaves 6 and 6 or 4 and 4 open.
TWO_NUMBERS = Position([["6|2", "6|4", "3|1", "2|0", "5|0", "1|0", "0|0"],
                        ["6|6", "4|2", "1|1", "3|3", "2|1", "5|1", "3|2"]],
                       ("6|2 left", "2|4 left"), Tile(6, 4))
#: Seat 1 opens 5|5, alone on the table; seat 0 holds 6|5, which leaves the same table on
#: either side.
MIRROR = Position([["6|5", "3|1", "2|0", "4|0", "6|2", "1|0", "3|2"],
                   ["5|5", "4|3", "4|1", "1|1", "2|2", "2|1", "5|1"]], (), Tile(6, 5))


#: Where each variant must ask for the end, and where it must lay the tile at once.
END_ASKED = [("all-fives", SCORING), ("muggins", SCORING),
             *((variant, TWO_NUMBERS) for variant in ("all-fives", "draw", "block", "muggins"))]
END_AT_ONCE = [*((variant, MIRROR) for variant in ("all-fives", "draw", "block", "muggins")),
               ("draw", SCORING), ("block", SCORING)]


def end_position(variant: str, position: Position) -> Match:
    """``position`` dealt and played in ``variant`` (one hand), seat 0 to move."""
    match = scripted(Rules.variant(variant, target=0), position.hands)
    for move in position.moves:
        match.play(move)
    assert match.turn == 0, "the scripted position should be seat 0's turn"
    return match


def asking_position(rules: Rules, ends: int = 2) -> tuple[Match, str]:
    """A hand played at random (the seed the first that works) to seat 0's turn where a tile
    fits ``ends`` ends and asks which: the match and the tile.

    >>> match, tile = asking_position(Rules.variant("draw", target=0))
    >>> match.turn, tile in {str(t) for t in match.hands[0]}
    (0, True)
    """
    from doublesix.engine.summary import tile_choices

    for seed in range(1, 300):
        match, rng = Match(rules, seed=seed), random.Random(seed)
        while match.turn is not None:
            if match.turn == 0:
                for tile, choice in tile_choices(match.view(0)).items():
                    if choice.asks and len(choice.ends) == ends:
                        return match, str(tile)
            moves = match.legal_moves()
            lays = [m for m in moves if m.tile is not None]
            match.play(rng.choice(lays) if lays else moves[0])
    raise LookupError(f"no seed reaches a tile that asks between {ends} ends")


class CoachPosition(NamedTuple):
    """A game against a computer where the person's first turn has a clear mistake (issue 44's
    coach): the new game's settings, the move the coach speaks of and the best move."""

    game: dict[str, object]
    bad: str
    good: str
    sentence: str


#: All Fives, two players, one hand: at seat 0's first turn 4|4 makes the ends count 20 (it
#: scores 20) while 6|2 scores nothing, a blunder by the review's measure.
COACH_POSITION = CoachPosition(
    game={"variant": "all-fives", "players": 2, "target": 0, "seed": 59,
          "opponents": ["greedy"]},
    bad="6|2 right", good="4|4 left",
    sentence="4|4 would have been better: it makes the ends count 20, which scores 20, where "
             "6|2 scores nothing.",
)
