"""Making puzzles from games: the analysis finds candidates, two stronger judges with
different seeds keep a candidate only when both find the same best action beating its
closest challengers by the margin, and an easy search tried a few times rates it.

1. Every decision of every seat is analysed (`cardtable.analysis`) with the analysis
   budget. A candidate is a decision whose best action beats the runner-up (the
   search's second choice, and the action taken when it was another) by `margin`.
2. Two judges (`verdict`), each with at least four times that budget and its own seed,
   search the candidate from the solver's view. Both must name the same best action and
   both must find it `margin` above every challenger.
3. The theme comes from the best action and the runner-up (`themes`); the difficulty
   from how often `tries` searches at the easy budget, each with its own seed, play the
   best action.

Every search has an iteration budget and a seed derived from the record's seed, the
position and `Settings.seed`, so the same games give the same puzzles on any number of
workers or on Ray. One task is one game (played first with --selfplay), so a worker
replays its game once.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardtable.agents import make_agent
from cardtable.agents.ismcts import ISMCTSAgent, SearchSettings
from cardtable.analysis import Decision, analyze, search_settings
from cardtable.analysis.labels import AnalysisError
from cardtable.arena.tournament import GameSpec, map_local, map_ray
from cardtable.engine.api import Game, View
from cardtable.engine.record import GameRecord
from cardtable.engine.replay import replay_actions
from cardtable.engine.rng import derive_seed
from cardtable.puzzles.model import Choice, JudgeRun, Puzzle, PuzzleError
from cardtable.puzzles.themes import theme
from cardtable.puzzles.verdict import Verdict, verdict

PUZZLE_SEED = 0x50_55_5A_5A  # "PUZZ": mixed into every search seed of the maker
MIN_JUDGE_FACTOR = 4
# A best action found by at least this share of the easy searches is easy, by at least
# the second share medium, else hard.
EASY_FROM, MEDIUM_FROM = 0.75, 0.4


@dataclass(frozen=True)
class Settings:
    """The maker's budgets (all `ismcts:N`: iterations, so deterministic) and seed."""

    analysis: str = "ismcts:100"
    judge: str = "ismcts:400"
    easy: str = "ismcts:100"     # what ismcts:easy searched when the puzzles were made
    tries: int = 8
    margin: float = 0.15
    seed: int = 1

    def __post_init__(self) -> None:
        budgets = {name: _iterations(getattr(self, name), name)
                   for name in ("analysis", "judge", "easy")}
        if budgets["judge"] < MIN_JUDGE_FACTOR * budgets["analysis"]:
            raise PuzzleError(f"the judges need at least {MIN_JUDGE_FACTOR} times the "
                              f"analysis's budget: {self.judge} is less than "
                              f"{MIN_JUDGE_FACTOR} x {self.analysis}")
        if not 1 <= self.tries <= 100:
            raise PuzzleError(f"tries must be 1 to 100, not {self.tries}")
        if not 0 < self.margin < 1:
            raise PuzzleError(f"the margin must be between 0 and 1, not {self.margin}")

    def to_dict(self) -> dict[str, Any]:
        return {"analysis": self.analysis, "judge": self.judge, "easy": self.easy,
                "tries": self.tries, "margin": self.margin, "seed": self.seed}


def _iterations(agent: str, what: str) -> int:
    try:
        settings = search_settings(agent)
    except AnalysisError as exc:
        raise PuzzleError(f"--{what}: {exc}") from None
    if settings.iterations is None:
        raise PuzzleError(f"--{what} needs an iteration budget, ismcts:N, so that the "
                          f"puzzles are the same on every run; not {agent!r}")
    return settings.iterations


# -- the steps, each a function of its inputs ----------------------------------------------
def runner_up(decision: Decision) -> tuple[str, float] | None:
    """The analysis's closest rival to its best action: its second choice, or the action
    taken when that was another and is expected to do better."""
    j = decision.judgement
    rivals = [(a.action, a.expected) for a in j.top
              if a.action != j.best and a.expected is not None]
    if j.taken != j.best:
        rivals.append((j.taken, j.taken_expected))
    if not rivals:
        return None
    second = next((r for r in rivals if r[0] == _second_choice(decision)), rivals[0])
    taken = [r for r in rivals if r[0] == j.taken]
    return max([second, *taken], key=lambda r: r[1])


