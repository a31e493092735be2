"""What the faces show, in numbers: the decisions that sit between the rules and a person.

Every face (the terminal game, the web game, the adapters' text) shows these answers and the
words (:mod:`doublesix.words`) say them: which ends a tile fits and whether the choice changes
the table (:func:`tile_choices`), which moves are one choice (:func:`same_choices`), what a lay
scores (:func:`lay_points`), how a hand and the game ended (:func:`hand_outcome`,
:func:`game_outcome`), the scoresheet (:func:`scoresheet`), who plays together (:func:`sides`)
and the pips a hand's end counted (:func:`counted_pips`).
Pure: no I/O, no players, no words.

>>> from doublesix import Match, Rules
>>> match = Match(Rules.variant("all-fives"), seed=11)
>>> match.open_ends, list(tile_choices(match.view(match.turn)))
({'left': 5, 'right': 5}, [Tile(6, 5), Tile(5, 1), Tile(5, 0)])
"""

from __future__ import annotations

from typing import NamedTuple

from doublesix.engine.layout import END_NUMBERS, Layout
from doublesix.engine.match import Match
from doublesix.engine.moves import Move
from doublesix.engine.outcome import Ending
from doublesix.engine.rules import Rules
from doublesix.engine.state import fives_points
from doublesix.engine.tiles import Tile
from doublesix.engine.view import View

# -- laying a tile ----------------------------------------------------------------------------


def lay_points(layout: Layout, move: Move, rules: Rules) -> int:
    """What ``move`` scores as it is laid on ``layout``: under fives scoring, the board count
    after it when that is a positive multiple of 5; otherwise (and for draws, passes) 0.

    >>> from doublesix.engine.tiles import Tile
    >>> board = Layout.empty().lay(Tile(6, 4), None)
    >>> fives = Rules.variant("all-fives")
    >>> lay_points(board, Move(Tile(6, 1), "left"), fives)  # 1 + 4
    5
    >>> lay_points(board, Move(Tile(6, 1), "left"), Rules.variant("draw"))
    0
    """
    if move.t < 0 or rules.scoring != "fives":
        return 0
    return fives_points(layout.lay_index(move.t, move.e).count)


class Lay(NamedTuple):
    """One legal lay of a tile, with what it does to the table."""

    move: Move
    #: The number showing at that end before the lay (None when leading).
    shows: int | None
    #: The open ends after the lay, as ``(end, number)`` pairs.
    ends_after: tuple[tuple[str, int], ...]
    #: The board count after the lay.
    count_after: int
    #: What the lay scores (:func:`lay_points`).
    points: int

    @property
    def end(self) -> str | None:
        """The end the tile goes on (None: it leads)."""
        return self.move.end


class TileChoice(NamedTuple):
    """A tile of the hand that may be laid now, and the ends it may go on.

    ``asks`` says whether a person must be asked which end: true when the ends leave different
    tables (other numbers open, other spinner sides bare, or under fives scoring another board
    count); when they are mirror images of each other, the first lay is played at once.
    """

    tile: Tile
    lays: tuple[Lay, ...]
    asks: bool

    @property
    def ends(self) -> tuple[str, ...]:
        """The ends the tile fits (empty when it leads)."""
        return tuple(lay.end for lay in self.lays if lay.end is not None)

    def move(self, end: str | None = None) -> Move | None:
        """The move for this tile on ``end`` (a name or its letter), or with ``end`` None the
        move to play without asking; None when the end is not one it fits, or when it must ask.
        """
        if end is None:
            return None if self.asks else self.lays[0].move
        e = END_NUMBERS.get(end.lower()) if isinstance(end, str) else None
        for lay in self.lays:
            if lay.move.e == e:
                return lay.move
        return None


def _shape(layout: Layout, fives: bool) -> tuple[object, ...]:
    """The table as far as the rest of the hand cares, up to mirror images: the open numbers
    (with what each adds to the count, where counts score), and how many of the spinner's
    sides are bare."""
    pairs = sorted(
        (n, c if fives else 0) for n, c in zip(layout.ends, layout.contrib, strict=True) if n >= 0
    )
    return (tuple(pairs), layout.spin_sides.bit_count())


def _choice(layout: Layout, move: Move, fives: bool) -> tuple[object, ...]:
    """What choosing ``move`` on ``layout`` chooses: its tile and the table it leaves up to
    mirror images (:func:`_shape`), or the draw or the pass."""
    if move.t < 0:
        return (move.kind,)
    if layout.is_empty:
        return (move.t,)
    return (move.t, _shape(layout.lay_index(move.t, move.e), fives))


