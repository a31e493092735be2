"""The languages of the words: GNU gettext catalogs, read through Python's :mod:`gettext`, and
Babel's numbers and dates, in the language of the current context.

A sentence is translated when it is said, never at import: :func:`_` looks the message up in
the language :func:`current` names, which :func:`using` sets for a block (a
:class:`~contextvars.ContextVar`, so that a server can build each seat's sentences in that
seat's language, and the terminal in its own).  Without one it is English, the source
language, whose messages are the catalogs' keys.

>>> _("Your turn.")
'Your turn.'
>>> with using("es"):
...     _("Your turn."), ngettext("{count} tile", "{count} tiles", 1).format(count=1)
('Tu turno.', '1 ficha')
>>> with using("qps"):
...     _("{name}'s turn.").format(name="Bea")
"⟦Bea's turn.⟧"

A constant is marked with :func:`N_` (found by the extractor, left in English) and translated
where it is said: ``_(SOME_CONSTANT)``.  Where one English word has two meanings, the message
has a context: ``pgettext("command", "draw")`` (the move) is not a drawn hand.

Two pseudo-languages have no catalog: ``qps`` wraps every translated message in markers
(``⟦Your turn.⟧``), so that a test finds any text left unmarked; ``qps-rtl`` writes the
English words' letters backwards and is right-to-left (:func:`direction`).

This module is the words' lowest layer: it imports nothing of doublesix.
"""

from __future__ import annotations

import contextlib
import datetime
import functools
import gettext
import re
from collections.abc import Iterable, Iterator, Mapping
from contextvars import ContextVar
from pathlib import Path
from typing import Final

from babel import Locale, UnknownLocaleError
from babel.dates import format_date, format_skeleton
from babel.numbers import format_decimal, format_percent

#: The source language, said when no other is chosen.
ENGLISH: Final = "en"
#: The languages the game speaks, with a catalog each but English (gettext's locale names).
LANGUAGES: Final = ("en", "es", "pt_BR", "fr")
#: The pseudo-languages for tests: every message marked; the words reversed, right to left.
PSEUDO: Final = ("qps", "qps-rtl")
#: The catalogs' domain, and where they are.
DOMAIN: Final = "doublesix"
LOCALE_DIR: Final = Path(__file__).with_name("locale")
#: The markers ``qps`` puts around every translated message.
OPEN, CLOSE = "⟦", "⟧"
#: Each language's name in itself, for ``--lang``'s help and a language menu.
NATIVE_NAMES: Final = {"en": "English", "es": "Español", "pt_BR": "Português (Brasil)",
                       "fr": "Français"}

_LANGUAGE: ContextVar[str] = ContextVar("doublesix_language", default=ENGLISH)


# -- the language of the context ----------------------------------------------------------------


def current() -> str:
    """The language sentences are said in now (English when none was chosen).

    >>> current()
    'en'
    """
    return _LANGUAGE.get()


@contextlib.contextmanager
def using(language: str) -> Iterator[str]:
    """Say every sentence of the block in ``language`` (a name of :data:`LANGUAGES` or
    :data:`PSEUDO`; anything else is negotiated first, as :func:`choose` does).

    >>> with using("pt-BR"):
    ...     current()
    'pt_BR'
    >>> current()
    'en'
    """
    chosen = language if language in (*LANGUAGES, *PSEUDO) else choose([language])
    token = _LANGUAGE.set(chosen)
    try:
        yield chosen
    finally:
        _LANGUAGE.reset(token)


def direction(language: str | None = None) -> str:
    """``"rtl"`` for a language written right to left, else ``"ltr"`` (``language``: the
    current one when None).

    >>> direction("fr"), direction("qps-rtl")
    ('ltr', 'rtl')
    """
    return "rtl" if (language or current()) == "qps-rtl" else "ltr"


