"""Figures for game analysis (docs/ai.md, "Game analysis"): play games between two agents,
keep their records, analyse every decision of both seats, and count the labels per agent.

    nice -n 10 .venv/bin/python benchmarks/analysis_labels.py play --game thalara \\
        --agents ismcts:medium,greedy --games 20 --seed 17 --workers 2 \\
        --out benchmarks/results/analysis_thalara_games.jsonl
    nice -n 10 .venv/bin/python benchmarks/analysis_labels.py analyse \\
        --games benchmarks/results/analysis_thalara_games.jsonl --agent ismcts:medium \\
        --workers 2 --out benchmarks/results/analysis_thalara_medium.jsonl
    .venv/bin/python benchmarks/analysis_labels.py count \\
        --analyses benchmarks/results/analysis_thalara_medium.jsonl
    nice -n 10 .venv/bin/python benchmarks/analysis_labels.py noise \\
        --games benchmarks/results/analysis_thalara_games.jsonl --decisions 60 \\
        --agent ismcts:medium --workers 2

`play` uses the arena's plan (seats rotating, every seed derived from --seed and the
game's number) and writes one line per game: the agent in each seat and the record.
`analyse` appends one line per game (the analysis and the seconds it took) and skips
the games already in --out, so a stopped run resumes. `count` prints the label counts
per agent and the quantiles of each agent's losses; `--thresholds a,b,c` recounts
with other thresholds (the searches are not repeated: a label is a function of the
stored loss). `noise` judges the same decisions twice with different seeds and prints
how much the expected results move: the floor under which a loss means nothing.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import gzip
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from cardtable.analysis import LABELS, Analysis, Thresholds, analyze, judge, search_settings
from cardtable.arena.tournament import GameSpec, plan
from cardtable.engine.record import GameRecord
from cardtable.puzzles.maker import play_record


def _play(spec: GameSpec) -> dict[str, Any]:
    return {"index": spec.index, "agents": list(spec.agents),
            "record": play_record(spec).to_dict()}


def play(args: argparse.Namespace) -> None:
    tournament = plan(args.game, args.agents.split(","), args.games, args.seed, 2,
                      json.loads(args.options))
    out = Path(args.out)
    with out.open("a", encoding="utf-8") as sink, \
            concurrent.futures.ProcessPoolExecutor(args.workers) as pool:
        for line in pool.map(_play, tournament.specs):
            sink.write(json.dumps(line) + "\n")
            sink.flush()
            record = line["record"]
            print(f"game {line['index']}: {line['agents']} {len(record['actions'])} "
                  "actions", file=sys.stderr, flush=True)


def _lines(path: str) -> list[dict[str, Any]]:
    """A JSON-lines file's rows; a `.gz` file is read through gzip (the saved analyses)."""
    raw = Path(path).read_bytes()
    text = (gzip.decompress(raw) if path.endswith(".gz") else raw).decode("utf-8")
    return [json.loads(line) for line in text.splitlines() if line]


def analyse(args: argparse.Namespace) -> None:
    out = Path(args.out)
    done = {line["index"] for line in _lines(args.out)} if out.exists() else set()
    for game in _lines(args.games):
        if game["index"] in done:
            continue
        record = GameRecord.from_dict(game["record"])
        start = time.perf_counter()
        analysis = analyze(record, None, args.agent, args.workers)
        seconds = time.perf_counter() - start
        with out.open("a", encoding="utf-8") as sink:
            sink.write(json.dumps({"index": game["index"], "agents": game["agents"],
                                   "seconds": seconds,
                                   "analysis": analysis.to_dict()}) + "\n")
        print(f"game {game['index']}: {len(analysis.decisions)} decisions judged in "
              f"{seconds:.0f} s", file=sys.stderr, flush=True)


def _quantiles(values: list[float]) -> str:
    if len(values) < 2:
        return "-"
    q = statistics.quantiles(values, n=20, method="inclusive")
    return (f"median {statistics.median(values):.3f}, 75% {q[14]:.3f}, 90% {q[17]:.3f}, "
            f"95% {q[18]:.3f}, max {max(values):.3f}")


