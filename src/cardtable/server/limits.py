"""The server's bounds on what clients may send and make it hold.

Every client is hostile until shown otherwise: each queue, buffer, rate and size the
server keeps for a client has a bound here, with the figure documented in docs/web.md.
A limit must never refuse what a well-behaved client (the web client, the load
benchmark's seats) does: that would be a bug in the limit.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from typing import Any

from aiolimiter import AsyncLimiter
from starlette.types import ASGIApp, Message, Receive, Scope, Send


def default_ai_workers() -> int:
    """One core for the server's own process, the others for computer players."""
    return max(1, (os.cpu_count() or 2) - 1)


@dataclass(frozen=True)
class Limits:
    # ---- websocket messages from a client
    message_bytes: int = 4096       # larger: one `malformed` error, the connection stays
    frame_bytes: int = 16384        # larger: the websocket layer closes with 1009
    json_depth: int = 4             # a message is one object of plain fields
    rate: float = 20.0              # messages a second a connection may send, sustained
    burst: int = 60                 # ... and at once
    dropped_before_close: int = 100  # over-budget messages in a row before closing 4429
    # ---- what the server keeps for a client
    queue_messages: int = 512       # outgoing messages waiting for a slow client
    queue_bytes: int = 4 << 20      # ... and their size; above either: close 4503
    sockets_per_address: int = 256
    # a seat's observations after the actions it missed, sent with a welcome when its
    # hello says how many it saw (`seen`): at most the last `views_actions`, and a
    # seat's at most once every `views_every` seconds (each costs a replay of the game)
    views_actions: int = 100
    views_every: float = 10.0
    sockets: int = 4096
    # ---- HTTP
    body_bytes: int = 16384         # request bodies; larger: 413
    games_per_address: int = 20     # unfinished games one client address may create
    # ---- accounts (server/account_api.py): attempts counted over `signin_window`
    # seconds in the database, so that they add up across processes
    signin_window: float = 900.0
    signin_per_name: int = 10       # failed sign-ins to one name; more: 429
    signin_per_address: int = 30    # failed sign-ins from one address; more: 429
    signups_per_address: int = 10   # accounts one address may create in the window
    hashing: int = 2                # argon2 hashes computed at once (each ~35 ms)
    # ---- quick pairing (server/seek_api.py)
    seeks_per_address: int = 4      # open seeks at once from one address (an account
                                    # has one at most, whatever its address)
    seek_posts_per_address: int = 60  # seeks one address may post in `seek_window` s
    seek_window: float = 600.0
    seeks: int = 1000               # open seeks on the server, all addresses together
    seek_seconds: float = 900.0     # an open seek expires this long after it was posted
    seek_idle: float = 40.0         # ... or once its seeker has not asked for this long
    seek_wait: float = 25.0         # the longest a `GET /api/seeks/{id}?wait=` is held
    seek_waiters_per_address: int = 16  # such waits open at once from one address (a
                                        # process)
    seek_waiters: int = 2048        # ... and from everybody
    # ---- chat (server/chat.py)
    chat_chars: int = 300           # characters a line
    chat_rate: float = 0.5          # lines a second a connection may send, sustained
    chat_burst: int = 5             # ... and at once
    chat_lines_per_game: int = 2000  # stored lines of a game, both rooms together
    chat_history: int = 100         # lines sent to a newcomer
    allow_computer_games: bool = False  # games with no human seat at all
    # ---- rooms and computer players
    presence_interval: float = 1.0  # seconds between two presence messages of a room
    idle_pause: float = 600.0       # seconds without anybody connected before computer
                                    # seats pause
    ai_workers: int = 1
    finished_rooms: int = 256       # finished games kept in memory once nobody is at
                                    # them; beyond it the longest unused are dropped
                                    # (read again from the database when asked for)
    finished_idle: float = 60.0     # ... once unused for this many seconds
    analyses: int = 1               # finished games analysed at once on a process
    analysis_agent: str = "ismcts:600"  # iterations: an analysis is the same anywhere


