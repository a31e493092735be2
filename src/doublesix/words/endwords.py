"""The words for choosing where a tile goes: the ends' names, the question a face asks when a
tile fits ends that give different tables, and the names of the end buttons (their long name,
and the board's short label with what the lay scores).

Part of the one voice (:mod:`doublesix.words.talk` re-exports :func:`end_name` and
:func:`end_question`); the web server sends these words with each choice, so the browser
names no end button itself.  Pure: no I/O.

>>> from doublesix import Move
>>> from doublesix.engine.summary import Lay
>>> lay = Lay(Move(Tile(6, 4), "left"), 4, (("left", 6), ("right", 4)), 10, 10)
>>> end_button(lay), end_button_short(lay)
('Left end 4, scores 10', 'L 4 +10')
"""

from __future__ import annotations

from collections.abc import Sequence

from doublesix.engine.moves import Move
from doublesix.engine.summary import Lay, TileChoice
from doublesix.engine.tiles import Tile


def end_name(end: str) -> str:
    """An open end as words: the line's ends are ends, the spinner's are arms.

    >>> end_name("left"), end_name("up")
    ('the left end', 'the up arm')
    """
    return f"the {end} {'arm' if end in ('up', 'down') else 'end'}"


def end_question(choice: TileChoice) -> str:
    """The question for a tile whose ends give different tables: each end, what it shows and
    what the lay scores there.

    >>> from doublesix import Move
    >>> lays = (Lay(Move(Tile(6, 4), "left"), 4, (("left", 6), ("right", 4)), 10, 10),
    ...         Lay(Move(Tile(6, 4), "right"), 4, (("left", 4), ("right", 6)), 14, 0))
    >>> end_question(TileChoice(Tile(6, 4), lays, asks=True))
    '6|4 fits 2 ends: left (4, scores 10) or right (4).'
    """
    described = [
        f"{lay.end} ({lay.shows}" + (f", scores {lay.points})" if lay.points else ")")
        for lay in choice.lays
    ]
    return (f"{choice.tile} fits {len(described)} ends: "
            + ", ".join(described[:-1]) + " or " + described[-1] + ".")


def where_question(tile: Tile) -> str:
    """The end strip's heading while a tile waits for its end.

    >>> where_question(Tile(6, 4))
    'Where should 6|4 go?'
    """
    return f"Where should {tile} go?"


def end_keys(choice: TileChoice) -> str:
    """What to do next, with the single keys of the choice's ends (said when the keys are on).

    >>> from doublesix import Move
    >>> lays = (Lay(Move(Tile(6, 4), "left"), 4, (), 0, 0),
    ...         Lay(Move(Tile(6, 4), "up"), 4, (), 0, 0))
    >>> end_keys(TileChoice(Tile(6, 4), lays, asks=True))
    'Choose an end, or press L or U.'
    """
    keys = [str(lay.end)[0].upper() for lay in choice.lays]
    return f"Choose an end, or press {', '.join(keys[:-1])} or {keys[-1]}."


#: What to do next when the single keys are off.
CHOOSE_AN_END = "Choose an end."


def end_button(lay: Lay) -> str:
    """An end button's name: the end, the number it shows, and what the lay scores there.

    >>> from doublesix import Move
    >>> end_button(Lay(Move(Tile(5, 5), "up"), 5, (), 20, 0))
    'Up arm 5'
    """
    words = end_name(str(lay.end)).removeprefix("the ")
    scores = f", scores {lay.points}" if lay.points > 0 else ""
    return f"{words[0].upper()}{words[1:]} {lay.shows}{scores}"


def end_button_short(lay: Lay) -> str:
    """An end button's short label on a narrow screen: the board's own label for the end (its
    letter and number) and what the lay scores ("+10").

    >>> from doublesix import Move
    >>> end_button_short(Lay(Move(Tile(5, 5), "down"), 5, (), 20, 0))
    'D 5'
    """
    scores = f" +{lay.points}" if lay.points > 0 else ""
    return f"{str(lay.end)[0].upper()} {lay.shows}{scores}"


