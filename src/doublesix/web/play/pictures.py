"""The pictures (``docs/protocol.md``): everything a browser receives about a game, built from
the referee's :class:`~doublesix.engine.match.Match` and one seat, through that seat's
:class:`~doublesix.engine.view.View`; the other hands are read only once the hand has ended.

Each picture carries its sentences (``words``): the seats' last actions, what the turn says,
what the reading keys say, the result, the scoresheet and the rules, all from the core's
one voice (:mod:`doublesix.words.talk`, :mod:`doublesix.words.rulebook`), so the browser composes
none.

A picture is built as plain data, once per state and seat (cheaper than the models), in the
shape of :class:`doublesix.protocol.pictures.Picture`: a field added here is a line in that
model too, and the tests check every message sent against it (``DOUBLESIX_CHECK_MESSAGES``).

>>> from doublesix import Match, Rules
>>> match = Match(Rules.variant("draw"), seed=5)
>>> info = GameInfo("g1", names=["Ann", "Pinocchio"], kinds=["human", "pinocchio"])
>>> s = picture(match, info, 1)
>>> s["names"], s["hand"] == [str(t) for t in match.hands[1]], s["open_ends"] == match.open_ends
(['Ann', 'You'], True, True)
>>> "result" in s and s["result"] is None  # the other hand is not shown while it is in play
True
>>> s["words"]["rules"]["lines"][-1]
'The first to 100 points wins the game.'
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from doublesix.ai.ladder import level_of_player
from doublesix.engine import summary
from doublesix.engine.events import Event, hand_start
from doublesix.engine.layout import Layout
from doublesix.engine.match import Match
from doublesix.engine.moves import DRAW, Move
from doublesix.engine.outcome import Ending
from doublesix.engine.rules import Rules
from doublesix.engine.state import fives_points
from doublesix.engine.tiles import Tile, tile_count
from doublesix.engine.view import TableView, View
from doublesix.protocol.wire import HUMAN
from doublesix.web.play.gameinfo import YOU, GameInfo, TableInfo, undo_allowed
from doublesix.words import (
    coachwords,
    endwords,
    errorwords,
    i18n,
    pagewords,
    players,
    results,
    rulebook,
    tabletalk,
    talk,
)
from doublesix.words.eventwords import describe
from doublesix.words.i18n import _
from doublesix.words.names import shown


def rules_words(rules: Rules) -> dict[str, Any]:
    """``words.rules``: the rules dialog's words (:func:`doublesix.words.rulebook.describe_rules`),
    in the language of the moment, worked out once for each set of rules and language (the
    value is shared: never change it).

    >>> rules_words(Rules.variant("draw")) is rules_words(Rules.variant("draw"))
    True
    >>> with i18n.using("fr"):
    ...     rules_words(Rules.variant("draw"))["name"]
    'Pioche'
    >>> rules_words(Rules.variant("draw"))["name"]
    'Draw'
    """
    return _rules_words(rules, i18n.current())


@functools.lru_cache(maxsize=512)
def _rules_words(rules: Rules, language: str) -> dict[str, Any]:
    """:func:`rules_words`, kept by rules and ``language`` (the language of the moment, which
    the call is made in)."""
    return rulebook.describe_rules(rules)


def caption_words(rules: Rules, hand_number: int, daily: str | None) -> str:
    """``words.caption`` (:func:`doublesix.words.talk.game_caption`) in the language of the
    moment, worked out once for each set of rules, hand, daily game and language."""
    return _caption_words(rules, hand_number, daily, i18n.current())


@functools.lru_cache(maxsize=2048)
def _caption_words(rules: Rules, hand_number: int, daily: str | None, language: str) -> str:
    """:func:`caption_words`, kept by its arguments and ``language`` (the language of the
    moment, which the call is made in)."""
    return talk.game_caption(rules, hand_number, daily)


def tile_text(tile: Tile | None) -> str | None:
    """A tile as the protocol writes it (``"6|4"``), or None."""
    return None if tile is None else str(tile)


def strength(kind: str) -> str | None:
    """A seat's strength on the one scale (its ladder level's words), None for a person.

    >>> strength("snow-white"), strength("human")
    ('level 5, Strong', None)
    """
    level = None if kind == HUMAN else level_of_player(kind)
    return None if level is None else players.level_words(level)


def seat_names(info: GameInfo, me: int) -> list[str]:
    """The seats' names as ``me`` sees them: ``"You"`` for itself."""
    return [YOU if seat == me else name for seat, name in enumerate(info.names)]


