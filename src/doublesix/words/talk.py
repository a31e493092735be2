"""The game in sentences: short, consistent, the important thing first, for screen readers.

The one voice of doublesix: the terminal game, the web server (which sends these sentences to
the browser) and the adapters' text rendering all speak through this module, and none writes a
sentence of its own about the game.  A sentence is spoken to one seat: ``names`` holds every
seat's name as that seat hears it, ``"You"`` (:data:`YOU_NAME`) for itself.  Like the rest of
the core it is pure: the standard library only, no I/O.

>>> scores_sentence([0, 15, 5], ["You", "Expert", "Expert 2"], 100)
'Scores, playing to 100. You: 0, Expert: 15, Expert 2: 5.'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from doublesix.engine.events import Event, public
from doublesix.engine.layout import Placed
from doublesix.engine.rules import Rules
from doublesix.engine.summary import tile_choices
from doublesix.engine.tiles import Tile
from doublesix.engine.view import TableView, View
from doublesix.words import rulebook
from doublesix.words.endwords import end_name
from doublesix.words.eventwords import by, describe, end_words
from doublesix.words.handtalk import game_end_lines as game_end_lines
from doublesix.words.handtalk import game_over_lines as game_over_lines
from doublesix.words.handtalk import hand_end_lines as hand_end_lines
from doublesix.words.handtalk import outcome_lines as outcome_lines
from doublesix.words.handtalk import result_heading as result_heading
from doublesix.words.handtalk import scoresheet_lines as scoresheet_lines
from doublesix.words.handtalk import sheet_how as sheet_how
from doublesix.words.handtalk import sheet_lines as sheet_lines
from doublesix.words.handtalk import totals_sentence as totals_sentence
from doublesix.words.i18n import N_, _, capital, ngettext
from doublesix.words.names import YOU_NAME as YOU_NAME  # the person's name, re-exported
from doublesix.words.names import is_you, shown
from doublesix.words.saying import NOBODY as NOBODY
from doublesix.words.saying import YOU as YOU
from doublesix.words.saying import any_of as any_of
from doublesix.words.saying import listing as listing
from doublesix.words.saying import pips as pips
from doublesix.words.saying import plural as plural
from doublesix.words.saying import points as points
from doublesix.words.saying import scores_sentence as scores_sentence
from doublesix.words.saying import subject as subject
from doublesix.words.saying import tiles as tiles
from doublesix.words.saying import verb as verb
from doublesix.words.saying import with_article


def variant_name(rules: Rules) -> str:
    """The variant's name as people write it (the catalogue's, :mod:`doublesix.words.rulebook`).

    >>> variant_name(Rules.variant("all-fives"))
    'All Fives'
    """
    return rulebook.variant_name(rules)


# -- what happened --------------------------------------------------------------------------


def seat_history(events: Sequence[Event], seat: int) -> list[Event]:
    """The referee's events as ``seat`` may know them: its own drawn tiles named, the others'
    hidden, and each run of another seat's draws merged into one event."""
    return list(public(events, seat))


def event_sentence(event: Event, names: Sequence[str]) -> str | None:
    """One sentence for a lay, draw or pass (None for the other kinds, told elsewhere)."""
    if event.kind not in ("lay", "draw", "pass"):
        return None
    return describe(event, names)


# -- the table ------------------------------------------------------------------------------


