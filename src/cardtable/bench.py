"""How fast a game runs: random playouts per second, steps per second, and the cost of
`clone()`. Used by `cardtable bench` and `benchmarks/bench.py`; small enough to run in a
test with tiny budgets.

A step is exactly `legal_actions()`, `rng.choice`, `apply()`: the loop below does
nothing else, so the number measures the engine and not the benchmark.
"""

from __future__ import annotations

import platform
import random
import statistics
import time
from dataclasses import asdict, dataclass, field
from typing import Any

from cardtable import load_game
from cardtable.engine.api import Game, State

# The player counts the issues measure each game at; --players overrides.
DEFAULT_PLAYERS: dict[str, int] = {"thalara": 2, "vale": 4}


def default_players(game: Game) -> int:
    return DEFAULT_PLAYERS.get(game.name, game.min_players)


@dataclass
class BenchResult:
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    seconds: float              # wall time of the playout phase
    games: int
    steps: int
    setup_seconds: float        # of `seconds`, the time spent in new_game
    games_per_second: float
    steps_per_second: float     # steps / (seconds - setup_seconds)
    steps_per_game: float
    clone_states: int           # distinct states whose clone() was timed
    clone_calls: int
    clone_us_median: float      # median over states of the mean time of one clone()
    clone_us_mean: float
    python: str = field(default_factory=platform.python_version)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def playouts(game: Game, players: int, seed: int, options: dict[str, Any],
             seconds: float, min_games: int = 1) -> tuple[int, int, float, float]:
    """Random games until `seconds` have passed (and at least `min_games` are done).
    Returns (games, steps, elapsed, setup time)."""
    rng = random.Random(seed)
    choice = rng.choice
    clock = time.perf_counter
    games = steps = 0
    setup = 0.0
    start = clock()
    deadline = start + seconds
    while True:
        before = clock()
        state = game.new_game(players, seed + games, **options)
        legal_actions = state.legal_actions
        apply = state.apply
        setup += clock() - before
        while True:
            actions = legal_actions()
            if not actions:
                break
            apply(choice(actions))
            steps += 1
        games += 1
        if games >= min_games and clock() >= deadline:
            break
    return games, steps, clock() - start, setup


def sample_states(game: Game, players: int, seed: int, options: dict[str, Any],
                  count: int) -> list[State]:
    """`count` states taken at points spread over random games (copies, so they stay put)."""
    rng = random.Random(seed ^ 0x5EED)
    states: list[State] = []
    number = 0
    while len(states) < count:
        state = game.new_game(players, seed + 100_000 + number, **options)
        number += 1
        while True:
            if rng.random() < 0.25:
                states.append(state.clone())
                if len(states) >= count:
                    break
            actions = state.legal_actions()
            if not actions:
                break
            state.apply(rng.choice(actions))
    return states


def clone_cost(states: list[State], calls_per_state: int) -> list[float]:
    """For each state, the mean time of one clone() in microseconds."""
    clock = time.perf_counter
    out: list[float] = []
    for state in states:
        clone = state.clone
        start = clock()
        for _ in range(calls_per_state):
            clone()
        out.append((clock() - start) * 1e6 / calls_per_state)
    return out


def run_bench(game_name: str, players: int | None = None, seconds: float = 5.0,
              seed: int = 0, options: dict[str, Any] | None = None,
              clone_states: int = 200, clone_calls_per_state: int = 50) -> BenchResult:
    game = load_game(game_name)
    count = default_players(game) if players is None else players
    opts = dict(options or {})
    games, steps, elapsed, setup = playouts(game, count, seed, opts, seconds)
    states = sample_states(game, count, seed, opts, clone_states)
    costs = clone_cost(states, clone_calls_per_state)
    playing = max(elapsed - setup, 1e-9)
    return BenchResult(
        game=game.name, players=count, options=opts, seed=seed, seconds=elapsed,
        games=games, steps=steps, setup_seconds=setup,
        games_per_second=games / elapsed, steps_per_second=steps / playing,
        steps_per_game=steps / games, clone_states=len(states),
        clone_calls=len(states) * clone_calls_per_state,
        clone_us_median=statistics.median(costs) if costs else 0.0,
        clone_us_mean=statistics.fmean(costs) if costs else 0.0)
