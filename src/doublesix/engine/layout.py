"""The layout on the table: the line, the spinner's arms, the open ends and the board count.

A :class:`Layout` is an immutable value; :meth:`Layout.lay` returns a new one.  Ends are
numbered ``LEFT, RIGHT, UP, DOWN = 0, 1, 2, 3`` in hot code and named ``"left"``, ``"right"``,
``"up"``, ``"down"`` at the API's edge.  The opening tile lies with its higher half on the left.

>>> from doublesix.engine.tiles import Tile
>>> board = Layout.empty().lay(Tile(6, 4), None).lay(Tile(4, 1), "right")
>>> board.open_ends, board.count
({'left': 6, 'right': 1}, 7)
>>> muggins = Layout.empty(spinner="after-sides").lay(Tile(5, 5), None)
>>> muggins.count, muggins.lay(Tile(5, 0), "left").lay(Tile(5, 3), "right").open_ends
(10, {'left': 0, 'right': 3, 'up': 5, 'down': 5})
"""

from __future__ import annotations

from typing import Final, NamedTuple

from doublesix.engine.tiles import HIGH, IS_DOUBLE, LOW, MAX_PIPS, PIPS, SUIT, TILES, Mask, Tile

LEFT: Final = 0
RIGHT: Final = 1
UP: Final = 2
DOWN: Final = 3
#: End names by end number.
END_NAMES: Final = ("left", "right", "up", "down")
#: End numbers by name, with the short forms players type.
END_NUMBERS: Final = {
    "left": LEFT,
    "l": LEFT,
    "right": RIGHT,
    "r": RIGHT,
    "up": UP,
    "u": UP,
    "down": DOWN,
    "d": DOWN,
}

#: Spinner modes: none, arms after both sides carry a tile, arms at once.
NO_SPINNER: Final = 0
ARMS_AFTER_SIDES: Final = 1
ARMS_IMMEDIATE: Final = 2
_SPINNER_MODES: Final = {None: NO_SPINNER, "after-sides": ARMS_AFTER_SIDES,
                         "immediate": ARMS_IMMEDIATE}


class Placed(NamedTuple):
    """A tile as it lies: on which end it was laid and the number it shows outward.

    The opening tile has ``end=None`` and ``outer`` is its high half (it lies high half left).
    """

    tile: Tile
    end: str | None
    outer: int

    @property
    def inner(self) -> int:
        """The number touching the tile it was laid against."""
        return self.tile.pips - self.outer


# A linked list of lays, newest first: (earlier, tile index, end number or -1, outer number).
_Trail = tuple[object, int, int, int] | None


