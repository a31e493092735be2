"""Accounts: a name and a password that keep a person's games and rating on every device.

Guests still play: a browser is known by its cookie, and its games, statistics and rating are
its own (the "owner" every game and rating row names is the cookie's SHA-256).  An account is
another owner, ``account:ID`` (:func:`owner_key`: no cookie can take that shape), that a
browser plays as while it is signed in.  The first time a browser signs in to an account, its
own history joins the account, once (:func:`join_browser`).

The password is kept as an Argon2id hash (argon2-cffi, at OWASP's parameters: 19 MiB, two
passes, one lane).  A session is a random token whose SHA-256 is a row of
``doublesix_sessions``: a fresh one at every sign-in, gone at sign-out, all gone with a new
password.  Names are unique by how they look (:func:`look_of`), and a deleted account's name
is held for a while before anyone may take it (``doublesix_held_names``).

Blocking: call these from a worker thread (:class:`~doublesix.web.storage.saving.Saving`).

>>> from doublesix.web.storage.store import Store
>>> store = Store("sqlite://")
>>> ana = sign_up(store, "Ana", hash_password("correct horse"))
>>> token = open_session(store, ana.id)
>>> session_account(store, token).name, verify(find(store, "ANA"), "correct horse")
('Ana', True)
>>> close_session(store, token); session_account(store, token) is None
True
"""

from __future__ import annotations

import datetime
import json
import secrets
import unicodedata
from dataclasses import dataclass
from typing import Final

import argon2
from confusable_homoglyphs import confusables
from sqlalchemy import DateTime, String, Text, delete, select, update
from sqlalchemy.orm import Mapped, Session, mapped_column

from doublesix.web.storage.ratings import RATINGS, RatingRow
from doublesix.web.storage.reviewrows import ReviewRow
from doublesix.web.storage.store import (
    Base,
    GameRow,
    ResultRow,
    SeatOwnerRow,
    Store,
    digest,
    utcnow,
)
from doublesix.words import accountwords

#: Argon2id at OWASP's first recommended setting (the Password Storage Cheat Sheet): 19 MiB
#: of memory, two passes, one lane; a hash takes some 30 ms on this project's machines.
HASHER: Final = argon2.PasswordHasher(time_cost=2, memory_cost=19 * 1024, parallelism=1)
#: A hash of no password, checked when a name is unknown so that the answer takes as long.
_NOBODY: Final = HASHER.hash(secrets.token_urlsafe(16))
#: The shortest and longest account names, in characters.
NAME_MIN: Final = 3
NAME_MAX: Final = 24
#: The shortest and longest passwords, in characters (long ones are welcome: pass phrases).
PASSWORD_MIN: Final = 8
PASSWORD_MAX: Final = 256


class AccountRow(Base):
    """An account: its name as typed, the name's look (unique), its password's hash."""

    __tablename__ = "doublesix_accounts"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(40))
    #: :func:`look_of` the name: two names that look alike have one look.
    look: Mapped[str] = mapped_column(String(200), unique=True)
    password: Mapped[str] = mapped_column(String(200))
    created: Mapped[datetime.datetime] = mapped_column(DateTime)
    #: How the person likes the game to look, as JSON (:func:`preferences`); None: never said.
    preferences: Mapped[str | None] = mapped_column(Text, nullable=True)


class SessionRow(Base):
    """A signed-in session: its token's SHA-256 and its account."""

    __tablename__ = "doublesix_sessions"

    token: Mapped[str] = mapped_column(String(64), primary_key=True)
    account: Mapped[str] = mapped_column(String(32), index=True)
    created: Mapped[datetime.datetime] = mapped_column(DateTime)


class BrowserRow(Base):
    """A browser (its cookie's SHA-256) that has signed in to an account: its own history
    joined the account then, once."""

    __tablename__ = "doublesix_account_browsers"

    browser: Mapped[str] = mapped_column(String(64), primary_key=True)
    account: Mapped[str] = mapped_column(String(32), index=True)
    joined: Mapped[datetime.datetime] = mapped_column(DateTime)


class HeldNameRow(Base):
    """The look of a deleted account's name, which nobody may take before ``until``."""

    __tablename__ = "doublesix_held_names"

    look: Mapped[str] = mapped_column(String(200), primary_key=True)
    until: Mapped[datetime.datetime] = mapped_column(DateTime)


@dataclass(frozen=True, slots=True)
class Account:
    """An account as the server uses it."""

    id: str
    name: str
    created: datetime.datetime

    @property
    def owner(self) -> str:
        """The owner its games and ratings are kept under (:func:`owner_key`)."""
        return owner_key(self.id)


@dataclass(frozen=True, slots=True)
class Joined:
    """What of a browser's own history joined an account at its first sign-in there."""

    games: int
    #: Whether the browser's rating became the account's (the account had none).
    rating: bool


class NameTakenError(Exception):
    """The name, or one that looks like it, belongs to an account (or is held)."""


def owner_key(account_id: str) -> str:
    """The owner an account's games are kept under: not the shape of any cookie.

    >>> owner_key("abc")
    'account:abc'
    """
    return f"account:{account_id}"


