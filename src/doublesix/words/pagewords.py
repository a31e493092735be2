"""What the web page shows and says about a game besides its events: your row's name and
status line, the Draw button's title, the page's title, each seat's card (difficulty, tiles
held, score), the table's short facts and its description, the tiles played, and who wants to
play again at a finished table.  The server sends these with each picture (a picture's
``words``, a table's ``words``), so the browser composes none; the page's own fixed labels are
:mod:`doublesix.words.pagelabels`.

A phrase with a value the page draws itself (a name in its own text direction, a score that
counts up) is sent *marked* (:func:`marked`): its whole sentence, written once with named
placeholders, split at them, so a language that orders the words otherwise needs no other code.

>>> marked("{name} (you) and {partner}", name="Ana", partner="Cid")
['', 'Ana', ' (you) and ', 'Cid', '']
>>> your_turn(fits=False, can_draw=True)
'Your turn: nothing fits, draw a tile.'
"""

from __future__ import annotations

import string
from collections.abc import Mapping, Sequence
from typing import Any, Final

from doublesix.words import players
from doublesix.words.talk import listing, plural

#: The site's name, after each page's title.
SITE: Final = "doublesix"


def marked(template: str, **values: object) -> list[str]:
    """``template`` split at its placeholders: the text between them at even places, each
    value (as text) at the odd places, in the template's order.

    >>> marked("team {points} points", points=45)
    ['team ', '45', ' points']
    >>> marked("{points} pts", points=7)
    ['', '7', ' pts']
    """
    parts: list[str] = []
    for text, field, _spec, _conversion in string.Formatter().parse(template):
        parts.append(text)
        if field is not None:
            parts.append(str(values[field]))
    if len(parts) % 2 == 0:
        parts.append("")
    return parts


# -- your row ---------------------------------------------------------------------------------


def me_name(name: str, partner: str | None, at_table: bool) -> list[str]:
    """Your row's name, marked (:func:`marked`: the names are drawn in their own text
    direction): at a table for people, your display name with "(you)"; and your partner.

    >>> me_name("You", "Random 2", False)
    ['', 'You', ' and ', 'Random 2', '']
    >>> "".join(me_name("Bea", None, True))
    'Bea (you)'
    """
    if at_table:
        template = "{name} (you) and {partner}" if partner else "{name} (you)"
    else:
        template = "{name} and {partner}" if partner else "{name}"
    return marked(template, name=name, partner=partner)


#: Your row's status line once the hand, or the game, is over.
HAND_OVER: Final = "The hand is over."
GAME_OVER: Final = "The game is over."

#: Taking back a move against the computers (the Take back button's name, what is said after,
#: what the result says, and the refusal where it is not possible).
TAKE_BACK: Final = "Take back"
TOOK_BACK: Final = "You took back your last move, and the computers' answers to it."
TAKEN_BACK: Final = "Moves were taken back in this game: it is casual, and moves no rating."
NO_TAKE_BACK: Final = ("Moves can be taken back only in a game against the computers (not the "
                       "daily game), while the hand is in play, after a move of yours.")


def your_turn(fits: bool, can_draw: bool) -> str:
    """Your row's status line on your turn: what to do.

    >>> your_turn(True, True), your_turn(False, False)
    ('Your turn: play a raised tile.', 'Your turn: nothing fits, pass.')
    """
    if fits:
        return "Your turn: play a raised tile."
    return "Your turn: nothing fits, draw a tile." if can_draw else "Your turn: nothing fits, pass."


def waiting_for(name: str) -> str:
    """Your row's status line while another seat is to play.

    >>> waiting_for("Bea")
    'Waiting for Bea.'
    """
    return f"Waiting for {name}."


def draw_title(left: int) -> str:
    """The Draw button's title while you may draw.

    >>> draw_title(14)
    'Draw a tile (14 left)'
    """
    return f"Draw a tile ({left} left)"


def page_title(title: str) -> str:
    """A page's title in the browser: its own, then the site's.

    >>> page_title("Your table")
    'Your table · doublesix'
    """
    return f"{title} · {SITE}"


