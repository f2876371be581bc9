"""`cardtable train GAME`: a model written, the same whatever the workers, resumed from
its chunks, and bad settings refused before anything is played."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardtable.agents import training
from cardtable.agents.value import load_model
from cardtable.cli.main import main

# chunks of 2 games, so that a small run has several
SMALL = ["--games", "6", "--positions", "3", "--continuations", "1", "--seed", "4",
         "--chunk", "2"]


def _train(tmp_path: Path, name: str, *extra: str) -> int:
    return main(["train", "vale", *SMALL, "--out", str(tmp_path / name), *extra])


def test_a_model_is_written_and_is_the_same_on_two_workers(tmp_path: Path) -> None:
    assert _train(tmp_path, "one.json", "--workers", "1") == 0
    assert _train(tmp_path, "two.json", "--workers", "2") == 0
    one, two = load_model(tmp_path / "one.json"), load_model(tmp_path / "two.json")
    assert one.weights == two.weights
    assert one.trained["positions"] == 6 * 3 * 2        # games x positions x seats
    assert sorted(p.name for p in (tmp_path / "one.chunks").iterdir()) == \
        ["chunk-00000.json", "chunk-00001.json", "chunk-00002.json", "plan.json"]
    assert _train(tmp_path, "other.json", "--workers", "1", "--seed", "5") == 0
    assert load_model(tmp_path / "other.json").weights != one.weights


def test_a_stopped_run_resumes_from_its_chunks(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    assert _train(tmp_path, "m.json", "--workers", "1") == 0
    first = load_model(tmp_path / "m.json")
    chunk = tmp_path / "m.chunks" / "chunk-00001.json"
    chunk.unlink()
    (tmp_path / "m.chunks" / "chunk-00002.json").write_text("{half", encoding="utf-8")
    played: list[int] = []
    real = training.play_chunk

    def counted(item: tuple[training.TrainPlan, int]) -> training.Chunk:
        played.append(item[1])
        return real(item)

    import cardtable.cli.train_cmd as train_cmd
    monkeypatch.setattr(train_cmd, "play_chunk", counted)
    assert _train(tmp_path, "m.json", "--workers", "1") == 0
    assert played == [1, 2]                 # only the chunks missing or broken
    assert "resuming: 1 of 3 chunks" in capsys.readouterr().err
    assert load_model(tmp_path / "m.json").weights == first.weights
    # JSON, but not this chunk: chunk 0's rows under chunk 1's name are played again
    zero = (tmp_path / "m.chunks" / "chunk-00000.json").read_text(encoding="utf-8")
    (tmp_path / "m.chunks" / "chunk-00001.json").write_text(zero, encoding="utf-8")
    played.clear()
    assert _train(tmp_path, "m.json", "--workers", "1") == 0
    assert played == [1]
    assert load_model(tmp_path / "m.json").weights == first.weights


def test_a_work_folder_of_another_plan_is_refused_unless_fresh(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _train(tmp_path, "m.json", "--workers", "1") == 0
    model = (tmp_path / "m.json").read_text(encoding="utf-8")
    assert _train(tmp_path, "m.json", "--workers", "1", "--seed", "9") == 2
    assert "another training plan" in capsys.readouterr().err
    assert (tmp_path / "m.json").read_text(encoding="utf-8") == model   # unchanged
    assert _train(tmp_path, "m.json", "--workers", "1", "--seed", "9", "--fresh") == 0
    plan = json.loads((tmp_path / "m.chunks" / "plan.json").read_text(encoding="utf-8"))
    assert plan["seed"] == 9


@pytest.mark.parametrize(("args", "message"), [
    (["--option", "nonsense=1"], "nonsense"),
    (["--players", "7"], "7"),
    (["--workers", "2", "--ray", "local"], "not both"),
])
def test_bad_settings_are_refused_before_any_game(tmp_path: Path, args: list[str],
                                                  message: str,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    assert _train(tmp_path, "m.json", *args) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("error:") == 1
    assert not (tmp_path / "m.json").exists() and not (tmp_path / "m.chunks").exists()


def test_ray_trains_the_same_model(tmp_path: Path) -> None:
    pytest.importorskip("ray", reason="Ray is the optional 'dist' extra")
    assert _train(tmp_path, "here.json", "--workers", "1") == 0
    assert _train(tmp_path, "ray.json", "--ray", "local") == 0
    assert load_model(tmp_path / "ray.json").weights == \
        load_model(tmp_path / "here.json").weights


def test_a_game_without_a_learned_value_is_refused(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["train", "nosuchgame", "--out", str(tmp_path / "m.json")]) == 2
    assert not (tmp_path / "m.json").exists()
