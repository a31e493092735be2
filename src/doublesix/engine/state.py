"""A hand of play: the position, its legal moves, and what a move does, scoring included.

:class:`State` is the one implementation of the rules.  :class:`~doublesix.engine.match.Match`
strings
states together into a game; a search builds one from a seat's view plus a guess at the hidden
tiles (:meth:`State.from_view`) and plays on.  States are immutable and hashable, so a copy is the
same object and undoing a move is keeping the state from before it.

>>> from doublesix.engine.rules import Rules
>>> state = State.deal(Rules.variant("block"), seed=5)
>>> state.turn, [str(m) for m in state.legal_moves()]
(0, ['6|6'])
>>> after = state.play(state.legal_moves()[0])
>>> after.layout.open_ends, after.turn
({'left': 6, 'right': 6}, 1)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Final

from doublesix.engine.layout import Layout
from doublesix.engine.moves import (
    DRAW_MOVE,
    AmbiguousMoveError,
    IllegalMoveError,
    Move,
    legal_moves_for,
)
from doublesix.engine.outcome import Ending, HandResult
from doublesix.engine.rules import Rules
from doublesix.engine.shuffle import shuffled
from doublesix.engine.tiles import (
    BIT,
    PIPS,
    SUIT,
    TILES,
    Mask,
    Tile,
    best_opener,
    coerce_tile,
    full_set,
    indices,
    tiles_of,
)

if TYPE_CHECKING:
    from doublesix.engine.view import View


class Config:
    """The rules as hot loops want them: plain ints and bools (one per Rules, shared)."""

    __slots__ = (
        "drawing",
        "empty",
        "fives",
        "free_lead",
        "hand_size",
        "hand_starts",
        "mates",
        "minus_own",
        "next_seat",
        "players",
        "round_down",
        "rules",
        "spinner",
        "target",
        "teams",
        "tie_fewer",
        "tile_count",
        "track_lays",
    )

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.players = rules.players
        self.tile_count = rules.tile_count
        self.hand_size = rules.hand_size
        #: Where each seat's tiles start in a shuffled set.
        self.hand_starts = tuple(seat * rules.hand_size for seat in range(rules.players))
        self.next_seat = tuple((seat + 1) % rules.players for seat in range(rules.players))
        self.drawing = rules.drawing
        self.fives = rules.scoring == "fives"
        self.target = rules.target
        self.round_down = rules.rounding == "down"
        self.minus_own = rules.blocked_minus_own
        self.tie_fewer = rules.blocked_tie == "fewer-tiles"
        self.teams = rules.teams
        #: Each seat with its partner (under teams): the seats a score of that seat goes to.
        self.mates = tuple(rules.teammates(seat) for seat in range(rules.players))
        #: Whether ``last_lay`` is kept: who laid last decides ties and blocked team hands.
        self.track_lays = self.tie_fewer or self.teams
        self.free_lead = rules.lead == "winner"
        self.spinner = rules.spinner_arms if rules.spinner else None
        self.empty = Layout.empty(self.spinner)


_CONFIGS: dict[Rules, Config] = {}


def config(rules: Rules) -> Config:
    """The :class:`Config` of ``rules`` (made once per Rules)."""
    last = _LAST[0]
    if last.rules is rules:  # a Match deals every hand with the same Rules object
        return last
    found = _CONFIGS.get(rules)
    if found is None:
        found = _CONFIGS[rules] = Config(rules)
    _LAST[0] = found
    return found


_LAST: list[Config] = [Config(Rules())]


class State:
    """One hand in play: hands as masks, the boneyard as a draw order, the layout, the scores.

    ``turn`` is the seat to move, or -1 once the hand is over.  Build one with :meth:`deal`,
    :meth:`from_deal` or :meth:`from_view`; change it with :meth:`play`, which returns a new state.
    """

    __slots__ = (
        "_legal",
        "bone",
        "cfg",
        "hands",
        "last_lay",
        "layout",
        "opener",
        "pos",
        "result",
        "scores",
        "turn",
    )

    cfg: Config
    layout: Layout
    #: One mask of tiles per seat.
    hands: tuple[Mask, ...]
    #: The boneyard's tile indices in draw order; ``bone[pos:]`` are still there.
    bone: tuple[int, ...]
    pos: int
    turn: int
    scores: tuple[int, ...]
    #: Per seat, how many tiles were on the table when it last laid one (0: never).
    last_lay: tuple[int, ...]
    #: While the table is bare: the tile that must open (-1: any tile may).
    opener: int
    result: HandResult | None
    _legal: tuple[Move, ...] | None

    def __init__(self) -> None:
        raise TypeError("use State.deal(), State.from_deal() or State.from_view()")

    # -- building -------------------------------------------------------------------------

    @classmethod
    def deal(
        cls,
        rules: Rules,
        seed: int,
        hand_number: int = 0,
        scores: Sequence[int] | None = None,
        leader: int | None = None,
    ) -> State:
        """Shuffle and deal hand ``hand_number`` of a match from ``seed`` alone.

        ``leader`` is the seat that leads with any tile (``lead = winner``); None opens with the
        highest double.
        """
        cfg = config(rules)
        order = shuffled(cfg.tile_count, seed, hand_number)
        size = cfg.hand_size
        bit = BIT.__getitem__
        hands = [sum(map(bit, order[start : start + size])) for start in cfg.hand_starts]
        return cls._start(rules, hands, tuple(order[cfg.hand_starts[-1] + size :]), scores,
                          leader)

    @classmethod
    def from_deal(
        cls,
        rules: Rules,
        hands: Sequence[Iterable[Tile | str]],
        boneyard: Iterable[Tile | str],
        scores: Sequence[int] | None = None,
        leader: int | None = None,
    ) -> State:
        """A hand dealt exactly so: tiles as Tile or text, the boneyard in draw order.

        >>> from doublesix.engine.rules import Rules
        >>> State.from_deal(Rules.variant("draw"), [["6|6"], ["5|5"]], [])
        Traceback (most recent call last):
        ...
        ValueError: the deal is not the double-6 set: missing 0|0, 1|0, 1|1 and 23 more
        """
        if isinstance(hands, (str, bytes)) or len(hands) != rules.players:
            raise ValueError(f"the deal needs one hand for each of the {rules.players} players")
        masks = []
        seen = 0
        for seat, hand in enumerate(hands):
            if isinstance(hand, (str, bytes)):
                raise ValueError(f"hand {seat} must be a list of tiles, not a string")
            mask = 0
            for value in hand:
                tile = coerce_tile(value)
                if (mask | seen) & tile.bit:
                    raise ValueError(f"the deal holds {tile} twice")
                mask |= tile.bit
            if not mask:
                raise ValueError(f"hand {seat} is empty")
            seen |= mask
            masks.append(mask)
        if isinstance(boneyard, (str, bytes)):
            raise ValueError("the boneyard must be a list of tiles, not a string")
        bone = []
        for value in boneyard:
            tile = coerce_tile(value)
            if seen & tile.bit:
                raise ValueError(f"the deal holds {tile} twice")
            seen |= tile.bit
            bone.append(tile.index)
        full = full_set(rules.set)
        if seen != full:
            if seen & ~full:
                extra = ", ".join(str(t) for t in tiles_of(seen & ~full))
                raise ValueError(f"the deal holds tiles not in the double-{rules.set} set: {extra}")
            missing = [str(TILES[i]) for i in sorted(indices(full & ~seen))]
            shown = ", ".join(missing[:3]) + (
                f" and {len(missing) - 3} more" if len(missing) > 3 else ""
            )
            raise ValueError(f"the deal is not the double-{rules.set} set: missing {shown}")
        return cls._start(rules, masks, tuple(bone), scores, leader)

    @classmethod
    def _start(
        cls,
        rules: Rules,
        hands: Sequence[Mask],
        bone: tuple[int, ...],
        scores: Sequence[int] | None,
        leader: int | None,
    ) -> State:
        players = rules.players
        if scores is None:
            scores_t = (0,) * players
        else:
            scores_t = tuple(scores)
            if len(scores_t) != players or not all(
                isinstance(s, int) and not isinstance(s, bool) and s >= 0 for s in scores_t
            ):
                raise ValueError(f"scores must be {players} whole numbers of 0 or more: {scores!r}")
            if rules.teams and scores_t[:2] != scores_t[2:]:
                raise ValueError(f"partners keep one score: seats 0 and 2, 1 and 3 must have "
                                 f"equal scores, not {scores!r}")
        if leader is None:
            everything = 0
            for hand in hands:
                everything |= hand
            opener = best_opener(everything)
            turn = 0
            while not hands[turn] >> opener & 1:
                turn += 1
        else:
            if not isinstance(leader, int) or isinstance(leader, bool) or not 0 <= leader < players:
                raise ValueError(f"leader must be a seat 0 to {players - 1}, not {leader!r}")
            opener, turn = -1, leader
        cfg = config(rules)
        return _make(
            cfg,
            cfg.empty,
            tuple(hands),
            bone,
            0,
            turn,
            scores_t,
            (0,) * players,
            opener,
            None,
        )

    @classmethod
    def from_view(
        cls,
        view: View,
        hands: Sequence[Iterable[Tile] | Mask],
        boneyard: Sequence[Tile | int],
    ) -> State:
        """The position ``view`` shows, with one guess at what it hides: every seat's hand (the
        viewer's own must be its real one) and the boneyard's order.  For search.

        >>> from doublesix.engine.match import Match
        >>> from doublesix.engine.rules import Rules
        >>> match = Match(Rules.variant("draw"), seed=3)
        >>> view = match.view(match.turn)
        >>> state = State.from_view(view, [t.hand_mask for t in [match.view(s) for s in (0, 1)]],
        ...                         match.boneyard)
        >>> state.legal_moves() == tuple(match.legal_moves())
        True
        """
        masks = tuple(h if isinstance(h, int) else sum(t.bit for t in h) for h in hands)
        bone = tuple(b if isinstance(b, int) else b.index for b in boneyard)
        if len(masks) != len(view.hand_sizes):
            raise ValueError("one hand per seat, please")
        if masks[view.seat] != view.hand_mask:
            raise ValueError("the viewer's hand must be the one in its view")
        for seat, mask in enumerate(masks):
            if mask.bit_count() != view.hand_sizes[seat]:
                raise ValueError(f"seat {seat} holds {view.hand_sizes[seat]} tiles")
        if len(bone) != view.boneyard_size:
            raise ValueError(f"the boneyard holds {view.boneyard_size} tiles")
        hidden = 0
        for seat, mask in enumerate(masks):
            if seat != view.seat:
                if hidden & mask:
                    raise ValueError("a tile is in two hands")
                hidden |= mask
        for t in bone:
            if hidden >> t & 1:
                raise ValueError("a tile is in two places")
            hidden |= 1 << t
        if hidden != view.unseen_mask:
            raise ValueError("the hidden tiles must be exactly the view's unseen tiles")
        cfg = config(view.rules)
        turn = -1 if view.turn is None else view.turn
        return _make(cfg, view.layout, masks, bone, 0, turn, tuple(view.scores),
                     view.last_lay, -1, view.hand_result)

    # -- queries --------------------------------------------------------------------------

    @property
    def rules(self) -> Rules:
        """The rules this hand is played under."""
        return self.cfg.rules

    @property
    def over(self) -> bool:
        """True once the match is decided: the single hand is over, or a seat reached the
        target (at a hand's end, or at once under fives)."""
        if self.result is None:
            return False
        target = self.cfg.target
        return target == 0 or max(self.scores) >= target

    @property
    def boneyard(self) -> tuple[int, ...]:
        """The tile indices still in the boneyard, next to be drawn first."""
        return self.bone[self.pos :]

    @property
    def can_draw(self) -> bool:
        """Whether a seat with nothing to lay would draw (rather than pass)."""
        return self.cfg.drawing and self.pos < len(self.bone)

    def pips(self, seat: int) -> int:
        """The pips in ``seat``'s hand."""
        return sum(PIPS[t] for t in indices(self.hands[seat]))

    def legal_moves(self) -> tuple[Move, ...]:
        """The moves the seat to move may make (the same objects each time); () when over."""
        legal = self._legal
        if legal is None:
            # (_make sets () once the hand is over, so the turn is a seat here.)
            legal = self._legal = legal_moves_for(
                self.hands[self.turn],
                self.layout,
                self.cfg.drawing and self.pos < len(self.bone),
                self.opener,
            )
        return legal

    # -- changing -------------------------------------------------------------------------

    def play(self, move: Move) -> State:
        """The state after ``move``; raises :class:`IllegalMoveError` if it is not legal now."""
        legal = self._legal
        if legal is None:
            legal = self.legal_moves()
        if move not in legal:
            raise self.illegal(move)
        return self.apply(move)

    def apply(self, move: Move) -> State:
        """:meth:`play` without the check: ``move`` must come from :meth:`legal_moves`."""
        cfg = self.cfg
        seat = self.turn
        hands = self.hands
        t = move.t
        if t < 0:
            if move is DRAW_MOVE:
                pos = self.pos
                drawn = self.bone[pos]
                pos += 1
                grown = (*hands[:seat], hands[seat] | 1 << drawn, *hands[seat + 1 :])
                state = _make(cfg, self.layout, grown, self.bone, pos, seat,
                              self.scores, self.last_lay, self.opener, None)
                if pos == len(self.bone):
                    state._block_check()
                return state
            return _make(cfg, self.layout, hands, self.bone, self.pos, cfg.next_seat[seat],
                         self.scores, self.last_lay, -1, None)
        layout = self.layout.lay_index(t, move.e)
        changed = list(hands)
        left = changed[seat] = hands[seat] ^ 1 << t
        new_hands = tuple(changed)
        last_lay = self.last_lay
        if cfg.track_lays:
            last_lay = (*last_lay[:seat], layout.played.bit_count(), *last_lay[seat + 1:])
        scores = self.scores
        if cfg.fives:
            count = fives_points(layout.count)
            if count:
                scores = credit(scores, seat, count, cfg)
                if cfg.target and scores[seat] >= cfg.target:
                    return _make(cfg, layout, new_hands, self.bone, self.pos, -1, scores,
                                 last_lay, -1, HandResult(seat, 0, False, Ending.REACHED_TARGET,
                                                          cfg.mates[seat]))
        state = _new(State)
        state.cfg = cfg
        state.layout = layout
        state.hands = new_hands
        state.bone = self.bone
        state.pos = self.pos
        state.turn = cfg.next_seat[seat]
        state.scores = scores
        state.last_lay = last_lay
        state.opener = -1
        state.result = None
        state._legal = None
        if not left:
            state._finish(seat, going_out_points(new_hands, seat, cfg), Ending.WENT_OUT)
        elif not cfg.drawing or self.pos == len(self.bone):
            # Nothing to draw: blocked if no hand fits (checked here first, as it rarely is).
            fits = layout.fits
            for hand in new_hands:
                if hand & fits:
                    break
            else:
                state._block_check()
        return state

    def _block_check(self) -> None:
        """End the hand if nobody can lay and nothing can be drawn."""
        fits = self.layout.fits
        for hand in self.hands:
            if hand & fits:
                return
        winner, points = blocked_outcome(self.hands, self.last_lay, self.cfg)
        self._finish(winner, points, Ending.BLOCKED)

    def _finish(self, winner: int | None, points: int, ending: Ending) -> None:
        """Close the hand in place (only on a state just made, before anyone sees it)."""
        if winner is not None and points:
            self.scores = credit(self.scores, winner, points, self.cfg)
        self.turn = -1
        winners = () if winner is None else self.cfg.mates[winner]
        self.result = HandResult(winner, points, ending is Ending.BLOCKED, ending, winners)
        self._legal = ()

    def illegal(self, move: Move) -> IllegalMoveError:
        """Why ``move`` is not legal now (:class:`AmbiguousMoveError`: it must name an end)."""
        if self.turn < 0:
            return IllegalMoveError("the hand is over: nobody is to move", "hand-over")
        if not isinstance(move, Move):
            return IllegalMoveError(f"not a move: {move!r}", "not-a-move", text=move)
        legal = self.legal_moves()
        if move.t >= 0:
            tile = TILES[move.t]
            if not self.hands[self.turn] >> move.t & 1:
                return IllegalMoveError(f"{tile} is not in the hand of seat {self.turn}",
                                        "not-in-hand", tile=tile, seat=self.turn)
            if self.opener >= 0 and not self.layout.played:
                return IllegalMoveError(f"{TILES[self.opener]} must open this hand",
                                        "must-open", tile=TILES[self.opener])
            if move.e < 0:
                ends = tuple(m for m in legal if m.t == move.t)
                if len(ends) > 1:
                    shown = ", ".join(str(m) for m in ends)
                    return AmbiguousMoveError(f"{tile} fits more than one end: say which ({shown})",
                                              ends, "ambiguous", tile=tile, choices=shown)
                if not ends:
                    return IllegalMoveError(f"{tile} fits no open end", "fits-no-end", tile=tile)
            if self.layout.played and move.e >= 0:
                number, arm = self.layout.ends[move.e], move.e >= 2
                where = f"the {move.end} {'arm' if arm else 'end'}"  # words: errorwords
                if number < 0:
                    return IllegalMoveError(f"{where} is not open", "end-not-open",
                                            end=move.end, arm=arm)
                if not SUIT[number] >> move.t & 1:
                    return IllegalMoveError(f"{tile} does not fit {where} ({number})",
                                            "does-not-fit", tile=tile, end=move.end, arm=arm,
                                            number=number)
            return IllegalMoveError(f"{move} is not a legal move now", "not-legal-now", move=move)
        if move is DRAW_MOVE:
            if legal and legal[0].t >= 0:
                return IllegalMoveError("you may not draw while a tile fits", "draw-while-fits")
            return IllegalMoveError(
                "you may not draw: the boneyard is empty or this game has no drawing", "no-draw")
        return IllegalMoveError("you may not pass while you can lay or draw", "no-pass")

    def resolve(self, move: Move) -> Move:
        """``move`` with its end filled in when the tile fits one end only.

        A lay written without an end (``"6|4"``) is kept as it is when leading.
        """
        if move.t < 0 or move.e >= 0 or not self.layout.played:
            return move
        ends = [m for m in self.legal_moves() if m.t == move.t]
        return ends[0] if len(ends) == 1 else move

    # -- values ---------------------------------------------------------------------------

    def _key(self) -> tuple[object, ...]:
        return (self.cfg.rules, self.layout, self.hands, self.bone[self.pos :], self.turn,
                self.scores, self.last_lay, self.opener, self.result)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return self is other or self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        hands = " / ".join(" ".join(str(t) for t in tiles_of(h)) for h in self.hands)
        return f"<State turn={self.turn} ends={self.layout.open_ends} hands={hands}>"


def _make(
    cfg: Config,
    layout: Layout,
    hands: tuple[Mask, ...],
    bone: tuple[int, ...],
    pos: int,
    turn: int,
    scores: tuple[int, ...],
    last_lay: tuple[int, ...],
    opener: int,
    result: HandResult | None,
) -> State:
    state = _new(State)
    state.cfg = cfg
    state.layout = layout
    state.hands = hands
    state.bone = bone
    state.pos = pos
    state.turn = turn
    state.scores = scores
    state.last_lay = last_lay
    state.opener = opener
    state.result = result
    state._legal = () if turn < 0 else None
    return state


_new: Final = object.__new__


def fives_points(count: int) -> int:
    """What a board count scores under fives: the count when it is a positive multiple of 5.

    >>> fives_points(15), fives_points(14), fives_points(0)
    (15, 0, 0)
    """
    return count if count and not count % 5 else 0


def credit(scores: tuple[int, ...], seat: int, points: int, cfg: Config) -> tuple[int, ...]:
    """``scores`` with ``points`` added for ``seat``: and for its partner, under teams (a team
    keeps one score, held by both partners)."""
    new = list(scores)
    for mate in cfg.mates[seat]:
        new[mate] += points
    return tuple(new)


def going_out_points(hands: Sequence[Mask], seat: int, cfg: Config) -> int:
    """What ``seat`` scores for going out: the pips left in the other hands (under teams with
    ``team_points = opponents``, the opponents' hands only), rounded under fives."""
    if cfg.teams and cfg.rules.team_points == "opponents":
        mates = cfg.mates[seat]
        pips = sum(PIPS[i] for s, hand in enumerate(hands) if s not in mates
                   for i in indices(hand))
    else:
        pips = sum(PIPS[i] for hand in hands for i in indices(hand))
    return hand_points(pips, cfg)


def hand_points(pips: int, cfg: Config) -> int:
    """What ``pips`` left in the others' hands score at a hand's end: as they are under pips
    scoring, rounded to a multiple of 5 (nearest, or down) under fives."""
    if not cfg.fives:
        return pips
    if cfg.round_down:
        return pips // 5 * 5
    return (pips + 2) // 5 * 5


def blocked_outcome(
    hands: Sequence[Mask], last_lay: Sequence[int], cfg: Config
) -> tuple[int | None, int]:
    """The winner of a blocked hand (None: drawn) and the points it scores.

    The lightest hand wins; equal lightest hands draw, or under ``blocked_tie = fewer-tiles``
    the one with fewer tiles wins, then the one that laid a tile most recently (drawn if none
    of them laid one).  It scores the others' pips, rounded under fives, less its own with
    ``blocked_minus_own``, never below 0.  Under teams, see :func:`blocked_team_outcome`.
    """
    pips = [sum(PIPS[i] for i in indices(hand)) for hand in hands]
    if cfg.teams:
        return blocked_team_outcome(pips, last_lay, cfg)
    lightest = min(pips)
    tied = [seat for seat, p in enumerate(pips) if p == lightest]
    if len(tied) > 1 and cfg.tie_fewer:
        fewest = min(hands[seat].bit_count() for seat in tied)
        tied = [seat for seat in tied if hands[seat].bit_count() == fewest]
        if len(tied) > 1:
            latest = max(last_lay[seat] for seat in tied)
            tied = [seat for seat in tied if last_lay[seat] == latest] if latest else []
    if len(tied) != 1:
        return None, 0
    points = hand_points(sum(pips) - lightest, cfg)
    if cfg.minus_own:
        points = max(0, points - lightest)
    return tied[0], points


def blocked_team_outcome(
    pips: Sequence[int], last_lay: Sequence[int], cfg: Config
) -> tuple[int | None, int]:
    """A blocked hand under teams: the team with fewer pips in its two hands wins (equal: a
    drawn hand) and scores all four hands' pips (``team_points = all``) or the other team's
    (``opponents``, less its own with ``blocked_minus_own``, never below 0), rounded under
    fives.  The winning seat, which leads the next hand, is the one that laid last if its team
    won, else the seat after it."""
    team = (pips[0] + pips[2], pips[1] + pips[3])
    if team[0] == team[1]:
        return None, 0
    lighter = 0 if team[0] < team[1] else 1
    if cfg.rules.team_points == "all":
        points = hand_points(sum(pips), cfg)
    else:
        points = hand_points(team[1 - lighter], cfg)
        if cfg.minus_own:
            points = max(0, points - team[lighter])
    last = max(range(len(pips)), key=last_lay.__getitem__)
    return (last if last % 2 == lighter else (last + 1) % 4), points
