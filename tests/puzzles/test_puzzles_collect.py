"""`cardtable puzzles collect` then `cardtable puzzles make --from`: the games a server
stored with its creator's consent become puzzles, exactly as the same records saved by
hand do."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardtable.cli.main import main
from cardtable.engine.record import GameRecord
from cardtable.puzzles import load
from cardtable.server.storage import COMPUTER, HUMAN, Storage
from tests.analysis.positions import decisive_thalara, tiny_card_file

from .test_puzzles_cmd import CHEAP


def _store(storage: Storage, record: GameRecord, allowed: bool, finished: bool) -> str:
    """The record as a server stores a game played to its end (or not)."""
    row = storage.create_game(record.game, record.players, record.seed, record.options,
                              [(HUMAN, None, "Ada"), (COMPUTER, "random", "Computer")],
                              puzzle_source=allowed)
    state = record.new_state()
    for index, text in enumerate(record.actions):
        seat = state.current_player()
        assert seat is not None
        state.apply_text(text)
        storage.append_action(row.id, index, seat, text)
    if finished:
        storage.finish(row.id, state.winners())
    return row.id


@pytest.fixture
def database(tmp_path: Path) -> tuple[str, str, GameRecord]:
    """A server database with the same game stored three times: allowed and finished,
    not allowed, and allowed but (as stored) unfinished. The id of the first, and the
    game's record."""
    url = f"sqlite:///{tmp_path / 'server.db'}"
    record = decisive_thalara(tiny_card_file(tmp_path), "small")
    storage = Storage(url)
    try:
        allowed = _store(storage, record, allowed=True, finished=True)
        _store(storage, record, allowed=False, finished=True)
        _store(storage, record, allowed=True, finished=False)
    finally:
        storage.close()
    return url, allowed, record


def test_collected_games_make_the_same_puzzles_as_the_records_themselves(
        database: tuple[str, str, GameRecord], tmp_path: Path) -> None:
    url, allowed, record = database
    games = tmp_path / "collected.jsonl"
    assert main(["puzzles", "collect", "--db", url, "--out", str(games)]) == 0
    lines = [json.loads(line) for line in games.read_text(encoding="utf-8").splitlines()]
    assert [line["id"] for line in lines] == [allowed]
    assert lines[0]["record"] == record.to_dict() and lines[0]["set"] == "thalara"
    # the same game saved by hand, as a bare record
    bare = tmp_path / "bare.jsonl"
    bare.write_text(record.to_json().replace("\n", "") + "\n", encoding="utf-8")
    made, expected = tmp_path / "made.json", tmp_path / "expected.json"
    assert main(["puzzles", "make", "thalara", "--from", str(games), *CHEAP,
                 "--out", str(made)]) == 0
    assert main(["puzzles", "make", "thalara", "--from", str(bare), *CHEAP,
                 "--out", str(expected)]) == 0
    puzzles, about = load(made)
    assert puzzles and about["games"] == 1
    assert [p.record.to_dict() for p in puzzles] == \
        [p.record.to_dict() for p in load(expected)[0]]
    assert [p.best for p in puzzles] == [p.best for p in load(expected)[0]]


def test_nothing_to_collect_is_an_empty_file_that_make_refuses(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    url = f"sqlite:///{tmp_path / 'empty.db'}"
    Storage(url).close()
    games = tmp_path / "none.jsonl"
    assert main(["puzzles", "collect", "--db", url, "--out", str(games)]) == 0
    assert "0 finished games" in capsys.readouterr().out
    assert games.read_text(encoding="utf-8") == ""
    assert main(["puzzles", "make", "thalara", "--from", str(games), *CHEAP]) == 2
    assert "no games in it" in capsys.readouterr().err
