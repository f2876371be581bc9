"""The computer levels' fixed ratings (issue 27): every pairwise result of saved arena
tournaments in one pool (a game at one player count) fitted on the players' shown scale
(400 points for odds of 10 to 1, as server/ratings.py shows ratings), then moved so that
the anchor level sits at its anchor rating.

    python benchmarks/level_ratings.py --pool thalara-2p --anchor greedy=1500 \\
        benchmarks/results/arena_thalara_2p_levels_seed3101.jsonl ...

A level that played under its settings' spec (the expert's budget, say, measured before
it had a name) is counted under its name with `--alias LEVEL SPEC`.

Prints the ratings, each with the games behind it, as JSON; `LEVEL_RATINGS` in
server/ratings.py and the table in docs/ratings.md are written from that output.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

from cardtable.arena.ratings import elo_ratings
from cardtable.arena.tournament import GameResult


def read(paths: list[Path], players: int) -> list[GameResult]:
    results = []
    for path in paths:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if not line.strip():
                continue
            result = GameResult.from_dict(json.loads(line))
            if len(result.labels) != players:
                raise SystemExit(f"{path}:{number}: a {len(result.labels)}-player game, "
                                 f"not {players}")
            results.append(result)
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="+", type=Path, help="arena --save files")
    parser.add_argument("--pool", required=True, help="game-Np, e.g. vale-2p")
    parser.add_argument("--anchor", default="greedy=1500",
                        help="LEVEL=RATING: the level held at that rating "
                             "(default greedy=1500: a newcomer)")
    parser.add_argument("--alias", nargs=2, action="append", default=[],
                        metavar=("LEVEL", "SPEC"),
                        help="count the games of SPEC as LEVEL's (the same settings)")
    args = parser.parse_args(argv)
    players = int(args.pool.rpartition("-")[2].rstrip("p"))
    level, _, value = args.anchor.partition("=")
    results = read(args.files, players)
    names = {spec: name for name, spec in args.alias}
    for r in results:
        r.labels = [names.get(label, label) for label in r.labels]
    labels = sorted({label for r in results for label in r.labels})
    if level not in labels:
        print(f"the anchor {level!r} played none of these games", file=sys.stderr)
        return 2
    fitted = elo_ratings(labels, results)
    shift = float(value) - fitted[level]
    games: Counter[str] = Counter()
    for r in results:
        for label in set(r.labels):
            games[label] += 1
    print(json.dumps({
        "pool": args.pool, "anchor": args.anchor, "games": len(results),
        "files": [str(p) for p in args.files],
        "levels": {label: {"rating": round(fitted[label] + shift), "games": games[label]}
                   for label in sorted(labels, key=lambda x: fitted[x])}}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
