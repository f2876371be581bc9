"""The command line on the real games: a whole game of each, simulate, bench, options,
and the Thalara board drawn from real observations."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from cli_script import Script
from rich.console import Console

from cardtable import load_game
from cardtable.cli import render_thalara
from cardtable.cli.main import main
from cardtable.engine.record import GameRecord


def test_a_whole_game_of_thalara(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    save = tmp_path / "thalara.json"
    assert main(["play", "thalara", "--vs", "random", "--seed", "5", "--characters",
                 "canto,accaina", "--save", str(save)], read_line=Script([], then="1")) == 0
    out = capsys.readouterr().out
    state = GameRecord.load(save).replay()
    assert state.is_over() and state.options["characters"] == ["canto", "accaina"]
    assert "Final scores: P1 (you) " in out and "Canto" in out and "Accaina" in out
    assert "P2 takes a card" in out
    # which card another player takes stays hidden; your own takes are shown
    # (in words: the card by its name, "Red 3", not its id)
    assert re.search(r"P1 \(you\) takes (Red|Blue|Green|Yellow|Purple) \d", out)
    assert not re.search(r"P2 takes (red|blue|green|yellow|purple) ?\d", out, re.IGNORECASE)
    assert "The game ended:" in out


def test_a_whole_game_of_vale(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    save = tmp_path / "vale.json"
    assert main(["play", "vale", "--vs", "random", "--players", "3", "--seat", "P2",
                 "--seed", "5", "--save", str(save)], read_line=Script([], then="1")) == 0
    out = capsys.readouterr().out
    assert "you are P2 (you)" in out and "Final scores: P1 " in out
    assert GameRecord.load(save).replay().is_over()
    assert main(["replay", str(save), "--step"]) == 0
    assert "winners: P" in capsys.readouterr().out


@pytest.mark.parametrize("game, agents, players", [("thalara", "random,greedy", 2),
                                                   ("vale", "random", 4)])
def test_simulate_real_games(game: str, agents: str, players: int,
                             capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", game, "--games", "2", "--agents", agents, "--players",
                 str(players), "--seed", "9", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [g["seed"] for g in data["games"]] == [9, 10]
    for entry in data["games"]:
        assert isinstance(entry["rounds"], int) and entry["rounds"] >= 1
        assert entry["actions"] > 0 and entry["winners"]
        assert len(entry["scores"]) == players


@pytest.mark.parametrize("game, players", [("thalara", 2), ("vale", 4)])
def test_bench_real_games(game: str, players: int, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", game, "--json", "--seconds", "0.05", "--clone-states", "5",
                 "--clone-calls", "3"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["players"] == players and data["games"] >= 1
    assert data["steps"] >= data["games"] and data["clone_us_median"] > 0


@pytest.mark.parametrize("argv, message", [
    (["play", "thalara", "--option", "colour=red"], "unknown option 'colour' for thalara"),
    (["simulate", "vale", "--option", "colour=red"], "'colour' for vale; options: start_scores"),
    (["play", "thalara", "--mode", "wild"], "mode must be one of"),
    (["bench", "thalara", "--characters", "nobody,canto"], "unknown character 'nobody'"),
])
def test_real_option_errors(argv: list[str], message: str,
                            capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv, read_line=Script([])) == 2
    captured = capsys.readouterr()
    assert message in captured.err and captured.err.count("\n") == 1
    assert captured.out == ""


def test_thalara_board_from_real_observations() -> None:
    game = load_game("thalara")
    rng = random.Random(3)
    for mode, players in (("standard", 2), ("casual", 4)):
        state = game.new_game(players, 3, mode=mode)
        step = 0
        while True:
            if step % 20 == 0 or state.is_over():
                for viewer in (None, step % players):
                    observation = state.observation(viewer)
                    console = Console(width=140)
                    with console.capture() as capture:
                        console.print(render_thalara.render(observation, viewer))
                    text = capture.get()
                    assert f"{mode} mode" in text and "Conflicts" in text
                    if viewer is not None:
                        hand = observation["seats"][viewer]["hand"]
                        assert all(card in text for card in hand)
            if state.is_over():
                break
            state.apply(rng.choice(state.legal_actions()))
            step += 1


def test_vale_with_its_expansion(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "vale", "--games", "1", "--players", "3", "--expansion",
                 "artifacts", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["options"] == {"expansion": "artifacts"}
    assert data["games"][0]["winners"]


@pytest.mark.parametrize(("game", "notation", "rules"), [
    ("thalara", "play blue4 2", "Thalara: The Last Artifacts, in short."),
    ("vale", "summon poseidon pay blue,red", "The Vale of Eternity, in short.")])
def test_help_gives_the_notation_and_the_rules_of_both_games(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], game: str, notation: str,
        rules: str) -> None:
    save = tmp_path / "game.json"
    assert main(["play", game, "--vs", "random", "--seed", "3", "--save", str(save)],
                read_line=Script(["help", "quit"], then="quit")) == 0
    out = capsys.readouterr().out
    assert notation in out and rules in out and "This game's settings" in out
