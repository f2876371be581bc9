"""Rooms: one game in play and its seats' connections.

The database is the truth; a room is this process's copy of one game. An action is
validated by the engine (`parse_action`, then `apply` on a clone) and committed at its
index; only then does anybody hear of it. Whether index n is free is decided by the
database (the (game, index) key): a room whose copy is behind, because another process
committed first, reads the missing actions, replays them and judges again, so a client
is told `stale` only when its own view really is out of date. Actions committed by other
processes arrive as notifications (server/cluster.py) and go to this room's sockets.

Each connection receives only what its viewer may know; the messages themselves are
built in server/room_messages.py. One process at a time (the cluster's owner of the game)
plays its computer seats, and the computer's moves for seats whose time ran out, and runs
its clocks: the room's automation, server/room_automation.py. The replay is the engine's
(engine/replay.py); the notifications between processes are server/notifications.py's.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Callable, Coroutine, Iterable
from functools import lru_cache
from typing import Any

from cardtable import games, load_game
from cardtable.engine.api import CardtableError, Event, Game, RecordError, State
from cardtable.engine.replay import replay_action, replay_actions
from cardtable.engine.undo import reveals_hidden
from cardtable.server import room_messages as messages
from cardtable.server.cluster import Alone, Cluster
from cardtable.server.computers import ComputerPool
from cardtable.server.connection import CLOSE_GONE, Connection, Message, encode
from cardtable.server.limits import Limits
from cardtable.server.notifications import Presence
from cardtable.server.ratings import places, pool
from cardtable.server.results import Results, SeatOutcome
from cardtable.server.room_automation import RoomAutomation, spawn

# RoomError keeps its name here: the faces that ask a room for something catch it
from cardtable.server.room_messages import RoomError as RoomError
from cardtable.server.room_messages import result_winners
from cardtable.server.storage import (
    COMPUTER,
    HUMAN,
    ActionRow,
    GameRow,
    Storage,
    StorageError,
    could_be_id,
    holds,
)
from cardtable.server.writer import ActionWriter

log = logging.getLogger("cardtable.server")


@lru_cache(maxsize=64)
def _catalogue(game: str, options: str) -> Any:
    """A game's catalogue for these options (JSON), built once for every room that
    needs it: it is read only, encoded into each welcome and never changed."""
    return load_game(game).catalogue(json.loads(options))


def replay(game: Game, row: GameRow, texts: list[str]) -> tuple[State, list[list[Event]]]:
    """The state after `texts`, and the events of each action."""
    state = game.new_game(row.players, row.seed, **row.options)
    try:
        events = replay_actions(state, texts)
    except RecordError as exc:
        # (the engine's words, "action n (text) cannot be replayed: why")
        raise StorageError(f"game {row.id}: stored {exc}") from None
    return state, events


class Room:
    """One game as this process holds it: its row, state, actions and their events,
    and the sockets connected to it."""

    def __init__(self, row: GameRow, storage: Storage, writer: ActionWriter,
                 pool: ComputerPool, limits: Limits, cluster: Cluster | None,
                 actions: list[ActionRow], results: Results | None = None) -> None:
        self.row = row
        self.results = results
        # this process stored the game's result (or learnt another had)
        self._settled = False
        self.storage = storage
        self.writer = writer
        self.limits = limits
        self.cluster: Cluster = cluster or Alone()
        self.game = load_game(row.game)
        self.actions = actions
        self.actors = [a.seat for a in self.actions]
        self.texts = [a.text for a in self.actions]
        self.state, self.events = replay(self.game, row, self.texts)
        self.conns: list[Connection] = []
        # sockets that loaded the room and may not have said hello yet (server/live.py),
        # and when it was last asked for: a finished room in use stays in memory
        self.visitors = 0
        self.used = time.monotonic()
        self.lock = asyncio.Lock()
        self.version = 0
        # the one human seat of a game against the computer (None: several, or none);
        # a seat's kind never changes
        humans = [s.seat for s in row.seats if s.kind != COMPUTER]
        self.only_human: int | None = humans[0] if len(humans) == 1 else None
        self.closed = False
        # presence: what was last announced, when, and a later announcement if due
        self._presence_sent: Presence | None = None
        self._presence_at = -1e9
        self._presence_timer: asyncio.TimerHandle | None = None
        self._local_sent: Presence | None = None
        # who is connected, worked out once between changes (every update carries it)
        self._presence_now: Presence | None = None
        # (version, seat) of the last undo check and its answer: the check replays
        self._undo_checked: tuple[tuple[int, int], bool] = ((-1, -1), False)
        # what each viewer saw before the first action (start_view)
        self._start_views: dict[int | None, Message] = {}
        # when each seat was last sent its missed observations (welcome_for)
        self._views_given: dict[int, float] = {}
        # its computer seats, clocks and ownership (server/room_automation.py)
        self.auto = RoomAutomation(self, pool)

    @property
    def paused(self) -> bool:
        """The computer seats wait for somebody to come back."""
        return self.auto.paused

    # ---- what viewers see -------------------------------------------------------

    def catalogue(self) -> Any:
        """The game's card catalogue (the contract's, public; sent once, in `welcome`)."""
        return _catalogue(self.row.game, json.dumps(self.row.options, sort_keys=True))

    def connected(self) -> list[bool]:
        return list(self.presence()[0])

    def bots(self) -> list[bool]:
        """Each seat: a program plays it now (a connection said hello as a bot)."""
        return list(self.presence()[2])

    def local_presence(self) -> Presence:
        seats = {c.viewer for c in self.conns if c.joined}
        bots = {c.viewer for c in self.conns if c.joined and c.bot}
        return (tuple(s.kind == COMPUTER or s.seat in seats for s in self.row.seats),
                sum(1 for c in self.conns if c.joined and c.viewer is None),
                tuple(s.seat in bots for s in self.row.seats))

    def presence(self) -> Presence:
        """Who is connected, here and (PostgreSQL) to the other processes: each seat,
        the spectators' count, and each seat played by a program."""
        if self._presence_now is None:
            self._presence_now = self._merged_presence()
        return self._presence_now

    def _merged_presence(self) -> Presence:
        seats, spectators, bots = self.local_presence()
        merged, programs = list(seats), list(bots)
        for remote, watching, remote_bots in self.cluster.remote(self.row.id):
            if len(remote) == len(merged) == len(remote_bots):
                merged = [a or b for a, b in zip(merged, remote, strict=True)]
                programs = [a or b for a, b in zip(programs, remote_bots, strict=True)]
            spectators += watching
        return tuple(merged), spectators, tuple(programs)

    def can_undo(self, viewer: int | None) -> bool:
        # (asked for every update: the cheap refusals first)
        if viewer is None or viewer != self.only_human or self.state.is_over():
            return False
        if self.auto.control is not None:
            return False        # taking a move back would hand its time back too
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
        return messages.snapshot(self.game, self.state, self.row, viewer,
                                 count=len(self.texts), presence=self.presence(),
                                 can_undo=self.can_undo(viewer), clock=self.auto.clock_public())

    def log_for(self, viewer: int | None) -> list[Message]:
        return messages.log_for(self.actions, self.events, viewer)

    def start_view(self, viewer: int | None) -> Message:
        """What `viewer` saw before the first action (dealt again from the stored
        setup: it never changes, so it is kept once worked out)."""
        seen = self._start_views.get(viewer)
        if seen is None:
            row = self.row
            seen = self.game.new_game(row.players, row.seed, **row.options).observation(viewer)
            self._start_views[viewer] = seen
        return seen

    def welcome(self, viewer: int | None, kind: str = "welcome") -> Message:
        return messages.welcome(self.game, self.row, viewer, catalogue=self.catalogue(),
                                log=self.log_for(viewer), start=self.start_view(viewer),
                                snapshot=self.snapshot(viewer), kind=kind)

    def welcome_for(self, seat: int | None, seen: int | None) -> Message:
        """The welcome, its log's entries after the first `seen` carrying what `seat`
        saw after each: at most the last `views_actions` of them, and for a seat at
        most once every `views_every` seconds (a replay of the game each time); a
        spectator's, or one asked too soon, is the plain welcome."""
        welcome = self.welcome(seat)
        if seat is None or seen is None or seen >= len(self.texts):
            return welcome
        now = time.monotonic()
        if now - self._views_given.get(seat, -1e9) < self.limits.views_every:
            return welcome
        self._views_given[seat] = now
        after = max(seen, len(self.texts) - self.limits.views_actions)
        messages.observed_log(self.game, self.row, self.texts, welcome["log"], seat, after)
        return welcome

    # ---- connections ------------------------------------------------------------

    async def refresh(self) -> None:
        """Read the game's row again: seats claimed and their flags, the clocks' start,
        the rematch (another process may have changed them)."""
        row = await self.writer.call(self.storage.get_game, self.row.id)
        if row is not None:
            self.take_row(row)

    def take_row(self, row: GameRow) -> None:
        """What may change of the game's row, as the database has it now."""
        self.row.seats = row.seats
        self._presence_now = None
        self.row.clock_start = row.clock_start
        self.row.rematch = row.rematch
        self.row.abandoned = row.abandoned
        self.row.over = self.row.over or row.over

    async def join(self, conn: Connection, seat: int | None, token: str | None,
                   bot: bool = False, seen: int | None = None) -> None:
        """`conn` says hello for `seat` with `token` (or to watch); `bot`: a program
        plays the seat, which everybody is shown; `seen`: the seat saw the first `seen`
        actions' updates, and would have its observations after the others
        (`welcome_for`). The game's row is read again with the hello (another process
        may have changed the seats), and a seat's first hello is stored in the same
        transaction."""
        seats = self.row.seats
        before = (self.row.clock_start,
                  seats[seat].absent if seat is not None and 0 <= seat < len(seats) else None)
        row = await self.writer.call(self.storage.hello, self.row.id, seat, token)
        if row is not None:
            self.take_row(row)
        if self.row.abandoned:
            raise RoomError("no_game", "the game was abandoned by its creator")
        if seat is not None:
            if not (0 <= seat < len(self.row.seats)):
                raise RoomError("bad_seat", f"this game has seats 1 to {len(self.row.seats)}")
            info = self.row.seats[seat]
            if info.kind == COMPUTER:
                raise RoomError("bad_seat", f"seat {seat + 1} is a computer player")
            if not holds(info, token):
                raise RoomError("bad_token", f"this link's token for seat {seat + 1} is "
                                             "not (or no longer) valid")
            if (self.row.clock_start, info.absent) != before:
                if self.auto.control is not None:
                    self.broadcast_seats()     # the clocks started, or the seat is back
                self.auto.clock_changed()
        if conn not in self.conns:
            self.conns.append(conn)
        conn.viewer = seat
        conn.bot = bot and seat is not None
        conn.joined = True
        self._presence_now = None
        conn.send(self.welcome_for(seat, seen))
        self.auto.watched()
        self.presence_changed()
        self.auto.kick()  # a computer player that stopped (an error, a pause) goes on

    def leave(self, conn: Connection) -> None:
        self.used = time.monotonic()
        if conn in self.conns:
            self.conns.remove(conn)
            self._presence_now = None
            self.auto.watched()
            self.presence_changed()

    def somebody_there(self) -> bool:
        seats, spectators, _ = self.presence()
        return spectators > 0 or any(
            c and s.kind == HUMAN for c, s in zip(seats, self.row.seats, strict=True))

    def human_there(self) -> bool:
        """A human seat is connected: its computer opponents go first in the pool."""
        seats, _, _ = self.presence()
        return any(c and s.kind == HUMAN for c, s in zip(seats, self.row.seats, strict=True))

    def presence_changed(self) -> None:
        """Announce who is connected, only when it changed since the last announcement
        and at most once every `limits.presence_interval` seconds (the last change
        of a burst is announced when the interval is over)."""
        self._presence_now = None
        self.announce_presence()
        if self._presence_timer is not None or self.presence() == self._presence_sent:
            return
        loop = asyncio.get_running_loop()
        wait = self._presence_at + self.limits.presence_interval - loop.time()
        if wait > 0:
            self._presence_timer = loop.call_later(wait, self._announce_presence)
        else:
            self._announce_presence()

    def announce_presence(self, force: bool = False) -> None:
        """Tell the other processes who is connected here, when it changed."""
        local = self.local_presence()
        if force or local != self._local_sent:
            self._local_sent = local
            self.cluster.announce(self.row.id, local)

    def _announce_presence(self) -> None:
        self._presence_timer = None
        now = self.presence()
        if now == self._presence_sent or self.closed:
            return
        self._presence_sent = now
        self._presence_at = asyncio.get_running_loop().time()
        message = encode(messages.presence_message(now))
        for conn in self.conns:
            if conn.joined:
                conn.send(message)

    def broadcast_update(self, row: ActionRow, events: list[Event]) -> None:
        cache: dict[int | None, str] = {}   # each viewer's message, encoded once
        for conn in self.conns:
            if not conn.joined:
                continue
            viewer = conn.viewer
            if viewer not in cache:
                cache[viewer] = encode(messages.update(row, events, viewer,
                                                       self.snapshot(viewer)))
            conn.send(cache[viewer])

    def broadcast_sync(self) -> None:
        for conn in self.conns:
            if conn.joined:
                conn.send(self.welcome(conn.viewer, kind="sync"))

    def broadcast_seats(self) -> None:
        """Seats and clocks changed (a seat's time ran out, it came back)."""
        message = encode(messages.seats_message(self.row, self.auto.clock_public(),
                                                self.presence()))
        for conn in self.conns:
            if conn.joined:
                conn.send(message)

    def broadcast_rematch(self) -> None:
        for conn in self.conns:
            if conn.joined:
                conn.send(messages.rematch_message(self.row, conn.viewer))

    # ---- playing ----------------------------------------------------------------

    def _take(self, row: ActionRow, new: State, events: list[Event]) -> None:
        """Make a committed action this room's: the state, the log, the sockets."""
        self.state = new
        self.actions.append(row)
        self.texts.append(row.text)
        self.actors.append(row.seat)
        self.events.append(events)
        self.version += 1
        if new.is_over():
            self.row.over = True
            self.row.winners = result_winners(new, self.row)
            # (another process's last action: whichever process gets there first
            # stores the result, the database sees to it)
            spawn(self.settle())
        self.broadcast_update(row, events)

    async def catch_up(self) -> int:
        """Read and apply the actions the database has beyond this copy (under the
        lock); how many there were."""
        rows = await self.writer.call(self.storage.action_rows, self.row.id,
                                      len(self.texts))
        for row in rows:
            new = self.state.clone()
            events = replay_action(new, row.text, row.idx + 1)
            self._take(row, new, events)
        if rows:
            self.auto.clock_changed()
        return len(rows)

    def hear(self, row: ActionRow) -> None:
        """Another process committed `row` (or this one did: then it is here already).
        The next action, while nothing holds the room, is taken at once; anything else
        waits its turn for the lock."""
        if row.idx < len(self.texts):
            return
        if row.idx == len(self.texts) and not self.lock.locked():
            self._take_heard(row)
            self.auto.kick()
        else:
            spawn(self.heard(row))

    async def heard(self, row: ActionRow) -> None:
        """`hear`, under the room's lock."""
        async with self.lock:
            if row.idx < len(self.texts):
                return
            if row.idx == len(self.texts):
                self._take_heard(row)
            else:
                self.cluster.stats.missed += 1
                await self.catch_up()
        self.auto.kick()

    def _take_heard(self, row: ActionRow) -> None:
        try:
            new = self.state.clone()
            events = replay_action(new, row.text, row.idx + 1)
        except CardtableError:
            log.exception("game %s: a notified action does not apply", self.row.id)
            return
        self._take(row, new, events)
        self.auto.clock_changed()

    async def reload(self) -> None:
        """The game was taken back (undo) in another process: read it again."""
        async with self.lock:
            rows = await self.writer.call(self.storage.action_rows, self.row.id)
            self.actions = rows
            self.texts = [a.text for a in rows]
            self.actors = [a.seat for a in rows]
            self.state, self.events = replay(self.game, self.row, self.texts)
            self.row.over = self.state.is_over()
            self.version += 1
            self.broadcast_sync()
        self.auto.kick()

    async def submit(self, seat: int, text: str, expect_n: int | None = None,
                     version: int | None = None, actor: str | None = None) -> int:
        """Validate, store, then announce `text` played by `seat`; the new action count."""
        async with self.lock:
            for _attempt in range(5):
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
                    raise RoomError("not_your_turn",
                                    f"it is not your turn ({who} must decide)")
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
                    created = await self.writer.append(self.row.id, index, seat, canonical,
                                                       actor)
                except StorageError:
                    # another process stored action `index` first: read what it stored
                    # and judge this one again against the game as it now stands
                    if await self.catch_up() == 0:
                        log.error("game %s: action %d taken, yet nothing to read",
                                  self.row.id, index)
                        raise RoomError("storage", "the action could not be saved; "
                                                   "try again") from None
                    continue
                except Exception as exc:
                    log.error("game %s: action %d not stored: %s", self.row.id, index, exc)
                    raise RoomError("storage", "the action could not be saved; try again") \
                        from None
                if new.is_over():
                    await self.writer.call(self.storage.finish, self.row.id,
                                           result_winners(new, self.row))
                    # before anybody hears of the end: the end screen then finds
                    # the ratings it moved
                    await self.settle(new)
                self._take(ActionRow(index, seat, canonical, created, actor), new, events)
                break
            else:
                raise RoomError("storage", "the game is moving too fast; try again")
        self.auto.clock_changed()
        self.auto.kick()
        return index + 1

    async def undo(self, seat: int) -> None:
        """Take back `seat`'s last action and everything after it (games against the
        computer only)."""
        async with self.lock:
            if not self.can_undo(seat):
                raise RoomError("no_undo", "undo is only for your own last action, in a "
                                           "game where every other seat is a computer, "
                                           "with no clock, and not once it has shown you "
                                           "hidden cards")
            keep = max(i for i, a in enumerate(self.actors) if a == seat)
            texts = self.texts[:keep]
            state, events = replay(self.game, self.row, texts)
            await self.writer.call(self.storage.truncate, self.row.id, keep)
            self.row.over = False
            self.row.winners = None
            self.state, self.events = state, events
            self.texts, self.actors = texts, self.actors[:keep]
            self.actions = self.actions[:keep]
            self.version += 1
            self.broadcast_sync()
        self.auto.kick()

    # ---- the result ----------------------------------------------------------------

    def outcome(self, state: State) -> list[SeatOutcome]:
        """Each seat's result in a finished game: its account, place, whether it won,
        and its character (Thalara)."""
        winners = result_winners(state, self.row)
        place = places(state.scores(), winners, [s.forfeited for s in self.row.seats])
        seen = state.observation(None)["seats"]
        return [SeatOutcome(s.seat, s.account if s.kind == HUMAN else None, place[s.seat],
                            s.seat in winners, seen[s.seat].get("character"))
                for s in self.row.seats]

    async def settle(self, state: State | None = None) -> None:
        """The game is over (`state`, or the room's): store its result, once across
        every process, and with it move a rated game's ratings. A failure is logged
        and the game goes on (its result is tried again when a process takes it on)."""
        state = state or self.state
        if self._settled or self.results is None or not state.is_over():
            return
        self._settled = True
        try:
            await self.writer.call(self.results.settle, self.row.id,
                                   pool(self.row.game, self.row.players),
                                   self.outcome(state), self.row.rated)
        except Exception:
            self._settled = False
            log.exception("game %s: its result could not be stored", self.row.id)

    # ---- closing ------------------------------------------------------------------

    def abandon(self) -> None:
        """The creator gave the game up: tell everybody, close their sockets."""
        self.closed = True
        self.auto.let_go()
        if self._presence_timer is not None:
            self._presence_timer.cancel()
        for conn in list(self.conns):
            conn.send(messages.abandoned())
            conn.close(CLOSE_GONE, "the game was abandoned")

    async def close(self) -> None:
        self.closed = True
        if self._presence_timer is not None:
            self._presence_timer.cancel()
        await self.auto.close()


