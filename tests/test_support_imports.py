"""What the tests share lives in :mod:`tests.support` (and their shared fixtures in conftest
files): no test module imports from another test module, nor from a conftest."""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent


def imported_modules(path: Path) -> set[str]:
    """The modules ``path`` imports from, a relative import written out from the tests' root
    (``from .test_x import y`` in tests/ is ``tests.test_x``)."""
    names: set[str] = set()
    package = ".".join(path.relative_to(TESTS.parent).parent.parts)
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.ImportFrom) and node.level:
            base = ".".join(package.split(".")[: len(package.split(".")) - node.level + 1])
            names.add(f"{base}.{node.module}" if node.module else base)
        elif isinstance(node, ast.ImportFrom) and node.module is not None:
            names.add(node.module)
        elif isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
    return names


def test_test_modules_import_helpers_only_from_the_support_package() -> None:
    wrong = {
        f"{path.relative_to(TESTS.parent)}: {name}"
        for path in TESTS.rglob("*.py")
        for name in imported_modules(path)
        if name.startswith("tests.") and not name.startswith("tests.support")
    }
    assert not wrong, sorted(wrong)
