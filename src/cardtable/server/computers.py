"""Computer players think in a bounded pool of worker processes, never in the server's
own process: a search of two seconds must not delay anybody's action by a millisecond.

The pool takes jobs from every game in one queue and starts them as workers free up:
first the jobs of games where a human seat is connected, then the others, each in the
order they came (a game has at most one job waiting, so that order is round robin
across games). Workers run at a lower priority (nice) than the server, so that even
on a machine with fewer cores than workers the event loop goes first.

A job carries what a worker needs to rebuild the game (its setup and action texts);
each worker keeps the states of the games it served last, so the next decision of a
game usually replays only the actions since.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import signal
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from functools import partial
from typing import Any, TypeVar

from cardtable import load_game
from cardtable.agents import make_agent
from cardtable.agents.ismcts import ISMCTSAgent
from cardtable.engine.api import State
from cardtable.engine.replay import replay_actions

log = logging.getLogger("cardtable.server")

T = TypeVar("T")

# agents that decide in microseconds: asking a worker would cost more than the choice
INLINE_AGENTS = frozenset({"random"})
WORKER_NICE = 5
CACHED_GAMES = 64


@dataclass(frozen=True)
class Decision:
    """One computer decision: the game as stored, the seat to move and its agent."""

    game_id: str
    game: str
    players: int
    seed: int
    options: dict[str, Any]
    texts: tuple[str, ...]
    seat: int
    agent: str
    agent_seed: int


# ---- in the worker processes ----------------------------------------------------------

_states: OrderedDict[str, tuple[tuple[str, ...], State]] = OrderedDict()


def _start_worker() -> None:
    with contextlib.suppress(OSError):
        os.nice(WORKER_NICE)
    # Ctrl+C in the terminal reaches the whole process group: the server shuts its pool
    # down itself, and a worker interrupted mid-wait only printed a traceback over it.
    # (Started by ComputerPool._submit, a worker has it blocked already; this covers one
    # started any other way.)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # A worker outlives a server killed with SIGKILL (nothing tells it): it watches
    # its parent and ends with it.
    parent = os.getppid()
    threading.Thread(target=_end_with, args=(parent,), daemon=True,
                     name="cardtable-parent-watch").start()


def _end_with(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(1.0)
    os._exit(0)


def state_for(job: Decision) -> State:
    """The game after `job.texts`, from this worker's cache when it can."""
    game = load_game(job.game)
    cached = _states.pop(job.game_id, None)
    if cached is not None and job.texts[:len(cached[0])] == cached[0]:
        done, state = cached
    else:
        done, state = (), game.new_game(job.players, job.seed, **job.options)
    replay_actions(state, job.texts[len(done):], first=len(done) + 1)
    _states[job.game_id] = (job.texts, state)
    while len(_states) > CACHED_GAMES:
        _states.popitem(last=False)
    return state


def decide(job: Decision) -> str:
    """The action text `job.agent` chooses, seeing only its seat's view."""
    state = state_for(job)
    agent = make_agent(job.agent, load_game(job.game), job.agent_seed)
    return str(agent.choose(state.view(job.seat)))


HINT_ACTIONS = 3


def hint(job: Decision) -> list[dict[str, Any]]:
    """What the search `job.agent` (`ismcts:LEVEL`; the server asks `hint_level`'s, the
    strongest at medium's cost) would play from the seat's own view: its top actions
    with their share of the search's visits and expected result (0 loss, 1 win) for
    the seat."""
    state = state_for(job)
    view = state.view(job.seat)
    agent = make_agent(job.agent, load_game(job.game), job.agent_seed)
    assert isinstance(agent, ISMCTSAgent), "a hint needs a search agent"
    root = agent.search(view)
    stats = agent.root_statistics(root, view.legal_actions, job.seat)
    total = sum(s.visits for s in stats) or 1
    return [{"action": str(s.action), "share": round(s.visits / total, 3),
             "expected": None if s.mean is None else round(s.mean, 3)}
            for s in stats[:HINT_ACTIONS]]


def _ready() -> int:
    return os.getpid()


# ---- in the server ------------------------------------------------------------------------

