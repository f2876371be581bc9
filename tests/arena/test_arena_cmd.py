"""`cardtable arena` through its argparse builder, as the command line registers it."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

from cardtable.cli.arena_cmd import add_arena_parser, arena_command
from cardtable.engine.api import CardtableError, Game, OptionError


def parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="cardtable")
    commands = parser.add_subparsers(dest="command", required=True)
    add_arena_parser(commands)
    return parser.parse_args(argv)


def test_defaults_and_registration(toy: Game) -> None:
    args = parse(["arena", "toy", "--agents", "random,greedy"])
    assert (args.games, args.seed, args.players, args.workers, args.ray) == (
        100, 1, None, None, None)
    assert args.func is arena_command
    assert callable(args.run)          # the command line calls run(args, console, read_line)
    with pytest.raises(SystemExit):
        parse(["arena", "toy"])                              # --agents is required
    with pytest.raises(SystemExit):
        parse(["arena", "toy", "--agents", "random", "--games", "0"])


def test_json_output(toy: Game, capsys: pytest.CaptureFixture[str]) -> None:
    args = parse(["arena", "toy", "--agents", "ismcts:20,random", "--games", "6",
                  "--seed", "3", "--workers", "1", "--json", "--option", "rounds=4"])
    assert arena_command(args) == 0
    captured = capsys.readouterr()
    out = json.loads(captured.out)
    assert "arena: 6/6 games" in captured.err        # progress without a terminal
    assert out["game"] == "toy" and out["players"] == 2 and out["seed"] == 3
    assert out["options"] == {"rounds": 4}
    assert out["agents"] == ["ismcts:20", "random"]
    assert out["games"] == 6 and len(out["records"]) == 6
    records = out["records"]
    assert [r["labels"] for r in records[:2]] == [["ismcts:20", "random"],
                                                  ["random", "ismcts:20"]]
    for r in records:
        assert {"labels", "scores", "winners", "seed", "agents"} <= set(r)
        assert r["actions"] == 8                             # 4 rounds of 2 cards
    wins = {e["label"]: e["wins"] for e in out["entrants"]}
    counted: dict[str, float] = {"ismcts:20": 0.0, "random": 0.0}
    for r in records:
        for seat in r["winners"]:
            counted[r["labels"][seat]] += 1 / len(r["winners"])
    assert wins == pytest.approx(counted)
    for e in out["entrants"]:
        assert e["ci_low"] <= e["win_rate"] <= e["ci_high"]
        assert "elo" in e and "avg_score" in e
    assert len(out["seats"]) == 2
    # The same command gives the same games.
    assert arena_command(args) == 0
    again = json.loads(capsys.readouterr().out)
    assert [r["scores"] for r in again["records"]] == [r["scores"] for r in records]


def test_table_and_report(toy: Game, tmp_path: Path,
                          capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("matplotlib", reason="the report needs the 'report' extra")
    report = tmp_path / "balance.html"
    args = parse(["arena", "toy", "--agents", "greedy,random", "--games", "8",
                  "--workers", "2", "--character-pool", "plain,bold",
                  "--report", str(report)])
    assert arena_command(args) == 0
    out = capsys.readouterr().out
    assert "win rate" in out and "greedy" in out and "random" in out
    assert "characters" in out
    assert f"report written to {report}" in out
    page = report.read_text()
    assert page.startswith("<!DOCTYPE html>") and page.rstrip().endswith("</html>")
    # agents, turn order, seats, match-ups, cards
    assert page.count("data:image/png;base64,") == 5
    for heading in ("Agents", "Head to head", "Turn order (first-player advantage)", "Seats",
                    "Characters", "Match-ups", "Cards at the end: winners against losers",
                    "<code>area</code>"):
        assert heading in page
    assert "http" not in page.replace("http-equiv", "")  # self-contained


def test_fixed_characters_and_errors(toy: Game, capsys: pytest.CaptureFixture[str]) -> None:
    args = parse(["arena", "toy", "--agents", "random", "--games", "2", "--workers", "1",
                  "--characters", "bold,bold", "--json"])
    assert arena_command(args) == 0
    out = json.loads(capsys.readouterr().out)
    assert all(r["characters"] == ["bold", "bold"] for r in out["records"])
    assert out["players"] == 2                       # one agent: the game's smallest table
    with pytest.raises(OptionError):
        arena_command(parse(["arena", "toy", "--agents", "random,alphazero"]))
    with pytest.raises(OptionError):
        arena_command(parse(["arena", "toy", "--agents", "random", "--players", "7"]))
    with pytest.raises(OptionError):
        arena_command(parse(["arena", "toy", "--agents", "random", "--option", "rounds"]))
    with pytest.raises(CardtableError):
        arena_command(parse(["arena", "toy", "--agents", "random", "--games", "1",
                             "--workers", "1", "--option", "colour=red"]))
    with pytest.raises(OptionError):
        arena_command(parse(["arena", "chess", "--agents", "random"]))


def test_a_piped_table_keeps_long_agent_specs_whole(toy: Game,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    # A spec this long was cut to "ismcts:4+de…" at rich's default 80 columns.
    spec = "ismcts:4+depth=2+margin=0.25"
    args = parse(["arena", "toy", "--agents", f"{spec},random", "--games", "2",
                  "--workers", "1", "--option", "rounds=3"])
    assert arena_command(args) == 0
    out = capsys.readouterr().out
    assert spec in out and "…" not in out


def test_bad_options_report_paths_and_pools_fail_before_any_game_or_file(
        toy: Game, tmp_path: Path) -> None:
    save = tmp_path / "games.jsonl"
    base = ["arena", "toy", "--agents", "random", "--games", "2", "--workers", "1"]
    with pytest.raises(OptionError, match="rounds"):
        arena_command(parse([*base, "--option", "rounds=0", "--save", str(save)]))
    assert not save.exists()                     # no empty file left behind
    with pytest.raises(OptionError, match="does not exist"):
        arena_command(parse([*base, "--report", str(tmp_path / "no" / "x.html")]))
    with pytest.raises(OptionError, match="folder"):
        arena_command(parse([*base, "--report", str(tmp_path)]))
    with pytest.raises(OptionError, match="needs names"):
        arena_command(parse([*base, "--character-pool", ","]))
    # a pool the game cannot take says why
    with pytest.raises(OptionError, match=r"accepts no assignment.*rounds"):
        arena_command(parse([*base, "--character-pool", "bold", "--option", "rounds=0"]))


def test_the_table_says_which_options_it_measured(toy: Game,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    # Two runs that differ only in an option printed the same title.
    assert arena_command(parse(["arena", "toy", "--agents", "random", "--games", "2",
                                "--workers", "1", "--option", "rounds=3"])) == 0
    assert "toy (rounds=3): 2 games, 2 players" in capsys.readouterr().out
    assert arena_command(parse(["arena", "toy", "--agents", "random", "--games", "2",
                                "--workers", "1"])) == 0
    assert "toy: 2 games, 2 players" in capsys.readouterr().out
