"""The Gymnasium environments: registered on import, pass Gymnasium's checker, and
play a seat against registry agents."""

from __future__ import annotations

import random

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import cardtable.rl.gymnasium as cg


@pytest.mark.parametrize("opponent", ["random", "greedy"])
@pytest.mark.parametrize("env_id", ["cardtable/Thalara-v0", "cardtable/Vale-v0"])
def test_check_env(env_id: str, opponent: str) -> None:
    env = gymnasium.make(env_id, opponent=opponent)
    check_env(env.unwrapped, skip_render_check=True)


def test_check_env_vale_artifacts() -> None:
    env = gymnasium.make("cardtable/Vale-v0", players=3, opponent="greedy",
                         expansion="artifacts")
    check_env(env.unwrapped, skip_render_check=True)


@pytest.mark.parametrize(("env_id", "players", "options"), [
    ("cardtable/Thalara-v0", 2, {"mode": "casual"}),
    ("cardtable/Thalara-v0", 4, {}),
    ("cardtable/Vale-v0", 3, {"expansion": "none"}),
    ("cardtable/Vale-v0", 2, {"expansion": "artifacts"}),
])
def test_whole_episodes_with_masks(env_id: str, players: int, options: dict[str, str]) -> None:
    env = gymnasium.make(env_id, players=players, opponent="greedy", seat=None, **options)
    rng = random.Random(1)
    seats = set()
    for episode in range(3):
        obs, info = env.reset(seed=episode)
        seats.add(info["seat"])
        done, total, steps = False, 0.0, 0
        while not done:
            assert env.observation_space.contains(obs)
            mask = env.unwrapped.action_masks()
            assert np.array_equal(mask, info["action_mask"])
            obs, reward, terminated, truncated, info = env.step(cg.random_legal(mask, rng))
            total += float(reward)
            steps += 1
            done = terminated or truncated
        assert steps > 5
        assert "winners" in info
        assert -1.0 <= total <= 1.0
        assert info["action_mask"].sum() == 0
    assert len(seats) >= 1


def test_an_illegal_action_ends_the_episode_with_the_penalty() -> None:
    env = gymnasium.make("cardtable/Vale-v0", illegal_reward=-2.0)
    _obs, info = env.reset(seed=0)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _obs, reward, terminated, _truncated, info = env.step(illegal)
    assert terminated
    assert reward == -2.0
    assert info["illegal"]


def test_registration_and_module_path() -> None:
    cg.register_envs()
    assert "cardtable/Thalara-v0" in gymnasium.registry
    env = gymnasium.make("cardtable.rl.gymnasium:cardtable/Vale-v0", players=2)
    assert env.unwrapped.game_name == "vale"
    with pytest.raises(Exception, match="unknown agent"):
        gymnasium.make("cardtable/Thalara-v0", opponent="nobody")
    with pytest.raises(ValueError, match="seat"):
        gymnasium.make("cardtable/Thalara-v0", seat=5)


def test_same_seed_same_episode() -> None:
    def run(seed: int) -> list[float]:
        env = gymnasium.make("cardtable/Thalara-v0", opponent="random")
        obs, info = env.reset(seed=seed)
        rng = random.Random(0)
        sums = [float(obs.sum())]
        for _ in range(10):
            obs, _r, term, _t, info = env.step(cg.random_legal(info["action_mask"], rng))
            sums.append(float(obs.sum()))
            if term:
                break
        return sums

    assert run(4) == run(4)
