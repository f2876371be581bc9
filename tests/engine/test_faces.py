"""Faces reach a game only through `cardtable.load_game` and the engine contract: no
module of the terminal, the server, the RL encodings, the arena, the analysis, the
benchmark or the agents imports a game's own modules (DESIGN.md, "Layout")."""

from __future__ import annotations

import ast
from pathlib import Path

import cardtable

SRC = Path(cardtable.__file__).resolve().parent
FACES = ("cli", "server", "rl", "arena", "analysis", "agents", "web")
SINGLE_FACES = ("bench.py",)   # faces that are one module at the package's top
GAMES = tuple(f"cardtable.{g}" for g in cardtable.games())


def imported_modules(path: Path) -> list[tuple[int, str]]:
    """Every module `path` imports, at any depth (inside functions too)."""
    out: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            out += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # a relative import stays inside its own package
                continue
            module = node.module or ""
            out += [(node.lineno, f"{module}.{alias.name}") for alias in node.names]
    return out


def test_no_face_imports_a_game_module() -> None:
    faces = [p for face in FACES for p in sorted((SRC / face).rglob("*.py"))]
    faces += [SRC / name for name in SINGLE_FACES]
    assert len(faces) > 20 and all(p.is_file() for p in faces), "the faces were not found"
    scanned = {p.relative_to(SRC).parts[0] for p in faces}
    assert {"analysis", "bench.py"} <= scanned
    wrong = [f"{p.relative_to(SRC)}:{line} imports {name}"
             for p in faces for line, name in imported_modules(p)
             if any(name == g or name.startswith(g + ".") for g in GAMES)]
    assert wrong == []


def test_the_scan_sees_an_import_inside_a_function(tmp_path: Path) -> None:
    sample = tmp_path / "face.py"
    sample.write_text("def f():\n    from cardtable.vale.frames import FRAME_NAMES\n")
    assert imported_modules(sample) == [(2, "cardtable.vale.frames.FRAME_NAMES")]
