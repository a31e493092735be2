"""pytest collects the doctests of every module of the package (pyproject.toml's testpaths);
the framework adapters' modules need their extras.

Without an extra, its module is left out on a developer's machine; where ``CI`` is set it is
collected anyway, so that a missing extra fails there (as the tests in tests/ do).  This file
lives beside the package, not in it: nothing of the tests ships.
"""

from __future__ import annotations

import importlib.util
import os

collect_ignore = [
    f"src/doublesix/adapters/{name}"
    for module, name in (("pyspiel", "openspiel.py"), ("pettingzoo", "pettingzoo.py"))
    if importlib.util.find_spec(module) is None and not os.environ.get("CI")
]
