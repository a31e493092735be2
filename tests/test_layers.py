"""The folders are the architecture: docs/architecture.json names the parts (engine, players,
words, protocol, the faces), the imports between them and those that must never be; this test
holds the code to it (the same file ``farm-studio draw docs/architecture.json`` draws): no
"never" broken, and no import between two parts that the file does not draw."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ROOT / "src"
WHITEBOARD = json.loads((ROOT / "docs" / "architecture.json").read_text())
#: An import line of a Cython module (``from doublesix.engine import tiles as _tiles``).
PYX_IMPORT = re.compile(r"^\s*(?:from\s+([\w.]+)\s+c?import|c?import\s+([\w.]+))", re.MULTILINE)


def part_of(path: Path) -> str | None:
    """The part whose folder holds ``path`` (the longest folder that does), or None."""
    relative = path.relative_to(ROOT).as_posix()
    best: tuple[int, str] | None = None
    for name, part in WHITEBOARD["parts"].items():
        for folder in part["is"]:
            if relative.startswith(folder) and (best is None or len(folder) > best[0]):
                best = (len(folder), name)
    return None if best is None else best[1]


def module_file(module: str) -> Path | None:
    """The source file of ``module`` (a package's ``__init__.py``), if it is in this tree."""
    base = SOURCES.joinpath(*module.split("."))
    for candidate in (base.with_suffix(".py"), base.with_suffix(".pyx"), base / "__init__.py"):
        if candidate.exists():
            return candidate
    return None


def imports(path: Path) -> set[str]:
    """Every module ``path`` imports (inside functions too), relative ones written out, and a
    ``from package import name`` also as ``package.name`` (the name may be a module); the
    annotations' ``if TYPE_CHECKING:`` imports aside (they run nothing: the words name the
    players' types of numbers they say so)."""
    if path.suffix == ".pyx":
        return {a or b for a, b in PYX_IMPORT.findall(path.read_text())}
    package = path.relative_to(SOURCES).parent.parts
    tree = ast.parse(path.read_text(), str(path))
    typing_only = {id(inner) for node in ast.walk(tree)
                   if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
                   for inner in ast.walk(node)}
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = ".".join(package[: len(package) - node.level + 1]) if node.level else ""
            module = ".".join(part for part in (base, node.module or "") if part)
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)
    return found


def arrows() -> set[tuple[str, str, str]]:
    """(part, part it imports, file: module) for every import from one part into another."""
    found = set()
    for path in [*SOURCES.rglob("*.py"), *SOURCES.rglob("*.pyx")]:
        here = part_of(path)
        for module in imports(path):
            target = module_file(module) if module.startswith("doublesix") else None
            there = None if target is None else part_of(target)
            if here and there and here != there:
                found.add((here, there, f"{path.relative_to(ROOT)}: {module}"))
    return found


def test_every_source_file_is_on_a_part() -> None:
    assert all(part_of(path) for path in SOURCES.rglob("*.py"))


def test_no_import_the_architecture_forbids() -> None:
    never = {(a, b): why for a, b, why in WHITEBOARD["never"]}
    found = arrows()
    broken = sorted(f"{a} -> {b} ({never[a, b]}): {where}" for a, b, where in found
                    if (a, b) in never)
    assert not broken, "\n".join(broken)
    # The test sees the imports it should: the players do import the engine.
    assert any(a == "Players" and b == "Engine" for a, b, _ in found)


def test_every_arrow_drawn_is_in_the_code() -> None:
    found = {(a, b) for a, b, _ in arrows()}
    drawn = {(arrow[0], arrow[1]) for arrow in WHITEBOARD["arrows"]}
    assert drawn <= found, sorted(drawn - found)
    assert found <= drawn, f"arrows in the code the whiteboard lacks: {sorted(found - drawn)}"