def look_of(name: str) -> str:
    """How ``name`` looks, for telling names apart: NFKC, case folded, and each character
    that has a look-alike (Unicode's confusables, by confusable_homoglyphs) replaced by the
    first of its kind, so that look-alikes have one look (the idea of UTS #39's skeleton).

    >>> look_of("Bea") == look_of("BEA") == look_of("\\uff22ea") == look_of("B\\u0435a")
    True
    >>> look_of("Poe") == look_of("\\u0440\\u043e\\u0435"), look_of("Bea") == look_of("Ben")
    (True, False)
    """
    folded = unicodedata.normalize("NFKC", name).casefold()
    return "".join(_first_look_alike(char) for char in folded)


def _first_look_alike(char: str) -> str:
    found = confusables.is_confusable(char, greedy=True, preferred_aliases=[])
    if not found:
        return char
    alikes: list[str] = [glyph["c"] for glyph in found[0]["homoglyphs"] if len(glyph["c"]) == 1]
    return min([char, *alikes])


def mixes_look_alikes(name: str) -> bool:
    """Whether ``name`` mixes scripts with look-alike letters ("p\\u0430ypal" with a
    Cyrillic a): confusable_homoglyphs' ``is_dangerous``, as django-registration checks.

    >>> mixes_look_alikes("p\\u0430ypal"), mixes_look_alikes("Jos\\u00e9")
    (True, False)
    >>> mixes_look_alikes("\\u0418\\u0432\\u0430\\u043d")  # all Cyrillic: a name like any
    False
    """
    return bool(confusables.is_dangerous(name))


def hash_password(password: str) -> str:
    """``password``'s Argon2id hash (slow on purpose: some 30 ms)."""
    return HASHER.hash(password)


def verify(row: AccountRow | None, password: str) -> bool:
    """Whether ``password`` is ``row``'s (None: no such account, answered as slowly)."""
    try:
        return HASHER.verify(row.password if row is not None else _NOBODY, password) and (
            row is not None)
    except argon2.exceptions.VerificationError:
        return False
    except argon2.exceptions.InvalidHashError:
        return False


def _account(row: AccountRow) -> Account:
    return Account(row.id, row.name, row.created)


def find(store: Store, name: str) -> AccountRow | None:
    """The account whose name looks like ``name``, or None."""
    with Session(store.engine) as session:
        return session.scalars(select(AccountRow).where(AccountRow.look == look_of(name))).first()


def sign_up(store: Store, name: str, password_hash: str) -> Account:
    """A new account called ``name`` (checked by the caller), or :class:`NameTakenError`."""
    look = look_of(name)
    now = utcnow()
    with store.writing(), Session(store.engine) as session, session.begin():
        held = session.get(HeldNameRow, look)
        if held is not None and held.until > now:
            raise NameTakenError(name)
        if session.scalars(select(AccountRow.id).where(AccountRow.look == look)).first():
            raise NameTakenError(name)
        if held is not None:
            session.delete(held)
        row = AccountRow(id=secrets.token_hex(16), name=name, look=look,
                         password=password_hash, created=now)
        session.add(row)
        try:
            session.flush()
        except Exception as error:  # the unique look, taken meanwhile by another process
            raise NameTakenError(name) from error
        return _account(row)


def open_session(store: Store, account_id: str, replacing: str | None = None) -> str:
    """A new session of the account (its token), ending the session ``replacing`` if one
    (a fresh token at every sign-in)."""
    token = secrets.token_urlsafe(32)
    with store.writing(), Session(store.engine) as session, session.begin():
        if replacing:
            session.execute(delete(SessionRow).where(SessionRow.token == digest(replacing)))
        session.add(SessionRow(token=digest(token), account=account_id, created=utcnow()))
    return token


def session_account(store: Store, token: str) -> Account | None:
    """The account a session's token is signed in to, or None (signed out, or never)."""
    with Session(store.engine) as session:
        row = session.execute(
            select(AccountRow).join(SessionRow, SessionRow.account == AccountRow.id)
            .where(SessionRow.token == digest(token))).scalars().first()
        return None if row is None else _account(row)


def close_session(store: Store, token: str) -> None:
    """Sign a session out: its token stops working."""
    with store.writing(), Session(store.engine) as session, session.begin():
        session.execute(delete(SessionRow).where(SessionRow.token == digest(token)))


def set_password(store: Store, account_id: str, password_hash: str, keep: str) -> None:
    """A new password for the account; every session but ``keep`` (a token) is signed out."""
    with store.writing(), Session(store.engine) as session, session.begin():
        session.execute(update(AccountRow).where(AccountRow.id == account_id)
                        .values(password=password_hash))
        session.execute(delete(SessionRow).where(SessionRow.account == account_id,
                                                 SessionRow.token != digest(keep)))


