"""Gymnasium adapter: one seat of a game against opponents from the agent registry.

    import gymnasium
    import cardtable.rl.gymnasium  # registers cardtable/Thalara-v0 and cardtable/Vale-v0
    env = gymnasium.make("cardtable/Thalara-v0", opponent="greedy")
    # or, without the import: gymnasium.make("cardtable.rl.gymnasium:cardtable/Vale-v0")

Observation: the fixed float32 vector of `cardtable.rl.encoding` for the learning seat.
Action: `Discrete(num_actions)`; `env.action_masks()` (the name sb3-contrib's
MaskablePPO looks for) and `info["action_mask"]` tell which are legal. An illegal
action ends the episode with `illegal_reward` (default -1) and `info["illegal"]`.
Reward: at the end only, `terminal_returns` for the learning seat (a sole win 1, a
shared win less, a loss -1/(players-1)).

Options: `players` (2), `opponent` (an agent spec: "random", "greedy", ...), `seat`
(0-based, or None for a random seat each episode), and the game's own options
(`mode`, `expansion`, ...).
"""

from __future__ import annotations

import random
from typing import Any, SupportsFloat

import gymnasium
import numpy as np
from gymnasium import spaces

from cardtable import load_game
from cardtable.agents.base import Agent
from cardtable.agents.registry import make_agent
from cardtable.engine.api import State
from cardtable.rl.encoding import (
    OBS_HIGH,
    Encoding,
    FloatArray,
    MaskArray,
    encoding_for,
    terminal_returns,
)

ENV_IDS = {"thalara": "cardtable/Thalara-v0", "vale": "cardtable/Vale-v0"}


class CardtableEnv(gymnasium.Env[FloatArray, np.int64]):
    """A single-agent view of one game: the other seats are played by `opponent`."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 1}  # noqa: RUF012

    def __init__(self, game: str = "thalara", players: int = 2, opponent: str = "random",
                 seat: int | None = 0, illegal_reward: float = -1.0,
                 render_mode: str | None = None, **options: Any) -> None:
        self.game_name = game.strip().lower()
        self.engine_game = load_game(self.game_name)
        self.players = players
        self.opponent = opponent
        if seat is not None and not 0 <= seat < players:
            raise ValueError(f"seat must be in 0..{players - 1} or None, not {seat!r}")
        self.fixed_seat = seat
        self.seat = 0 if seat is None else seat
        self.illegal_reward = illegal_reward
        self.render_mode = render_mode
        self.game_options = options
        self.encoding: Encoding = encoding_for(self.game_name, players, **options)
        make_agent(opponent, self.engine_game, 0)  # a bad spec fails here, not in reset
        self.observation_space = spaces.Box(0.0, OBS_HIGH, self.encoding.observation_shape,
                                            np.float32)
        self.action_space = spaces.Discrete(self.encoding.num_actions)
        self.state: State | None = None
        self._opponents: dict[int, Agent] = {}
        self._mask: MaskArray = np.zeros(self.encoding.num_actions, np.int8)

    # ---- helpers --------------------------------------------------------------------

    def _play_opponents(self) -> None:
        state = self.state
        assert state is not None
        while not state.is_over():
            player = state.current_player()
            assert player is not None
            if player == self.seat:
                return
            state.apply(self._opponents[player].choose(state.view(player)))

    def _observe(self) -> tuple[FloatArray, dict[str, Any]]:
        state = self.state
        assert state is not None
        obs = self.encoding.observation_tensor(state.observation(self.seat))
        if state.is_over():
            self._mask = np.zeros(self.encoding.num_actions, np.int8)
            info: dict[str, Any] = {"winners": state.winners(), "scores": state.scores()}
        else:
            self._mask = self.encoding.legal_mask(state.legal_actions())
            info = {}
        info["action_mask"] = self._mask
        info["seat"] = self.seat
        return obs, info

    def action_masks(self) -> MaskArray:
        """Which actions are legal now (1) for the learning seat."""
        return self._mask.copy()

    # ---- the Gymnasium contract -------------------------------------------------------

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[FloatArray, dict[str, Any]]:
        super().reset(seed=seed)
        draw = self.np_random.integers
        self.seat = (int(draw(self.players)) if self.fixed_seat is None
                     else self.fixed_seat)
        self.state = self.engine_game.new_game(self.players, seed=int(draw(1 << 31)),
                                               **self.game_options)
        self._opponents = {p: make_agent(self.opponent, self.engine_game, int(draw(1 << 31)))
                           for p in range(self.players) if p != self.seat}
        self._play_opponents()
        return self._observe()

    def step(self, action: Any) -> tuple[FloatArray, SupportsFloat, bool, bool,
                                         dict[str, Any]]:
        state = self.state
        if state is None or state.is_over():
            raise RuntimeError("step() after the episode ended; call reset()")
        legal = state.legal_actions()
        ids = self.encoding.legal_indices(legal)
        index = int(action)
        if index not in ids:
            obs, info = self._observe()
            info["illegal"] = True
            self._mask = np.zeros(self.encoding.num_actions, np.int8)
            info["action_mask"] = self._mask
            return obs, self.illegal_reward, True, False, info
        state.apply(legal[ids.index(index)])
        self._play_opponents()
        obs, info = self._observe()
        reward = 0.0
        if state.is_over():
            reward = terminal_returns(self.players, state.winners())[self.seat]
        return obs, reward, state.is_over(), False, info

    def render(self) -> str | None:
        if self.state is None:
            return None
        return self.encoding.observation_string(self.state.observation(self.seat))


def random_legal(mask: MaskArray, rng: random.Random) -> int:
    """A uniformly random legal action of `mask`."""
    return int(rng.choice(np.flatnonzero(mask).tolist()))


def register_envs() -> None:
    """Register cardtable/Thalara-v0 and cardtable/Vale-v0 (idempotent)."""
    for game, env_id in ENV_IDS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point="cardtable.rl.gymnasium:CardtableEnv",
                               kwargs={"game": game})


register_envs()
