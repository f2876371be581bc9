"""A cardtable agent against OpenSpiel's ISMCTS bot, through the OpenSpiel adapter.

    .venv/bin/python benchmarks/ismcts_vs_openspiel.py --game thalara --games 100 \\
        --seconds 0.5 --workers 2 --json out.json

Two players, seats alternating (game k gives our agent seat k % 2 + 1). Our agent sees
only its `View`, as everywhere. OpenSpiel's `ISMCTSBot` searches the adapter's states
with its usual set-up (one random rollout per leaf, UCT constant 2, final move by most
visits) and resamples hidden information through `resample_from_infostate`.

Both sides get the same thinking time per decision: with `--seconds` OpenSpiel's bot
runs simulations until that time is spent (at least one), exactly as our time-budgeted
levels do; with `--simulations N` it runs a fixed count instead. A decision with one
legal action costs neither side any search (OpenSpiel's bot and ours both skip it).

Prints one line per finished game, then wins, shared wins, the win rate with its 95%
Wilson interval, and each side's median and mean time per searched decision.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import statistics
import sys
import time
from dataclasses import asdict, dataclass
from typing import Any

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

from cardtable import load_game
from cardtable.agents.registry import make_agent
from cardtable.arena import wilson
from cardtable.rl import openspiel


class _OutOfTime(Exception):
    """Raised inside OpenSpiel's simulation loop once the time budget is spent."""


class TimedISMCTSBot(ismcts.ISMCTSBot):  # type: ignore[misc]
    """OpenSpiel's ISMCTS bot with a time budget instead of a simulation count.

    The stock search loop runs `max_simulations` times and samples a root state at the
    start of each simulation; this bot lets that loop run and stops it at the first
    sample after the deadline, then takes the final policy from the tree as built so
    far, the way the stock bot does after its last simulation."""

    def __init__(self, *args: Any, seconds: float, **kwargs: Any) -> None:
        super().__init__(*args, max_simulations=1 << 40, **kwargs)
        self._seconds = seconds
        self._deadline = 0.0
        self.simulations = 0

    def run_search(self, state: Any) -> Any:
        self._deadline = time.perf_counter() + self._seconds
        self.simulations = 0
        try:
            return super().run_search(state)
        except _OutOfTime:
            return self.get_final_policy(state, self._root_node)

    def sample_root_state(self, state: Any) -> Any:
        if self.simulations > 0 and time.perf_counter() >= self._deadline:
            raise _OutOfTime
        self.simulations += 1
        return super().sample_root_state(state)


@dataclass
class GameResult:
    game: int
    agent_seat: int  # 1-based
    returns: list[float]
    outcome: str  # "agent", "openspiel" or "shared"
    agent_times: list[float]
    openspiel_times: list[float]
    openspiel_simulations: list[int]


@dataclass(frozen=True)
class Match:
    game: str
    agent: str
    seconds: float | None
    simulations: int
    seed: int


def play_one(match: Match, k: int) -> GameResult:
    game = openspiel.load(match.game, players=2)
    engine_game = load_game(match.game)
    rs = np.random.RandomState(match.seed * 100_003 + k)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
    bot: ismcts.ISMCTSBot
    if match.seconds is not None:
        bot = TimedISMCTSBot(game=game, evaluator=evaluator, uct_c=2.0, random_state=rs,
                             seconds=match.seconds)
    else:
        bot = ismcts.ISMCTSBot(game=game, evaluator=evaluator, uct_c=2.0,
                               max_simulations=match.simulations, random_state=rs)
    agent = make_agent(match.agent, engine_game, match.seed * 100_003 + k)
    agent_seat = k % 2
    result = GameResult(k + 1, agent_seat + 1, [], "shared", [], [], [])
    state = game.new_initial_state()
    state.apply_action(int(rs.randint(game.max_chance_outcomes())))
    while not state.is_terminal():
        player = state.current_player()
        forced = len(state.legal_actions()) == 1
        start = time.perf_counter()
        if player == agent_seat:
            engine = state.engine_state
            assert engine is not None
            action = agent.choose(engine.view(player))
            state.apply_action(game.encoding.action_index(action.text))
            if not forced:
                result.agent_times.append(time.perf_counter() - start)
        else:
            state.apply_action(bot.step(state))
            if not forced:
                result.openspiel_times.append(time.perf_counter() - start)
                if isinstance(bot, TimedISMCTSBot):
                    result.openspiel_simulations.append(bot.simulations)
    returns = [float(r) for r in state.returns()]
    result.returns = returns
    if returns[agent_seat] == returns[1 - agent_seat]:
        result.outcome = "shared"
    elif returns[agent_seat] > returns[1 - agent_seat]:
        result.outcome = "agent"
    else:
        result.outcome = "openspiel"
    return result