def same_choices(view: View) -> list[tuple[Move, ...]]:
    """The seat's legal moves grouped by the choice they make, in the engine's order: the lays
    of one tile that leave the same table up to mirror images (a tile on either side of a lone
    double) are one choice, the one the game makes without asking which end
    (:attr:`TileChoice.asks`); a draw or a pass is a choice of its own.  A turn of one choice
    is no decision: the review grades none.

    >>> from doublesix import Match, Rules
    >>> match = Match(Rules.variant("all-fives"), seed=11)  # 5|5 down: either end is 5
    >>> [[str(m) for m in group] for group in same_choices(match.view(match.turn))]
    [['6|5 left', '6|5 right'], ['5|1 left', '5|1 right'], ['5|0 left', '5|0 right']]
    """
    fives = view.rules.scoring == "fives"
    groups: dict[tuple[object, ...], list[Move]] = {}
    for move in view.legal_moves():
        groups.setdefault(_choice(view.layout, move, fives), []).append(move)
    return [tuple(group) for group in groups.values()]


def tile_choices(view: View) -> dict[Tile, TileChoice]:
    """The tiles this seat may lay now, in the order of its hand, each with its lays.

    Empty when it is not the seat's turn or nothing fits (it must draw or pass).

    >>> from doublesix import Match, Rules
    >>> match = Match(Rules.variant("all-fives"), seed=11)
    >>> view = match.view(match.turn)
    >>> choice = tile_choices(view)[Tile(6, 5)]
    >>> choice.asks, choice.ends, choice.move()  # either end leaves 6 and 5 open
    (False, ('left', 'right'), Move(Tile(6, 5), 'left'))

    On 4|4 with a plain 4 at the other end, 6|4 scores 10 on the double's end and nothing on
    the other, so the person is asked (where counts do not score, it is laid at once):

    >>> hands = [["4|4", "3|1", "6|4", "2|0", "5|0", "6|2", "0|0"],
    ...          ["4|3", "4|1", "1|1", "2|2", "3|3", "2|1", "5|1"]]
    >>> rest = "1|0 3|0 3|2 4|0 4|2 5|2 5|3 5|4 5|5 6|0 6|1 6|3 6|5 6|6".split()
    >>> match = Match(Rules.variant("all-fives"), hands=hands, boneyard=rest)
    >>> for move in ("4|3 right", "3|1 right", "1|4 right"):
    ...     match.play(move)
    >>> choice = tile_choices(match.view(0))[Tile(6, 4)]
    >>> choice.asks, [(lay.end, lay.count_after, lay.points) for lay in choice.lays]
    (True, [('left', 10, 10), ('right', 14, 0)])
    >>> pips = Match(Rules.variant("draw"), hands=hands, boneyard=rest)
    >>> for move in ("4|3 right", "3|1 right", "1|4 right"):
    ...     pips.play(move)
    >>> tile_choices(pips.view(0))[Tile(6, 4)].asks
    False
    """
    layout = view.layout
    rules = view.rules
    by_tile: dict[Tile, list[Lay]] = {}
    for move in view.legal_moves():
        if move.tile is None:
            continue
        after = layout.lay_index(move.t, move.e)
        lay = Lay(
            move=move,
            shows=None if move.e < 0 else layout.ends[move.e],
            ends_after=tuple(after.open_ends.items()),
            count_after=after.count,
            points=lay_points(layout, move, rules),
        )
        by_tile.setdefault(move.tile, []).append(lay)
    choices: dict[Tile, TileChoice] = {}
    fives = rules.scoring == "fives"
    for tile in view.hand:
        lays = by_tile.get(tile)
        if lays:
            asks = len({_choice(layout, lay.move, fives) for lay in lays}) > 1
            choices[tile] = TileChoice(tile, tuple(lays), asks)
    return choices


# -- how things ended -------------------------------------------------------------------------


class HandOutcome(NamedTuple):
    """How the hand ended, with every hand laid open (the referee's knowledge, given once the
    hand is over)."""

    #: Which hand of the match (0 for the first).
    number: int
    ending: Ending
    #: The seat that won the hand (None: a drawn, blocked hand).
    winner: int | None
    #: What the winner scored at the hand's end (after rounding): the pips going out or
    #: blocked; 0 when a board count reached the target (the count was scored as it was laid).
    points: int
    #: What each seat scored during the hand: its board counts, and the end's points.
    scored: tuple[int, ...]
    #: The tiles each seat still held, and their pips.
    hands: tuple[tuple[Tile, ...], ...]
    pips: tuple[int, ...]


def hand_outcome(match: Match) -> HandOutcome | None:
    """How the hand in play ended; None while it goes on.

    >>> from doublesix import Match, Rules
    >>> match = Match(Rules.variant("all-fives", target=10), seed=1)
    >>> while match.turn is not None:
    ...     match.play(match.legal_moves()[0])
    >>> outcome = hand_outcome(match)
    >>> outcome.ending, outcome.winner, outcome.points, outcome.scored, len(outcome.hands[0])
    (Ending.REACHED_TARGET, 0, 0, (10, 0), 6)
    """
    result = match.hand_result
    if result is None:
        return None
    hands = tuple(tuple(hand) for hand in match.hands)
    return HandOutcome(
        number=match.hand_number,
        ending=result.ending,
        winner=result.winner,
        points=result.points,
        scored=scoresheet(match)[-1].scored,
        hands=hands,
        pips=tuple(sum(t.pips for t in hand) for hand in hands),
    )


