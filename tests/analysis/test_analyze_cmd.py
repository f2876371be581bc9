"""`cardtable analyze`: output, the chart file, and one clear error for bad input."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from cardtable.analysis import Analysis
from cardtable.cli import analyze_cmd
from cardtable.cli.main import main
from cardtable.engine.record import GameRecord
from tests.analysis.positions import decisive_thalara, played_record, tiny_card_file

PNG = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(autouse=True)
def wide_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "200")


@pytest.fixture
def lost(tmp_path: Path) -> tuple[Path, GameRecord]:
    """A finished game whose last decision, by P1, is a blunder."""
    record = decisive_thalara(tiny_card_file(tmp_path), "small")
    path = tmp_path / "lost.json"
    record.save(path)
    return path, record


def test_json_prints_the_whole_analysis(lost: tuple[Path, GameRecord],
                                        capsys: pytest.CaptureFixture[str]) -> None:
    path, record = lost
    assert main(["analyze", str(path), "--agent", "ismcts:100", "--json",
                 "--workers", "1"]) == 0
    out = capsys.readouterr().out
    analysis = Analysis.from_dict(json.loads(out))
    assert analysis.seats == (0, 1)               # a finished game: every seat
    assert analysis.agent == "ismcts:100"
    last = analysis.decisions[-1]
    assert (last.seat, last.label, last.judgement.taken) == (0, "blunder",
                                                             record.actions[-1])
    assert json.loads(out)["chart"]["lines"][0]["points"][-1]["flagged"] is True


def test_text_output_and_chart(lost: tuple[Path, GameRecord], tmp_path: Path,
                               capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("matplotlib")
    path, record = lost
    chart = tmp_path / "chart.png"
    assert main(["analyze", str(path), "--seat", "P1", "--agent", "ismcts:100",
                 "--plot", str(chart), "--workers", "2"]) == 0
    out = capsys.readouterr().out
    assert chart.read_bytes().startswith(PNG)
    assert f"chart written to {chart}" in out
    assert "P1: inaccuracies, mistakes and blunders" in out
    assert "P2:" not in out.replace("P2 ", "")     # only P1 was analysed
    better = f"play red5 {3 - int(record.actions[-1].split()[-1])}"
    assert f"{record.actions[-1]} (0.04)" in out and f"{better} (0.96)" in out
    assert "blunder" in out
    assert f"action {len(record.actions)} (round 1): {record.actions[-1]}, better {better}" \
        in out


def _one_error(capsys: pytest.CaptureFixture[str], *expected: str) -> None:
    out, err = capsys.readouterr()
    assert out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("cardtable analyze: error: ")
    for text in expected:
        assert text in lines[0]


@pytest.mark.parametrize("args, expected", [
    (["--seat", "3"], "--seat 3 does not exist"),
    (["--seat", "banana"], "--seat must be a seat number"),
    (["--agent", "greedy"], "needs a search agent"),
    (["--agent", "ismcts:forever"], "unknown ismcts level"),
    (["--plot", "/no/such/folder/chart.png"], "does not exist"),
])
def test_bad_options_are_one_error_and_nothing_is_written(
        lost: tuple[Path, GameRecord], tmp_path: Path, args: list[str], expected: str,
        capsys: pytest.CaptureFixture[str]) -> None:
    path, _ = lost
    chart = tmp_path / "chart.png"
    plot = [] if "--plot" in args else ["--plot", str(chart)]
    assert main(["analyze", str(path), *args, *plot]) == 2
    _one_error(capsys, expected)
    assert not chart.exists()


@pytest.mark.parametrize("content, expected", [
    (None, "cannot read"),
    ("{not json", "not valid JSON"),
    ('{"format": "something else"}', "not a cardtable saved game"),
])
def test_a_missing_or_corrupt_record_is_one_error(tmp_path: Path, content: str | None,
                                                  expected: str,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.json"
    if content is not None:
        path.write_text(content)
    chart = tmp_path / "chart.png"
    assert main(["analyze", str(path), "--plot", str(chart)]) == 2
    _one_error(capsys, expected)
    assert not chart.exists()


def test_a_record_that_does_not_replay_is_one_error(lost: tuple[Path, GameRecord],
                                                    capsys: pytest.CaptureFixture[str]
                                                    ) -> None:
    path, record = lost
    data = record.to_dict()
    data["actions"][3] = "play purple9 1"
    path.write_text(json.dumps(data))
    assert main(["analyze", str(path)]) == 2
    _one_error(capsys, "action 4")


def test_missing_matplotlib_is_a_clear_error_before_any_search(
        lost: tuple[Path, GameRecord], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    searched: list[object] = []
    monkeypatch.setitem(sys.modules, "matplotlib", None)     # import fails
    monkeypatch.setattr(analyze_cmd, "analyze", lambda *a, **k: searched.append(a))
    chart = tmp_path / "chart.png"
    path, _ = lost
    assert main(["analyze", str(path), "--plot", str(chart)]) == 2
    _one_error(capsys, "--plot needs matplotlib", "cardtable[report]")
    assert not chart.exists() and not searched


@pytest.fixture
def unfinished(tmp_path: Path) -> Path:
    record = played_record("thalara", seed=8, upto=20)
    assert not record.replay().is_over()
    path = tmp_path / "unfinished.json"
    record.save(path)
    return path


def _save_with_seat(path: Path, seat: int) -> None:
    data = json.loads(path.read_text())
    data["cli"] = {"seat": seat, "vs": "greedy"}    # as `cardtable play` saves it
    path.write_text(json.dumps(data))


@pytest.mark.parametrize("args, seat, expected", [
    (["--all"], None, "not over"),
    ([], None, "name the seat to analyse with --seat"),
    (["--seat", "P2"], 0, "played from seat P1"),
])
def test_a_game_in_progress_keeps_the_other_seats_secret(
        unfinished: Path, args: list[str], seat: int | None, expected: str,
        capsys: pytest.CaptureFixture[str]) -> None:
    if seat is not None:
        _save_with_seat(unfinished, seat)
    assert main(["analyze", str(unfinished), "--agent", "ismcts:5", *args]) == 2
    _one_error(capsys, expected)


def test_a_game_in_progress_is_analysed_for_the_players_own_seat(
        unfinished: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _save_with_seat(unfinished, 1)
    assert main(["analyze", str(unfinished), "--agent", "ismcts:5", "--json",
                 "--workers", "1"]) == 0
    analysis = Analysis.from_dict(json.loads(capsys.readouterr().out))
    assert analysis.seats == (1,) and not analysis.over
    assert {d.seat for d in analysis.decisions} == {1}


def test_help_names_every_option(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", "--help"]) == 0
    out = capsys.readouterr().out
    for option in ("--seat", "--all", "--agent", "--json", "--plot", "--workers"):
        assert option in out
    assert main(["--help"]) == 0
    assert "analyze" in capsys.readouterr().out


def test_better_only_for_a_loss_that_shows() -> None:
    from cardtable.cli.analyze_cmd import _preferred

    assert _preferred("hunt imp", 0.12) == "better hunt imp (-0.12)"
    assert _preferred("hunt imp", 0.004) == "the search preferred hunt imp (as good)"


def test_the_tables_fit_an_80_column_terminal_whole(lost: tuple[Path, GameRecord],
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    import io
    import re

    from rich.console import Console

    path, _ = lost
    assert main(["analyze", str(path), "--agent", "ismcts:100", "--json",
                 "--workers", "1"]) == 0
    analysis = Analysis.from_dict(json.loads(capsys.readouterr().out))
    out = io.StringIO()
    analyze_cmd.print_analysis(Console(file=out, force_terminal=True, width=80,
                                       color_system=None), analysis)
    text = re.sub(r"\x1b\[[0-9;]*m", "", out.getvalue())
    assert "…" not in text and all(len(line) <= 80 for line in text.splitlines())
    header = next(line for line in text.splitlines() if line.startswith("seat"))
    assert header.split() == ["seat", "analysed", "forced", "avg", "loss", "best", "good",
                              "inaccuracy", "mistake", "blunder"]
