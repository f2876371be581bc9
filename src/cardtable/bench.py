"""How fast a game runs: random playouts per second, steps per second, and the cost of
`clone()`. Used by `cardtable bench` and `benchmarks/bench.py`; small enough to run in a
test with tiny budgets.

A step is exactly `legal_actions()`, `rng.choice`, `apply()`: the loop below does
nothing else, so the number measures the engine and not the benchmark.

The same loop runs OpenSpiel's C++ gin_rummy through `pyspiel` (when the `rl` extra is
installed), in turns with the game's own playouts so that both meet the same load on a
shared machine: the ratio of the two speeds is the figure the issues set goals in, and
it holds across machines where the steps/s do not. The search speed is ISMCTS
iterations per second at its default settings, searching from states all through random
games. `build` says whether the rules core ran compiled (mypyc) or as pure Python.
"""

from __future__ import annotations

import platform
import random
import statistics
import time
from dataclasses import asdict, dataclass, field
from typing import Any

from cardtable import load_game
from cardtable.buildinfo import build_kind
from cardtable.engine.api import Game, State

# Every time here is this process's CPU time, not the wall clock's: on a machine shared
# with other work the wall clock runs on while the process waits for a core, and the
# figures would measure the neighbours. (A playout loop never waits for anything else.)
CLOCK = time.process_time

# The reference game of the ratio, and how many turns the two share the clock in.
REFERENCE = "gin_rummy"
ROUNDS = 5

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
    seconds: float              # CPU time of the playout phase
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
    build: str = field(default_factory=build_kind)
    # OpenSpiel's gin_rummy in the same loop, in turns with this game (None: no pyspiel).
    reference: str | None = None
    reference_steps_per_second: float | None = None
    ratio: float | None = None              # steps_per_second / reference_steps_per_second
    search_iterations: int = 0              # ISMCTS iterations run (0: not measured)
    search_iterations_per_second: float | None = None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def playouts(game: Game, players: int, seed: int, options: dict[str, Any],
             seconds: float, min_games: int = 1) -> tuple[int, int, float, float]:
    """Random games until `seconds` have passed (and at least `min_games` are done).
    Returns (games, steps, elapsed, setup time)."""
    rng = random.Random(seed)
    choice = rng.choice
    clock = CLOCK
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


def reference_game() -> Any | None:
    """OpenSpiel's gin_rummy, or None when pyspiel is not installed."""
    try:
        import pyspiel
    except ImportError:
        return None
    return pyspiel.load_game(REFERENCE)


def reference_playouts(game: Any, seed: int, seconds: float) -> tuple[int, float]:
    """The playout loop of `playouts` on an OpenSpiel game: `legal_actions()`,
    `rng.choice`, `apply_action()` a step (the deal's chance steps included, uniform
    as gin_rummy's are). Returns (steps, elapsed)."""
    rng = random.Random(seed)
    choice = rng.choice
    clock = CLOCK
    steps = 0
    start = clock()
    deadline = start + seconds
    while True:
        state = game.new_initial_state()
        legal_actions = state.legal_actions
        apply = state.apply_action
        while not state.is_terminal():
            apply(choice(legal_actions()))
            steps += 1
        if clock() >= deadline:
            break
    return steps, clock() - start


def search_speed(game: Game, states: list[State], seed: int,
                 seconds: float) -> tuple[int, float]:
    """ISMCTS at its default settings searching from each state in turn, 50 iterations
    a search, until `seconds` have passed. Returns (iterations, elapsed)."""
    from cardtable.agents.ismcts import ISMCTSAgent, SearchSettings

    agent = ISMCTSAgent(game, seed=seed, settings=SearchSettings(iterations=50))
    clock = CLOCK
    views = [state.view(player) for state in states
             if (player := state.current_player()) is not None]
    iterations = 0
    start = clock()
    deadline = start + seconds
    while views:
        for view in views:
            agent.search(view)
            iterations += agent.last_iterations
            if clock() >= deadline:
                return iterations, clock() - start
    return iterations, clock() - start


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
    clock = CLOCK
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
              clone_states: int = 200, clone_calls_per_state: int = 50,
              reference: bool = True, search_seconds: float = 0.0) -> BenchResult:
    """Random playouts for `seconds` (and as long again for the reference game when
    `reference` and pyspiel is there, in ROUNDS turns), clone() on `clone_states`
    states, and ISMCTS for `search_seconds` (0: not measured)."""
    game = load_game(game_name)
    count = default_players(game) if players is None else players
    opts = dict(options or {})
    other = reference_game() if reference else None
    rounds = ROUNDS if other is not None else 1
    games = steps = 0
    elapsed = setup = 0.0
    ref_steps = 0
    ref_elapsed = 0.0
    for turn in range(rounds):
        g, n, e, s = playouts(game, count, seed + games, opts, seconds / rounds)
        games, steps, elapsed, setup = games + g, steps + n, elapsed + e, setup + s
        if other is not None:
            n, e = reference_playouts(other, seed + turn, seconds / rounds)
            ref_steps, ref_elapsed = ref_steps + n, ref_elapsed + e
    states = sample_states(game, count, seed, opts, clone_states)
    costs = clone_cost(states, clone_calls_per_state)
    playing = max(elapsed - setup, 1e-9)
    result = BenchResult(
        game=game.name, players=count, options=opts, seed=seed, seconds=elapsed,
        games=games, steps=steps, setup_seconds=setup,
        games_per_second=games / elapsed, steps_per_second=steps / playing,
        steps_per_game=steps / games, clone_states=len(states),
        clone_calls=len(states) * clone_calls_per_state,
        clone_us_median=statistics.median(costs) if costs else 0.0,
        clone_us_mean=statistics.fmean(costs) if costs else 0.0)
    if other is not None:
        result.reference = REFERENCE
        result.reference_steps_per_second = ref_steps / max(ref_elapsed, 1e-9)
        result.ratio = result.steps_per_second / result.reference_steps_per_second
    if search_seconds > 0:
        done, spent = search_speed(game, states, seed, search_seconds)
        result.search_iterations = done
        result.search_iterations_per_second = done / max(spent, 1e-9)
    return result
