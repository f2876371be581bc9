"""engine/replay.py: the one replay loop every face uses (saved games, undo, the
server's rooms and computer players, analysis, puzzles)."""

from __future__ import annotations

import random

import pytest

from cardtable import load_game
from cardtable.engine.api import RecordError, State
from cardtable.engine.replay import replay_action, replay_actions


def _played(game: str, seed: int, steps: int) -> tuple[State, list[str], list[list[str]]]:
    """A game played at random, its action texts and each action's public events."""
    state = load_game(game).new_game(2, seed=seed)
    rng = random.Random(seed)
    texts: list[str] = []
    events: list[list[str]] = []
    for _ in range(steps):
        if state.is_over():
            break
        action = rng.choice(state.legal_actions())
        texts.append(str(action))
        events.append([e.text_for(None) for e in state.apply(action)])
    return state, texts, events


@pytest.mark.parametrize("game", ["thalara", "vale"])
def test_replaying_the_texts_gives_the_same_state_and_events(game: str) -> None:
    played, texts, events = _played(game, 11, 80)
    state = load_game(game).new_game(2, seed=11)
    heard: list[tuple[int | None, str]] = []
    got = replay_actions(state, texts, watch=lambda p, t, _e: heard.append((p, t)))
    assert state == played
    assert [[e.text_for(None) for e in evs] for evs in got] == events
    assert [t for _, t in heard] == texts and all(p in (0, 1) for p, _ in heard)


def test_a_replay_can_go_on_from_part_way() -> None:
    played, texts, _ = _played("thalara", 3, 40)
    state = load_game("thalara").new_game(2, seed=3)
    replay_actions(state, texts[:15])
    assert len(replay_actions(state, texts[15:], first=16)) == len(texts) - 15
    assert state == played


def test_an_action_that_cannot_be_taken_is_one_error_naming_it_and_changes_nothing() -> None:
    _, texts, _ = _played("thalara", 5, 30)
    state = load_game("thalara").new_game(2, seed=5)
    replay_actions(state, texts[:10])
    before = state.clone()
    with pytest.raises(RecordError, match=r"^action 11 \('play red5 9'\) cannot be "
                                          r"replayed: "):
        replay_action(state, "play red5 9", 11)
    assert state == before
    # numbered from `first` inside a longer run
    with pytest.raises(RecordError, match=r"^action 13 \('nonsense'\)"):
        replay_actions(state, [*texts[10:12], "nonsense"], first=11)
