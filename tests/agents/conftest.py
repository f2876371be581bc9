"""Registers the toy game as "toy" for the agent tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from toy_game import ToyGame

import cardtable
from cardtable.engine.api import Game


@pytest.fixture
def toy() -> Iterator[Game]:
    game = ToyGame()
    cardtable._GAMES["toy"] = "toy_game:ToyGame"
    cardtable._LOADED["toy"] = game
    try:
        yield game
    finally:
        cardtable._GAMES.pop("toy", None)
        cardtable._LOADED.pop("toy", None)