def move_json(move: Move) -> dict[str, str | None]:
    """A move as ``{"move", "tile", "end"}``."""
    return {"move": str(move), "tile": tile_text(move.tile), "end": move.end}


def event_json(event: Event, me: int) -> dict[str, Any]:
    """An event for seat ``me``: a drawn tile is named only to its drawer."""
    tile = event.tile
    if event.kind == "draw" and event.seat != me:
        tile = None
    return {
        "kind": event.kind,
        "seat": event.seat,
        "tile": tile_text(tile),
        "end": event.end,
        "points": event.points,
        "number": event.number,
        "blocked": event.blocked,
    }


def event_text(event: Event, info: GameInfo, me: int) -> str:
    """An event in words for seat ``me`` (drawn tiles named only to their drawer)."""
    if event.kind == "draw" and event.seat != me:
        event = event._replace(tile=None)
    return describe(event, seat_names(info, me))


def event_short(event: Event, info: GameInfo, me: int) -> str:
    """An event in the fewest words for seat ``me`` (:func:`doublesix.words.talk.short_move`)."""
    if event.kind == "draw" and event.seat != me:
        event = event._replace(tile=None)
    return talk.short_move(event, seat_names(info, me))


def rules_json(rules: Rules) -> dict[str, Any]:
    """The rules as ``{"variant": name, **options}``."""
    return {"variant": rules.name, **rules.options()}


def current_hand(events: Sequence[Event]) -> Sequence[Event]:
    """The hand in play's events, its ``hand`` event first."""
    return events[max(hand_start(events), 0):]


def choices_json(view: View) -> list[dict[str, Any]]:
    """``choices``: the tiles ``view``'s seat may lay now, in the order of its hand, each with
    its lays and whether the person must be asked which end
    (:func:`doublesix.engine.summary.tile_choices`).

    >>> from doublesix import Match, Rules
    >>> match = Match(Rules.variant("all-fives"), seed=11)
    >>> first = choices_json(match.view(match.turn))[0]
    >>> first["tile"], first["asks"], [lay["end"] for lay in first["lays"]]
    ('6|5', False, ['left', 'right'])
    >>> first["lays"][0]["move"], first["lays"][0]["shows"], first["lays"][0]["count_after"]
    ('6|5 left', 5, 16)

    A choice that asks carries its words (:mod:`doublesix.words.endwords`): the strip's heading,
    the question, what to do next with and without the single keys, and each end button's
    long name and short label.

    >>> match = Match(Rules.variant("all-fives"), seed=0)
    >>> for _ in range(5):
    ...     match.play(match.legal_moves()[0])
    >>> asked = next(c for c in choices_json(match.view(match.turn)) if c["asks"])
    >>> asked["words"]["question"], asked["lays"][0]["words"]
    ('6|0 fits 2 ends: left (6) or right (0).', {'name': 'Left end 6', 'short': 'L 6'})
    """
    return [
        {
            "tile": str(choice.tile),
            "asks": choice.asks,
            "lays": [
                {
                    "move": str(lay.move),
                    "end": lay.end,
                    "shows": lay.shows,
                    "count_after": lay.count_after,
                    "points": lay.points,
                    "words": None if lay.end is None else {
                        "name": endwords.end_button(lay),
                        "short": endwords.end_button_short(lay),
                    },
                }
                for lay in choice.lays
            ],
            "words": None if not choice.asks else {
                "where": endwords.where_question(choice.tile),
                "question": endwords.end_question(choice),
                "keys": endwords.end_keys(choice),
                "choose": _(endwords.CHOOSE_AN_END),
            },
        }
        for choice in summary.tile_choices(view).values()
    ]


