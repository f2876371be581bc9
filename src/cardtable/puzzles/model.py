"""A puzzle as data: the game up to the position, the seat that solves it, the best
action with the top choices and their expected results, a theme, a difficulty, how it
was judged and where it came from; to and from plain JSON.

The record up to the position holds the game's seed and every earlier action, so it
tells more than the solver knew: it is for re-judging and provenance and never leaves
the server. What a solver is shown is `Puzzle.shown()`: the solver seat's observation
and legal actions, nothing else (tests/puzzles/test_no_leak.py).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardtable.analysis.model import whole_number
from cardtable.engine.api import CardtableError, State
from cardtable.engine.record import GameRecord

FORMAT = "cardtable-puzzles"
VERSION = 1
DIFFICULTIES = ("easy", "medium", "hard")


class PuzzleError(CardtableError, ValueError):
    """A puzzle that cannot be made or read (bad options, a broken file)."""


@dataclass(frozen=True)
class Choice:
    """One action of the position with its expected result for the solver (0 = loss,
    1 = win) and the iterations that estimate rests on."""

    action: str
    expected: float
    visits: int

    def to_dict(self) -> dict[str, Any]:
        return {"action": self.action, "expected": round(self.expected, 4),
                "visits": self.visits}


@dataclass(frozen=True)
class JudgeRun:
    """One judge's search of the position: its budget and seed, what it found best and
    by how much it beat the runner-up."""

    agent: str                   # ismcts:N, always an iteration budget (deterministic)
    seed: int
    best: str
    margin: float

    def to_dict(self) -> dict[str, Any]:
        return {"agent": self.agent, "seed": self.seed, "best": self.best,
                "margin": round(self.margin, 4)}


@dataclass(frozen=True)
class Puzzle:
    id: str
    game: str
    options: dict[str, Any]
    record: GameRecord           # the game up to the position (secret: see the module)
    seat: int                    # the solver
    best: str
    choices: tuple[Choice, ...]  # the best first, then its closest challengers
    theme: str
    difficulty: str
    found_rate: float            # share of the easy searches that found the best action
    judges: tuple[JudgeRun, ...]
    source: dict[str, Any]       # where the position came from: game, seed, agents ...

    @property
    def margin(self) -> float:
        """The smaller of the judges' margins: what the puzzle promises."""
        return min(j.margin for j in self.judges)

    def state(self) -> State:
        """The game at the position (the full state: for the server's own use)."""
        return self.record.replay()

    def shown(self, state: State | None = None) -> dict[str, Any]:
        """What the solver is shown: the solver seat's observation and legal actions
        (from `state`, the position, when given), the theme and the difficulty. Never
        the record, the seed, the answer or the other seats' observations."""
        if state is None:
            state = self.state()
        view = state.view(self.seat)
        return {"id": self.id, "game": self.game, "seat": self.seat,
                "theme": self.theme, "difficulty": self.difficulty,
                "observation": view.observation,
                "legal": [str(a) for a in view.legal_actions]}

    def solves(self, answer: str) -> bool:
        """Whether `answer` is the best action (read as the game reads actions, so any
        spelling the game accepts counts)."""
        state = self.state()
        try:
            return str(state.game.parse_action(state, answer)) == self.best
        except CardtableError:
            return False

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "game": self.game, "options": self.options,
                "record": self.record.to_dict(), "seat": self.seat, "best": self.best,
                "choices": [c.to_dict() for c in self.choices], "theme": self.theme,
                "difficulty": self.difficulty, "found_rate": round(self.found_rate, 4),
                "margin": round(self.margin, 4),
                "judges": [j.to_dict() for j in self.judges], "source": self.source}

    @classmethod
    def from_dict(cls, data: Any) -> Puzzle:
        if not isinstance(data, dict):
            raise PuzzleError("a puzzle must be a JSON object")
        try:
            out = cls(
                id=str(data["id"]), game=str(data["game"]), options=dict(data["options"]),
                record=GameRecord.from_dict(data["record"]), seat=whole_number(data["seat"]),
                best=str(data["best"]),
                choices=tuple(Choice(str(c["action"]), float(c["expected"]),
                                     whole_number(c["visits"])) for c in data["choices"]),
                theme=str(data["theme"]), difficulty=str(data["difficulty"]),
                found_rate=float(data["found_rate"]),
                judges=tuple(JudgeRun(str(j["agent"]), whole_number(j["seed"]), str(j["best"]),
                                      float(j["margin"])) for j in data["judges"]),
                source=dict(data["source"]))
        except (KeyError, TypeError, ValueError) as exc:
            raise PuzzleError(f"a puzzle cannot be read: {exc!r}") from None
        except CardtableError as exc:
            raise PuzzleError(f"a puzzle's record cannot be read: {exc}") from None
        if out.difficulty not in DIFFICULTIES:
            raise PuzzleError(f"unknown difficulty {out.difficulty!r}")
        if not out.judges or not out.choices or out.choices[0].action != out.best:
            raise PuzzleError(f"puzzle {out.id}: the first choice must be the best action")
        return out


def dump(puzzles: list[Puzzle], about: dict[str, Any]) -> str:
    """A puzzle file: how the puzzles were made (`about`) and the puzzles."""
    return json.dumps({"format": FORMAT, "version": VERSION, "about": about,
                       "puzzles": [p.to_dict() for p in puzzles]}, indent=1) + "\n"


def load(path: str | Path) -> tuple[list[Puzzle], dict[str, Any]]:
    """The puzzles of a file written by `dump`, and its `about`."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise PuzzleError(f"cannot read {path}: {exc.strerror}") from None
    except ValueError as exc:
        raise PuzzleError(f"{path} is not a puzzle file: {exc}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise PuzzleError(f"{path} is not a puzzle file (field 'format' must be {FORMAT!r})")
    if data.get("version") != VERSION:
        raise PuzzleError(f"{path}: unsupported puzzle file version {data.get('version')!r}")
    puzzles = data.get("puzzles")
    if not isinstance(puzzles, list):
        raise PuzzleError(f"{path}: field 'puzzles' must be a list")
    about = data.get("about")
    return [Puzzle.from_dict(p) for p in puzzles], about if isinstance(about, dict) else {}


# The shipped sets, by name: package data beside this module.
SHIPPED = {"thalara": "thalara.json", "vale": "vale.json",
           "vale-artifacts": "vale-artifacts.json"}


def shipped(name: str) -> list[Puzzle]:
    """The puzzles shipped with cardtable for `name` (thalara, vale, vale-artifacts)."""
    if name not in SHIPPED:
        raise PuzzleError(f"no shipped puzzles named {name!r}; sets: {', '.join(SHIPPED)}")
    return load(Path(__file__).parent / "data" / SHIPPED[name])[0]
