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
from typing import Any, Final, NamedTuple

from doublesix.ai import PLAYERS
from doublesix.ai.ladder import step_of
from doublesix.engine.rules import OPTIONS, VARIANTS, RuleError, Rules
from doublesix.protocol import wire
from doublesix.protocol.wire import MAX_NAME, PERSON
from doublesix.web.play.gameinfo import ProtocolError
from doublesix.words import pagewords, players, results, rulebook

#: The highest target a new game may have.
MAX_TARGET: Final = 1000
#: Seeds are whole numbers below this.
SEED_LIMIT: Final = 2**63
#: The host's name when the new table's body names nobody.
HOST_NAME: Final = "Host"
#: The rule options a new game may override besides variant, players, set and target.
EXTRA_OPTIONS: Final = tuple(o for o in OPTIONS if o not in ("players", "set", "target"))
#: What a game id, an invitation code and a seat token may look like (URL-safe Base64, as
#: :mod:`secrets` makes them, of a bounded length): anything else names nothing.
_GAME_ID: Final = re.compile(r"[A-Za-z0-9_-]{1,40}")
_SECRET: Final = re.compile(r"[A-Za-z0-9_-]{1,64}")
#: The fields of a new game's body that say its rules (``POST /api/rules`` takes these alone).
RULE_FIELDS: Final = ("variant", "players", "target", "set", "options")


def parse_name(value: object) -> str:
    """A person's display name, checked: 1 to 24 characters once trimmed, no control or
    bidirectional formatting characters (:class:`ProtocolError` says what is wrong).  Letters
    of every script are welcome; the name is text, never HTML.

    >>> parse_name("  Bea  "), parse_name("<b>Bea</b> שלום")
    ('Bea', '<b>Bea</b> שלום')
    >>> parse_name("Bea\u202e")
    Traceback (most recent call last):
    ...
    doublesix.web.play.gameinfo.ProtocolError: a name may not hold control or formatting characters
    """
    if not isinstance(value, str):
        raise ProtocolError("name must be text")
    name = " ".join(value.split())
    if not name:
        raise ProtocolError("a name needs at least one character")
    if len(name) > MAX_NAME:
        raise ProtocolError(f"a name has at most {MAX_NAME} characters, not {len(name)}")
    for char in name:
        category = unicodedata.category(char)
        if category in ("Cc", "Cs", "Co", "Cn") or (
            category == "Cf" and char not in "\u200c\u200d"  # joiners shape some scripts
        ):
            raise ProtocolError("a name may not hold control or formatting characters")
    return name


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


def _whole(body: Mapping[str, Any], name: str, default: int) -> int:
    value = body.get(name, default)
    if value is None:
        return default
    if not isinstance(value, int) or isinstance(value, bool):
        raise ProtocolError(f"{name} must be a whole number, not {value!r}")
    return value


