"""The message catalogs, for translators: ``python -m doublesix.words.catalogs COMMAND``.

- ``extract``: find every marked message in ``src/doublesix`` (``_``, ``ngettext``,
  ``pgettext``, ``npgettext``, ``N_``) and the web page's own words (``web/static/index.html``,
  :mod:`doublesix.words.markup`), and write the template, ``locale/doublesix.pot``.
- ``update``: bring each language's ``doublesix.po`` up to the template (new messages empty,
  changed ones fuzzy, gone ones obsolete).
- ``compile``: write each ``doublesix.mo`` from its ``.po`` (the package ships them).
- ``check``: list each catalog's missing, fuzzy and broken entries (a placeholder lost or
  added), and the template's messages a catalog lacks; exit 1 if there is any.
- ``new LANG``: start a catalog for another language from the template.

The steps for a translator are in ``docs/translating.md``.
"""

from __future__ import annotations

import argparse
import io
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Final

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from doublesix.words import markup
from doublesix.words.i18n import DOMAIN, ENGLISH, LANGUAGES, LOCALE_DIR

#: The package's sources, searched for marked messages.
SOURCES: Final = Path(__file__).resolve().parents[1]
TEMPLATE: Final = LOCALE_DIR / f"{DOMAIN}.pot"
#: The web page, whose own words (:mod:`doublesix.words.markup`) join the template.
PAGE: Final = SOURCES / "web" / "static" / "index.html"
#: A comment above a message that starts so is kept for the translators.
COMMENT_TAGS: Final = ("Translators:",)
_PLACEHOLDER: Final = re.compile(r"\{(\w*)[^{}]*\}")


def po_path(language: str) -> Path:
    """Where ``language``'s catalog is."""
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(language: str) -> Path:
    """Where ``language``'s compiled catalog is."""
    return po_path(language).with_suffix(".mo")


def translated_languages() -> list[str]:
    """The languages with a catalog (every one of :data:`LANGUAGES` but English).

    >>> translated_languages()
    ['es', 'pt_BR', 'fr']
    """
    return [language for language in LANGUAGES if language != ENGLISH]


def template() -> Catalog:
    """Every marked message of the sources, as a fresh template."""
    catalog = Catalog(project="doublesix", version="0.1", msgid_bugs_address="",
                      copyright_holder="The doublesix developers", fuzzy=False)
    found = extract_from_dir(str(SOURCES), method_map=[("**.py", "python")],
                             keywords=DEFAULT_KEYWORDS, comment_tags=COMMENT_TAGS,
                             strip_comment_tags=True)
    for filename, lineno, message, comments, context in found:
        catalog.add(message, None, [(f"doublesix/{filename}", lineno)],
                    auto_comments=comments, context=context)
    for said in markup.messages(PAGE.read_text(encoding="utf-8")):
        catalog.add(said.text, None, [(f"doublesix/{PAGE.relative_to(SOURCES).as_posix()}",
                                       said.line)], context=said.context)
    return catalog


def _read(path: Path, locale: str | None = None) -> Catalog:
    with path.open("rb") as file:
        return read_po(file, locale=locale)


def _write(path: Path, catalog: Catalog) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as file:
        write_po(file, catalog, width=100, sort_output=False, include_previous=True)


def compiled(language: str) -> bytes:
    """The compile of ``language``'s ``.po`` (what its shipped ``.mo`` must be)."""
    output = io.BytesIO()
    write_mo(output, _read(po_path(language), language), use_fuzzy=False)
    return output.getvalue()


def placeholders(text: str) -> list[str]:
    """The named placeholders of a message, sorted (``{name}``, ``{count}``...).

    >>> placeholders("{name} laid {tile} on {end}, scoring {points}.")
    ['end', 'name', 'points', 'tile']
    """
    return sorted(found[1] for found in _PLACEHOLDER.finditer(text))


def _keyed(message: Message) -> tuple[str, str | None]:
    msgid = message.id if isinstance(message.id, str) else message.id[0]
    return msgid, message.context


def problems(language: str, wanted: Catalog | None = None) -> list[str]:
    """What is wrong with ``language``'s catalog, one line each: a message of the template
    (``wanted``, else the one on disk) missing or untranslated, a fuzzy one, and one whose
    placeholders differ from the English.

    >>> problems("fr")
    []
    """
    catalog = _read(po_path(language), language)
    wanted = wanted if wanted is not None else _read(TEMPLATE)
    have = {_keyed(m): m for m in catalog if m.id}
    lines = []
    for message in wanted:
        if not message.id:
            continue
        key = _keyed(message)
        where = f"{language}: {key[0]!r}" + (f" (context {key[1]})" if key[1] else "")
        found = have.get(key)
        strings: list[str] = [] if found is None else [
            str(string or "") for string in (
                found.string if isinstance(found.string, (tuple, list)) else [found.string])]
        if found is None or not strings or not all(strings):
            lines.append(f"missing {where}")
            continue
        if found.fuzzy:
            lines.append(f"fuzzy {where}")
        ids = [found.id] if isinstance(found.id, str) else list(found.id)
        english = set(placeholders(ids[-1])) | set(placeholders(ids[0]))
        for string in strings:
            own = set(placeholders(string))
            if own - english or (english - own - {"count"}):
                lines.append(f"placeholders {where}: {string!r}")
                break
    return lines


# -- the commands -----------------------------------------------------------------------------


def extract() -> None:
    """Write the template from the sources."""
    _write(TEMPLATE, template())


def update() -> None:
    """Bring each catalog up to the template."""
    wanted = _read(TEMPLATE)
    for language in translated_languages():
        catalog = _read(po_path(language), language)
        catalog.update(wanted)
        _write(po_path(language), catalog)


def compile_all() -> None:
    """Write each language's ``.mo`` from its ``.po``."""
    for language in translated_languages():
        mo_path(language).write_bytes(compiled(language))


def new(language: str) -> Path:
    """Start ``language``'s catalog from the template (its plural rule from Babel)."""
    path = po_path(language)
    if path.exists():
        raise SystemExit(f"{path} exists already: run update")
    catalog = Catalog(locale=language, project="doublesix", fuzzy=False)
    catalog.update(_read(TEMPLATE))
    _write(path, catalog)
    return path


def check(out: io.TextIOBase | None = None) -> int:
    """List every catalog's problems; 1 if there is any, else 0."""
    stream = out if out is not None else sys.stdout
    found = [line for language in translated_languages() for line in problems(language)]
    for line in found:
        print(line, file=stream)
    print(f"{len(found)} problems in {len(translated_languages())} catalogs.", file=stream)
    return 1 if found else 0


def main(argv: Sequence[str] | None = None) -> int:
    """The command line: ``extract``, ``update``, ``compile``, ``check`` or ``new LANG``."""
    parser = argparse.ArgumentParser(prog="python -m doublesix.words.catalogs",
                                     description="The message catalogs of doublesix.")
    parser.add_argument("command", choices=("extract", "update", "compile", "check", "new"))
    parser.add_argument("language", nargs="?", help="with new: the language (gettext's name)")
    args = parser.parse_args(argv)
    if args.command == "extract":
        extract()
    elif args.command == "update":
        update()
    elif args.command == "compile":
        compile_all()
    elif args.command == "new":
        if not args.language:
            parser.error("new needs a language, such as de or pt_PT")
        print(new(args.language))
    else:
        return check()
    return 0


if __name__ == "__main__":
    sys.exit(main())
