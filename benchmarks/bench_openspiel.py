"""Random playouts through the OpenSpiel adapter against the native engine loop.

    .venv/bin/python benchmarks/bench_openspiel.py [--seconds 16] [--rounds 16]
        [--players 2 4] [--game thalara vale]

Native step: `legal_actions()`, `random.choice`, `apply()`. OpenSpiel step (through
`pyspiel`): `legal_actions()`, `random.choice`, `apply_action()`; the deal at the start
is one chance step, not counted. Both deal the same seeds (the games then differ, as
the two lists come in different orders).
"""

from __future__ import annotations

import argparse
import random
import statistics
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
    parser.add_argument("--seconds", type=float, default=16.0)
    parser.add_argument("--players", type=int, nargs="*", default=[2, 4])
    parser.add_argument("--game", nargs="*", default=["thalara", "vale"])
    parser.add_argument("--rounds", type=int, default=16)
    args = parser.parse_args()
    for name in args.game:
        for players in args.players:
            # Short runs in pairs, back to back, so both sides of a pair meet the same
            # load on a shared machine; the median of the pairs' ratios is reported,
            # with the best speed of each side.
            ratios: list[float] = []
            best_native = best_adapter = 0.0
            for _ in range(args.rounds):
                nat = native(name, players, args.seconds / args.rounds)[0]
                osp = through_openspiel(name, players, args.seconds / args.rounds)[0]
                ratios.append(osp / nat)
                best_native = max(best_native, nat)
                best_adapter = max(best_adapter, osp)
            print(f"{name} {players}p: native {best_native:,.0f} steps/s, OpenSpiel adapter "
                  f"{best_adapter:,.0f} steps/s; adapter/native median "
                  f"{statistics.median(ratios):.0%} (pairs {min(ratios):.0%}-"
                  f"{max(ratios):.0%})")

if __name__ == "__main__":
    main()
