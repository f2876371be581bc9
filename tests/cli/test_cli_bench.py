"""`cardtable bench` and `cardtable.bench`, run tiny."""

from __future__ import annotations

import json
import runpy
import sys
from pathlib import Path

import pytest

from cardtable.bench import DEFAULT_PLAYERS, clone_cost, run_bench, sample_states
from cardtable.buildinfo import build_kind
from cardtable.cli.main import main

ROOT = Path(__file__).resolve().parents[2]


def test_run_bench_counts_exact_steps() -> None:
    result = run_bench("fake", seconds=0.02, seed=3, clone_states=7,
                       clone_calls_per_state=3)
    assert result.game == "fake" and result.players == 2 and result.games >= 1
    assert result.steps == result.games * 4           # 2 rounds x 2 players, always
    assert result.steps_per_game == 4.0
    assert result.games_per_second > 0 and result.steps_per_second > 0
    assert result.clone_states == 7 and result.clone_calls == 21
    assert result.clone_us_median > 0 and result.clone_us_mean > 0
    assert 0 <= result.setup_seconds <= result.seconds


def test_run_bench_passes_players_and_options() -> None:
    result = run_bench("fake", players=3, seconds=0.01, options={"rounds": 5},
                       clone_states=2, clone_calls_per_state=1)
    assert result.players == 3 and result.options == {"rounds": 5}
    assert result.steps == result.games * 15


def test_default_players_per_game() -> None:
    assert DEFAULT_PLAYERS == {"thalara": 2, "vale": 4}
    assert run_bench("fake", seconds=0.001, clone_states=1,
                     clone_calls_per_state=1).players == 2     # the game's smallest


def test_clone_states_come_from_all_through_games(fake_game: object) -> None:
    from cli_fakegame import FakeGame

    states = sample_states(FakeGame(), 2, 1, {}, 40)
    assert len(states) == 40
    assert len({len(s.history()) for s in states}) > 2       # many points of the games
    assert all(cost > 0 for cost in clone_cost(states[:3], 2))


def test_bench_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "fake", "--json", "--seconds", "0.01", "--players", "4",
                 "--clone-states", "3", "--clone-calls", "2", "--option", "rounds=1"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["players"] == 4 and data["options"] == {"rounds": 1}
    assert data["steps"] == data["games"] * 4
    for key in ("games_per_second", "steps_per_second", "clone_us_median", "clone_us_mean",
                "python", "seconds"):
        assert key in data


def test_bench_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "fake", "--seconds", "0.01", "--clone-states", "2",
                 "--clone-calls", "1"]) == 0
    out = capsys.readouterr().out
    for word in ("fake benchmark, 2 players", "games / second", "steps / second",
                 "clone() µs, median"):
        assert word in out


def test_bench_refuses_a_bad_duration(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "fake", "--seconds", "0"]) == 2
    assert "must be more than 0" in capsys.readouterr().err


def test_the_benchmarks_script_runs_the_bench_command(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "argv", ["bench.py", "fake", "--json", "--seconds", "0.01",
                                      "--clone-states", "1", "--clone-calls", "1"])
    with pytest.raises(SystemExit) as exit_info:
        runpy.run_path(str(ROOT / "benchmarks" / "bench.py"), run_name="__main__")
    assert exit_info.value.code == 0
    assert json.loads(capsys.readouterr().out)["game"] == "fake"


def test_bench_measures_gin_rummy_in_turns_and_the_search() -> None:
    result = run_bench("thalara", seconds=0.1, clone_states=2, clone_calls_per_state=1,
                       search_seconds=0.05)
    assert result.reference == "gin_rummy"               # pyspiel: the rl extra
    assert result.reference_steps_per_second and result.reference_steps_per_second > 0
    assert result.ratio == result.steps_per_second / result.reference_steps_per_second
    assert result.games >= 5                             # one turn or more in each round
    assert result.search_iterations >= 50               # one whole search at least
    assert result.search_iterations % 50 == 0            # whole searches of 50 each
    assert result.build == build_kind()


def test_bench_without_the_reference_or_search(capsys: pytest.CaptureFixture[str]) -> None:
    result = run_bench("fake", seconds=0.01, clone_states=1, clone_calls_per_state=1,
                       reference=False)
    assert result.reference is None and result.ratio is None
    assert result.search_iterations == 0 and result.search_iterations_per_second is None
    assert main(["bench", "fake", "--seconds", "0.05", "--clone-states", "2",
                 "--clone-calls", "1", "--search-seconds", "0.05"]) == 0
    out = capsys.readouterr().out
    for word in ("gin_rummy steps / second", "steps / second vs gin_rummy",
                 "ISMCTS iterations / second", build_kind()):
        assert word in out


@pytest.mark.parametrize("value", ["-1", "nan", "inf", "3601", "x"])
def test_bench_refuses_a_bad_search_time(value: str,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "fake", "--search-seconds", value]) == 2
    assert "--search-seconds" in capsys.readouterr().err
