"""The web server's refusals: what a request or a socket message is answered when it cannot be
done (no such game, not your turn, too often, a malformed body...), said in the language of the
moment: the request's or the socket's, which the server sets around each.

The constants are marked with ``N_`` and said through ``_(CONSTANT)`` where the refusal is
made; the refusals with values are functions.  A program's words inside a refusal (a field's
name, a JSON example, a message type) are values, kept as the program writes them.

>>> too_many_games(95, "browser")
'You have started many games in a short time: try again in 2 minutes.'
>>> from doublesix.words.i18n import using
>>> with using("es"):
...     _(NO_GAME), _(NOT_YOUR_TURN)
('no existe esa partida', 'no es tu turno')
"""

from __future__ import annotations

import math
from typing import Final

from doublesix.words.endwords import or_list
from doublesix.words.i18n import N_, _, ngettext

# -- any request ---------------------------------------------------------------------------

#: What a request gets while the database is away.
UNAVAILABLE: Final = N_("the games database is not answering; try again in a few seconds")
#: A path naming no game, no invitation, no review, nothing.
NO_GAME: Final = N_("there is no such game")
NO_INVITATION: Final = N_("there is no such invitation: check the link")
NO_REVIEW: Final = N_("there is no such review: it may have expired, ask again")
NOTHING_HERE: Final = N_("there is nothing at this path")
#: A token that holds no seat of the game (a request; a socket).
NOT_YOUR_SEAT: Final = N_("this token does not hold a seat of this game")
NOT_YOUR_SEAT_HERE: Final = N_("this token does not hold a seat here")
NOT_YOUR_REVIEW: Final = N_("you may review only a game in which you hold a seat")
HAND_NUMBER: Final = N_("hand must be a hand's number, 1 for the first")
#: Requests the server cannot read, or will not answer.
MALFORMED: Final = N_("the request is malformed")
SERVER_FAILED: Final = N_("the server failed to answer this request")
OTHER_SITE: Final = N_("requests from other sites are refused")
OTHER_HOST: Final = N_("this server does not answer for that host name")
BODY_LATE: Final = N_("the request's body did not arrive in time")
BODY_NOT_JSON: Final = N_("the body is not JSON")
BODY_NOT_OBJECT: Final = N_("the body must be a JSON object")
#: Too many sockets.
SOCKETS_FROM_ADDRESS: Final = N_("too many connections from this address")
SOCKETS_FROM_BROWSER: Final = N_("too many connections from this browser")


def too_long(limit: int) -> str:
    """A request whose body is longer than ``limit`` bytes.

    >>> too_long(65536)
    'the request is too long (at most 65536 bytes)'
    """
    return _("the request is too long (at most {limit} bytes)").format(limit=limit)


def wait_words(seconds: float) -> str:
    """How long to wait, in words a person reads (said inside "try again in {wait}").

    >>> wait_words(3), wait_words(61), wait_words(3600)
    ('a few seconds', '2 minutes', '60 minutes')
    """
    if seconds <= 10:
        return _("a few seconds")
    minutes = math.ceil(seconds / 60)
    return ngettext("a minute", "{count} minutes", minutes).format(count=minutes)


def too_many_games(seconds: float, bound: str) -> str:
    """Why no game is created now: the browser's or the address's bound (``"browser"``,
    ``"address"``) was met, and it may try again in ``seconds``.

    >>> too_many_games(5, "address")
    'Many games were started from your network in a short time: try again in a few seconds.'
    """
    if bound == "browser":
        said = _("You have started many games in a short time: try again in {wait}.")
    else:
        said = _("Many games were started from your network in a short time: try again in "
                 "{wait}.")
    return said.format(wait=wait_words(seconds))


def too_many_joins(seconds: float, bound: str) -> str:
    """Why no seat is taken now (as :func:`too_many_games`).

    >>> too_many_joins(4, "address")
    'Many seats were taken from your network in a short time: try again in a few seconds.'
    """
    if bound == "browser":
        said = _("You have taken many seats in a short time: try again in {wait}.")
    else:
        said = _("Many seats were taken from your network in a short time: try again in "
                 "{wait}.")
    return said.format(wait=wait_words(seconds))


# -- a new game's body and a person's name ------------------------------------------------

NAME_NOT_TEXT: Final = N_("name must be text")
NAME_EMPTY: Final = N_("a name needs at least one character")
NAME_CONTROL: Final = N_("a name may not hold control or formatting characters")
OPPONENTS_NOT_LIST: Final = N_("opponents must be a list of player names")
OPTIONS_NOT_OBJECT: Final = N_("options must be a JSON object of rule options")


def name_too_long(most: int, length: int) -> str:
    """A name longer than ``most`` characters.

    >>> name_too_long(24, 30)
    'a name has at most 24 characters, not 30'
    """
    return _("a name has at most {most} characters, not {length}").format(most=most,
                                                                         length=length)