def _second_choice(decision: Decision) -> str | None:
    top = decision.judgement.top
    return top[1].action if len(top) > 1 else None


def is_candidate(decision: Decision, margin: float) -> bool:
    """Whether the analysis saw the best action `margin` above the runner-up."""
    rival = runner_up(decision)
    return rival is not None and decision.judgement.best_expected - rival[1] >= margin


def agree(first: Verdict, second: Verdict, margin: float) -> bool:
    """The keep rule: the same best action, found `margin` above every challenger by
    both judges."""
    return (first.best == second.best and first.margin >= margin
            and second.margin >= margin)


def difficulty(found_rate: float) -> str:
    """easy, medium or hard, from the share of easy searches that found the answer."""
    if found_rate >= EASY_FROM:
        return "easy"
    if found_rate >= MEDIUM_FROM:
        return "medium"
    return "hard"


def found_rate(view: View, game: Game, best: str, settings: SearchSettings,
               seeds: Sequence[int]) -> float:
    """The share of searches (one per seed) that play `best` from `view`."""
    found = sum(str(ISMCTSAgent(game, seed, settings).choose(view)) == best
                for seed in seeds)
    return found / len(seeds)


def position_seed(settings: Settings, record: GameRecord, index: int, role: int) -> int:
    """The seed of one search of the position at `index`: 1 and 2 the judges, 3 the
    theme's sampled world, 100 + k the k-th easy try."""
    return derive_seed(PUZZLE_SEED, settings.seed, record.seed % (1 << 31), index, role)


def position_key(record: GameRecord, seat: int) -> str:
    """A digest of the position (the game up to it and the solver's seat): the same
    position reached in two games is one puzzle."""
    text = json.dumps([record.to_dict(), seat], sort_keys=True)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def unique(puzzles: Sequence[Puzzle], known: Sequence[Puzzle] = ()) -> list[Puzzle]:
    """`puzzles` without the positions already in `known` or earlier in the list."""
    seen = {position_key(p.record, p.seat) for p in known}
    out = []
    for p in puzzles:
        key = position_key(p.record, p.seat)
        if key not in seen:
            seen.add(key)
            out.append(p)
    return out


# -- one game --------------------------------------------------------------------------
@dataclass(frozen=True)
class GameTask:
    """One game to make puzzles from: a record, or a game to play first (`spec`)."""

    order: int                   # its place among the tasks
    settings: Settings
    set_name: str
    source: dict[str, Any]
    record: dict[str, Any] | None = None
    spec: GameSpec | None = None


@dataclass
class GameOutcome:
    order: int
    source: dict[str, Any]
    puzzles: list[Puzzle] = field(default_factory=list)
    analysed: int = 0            # positions the analysis judged
    candidates: int = 0          # of which passed the analysis's margin
    agreed: int = 0              # of which both judges kept
    seconds: float = 0.0


def play_record(spec: GameSpec) -> GameRecord:
    """Play one game of a planned tournament and keep its record (the arena keeps
    only the results)."""
    from cardtable import load_game

    game = load_game(spec.game)
    state = game.new_game(spec.players, seed=spec.seed, **spec.options)
    agents = [make_agent(a, game, s) for a, s in zip(spec.agents, spec.agent_seeds,
                                                      strict=True)]
    while not state.is_over():
        player = state.current_player()
        if player is None:
            raise PuzzleError(f"selfplay game {spec.index} (seed {spec.seed}) is stuck")
        state.apply(agents[player].choose(state.view(player)))
    return GameRecord.from_state(state)