def turn_title(game: str) -> str:
    """A game's page title on your turn.

    >>> turn_title("Draw")
    'Your turn · Draw · doublesix'
    """
    return f"Your turn · {game} · {SITE}"


def opponent_labels(count: int = 3) -> list[str]:
    """The new-game form's fields for the seats after yours, in order.

    >>> opponent_labels()
    ['Opponent 1', 'Opponent 2', 'Opponent 3']
    """
    return [f"Opponent {n}" for n in range(1, count + 1)]


# -- a table for people's waiting room and invitation ------------------------------------------


def seat_number(seat_name: str) -> str:
    """A seat's number before its line ("Seat 2:"), from its name.

    >>> seat_number("Seat 2")
    'Seat 2:'
    """
    return f"{seat_name}:"


def invite_words(seat: int, seat_name: str) -> dict[str, str]:
    """The host's controls for a seat's invitation in the waiting room, by their full names:
    the seat's ``number``, its ``link`` field, ``copy`` (and ``copied``, once it is),
    ``share``, the ``computer`` that may take it, and what is said once its link is copied
    (``copied_said``).

    >>> said = invite_words(1, "Seat 2")
    >>> said["number"], said["copy"], said["share"]
    ('Seat 2:', 'Copy link for seat 2', 'Share the link for seat 2')
    """
    n = seat + 1
    return {
        "number": seat_number(seat_name),
        "link": f"Invitation link for seat {n}",
        "copy": f"Copy link for seat {n}",
        "copied": f"Copied: the link for seat {n}",
        "share": f"Share the link for seat {n}",
        "computer": f"Seat this computer in seat {n}",
        "copied_said": f"The link for seat {n} is copied: send it to the person you invite.",
    }


# -- the seats' cards, the table ------------------------------------------------------------------


def card_words(level: int | None, tiles: int, score: int, teams: bool) -> dict[str, Any]:
    """A seat's card beside its name: its strength as ``difficulty``, on the one scale (its
    ladder ``level``'s words, :func:`~doublesix.words.players.level_words`; None for a
    person), the ``tiles`` it holds, and its ``score`` marked around the number (which the page
    counts up), in full and ``score_short`` for a narrow card.

    >>> card = card_words(3, 7, 45, teams=True)
    >>> card["difficulty"], card["tiles"], card["score"], card["score_short"]
    ('(level 3, Casual)', '7 tiles', ['team ', '45', ' points'], ['', '45', ' pts'])
    """
    return {
        "difficulty": None if level is None else f"({players.level_words(level)})",
        "tiles": plural(tiles, "tile"),
        "score": marked("team {points} points" if teams else "{points} points", points=score),
        "score_short": marked("{points} pts", points=score),
    }


def table_info(open_ends: Sequence[int], count: int | None, count_scores: bool,
               boneyard: int) -> dict[str, str]:
    """The table's short facts, in its corner: the open ends, the board count (and whether
    it scores now), the boneyard ("" for what there is not yet). ``count`` is None where the
    rules never score it (the pips games: Draw, Block), which then show none.

    >>> table_info([6, 4], 10, True, 14)
    {'ends': 'Ends 6 · 4', 'count': 'Count 10 scores', 'boneyard': 'Boneyard 14'}
    >>> table_info([], 0, False, 14)["ends"]
    ''
    >>> table_info([6, 4], None, False, 14)["count"]
    ''
    """
    numbers = " · ".join(str(n) for n in open_ends)
    scores = " scores" if count_scores else ""
    return {
        "ends": f"Ends {numbers}" if open_ends else "",
        "count": f"Count {count}{scores}" if open_ends and count is not None else "",
        "boneyard": f"Boneyard {boneyard}",
    }


