"""Strength of the generic greedy agent on The Vale of Eternity.

    .venv/bin/python benchmarks/greedy_vale.py [--games 400] [--workers 2]
        [--expansion none|cards|artifacts]

1. Two players, greedy against random, seats alternating: greedy's win share
   (a shared win counts as half).
2. Four players, one greedy and three random, the greedy seat rotating: the greedy
   seat's average points against the average points of a random seat.
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor

from cardtable import load_game
from cardtable.agents import make_agent

EXPANSION = "none"


def play(players: int, greedy_seat: int, seed: int,
         expansion: str | None = None) -> tuple[float, int, float]:
    """(greedy's win share, greedy's points, mean points of the random seats)."""
    game = load_game("vale")
    agents = [make_agent("greedy" if q == greedy_seat else "random", game, seed * 10 + q)
              for q in range(players)]
    state = game.new_game(players, seed=seed, expansion=expansion or EXPANSION)
    while not state.is_over():
        p = state.current_player()
        assert p is not None
        state.apply(agents[p].choose(state.view(p)))
    winners = state.winners()
    share = (1.0 / len(winners)) if greedy_seat in winners else 0.0
    scores = state.scores()
    others = [scores[q] for q in range(players) if q != greedy_seat]
    return share, scores[greedy_seat], sum(others) / len(others)


def _two(args: tuple[int, str]) -> tuple[float, int, float]:
    return play(2, args[0] % 2, args[0], args[1])


def _four(args: tuple[int, str]) -> tuple[float, int, float]:
    return play(4, args[0] % 4, args[0], args[1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--expansion", default="none", choices=("none", "cards", "artifacts"))
    args = parser.parse_args()
    seeds = [(s, args.expansion) for s in range(1, args.games + 1)]
    print(f"expansion: {args.expansion}")
    with ProcessPoolExecutor(args.workers) as pool:
        start = time.perf_counter()
        two = list(pool.map(_two, seeds, chunksize=8))
        wins = sum(r[0] for r in two)
        print(f"2 players, greedy vs random, {args.games} games: greedy wins "
              f"{wins / args.games:.1%} ({time.perf_counter() - start:.0f} s)")
        start = time.perf_counter()
        four = list(pool.map(_four, seeds, chunksize=8))
        g = sum(r[1] for r in four) / len(four)
        r = sum(r[2] for r in four) / len(four)
        share = sum(x[0] for x in four) / len(four)
        print(f"4 players, 1 greedy + 3 random, {args.games} games: greedy seat "
              f"{g:.1f} points, random seat {r:.1f} points, ratio {g / r:.2f}, "
              f"greedy wins {share:.1%} ({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
