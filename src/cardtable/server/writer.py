"""Group commit: the actions of many rooms that arrive together are committed in one
transaction, in a worker thread, while the event loop goes on with other rooms. Each
room awaits its own action's commit before anybody hears of it."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from cardtable.server.storage import Storage

Row = tuple[str, int, int, str, str | None]
T = TypeVar("T")


class ActionWriter:
    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.queue: asyncio.Queue[tuple[Row, asyncio.Future[float]]] | None = None
        self.task: asyncio.Task[None] | None = None
        # one thread for the commits of actions, in order and never behind other work;
        # a few more for every other call (a welcome's reads, a clock, a rematch), so
        # that hundreds of seats saying hello at once do not hold up a commit
        self.executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="cardtable-db")
        self.others = ThreadPoolExecutor(max_workers=4, thread_name_prefix="cardtable-db-call")

        # SQLite commits in well under a millisecond: doing them on the event loop saves
        # two thread switches per batch; a server database (PostgreSQL) waits on the
        # network and the disk, so its calls go to the database thread.
        self.inline = storage.url.startswith("sqlite")

    async def call(self, fn: Callable[..., T], *args: Any) -> T:
        """Run a storage call (in a database thread for a server database)."""
        if self.inline:
            return fn(*args)
        return await asyncio.get_running_loop().run_in_executor(self.others, fn, *args)

    async def _commit(self, rows: list[Row]) -> list[float | Exception]:
        if self.inline:
            return self.storage.append_many(rows)
        return await asyncio.get_running_loop().run_in_executor(
            self.executor, self.storage.append_many, rows)

    async def append(self, game_id: str, idx: int, seat: int, text: str,
                     actor: str | None = None) -> float:
        """Return the commit time once the action is committed; raise what the
        database raised."""
        if self.queue is None:
            self.queue = asyncio.Queue()
        if self.task is None or self.task.done():
            self.task = asyncio.get_running_loop().create_task(self._run())
        future: asyncio.Future[float] = asyncio.get_running_loop().create_future()
        self.queue.put_nowait(((game_id, idx, seat, text, actor), future))
        return await future

    async def _run(self) -> None:
        assert self.queue is not None
        while True:
            batch = [await self.queue.get()]
            await asyncio.sleep(0)  # let the rooms that are ready add theirs
            while not self.queue.empty():
                batch.append(self.queue.get_nowait())
            results: list[float | Exception]
            try:
                results = await self._commit([row for row, _ in batch])
            except Exception as exc:
                results = [exc] * len(batch)
            for (_, future), result in zip(batch, results, strict=True):
                if future.done():
                    continue
                if isinstance(result, Exception):
                    future.set_exception(result)
                else:
                    future.set_result(result)

    async def close(self) -> None:
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.task
        self.executor.shutdown(wait=True)
        self.others.shutdown(wait=True)
