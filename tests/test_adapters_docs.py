"""The examples of docs/adapters.md, run as doctests (they need both extras).

Without the extras this test is skipped on a developer's machine, and fails where ``CI`` is set.
"""

from __future__ import annotations

import doctest
import importlib
import os
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parents[1] / "docs" / "adapters.md"


@pytest.mark.parametrize("module", ["pyspiel", "pettingzoo"])
def test_the_extras_are_installed_where_ci_is_set(module: str) -> None:
    try:
        importlib.import_module(module)
    except ImportError:
        if os.environ.get("CI"):
            raise
        pytest.skip(f"{module} is not installed (pip install -e '.[openspiel,pettingzoo]')")


def test_the_examples_of_docs_adapters_md() -> None:
    for module in ("pyspiel", "pettingzoo"):
        try:
            importlib.import_module(module)
        except ImportError:
            if os.environ.get("CI"):
                raise
            pytest.skip(f"{module} is not installed (pip install -e '.[openspiel,pettingzoo]')")
    result = doctest.testfile(str(DOC), module_relative=False,
                              optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted >= 10 and result.failed == 0
