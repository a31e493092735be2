"""The accounts' routes (``docs/protocol.md``, "Accounts"): sign up, sign in and out, the
account, a new password, the account's games as a download, the preferences it keeps, deleting
the account; and which account a request is signed in to (:meth:`Accounts.resolve`, called for
every request).

A browser keeps its session in an HttpOnly cookie (``doublesix_session``, SameSite=Lax,
Secure behind TLS); the terminal sends its token as ``Authorization: Bearer TOKEN``.  Wrong
passwords are counted per account and per address (:class:`~doublesix.web.routes.bounds.Buckets`):
past the bound the answer is 429 with Retry-After, but a browser that has signed in to the
account before is never held back by the account's count, so a stranger cannot lock the owner
out.
"""

from __future__ import annotations

import datetime
import unicodedata
from collections.abc import Awaitable, Callable
from typing import Any, Final, TypeVar

from fastapi import FastAPI, Request, Response
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ValidationError

from doublesix.protocol import accounts as bodies
from doublesix.web.play.gameinfo import ProtocolError
from doublesix.web.routes.bodies import parse_name
from doublesix.web.routes.bounds import Buckets
from doublesix.web.routes.openapi import answers, body
from doublesix.web.settings import Settings
from doublesix.web.storage import accounts
from doublesix.web.storage.accounts import Account, NameTakenError
from doublesix.web.storage.history import record_json
from doublesix.web.storage.saving import Saving
from doublesix.web.storage.store import digest
from doublesix.words import accountwords
from doublesix.words.i18n import _

M = TypeVar("M", bound=BaseModel)

#: The session's cookie.
SESSION_COOKIE: Final = "doublesix_session"
#: How long a browser's session cookie lasts (a year; signing out ends it at once).
SESSION_AGE: Final = 365 * 24 * 3600
#: The shape of a session token (``secrets.token_urlsafe(32)``).
_TOKEN_CHARS: Final = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


def is_token(value: str) -> bool:
    """Whether ``value`` could be a session token (checked before any lookup).

    >>> is_token("a" * 43), is_token("a b"), is_token("")
    (True, False, False)
    """
    return 20 <= len(value) <= 64 and set(value) <= _TOKEN_CHARS


class Refusal(Exception):
    """A request refused: its status and words."""

    def __init__(self, status: int, words: str, retry_after: float = 0) -> None:
        super().__init__(words)
        self.status = status
        self.retry_after = retry_after


class Accounts:
    """The accounts of one server process: the store's accounts, the wrong passwords counted."""

    def __init__(self, saving: Saving, settings: Settings) -> None:
        self.saving = saving
        self.store = saving.store
        self.settings = settings
        self.wrong_by_account = Buckets(settings.wrong_passwords_per_hour_per_account)
        self.wrong_by_address = Buckets(settings.wrong_passwords_per_hour_per_address)

    @staticmethod
    def token_of(request: Request) -> str | None:
        """The session token a request carries (its cookie, or a Bearer header), if any."""
        header = request.headers.get("authorization", "")
        token = header[7:].strip() if header[:7].lower() == "bearer " else (
            request.cookies.get(SESSION_COOKIE, ""))
        return token if is_token(token) else None

    async def resolve(self, request: Request) -> Account | None:
        """The account the request is signed in to, or None (a guest: nothing is read)."""
        token = self.token_of(request)
        if token is None:
            return None
        return await self.saving.run(accounts.session_account, self.store, token)

    async def sign_up(self, name: str, password: str) -> Account:
        """A new account (:class:`Refusal` when the name or password will not do)."""
        check_password(name, password)
        hashed = await self.saving.run(accounts.hash_password, password)
        try:
            return await self.saving.run(accounts.sign_up, self.store, name, hashed)
        except NameTakenError:
            raise Refusal(409, _(accountwords.NAME_TAKEN)) from None

    async def sign_in(self, name: str, password: str, browser: str, address: str) -> Account:
        """The account if the password is its own; else :class:`Refusal` (401, or 429 past
        the bound of wrong passwords)."""
        look = accounts.look_of(name)
        row = await self.saving.run(accounts.find, self.store, name)
        known = row is not None and await self.saving.run(
            accounts.knows_browser, self.store, row.id, browser)
        wait = max(self.wrong_by_address.wait(address),
                   0.0 if known else self.wrong_by_account.wait(look))
        if wait > 0:
            raise Refusal(429, accountwords.too_many_tries(wait), wait)
        if not await self.saving.run(accounts.verify, row, password) or row is None:
            self.wrong_by_address.take(address)
            self.wrong_by_account.take(look)
            raise Refusal(401, _(accountwords.WRONG))
        return Account(row.id, row.name, row.created)

    async def check(self, account: Account, password: str) -> None:
        """:class:`Refusal` (403) unless ``password`` is the account's."""
        row = await self.saving.run(accounts.find, self.store, account.name)
        if row is None or row.id != account.id or not await self.saving.run(
                accounts.verify, row, password):
            raise Refusal(403, _(accountwords.WRONG_PASSWORD))


