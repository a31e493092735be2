"""What a seat sees, as text and as numbers, built from its :class:`~doublesix.engine.view.View`
alone (so no string or tensor can hold a tile the seat cannot see).

An :class:`Encoder` is made for one rule set and one kind of observation:

- ``private``: ``"single"`` (the seat's own tiles, the usual), ``"none"`` (what everyone at
  the table sees) or ``"all"`` (every hand: for the referee, never for a player);
- ``public``: whether the table, the counts, the scores and what each seat lacks are in;
- ``recall``: whether the record of the hand is in (the information state); without it, the
  observation of the position now.

The tensor is a flat list of floats made of named pieces (:attr:`Encoder.pieces`), in this
order; ``T`` is the number of tiles in the set, ``N`` the numbers on them (``set + 1``) and
``P`` the players:

=========== ========= ===============================================================
piece       shape     holds
=========== ========= ===============================================================
player      (P,)      1 for the seat observing
hand        (T,)      1 for each tile the seat holds (``private = single``)
hands       (P, T)    1 for each tile each seat holds (``private = all``)
to_move     (P,)      1 for the seat to move (none at a chance event or the end)
table       (T,)      1 for each tile on the table
ends        (4, N)    the number open at the left, right, up and down ends (one-hot)
lacks       (P, N)    1 for each number a seat is known not to hold
held        (P,)      how many tiles each seat holds
boneyard    (1,)      how many tiles are in the boneyard
scores      (P,)      each seat's score
count       (1,)      the board count
laid_by     (P, T)    1 where a seat laid a tile this hand (``recall``)
drew        (P,)      how many tiles each seat drew this hand (``recall``)
passed      (P,)      how many times each seat passed this hand (``recall``)
=========== ========= ===============================================================

The information-state string holds the whole public record of the match, so two views give
the same string only if they are equal; the tensor keeps the hand in play (what was laid by
whom, how many draws and passes, and what they revealed in ``lacks``), not the order of every
draw and pass.

>>> from doublesix import Match, Rules
>>> match = Match(Rules.variant("block", target=0), seed=3)
>>> match.play("pass")
>>> encoder = Encoder(match.rules, recall=True)
>>> print(encoder.string(match.view(1)))
player 1 | hand 1 | to move 1 | scores 0 0 | held 7 6 | boneyard 14
table 6|6 | ends left 6, right 6 | count 12
lacks 0: 6; 1: -
mine 6|5 6|4 6|0 5|4 3|1 2|0
record hand 1; 1 leads 6|6; 0 passes
>>> encoder.size, len(encoder.values(match.view(1)))
(168, 168)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, Literal

from doublesix.engine.events import Event
from doublesix.engine.layout import END_NAMES
from doublesix.engine.rules import Rules
from doublesix.engine.tiles import TILES, Mask, indices
from doublesix.engine.view import View

Private = Literal["single", "none", "all"]

_ENDS: Final = len(END_NAMES)


class Encoder:
    """Strings and tensors of one kind (see the module's docstring) for one rule set."""

    def __init__(
        self,
        rules: Rules,
        private: Private = "single",
        public: bool = True,
        recall: bool = False,
    ) -> None:
        if private not in ("single", "none", "all"):
            raise ValueError(f"private must be 'single', 'none' or 'all', not {private!r}")
        self.rules = rules
        self.private = private
        self.public = public
        self.recall = recall
        players = rules.players
        tiles = rules.tile_count
        numbers = rules.set + 1
        pieces: list[tuple[str, tuple[int, ...]]] = [("player", (players,))]
        if private == "single":
            pieces.append(("hand", (tiles,)))
        elif private == "all":
            pieces.append(("hands", (players, tiles)))
        if public:
            pieces += [
                ("to_move", (players,)),
                ("table", (tiles,)),
                ("ends", (_ENDS, numbers)),
                ("lacks", (players, numbers)),
                ("held", (players,)),
                ("boneyard", (1,)),
                ("scores", (players,)),
                ("count", (1,)),
            ]
            if recall:
                pieces += [("laid_by", (players, tiles)), ("drew", (players,)),
                           ("passed", (players,))]
        #: The named pieces of the tensor, in order, with their shapes.
        self.pieces: list[tuple[str, tuple[int, ...]]] = pieces
        self.offsets: dict[str, int] = {}
        size = 0
        for name, shape in pieces:
            self.offsets[name] = size
            count = 1
            for dim in shape:
                count *= dim
            size += count
        #: The length of the tensor.
        self.size = size

    # -- numbers --------------------------------------------------------------------------

    def highs(self, score_bound: int) -> list[float]:
        """The largest value each entry can take (for a bounded observation space), given the
        largest score there can be."""
        rules = self.rules
        out = [1.0] * self.size
        wide = {
            "held": float(rules.tile_count),
            "boneyard": float(rules.tile_count),
            "scores": float(score_bound),
            "count": float(8 * rules.set),
            "drew": float(rules.tile_count),
            "passed": float(rules.tile_count + 1),
        }
        for name, shape in self.pieces:
            if name in wide:
                start = self.offsets[name]
                for i in range(start, start + shape[0]):
                    out[i] = wide[name]
        return out

    def values(self, view: View, hands: Sequence[Mask] | None = None) -> list[float]:
        """The tensor of ``view`` (``hands``: every seat's tiles, only for ``private = all``)."""
        out = [0.0] * self.size
        at = self.offsets
        players = self.rules.players
        numbers = self.rules.set + 1
        out[at["player"] + view.seat] = 1.0
        if self.private == "single":
            base = at["hand"]
            for tile in view.hand:
                out[base + tile.index] = 1.0
        elif self.private == "all":
            if hands is None:
                raise ValueError("an observation of every hand needs the hands")
            base = at["hands"]
            tiles = self.rules.tile_count
            for seat, mask in enumerate(hands):
                for t in indices(mask):
                    out[base + seat * tiles + t] = 1.0
        if not self.public:
            return out
        if view.turn is not None:
            out[at["to_move"] + view.turn] = 1.0
        layout = view.layout
        base = at["table"]
        for t in indices(layout.played):
            out[base + t] = 1.0
        base = at["ends"]
        for e, n in layout.open:
            out[base + e * numbers + n] = 1.0
        base = at["lacks"]
        for seat, lacks in enumerate(view.lacks):
            for n in lacks:
                out[base + seat * numbers + n] = 1.0
        for seat in range(players):
            out[at["held"] + seat] = float(view.hand_sizes[seat])
            out[at["scores"] + seat] = float(view.scores[seat])
        out[at["boneyard"]] = float(view.boneyard_size)
        out[at["count"]] = float(layout.count)
        if self.recall:
            tiles = self.rules.tile_count
            for event in _this_hand(view.history):
                who = event.seat
                if who is None:
                    continue
                if event.kind == "lay" and event.tile is not None:
                    out[at["laid_by"] + who * tiles + event.tile.index] = 1.0
                elif event.kind == "draw":
                    out[at["drew"] + who] += float(event.number)
                elif event.kind == "pass":
                    out[at["passed"] + who] += 1.0
        return out

    # -- words ----------------------------------------------------------------------------

    def string(self, view: View, hands: Sequence[Mask] | None = None) -> str:
        """The text of ``view`` (``hands``: every seat's tiles, only for ``private = all``)."""
        lines = [f"player {view.seat}"]
        if self.public:
            turn = "-" if view.turn is None else str(view.turn)
            lines[0] += (
                f" | hand {view.hand_number + 1} | to move {turn} | scores "
                + " ".join(map(str, view.scores))
                + " | held " + " ".join(map(str, view.hand_sizes))
                + f" | boneyard {view.boneyard_size}"
            )
            lines.append(_table(view) + f" | count {view.layout.count}")
            lines.append("lacks " + "; ".join(
                f"{seat}: " + (",".join(map(str, sorted(lacks))) or "-")
                for seat, lacks in enumerate(view.lacks)
            ))
        if self.private == "single":
            lines.append("mine " + (" ".join(str(t) for t in view.hand) or "-"))
        elif self.private == "all":
            if hands is None:
                raise ValueError("an observation of every hand needs the hands")
            lines.append("hands " + "; ".join(
                f"{seat}: " + (" ".join(str(TILES[t]) for t in indices(mask)) or "-")
                for seat, mask in enumerate(hands)
            ))
        if self.public and self.recall:
            lines.append("record " + "; ".join(map(_said, view.history)))
        return "\n".join(lines)


def _this_hand(history: Sequence[Event]) -> Sequence[Event]:
    """The events of the hand in play (or of the last hand, once the match is over)."""
    for i in range(len(history) - 1, -1, -1):
        if history[i].kind == "hand":
            return history[i + 1:]
    return ()


def _table(view: View) -> str:
    """The tiles as they lie (the line from left to right, then the spinner's arms) and the
    open ends."""
    layout = view.layout
    if layout.is_empty:
        return "table - | ends -"
    arms = layout.placed()
    line = [f"{p.outer}|{p.inner}" for p in reversed(arms["left"][1:])]
    opener = arms["left"][0].tile
    line.append(f"{opener.high}|{opener.low}")
    line += [f"{p.inner}|{p.outer}" for p in arms["right"]]
    text = "table " + " ".join(line)
    for arm in ("up", "down"):
        if arms[arm]:
            text += f" | {arm} " + " ".join(f"{p.inner}|{p.outer}" for p in arms[arm])
    ends = ", ".join(f"{name} {number}" for name, number in layout.open_ends.items())
    return f"{text} | ends {ends}"


def _said(event: Event) -> str:
    """One public event in a few words."""
    kind, seat = event.kind, event.seat
    if kind == "hand":
        return f"hand {event.number + 1}"
    if kind == "lay":
        where = "leads" if event.end is None else "lays"
        end = "" if event.end is None else f" {event.end}"
        points = f" +{event.points}" if event.points else ""
        return f"{seat} {where} {event.tile}{end}{points}"
    if kind == "draw":
        return f"{seat} draws {event.number}"
    if kind == "pass":
        return f"{seat} passes"
    if kind == "end":
        how = "blocked" if event.blocked else "end"
        if seat is None:
            return f"{how}: drawn"
        return f"{how}: {seat} +{event.points}"
    if kind == "over":
        return "over: " + ("drawn" if seat is None else f"{seat} wins")
    return kind
