"""What a room does on its own: its computer seats play, its clocks run out, and both
only in the process that owns the game (the cluster's holder of its lock).

The room (server/rooms.py) holds the game and its connections; this is its automation,
set going by the room after every change (`kick`, `clock_changed`) and stopped when
another process takes the game over (`let_go`) or the room closes. A computer's move
goes through the room's `submit` like anybody's: it is validated, stored and announced
the same way, and loses to a human's move that got there first (`stale`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import time
from collections.abc import Coroutine
from typing import TYPE_CHECKING, Any

from cardtable.agents import make_agent
from cardtable.server.clocks import (
    TIMEOUT_AGENT,
    ClockState,
    clock_state,
    clock_view,
    parse_time_control,
)
from cardtable.server.computers import INLINE_AGENTS, ComputerPool, Decision, decide
from cardtable.server.room_messages import RoomError
from cardtable.server.storage import COMPUTER, HUMAN

if TYPE_CHECKING:
    from cardtable.server.rooms import Room

log = logging.getLogger("cardtable.server")

COMPUTER_PLAYED = "computer"   # an action's actor when the computer played for a seat

_background: set[asyncio.Task[Any]] = set()


def spawn(work: Coroutine[Any, Any, Any]) -> None:
    """Run `work` on its own, keeping a reference until it ends (the event loop keeps
    only weak ones)."""
    task = asyncio.get_running_loop().create_task(work)
    _background.add(task)
    task.add_done_callback(_background.discard)


class RoomAutomation:
    """A room's computer seats, clocks and ownership."""

    def __init__(self, room: Room, pool: ComputerPool) -> None:
        self.room = room
        self.pool = pool
        row = room.row
        self.control = parse_time_control(row.clock)
        # seat -> agent spec; the agents themselves live in the pool's workers
        self.agents: dict[int, str] = {s.seat: (s.agent or "random")
                                       for s in row.seats if s.kind == COMPUTER}
        self.computer_task: asyncio.Task[None] | None = None
        # when somebody (a seat or a spectator) was last connected: computer seats
        # pause after `limits.idle_pause` seconds alone
        self.last_watched = time.monotonic()
        self.paused = False
        self._clock_timer: asyncio.TimerHandle | None = None

    # ---- ownership ----------------------------------------------------------------

    def owner(self) -> bool:
        room = self.room
        return room.cluster.owns(room.row.id)

    async def take_on(self) -> None:
        """This process now plays the game's computer seats and runs its clocks (it was
        adopted after its owner died, or created here): make sure the copy is current."""
        room = self.room
        async with room.lock:
            await room.catch_up()
        await room.refresh()
        await room.settle()        # (a process that stopped just after the last action)
        self.clock_changed()
        self.kick()

    def let_go(self) -> None:
        """Another process plays the game now (this one lost its lock), or the room
        closes."""
        if self.computer_task is not None:
            self.computer_task.cancel()
        if self._clock_timer is not None:
            self._clock_timer.cancel()
            self._clock_timer = None

    async def close(self) -> None:
        """The room closed: stop, and wait for the computer player to end."""
        self.let_go()
        if self.computer_task is not None:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.computer_task

    # ---- who is watching ------------------------------------------------------------

    def watched(self) -> None:
        """Note that somebody is (or was until now) connected."""
        self.last_watched = time.monotonic()

    def idle(self) -> bool:
        """Nobody has been connected for `limits.idle_pause` seconds."""
        if self.room.somebody_there():
            self.watched()
            return False
        return time.monotonic() - self.last_watched > self.room.limits.idle_pause

    # ---- computer players -------------------------------------------------------------

    def players(self) -> dict[int, tuple[str, str | None]]:
        """Who the computer plays for: seat -> (agent, actor of its actions)."""
        out: dict[int, tuple[str, str | None]] = {
            seat: (agent, None) for seat, agent in self.agents.items()}
        for s in self.room.row.seats:
            if s.kind == HUMAN and s.absent:
                out[s.seat] = (TIMEOUT_AGENT, COMPUTER_PLAYED)
        return out

    def kick(self) -> None:
        """Start the computer players when one of them must decide."""
        if self.room.closed or not self.owner() or (
                self.computer_task is not None and not self.computer_task.done()):
            return
        current = self.room.state.current_player()
        if current is None or current not in self.players():
            return
        self.computer_task = asyncio.get_running_loop().create_task(self._computers())

    async def _computers(self) -> None:
        room = self.room
        row = room.row
        while not room.closed and self.owner():
            current = room.state.current_player()
            players = self.players()
            if current is None or current not in players:
                return
            if self.idle():
                self.paused = True   # until somebody joins (join kicks)
                return
            self.paused = False
            version = room.version
            if row.computer_delay_ms > 0:
                await asyncio.sleep(row.computer_delay_ms / 1000)
            if version != room.version:
                continue
            spec, actor = players[current]
            try:
                if spec in INLINE_AGENTS:
                    text = str(make_agent(spec, room.game, random.randrange(2**62))
                               .choose(room.state.view(current)))
                else:
                    job = Decision(row.id, row.game, row.players, row.seed,
                                   dict(row.options), tuple(room.texts), current, spec,
                                   random.randrange(2**62))
                    text = await self.pool.run(decide, job, urgent=room.human_there)
                if room.closed or not self.owner():
                    return
                await room.submit(current, text, version=version, actor=actor)
            except RoomError as exc:
                if exc.code not in ("stale", "not_your_turn"):
                    log.error("game %s: computer seat %d: %s", row.id, current + 1, exc)
                    return
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("game %s: computer seat %d failed", row.id, current + 1)
                return

    # ---- clocks -------------------------------------------------------------------------

    def clock(self, now: float | None = None) -> ClockState | None:
        if self.control is None:
            return None
        room = self.room
        return clock_state(self.control, room.row.clock_start, room.row.seats, room.actions,
                           room.state.current_player(), time.time() if now is None else now)

    def clock_public(self) -> dict[str, Any] | None:
        """The clocks as every viewer receives them (times are public)."""
        now = time.time()
        return clock_view(self.control, self.room.row.on_timeout, self.clock(now),
                          self.room.row.seats, now)

    def clock_changed(self) -> None:
        """Set the timer for the running clock (the owning process only)."""
        if self._clock_timer is not None:
            self._clock_timer.cancel()
            self._clock_timer = None
        room = self.room
        if room.closed or self.control is None or not self.owner() or room.state.is_over():
            return
        state = self.clock()
        if state is None or state.deadline is None:
            return
        loop = asyncio.get_running_loop()
        delay = max(0.0, state.deadline - time.time())
        self._clock_timer = loop.call_later(delay, lambda: spawn(self._time_up()))

    async def _time_up(self) -> None:
        """The running clock reached zero: the computer plays for that seat from now
        on (and with `forfeit`, the seat has lost)."""
        self._clock_timer = None
        room = self.room
        async with room.lock:
            state = self.clock()
            if state is None or state.running is None or state.deadline is None:
                return
            if state.deadline > time.time():
                self.clock_changed()
                return
            seat = state.running
            forfeit = room.row.on_timeout == "forfeit"
            await room.writer.call(room.storage.time_ran_out, room.row.id, seat, forfeit)
            info = room.row.seats[seat]
            info.absent = True
            info.forfeited = info.forfeited or forfeit
            log.info("game %s: seat %d's time ran out", room.row.id, seat + 1)
            room.broadcast_seats()
        self.kick()