def tiles_words(match: Match, view: View) -> list[dict[str, Any]]:
    """``words.tiles``: for each tile of ``view``'s hand, in order, what is said of it
    (:mod:`doublesix.words.endwords`): ``label`` its accessible name now (where it can be played, or
    why not), ``wait`` what a press says while your turn has not come, ``drop`` what a drag
    let go away from every end says, ``refused`` the engine's refusal of the tile on your turn
    when it fits nothing (else None), and ``ends`` the engine's refusal for each open end it
    does not fit (on your turn).

    >>> from doublesix import Match, Rules
    >>> match = Match(Rules.variant("all-fives"), seed=0)
    >>> for _ in range(5):
    ...     match.play(match.legal_moves()[0])
    >>> said = tiles_words(match, match.view(match.turn))
    >>> said[0]["label"], said[0]["ends"]
    ('6|5, can be played on the left end', {'right': '6|5 does not fit the right end (0).'})
    >>> said[1]["label"], said[1]["ends"]
    ('6|0, can be played on the left end or the right end', {})
    >>> said[2]["label"]
    '5|1, cannot be played: it fits no open end'
    >>> said[2]["refused"], said[2]["wait"]
    ('5|1 fits no open end.', '5|1: wait for your turn.')
    >>> tiles_words(match, match.view(1 - match.turn))[0]["label"]
    '5|4, cannot be played now: not your turn'
    """
    mine = view.turn == view.seat and not match.is_over
    fits = {choice.tile: choice for choice in summary.tile_choices(view).values()} if mine else {}
    state = match.state
    said = []
    for tile in view.hand:
        choice = fits.get(tile)
        ends = None if not mine else [] if choice is None else [lay.end for lay in choice.lays]
        refused = {
            end: errorwords.move_refusal(state.illegal(Move(tile, end)))
            for end in view.open_ends
            if mine and (choice is None or end not in (lay.end for lay in choice.lays))
        }
        said.append({
            "tile": str(tile),
            "label": endwords.tile_label(tile, ends),
            "wait": endwords.wait_for_turn(tile),
            "drop": endwords.drop_on_an_end(tile),
            "refused": errorwords.move_refusal(state.illegal(Move(tile)))
            if mine and choice is None else None,
            "ends": refused,
        })
    return said


def scoresheet_json(match: Match, names: Sequence[str] = ()) -> list[dict[str, Any]]:
    """``scoresheet``: one row per finished hand (:func:`doublesix.engine.summary.scoresheet`),
    ``hand`` 1-based, ``scored`` what each seat scored in it, ``scores`` the totals after it,
    ``how`` how it ended in words for the seat whose ``names`` are given (by default, each
    seat's own).

    >>> from doublesix import Match, Rules
    >>> match = Match(Rules.variant("block", target=0), seed=2)
    >>> scoresheet_json(match)  # the hand in play is not on it
    []
    >>> while match.turn is not None:
    ...     match.play(match.legal_moves()[0])
    >>> [row] = scoresheet_json(match)
    >>> row["hand"], row["winner"] == match.hand_result.winner, row["scores"] == match.scores
    (1, True, True)
    >>> row["ending"] == match.hand_result.ending.value, row["reached"]
    (True, False)
    >>> scoresheet_json(match, ["You", "Bea"])[0]["how"]
    'You went out'
    """
    names = list(names) or [tabletalk.seat_name(seat) for seat in range(match.rules.players)]
    return [
        {"hand": row.number + 1, **_ended(row.winner, row.points, row.ending),
         "scored": list(row.scored), "scores": list(row.totals),
         "how": talk.sheet_how(row, names, match.rules)}
        for row in summary.scoresheet(match)
        if row.ending is not None
    ]


def _ended(winner: int | None, points: int, ending: Ending) -> dict[str, Any]:
    """How a hand ended, as ``result`` and the scoresheet's rows both write it: ``blocked`` and
    ``reached`` are ``ending`` as booleans, kept for older pages."""
    return {
        "winner": winner,
        "points": points,
        "blocked": ending is Ending.BLOCKED,
        "reached": ending is Ending.REACHED_TARGET,
        "ending": ending.value,
    }


