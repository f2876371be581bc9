"""The shipped puzzles over HTTP: `/puzzles` (the page), the sets with each one's puzzle
of the day, a puzzle's position as its solver may see it, and the answer checked.

A puzzle's record, seed, best action, choices, judges and source stay here: the
position is sent as `Puzzle.shown()` plus the game's public description (catalogue,
words, rules) and the decision in words for the solver's seat; the explanation (the
top choices, the best action, a replay in worlds sampled from the solver's view) only
in the answer to an answer. Nothing is stored: an answer changes nothing on the server
(the streak is the browser's).
"""

from __future__ import annotations

import asyncio
from datetime import UTC, date, datetime
from functools import lru_cache
from pathlib import Path
from typing import Any

from fastapi import APIRouter, HTTPException
from fastapi.responses import FileResponse
from pydantic import Field

from cardtable.engine.api import CardtableError, State
from cardtable.puzzles.explain import SET_TITLES, daily_index, explanation, position
from cardtable.puzzles.model import SHIPPED, Puzzle, shipped
from cardtable.server.api_models import Closed, answers

STATIC = Path(__file__).resolve().parent.parent / "web" / "static"
MAX_ACTION = 200       # an action's text: the longest notation is far shorter
NAME = 40              # a set's name or a puzzle's id in the path

router = APIRouter()


# ---- the answers as the API describes them ----------------------------------------

class PuzzleSet(Closed):
    name: str = Field(description="thalara, vale or vale-artifacts")
    title: str
    count: int = Field(description="how many puzzles the set has")
    daily: str = Field(description="the id of today's puzzle (UTC date)")
    ids: list[str] = Field(description="the set's puzzles in order")


class PuzzleSets(Closed):
    date: str = Field(description="today's UTC date, which chose each set's `daily`")
    sets: list[PuzzleSet]


class PuzzleSeat(Closed):
    seat: int
    name: str
    kind: str = Field(description="human (the solver) or puzzle")


class Position(Closed):
    """A puzzle as its solver may see it: nothing of the record, the answer or the
    other seats' hands."""

    set: str
    title: str
    number: int = Field(description="the puzzle's place in its set, from 1")
    count: int
    next: str = Field(description="the id of the set's next puzzle")
    id: str
    game: str
    seat: int = Field(description="the solver's seat")
    theme: str
    difficulty: str = Field(description="easy, medium or hard")
    observation: dict[str, Any] = Field(description="the solver seat's observation")
    legal: list[str] = Field(description="the legal actions, in notation")
    decision: dict[str, Any] = Field(description="the decision in words for the solver")
    seats: list[PuzzleSeat]
    catalogue: dict[str, Any]
    words: dict[str, Any]
    notation: str
    rules: str


class AnswerIn(Closed):
    action: str = Field(min_length=1, max_length=MAX_ACTION,
                        description="an action legal in the position, in notation")


class ChoiceOut(Closed):
    action: str
    text: str = Field(description="the action in words")
    expected: float = Field(description="its expected result for the solver (0 = a "
                                        "loss, 1 = a win), from the judges' searches")
    words: str
    best: bool


class ReplayMove(Closed):
    seat: int
    action: str | None = Field(description="the solver's own actions; null for the others")
    events: list[str] = Field(description="the events as the solver reads them")


class ReplayLine(Closed):
    worlds: int = Field(description="in how many of the sampled worlds it was played")
    moves: list[ReplayMove]


class Verdict(Closed):
    correct: bool
    answer: str = Field(description="the answer as the game reads it")
    best: str
    best_text: str
    margin: float = Field(description="how far the best beat every other (the smaller "
                                      "judge's margin)")
    choices: list[ChoiceOut]
    theme: str
    theme_text: str
    difficulty: str
    replay: list[ReplayLine] = Field(
        description="what followed the best action in worlds sampled from the solver's "
                    "view (never the real hidden cards), every seat playing the judges' "
                    "rollout policy: each different line of play once")


# ---- the puzzles -------------------------------------------------------------------

