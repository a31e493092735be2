"""Guessing the hidden tiles: deals consistent with everything a seat's view reveals.

A determinized search plays on many such guesses.  Each guess gives every other seat as many
tiles as it holds, none showing a number the seat is known to lack (``view.lacks``), and puts
the rest, shuffled, in the boneyard.

>>> from doublesix import Match, Rules
>>> match = Match(Rules.variant("draw"), seed=2)
>>> view = match.view(match.turn)
>>> hands, bone = sample_deal(view, Rng(1))
>>> [h.bit_count() for h in hands] == list(view.hand_sizes), len(bone) == view.boneyard_size
(True, True)
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from doublesix.ai.rng import Rng
from doublesix.engine.events import Event, hand_start
from doublesix.engine.layout import Layout
from doublesix.engine.rules import Rules
from doublesix.engine.tiles import IS_DOUBLE, PIPS, SUIT, TILES, Mask, indices
from doublesix.engine.view import View

#: How many times a guess is redrawn before the lacks of the most crowded seats are relaxed.
TRIES = 50
#: Halvings in the search for the power that tempers the weights of the guesses.
BISECTIONS = 12


def current_hand(view: View) -> tuple[list[Event], bool]:
    """The events of the hand in play, and whether its first tile was laid by the rules (the
    engine's :attr:`View.opening_forced <doublesix.engine.view.View.opening_forced>`), rather than
    chosen by its leader."""
    history = view.history
    return list(history[hand_start(history) + 1 :]), view.opening_forced


def outranked(view: View) -> Mask:
    """The unseen tiles no hand was dealt: those that outrank an automatically laid opening
    tile (its holder had the best tile of all the hands, so a better one lay in the boneyard).

    >>> from doublesix import Match, Rules
    >>> match = Match(Rules.variant("block"), seed=3)
    >>> view = match.view(match.turn)
    >>> opener = view.layout.placed()["left"][0].tile
    >>> all(TILES[t].rank > opener.rank for t in indices(outranked(view)))
    True
    """
    return _outranked(view.unseen_mask, *current_hand(view))


def _outranked(unseen: Mask, events: list[Event], automatic: bool) -> Mask:
    first = next((ev for ev in events if ev.kind == "lay"), None)
    if not automatic or first is None or first.tile is None:
        return 0
    rank = first.tile.rank
    banned = 0
    for t in indices(unseen):
        if TILES[t].rank > rank:
            banned |= 1 << t
    return banned


def allowed_tiles(view: View) -> list[Mask]:
    """For each seat, the unseen tiles it may hold (its own seat: its real hand): none showing
    a number it is known to lack, and, unless it has drawn this hand, none that outranks an
    automatic opening tile."""
    unseen = view.unseen_mask
    events, automatic = current_hand(view)
    drew = {ev.seat for ev in events if ev.kind == "draw"}
    boneyard_only = _outranked(unseen, events, automatic)
    allowed = []
    for seat, lacks in enumerate(view.lacks):
        if seat == view.seat:
            allowed.append(view.hand_mask)
            continue
        banned = 0 if seat in drew else boneyard_only
        for number in lacks:
            banned |= SUIT[number]
        allowed.append(unseen & ~banned)
    return allowed


class Sampler:
    """Draws guesses for one view; built once per decision, so the bookkeeping is done once."""

    def __init__(self, view: View) -> None:
        self.seat = view.seat
        self.drawing = view.rules.drawing
        self.own = view.hand_mask
        self.unseen = view.unseen_mask
        self.sizes = view.hand_sizes
        self.allowed = allowed_tiles(view)
        # The most constrained seat first: fewest spare tiles for its size.
        self.order = sorted(
            (s for s in range(len(self.allowed)) if s != self.seat),
            key=lambda s: (self.allowed[s].bit_count() - self.sizes[s], s),
        )
        self.pools = {s: list(indices(self.allowed[s])) for s in self.order}
        self.constrained = any(self.allowed[s] != self.unseen for s in self.order)
        # Partners with every tile dealt (the partnership game): the last seat's hand is what
        # the others leave, so it is checked rather than drawn (a faster path, same rule).
        self.dealt = view.rules.teams and view.boneyard_size == 0 and len(self.order) > 1

    def hands(self, rng: Rng) -> list[Mask]:
        """Every seat's hand, respecting ``view.lacks`` whenever that is possible."""
        attempt = self._try_dealt if self.dealt else self._try
        for _ in range(TRIES):
            hands = attempt(rng, True)
            if hands is not None:
                return hands
        hands = self._try(rng, False)
        assert hands is not None
        return hands

    def _try_dealt(self, rng: Rng, constrained: bool) -> list[Mask] | None:
        """:meth:`_try` when no tile lies in the boneyard: every seat but the last draws its
        hand from what it may hold (a partial shuffle), and the last takes the rest if it may
        hold all of it."""
        left = self.unseen
        hands = [0] * len(self.sizes)
        hands[self.seat] = self.own
        order = self.order
        for seat in order[:-1]:
            pool = [t for t in self.pools[seat] if left >> t & 1]
            need = self.sizes[seat]
            if len(pool) < need:
                return None
            mask = rng.pick(pool, need)
            hands[seat] = mask
            left &= ~mask
        last = order[-1]
        if left & ~self.allowed[last]:
            return None
        hands[last] = left
        return hands

    def _try(self, rng: Rng, constrained: bool) -> list[Mask] | None:
        """Each seat in turn, most constrained first, draws its hand from what it may hold
        (``constrained``) or from every unseen tile, among the tiles still left."""
        left = self.unseen
        hands = [0] * len(self.sizes)
        hands[self.seat] = self.own
        for seat in self.order:
            need = self.sizes[seat]
            pool = self.pools[seat] if constrained else list(indices(self.unseen))
            pool = [t for t in pool if left >> t & 1]
            if len(pool) < need:
                return None
            mask = rng.pick(pool, need)
            hands[seat] = mask
            left &= ~mask
        return hands

    def boneyard(self, hands: list[Mask], rng: Rng) -> list[int]:
        """The tiles no hand holds, in a random draw order (in tile order when nobody draws,
        since then the order never shows)."""
        left = self.unseen
        for seat in self.order:
            left &= ~hands[seat]
        bone = list(indices(left))
        if self.drawing:
            rng.shuffle(bone)
        return bone


def sample_deal(view: View, rng: Rng) -> tuple[list[Mask], list[int]]:
    """One guess at the hidden tiles: every seat's hand as a mask and the boneyard in draw
    order (tile indices).  The guess respects ``view.lacks`` whenever that is possible."""
    sampler = Sampler(view)
    hands = sampler.hands(rng)
    return hands, sampler.boneyard(hands, rng)


def effective_size(weights: Sequence[float]) -> float:
    """How many equally weighted guesses ``weights`` are worth: (sum)² / sum of squares.

    >>> effective_size([1.0, 1.0, 1.0, 1.0]), effective_size([1.0, 0.0, 0.0, 0.0])
    (4.0, 1.0)
    """
    total = squares = 0.0
    for w in weights:  # in order, one by one (the compiled core sums the same way)
        total += w
        squares += w * w
    return total * total / squares if squares > 0.0 else 0.0


def temper(weights: Sequence[float], share: float) -> list[float]:
    """``weights`` raised to the largest power, at most 1, that keeps their effective size at
    least ``share`` of their number (scaled so that the largest is 1).

    When the other seats do not choose as :class:`Inference` assumes (a player who keeps heavy
    tiles back, or several seats whose evidence multiplies up), the weights pile onto a few
    guesses that explain the lays by chance; tempering keeps the evidence but spreads it over
    enough guesses.  The power is found by bisection, so the same weights give the same result
    on every machine.

    >>> temper([0.5, 0.5, 0.25, 0.25], 0.5)
    [1.0, 1.0, 0.5, 0.5]
    >>> tempered = temper([1.0, 1e-6, 1e-6, 1e-6], 0.5)
    >>> effective_size(tempered) >= 2.0, tempered[0] == 1.0, tempered[1] > 1e-6
    (True, True, True)
    """
    logs = [math.log(w) if w > 0.0 else -math.inf for w in weights]
    top = max(logs, default=-math.inf)
    if top == -math.inf:
        return list(weights)
    need = share * len(weights)

    def powered(power: float) -> list[float]:
        return [math.exp(power * (x - top)) if x > -math.inf else 0.0 for x in logs]

    result = powered(1.0)
    if effective_size(result) >= need:
        return result
    low, high = 0.0, 1.0
    for _ in range(BISECTIONS):
        middle = (low + high) / 2
        if effective_size(powered(middle)) >= need:
            low = middle
        else:
            high = middle
    return powered(low)


#: The names of :func:`lay_features`' numbers, in order.
LAY_FEATURES = ("pips", "double", "points", "shown", "shown_laid", "closes")

#: Readings of the other side (weights on :data:`LAY_FEATURES`), fitted by
#: ``benchmarks/opponent_model.py``, by the player whose lays they read and the game:
#: OpenSpiel's ISMCTS with 1000 simulations, from its lays against the expert in 400 pairs of
#: Block hands (seed 9100000) and 48 pairs of Draw hands (seed 9300000)
#: (docs/expert-research.md).
READINGS: dict[str, dict[str, tuple[float, ...]]] = {
    "ismcts": {
        "block": (0.525, 0.905, 0.0, -0.191, 0.367, 2.156),
        "draw": (0.005, 0.819, 0.0, 0.123, 0.282, 1.365),
    },
}


def reading_weights(reading: str | tuple[float, ...], rules: Rules) -> tuple[float, ...]:
    """The weights of ``reading`` in a game of ``rules``: a named reading's fit for that game
    (Block or Draw; none under All Fives, which no reading was fitted to), or the weights given.

    >>> from doublesix import Rules
    >>> reading_weights("ismcts", Rules.variant("draw"))
    (0.005, 0.819, 0.0, 0.123, 0.282, 1.365)
    >>> reading_weights("ismcts", Rules.variant("muggins")), reading_weights((1.0,) * 6, Rules())
    ((), (1.0, 1.0, 1.0, 1.0, 1.0, 1.0))
    """
    if not isinstance(reading, str):
        return reading
    if not reading or rules.scoring == "fives":
        return ()
    return READINGS[reading]["draw" if rules.drawing else "block"]


def parse_reading(text: str | Sequence[float]) -> str | tuple[float, ...]:
    """A reading by its name in :data:`READINGS`, or its weights written ``a/b/c/d/e/f``
    (in the order of :data:`LAY_FEATURES`); ``""`` for none.

    >>> parse_reading("ismcts"), parse_reading("1/0/0/0/0/0"), parse_reading("")
    ('ismcts', (1.0, 0.0, 0.0, 0.0, 0.0, 0.0), ())
    """
    if not isinstance(text, str):
        weights = tuple(float(w) for w in text)
    elif not text:
        return ()
    elif text in READINGS:
        return text
    else:
        try:
            weights = tuple(float(w) for w in text.split("/"))
        except ValueError:
            raise ValueError(f"reading is a name ({', '.join(READINGS)}) or weights a/b/c/d/e/f,"
                             f" not {text!r}") from None
    if len(weights) != len(LAY_FEATURES):
        raise ValueError(f"a reading has {len(LAY_FEATURES)} weights: {', '.join(LAY_FEATURES)}")
    return weights


def lay_features(before: Layout, t: int, e: int, fives: bool) -> tuple[float, ...]:
    """What the table shows of laying tile ``t`` on end ``e`` of ``before`` (``-1``: to lead).

    In the order of :data:`LAY_FEATURES`: the tile's pips; 1 for a double; the points the lay
    scores under All Fives (0 otherwise); the number it leaves showing at that end; how many tiles
    of that number are on the table after it (the end's deadness); 1 when every open end then
    shows one number.  Nothing of any hand: a reading of the other seats built on them weighs a
    guess only by which lays it says a seat had.

    >>> from doublesix import Tile
    >>> from doublesix.engine.layout import Layout
    >>> lay_features(Layout.empty().lay(Tile(6, 4), None), Tile(4, 4).index, 1, False)
    (8.0, 1.0, 0.0, 4.0, 2.0, 0.0)
    """
    after = before.lay_index(t, e)
    points = 0.0
    if fives and after.count % 5 == 0:
        points = float(after.count)
    shown = after.ends[e] if e >= 0 else max(after.ends)
    numbers = {n for _, n in after.open}
    return (float(PIPS[t]), float(IS_DOUBLE[t]), points, float(shown),
            float((after.played & SUIT[shown]).bit_count()), float(len(numbers) == 1))


class Inference:
    """Soft evidence from how the other seats chose their tiles.

    A seat that has not drawn since it laid a tile held, when it laid it, its hand of now plus
    the tiles it has laid since.  Assuming seats tend to lay heavy tiles (and, under All Fives,
    tiles that score), a guess in which a seat passed over much heavier tiles it held is less
    likely.  :meth:`weight` gives each guess its likelihood under that model: the product, over
    those decisions, of ``exp(sharpness * score)`` of the tile laid over the sum for every lay
    the guess says the seat had.  ``sharpness = 0`` makes every guess equally likely.
    ``partner_sharpness`` (under teams) reads the partner's lays with another sharpness.
    ``reading``, if given, reads the other side's lays by ``exp(reading .
    lay_features)`` instead (:func:`lay_features`; weights fitted to a kind of player by
    ``benchmarks/opponent_model.py``).

    >>> from doublesix import Match, Rules
    >>> match = Match(Rules.variant("block"), seed=3)
    >>> for _ in range(4):
    ...     match.play(match.legal_moves()[0])
    >>> view = match.view(match.turn)
    >>> inference = Inference(view, sharpness=1.0)
    >>> hands, _ = sample_deal(view, Rng(0))
    >>> 0.0 < inference.weight(hands) <= 1.0
    True
    """

    def __init__(
        self, view: View, sharpness: float, partner_sharpness: float | None = None,
        reading: Sequence[float] = (),
    ) -> None:
        from doublesix.engine.layout import END_NUMBERS, Layout
        from doublesix.engine.tiles import PIPS

        rules = view.rules
        fives = rules.scoring == "fives"
        events, first = current_hand(view)
        layout = Layout.empty(rules.spinner_arms if rules.spinner else None)
        # Per seat: its lays since it last drew, as (layout before, tile, end).
        since_draw: list[list[tuple[Layout, int, int]]] = [[] for _ in view.hand_sizes]
        # The first tile of a hand is laid for the seat unless the last hand's winner leads.
        for event in events:
            if event.kind == "lay" and event.tile is not None and event.seat is not None:
                t = event.tile.index
                e = -1 if event.end is None else END_NUMBERS[event.end]
                if not first:
                    since_draw[event.seat].append((layout, t, e))
                layout = layout.lay_index(t, e)
                first = False
            elif event.kind == "draw" and event.seat is not None:
                since_draw[event.seat] = []
        unseen = view.unseen_mask
        #: (seat, tiles laid since, candidate lays as (tile bit, weight), weight of the lay made)
        self.decisions: list[tuple[int, Mask, list[tuple[Mask, float]], float]] = []
        partner = view.rules.partner_of(view.seat)
        for seat, lays in enumerate(since_draw):
            if seat == view.seat:
                continue
            sharp = sharpness
            if seat == partner and partner_sharpness is not None:
                sharp = partner_sharpness
            if sharp <= 0:
                continue
            later = 0
            for before, t, e in reversed(lays):
                later |= 1 << t
                pool = unseen | later
                candidates: list[tuple[Mask, float]] = []
                chosen = 0.0
                if before.played:
                    pairs = [(tt, ee) for ee, n in before.open for tt in indices(pool & SUIT[n])]
                else:
                    pairs = [(tt, -1) for tt in indices(pool)]
                for tt, ee in pairs:
                    if reading and seat != partner:
                        read = zip(reading, lay_features(before, tt, ee, fives), strict=True)
                        weight = math.exp(sum(w * f for w, f in read))
                    else:
                        score = float(PIPS[tt])
                        if fives:
                            count = before.lay_index(tt, ee).count
                            if count % 5 == 0:
                                score += 2.0 * count
                        weight = math.exp(sharp * (score - 24.0))
                    candidates.append((1 << tt, weight))
                    if tt == t and ee == e:
                        chosen = weight
                self.decisions.append((seat, later, candidates, chosen))

    def weight(self, hands: list[Mask]) -> float:
        """The likelihood of the guess ``hands`` (up to a constant factor)."""
        total = 1.0
        for seat, later, candidates, chosen in self.decisions:
            held = hands[seat] | later
            norm = 0.0
            for bit, weight in candidates:
                if held & bit:
                    norm += weight
            total *= chosen / norm
        return total
