"""Chat at a game: one room for the seated players, one for the spectators (as on
lichess), stored with the game.

- The players' room is open in a game with at least two human seats (nobody to talk to
  otherwise); a line there goes to the seats only, under the seat's name. Spectators
  never receive it, nor hear that it exists.
- The spectators' room is for spectators signed in to an account (an anonymous line
  could not be muted or answered for); its lines go to spectators only, under the
  account's name, never to a seat's socket (spectators see only what is public, so a
  player who watches too learns nothing hidden from it).
- A line is what its author typed, cleaned of control and format characters (which
  includes the bidirectional overrides), at most `limits.chat_chars` characters, at most
  `limits.chat_rate` a second per connection (bursts of `limits.chat_burst`); a game
  keeps at most `limits.chat_lines_per_game` lines. Nothing but the line, its author's
  seat or name, its number in its room and time is sent: no channel of the game's own,
  nor of the other room's.
- Other processes hear of a line through the cluster's `e|game|chat` notification and
  read it from the database.
"""

from __future__ import annotations

import time
import unicodedata
from typing import TYPE_CHECKING, Any

from aiolimiter import AsyncLimiter
from sqlalchemy import Column, Float, Integer, String, Table, Text, and_, func, insert, select
from sqlalchemy.exc import IntegrityError

from cardtable.server.notifications import event_note
from cardtable.server.storage import HUMAN, Storage, metadata

if TYPE_CHECKING:
    from cardtable.server.connection import Connection
    from cardtable.server.limits import Limits
    from cardtable.server.rooms import Room

chat_table = Table(
    "ct_chat", metadata,
    Column("game_id", String(32), primary_key=True),
    # numbered in each room on its own: a gap in one room's numbers would tell its
    # readers that the other room spoke
    Column("room", String(16), primary_key=True),        # players, spectators
    Column("idx", Integer, primary_key=True),
    Column("seat", Integer, nullable=True),
    Column("account", Integer, nullable=True),
    Column("name", String(64), nullable=False),
    Column("text", Text, nullable=False),
    Column("created", Float, nullable=False),
)

PLAYERS = "players"
SPECTATORS = "spectators"


class ChatRefused(ValueError):
    """A line that cannot be said; `code` is the error's word."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def clean_line(text: str, limit: int) -> str:
    """A chat line as typed, without control or format characters (bidirectional
    overrides, zero-width marks) and with its white space folded; ChatRefused when
    nothing is left or it is longer than `limit`."""
    kept = "".join(" " if ch.isspace() else ch for ch in text
                   if ch.isspace() or unicodedata.category(ch)[0] != "C")
    line = " ".join(kept.split())
    if not line:
        raise ChatRefused("malformed", "an empty line")
    if len(line) > limit:
        raise ChatRefused("too_long", f"a chat line has at most {limit} characters")
    return line


def room_of(room: Room, viewer: int | None) -> str | None:
    """The chat room `viewer` (a seat, or None for a spectator) reads, if any."""
    if viewer is None:
        return SPECTATORS
    humans = sum(1 for s in room.row.seats if s.kind == HUMAN)
    return PLAYERS if humans >= 2 else None


class ChatStore:
    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.engine = storage.engine

    def add(self, game_id: str, room: str, seat: int | None, account: int | None,
            name: str, text: str, cap: int) -> dict[str, Any]:
        """Store a line at its room's next number; ChatRefused when the game holds
        `cap` lines already (both rooms together)."""
        for _ in range(5):
            now = time.time()
            try:
                with self.engine.begin() as conn:
                    count = conn.execute(select(func.count()).where(
                        chat_table.c.game_id == game_id)).scalar_one()
                    last = conn.execute(select(func.max(chat_table.c.idx)).where(and_(
                        chat_table.c.game_id == game_id, chat_table.c.room == room))).scalar()
                    if count >= cap:
                        raise ChatRefused("chat_full", f"this game's chat holds {cap} lines, "
                                                       "its limit")
                    idx = (last if last is not None else -1) + 1
                    conn.execute(insert(chat_table).values(
                        game_id=game_id, idx=idx, room=room, seat=seat, account=account,
                        name=name, text=text, created=now))
                    self.storage._notify(conn, event_note(game_id, "chat"))
            except IntegrityError:
                continue        # another process took that number: take the next
            return line(idx, room, seat, name, text, now)
        raise ChatRefused("busy", "the chat is busy; say it again")

    def lines(self, game_id: str, room: str, after: int = -1,
              limit: int = 100) -> list[dict[str, Any]]:
        """The room's lines numbered above `after`, the last `limit` of them, in order."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(chat_table.c.idx, chat_table.c.room, chat_table.c.seat,
                       chat_table.c.name, chat_table.c.text, chat_table.c.created)
                .where(and_(chat_table.c.game_id == game_id, chat_table.c.room == room,
                            chat_table.c.idx > after))
                .order_by(chat_table.c.idx.desc()).limit(limit)).all()
        return [line(*r) for r in reversed(rows)]


