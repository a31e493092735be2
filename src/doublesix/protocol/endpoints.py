"""The JSON API's bodies (``docs/protocol.md``, "HTTP"): what a client sends, and what each
route answers.  The routes (:mod:`doublesix.web.routes.app`) take and return these, so the
OpenAPI schema at ``/openapi.json`` is the contract; the expert's reviews are in
:mod:`doublesix.protocol.reviews`.

The requests are read strictly (a number is a JSON number, ``true`` is no number) and refuse
fields they do not name; :mod:`doublesix.web.routes.bodies` turns a refusal into the words a
person reads.

>>> NewGameRequest.model_validate({"variant": "block", "options": {"spinner": True}}).options
{'spinner': True}
>>> Created.model_validate({"game_id": "g1", "seat": 0, "token": "t"}).invites is None
True
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import AfterValidator, ConfigDict, Field, WithJsonSchema, with_config
from typing_extensions import TypedDict

from doublesix.ai import PLAYERS
from doublesix.engine.rules import BlockedTie, Lead, Rounding, Scoring, SpinnerArms, TeamPoints
from doublesix.protocol.model import Model, Variant
from doublesix.protocol.pictures import Invite, RulesJSON, RulesWords, Table
from doublesix.protocol.wire import PERSON

#: The highest target a new game may have.
MAX_TARGET = 1000
#: Seeds are whole numbers below this.
SEED_LIMIT = 2**63

# -- requests ---------------------------------------------------------------------------------


def opponent(name: str) -> str:
    """``name`` if it names a computer player (:data:`doublesix.ai.PLAYERS`) or a person's seat
    (:data:`~doublesix.protocol.wire.PERSON`); else ``ValueError`` in words.

    >>> opponent("expert"), opponent("person")
    ('expert', 'person')
    """
    if name not in PLAYERS and name != PERSON:
        raise ValueError(f"unknown opponent {name!r}; choose from {', '.join(PLAYERS)}, or "
                         f"{PERSON!r} for a seat a person takes by invitation")
    return name


#: An opponent of a new game: a computer player's name, or ``"person"``.
Opponent = Annotated[str, AfterValidator(opponent),
                     WithJsonSchema({"type": "string", "enum": [*PLAYERS, PERSON]})]


@with_config(ConfigDict(extra="forbid", strict=True))
class RuleOptions(TypedDict, total=False):
    """Rule options of ``Rules.variant`` besides players, set and target, to mix variants:
    any of them, each as the catalogue names its values (``GET /api/options``)."""

    hand_size: int
    drawing: bool
    scoring: Scoring
    spinner: bool
    spinner_arms: SpinnerArms
    rounding: Rounding
    blocked_minus_own: bool
    blocked_tie: BlockedTie
    lead: Lead
    teams: bool
    team_points: TeamPoints


class RulesRequest(Model):
    """The rules a new-game form holds (``POST /api/rules``); every field may be left out: the
    defaults are ``"draw"``, 2 players, the variant's target (100) and the double-six set."""

    model_config = ConfigDict(strict=True)

    variant: Variant | None = None
    players: int | None = Field(default=None, ge=2, le=4)
    target: int | None = Field(default=None, ge=0, le=MAX_TARGET)
    set: Literal[6, 9, 12] | None = None
    options: RuleOptions | None = None


class NewGameRequest(RulesRequest):
    """A new game (``POST /api/games``): its rules, ``players - 1`` opponents (names of
    ``GET /api/options``, or ``"person"`` for a seat a person takes by invitation; by default
    all ``"pinocchio"``), a seed (the same seed deals the same game; by default a random one)
    and, at a table for people, the host's display name."""

    opponents: list[Opponent] | None = None
    seed: int | None = Field(default=None, ge=0, lt=SEED_LIMIT)
    name: str | None = None
    #: A table for people listed in the lobby while a seat is free (else by invitation only).
    public: bool = False
    #: Whether the people's ratings move (a table for people; games against computers are
    #: always rated).
    rated: bool = True


class JoinRequest(Model):
    """Take an invitation's seat under a display name (1 to 24 characters once trimmed)."""

    model_config = ConfigDict(strict=True)

    name: str


# -- answers ----------------------------------------------------------------------------------


class ErrorAnswer(Model):
    """A refusal in words for a person; ``field`` names the new-game form's field at fault."""

    error: str
    field: str | None = None


class NewInvite(Invite):
    """A person seat's invitation: its code, and the path of its link."""

    code: str


class Created(Model):
    """A seat of a new game: the game, the seat (0, the creator's), its token; at a table for
    people, the invitations of the other person seats."""

    game_id: str
    seat: int
    token: str
    invites: list[NewInvite] | None = None


class Joined(Model):
    """The seat an invitation gave: the game, the seat, its token."""

    game_id: str
    seat: int
    token: str


class DailyGame(Joined):
    """Today's daily game for this browser: its date, and whether this is the browser's first
    attempt (only that counts for the streak)."""

    date: str
    first_attempt: bool


class OptionChoice(Model):
    """One value of a rule option: its label on the form, its short words for a game's heading,
    its sentence in the rules."""

    value: bool | int | str
    label: str
    short: str
    words: str


class RuleOption(Model):
    """A rule option the new-game form's Custom rules offer; ``applies`` names the options and
    values under which it matters; a ``number`` option has ``min`` and ``max`` and no choices."""

    name: str
    label: str
    choices: list[OptionChoice]
    applies: dict[str, bool | int | str] | None = None
    number: bool | None = None
    min: int | None = None
    max: int | None = None


