"""Helpers the engine tests share: whole sets, tiles from text and scripted deals."""

from __future__ import annotations

from collections.abc import Sequence

from doublesix import Match, Rules, Tile


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
