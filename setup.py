"""Builds the optional compiled search core, ``doublesix.ai._core``, from its Cython source.

Everything else about the package is in pyproject.toml.  Without a C compiler (or with
``DOUBLESIX_PURE_BUILD=1``) the package installs without the core and plays on its pure Python
path, which makes the same moves more slowly; ``doublesix --version`` says which path runs.
"""

from __future__ import annotations

import os
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext


class OptionalBuildExt(build_ext):
    """build_ext that warns rather than fails when the core cannot be compiled."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:  # no compiler, no Python headers
            _skip(error)

    def build_extension(self, ext: Extension) -> None:
        try:
            super().build_extension(ext)
        except Exception as error:
            _skip(error)


def _skip(error: Exception) -> None:
    print(f"doublesix: the compiled search core was not built ({error}); the pure Python "
          "path plays instead", file=sys.stderr)


def extensions() -> list[Extension]:
    if os.environ.get("DOUBLESIX_PURE_BUILD", "") not in ("", "0"):
        return []
    try:
        from Cython.Build import cythonize
    except ImportError as error:
        _skip(error)
        return []
    core = Extension(
        "doublesix.ai._core",
        ["src/doublesix/ai/_core.pyx"],
        # The same doubles as Python: no fused multiply-add, no fast-math.
        extra_compile_args=["-O3", "-ffp-contract=off", "-fno-fast-math"],
    )
    return list(cythonize([core], language_level=3, quiet=True))


setup(ext_modules=extensions(), cmdclass={"build_ext": OptionalBuildExt})
