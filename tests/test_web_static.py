"""The shape of the code: no import circle, no module too long to hold in one's head, and no
word in the browser's code.

Checks that run none of the code:

- the browser's ES modules (``web/static/*.js``) import each other without a circle, read from
  their ``import ... from "./x.js"`` lines;
- the Python modules of ``src/doublesix`` import each other without a circle, read with
  :mod:`ast` from their module-level imports (not those inside functions, nor those under
  ``if TYPE_CHECKING:``, which never run), and each folder imports only the layers below it;
- no ``.py`` or ``.js`` module in ``src`` is longer than :data:`MAX_LINES`, except those in
  :data:`TOO_LONG`, the modules still waiting to be split (the list only shrinks);
- no browser module but the labels (``labels.js``, written from
  :mod:`doublesix.words.pagelabels`) holds a word a person reads: the server's words say the rest.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Mapping
from pathlib import Path

import pytest

from doublesix.words import pagelabels as labels
from tests.support.jswords import words_in

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"
PACKAGE = SRC / "doublesix"
STATIC = PACKAGE / "web" / "static"

MAX_LINES = 650
"""The longest a module may be, in lines."""

TOO_LONG: frozenset[str] = frozenset()
"""Today's modules over :data:`MAX_LINES`, paths under ``src``: remove each once it is split."""

IMPORT_FROM = re.compile(
    r"""^\s*import\s[^;]*?\bfrom\s*["']\./([\w.-]+\.js)["']""", re.MULTILINE | re.DOTALL
)
"""A static import of a sibling module, ``import { a } from "./x.js";``, over lines too."""