def check_name(name: str) -> str:
    """An account's name, checked as every typed name is (:func:`parse_name`), 3 to 24
    characters, not mixing alphabets with look-alike letters (:class:`Refusal`)."""
    tidy = " ".join(unicodedata.normalize("NFC", name).split())
    if not accounts.NAME_MIN <= len(tidy) <= accounts.NAME_MAX:
        raise Refusal(400, _(accountwords.NAME_LENGTH))
    try:
        name = parse_name(tidy)
    except ProtocolError as error:
        raise Refusal(400, str(error)) from None
    if accounts.mixes_look_alikes(name):
        raise Refusal(400, _(accountwords.NAME_MIXES))
    return name


def check_password(name: str, password: str) -> None:
    """:class:`Refusal` for a password that will not do (too short or long, the name)."""
    if not accounts.PASSWORD_MIN <= len(password) <= accounts.PASSWORD_MAX:
        raise Refusal(400, _(accountwords.PASSWORD_LENGTH))
    if accounts.look_of(password.strip()) == accounts.look_of(name):
        raise Refusal(400, _(accountwords.PASSWORD_SAME_AS_NAME))


def parse(model: type[M], data: object, words: str) -> M:
    """``data`` as ``model``, or :class:`Refusal` (400, ``words``)."""
    try:
        return model.model_validate(data)
    except ValidationError:
        raise Refusal(400, words) from None


def kept_preferences(data: object) -> bodies.Preferences:
    """The preferences kept (as the store read them), each field that is still one of this
    release's choices: a name another release wrote and this one does not know is left out.

    >>> kept_preferences({"theme": "dark", "felt": "purple", "later": 1})
    Preferences(theme='dark', felt=None, tiles=None, coach=None, language=None)
    """
    fields = data if isinstance(data, dict) else {}
    good: dict[str, object] = {}
    for name in bodies.Preferences.model_fields:
        try:
            bodies.Preferences.model_validate({name: fields.get(name)})
        except ValidationError:
            continue
        good[name] = fields.get(name)
    return bodies.Preferences.model_validate(good)


def changed_preferences(kept: bodies.Preferences, asked: bodies.Preferences) -> dict[str, object]:
    """The preferences after a change: the fields ``asked`` names replace those kept (null
    forgets one), the others stay, so a page that knows fewer fields keeps the rest.

    >>> changed_preferences(kept_preferences({"theme": "dark", "felt": "red"}),
    ...                     bodies.Preferences.model_validate({"felt": None, "tiles": "numerals"}))
    {'theme': 'dark', 'tiles': 'numerals'}
    """
    both = {**kept.model_dump(), **asked.model_dump(include=asked.model_fields_set)}
    return {name: value for name, value in both.items() if value is not None}


def info(account: Account) -> dict[str, Any]:
    """The account as ``AccountInfo``."""
    return {"name": account.name, "created": account.created.date().isoformat(),
            "signed_in": accountwords.signed_in(account.name)}