class Layout:
    """The tiles on the table, as far as the rules care: open ends, the spinner, the count.

    Fields are plain ints for speed: ``ends[e]`` is the number open at end ``e`` (or -1 when
    that end is not open), ``contrib[e]`` what it adds to the board count.
    """

    __slots__ = (
        "calm",
        "contrib",
        "count",
        "ends",
        "fits",
        "mode",
        "open",
        "played",
        "single",
        "spin_sides",
        "spinner",
        "trail",
    )

    ends: tuple[int, int, int, int]
    contrib: tuple[int, int, int, int]
    #: The board count: the sum of the open ends, doubles at an end counting twice.
    count: int
    #: Every tile that fits an open end (a mask); 0 before the first tile (anything leads).
    fits: Mask
    #: The open ends as (end number, number showing) pairs.
    open: tuple[tuple[int, int], ...]
    #: The tiles on the table (a mask).
    played: Mask
    #: True while the line is the opening tile alone.
    single: bool
    #: The spinner's number, or -1 before it is laid (or without spinners).
    spinner: int
    #: Which of the spinner's sides are still bare: bit 0 its left, bit 1 its right.
    spin_sides: int
    mode: int
    calm: int
    trail: _Trail

    def __init__(self) -> None:
        raise TypeError("use Layout.empty() and Layout.lay()")

    @classmethod
    def empty(cls, spinner: str | None = None) -> Layout:
        """The bare table.  ``spinner`` is None, ``"after-sides"`` or ``"immediate"``."""
        if spinner not in _SPINNER_MODES:
            raise ValueError(f"spinner must be None, 'after-sides' or 'immediate', not {spinner!r}")
        return _make(
            (-1, -1, -1, -1), (0, 0, 0, 0), 0, False, -1, 0, _SPINNER_MODES[spinner], None
        )

    @property
    def is_empty(self) -> bool:
        """True before the first tile."""
        return self.played == 0

    @property
    def open_ends(self) -> dict[str, int]:
        """The ends a tile may be laid on now, by name, with the number showing there."""
        return {END_NAMES[e]: n for e, n in self.open}

    def lay(self, tile: Tile, end: str | None) -> Layout:
        """Lay ``tile`` on the end named ``end`` (None for the opening tile): a new Layout.

        >>> Layout.empty().lay(Tile(6, 4), None).lay(Tile(3, 2), "left")
        Traceback (most recent call last):
        ...
        ValueError: 3|2 does not fit the left end (6)
        """
        if end is None:
            if self.played:
                raise ValueError(f"{tile} needs an end: the table is not empty")
            return self.lay_index(tile.index, -1)
        e = END_NUMBERS.get(end, -2)
        if e < 0:
            raise ValueError(f"unknown end {end!r}")
        if self.ends[e] < 0:
            raise ValueError(f"the {END_NAMES[e]} end is not open")
        if not tile.has(self.ends[e]):
            raise ValueError(f"{tile} does not fit the {END_NAMES[e]} end ({self.ends[e]})")
        if self.played >> tile.index & 1:
            raise ValueError(f"{tile} is already on the table")
        return self.lay_index(tile.index, e)

    def lay_index(self, t: int, e: int) -> Layout:
        """:meth:`lay` on indices, unchecked: tile ``t`` on end ``e`` (-1 to open)."""
        calm = self.calm
        if 0 <= e < 2 and calm and (calm == 2 or not IS_DOUBLE[t]):
            # The common case: a side of the line, the spinner's arms closed, no new spinner.
            left, right, _, _ = self.ends
            c_left, c_right, _, _ = self.contrib
            if e:
                right = outer = PIPS[t] - right
                c_right = right + right if IS_DOUBLE[t] else right
                if self.single and left == self.ends[1]:  # a lone double: its bare side
                    c_left = left + left
            else:
                left = outer = PIPS[t] - left
                c_left = left + left if IS_DOUBLE[t] else left
                if self.single and right == self.ends[0]:
                    c_right = right + right
            layout = _new(Layout)
            layout.ends = (left, right, -1, -1)
            layout.contrib = (c_left, c_right, 0, 0)
            layout.played = self.played | 1 << t
            layout.single = False
            layout.spinner = self.spinner
            layout.spin_sides = 0
            layout.mode = self.mode
            layout.calm = calm
            layout.trail = (self.trail, t, e, outer)
            line = left * _SIZE + right
            layout.open = _LINE_OPEN[line]
            layout.fits = _LINE_FITS[line]
            layout.count = c_left + c_right
            return layout
        high = HIGH[t]
        low = LOW[t]
        double = IS_DOUBLE[t]
        if e < 0 and calm == 2:  # the opening tile, and it will not be a spinner
            layout = _new(Layout)
            layout.ends = (high, low, -1, -1)
            layout.contrib = (high, low, 0, 0)
            layout.played = 1 << t
            layout.single = True
            layout.spinner = -1
            layout.spin_sides = 0
            layout.mode = self.mode
            layout.calm = 2
            layout.trail = (None, t, -1, high)
            line = high * _SIZE + low
            layout.open = _LINE_OPEN[line]
            layout.fits = _LINE_FITS[line]
            layout.count = high + low
            return layout
        spinner = self.spinner
        spin_sides = self.spin_sides
        mode = self.mode
        trail = (self.trail, t, e, high)
        if e < 0:
            ends = [high, low, -1, -1]
            contrib = [high, low, 0, 0]
            if double and mode:
                spinner = high
                spin_sides = 3
                if mode == ARMS_IMMEDIATE:
                    ends[2] = ends[3] = high
            return _make(tuple(ends), tuple(contrib), 1 << t, True,  # type: ignore[arg-type]
                         spinner, spin_sides, mode, trail)
        ends = list(self.ends)
        contrib = list(self.contrib)
        outer = PIPS[t] - ends[e]
        trail = (self.trail, t, e, outer)
        ends[e] = outer
        contrib[e] = outer + outer if double else outer
        single = self.single
        if e < 2:
            if single:
                single = False
                if self.ends[0] == self.ends[1]:  # a lone double: its bare side counts twice
                    contrib[1 - e] = 2 * self.ends[1 - e]
            if spin_sides >> e & 1:
                spin_sides &= ~(1 << e)
                if spin_sides == 0 and mode == ARMS_AFTER_SIDES:
                    ends[2] = ends[3] = spinner
            if double and spinner < 0 and mode:
                spinner = high
                spin_sides = 1 << e
                if mode == ARMS_IMMEDIATE:
                    ends[2] = ends[3] = high
        return _make(tuple(ends), tuple(contrib), self.played | 1 << t, single,  # type: ignore[arg-type]
                     spinner, spin_sides, mode, trail)

    @property
    def newest(self) -> tuple[int, int] | None:
        """The newest lay as (tile index, end number, -1 for the opening tile); None when bare.

        >>> Layout.empty().lay(Tile(6, 4), None).lay(Tile(4, 1), "right").newest
        (11, 1)
        """
        trail = self.trail
        if trail is None:
            return None
        _, t, e, _ = trail
        return t, e

    def placed(self) -> dict[str, list[Placed]]:
        """The tiles as they lie, by arm, each list from the centre outward.

        The ``"left"`` list starts with the opening tile.

        >>> board = Layout.empty().lay(Tile(6, 4), None).lay(Tile(4, 1), "right")
        >>> [str(p.tile) for p in board.placed()["right"]]
        ['4|1']
        """
        arms: dict[str, list[Placed]] = {name: [] for name in END_NAMES}
        node = self.trail
        while node is not None:
            earlier, t, e, outer = node
            arms["left" if e < 0 else END_NAMES[e]].append(
                Placed(TILES[t], None if e < 0 else END_NAMES[e], outer)
            )
            node = earlier  # type: ignore[assignment]
        for name in END_NAMES:
            arms[name].reverse()
        return arms

    def _key(self) -> tuple[object, ...]:
        return (self.ends, self.contrib, self.played, self.single, self.spinner, self.spin_sides,
                self.mode, self._lays())

    def _lays(self) -> tuple[tuple[int, int], ...]:
        lays = []
        node = self.trail
        while node is not None:
            lays.append((node[1], node[2]))
            node = node[0]  # type: ignore[assignment]
        return tuple(lays)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Layout):
            return NotImplemented
        return self is other or self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"<Layout {self.open_ends} count={self.count}>"


