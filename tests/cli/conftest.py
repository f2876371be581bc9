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


@pytest.fixture(autouse=True)
def wide_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rich wraps at the terminal width; a wide one keeps each printed line whole."""
    monkeypatch.setenv("COLUMNS", "200")


class Script:
    """Answers the play prompts: the given lines in order, then `then` for ever (or
    EOFError, like a closed stdin, when `then` is None)."""

    def __init__(self, lines: list[str], then: str | None = None) -> None:
        self.lines = list(lines)
        self.then = then
        self.prompts = 0

    def __call__(self, prompt: str) -> str:
        self.prompts += 1
        if self.lines:
            return self.lines.pop(0)
        if self.then is None:
            raise EOFError
        return self.then
