"""What the web page shows and says about a game besides its events: your row's name and
status line, the Draw button's title, the page's title, each seat's card (difficulty, tiles
held, score), the table's short facts and its description, the tiles played, and who wants to
play again at a finished table.  The server sends these with each picture (a picture's
``words``, a table's ``words``), so the browser composes none; the page's own fixed labels are
:mod:`doublesix.words.pagelabels`.

A phrase with a value the page draws itself (a name in its own text direction, a score that
counts up) is sent *marked* (:func:`marked`): its whole sentence, written once with named
placeholders, split at them, so a language that orders the words otherwise needs no other code.
Every sentence is said in the language of the moment (:mod:`doublesix.words.i18n`); the
constants are marked with ``N_`` and said through ``_(CONSTANT)``.

>>> marked("{name} (you) and {partner}", name="Ana", partner="Cid")
['', 'Ana', ' (you) and ', 'Cid', '']
>>> your_turn(fits=False, can_draw=True)
'Your turn: nothing fits, draw a tile.'
"""

from __future__ import annotations

import string
from collections.abc import Mapping, Sequence
from typing import Any, Final

from doublesix.words import names, players, saying
from doublesix.words.i18n import N_, _, ngettext
from doublesix.words.saying import listing

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
        template = _("{name} (you) and {partner}") if partner else _("{name} (you)")
    else:
        template = _("{name} and {partner}") if partner else "{name}"
    return marked(template, name=names.shown(name), partner=partner)


#: Your row's status line once the hand, or the game, is over.
HAND_OVER: Final = N_("The hand is over.")
GAME_OVER: Final = N_("The game is over.")

#: Taking back a move against the computers (the Take back button's name, what is said after,
#: what the result says, and the refusal where it is not possible).
TAKE_BACK: Final = N_("Take back")
TOOK_BACK: Final = N_("You took back your last move, and the computers' answers to it.")
TAKEN_BACK: Final = N_("Moves were taken back in this game: it is casual, and moves no rating.")
NO_TAKE_BACK: Final = N_("Moves can be taken back only in a game against the computers (not the "
                         "daily game), while the hand is in play, after a move of yours.")


def your_turn(fits: bool, can_draw: bool) -> str:
    """Your row's status line on your turn: what to do.

    >>> your_turn(True, True), your_turn(False, False)
    ('Your turn: play a raised tile.', 'Your turn: nothing fits, pass.')
    """
    if fits:
        return _("Your turn: play a raised tile.")
    if can_draw:
        return _("Your turn: nothing fits, draw a tile.")
    return _("Your turn: nothing fits, pass.")


def waiting_for(name: str) -> str:
    """Your row's status line while another seat is to play.

    >>> waiting_for("Bea")
    'Waiting for Bea.'
    """
    return _("Waiting for {name}.").format(name=name)


def draw_title(left: int) -> str:
    """The Draw button's title while you may draw.

    >>> draw_title(14)
    'Draw a tile (14 left)'
    """
    return ngettext("Draw a tile ({count} left)", "Draw a tile ({count} left)",
                    left).format(count=left)


def page_title(title: str) -> str:
    """A page's title in the browser: its own, then the site's.

    >>> page_title("Your table")
    'Your table · doublesix'
    """
    # Translators: a page's title in the browser's tab; {site} is "doublesix".
    return _("{title} · {site}").format(title=title, site=SITE)


def turn_title(game: str) -> str:
    """A game's page title on your turn.

    >>> turn_title("Draw")
    'Your turn · Draw · doublesix'
    """
    # Translators: the page's title on your turn; {game} is the variant, {site} "doublesix".
    return _("Your turn · {game} · {site}").format(game=game, site=SITE)


def opponent_labels(count: int = 3) -> list[str]:
    """The new-game form's fields for the seats after yours, in order.

    >>> opponent_labels()
    ['Opponent 1', 'Opponent 2', 'Opponent 3']
    """
    return [_("Opponent {number}").format(number=n) for n in range(1, count + 1)]


# -- a table for people's waiting room and invitation ------------------------------------------