def preferences(store: Store, account_id: str) -> dict[str, object]:
    """The account's preferences as kept (:func:`set_preferences`); ``{}`` when none.

    >>> from doublesix.web.storage.store import Store
    >>> store = Store("sqlite://")
    >>> ana = sign_up(store, "Ana", "a hash")
    >>> preferences(store, ana.id)
    {}
    >>> set_preferences(store, ana.id, {"theme": "dark"}); preferences(store, ana.id)
    {'theme': 'dark'}
    """
    with Session(store.engine) as session:
        kept = session.scalars(select(AccountRow.preferences)
                               .where(AccountRow.id == account_id)).first()
    try:
        found = json.loads(kept) if kept else {}
    except ValueError:
        return {}
    return found if isinstance(found, dict) else {}


def set_preferences(store: Store, account_id: str, chosen: dict[str, object]) -> None:
    """Keep ``chosen`` (checked and bounded by the caller) as the account's preferences."""
    with store.writing(), Session(store.engine) as session, session.begin():
        session.execute(update(AccountRow).where(AccountRow.id == account_id)
                        .values(preferences=json.dumps(chosen, sort_keys=True)))


def knows_browser(store: Store, account_id: str, browser: str) -> bool:
    """Whether the browser (its cookie) has signed in to the account before."""
    with Session(store.engine) as session:
        row = session.get(BrowserRow, digest(browser))
        return row is not None and row.account == account_id


def join_browser(store: Store, account: Account, browser: str) -> Joined | None:
    """The browser's own history (its games, their results, the seats it took, its rating)
    joins ``account``, if the browser has never signed in to an account; None when it has (a
    browser's history joins one account, once).

    Its rating becomes the account's if the account has none; else the account keeps its
    own, and the browser's rated games join its history as earlier ones.
    """
    mine, theirs = digest(browser), digest(account.owner)
    with store.writing(), Session(store.engine) as session, session.begin():
        if session.get(BrowserRow, mine) is not None:
            return None
        session.add(BrowserRow(browser=mine, account=account.id, joined=utcnow()))
        games = _games_of(session, mine)
        for row in games:
            row.owner = theirs if row.owner == mine else row.owner
            row.seats = [{**seat, "owner": theirs} if seat.get("owner") == mine else seat
                         for seat in row.seats]
        for table in (SeatOwnerRow, ResultRow):
            session.execute(update(table).where(table.owner == mine).values(owner=theirs))
        own = _rating_rows(session, theirs)
        taken = {row["game_id"] for row in own}
        moving = [row for row in _rating_rows(session, mine) if row["game_id"] not in taken]
        session.execute(delete(RatingRow).where(RatingRow.owner.in_((mine, theirs))))
        session.flush()
        for number, columns in enumerate([*moving, *own], 1):
            session.add(RatingRow(**{**columns, "owner": theirs, "number": number}))
        return Joined(sum(row.owner == theirs for row in games), rating=not own and bool(moving))


def _games_of(session: Session, owner: str) -> list[GameRow]:
    """The games ``owner`` set up or took a seat in."""
    rows = session.scalars(select(GameRow).where(GameRow.owner == owner)).all()
    seated = session.scalars(select(GameRow).join(
        SeatOwnerRow, SeatOwnerRow.game_id == GameRow.id).where(SeatOwnerRow.owner == owner)
    ).all()
    return list({row.id: row for row in (*rows, *seated)}.values())


def _rating_rows(session: Session, owner: str) -> list[dict[str, object]]:
    """``owner``'s rating rows as columns, oldest first."""
    rows = session.scalars(select(RatingRow).where(RatingRow.owner == owner)
                           .order_by(RatingRow.number)).all()
    names = [column.name for column in RATINGS.columns]
    return [{name: getattr(row, name) for name in names} for row in rows]


def delete_account(store: Store, account_id: str, hold_days: float) -> None:
    """Remove the account: its sessions, its name (held ``hold_days`` before anyone may take
    it), its ratings and its results; its games against computers go, its games with other
    people stay for their records, with its seats' names and owner made anonymous."""
    with store.writing(), Session(store.engine) as session, session.begin():
        row = session.get(AccountRow, account_id)
        if row is None:
            return
        owner = digest(owner_key(account_id))
        anonymous = digest(secrets.token_urlsafe(24))
        session.merge(HeldNameRow(look=row.look,
                                  until=utcnow() + datetime.timedelta(days=hold_days)))
        for game in _games_of(session, owner):
            if game.table_info is None:  # against computers: nobody else's record
                session.delete(game)
                continue
            game.owner = anonymous if game.owner == owner else game.owner
            game.seats = [{**seat, "owner": anonymous, "name": accountwords.FORMER_PLAYER}
                          if seat.get("owner") == owner else seat for seat in game.seats]
        session.execute(update(SeatOwnerRow).where(SeatOwnerRow.owner == owner)
                        .values(owner=anonymous))
        for table in (RatingRow, ResultRow):
            session.execute(delete(table).where(table.owner == owner))
        session.execute(delete(ReviewRow).where(ReviewRow.browser == owner))
        session.execute(delete(SessionRow).where(SessionRow.account == account_id))
        session.execute(delete(BrowserRow).where(BrowserRow.account == account_id))
        session.delete(row)