def board_words(laid: int, ends: str) -> str:
    """The table described for a screen reader (the drawing's name): how many tiles lie on
    it, then the open ends (:func:`doublesix.words.talk.ends_sentence`).

    >>> board_words(3, "Open ends: left 6, right 4."), board_words(0, "")
    ('The table: 3 tiles laid. Open ends: left 6, right 4.', 'The table is empty.')
    """
    if not laid:
        return "The table is empty."
    return f"The table: {plural(laid, 'tile')} laid. {ends}".rstrip()


def tracker_words(played: Sequence[str], mine: Sequence[str] | None,
                  tiles: int) -> dict[str, Any]:
    """The tiles-played dialog in words: its ``count`` ("(12 of 28)"), and ``lines`` that
    say which tiles were played, which are in your hand (``mine``; None for a watcher, who
    holds none), and how many of the set's ``tiles`` you have not seen (they are not named: a
    picture names no tile its seat may not know).

    >>> said = tracker_words(["1|1"], ["1|0"], 3)
    >>> said["count"], said["lines"]
    ('(1 of 3)', ['Played: 1|1.', 'In your hand: 1|0.', 'Not seen: 1 tile.'])
    >>> tracker_words(["1|1"], None, 3)["lines"]
    ['Played: 1|1.', 'Not seen: 2 tiles.']
    """
    unseen = tiles - len(set(played) | set(mine or ()))
    lines = [f"Played: {listing(list(played))}." if played else "None played yet."]
    if mine is not None:
        lines.append(f"In your hand: {listing(list(mine))}." if mine else "Nothing in your hand.")
    if unseen:
        lines.append(f"Not seen: {plural(unseen, 'tile')}.")
    return {"count": f"({len(played)} of {tiles})", "lines": lines}


# -- playing again at a table for people ----------------------------------------------------------


def again_words(asked: bool, wants: Sequence[str], waiting: Sequence[str],
                gone: Sequence[str]) -> str:
    """Who at a finished table wants to play again, for a person who has ``asked`` or not:
    the others who want to, those still to ask (waited for once you asked), those who left.

    >>> again_words(True, ["Bea"], ["Cid"], [])
    'You want to play again. Bea wants to play again. Waiting for Cid.'
    >>> again_words(False, ["Bea", "Cid"], ["Dan"], ["Eve"])
    'Bea and Cid want to play again. Not yet asked: Dan. Eve has left the table.'
    """
    said = ["You want to play again."] if asked else []
    if wants:
        said.append(f"{listing(wants)} {'wants' if len(wants) == 1 else 'want'} to play again.")
    if waiting:
        said.append(f"{'Waiting for' if asked else 'Not yet asked:'} {listing(waiting)}.")
    if gone:
        said.append(f"{listing(gone)} {'has' if len(gone) == 1 else 'have'} left the table.")
    return " ".join(said)


#: Told at a finished table once the others started the new game while you were away.
AGAIN_STARTED: Final = "The others are playing again, with your seat kept for you."


def again_json(me: int, people: Mapping[int, tuple[str, bool, bool]], started: bool,
               over: bool = True) -> dict[str, str | None]:
    """A table's ``words.again`` and ``words.again_asked`` once its game is ``over`` (else
    None): who wants to play again, as seat ``me`` is told it now and once it has asked
    (``people``: each person's seat, its name, whether they asked and whether they are
    here); ``started``: the others started the new game.

    >>> again_json(0, {1: ("Bea", True, True), 2: ("Cid", False, True)}, False)["again"]
    'Bea wants to play again. Not yet asked: Cid.'
    >>> again_json(0, {}, False, over=False)
    {'again': None, 'again_asked': None}
    """
    if not over:
        return {"again": None, "again_asked": None}
    others = {seat: facts for seat, facts in people.items() if seat != me}
    wants = [name for name, asked, _here in others.values() if asked]
    waiting = [name for name, asked, here in others.values() if not asked and here]
    gone = [name for name, asked, here in others.values() if not asked and not here]
    asked = me in people and people[me][1]
    if started:
        return {"again": AGAIN_STARTED, "again_asked": AGAIN_STARTED}
    return {"again": again_words(asked, wants, waiting, gone),
            "again_asked": again_words(True, wants, waiting, gone)}
