"""A sampled world may not carry the way back to the true one: with the true seed and
the true history, `new_game` plus a replay would redeal every hidden card."""

from __future__ import annotations

import random

import pytest

import cardtable
from cardtable.engine.api import State


def mid_game(name: str, players: int, seed: int, steps: int, **options: object) -> State:
    game = cardtable.load_game(name)
    state = game.new_game(players, seed, **options)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over():
            break
        state.apply(rng.choice(state.legal_actions()))
    assert not state.is_over()
    return state


def replayed(world: State) -> State:
    again = world.game.new_game(world.num_players, world.seed, **world.options)
    for action in world.history():
        again.apply(action)
    return again


@pytest.mark.parametrize(("name", "options"), [
    ("thalara", {}), ("thalara", {"mode": "casual"}), ("vale", {}),
    ("vale", {"expansion": "artifacts"})])
def test_a_sampled_world_has_no_true_seed_and_no_history(name: str,
                                                         options: dict[str, object]) -> None:
    truth = mid_game(name, 2, 31, 40, **options)
    assert truth.history()                      # the true state has a history to hide
    viewer = 1 - (truth.current_player() or 0)
    for k in range(5):
        world = truth.view(viewer).sample_world(random.Random(k))
        assert world.history() == []
        assert world.seed != truth.seed
        # what a curious agent would try: rebuild the game from the world's own record
        rebuilt = replayed(world)
        assert rebuilt.history() == []
        assert rebuilt.observation(None) != truth.observation(None)