def _play_indexed(args: tuple[Match, int]) -> GameResult:
    return play_one(*args)


def _ms(times: list[float]) -> str:
    if not times:
        return "no searched decisions"
    return (f"{len(times)} searched decisions, median {statistics.median(times) * 1000:.0f} ms, "
            f"mean {statistics.fmean(times) * 1000:.0f} ms")


def run(match: Match, games: int, workers: int) -> dict[str, Any]:
    results: list[GameResult] = []
    started = time.perf_counter()
    jobs = [(match, k) for k in range(games)]
    with multiprocessing.get_context("fork").Pool(workers) as pool:
        for result in pool.imap_unordered(_play_indexed, jobs):
            results.append(result)
            elapsed = time.perf_counter() - started
            wins = sum(r.outcome == "agent" for r in results)
            print(f"[{len(results)}/{games}] game {result.game}: agent seat "
                  f"{result.agent_seat}, returns {result.returns}, {result.outcome}; "
                  f"agent {wins}/{len(results)} so far, {elapsed / 60:.1f} min", flush=True)
    results.sort(key=lambda r: r.game)
    wins = sum(r.outcome == "agent" for r in results)
    lost = sum(r.outcome == "openspiel" for r in results)
    shared = games - wins - lost
    low, high = wilson(wins, games)
    agent_times = [t for r in results for t in r.agent_times]
    os_times = [t for r in results for t in r.openspiel_times]
    sims = [s for r in results for s in r.openspiel_simulations]
    budget = (f"{match.seconds} s a decision" if match.seconds is not None
              else f"{match.simulations} simulations a decision")
    print(f"\n{match.game}, {games} games, OpenSpiel ISMCTS at {budget}:")
    print(f"  {match.agent} wins {wins}, OpenSpiel ISMCTS wins {lost}, shared {shared}: "
          f"win rate {wins / games:.1%} (95% CI {low:.1%}-{high:.1%})")
    print(f"  {match.agent}: {_ms(agent_times)}")
    print(f"  OpenSpiel ISMCTS: {_ms(os_times)}"
          + (f", median {statistics.median(sims):.0f} simulations" if sims else ""))
    print(f"  wall time {(time.perf_counter() - started) / 60:.1f} min on {workers} workers")
    return {
        "match": asdict(match), "games": games, "workers": workers,
        "agent_wins": wins, "openspiel_wins": lost, "shared": shared,
        "win_rate": wins / games, "ci95": [low, high],
        "agent_median_s": statistics.median(agent_times) if agent_times else None,
        "openspiel_median_s": statistics.median(os_times) if os_times else None,
        "openspiel_median_simulations": statistics.median(sims) if sims else None,
        "records": [{"game": r.game, "agent_seat": r.agent_seat, "returns": r.returns,
                     "outcome": r.outcome, "agent_decisions": len(r.agent_times),
                     "openspiel_decisions": len(r.openspiel_times)} for r in results],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--agent", default="ismcts:0.5s",
                        help="our agent, any spec of the registry (default ismcts:0.5s: "
                             "the same clock as OpenSpiel's bot; ismcts:medium was that "
                             "clock until its level became 500 iterations)")
    parser.add_argument("--game", default="thalara", choices=["thalara", "vale"])
    parser.add_argument("--games", type=int, default=20)
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument("--seconds", type=float, default=None,
                        help="OpenSpiel's thinking time per decision (default 0.5)")
    budget.add_argument("--simulations", type=int, default=None,
                        help="a fixed simulation count for OpenSpiel's bot instead")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=1,
                        help="games played at once (default 1; at most the cores)")
    parser.add_argument("--json", metavar="FILE", help="write the summary and records here")
    args = parser.parse_args()
    if args.games < 1 or args.workers < 1:
        parser.error("--games and --workers must be at least 1")
    seconds = None if args.simulations is not None else (args.seconds or 0.5)
    match = Match(args.game, args.agent, seconds, args.simulations or 0, args.seed)
    summary = run(match, args.games, args.workers)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(summary, out, indent=1)
        print(f"  wrote {args.json}", file=sys.stderr)


if __name__ == "__main__":
    main()
