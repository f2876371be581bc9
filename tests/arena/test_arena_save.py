"""`cardtable arena --save`: games saved as they finish, and a stopped run resumed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from test_arena_cmd import parse  # this folder is on the path, as for conftest's toy game

from cardtable.arena.tournament import ArenaError
from cardtable.cli.arena_cmd import arena_command
from cardtable.engine.api import Game

ARGS = ["arena", "toy", "--agents", "greedy,random", "--games", "6", "--seed", "5",
        "--workers", "1", "--json", "--option", "rounds=4"]


def run(capsys: pytest.CaptureFixture[str], *extra: str) -> Any:
    assert arena_command(parse([*ARGS, *extra])) == 0
    return json.loads(capsys.readouterr().out)


def games(out: Any) -> list[Any]:
    """The records without their decision times (which differ from run to run)."""
    return [{k: v for k, v in r.items() if k != "decision_times"} for r in out["records"]]


def saved_indices(path: Path) -> list[int]:
    return sorted(json.loads(line)["index"] for line in path.read_text().splitlines())


def test_every_game_is_saved_as_it_finishes(toy: Game, tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    plain = run(capsys)
    save = tmp_path / "games.jsonl"
    saved_run = run(capsys, "--save", str(save))
    assert saved_indices(save) == list(range(6))
    assert games(saved_run) == games(plain)
    # run again: nothing left to play, the same numbers from the file
    before = save.read_text()
    again = run(capsys, "--save", str(save))
    assert save.read_text() == before
    assert again["records"] == saved_run["records"]        # times too: read back
    assert games(again) == games(plain)
    wins = [(e["label"], e["wins"], e["avg_score"]) for e in plain["entrants"]]
    assert [(e["label"], e["wins"], e["avg_score"]) for e in again["entrants"]] == wins


def test_a_stopped_tournament_resumes_where_it_stopped(
        toy: Game, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    full = tmp_path / "full.jsonl"
    complete = run(capsys, "--save", str(full))
    # stopped after two games, the third cut short while it was being written
    lines = full.read_text().splitlines()
    part = tmp_path / "part.jsonl"
    part.write_text(lines[0] + "\n" + lines[1] + "\n" + lines[2][:40])
    assert arena_command(parse([*ARGS, "--save", str(part)])) == 0
    captured = capsys.readouterr()
    assert "2 of 6 games already in" in captured.err and "playing the other 4" in captured.err
    assert games(json.loads(captured.out)) == games(complete)
    assert saved_indices(part) == list(range(6))


def test_a_file_of_another_tournament_is_refused_and_left_alone(
        toy: Game, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    save = tmp_path / "games.jsonl"
    run(capsys, "--save", str(save))
    before = save.read_text()
    other = [a if a != "5" else "6" for a in ARGS]          # another --seed
    with pytest.raises(ArenaError, match="another tournament"):
        arena_command(parse([*other, "--save", str(save)]))
    fewer = [a if a != "6" else "3" for a in ARGS]          # --games 3: games 4-6 past it
    with pytest.raises(ArenaError, match="another tournament"):
        arena_command(parse([*fewer, "--save", str(save)]))
    assert save.read_text() == before


def test_a_broken_line_inside_the_file_is_an_error(toy: Game, tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    save = tmp_path / "games.jsonl"
    run(capsys, "--save", str(save))
    lines = save.read_text().splitlines()
    broken = lines[0] + "\n{not json\n" + "\n".join(lines[1:]) + "\n"
    save.write_text(broken)
    with pytest.raises(ArenaError, match="line 2: not a saved game"):
        arena_command(parse([*ARGS, "--save", str(save)]))
    assert save.read_text() == broken
    save.write_text(lines[0] + "\n" + lines[0] + "\n")
    with pytest.raises(ArenaError, match="saved twice"):
        arena_command(parse([*ARGS, "--save", str(save)]))


def test_saved_only_counts_the_games_so_far_and_plays_none(
        toy: Game, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    full = tmp_path / "full.jsonl"
    complete = run(capsys, "--save", str(full))
    lines = full.read_text().splitlines()
    # a run still going: three games in, the fourth half written
    part = tmp_path / "part.jsonl"
    text = "\n".join(lines[:3]) + "\n" + lines[3][:30]
    part.write_text(text)
    assert arena_command(parse([*ARGS, "--save", str(part), "--saved-only"])) == 0
    captured = capsys.readouterr()
    assert "3 of 6 games in" in captured.err and "playing none" in captured.err
    out = json.loads(captured.out)
    assert part.read_text() == text                  # the writer's half line is left alone
    assert games(out) == games(complete)[:3]
    assert sum(e["games"] for e in out["entrants"]) == 3 * 2


def test_saved_only_needs_a_file_with_games(toy: Game, tmp_path: Path) -> None:
    with pytest.raises(ArenaError, match="give the file"):
        arena_command(parse([*ARGS, "--saved-only"]))
    missing = tmp_path / "none.jsonl"
    with pytest.raises(ArenaError, match="does not exist"):
        arena_command(parse([*ARGS, "--save", str(missing), "--saved-only"]))
    assert not missing.exists()
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    with pytest.raises(ArenaError, match="no saved games in"):
        arena_command(parse([*ARGS, "--save", str(empty), "--saved-only"]))
