"""`cardtable simulate`: seats rotate, seeds follow, the JSON is complete and repeatable."""

from __future__ import annotations

import json
from typing import Any

import pytest

from cardtable.cli.main import main
from cardtable.cli.options import titled
from cardtable.cli.simulate import seat_agents


def simulate_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    assert main(["simulate", "fake", "--json", *argv]) == 0
    captured = capsys.readouterr()
    data: dict[str, Any] = json.loads(captured.out)     # nothing but the JSON object
    return data


def test_seat_rotation_cycles_the_agents() -> None:
    agents = ["a", "b", "c"]
    assert seat_agents(agents, 2, 0) == ["a", "b"]
    assert seat_agents(agents, 2, 1) == ["b", "c"]
    assert seat_agents(agents, 4, 2) == ["c", "a", "b", "c"]
    assert seat_agents(["x"], 3, 5) == ["x", "x", "x"]


def test_json_structure(capsys: pytest.CaptureFixture[str]) -> None:
    data = simulate_json(capsys, "--games", "6", "--agents", "random,greedy",
                         "--seed", "40", "--players", "3", "--option", "rounds=3")
    assert data["game"] == "fake" and data["players"] == 3 and data["seed"] == 40
    assert data["agents"] == ["random", "greedy"]
    assert data["options"] == {"rounds": 3}
    games = data["games"]
    assert [g["seed"] for g in games] == list(range(40, 46))
    assert [g["game"] for g in games] == list(range(6))
    for number, entry in enumerate(games):
        assert set(entry) == {"game", "seed", "agents", "scores", "winners", "rounds",
                              "actions"}
        assert entry["agents"] == [["random", "greedy"][(i + number) % 2] for i in range(3)]
        assert len(entry["scores"]) == 3 and entry["winners"]
        assert max(entry["scores"]) == sum(entry["scores"][w] for w in entry["winners"]) \
            / len(entry["winners"])
        assert entry["rounds"] == 3
        assert entry["actions"] == 9
    totals = data["totals"]
    assert totals["games"] == 6
    assert totals["average_rounds"] == 3 and totals["average_actions"] == 9
    assert sum(totals["wins_by_seat"]) == sum(len(g["winners"]) for g in games)
    assert totals["shared_wins"] == sum(len(g["winners"]) > 1 for g in games)
    for spec in ("random", "greedy"):
        entry = totals["agents"][spec]
        seats = [(g, i) for g in games for i, a in enumerate(g["agents"]) if a == spec]
        wins = sum(i in g["winners"] for g, i in seats)
        assert entry["seats"] == len(seats) == 9
        assert entry["wins"] == wins
        assert entry["win_rate"] == pytest.approx(wins / 9)
        assert entry["average_score"] == pytest.approx(
            sum(g["scores"][i] for g, i in seats) / 9)


def test_same_seed_same_results_other_seed_other_results(
        capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--games", "8", "--agents", "random,greedy", "--option", "rounds=5"]
    first = simulate_json(capsys, *argv, "--seed", "3")
    again = simulate_json(capsys, *argv, "--seed", "3")
    other = simulate_json(capsys, *argv, "--seed", "4")
    assert first == again
    assert first["games"] != other["games"]
    # game g of seed 3 is game g - 1 of seed 4 but with the seats rotated once more:
    assert [g["seed"] for g in other["games"][:-1]] == [g["seed"] for g in first["games"][1:]]


def test_default_players_follow_the_agent_list(capsys: pytest.CaptureFixture[str]) -> None:
    assert simulate_json(capsys, "--games", "1")["players"] == 2
    assert simulate_json(capsys, "--games", "1", "--agents",
                         "random,random,greedy")["players"] == 3
    assert simulate_json(capsys, "--games", "1", "--agents",
                         ",".join(["random"] * 6))["players"] == 4


def test_summary_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "fake", "--games", "4", "--agents", "random,greedy"]) == 0
    out = capsys.readouterr().out
    for word in ("agent", "wins", "win rate", "avg score", "random", "greedy",
                 "average rounds: 2.00", "average actions: 4.0", "wins by seat: P1"):
        assert word in out


def test_unknown_agent_fails_before_playing(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "fake", "--games", "3", "--agents", "random,wizard"]) == 2
    captured = capsys.readouterr()
    assert "unknown agent 'wizard'" in captured.err and captured.out == ""


def test_the_table_says_which_options_it_measured(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "fake", "--games", "2", "--option", "rounds=3"]) == 0
    assert "fake (rounds=3): 2 games" in " ".join(capsys.readouterr().out.split())
    assert main(["simulate", "fake", "--games", "2"]) == 0
    assert "fake: 2 games" in " ".join(capsys.readouterr().out.split())


def test_an_option_list_is_titled_as_it_is_typed() -> None:
    assert titled("thalara", {"characters": ["canto", "myrja"], "mode": "casual"}) == (
        "thalara (characters=canto,myrja, mode=casual)")
    assert titled("vale", {}) == "vale"
