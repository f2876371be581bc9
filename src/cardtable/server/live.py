"""The live game over websockets: one connection per seat or spectator, each message
checked against the limits (size, depth, rate) before anything else, then answered
(hello, act, undo, rematch, hint, ping). The rooms do the playing."""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import time
from collections import Counter
from typing import TYPE_CHECKING, Any

from fastapi import WebSocket

from cardtable.agents.ismcts import hint_level
from cardtable.server import room_messages as messages
from cardtable.server.chat import Chat, ChatRefused
from cardtable.server.computers import Decision, hint
from cardtable.server.connection import CLOSE_BEHIND, CLOSE_NO_GAME, CLOSE_RATE, Connection
from cardtable.server.limits import COSTS, BadMessage, Limits, parse_message
from cardtable.server.metrics import Metrics
from cardtable.server.origin import same_site
from cardtable.server.rematch import ANSWERS, RematchRefused, next_rematch
from cardtable.server.rooms import Room, RoomError, Rooms
from cardtable.server.storage import COMPUTER, GameRow, Storage
from cardtable.server.websocket_layer import ABORT, SEND_NOW

if TYPE_CHECKING:
    from cardtable.server.accounts import Accounts

SESSION_COOKIE = "cardtable_session"   # (account_api.COOKIE, which imports this module)
# what a hello's optional `client` may say: a program plays the seat, or a person
CLIENTS = (None, "bot", "browser")


def client_address(request: Any) -> str:
    return request.client.host if request.client is not None else "unknown"


