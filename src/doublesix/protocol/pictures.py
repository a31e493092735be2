"""The picture of a game for one seat (``docs/protocol.md``, ``S``), part by part: what the server
builds in :mod:`doublesix.web.play.pictures` and sends in ``state`` and ``event`` messages.

Every model names the fields it holds, in the order the server writes them; a field added to
a picture is one line here (and the browser's types follow: ``scripts/types``).

>>> layout = Layout.model_validate({"left": [{"tile": "6|6", "outer": 6}], "right": [],
...                                  "up": [], "down": [], "spinner": None})
>>> layout.left
[Placed(tile='6|6', outer=6)]
"""

from __future__ import annotations

from typing import Any

from pydantic import Field

from doublesix.engine.outcome import Ending
from doublesix.engine.rules import BlockedTie, Lead, Rounding, Scoring, SpinnerArms, TeamPoints
from doublesix.protocol.model import End, Model, Stage, Variant


class RulesJSON(Model):
    """The rules: the variant they started from and every option (:meth:`Rules.options`)."""

    variant: Variant
    players: int
    set: int
    hand_size: int
    target: int
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


class RulesWords(Model):
    """The rules in the catalogue's words (a picture's ``words.rules``, ``POST /api/rules``)."""

    name: str
    title: str
    caption: str
    lines: list[str]


class RulesAnswer(RulesWords):
    """The rules a form holds, in words (``POST /api/rules``): the pictures' words and
    ``custom``, the changes from the preset in one line."""

    custom: str


class Legal(Model):
    """A legal move: its text, and the tile and end of a lay (None for a draw or a pass)."""

    move: str
    tile: str | None
    end: End | None


class LayWords(Model):
    """An end button's words: its long name and its short label."""

    name: str
    short: str


class Lay(Model):
    """One way to lay a tile: the end (None: it leads), the number it leaves showing there, the
    board count after it and the points it scores."""

    move: str
    end: End | None
    shows: int | None
    count_after: int
    points: int
    words: LayWords | None


class ChoiceWords(Model):
    """The words of a tile that fits several ends: the strip's heading, the question, the keys,
    and what to do."""

    where: str
    question: str
    keys: str
    choose: str


class Choice(Model):
    """A tile the seat may lay now, with its lays; ``asks``: the person must say which end."""

    tile: str
    asks: bool
    lays: list[Lay]
    words: ChoiceWords | None


class TileWords(Model):
    """What is said of one tile of the hand: its accessible name now, what a press says before
    your turn, what a drag let go off every end says, the engine's refusal of the tile (on your
    turn, when it fits nothing) and of each open end it does not fit."""

    tile: str
    label: str
    wait: str
    drop: str
    refused: str | None
    ends: dict[str, str]


class Placed(Model):
    """A tile on the table, and the number it shows outwards."""

    tile: str
    outer: int


class Layout(Model):
    """The table: each arm's tiles from the centre out, and the spinner (``"6|6"``, or None)."""

    left: list[Placed]
    right: list[Placed]
    up: list[Placed]
    down: list[Placed]
    spinner: str | None


class Ended(Model):
    """How a hand ended: who won (None: drawn), the points, and how (``blocked`` and
    ``reached`` say ``ending`` as booleans, for older pages)."""

    winner: int | None
    points: int
    blocked: bool
    reached: bool
    ending: Ending


class HandResult(Ended):
    """The hand that just ended, every hand laid open: who won, what each seat scored, the
    tiles left in each hand and their pips."""

    winners: list[int]
    scored: list[int]
    hands: list[list[str]]
    pips: list[int]


class SheetRow(Ended):
    """One finished hand on the scoresheet: ``hand`` 1-based, what each seat scored, the totals
    after it, and how it ended in words."""

    hand: int
    scored: list[int]
    scores: list[int]
    how: str


class Daily(Model):
    """The daily game: its date, whether it is this browser's first attempt, the share text."""

    date: str
    first_attempt: bool
    share: str | None


class RoomSeat(Model):
    """One seat's line in the waiting room."""

    name: str
    who: str
    badge: str
    kind: str


class InviteWords(Model):
    """The host's controls for one seat's invitation in the waiting room, by their full names."""

    number: str
    link: str
    copy_: str = Field(alias="copy")
    copied: str
    share: str
    computer: str
    copied_said: str


class RoomWords(Model):
    """The waiting room's words for this seat (:func:`doublesix.words.tabletalk.room_words`)."""

    title: str
    page_title: str
    caption: str
    seats: list[RoomSeat]
    invites: list[InviteWords]
    start_help: str
    share: str
    asking: list[str]


