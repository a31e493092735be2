"""The web's requests (``docs/protocol.md``): a new game's body, a person's name, and the
rules the new-game form offers and describes, checked with no I/O.

The words of the rules come from the catalogue, :mod:`doublesix.words.rulebook`; this module only
reads what a browser sends and answers with the catalogue's data.

>>> parse_new_game({"variant": "block", "target": 50}).rules.target
50
>>> rules_words({"variant": "draw", "target": 50, "options": {"hand_size": 5}})["lines"][0]
'2 players, the double-six set; each is dealt 5 tiles.'
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping, Sequence
from typing import Any, Final, NamedTuple, TypeVar

from pydantic import BaseModel, ValidationError
from pydantic_core import ErrorDetails

from doublesix.ai import PLAYERS
from doublesix.ai.ladder import step_of
from doublesix.engine.rules import OPTIONS, VARIANTS, RuleError, Rules
from doublesix.protocol import wire
from doublesix.protocol.endpoints import MAX_TARGET, JoinRequest, NewGameRequest, RulesRequest
from doublesix.protocol.wire import MAX_NAME
from doublesix.web.play.gameinfo import ProtocolError
from doublesix.words import chatwords, lobbywords, names, pagewords, players, refusals, rulebook
from doublesix.words.errorwords import code_words, rule_error
from doublesix.words.i18n import _

#: The host's name when the new table's body names nobody.
HOST_NAME: Final = "Host"
R = TypeVar("R", bound=BaseModel)
#: The rule options a new game may override besides variant, players, set and target.
EXTRA_OPTIONS: Final = tuple(o for o in OPTIONS if o not in ("players", "set", "target"))
#: What a game id, an invitation code and a seat token may look like (URL-safe Base64, as
#: :mod:`secrets` makes them, of a bounded length): anything else names nothing.
_GAME_ID: Final = re.compile(r"[A-Za-z0-9_-]{1,40}")
_SECRET: Final = re.compile(r"[A-Za-z0-9_-]{1,64}")


def parse_name(value: object) -> str:
    """A person's display name, checked: NFC, 1 to 24 characters once trimmed, at least one
    visible (:func:`is_visible`), no control or bidirectional formatting characters
    (:class:`ProtocolError` says what is wrong).  The one rule for every name a person
    types.  Letters of every script are welcome; the name is text, never HTML.

    >>> parse_name("  Bea  "), parse_name("<b>Bea</b> שלום")
    ('Bea', '<b>Bea</b> שלום')
    >>> parse_name("Bea\u202e")
    Traceback (most recent call last):
    ...
    doublesix.web.play.gameinfo.ProtocolError: a name may not hold control or formatting characters
    >>> parse_name("\u3164\u200d")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    doublesix.web.play.gameinfo.ProtocolError: A name needs at least one visible character: ...
    """
    if not isinstance(value, str):
        raise ProtocolError(_(refusals.NAME_NOT_TEXT))
    name = " ".join(unicodedata.normalize("NFC", value).split())
    if not name:
        raise ProtocolError(_(refusals.NAME_EMPTY))
    if len(name) > MAX_NAME:
        raise ProtocolError(refusals.name_too_long(MAX_NAME, len(name)))
    for char in name:
        category = unicodedata.category(char)
        if category in ("Cc", "Cs", "Co", "Cn") or (
            category == "Cf" and char not in "\u200c\u200d"  # joiners shape some scripts
        ):
            raise ProtocolError(_(refusals.NAME_CONTROL))
    if not any(map(is_visible, name)):
        raise ProtocolError(_(names.NAME_INVISIBLE))
    return name


#: Letters and symbols that show nothing: the Hangul fillers and the braille blank.
INVISIBLE: Final = frozenset("\u115f\u1160\u3164\uffa0\u2800")


def is_visible(char: str) -> bool:
    """Whether ``char`` shows something by itself: a letter, number, symbol or punctuation
    mark, not a filler (every name a person types needs one, :func:`parse_name`).

    >>> is_visible("B"), is_visible("7"), is_visible("\u2605"), is_visible("\u05e9")
    (True, True, True, True)
    >>> is_visible(" "), is_visible("\u0301"), is_visible("\u200d"), is_visible("\u3164")
    (False, False, False, False)
    """
    return unicodedata.category(char)[0] in "LNSP" and char not in INVISIBLE


def is_game_id(value: str) -> bool:
    """Whether ``value`` could be a game's id (checked before any lookup: an id of another
    shape names no game, whatever its characters or length).

    >>> is_game_id("yuhdqAiQoRZFSsij"), is_game_id("é"), is_game_id(""), is_game_id("a" * 41)
    (True, False, False, False)
    """
    return _GAME_ID.fullmatch(value) is not None


def is_secret(value: str) -> bool:
    """Whether ``value`` could be an invitation code or a seat token.

    >>> is_secret("3q2-7_Ab"), is_secret("caf\u00e9"), is_secret("a b"), is_secret("a" * 65)
    (True, False, False, False)
    """
    return _SECRET.fullmatch(value) is not None


def distinct_name(name: str, others: Sequence[str]) -> str:
    """``name``, numbered if another seat already has it ("Bea 2"), compared without case.

    >>> distinct_name("Bea", ["Ana", "bea"]), distinct_name("Ana", ["Bea"])
    ('Bea 2', 'Ana')
    """
    taken = {other.casefold() for other in others}
    candidate, number = name, 1
    while candidate.casefold() in taken:
        number += 1
        candidate = f"{name[: MAX_NAME - 1 - len(str(number))]} {number}"
    return candidate


class FieldError(ProtocolError):
    """A new game's body that names rules nobody can play: ``field`` is the form's field at
    fault (``players``, ``target``, ``set``, ``variant`` or a rule option's name), the words
    say why, for the person at the form (``docs/protocol.md``).

    >>> try:
    ...     parse_new_game({"players": 4, "options": {"hand_size": 8}})
    ... except FieldError as error:
    ...     print(error.field, "-", error)
    hand_size - A double-six set of 28 tiles cannot deal 8 tiles to each of 4 players.
    """

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field


class NewGame(NamedTuple):
    """A valid ``POST /api/games`` body (``opponents`` may hold :data:`PERSON`)."""

    rules: Rules
    opponents: tuple[str, ...]
    seed: int | None
    name: str | None = None
    public: bool = False
    rated: bool = True


def _first(error: ValidationError) -> ErrorDetails:
    """The problem a person is told of first: an unknown field, else the first field at fault
    in the order of the form."""
    order = {name: k for k, name in enumerate(NewGameRequest.model_fields)}
    return min(error.errors(), key=lambda e: (
        e["type"] != "extra_forbidden" or len(e["loc"]) != 1,
        order.get(str(e["loc"][0]) if e["loc"] else "", -1)))


def _whole_words(name: str, value: object, bounds: str) -> ProtocolError:
    """A number of the form that is no whole number, or out of its ``bounds`` (words)."""
    if not isinstance(value, int) or isinstance(value, bool):
        return ProtocolError(refusals.not_whole(name, value))
    return FieldError(name, bounds)


def _refusal(error: ValidationError, body: Mapping[str, Any], fields: Sequence[str]
             ) -> ProtocolError:
    """The words for a body the models refuse (``fields``: those the body may hold): what is
    wrong with its first problem, as a person reads it (the engine's own words for a rule
    option it refuses)."""
    problem = _first(error)
    loc, value = problem["loc"], problem["input"]
    name = str(loc[0]) if loc else ""
    if problem["type"] == "extra_forbidden" and len(loc) == 1:
        return ProtocolError(refusals.unknown_field(name, sorted(fields)))
    if name == "variant":
        return ProtocolError(refusals.not_a_variant(value, list(VARIANTS)))
    if name == "players":
        return _whole_words(name, value, code_words("players", players=value))
    if name == "target":
        return _whole_words(name, value, refusals.target_out_of_range(MAX_TARGET, value))
    if name == "set":
        return _whole_words(name, value, code_words("set", set=value))
    if name == "opponents":
        if problem["type"] == "value_error":
            return ProtocolError(str(problem["ctx"]["error"]))
        return ProtocolError(_(refusals.OPPONENTS_NOT_LIST))
    if name == "seed":
        return ProtocolError(refusals.not_a_seed(value))
    if name == "name":
        return FieldError("name", _(refusals.NAME_NOT_TEXT))
    if len(loc) == 1:
        return ProtocolError(_(refusals.OPTIONS_NOT_OBJECT))
    if problem["type"] == "extra_forbidden":
        return ProtocolError(refusals.unknown_option(str(loc[1]), list(EXTRA_OPTIONS)))
    try:  # a value of a rule option: the engine says what it may be
        _rules(body.get("variant"), body.get("players"), body.get("target"), body.get("set"),
               dict(body["options"]))
    except ProtocolError as refused:
        return refused
    return ProtocolError(refusals.not_an_option_value(str(loc[1]), value))  # pragma: no cover


def _rules(variant: str | None, players: int | None, target: int | None, tile_set: int | None,
           options: Mapping[str, Any] | None) -> Rules:
    """The rules a form holds, the defaults filled in, as the engine judges them."""
    variant = variant or "draw"
    try:
        return Rules.variant(
            variant, players=Rules.variant(variant).players if players is None else players,
            target=100 if target is None else target, set=6 if tile_set is None else tile_set,
            **(options or {}))
    except RuleError as error:
        field = "variant" if error.field == "name" else error.field
        raise FieldError(field, rule_error(error)) from None
    except (ValueError, TypeError) as error:
        raise ProtocolError(str(error)) from None


def _request(model: type[R], body: object) -> R:
    """``body`` as ``model`` (:class:`ProtocolError` in words if it does not fit)."""
    if body is None:
        body = {}
    if not isinstance(body, dict):
        raise ProtocolError(_(refusals.BODY_NOT_OBJECT))
    try:
        return model.model_validate(body)
    except ValidationError as error:
        raise _refusal(error, body, tuple(model.model_fields)) from None


def parse_new_game(body: object) -> NewGame:
    """A ``POST /api/games`` body (:class:`~doublesix.protocol.endpoints.NewGameRequest`), checked;
    :class:`ProtocolError` names what is wrong.

    >>> game = parse_new_game({"variant": "muggins", "players": 3,
    ...                        "opponents": ["expert", "greedy"], "seed": 4})
    >>> game.rules.spinner, game.rules.players, game.opponents, game.seed
    (True, 3, ('expert', 'greedy'), 4)
    >>> parse_new_game({"players": 5})
    Traceback (most recent call last):
    ...
    doublesix.web.routes.bodies.FieldError: A game has 2 to 4 players, not 5.
    """
    request = _request(NewGameRequest, body)
    variant = request.variant or "draw"
    players = Rules.variant(variant).players if request.players is None else request.players
    opponents = request.opponents
    if opponents is None:
        opponents = ["pinocchio"] * (players - 1)
    if len(opponents) != players - 1:
        raise ProtocolError(refusals.opponents_count(players - 1, players, len(opponents)))
    try:
        host_name = None if request.name is None else parse_name(request.name)
    except ProtocolError as error:
        raise FieldError("name", str(error)) from None
    rules = _rules(variant, players, request.target, request.set, request.options)
    if request.public and wire.PERSON not in opponents:
        raise FieldError("public", _(lobbywords.PUBLIC_NEEDS_A_PERSON))
    return NewGame(rules, tuple(opponents), request.seed, host_name, request.public,
                   request.rated or wire.PERSON not in opponents)


def parse_rules(body: object) -> Rules:
    """The rules part of a new game's body (:class:`~doublesix.protocol.endpoints.RulesRequest`:
    ``variant``, ``players``, ``target``, ``set``, ``options``; any other field is refused),
    checked by the engine.

    >>> parse_rules({"variant": "muggins", "target": 50})
    Rules.variant('muggins', target=50)
    >>> parse_rules({"opponents": []})
    Traceback (most recent call last):
    ...
    doublesix.web.play.gameinfo.ProtocolError: unknown field 'opponents'; the fields are ...
    """
    request = _request(RulesRequest, body)
    return _rules(request.variant, request.players, request.target, request.set,
                  request.options)


def parse_join(body: object) -> str:
    """A ``POST /api/join/...`` body (:class:`~doublesix.protocol.endpoints.JoinRequest`): the
    person's display name, checked (:func:`parse_name`).

    >>> parse_join({"name": " Bea "})
    'Bea'
    >>> parse_join({"name": "Bea", "seat": 2})
    Traceback (most recent call last):
    ...
    doublesix.web.play.gameinfo.ProtocolError: the body must be {"name": "your name"}
    """
    try:
        request = JoinRequest.model_validate(body)
    except ValidationError as error:
        if [e["loc"] for e in error.errors()] == [("name",)] and isinstance(body, dict) \
                and "name" in body:
            raise ProtocolError(_(refusals.NAME_NOT_TEXT)) from None
        raise ProtocolError(refusals.body_must_be('{"name": "your name"}')) from None
    return parse_name(request.name)


def rules_words(body: object) -> dict[str, Any]:
    """``POST /api/rules``: the catalogue's words for the rules a form holds (the body's rules
    part, :func:`parse_rules`): ``{"name", "title", "caption", "lines"}``, as pictures carry
    them in ``words.rules``, and ``custom``, what the form's Custom rules say of them
    (:func:`doublesix.words.rulebook.custom_words`).

    >>> words = rules_words({"variant": "draw", "target": 50})
    >>> words["name"], [line for line in words["lines"] if "100" in line], words["custom"]
    ('Draw', [], 'The Draw rules, unchanged. Change any of them below.')
    """
    rules = parse_rules(body)
    return {**rulebook.describe_rules(rules), "custom": rulebook.custom_words(rules)}


def options_json() -> dict[str, Any]:
    """``GET /api/options``: what the new-game form offers: the presets (each with its
    ``rules``, every option's value) and, for "Custom rules", every rule option in words
    (:data:`doublesix.words.rulebook.RULE_OPTIONS`).

    >>> offered = options_json()
    >>> [v["preset_label"] for v in offered["variants"]][3]
    'Muggins (All Fives with a spinner)'
    >>> offered["variants"][3]["rules"]["spinner"], [o["name"] for o in offered["options"]][:3]
    (True, ['drawing', 'scoring', 'spinner'])
    """
    return {
        "variants": rulebook.variants_json(),
        "options": [option.to_json() for option in rulebook.RULE_OPTIONS],
        "opponents": [opponent_json(p.name) for p in PLAYERS.values()
                      if p.name in FORM_OPPONENTS],
        "opponent_labels": pagewords.opponent_labels(),
        "sets": [6, 9, 12],
        "targets": [100, 50, 0],
        "wire": wire.constants(),
        "chat": [{"key": phrase.key, "label": phrase.label}
                 for phrase in chatwords.phrase_list()],
    }


def opponent_json(name: str) -> dict[str, Any]:
    """One computer opponent as the new-game form offers it: its label, its strength on the
    one scale as ``difficulty`` (its ladder level's words), its style and its step on the
    ladder (level, level name, rating and its interval; None if it has none), with
    ``choice``, the menu's words for it (short enough for a phone).

    >>> option = opponent_json("snow-white")
    >>> option["choice"], option["difficulty"]
    ('Snow White (level 5, Strong)', 'level 5, Strong')
    """
    shown = players.PLAYER_WORDS[name]
    step = step_of(name)
    ladder: dict[str, Any] | None = None
    if step is not None:
        ladder = {"level": step.level, "level_name": players.level_name(step.level),
                  "rating": step.rating.shown, "interval": step.rating.interval}
    return {"name": PLAYERS[name].name, "label": shown.label,
            "difficulty": "" if step is None else players.level_words(step.level),
            "style": shown.style, "ladder": ladder,
            "choice": players.named(shown.label, None if step is None else step.level)}


#: The opponents the new-game form offers (the API accepts every player).
FORM_OPPONENTS: Final = wire.OFFERED_PLAYERS