def result_json(match: Match) -> dict[str, Any] | None:
    """``result``: how the hand ended, every hand laid open; None while it is in play."""
    outcome = summary.hand_outcome(match)
    if outcome is None:
        return None
    return {
        **_ended(outcome.winner, outcome.points, outcome.ending),
        "winners": list(match.hand_result.winners) if match.hand_result else [],
        "scored": list(outcome.scored),
        "hands": [[str(t) for t in hand] for hand in outcome.hands],
        "pips": list(outcome.pips),
    }


def layout_json(layout: Layout, waiting: bool = False) -> dict[str, Any]:
    """``layout``: each arm's tiles from the centre out (``{"tile", "outer"}``) and the
    spinner (``"6|6"``, or None); empty in a table's waiting room.

    >>> from doublesix import Match, Rules
    >>> layout_json(Match(Rules.variant("draw"), seed=5).view(0).layout)["left"]
    [{'tile': '6|6', 'outer': 6}]
    """
    shown: dict[str, Any] = {
        arm: [] if waiting else [{"tile": str(p.tile), "outer": p.outer} for p in tiles]
        for arm, tiles in layout.placed().items()
    }
    spinner = layout.spinner
    shown["spinner"] = f"{spinner}|{spinner}" if spinner >= 0 and not waiting else None
    return shown


def picture(match: Match, info: GameInfo, me: int, with_view: bool = False) -> dict[str, Any]:
    """``S``: the whole picture for seat ``me``, and nothing that seat may not see.  In a
    table's waiting room nobody sees a tile: the hand, the moves and the turn are empty.
    ``with_view`` adds ``view``, the seat's :class:`~doublesix.engine.view.View` as the engine's
    JSON
    (:meth:`View.to_json`; null in the waiting room), for a client that runs the engine's own
    words on it (``doublesix join``)."""
    view = match.view(me)
    waiting = info.waiting
    history = view.history
    hand_events = current_hand(history)
    names = seat_names(info, me)
    layout = layout_json(view.layout, waiting)
    if waiting:  # nothing of the deal is shown (not even the opening lay) until the start
        hand_events = ()
    over = match.is_over
    # Once the hand has ended every hand is laid open; after a resignation nothing is.
    result = result_json(match) if match.resigned is None else None
    legal = [] if over or waiting else [move_json(m) for m in view.legal_moves()]
    daily: dict[str, Any] | None = None
    if info.daily is not None:
        daily = {
            "date": info.daily,
            "first_attempt": info.first_attempt,
            "share": results.share_text(match, info.daily, me),
        }
    picture_json: dict[str, Any] = {
        "game_id": info.game_id,
        "revision": info.revision,
        "me": me,
        "names": [shown(name) for name in names],  # "You" in the reader's language
        "kinds": list(info.kinds),
        "difficulties": [
            strength(kind) for kind in info.kinds
        ],
        "rules": rules_json(view.rules),
        "hand_number": view.hand_number,
        "hand": [] if waiting else [str(t) for t in view.hand],
        "legal": legal,
        "choices": [] if over or waiting else choices_json(view),
        "layout": layout,
        "open_ends": {} if waiting else view.open_ends,
        "board_count": 0 if waiting else view.board_count,
        "count_scores": not waiting and view.rules.scoring == "fives"
        and fives_points(view.board_count) > 0,
        "scores": list(view.scores),
        "hand_sizes": list(view.hand_sizes),
        "boneyard_size": view.boneyard_size,
        "turn": None if over or waiting else view.turn,
        "played": [str(e.tile) for e in hand_events if e.kind == "lay"],
        "log": [describe(e, names) for e in hand_events],
        "result": result,
        "scoresheet": scoresheet_json(match, names),
        "over": over,
        "winner": match.winner,
        "winners": list(match.winners),
        "sides": [list(side) for side in summary.sides(view.rules)],
        "partner": view.rules.partner_of(me),
        "resigned": match.resigned,
        "daily": daily,
        "table": None if info.table is None else info.table.to_json(me, info.game_id, over),
        "words": words_json(match, view, info, names, waiting),
    }
    if with_view:
        picture_json["view"] = None if waiting else view.to_json()
    picture_json["can_undo"] = undo_allowed(match, info, me)
    return picture_json


