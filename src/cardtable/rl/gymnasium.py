"""Gymnasium adapter: one seat of a game against opponents from the agent registry.

    import gymnasium
    import cardtable.rl.gymnasium  # registers cardtable/Thalara-v0 and cardtable/Vale-v0
    env = gymnasium.make("cardtable/Thalara-v0", opponent="greedy")
    # or, without the import: gymnasium.make("cardtable.rl.gymnasium:cardtable/Vale-v0")

Observation: the fixed float32 vector of `cardtable.rl.encoding` for the learning seat.
Action: `Discrete(num_actions)`; `env.action_masks()` (the name sb3-contrib's
MaskablePPO looks for) and `info["action_mask"]` tell which are legal. An illegal
action ends the episode with `illegal_reward` (default -1) and `info["illegal"]`. An
action that is not an integer of `Discrete(num_actions)` (a fraction, a string, None, an
array of another shape, an integer out of range) raises `MalformedAction` and changes
nothing; NumPy integers and 0-d integer arrays are fine. After `terminated`, `step()`
raises `ResetNeeded` until `reset()`.
Reward: at the end only, `terminal_returns` for the learning seat (a sole win 1, a
shared win less, a loss -1/(players-1)).

Options: `players` (2), `opponent` (an agent spec: "random", "greedy", ...), `seat`
(0-based, or None for a random seat each episode), `illegal_reward`, `render_mode`
("ansi" or None) and the game's own options (`mode`, `expansion`, ...). A bad one raises
`OptionError`.
"""

from __future__ import annotations

import math
import random
from numbers import Real
from typing import Any, SupportsFloat

import gymnasium
import numpy as np
from gymnasium import spaces

from cardtable import games, load_game
from cardtable.agents.base import Agent
from cardtable.agents.registry import agent_names, make_agent
from cardtable.engine.api import CardtableError, Game, OptionError, State
from cardtable.rl.encoding import (
    OBS_HIGH,
    Encoding,
    FloatArray,
    MaskArray,
    encoding_for,
    terminal_returns,
)

ENV_IDS = {"thalara": "cardtable/Thalara-v0", "vale": "cardtable/Vale-v0"}


class ResetNeeded(CardtableError, gymnasium.error.ResetNeeded, RuntimeError):
    """`step()` before `reset()`, or after a step reported `terminated`; nothing changed."""


class CardtableEnv(gymnasium.Env[FloatArray, np.int64]):
    """A single-agent view of one game: the other seats are played by `opponent`."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 1}  # noqa: RUF012

    def __init__(self, game: str = "thalara", players: int = 2, opponent: str = "random",
                 seat: int | None = 0, illegal_reward: float = -1.0,
                 render_mode: str | None = None, **options: Any) -> None:
        if not isinstance(game, str):
            raise OptionError(f"game must be one of {', '.join(games())}, not {game!r}")
        if not isinstance(opponent, str):
            raise OptionError(f"opponent must be an agent spec ({', '.join(agent_names())}"
                              f", ...), not {opponent!r}")
        if (isinstance(illegal_reward, bool) or not isinstance(illegal_reward, Real)
                or not math.isfinite(illegal_reward)):
            raise OptionError(f"illegal_reward must be a finite number, not {illegal_reward!r}")
        modes = self.metadata["render_modes"]
        if render_mode is not None and render_mode not in modes:
            raise OptionError(f"render_mode must be None or {' or '.join(map(repr, modes))}, "
                              f"not {render_mode!r}")
        self.game_name = game.strip().lower()
        self.engine_game: Game = load_game(self.game_name)
        # The engine checks `players` and the game's options (OptionError).
        self.encoding: Encoding = encoding_for(self.game_name, players, **options)
        if seat is not None and (isinstance(seat, bool)
                                 or not isinstance(seat, (int, np.integer))
                                 or not 0 <= seat < players):
            seats = ", ".join(str(p) for p in range(players))
            raise OptionError(f"seat must be {seats} or None (a random seat each "
                              f"episode), not {seat!r}")
        make_agent(opponent, self.engine_game, 0)  # a bad spec fails here, not in reset
        self.players: int = players
        self.opponent: str = opponent
        self.fixed_seat: int | None = None if seat is None else int(seat)
        self.seat: int = self.fixed_seat or 0
        self.illegal_reward: float = float(illegal_reward)
        self.render_mode = render_mode
        self.game_options: dict[str, Any] = options
        self.observation_space = spaces.Box(0.0, OBS_HIGH, self.encoding.observation_shape,
                                            np.float32)
        self.action_space = spaces.Discrete(self.encoding.num_actions)
        self.state: State | None = None
        self._opponents: dict[int, Agent] = {}
        self._mask: MaskArray = np.zeros(self.encoding.num_actions, np.int8)
        self._ended: bool = False  # a step reported terminated; only reset() goes on

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
        self._ended = self.state.is_over()
        return self._observe()

    def step(self, action: Any) -> tuple[FloatArray, SupportsFloat, bool, bool,
                                         dict[str, Any]]:
        state = self.state
        if state is None:
            raise ResetNeeded("step() before reset(): call reset() first")
        if self._ended or state.is_over():
            raise ResetNeeded("step() after the episode has ended (a step returned "
                              "terminated=True): call reset() to start a new one")
        index = self.encoding.action_int(action)  # MalformedAction, nothing changed
        legal = state.legal_actions()
        ids = self.encoding.legal_indices(legal)
        if index not in ids:
            obs, info = self._observe()
            info["illegal"] = True
            self._mask = np.zeros(self.encoding.num_actions, np.int8)
            info["action_mask"] = self._mask
            self._ended = True
            return obs, self.illegal_reward, True, False, info
        state.apply(legal[ids.index(index)])
        self._play_opponents()
        obs, info = self._observe()
        reward = 0.0
        self._ended = state.is_over()
        if self._ended:
            reward = terminal_returns(self.players, state.winners())[self.seat]
        return obs, reward, self._ended, False, info

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
