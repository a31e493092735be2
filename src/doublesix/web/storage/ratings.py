"""Each person's rating in the web game: a browser (its cookie's SHA-256, with the name it
plays under) is rated after every game it finishes (:mod:`doublesix.ai.ratings`).

The computers keep their fixed ratings, the ladder's (:func:`doublesix.ai.ladder.rating_of`);
people at a table are rated against each other (a team's result moves both partners); a
resignation ranks last.  Each update is a row of ``doublesix_ratings``, written right after
the save that finished the game: the game, the rules (:func:`~doublesix.ai.ratings.rules_label`),
the rating before and after, the time.  A browser's rows are numbered; ``(owner, game_id)`` is
unique, so a game moves each person's rating once, whichever server process gets there first.
A game whose update was lost (the server stopped between the two writes) is rated when its
person next asks for the statistics (:func:`catch_up`).  Pruning old games
(:mod:`~doublesix.web.storage.retention`) leaves this table alone.

>>> from doublesix import Match, Rules
>>> from doublesix.web.storage.store import SavedGame, Seat, Store
>>> store = Store("sqlite://")
>>> match = Match(Rules.variant("draw"), seed=1)
>>> match.resign(1)
>>> game = SavedGame("g1", "o", "draw", [Seat("Ana", "human"), Seat("Expert", "expert")],
...                  match.to_json(), match.scores, status="resigned", resigned=1)
>>> changes = rate_game(store, game, match)
>>> changes[0].after.shown > 1500, rate_game(store, game, match)  # once only
(True, {})
>>> history(store, "o")[0].rules
'draw/2/100'
"""

from __future__ import annotations

import datetime
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from sqlalchemy import (
    JSON,
    Boolean,
    DateTime,
    Float,
    Integer,
    String,
    UniqueConstraint,
    exc,
    select,
)
from sqlalchemy.orm import Mapped, Session, mapped_column

from doublesix.ai.ladder import RECENT, rating_of, recent_games, variant_ratings
from doublesix.ai.ladder import suggestion as ladder_suggestion
from doublesix.ai.ratings import TEAMS, Rating, casual, ranks, rules_label, update
from doublesix.engine.match import Match
from doublesix.protocol.wire import HUMAN
from doublesix.web.play.live import stored_match
from doublesix.web.storage.store import Base, SavedGame, Store, utcnow
from doublesix.words import results, rulebook

log = logging.getLogger("doublesix.web")

class RatingRow(Base):
    """One update of a browser's rating, after one finished game."""

    __tablename__ = "doublesix_ratings"
    __table_args__ = (UniqueConstraint("owner", "game_id", name="doublesix_ratings_game"),)

    owner: Mapped[str] = mapped_column(String(64), primary_key=True)
    #: 1 for the browser's first rated game, then 2, ...
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[str] = mapped_column(String(40))
    seat: Mapped[int] = mapped_column(Integer)
    #: The name the browser played under.
    name: Mapped[str] = mapped_column(String(40))
    #: :func:`~doublesix.ai.ratings.rules_label`: variant, players, target.
    rules: Mapped[str] = mapped_column(String(40))
    #: The other seats' kinds (``human`` or a computer's name).
    opponents: Mapped[list[str]] = mapped_column(JSON)
    won: Mapped[bool] = mapped_column(Boolean)
    mu_before: Mapped[float] = mapped_column(Float)
    sigma_before: Mapped[float] = mapped_column(Float)
    mu_after: Mapped[float] = mapped_column(Float)
    sigma_after: Mapped[float] = mapped_column(Float)
    created: Mapped[datetime.datetime] = mapped_column(DateTime)

    @property
    def before(self) -> Rating:
        """The rating before the game."""
        return Rating(self.mu_before, self.sigma_before)

    @property
    def after(self) -> Rating:
        """The rating after the game."""
        return Rating(self.mu_after, self.sigma_after)


RATINGS: Final = Base.metadata.tables[RatingRow.__tablename__]



@dataclass(frozen=True, slots=True)
class Change:
    """How one seat's rating moved after a game, and what to try next (or None)."""

    seat: int
    before: Rating
    after: Rating
    suggestion: str | None = None

    @property
    def sentence(self) -> str:
        """The change in words: "Your rating 1,512, up 14.\""""
        return results.rating_sentence(self.before.shown, self.after.shown)


