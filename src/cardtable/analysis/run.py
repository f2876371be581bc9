"""Analysing a whole record: replay it, judge every decision of the chosen seats (here,
or on a pool of worker processes), and gather the result.

Each decision is searched with a seed derived from its index in the record alone
(never from the game's seed, the clock or the worker), so with an iteration budget
(`ismcts:N`) the same record gives the same analysis on any number of workers.
"""

from __future__ import annotations

import concurrent.futures
import multiprocessing
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from cardtable.analysis.judge import judge, search_settings
from cardtable.analysis.labels import AnalysisError, Thresholds
from cardtable.analysis.model import Analysis, Decision
from cardtable.engine.api import State, seat_or_spectator
from cardtable.engine.record import GameRecord
from cardtable.engine.replay import replay_action, replay_actions
from cardtable.engine.rng import derive_seed

# The judge when none is named: 500 iterations a decision, the judge the label thresholds
# were measured for (ismcts:medium until 2026-12-06, when medium became 150).
DEFAULT_JUDGE = "ismcts:500"

Progress = Callable[[int, int], None]
# Mixed into every decision's seed, so that the analysis's searches do not repeat the
# arena's agents (which derive theirs from the tournament seed the same way).
ANALYSIS_SEED = 0x41_4E_41_4C  # "ANAL"


def decision_seed(index: int) -> int:
    """The search seed of the decision at `index` in the record."""
    return derive_seed(ANALYSIS_SEED, index)


@dataclass(frozen=True)
class _Task:
    """One decision to judge, in a form that travels to a worker process."""

    record: dict[str, Any]
    index: int
    seat: int
    round: int | None
    legal: int
    agent: str


@dataclass(frozen=True)
class _Plan:
    tasks: list[_Task]
    forced: dict[int, int]
    rounds: list[tuple[int, int]]
    over: bool
    scores: list[int]
    winners: list[int]


def _round(observation: dict[str, Any]) -> int | None:
    value = observation.get("round")
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _plan(record: GameRecord, seats: Sequence[int], agent: str) -> _Plan:
    """Replay the record once: which decisions to judge, which were forced, and where
    each round begins."""
    state = record.new_state()
    data = record.to_dict()
    tasks: list[_Task] = []
    forced = {seat: 0 for seat in seats}
    rounds: list[tuple[int, int]] = []
    for index in range(len(record.actions)):
        rnd = _round(state.observation(None))
        if rnd is not None and (not rounds or rounds[-1][0] != rnd):
            rounds.append((rnd, index))
        player = state.current_player()
        if player in forced:
            legal = len(state.legal_actions())
            if legal == 1:
                forced[player] += 1
            else:
                tasks.append(_Task(data, index, player, rnd, legal, agent))
        replay_action(state, record.actions[index], index + 1)
    over = state.is_over()
    return _Plan(tasks, forced, rounds, over, list(state.scores()),
                 sorted(state.winners()) if over else [])


def _judge_at(state: State, task: _Task, record: GameRecord,
              thresholds: Thresholds) -> Decision:
    """Judge the decision `task` names in `state`, the game just before it."""
    view = state.view(task.seat)
    taken = state.game.parse_action(state, record.actions[task.index])
    verdict = judge(view, taken, state.game, search_settings(task.agent, state.game.name),
                    decision_seed(task.index))
    return Decision(index=task.index, seat=task.seat, round=task.round, legal=task.legal,
                    judgement=verdict,
                    label=thresholds.label(verdict.loss, verdict.taken == verdict.best))


def _judge_task(task: _Task, thresholds: Thresholds) -> Decision:
    """A worker's job: replay the record up to the decision and judge it."""
    record = GameRecord.from_dict(task.record)
    return _judge_at(record.replay(task.index), task, record, thresholds)


def check_seats(seats: Sequence[int] | None, players: int) -> tuple[int, ...]:
    """The seats to analyse (all when None), each a seat of the game, once."""
    if seats is None:
        return tuple(range(players))
    out: list[int] = []
    for seat in seats:
        try:
            checked = seat_or_spectator(seat, players)
        except ValueError:
            checked = None
        if checked is None:
            raise AnalysisError(f"seat {seat!r} is not a seat of this {players}-player game "
                                f"(seats 0-{players - 1})")
        if checked not in out:
            out.append(checked)
    if not out:
        raise AnalysisError("no seat to analyse")
    return tuple(sorted(out))


