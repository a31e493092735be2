"""Tiles, the sets they come in, their ranking, and the bit tables the engine runs on.

Every tile has a fixed index that does not depend on the set: ``index(high, low) =
high * (high + 1) // 2 + low``.  So the double-six set is the indices ``0..27``, double-nine
``0..54`` and double-twelve ``0..90``, and a hand is an ``int`` with one bit per tile.

>>> Tile(6, 4) == Tile(4, 6) == Tile.parse("6|4") == Tile.parse("4-6")
True
>>> str(Tile(4, 6)), Tile(6, 4).pips, Tile(5, 5).is_double
('6|4', 10, True)
>>> [str(t) for t in tiles_of(mask_of([Tile(2, 1), Tile(0, 0)]))]
['2|1', '0|0']
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Final

#: A set of tiles as an int: bit ``i`` stands for the tile with index ``i``.
Mask = int

#: The largest pip value of the largest set (double-twelve).
MAX_PIPS: Final = 12
#: The sets the game knows, by their highest double.
SETS: Final = (6, 9, 12)


def tile_count(top: int) -> int:
    """The number of tiles in a double-``top`` set.

    >>> tile_count(6), tile_count(9), tile_count(12)
    (28, 55, 91)
    """
    return (top + 1) * (top + 2) // 2


def _index(high: int, low: int) -> int:
    return high * (high + 1) // 2 + low


class Tile:
    """A domino: two halves of 0 to 12 pips, the same tile whichever way round.

    Tiles are interned, immutable and hashable; ``repr`` is valid code.

    >>> Tile(3, 6)
    Tile(6, 3)
    >>> Tile(6, 3).high, Tile(6, 3).low, Tile(6, 3).index
    (6, 3, 24)
    """

    __slots__ = ("high", "index", "is_double", "low", "pips")

    high: int
    low: int
    pips: int
    is_double: bool
    index: int

    def __new__(cls, a: int, b: int) -> Tile:
        try:
            return _BY_PAIR[a, b]
        except (KeyError, TypeError):
            pass
        if not (isinstance(a, int) and isinstance(b, int)) or isinstance(a, bool) or isinstance(
            b, bool
        ):
            raise ValueError(f"tile halves must be whole numbers, not {a!r} and {b!r}")
        raise ValueError(f"tile halves must be 0 to {MAX_PIPS}, not {a} and {b}")

    @classmethod
    def _make(cls, high: int, low: int) -> Tile:
        tile = object.__new__(cls)
        for name, value in (
            ("high", high),
            ("low", low),
            ("pips", high + low),
            ("is_double", high == low),
            ("index", _index(high, low)),
        ):
            object.__setattr__(tile, name, value)
        return tile

    @classmethod
    def parse(cls, text: str) -> Tile:
        """Read a tile written ``6|4``, ``6-4``, ``6 4``, ``6:4`` or ``[6|4]``, either half first.

        >>> Tile.parse(" [4-6] ")
        Tile(6, 4)
        >>> Tile.parse("7|x")
        Traceback (most recent call last):
        ...
        ValueError: not a tile: '7|x' (write it as 6|4)
        """
        match = _TILE_RE.fullmatch(text) if isinstance(text, str) else None
        if match is None:
            raise ValueError(f"not a tile: {text!r} (write it as 6|4)")
        return cls(int(match[1]), int(match[2]))

    @classmethod
    def from_index(cls, index: int) -> Tile:
        """The tile with this index (see the module's docstring).

        >>> Tile.from_index(27)
        Tile(6, 6)
        """
        return TILES[index]

    @property
    def bit(self) -> Mask:
        """This tile as a one-tile mask."""
        return 1 << self.index

    @property
    def rank(self) -> tuple[int, int, int]:
        """A sort key for who opens: any double beats any non-double, then pips, then the high half.

        >>> max([Tile(6, 5), Tile(0, 0)], key=lambda t: t.rank)
        Tile(0, 0)
        >>> max([Tile(5, 4), Tile(6, 3)], key=lambda t: t.rank)
        Tile(6, 3)
        """
        return (int(self.is_double), self.pips, self.high)

    def has(self, number: int) -> bool:
        """Whether either half shows ``number``."""
        return self.high == number or self.low == number

    def other(self, number: int) -> int:
        """The half facing away when the tile is laid against ``number``.

        >>> Tile(6, 4).other(6)
        4
        """
        if not self.has(number):
            raise ValueError(f"{self} has no {number}")
        return self.pips - number

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Tile is immutable")

    def __reduce__(self) -> tuple[type[Tile], tuple[int, int]]:
        return (Tile, (self.high, self.low))

    # Tiles are interned, so equality is identity; the hash is the index, the same everywhere.
    def __hash__(self) -> int:
        return self.index

    def __lt__(self, other: Tile) -> bool:
        return (self.high, self.low) < (other.high, other.low)

    def __str__(self) -> str:
        return f"{self.high}|{self.low}"

    def __repr__(self) -> str:
        return f"Tile({self.high}, {self.low})"


_TILE_RE: Final = re.compile(r"\s*\[?\s*(\d{1,2})\s*[|\-:/ ]\s*(\d{1,2})\s*\]?\s*")

#: Every tile of the double-twelve set, by index.
TILES: Final[tuple[Tile, ...]] = tuple(
    Tile._make(high, low) for high in range(MAX_PIPS + 1) for low in range(high + 1)
)
_BY_PAIR: Final[dict[tuple[int, int], Tile]] = {}
for _t in TILES:
    _BY_PAIR[_t.high, _t.low] = _t
    _BY_PAIR[_t.low, _t.high] = _t

#: Per tile index: the high half, the low half and the pips, as plain ints for hot loops.
HIGH: Final = tuple(t.high for t in TILES)
LOW: Final = tuple(t.low for t in TILES)
PIPS: Final = tuple(t.pips for t in TILES)
IS_DOUBLE: Final = tuple(t.is_double for t in TILES)

#: ``BIT[i]``: the one-tile mask of tile index ``i``.
BIT: Final = tuple(1 << t.index for t in TILES)
#: ``SUIT[n]``: the mask of every tile that shows ``n`` on either half.
SUIT: Final[tuple[Mask, ...]] = tuple(
    sum(1 << t.index for t in TILES if t.has(n)) for n in range(MAX_PIPS + 1)
)
#: ``DOUBLE_MASK``: every double.
DOUBLE_MASK: Final[Mask] = sum(1 << t.index for t in TILES if t.is_double)


def full_set(top: int) -> Mask:
    """The mask of the whole double-``top`` set.

    >>> bin(full_set(6)).count("1")
    28
    """
    return (1 << tile_count(top)) - 1


def mask_of(tiles: Iterable[Tile]) -> Mask:
    """The mask holding these tiles."""
    mask = 0
    for tile in tiles:
        mask |= 1 << tile.index
    return mask


def indices(mask: Mask) -> Iterator[int]:
    """The tile indices in ``mask``, highest first."""
    while mask:
        index = mask.bit_length() - 1
        yield index
        mask ^= 1 << index


def tiles_of(mask: Mask) -> list[Tile]:
    """The tiles in ``mask``, highest first (6|6, 6|5, ... 0|0)."""
    return [TILES[i] for i in indices(mask)]


def pips_of(mask: Mask) -> int:
    """The pips in a mask of tiles.

    >>> pips_of(mask_of([Tile(6, 6), Tile(1, 0)]))
    13
    """
    return sum(PIPS[i] for i in indices(mask))


def best_opener(mask: Mask) -> int:
    """The index of the tile that opens from ``mask``: the highest double, else the top rank.

    >>> Tile.from_index(best_opener(mask_of([Tile(6, 5), Tile(1, 1), Tile(0, 0)])))
    Tile(1, 1)
    >>> Tile.from_index(best_opener(mask_of([Tile(5, 4), Tile(6, 3)])))
    Tile(6, 3)
    """
    if not mask:
        raise ValueError("no tiles to open from")
    doubles = mask & DOUBLE_MASK
    if doubles:
        return doubles.bit_length() - 1
    return max(indices(mask), key=lambda i: TILES[i].rank)


def coerce_tile(value: Tile | str) -> Tile:
    """A tile from a Tile or its text."""
    if isinstance(value, Tile):
        return value
    if isinstance(value, str):
        return Tile.parse(value)
    raise ValueError(f"not a tile: {value!r}")