def room_json(rules: Rules, table: TableInfo, me: int) -> dict[str, Any]:
    """``words.room`` (and a waiting table message's ``room``): the waiting room's words for
    seat ``me`` (:func:`doublesix.words.tabletalk.room_words`)."""
    return tabletalk.room_words(
        [tabletalk.SeatFacts(s.name, s.person, s.joined, not s.person or i in table.connected)
         for i, s in enumerate(table.seats)],
        table.host, me, rules.partner_of(me), rules_words(rules)["caption"])


def words_json(match: Match, view: View, info: GameInfo, names: Sequence[str],
               waiting: bool = False) -> dict[str, Any]:
    """``words``: the sentences of a picture, for the seat of ``view`` (``names`` as it hears
    them, "You" for itself), so that the browser shows and says them without composing any
    (``docs/protocol.md``).

    >>> from doublesix import Match, Rules
    >>> match = Match(Rules.variant("draw", target=50, hand_size=5), seed=5)
    >>> info = GameInfo("g1", names=["Ann", "Pinocchio"], kinds=["human", "pinocchio"])
    >>> said = words_json(match, match.view(0), info, ["You", "Pinocchio"])
    >>> said["rules"]["lines"][0]
    '2 players, the double-six set; each is dealt 5 tiles.'
    >>> said["rules"]["lines"][-1]
    'The first to 50 points wins the game.'
    >>> said["caption"], said["status"][match.turn] is None
    ('Draw, 5 tiles each, to 50, double-six. Hand 1.', True)
    >>> said["last"]
    'You laid 6|6 to open.'
    """
    rules = match.rules
    gave_up = match.resigned
    over = match.is_over
    said: dict[str, Any] = {
        "caption": caption_words(rules, view.hand_number, info.daily),
        "rules": rules_words(rules),
        "status": [None] * rules.players,
        "turn": None,
        "ends": None,
        "hand": None,
        "scores": None,
        "totals": talk.totals_sentence(match.scores, names, rules),
        "heading": None,
        "result": None,
        "game_over": None,
        "waiting": None,
        "last": None,
        "rating": info.rating.get(view.seat) if over else None,
        "reason": None,
        "tiles": [],
        "room": None,
        "last_short": None,
        "title": pagewords.page_title(rules_words(rules)["name"]),
        "title_turn": pagewords.turn_title(rules_words(rules)["name"]),
        "me_name": None,
        "me_status": None,
        "draw": None,
        "cards": [],
        "info": None,
        "board": None,
        "tracker": None,
        "taken_back": _(pagewords.TAKEN_BACK) if match.taken_back else None,
        "coached": coachwords.coached_game() if info.coached else None,
    }
    table = info.table
    # The names as the page shows them: at a table for people, each person's display name.
    shown = [s.name for s in table.seats] if table is not None else list(names)
    partner = rules.partner_of(view.seat)
    said["me_name"] = pagewords.me_name(
        shown[view.seat], None if partner is None else shown[partner], table is not None)
    if waiting and table is not None:
        said["waiting"] = tabletalk.waiting_room(
            table.seats[table.host].name, [(s.name, s.joined) for s in table.seats],
            view.seat, table.host)
        said["room"] = room_json(rules, table, view.seat)
    if waiting:
        return said
    said["tiles"] = tiles_words(match, view)
    hand = current_hand(view.history)
    said["status"] = [talk.seat_status(hand, seat) for seat in range(rules.players)]
    moves = [event for event in hand if event.kind in ("lay", "draw", "pass")]
    said["last"] = describe(moves[-1], names) if moves else None
    said["last_short"] = talk.short_move(moves[-1], names) if moves else None
    if not over:
        said["turn"] = talk.turn_sentence(view, names, talk.DRAW_BY_BUTTON)
    said["ends"] = talk.ends_sentence(view)
    said["hand"] = talk.hand_sentence(view, draw_words=talk.DRAW_BUTTON_HINT)
    said["scores"] = (f"{talk.scores_sentence(view.scores, names, rules.target, rules)} "
                      f"{talk.counts_sentence(view, names)}")
    said["heading"] = talk.result_heading(match, names, view.seat)
    outcome = summary.hand_outcome(match)
    if gave_up is None:
        said["result"] = talk.hand_end_lines(match, names, view.seat) or None
        if outcome is not None:
            said["reason"] = results.points_reason(outcome, rules, names)
    if over:
        said["game_over"] = talk.game_end_lines(match, names)
    said.update(page_words(match, view, shown, info.kinds, outcome is not None and gave_up is None))
    return said


