"""A match: hands played one after another until a seat reaches the target.

:class:`Match` is the referee.  It knows every tile, deals each hand from ``(seed, hand number)``
alone, plays the opening tile itself under ``lead = highest-double``, keeps the history, saves
and loads, and hands each seat its :class:`~doublesix.engine.view.View`.

>>> from doublesix import Match, Rules
>>> match = Match(Rules.variant("block", target=0), seed=3)
>>> while match.turn is not None:
...     match.play(match.legal_moves()[0])
>>> match.hand_result
HandResult(winner=1, points=13, blocked=True)
>>> match.is_over, match.winner, match.scores
(True, 1, [0, 13])
"""

from __future__ import annotations

import datetime
import itertools
import json
import secrets
from collections.abc import Iterable, Sequence
from typing import Any, Final

from doublesix.engine.events import Event, public
from doublesix.engine.moves import IllegalMoveError, Move, lay_move
from doublesix.engine.outcome import Ending, HandResult
from doublesix.engine.referee import (
    match_winners,
    move_events,
    next_leader,
    seat_view,
    step,
    table_view,
)
from doublesix.engine.rules import Rules
from doublesix.engine.state import State
from doublesix.engine.tiles import TILES, Tile, tiles_of
from doublesix.engine.view import TableView, View

#: The version :meth:`Match.to_json` writes: 1, or 2 for a match that a seat resigned (version
#: 2 adds ``resigned``, so a release that cannot read it refuses the save rather than play on).
SAVE_VERSION: Final = 2
_SAVE_FORMAT: Final = "doublesix-match"


class MatchStateError(ValueError, RuntimeError):
    """A call that is not possible now, such as dealing the next hand while one is in play."""


class _Hand:
    """One hand's record: every state it went through (the moves are read off them)."""

    __slots__ = ("number", "states")

    def __init__(self, number: int, start: State) -> None:
        self.number = number
        self.states: list[State] = [start]

    @property
    def moves(self) -> list[Move]:
        """The moves between the states, in order."""
        return [_move_between(a, b) for a, b in itertools.pairwise(self.states)]


def _move_between(before: State, after: State) -> Move:
    """The move that took ``before`` to ``after``: a lay shows on the table, a draw in the
    boneyard, and a pass changes neither."""
    if after.layout is not before.layout:
        newest = after.layout.newest
        assert newest is not None  # a lay put it there
        return lay_move(*newest)
    return Move.draw() if after.pos != before.pos else Move.pass_()


