"""The engine's refusals in words: a :class:`~doublesix.engine.rules.RuleError` (rules that
cannot be played together, an option that is not one) and an
:class:`~doublesix.engine.moves.IllegalMoveError` (a move that is not one, or not allowed now)
said in the language of the moment.

The engine holds no words: its errors carry an English message (``str(error)``, for programs
and logs) and a ``code`` with the ``values`` it names; :func:`rule_error` says them to a person
(the terminal's ``doublesix play --players 5``, the new-game form's refusal).  In English it
says what ``str(error)`` says.

>>> from doublesix.engine.rules import RuleError, Rules
>>> from doublesix.words.i18n import using
>>> try:
...     Rules.variant("draw", players=5)
... except RuleError as error:
...     refused = error
>>> rule_error(refused) == str(refused)
True
>>> with using("es"):
...     rule_error(refused)
'Una partida tiene de 2 a 4 jugadores, no 5.'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from doublesix.engine.moves import IllegalMoveError
from doublesix.engine.rules import RuleError
from doublesix.words import endwords, rulebook
from doublesix.words.eventwords import end_words
from doublesix.words.i18n import N_, _, ngettext

#: Each code's message, for the refusals whose values are said as they are.
_MESSAGES: Final = {
    # Translators: {option} is the option's name as a program writes it ('colour'), quoted.
    "unknown-option": N_("unknown rule option {option}; the options are: {options}"),
    # Translators: {option} and {choices} are the program's names, kept in English.
    "not-a-choice": N_("rule option {option} cannot be {value}; choose one of {choices}"),
    "not-true-or-false": N_("rule option {option} must be True or False, not {value}"),
    "not-whole": N_("rule option {option} must be a whole number, not {value}"),
    "players": N_("A game has 2 to 4 players, not {players}."),
    "set": N_("The set is double-6, double-9 or double-12, not double-{set}."),
    "partners": N_("Partners play four at a table, two against two, not {players}."),
    "target": N_("Points to win is 0 (one hand) or more, not {target}."),
    # Translators: {name} is the variant's name as a program writes it ('fives'), quoted.
    "unknown-variant": N_("unknown variant {name}; choose one of {variants}"),
}


def _hand_too_big(values: dict[str, Any]) -> str:
    """The set cannot deal so many tiles to each player."""
    return ngettext(
        "A {set} set of {tiles} tiles cannot deal {hand_size} tile to each of {players} players.",
        "A {set} set of {tiles} tiles cannot deal {hand_size} tiles to each of {players} players.",
        values["hand_size"]).format(set=rulebook.set_name(values["set"]), tiles=values["tiles"],
                                    hand_size=values["hand_size"], players=values["players"])


def _hand_too_small(values: dict[str, Any]) -> str:
    """A hand of no tile."""
    return _("Each player is dealt at least 1 tile, not {hand_size}.").format(**values)


#: The refusals said by a function of their values.
_SAYERS: Final[dict[str, Callable[[dict[str, Any]], str]]] = {
    "hand-too-big": _hand_too_big,
    "hand-too-small": _hand_too_small,
}


def _shown(values: dict[str, Any]) -> dict[str, Any]:
    """The values as the refusal quotes them: a name or a wrong value as a program writes it
    (``'colour'``), a list of names joined by commas."""
    shown = dict(values)
    for key in ("option", "name", "value"):
        if key in shown and (key != "option" or "options" in shown):
            shown[key] = repr(shown[key])
    if "choices" in shown:
        shown["choices"] = ", ".join(repr(choice) for choice in shown["choices"])
    for key in ("options", "variants"):
        if key in shown:
            shown[key] = ", ".join(shown[key])
    return shown


def rule_error(error: RuleError) -> str:
    """A :class:`~doublesix.engine.rules.RuleError` in the language of the moment (its English
    message where it has no code: a refusal the words do not know yet).

    >>> from doublesix.engine.rules import Rules
    >>> try:
    ...     Rules.variant("draw", players=4, hand_size=8)
    ... except RuleError as error:
    ...     print(rule_error(error))
    A double-six set of 28 tiles cannot deal 8 tiles to each of 4 players.
    """
    if error.code in _SAYERS or error.code in _MESSAGES:
        return code_words(error.code, **error.values)
    return str(error)


def code_words(code: str, **values: Any) -> str:
    """A refusal of the rules by its ``code`` and ``values``, as :func:`rule_error` says it
    (for a form that refuses the same before the engine sees it).

    >>> code_words("players", players=7)
    'A game has 2 to 4 players, not 7.'
    """
    if code in _SAYERS:
        return _SAYERS[code](values)
    return _(_MESSAGES[code]).format(**_shown(values))


# -- moves ------------------------------------------------------------------------------------

#: Each move refusal's message, for those whose values are said as they are.
_MOVES: Final = {
    "hand-over": N_("the hand is over: nobody is to move"),
    # Translators: {text} is what was sent for a move, quoted.
    "not-a-move": N_("not a move: {text}"),
    "not-a-move-end": N_("not a move: {text} (unknown end {end}; ends are {ends})"),
    "not-a-move-tile": N_("not a move: {text} (write a tile like 6|4, then an end, or draw or "
                          "pass)"),
    "unknown-end": N_("unknown end {end}; ends are {ends}"),
    "not-in-hand": N_("{tile} is not in the hand of seat {seat}"),
    "must-open": N_("{tile} must open this hand"),
    # Translators: {choices} are the moves in the game's notation ("6|4 left, 6|4 right").
    "ambiguous": N_("{tile} fits more than one end: say which ({choices})"),
    "fits-no-end": N_("{tile} fits no open end"),
    "not-legal-now": N_("{move} is not a legal move now"),
    "draw-while-fits": N_("you may not draw while a tile fits"),
    "no-draw": N_("you may not draw: the boneyard is empty or this game has no drawing"),
    "no-pass": N_("you may not pass while you can lay or draw"),
    "resigned": N_("the game is over: seat {seat} resigned"),
}


def _end_not_open(values: dict[str, Any]) -> str:
    """An end (or a spinner's arm) that is not open."""
    if values["arm"]:
        return _("the {end} arm is not open").format(end=end_words(values["end"]))
    return _("the {end} end is not open").format(end=end_words(values["end"]))


def _does_not_fit(values: dict[str, Any]) -> str:
    """A tile laid on an end (or an arm) it does not fit."""
    said = (_("{tile} does not fit the {end} arm ({number})") if values["arm"]
            else _("{tile} does not fit the {end} end ({number})"))
    return said.format(tile=values["tile"], end=end_words(values["end"]),
                       number=values["number"])


def move_error(error: IllegalMoveError) -> str:
    """An :class:`~doublesix.engine.moves.IllegalMoveError` in the language of the moment (its
    English message where it has no code); in English what ``str(error)`` says.

    >>> from doublesix import Match, Rules
    >>> from doublesix.words.i18n import using
    >>> match = Match(Rules.variant("draw"), seed=5)
    >>> try:
    ...     match.play("0|0 up")
    ... except IllegalMoveError as error:
    ...     refused = error
    >>> move_error(refused)
    '0|0 is not in the hand of seat 1'
    >>> with using("fr"):
    ...     move_error(refused)
    "0|0 n'est pas dans la main de la place 1"
    """
    values = dict(error.values)
    if error.code == "end-not-open":
        return _end_not_open(values)
    if error.code == "does-not-fit":
        return _does_not_fit(values)
    if error.code not in _MOVES:
        return str(error)
    for key in ("text", "end"):
        if key in values:
            values[key] = repr(values[key])
    if "ends" in values:
        values["ends"] = ", ".join(values["ends"])
    return _(_MOVES[error.code]).format(**values)


def move_refusal(error: IllegalMoveError) -> str:
    """A move refused, as a sentence (the page's words for a tile that does not fit).

    >>> from doublesix import Match, Move, Rules
    >>> match = Match(Rules.variant("draw"), seed=5)
    >>> move_refusal(match.state.illegal(Move.draw()))
    'You may not draw while a tile fits.'
    """
    return endwords.refusal(move_error(error))


def said(error: BaseException) -> str:
    """An error as a person reads it: a :class:`RuleError` or an :class:`IllegalMoveError` in
    the language of the moment (:func:`rule_error`, :func:`move_error`), any other by its own
    message.

    >>> said(ValueError("no such file"))
    'no such file'
    """
    if isinstance(error, RuleError):
        return rule_error(error)
    if isinstance(error, IllegalMoveError):
        return move_error(error)
    return str(error)
