"""The same rooms in both games: every game package has the same modules, one name for
one job (DESIGN.md, "Layout"), so a reader who knows where a job is done in one game
finds it under the same name in the other."""

from __future__ import annotations

import ast
import pkgutil
from pathlib import Path

import cardtable

SRC = Path(cardtable.__file__).resolve().parent
# the jobs named in DESIGN.md's layout, which every game package must have
NAMED_JOBS = {"cards", "vocabulary", "setup", "actions", "notation", "frames", "state",
              "rules", "feasibility", "effects", "scoring", "board", "summary", "describe",
              "heuristics", "game"}


def modules(game: str) -> set[str]:
    """The modules of a game's package, by name (`__init__` is not one)."""
    return {m.name for m in pkgutil.iter_modules([str(SRC / game)]) if not m.ispkg}


def test_every_game_package_has_the_same_modules() -> None:
    games = cardtable.games()
    assert len(games) >= 2
    first, *others = games
    expected = modules(first)
    for game in others:
        found = modules(game)
        assert found == expected, (
            f"only in {first}: {sorted(expected - found)}; "
            f"only in {game}: {sorted(found - expected)}")


def test_the_jobs_of_the_layout_are_there() -> None:
    for game in cardtable.games():
        assert modules(game) >= NAMED_JOBS, sorted(NAMED_JOBS - modules(game))


def test_each_module_says_what_it_holds() -> None:
    unsaid = [f"{game}/{name}.py" for game in cardtable.games() for name in modules(game)
              if not ast.get_docstring(ast.parse(
                  (SRC / game / f"{name}.py").read_text(encoding="utf-8")))]
    assert unsaid == []
