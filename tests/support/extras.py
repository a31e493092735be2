"""The optional extras' modules for the tests that need them."""

from __future__ import annotations

import importlib
import os
from typing import Any

import pytest


def need(module: str, extra: str) -> Any:
    """``module``, or a skip of the calling test module when the ``extra`` that installs it is
    missing (a failure where CI is set: CI installs the ``test`` extra, which holds them all)."""
    try:
        return importlib.import_module(module)
    except ImportError:
        if os.environ.get("CI"):
            raise
        pytest.skip(f"{module} is not installed (pip install -e '.[{extra}]')",
                    allow_module_level=True)
