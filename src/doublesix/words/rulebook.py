"""The rule book in words: the one catalogue of the variants' names, every rule option's labels
and words, and the rules' prose for a game as it is set up.

Everything a person reads about the rules comes from here: the terminal's rules sentence
(:func:`doublesix.words.talk.rules_sentence`), the new-game form's options and the rules dialog of
the web game (:func:`rules_lines`, sent by the server).  The prose describes the given
:class:`~doublesix.engine.rules.Rules`: its players, set, hand size, target and options, never a
preset's defaults.  Like the rest of the core it is pure: the standard library only, no I/O.

>>> rules = Rules.variant("draw", target=50, hand_size=5)
>>> game_name(rules), rules_lines(rules)[0]
('Draw, 5 tiles each', '2 players, the double-six set; each is dealt 5 tiles.')
>>> rules_lines(rules)[-1]
'The first to 50 points wins the game.'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final, NamedTuple

from doublesix.engine.rules import OPTIONS, VARIANTS, Rules
from doublesix.engine.rules import set_name as _engine_set_name
from doublesix.words.i18n import N_, _, ngettext

#: The named variants as people write them.
VARIANT_NAMES: Final = {
    "draw": N_("Draw"),
    "block": N_("Block"),
    "all-fives": N_("All Fives"),
    "muggins": N_("Muggins"),
    "partnership": N_("Partnership"),
}

#: The presets as the new-game form names them, so each rule book's game can be found by the
#: name it is given there (seed 000's spinner game is Muggins).
PRESET_LABELS: Final = {
    "draw": N_("Draw"),
    "block": N_("Block"),
    "all-fives": N_("All Fives"),
    "muggins": N_("Muggins (All Fives with a spinner)"),
    "partnership": N_("Partnership (two against two)"),
}

#: The sets' names (the engine's, :func:`doublesix.engine.rules.set_name`), for translation.
SET_NAMES: Final = {6: N_("double-six"), 9: N_("double-nine"), 12: N_("double-twelve")}


def set_name(top: int) -> str:
    """The set's name in words, in the current language.

    >>> set_name(9)
    'double-nine'
    """
    return _(SET_NAMES[top]) if top in SET_NAMES else _engine_set_name(top)


def variant_name(rules: Rules) -> str:
    """The variant's name as people write it.

    >>> variant_name(Rules.variant("all-fives"))
    'All Fives'
    """
    return variant_label(rules.name)


def variant_label(name: str) -> str:
    """A variant's name as people write it, from its key (another key as it is).

    >>> variant_label("all-fives"), variant_label("custom")
    ('All Fives', 'custom')
    """
    return _(VARIANT_NAMES[name]) if name in VARIANT_NAMES else name


class Choice(NamedTuple):
    """One value of a rule option: its ``label`` on the form, ``short`` words for a game's name
    (when it differs from the preset) and ``words``, its sentence in the rules."""

    value: object
    label: str
    short: str
    words: str


class Option(NamedTuple):
    """A rule option a new game may set (besides players, set and target), in words.

    ``applies`` says under which other options it matters (the form hides it otherwise, and
    the rules leave it out); a ``number`` option (the hand size) has no choices but bounds.
    """

    name: str
    label: str
    choices: tuple[Choice, ...] = ()
    applies: Mapping[str, object] | None = None
    number: bool = False
    low: int = 1
    high: int = 45

    def to_json(self) -> dict[str, Any]:
        """The option as ``GET /api/options`` sends it (``docs/protocol.md``)."""
        data: dict[str, Any] = {
            "name": self.name, "label": _(self.label),
            "choices": [{"value": c.value, "label": _(c.label), "short": _(c.short),
                         "words": _(c.words)} for c in self.choices]}
        if self.applies is not None:
            data["applies"] = dict(self.applies)
        if self.number:
            data.update(number=True, min=self.low, max=self.high)
        return data

    def matters(self, rules: Rules) -> bool:
        """Whether the option matters under the other options of ``rules``.

        >>> [o.name for o in RULE_OPTIONS if not o.matters(Rules.variant("draw"))]
        ['spinner_arms', 'rounding', 'teams', 'team_points']
        """
        return all(getattr(rules, name) == value for name, value in (self.applies or {}).items())

    def choice(self, rules: Rules) -> Choice | None:
        """The choice ``rules`` make (None for a number option)."""
        value = getattr(rules, self.name)
        return next((c for c in self.choices if c.value == value), None)


#: Every rule option a new game may set besides players, set and target, in rule-book order.
RULE_OPTIONS: Final = (
    Option("drawing", N_("When nothing fits"), (
        Choice(True, N_("Draw from the boneyard until a tile fits"), N_("drawing"),
               N_("A player with no tile that fits draws from the boneyard until one fits; with "
               "the boneyard empty, the player passes.")),
        Choice(False, N_("Pass: nothing is drawn"), N_("no drawing"),
               N_("Nothing is drawn: a player with no tile that fits passes.")),
    )),
    Option("scoring", N_("Scoring"), (
        Choice("pips", N_("Pips: only a hand's end scores"), N_("scoring pips"),
               N_("Only a hand's end scores: the winner scores the pips left in the other hands.")),
        Choice("fives", N_("Fives: open ends adding up to a multiple of 5 score at once"),
               N_("scoring by fives"),
               N_("After every play the open ends are added up (a double at an end counts both "
               "halves); a multiple of 5 scores that many points at once. Going out scores "
               "the pips left in the other hands.")),
    )),
    Option("spinner", N_("Spinner"), (
        Choice(False, N_("No spinner: the line has two ends"), N_("no spinner"),
               N_("The line has two open ends; doubles lie crosswise.")),
        Choice(True, N_("The first double is a spinner: up to four open ends"),
               N_("with a spinner"),
               N_("The first double laid is the spinner: besides its two sides it has two arms, "
               "so the layout can have four open ends. Other doubles lie crosswise.")),
    )),
    Option("spinner_arms", N_("The spinner's arms open"), (
        Choice("after-sides", N_("Once both its sides carry a tile"),
               N_("arms open after its sides"),
               N_("The spinner's arms open once both its sides carry a tile.")),
        Choice("immediate", N_("As soon as it is laid"), N_("arms open at once"),
               N_("The spinner's four ends open as soon as it is laid.")),
    ), applies={"spinner": True}),
    Option("rounding", N_("Points at a hand's end (fives scoring)"), (
        Choice("nearest", N_("Rounded to the nearest 5"), N_("rounding to the nearest 5"),
               N_("Points at a hand's end are rounded to the nearest 5 (1 and 2 down, 3 and 4 "
               "up).")),
        Choice("down", N_("Rounded down to a 5"), N_("rounding down"),
               N_("Points at a hand's end are rounded down to a 5.")),
    ), applies={"scoring": "fives"}),
    Option("blocked_minus_own", N_("A blocked hand's winner"), (
        Choice(True, N_("Scores the others' pips minus its own"), N_("blocked: minus own pips"),
               N_("A blocked hand goes to the lightest hand, which scores the others' pips minus "
               "its own.")),
        Choice(False, N_("Scores the others' pips, keeping its own"), N_("blocked: own pips kept"),
               N_("A blocked hand goes to the lightest hand, which scores the others' pips "
               "without taking its own off.")),
    )),
    Option("blocked_tie", N_("Equal lightest hands when blocked"), (
        Choice("draw", N_("The hand is drawn"), N_("blocked ties drawn"),
               N_("When the lightest hands of a blocked hand are equal, the hand is drawn and "
               "nobody scores.")),
        Choice("fewer-tiles", N_("Fewer tiles wins, then the last to lay"),
               N_("blocked ties: fewer "
               "tiles"), N_("When the lightest hands of a blocked hand are equal, the one with "
               "fewer tiles wins, and if still equal the one who laid a tile last.")),
    )),
    Option("lead", N_("Who opens a hand"), (
        Choice("highest-double", N_("The highest double, laid by itself"),
               N_("highest double opens"),
               N_("Every hand opens with the highest double dealt, laid by itself (with no "
               "double dealt, the highest tile).")),
        Choice("winner", N_("The last hand's winner, with any tile"), N_("winner leads"),
               N_("The first hand opens with the highest double; after it, the winner of the "
               "last hand leads with any tile.")),
    )),
    Option("hand_size", N_("Tiles dealt to each player"), number=True),
    Option("teams", N_("Partners"), (
        Choice(False, N_("Everyone plays for themselves"), N_("no partners"),
               N_("Everyone plays for themselves.")),
        Choice(True, N_("Two teams: partners sit opposite and keep one score"), N_("partners"),
               N_("Two teams of two: partners sit opposite each other (you and the player across "
               "the table) and keep one score; a partner never sees the other's tiles.")),
    ), applies={"players": 4}),
    Option("team_points", N_("A team that wins a hand scores"), (
        Choice("all", N_("The pips in all three other hands"), N_("team scores all hands"),
               N_("A team that goes out scores the pips in all three other hands, the partner's "
               "included; a blocked hand goes to the team with fewer pips in its two hands, "
               "which scores the pips of all four hands.")),
        Choice("opponents", N_("The pips in the opponents' hands"), N_("team scores opponents"),
               N_("A team that goes out scores the pips in the two opponents' hands; a blocked "
               "hand goes to the team with fewer pips in its two hands, which scores the "
               "opponents' pips.")),
    ), applies={"teams": True}),
)

#: The opponents' choice of ``team_points`` when a blocked hand's winner takes its own pips off.
OPPONENTS_LESS_OWN: Final = N_(
    "A team that goes out scores the pips in the two opponents' hands; a blocked hand goes to "
    "the team with fewer pips in its two hands, which scores the opponents' pips, less its own.")

_BY_NAME: Final = {option.name: option for option in RULE_OPTIONS}


def changed_options(rules: Rules) -> list[Option]:
    """The options that matter and differ from the preset ``rules`` started from.

    >>> [o.name for o in changed_options(Rules.variant("all-fives", spinner=True))]
    ['spinner']
    """
    preset = Rules.variant(rules.name)
    return [o for o in RULE_OPTIONS
            if o.matters(rules) and getattr(rules, o.name) != getattr(preset, o.name)]


def game_name(rules: Rules) -> str:
    """A game's name: its variant's, with what was changed from the preset.

    >>> game_name(Rules.variant("all-fives", spinner=True, rounding="down"))
    'All Fives, with a spinner, rounding down'
    >>> game_name(Rules.variant("partnership", target=50))
    'Partnership'
    """
    return ", ".join([variant_name(rules), *_changes(rules)])


def _changes(rules: Rules) -> list[str]:
    """What ``rules`` change from their preset, in the fewest words ("with a spinner")."""
    changes = []
    for option in changed_options(rules):
        choice = option.choice(rules)
        changes.append(ngettext("{count} tile each", "{count} tiles each", rules.hand_size).format(
            count=rules.hand_size) if choice is None else _(choice.short))
    return changes


def custom_words(rules: Rules) -> str:
    """What the new-game form's Custom rules say of ``rules``: what they change from the
    preset, or that they change nothing.

    >>> custom_words(Rules.variant("all-fives", spinner=True, hand_size=5))
    'All Fives, changed: with a spinner; 5 tiles each.'
    >>> custom_words(Rules.variant("draw"))
    'The Draw rules, unchanged. Change any of them below.'
    """
    changes = _changes(rules)
    if not changes:
        return _("The {variant} rules, unchanged. Change any of them below.").format(
            variant=variant_name(rules))
    return _("{variant}, changed: {changes}.").format(variant=variant_name(rules),
                                                       changes="; ".join(changes))


def target_words(rules: Rules) -> str:
    """What the game is played to, for a heading: ``to 50`` or ``one hand``.

    >>> [target_words(Rules.variant("draw", target=t)) for t in (50, 0)]
    ['to 50', 'one hand']
    """
    return goal_words(rules.target)


def goal_words(target: int) -> str:
    """What a game is played to, from its target (0: one hand).

    >>> goal_words(100), goal_words(0)
    ('to 100', 'one hand')
    """
    return _("to {target}").format(target=target) if target else _("one hand")


def caption(rules: Rules) -> str:
    """The game in a few words for a heading: its name, target and set.

    >>> caption(Rules.variant("block", target=0, set=9))
    'Block, one hand, double-nine'
    """
    return _("{name}, {target}, {set}").format(name=game_name(rules), target=target_words(rules),
                                               set=set_name(rules.set))


def rules_lines(rules: Rules) -> list[str]:
    """Every rule of the game as it is set up, in sentences: the deal, how to lay, each option
    that matters under the others, how a hand is won and scored, and the target.

    >>> lines = rules_lines(Rules.variant("partnership", target=50))
    >>> lines[0]
    '4 players, the double-six set; each is dealt 7 tiles.'
    >>> lines[-1]
    'The first team to 50 points wins the game.'
    >>> any("100" in line for line in lines)
    False
    >>> rules_lines(Rules.variant("muggins", target=0))[-1]
    'One hand: its winner wins the game.'
    """
    lines = [
        ngettext("{players} players, the {set} set; each is dealt {count} tile.",
                 "{players} players, the {set} set; each is dealt {count} tiles.",
                 rules.hand_size).format(players=rules.players, set=set_name(rules.set),
                                         count=rules.hand_size),
        _("Lay a tile whose number matches an open end. If a tile fits, you must lay one."),
    ]
    team_words = ("blocked_minus_own", "blocked_tie")  # said by team_points under teams
    for option in RULE_OPTIONS:
        if option.number or not option.matters(rules):
            continue
        if rules.teams and option.name in team_words:
            continue
        choice = option.choice(rules)
        if choice is None:
            continue
        if (rules.teams and option.name == "team_points" and rules.team_points == "opponents"
                and rules.blocked_minus_own):
            lines.append(_(OPPONENTS_LESS_OWN))
        else:
            lines.append(_(choice.words))
    if rules.teams:
        lines.append(_("When both teams hold as many pips in a blocked hand, nobody scores."))
    if not rules.target:
        lines.append(_("One hand: its winner wins the game."))
    elif rules.scoring == "fives":
        lines.append((_("The first team to {target} points wins the game, even in the middle "
                        "of a hand.") if rules.teams
                      else _("The first to {target} points wins the game, even in the middle "
                             "of a hand.")).format(target=rules.target))
    else:
        lines.append((_("The first team to {target} points wins the game.") if rules.teams
                      else _("The first to {target} points wins the game.")).format(
            target=rules.target))
    return lines


def rules_sentence(rules: Rules) -> str:
    """This game's rules in one sentence (the terminal's).

    >>> print(rules_sentence(Rules.variant("block", players=3, hand_size=5, target=50)))
    Rules: Block, double-six set, 3 players, 5 tiles each; no drawing; the winner scores the pips
    left in the other hands; first to 50 points wins.
    """
    values = {"variant": variant_name(rules), "set": set_name(rules.set),
              "players": rules.players, "count": rules.hand_size}
    if rules.hand_size != Rules().hand_size:
        parts = [ngettext("{variant}, {set} set, {players} players, {count} tile each",
                          "{variant}, {set} set, {players} players, {count} tiles each",
                          rules.hand_size).format(**values)]
    else:
        parts = [_("{variant}, {set} set, {players} players").format(**values)]
    if rules.teams:
        parts.append(_("two teams, partners sitting opposite"))
    parts.append(_("drawing from the boneyard") if rules.drawing else _("no drawing"))
    if rules.scoring == "fives":
        parts.append(_("scoring board counts that are multiples of 5"))
    elif rules.teams and rules.team_points == "opponents":
        parts.append(_("the winning team scores the pips left in the opponents' hands"))
    elif rules.teams:
        parts.append(_("the winning team scores the pips left in the other three hands"))
    else:
        parts.append(_("the winner scores the pips left in the other hands"))
    if rules.spinner:
        parts.append(_("the first double is a spinner with four sides"))
    if not rules.target:
        parts.append(_("one hand"))
    elif rules.teams:
        parts.append(_("first team to {target} points wins").format(target=rules.target))
    else:
        parts.append(_("first to {target} points wins").format(target=rules.target))
    return _("Rules: {rules}.").format(rules="; ".join(parts))


def describe_rules(rules: Rules) -> dict[str, Any]:
    """The rules dialog's words for ``rules``: ``{"name", "title", "caption", "lines"}``.

    >>> words = describe_rules(Rules.variant("draw", target=50))
    >>> words["name"], words["title"], words["caption"], words["lines"][-1]
    ('Draw', 'Rules: Draw', 'Draw, to 50, double-six', 'The first to 50 points wins the game.')
    """
    name = game_name(rules)
    return {"name": name, "title": _("Rules: {name}").format(name=name), "caption": caption(rules),
            "lines": rules_lines(rules)}


def options_cover(options: tuple[str, ...] | None = None) -> bool:
    """Whether :data:`RULE_OPTIONS` offers every rule option a new game may set besides
    players, set and target, each choice a value the rules accept.

    >>> options_cover()
    True
    """
    wanted = options or tuple(o for o in OPTIONS if o not in ("players", "set", "target"))
    if sorted(_BY_NAME) != sorted(wanted):
        return False
    for option in RULE_OPTIONS:
        for choice in option.choices:
            try:
                Rules.variant("draw", players=4, **{option.name: choice.value})
            except ValueError:
                return False
    return True


def variants_json() -> list[dict[str, Any]]:
    """The presets for a form: each variant's ``name``, ``label``, ``preset_label`` and
    ``rules`` (every option's value).

    >>> variants_json()[3]["preset_label"]
    'Muggins (All Fives with a spinner)'
    """
    return [{"name": name, "label": _(VARIANT_NAMES[name]), "preset_label": _(PRESET_LABELS[name]),
             "rules": {"variant": name, **Rules.variant(name).options()}}
            for name in VARIANTS]
