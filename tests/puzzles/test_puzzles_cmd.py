"""`cardtable puzzles make`: a file of puzzles from saved games, the same on a second
run, and one clear error (and nothing written) for bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardtable.cli.main import main
from cardtable.puzzles import load
from tests.analysis.positions import decisive_thalara, tiny_card_file

CHEAP = ["--analysis", "ismcts:20", "--judge", "ismcts:80", "--easy", "ismcts:10",
         "--tries", "2", "--workers", "1"]


@pytest.fixture
def games(tmp_path: Path) -> Path:
    """Two saved games, one a bare record and one as the benchmarks write them."""
    cards = tiny_card_file(tmp_path)
    path = tmp_path / "games.jsonl"
    lost, won = decisive_thalara(cards, "small"), decisive_thalara(cards, "great")
    path.write_text(json.dumps(lost.to_dict()) + "\n"
                    + json.dumps({"index": 1, "record": won.to_dict()}) + "\n",
                    encoding="utf-8")
    return path


def test_make_writes_the_puzzles_and_a_second_run_gives_the_same(
        games: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out, again = tmp_path / "one.json", tmp_path / "two.json"
    assert main(["puzzles", "make", "thalara", "--from", str(games), *CHEAP,
                 "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "puzzles from 2 games" in printed and f"written to {out}" in printed
    puzzles, about = load(out)
    assert about["games"] == 2 and about["kept"] == len(puzzles) >= 2
    # The two games differ only in their last action: every position is in both, and
    # is kept once, from the first game.
    assert {p.source["line"] for p in puzzles} == {1}
    assert len({p.id for p in puzzles}) == len(puzzles)
    assert all(p.source["from"] == "games.jsonl" for p in puzzles)
    assert main(["puzzles", "make", "thalara", "--from", str(games), *CHEAP,
                 "--out", str(again)]) == 0
    assert [p.to_dict() for p in load(again)[0]] == [p.to_dict() for p in puzzles]


def test_without_out_the_puzzles_are_printed_as_json(
        games: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["puzzles", "make", "thalara", "--from", str(games), *CHEAP]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["format"] == "cardtable-puzzles" and data["puzzles"]


@pytest.mark.parametrize(("extra", "message"), [
    (["--judge", "ismcts:79"], "at least 4 times"),
    (["--ray", "local"], "--workers or --ray, not both"),
    (["--expansion", "artifacts"], "carry their own options"),
])
def test_bad_options_are_one_clear_error(games: Path, tmp_path: Path, extra: list[str],
                                         message: str,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out.json"
    assert main(["puzzles", "make", "thalara", "--from", str(games), *CHEAP, *extra,
                 "--out", str(out)]) == 2
    assert message in capsys.readouterr().err
    assert not out.exists()


def test_games_of_another_game_or_no_games_are_refused(
        games: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["puzzles", "make", "vale", "--from", str(games), *CHEAP]) == 2
    assert "a game of thalara, not vale" in capsys.readouterr().err
    empty = tmp_path / "empty.jsonl"
    empty.write_text("\n", encoding="utf-8")
    assert main(["puzzles", "make", "thalara", "--from", str(empty), *CHEAP]) == 2
    assert "no games in it" in capsys.readouterr().err
    assert main(["puzzles", "make", "thalara", "--from", str(tmp_path / "none"),
                 *CHEAP]) == 2
    assert "--from" in capsys.readouterr().err
    assert main(["puzzles", "make", "thalara", "--from", str(games), *CHEAP, "--out",
                 str(tmp_path / "no" / "dir.json")]) == 2
    assert "does not exist" in capsys.readouterr().err


def test_selfplay_plays_the_games_first(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "self.json"
    cards = tiny_card_file(tmp_path)
    assert main(["puzzles", "make", "thalara", "--selfplay", "2", "--agents",
                 "greedy,random", "--cards", cards, "--characters", "alpha,beta",
                 *CHEAP, "--out", str(out)]) == 0
    puzzles, about = load(out)
    assert about["games"] == 2 and about["selfplay"]["agents"] == "greedy,random"
    assert all(p.source["selfplay"] == 1 and p.source["agents"] for p in puzzles)
    # Other games, with the same budgets and search seed, go into the same file.
    assert main(["puzzles", "make", "thalara", "--selfplay", "2", "--agents",
                 "greedy,random", "--cards", cards, "--characters", "alpha,beta",
                 "--selfplay-seed", "5", *CHEAP, "--out", str(out), "--add"]) == 0
    grown, about = load(out)
    assert [r["selfplay"]["seed"] for r in about["runs"]] == [1, 5]
    assert about["games"] == 4
    assert [p.to_dict() for p in grown[:len(puzzles)]] == [p.to_dict() for p in puzzles]


def test_add_grows_a_file_and_refuses_the_same_game_twice(
        games: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    first, second = tmp_path / "first.jsonl", tmp_path / "second.jsonl"
    lines = games.read_text(encoding="utf-8").splitlines(keepends=True)
    first.write_text(lines[0], encoding="utf-8")
    second.write_text(lines[1], encoding="utf-8")
    out, both = tmp_path / "out.json", tmp_path / "both.json"
    assert main(["puzzles", "make", "thalara", "--from", str(games), *CHEAP,
                 "--out", str(both)]) == 0
    assert main(["puzzles", "make", "thalara", "--from", str(first), *CHEAP,
                 "--out", str(out)]) == 0
    assert main(["puzzles", "make", "thalara", "--from", str(second), *CHEAP,
                 "--out", str(out), "--add"]) == 0
    grown, about = load(out)
    together, _ = load(both)
    assert {p.id for p in grown} == {p.id for p in together}
    assert about["games"] == 2 and len(about["runs"]) == 2 and about["kept"] == len(grown)
    # The same game added again adds no puzzle twice.
    assert main(["puzzles", "make", "thalara", "--from", str(second), *CHEAP,
                 "--out", str(out), "--add"]) == 0
    assert [p.id for p in load(out)[0]] == [p.id for p in grown]
    before = out.read_text(encoding="utf-8")
    capsys.readouterr()
    assert main(["puzzles", "make", "thalara", "--from", str(second), *CHEAP,
                 "--judge", "ismcts:90", "--out", str(out), "--add"]) == 2
    assert "other budgets" in capsys.readouterr().err
    assert out.read_text(encoding="utf-8") == before
