"""Records name the card set they were played with: replaying with another set is a
RecordError, and records from before (format 1) replay with the set of their time."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from cardtable import load_game
from cardtable.engine.api import RecordError
from cardtable.engine.record import VERSION, GameRecord
from cardtable.thalara.cards import CORE_PATH, SHIPPED, card_set
from tests.engine.test_record import _played  # a game of random legal actions

GAME = load_game("thalara")


def _diverges(record: GameRecord, **options: Any) -> bool:
    """Whether the record's actions, replayed with other options, fail or end apart."""
    other = GameRecord(record.game, record.players, record.seed, options, record.actions)
    try:
        return other.replay() != record.replay()
    except RecordError:
        return True


def test_a_record_names_its_card_set() -> None:
    state = _played(3, 10_000, characters=["accaina", "kandhran"])
    data = GameRecord.from_state(state).to_dict()
    assert data["version"] == VERSION == 2
    assert data["options"]["card_set"] == card_set("core").digest
    assert "cards" not in data["options"]          # the default set needs no name
    old = _played(3, 10_000, characters=["accaina", "kandhran"], cards="provisional-2026")
    data = GameRecord.from_state(old).to_dict()
    assert data["options"]["cards"] == "provisional-2026"
    assert data["options"]["card_set"] == card_set("provisional-2026").digest
    assert GameRecord.from_dict(data).replay() == old


def test_replaying_with_another_card_set_is_a_record_error() -> None:
    state = _played(5, 10_000, characters=["rinnthra", "jinpatrica"], cards="provisional-2026")
    data = GameRecord.from_state(state).to_dict()
    data["options"]["cards"] = "core"
    with pytest.raises(RecordError, match="played with card set"):
        GameRecord.from_dict(data).replay()
    data["options"].pop("cards")                   # the default set is another set too
    with pytest.raises(RecordError, match="played with card set"):
        GameRecord.from_dict(data).replay()


def test_a_card_file_changed_since_the_game_is_a_record_error(tmp_path: Path) -> None:
    mine = tmp_path / "mine.toml"
    shutil.copy(CORE_PATH, mine)
    state = _played(8, 10_000, characters=["myrja", "canto"], cards=str(mine))
    record = GameRecord.from_state(state)
    assert record.replay() == state
    text = mine.read_text(encoding="utf-8")
    assert "hand_size = 7\n" in text
    mine.write_text(text.replace("hand_size = 7\n", "hand_size = 6\n"), encoding="utf-8")
    with pytest.raises(RecordError, match="played with card set"):
        record.replay()
    # what says where content comes from is no part of the set: notes and comments may
    # change, and a source may be added
    notes, count = re.subn(r'(?m)^note = ".*"$', 'note = "rewritten"', text)
    red = '[[colors]]\nid = "red"\nprovenance = "provisional"\n'
    assert count > 0 and red in notes
    mine.write_text("# my own copy\n" + notes.replace(
        red, '[[colors]]\nid = "red"\nprovenance = "confirmed"\nsource = "my box"\n'),
        encoding="utf-8")
    assert record.replay() == state


def _as_written_before(state: Any) -> dict[str, Any]:
    """The record of `state` as cardtable wrote it before records named their set."""
    data = GameRecord.from_state(state).to_dict()
    data["version"] = 1
    data["options"].pop("card_set")
    if data["options"].get("cards") == "provisional-2026":
        data["options"].pop("cards")     # then it was simply the set played by default
    return data


def test_a_record_from_before_replays_with_the_set_of_its_time(tmp_path: Path) -> None:
    for seed in range(20):
        then = _played(seed, 10_000, characters=["accaina", "kandhran"],
                       cards="provisional-2026")
        record = GameRecord.from_state(then)
        if _diverges(record, characters=["accaina", "kandhran"]):
            break  # a game that the tuned set plays differently
    else:
        raise AssertionError("no game of 20 tells the two sets apart")
    path = tmp_path / "old.json"
    path.write_text(json.dumps(_as_written_before(then)), encoding="utf-8")
    loaded = GameRecord.load(path)
    assert loaded.version == 1
    again = loaded.replay()
    assert again == then
    assert again.options["cards"] == "provisional-2026"
    # saved again, it is a record of today that names its set
    assert GameRecord.from_state(again).to_dict()["options"]["card_set"] == \
        card_set("provisional-2026").digest
    assert loaded.to_dict()["version"] == 1 and loaded.undo(1).version == 1


def test_a_record_from_before_with_a_card_file_keeps_that_file(tmp_path: Path) -> None:
    mine = tmp_path / "mine.toml"
    shutil.copy(SHIPPED["provisional-2026"], mine)
    then = _played(4, 10_000, characters=["canto", "myrja"], cards=str(mine))
    data = _as_written_before(then)
    assert data["options"]["cards"] == str(mine)
    assert GameRecord.from_dict(data).replay() == then
    # the old core file named by its path meant the set of its time as well
    old_core = _played(4, 10_000, characters=["canto", "myrja"], cards="provisional-2026")
    data = _as_written_before(old_core)
    data["options"]["cards"] = str(CORE_PATH)
    assert GameRecord.from_dict(data).replay() == old_core


@pytest.mark.parametrize("version", [0, 3, True, "2", 1.0 + 0.5])
def test_unknown_record_versions_are_refused(version: Any) -> None:
    data = GameRecord.from_state(_played(1, 5)).to_dict()
    data["version"] = version
    with pytest.raises(RecordError, match="unsupported record version"):
        GameRecord.from_dict(data)


def test_a_record_from_before_replays_with_silence_as_it_was_read_then(
        tmp_path: Path) -> None:
    """Before `silence_scope`, a spell lying in a silenced conflict did nothing anywhere;
    a record of that time lacks the option and replays with `silence_scope=spell`."""
    options = {"characters": ["myrja", "canto"], "cards": "provisional-2026"}
    for seed in range(60):
        then = _played(seed, 10_000, silence_scope="spell", **options)
        if _diverges(GameRecord.from_state(then), silence_scope="conflict", **options):
            break  # a game the two readings of Silence play differently
    else:
        raise AssertionError("no game of 60 tells the two readings of Silence apart")
    data = _as_written_before(then)
    data["options"].pop("silence_scope")
    path = tmp_path / "old.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    again = GameRecord.load(path).replay()
    assert again == then and again.options["silence_scope"] == "spell"
