"""The referee's decisions between states, written once: what a move adds to the record, who
won a match that is over, who leads the next hand, and what a seat may know of a state.

:class:`~doublesix.engine.match.Match` (dealt from a seed) and the adapters' table (dealt by chance
events) both referee through these functions, so neither works a rule out on its own.

>>> from doublesix import Match, Rules
>>> match = Match(Rules.variant("block", target=0), seed=3)
>>> while match.turn is not None:
...     match.play(match.legal_moves()[0])
>>> match_winners(match.state), match.winners
((1,), (1,))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from doublesix.engine.events import Event
from doublesix.engine.moves import Move
from doublesix.engine.outcome import HandResult
from doublesix.engine.rules import Rules
from doublesix.engine.state import State
from doublesix.engine.tiles import TILES, tiles_of
from doublesix.engine.view import TableView, View, derive_lacks

#: One step of a hand's public record, for :func:`~doublesix.engine.view.derive_lacks`: the seat,
# the
#: move's kind and the numbers open before it.
Step = tuple[int, str, frozenset[int]]


def move_events(before: State, after: State, move: Move) -> list[Event]:
    """The events ``move`` adds to the record, taking ``before`` to ``after``: the lay (with
    what it scored as it was laid), the draw (naming the tile: the referee's record) or the
    pass, then the hand's end if it ended.

    >>> from doublesix import Match, Rules
    >>> match = Match(Rules.variant("all-fives"), seed=11)
    >>> before = match.state
    >>> match.play("6|5 left")
    >>> move_events(before, match.state, Move.parse("6|5 left"))
    [Event(kind='lay', seat=0, tile=Tile(6, 5), end='left', points=0, number=1, blocked=False)]
    """
    seat = before.turn
    result = after.result
    events: list[Event] = []
    if move.kind == "lay":
        points = after.scores[seat] - before.scores[seat]
        if result is not None and result.winner == seat:
            points -= result.points
        events.append(Event("lay", seat, move.tile, move.end, points))
    elif move.kind == "draw":
        events.append(Event("draw", seat, TILES[before.bone[before.pos]]))
    else:
        events.append(Event("pass", seat))
    if result is not None:
        events.append(Event("end", result.winner, points=result.points, blocked=result.blocked))
    return events


def step(before: State, move: Move) -> Step:
    """The public step of ``move`` from ``before``, for the seats' lacks."""
    return (before.turn, move.kind, frozenset(n for _, n in before.layout.open))


def match_winners(state: State) -> tuple[int, ...]:
    """The seats that won a match whose hand in play is ``state``: one seat, or both partners
    under teams; () while the match goes on or when it was drawn.  In a game of one hand the
    hand's winners; in a game to a target, the side with the top score once it is reached.

    >>> from doublesix import Match, Rules
    >>> match = Match(Rules.variant("partnership", target=0), seed=4)
    >>> while match.turn is not None:
    ...     match.play(match.legal_moves()[0])
    >>> match_winners(match.state)
    (1, 3)
    """
    if not state.over:
        return ()
    rules = state.rules
    if rules.target == 0:
        return state.result.winners if state.result else ()
    best = max(state.scores)
    if best < rules.target:
        return ()
    return rules.teammates(state.scores.index(best))


def next_leader(rules: Rules, result: HandResult | None, hand_leader: int) -> int | None:
    """Who leads the next hand with a tile of their choice, after a hand that ended with
    ``result`` and was led by ``hand_leader``; None when the next hand opens with the highest
    double (laid by the rules), or while the hand is in play.  Under ``lead = winner`` the
    hand's winner leads; after a drawn hand of a team game, the same leader leads again.

    >>> from doublesix.engine.outcome import HandResult
    >>> fives, teams = Rules.variant("all-fives"), Rules.variant("partnership")
    >>> next_leader(fives, HandResult(1, 10, False), 0), next_leader(fives, None, 0)
    (1, None)
    >>> next_leader(teams, HandResult(None, 0, True), 2)
    2
    """
    if result is None or rules.lead != "winner":
        return None
    if result.winner is not None:
        return result.winner
    return hand_leader if rules.teams else None


def table_view(
    state: State,
    *,
    history: Sequence[Event],
    hand_number: int,
    is_over: bool | None = None,
) -> TableView:
    """What everyone at the table may know of ``state``, the hand in play (a watcher's view:
    no tile of any hand); ``history`` is the public record, ``is_over`` as for
    :func:`seat_view`.

    >>> from doublesix import Match, Rules
    >>> match = Match(Rules.variant("draw"), seed=5)
    >>> table = table_view(match.state, history=match.view(1).history, hand_number=0)
    >>> table == match.table_view(), table.turn, table.hand_sizes
    (True, 1, (6, 7))
    """
    return TableView(**_public(state, history, hand_number, is_over))


def seat_view(
    state: State,
    seat: int,
    *,
    history: Sequence[Event],
    steps: Iterable[Step],
    hand_number: int,
    opening_forced: bool,
    is_over: bool | None = None,
) -> View:
    """What ``seat`` may know of ``state``, the hand in play: the table's view
    (:func:`table_view`), the seat's hand, and what the hand's public ``steps``
    (:func:`step`) reveal of the others'; ``is_over`` says when the match ended otherwise
    than by the rules (a resignation: nobody moves).

    >>> from doublesix import Match, Rules
    >>> match = Match(Rules.variant("draw"), seed=5)
    >>> seat_view(match.state, 1, history=match.view(1).history, steps=[], hand_number=0,
    ...           opening_forced=True) == match.view(1)
    True
    """
    players = state.rules.players
    if not isinstance(seat, int) or not 0 <= seat < players:
        raise ValueError(f"seat must be 0 to {players - 1}, not {seat!r}")
    return View(
        **_public(state, history, hand_number, is_over),
        seat=seat,
        hand=tuple(tiles_of(state.hands[seat])),
        lacks=derive_lacks(players, steps),
        opening_forced=opening_forced,
    )


def _public(state: State, history: Sequence[Event], hand_number: int,
            is_over: bool | None) -> dict[str, Any]:
    """The fields of a :class:`TableView` of ``state``, which every seat's view shares."""
    over = state.over if is_over is None else is_over
    return {
        "rules": state.rules,
        "layout": state.layout,
        "scores": state.scores,
        "hand_sizes": tuple(hand.bit_count() for hand in state.hands),
        "boneyard_size": len(state.bone) - state.pos,
        "turn": None if state.turn < 0 or over else state.turn,
        "history": tuple(history),
        "hand_number": hand_number,
        "hand_result": state.result,
        "is_over": over,
        "last_lay": state.last_lay,
    }