@lru_cache(maxsize=len(SHIPPED))
def puzzle_set(name: str) -> tuple[Puzzle, ...]:
    return tuple(shipped(name))


@lru_cache(maxsize=256)
def _state(name: str, puzzle_id: str) -> State:
    return find(name, puzzle_id).state()


@lru_cache(maxsize=256)
def _position(name: str, puzzle_id: str) -> dict[str, Any]:
    puzzles = puzzle_set(name)
    index = next(i for i, p in enumerate(puzzles) if p.id == puzzle_id)
    puzzle = puzzles[index]
    return {"set": name, "title": SET_TITLES[name], "number": index + 1,
            "count": len(puzzles), "next": puzzles[(index + 1) % len(puzzles)].id,
            **position(puzzle, _state(name, puzzle_id).clone())}


@lru_cache(maxsize=256)
def _explanation(name: str, puzzle_id: str) -> dict[str, Any]:
    return explanation(find(name, puzzle_id), _state(name, puzzle_id).clone())


def find(name: str, puzzle_id: str) -> Puzzle:
    if name not in SHIPPED:
        raise HTTPException(404, f"no puzzle set named {name[:NAME]!r}; sets: "
                                 f"{', '.join(SHIPPED)}")
    for p in puzzle_set(name):
        if p.id == puzzle_id:
            return p
    raise HTTPException(404, f"the set {name} has no puzzle {puzzle_id[:NAME]!r}")


def today() -> datetime:
    return datetime.now(UTC)


def sets_today(day: date) -> dict[str, Any]:
    out = []
    for name in SHIPPED:
        puzzles = puzzle_set(name)
        out.append({"name": name, "title": SET_TITLES[name], "count": len(puzzles),
                    "daily": puzzles[daily_index(name, len(puzzles), day)].id,
                    "ids": [p.id for p in puzzles]})
    return {"date": day.isoformat(), "sets": out}


# ---- the routes --------------------------------------------------------------------

NOT_FOUND = "no such set, or no such puzzle in it"


@router.get("/puzzles", include_in_schema=False)
async def page() -> FileResponse:
    return FileResponse(STATIC / "index.html")


@router.get("/api/puzzles", response_model=None, responses=answers(
    PuzzleSets, said="the puzzle sets, each with today's puzzle", checked=False))
async def sets() -> dict[str, Any]:
    """The shipped puzzle sets: each one's name, title, size, puzzles, and the puzzle
    of the day (chosen from the UTC date: the same for everybody all day)."""
    return sets_today(today().date())


@router.get("/api/puzzles/{set_name}/{puzzle_id}", response_model=None, responses=answers(
    Position, said="the puzzle as its solver may see it", refusals={404: NOT_FOUND}))
async def puzzle(set_name: str, puzzle_id: str) -> dict[str, Any]:
    """A puzzle's position: the solver seat's observation and legal actions, the theme
    and difficulty, the decision in words, and the game's catalogue, words and rules."""
    find(set_name, puzzle_id)
    return await asyncio.to_thread(_position, set_name, puzzle_id)


@router.post("/api/puzzles/{set_name}/{puzzle_id}/answer", response_model=None,
             responses=answers(Verdict, said="right or wrong, and the explanation", body=True,
                               changes=True, refusals={
                                   404: NOT_FOUND,
                                   400: "the action is not legal in the puzzle's position"}))
async def answer(set_name: str, puzzle_id: str, given: AnswerIn) -> dict[str, Any]:
    """Check an answer: whether it is the best action, and the explanation (the top
    choices with their expected results, the theme in words, a replay of what may
    follow in worlds sampled from the solver's view). Nothing is stored."""
    puzzle_ = find(set_name, puzzle_id)
    state = (await asyncio.to_thread(_state, set_name, puzzle_id)).clone()
    try:
        action = state.game.parse_action(state, given.action)
    except CardtableError as exc:
        raise HTTPException(400, f"not a legal action in this position: {exc}") from None
    told = await asyncio.to_thread(_explanation, set_name, puzzle_id)
    return {"correct": str(action) == puzzle_.best, "answer": str(action), **told}
