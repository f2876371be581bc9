"""Scripted answers to the play prompts, for the command-line tests."""

from __future__ import annotations


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