class SeatWords(Model):
    """The sentences about a person's seat while they are away
    (:func:`doublesix.words.tabletalk.seat_words`)."""

    away: str
    away_turn: str
    stand_in: str | None
    playing_for: str | None
    hand_over: str
    hand_over_text: str
    #: Said once when a computer may play for this person ("Bea has been away a minute: ...").
    may_hand_over: str
    asking: str
    waiting_away: str
    waiting_stand_in: str


class TableSeat(Model):
    """One seat at a table for people; ``words`` only for a person's seat."""

    seat: int
    name: str
    person: bool
    joined: bool
    connected: bool
    away: int
    stand_in: str | None
    again: bool
    words: SeatWords | None


class TableWords(Model):
    """The table's own sentences: who is away (for this seat), and when a computer may play for
    them."""

    away: str
    later: str
    #: Who wants to play again, for the others and for the seat itself (None until the game
    #: is over).
    again: str | None
    again_asked: str | None
    #: How many watch the table ("2 people are watching."; None for nobody).
    watchers: str | None = None


class Invite(Model):
    """The link of a person seat not taken yet."""

    seat: int
    url: str


class Table(Model):
    """A table for people (the picture's ``table``; None for a game against computers only)."""

    stage: Stage
    host: int
    you_host: bool
    seats: list[TableSeat]
    words: TableWords
    can_start: bool
    handover_after: float
    invites: list[Invite]
    next_game: str | None
    #: How many sockets watch the table (in every server process, as last heard).
    watchers: int = 0


class Card(Model):
    """A seat's card beside its name: its strength on the one scale ("(level 5, Strong)"; None
    for a person), the tiles it holds, and its score split at the number (which the page counts
    up), in full and short."""

    difficulty: str | None
    tiles: str
    score: list[str]
    score_short: list[str]


class TableFacts(Model):
    """The table's short facts in its corner ("" for what there is not yet)."""

    ends: str
    count: str
    boneyard: str


class Tracker(Model):
    """The tiles-played dialog: how many are down, and its lines."""

    count: str
    lines: list[str]


class PictureWords(Model):
    """A picture's sentences, spoken to its seat: the page shows and says them, and composes
    none of its own about the game."""

    caption: str
    rules: RulesWords
    status: list[str | None]
    turn: str | None
    ends: str | None
    hand: str | None
    scores: str | None
    totals: str
    heading: str | None
    result: list[str] | None
    game_over: list[str] | None
    waiting: str | None
    last: str | None
    rating: list[str] | None
    reason: str | None
    tiles: list[TileWords]
    room: RoomWords | None
    last_short: str | None
    #: The page's title, and while it is the seat's turn.
    title: str
    title_turn: str
    #: The seat's own name line, split at the names (which the page isolates).
    me_name: list[str] | None
    me_status: str | None
    draw: str | None
    cards: list[Card]
    info: TableFacts | None
    board: str | None
    tracker: Tracker | None
    #: After moves were taken back: the game is casual (None otherwise).
    taken_back: str | None = None
    #: After the coach helped in the game: the game is casual (None otherwise).
    coached: str | None = None


class Picture(Model):
    """The whole picture for one seat (``me``), and nothing that seat may not see.  ``view`` (only
    with ``&view=1``) is the seat's :class:`~doublesix.engine.view.View` as the engine's JSON
    (null in the waiting room).  A watcher's picture (``watching``) is built from the table's
    view: ``me`` is the seat shown at the bottom, whose hand it does not hold (``hand``,
    ``legal`` and ``choices`` empty)."""

    game_id: str
    revision: int
    me: int
    names: list[str]
    kinds: list[str]
    difficulties: list[str | None]
    rules: RulesJSON
    hand_number: int
    hand: list[str]
    legal: list[Legal]
    choices: list[Choice]
    layout: Layout
    open_ends: dict[str, int]
    board_count: int
    count_scores: bool
    scores: list[int]
    hand_sizes: list[int]
    boneyard_size: int
    turn: int | None
    played: list[str]
    log: list[str]
    result: HandResult | None
    scoresheet: list[SheetRow]
    over: bool
    winner: int | None
    winners: list[int]
    sides: list[list[int]]
    partner: int | None
    resigned: int | None
    daily: Daily | None
    table: Table | None
    words: PictureWords
    view: dict[str, Any] | None = None
    watching: bool = False
    #: Whether this seat may take back its last choice now (``{"type": "undo"}``): a game
    #: against computers only, not the daily game, the hand in play.
    can_undo: bool = False
