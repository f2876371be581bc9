"""PettingZoo adapter: an AEC environment per game.

    from cardtable.rl.pettingzoo import env
    e = env(game="thalara", players=2)
    e.reset(seed=1)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        action = None if terminated or truncated else \\
            e.action_space(agent).sample(obs["action_mask"])
        e.step(action)

Agents are `player_0` .. `player_{n-1}` (seats). An observation is
`{"observation": float32 vector, "action_mask": int8 vector}` from the fixed encoding
(`cardtable.rl.encoding`); the mask is all zeros for an agent that is not to move.
Rewards come at the end only: `terminal_returns` (zero-sum; a sole winner 1). `info`
holds the legal action texts under "legal" (for the agent to move), and "winners" at
the end. An action that is not legal now raises `IllegalAction` (a `ValueError`); one
that is not an integer in `range(num_actions)` raises `MalformedAction` (an
`IllegalAction`). Either way nothing changes and the same agent is still to move.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from cardtable import games, load_game
from cardtable.engine.api import IllegalAction, OptionError, State
from cardtable.rl.encoding import (
    OBS_HIGH,
    Encoding,
    FloatArray,
    encoding_for,
    terminal_returns,
)


class CardtableAEC(AECEnv):  # type: ignore[misc]
    """The AEC environment of one game setup."""

    metadata: dict[str, Any] = {  # noqa: RUF012 (PettingZoo reads it from the class)
        "render_modes": ["human", "ansi"], "name": "cardtable_v0", "is_parallelizable": False}

    def __init__(self, game: str = "thalara", players: int = 2,
                 render_mode: str | None = None, **options: Any) -> None:
        super().__init__()
        if not isinstance(game, str):
            raise OptionError(f"game must be one of {', '.join(games())}, not {game!r}")
        modes = self.metadata["render_modes"]
        if render_mode is not None and render_mode not in modes:
            raise OptionError(f"render_mode must be None, {' or '.join(map(repr, modes))}, "
                              f"not {render_mode!r}")
        self.game_name = game.strip().lower()
        self.engine_game = load_game(self.game_name)
        self.players = players
        self.game_options = options
        self.encoding: Encoding = encoding_for(self.game_name, players, **options)
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"cardtable_{self.game_name}_v0"}
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        n_actions = self.encoding.num_actions
        obs_space = spaces.Dict({
            "observation": spaces.Box(0.0, OBS_HIGH, self.encoding.observation_shape,
                                      np.float32),
            "action_mask": spaces.Box(0, 1, (n_actions,), np.int8)})
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(n_actions) for a in self.possible_agents}
        self._rng = random.Random()
        self.state: State | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng.seed(seed)
        self.state = self.engine_game.new_game(self.players, seed=self._rng.randrange(1 << 31),
                                               **self.game_options)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._update_selection()

    def _update_selection(self) -> None:
        assert self.state is not None
        player = self.state.current_player()
        if player is not None:
            self.agent_selection = self.possible_agents[player]
            self.infos[self.agent_selection] = {
                "legal": [a.text for a in self.state.legal_actions()]}

    def observe(self, agent: str) -> dict[str, Any]:
        assert self.state is not None
        seat = self._seat[agent]
        obs = self.state.observation(seat)
        mask = np.zeros(self.encoding.num_actions, np.int8)
        if self.state.current_player() == seat:
            mask = self.encoding.legal_mask(self.state.legal_actions())
        tensor: FloatArray = self.encoding.observation_tensor(obs)
        return {"observation": tensor, "action_mask": mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert self.state is not None
        index = self.encoding.action_int(action)  # MalformedAction, nothing changed
        legal = self.state.legal_actions()
        ids = self.encoding.legal_indices(legal)
        if index not in ids:
            raise IllegalAction(f"{agent}: action {index} "
                                f"({self.encoding.action_text(index)}) is not legal now; "
                                f"legal: {sorted(ids)}")
        self.state.apply(legal[ids.index(index)])
        self._cumulative_rewards[agent] = 0.0
        if self.state.is_over():
            returns = terminal_returns(self.players, self.state.winners())
            for a in self.agents:
                self.rewards[a] = returns[self._seat[a]]
                self.terminations[a] = True
                self.infos[a] = {"winners": self.state.winners()}
        else:
            for a in self.agents:
                self.rewards[a] = 0.0
            self._update_selection()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        if self.state is None:
            return None
        text = self.encoding.observation_string(self.state.observation(None))
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def raw_env(game: str = "thalara", players: int = 2, render_mode: str | None = None,
            **options: Any) -> CardtableAEC:
    """The environment without PettingZoo's checking wrappers."""
    return CardtableAEC(game, players, render_mode, **options)


def env(game: str = "thalara", players: int = 2, render_mode: str | None = None,
        **options: Any) -> Any:
    """The environment wrapped in PettingZoo's bounds and order checks."""
    e: Any = raw_env(game, players, render_mode, **options)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    return wrappers.OrderEnforcingWrapper(e)
