"""Each module of a game package, of the engine and of the RL faces imports on its own,
first, in a fresh interpreter: no import loop at run time, whatever is imported first.
And no import hides inside a function to dodge one (TYPE_CHECKING imports are for the
type checker only and never run). The engine imports nothing of cardtable but itself:
it reaches a game only by reference, through its registry (engine/registry.py)."""

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
# the packages whose every module must import first and hide no import in a function
PACKAGES = (*GAMES, "engine", "rl")
ROOT = Path(cardtable.__file__).parent


def _modules(package: str) -> list[str]:
    return sorted(f"cardtable.{package}.{m.name}"
                  for m in pkgutil.iter_modules([str(ROOT / package)]))


def _hidden_imports(path: Path) -> list[str]:
    hidden = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            hidden += [f"{path.name}:{inner.lineno}" for inner in ast.walk(node)
                       if isinstance(inner, (ast.Import, ast.ImportFrom))]
    return hidden


@pytest.mark.parametrize("module", [m for p in PACKAGES for m in _modules(p)])
def test_a_module_imports_first_in_a_fresh_interpreter(module: str) -> None:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in sys.path if p)}
    done = subprocess.run([sys.executable, "-c", f"import {module}"], env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr[-2000:]


@pytest.mark.parametrize("package", PACKAGES)
def test_no_import_inside_a_function(package: str) -> None:
    hidden = [h for path in sorted((ROOT / package).glob("*.py"))
              for h in _hidden_imports(path)]
    assert hidden == []


def test_the_engine_imports_nothing_of_cardtable_but_itself() -> None:
    # the registry's games are imported by reference at run time, never by name here
    wrong = []
    for path in sorted((ROOT / "engine").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level \
                else []
            wrong += [f"{path.name}:{node.lineno} imports {n}" for n in names
                      if n.split(".")[0] == "cardtable"
                      and not n.startswith("cardtable.engine")]
    assert wrong == []


def test_the_scans_see_what_they_look_for(tmp_path: Path) -> None:
    sample = tmp_path / "record.py"
    sample.write_text("import json\n\ndef new_state():\n    from cardtable import load_game\n")
    assert _hidden_imports(sample) == ["record.py:4"]


def test_every_game_is_checked() -> None:
    assert set(GAMES) == set(cardtable.games())
