"""Helpers the engine tests share: whole sets, tiles from text and scripted deals."""

from __future__ import annotations

from collections.abc import Sequence

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


def tiles(*texts: str) -> list[Tile]:
    """Tiles from their text."""
    return [Tile.parse(t) for t in texts]


def scripted(rules: Rules, hands: Sequence[Sequence[str]], boneyard: Sequence[str] = ()) -> Match:
    """A match whose first hand is dealt exactly so (the boneyard's front given, then the rest)."""
    for hand in hands:
        assert len(hand) == rules.hand_size, "scripted deals deal the rules' hand size"
    given = {Tile.parse(t) for hand in hands for t in hand} | {Tile.parse(t) for t in boneyard}
    rest = [t for t in whole_set(rules.set) if t not in given]
    return Match(rules, hands=[list(h) for h in hands], boneyard=[*boneyard, *rest])


def end_matters() -> Match:
    """All Fives at the moment the end matters: seat 0 to move, the ends 4 (on the opening
    4|4, which counts both halves) and 4; 6|4 scores 10 on the left and nothing on the right."""
    match = scripted(
        Rules.variant("all-fives", target=0),
        [["4|4", "3|1", "6|4", "2|0", "5|0", "6|2", "0|0"],
         ["4|3", "4|1", "1|1", "2|2", "3|3", "2|1", "5|1"]],
    )
    for move in ("4|3 right", "3|1 right", "1|4 right"):
        match.play(move)
    return match


def end_is_a_mirror() -> Match:
    """All Fives with seat 0 to move on the lone opening 5|5: 5|0 leaves the same table on
    either side, so nobody need be asked."""
    return scripted(
        Rules.variant("all-fives", target=0),
        [["5|0", "4|1", "3|2", "6|0", "2|1", "1|0", "0|0"],
         ["5|5", "4|4", "3|3", "2|2", "1|1", "6|1", "6|2"]],
    )
