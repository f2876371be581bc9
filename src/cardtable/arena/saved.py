"""A tournament's games saved as they finish, so a long run can stop and resume.

The file holds one JSON object per line, a `GameResult.to_dict()`, appended (and
flushed) the moment the game ends. Running the same tournament with the same file plays
only the games that are not in it yet. A file from another tournament (other seed,
agents, options or game count) is refused rather than mixed in.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import IO, Any

from cardtable.arena.tournament import ArenaError, GameResult, GameSpec


def load_saved(path: Path, specs: Sequence[GameSpec],
               repair: bool = True) -> dict[int, GameResult]:
    """The games of this tournament already in `path`, by index. A last line cut short
    (the run was killed while writing it) is skipped, and with `repair` also dropped from
    the file (leave the file alone while another run may still be writing it); anything
    else that is not a game of this tournament raises ArenaError and changes nothing."""
    if not path.exists():
        return {}
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ArenaError(f"cannot read the saved games in {path}: {exc}") from None
    lines = text.split("\n")
    cut_short = bool(lines[-1])  # a complete file ends with a newline
    by_spec = {spec.index: spec for spec in specs}
    found: dict[int, GameResult] = {}
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            result = GameResult.from_dict(_object(json.loads(line)))
        except (ValueError, TypeError) as exc:
            if cut_short and number == len(lines):
                if repair:
                    path.write_text(text[:len(text) - len(line)], encoding="utf-8")
                break
            raise ArenaError(f"{path}, line {number}: not a saved game ({exc})") from None
        spec = by_spec.get(result.index)
        if spec is None or not _same_game(spec, result):
            raise ArenaError(
                f"{path}, line {number}: game {result.index + 1} was saved by another "
                "tournament (its seed, agents or options differ, or it is past --games); "
                "use another file, or the --seed, --agents, --games and game options "
                "that wrote it")
        if result.index in found:
            raise ArenaError(f"{path}, line {number}: game {result.index + 1} is saved twice")
        found[result.index] = result
    return found


def _object(data: Any) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise ValueError("a line must be a JSON object")
    return data


def _same_game(spec: GameSpec, result: GameResult) -> bool:
    return (result.seed == spec.seed and list(result.agents) == list(spec.agents)
            and result.options == spec.options)


class SaveFile:
    """Appends each finished game to the file, one flushed line at a time."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._out: IO[str] | None = None

    def __enter__(self) -> SaveFile:
        try:
            self._out = self.path.open("a", encoding="utf-8")
        except OSError as exc:
            raise ArenaError(f"cannot write the saved games to {self.path}: {exc}") from None
        return self

    def __exit__(self, *exc: object) -> None:
        if self._out is not None:
            self._out.close()

    def __call__(self, result: GameResult) -> None:
        assert self._out is not None, "use SaveFile in a with block"
        self._out.write(json.dumps(result.to_dict()) + "\n")
        self._out.flush()