def line(idx: int, room: str, seat: int | None, name: str, text: str,
         created: float) -> dict[str, Any]:
    """A line as clients receive it: nothing but what was said, by whom, when."""
    return {"type": "chat", "room": room, "n": idx, "seat": seat, "name": name,
            "text": text, "at": round(created, 3)}


class ChatBudget:
    """A connection's allowance of chat lines (a bucket of its own, besides the one
    every message is metered by)."""

    def __init__(self, limits: Limits) -> None:
        self.bucket = AsyncLimiter(limits.chat_burst, limits.chat_burst / limits.chat_rate)

    async def take(self) -> bool:
        if not self.bucket.has_capacity(1):
            return False
        await self.bucket.acquire(1)
        return True


class Chat:
    """The chat of every room this process has loaded."""

    def __init__(self, storage: Storage, limits: Limits) -> None:
        self.store = ChatStore(storage)
        self.limits = limits

    async def say(self, room: Room, conn: Connection, text: Any,
                  account: tuple[int, str] | None) -> None:
        """`conn` says `text` in its room. `account` is the spectator's account (id,
        name) or None. Raises ChatRefused."""
        if not isinstance(text, str):
            raise ChatRefused("malformed", "'text' must be the line to say")
        where = room_of(room, conn.viewer)
        if where is None:
            raise ChatRefused("no_chat", "this game has nobody to chat with")
        if where == SPECTATORS and account is None:
            raise ChatRefused("sign_in", "sign in to chat as a spectator")
        line_text = clean_line(text, self.limits.chat_chars)
        if conn.chat_budget is None:
            conn.chat_budget = ChatBudget(self.limits)
        if not await conn.chat_budget.take():
            raise ChatRefused("rate_limited", f"at most {self.limits.chat_burst} chat lines "
                                              f"at once, then one every "
                                              f"{1 / self.limits.chat_rate:g} s")
        if where == PLAYERS:
            assert conn.viewer is not None
            seat = room.row.seats[conn.viewer]
            who: tuple[int | None, int | None, str] = (conn.viewer, seat.account, seat.name)
        else:
            assert account is not None
            who = (None, account[0], account[1])
        await room.writer.call(self.store.add, room.row.id, where, who[0], who[1], who[2],
                               line_text, self.limits.chat_lines_per_game)
        await self.heard(room)

    async def heard(self, room: Room) -> None:
        """Send this process's sockets of `room` the lines they have not had (a line
        stored here, or one another process told of)."""
        for where in (PLAYERS, SPECTATORS):
            readers = [c for c in room.conns if c.joined and room_of(room, c.viewer) == where]
            if not readers:
                continue
            after = min(c.chat_seen.get(where, -1) for c in readers)
            fresh = await room.writer.call(self.store.lines, room.row.id, where, after,
                                           self.limits.chat_history)
            for c in room.conns:       # (those still here, reading this room)
                if not c.joined or room_of(room, c.viewer) != where:
                    continue
                for message in fresh:
                    if message["n"] > c.chat_seen.get(where, -1):
                        c.send(message)
                        c.chat_seen[where] = message["n"]

    async def welcome(self, room: Room, conn: Connection) -> None:
        """A newcomer's history of its room (nothing is sent when it is empty)."""
        where = room_of(room, conn.viewer)
        if where is None:
            return
        lines = await room.writer.call(self.store.lines, room.row.id, where, -1,
                                       self.limits.chat_history)
        conn.chat_seen[where] = lines[-1]["n"] if lines else -1
        if lines:
            conn.send({"type": "chat_log", "room": where, "lines": lines})