_new: Final = object.__new__

# The open ends and what fits them for a bare line showing ``left`` and ``right``, by
# ``left * _SIZE + right``.
_SIZE: Final = MAX_PIPS + 1
_LINE_OPEN: Final = tuple(((0, a), (1, b)) for a in range(_SIZE) for b in range(_SIZE))
_LINE_FITS: Final = tuple(SUIT[a] | SUIT[b] for a in range(_SIZE) for b in range(_SIZE))


def _make(
    ends: tuple[int, int, int, int],
    contrib: tuple[int, int, int, int],
    played: Mask,
    single: bool,
    spinner: int,
    spin_sides: int,
    mode: int,
    trail: _Trail,
) -> Layout:
    layout = object.__new__(Layout)
    layout.ends = ends
    layout.contrib = contrib
    layout.played = played
    layout.single = single
    layout.spinner = spinner
    layout.spin_sides = spin_sides
    layout.mode = mode
    layout.trail = trail
    # How much lay_index may skip: 2, any tile on a side is plain; 1, any but a double (it
    # would be the spinner); 0, the spinner's sides or arms are in play.
    plain = spin_sides == 0 and ends[2] < 0
    layout.calm = (2 if mode == NO_SPINNER or spinner >= 0 else 1) if plain else 0
    opened = tuple((e, n) for e, n in enumerate(ends) if n >= 0)
    layout.open = opened
    fits = 0
    count = 0
    for e, n in opened:
        fits |= SUIT[n]
        count += contrib[e]
    layout.fits = fits
    layout.count = count
    return layout
