"""Puzzle files: read back as written, one clear error for a broken one."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardtable.puzzles import PuzzleError, load, shipped
from cardtable.puzzles.model import dump


def test_a_file_reads_back_as_written(tmp_path: Path) -> None:
    puzzles = shipped("vale")[:3]
    path = tmp_path / "p.json"
    path.write_text(dump(puzzles, {"set": "vale"}), encoding="utf-8")
    again, about = load(path)
    assert about == {"set": "vale"}
    assert [p.to_dict() for p in again] == [p.to_dict() for p in puzzles]


@pytest.mark.parametrize(("text", "message"), [
    ("not json", "not a puzzle file"),
    ('{"format": "cardtable-record"}', "field 'format'"),
    ('{"format": "cardtable-puzzles", "version": 9, "puzzles": []}', "version"),
    ('{"format": "cardtable-puzzles", "version": 1, "puzzles": {}}', "must be a list"),
    ('{"format": "cardtable-puzzles", "version": 1, "puzzles": [{"id": 1}]}',
     "cannot be read"),
])
def test_a_broken_file_is_one_clear_error(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "p.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(PuzzleError, match=message):
        load(path)


def test_a_puzzle_whose_answer_is_not_its_first_choice_is_refused(tmp_path: Path) -> None:
    data = shipped("vale")[0].to_dict()
    data["choices"] = data["choices"][::-1]
    path = tmp_path / "p.json"
    path.write_text(json.dumps({"format": "cardtable-puzzles", "version": 1,
                                "puzzles": [data]}), encoding="utf-8")
    with pytest.raises(PuzzleError, match="first choice"):
        load(path)


def test_a_missing_file_and_an_unknown_set(tmp_path: Path) -> None:
    with pytest.raises(PuzzleError, match="cannot read"):
        load(tmp_path / "none.json")
    with pytest.raises(PuzzleError, match="no shipped puzzles named 'chess'"):
        shipped("chess")
