"""The other server processes on the same database.

With SQLite there is one process (`Alone`): it owns every game. With PostgreSQL any
number of processes serve any game (`Postgres`):

- every committed action goes out as a notification with its commit (`pg_notify` in
  the same transaction, see storage.py), and every process LISTENs: the rooms it has
  loaded apply the action and tell their own sockets; a process that may have missed
  notifications (its listening connection broke) catches up from the database;
- one process at a time plays a game's computer seats and runs its clocks: the one
  holding the game's session advisory lock, on a connection kept for locks. When that
  process dies its connection drops, PostgreSQL releases the locks at once, and the
  others adopt the game at their next sweep (every `SWEEP` seconds);
- who is connected is shared the same way: each process announces what changes among
  its own sockets, answers a newcomer's question, and says every `SWEEP` seconds that
  it is alive; what a silent process said is forgotten after `FORGET` seconds.

The payloads on the channel are written and read in server/notifications.py.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from cardtable.server.notifications import (
    CHANNEL,
    ActionNote,
    AliveNote,
    EventNote,
    NoteError,
    Presence,
    PresenceNote,
    QuestionNote,
    SeeksNote,
    alive_note,
    decode,
    presence_note,
    question_note,
)
from cardtable.server.storage import ActionRow

if TYPE_CHECKING:
    from cardtable.server.rooms import Rooms

log = logging.getLogger("cardtable.server")

SWEEP = 2.0        # seconds between a process's heartbeats and adoption sweeps
FORGET = 6.0       # a process silent this long is gone: its presence is forgotten


@dataclass
class ClusterStats:
    notifications: int = 0
    missed: int = 0          # catch-ups that found actions no notification had brought
    reconnects: int = 0
    adopted: int = 0


class Alone:
    """One process (SQLite): every game is this process's own."""

    postgres = False

    def __init__(self) -> None:
        self.process = "local"
        self.stats = ClusterStats()
        self.on_seeks: Callable[[list[str]], None] | None = None

    async def start(self, rooms: Rooms) -> None:
        return None

    async def stop(self) -> None:
        return None

    def owns(self, game_id: str) -> bool:
        return True

    async def claim(self, game_id: str) -> bool:
        return True

    async def release(self, game_id: str) -> None:
        return None

    def remote(self, game_id: str) -> list[Presence]:
        return []

    def announce(self, game_id: str, presence: Presence) -> None:
        return None

    def ask(self, game_id: str) -> None:
        return None

    def hearing(self) -> bool:
        return True


def conninfo(url: str) -> str:
    """A libpq address from the server's SQLAlchemy URL."""
    scheme, _, rest = url.partition("://")
    return "postgresql://" + rest if scheme.startswith("postgres") else url


@dataclass
class _Heard:
    at: float
    games: dict[str, Presence] = field(default_factory=dict)


