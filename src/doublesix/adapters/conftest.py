"""pytest collects the doctests of every module; the framework adapters' need their extras.

Without an extra, its module is left out on a developer's machine; where ``CI`` is set it is
collected anyway, so that a missing extra fails there (as the tests in tests/ do).
"""

from __future__ import annotations

import importlib.util
import os

collect_ignore = [
    name
    for module, name in (("pyspiel", "openspiel.py"), ("pettingzoo", "pettingzoo.py"))
    if importlib.util.find_spec(module) is None and not os.environ.get("CI")
]
