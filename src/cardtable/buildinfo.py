"""Which build of cardtable is running: the pure Python source, or the rules core
compiled with mypyc (a non-editable install where a C compiler was found; setup.py).

Both builds come from one source and play the same games (tests/builds); this only
says which one answers, for `cardtable --version` and `cardtable bench`.
"""

from __future__ import annotations

import importlib.machinery
import sys
from pathlib import Path

# A module of each compiled part: the engine, both games' rules, the search.
PROBES = ("engine.api", "thalara.rules", "vale.rules", "agents.ismcts")

COMPILED = "compiled (mypyc)"
PURE = "pure Python"


def module_is_compiled(name: str, package: Path | None = None) -> bool:
    """Whether `cardtable.<name>` is (or, not imported yet, will be) a C extension.

    An imported module tells by its file; one not imported yet by what lies in its
    folder, in the order Python's importer looks (an extension before the source), so
    the answer costs no import."""
    module = sys.modules.get(f"cardtable.{name}") if package is None else None
    if module is not None:
        file = getattr(module, "__file__", None) or ""
        return file.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))
    if package is None:
        package = Path(__file__).resolve().parent
    *folders, stem = name.split(".")
    folder = package.joinpath(*folders)
    return any((folder / f"{stem}{suffix}").is_file()
               for suffix in importlib.machinery.EXTENSION_SUFFIXES)


def build_kind() -> str:
    """"compiled (mypyc)", "pure Python", or "mixed: ..." naming the compiled parts
    (a stale extension left beside the source, say)."""
    compiled = [name for name in PROBES if module_is_compiled(name)]
    if len(compiled) == len(PROBES):
        return COMPILED
    if not compiled:
        return PURE
    return "mixed: compiled " + ", ".join(compiled)


def is_compiled() -> bool:
    return build_kind() == COMPILED
