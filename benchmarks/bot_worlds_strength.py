"""Does an agent play as well from worlds rebuilt from its seat's messages (what
`cardtable bot` gives it) as from the true state's worlds (what the server gives it)?

Plays games in this process between the same agent twice: one seat's View samples its
worlds from a WorldTracker fed only that seat's messages, the other's from the true
state, seats turned every game. Prints the tracked seat's share of the wins with its
95% interval: about half when the rebuilt worlds are as good as the true ones.

    python benchmarks/bot_worlds_strength.py thalara --agent ismcts:200 --games 200
"""

from __future__ import annotations

import argparse
import random
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from cardtable import load_game
from cardtable.agents import make_agent
from cardtable.arena import wilson
from cardtable.bot.worlds import SeatStream, WorldTracker
from cardtable.engine.api import View


def play(name: str, spec: str, options: dict[str, Any], seed: int) -> tuple[float, int]:
    """One game: the tracked seat's share of the win, and the actions after which its
    world was lost (0 when never)."""
    game = load_game(name)
    tracked = seed % 2
    stream = SeatStream(game, 2, seed, options, tracked)
    tracker = WorldTracker(game, tracked, 2, options, random.Random(seed + 7))
    tracker.begin(stream.start)
    agents = [make_agent(spec, game, seed * 2 + s) for s in range(2)]
    truth = stream.truth
    lost = 0
    while not truth.is_over():
        seat = truth.current_player()
        assert seat is not None
        if seat == tracked and tracker.world is not None:
            world = tracker.world.clone()
            view = View(seat, truth.observation(seat), world.legal_actions(),
                        lambda rng, w=world, s=seat: w.sample_world(s, rng))
            text = str(agents[seat].choose(view))
            action = game.parse_action(truth, text)
        else:
            action = agents[seat].choose(truth.view(seat))
        entry, seen = stream.play(action)
        if not tracker.lost and not tracker.follow(entry, seen):
            lost = entry["n"]
    winners = truth.winners()
    return (1 / len(winners) if tracked in winners else 0.0), lost


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=["thalara", "vale"])
    parser.add_argument("--agent", default="ismcts:200")
    parser.add_argument("--expansion", default=None)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    options = {"expansion": args.expansion} if args.expansion else {}
    seeds = [args.seed * 10_000 + g for g in range(args.games)]
    with ProcessPoolExecutor(args.workers) as pool:
        results = list(pool.map(play, [args.game] * len(seeds), [args.agent] * len(seeds),
                                [options] * len(seeds), seeds))
    n = len(results)
    wins = sum(r[0] for r in results)
    low, high = wilson(wins, n)
    lost = [r[1] for r in results if r[1]]
    print(f"{args.game} {options or ''} {args.agent}: the seat with rebuilt worlds won "
          f"{wins / n:.1%} of {n} games (95% {low:.1%}-{high:.1%}); "
          f"its world lost in {len(lost)} games")


if __name__ == "__main__":
    main()
