"""Moves and their notation: ``"6|4 left"``, ``"6|4"`` (a lead, or a tile that fits one end),
``"draw"`` and ``"pass"``.

Moves are interned: the same move is always the same object, so the lists handed out by
``legal_moves()`` are reused and ``play()`` accepts them without parsing.

>>> Move.parse("6-4 l")
Move(Tile(6, 4), 'left')
>>> str(Move(Tile(4, 6), "right")), str(Move.draw()), str(Move.pass_())
('6|4 right', 'draw', 'pass')
>>> Move.parse(str(Move(Tile(5, 5)))) is Move(Tile(5, 5))
True
"""

from __future__ import annotations

from typing import Any, Final

from doublesix.engine.layout import END_NAMES, END_NUMBERS, Layout
from doublesix.engine.tiles import SUIT, TILES, Mask, Tile, coerce_tile, indices

LAY: Final = "lay"
DRAW: Final = "draw"
PASS: Final = "pass"


class IllegalMoveError(ValueError):
    """A move that is malformed or not allowed now.  The match is left as it was.

    The message is English; ``code`` names the refusal and ``values`` holds what it says, so
    that the words (:func:`doublesix.words.errorwords.move_error`) say it in any language (the
    engine holds no words of its own).

    >>> try:
    ...     Move.parse("6|4 sideways")
    ... except IllegalMoveError as error:
    ...     print(error.code, error.values["end"])
    not-a-move-end sideways
    """

    def __init__(self, message: str, code: str = "", **values: Any) -> None:
        super().__init__(message)
        self.code = code
        self.values = values


class InvalidMoveError(IllegalMoveError):
    """Text that is not a move at all (bad notation), such as ``"6|4 sideways"``."""


class AmbiguousMoveError(IllegalMoveError):
    """A tile given without an end that fits more than one end: say which.

    ``moves`` holds the legal moves it could mean, one per end.
    """

    def __init__(self, message: str, moves: tuple[Move, ...] = (), code: str = "",
                 **values: Any) -> None:
        super().__init__(message, code, **values)
        self.moves = moves


