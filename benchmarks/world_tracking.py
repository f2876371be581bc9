"""How well a bot keeps a world from its seat's messages alone (cardtable.bot.worlds).

Plays games in this process (random players, or --agent), feeds one seat's messages to a
WorldTracker, and counts the actions after which the tracker lost the game (no world
agreed with what the seat saw) and the time it took per action.

    python benchmarks/world_tracking.py --games 20
"""

from __future__ import annotations

import argparse
import random
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from cardtable import load_game
from cardtable.agents import make_agent
from cardtable.bot.worlds import SeatStream, WorldTracker

SETS: list[tuple[str, int, dict[str, Any]]] = [
    ("thalara", 2, {}), ("thalara", 3, {"mode": "casual"}), ("thalara", 4, {}),
    ("vale", 2, {}), ("vale", 4, {}), ("vale", 2, {"expansion": "artifacts"}),
    ("vale", 4, {"expansion": "artifacts"}),
]


def track(name: str, players: int, options: dict[str, Any], seed: int,
          spec: str = "random") -> dict[str, Any]:
    game = load_game(name)
    rng = random.Random(seed)
    seat = rng.randrange(players)
    stream = SeatStream(game, players, seed, options, seat)
    agents = [make_agent(spec, game, seed * players + q) for q in range(players)]
    tracker = WorldTracker(game, seat, players, options, random.Random(seed + 1))
    began = time.perf_counter()
    ok = tracker.begin(stream.start)
    spent = time.perf_counter() - began     # the tracker's time only, not the players'
    steps = lost = 0
    while ok and not stream.truth.is_over():
        actor = stream.truth.current_player()
        assert actor is not None
        action = agents[actor].choose(stream.truth.view(actor))
        entry, seen = stream.play(action)
        steps += 1
        began = time.perf_counter()
        ok = tracker.follow(entry, seen) and tracker.agrees(seen, stream.legal())
        spent += time.perf_counter() - began
    if not ok:
        lost = 1
    return {"steps": steps, "lost": lost, "lost_at": tracker.lost_at, "seconds": spent}


def gap(name: str, players: int, options: dict[str, Any], seed: int,
        unseen: int, sent: int = 100) -> bool | None:
    """A tracker that followed the game with every observation, then missed `unseen`
    actions (a lost connection), is caught up from the log: whether it agrees again
    (None when the game ended first). The welcome's log carries the seat's
    observations after the last `sent` actions it missed, as a server does for a
    hello with `seen` (Limits.views_actions; 0: a server before that)."""
    game = load_game(name)
    rng = random.Random(seed)
    seat = 1
    stream = SeatStream(game, players, seed, options, seat)
    tracker = WorldTracker(game, seat, players, options, random.Random(seed + 3))
    tracker.begin(stream.start)
    log = []
    seen: dict[int, dict[str, Any]] = {}
    after = stream.start
    for _ in range(rng.randrange(10, 80) + unseen):
        if stream.truth.is_over():
            return None
        entry, after = stream.play(rng.choice(stream.truth.legal_actions()))
        log.append(entry)
        seen[entry["n"]] = after
    if stream.truth.is_over():
        return None
    followed = len(log) - unseen
    for entry in log[:followed]:
        tracker.follow(entry, seen[entry["n"]])
    told = {n: o for n, o in seen.items() if n <= followed or n > len(log) - sent}
    return tracker.catch_up(stream.start, log, after, stream.legal(), told)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--agent", default="random",
                        help="the agent every seat plays (default random; greedy "
                             "plays the cards more as people do)")
    parser.add_argument("--workers", type=int, default=1, help="processes (default 1)")
    parser.add_argument("--gaps", action="store_true",
                        help="measure catching up after a stretch of unseen actions")
    parser.add_argument("--unseen", type=int, nargs="+", default=[5, 15, 40],
                        help="with --gaps: the lengths of the gaps (default 5 15 40)")
    parser.add_argument("--sent", type=int, default=100,
                        help="with --gaps: the missed actions whose observations the "
                             "welcome carries, the last ones (default 100, the server's; "
                             "0: the log's events alone)")
    args = parser.parse_args()
    if args.gaps:
        for name, players, options in SETS:
            rates = []
            for unseen in args.unseen:
                tried = [gap(name, players, options, args.seed * 1000 + g, unseen,
                             args.sent)
                         for g in range(args.games)]
                done = [t for t in tried if t is not None]
                rates.append(f"{unseen} unseen: {sum(done)}/{len(done)}")
            print(f"{name} {players}p {options or ''}: caught up after " + ", ".join(rates))
        return
    for name, players, options in SETS:
        seeds = [args.seed * 1000 + g for g in range(args.games)]
        with ProcessPoolExecutor(args.workers) as pool:
            results = list(pool.map(track, [name] * len(seeds), [players] * len(seeds),
                                    [options] * len(seeds), seeds,
                                    [args.agent] * len(seeds)))
        steps = sum(r["steps"] for r in results)
        lost = [r for r in results if r["lost"]]
        per = sum(r["seconds"] for r in results) / max(1, steps) * 1000
        where = ", ".join(str(r["lost_at"]) for r in lost[:8])
        print(f"{name} {players}p {options or ''}: {len(results)} games, {steps} actions "
              f"followed, lost in {len(lost)} ({where}); {per:.2f} ms an action")


if __name__ == "__main__":
    main()
