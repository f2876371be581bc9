"""The command line as a whole: help, version, errors without tracebacks."""

from __future__ import annotations

import importlib.machinery
from pathlib import Path

import pytest

import cardtable
import cardtable.engine.api
from cardtable.cli.main import main


def test_version_says_which_build_runs(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    # The build this suite runs on, told by the engine's own file: a C extension or not.
    compiled = cardtable.engine.api.__file__.endswith(
        tuple(importlib.machinery.EXTENSION_SUFFIXES))
    build = "compiled (mypyc)" if compiled else "pure Python"
    assert capsys.readouterr().out.strip() == f"cardtable {cardtable.__version__} ({build})"


def test_a_build_is_told_by_the_files_beside_the_source(tmp_path: Path) -> None:
    from cardtable.buildinfo import module_is_compiled

    (tmp_path / "engine").mkdir()
    (tmp_path / "engine" / "api.py").write_text("")
    assert not module_is_compiled("engine.api", tmp_path)
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    (tmp_path / "engine" / f"api{suffix}").write_bytes(b"")
    assert module_is_compiled("engine.api", tmp_path)     # Python would load this first
    assert not module_is_compiled("thalara.rules", tmp_path)


def test_help_lists_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    for command in ("play", "simulate", "replay", "bench", "games"):
        assert command in out


@pytest.mark.parametrize("command", ["play", "simulate", "replay", "bench", "games"])
def test_each_command_has_help(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([command, "--help"]) == 0
    out = capsys.readouterr().out
    assert f"usage: cardtable {command}" in out
    assert "Example" in out


def test_no_command_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 2
    assert "usage: cardtable" in capsys.readouterr().err


@pytest.mark.parametrize("argv", [
    ["simulate", "nosuchgame", "--games", "1"],
    ["bench", "nosuchgame"],
    ["play", "nosuchgame"],
])
def test_unknown_game_is_one_clear_error(argv: list[str],
                                         capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.err.count("\n") == 1
    assert "unknown game 'nosuchgame'" in captured.err
    assert "Traceback" not in captured.err + captured.out


def test_bad_flag_value_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "fake", "--games", "0"]) == 2
    assert "must be at least 1" in capsys.readouterr().err


def test_runs_as_a_module() -> None:
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "cardtable.cli", "--version"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0
    assert done.stdout.strip() in (f"cardtable {cardtable.__version__} ({build})"
                                   for build in ("pure Python", "compiled (mypyc)"))


def test_games_lists_players_and_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games", "fake"]) == 0
    out = capsys.readouterr().out
    assert "fake: Blind duel (a test game), 2-4 players" in out
    for option in ("rounds", "how many rounds (1-9, default 2)", "mode", "characters"):
        assert option in out
    assert main(["games"]) == 0
    out = capsys.readouterr().out
    assert "thalara: Thalara: The Last Artifacts" in out and "vale:" in out


def test_games_of_an_unknown_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games", "nope"]) == 2
    assert "unknown game 'nope'" in capsys.readouterr().err


def test_serve_is_the_web_servers_command(monkeypatch: pytest.MonkeyPatch,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    from cardtable.server import serve_cmd

    seen: list[object] = []

    def fake_serve(args: object) -> int:
        seen.append(args)
        return 0

    monkeypatch.setattr(serve_cmd, "serve_command", fake_serve)
    assert main(["serve", "--port", "9123", "--host", "127.0.0.1"]) == 0
    assert len(seen) == 1 and getattr(seen[0], "port", None) == 9123
    assert main(["serve", "--help"]) == 0
    assert "--db" in capsys.readouterr().out
