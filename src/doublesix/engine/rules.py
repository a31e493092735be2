"""The rule book as data: one immutable :class:`Rules` value, and the five named variants.

Every rule that differs between variants is a field, so variants are presets, never subclasses.

>>> rules = Rules.variant("all-fives", players=3)
>>> rules.scoring, rules.drawing, rules.players, rules.lead
('fives', True, 3, 'winner')
>>> Rules.variant("muggins").spinner
True
>>> partners = Rules.variant("partnership")
>>> partners.players, partners.teams, partners.team_of(2), partners.partner_of(1)
(4, True, 0, 3)
>>> Rules.variant("draw", colour="red")
Traceback (most recent call last):
...
doublesix.engine.rules.RuleError: unknown rule option 'colour'; the options are: players, set, ...
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Final, Literal

from doublesix.engine.tiles import SETS, tile_count

Scoring = Literal["pips", "fives"]
SpinnerArms = Literal["after-sides", "immediate"]
Rounding = Literal["nearest", "down"]
BlockedTie = Literal["draw", "fewer-tiles"]
Lead = Literal["highest-double", "winner"]
TeamPoints = Literal["all", "opponents"]

#: The names of the named variants, in the order a menu shows them.
VARIANTS: Final = ("draw", "block", "all-fives", "muggins", "partnership")

_CHOICES: Final[dict[str, tuple[object, ...]]] = {
    "scoring": ("pips", "fives"),
    "spinner_arms": ("after-sides", "immediate"),
    "rounding": ("nearest", "down"),
    "blocked_tie": ("draw", "fewer-tiles"),
    "lead": ("highest-double", "winner"),
    "team_points": ("all", "opponents"),
}
_BOOLEANS: Final = ("drawing", "spinner", "blocked_minus_own", "teams")
_SET_NAMES: Final = {6: "double-six", 9: "double-nine", 12: "double-twelve"}


def set_name(top: int) -> str:
    """The set's name in words.

    >>> set_name(9)
    'double-nine'
    """
    return _SET_NAMES.get(top, f"double-{top}")


class RuleError(ValueError):
    """Rules that cannot be played together, or an option that is not one: ``field`` names
    the option at fault (a name of :data:`OPTIONS`, or ``"name"`` for the variant), the
    message says why, in the words of the people who play (the options a person can set
    name no option).  A :class:`ValueError`, for callers that catch those.

    The message is English; ``code`` names the refusal and ``values`` holds what it says, so
    that the words (:func:`doublesix.words.errorwords.rule_error`) say it in any language (the
    engine holds no words of its own).

    >>> try:
    ...     Rules.variant("draw", players=4, hand_size=8)
    ... except RuleError as error:
    ...     print(error.field, "-", error)
    ...     print(error.code, error.values)
    hand_size - A double-six set of 28 tiles cannot deal 8 tiles to each of 4 players.
    hand-too-big {'set': 6, 'tiles': 28, 'hand_size': 8, 'players': 4}
    >>> Rules.variant("partnership", players=3)
    Traceback (most recent call last):
    ...
    doublesix.engine.rules.RuleError: Partners play four at a table, two against two, not 3.
    """

    def __init__(self, field: str, message: str, code: str = "", **values: Any) -> None:
        super().__init__(message)
        self.field = field
        self.code = code
        self.values = values

    def __repr__(self) -> str:
        return f"RuleError({self.field!r}, {str(self)!r})"


def _check_names(options: dict[str, Any]) -> None:
    """Refuse an option :class:`Rules` does not have (a :class:`RuleError` naming it)."""
    for option in options:
        if option not in OPTIONS:
            raise RuleError(
                option, f"unknown rule option {option!r}; the options are: {', '.join(OPTIONS)}",
                "unknown-option", option=option, options=OPTIONS,
            )


@dataclass(frozen=True, slots=True)
class Rules:
    """Every option of the rule book.  Build one with :meth:`variant`.

    >>> Rules.variant("block").drawing
    False
    >>> Rules()
    Rules.variant('draw')
    """

    players: int = 2
    set: int = 6
    hand_size: int = 7
    target: int = 100
    drawing: bool = True
    scoring: Scoring = "pips"
    spinner: bool = False
    spinner_arms: SpinnerArms = "after-sides"
    rounding: Rounding = "nearest"
    blocked_minus_own: bool = True
    blocked_tie: BlockedTie = "draw"
    lead: Lead = "highest-double"
    #: Two teams of partners sitting opposite (seats 0 and 2 against 1 and 3); 4 players only.
    teams: bool = False
    #: What a team scores for a hand under ``teams``: the pips of all the other hands, or of
    #: the opponents' hands only.
    team_points: TeamPoints = "all"
    #: The named variant these options started from (shown to players; no effect on play).
    name: str = "draw"

    def __post_init__(self) -> None:
        for option, choices in _CHOICES.items():
            value = getattr(self, option)
            if value not in choices:
                raise RuleError(
                    option,
                    f"rule option {option} cannot be {value!r}; choose one of "
                    + ", ".join(repr(c) for c in choices),
                    "not-a-choice", option=option, value=value, choices=tuple(choices),
                )
        for option in _BOOLEANS:
            value = getattr(self, option)
            if not isinstance(value, bool):
                raise RuleError(
                    option, f"rule option {option} must be True or False, not {value!r}",
                    "not-true-or-false", option=option, value=value,
                )
        for option in ("players", "set", "hand_size", "target"):
            value = getattr(self, option)
            if not isinstance(value, int) or isinstance(value, bool):
                raise RuleError(
                    option, f"rule option {option} must be a whole number, not {value!r}",
                    "not-whole", option=option, value=value,
                )
        if not 2 <= self.players <= 4:
            raise RuleError("players", f"A game has 2 to 4 players, not {self.players}.",
                            "players", players=self.players)
        if self.set not in SETS:
            raise RuleError(
                "set", f"The set is double-6, double-9 or double-12, not double-{self.set}.",
                "set", set=self.set,
            )
        if self.hand_size < 1:
            raise RuleError(
                "hand_size", f"Each player is dealt at least 1 tile, not {self.hand_size}.",
                "hand-too-small", hand_size=self.hand_size,
            )
        if self.players * self.hand_size > tile_count(self.set):
            raise RuleError(
                "hand_size",
                f"A {set_name(self.set)} set of {tile_count(self.set)} "
                f"tiles cannot deal {self.hand_size} tiles to each of {self.players} players.",
                "hand-too-big", set=self.set, tiles=tile_count(self.set),
                hand_size=self.hand_size, players=self.players,
            )
        if self.teams and self.players != 4:
            raise RuleError(
                "players",
                f"Partners play four at a table, two against two, not {self.players}.",
                "partners", players=self.players,
            )
        if self.target < 0:
            raise RuleError("target", f"Points to win is 0 (one hand) or more, not {self.target}.",
                            "target", target=self.target)
        if self.name not in VARIANTS:
            raise RuleError(
                "name", f"unknown variant {self.name!r}; choose one of {', '.join(VARIANTS)}",
                "unknown-variant", name=self.name, variants=VARIANTS,
            )

    @classmethod
    def variant(cls, name: str = "draw", **options: Any) -> Rules:
        """The named variant ``draw``, ``block``, ``all-fives``, ``muggins`` or ``partnership``,
        with overrides.

        >>> Rules.variant("draw", target=50, players=4).target
        50
        >>> Rules.variant("fives")
        Traceback (most recent call last):
        ...
        doublesix.engine.rules.RuleError: unknown variant 'fives'; choose one of draw, block, ...
        """
        if name not in _PRESETS:
            raise RuleError(
                "name", f"unknown variant {name!r}; choose one of {', '.join(VARIANTS)}",
                "unknown-variant", name=name, variants=VARIANTS,
            )
        _check_names(options)
        return dataclasses.replace(_PRESETS[name], **options)

    def replace(self, **options: Any) -> Rules:
        """A copy with some options changed (checked like :meth:`variant`)."""
        _check_names(options)
        return dataclasses.replace(self, **options)

    def team_of(self, seat: int) -> int:
        """The team of ``seat``: 0 for seats 0 and 2, 1 for seats 1 and 3 (under ``teams``);
        without teams every seat plays for itself, and this is the seat.

        >>> Rules.variant("draw", players=3).team_of(2), Rules.variant("partnership").team_of(3)
        (2, 1)
        """
        return seat % 2 if self.teams else seat

    def partner_of(self, seat: int) -> int | None:
        """The seat across the table from ``seat`` under ``teams``; None without teams."""
        return (seat + 2) % 4 if self.teams else None

    def teammates(self, seat: int) -> tuple[int, ...]:
        """``seat`` and its partner, if it has one, lowest first.

        >>> Rules.variant("partnership").teammates(3), Rules.variant("draw").teammates(1)
        ((1, 3), (1,))
        """
        return (seat % 2, seat % 2 + 2) if self.teams else (seat,)

    def options(self) -> dict[str, object]:
        """Every option by name (what :meth:`variant` takes), for saves and forms."""
        return {option: getattr(self, option) for option in OPTIONS}

    @property
    def tile_count(self) -> int:
        """Tiles in the set."""
        return tile_count(self.set)

    @property
    def boneyard_size(self) -> int:
        """Tiles left after the deal."""
        return self.tile_count - self.players * self.hand_size

    def __repr__(self) -> str:
        preset = _PRESETS[self.name]
        changed = [
            f"{option}={getattr(self, option)!r}"
            for option in OPTIONS
            if getattr(self, option) != getattr(preset, option)
        ]
        return f"Rules.variant({', '.join([repr(self.name), *changed])})"


#: The option names :meth:`Rules.variant` accepts, in rule-book order.
OPTIONS: Final = (
    "players",
    "set",
    "hand_size",
    "target",
    "drawing",
    "scoring",
    "spinner",
    "spinner_arms",
    "rounding",
    "blocked_minus_own",
    "blocked_tie",
    "lead",
    "teams",
    "team_points",
)

_PRESETS: Final[dict[str, Rules]] = {
    "draw": Rules(name="draw"),
    "block": Rules(name="block", drawing=False),
    "all-fives": Rules(
        name="all-fives", scoring="fives", blocked_minus_own=False, lead="winner"
    ),
    "muggins": Rules(
        name="muggins",
        scoring="fives",
        spinner=True,
        rounding="down",
        blocked_tie="fewer-tiles",
    ),
    "partnership": Rules(
        name="partnership",
        players=4,
        drawing=False,
        blocked_minus_own=False,
        lead="winner",
        teams=True,
    ),
}
