"""Random playouts through the OpenSpiel adapter against the native engine loop.

    .venv/bin/python benchmarks/bench_openspiel.py [--seconds 5] [--players 2] [--game thalara]

Native step: `legal_actions()`, `random.choice`, `apply()`. OpenSpiel step (through
`pyspiel`): `legal_actions()`, `random.choice`, `apply_action()`; the deal at the start
is one chance step, not counted. Both use the same seeds, so they play the same games.
"""

from __future__ import annotations

import argparse
import random
import time

from cardtable import load_game


def native(game_name: str, players: int, seconds: float, seed: int = 0) -> tuple[float, int]:
    game = load_game(game_name)
    game.new_game(players, seed=0)  # load the card set before the clock starts
    rng = random.Random(seed)
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_game(players, seed=rng.randrange(4096))
        while not state.is_over():
            state.apply(rng.choice(state.legal_actions()))
            steps += 1
    elapsed = time.perf_counter() - start
    return steps / elapsed, steps


def through_openspiel(game_name: str, players: int, seconds: float,
                      seed: int = 0) -> tuple[float, int]:
    from cardtable.rl import openspiel

    game = openspiel.load(game_name, players=players)
    rng = random.Random(seed)
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        state.apply_action(rng.randrange(4096))  # the deal
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
    elapsed = time.perf_counter() - start
    return steps / elapsed, steps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--players", type=int, nargs="*", default=[2, 4])
    parser.add_argument("--game", nargs="*", default=["thalara", "vale"])
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    for name in args.game:
        for players in args.players:
            # Alternate short runs so a change in the machine's load hits both alike;
            # report the best run of each.
            nat = osp = 0.0
            for _ in range(args.rounds):
                nat = max(nat, native(name, players, args.seconds / args.rounds)[0])
                osp = max(osp, through_openspiel(name, players, args.seconds / args.rounds)[0])
            print(f"{name} {players}p: native {nat:,.0f} steps/s, OpenSpiel adapter "
                  f"{osp:,.0f} steps/s ({osp / nat:.0%} of native)")


if __name__ == "__main__":
    main()
