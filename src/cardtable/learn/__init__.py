"""Guided first games: a lesson per game, played through the engine (walk.py) by the
browser's server and by `cardtable learn`."""

from __future__ import annotations

from cardtable.engine.api import CardtableError
from cardtable.learn.model import Lesson


def lessons() -> list[str]:
    return ["thalara", "vale"]


def load_lesson(game: str) -> Lesson:
    """The lesson for `game` (CardtableError for a game without one)."""
    if game == "thalara":
        from cardtable.learn.thalara import LESSON
        return LESSON
    if game == "vale":
        from cardtable.learn.vale import LESSON as VALE
        return VALE
    raise CardtableError(f"there is no lesson for {game!r}; lessons: {', '.join(lessons())}")
