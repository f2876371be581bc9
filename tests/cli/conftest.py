"""Fixtures for the command-line tests: the fake game registered under the name "fake"."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import cardtable

# The helper modules next to this file (cli_fakegame, cli_script, ...) are imported by
# name, whatever pytest's import mode.
HERE = str(Path(__file__).resolve().parent)
if HERE not in sys.path:
    sys.path.insert(0, HERE)

import cli_fakegame  # noqa: E402


@pytest.fixture(autouse=True)
def fake_game(monkeypatch: pytest.MonkeyPatch) -> Iterator[cli_fakegame.FakeGame]:
    game = cli_fakegame.FakeGame()
    monkeypatch.setitem(cardtable._GAMES, "fake", "cli_fakegame:FakeGame")
    monkeypatch.setitem(cardtable._LOADED, "fake", game)
    yield game


@pytest.fixture(autouse=True)
def wide_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rich wraps at the terminal width; a wide one keeps each printed line whole."""
    monkeypatch.setenv("COLUMNS", "200")