class Rooms:
    """The rooms in memory, loaded from storage on first use."""

    def __init__(self, storage: Storage, limits: Limits, pool: ComputerPool | None = None,
                 cluster: Cluster | None = None) -> None:
        self.storage = storage
        self.limits = limits
        self.pool = pool or ComputerPool(limits.ai_workers)
        self.cluster: Cluster = cluster or Alone()
        self.writer = ActionWriter(storage)
        self.results = Results(storage)
        self.rooms: dict[str, Room] = {}
        # what a chat line stored by any process sets going (server/chat.py)
        self.on_chat: Callable[[Room], Coroutine[Any, Any, None]] | None = None
        # games being read from the database, and what the other processes said of
        # each meanwhile (told to its room once it is there)
        self._loading: dict[str, list[tuple[str, Any]]] = {}

    def get(self, game_id: str) -> Room:
        """The game's room, read from the database on this thread if it is not loaded
        (`load` does the reading in a database thread)."""
        room = self.rooms.get(game_id)
        if room is None:
            room = self._add(game_id, *self.storage.game_and_actions(game_id))
        room.used = time.monotonic()
        return room

    async def load(self, game_id: str) -> Room:
        """The game's room; a game not in memory is read in a database thread, so the
        event loop goes on with the other games meanwhile."""
        room = self.rooms.get(game_id)
        if room is not None:
            room.used = time.monotonic()
            return room
        if not could_be_id(game_id):
            raise RoomError("no_game", f"there is no game {game_id!r}")
        heard = self._loading.setdefault(game_id, [])
        try:
            row, actions = await self.writer.call(self.storage.game_and_actions, game_id)
        finally:
            if self._loading.get(game_id) is heard:
                del self._loading[game_id]
        # (another connection may have loaded it meanwhile)
        room = self.rooms.get(game_id) or self._add(game_id, row, actions)
        for kind, what in heard:            # what may have passed while it was read
            if kind == "a":
                self.heard_action(game_id, what)
            else:
                self.heard_event(game_id, what)
        return room

    def _add(self, game_id: str, row: GameRow | None, actions: list[ActionRow]) -> Room:
        """The room of a game just read from the database (RoomError if it is gone)."""
        if row is None or row.abandoned:
            raise RoomError("no_game", f"there is no game {game_id!r}")
        room = Room(row, self.storage, self.writer, self.pool, self.limits, self.cluster,
                    actions, self.results)
        self.forget_unused_finished()
        self.rooms[row.id] = room
        self.cluster.ask(row.id)
        return room

    def forget_unused_finished(self) -> None:
        """Drop from memory the finished games nobody is at, longest unused first, while
        more than `limits.finished_rooms` of them are held; each is read again from the
        database if asked for. Unfinished games are bounded where they are created (a
        number an address); without this, a client finishing game after game, or
        asking for old games one by one, would grow the server's memory without end.
        A room used in the last `limits.finished_idle` seconds stays, so that nothing
        holding it from a moment ago finds it gone."""
        limit = self.limits.finished_rooms
        finished = [room for room in self.rooms.values()
                    if room.row.over and not room.conns and not room.visitors]
        if len(finished) <= limit:
            return
        finished.sort(key=lambda room: room.used)
        idle_since = time.monotonic() - self.limits.finished_idle
        try:
            asyncio.get_running_loop()
            running = True
        except RuntimeError:    # read outside the server's loop: nothing of it runs
            running = False
        for room in finished[:len(finished) - limit]:
            if room.used > idle_since:
                break
            self.rooms.pop(room.row.id, None)
            if running:
                spawn(self._forget(room))

    async def _forget(self, room: Room) -> None:
        await room.close()
        await self.cluster.release(room.row.id)

    async def start(self) -> int:
        """Load every unfinished game this process can own and start its computer
        players and clocks (computer seats pause again once nobody has come for
        `limits.idle_pause` seconds)."""
        for name in games():
            # read the card files and build what every first hello needs now, not
            # while hundreds of seats say hello after a restart
            game = load_game(name)
            game.catalogue({})
            game.new_game(2, 1).observation(0)
        count = 0
        for game_id in self.storage.unfinished_ids():
            try:
                if await self.cluster.claim(game_id):
                    await (await self.load(game_id)).auto.take_on()
                    count += 1
            except Exception:
                log.exception("game %s cannot be resumed", game_id)
        return count

    async def created(self, room: Room) -> None:
        """A game made here: this process plays it."""
        if await self.cluster.claim(room.row.id):
            room.auto.clock_changed()
            room.auto.kick()

    async def adopt(self, game_ids: Iterable[str]) -> None:
        for game_id in game_ids:
            try:
                await (await self.load(game_id)).auto.take_on()
            except RoomError:
                await self.cluster.release(game_id)
            except Exception:
                log.exception("game %s cannot be adopted", game_id)

    def lost(self, game_ids: Iterable[str]) -> None:
        for game_id in game_ids:
            if game_id in self.rooms:
                self.rooms[game_id].auto.let_go()

    # ---- what the other processes say ------------------------------------------------

    def heard_action(self, game_id: str, row: ActionRow) -> None:
        if game_id in self._loading:
            self._loading[game_id].append(("a", row))
        room = self.rooms.get(game_id)
        # (an action this process stored comes back too: it is here already)
        if room is not None:
            room.hear(row)

    def heard_event(self, game_id: str, kind: str) -> None:
        if game_id in self._loading:
            self._loading[game_id].append(("e", kind))
        room = self.rooms.get(game_id)
        if room is None:
            return
        if kind == "abandoned":
            room.abandon()
            self.rooms.pop(game_id, None)
        elif kind == "undo":
            spawn(room.reload())
        elif kind == "seats":
            spawn(self._seats_changed(room))
        elif kind == "rematch":
            spawn(self._rematch_changed(room))
        elif kind == "chat" and self.on_chat is not None:
            spawn(self.on_chat(room))

    def heard_presence(self, game_id: str) -> None:
        room = self.rooms.get(game_id)
        if room is not None:
            room.presence_changed()
            room.auto.kick()

    async def _seats_changed(self, room: Room) -> None:
        before = [(s.claimed, s.absent, s.forfeited, s.name) for s in room.row.seats]
        start = room.row.clock_start
        await room.refresh()
        after = [(s.claimed, s.absent, s.forfeited, s.name) for s in room.row.seats]
        if after != before or (room.auto.control is not None and room.row.clock_start != start):
            room.broadcast_seats()
            room.auto.clock_changed()
            room.auto.kick()

    async def _rematch_changed(self, room: Room) -> None:
        await room.refresh()
        room.broadcast_rematch()

    async def catch_up_all(self) -> None:
        """After notifications may have been lost: read what every room missed."""
        for room in list(self.rooms.values()):
            async with room.lock:
                if await room.catch_up():
                    self.cluster.stats.missed += 1
            await self._seats_changed(room)
            room.auto.kick()

    async def abandon(self, room: Room) -> None:
        await self.writer.call(self.storage.abandon, room.row.id)
        room.row.abandoned = True
        room.abandon()
        self.rooms.pop(room.row.id, None)
        await self.cluster.release(room.row.id)

    async def close(self) -> None:
        for room in self.rooms.values():
            await room.close()
        await self.writer.close()
        await self.pool.close()