def ends_sentence(view: TableView) -> str:
    """The open ends, and the board count where it scores.  The spinner's arms before a tile
    is laid on them take its number but add nothing to the count, and are said apart.

    >>> from doublesix import Match, Rules
    >>> match = Match(Rules.variant("muggins"), seed=2)
    >>> ends_sentence(match.view(0))
    'Open ends: left 6, right 6. Board count 12.'

    Where the count is scored, a double across an end (it counts both halves) is said so:

    >>> match.play(match.legal_moves()[0])
    >>> ends_sentence(match.view(0))
    'Open ends: left 3, right double 6. Board count 15.'
    """
    layout = view.layout
    if layout.is_empty:
        return _("The table is empty.")
    arms = layout.placed()
    counted = []
    bare = []
    fives = view.rules.scoring == "fives"
    for name, number in layout.open_ends.items():
        if name in ("up", "down") and not arms[name]:
            bare.append(end_words(name))
        elif fives and _double_end(arms, name, layout.single):  # it counts both halves
            counted.append(_("{end} double {number}").format(end=end_words(name), number=number))
        else:
            counted.append(_("{end} {number}").format(end=end_words(name), number=number))
    text = _("Open ends: {ends}.").format(ends=", ".join(counted))
    if len(bare) > 1:
        text += " " + _("The spinner's bare arms, {first} and {second}, take {number}.").format(
            first=bare[0], second=bare[1], number=with_article(layout.spinner))
    elif bare:
        text += " " + _("The spinner's bare arm, {end}, takes {number}.").format(
            end=bare[0], number=with_article(layout.spinner))
    if view.rules.scoring == "fives":
        text += " " + _("Board count {count}.").format(count=view.board_count)
    return text


def _double_end(arms: dict[str, list[Placed]], name: str, single: bool) -> bool:
    """Whether a double lies across the open end ``name`` (``arms``: the layout's tiles by
    arm; ``single``: the opening tile is alone, and its two sides are said as two ends)."""
    if single:
        return False
    arm = arms[name] or arms["left"][:1]  # a bare side of the line is the opening tile's
    return arm[-1].tile.high == arm[-1].tile.low


def counts_sentence(view: TableView, names: Sequence[str]) -> str:
    """How many tiles the others hold (every seat, to a watcher: a table's view), and the
    boneyard.

    >>> from doublesix import Match, Rules
    >>> match = Match(Rules.variant("draw"), seed=5)
    >>> counts_sentence(match.view(0), ["You", "Bea"])
    'Bea holds 7 tiles. Boneyard: 14 tiles.'
    >>> counts_sentence(match.table_view(), ["Ana", "Bea"])
    'Ana holds 6 tiles and Bea holds 7 tiles. Boneyard: 14 tiles.'
    """
    mine = view.seat if isinstance(view, View) else None
    parts = [holds(names[seat], size) for seat, size in enumerate(view.hand_sizes)
             if seat != mine]
    text = listing(parts) + "."
    if view.rules.drawing:
        text += " " + _("Boneyard: {tiles}.").format(tiles=tiles(view.boneyard_size))
    return capital(text)


def holds(name: str, count: int) -> str:
    """How many tiles a seat holds, as a clause ("Bea holds 7 tiles", "you hold 1 tile").

    >>> holds("Bea", 7), holds("You", 1)
    ('Bea holds 7 tiles', 'you hold 1 tile')
    """
    return by(name, ngettext("you hold {count} tile", "you hold {count} tiles", count),
              ngettext("{name} holds {count} tile", "{name} holds {count} tiles", count),
              count=count)


#: How a face with a Draw button (the browser) says to draw, where the terminal says to type it:
#: in the turn's announcement, and after the hand.
DRAW_BY_BUTTON = N_("draw from the boneyard with the Draw button")
DRAW_BUTTON_HINT = N_("Draw with the Draw button.")
#: How the terminal says to draw after the hand, when nothing fits.
TYPE_DRAW = N_("Type draw, or press Enter.")


