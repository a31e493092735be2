"""The web page's markup in the reader's language: ``index.html``'s own words (headings, help,
buttons, ``aria-label``, ``alt`` and ``title``) are messages of the catalog, found by
:func:`messages` (``catalogs extract`` adds them to the template) and said by
:func:`translated`.

The page is written in English as it is; nothing marks a sentence but its place:

- each run of text between tags is a message, its spaces and line breaks made one space
  (``<h2>New game</h2>``: ``New game``);
- an element with ``data-words`` is one message with the inline tags it holds, so that a
  sentence with a link stays whole (``To open one, start a <a href="/" data-nav>new game</a>
  ...``): a translation keeps the tags, and may move them;
- ``data-context="move"`` gives the element's messages a context, where one English word has
  two meanings (the Draw button, not the Draw game);
- ``aria-label``, ``alt``, ``title`` and ``placeholder`` are messages too; text in
  ``<script>`` and ``<style>``, in an element marked ``translate="no"`` (HTML's own mark:
  a name, a key cap), and text without a letter (``◀``, ``2``), is not.

>>> page = '<html lang="en"><body><h1 title="The game">New game</h1>\\n<p>2</p></body></html>'
>>> [(m.text, m.context) for m in messages(page)]
[('The game', None), ('New game', None)]
>>> translated(page, "qps")
'<html lang="en"><body><h1 title="⟦The game⟧">⟦New game⟧</h1>\\n<p>2</p></body></html>'
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from dataclasses import dataclass
from html.parser import HTMLParser
from typing import Final

from doublesix.words.i18n import _, pgettext, using

#: The attributes whose values a person reads (or hears).
SAID_ATTRIBUTES: Final = ("aria-label", "alt", "title", "placeholder")
#: Elements whose text is not words.
SKIPPED: Final = ("script", "style")
#: Elements without an end tag.
VOID: Final = frozenset(("area", "base", "br", "col", "embed", "hr", "img", "input", "link",
                         "meta", "source", "track", "wbr"))
_LETTER: Final = re.compile(r"[^\W\d_]")
_SPACES: Final = re.compile(r"\s+")


@dataclass(frozen=True)
class Message:
    """One message of the markup: its English, context, and line (for the catalog)."""

    text: str
    context: str | None
    line: int


@dataclass
class _Token:
    kind: str  # "start", "end", "text" or "other"
    raw: str
    tag: str = ""
    attrs: tuple[tuple[str, str | None], ...] = ()
    line: int = 0


class _Tokens(HTMLParser):
    """The page as tokens, each with its source text, so that it is written back as it was."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=False)
        self.tokens: list[_Token] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tokens.append(_Token("start", self.get_starttag_text() or "", tag, tuple(attrs),
                                  self.getpos()[0]))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)

    def handle_endtag(self, tag: str) -> None:
        self.tokens.append(_Token("end", f"</{tag}>", tag, line=self.getpos()[0]))

    def handle_data(self, data: str) -> None:
        self.tokens.append(_Token("text", data, line=self.getpos()[0]))

    def handle_entityref(self, name: str) -> None:
        self.tokens.append(_Token("text", f"&{name};", line=self.getpos()[0]))

    def handle_charref(self, name: str) -> None:
        self.tokens.append(_Token("text", f"&#{name};", line=self.getpos()[0]))

    def handle_comment(self, data: str) -> None:
        self.tokens.append(_Token("other", f"<!--{data}-->"))

    def handle_decl(self, decl: str) -> None:
        self.tokens.append(_Token("other", f"<!{decl}>"))


def _tokens(page: str) -> list[_Token]:
    parser = _Tokens()
    parser.feed(page)
    parser.close()
    return parser.tokens


def _words(text: str) -> str | None:
    """The message of a run of text (its spaces made one), None if it has no letter."""
    said = _SPACES.sub(" ", text).strip()
    return said if _LETTER.search(html.unescape(said)) else None


def _say(text: str, context: str | None) -> str:
    return pgettext(context, text) if context else _(text)