def body_must_be(example: str) -> str:
    """A body that is not the JSON object ``example`` shows.

    >>> body_must_be('{"name": "your name"}')
    'the body must be {"name": "your name"}'
    """
    # Translators: {example} is a JSON object, kept as it is.
    return _("the body must be {example}").format(example=example)


def not_whole(field: str, value: object) -> str:
    """A field of the form that is not a whole number.

    >>> not_whole("players", "4")
    "players must be a whole number, not '4'"
    """
    # Translators: {field} is the field's name as a program writes it (players, target, set).
    return _("{field} must be a whole number, not {value}").format(field=field, value=repr(value))


def unknown_field(name: str, fields: list[str]) -> str:
    """A field the body may not hold.

    >>> unknown_field("colour", ["players", "variant"])
    "unknown field 'colour'; the fields are players, variant"
    """
    # Translators: {name} and {fields} are the program's names, kept in English.
    return _("unknown field {name}; the fields are {fields}").format(
        name=repr(name), fields=", ".join(fields))


def not_a_variant(value: object, variants: list[str]) -> str:
    """A variant that is not one.

    >>> not_a_variant("chess", ["draw", "block"])
    "variant must be one of draw, block, not 'chess'"
    """
    # Translators: "variant" and {variants} are the program's names, kept in English.
    return _("variant must be one of {variants}, not {value}").format(
        variants=", ".join(variants), value=repr(value))


def target_out_of_range(most: int, value: object) -> str:
    """Points to win out of the form's range.

    >>> target_out_of_range(1000, 5000)
    'Points to win is 0 (one hand) to 1000, not 5000.'
    """
    return _("Points to win is 0 (one hand) to {most}, not {value}.").format(most=most,
                                                                            value=value)


def not_a_seed(value: object) -> str:
    """A seed that is no seed.

    >>> not_a_seed(-1)
    'seed must be null or a whole number from 0 to 2^63-1, not -1'
    """
    # Translators: "seed" and "null" are the program's words, kept in English.
    return _("seed must be null or a whole number from 0 to 2^63-1, not {value}").format(
        value=repr(value))


def unknown_option(option: str, options: list[str]) -> str:
    """A rule option the form does not have.

    >>> unknown_option("colour", ["spinner", "scoring"])
    "unknown rule option 'colour'; the options are spinner, scoring"
    """
    # Translators: {option} and {options} are the program's names, kept in English.
    return _("unknown rule option {option}; the options are {options}").format(
        option=repr(option), options=", ".join(options))


def not_an_option_value(option: str, value: object) -> str:
    """A value a rule option cannot take.

    >>> not_an_option_value("spinner", "yes")
    "rule option spinner cannot be 'yes'"
    """
    return _("rule option {option} cannot be {value}").format(option=option, value=repr(value))


def opponents_count(wanted: int, players: int, given: int) -> str:
    """A new game's opponents that do not fill its seats.

    >>> opponents_count(1, 2, 3)
    'opponents must name 1 player for 2 players, not 3'
    """
    # Translators: "opponents" is the field's name, kept in English.
    return ngettext("opponents must name {count} player for {players} players, not {given}",
                    "opponents must name {count} players for {players} players, not {given}",
                    wanted).format(count=wanted, players=players, given=given)


# -- a socket's messages ---------------------------------------------------------------------

MESSAGE_NOT_JSON: Final = N_("the message is not JSON")
CONNECTION_CLOSED: Final = N_("this connection is closed")
TOO_MANY_MESSAGES: Final = N_("too many messages: this connection is closed")
TOO_MANY_PLACES: Final = N_("this seat is open in too many places: this one is closed")
OPENED_ELSEWHERE: Final = N_("this game was opened elsewhere")


def too_deep(depth: int) -> str:
    """A message nested deeper than ``depth`` levels.

    >>> too_deep(16)
    'the JSON is nested too deeply (at most 16 levels)'
    """
    return _("the JSON is nested too deeply (at most {depth} levels)").format(depth=depth)


def message_too_long(limit: int) -> str:
    """A message longer than ``limit`` bytes.

    >>> message_too_long(4096)
    'the message is too long (at most 4096 bytes)'
    """
    return _("the message is too long (at most {limit} bytes)").format(limit=limit)


def message_must_be(example: str) -> str:
    """A message that is no JSON object.

    >>> message_must_be('{"type": "play", ...}')
    'the message must be a JSON object like {"type": "play", ...}'
    """
    # Translators: {example} is a JSON object, kept as it is.
    return _("the message must be a JSON object like {example}").format(example=example)


def unknown_message(kind: object, kinds: list[str]) -> str:
    """A message of no type the server knows (``kinds``: the ones it knows).

    >>> unknown_message("fly", ["play", "next", "resign"])
    "unknown message type 'fly'; send play, next or resign"
    """
    # Translators: {kind} and {kinds} are the program's names, kept in English.
    return _("unknown message type {kind}; send {kinds}").format(kind=repr(kind),
                                                                 kinds=or_list(kinds))


