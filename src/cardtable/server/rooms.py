"""Rooms: one game in play, its seats' connections and its computer players.

The room is the authority: an action is validated by the engine (`parse_action`, then
`apply` on a clone), committed to the database, and only then does anybody hear of it.
Each connection receives only what its viewer may know: `observation(viewer)` and
`event.to_dict(viewer)`; the legal action texts go only to the seat that must decide.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import random
import secrets
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from cardtable import load_game
from cardtable.agents import Agent, make_agent
from cardtable.engine.api import CardtableError, Event, Game, State
from cardtable.engine.undo import reveals_hidden
from cardtable.server.storage import COMPUTER, GameRow, Storage, StorageError
from cardtable.server.writer import ActionWriter

log = logging.getLogger("cardtable.server")

Message = dict[str, Any]

# computer players think here, never in the database thread
AGENT_THREADS = ThreadPoolExecutor(max_workers=4, thread_name_prefix="cardtable-agent")


class RoomError(Exception):
    """A request the room refuses; `code` is a short machine-readable word."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class Connection:
    """One websocket: a viewer (a seat, or None for a spectator) and an outgoing queue,
    so a slow client never holds up the room."""

    def __init__(self, send_text: Callable[[str], Awaitable[None]]) -> None:
        self._send_text = send_text
        self.queue: asyncio.Queue[Message | str | None] = asyncio.Queue()
        self.viewer: int | None = None
        self.joined = False

    def send(self, message: Message | str) -> None:
        """Queue a message (a dict, or one already encoded as JSON text)."""
        self.queue.put_nowait(message)

    def close(self) -> None:
        self.queue.put_nowait(None)

    async def writer(self) -> None:
        while True:
            message = await self.queue.get()
            if message is None:
                return
            await self._send_text(message if isinstance(message, str) else encode(message))


def encode(message: Message) -> str:
    return json.dumps(message, separators=(",", ":"))


def replay(game: Game, row: GameRow, texts: list[str]) -> tuple[State, list[list[Event]]]:
    """The state after `texts`, and the events of each action."""
    state = game.new_game(row.players, row.seed, **row.options)
    events: list[list[Event]] = []
    for index, text in enumerate(texts, start=1):
        try:
            events.append(state.apply(game.parse_action(state, text)))
        except CardtableError as exc:
            raise StorageError(f"game {row.id}: stored action {index} ({text!r}) cannot "
                               f"be replayed: {exc}") from None
    return state, events