def make_from_game(task: GameTask) -> GameOutcome:
    """A worker's job: analyse one game (playing it first if need be) and keep its
    puzzles."""
    import time

    start = time.perf_counter()
    source = dict(task.source)
    if task.record is not None:
        record = GameRecord.from_dict(task.record)
    elif task.spec is not None:
        record = play_record(task.spec)
        source["agents"] = list(task.spec.agents)
    else:
        raise PuzzleError("a game task needs a record or a game to play")
    source["record_seed"] = record.seed
    settings = task.settings
    analysis = analyze(record, None, settings.analysis, workers=1)
    outcome = GameOutcome(order=task.order, source=source, analysed=len(analysis.decisions))
    chosen = [d for d in analysis.decisions if is_candidate(d, settings.margin)]
    outcome.candidates = len(chosen)
    if chosen:
        judge = search_settings(settings.judge)
        easy = search_settings(settings.easy)
        state = record.new_state()
        done = 0
        for decision in chosen:
            replay_actions(state, record.actions[done:decision.index], first=done + 1)
            done = max(done, decision.index)
            puzzle = _judge_candidate(task, record, decision, state.view(decision.seat),
                                      state.game, judge, easy, source)
            if puzzle is not None:
                outcome.agreed += 1
                outcome.puzzles.append(puzzle)
    outcome.seconds = time.perf_counter() - start
    return outcome


def _judge_candidate(task: GameTask, record: GameRecord, decision: Decision, view: View,
                     game: Game, judge: SearchSettings, easy: SearchSettings,
                     source: dict[str, Any]) -> Puzzle | None:
    settings = task.settings
    seeds = [position_seed(settings, record, decision.index, role) for role in (1, 2)]
    first, second = (verdict(view, game, judge, seed) for seed in seeds)
    if not agree(first, second, settings.margin):
        return None
    rate = found_rate(view, game, first.best, easy,
                      [position_seed(settings, record, decision.index, 100 + k)
                       for k in range(settings.tries)])
    rival = first.choices[1].action if len(first.choices) > 1 else None
    # The judges' expected results, averaged per action both searched.
    choices = _merged(first, second)
    cut = GameRecord(record.game, record.players, record.seed, dict(record.options),
                     list(record.actions[:decision.index]), record.version)
    return Puzzle(
        id=f"{task.set_name}-{position_key(cut, decision.seat)[:12]}", game=record.game,
        options=dict(record.options), record=cut, seat=decision.seat, best=first.best,
        choices=choices,
        theme=theme(record.game, view, first.best, rival,
                    position_seed(settings, record, decision.index, 3)),
        difficulty=difficulty(rate), found_rate=round(rate, 4),
        judges=(JudgeRun(settings.judge, seeds[0], first.best, round(first.margin, 4)),
                JudgeRun(settings.judge, seeds[1], second.best, round(second.margin, 4))),
        source={**source, "index": decision.index, "round": decision.round,
                "taken": decision.judgement.taken})


def _merged(first: Verdict, second: Verdict) -> tuple[Choice, ...]:
    seen: dict[str, list[Choice]] = {}
    for choice in (*first.choices, *second.choices):
        seen.setdefault(choice.action, []).append(choice)
    # Rounded as the file keeps them, so a puzzle read back is the puzzle made.
    merged = [Choice(action, round(sum(c.expected for c in cs) / len(cs), 4),
                     sum(c.visits for c in cs)) for action, cs in seen.items()]
    best = next(c for c in merged if c.action == first.best)
    rest = sorted((c for c in merged if c.action != first.best), key=lambda c: -c.expected)
    return (best, *rest)


# -- many games --------------------------------------------------------------------------
Progress = Callable[[int, int, "GameOutcome"], None]


def make(tasks: Sequence[GameTask], workers: int = 1, ray: str | None = None,
         progress: Progress | None = None) -> list[GameOutcome]:
    """Make the puzzles of every game, here, on `workers` processes or on Ray;
    `progress` hears (done, total, outcome) after each game. The outcomes come back in
    task order, each game's puzzles in record order."""
    outcomes: list[GameOutcome] = []

    def collect(outcome: GameOutcome) -> None:
        outcomes.append(outcome)
        if progress is not None:
            progress(len(outcomes), len(tasks), outcome)

    if ray is not None:
        map_ray(make_from_game, tasks, ray, collect)
    else:
        map_local(make_from_game, tasks, workers, collect)
    return sorted(outcomes, key=lambda o: o.order)
