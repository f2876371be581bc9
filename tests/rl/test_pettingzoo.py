"""The PettingZoo AEC environments pass PettingZoo's API test and play whole games."""

from __future__ import annotations

import random

import numpy as np
import pytest
from pettingzoo.test import api_test

from cardtable.rl.pettingzoo import env, raw_env
from tests.rl.test_encoding import vale_expansions


# The two notes api_test prints for every environment whose observation is a dict
# holding an action mask (as PettingZoo's own card games do).
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably")
@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("game", ["thalara", "vale"])
def test_api_test(game: str, players: int) -> None:
    api_test(env(game=game, players=players), num_cycles=300, verbose_progress=False)


@pytest.mark.parametrize(("game", "players", "options"),
                         [("thalara", 3, {"mode": "casual"}), ("vale", 2, {"expansion": "none"}),
                          *[("vale", 3, {"expansion": x}) for x in vale_expansions()]])
def test_a_whole_game_with_masks(game: str, players: int, options: dict[str, str]) -> None:
    e = env(game=game, players=players, **options)
    e.reset(seed=3)
    rng = random.Random(0)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    steps = 0
    for agent in e.agent_iter(max_iter=5000):
        obs, reward, terminated, truncated, _info = e.last()
        totals[agent] += reward
        assert obs["observation"].shape == e.observation_space(agent)["observation"].shape
        if terminated or truncated:
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"]).tolist()
        assert legal
        e.step(rng.choice(legal))
        steps += 1
    assert steps > 20
    assert not e.agents
    assert sum(totals.values()) == pytest.approx(0.0)
    assert max(totals.values()) > 0


def test_only_the_agent_to_move_has_a_mask_and_illegal_actions_are_refused() -> None:
    e = raw_env(game="vale", players=2)
    e.reset(seed=1)
    mover = e.agent_selection
    other = next(a for a in e.agents if a != mover)
    assert e.observe(mover)["action_mask"].sum() > 0
    assert e.observe(other)["action_mask"].sum() == 0
    illegal = int(np.flatnonzero(e.observe(mover)["action_mask"] == 0)[0])
    with pytest.raises(ValueError, match="not legal now"):
        e.step(illegal)


def test_render_shows_the_spectator_view() -> None:
    e = raw_env(game="thalara", players=2, render_mode="ansi")
    e.reset(seed=2)
    text = e.render()
    assert text is not None
    assert text.startswith("{")
    assert '"viewer":null' in text


def test_same_seed_same_game() -> None:
    def play(seed: int) -> list[str]:
        e = raw_env(game="thalara", players=2)
        e.reset(seed=seed)
        rng = random.Random(5)
        texts = []
        for _ in range(30):
            mask = e.observe(e.agent_selection)["action_mask"]
            a = rng.choice(np.flatnonzero(mask).tolist())
            texts.append(e.encoding.action_text(a))
            e.step(a)
        return texts

    assert play(9) == play(9)
