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