def hand_sentence(view: View, mark: Callable[[str], str] = str, owner: str = YOU_NAME,
                  draw_words: str = TYPE_DRAW) -> str:
    """The seat's hand, highest first, each playable tile marked with where it fits; spoken
    to its ``owner`` ("Your hand") or about them by name ("Bea's hand"); ``draw_words`` say
    how to draw in this face when nothing fits.

    >>> from doublesix import Match, Rules
    >>> view = Match(Rules.variant("block", hand_size=2), seed=1).view(0)
    >>> hand_sentence(view), hand_sentence(view, owner="Bea")
    ('Your hand, 1 tile: 6|3.', "Bea's hand, 1 tile: 6|3.")
    """
    playable = tile_choices(view)
    leading = view.layout.is_empty
    parts = []
    for tile in view.hand:
        choice = playable.get(tile)
        if choice is None:
            parts.append(str(tile))
            continue
        if leading:
            scored = [lay.points for lay in choice.lays if lay.points]
            parts.append(mark(_("{tile} (scores {points})").format(tile=tile, points=scored[0])
                              if scored else str(tile)))
            continue
        wheres = [_("{end} (scores {points})").format(end=end_words(str(lay.end)),
                                                      points=lay.points)
                  if lay.points else end_words(str(lay.end)) for lay in choice.lays]
        parts.append(mark(_("{tile} fits {ends}").format(tile=tile, ends=listing(wheres))))
    count = len(view.hand)
    if is_you(owner):
        text = ngettext("Your hand, {count} tile: {tiles}.", "Your hand, {count} tiles: {tiles}.",
                        count).format(count=count, tiles=", ".join(parts))
    else:
        text = ngettext("{name}'s hand, {count} tile: {tiles}.",
                        "{name}'s hand, {count} tiles: {tiles}.",
                        count).format(name=owner, count=count, tiles=", ".join(parts))
    if view.turn == view.seat and not playable:
        moves = view.legal_moves()
        text += " " + _("Nothing fits.")
        if moves and moves[0].kind == "draw":
            text += " " + _(draw_words)
    return text


def board_lines(view: View) -> list[str]:
    """The tiles as they lie: the line from left to right, then the spinner's arms."""
    layout = view.layout
    if layout.is_empty:
        return [_("The table is empty.")]
    arms = layout.placed()
    line = [_shown(p, "left") for p in reversed(arms["left"][1:])]
    opener = arms["left"][0].tile
    line.append(f"{opener.high}|{opener.low}")
    line += [_shown(p, "right") for p in arms["right"]]
    lines = [_("The line, from left to right: {tiles}.").format(tiles=", ".join(line))]
    if layout.spinner >= 0:
        lines.append(_("The spinner is {tile}.").format(
            tile=Tile(layout.spinner, layout.spinner)))
        for arm in ("up", "down"):
            if arms[arm]:
                laid = ", ".join(_shown(p, arm) for p in arms[arm])
                lines.append(_("The {end} arm, from the spinner out: {tiles}.").format(
                    end=end_words(arm), tiles=laid))
    lines.append(ends_sentence(view))
    return lines


def _shown(placed: Placed, arm: str) -> str:
    """A tile as it lies, read from left to right (or from the spinner outward on an arm)."""
    if arm == "left":
        return f"{placed.outer}|{placed.inner}"
    return f"{placed.inner}|{placed.outer}"


# -- hands and games ------------------------------------------------------------------------


def game_caption(rules: Rules, hand_number: int, daily: str | None = None) -> str:
    """The game's heading: the rules in a few words and the hand in play (the daily game's
    date first).

    >>> game_caption(Rules.variant("draw", target=0), 0, "2026-12-02")
    'Daily game 2026-12-02: Draw, one hand, double-six. Hand 1.'
    """
    if daily is not None:
        return _("Daily game {day}: {rules}. Hand {number}.").format(
            day=daily, rules=rulebook.caption(rules), number=hand_number + 1)
    return _("{rules}. Hand {number}.").format(rules=rulebook.caption(rules),
                                               number=hand_number + 1)


def rules_sentence(rules: Rules) -> str:
    """This game's rules in one sentence (the catalogue's, :mod:`doublesix.words.rulebook`).

    >>> rules_sentence(Rules.variant("draw", hand_size=5))[:46]
    'Rules: Draw, double-six set, 2 players, 5 tile'
    """
    return rulebook.rules_sentence(rules)


# -- what a face shows beside the events: the seats' last actions, the turn, the result's
# -- heading and the scoresheet's words (issue 27: the web's pictures carry them) ----------