def add_routes(
    app: FastAPI,
    service: Accounts,
    read_body: Callable[[Request], Awaitable[Any]],
    address_of: Callable[[Request], str],
) -> None:
    """Add the accounts' routes to ``app``."""
    settings = service.settings

    def refused(error: Refusal) -> JSONResponse:
        headers = {"Retry-After": str(max(1, round(error.retry_after)))} if (
            error.retry_after) else None
        return JSONResponse({"error": str(error)}, status_code=error.status, headers=headers)

    async def read(request: Request) -> Any:
        """The request's JSON body (:class:`Refusal` when it is no JSON, or too deep)."""
        try:
            return await read_body(request)
        except ProtocolError as error:
            raise Refusal(400, str(error)) from None

    def signed_in(request: Request) -> Account:
        account: Account | None = request.state.account
        if account is None:
            raise Refusal(401, _(accountwords.SIGNED_OUT))
        return account

    async def open_session(request: Request, response: Response, account: Account,
                           client: str) -> dict[str, Any]:
        """A fresh session for ``account`` (the old one of this browser ended), and this
        browser's history joined if it never was."""
        replacing = service.token_of(request) if client == "browser" else None
        token = await service.saving.run(accounts.open_session, service.store, account.id,
                                         replacing)
        joined = await service.saving.run(accounts.join_browser, service.store, account,
                                          request.state.browser)
        answer = {**info(account), "token": None, "joined": None if joined is None else
                  accountwords.joined(joined.games, joined.rating)}
        if client == "terminal":
            answer["token"] = token
        else:
            response.set_cookie(SESSION_COOKIE, token, max_age=SESSION_AGE, httponly=True,
                                samesite="lax", path="/",
                                secure=request.url.scheme == "https")
        return answer

    @app.post("/api/account", status_code=201, response_model=bodies.SignedIn,
              responses=answers(400, 403, 409, 503),
              openapi_extra=body(bodies.Credentials))
    async def sign_up(request: Request, response: Response) -> Any:
        """A new account (``Credentials``), signed in at once."""
        try:
            asked = parse(bodies.Credentials, await read(request), accountwords.BODY)
            account = await service.sign_up(check_name(asked.name), asked.password)
            return await open_session(request, response, account, asked.client)
        except Refusal as error:
            return refused(error)

    @app.post("/api/session", response_model=bodies.SignedIn,
              responses=answers(400, 401, 403, 429, 503), openapi_extra=body(bodies.Credentials))
    async def sign_in(request: Request, response: Response) -> Any:
        """Sign in (``Credentials``): a fresh session."""
        try:
            asked = parse(bodies.Credentials, await read(request), accountwords.BODY)
            account = await service.sign_in(asked.name, asked.password, request.state.browser,
                                            address_of(request))
            return await open_session(request, response, account, asked.client)
        except Refusal as error:
            return refused(error)

    @app.delete("/api/session", status_code=204, responses=answers(403, 503))
    async def sign_out(request: Request) -> Response:
        """Sign out: the session's token stops working, wherever it was copied."""
        token = service.token_of(request)
        if token is not None:
            await service.saving.run(accounts.close_session, service.store, token)
        response = Response(status_code=204)
        response.delete_cookie(SESSION_COOKIE, path="/")
        return response

    @app.get("/api/account", response_model=bodies.AccountInfo, responses=answers(401, 503))
    async def account(request: Request) -> Any:
        """The account signed in."""
        try:
            return info(signed_in(request))
        except Refusal as error:
            return refused(error)

    @app.post("/api/account/password", status_code=204, responses=answers(400, 401, 403, 503),
              openapi_extra=body(bodies.NewPassword))
    async def new_password(request: Request) -> Response:
        """A new password (``NewPassword``); every other session is signed out."""
        try:
            me = signed_in(request)
            asked = parse(bodies.NewPassword, await read(request),
                          accountwords.NEW_PASSWORD_BODY)
            await service.check(me, asked.old)
            check_password(me.name, asked.new)
            hashed = await service.saving.run(accounts.hash_password, asked.new)
            await service.saving.run(accounts.set_password, service.store, me.id, hashed,
                                     service.token_of(request) or "")
        except Refusal as error:
            return refused(error)
        return Response(status_code=204)

    @app.get("/api/account/games", response_model=bodies.Records, responses=answers(401, 503))
    async def download(request: Request) -> Any:
        """Every finished game of the account, as records (a download)."""
        try:
            me = signed_in(request)
        except Refusal as error:
            return refused(error)
        saved = await service.saving.run(service.store.finished_games,
                                         digest(me.owner))
        today = datetime.datetime.now(datetime.UTC).date().isoformat()
        return JSONResponse(
            {"format": "doublesix-records", "version": 1, "account": me.name,
             "games": [record_json(game) for game in saved]},
            headers={"Content-Disposition":
                     f'attachment; filename="doublesix-games-{today}.json"'})

    @app.get("/api/account/preferences", response_model=bodies.Preferences,
             responses=answers(401, 503))
    async def preferences(request: Request) -> Any:
        """The preferences the account keeps (a field never chosen is null)."""
        try:
            me = signed_in(request)
        except Refusal as error:
            return refused(error)
        return kept_preferences(await service.saving.run(accounts.preferences, service.store,
                                                         me.id))

    @app.put("/api/account/preferences", response_model=bodies.Preferences,
             responses=answers(400, 401, 403, 503), openapi_extra=body(bodies.Preferences))
    async def choose(request: Request) -> Any:
        """Change the preferences (``Preferences``: the fields it names; null forgets one);
        the answer is the whole record kept."""
        try:
            me = signed_in(request)
            asked = parse(bodies.Preferences, await read(request), accountwords.PREFERENCES_BODY)
        except Refusal as error:
            return refused(error)
        kept = kept_preferences(await service.saving.run(accounts.preferences, service.store,
                                                         me.id))
        chosen = changed_preferences(kept, asked)
        await service.saving.run(accounts.set_preferences, service.store, me.id, chosen)
        return bodies.Preferences.model_validate(chosen)

    @app.post("/api/account/delete", status_code=204, responses=answers(400, 401, 403, 503),
              openapi_extra=body(bodies.Farewell))
    async def delete(request: Request) -> Response:
        """Delete the account (``Farewell``: its password again)."""
        try:
            me = signed_in(request)
            asked = parse(bodies.Farewell, await read(request), accountwords.FAREWELL_BODY)
            await service.check(me, asked.password)
        except Refusal as error:
            return refused(error)
        await service.saving.run(accounts.delete_account, service.store, me.id,
                                 settings.held_name_days)
        response = Response(status_code=204)
        response.delete_cookie(SESSION_COOKIE, path="/")
        return response
