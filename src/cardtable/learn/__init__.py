"""Guided first games: a lesson per game, played through the engine (walk.py) by the
browser's server and by `cardtable learn`."""

from __future__ import annotations

from typing import cast

from cardtable.engine.api import CardtableError
from cardtable.engine.registry import face_reference, games, load_face
from cardtable.learn.model import Lesson


def lessons() -> list[str]:
    """The games that bring a lesson (the registry's "lesson" face)."""
    return [game for game in games() if face_reference(game, "lesson")]


def load_lesson(game: str) -> Lesson:
    """The lesson for `game` (CardtableError for a game without one)."""
    lesson = load_face(game, "lesson")
    if lesson is None:
        raise CardtableError(f"there is no lesson for {game!r}; lessons: "
                             f"{', '.join(lessons())}")
    return cast(Lesson, lesson)