class Postgres:
    """Many processes on one PostgreSQL database."""

    postgres = True

    def __init__(self, url: str) -> None:
        self.url = conninfo(url)
        self.process = secrets.token_hex(4)
        self.stats = ClusterStats()
        self.owned: set[str] = set()
        self._heard: dict[str, _Heard] = {}
        self._rooms: Rooms | None = None
        self._lock_conn: Any = None
        self._lock_guard = asyncio.Lock()
        self._tasks: list[asyncio.Task[None]] = []
        self._outbox: asyncio.Queue[str] = asyncio.Queue()
        self._stopping = False
        self.listening = asyncio.Event()
        # seeks that left `open` on any process (server/seek_api.py's Matcher.ended)
        self.on_seeks: Callable[[list[str]], None] | None = None

    # ---- life ----------------------------------------------------------------------

    async def start(self, rooms: Rooms) -> None:
        self._rooms = rooms
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(self._listen()), loop.create_task(self._sweep()),
                       loop.create_task(self._send())]
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.listening.wait(), 10)

    async def stop(self) -> None:
        self._stopping = True
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        if self._lock_conn is not None:
            with contextlib.suppress(Exception):
                await self._lock_conn.close()

    async def _connect(self) -> Any:
        import psycopg

        return await psycopg.AsyncConnection.connect(self.url, autocommit=True)

    # ---- hearing the others ----------------------------------------------------------

    async def _listen(self) -> None:
        first = True
        while not self._stopping:
            try:
                conn = await self._connect()
                async with conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    self.listening.set()
                    if not first:
                        # notifications sent while we were not listening are lost:
                        # read what the database holds instead
                        self.stats.reconnects += 1
                        assert self._rooms is not None
                        await self._rooms.catch_up_all()
                    first = False
                    self.queue(alive_note(self.process))
                    async for note in conn.notifies():
                        self.stats.notifications += 1
                        try:
                            self._heard_note(note.payload)
                        except NoteError as exc:
                            log.warning("%s", exc)
                        except Exception:
                            log.exception("notification %r", note.payload[:100])
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.warning("listening on PostgreSQL failed (%s); again in a second", exc)
                self.listening.clear()
                await asyncio.sleep(1.0)

    def _heard_note(self, payload: str) -> None:
        rooms = self._rooms
        assert rooms is not None
        note = decode(payload)          # (NoteError, before anything is heard)
        if isinstance(note, ActionNote):
            rooms.heard_action(note.game_id, ActionRow(note.idx, note.seat, note.text,
                                                       note.created, note.actor))
        elif isinstance(note, EventNote):
            rooms.heard_event(note.game_id, note.kind)
        elif isinstance(note, PresenceNote):
            if note.process != self.process:
                heard = self._heard.setdefault(note.process, _Heard(time.monotonic()))
                heard.at = time.monotonic()
                heard.games[note.game_id] = note.presence
                rooms.heard_presence(note.game_id)
        elif isinstance(note, QuestionNote):
            if note.process != self.process and note.game_id in rooms.rooms:
                rooms.rooms[note.game_id].announce_presence(force=True)
        elif isinstance(note, SeeksNote):
            if self.on_seeks is not None:
                self.on_seeks(note.seek_ids)
        elif isinstance(note, AliveNote) and note.process != self.process:
            self._heard.setdefault(note.process, _Heard(time.monotonic())).at = \
                time.monotonic()

    def remote(self, game_id: str) -> list[Presence]:
        return [h.games[game_id] for h in self._heard.values() if game_id in h.games]

    def hearing(self) -> bool:
        """The listening connection is up."""
        return self.listening.is_set()

    # ---- telling the others -----------------------------------------------------------

    def queue(self, payload: str) -> None:
        self._outbox.put_nowait(payload)

    def announce(self, game_id: str, presence: Presence) -> None:
        self.queue(presence_note(self.process, game_id, presence))

    def ask(self, game_id: str) -> None:
        self.queue(question_note(self.process, game_id))

    async def _send(self) -> None:
        conn: Any = None
        while not self._stopping:
            payload = await self._outbox.get()
            batch = [payload]
            while not self._outbox.empty():
                batch.append(self._outbox.get_nowait())
            for attempt in range(3):
                try:
                    if conn is None or conn.closed:
                        conn = await self._connect()
                    # the batch in one statement (one round trip), in order
                    await conn.execute(
                        "SELECT pg_notify(%s, p) FROM unnest(%s::text[]) "
                        "WITH ORDINALITY AS t(p, i) ORDER BY i", (CHANNEL, batch))
                    break
                except asyncio.CancelledError:
                    raise
                except Exception as exc:
                    log.warning("notifying the other processes failed (%s)", exc)
                    conn = None
                    await asyncio.sleep(0.2 * (attempt + 1))

    # ---- owning games ---------------------------------------------------------------------

    def owns(self, game_id: str) -> bool:
        return game_id in self.owned

    async def _locks(self) -> Any:
        if self._lock_conn is None or self._lock_conn.closed:
            lost = set(self.owned)
            self.owned.clear()
            if lost and self._rooms is not None:
                self._rooms.lost(lost)
            self._lock_conn = await self._connect()
        return self._lock_conn

    async def claim(self, game_id: str) -> bool:
        """Become the process that plays `game_id`'s computer seats and runs its
        clocks, unless another process is."""
        if game_id in self.owned:
            return True
        async with self._lock_guard:
            try:
                conn = await self._locks()
                cur = await conn.execute(
                    "SELECT pg_try_advisory_lock(hashtextextended(%s, 0))", (game_id,))
                row = await cur.fetchone()
            except Exception as exc:
                log.warning("claiming game %s failed: %s", game_id, exc)
                self._lock_conn = None
                return False
            if row is not None and row[0]:
                self.owned.add(game_id)
                return True
            return False

    async def release(self, game_id: str) -> None:
        if game_id not in self.owned:
            return
        self.owned.discard(game_id)
        async with self._lock_guard:
            with contextlib.suppress(Exception):
                await self._lock_conn.execute(
                    "SELECT pg_advisory_unlock(hashtextextended(%s, 0))", (game_id,))

    async def _sweep(self) -> None:
        """Say we are alive, forget the silent, and adopt the games nobody plays."""
        while not self._stopping:
            await asyncio.sleep(SWEEP * random.uniform(0.8, 1.2))
            try:
                self.queue(alive_note(self.process))
                now = time.monotonic()
                for process, heard in list(self._heard.items()):
                    if now - heard.at > FORGET:
                        del self._heard[process]
                        if self._rooms is not None:
                            for game_id in heard.games:
                                self._rooms.heard_presence(game_id)
                await self._adopt()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("sweep")

    async def _adopt(self) -> None:
        """Lock every unfinished game that has computer seats or a clock and no
        process playing it; the rooms take them on."""
        async with self._lock_guard:
            try:
                conn = await self._locks()
                cur = await conn.execute(
                    "SELECT id FROM (SELECT g.id FROM ct_games g WHERE NOT g.over "
                    "AND NOT g.abandoned AND (g.clock IS NOT NULL OR EXISTS (SELECT 1 "
                    "FROM ct_seats s WHERE s.game_id = g.id AND s.kind = 'computer')) "
                    "AND NOT g.id = ANY(%s) OFFSET 0) c "
                    "WHERE pg_try_advisory_lock(hashtextextended(c.id, 0))",
                    (list(self.owned),))
                taken = [r[0] for r in await cur.fetchall()]
            except Exception as exc:
                log.warning("adopting games failed: %s", exc)
                self._lock_conn = None
                return
        for game_id in taken:
            self.owned.add(game_id)
        if taken and self._rooms is not None:
            self.stats.adopted += len(taken)
            await self._rooms.adopt(taken)


Cluster = Alone | Postgres


def make_cluster(url: str) -> Cluster:
    return Postgres(url) if url.startswith("postgres") else Alone()