# -- the hand's tiles: their names for a screen reader, and what a refused tile says --------


def tile_label(tile: Tile, ends: Sequence[str | None] | None) -> str:
    """A hand tile's accessible name: the tile first, then whether and where it can be played
    now (``ends``: the ends it fits, None to open the hand; ``None`` for ``ends`` itself: it is
    not your turn).

    >>> tile_label(Tile(6, 4), ["left", "up"])
    '6|4, can be played on the left end or the up arm'
    >>> tile_label(Tile(6, 6), [None]), tile_label(Tile(6, 4), [])
    ('6|6, can be played: it opens the hand', '6|4, cannot be played: it fits no open end')
    >>> tile_label(Tile(6, 4), None)
    '6|4, cannot be played now: not your turn'
    """
    if ends is None:
        return f"{tile}, cannot be played now: not your turn"
    if not ends:
        return f"{tile}, cannot be played: it fits no open end"
    if None in ends:
        return f"{tile}, can be played: it opens the hand"
    names = [end_name(str(end)) for end in ends]
    listed = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"
    return f"{tile}, can be played on {listed}"


def wait_for_turn(tile: Tile) -> str:
    """Said when a tile is chosen while it is not your turn (or your turn is not ready yet).

    >>> wait_for_turn(Tile(6, 4))
    '6|4: wait for your turn.'
    """
    return f"{tile}: wait for your turn."


def drop_on_an_end(tile: Tile) -> str:
    """Said when a dragged tile is let go away from any end.

    >>> drop_on_an_end(Tile(6, 4))
    'Drop 6|4 on a lit end.'
    """
    return f"Drop {tile} on a lit end."


def refusal(reason: str) -> str:
    """The engine's refusal of a move (``IllegalMoveError``'s text) as a sentence.

    >>> refusal("6|4 does not fit the up arm (5)")
    '6|4 does not fit the up arm (5).'
    """
    return f"{reason[:1].upper()}{reason[1:]}."


def hint_reason(move: Move, why: str, points: int = 0, numbers: Sequence[int] = (),
                wins: float = 0.0) -> str:
    """The expert's hint (:class:`doublesix.ai.Hint`, whose fields these are) as a reason.

    >>> hint_reason(Move(Tile(6, 3), "right"), "scores", points=15)
    '6|3 on the right scores 15'
    >>> hint_reason(Move(Tile(5, 5), "up"), "blocks", numbers=(2, 5))
    '5|5 on the up arm leaves a 2 or 5 open, which the next player lacks'
    >>> hint_reason(Move.draw(), "draw"), hint_reason(Move(Tile(4, 1), "left"), "wins", wins=0.6)
    ('nothing fits: draw', '4|1 on the left wins 60% of the deals tried')
    """
    if why == "draw":
        return "nothing fits: draw"
    if why == "pass":
        return "nothing fits and nothing is left to draw: pass"
    where = "to open" if move.end is None else f"on the {move.end}"
    if move.end in ("up", "down"):
        where = f"on the {move.end} arm"
    tile = move.tile
    if why == "out":
        return f"{tile} {where} goes out"
    if why == "scores":
        return f"{tile} {where} scores {points}"
    if why == "only":
        return f"{tile} {where} is the only tile that fits"
    if why == "blocks":
        shown = " or ".join(str(n) for n in numbers)
        return f"{tile} {where} leaves a {shown} open, which the next player lacks"
    return f"{tile} {where} wins {wins:.0%} of the deals tried"


def hint_sentence(reason: str) -> str:
    """The expert's suggestion as the hint line shows and says it.

    >>> hint_sentence("6|3 on the right scores 15")
    'Hint: 6|3 on the right scores 15.'
    """
    return f"Hint: {reason}."
