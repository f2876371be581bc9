"""Greedy against random in Thalara: the issue's figure (>= 80% of 400 two-player games,
seats alternating). Run: python benchmarks/greedy_thalara.py [games] [players]"""

from __future__ import annotations

import sys
import time

from cardtable import load_game
from cardtable.agents import make_agent


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 400
    players = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    game = load_game("thalara")
    wins = shared = 0
    greedy_stars = other_stars = 0.0
    start = time.perf_counter()
    for g in range(games):
        seat = g % players  # the greedy seat rotates
        agents = [make_agent("greedy" if p == seat else "random", game, seed=g * 10 + p)
                  for p in range(players)]
        state = game.new_game(players, seed=g)
        while not state.is_over():
            p = state.current_player()
            assert p is not None
            state.apply(agents[p].choose(state.view(p)))
        winners = state.winners()
        if winners == [seat]:
            wins += 1
        elif seat in winners:
            shared += 1
        greedy_stars += state.scores()[seat]
        other_stars += sum(state.scores()) - state.scores()[seat]
    took = time.perf_counter() - start
    print(f"{games} games, {players} players: greedy won {wins} ({100 * wins / games:.1f}%), "
          f"shared {shared}, lost {games - wins - shared}; "
          f"mean stars greedy {greedy_stars / games:.2f}, "
          f"random {other_stars / games / (players - 1):.2f}; {took:.0f} s")


if __name__ == "__main__":
    main()
