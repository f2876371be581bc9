"""The game-option flags: how they become new_game's keyword options."""

from __future__ import annotations

import pytest

from cardtable.cli.main import build_parser, main
from cardtable.cli.options import game_options, parse_option_value
from cardtable.engine.api import OptionError


def options_of(*flags: str) -> dict[str, object]:
    args = build_parser().parse_args(["simulate", "fake", *flags])
    return game_options(args)


def test_common_flags_map_to_option_names() -> None:
    assert options_of() == {}
    assert options_of("--mode", "casual", "--characters", "canto, accaina",
                      "--cards", "my.toml", "--expansion", "artifacts") == {
        "mode": "casual", "characters": ["canto", "accaina"], "cards": "my.toml",
        "expansion": "artifacts"}


def test_generic_options_read_json_values() -> None:
    assert options_of("--option", "rounds=3", "--option", "fast=true",
                      "--option", "name=Ann", "--option", 'seats=["a","b"]') == {
        "rounds": 3, "fast": True, "name": "Ann", "seats": ["a", "b"]}
    assert parse_option_value("2.5") == 2.5
    assert parse_option_value("canto") == "canto"


@pytest.mark.parametrize("flags, message", [
    (["--option", "rounds"], "KEY=VALUE"),
    (["--option", "=3"], "KEY=VALUE"),
    (["--mode", "casual", "--option", "mode=standard"], "given twice"),
    (["--characters", " , "], "at least one name"),
])
def test_bad_option_flags(flags: list[str], message: str) -> None:
    with pytest.raises(OptionError, match=message):
        options_of(*flags)


@pytest.mark.parametrize("command", [["simulate", "fake", "--games", "1"],
                                     ["bench", "fake", "--seconds", "0.01"],
                                     ["play", "fake"]])
def test_unknown_option_is_the_games_error_without_traceback(
        command: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*command, "--option", "colour=red"]) == 2
    captured = capsys.readouterr()
    assert captured.err == (f"cardtable {command[0]}: error: unknown option 'colour' for "
                            "fake; options: rounds, mode, characters\n")
    assert captured.out == ""


def test_options_reach_the_game(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    assert main(["simulate", "fake", "--games", "1", "--json", "--option", "rounds=4",
                 "--mode", "casual"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["options"] == {"rounds": 4, "mode": "casual"}
    assert out["games"][0]["rounds"] == 4
    assert out["games"][0]["actions"] == 4 * 2    # each player acts once a round


def test_player_count_outside_the_game_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "fake", "--players", "5", "--games", "1"]) == 2
    assert "fake is played by 2 to 4 players, not 5" in capsys.readouterr().err


# ---- a real game's declared options --------------------------------------------------

@pytest.mark.parametrize("command", [["simulate", "vale", "--games", "1"],
                                     ["bench", "vale", "--seconds", "0.01"],
                                     ["play", "vale"]])
def test_an_unknown_option_of_a_declaring_game_is_one_clear_error(
        command: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*command, "--option", "colour=red"]) == 2
    captured = capsys.readouterr()
    assert captured.err == (
        f"cardtable {command[0]}: error: unknown option 'colour' for vale; options: "
        "start_scores, tie_break, cards, expansion, artifact_set, end_score, steal, "
        "copy_resolves_as\n")
    assert captured.out == ""


@pytest.mark.parametrize("flags, message", [
    (["--option", "end_score=0"], "end_score must be a whole number from 1 to 1000, not 0"),
    (["--option", "end_score=\"40\""], "end_score must be a whole number from 1 to 1000, "
                                       "not '40'"),
    (["--expansion", "dragons"], "expansion must be one of none, cards, artifacts, "
                                 "not 'dragons'"),
    (["--option", "start_scores=1,2,3"], "start_scores needs one per seat: 2 for 2 "
                                         "players, got 3"),
    (["--option", "artifact_set=base"], "artifact_set needs expansion='artifacts'"),
])
def test_a_bad_value_is_refused_before_any_game(flags: list[str], message: str,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "vale", "--games", "1", *flags]) == 2
    assert capsys.readouterr().err == f"cardtable simulate: error: {message}\n"


def test_declared_options_are_normalised_on_the_command_line(
        capsys: pytest.CaptureFixture[str]) -> None:
    import json

    assert main(["simulate", "vale", "--games", "1", "--json", "--expansion", "Artifacts",
                 "--option", "start_scores=3,4", "--option", "steal=FULL"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["options"] == {"expansion": "artifacts", "start_scores": [3, 4],
                              "steal": "full"}


def test_the_options_command_lists_values_bounds_and_defaults(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    assert main(["options", "vale"]) == 0
    out = capsys.readouterr().out
    for words in ("expansion", "artifacts: Artifacts expansion", "none: Base game",
                  "whole number from 1 to 1000", "60; 80 with expansion=artifacts",
                  "a new table in the browser: artifacts", "Only with expansion=artifacts",
                  "or a list of whole numbers from 0 to 1000, one per seat"):
        assert words in out, words
    assert main(["options", "thalara"]) == 0
    out = capsys.readouterr().out
    assert "whole number from 1 to 20" in out and "casual: Casual Chaos" in out


def test_the_options_table_hides_nothing_behind_an_ellipsis_in_80_columns(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    for game in ("vale", "thalara"):
        assert main(["options", game]) == 0
        out = capsys.readouterr().out
        assert "…" not in out and all(len(line) <= 80 for line in out.splitlines())
        if game == "vale":    # folded where the column ends, every letter kept
            assert "expansion=artifac" in out


def test_the_options_command_gives_the_declarations_as_json(
        capsys: pytest.CaptureFixture[str]) -> None:
    import json

    assert main(["options", "vale", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    expansion = next(o for o in data if o["name"] == "expansion")
    assert expansion["kind"] == "choice" and expansion["table_default"] == "artifacts"
    assert [c["value"] for c in expansion["choices"]] == ["none", "cards", "artifacts"]
    assert main(["options", "chess"]) == 2
    assert "unknown game 'chess'" in capsys.readouterr().err


def test_a_game_that_declares_nothing_lists_its_help_lines(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["options", "fake"]) == 0
    assert "rounds" in capsys.readouterr().out