class Live:
    def __init__(self, rooms: Rooms, storage: Storage, limits: Limits, metrics: Metrics,
                 sockets: Counter[str], chat: Chat | None = None,
                 accounts: Accounts | None = None) -> None:
        self.chat = chat or Chat(storage, limits)
        self.accounts = accounts
        self.rooms = rooms
        self.storage = storage
        self.limits = limits
        self.metrics = metrics
        self.sockets = sockets      # open websockets per client address
        self.cluster = rooms.cluster
        # each game's hint search under way: (seat, action count, the room's version:
        # an undo and new actions may reach the same count with another history) and
        # its result
        self.hints: dict[str, tuple[tuple[int, int, int], asyncio.Future[Any]]] = {}

    async def play(self, ws: WebSocket, game_id: str) -> None:
        await ws.accept()
        where = client_address(ws)
        direct = ws.scope.get("extensions", {}).get(SEND_NOW)
        conn = Connection(ws.send_text, self.limits, where,
                          direct["send"] if direct is not None else None)
        # the session cookie signs a spectator in to chat, but only from this site's
        # own pages: another site's page could open this socket with it too
        cookie = ws.cookies.get(SESSION_COOKIE)
        if cookie and len(cookie) <= 100 and same_site(ws.headers, ws.url.scheme):
            conn.session = cookie
        self.sockets[where] += 1
        room: Room | None = None
        tasks: list[asyncio.Task[Any]] = [asyncio.create_task(conn.writer())]
        try:
            refusal: tuple[int, str, str] | None = None
            if self.sockets[where] > self.limits.sockets_per_address or \
                    self.sockets.total() > self.limits.sockets:
                refusal = (CLOSE_RATE, "too_many_connections",
                           "too many connections from your address (or to this server); "
                           "close some and try again")
            else:
                try:
                    room = await self.rooms.load(game_id)
                    room.visitors += 1      # held in memory until this socket goes
                except RoomError as exc:
                    refusal = (CLOSE_NO_GAME, exc.code, exc.message)
            if refusal is not None:
                code, word, text = refusal
                conn.send(messages.error(word, text))
                conn.close(code, text[:100])
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(tasks[0], 2.0)
                conn.fail(code, text[:100])    # if the client did not take the error
                return
            assert room is not None
            tasks.append(asyncio.create_task(self.read(ws, conn, room)))
            tasks.append(asyncio.create_task(conn.closed.wait()))
            await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        finally:
            self.sockets[where] -= 1
            if self.sockets[where] <= 0:
                del self.sockets[where]
            if room is not None:
                room.visitors -= 1
                room.leave(conn)
            for task in tasks:
                task.cancel()
            for task in tasks:
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
            if conn.closing is not None:
                code, reason = conn.closing
                # a client that reads nothing may never take the close frame: do not
                # wait on it for long
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(ws.close(code, reason), 1.0)
                if code in (CLOSE_RATE, CLOSE_BEHIND):
                    await self.drop_socket(ws)

    async def drop_socket(self, ws: WebSocket) -> None:
        """An abusive client's socket: give its close frame a moment to leave, then
        abort the connection. A graceful close would keep the socket (and its buffers)
        for as long as the client declines to read, which may be for ever."""
        extension = ws.scope.get("extensions", {}).get(ABORT)
        if extension is not None:
            await asyncio.sleep(0.5)
            extension["abort"]()

    async def read(self, ws: WebSocket, conn: Connection, room: Room) -> None:
        """Read and answer the client's messages, one at a time, until it leaves."""
        while conn.closing is None:
            message = await ws.receive()
            if message["type"] == "websocket.disconnect":
                return
            await self.handle(room, conn, message.get("text", message.get("bytes")))

    async def handle(self, room: Room, conn: Connection, raw: str | bytes | None) -> None:
        msg_id: Any = None
        budget = conn.budget
        try:
            if not budget.has_room(1.0):    # not even worth reading
                return over_budget(conn, self.limits)
            try:
                msg = parse_message(raw, self.limits)
            except BadMessage as exc:
                await budget.charge(1.0)
                raise RoomError("malformed", str(exc)) from None
            msg_id = msg.get("id")
            if msg_id is not None and not (
                    isinstance(msg_id, int | str) and not isinstance(msg_id, bool)
                    and len(str(msg_id)) <= 64):
                msg_id = None
                await budget.charge(1.0)
                raise RoomError("malformed", "'id' must be a number or a short string")
            kind = msg.get("type")
            if kind not in COSTS:
                await budget.charge(1.0)
                raise RoomError("malformed", f"unknown message type {str(kind)[:40]!r}; "
                                             "types: hello, act, undo, rematch, hint, "
                                             "ping, chat")
            cost = COSTS[kind]
            if not budget.admits(cost):
                return over_budget(conn, self.limits)
            if kind != "act":
                await budget.charge(cost)
            try:
                await self.dispatch(room, conn, kind, msg, msg_id)
            except RoomError:
                if kind == "act":
                    await budget.charge(cost)
                raise
        except RoomError as exc:
            conn.send(messages.error(exc.code, exc.message, msg_id))

    async def give_hint(self, room: Room, conn: Connection, msg_id: Any) -> None:
        """The search's top actions for the seat to move, in a game against the
        computer only (between people it would be a third player at the table)."""
        seat = conn.viewer
        assert seat is not None
        if any(s.seat != seat and s.kind != COMPUTER for s in room.row.seats):
            raise RoomError("no_hint", "hints are for games against the computer")
        if room.state.current_player() != seat:
            raise RoomError("no_hint", "hints are for your own decision")
        if conn.thinking:
            raise RoomError("no_hint", "a hint is on its way already")
        n = len(room.texts)
        conn.thinking = True
        try:
            actions = await self.search_hint(room, seat, n)
        finally:
            conn.thinking = False
        conn.send({"type": "hint", "id": msg_id, "n": n, "actions": actions})

    async def search_hint(self, room: Room, seat: int, n: int) -> Any:
        """The hint for `seat` after `n` actions. A game has one hint search in the pool
        at a time, shared by every socket that asks for the same decision: a seat on
        many sockets would otherwise put a search per socket, each going first, ahead
        of every other game's computer moves."""
        key = room.row.id
        asked = (seat, n, room.version)
        # (the game as it stands when asked: waiting for another search changes nothing)
        job = Decision(room.row.id, room.row.game, room.row.players, room.row.seed,
                       dict(room.row.options), tuple(room.texts[:n]), seat,
                       f"ismcts:{hint_level(room.row.game, room.state.options)}",
                       secrets.randbelow(2**62))
        while True:
            pending = self.hints.get(key)
            if pending is None or pending[1].done():
                break
            if pending[0] == asked:
                return await asyncio.shield(pending[1])
            with contextlib.suppress(Exception):    # an older decision's search first
                await asyncio.shield(pending[1])
        search: asyncio.Future[Any] = asyncio.ensure_future(
            self.rooms.pool.run(hint, job, urgent=lambda: True))
        self.hints[key] = (asked, search)

        def done(future: asyncio.Future[Any]) -> None:
            if self.hints.get(key, (None, None))[1] is future:
                del self.hints[key]
            if not future.cancelled():
                future.exception()      # (retrieved: nobody may be waiting any more)

        search.add_done_callback(done)
        return await asyncio.shield(search)

    async def rematch(self, room: Room, seat: int, answer: str) -> None:
        def change(row: GameRow, conn: Any) -> Any:
            return next_rematch(self.storage, row, conn, seat, answer)

        try:
            made, _ = await self.rooms.writer.call(self.storage.change_rematch, room.row.id, change)
        except RematchRefused as exc:
            raise RoomError("no_rematch", str(exc)) from None
        room.row.rematch = made
        if not self.cluster.postgres:       # PostgreSQL: the notification tells every process
            room.broadcast_rematch()

    async def say(self, room: Room, conn: Connection, text: Any) -> None:
        """A chat line; a spectator's account is looked up once, from the cookie the
        socket came with."""
        if conn.viewer is None and not conn.account_checked:
            conn.account_checked = True
            if conn.session is not None and self.accounts is not None:
                found = await self.rooms.writer.call(self.accounts.session, conn.session)
                conn.account = (found.id, found.name) if found is not None else None
        try:
            await self.chat.say(room, conn, text, conn.account)
        except ChatRefused as exc:
            raise RoomError(exc.code, exc.message) from None

    async def dispatch(self, room: Room, conn: Connection, kind: str, msg: dict[str, Any],
                       msg_id: Any) -> None:
        if kind == "hello":
            seat = msg.get("seat")
            token = msg.get("token")
            if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)):
                raise RoomError("malformed", "'seat' must be a seat number from 0")
            if token is not None and not isinstance(token, str):
                raise RoomError("malformed", "'token' must be a string")
            client = msg.get("client")
            if client not in CLIENTS:
                raise RoomError("malformed", "'client' is 'bot' (a program plays the seat) "
                                             "or 'browser', or left out")
            seen = msg.get("seen")
            if seen is not None and (not isinstance(seen, int) or isinstance(seen, bool)
                                     or seen < 0):
                raise RoomError("malformed", "'seen' must be the number of actions whose "
                                             "updates you received, from 0")
            await room.join(conn, seat, token, bot=client == "bot", seen=seen)
            await self.chat.welcome(room, conn)
        elif kind == "ping":
            conn.send({"type": "pong", "id": msg_id})
        elif not conn.joined:
            raise RoomError("hello_first", "say hello first (with your seat and token, "
                                           "or none to watch)")
        elif kind == "act":
            text = msg.get("action")
            expect = msg.get("n")
            if not isinstance(text, str) or len(text) > 200:
                raise RoomError("malformed", "'action' must be an action text")
            if expect is not None and (not isinstance(expect, int)
                                       or isinstance(expect, bool)):
                raise RoomError("malformed", "'n' must be the number of actions seen")
            if conn.viewer is None:
                raise RoomError("spectator", "spectators cannot play")
            started = time.perf_counter()
            n = await room.submit(conn.viewer, text, expect_n=expect)
            conn.send({"type": "ack", "id": msg_id, "n": n})
            self.metrics.act_ack.observe(time.perf_counter() - started)
            self.metrics.actions.inc()
        elif kind == "chat":
            await self.say(room, conn, msg.get("text"))
        elif kind == "hint":
            if conn.viewer is None:
                raise RoomError("spectator", "spectators get no hints")
            await self.give_hint(room, conn, msg_id)
        elif kind == "rematch":
            answer = msg.get("answer")
            if answer not in ANSWERS:
                raise RoomError("malformed", "'answer' is offer, accept or decline")
            if conn.viewer is None:
                raise RoomError("spectator", "spectators cannot answer a rematch")
            await self.rematch(room, conn.viewer, answer)
        else:
            if conn.viewer is None:
                raise RoomError("spectator", "spectators cannot undo")
            await room.undo(conn.viewer)


def over_budget(conn: Connection, limits: Limits) -> None:
    """A message over the connection's budget is dropped: the first of a run gets one
    `rate_limited` error, and a client that keeps going is closed (games and lessons)."""
    budget = conn.budget
    if budget.exhausted:
        conn.fail(CLOSE_RATE, "too many messages")
    elif not budget.warned:
        budget.warned = True
        conn.send({"type": "error", "code": "rate_limited",
                   "message": f"too many messages: at most {limits.rate:g} a second "
                              f"(bursts of {limits.burst}); this one was dropped", "id": None})