@dataclass
class _Job:
    fn: Callable[..., Any]
    args: tuple[Any, ...]
    urgent: Callable[[], bool]
    future: asyncio.Future[Any]
    started: bool = field(default=False)


class ComputerPool:
    """`workers` processes and the fair queue in front of them."""

    def __init__(self, workers: int) -> None:
        if workers < 1:
            raise ValueError("the computer-player pool needs at least one worker")
        self.workers = workers
        self._executor: ProcessPoolExecutor | None = None
        self._waiting: list[_Job] = []
        self.running = 0
        self.done = 0

    @property
    def waiting(self) -> int:
        return sum(1 for job in self._waiting if not job.future.done())

    def _pool(self) -> ProcessPoolExecutor:
        if self._executor is None:
            # spawn: the server process has threads, which fork would copy half-way
            self._executor = ProcessPoolExecutor(
                self.workers, mp_context=multiprocessing.get_context("spawn"),
                initializer=_start_worker)
        return self._executor

    def _submit(self, fn: Callable[..., Any], *args: Any) -> Future[Any]:
        """The pool's submit, which starts a worker when one is due, with Ctrl+C held
        back from this thread meanwhile: the worker inherits the blocked signal, so the
        terminal's Ctrl+C (sent to the whole process group) cannot break into it, even
        mid-import before its initializer runs; the server stops its workers itself."""
        if not hasattr(signal, "pthread_sigmask"):    # Windows has no signal masks
            return self._pool().submit(fn, *args)
        held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        try:
            return self._pool().submit(fn, *args)
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, held)

    def start(self) -> None:
        """Start the workers now rather than at the first decision."""
        for _ in range(self.workers):
            self._submit(_ready)

    async def run(self, fn: Callable[..., T], *args: Any,
                  urgent: Callable[[], bool] = lambda: False) -> T:
        """`fn(*args)` in a worker, once the queue reaches it. `urgent` is asked when a
        worker frees up: jobs for which it answers True go first."""
        future: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        self._waiting.append(_Job(fn, args, urgent, future))
        self._dispatch()
        return await future

    def _next(self) -> _Job | None:
        self._waiting = [job for job in self._waiting if not job.future.done()]
        for i, job in enumerate(self._waiting):
            try:
                if job.urgent():
                    return self._waiting.pop(i)
            except Exception:
                log.exception("computer-player queue: a priority check failed")
        return self._waiting.pop(0) if self._waiting else None

    def _dispatch(self) -> None:
        while self.running < self.workers:
            job = self._next()
            if job is None:
                return
            try:
                submitted = self._submit(job.fn, *job.args)
            except (BrokenProcessPool, RuntimeError) as exc:
                self._reset(exc)
                submitted = self._submit(job.fn, *job.args)
            self.running += 1
            job.started = True
            submitted.add_done_callback(partial(self._hand_back, asyncio.get_running_loop(),
                                                job))

    def _hand_back(self, loop: asyncio.AbstractEventLoop, job: _Job,
                   result: Future[Any]) -> None:
        """(In the executor's thread.) Finish the job on the event loop."""
        with contextlib.suppress(RuntimeError):   # the loop is gone: the server stopped
            loop.call_soon_threadsafe(self._finished, job, result)

    def _finished(self, job: _Job, result: Future[Any]) -> None:
        self.running -= 1
        self.done += 1
        exc = result.exception()
        if isinstance(exc, BrokenProcessPool):
            self._reset(exc)
        if not job.future.done():
            if exc is not None:
                job.future.set_exception(exc)
            else:
                job.future.set_result(result.result())
        self._dispatch()

    def _reset(self, exc: BaseException) -> None:
        """A worker died (killed, out of memory): start a fresh pool for what follows."""
        log.error("computer-player pool broken (%s): starting new workers", exc)
        old, self._executor = self._executor, None
        if old is not None:
            old.shutdown(wait=False, cancel_futures=True)

    async def close(self) -> None:
        """Cancel what waits; let the workers finish what they do (a search of at
        most a few seconds), away from the event loop, and end them."""
        for job in self._waiting:
            job.future.cancel()
        self._waiting.clear()
        if self._executor is not None:
            executor, self._executor = self._executor, None
            await asyncio.to_thread(executor.shutdown, True, cancel_futures=True)
