"""Speed of the Vale rules core: random 4-player playouts and clone().

    .venv/bin/python benchmarks/bench_vale.py [--seconds 5] [--players 4]
        [--expansion none|cards|artifacts] [--runs 1]

A step is `legal_actions()`, `random.choice`, `apply()`, through the engine contract.
"""

from __future__ import annotations

import argparse
import random
import time

from cardtable import load_game
from cardtable.engine.api import State


def playouts(players: int, seconds: float, seed: int = 0,
             expansion: str = "none") -> tuple[float, int, int]:
    game = load_game("vale")
    rng = random.Random(seed)
    steps = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_game(players, seed=rng.randrange(1 << 30), expansion=expansion)
        while not state.is_over():
            state.apply(rng.choice(state.legal_actions()))
            steps += 1
        games += 1
    elapsed = time.perf_counter() - start
    return steps / elapsed, steps, games


def clone_cost(players: int, samples: int = 200, repeat: int = 200,
               expansion: str = "none") -> float:
    """Mean clone() time in microseconds over states sampled from random games."""
    game = load_game("vale")
    rng = random.Random(1)
    states: list[State] = []
    while len(states) < samples:
        state = game.new_game(players, seed=rng.randrange(1 << 30), expansion=expansion)
        while not state.is_over():
            if rng.random() < 0.05:
                states.append(state.clone())
            state.apply(rng.choice(state.legal_actions()))
    start = time.perf_counter()
    for _ in range(repeat):
        for state in states:
            state.clone()
    return (time.perf_counter() - start) / (repeat * len(states)) * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--expansion", default="none", choices=("none", "cards", "artifacts"))
    parser.add_argument("--runs", type=int, default=1)
    args = parser.parse_args()
    rates = []
    for run in range(args.runs):
        rate, steps, games = playouts(args.players, args.seconds, run, args.expansion)
        rates.append(rate)
        print(f"expansion {args.expansion}: random {args.players}-player playouts: "
              f"{rate:,.0f} steps/s ({steps} steps, {games} games, "
              f"{steps / games:.0f} steps/game)")
    if args.runs > 1:
        rates.sort()
        print(f"best {rates[-1]:,.0f} steps/s, median {rates[len(rates) // 2]:,.0f} steps/s "
              f"over {args.runs} runs")
    print(f"clone(): {clone_cost(args.players, expansion=args.expansion):.2f} us")


if __name__ == "__main__":
    main()
