"""GameRecord: save, load, replay, undo, and corrupt records."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from cardtable import load_game
from cardtable.engine.api import OptionError, RecordError
from cardtable.engine.record import GameRecord


def _played(seed: int, steps: int, **options: object):
    game = load_game("thalara")
    state = game.new_game(2, seed=seed, **options)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over():
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_record_saves_and_replays_to_the_same_state(tmp_path: Path) -> None:
    state = _played(4, 10_000, mode="casual", characters=["accaina", "rinnthra"])
    path = tmp_path / "game.json"
    GameRecord.from_state(state).save(path)
    again = GameRecord.load(path).replay()
    assert again == state
    assert again.scores() == state.scores() and again.winners() == state.winners()


def test_undo_gives_the_state_before_the_last_action() -> None:
    state = _played(7, 40)
    before = state.clone()
    state.apply(random.Random(0).choice(state.legal_actions()))
    record = GameRecord.from_state(state).undo()
    assert record.replay() == before
    assert len(record.actions) == len(GameRecord.from_state(state).actions) - 1


def test_replay_tells_a_watcher_each_action_with_its_player_and_events() -> None:
    game = load_game("thalara")
    played = game.new_game(2, seed=5)
    rng = random.Random(5)
    expected = []
    for _ in range(60):
        player = played.current_player()
        action = rng.choice(played.legal_actions())
        text = str(action)
        events = played.apply(action)
        expected.append((player, text, [e.text_for(None) for e in events]))
    heard: list[tuple[int | None, str, list[str]]] = []
    state = GameRecord.from_state(played).replay(
        watch=lambda player, text, events: heard.append(
            (player, text, [e.text_for(None) for e in events])))
    assert heard == expected
    assert state == played


def test_seed_is_kept_when_none_was_given() -> None:
    state = load_game("thalara").new_game(2)
    assert isinstance(state.seed, int)
    assert GameRecord.from_state(state).replay() == state


@pytest.mark.parametrize(("text", "message"), [
    ("{not json", "not valid JSON"),
    ("[]", "JSON object"),
    ('{"format": "chess"}', "not a cardtable saved game"),
    ('{"format": "cardtable-record", "version": 99}', "unsupported record version"),
    ('{"format": "cardtable-record", "version": 1, "game": "thalara", "players": 2, '
     '"seed": "x", "actions": []}', "'seed'"),
    ('{"format": "cardtable-record", "version": 1, "game": "thalara", "players": 2, '
     '"seed": 1, "actions": "take red2"}', "'actions'"),
])
def test_corrupt_record_is_one_clear_error(text: str, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        GameRecord.from_json(text)


def test_record_with_an_illegal_action_names_it() -> None:
    record = GameRecord.from_state(_played(2, 30))
    record.actions.insert(3, "play red5 9")
    with pytest.raises(RecordError, match=r"action 4 \('play red5 9'\)"):
        record.replay()


def test_record_of_an_unknown_game_or_option() -> None:
    data = GameRecord.from_state(_played(1, 3)).to_dict()
    data["game"] = "chess"
    with pytest.raises(RecordError, match="unknown game"):
        GameRecord.from_dict(data).replay()
    data["game"] = "thalara"
    data["options"]["colour"] = "red"
    with pytest.raises(RecordError, match="unknown option"):
        GameRecord.from_dict(data).replay()
    with pytest.raises(RecordError, match="cannot read"):
        GameRecord.load("/nonexistent/game.json")
    assert json.loads(GameRecord.from_state(_played(1, 3)).to_json())["game"] == "thalara"


def test_unknown_game_name() -> None:
    with pytest.raises(OptionError, match="unknown game 'chess'"):
        load_game("chess")


@pytest.mark.parametrize("text", [
    "[" * 100_000 + "]" * 100_000,                       # nested past Python's limit
    '{"format": "cardtable-record", "seed": ' + "9" * 5000 + "}",  # a 5,000-digit number
])
def test_unreadable_json_is_a_record_error(text: str) -> None:
    with pytest.raises(RecordError, match="cannot be read"):
        GameRecord.from_json(text)


@pytest.mark.parametrize("count", [1.5, -1, True, "1", 10_000])
def test_undo_and_replay_take_a_whole_number_of_actions_within_the_record(
        count: object) -> None:
    record = GameRecord.from_state(_played(3, 12))
    with pytest.raises(RecordError):
        record.undo(count)  # type: ignore[arg-type]
    with pytest.raises(RecordError):
        record.replay(count)  # type: ignore[arg-type]
    assert record.replay(0).history() == [] and len(record.undo(0).actions) == 12