def rated_seats(saved: SavedGame) -> dict[int, str]:
    """The seats rated after ``saved``, with each one's browser: the people's seats whose
    browser holds only that seat (a seat taken at a table, else the host's or, against
    computers, seat 0 for the game's owner); none at a casual table."""
    if saved.table is not None and not saved.table.rated:
        return {}
    host = saved.table.host if saved.table is not None else 0
    owners: dict[int, str] = {}
    for seat, held in enumerate(saved.seats):
        if held.kind != HUMAN:
            continue
        owner = held.owner or (saved.owner if seat == host else None)
        if owner:
            owners[seat] = owner
    counts = list(owners.values())
    return {seat: owner for seat, owner in owners.items() if counts.count(owner) == 1}


def _latest(session: Session, owner: str) -> RatingRow | None:
    return session.scalars(select(RatingRow).where(RatingRow.owner == owner)
                           .order_by(RatingRow.number.desc()).limit(1)).first()


def rate_game(store: Store, saved: SavedGame, match: Match) -> dict[int, Change]:
    """Rate the finished game ``saved`` (its ``match``): every person's seat not rated for it
    yet moves once; the changes, by seat (blocking).  A casual game (moves taken back, or the
    coach helped: :func:`~doublesix.ai.ratings.casual`) moves no rating."""
    owners = rated_seats(saved)
    if not owners or not match.is_over or casual(match, saved.coached):
        return {}
    for _attempt in range(3):
        try:
            return _rate(store, saved, match, owners)
        except exc.IntegrityError:
            continue  # another process rated one of these browsers meanwhile: read again
    return {}


def rate_and_read(store: Store, saved: SavedGame, match: Match) -> dict[int, Change]:
    """Rate the finished game (:func:`rate_game`: nothing if it was rated already, here or in
    another server process), then every update it made, by seat (blocking): every process
    showing the game says the same."""
    rate_game(store, saved, match)
    return game_changes(store, saved.id)


def _rate(store: Store, saved: SavedGame, match: Match, owners: dict[int, str]
          ) -> dict[int, Change]:
    rules = match.rules
    now = utcnow()
    with store.writing(), Session(store.engine) as session, session.begin():
        done = set(session.scalars(select(RatingRow.owner).where(
            RatingRow.game_id == saved.id, RatingRow.owner.in_(owners.values()))))
        latest = {seat: _latest(session, owner) for seat, owner in owners.items()}
        before = [
            (row.after if (row := latest[seat]) is not None else Rating())
            if seat in owners else rating_of(held.kind)
            for seat, held in enumerate(saved.seats)
        ]
        places = ranks(match)
        movable = {seat for seat, owner in owners.items() if owner not in done}
        after = update(before, places, movable, teams=rules.teams)
        decided = any(place != places[0] for place in places)
        kinds = [held.kind for held in saved.seats]
        changes: dict[int, Change] = {}
        for seat in sorted(movable):
            owner = owners[seat]
            row = latest[seat]
            session.add(RatingRow(
                owner=owner, number=1 if row is None else row.number + 1, game_id=saved.id,
                seat=seat, name=saved.seats[seat].name[:40], rules=rules_label(rules),
                opponents=[kind for other, kind in enumerate(kinds) if other != seat],
                won=decided and places[seat] == 0,
                mu_before=before[seat].mu, sigma_before=before[seat].sigma,
                mu_after=after[seat].mu, sigma_after=after[seat].sigma, created=now,
            ))
            changes[seat] = Change(seat, before[seat], after[seat])
        session.flush()
        for seat, change in list(changes.items()):
            changes[seat] = Change(seat, change.before, change.after,
                                   _suggestion_for(session, owners[seat]))
    return changes


def _history(session: Session, owner: str) -> list[RatingRow]:
    rows = list(session.scalars(select(RatingRow).where(RatingRow.owner == owner)
                                .order_by(RatingRow.number)))
    for row in rows:
        session.expunge(row)
    return rows


def history(store: Store, owner: str) -> list[RatingRow]:
    """Every update of the browser ``owner``'s rating, oldest first (blocking)."""
    with Session(store.engine) as session:
        return _history(session, owner)


