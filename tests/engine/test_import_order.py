"""Each module of a game package imports on its own, first, in a fresh interpreter:
no import loop inside a game at run time, whatever is imported first. And no import
hides inside a function to dodge one (TYPE_CHECKING imports are for the type checker
only and never run)."""

from __future__ import annotations

import ast
import os
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

import cardtable

GAMES = ("thalara", "vale")
ROOT = Path(cardtable.__file__).parent


def _modules(game: str) -> list[str]:
    return sorted(f"cardtable.{game}.{m.name}"
                  for m in pkgutil.iter_modules([str(ROOT / game)]))


@pytest.mark.parametrize("module", [m for g in GAMES for m in _modules(g)])
def test_a_game_module_imports_first_in_a_fresh_interpreter(module: str) -> None:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in sys.path if p)}
    done = subprocess.run([sys.executable, "-c", f"import {module}"], env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr[-2000:]


@pytest.mark.parametrize("game", GAMES)
def test_no_import_inside_a_function(game: str) -> None:
    hidden = []
    for path in sorted((ROOT / game).glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                hidden += [f"{path.name}:{inner.lineno}" for inner in ast.walk(node)
                           if isinstance(inner, (ast.Import, ast.ImportFrom))]
    assert hidden == []


def test_every_game_is_checked() -> None:
    assert set(GAMES) == set(cardtable.games())