def find_cycle(graph: Mapping[str, Iterable[str]]) -> list[str] | None:
    """One import circle of ``graph`` (each name maps to those it imports), or None.

    The circle is given as the names along it, the first repeated at the end.

    >>> find_cycle({"a": ["b"], "b": ["c"], "c": []}) is None
    True
    >>> find_cycle({"a": ["b"], "b": ["c"], "c": ["a"]})
    ['a', 'b', 'c', 'a']
    >>> find_cycle({"a": ["a"]})
    ['a', 'a']
    """
    done: set[str] = set()
    path: list[str] = []
    on_path: set[str] = set()

    def visit(node: str) -> list[str] | None:
        path.append(node)
        on_path.add(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt in on_path:
                return [*path[path.index(nxt) :], nxt]
            if nxt not in done:
                found = visit(nxt)
                if found:
                    return found
        path.pop()
        on_path.discard(node)
        done.add(node)
        return None

    for start in sorted(graph):
        if start not in done:
            found = visit(start)
            if found:
                return found
    return None


def js_imports(source: str) -> list[str]:
    """The sibling modules a browser module imports, in order.

    >>> js_imports('import { a } from "./a.js";\\nimport {\\n  b,\\n} from "./b.js";\\n'
    ...            '// import x from "./c.js"')
    ['a.js', 'b.js']
    >>> js_imports('/** @typedef {import("./types.js").Picture} Picture */')
    []
    """
    return IMPORT_FROM.findall(source)


def js_graph() -> dict[str, list[str]]:
    """Each browser module and the sibling modules it imports."""
    return {
        path.name: js_imports(path.read_text(encoding="utf-8"))
        for path in sorted(STATIC.glob("*.js"))
    }


def module_name(path: Path) -> str:
    """The dotted name of a module file under ``src``.

    >>> module_name(SRC / "doublesix" / "web" / "__init__.py")
    'doublesix.web'
    >>> module_name(SRC / "doublesix" / "engine" / "tiles.py")
    'doublesix.engine.tiles'
    """
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _runtime_statements(body: list[ast.stmt]) -> Iterable[ast.stmt]:
    """The statements run on import: the module's own, inside ``if`` and ``try`` too, but not
    inside functions or classes, nor under ``if TYPE_CHECKING:``."""
    for stmt in body:
        if isinstance(stmt, ast.If):
            test = stmt.test
            name = (
                test.id
                if isinstance(test, ast.Name)
                else test.attr
                if isinstance(test, ast.Attribute)
                else ""
            )
            if name != "TYPE_CHECKING":
                yield from _runtime_statements(stmt.body)
            yield from _runtime_statements(stmt.orelse)
        elif isinstance(stmt, ast.Try):
            for block in (stmt.body, *(h.body for h in stmt.handlers), stmt.orelse, stmt.finalbody):
                yield from _runtime_statements(block)
        else:
            yield stmt


def py_imports(name: str, source: str, modules: set[str], *, package: bool = False) -> set[str]:
    """The modules of ``modules`` that module ``name`` imports when it is imported.

    ``from p import x`` imports the module ``p.x`` when there is one, else ``p`` itself.

    >>> mods = {"d", "d.a", "d.b", "d.c"}
    >>> sorted(py_imports("d.a", "from d import b\\nfrom .c import f\\nimport os\\n"
    ...                   "def g():\\n    import d.x\\n", mods))
    ['d.b', 'd.c']
    >>> typing_only = "import typing\\nif typing.TYPE_CHECKING:\\n    from d.b import T\\n"
    >>> sorted(py_imports("d.a", typing_only, mods))
    []
    """
    found: set[str] = set()
    base = name if package else name.rpartition(".")[0]
    for stmt in _runtime_statements(ast.parse(source).body):
        if isinstance(stmt, ast.Import):
            found.update(alias.name for alias in stmt.names if alias.name in modules)
        elif isinstance(stmt, ast.ImportFrom):
            if stmt.level:
                parts = base.split(".")
                parent = ".".join(parts[: len(parts) - stmt.level + 1])
                target = f"{parent}.{stmt.module}" if stmt.module else parent
            else:
                target = stmt.module or ""
            for alias in stmt.names:
                sub = f"{target}.{alias.name}"
                if sub in modules:
                    found.add(sub)
                elif target in modules:
                    found.add(target)
    found.discard(name)
    return found


def py_graph() -> dict[str, set[str]]:
    """Each Python module of the package and the package's modules it imports on import."""
    files = {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}
    modules = set(files)
    return {
        name: py_imports(
            name, path.read_text(encoding="utf-8"), modules, package=path.name == "__init__.py"
        )
        for name, path in files.items()
    }


def test_js_modules_import_without_a_circle() -> None:
    graph = js_graph()
    assert len(graph) > 10
    for name, imported in graph.items():
        missing = [m for m in imported if m not in graph]
        assert not missing, f"{name} imports modules that are not there: {missing}"
    cycle = find_cycle(graph)
    assert cycle is None, "the browser's modules import in a circle: " + " -> ".join(cycle or [])


def test_js_navigation_is_an_event() -> None:
    """Pages ask for an address through nav.js; only the start-up (app.js) imports the router."""
    graph = js_graph()
    importers = sorted(name for name, imported in graph.items() if "pages.js" in imported)
    assert importers == ["app.js"]
    assert not [name for name, imported in graph.items() if "app.js" in imported]


def test_js_views_never_import_the_game() -> None:
    """The views call up into game.js only through the functions app.js gives them."""
    graph = js_graph()
    importers = sorted(name for name, imported in graph.items() if "game.js" in imported)
    assert importers == ["app.js", "pages.js"]


def test_python_modules_import_without_a_circle() -> None:
    graph = py_graph()
    assert "doublesix.engine.match" in graph
    assert "doublesix.engine.tiles" in graph["doublesix.engine.match"]
    cycle = find_cycle(graph)
    assert cycle is None, "the Python modules import in a circle: " + " -> ".join(cycle or [])


def _line_count(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


@pytest.mark.parametrize("suffix", [".py", ".js"])
def test_modules_are_short(suffix: str) -> None:
    lengths = {
        path.relative_to(SRC).as_posix(): _line_count(path)
        for path in sorted(SRC.rglob(f"*{suffix}"))
    }
    too_long = {name: n for name, n in lengths.items() if n > MAX_LINES and name not in TOO_LONG}
    assert not too_long, f"modules over {MAX_LINES} lines (split them): {too_long}"


def test_the_allowance_for_long_modules_only_shrinks() -> None:
    """A module on the list that is short now, or gone, comes off the list."""
    stale = sorted(
        name
        for name in TOO_LONG
        if not (SRC / name).exists() or _line_count(SRC / name) <= MAX_LINES
    )
    assert not stale, f"no longer too long: take them off TOO_LONG: {stale}"


#: The browser's one module of words: the page's own labels, written from
#: :data:`doublesix.words.pagelabels.LABELS` (``python -m doublesix.words.pagelabels``).
LABELS_MODULE = STATIC / "labels.js"


def test_no_browser_module_holds_words() -> None:
    """Every sentence the page shows or says is the server's (a picture's or a message's
    ``words``, an answer's) or one of its labels: no other browser module holds a word a
    person reads, nor composes one from data (:mod:`tests.support.jswords` reads every string,
    template and regular expression of the code and allows only code: CSS classes and values,
    ids, selectors, events, attributes, keys, storage keys, URLs)."""
    found = [
        f"{path.name}:{literal.line}: {literal.text!r}"
        for path in sorted(STATIC.glob("*.js"))
        if path != LABELS_MODULE
        for literal in words_in(path.read_text(encoding="utf-8"))
    ]
    assert not found, (
        "words in the browser's code: the server's words or labels.js (words/pagelabels.py) should "
        "say them:\n" + "\n".join(found)
    )


#: Lines the browser held before issue 39, each with words the guard must find.
ONCE_WRITTEN = (
    'status = `Waiting for ${names[st.turn]}.`;',
    'else if (act) status = "Your turn: nothing fits, draw a tile.";',
    'return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;',
    'export const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;',
    'h("span", { class: "badge away-badge", hidden: true, text: "away" })',
    'const status = g.status[seat] || (turn ? "to play" : "");',
    'const start = data.lines.findIndex((line) => /^(Accuracy|No decision)/.test(line));',
    'byId("info-yard").textContent = `Boneyard ${st.boneyard_size}`;',
    'h("button", { type: "button", text: "Review", "aria-label": `Review: ${day}` })',
    'const MONTHS = ["Jan", "Feb", "Mar"];',
)

#: Code the guard must let be: classes, selectors, events, attributes, keys, CSS, URLs.
CODE_ONLY = (
    'h("span", { class: `hand-tile${fits ? " playable" : ""}`, "aria-hidden": "true" })',
    'document.querySelector(`#game .seat[data-seat="${seat}"]`)',
    'target.closest("input, textarea, select, [contenteditable]")',
    'el.addEventListener("pointerdown", (e) => e.key === "ArrowRight" || e.key === "Escape")',
    '{ transform: `translate(${dx}px, ${dy}px) scale(1.15)`, easing: "ease-in-out" }',
    'window.matchMedia("(orientation: landscape) and (max-height: 520px)")',
    'import { LABELS } from "./labels.js"; localStorage.getItem(`doublesix.seat.${id}`)',
    'new WebSocket(`${scheme}://${location.host}/ws/${id}`); const NS = "http://x.org/svg";',
    'sound.play("hand-won"); tone(ac, 220, 0, 0.18, "triangle", 0.12);',
)


def test_the_guard_finds_the_words_the_browser_once_wrote() -> None:
    for line in ONCE_WRITTEN:
        assert list(words_in(line)), f"the guard misses the words of: {line}"
    for line in CODE_ONLY:
        assert not list(words_in(line)), f"the guard takes code for words: {line}"


def test_the_labels_module_is_written_from_the_words() -> None:
    assert LABELS_MODULE.read_text(encoding="utf-8") == labels.javascript(), (
        "labels.js differs from doublesix.words.pagelabels: run "
        "python -m doublesix.words.pagelabels > src/doublesix/web/static/labels.js"
    )


def test_every_label_is_used_and_every_label_used_is_there() -> None:
    used = {
        name
        for path in STATIC.glob("*.js")
        if path != LABELS_MODULE
        for name in re.findall(r"\bLABELS\.(\w+)", path.read_text(encoding="utf-8"))
    }
    assert used == set(labels.LABELS), (
        f"labels no module uses: {sorted(set(labels.LABELS) - used)}; "
        f"labels used that are not there: {sorted(used - set(labels.LABELS))}"
    )


def test_the_style_sheet_closes_every_block() -> None:
    """A brace left open (say, by a merge) silently swallows every rule after it."""
    depth = 0
    text = (STATIC / "styles.css").read_text()
    for number, line in enumerate(re.sub(r"/\*.*?\*/", "", text, flags=re.S).splitlines(), 1):
        depth += line.count("{") - line.count("}")
        assert depth >= 0, f"styles.css: a block closed twice (line {number} without comments)"
    assert depth == 0, "styles.css: a block is never closed"
