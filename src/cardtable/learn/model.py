"""What a lesson is made of: plain data, checked against the engine.

A lesson teaches one game in parts; each part is a real game with a fixed deal (players,
seed, options). Its script is the whole game as it will be played: the learner's steps
(each the one action the lesson asks for, with the words that say why) and, between
them, the moves of the other seats. A step without an action is read and then left
with "Next". Each step names the rulebook sections it teaches; the lesson lists the
sections it must cover, so a test can prove every one is taught.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

LEARNER = 0   # the learner always sits at seat 0 (P1)


@dataclass(frozen=True)
class Step:
    """One thing the learner does (`action`, its notation) or reads (`action` None)."""

    say: str
    action: str | None = None
    teaches: tuple[str, ...] = ()
    # where the bubble of a reading step points (a CSS selector); by default the prompt
    at: str | None = None


@dataclass(frozen=True)
class Others:
    """The other seats' moves, in order, until the learner's next step."""

    actions: tuple[str, ...]


Beat = Step | Others


@dataclass(frozen=True)
class Section:
    """A rulebook section the lesson must teach (`key` is what steps name)."""

    key: str
    title: str
    rulebook: str          # where it is in the rulebook, in words


@dataclass(frozen=True)
class Part:
    title: str
    players: int
    seed: int
    options: dict[str, Any]
    names: tuple[str, ...]
    script: tuple[Beat, ...]


@dataclass(frozen=True)
class Lesson:
    game: str
    title: str
    sections: tuple[Section, ...]
    parts: tuple[Part, ...]
    summary: str = ""
    section_keys: frozenset[str] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "section_keys", frozenset(s.key for s in self.sections))


def do(say: str, *actions: str, teaches: tuple[str, ...] = ()) -> tuple[Step, ...]:
    """Several actions under one explanation (choosing seven cards): the first step
    carries the words and the sections; the others only count on."""
    steps = [Step(say, actions[0], teaches)]
    for k, action in enumerate(actions[1:], start=2):
        steps.append(Step(f"And the next one, as marked ({k} of {len(actions)}).", action))
    return tuple(steps)


def flatten(*beats: Beat | tuple[Beat, ...]) -> tuple[Beat, ...]:
    out: list[Beat] = []
    for b in beats:
        if isinstance(b, tuple):
            out.extend(b)
        else:
            out.append(b)
    return tuple(out)
