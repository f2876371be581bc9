"""`cardtable replay`: the result of a saved game; corrupt records are one clear error."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from cli_fakegame import FakeGame
from cli_script import Script

from cardtable.cli.main import main
from cardtable.engine.record import GameRecord


@pytest.fixture
def finished(tmp_path: Path) -> Path:
    path = tmp_path / "finished.json"
    assert main(["play", "fake", "--vs", "random", "--seed", "21", "--save", str(path)],
                read_line=Script([], then="1")) == 0
    return path


def test_replay_prints_scores_and_winners(finished: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    state = GameRecord.load(finished).replay()
    assert main(["replay", str(finished)]) == 0
    out = capsys.readouterr().out
    scores = ", ".join(f"P{p + 1} {s}" for p, s in enumerate(state.scores()))
    assert f"scores: {scores}" in out
    assert "winners: " + ", ".join(f"P{p + 1}" for p in state.winners()) in out
    assert "fake: 2 players, seed 21" in out


def test_step_prints_each_action_with_public_texts_only(
        finished: Path, capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    record = GameRecord.load(finished)
    assert main(["replay", str(finished), "--step", "--board"]) == 0
    out = capsys.readouterr().out
    for number, text in enumerate(record.actions, start=1):
        assert f"{number:>4}. P{(number - 1) % 2 + 1}: {text}" in out
    assert "P1 plays a gem face down" in out
    assert "your word is" not in out                  # private texts stay private
    assert "fake as seen by spectator" in out


def test_step_replays_the_record_once(finished: Path, monkeypatch: pytest.MonkeyPatch,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    # Counted where the game is made (the fake game is Python in both builds; compiled,
    # GameRecord calls its own methods directly, past a patch on the class).
    starts = []
    new_game = FakeGame.new_game

    def counted(game: FakeGame, *args: Any, **kwargs: Any) -> Any:
        starts.append(args)
        return new_game(game, *args, **kwargs)

    monkeypatch.setattr(FakeGame, "new_game", counted)
    assert main(["replay", str(finished), "--step"]) == 0
    assert len(starts) == 1


@pytest.mark.parametrize("content, message", [
    ("{broken", "the saved game is not valid JSON"),
    ("[1, 2]", "a saved game must be a JSON object"),
    ('{"format": "something-else"}', "not a cardtable saved game"),
    ('{"format": "cardtable-record", "version": 1, "game": "fake", "players": 2,'
     ' "seed": "x", "options": {}, "actions": []}', "field 'seed' must be a whole number"),
    ('{"format": "cardtable-record", "version": 1, "game": "fake", "players": 2,'
     ' "seed": 1, "options": {"speed": 3}, "actions": []}', "unknown option 'speed'"),
])
@pytest.mark.parametrize("step", [False, True])
def test_corrupt_records(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                         content: str, message: str, step: bool) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(content)
    assert main(["replay", str(bad), *(["--step"] if step else [])]) == 2
    captured = capsys.readouterr()
    assert captured.err.startswith("cardtable replay: error: ")
    assert message in captured.err and captured.err.count("\n") == 1
    assert captured.out == ""


@pytest.mark.parametrize("step", [False, True])
def test_an_action_that_cannot_be_replayed(tmp_path: Path, finished: Path, step: bool,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(finished.read_text())
    data["actions"][2] = "play gem00"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    capsys.readouterr()
    assert main(["replay", str(bad), *(["--step"] if step else [])]) == 2
    err = capsys.readouterr().err
    assert "action 3 ('play gem00') cannot be replayed" in err and err.count("\n") == 1


def test_a_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(tmp_path / "nope.json")]) == 2
    assert "cannot read" in capsys.readouterr().err
