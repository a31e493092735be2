"""Words in the browser's code: every string a ``.js`` module writes, and which of them are words
a person reads (``tests/test_web_static.py`` allows those in the labels module only).

A small tokenizer reads a module as JavaScript does, far enough to find its strings: comments
(JSDoc included) are skipped, regular expressions are told from divisions by the token before
them, and a template literal's text is read with its placeholders (``${...}``, whose own strings
are found too). Each string is a :class:`Literal`: its text (a placeholder written ``{}``), its
line, and its *context*, the code it is handed to: an object's key (``class``, ``text``), a
property it is assigned to (``textContent``) or the function it is an argument of
(``querySelector``, ``announce``).

:func:`is_words` then decides: a string is words when it holds a letter and is not code by its
context (a CSS class, a selector, an id, an event's or an attribute's name, a storage key, a
URL, a CSS value) and either holds a space, a capitalised word that is no key's or DOM name's, a
sentence's punctuation, or is handed to what shows or says text (``textContent``, ``text:``,
``announce``).

>>> [(s.text, s.context) for s in literals('el.textContent = `${n} tiles`; // "not this"')]
[('{} tiles', 'textContent')]
>>> [(s.text, s.context) for s in literals('const r = /a"b/g; const d = x / 2 / "y".length;')]
[('a"b', 'regex'), ('y', '')]
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final, NamedTuple


class Literal(NamedTuple):
    """A string of a module: its text (placeholders written ``{}``), the line it starts on, the
    context it is handed to (see the module's docstring; "" when none), and the context of the
    template it is a placeholder of, if any."""

    text: str
    line: int
    context: str
    outer: str = ""


_NAME = re.compile(r"[A-Za-z_$][\w$]*")
_NUMBER = re.compile(r"\d[\w.]*")
#: After these tokens a ``/`` starts a regular expression (elsewhere it divides).
_BEFORE_REGEX: Final = frozenset(
    ["(", ",", "=", ":", "[", "!", "&", "|", "?", "{", "}", ";", "+", "-", "*", "%", "<", ">", "~",
     "^", "return", "typeof", "case"])
_KEY = re.compile(r"""[{,]\s*(?:([A-Za-z_$][\w$]*)|"([\w-]+)"|'([\w-]+)')\s*:(?!:)""")
_ASSIGN = re.compile(r"""\.([A-Za-z_$][\w$]*)\s*\+?=(?![=>])""")
_CALL = re.compile(r"""([A-Za-z_$][\w$]*)\s*\(""")
_MARKERS: Final = (
    (_KEY, "name"),
    (_ASSIGN, "name"),
    (_CALL, "name"),
    (re.compile(r"===|!==|==|!=|\bcase\b|\bin\b"), "==="),
    (re.compile(r"=>|\breturn\b"), ""),
    (re.compile(r"\bfrom\b|\bimport\b"), "import"),
)


def _context(code: str) -> str:
    """The context of a string from the code before it (see :class:`Literal`): the last key,
    property assignment, call or comparison that the string's expression is part of; a call's
    name is followed by ``,`` for an argument after its first.

    >>> _context('h("p", { class: ')
    'class'
    >>> _context('el.textContent = ok ? ')
    'textContent'
    >>> _context('announce(ready ? "a" : ')
    'announce'
    >>> _context('h("p", {}, [')
    'h,'
    >>> _context('if (x === ')
    '==='
    """
    tail = code[-400:]
    # Strings and bracketed groups closed before it do not hold it (a string key stays).
    tail = re.sub(r"""(?:"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|`[^`]*`)(?!\s*:)""", '""', tail)
    previous = None
    while previous != tail:
        previous = tail
        tail = re.sub(r"\([^()]*\)|\[[^\[\]]*\]|\{[^{}]*\}", "0", tail)
    tail = tail.rsplit(";", 1)[-1]
    best: tuple[int, str] = (-1, "")
    for pattern, kind in _MARKERS:
        for found in pattern.finditer(tail):
            if found.end() >= best[0]:
                name = next((g for g in found.groups() if g), "") if kind == "name" else kind
                if pattern is _CALL and tail[found.end():].count(","):
                    name += ","
                best = (found.end(), name)
    return best[1]


def literals(source: str) -> list[Literal]:
    """Every string of a module, in order, with its context; a template's placeholders'
    strings come after the template, their ``outer`` the template's context."""
    found: list[Literal] = []
    _scan(source, 0, len(source), found, "")
    return found


def _scan(source: str, start: int, end: int, found: list[Literal], outer: str) -> int:
    """Read code from ``start`` until ``end`` or an unmatched ``}``; return where it stopped."""
    i = start
    depth = 0
    last = ";"  # the last significant token, for a "/"
    while i < end:
        c = source[i]
        if source.startswith("//", i):
            i = source.find("\n", i)
            i = end if i < 0 else i
        elif source.startswith("/*", i):
            i = source.find("*/", i + 2) + 2
            i = end if i < 2 else i
        elif c in "\"'":
            j = i + 1
            while source[j] != c:
                j += 2 if source[j] == "\\" else 1
            text = source[i + 1 : j]
            key = last in ("{", ",") and source[j + 1 :].lstrip().startswith(":")
            context = "key" if key else _context(source[max(0, i - 400) : i])
            found.append(Literal(_unescape(text), source.count("\n", 0, i) + 1, context, outer))
            i = j + 1
            last = '""'
        elif c == "`":
            i = _template(source, i, found, outer)
            last = '""'
        elif c == "/" and last in _BEFORE_REGEX:
            j = i + 1
            in_class = False
            while source[j] != "/" or in_class:
                if source[j] == "\\":
                    j += 1
                elif source[j] == "[":
                    in_class = True
                elif source[j] == "]":
                    in_class = False
                j += 1
            found.append(Literal(source[i + 1 : j], source.count("\n", 0, i) + 1, "regex", outer))
            i = j + 1
            while i < end and source[i].isalpha():
                i += 1
            last = "/re/"
        elif c == "{":
            depth += 1
            last = c
            i += 1
        elif c == "}":
            if depth == 0:
                return i
            depth -= 1
            last = c
            i += 1
        elif c.isspace():
            i += 1
        else:
            word = _NAME.match(source, i) or _NUMBER.match(source, i)
            if word:
                last = word.group() if word.group() in _BEFORE_REGEX else "x"
                i = word.end()
            else:
                last = c if c not in ")]" else "x"
                i += 1
    return i


def _template(source: str, start: int, found: list[Literal], outer: str) -> int:
    """Read the template literal at ``start``; return the index after it."""
    context = _context(source[max(0, start - 400) : start])
    parts: list[str] = []
    inner: list[Literal] = []
    i = start + 1
    while source[i] != "`":
        if source[i] == "\\":
            parts.append(source[i : i + 2])
            i += 2
        elif source.startswith("${", i):
            parts.append("{}")
            i = _scan(source, i + 2, len(source), inner, context or outer) + 1
        else:
            parts.append(source[i])
            i += 1
    found.append(Literal(_unescape("".join(parts)), source.count("\n", 0, start) + 1,
                         context, outer))
    found.extend(inner)
    return i + 1


def _unescape(text: str) -> str:
    r"""A string's text with its escapes read (``\n`` a newline, ``\"`` a quote).

    >>> _unescape(r'a\"b\n')
    'a"b\n'
    """
    return re.sub(r"\\(.)", lambda m: {"n": "\n", "t": "\t"}.get(m.group(1), m.group(1)), text)


#: Contexts whose strings are code: CSS classes and values, selectors, ids, tags, events,
#: attributes' names, storage keys, URLs, types, comparisons.
CODE: Final = frozenset({
    "class", "className", "id", "for", "type", "name", "value", "role", "rel", "method",
    "href", "download", "src", "dataset", "tabindex", "autocomplete", "spellcheck", "easing",
    "transform", "opacity", "composite", "offset", "fill", "stroke", "kind", "block",
    "querySelector", "querySelectorAll", "closest", "getElementById", "byId", "button", "input",
    "createElement", "createElementNS", "h", "svg", "svgEl", "addEventListener",
    "removeEventListener", "setAttribute", "getAttribute", "removeAttribute", "hasAttribute",
    "toggleAttribute", "add", "remove", "toggle", "contains", "setProperty", "matchMedia",
    "getItem", "setItem", "removeItem", "api", "fetch", "WebSocket", "URL", "play", "tone",
    "setPhase", "showView", "openDialog", "closeDialog", "openInfo", "Event", "heardKey",
    "split", "join", "replace", "test", "match", "set", "get", "has", "send", "viewBox",
    "===", "text-anchor", "dominant-baseline", "aria-hidden", "aria-pressed", "aria-disabled",
    "aria-selected", "aria-invalid", "aria-describedby", "aria-labelledby", "aria-live",
    "aria-activedescendant", "focusable", "Content-Type", "headers", "credentials", "key",
    "import",
})

#: Capitalised names that are keys' or the DOM's, never words.
KEY_NAMES: Final = frozenset({
    "Escape", "Enter", "Home", "End", "Tab", "ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight",
    "SELECT", "INPUT", "TEXTAREA", "BUTTON", "AbortError", "Content-Type",
})

#: Contexts that show or say their string: a string handed to one is words, even one word.
SHOWN: Final = frozenset({
    "text", "textContent", "innerText", "title", "label", "aria-label", "alt", "placeholder",
    "announce", "toast", "showNotice", "confirm", "alert", "say", "Error", "ApiError",
    "append", "replaceChildren", "prepend", "before", "after",
})

#: The endings of English plurals: a string that is one is a plural made in code.
_PLURAL_ENDINGS: Final = frozenset({"s", "es"})

#: A URL, a path, a module's name or a dotted key ("doublesix.seat.0"): code.
_ADDRESS = re.compile(r"[\w.-]*(?:(?:\.|/|:/)[\w.-]+)+/?|\./[\w./-]+")

_CAPITALISED = re.compile(r"(?<![\w$-])[A-Z][a-z]+(?![\w$-])")


def is_words(literal: Literal) -> bool:
    """Whether a string is words a person reads (see the module's docstring).

    >>> is_words(Literal("{} tiles", 1, "textContent"))
    True
    >>> is_words(Literal("badge away-badge", 1, "class")), is_words(Literal("away", 1, "text"))
    (False, True)
    >>> is_words(Literal("#game .seat", 1, "querySelectorAll")), is_words(Literal("draw", 1, ""))
    (False, False)
    >>> is_words(Literal("to play", 1, "")), is_words(Literal("Copied", 1, ""))
    (True, True)
    >>> is_words(Literal("ArrowRight", 1, "")), is_words(Literal("{}:{}", 1, ""))
    (False, False)
    >>> is_words(Literal("s", 1, "")), is_words(Literal("^(Accuracy|No decision)", 1, "regex"))
    (True, True)
    """
    text = literal.text
    if text in _PLURAL_ENDINGS and literal.context != "regex":
        return True
    if not re.search(r"[A-Za-z]", text.replace("{}", "")):
        return False
    context = literal.context or literal.outer
    if context in CODE or literal.outer in CODE:
        return False
    if context in SHOWN:
        return True
    bare = text.replace("{}", "0")
    if literal.context == "regex":  # its escapes and Unicode classes are not words
        bare = re.sub(r"\\[pPu]\{[^}]*\}|\\.", "0", bare)
    if _ADDRESS.fullmatch(bare):
        return False
    if re.search(r"\s[A-Za-z]|[A-Za-z]\s", bare) or re.search(r"[A-Za-z][.!?…:](\s|$)", bare):
        return True
    return any(word not in KEY_NAMES for word in _CAPITALISED.findall(bare))


def words_in(source: str) -> Iterator[Literal]:
    """The strings of a module that are words a person reads."""
    return (literal for literal in literals(source) if is_words(literal))
