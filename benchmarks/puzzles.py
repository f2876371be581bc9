"""The puzzle maker's speed and yield (docs/puzzles.md, "Figures").

    nice -n 10 .venv/bin/python benchmarks/puzzles.py run vale \\
        --from benchmarks/results/analysis_vale_games.jsonl --games 6 --workers 2
    .venv/bin/python benchmarks/puzzles.py report src/cardtable/puzzles/data/*.json

`run` makes puzzles from the first --games games of a file (or --selfplay N) with the
maker's default budgets on --workers processes, samples the load average every 5 s, and
prints one JSON object: positions judged per minute (every search of a position counts:
each analysed decision once, each candidate once per judge) and puzzles kept per 100
games. `report` prints the same figures for each run that made a puzzle file (the
shipped sets keep, per run, how many games, positions, candidates and seconds; a
selfplay run's seconds include playing the games; `kept` is before positions already
in the file were dropped).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import threading
import time
from pathlib import Path
from typing import Any

from cardtable.arena.tournament import plan
from cardtable.cli.puzzles_cmd import read_records
from cardtable.puzzles import GameTask, Settings, load, make
from cardtable.puzzles.maker import play_record


def figures(games: int, analysed: int, candidates: int, kept: int,
            seconds: float) -> dict[str, Any]:
    judged = analysed + 2 * candidates
    return {"games": games, "positions_analysed": analysed, "candidates": candidates,
            "positions_judged": judged, "kept": kept, "seconds": round(seconds, 1),
            "positions_judged_per_minute": round(60 * judged / seconds, 1),
            "candidates_per_minute": round(60 * candidates / seconds, 2),
            "kept_per_100_games": round(100 * kept / games, 1)}


def run(args: argparse.Namespace) -> None:
    settings = Settings()
    if args.source:
        records = read_records(Path(args.source), args.game)[:args.games]
    else:
        tournament = plan(args.game, args.agents.split(","), args.selfplay, 1, 2,
                          json.loads(args.options))
        records = [play_record(spec) for spec in tournament.specs]
    name = args.game if not json.loads(args.options).get("expansion") else \
        f"{args.game}-{json.loads(args.options)['expansion']}"
    tasks = [GameTask(i, settings, name, {"line": i + 1}, record=r.to_dict())
             for i, r in enumerate(records)]
    loads: list[float] = []
    stop = threading.Event()

    def sample() -> None:
        while not stop.wait(5.0):
            loads.append(os.getloadavg()[0])

    sampler = threading.Thread(target=sample, daemon=True)
    loads.append(os.getloadavg()[0])
    sampler.start()
    start = time.perf_counter()
    outcomes = make(tasks, args.workers)
    seconds = time.perf_counter() - start
    stop.set()
    loads.append(os.getloadavg()[0])
    out = figures(len(outcomes), sum(o.analysed for o in outcomes),
                  sum(o.candidates for o in outcomes),
                  sum(len(o.puzzles) for o in outcomes), seconds)
    out.update({"game": name, "workers": args.workers, "settings": settings.to_dict(),
                "load_average": {"min": min(loads), "max": max(loads),
                                 "mean": round(sum(loads) / len(loads), 2)}})
    print(json.dumps(out))


def report(args: argparse.Namespace) -> None:
    for path in args.files:
        _, about = load(path)
        for run in about.get("runs") or [about]:
            # A selfplay run's seconds include playing its games.
            out = figures(run["games"], run["analysed"], run["candidates"], run["kept"],
                          run["seconds"])
            print(json.dumps({"file": Path(path).name, "set": about["set"],
                              "from": run["source"] or run["selfplay"], **out}))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    r = commands.add_parser("run")
    r.add_argument("game")
    r.add_argument("--from", dest="source")
    r.add_argument("--games", type=int, default=6)
    r.add_argument("--selfplay", type=int, default=6)
    r.add_argument("--agents", default="ismcts:100,greedy")
    r.add_argument("--options", default="{}", help="game options as JSON")
    r.add_argument("--workers", type=int, default=2)
    r.set_defaults(func=run)
    rep = commands.add_parser("report")
    rep.add_argument("files", nargs="+")
    rep.set_defaults(func=report)
    args = parser.parse_args()
    args.func(args)


if __name__ == "__main__":
    sys.exit(main())