class Match:
    """A game of dominoes with the referee's full knowledge.

    ``Match(rules, seed=1)`` deals every hand from the seed; ``hands=`` and ``boneyard=`` fix
    the first hand's deal exactly (the boneyard in draw order).
    """

    #: The seat to move, or None when the hand or the match is over.
    turn: int | None

    def __init__(
        self,
        rules: Rules | None = None,
        seed: int | None = 1,
        *,
        hands: Sequence[Iterable[Tile | str]] | None = None,
        boneyard: Iterable[Tile | str] | None = None,
    ) -> None:
        if rules is None:
            rules = Rules.variant("draw")
        if not isinstance(rules, Rules):
            raise ValueError(f"rules must be a Rules value (Rules.variant(...)), not {rules!r}")
        if seed is None:
            seed = secrets.randbits(63)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(f"seed must be an int or None, not {seed!r}")
        self.rules: Final = rules
        self.seed: Final = seed
        self._records: list[_Hand] = []
        self._resigned: int | None = None
        self._taken_back = 0
        if hands is None and boneyard is None:
            self._begin(State.deal(rules, seed, 0))
        else:
            if hands is None:
                raise ValueError("a deal needs hands as well as a boneyard")
            self._begin(State.from_deal(rules, hands, boneyard if boneyard is not None else ()))

    @classmethod
    def daily(cls, date: datetime.date | None = None) -> Match:
        """The daily game: one Draw hand for two, the same deal everywhere on ``date`` (UTC).

        >>> a = Match.daily(datetime.date(2026, 11, 30))
        >>> a.seed, a.hands == Match.daily(datetime.date(2026, 11, 30)).hands
        (20261130, True)
        """
        if date is None:
            date = datetime.datetime.now(datetime.UTC).date()
        if not isinstance(date, datetime.date):
            raise ValueError(f"date must be a datetime.date, not {date!r}")
        return cls(Rules.variant("draw", players=2, target=0), seed=daily_seed(date))

    # -- the hand in play -----------------------------------------------------------------

    def _begin(self, state: State, *, auto_lead: bool = True) -> _Hand:
        """Start a hand from its dealt state; lay the opening tile if it is laid automatically."""
        record = _Hand(len(self._records), state)
        self._records.append(record)
        self._state = state
        self._states = record.states
        self.turn = state.turn
        if auto_lead and state.opener >= 0:
            self.play(state.legal_moves()[0])
        return record

    @property
    def state(self) -> State:
        """The engine's state of the hand in play (the referee's knowledge)."""
        return self._state

    @property
    def hands(self) -> list[list[Tile]]:
        """Each seat's tiles, highest first."""
        return [tiles_of(hand) for hand in self._state.hands]

    @property
    def boneyard(self) -> list[Tile]:
        """The tiles left to draw, next to be drawn first."""
        return [TILES[t] for t in self._state.boneyard]

    @property
    def open_ends(self) -> dict[str, int]:
        """Every end a tile may be laid on now, by name, with the number showing there."""
        return self._state.layout.open_ends

    @property
    def board_count(self) -> int:
        """The sum of the open ends, doubles at an end counting both halves."""
        return self._state.layout.count

    @property
    def scores(self) -> list[int]:
        """Each seat's score."""
        return list(self._state.scores)

    @property
    def hand_number(self) -> int:
        """Which hand is in play (0 for the first)."""
        return len(self._records) - 1

    def legal_moves(self) -> list[Move]:
        """The legal moves of the seat to move; empty when nobody is to move."""
        if self._resigned is not None:
            return []
        return list(self._state.legal_moves())

    def play(self, move: Move | str) -> None:
        """Play a move (a :class:`Move` or its text) for the seat to move.

        Raises :class:`IllegalMoveError` and changes nothing if it is malformed or not legal.

        >>> match = Match(Rules.variant("draw"), seed=5)
        >>> match.play("0|0 up")
        Traceback (most recent call last):
        ...
        doublesix.engine.moves.IllegalMoveError: 0|0 is not in the hand of seat 1
        """
        if self._resigned is not None:
            raise IllegalMoveError(f"the game is over: seat {self._resigned} resigned",
                                   "resigned", seat=self._resigned)
        state = self._state
        if move in state.legal_moves():  # the usual case (the moves are cached on the state)
            state = state.apply(move)
        else:
            checked: Move
            if isinstance(move, Move):
                checked = move
            elif isinstance(move, str):
                checked = Move.parse(move)
            else:
                raise IllegalMoveError(f"not a move: {move!r}", "not-a-move", text=move)
            if checked.e < 0 and checked.t >= 0:
                checked = state.resolve(checked)
            state = state.play(checked)
        self._states.append(state)
        self._state = state
        turn = state.turn
        self.turn = turn if turn >= 0 else None

    @property
    def hand_result(self) -> HandResult | None:
        """How the hand ended, or None while it is in play."""
        return self._state.result

    @property
    def results(self) -> list[HandResult]:
        """How each hand that has ended so far ended, in order.

        >>> match = Match(Rules.variant("block", target=0), seed=3)
        >>> match.results
        []
        """
        return [r.states[-1].result for r in self._records if r.states[-1].result is not None]

    def next_hand(self) -> None:
        """Deal the next hand, once a hand has ended and the match is not over."""
        state = self._state
        if self.is_over:
            raise MatchStateError("the match is over: there is no next hand")
        if state.result is None:
            raise MatchStateError("the hand is still in play: finish it before dealing the next")
        self._begin(State.deal(self.rules, self.seed, len(self._records), state.scores,
                               self.next_leader))

    @property
    def next_leader(self) -> int | None:
        """Who leads the next hand with a tile of their choice, once the hand in play has
        ended; None when the next hand opens with the highest double (laid by the rules), or
        while the hand is in play.  Under ``lead = winner`` the hand's winner leads; after a
        drawn hand of a team game, the same leader leads again.

        >>> match = Match(Rules.variant("all-fives", target=0), seed=3)
        >>> while match.turn is not None:
        ...     match.play(match.legal_moves()[0])
        >>> match.next_leader == match.hand_result.winner
        True
        """
        return next_leader(self.rules, self._state.result, self._records[-1].states[0].turn)

    def resign(self, seat: int) -> None:
        """The person in ``seat`` gives the game up: the match is over at once.

        With two sides (two players, or two teams) the other side wins; with more, nobody
        does.  The history ends with a ``resign`` event, and saves keep it.

        >>> match = Match(Rules.variant("draw"), seed=5)
        >>> match.resign(1)
        >>> match.is_over, match.turn, match.winners, match.ending, match.history[-1]
        (True, None, (0,), Ending.RESIGNED, Event(kind='resign', seat=1, tile=None, end=None, \
points=0, number=1, blocked=False))
        >>> match.resign(0)
        Traceback (most recent call last):
        ...
        doublesix.engine.match.MatchStateError: the match is over: nobody can resign it
        """
        players = self.rules.players
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
            raise ValueError(f"seat must be 0 to {players - 1}, not {seat!r}")
        if self.is_over:
            raise MatchStateError("the match is over: nobody can resign it")
        self._resigned = seat
        self.turn = None

    def take_back(self, seat: int) -> int:
        """Take back ``seat``'s last choice in the hand in play and every move after it (the
        others' answers), so that it is ``seat``'s turn again as it was then; returns how many
        moves were taken back.  A move that was the only one possible (a forced draw or pass,
        a hand's opening tile laid by the rules) is no choice: the one before it is taken
        back.  Raises :class:`MatchStateError` after a resignation, or when ``seat`` made no
        choice in the hand in play; every taking back counts in :attr:`taken_back`.

        >>> match = Match(Rules.variant("block", players=2), seed=0)
        >>> before = match.state
        >>> seat = match.turn
        >>> match.play(match.legal_moves()[0]); match.play(match.legal_moves()[0])
        >>> match.take_back(seat), match.state is before, match.taken_back
        (2, True, 1)
        >>> match.take_back(seat)
        Traceback (most recent call last):
        ...
        doublesix.engine.match.MatchStateError: seat 0 has made no choice in this hand to take back
        """
        players = self.rules.players
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
            raise ValueError(f"seat must be 0 to {players - 1}, not {seat!r}")
        if self._resigned is not None:
            raise MatchStateError("the match was resigned: nothing can be taken back")
        index = self._last_choice(seat)
        if index is None:
            raise MatchStateError(f"seat {seat} has made no choice in this hand to take back")
        states = self._states
        taken = len(states) - 1 - index
        del states[index + 1:]
        self._state = states[index]
        self.turn = self._state.turn
        self._taken_back += 1
        return taken

    def can_take_back(self, seat: int) -> bool:
        """Whether :meth:`take_back` would take something back for ``seat`` now.

        >>> match = Match(Rules.variant("block", players=2), seed=0)
        >>> match.can_take_back(0)
        False
        >>> match.play(match.legal_moves()[0])
        >>> match.can_take_back(0), match.can_take_back(1)
        (True, False)
        """
        return self._resigned is None and self._last_choice(seat) is not None

    def _last_choice(self, seat: int) -> int | None:
        """The index in the hand's states of the last one where ``seat`` chose among several
        moves (and made one), or None."""
        states = self._states
        for index in range(len(states) - 2, -1, -1):
            state = states[index]
            if state.turn == seat and len(state.legal_moves()) > 1:
                return index
        return None

    @property
    def taken_back(self) -> int:
        """How many times moves were taken back in this match (:meth:`take_back`)."""
        return self._taken_back

    @property
    def resigned(self) -> int | None:
        """The seat that resigned the match, or None."""
        return self._resigned

    @property
    def is_over(self) -> bool:
        """True once a seat has reached the target (or the single hand is over), or a seat
        resigned."""
        return self._resigned is not None or self._state.over

    @property
    def ending(self) -> Ending | None:
        """How the match ended: ``Ending.RESIGNED`` after a resignation, else how its last
        hand ended; None while it goes on."""
        if self._resigned is not None:
            return Ending.RESIGNED
        result = self._state.result
        return result.ending if self._state.over and result is not None else None

    @property
    def winner(self) -> int | None:
        """The seat that won the match (under teams, the lower seat of the winning team); None
        while it goes on or when it was drawn."""
        winners = self.winners
        return winners[0] if winners else None

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats that won the match: one seat, or both partners under teams; () while it
        goes on or when it was drawn.

        >>> match = Match(Rules.variant("partnership", target=0), seed=4)
        >>> while match.turn is not None:
        ...     match.play(match.legal_moves()[0])
        >>> match.winners, match.hand_result.winners
        ((1, 3), (1, 3))
        """
        state = self._state
        if self._resigned is not None:
            rules = self.rules
            sides = {rules.teammates(seat) for seat in range(rules.players)}
            others = [side for side in sides if self._resigned not in side]
            return others[0] if len(others) == 1 else ()
        return match_winners(state)

    # -- what the seats may know ----------------------------------------------------------

    @property
    def history(self) -> list[Event]:
        """Every event of the match so far, in order (drawn tiles named: the referee's view)."""
        events: list[Event] = []
        for record in self._records:
            events.extend(_hand_events(record))
        if self._resigned is not None:
            events.append(Event("resign", self._resigned))
        elif self._state.over:
            events.append(Event("over", self.winner))
        return events

    def view(self, seat: int) -> View:
        """What ``seat`` may know now, and nothing else."""
        record = self._records[-1]
        steps = [step(before, _move_between(before, after))
                 for before, after in itertools.pairwise(record.states)]
        return seat_view(
            self._state,
            seat,
            history=public(self.history),
            steps=steps,
            hand_number=record.number,
            opening_forced=record.states[0].opener >= 0,
            is_over=self.is_over,
        )

    def table_view(self) -> TableView:
        """What everyone at the table may know now, a watcher as much as a seat: no tile of
        any hand (:class:`~doublesix.engine.view.TableView`).

        >>> match = Match(Rules.variant("draw"), seed=5)
        >>> table = match.table_view()
        >>> table.history == match.view(0).history, table.hand_sizes
        (True, (6, 7))
        """
        return table_view(self._state, history=public(self.history),
                          hand_number=self._records[-1].number, is_over=self.is_over)

    # -- saves ----------------------------------------------------------------------------

    def to_json(self) -> str:
        """The whole match as JSON (the referee's knowledge: for saves, never for a player).

        >>> match = Match(Rules.variant("muggins"), seed=9)
        >>> match.play(match.legal_moves()[0])
        >>> again = Match.from_json(match.to_json())
        >>> again.history == match.history and again.hands == match.hands
        True
        """
        hands = []
        for record in self._records:
            start = record.states[0]
            hands.append(
                {
                    "number": record.number,
                    "hands": [[str(t) for t in tiles_of(h)] for h in start.hands],
                    "boneyard": [str(TILES[t]) for t in start.bone],
                    "scores": list(start.scores),
                    "leader": None if start.opener >= 0 else start.turn,
                    "moves": [str(m) for m in record.moves],
                }
            )
        save: dict[str, Any] = {
            "format": _SAVE_FORMAT,
            "version": 1 if self._resigned is None else SAVE_VERSION,
            "rules": {"variant": self.rules.name, **self.rules.options()},
            "seed": self.seed,
            "hands": hands,
        }
        if self._resigned is not None:
            save["resigned"] = self._resigned
        if self._taken_back:
            save["taken_back"] = self._taken_back
        return json.dumps(save)

    @classmethod
    def from_json(cls, text: str | bytes) -> Match:
        """Load a save made by :meth:`to_json`.  Malformed or newer saves raise ValueError.

        >>> Match.from_json('{"version": 99}')
        Traceback (most recent call last):
        ...
        ValueError: this save is version 99, newer than this release reads (2): update doublesix
        """
        try:
            data = json.loads(text)
        except (TypeError, json.JSONDecodeError) as error:
            raise ValueError(f"not a doublesix save: {error}") from None
        if not isinstance(data, dict):
            raise ValueError("not a doublesix save: expected a JSON object")
        version = data.get("version")
        if not isinstance(version, int) or isinstance(version, bool):
            raise ValueError("not a doublesix save: no integer version")
        if version > SAVE_VERSION:
            raise ValueError(
                f"this save is version {version}, newer than this release reads "
                f"({SAVE_VERSION}): update doublesix"
            )
        if version < 1:
            raise ValueError(f"this save is version {version}, which no release wrote")
        try:
            return cls._load(data)
        except (KeyError, TypeError, AttributeError, IndexError) as error:
            raise ValueError(f"corrupt save: {type(error).__name__}: {error}") from None

    @classmethod
    def _load(cls, data: dict[str, Any]) -> Match:
        if data.get("format") != _SAVE_FORMAT:
            raise ValueError("not a doublesix save: wrong format name")
        options = dict(data["rules"])
        rules = Rules.variant(options.pop("variant"), **options)
        seed = data["seed"]
        hands = data["hands"]
        if not isinstance(hands, list) or not hands:
            raise ValueError("corrupt save: no hands")
        match: Match = cls.__new__(cls)
        match.rules = rules  # type: ignore[misc]
        match.seed = seed  # type: ignore[misc]
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError("corrupt save: the seed is not an int")
        match._records = []
        match._resigned = None
        match._taken_back = 0
        for k, hand in enumerate(hands):
            if k and (match._state.result is None or match._state.over):
                raise ValueError(f"corrupt save: hand {k + 1} follows a hand that did not end")
            start = State.from_deal(rules, hand["hands"], hand["boneyard"], hand["scores"],
                                    hand["leader"])
            if k and start.scores != match._state.scores:
                raise ValueError(f"corrupt save: hand {k + 1} starts from the wrong scores")
            record = match._begin(start, auto_lead=False)
            for i, text in enumerate(hand["moves"]):
                try:
                    match.play(text)
                except IllegalMoveError as error:
                    raise ValueError(
                        f"corrupt save: hand {k + 1}, move {i + 1} ({text!r}): {error}"
                    ) from None
            if start.opener >= 0 and len(record.states) == 1:
                raise ValueError(f"corrupt save: hand {k + 1} lacks its automatic opening tile")
        taken_back = data.get("taken_back", 0)
        if not isinstance(taken_back, int) or isinstance(taken_back, bool) or taken_back < 0:
            raise ValueError("corrupt save: taken_back is not a whole number")
        match._taken_back = taken_back
        resigned = data.get("resigned")
        if resigned is not None:
            try:
                match.resign(resigned)
            except (ValueError, MatchStateError) as error:
                raise ValueError(f"corrupt save: resigned: {error}") from None
        return match

    def __repr__(self) -> str:
        return (
            f"<Match {self.rules!r} seed={self.seed} hand={self.hand_number} "
            f"scores={self.scores}>"
        )


def daily_seed(date: datetime.date) -> int:
    """The seed of the daily game on ``date``: its digits, ``20261130`` for 30 November 2026."""
    return date.year * 10000 + date.month * 100 + date.day


def _hand_events(record: _Hand) -> list[Event]:
    events = [Event("hand", number=record.number)]
    for before, after in itertools.pairwise(record.states):
        events += move_events(before, after, _move_between(before, after))
    return events
