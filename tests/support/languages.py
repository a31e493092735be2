"""What the browser tests of the languages share (issue 43): the pseudo-language's walk, which
finds the words a page shows outside the ``qps`` markers, a browser that reads a chosen
language, and a message of the catalogs as a pattern of the page's text.
"""

from __future__ import annotations

import functools
import re
from typing import TYPE_CHECKING, Any

from playwright.sync_api import Page

from doublesix.words.catalogs import po_path
from doublesix.words.i18n import _, ngettext, using

if TYPE_CHECKING:  # the players import this module, and the browser's support imports them
    from tests.support.browser import Session

#: Text a qps page may show outside the markers: none (every sentence is marked). Each entry
#: would be a pattern of "element: text", with the reason it may stay English.
NOT_MARKED_YET: tuple[str, ...] = ()

#: Every text node a person may read (shown, or read by a screen reader) whose letters are
#: outside ⟦ ⟧: the markers' depth is followed through the page in document order, so that a
#: message holding a link (one message, two text nodes) counts as one.
OUTSIDE_MARKERS = """(names) => {
  const out = [];
  let depth = 0;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    let outside = "";
    for (const ch of node.textContent) {
      if (ch === "⟦") depth += 1;
      else if (ch === "⟧") depth = Math.max(0, depth - 1);
      else if (depth === 0) outside += ch;
    }
    const el = node.parentElement;
    // Not words of the page's language: a name in its own language (the language choice), a
    // number with its unit written by the browser's Intl (the pace), a key cap, a date as
    // the language's formats write it (Babel's, in the pseudo-language English's).
    const not = "script, style, template, [translate=no], kbd, svg, [hidden], " +
      "[lang]:not(html), output, time";
    if (!el || el.closest(not)) continue;
    if (el.closest("dialog:not([open])")) continue;
    const style = getComputedStyle(el);
    if (style.display === "none" || style.visibility === "hidden") continue;
    let letters = outside;
    for (const name of names) letters = letters.split(name).join("");
    const where = el.id || el.tagName.toLowerCase();
    if (/\\p{L}/u.test(letters)) out.push(`${where}: ${node.textContent.trim()}`);
  }
  return out;
}"""


def outside_markers(page: Page, where: str, names: tuple[str, ...] = ()) -> list[str]:
    """The texts of ``page`` with words outside the markers (but those not marked yet), each
    as "where: element: text"; ``names`` (the people's and the computers' names) are no words
    of the language."""
    return [f"{where}: {line}" for line in page.evaluate(OUTSIDE_MARKERS, list(names))
            if not any(re.search(known, line) for known in NOT_MARKED_YET)]


def unmarked(text: str) -> str:
    """The letters of ``text`` outside the markers (a marked message may hold another).

    >>> unmarked("⟦Daily: ⟦won⟧; 3 laid⟧ Bea")
    'Bea'
    """
    depth, outside = 0, []
    for ch in text:
        if ch == "⟦":
            depth += 1
        elif ch == "⟧":
            depth = max(0, depth - 1)
        elif depth == 0 and ch.isalpha():
            outside.append(ch)
    return "".join(outside)


def reading(make_session: Any, language: str, **options: Any) -> Session:
    """A browser whose language chosen (the Settings' cookie) is ``language``."""
    session: Session = make_session(**options)
    session.context.add_cookies([{"name": "doublesix_language", "value": language,
                                  "url": session.server.url}])
    return session


def sentence(language: str, *messages: str | tuple[str, str], **values: str) -> re.Pattern[str]:
    """Any of ``messages`` in ``language`` as a pattern, their placeholders ``values`` where
    given, else any words; a message with a plural is a pair, singular and plural, each of its
    forms one of the pattern's.

    >>> bool(sentence("es", "{name}'s turn.").fullmatch("Turno de Bea."))
    True
    >>> bool(sentence("es", "{name}'s turn.", name="Ana").fullmatch("Turno de Bea."))
    False
    >>> bool(sentence("fr", ("{count} tile", "{count} tiles")).fullmatch("2 dominos"))
    True
    """
    said: list[str] = []
    with using(language):
        for message in messages:
            if isinstance(message, str):
                said.append(_(message))
            else:
                said += [ngettext(*message, n) for n in (1, 2)]

    def placeholder(found: re.Match[str]) -> str:
        name = found[0][2:-2]
        return re.escape(values[name]) if name in values else ".+"

    return re.compile("|".join(re.sub(r"\\\{\w+\\\}", placeholder, re.escape(s)) for s in said))


def _words(texts: Any) -> set[str]:
    """The words (three letters or more) of messages, their placeholders left out."""
    found: set[str] = set()
    for text in texts:
        for part in (text,) if isinstance(text, str) else text:
            found |= {w.lower() for w in re.findall(r"[^\W\d_]{3,}", re.sub(r"\{\w*\}", "", part))}
    return found


@functools.cache
def english_only(language: str) -> frozenset[str]:
    """The English words the catalog of ``language`` never uses in its translations: one of
    them in a sentence a person of that language reads is English left by accident.

    >>> {"laid", "turn"} <= english_only("es"), "robaste" in english_only("es")
    (True, False)
    """
    from babel.messages.pofile import read_po

    with po_path(language).open("rb") as file:
        catalog = read_po(file)
    messages = [m for m in catalog if m.id]
    return frozenset(_words(m.id for m in messages) - _words(m.string for m in messages))


def not_in(language: str, lines: list[str]) -> list[str]:
    """The ``lines`` (what a page said) with a word of English in them (:func:`english_only`),
    each with those words."""
    foreign = english_only(language)
    return [f"{line} ({', '.join(sorted(_words([line]) & foreign))})" for line in lines
            if _words([line]) & foreign]
