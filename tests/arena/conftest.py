"""Registers the toy game of tests/agents as "toy" for the arena tests."""

import sys
from pathlib import Path

TOY_DIR = str(Path(__file__).resolve().parent.parent / "agents")
if TOY_DIR not in sys.path:
    sys.path.insert(0, TOY_DIR)

from toy_game import toy  # noqa: E402 (the path above makes it importable)

__all__ = ["toy"]
