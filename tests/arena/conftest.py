"""Registers the toy game of tests/agents as "toy" for the arena tests."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import cardtable
from cardtable.engine.api import Game

TOY_DIR = str(Path(__file__).resolve().parent.parent / "agents")
if TOY_DIR not in sys.path:
    sys.path.insert(0, TOY_DIR)


@pytest.fixture
def toy() -> Iterator[Game]:
    from toy_game import ToyGame

    game = ToyGame()
    cardtable._GAMES["toy"] = "toy_game:ToyGame"
    cardtable._LOADED["toy"] = game
    try:
        yield game
    finally:
        cardtable._GAMES.pop("toy", None)
        cardtable._LOADED.pop("toy", None)