class GameOutcome(NamedTuple):
    """How the game ended."""

    #: How its last hand ended, or ``RESIGNED``.
    ending: Ending
    #: The seat that won (None: drawn, or nobody after a resignation at three or more sides).
    winner: int | None
    scores: tuple[int, ...]
    #: The seat that resigned, if one did.
    resigned: int | None = None


def game_outcome(match: Match) -> GameOutcome | None:
    """How the game ended (the engine's :attr:`Match.ending <doublesix.engine.match.Match.ending>`,
    a resignation included); None while it goes on.

    >>> from doublesix import Match, Rules
    >>> match = Match(Rules.variant("block", target=0), seed=3)
    >>> game_outcome(match) is None
    True
    >>> resigned = Match(Rules.variant("block", target=0), seed=3)
    >>> resigned.resign(0)
    >>> game_outcome(resigned)
    GameOutcome(ending=Ending.RESIGNED, winner=1, scores=(0, 0), resigned=0)
    >>> while match.turn is not None:
    ...     match.play(match.legal_moves()[0])
    >>> game_outcome(match)
    GameOutcome(ending=Ending.BLOCKED, winner=1, scores=(0, 13), resigned=None)
    """
    ending = match.ending
    if ending is None:
        return None
    return GameOutcome(ending, match.winner, tuple(match.scores), match.resigned)


class ScoreRow(NamedTuple):
    """One hand on the scoresheet."""

    #: Which hand (0 for the first).
    number: int
    #: What each seat scored in it (board counts and the end's points).
    scored: tuple[int, ...]
    #: How it ended (None while it is in play).
    ending: Ending | None
    #: Who won it (None: drawn, or in play), and the points it scored at its end.
    winner: int | None
    points: int
    #: The scores after it (now, for a hand in play).
    totals: tuple[int, ...]


def scoresheet(match: Match) -> list[ScoreRow]:
    """Every hand of the match so far, the one in play last.

    >>> from doublesix import Match, Rules
    >>> match = Match(Rules.variant("block", target=0), seed=3)
    >>> scoresheet(match)
    [ScoreRow(number=0, scored=(0, 0), ending=None, winner=None, points=0, totals=(0, 0))]
    >>> while match.turn is not None:
    ...     match.play(match.legal_moves()[0])
    >>> scoresheet(match)[0].ending, scoresheet(match)[0].scored
    (Ending.BLOCKED, (0, 13))
    """
    players = match.rules.players
    results = match.results
    rows: list[ScoreRow] = []
    scored = [0] * players
    totals = [0] * players
    number = -1

    def close(ending: Ending | None, winner: int | None, points: int) -> None:
        rows.append(ScoreRow(number, tuple(scored), ending, winner, points, tuple(totals)))

    rules = match.rules
    for event in match.history:
        if event.kind == "hand":
            number = event.number
            scored = [0] * players
        elif event.kind in ("lay", "end") and event.seat is not None:
            for seat in rules.teammates(event.seat):  # a team's points go to both partners
                scored[seat] += event.points
                totals[seat] += event.points
        if event.kind == "end":
            close(results[number].ending, event.seat, event.points)
    if match.hand_result is None:
        close(None, None, 0)
    return rows


# -- who plays together, and what a hand's end counted --------------------------------------


def sides(rules: Rules) -> list[tuple[int, ...]]:
    """Who plays together: the two teams under ``teams``, else every seat on its own.

    >>> sides(Rules.variant("partnership")), sides(Rules.variant("draw", players=3))
    ([(0, 2), (1, 3)], [(0,), (1,), (2,)])
    """
    return [rules.teammates(seat) for seat in range(rules.players)
            if rules.teammates(seat)[0] == seat]



def counted_pips(outcome: HandOutcome, rules: Rules) -> int | None:
    """The pips a hand's end counted before rounding (None when it counted none: a drawn
    hand, or a board count that reached the target): under teams with ``team_points =
    opponents`` the other team's, else everyone's; for a blocked hand, less the winner's own
    (less their side's under teams)."""
    winner = outcome.winner
    if winner is None or outcome.ending not in (Ending.WENT_OUT, Ending.BLOCKED):
        return None
    mine = rules.teammates(winner)
    if rules.teams and rules.team_points == "opponents":
        return sum(p for seat, p in enumerate(outcome.pips) if seat not in mine)
    if outcome.ending is Ending.BLOCKED and not rules.teams:
        return sum(outcome.pips) - outcome.pips[winner]
    return sum(outcome.pips)