def seat_status(events: Sequence[Event], seat: int) -> str | None:
    """What ``seat`` did last in the hand whose ``events`` are given (a run of its draws
    counted together), as its card at the table says it; None before it acted.

    >>> from doublesix.engine.tiles import Tile
    >>> hand = [Event("hand", None), Event("lay", 0, Tile(6, 6)), Event("draw", 1, number=1),
    ...         Event("draw", 1, number=2), Event("lay", 0, Tile(6, 4), "up")]
    >>> seat_status(hand, 0), seat_status(hand, 1), seat_status(hand, 2)
    ('Laid 6|4 on the up arm', 'Drew 3', None)
    """
    drawn = 0
    for event in reversed(events):
        if event.kind == "hand":
            break
        if event.seat != seat:
            continue
        if event.kind == "draw":
            drawn += event.number or 1
            continue
        if drawn:
            break
        if event.kind == "pass":
            return _("Passed")
        if event.kind == "lay":
            if event.end is None:
                return _("Opened with {tile}").format(tile=event.tile)
            return _("Laid {tile} on {end}").format(tile=event.tile, end=end_name(event.end))
    return _("Drew {count}").format(count=drawn) if drawn else None


def short_move(event: Event, names: Sequence[str]) -> str:
    """A move in the fewest words, for the table's last-move line on a narrow screen: who,
    the tile, the end and what it scored (any other event as :func:`describe` says it).

    >>> from doublesix.engine.tiles import Tile
    >>> names = ["You", "Snow White"]
    >>> short_move(Event("lay", 1, Tile(6, 4), "left", points=10), names)
    'Snow White: 6|4 left, +10'
    >>> short_move(Event("lay", 0, Tile(6, 6)), names), short_move(Event("pass", 1), names)
    ('You: 6|6 to open', 'Snow White passed')
    >>> short_move(Event("draw", 1, number=1), names)
    'Snow White drew a tile'
    >>> short_move(Event("draw", 0, Tile(2, 1)), names)
    'You drew 2|1'
    """
    who = names[event.seat] if event.seat is not None and event.seat < len(names) else ""
    if event.kind == "lay":
        where = _("to open") if event.end is None else end_words(event.end)
        if event.points:
            return _("{name}: {tile} {end}, +{points}").format(
                name=shown(who), tile=event.tile, end=where, points=event.points)
        return _("{name}: {tile} {end}").format(name=shown(who), tile=event.tile, end=where)
    if event.kind == "draw":
        if event.tile is not None:
            return by(who, _("You drew {tile}"), _("{name} drew {tile}"), tile=event.tile)
        return by(who, ngettext("You drew a tile", "You drew {count} tiles", event.number),
                  ngettext("{name} drew a tile", "{name} drew {count} tiles", event.number),
                  count=event.number)
    if event.kind == "pass":
        return by(who, _("You passed"), _("{name} passed"))
    return describe(event, names)


def their_turn(name: str) -> str:
    """Another seat's turn, as everyone else hears it.

    >>> their_turn("Bea")
    "Bea's turn."
    """
    return _("{name}'s turn.").format(name=name)


#: How to draw, said in the turn's first line when nothing fits.
DRAW_FROM_BONEYARD = N_("draw from the boneyard")


def turn_sentence(view: View, names: Sequence[str],
                  draw_words: str = DRAW_FROM_BONEYARD) -> str | None:
    """What is said when the turn comes: to the seat whose turn it is, the tiles that fit (or
    how to draw, ``draw_words``, or that it passes); to the others, whose turn it is.  None
    when nobody is to play.

    >>> from doublesix import Match, Rules
    >>> match = Match(Rules.variant("draw"), seed=5)
    >>> turn_sentence(match.view(match.turn), ["You", "Bea"])[:10]
    'Your turn.'
    >>> turn_sentence(match.view(1 - match.turn), ["You", "Bea"])
    "Bea's turn."
    """
    turn = view.turn
    if turn is None:
        return None
    if turn != view.seat:
        return their_turn(names[turn])
    tiles = [str(tile) for tile in tile_choices(view)]
    if tiles:
        return ngettext("Your turn. One tile fits: {tiles}.",
                        "Your turn. {count} tiles fit: {tiles}.", len(tiles)).format(
            count=len(tiles), tiles=listing(tiles))
    kinds = {move.kind for move in view.legal_moves()}
    if "draw" in kinds:
        return _("Your turn. Nothing fits: {draw}.").format(draw=_(draw_words))
    if "pass" in kinds:
        return _("Nothing fits and nothing can be drawn: you pass.")
    return _("Your turn.")


