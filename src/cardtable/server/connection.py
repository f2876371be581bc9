"""One websocket's outgoing side: a bounded queue drained by its own writer task, so
that a slow client never holds up a room and never makes the server hold more for it
than the limits allow."""

from __future__ import annotations

import asyncio
import json
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Any

import orjson

from cardtable.server.limits import Limits, MessageBudget

Message = dict[str, Any]

# Close codes (also in docs/web.md). 4xxx mirror the HTTP status of the same meaning.
CLOSE_NO_GAME = 4404        # there is no such game
CLOSE_GONE = 4410           # the game was abandoned by its creator
CLOSE_RATE = 4429           # kept sending after `rate_limited`; or too many sockets
CLOSE_BEHIND = 4503         # fell too far behind reading; reconnect to resynchronise
CLOSE_TOO_BIG = 1009        # (the websocket layer) a frame over the frame limit


def encode(message: Message) -> str:
    """A message as compact JSON text. orjson: an update carries a whole observation,
    and the standard library's encoder was a fifth of the server's time under load.
    The standard encoder takes what orjson refuses (integers past 64 bits)."""
    try:
        return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()
    except TypeError:
        return json.dumps(message, separators=(",", ":"))


class Connection:
    """A viewer (a seat, or None for a spectator) and its outgoing messages.

    `send` never waits: it queues. When the queue would pass `queue_messages` or
    `queue_bytes`, the client has fallen behind: the queue is dropped and the
    connection is marked to close with CLOSE_BEHIND (the room holds the game, so a
    reconnect loses nothing)."""

    def __init__(self, send_text: Callable[[str], Awaitable[None]], limits: Limits,
                 address: str = "", send_now: Callable[[list[str]], bool] | None = None
                 ) -> None:
        self._send_text = send_text
        # the websocket layer's "write these now if you can" (websocket_layer.py): what
        # is queued in one turn of the event loop goes out in one write at its end
        self._send_now = send_now
        self._flush_due = False
        self._writing = False       # the writer task is handing a message over
        self.limits = limits
        self.address = address
        self.queue: deque[str] = deque()
        self.queued_bytes = 0
        self._ready = asyncio.Event()
        self.viewer: int | None = None
        self.joined = False
        self.bot = False           # its hello said a program plays the seat (shown to all)
        self.thinking = False      # a hint for this connection is being searched
        # chat (server/chat.py): the last line number sent of each room, the line
        # allowance, and the session cookie the websocket came with (a same-origin one
        # only) with the account it signs in, once looked up
        self.chat_seen: dict[str, int] = {}
        self.chat_budget: Any = None
        self.session: str | None = None
        self.account: tuple[int, str] | None = None
        self.account_checked = False
        self.budget = MessageBudget(limits)
        # set once: why the connection must end (code, reason)
        self.closing: tuple[int, str] | None = None
        self.closed = asyncio.Event()
        # the close code to end with once the queue is sent (see `close`)
        self._then: tuple[int, str] | None = None

    def send(self, message: Message | str) -> None:
        """Queue a message (a dict, or one already encoded as JSON text)."""
        if self.closing is not None:
            return
        text = message if isinstance(message, str) else encode(message)
        if (len(self.queue) >= self.limits.queue_messages
                or self.queued_bytes + len(text) > self.limits.queue_bytes):
            self.fail(CLOSE_BEHIND, "too far behind reading: reconnect to catch up")
            return
        self.queue.append(text)
        self.queued_bytes += len(text)
        if self._send_now is None:
            self._ready.set()
        elif not self._flush_due:
            self._flush_due = True
            asyncio.get_running_loop().call_soon(self._flush)

    def _flush(self) -> None:
        """Write what was queued in this turn of the event loop in one go, if the
        socket takes it now; what it does not take (or a close) is the writer's, in
        order."""
        self._flush_due = False
        if self.closing is not None or not self.queue:
            return
        if not self._writing and self._send_now is not None:
            batch: list[str] = []
            while self.queue and self.queue[0]:
                batch.append(self.queue.popleft())
            if batch:
                if self._send_now(batch):
                    self.queued_bytes -= sum(len(t) for t in batch)
                else:
                    self.queue.extendleft(reversed(batch))
        if self.queue:
            self._ready.set()

    def fail(self, code: int, reason: str) -> None:
        """End the connection with `code`: nothing more is queued or sent."""
        if self.closing is not None:
            return
        self.closing = (code, reason)
        self.queue.clear()
        self.queued_bytes = 0
        self.closed.set()
        self._ready.set()

    def close(self, code: int | None = None, reason: str = "") -> None:
        """End the writer once what is queued is sent, then (with `code`) close the
        websocket with that code: a goodbye whose last message still arrives."""
        if code is not None:
            self._then = (code, reason)
        self.queue.append("")
        self._ready.set()

    async def writer(self) -> None:
        while self.closing is None:
            if not self.queue:
                self._ready.clear()
                await self._ready.wait()
                continue
            text = self.queue.popleft()
            self.queued_bytes -= len(text)
            if not text:
                if self._then is not None:
                    self.closing = self._then
                    self.closed.set()
                return
            self._writing = True
            try:
                await self._send_text(text)
            finally:
                self._writing = False