def parse_new_game(body: object) -> NewGame:
    """A ``POST /api/games`` body, checked; :class:`ProtocolError` names what is wrong.

    >>> game = parse_new_game({"variant": "muggins", "players": 3,
    ...                        "opponents": ["expert", "greedy"], "seed": 4})
    >>> game.rules.spinner, game.rules.players, game.opponents, game.seed
    (True, 3, ('expert', 'greedy'), 4)
    >>> parse_new_game({"players": 5})
    Traceback (most recent call last):
    ...
    doublesix.web.routes.bodies.FieldError: A game has 2 to 4 players, not 5.
    """
    if body is None:
        body = {}
    if not isinstance(body, dict):
        raise ProtocolError("the body must be a JSON object")
    known = {"variant", "players", "target", "set", "opponents", "seed", "options", "name"}
    for key in body:
        if key not in known:
            raise ProtocolError(f"unknown field {key!r}; the fields are {', '.join(sorted(known))}")
    variant = body.get("variant")
    if variant is None:
        variant = "draw"
    if variant not in VARIANTS:
        raise ProtocolError(f"variant must be one of {', '.join(VARIANTS)}, not {variant!r}")
    players = _whole(body, "players", Rules.variant(variant).players)
    if not 2 <= players <= 4:
        raise FieldError("players", f"A game has 2 to 4 players, not {players}.")
    target = _whole(body, "target", 100)
    if not 0 <= target <= MAX_TARGET:
        raise FieldError("target", f"Points to win is 0 (one hand) to {MAX_TARGET}, not {target}.")
    tile_set = _whole(body, "set", 6)
    if tile_set not in (6, 9, 12):
        raise FieldError(
            "set", f"The set is double-6, double-9 or double-12, not double-{tile_set}.")
    opponents = body.get("opponents")
    if opponents is None:
        opponents = ["pinocchio"] * (players - 1)
    if not isinstance(opponents, list) or not all(isinstance(o, str) for o in opponents):
        raise ProtocolError("opponents must be a list of player names")
    if len(opponents) != players - 1:
        raise ProtocolError(
            f"opponents must name {players - 1} player(s) for {players} players, "
            f"not {len(opponents)}"
        )
    for name in opponents:
        if name not in PLAYERS and name != PERSON:
            raise ProtocolError(
                f"unknown opponent {name!r}; choose from {', '.join(PLAYERS)}, or "
                f"{PERSON!r} for a seat a person takes by invitation"
            )
    host = body.get("name")
    try:
        host_name = None if host is None else parse_name(host)
    except ProtocolError as error:
        raise FieldError("name", str(error)) from None
    seed = body.get("seed")
    if seed is not None and (
        not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < SEED_LIMIT
    ):
        raise ProtocolError(f"seed must be null or a whole number from 0 to 2^63-1, not {seed!r}")
    options = body.get("options")
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise ProtocolError("options must be a JSON object of rule options")
    for key in options:
        if key not in EXTRA_OPTIONS:
            raise ProtocolError(
                f"unknown rule option {key!r}; the options are {', '.join(EXTRA_OPTIONS)}"
            )
    try:
        rules = Rules.variant(variant, players=players, target=target, set=tile_set, **options)
    except RuleError as error:
        field = "variant" if error.field == "name" else error.field
        raise FieldError(field, str(error)) from None
    except (ValueError, TypeError) as error:
        raise ProtocolError(str(error)) from None
    return NewGame(rules, tuple(opponents), seed, host_name)


def parse_rules(body: object) -> Rules:
    """The rules part of a new game's body (``variant``, ``players``, ``target``, ``set``,
    ``options``; any other field is refused), checked by the engine.

    >>> parse_rules({"variant": "muggins", "target": 50})
    Rules.variant('muggins', target=50)
    >>> parse_rules({"opponents": []})
    Traceback (most recent call last):
    ...
    doublesix.web.play.gameinfo.ProtocolError: unknown field 'opponents'; the fields are ...
    """
    if body is not None and not isinstance(body, dict):
        raise ProtocolError("the body must be a JSON object")
    for key in body or {}:
        if key not in RULE_FIELDS:
            raise ProtocolError(
                f"unknown field {key!r}; the fields are {', '.join(sorted(RULE_FIELDS))}")
    return parse_new_game(body).rules


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
    }


def opponent_json(name: str) -> dict[str, Any]:
    """One computer opponent as the new-game form offers it: its label, difficulty, style and
    its step on the ladder (level, level name, rating and its interval; None if it has
    none), with ``choice``, the menu's words for it.

    >>> opponent_json("snow-white")["choice"]
    'Snow White (medium): level 5, Strong, rated 1,555'
    """
    shown = players.PLAYER_WORDS[name]
    step = step_of(name)
    ladder: dict[str, Any] | None = None
    if step is not None:
        ladder = {"level": step.level, "level_name": players.level_name(step.level),
                  "rating": step.rating.shown, "interval": step.rating.interval}
    return {"name": PLAYERS[name].name, "label": shown.label, "difficulty": shown.difficulty,
            "style": shown.style, "ladder": ladder,
            "choice": results.opponent_choice(
                name, None if step is None else (step.level, step.rating.shown))}


#: The opponents the new-game form offers (the API accepts every player).
FORM_OPPONENTS: Final = wire.OFFERED_PLAYERS