def html_lang(language: str | None = None) -> str:
    """The ``lang`` of a page in ``language`` (the current one when None): its BCP 47 tag, and
    for the pseudo-languages the private tags Windows gives them.

    >>> html_lang("pt_BR"), html_lang("qps"), html_lang("qps-rtl")
    ('pt-BR', 'qps-ploc', 'qps-plocm')
    """
    language = language or current()
    return {"qps": "qps-ploc", "qps-rtl": "qps-plocm"}.get(language, language.replace("_", "-"))


# -- choosing a language ------------------------------------------------------------------------


def _parsed(tag: str) -> Locale | None:
    """A language tag (``pt-BR``, ``es_AR.UTF-8``, ``fr@euro``) as Babel's locale; None for
    one Babel does not know (``C``, ``POSIX``, ``xx``)."""
    tag = tag.strip().split(".")[0].split("@")[0].replace("-", "_")
    if not tag or tag in ("C", "POSIX", "*"):
        return None
    try:
        return Locale.parse(tag)
    except (ValueError, UnknownLocaleError):
        return None


def choose(preferred: Iterable[str]) -> str:
    """The first of our :data:`LANGUAGES` (or a pseudo-language) that serves the ``preferred``
    tags, most wanted first: the tag itself, else a language of ours with its first part
    (``es-MX`` is served by ``es``, ``pt`` and ``pt-PT`` by ``pt_BR``); English when none does.

    >>> choose(["de", "pt-PT", "fr"]), choose(["es_MX.UTF-8"]), choose(["C.UTF-8"])
    ('pt_BR', 'es', 'en')
    """
    for tag in preferred:
        if tag in PSEUDO:
            return tag
        locale = _parsed(tag)
        if locale is None:
            continue
        exact = str(locale)
        if exact in LANGUAGES:
            return exact
        for ours in LANGUAGES:
            if ours.split("_")[0] == locale.language:
                return ours
    return ENGLISH


def negotiate(accept_language: str | None) -> str:
    """The language for an HTTP ``Accept-Language`` header: its tags by their ``q`` (a tag
    with ``q=0`` is refused), most wanted first, as :func:`choose` serves them.

    >>> negotiate("de-CH, fr;q=0.8, en;q=0.5"), negotiate("pt-BR,pt;q=0.9"), negotiate(None)
    ('fr', 'pt_BR', 'en')
    >>> negotiate("es;q=0, en-GB")
    'en'
    """
    wanted: list[tuple[float, int, str]] = []
    for order, part in enumerate((accept_language or "").split(",")):
        tag, _sep, params = part.strip().partition(";")
        quality = 1.0
        found = re.search(r"q\s*=\s*([0-9.]+)", params)
        if found:
            try:
                quality = float(found[1])
            except ValueError:
                quality = 0.0
        if tag and quality > 0:
            wanted.append((-quality, order, tag.strip()))
    return choose(tag for _q, _o, tag in sorted(wanted))


def from_environment(environ: Mapping[str, str]) -> str:
    """The terminal's language from the locale variables, as POSIX reads them: the first of
    ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` that is set (``es_ES.UTF-8``), negotiated to a
    language we have; English otherwise.

    >>> from_environment({"LANG": "fr_CA.UTF-8"}), from_environment({"LANG": "C.UTF-8"})
    ('fr', 'en')
    >>> from_environment({"LC_ALL": "pt_BR.UTF-8", "LANG": "es_ES.UTF-8"})
    'pt_BR'
    """
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name, "").strip()
        if value:
            return choose([value])
    return ENGLISH


# -- the catalogs -------------------------------------------------------------------------------