def _units(page: str) -> Iterator[tuple[str, int, int, str, str | None]]:
    """Each message of the page: ``("text", first, last, english, context)`` for a run of
    tokens ``first..last`` said as one, ``("attr", index, 0, name, context)`` for an
    attribute of the start tag at ``index``."""
    tokens = _tokens(page)
    # The open elements: each one's tag, its messages' context, and whether it is skipped.
    open_tags: list[tuple[str, str | None, bool]] = [("", None, False)]
    index = 0
    while index < len(tokens):
        token = tokens[index]
        _tag, context, skipped = open_tags[-1]
        if token.kind == "start":
            attrs = dict(token.attrs)
            context = attrs.get("data-context") or context
            skipped = skipped or token.tag in SKIPPED or attrs.get("translate") == "no"
            for name in () if skipped else SAID_ATTRIBUTES:
                value = attrs.get(name)
                if value and _words(value):
                    yield "attr", index, 0, name, context
            if "data-words" in attrs and not skipped:
                end = _matching_end(tokens, index)
                inner = "".join(t.raw for t in tokens[index + 1:end])
                if _words(inner):
                    yield "text", index + 1, end - 1, _SPACES.sub(" ", inner).strip(), context
                index = end + 1
                continue
            if token.tag not in VOID and not token.raw.endswith("/>"):
                open_tags.append((token.tag, context, skipped))
        elif token.kind == "end":
            if any(tag == token.tag for tag, _c, _s in open_tags[1:]):
                while open_tags.pop()[0] != token.tag:
                    pass
        elif token.kind == "text" and not skipped:
            last = index
            while last + 1 < len(tokens) and tokens[last + 1].kind == "text":
                last += 1
            text = "".join(t.raw for t in tokens[index:last + 1])
            words = _words(text)
            if words:
                yield "text", index, last, words, context
            index = last
        index += 1


def _matching_end(tokens: list[_Token], start: int) -> int:
    """The index of the end tag that closes the element opened at ``start``."""
    tag = tokens[start].tag
    depth = 0
    for index in range(start, len(tokens)):
        token = tokens[index]
        if token.tag == tag and token.kind == "start":
            depth += 1
        elif token.tag == tag and token.kind == "end":
            depth -= 1
            if depth == 0:
                return index
    raise ValueError(f"<{tag}> on line {tokens[start].line} is not closed")


def messages(page: str) -> list[Message]:
    """The page's messages, in the order they come, each once a context.

    >>> [m.text for m in messages('<p data-words>Start a <a href="/">new game</a>.</p>')]
    ['Start a <a href="/">new game</a>.']
    >>> messages('<button data-context="move">Draw</button>')[0].context
    'move'
    """
    tokens = _tokens(page)
    found: dict[tuple[str, str | None], Message] = {}
    for kind, first, _last, text, context in _units(page):
        english = dict(tokens[first].attrs)[text] or "" if kind == "attr" else text
        english = _SPACES.sub(" ", english).strip()
        found.setdefault((english, context), Message(english, context, tokens[first].line))
    return list(found.values())


def translated(page: str, language: str) -> str:
    """The page with its messages said in ``language`` (the spaces around a run of text kept).

    >>> translated('<p data-words>Start a <a href="/">new game</a>.</p>', "qps")
    '<p data-words>⟦Start a <a href="/">new game</a>.⟧</p>'
    """
    tokens = _tokens(page)
    raws = [token.raw for token in tokens]
    attributes = {index: list(token.attrs) for index, token in enumerate(tokens)}
    with using(language):
        for kind, first, last, text, context in _units(page):
            if kind == "attr":
                token = tokens[first]
                attributes[first] = [
                    (name, _say(_SPACES.sub(" ", value).strip(), context)
                     if name == text and value else value) for name, value in attributes[first]]
                raws[first] = _start_tag(token.tag, attributes[first], token.raw.endswith("/>"))
                continue
            source = "".join(raws[first:last + 1])
            lead = source[: len(source) - len(source.lstrip())]
            trail = source[len(source.rstrip()):]
            raws[first] = f"{lead}{_say(text, context)}{trail}"
            for index in range(first + 1, last + 1):
                raws[index] = ""
    return "".join(raws)


def _start_tag(tag: str, attrs: list[tuple[str, str | None]], closed: bool) -> str:
    """A start tag written from its attributes (values escaped)."""
    written = "".join(f" {name}" if value is None else f' {name}="{html.escape(value)}"'
                      for name, value in attrs)
    return f"<{tag}{written}{' /' if closed else ''}>"
