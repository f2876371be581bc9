"""Fixtures for the command-line tests: the fake game registered under the name "fake"."""

from __future__ import annotations

from collections.abc import Iterator

import cli_fakegame
import pytest

import cardtable


@pytest.fixture(autouse=True)
def fake_game(monkeypatch: pytest.MonkeyPatch) -> Iterator[cli_fakegame.FakeGame]:
    game = cli_fakegame.FakeGame()
    monkeypatch.setitem(cardtable._GAMES, "fake", "cli_fakegame:FakeGame")
    monkeypatch.setitem(cardtable._LOADED, "fake", game)
    yield game