class Pseudo(gettext.NullTranslations):
    """A pseudo-language's translations: the English message changed by :meth:`change`."""

    def __init__(self, language: str) -> None:
        super().__init__()
        self.language = language

    def change(self, message: str) -> str:
        """``qps``: the message between markers; ``qps-rtl``: each English word's letters
        backwards, the placeholders (``{name}``) kept."""
        if self.language == "qps":
            return f"{OPEN}{message}{CLOSE}"
        return re.sub(r"\{[^}]*\}|[A-Za-z]+",
                      lambda m: m[0] if m[0].startswith("{") else m[0][::-1], message)

    def gettext(self, message: str) -> str:
        return self.change(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return self.change(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return self.change(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return self.change(msgid1 if n == 1 else msgid2)


@functools.cache
def translations(language: str) -> gettext.NullTranslations:
    """The catalog of ``language``, read once (English, or a language without a compiled
    catalog: the messages as they are).

    >>> translations("fr").gettext("Your turn.")
    'À vous de jouer.'
    """
    if language in PSEUDO:
        return Pseudo(language)
    if language == ENGLISH:
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, LOCALE_DIR, [language], fallback=True)


def _(message: str) -> str:
    """``message`` in the current language.

    >>> with using("pt_BR"):
    ...     _("Your turn.")
    'Sua vez.'
    """
    return translations(current()).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for the number ``n``, in the current language's plural rule
    (French says "0 tuile", Spanish "0 fichas"); the number is the caller's to put in.

    >>> ngettext("{count} tile", "{count} tiles", 0).format(count=0)
    '0 tiles'
    >>> with using("fr"):
    ...     ngettext("{count} tile", "{count} tiles", 0).format(count=0)
    '0 domino'
    """
    return translations(current()).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, in ``context`` (one English word, two meanings).

    >>> with using("es"):
    ...     pgettext("command", "draw")
    'robar'
    """
    return translations(current()).pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """:func:`ngettext` with a context."""
    return translations(current()).npgettext(context, singular, plural, n)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogs and leave it in English: it is translated where it
    is said (``_(CONSTANT)``), in that moment's language.

    >>> N_("Goodbye.")
    'Goodbye.'
    """
    return message


def capital(text: str) -> str:
    """``text`` with its first letter a capital, the rest as it is (a sentence's start).

    >>> capital("up arm 5"), capital("6|4 fits left")
    ('Up arm 5', '6|4 fits left')
    """
    return text[:1].upper() + text[1:]


# -- numbers and dates --------------------------------------------------------------------------


def babel_locale(language: str | None = None) -> Locale:
    """Babel's locale for ``language`` (the current one when None); the pseudo-languages
    write numbers and dates as English does."""
    language = language or current()
    return Locale.parse(ENGLISH if language in PSEUDO else language)


def number(value: int | float) -> str:
    """A number the local way.

    >>> number(1524)
    '1,524'
    >>> with using("es"):
    ...     number(1524)
    '1.524'
    """
    return format_decimal(value, locale=babel_locale())


def percent(share: float) -> str:
    """A share (0 to 1) as a whole percentage, the local way ("60%", "60 %" in French).

    >>> percent(0.6)
    '60%'
    """
    return format_percent(share, locale=babel_locale())


def short_date(day: datetime.date, with_year: bool = False) -> str:
    """A day in few characters: its number and its month's short name (and the year), in the
    language's own order and words (CLDR's); English writes the day first ("4 Dec", "2 Sep"), as
    the page always has.

    >>> short_date(datetime.date(2026, 12, 4)), short_date(datetime.date(2026, 12, 4), True)
    ('4 Dec', '4 Dec 2026')
    >>> for language in ("es", "pt_BR", "fr"):
    ...     with using(language):
    ...         print(short_date(datetime.date(2026, 12, 4)), "|",
    ...               short_date(datetime.date(2026, 12, 4), True))
    4 dic | 4 dic 2026
    4 de dez. | 4 de dez. de 2026
    4 déc. | 4 déc. 2026
    """
    locale = babel_locale()
    if locale.language == ENGLISH:
        return format_date(day, "d MMM y" if with_year else "d MMM", locale=locale)
    return format_skeleton("yMMMd" if with_year else "MMMd", day, locale=locale)
