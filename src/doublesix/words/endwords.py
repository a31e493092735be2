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

import functools
from collections.abc import Sequence

from doublesix.engine.moves import Move
from doublesix.engine.summary import Lay, TileChoice
from doublesix.engine.tiles import Tile
from doublesix.words.eventwords import end_words
from doublesix.words.i18n import N_, _, capital, percent
from doublesix.words.keywords import single_keys


def end_name(end: str) -> str:
    """An open end as words: the line's ends are ends, the spinner's are arms.

    >>> end_name("left"), end_name("up")
    ('the left end', 'the up arm')
    """
    if end in ("up", "down"):
        return _("the {end} arm").format(end=end_words(end))
    return _("the {end} end").format(end=end_words(end))


def end_button_name(end: str) -> str:
    """An end as its button names it, capitalised: "Left end", "Up arm".

    >>> end_button_name("up")
    'Up arm'
    """
    if end in ("up", "down"):
        return capital(_("{end} arm").format(end=end_words(end)))
    return capital(_("{end} end").format(end=end_words(end)))


def or_list(items: list[str]) -> str:
    """Choices joined with commas and a final "or" (the language's).

    >>> or_list(["left", "right", "up"])
    'left, right or up'
    """
    if len(items) <= 1:
        return "".join(items)
    return _("{items} or {last}").format(items=", ".join(items[:-1]), last=items[-1])


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
        _("{end} ({shows}, scores {points})").format(end=end_words(str(lay.end)),
                                                      shows=lay.shows, points=lay.points)
        if lay.points else
        _("{end} ({shows})").format(end=end_words(str(lay.end)), shows=lay.shows)
        for lay in choice.lays
    ]
    return _("{tile} fits {count} ends: {ends}.").format(
        tile=choice.tile, count=len(described), ends=or_list(described))


def where_question(tile: Tile) -> str:
    """The end strip's heading while a tile waits for its end.

    >>> where_question(Tile(6, 4))
    'Where should 6|4 go?'
    """
    return _("Where should {tile} go?").format(tile=tile)


def end_keys(choice: TileChoice) -> str:
    """What to do next, with the single keys of the choice's ends (said when the keys are on).

    >>> from doublesix import Move
    >>> lays = (Lay(Move(Tile(6, 4), "left"), 4, (), 0, 0),
    ...         Lay(Move(Tile(6, 4), "up"), 4, (), 0, 0))
    >>> end_keys(TileChoice(Tile(6, 4), lays, asks=True))
    'Choose an end, or press L or U.'
    """
    keys = [single_keys()[str(lay.end)].upper() for lay in choice.lays]
    return _("Choose an end, or press {keys}.").format(keys=or_list(keys))


#: What to do next when the single keys are off.
CHOOSE_AN_END = N_("Choose an end.")


def end_button(lay: Lay) -> str:
    """An end button's name: the end, the number it shows, and what the lay scores there.

    >>> from doublesix import Move
    >>> end_button(Lay(Move(Tile(5, 5), "up"), 5, (), 20, 0))
    'Up arm 5'
    """
    words = end_button_name(str(lay.end))
    if lay.points > 0:
        return _("{end} {shows}, scores {points}").format(end=words, shows=lay.shows,
                                                           points=lay.points)
    return _("{end} {shows}").format(end=words, shows=lay.shows)


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
        return _("{tile}, cannot be played now: not your turn").format(tile=tile)
    if not ends:
        return _("{tile}, cannot be played: it fits no open end").format(tile=tile)
    if None in ends:
        return _("{tile}, can be played: it opens the hand").format(tile=tile)
    names = [end_name(str(end)) for end in ends]
    return _("{tile}, can be played on {ends}").format(tile=tile, ends=or_list(names))


def wait_for_turn(tile: Tile) -> str:
    """Said when a tile is chosen while it is not your turn (or your turn is not ready yet).

    >>> wait_for_turn(Tile(6, 4))
    '6|4: wait for your turn.'
    """
    return _("{tile}: wait for your turn.").format(tile=tile)


def drop_on_an_end(tile: Tile) -> str:
    """Said when a dragged tile is let go away from any end.

    >>> drop_on_an_end(Tile(6, 4))
    'Drop 6|4 on a lit end.'
    """
    return _("Drop {tile} on a lit end.").format(tile=tile)


def refusal(reason: str) -> str:
    """The engine's refusal of a move (``IllegalMoveError``'s text) as a sentence.

    >>> refusal("6|4 does not fit the up arm (5)")
    '6|4 does not fit the up arm (5).'
    """
    return f"{reason[:1].upper()}{reason[1:]}."  # the engine's words (issue 43: a later part)


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
        return _("nothing fits: draw")
    if why == "pass":
        return _("nothing fits and nothing is left to draw: pass")
    where = _("{tile} to open").format(tile=move.tile)
    if move.end in ("up", "down"):
        where = _("{tile} on the {end} arm").format(tile=move.tile, end=end_words(move.end))
    elif move.end is not None:
        where = _("{tile} on the {end}").format(tile=move.tile, end=end_words(move.end))
    if why == "out":
        return _("{move} goes out").format(move=where)
    if why == "scores":
        return _("{move} scores {points}").format(move=where, points=points)
    if why == "only":
        return _("{move} is the only tile that fits").format(move=where)
    if why == "blocks":
        shown = functools.reduce(
            lambda first, second: _("{first} or {second}").format(first=first, second=second),
            [str(n) for n in numbers])
        return _("{move} leaves a {numbers} open, which the next player lacks").format(
            move=where, numbers=shown)
    return _("{move} wins {share} of the deals tried").format(move=where, share=percent(wins))


def hint_sentence(reason: str) -> str:
    """The expert's suggestion as the hint line shows and says it.

    >>> hint_sentence("6|3 on the right scores 15")
    'Hint: 6|3 on the right scores 15.'
    """
    return _("Hint: {reason}.").format(reason=reason)