class VariantInfo(Model):
    """A preset: its name, its label, the form's name for it, and every option's value."""

    name: str
    label: str
    preset_label: str
    rules: RulesJSON


class LadderStep(Model):
    """A computer player's step on the ladder: level, its name, rating and the rating's
    interval."""

    level: int
    level_name: str
    rating: int
    interval: int


class OpponentInfo(Model):
    """A computer opponent as the form offers it; ``difficulty`` is its strength on the one
    scale, its ladder level's words ("level 5, Strong"); ``choice`` is the menus' words for it
    ("Snow White (level 5, Strong)")."""

    name: str
    label: str
    difficulty: str
    style: str
    ladder: LadderStep | None
    choice: str


class CloseCodes(Model):
    """The socket's close codes by name (:mod:`doublesix.protocol.wire`)."""

    forbidden: int
    not_found: int
    damaged: int
    too_many: int
    unavailable: int


class SeatKinds(Model):
    """Seat kinds: a person's seat in a picture's ``kinds``, and the opponent that invites a
    person."""

    human: str
    person: str


class Wire(Model):
    """The table protocol's constants (:func:`doublesix.protocol.wire.constants`)."""

    cookie: str
    close: CloseCodes
    final_closes: list[int]
    max_message: int
    max_name: int
    kinds: SeatKinds
    stages: list[str]


class ChatPhrase(Model):
    """A quick chat phrase: its ``key`` (a ``chat`` message's ``phrase``) and its ``label``,
    the menu's button ("Good luck!")."""

    key: str
    label: str


class Options(Model):
    """What the new-game form offers (``GET /api/options``)."""

    variants: list[VariantInfo]
    options: list[RuleOption]
    opponents: list[OpponentInfo]
    sets: list[int]
    targets: list[int]
    wire: Wire
    #: The new-game form's opponent fields, by their full names.
    opponent_labels: list[str]
    #: The quick chat's phrases at a table of people, in the menu's order.
    chat: list[ChatPhrase]


class NoticeWords(Model):
    """A page's notice: its title and text."""

    title: str
    text: str


class InvitationWords(Model):
    """What an invitation's page says: its title, the lead, each seat's line, why it can seat
    nobody now (or null), and what a refused joining says."""

    title: str
    lead: str
    seats: list[str]
    refusal: NoticeWords | None
    taken: NoticeWords
    unusable: NoticeWords
    #: The page's title, the seats' numbers and the button that takes the seat.
    page_title: str
    numbers: list[str]
    take: str


class Invitation(Model):
    """What an invitation shows (``GET /api/join/{game_id}/{code}``): ``taken``: the seat is
    held; ``yours``: held by this browser."""

    game_id: str
    seat: int
    partner: int | None
    rules: RulesJSON
    table: Table
    taken: bool
    yours: bool
    over: bool
    words: InvitationWords
    rules_words: RulesWords


class Tally(Model):
    """Games played and won."""

    games: int
    wins: int


class VariantStats(Tally):
    """Games in one variant, with this browser's best and average final score."""

    best: int
    average: float


class DailyStats(Model):
    """First attempts at the daily game: played, won, the streaks, the latest date."""

    played: int
    won: int
    streak: int
    best_streak: int
    last: str | None


class RatingFigures(Model):
    """A rating: its mean and uncertainty, and as shown (1500 for a newcomer, the interval two
    uncertainties)."""

    mu: float
    sigma: float
    shown: int
    interval: int


class VariantRating(RatingFigures):
    """The rating in one variant played."""

    variant: str
    label: str
    games: int
    wins: int


class RatingPoint(Model):
    """One rated game in the rating's history."""

    game: int
    date: str
    #: The game's rules as the rating keeps them ("draw/2/100"), and in words.
    rules: str
    rules_words: str
    won: bool
    result: str
    before: int
    rating: int
    interval: int
    #: The game's day, without and with its year.
    day: str
    day_year: str


class RatingStats(RatingFigures):
    """This browser's rating, in words too, the ladder's suggestion, by variant, and its
    history."""

    games: int
    words: str
    suggestion: str | None
    by_variant: list[VariantRating]
    history: list[RatingPoint]


class TallyWords(Model):
    """A row of the statistics' tables in words: its name and its games won."""

    name: str
    won: str


class StatsWords(Model):
    """The statistics in words: the lead sentence and each row's."""

    lead: str
    by_variant: dict[str, TallyWords]
    by_opponent: dict[str, TallyWords]


class Stats(Tally):
    """This browser's statistics (``GET /api/stats``)."""

    by_variant: dict[str, VariantStats]
    by_opponent: dict[str, Tally]
    daily: DailyStats
    rating: RatingStats
    words: StatsWords


class Record(Model):
    """A finished game's record (``GET /api/games/{game_id}/record``): ``match`` is the engine's
    save (``Match.to_json()``) as an object."""

    format: Literal["doublesix-record"]
    version: int
    game_id: str
    names: list[str]
    kinds: list[str]
    daily: str | None
    resigned: int | None
    winner: int | None
    scores: list[int]
    created: str
    match: dict[str, Any]


class FinishedGame(Model):
    """A finished game on the statistics page's list: the names as this browser's seat saw
    them, the final scores, and its label."""

    game_id: str
    created: str
    variant: str
    names: list[str]
    scores: list[int]
    seat: int
    daily: str | None
    resigned: int | None
    label: str


class FinishedGames(Model):
    """This browser's finished games, the newest first (``GET /api/finished``)."""

    games: list[FinishedGame]