def seat_number(seat_name: str) -> str:
    """A seat's number before its line ("Seat 2:"), from its name.

    >>> seat_number("Seat 2")
    'Seat 2:'
    """
    # Translators: a seat's name before its line ("Seat 2:").
    return _("{seat}:").format(seat=seat_name)


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
    said = {
        "link": _("Invitation link for seat {number}"),
        "copy": _("Copy link for seat {number}"),
        "copied": _("Copied: the link for seat {number}"),
        "share": _("Share the link for seat {number}"),
        "computer": _("Seat this computer in seat {number}"),
        "copied_said": _("The link for seat {number} is copied: send it to the person you "
                         "invite."),
    }
    return {"number": seat_number(seat_name),
            **{key: text.format(number=n) for key, text in said.items()}}


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
    if teams:
        template = ngettext("team {points} point", "team {points} points", score)
    else:
        template = ngettext("{points} point", "{points} points", score)
    return {
        # Translators: a computer player's strength after its name ("(level 3, Casual)").
        "difficulty": None if level is None else _("({level})").format(
            level=players.level_words(level)),
        "tiles": saying.tiles(tiles),
        "score": marked(template, points=score),
        # Translators: a score on a narrow card: "pts" short for points.
        "score_short": marked(ngettext("{points} pt", "{points} pts", score), points=score),
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
    if not open_ends or count is None:
        counted = ""
    elif count_scores:
        # Translators: the board count, which scores now ("Count 10 scores").
        counted = _("Count {count} scores").format(count=count)
    else:
        counted = _("Count {count}").format(count=count)
    return {
        # Translators: the open ends' numbers ("Ends 6 · 4").
        "ends": _("Ends {numbers}").format(numbers=numbers) if open_ends else "",
        "count": counted,
        # Translators: how many tiles are left in the boneyard ("Boneyard 14").
        "boneyard": _("Boneyard {count}").format(count=boneyard),
    }


def board_words(laid: int, ends: str) -> str:
    """The table described for a screen reader (the drawing's name): how many tiles lie on
    it, then the open ends (:func:`doublesix.words.talk.ends_sentence`).

    >>> board_words(3, "Open ends: left 6, right 4."), board_words(0, "")
    ('The table: 3 tiles laid. Open ends: left 6, right 4.', 'The table is empty.')
    """
    if not laid:
        return _("The table is empty.")
    return ngettext("The table: {count} tile laid. {ends}", "The table: {count} tiles laid. {ends}",
                    laid).format(count=laid, ends=ends).rstrip()


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
    lines = [_("Played: {tiles}.").format(tiles=listing(list(played))) if played
             else _("None played yet.")]
    if mine is not None:
        lines.append(_("In your hand: {tiles}.").format(tiles=listing(list(mine))) if mine
                     else _("Nothing in your hand."))
    if unseen:
        lines.append(ngettext("Not seen: {count} tile.", "Not seen: {count} tiles.",
                              unseen).format(count=unseen))
    # Translators: how many of the set's tiles were played ("(12 of 28)").
    count = _("({played} of {tiles})").format(played=len(played), tiles=tiles)
    return {"count": count, "lines": lines}


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
    said = [_("You want to play again.")] if asked else []
    if wants:
        said.append(ngettext("{names} wants to play again.", "{names} want to play again.",
                             len(wants)).format(names=listing(wants)))
    if waiting:
        waited = _("Waiting for {names}.") if asked else _("Not yet asked: {names}.")
        said.append(waited.format(names=listing(waiting)))
    if gone:
        said.append(ngettext("{names} has left the table.", "{names} have left the table.",
                             len(gone)).format(names=listing(gone)))
    return " ".join(said)


#: Told at a finished table once the others started the new game while you were away.
AGAIN_STARTED: Final = N_("The others are playing again, with your seat kept for you.")


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
        return {"again": _(AGAIN_STARTED), "again_asked": _(AGAIN_STARTED)}
    return {"again": again_words(asked, wants, waiting, gone),
            "again_asked": again_words(True, wants, waiting, gone)}
