"""A watcher's picture: the table as anyone watching it may see it, built from the engine's
:class:`~doublesix.engine.view.TableView` (no tile of any hand; the hands are laid open by
the hand's result, once the hand has ended) and sent to every watcher of the table alike.

It has the shape of a seat's picture (:class:`doublesix.protocol.pictures.Picture`, with
``watching`` true), so the page draws it with the same code: ``me`` is the seat shown at the
bottom (the first), whose hand is not shown; nothing is "yours" and every name is a name.

>>> from doublesix import Match, Rules
>>> match = Match(Rules.variant("draw"), seed=5)
>>> info = GameInfo("g1", names=["Ana", "Bea"], kinds=["human", "human"])
>>> seen = picture(match, info)
>>> seen["watching"], seen["names"], seen["hand"], seen["legal"], seen["hand_sizes"]
(True, ['Ana', 'Bea'], [], [], [6, 7])
>>> seen["words"]["turn"], seen["words"]["me_status"]
("Bea's turn.", "You are watching. Bea's turn.")
>>> any(str(tile) in repr(seen) for hand in match.hands for tile in hand
...     if str(tile) not in seen["played"])
False
"""

from __future__ import annotations

from typing import Any, Final

from doublesix.engine import summary
from doublesix.engine.match import Match
from doublesix.engine.state import fives_points
from doublesix.engine.view import TableView
from doublesix.web.play.gameinfo import GameInfo
from doublesix.web.play.pictures import (
    caption_words,
    current_hand,
    layout_json,
    result_json,
    rules_json,
    rules_words,
    scoresheet_json,
    strength,
    table_words,
)
from doublesix.words import pagewords, results, tabletalk, talk, watchwords
from doublesix.words.eventwords import describe
from doublesix.words.i18n import _

#: The seat a watcher sees at the bottom of the table.
BOTTOM: Final = 0


def picture(match: Match, info: GameInfo) -> dict[str, Any]:
    """The picture every watcher of the table is sent now (the shape of
    :class:`doublesix.protocol.pictures.Picture`)."""
    table_view = match.table_view()
    waiting = info.waiting
    table = info.table
    names = [s.name for s in table.seats] if table is not None else list(info.names)
    hand_events = () if waiting else current_hand(table_view.history)
    played = [str(e.tile) for e in hand_events if e.kind == "lay"]
    over = match.is_over
    rules = match.rules
    return {
        "game_id": info.game_id,
        "revision": info.revision,
        "me": BOTTOM,
        "names": names,
        "kinds": list(info.kinds),
        "difficulties": [strength(kind) for kind in info.kinds],
        "rules": rules_json(rules),
        "hand_number": table_view.hand_number,
        "hand": [],
        "legal": [],
        "choices": [],
        "layout": layout_json(table_view.layout, waiting),
        "open_ends": {} if waiting else table_view.open_ends,
        "board_count": 0 if waiting else table_view.board_count,
        "count_scores": not waiting and rules.scoring == "fives"
        and fives_points(table_view.board_count) > 0,
        "scores": list(table_view.scores),
        "hand_sizes": list(table_view.hand_sizes),
        "boneyard_size": table_view.boneyard_size,
        "turn": None if over or waiting else table_view.turn,
        "played": played,
        "log": [describe(e, names) for e in hand_events],
        "result": result_json(match) if match.resigned is None else None,
        "scoresheet": scoresheet_json(match, names),
        "over": over,
        "winner": match.winner,
        "winners": list(match.winners),
        "sides": [list(side) for side in summary.sides(rules)],
        "partner": rules.partner_of(BOTTOM),
        "resigned": match.resigned,
        "daily": None,
        "table": None if table is None else table.to_json(talk.NOBODY, info.game_id, over),
        "words": _words(match, table_view, info, names, played, waiting),
        "watching": True,
    }


def _words(match: Match, table_view: TableView, info: GameInfo, names: list[str],
           played: list[str], waiting: bool) -> dict[str, Any]:
    """The watcher's sentences (``table_view``: the match's now): the game's, about every
    seat by name."""
    rules = match.rules
    over = match.is_over
    title = pagewords.page_title(rules_words(rules)["name"])
    partner = rules.partner_of(BOTTOM)
    said: dict[str, Any] = {
        "caption": caption_words(rules, table_view.hand_number, None),
        "rules": rules_words(rules),
        "status": [None] * rules.players,
        "turn": None, "ends": None, "hand": None, "scores": None,
        "totals": talk.totals_sentence(match.scores, names, rules),
        "heading": None, "result": None, "game_over": None, "waiting": None, "last": None,
        "rating": None, "reason": None, "tiles": [], "room": None, "last_short": None,
        "title": title, "title_turn": title,
        "me_name": pagewords.me_name(names[BOTTOM], None if partner is None else names[partner],
                                     False),
        "me_status": _(watchwords.WATCHING), "draw": None, "cards": [], "info": None,
        "board": None, "tracker": None,
    }
    table = info.table
    if waiting and table is not None:
        said["waiting"] = tabletalk.waiting_room(
            table.seats[table.host].name, [(s.name, s.joined) for s in table.seats],
            talk.NOBODY, table.host)
        return said
    hand = current_hand(table_view.history)
    said["status"] = [talk.seat_status(hand, seat) for seat in range(rules.players)]
    moves = [event for event in hand if event.kind in ("lay", "draw", "pass")]
    said["last"] = describe(moves[-1], names) if moves else None
    said["last_short"] = talk.short_move(moves[-1], names) if moves else None
    turn = None if over else table_view.turn
    if turn is not None:
        said["turn"] = talk.their_turn(names[turn])
    said["ends"] = talk.ends_sentence(table_view)
    said["hand"] = watchwords.hidden_hand(names[BOTTOM], table_view.hand_sizes[BOTTOM])
    said["scores"] = (f"{talk.scores_sentence(table_view.scores, names, rules.target, rules)} "
                      f"{talk.counts_sentence(table_view, names)}")
    said["heading"] = talk.result_heading(match, names, talk.NOBODY)
    outcome = summary.hand_outcome(match)
    ended = outcome is not None and match.resigned is None
    if match.resigned is None:
        said["result"] = talk.hand_end_lines(match, names, talk.NOBODY) or None
        if outcome is not None:
            said["reason"] = results.points_reason(outcome, rules, names)
    if over:
        said["game_over"] = talk.game_end_lines(match, names)
    if ended:
        said["me_status"] = _(pagewords.GAME_OVER if over else pagewords.HAND_OVER)
    else:
        said["me_status"] = watchwords.watching_status(None if turn is None else names[turn])
    said.update(table_words(match, table_view, info.kinds, played, None))
    return said