def count(args: argparse.Namespace) -> None:
    thresholds = None
    if args.thresholds:
        thresholds = Thresholds(*(float(x) for x in args.thresholds.split(",")))
    labels: dict[str, dict[str, int]] = {}
    losses: dict[str, list[float]] = {}
    differing: dict[str, list[float]] = {}
    # the same agent's losses per opponent: a decision's loss depends on the game it is in
    against: dict[tuple[str, str], list[float]] = {}
    # best - taken without the floor at 0: where the taken action is as good as the
    # judge's choice, the paired searches' noise falls on both sides of 0 and cancels in
    # the mean, while the clipped loss counts its positive half for every player alike
    signed: dict[tuple[str, str], list[float]] = {}
    seconds = []
    for line in _lines(args.analyses):
        analysis = Analysis.from_dict(line["analysis"])
        seconds.append(line["seconds"])
        for d in analysis.decisions:
            agent = line["agents"][d.seat]
            rival = line["agents"][1 - d.seat] if len(line["agents"]) == 2 else "others"
            against.setdefault((agent, rival), []).append(d.loss)
            signed.setdefault((agent, rival), []).append(
                d.judgement.best_expected - d.judgement.taken_expected)
            label = d.label if thresholds is None else thresholds.label(
                d.loss, d.judgement.taken == d.judgement.best)
            labels.setdefault(agent, dict.fromkeys(LABELS, 0))[label] += 1
            losses.setdefault(agent, []).append(d.loss)
            if d.judgement.taken != d.judgement.best:
                differing.setdefault(agent, []).append(d.loss)
    print(f"{len(seconds)} games; seconds per game: median {statistics.median(seconds):.0f}, "
          f"min {min(seconds):.0f}, max {max(seconds):.0f}")
    for agent, counts in labels.items():
        total = sum(counts.values())
        print(f"{agent}: {total} decisions; " + ", ".join(
            f"{label} {n} ({100 * n / total:.1f}%)" for label, n in counts.items()))
        print(f"  losses: mean {statistics.fmean(losses[agent]):.4f}; where the search "
              f"chose otherwise ({len(differing.get(agent, []))}): "
              f"{_quantiles(differing.get(agent, []))}")
    if len({rival for _, rival in against}) > 1:
        print("mean loss by opponent:")
        for (agent, rival), values in sorted(against.items()):
            print(f"  {agent} against {rival}: {len(values)} decisions, mean loss "
                  f"{statistics.fmean(values):.4f}, signed mean "
                  f"{statistics.fmean(signed[agent, rival]):.4f}")


def _judge_twice(item: tuple[dict[str, Any], int, str]) -> tuple[float, float, bool]:
    record_data, index, agent = item
    record = GameRecord.from_dict(record_data)
    state = record.replay(index)
    player = state.current_player()
    assert player is not None
    taken = state.game.parse_action(state, record.actions[index])
    view = state.view(player)
    settings = search_settings(agent)
    first = judge(view, taken, state.game, settings, 1000 + index)
    second = judge(view, taken, state.game, settings, 2000 + index)
    return (abs(first.taken_expected - second.taken_expected),
            abs(first.best_expected - second.best_expected), first.best == second.best)


def noise(args: argparse.Namespace) -> None:
    items = []
    for game in _lines(args.games):
        record = GameRecord.from_dict(game["record"])
        state = record.new_state()
        for index, text in enumerate(record.actions):
            if len(state.legal_actions()) > 1:
                items.append((game["record"], index, args.agent))
            state.apply(state.game.parse_action(state, text))
    step = max(1, len(items) // args.decisions)
    items = items[::step][: args.decisions]
    with concurrent.futures.ProcessPoolExecutor(args.workers) as pool:
        results = list(pool.map(_judge_twice, items))
    taken = [r[0] for r in results]
    best = [r[1] for r in results]
    agree = sum(r[2] for r in results)
    print(f"{len(results)} decisions judged twice (seeds differ)")
    print(f"  |change| of the taken action's expected result: {_quantiles(taken)}")
    print(f"  |change| of the best action's expected result:  {_quantiles(best)}")
    print(f"  the same best action both times: {agree} of {len(results)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    p = commands.add_parser("play")
    p.add_argument("--game", required=True)
    p.add_argument("--agents", default="ismcts:medium,greedy")
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--seed", type=int, default=17)
    p.add_argument("--options", default="{}", help="game options as JSON")
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--out", required=True)
    p.set_defaults(run=play)
    a = commands.add_parser("analyse")
    a.add_argument("--games", required=True)
    a.add_argument("--agent", default="ismcts:medium")
    a.add_argument("--workers", type=int, default=2)
    a.add_argument("--out", required=True)
    a.set_defaults(run=analyse)
    c = commands.add_parser("count")
    c.add_argument("--analyses", required=True)
    c.add_argument("--thresholds", default=None, metavar="INACCURACY,MISTAKE,BLUNDER")
    c.set_defaults(run=count)
    n = commands.add_parser("noise")
    n.add_argument("--games", required=True)
    n.add_argument("--decisions", type=int, default=60)
    n.add_argument("--agent", default="ismcts:medium")
    n.add_argument("--workers", type=int, default=2)
    n.set_defaults(run=noise)
    args = parser.parse_args()
    args.run(args)


if __name__ == "__main__":
    main()
