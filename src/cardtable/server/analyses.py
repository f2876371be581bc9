"""Analyses of finished games, computed on the server's computer-player pool.

A finished game's analysis (cardtable.analysis: every decision judged by a search from
the deciding seat's view) is computed once and stored with the game; asking again
returns the stored one, or the progress of the one under way, wherever it runs. The
decisions go to the pool one at a time, as background work (a game with a person
waiting on a computer move goes first), and at most `limits.analyses` games are
analysed at once on a process.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from cardtable.analysis import Decision, Stepwise, Thresholds, judge_task
from cardtable.engine.record import GameRecord
from cardtable.server.room_automation import spawn
from cardtable.server.rooms import Room, Rooms
from cardtable.server.storage import Analyses

log = logging.getLogger("cardtable.server")

STALE_AFTER = 120.0           # seconds without progress before another process takes over


class AnalysisBusy(Exception):
    """The server analyses as many games as it may at once."""


class Analyst:
    def __init__(self, rooms: Rooms, limit: int, agent: str) -> None:
        self.rooms = rooms
        self.limit = limit
        self.agent = agent
        self.store = Analyses(rooms.storage)
        self.running: set[str] = set()

    async def status(self, game_id: str) -> dict[str, Any] | None:
        found = await self.rooms.writer.call(self.store.get, game_id)
        if found is None:
            return None
        out: dict[str, Any] = {"state": found["state"], "agent": found["agent"],
                               "done": found["done"], "total": found["total"]}
        if found["state"] == "done":
            out["analysis"] = found["result"]
        return out

    async def request(self, room: Room) -> dict[str, Any]:
        """Start the analysis of a finished game unless it exists or runs; its status."""
        game_id = room.row.id
        known = await self.status(game_id)
        if known is not None and known["state"] == "done":
            return known
        if game_id in self.running:
            assert known is not None
            return known
        if len(self.running) >= self.limit:
            raise AnalysisBusy(f"the server is analysing {len(self.running)} games, its "
                               "limit; try again in a minute")
        record = GameRecord(room.row.game, room.row.players, room.row.seed,
                            dict(room.row.options), list(room.texts))
        work = await asyncio.to_thread(Stepwise, record, None, self.agent)
        if not await self.rooms.writer.call(self.store.claim, game_id, self.agent,
                                            len(work.tasks), STALE_AFTER):
            answer = await self.status(game_id)
            assert answer is not None
            return answer     # another process is at it
        self.running.add(game_id)
        spawn(self._run(game_id, work))
        return {"state": "running", "agent": self.agent, "done": 0,
                "total": len(work.tasks)}

    async def _run(self, game_id: str, work: Stepwise) -> None:
        decisions: list[Decision] = []
        try:
            for task in work.tasks:
                decisions.append(await self.rooms.pool.run(judge_task, task, Thresholds()))
                await self.rooms.writer.call(self.store.progress, game_id, len(decisions))
            result = work.result(decisions).to_dict()
            await self.rooms.writer.call(self.store.finish, game_id, result)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("game %s: the analysis failed", game_id)
            await self.rooms.writer.call(self.store.finish, game_id, None)
        finally:
            self.running.discard(game_id)