class Stepwise:
    """An analysis taken one decision at a time, for a server that sends each decision
    to its own worker pool between other work: `tasks` to judge (each with
    `judge_task`, anywhere), then `result` of the decisions judged."""

    def __init__(self, record: GameRecord, seats: Sequence[int] | None = None,
                 agent: str = DEFAULT_JUDGE, thresholds: Thresholds | None = None) -> None:
        search_settings(agent, record.game)
        self.record = record
        self.agent = agent
        self.thresholds = thresholds or Thresholds()
        self.seats = check_seats(seats, record.players)
        self._plan = _plan(record, self.seats, agent)
        self.tasks: list[_Task] = list(self._plan.tasks)

    def result(self, decisions: Sequence[Decision]) -> Analysis:
        return _gather(self.record, self.agent, self.seats, self.thresholds, self._plan,
                       list(decisions))


def judge_task(task: _Task, thresholds: Thresholds) -> Decision:
    """Judge one decision of a `Stepwise` analysis (in a worker process, say)."""
    return _judge_task(task, thresholds)


def _gather(record: GameRecord, agent: str, chosen: tuple[int, ...], thresholds: Thresholds,
            plan: _Plan, decisions: list[Decision]) -> Analysis:
    return Analysis(
        game=record.game, players=record.players, options=dict(record.options),
        actions=len(record.actions), agent=agent, seats=chosen, thresholds=thresholds,
        decisions=tuple(sorted(decisions, key=lambda d: d.index)),
        forced=tuple(plan.forced[s] for s in chosen), rounds=tuple(plan.rounds),
        over=plan.over, scores=tuple(plan.scores), winners=tuple(plan.winners))


def analyze(record: GameRecord, seats: Sequence[int] | None = None,
            agent: str = DEFAULT_JUDGE, workers: int = 1,
            progress: Progress | None = None,
            thresholds: Thresholds | None = None) -> Analysis:
    """Judge every decision of `seats` (all by default) in `record` with the search
    agent `agent`; `workers` > 1 judges them on that many processes. `progress` hears
    (done, total) after each judged decision. Forced decisions (one legal action) are
    counted, not searched."""
    if not isinstance(workers, int) or isinstance(workers, bool) or workers < 1:
        raise AnalysisError(f"workers must be a whole number from 1 up, not {workers!r}")
    search_settings(agent, record.game)          # a bad agent fails before any replay
    thresholds = thresholds or Thresholds()
    chosen = check_seats(seats, record.players)
    plan = _plan(record, chosen, agent)
    total = len(plan.tasks)
    if progress is not None:
        progress(0, total)
    if workers == 1 or total <= 1:
        decisions = _judge_here(record, plan.tasks, thresholds, progress)
    else:
        decisions = _judge_on_pool(plan.tasks, thresholds, min(workers, total), progress)
    return _gather(record, agent, chosen, thresholds, plan, decisions)


def _judge_here(record: GameRecord, tasks: list[_Task], thresholds: Thresholds,
                progress: Progress | None) -> list[Decision]:
    """In this process: one replay, judging each decision on the way."""
    state = record.new_state()
    done = 0
    out = []
    for task in tasks:
        replay_actions(state, record.actions[done:task.index], first=done + 1)
        done = max(done, task.index)
        out.append(_judge_at(state, task, record, thresholds))
        if progress is not None:
            progress(len(out), len(tasks))
    return out


def _judge_on_pool(tasks: list[_Task], thresholds: Thresholds, workers: int,
                   progress: Progress | None) -> list[Decision]:
    """On a process pool (searches are CPU-bound Python: threads would share one core).
    Forked workers where the platform has fork, as the arena does."""
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    out: list[Decision] = []
    with concurrent.futures.ProcessPoolExecutor(max_workers=workers,
                                                mp_context=context) as pool:
        futures = [pool.submit(_judge_task, task, thresholds) for task in tasks]
        try:
            for future in concurrent.futures.as_completed(futures):
                out.append(future.result())
                if progress is not None:
                    progress(len(out), len(tasks))
        except BaseException:
            for future in futures:
                future.cancel()
            raise
    return out
