"""What ``pip install doublesix`` (no extras) gives: the engine, the players, the terminal game
and the command line, without the web server's packages (the ``web`` extra).

The programs run with those packages made unimportable (a ``sitecustomize`` on the path
refuses them), as on a machine where only the base package is installed.
"""

from __future__ import annotations

import os
import subprocess
import tomllib
from pathlib import Path

import pytest

from tests.support.terminal import DOUBLESIX, Program, play_through

ROOT = Path(__file__).resolve().parents[1]
#: The web extra's packages and what they bring.
WEB_STACK = ("fastapi", "uvicorn", "sqlalchemy", "starlette", "psycopg", "alembic", "httpx", "h11",
             "httpx2")

BLOCKER = f"""
import importlib.abc, sys

class _NoWebStack(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {WEB_STACK!r}:
            raise ModuleNotFoundError(f"No module named {{name!r}}", name=name)
        return None

sys.meta_path.insert(0, _NoWebStack())
"""


@pytest.fixture
def no_web(tmp_path: Path) -> dict[str, str]:
    """An environment in which the web stack cannot be imported."""
    folder = tmp_path / "site"
    folder.mkdir()
    (folder / "sitecustomize.py").write_text(BLOCKER, encoding="utf-8")
    return {"PYTHONPATH": os.pathsep.join(filter(None, [str(folder),
                                                        os.environ.get("PYTHONPATH")]))}


def test_the_base_dependencies_leave_the_web_stack_to_its_extra() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    base = {spec.split(">")[0].split("[")[0].split("=")[0].strip()
            for spec in project["dependencies"]}
    assert not base & set(WEB_STACK), base
    web = " ".join(project["optional-dependencies"]["web"])
    assert all(name in web for name in ("fastapi", "uvicorn", "sqlalchemy"))
    assert "psycopg" in " ".join(project["optional-dependencies"]["postgres"])


def test_a_terminal_game_without_the_web_stack(tmp_path: Path, no_web: dict[str, str]) -> None:
    program = Program(["--variant", "draw", "--seed", "5", "--target", "0"], tmp_path / "saves",
                      env=no_web)
    transcript = play_through(program)
    assert "Your turn." in transcript and transcript.rstrip().endswith("Goodbye.")


def test_simulate_and_a_tournament_without_the_web_stack(no_web: dict[str, str]) -> None:
    env = {**os.environ, **no_web}
    for args in (["simulate", "--games", "20", "--seed", "1"],
                 ["tournament", "--players", "greedy,random", "--deals", "4", "--workers", "1"]):
        done = subprocess.run([DOUBLESIX, *args], capture_output=True, text=True, env=env,
                              timeout=300)
        assert done.returncode == 0, done.stderr
        assert done.stdout.strip()


@pytest.mark.parametrize("command", [["serve", "--port", "1"], ["prune", "--dry-run"],
                                     ["db", "current"]])
def test_the_server_without_its_extra_says_what_to_install(no_web: dict[str, str],
                                                          command: list[str]) -> None:
    env = {**os.environ, **no_web}
    done = subprocess.run([DOUBLESIX, *command], capture_output=True, text=True, env=env,
                          timeout=60)
    assert done.returncode == 2
    assert "pip install 'doublesix[web]'" in done.stderr
    assert "Traceback" not in done.stderr
