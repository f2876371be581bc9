"""The common core of every game's observation (engine/api.py, `State.observation`):
`round`, `phase`, `first_player`, each seat's `score` and the pending decision's `kind`,
for every viewer at every step of whole games, so a face may read them whatever the
game."""

from __future__ import annotations

import random
from typing import Any

import pytest

import cardtable
from cardtable.engine.api import State

SETUPS = [("thalara", 2, {}), ("thalara", 4, {"mode": "casual"}),
          ("vale", 2, {}), ("vale", 3, {"expansion": "artifacts"})]


def check_core(state: State, observation: dict[str, Any]) -> set[str]:
    """Assert the core of `observation`; return the pending kind seen (if any)."""
    words = state.game.words()
    assert isinstance(observation["round"], int) and observation["round"] >= 0
    assert observation["phase"] in words["phases"]
    first = observation["first_player"]
    assert isinstance(first, int) and 0 <= first < state.num_players
    seats = observation["seats"]
    assert [seat["score"] for seat in seats] == state.scores()
    pending = observation["pending"]
    if pending is None:
        return set()
    assert pending["kind"] in words["pending"]
    return {pending["kind"]}


@pytest.mark.parametrize("game, players, options", SETUPS)
def test_every_observation_has_the_core(game: str, players: int,
                                        options: dict[str, Any]) -> None:
    rng = random.Random(11)
    kinds: set[str] = set()
    for seed in range(3):
        state = cardtable.load_game(game).new_game(players, seed=seed, **options)
        while True:
            for viewer in [None, *range(players)]:
                kinds |= check_core(state, state.observation(viewer))
            if state.is_over():
                break
            state.apply(rng.choice(state.legal_actions()))
    assert kinds, "no pending decision was met: the test saw too little"


def test_the_core_names_what_the_games_own_keys_say() -> None:
    # Thalara's `start_player` and `stars` stay; the core repeats them by its names
    state = cardtable.load_game("thalara").new_game(3, seed=4)
    observation = state.observation(None)
    assert observation["first_player"] == observation["start_player"]
    assert [s["score"] for s in observation["seats"]] == \
        [s["stars"] for s in observation["seats"]] == observation["scores"]