def game_changes(store: Store, game_id: str) -> dict[int, Change]:
    """The updates a finished game made, by seat (blocking)."""
    with Session(store.engine) as session:
        rows = list(session.scalars(select(RatingRow).where(RatingRow.game_id == game_id)))
        changes = {}
        for row in rows:
            changes[row.seat] = Change(row.seat, row.before, row.after,
                                       _suggestion_for(session, row.owner, row.number))
        return changes


def _suggestion_for(session: Session, owner: str, upto: int | None = None) -> str | None:
    """:func:`suggestion` after the browser ``owner``'s rated games (up to its game number
    ``upto``): read as the two columns it needs, newest first, and only as far as
    :func:`~doublesix.ai.ladder.recent_games` needs (a person with thousands of games is read
    at the end of each game)."""
    query = select(RatingRow.opponents, RatingRow.won).where(RatingRow.owner == owner)
    if upto is not None:
        query = query.where(RatingRow.number <= upto)
    query = query.order_by(RatingRow.number.desc()).execution_options(yield_per=2 * RECENT)
    result = session.execute(query)
    try:
        return suggestion(recent_games((opponents, won) for opponents, won in result))
    finally:
        result.close()


def suggestion(games: Sequence[tuple[Sequence[str], bool]]) -> str | None:
    """What to try next after these games, each its opponents and whether it was won
    (:func:`doublesix.ai.ladder.suggestion`)."""
    found = ladder_suggestion(games)
    return None if found is None else results.level_suggestion(*found)


def rules_words(label: str) -> str:
    """A rated game's rules (:func:`~doublesix.ai.ratings.rules_label`) in words.

    >>> rules_words("muggins/3/100"), rules_words("draw/4/0/teams")
    ('Muggins, 3 players, to 100', 'Draw in teams, 4 players, one hand')
    """
    variant, players, target, *more = label.split("/")
    return results.rated_game_words(variant, int(players), int(target), TEAMS in more)


def rating_json(rows: Sequence[RatingRow]) -> dict[str, Any]:
    """``rating`` in ``GET /api/stats``: the rating now, its interval, the words, the
    suggestion, the rating in each variant played (``by_variant``:
    :func:`~doublesix.ai.ladder.variant_ratings`) and the history (one point per rated
    game)."""
    now = rows[-1].after if rows else Rating()
    return {
        **now.to_json(),
        "games": len(rows),
        "words": results.rating_words(now.shown, now.interval, len(rows)),
        "suggestion": suggestion([(row.opponents, row.won) for row in rows]),
        "by_variant": [
            {"variant": v.variant, "label": rulebook.variant_label(v.variant),
             **v.rating.to_json(), "games": v.games, "wins": v.wins}
            for v in variant_ratings((row.rules, row.seat, row.opponents, row.won)
                                     for row in rows)
        ],
        "history": [
            {"game": row.number, "date": row.created.date().isoformat(),
             "day": results.day_words(row.created.date(), with_year=False),
             "day_year": results.day_words(row.created.date(), with_year=True),
             "rules": row.rules, "rules_words": rules_words(row.rules),
             "won": row.won, "result": results.game_result_word(row.won),
             "before": row.before.shown, "rating": row.after.shown, "interval": row.after.interval}
            for row in rows
        ],
    }


def rate_before_removal(store: Store, games: Sequence[SavedGame]) -> None:
    """Rate the finished ``games`` about to be removed (:mod:`~doublesix.web.storage.retention`) for
    anyone not rated for them yet, so that no update is lost with them (blocking)."""
    for game in games:
        if not rated_seats(game):
            continue
        try:
            rate_game(store, game, stored_match(game))
        except ValueError as error:
            log.warning("game %s cannot be rated: %s", game.id, error)


def catch_up(store: Store, owner: str, games: Sequence[SavedGame]) -> None:
    """Rate the browser ``owner``'s finished ``games`` that were not rated for it (the server
    stopped between a game's save and its rating), oldest first (blocking)."""
    if not games:
        return
    with Session(store.engine) as session:
        rated = set(session.scalars(select(RatingRow.game_id).where(RatingRow.owner == owner)))
    for game in games:
        if game.id in rated or owner not in rated_seats(game).values():
            continue
        try:
            rate_game(store, game, stored_match(game))
        except ValueError as error:
            log.warning("game %s cannot be rated: %s", game.id, error)