class Move:
    """Lay a tile (on an end, or with ``end=None`` to lead), draw one tile, or pass.

    >>> m = Move.parse("6|4 left")
    >>> m.kind, m.tile, m.end
    ('lay', Tile(6, 4), 'left')
    >>> Move.parse("6|4 sideways")
    Traceback (most recent call last):
    ...
    doublesix.engine.moves.InvalidMoveError: not a move: '6|4 sideways' (unknown end ...)
    """

    __slots__ = ("e", "end", "kind", "t", "tile")

    kind: str
    tile: Tile | None
    end: str | None
    #: The tile's index (-1 for draw and pass) and the end's number (-1 for none).
    t: int
    e: int

    def __new__(cls, tile: Tile | str, end: str | None = None) -> Move:
        try:
            the_tile = coerce_tile(tile)
        except ValueError as error:
            raise InvalidMoveError(str(error)) from None
        if end is None:
            return _LAYS[the_tile.index][0]
        e = END_NUMBERS.get(end.lower(), -1) if isinstance(end, str) else -1
        if e < 0:
            raise InvalidMoveError(
                f"unknown end {end!r}; ends are {', '.join(END_NAMES)}", "unknown-end", end=end,
                ends=END_NAMES)
        return _LAYS[the_tile.index][e + 1]

    @classmethod
    def _make(cls, kind: str, t: int, e: int) -> Move:
        move = object.__new__(cls)
        object.__setattr__(move, "kind", kind)
        object.__setattr__(move, "t", t)
        object.__setattr__(move, "e", e)
        object.__setattr__(move, "tile", TILES[t] if t >= 0 else None)
        object.__setattr__(move, "end", END_NAMES[e] if e >= 0 else None)
        return move

    @classmethod
    def draw(cls) -> Move:
        """Draw one tile from the boneyard."""
        return _DRAW

    @classmethod
    def pass_(cls) -> Move:
        """Pass the turn (when nothing fits and nothing can be drawn)."""
        return _PASS

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read a move: ``"6|4 left"``, ``"6-4 r"``, ``"6|4"``, ``"draw"`` or ``"pass"``."""
        if not isinstance(text, str):
            raise InvalidMoveError(f"not a move: {text!r}", "not-a-move", text=text)
        words = text.strip().lower()
        if words in ("draw", "pass"):
            return _DRAW if words == "draw" else _PASS
        tile_text, _, end = words.rpartition(" ")
        if tile_text and end in END_NUMBERS:
            tile_words = tile_text
        else:
            tile_words, end = words, ""
        try:
            tile = Tile.parse(tile_words)
        except ValueError:
            tile_text, _, end_word = words.rpartition(" ")
            if tile_text and _is_tile(tile_text):
                raise InvalidMoveError(
                    f"not a move: {text!r} (unknown end {end_word!r}; ends are "
                    f"{', '.join(END_NAMES)})", "not-a-move-end", text=text, end=end_word,
                    ends=END_NAMES) from None
            raise InvalidMoveError(
                f"not a move: {text!r} (write a tile like 6|4, then an end, or draw or pass)",
                "not-a-move-tile", text=text) from None
        return _LAYS[tile.index][END_NUMBERS[end] + 1 if end else 0]

    @property
    def is_lay(self) -> bool:
        """True for laying a tile."""
        return self.t >= 0

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Move is immutable")

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (Move.parse, (str(self),))

    # Moves are interned, so equality is identity; the hash is the same in every process.
    def __hash__(self) -> int:
        return (self.t + 2) * 8 + self.e + (1 if self.kind == PASS else 0)

    def __str__(self) -> str:
        if self.kind != LAY:
            return self.kind
        return f"{self.tile}" if self.end is None else f"{self.tile} {self.end}"

    def __repr__(self) -> str:
        if self.kind == DRAW:
            return "Move.draw()"
        if self.kind == PASS:
            return "Move.pass_()"
        return f"Move({self.tile!r})" if self.end is None else f"Move({self.tile!r}, {self.end!r})"


def _is_tile(text: str) -> bool:
    try:
        Tile.parse(text)
    except ValueError:
        return False
    return True


#: ``_LAYS[t][e + 1]``: laying tile ``t`` on end ``e`` (-1: leading).
_LAYS: Final = tuple(tuple(Move._make(LAY, t, e) for e in range(-1, 4)) for t in range(len(TILES)))
_DRAW: Final = Move._make(DRAW, -1, -1)
_PASS: Final = Move._make(PASS, -1, -1)
#: The one draw move and the one pass move (``Move.draw()``, ``Move.pass_()``).
DRAW_MOVE: Final = _DRAW
PASS_MOVE: Final = _PASS


def lay_move(t: int, e: int) -> Move:
    """The interned move laying tile index ``t`` on end number ``e`` (-1 to lead)."""
    return _LAYS[t][e + 1]


def legal_moves_for(
    hand: Mask, layout: Layout, can_draw: bool, opener: int = -1, over: bool = False
) -> tuple[Move, ...]:
    """The legal moves of a seat holding ``hand``: the one move generator of the engine.

    ``opener`` is the tile that must open a bare table (-1: any tile may).

    >>> board = Layout.empty().lay(Tile(6, 4), None)
    >>> legal_moves_for(Tile(4, 1).bit | Tile(2, 2).bit, board, can_draw=True)
    (Move(Tile(4, 1), 'right'),)
    >>> legal_moves_for(Tile(2, 2).bit, board, can_draw=False)
    (Move.pass_(),)
    """
    if hand & layout.fits and not over:  # (a bare table fits nothing: leads are below)
        moves: tuple[Move, ...] = ()
        for e, n in layout.open:
            fitting = hand & SUIT[n]
            if fitting:
                key = fitting << 2 | e
                more = _on_end(key)
                if more is None:
                    if len(_ON_END) > 200_000:  # double-twelve suits have many subsets
                        _ON_END.clear()
                    more = _ON_END[key] = tuple(_LAYS[t][e + 1] for t in indices(fitting))
                moves += more
        return moves
    if over:
        return ()
    if not layout.played:
        if opener >= 0:
            return (_LAYS[opener][0],)
        return tuple(_LAYS[t][0] for t in indices(hand))
    return (_DRAW,) if can_draw else (_PASS,)


# The lays of a set of tiles on one end, by ``tiles << 2 | end``: move generation is a lookup.
# One entry per subset of a suit that some hand held; cleared if it ever grows large.
_ON_END: dict[int, tuple[Move, ...]] = {}
_on_end: Final = _ON_END.get
