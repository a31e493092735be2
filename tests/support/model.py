"""An independent model of RULES.md: one hand of play written from the rule book alone, as
plainly as possible and sharing no code with the engine (the layout as four lists of tiles, the
board count added up end by end, the legal moves, blocking, and the scoring of every move and
every hand's end).  ``tests/test_engine_model.py`` checks the engine against it move by move and
``tests/test_engine_perft.py`` counts move sequences with it.
"""

from __future__ import annotations

from doublesix import Ending, HandResult, Move, Rules, Tile

ENDS = ("left", "right", "up", "down")


def rounded(points: int, rules: Rules) -> int:
    """Pips as the rules score them: as they are under pips, else to a multiple of 5."""
    if rules.scoring == "pips":
        return points
    rest = points % 5
    if rules.rounding == "down" or rest in (1, 2):
        return points - rest
    return points + 5 - rest if rest else points


class Model:
    """One hand of play, from the rule book."""

    def __init__(self, rules: Rules, hands: list[list[Tile]], boneyard: list[Tile],
                 scores: list[int]) -> None:  # fmt: skip
        self.rules = rules
        self.hands = [list(h) for h in hands]
        self.boneyard = list(boneyard)
        self.scores = list(scores)
        self.centre: Tile | None = None
        self.arms: dict[str, list[tuple[Tile, int]]] = {end: [] for end in ENDS}
        # The spinner: None, "centre", or (end, index in that end's list).
        #: None, "centre" (the opening double) or (the arm, its index there).
        self.spinner: str | tuple[str, int] | None = None
        self.spinner_number = -1
        self.laid_at: dict[int, int] = {}  # seat -> how many lays had happened when it last laid
        self.lays = 0
        self.turn: int | None = None
        #: The seat that made the hand's first move.
        self.leader: int | None = None
        self.result: HandResult | None = None
        self.over = False
        # What the public record shows of each seat's hand: one set of numbers per part of it
        # (the dealt tiles, then each tile drawn and kept) that the part is known not to hold;
        # ``pending[seat]``: its newest part is a tile just drawn, unknown until it acts again.
        self.parts: list[list[set[int]]] = [[set()] for _ in hands]
        self.pending = [False] * len(hands)

    # -- the layout -----------------------------------------------------------------------

    def arms_open(self) -> bool:
        if self.spinner is None:
            return False
        if self.rules.spinner_arms == "immediate":
            return True
        if isinstance(self.spinner, str):  # the opening double
            return bool(self.arms["left"]) and bool(self.arms["right"])
        end, index = self.spinner
        return len(self.arms[end]) > index + 1

    def open_ends(self) -> dict[str, int]:
        if self.centre is None:
            return {}
        ends = {
            "left": self.arms["left"][-1][1] if self.arms["left"] else self.centre.high,
            "right": self.arms["right"][-1][1] if self.arms["right"] else self.centre.low,
        }
        if self.arms_open():
            for arm in ("up", "down"):
                ends[arm] = self.arms[arm][-1][1] if self.arms[arm] else self.spinner_number
        return ends

    def count(self) -> int:
        if self.centre is None:
            return 0
        total = 0
        if not self.arms["left"] and not self.arms["right"]:
            # The first tile alone (or a spinner with bare sides) counts whole, once.
            total += self.centre.pips
        else:
            for side, half in (("left", self.centre.high), ("right", self.centre.low)):
                if self.arms[side]:
                    tile, outer = self.arms[side][-1]
                    total += 2 * outer if tile.is_double else outer
                else:
                    total += 2 * half if self.centre.is_double else half
        if self.arms_open():
            for arm in ("up", "down"):
                if self.arms[arm]:
                    tile, outer = self.arms[arm][-1]
                    total += 2 * outer if tile.is_double else outer
        return total

    # -- moves ----------------------------------------------------------------------------

    def legal_moves(self) -> set[str]:
        if self.turn is None:
            return set()
        hand = self.hands[self.turn]
        if self.centre is None:
            return {str(t) for t in hand}
        fits = {
            f"{t} {end}"
            for end, n in self.open_ends().items()
            for t in hand
            if n in (t.high, t.low)
        }
        if fits:
            return fits
        return {"draw"} if self.rules.drawing and self.boneyard else {"pass"}

    # -- teams ----------------------------------------------------------------------------

    def side(self, seat: int) -> list[int]:
        """The seats that share ``seat``'s score: with teams, it and the seat opposite."""
        if self.rules.teams:
            return [s for s in range(4) if s % 2 == seat % 2]
        return [seat]

    def add(self, seat: int, points: int) -> None:
        for s in self.side(seat):
            self.scores[s] += points

    def lay(self, seat: int, tile: Tile, end: str | None) -> None:
        if self.leader is None:
            self.leader = seat
        self.hands[seat].remove(tile)
        self.lays += 1
        self.laid_at[seat] = self.lays
        if end is None:
            self.centre = tile
            if self.rules.spinner and tile.is_double:
                self.spinner, self.spinner_number = "centre", tile.high
        else:
            number = self.open_ends()[end]
            self.arms[end].append((tile, tile.pips - number))
            if self.rules.spinner and self.spinner is None and tile.is_double:
                self.spinner = (end, len(self.arms[end]) - 1)
                self.spinner_number = tile.high
        count = self.count()
        if self.rules.scoring == "fives" and count and count % 5 == 0:
            self.add(seat, count)
            if self.rules.target and self.scores[seat] >= self.rules.target:
                self.end(HandResult(seat, 0, False, Ending.REACHED_TARGET,
                                    tuple(self.side(seat))), over=True)
                return
        if not self.hands[seat]:
            # The pips in the other hands: under teams with team_points = opponents, in the
            # two opponents' hands only (the partner's do not count).
            counted = [s for s in range(self.rules.players) if s not in self.side(seat)
                       or not (self.rules.teams and self.rules.team_points == "opponents")]
            others = sum(t.pips for s in counted for t in self.hands[s])
            self.win(seat, rounded(others, self.rules), blocked=False)
            return
        self.turn = (seat + 1) % self.rules.players
        self.check_blocked()

    def lacks(self) -> tuple[frozenset[int], ...]:
        return tuple(frozenset(set.intersection(*parts)) for parts in self.parts)

    def play(self, move: Move) -> None:
        seat = self.turn
        assert seat is not None
        if move.tile is None:
            # Nothing it holds fits an open end: neither its dealt tiles nor any drawn tile.
            numbers = set(self.open_ends().values())
            for part in self.parts[seat]:
                part |= numbers
            self.pending[seat] = str(move) == "draw"
            if self.pending[seat]:
                self.parts[seat].append(set())
        elif self.pending[seat]:
            self.parts[seat].pop()  # it lays the tile it has just drawn: the only one that fits
            self.pending[seat] = False
        if move.tile is not None:
            self.lay(seat, move.tile, move.end)
        elif self.pending[seat]:
            self.hands[seat].append(self.boneyard.pop(0))
            self.check_blocked()
        else:
            self.turn = (seat + 1) % self.rules.players

    # -- the end of a hand ----------------------------------------------------------------

    def check_blocked(self) -> None:
        if self.rules.drawing and self.boneyard:
            return
        numbers = set(self.open_ends().values())
        if any(n in (t.high, t.low) for hand in self.hands for t in hand for n in numbers):
            return
        pips = [sum(t.pips for t in hand) for hand in self.hands]
        if self.rules.teams:
            self.team_blocked(pips)
            return
        lightest = min(pips)
        tied = [seat for seat, p in enumerate(pips) if p == lightest]
        if len(tied) > 1 and self.rules.blocked_tie == "fewer-tiles":
            fewest = min(len(self.hands[seat]) for seat in tied)
            tied = [seat for seat in tied if len(self.hands[seat]) == fewest]
            if len(tied) > 1:
                layers = [seat for seat in tied if seat in self.laid_at]
                tied = [max(layers, key=self.laid_at.__getitem__)] if layers else []
        if len(tied) != 1:
            self.end(HandResult(None, 0, True), over=self.rules.target == 0)
            return
        winner = tied[0]
        points = rounded(sum(pips) - lightest, self.rules)
        if self.rules.blocked_minus_own:
            points = max(0, points - lightest)
        self.win(winner, points, blocked=True)

    def team_blocked(self, pips: list[int]) -> None:
        """Blocked under teams: the lighter team (its two hands added) takes the hand."""
        evens, odds = pips[0] + pips[2], pips[1] + pips[3]
        if evens == odds:
            self.end(HandResult(None, 0, True), over=self.rules.target == 0)
            return
        lighter = 0 if evens < odds else 1
        if self.rules.team_points == "all":
            points = rounded(sum(pips), self.rules)
        else:
            points = rounded(max(evens, odds), self.rules)
            if self.rules.blocked_minus_own:
                points = max(0, points - min(evens, odds))
        # It leads the next hand: the last to lay if on the lighter team, else the seat after.
        last = max(self.laid_at, key=self.laid_at.__getitem__)
        self.win(last if last % 2 == lighter else (last + 1) % 4, points, blocked=True)

    def win(self, seat: int, points: int, blocked: bool) -> None:
        self.add(seat, points)
        target = self.rules.target
        ending = Ending.BLOCKED if blocked else Ending.WENT_OUT
        self.end(HandResult(seat, points, blocked, ending, tuple(self.side(seat))),
                 over=not target or max(self.scores) >= target)

    def end(self, result: HandResult, over: bool) -> None:
        self.result, self.over, self.turn = result, over, None