def page_words(match: Match, view: View, shown: Sequence[str], kinds: Sequence[str],
               ended: bool) -> dict[str, Any]:
    """The page's words besides the game's (:mod:`doublesix.words.pagewords`), for the seat of
    ``view`` (``shown``: the seats' names as its page shows them; ``kinds``: the seats'
    players; ``ended``: the hand ended and its result is shown): ``me_status`` (your row's
    status line: the hand or the game over, what to do on your turn, or whom you wait for),
    ``draw`` (the Draw button's title while you may draw, else None), ``cards`` (each seat's
    card: its difficulty, tiles and score), ``info`` (the table's short facts), ``board`` (the
    table described) and ``tracker`` (the tiles-played dialog).

    >>> from doublesix import Match, Rules
    >>> match = Match(Rules.variant("draw"), seed=5)
    >>> said = page_words(match, match.view(1), ["Ann", "You"], ["human", "human"], False)
    >>> said["me_status"], said["cards"][0]["tiles"], said["info"]["ends"]
    ('Your turn: play a raised tile.', '6 tiles', 'Ends 6 · 6')
    >>> said["board"], said["tracker"]["count"]
    ('The table: 1 tile laid. Open ends: left 6, right 6.', '(1 of 28)')
    """
    me = view.seat
    turn = None if match.is_over else view.turn
    legal = view.legal_moves() if turn == me else []
    status: str | None = None
    if ended:
        status = _(pagewords.GAME_OVER if match.is_over else pagewords.HAND_OVER)
    elif turn == me:
        status = pagewords.your_turn(any(m.is_lay for m in legal),
                                     any(m.kind == DRAW for m in legal))
    elif turn is not None:
        status = pagewords.waiting_for(shown[turn])
    played = [str(e.tile) for e in current_hand(view.history) if e.kind == "lay"]
    return {
        "me_status": status,
        "draw": pagewords.draw_title(view.boneyard_size)
        if any(m.kind == DRAW for m in legal) else None,
        **table_words(match, view, kinds, played, [str(t) for t in view.hand]),
    }


def table_words(match: Match, table_view: TableView, kinds: Sequence[str], played: list[str],
                hand: list[str] | None) -> dict[str, Any]:
    """The words of the table that a seat's page and a watcher's page both show: ``cards``
    (each seat's card: its level, tiles and score), ``info`` (the table's short facts),
    ``board`` (the table described) and ``tracker`` (the tiles-played dialog; ``hand``: the
    tiles the page's reader holds, None for a watcher).

    >>> from doublesix import Match, Rules
    >>> match = Match(Rules.variant("draw"), seed=5)
    >>> said = table_words(match, match.table_view(), ["human", "human"], ["6|6"], None)
    >>> said["cards"][1]["tiles"], said["board"]
    ('7 tiles', 'The table: 1 tile laid. Open ends: left 6, right 6.')
    """
    rules = match.rules
    count_scores = rules.scoring == "fives" and fives_points(table_view.board_count) > 0
    return {
        "cards": [
            pagewords.card_words(None if kind == HUMAN else level_of_player(kind),
                                 table_view.hand_sizes[seat], table_view.scores[seat],
                                 rules.teams)
            for seat, kind in enumerate(kinds)
        ],
        "info": pagewords.table_info(list(table_view.open_ends.values()),
                                     table_view.board_count if rules.scoring == "fives" else None,
                                     count_scores, table_view.boneyard_size),
        "board": pagewords.board_words(len(played), talk.ends_sentence(table_view)),
        "tracker": pagewords.tracker_words(played, hand, tile_count(rules.set)),
    }