# What each message costs from the bucket. A welcome is about a hundred times the size
# of the hello that asks for it, so hellos cost more; an action the game accepts costs
# nothing (the game itself bounds how many of those there can be), a refused one 1.
COSTS = {"hello": 5.0, "undo": 2.0, "rematch": 2.0, "hint": 5.0, "ping": 1.0, "act": 1.0,
         "chat": 2.0}


class MessageBudget:
    """A connection's token bucket (aiolimiter's leaky bucket, which meters the same
    way: `burst` messages at once, `rate` a second sustained), and how many messages
    in a row it has dropped."""

    __slots__ = ("bucket", "dropped", "limits", "warned")

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.bucket = AsyncLimiter(limits.burst, limits.burst / limits.rate)
        self.dropped = 0
        self.warned = False

    def has_room(self, cost: float) -> bool:
        """A first look, before the message is even read: counts the drop if not."""
        if self.bucket.has_capacity(cost):
            return True
        self.dropped += 1
        return False

    def admits(self, cost: float) -> bool:
        """Whether a message of this cost fits the budget now; counts the drop if not,
        and ends a run of drops if so."""
        if self.bucket.has_capacity(cost):
            self.dropped = 0
            self.warned = False
            return True
        self.dropped += 1
        return False

    async def charge(self, cost: float) -> None:
        """Take `cost` from the bucket (never waits: call it after `admits`)."""
        if self.bucket.has_capacity(cost):
            await self.bucket.acquire(cost)

    @property
    def exhausted(self) -> bool:
        """The client kept sending long after it was told to slow down."""
        return self.dropped >= self.limits.dropped_before_close


class BadMessage(ValueError):
    """A frame that is not one JSON object of the protocol; the text says why."""


def parse_message(raw: str | bytes | None, limits: Limits) -> dict[str, Any]:
    """One client frame as a JSON object, or BadMessage: binary frames, frames over the
    size limit, text that is not JSON, JSON nested deeper than the bound."""
    if not isinstance(raw, str):
        raise BadMessage("messages are JSON text frames, not binary")
    if len(raw) > limits.message_bytes:
        raise BadMessage(f"a message may be at most {limits.message_bytes} bytes")
    try:
        msg = json.loads(raw)
    except (json.JSONDecodeError, RecursionError):
        raise BadMessage("a message must be a JSON object") from None
    if not isinstance(msg, dict):
        raise BadMessage("a message must be a JSON object")
    if _depth(msg, limits.json_depth) > limits.json_depth:
        raise BadMessage(f"a message may nest at most {limits.json_depth} levels deep")
    return msg


def _depth(value: Any, bound: int) -> int:
    """How deep `value` nests, counted only as far as `bound` + 1."""
    if bound < 0 or not isinstance(value, dict | list):
        return 0
    inner = value.values() if isinstance(value, dict) else value
    return 1 + max((_depth(v, bound - 1) for v in inner), default=0)


class BodyLimit:
    """ASGI middleware: an HTTP request body over `limit` bytes is answered 413 before
    the application sees any of it (by its Content-Length, or as it arrives when it
    is chunked). The bodies this API takes are small, so the middleware reads a body
    whole (at most `limit` bytes) and hands it on in one piece."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", []):
            if name == b"content-length" and value.isdigit() and int(value) > self.limit:
                await self._too_large(send)
                return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                await self.app(scope, _replay([message]), send)   # the client left
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.limit:
                await self._too_large(send)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        whole: Message = {"type": "http.request", "body": b"".join(chunks),
                          "more_body": False}
        await self.app(scope, _replay([whole], receive), send)

    async def _too_large(self, send: Send) -> None:
        body = json.dumps({"detail": f"the request body may be at most {self.limit} "
                                     "bytes"}).encode()
        await send({"type": "http.response.start", "status": 413,
                    "headers": [(b"content-type", b"application/json"),
                                (b"content-length", str(len(body)).encode()),
                                (b"connection", b"close")]})
        await send({"type": "http.response.body", "body": body})


def _replay(messages: list[Message], then: Receive | None = None) -> Receive:
    """A `receive` that gives `messages` first, then waits on `then` (a disconnect)."""
    pending = list(messages)

    async def receive() -> Message:
        if pending:
            return pending.pop(0)
        if then is not None:
            return await then()
        return {"type": "http.disconnect"}

    return receive
