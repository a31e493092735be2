"""Each person's language on the web (issue 43): chosen, then used for every answer.

A person's language is, in order: the one they chose in Settings (the browser keeps it in the
:data:`LANGUAGE_COOKIE` cookie, and the account in its preferences: signing in on a new
browser sets the cookie from them), else the best of ``Accept-Language``, else English
(:func:`language_of`).  Every HTTP request is answered inside
:func:`doublesix.words.i18n.using` its language (:func:`add_routes`' middleware), so every
sentence of an answer, a refusal's included, is in it; a game's socket is served so too, and
its :class:`~doublesix.web.play.live.Connection` keeps the language for what the table sends
it later.

The page (``index.html``) is served in the language: ``<html lang dir>``, its own words
translated (:mod:`doublesix.words.markup`), and an import map that gives its scripts the
language's labels (``/static/labels/es.js``, written by
:func:`doublesix.words.pagelabels.module_in`) where they import ``labels.js``; each is made once
per language and kept in memory.

>>> language_of({LANGUAGE_COOKIE: "fr"}, "es"), language_of({}, "pt-BR,pt;q=0.9")
('fr', 'pt_BR')
>>> language_of({LANGUAGE_COOKIE: "klingon"}, None)
'en'
"""

from __future__ import annotations

import base64
import functools
import hashlib
import json
from collections.abc import Awaitable, Callable, Mapping
from pathlib import Path
from typing import Final

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, Response

from doublesix.web.routes.guards import CONTENT_SECURITY_POLICY
from doublesix.words import i18n, markup, pagelabels

#: The cookie that keeps the language chosen in Settings (the browser writes it).
LANGUAGE_COOKIE: Final = "doublesix_language"
#: Where the page's scripts import their labels from, and where each language's are.
LABELS_MODULE: Final = "/static/labels.js"
LABELS_PATH: Final = "/static/labels/{language}.js"
#: The answers that depend on the language (for caches between the server and the browser).
VARY: Final = "Accept-Language, Cookie"
_HTML_TAG: Final = '<html lang="en">'
_FIRST_SCRIPT: Final = '<script src="/static/theme.js"></script>'


def language_of(cookies: Mapping[str, str], accept_language: str | None) -> str:
    """The language of a request: the cookie's (a language of ours or a pseudo-language),
    else ``Accept-Language``'s best, else English."""
    chosen = cookies.get(LANGUAGE_COOKIE, "")
    if chosen in (*i18n.LANGUAGES, *i18n.PSEUDO):
        return chosen
    return i18n.negotiate(accept_language)


def labels_url(language: str) -> str:
    """Where the page in ``language`` finds its labels (English: ``labels.js`` itself).

    >>> labels_url("en"), labels_url("pt_BR")
    ('/static/labels.js', '/static/labels/pt_BR.js')
    """
    return LABELS_MODULE if language == i18n.ENGLISH else LABELS_PATH.format(language=language)


def import_map(language: str) -> str:
    """The page's import map in ``language``: its scripts' ``labels.js`` is the language's.

    >>> import_map("es")
    '{"imports": {"/static/labels.js": "/static/labels/es.js"}}'
    """
    return json.dumps({"imports": {LABELS_MODULE: labels_url(language)}})


def render_page(source: str, language: str) -> str:
    """The page in ``language``: its words said in it, ``lang`` and ``dir`` on ``<html>``, and
    the import map of its labels before the first script.  English is the page as written.

    >>> page = '<html lang="en"><head><script src="/static/theme.js"></script></head>'
    >>> render_page(page + '<p>Lobby</p>', "qps-rtl")[:48]
    '<html lang="qps-plocm" dir="rtl"><head><script t'
    """
    if language == i18n.ENGLISH:
        return source
    page = markup.translated(source, language).replace(
        _HTML_TAG, f'<html lang="{i18n.html_lang(language)}" dir="{i18n.direction(language)}">',
        1)
    return page.replace(_FIRST_SCRIPT, f'<script type="importmap">{import_map(language)}'
                                       f'</script>\n  {_FIRST_SCRIPT}', 1)


def security_policy(language: str) -> str:
    """The page's ``Content-Security-Policy`` in ``language``: the server's, with the hash of
    its import map (an inline script) allowed to run.

    >>> security_policy("en") == CONTENT_SECURITY_POLICY
    True
    >>> security_policy("fr").endswith("script-src 'self' 'sha256-" +
    ...     base64.b64encode(hashlib.sha256(import_map("fr").encode()).digest()).decode() + "'")
    True
    """
    if language == i18n.ENGLISH:
        return CONTENT_SECURITY_POLICY
    digest = base64.b64encode(hashlib.sha256(import_map(language).encode()).digest()).decode()
    return f"{CONTENT_SECURITY_POLICY}; script-src 'self' 'sha256-{digest}'"


class Pages:
    """The page and the labels modules, made once per language from the files as they are
    when first asked (they do not change while the server runs)."""

    def __init__(self, static: Path, placeholder: str) -> None:
        self.static = static
        self.placeholder = placeholder

    @functools.cache  # noqa: B019 - one Pages a server, kept for its life
    def page(self, language: str) -> str:
        """``index.html`` in ``language`` (the placeholder page if it is not installed)."""
        index = self.static / "index.html"
        if not index.is_file():
            return self.placeholder
        return render_page(index.read_text(encoding="utf-8"), language)

    @functools.cache  # noqa: B019 - as page
    def labels(self, language: str) -> str:
        """The labels module of ``language``."""
        return pagelabels.module_in(language)

    def made(self) -> dict[str, str]:
        """The labels modules of the languages but English (whose is a file), by address: the
        service worker keeps them with the files."""
        return {labels_url(language): self.labels(language)
                for language in i18n.LANGUAGES if language != i18n.ENGLISH}


def add_routes(app: FastAPI, static: Path, placeholder: str) -> Pages:
    """Answer every request in its language (a middleware; ``request.state.language`` holds
    it), and serve the labels modules (``/static/labels/{language}.js``).  Returns the
    :class:`Pages` that the page routes answer with."""
    pages = Pages(static, placeholder)

    @app.middleware("http")
    async def in_language(
        request: Request, call_next: Callable[[Request], Awaitable[Response]]
    ) -> Response:
        language = language_of(request.cookies, request.headers.get("accept-language"))
        request.state.language = language
        with i18n.using(language):
            response = await call_next(request)
        response.headers.setdefault("Content-Language", i18n.html_lang(language))
        return response

    @app.get(LABELS_PATH, include_in_schema=False)
    async def labels(language: str) -> Response:
        if language not in (*i18n.LANGUAGES, *i18n.PSEUDO):
            return Response("", status_code=404)
        return Response(pages.labels(language), media_type="text/javascript",
                        headers={"Cache-Control": "no-cache"})

    return pages


def page_response(request: Request, pages: Pages) -> Response:
    """The page in the request's language (never kept stale: ``no-cache``)."""
    language = getattr(request.state, "language", i18n.ENGLISH)
    return HTMLResponse(pages.page(language),
                        headers={"Cache-Control": "no-cache", "Vary": VARY,
                                 "Content-Security-Policy": security_policy(language)})