class Room:
    def __init__(self, row: GameRow, storage: Storage, writer: ActionWriter) -> None:
        self.row = row
        self.storage = storage
        self.writer = writer
        self.game = load_game(row.game)
        stored = storage.actions(row.id)
        self.actors = [seat for seat, _ in stored]
        self.texts = [text for _, text in stored]
        self.state, self.events = replay(self.game, row, self.texts)
        self.conns: list[Connection] = []
        self.lock = asyncio.Lock()
        self.version = 0
        self.agents: dict[int, Agent] = {}
        for seat in row.seats:
            if seat.kind == COMPUTER:
                self.agents[seat.seat] = make_agent(seat.agent or "random", self.game,
                                                    random.randrange(2**31))
        self.computer_task: asyncio.Task[None] | None = None
        self.closed = False
        # (version, seat) of the last undo check and its answer: the check replays
        self._undo_checked: tuple[tuple[int, int], bool] = ((-1, -1), False)

    # ---- what viewers see -------------------------------------------------------

    def catalogue(self) -> Any:
        """The game's card catalogue (the contract's, public; sent once, in `welcome`)."""
        return self.game.catalogue(self.row.options)

    def connected(self) -> list[bool]:
        seats = {c.viewer for c in self.conns if c.joined}
        return [s.kind == COMPUTER or s.seat in seats for s in self.row.seats]

    def can_undo(self, viewer: int | None) -> bool:
        if viewer is None or self.state.is_over() or viewer in self.agents:
            return False
        if any(s.seat != viewer and s.kind != COMPUTER for s in self.row.seats):
            return False
        if viewer not in self.actors:
            return False
        # Not over a draw or a reveal: the replay would show the same cards again.
        key = (self.version, viewer)
        if self._undo_checked[0] != key:
            keep = max(i for i, a in enumerate(self.actors) if a == viewer)
            before, _ = replay(self.game, self.row, self.texts[:keep])
            self._undo_checked = (key, not reveals_hidden(
                before, self.texts[keep:], viewer, self.state.observation(viewer)))
        return self._undo_checked[1]

    def snapshot(self, viewer: int | None) -> Message:
        obs = self.state.observation(viewer)
        current = self.state.current_player()
        over = self.state.is_over()
        legal = ([str(a) for a in self.state.legal_actions()]
                 if viewer is not None and viewer == current else [])
        return {"n": len(self.texts), "observation": obs, "current_player": current,
                "legal": legal, "over": over,
                "winners": self.state.winners() if over else None,
                "scores": self.state.scores() if over else None,
                "connected": self.connected(), "can_undo": self.can_undo(viewer)}

    def log_for(self, viewer: int | None) -> list[Message]:
        return [{"n": i + 1, "seat": self.actors[i],
                 "action": self.texts[i] if viewer is not None and viewer == self.actors[i]
                 else None,
                 "events": [e.to_dict(viewer) for e in evs]}
                for i, evs in enumerate(self.events)]

    def seats_public(self) -> list[Message]:
        return [{"seat": s.seat, "name": s.name, "kind": s.kind,
                 "agent": s.agent if s.kind == COMPUTER else None} for s in self.row.seats]

    def welcome(self, viewer: int | None, kind: str = "welcome") -> Message:
        return {"type": kind, "game_id": self.row.id, "game": self.row.game,
                "title": self.row.title or self.game.title, "seat": viewer,
                "seats": self.seats_public(), "catalogue": self.catalogue(),
                "log": self.log_for(viewer), **self.snapshot(viewer)}

    # ---- connections ------------------------------------------------------------

    def join(self, conn: Connection, seat: int | None, token: str | None) -> None:
        if seat is not None:
            if not (0 <= seat < len(self.row.seats)):
                raise RoomError("bad_seat", f"this game has seats 1 to {len(self.row.seats)}")
            info = self.row.seats[seat]
            if info.kind == COMPUTER:
                raise RoomError("bad_seat", f"seat {seat + 1} is a computer player")
            if token is None or not secrets.compare_digest(token.encode(), info.token.encode()):
                raise RoomError("bad_token", f"wrong seat token for seat {seat + 1}")
            if not info.claimed:
                self.storage.claim_seat(self.row.id, seat)
                info.claimed = True
        if conn not in self.conns:
            self.conns.append(conn)
        conn.viewer = seat
        conn.joined = True
        conn.send(self.welcome(seat))
        self.broadcast_presence()
        self.kick()  # a computer player that stopped on an error tries again

    def leave(self, conn: Connection) -> None:
        if conn in self.conns:
            self.conns.remove(conn)
            self.broadcast_presence()

    def broadcast_presence(self) -> None:
        message = encode({"type": "presence", "connected": self.connected(),
                          "spectators": sum(1 for c in self.conns
                                            if c.joined and c.viewer is None)})
        for conn in self.conns:
            if conn.joined:
                conn.send(message)

    def broadcast_update(self, actor: int, text: str, events: list[Event]) -> None:
        cache: dict[int | None, str] = {}   # each viewer's message, encoded once
        for conn in self.conns:
            if not conn.joined:
                continue
            viewer = conn.viewer
            if viewer not in cache:
                cache[viewer] = encode({"type": "update", "seat": actor,
                                        "action": text if viewer == actor else None,
                                        "events": [e.to_dict(viewer) for e in events],
                                        **self.snapshot(viewer)})
            conn.send(cache[viewer])

    def broadcast_sync(self) -> None:
        for conn in self.conns:
            if conn.joined:
                conn.send(self.welcome(conn.viewer, kind="sync"))

    # ---- playing ----------------------------------------------------------------

    async def submit(self, seat: int, text: str, expect_n: int | None = None,
                     version: int | None = None) -> int:
        """Validate, store, then announce `text` played by `seat`; the new action count."""
        async with self.lock:
            if version is not None and version != self.version:
                raise RoomError("stale", "the game moved on")
            if expect_n is not None and expect_n != len(self.texts):
                raise RoomError("stale", f"the game is at action {len(self.texts)}, "
                                         f"not {expect_n}: your view was out of date")
            if self.state.is_over():
                raise RoomError("over", "the game is over")
            current = self.state.current_player()
            if current != seat:
                who = "nobody" if current is None else f"seat {current + 1}"
                raise RoomError("not_your_turn", f"it is not your turn ({who} must decide)")
            try:
                action = self.game.parse_action(self.state, text)
                new = self.state.clone()
                events = new.apply(action)
            except CardtableError as exc:
                kind = type(exc).__name__
                code = "malformed" if kind == "MalformedAction" else "illegal"
                raise RoomError(code, str(exc)) from None
            index = len(self.texts)
            canonical = str(action)
            try:
                await self.writer.append(self.row.id, index, seat, canonical)
            except Exception as exc:
                log.error("game %s: action %d not stored: %s", self.row.id, index, exc)
                raise RoomError("storage", "the action could not be saved; try again") \
                    from None
            if new.is_over():
                await self.writer.call(self.storage.finish, self.row.id, new.winners())
                self.row.over = True
                self.row.winners = new.winners()
            self.state = new
            self.texts.append(canonical)
            self.actors.append(seat)
            self.events.append(events)
            self.version += 1
            self.broadcast_update(seat, canonical, events)
        self.kick()
        return index + 1

    async def undo(self, seat: int) -> None:
        """Take back `seat`'s last action and everything after it (games against the
        computer only)."""
        async with self.lock:
            if not self.can_undo(seat):
                raise RoomError("no_undo", "undo is only for your own last action, in a "
                                           "game where every other seat is a computer, "
                                           "and not once it has shown you hidden cards")
            keep = max(i for i, a in enumerate(self.actors) if a == seat)
            texts = self.texts[:keep]
            state, events = replay(self.game, self.row, texts)
            await self.writer.call(self.storage.truncate, self.row.id, keep)
            self.row.over = False
            self.row.winners = None
            self.state, self.events = state, events
            self.texts, self.actors = texts, self.actors[:keep]
            self.version += 1
            self.broadcast_sync()
        self.kick()

    def kick(self) -> None:
        """Start the computer players when one of them must decide."""
        if self.closed or (self.computer_task is not None and not self.computer_task.done()):
            return
        current = self.state.current_player()
        if current is None or current not in self.agents:
            return
        self.computer_task = asyncio.get_running_loop().create_task(self._computers())

    async def _computers(self) -> None:
        while not self.closed:
            current = self.state.current_player()
            if current is None or current not in self.agents:
                return
            version = self.version
            if self.row.computer_delay_ms > 0:
                await asyncio.sleep(self.row.computer_delay_ms / 1000)
            if version != self.version:
                continue
            view = self.state.view(current)
            try:
                action = await asyncio.get_running_loop().run_in_executor(
                    AGENT_THREADS, self.agents[current].choose, view)
                await self.submit(current, str(action), version=version)
            except RoomError as exc:
                if exc.code != "stale":
                    log.error("game %s: computer seat %d: %s", self.row.id, current + 1, exc)
                    return
            except Exception:
                log.exception("game %s: computer seat %d failed", self.row.id, current + 1)
                return

    async def close(self) -> None:
        self.closed = True
        if self.computer_task is not None:
            self.computer_task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.computer_task


class Rooms:
    """The rooms in memory, loaded from storage on first use."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.writer = ActionWriter(storage)
        self.rooms: dict[str, Room] = {}

    def get(self, game_id: str) -> Room:
        room = self.rooms.get(game_id)
        if room is None:
            row = self.storage.get_game(game_id)
            if row is None:
                raise RoomError("no_game", f"there is no game {game_id!r}")
            room = Room(row, self.storage, self.writer)
            self.rooms[game_id] = room
        return room

    def resume_all(self) -> int:
        """Load every unfinished game and restart its computer players."""
        count = 0
        for game_id in self.storage.unfinished_ids():
            try:
                self.get(game_id).kick()
                count += 1
            except Exception:
                log.exception("game %s cannot be resumed", game_id)
        return count

    async def close(self) -> None:
        for room in self.rooms.values():
            await room.close()
        await self.writer.close()