def message_needs(kind: str, example: str) -> str:
    """A ``play``, ``chat`` or ``seat`` message without what it names.

    >>> message_needs("play", '{"type": "play", "move": "6|4 left"}')
    'a play needs a move, like {"type": "play", "move": "6|4 left"}'
    """
    # Translators: {example} is a JSON object, kept as it is.
    if kind == "play":
        return _("a play needs a move, like {example}").format(example=example)
    if kind == "chat":
        return _("a chat names a phrase, like {example}").format(example=example)
    return _("a seat message names a seat, like {example}").format(example=example)


def unknown_player(player: object, players: list[str]) -> str:
    """A seat given to no computer player the server knows.

    >>> unknown_player("deep blue", ["random", "greedy"])
    "unknown player 'deep blue'; choose from random, greedy"
    """
    # Translators: {players} are the program's names of the computer players, kept in English.
    return _("unknown player {player}; choose from {players}").format(
        player=repr(player), players=", ".join(players))


# -- the game, the table, hints, saving -----------------------------------------------------

GAME_OVER: Final = N_("the game is over")
NOT_STARTED: Final = N_("the game has not started: the host starts it once every seat is taken")
HAND_IN_PLAY: Final = N_("the hand is still in play")
NOT_YOUR_TURN: Final = N_("it is not your turn")
STILL_SAVING: Final = N_("Saving failed; trying again. Nothing else is done until it is saved.")
NOT_SAVED: Final = N_("the game could not be saved: the change is undone, try again")
NOT_SAVED_ELSEWHERE: Final = N_("the game could not be saved (or changed elsewhere): try again")
TABLE_CHANGED: Final = N_("the table changed meanwhile: try again")
RECORD_NOT_YET: Final = N_("the game is still going on: its record is ready once it is over")
SEAT_TO_COMPUTER: Final = N_("the host gave this seat to a computer player")
INVITATION_USED: Final = N_("this invitation has been used: its seat is taken")
ONLY_HOST: Final = N_("only the host can start the game or change its seats")
ALREADY_STARTED: Final = N_("the game has already started")
SEATS_NOT_TAKEN: Final = N_("every seat must be taken first: wait for the people you invited, "
                            "or give their seats to computer players")
ONLY_INVITED: Final = N_("only the seat of a person you invited can be given to a computer "
                         "player")
ONLY_AWAY: Final = N_("only the seat of a person away can be given to a computer player")
AGAIN_WHEN_OVER: Final = N_("play again once the game is over")
HINT_NOT_YOUR_TURN: Final = N_("a hint is only for your turn")
HINT_FAILED: Final = N_("the hint could not be worked out: try again")


def only_tables(kind: str) -> str:
    """A table's message (``start``, ``seat``, ``again``) at a game with no table.

    >>> only_tables("start")
    'start is for tables with people'
    """
    # Translators: {kind} is the message's type as a program writes it (start, seat, again).
    return _("{kind} is for tables with people").format(kind=kind)


def too_many_hints(per_minute: int) -> str:
    """Hints asked too often.

    >>> too_many_hints(10)
    'at most 10 hints a minute: wait a little'
    """
    return ngettext("at most {count} hint a minute: wait a little",
                    "at most {count} hints a minute: wait a little",
                    per_minute).format(count=per_minute)


def save_unreadable(error: object) -> str:
    """A stored game that cannot be read (``error``: why, in the program's words).

    >>> save_unreadable("bad JSON")
    "this game's save cannot be read: bad JSON"
    """
    return _("this game's save cannot be read: {error}").format(error=error)


# -- reviews ---------------------------------------------------------------------------------

REVIEW_RUNNING: Final = N_("a review of yours is still running: wait for it to finish")
REVIEW_IN_PLAY: Final = N_("the hand is still in play: a review comes once it is over")


def no_hand(hand: int) -> str:
    """A review of a hand the game does not hold.

    >>> no_hand(7)
    'there is no hand 7 in this game'
    """
    return _("there is no hand {hand} in this game").format(hand=hand)


def hand_resigned(hand: int) -> str:
    """A review of a hand a resignation cut short.

    >>> hand_resigned(2)
    'hand 2 was cut short by a resignation: it has no review'
    """
    return _("hand {hand} was cut short by a resignation: it has no review").format(hand=hand)


def record_unreadable(error: object) -> str:
    """A game whose record a review cannot read.

    >>> record_unreadable("bad JSON")
    "this game's record cannot be read: bad JSON"
    """
    return _("this game's record cannot be read: {error}").format(error=error)


def review_failed(error: object) -> str:
    """A review whose search failed.

    >>> review_failed("the search process died")
    'the review could not be made: the search process died'
    """
    return _("the review could not be made: {error}").format(error=error)
