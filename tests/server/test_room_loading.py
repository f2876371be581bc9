"""How a process keeps its copy of a game: the room read in a database thread, with what
the other processes said meanwhile; actions heard from them taken at once or in turn;
who is connected worked out once between changes; messages encoded as JSON and
written together when the socket takes them."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from cardtable import load_game
from cardtable.server.cluster import Alone, Presence
from cardtable.server.connection import Connection, encode
from cardtable.server.limits import Limits
from cardtable.server.rooms import Rooms
from cardtable.server.storage import HUMAN, ActionRow, Storage


class Elsewhere(Alone):
    """One other process, whose sockets the test decides."""

    def __init__(self) -> None:
        super().__init__()
        self.there: list[Presence] = []

    def remote(self, game_id: str) -> list[Presence]:
        return self.there


def make_rooms(tmp_path: Path, cluster: Alone | None = None) -> tuple[Rooms, Storage, str]:
    storage = Storage(f"sqlite:///{tmp_path / 'games.db'}")
    row = storage.create_game("vale", 2, 31, {}, [(HUMAN, None, "a"), (HUMAN, None, "b")])
    return Rooms(storage, Limits(ai_workers=1), cluster=cluster), storage, row.id


def opening(n: int) -> list[str]:
    """The first `n` actions of a game of Vale with seed 31, each the first legal one."""
    state = load_game("vale").new_game(2, 31)
    texts = []
    for _ in range(n):
        action = state.legal_actions()[0]
        texts.append(str(action))
        state.apply(action)
    return texts


def viewer(seat: int | None) -> Connection:
    async def nowhere(_text: str) -> None:
        return None

    conn = Connection(nowhere, Limits(ai_workers=1))
    conn.viewer = seat
    conn.joined = True
    return conn


def test_what_is_heard_while_a_room_is_read_reaches_it(tmp_path: Path) -> None:
    rooms, storage, game_id = make_rooms(tmp_path)
    first, second = opening(2)
    storage.append_action(game_id, 0, 0, first)
    read = rooms.writer.call

    async def read_then_hear(fn: Any, *args: Any) -> Any:
        out = await read(fn, *args)       # the room's row and actions as they were
        # ... and meanwhile another process stores action 1 and says so
        created = storage.append_action(game_id, 1, 0, second)
        rooms.heard_action(game_id, ActionRow(1, 0, second, created, None))
        return out

    async def run() -> list[str]:
        rooms.writer.call = read_then_hear  # type: ignore[method-assign]
        room = await rooms.load(game_id)
        return room.texts

    assert asyncio.run(run()) == [first, second]
    assert game_id not in rooms._loading


def test_an_action_heard_while_the_room_is_busy_waits_its_turn(tmp_path: Path) -> None:
    rooms, storage, game_id = make_rooms(tmp_path)
    first, second = opening(2)
    room = rooms.get(game_id)

    async def run() -> tuple[list[str], list[str], list[str]]:
        created = storage.append_action(game_id, 0, 0, first)
        room.hear(ActionRow(0, 0, first, created, None))       # free: taken at once
        at_once = list(room.texts)
        async with room.lock:                                 # busy (a submit, say)
            created = storage.append_action(game_id, 1, 0, second)
            room.hear(ActionRow(1, 0, second, created, None))
            while_busy = list(room.texts)
        for _ in range(5):
            await asyncio.sleep(0)
        return at_once, while_busy, list(room.texts)

    at_once, while_busy, after = asyncio.run(run())
    assert at_once == [first]
    assert while_busy == [first]
    assert after == [first, second]


def test_an_action_heard_twice_is_taken_once(tmp_path: Path) -> None:
    rooms, storage, game_id = make_rooms(tmp_path)
    (first,) = opening(1)
    room = rooms.get(game_id)

    async def run() -> list[str]:
        created = storage.append_action(game_id, 0, 0, first)
        row = ActionRow(0, 0, first, created, None)
        room.hear(row)
        room.hear(row)
        await asyncio.sleep(0)
        return room.texts

    assert asyncio.run(run()) == [first]


def test_who_is_connected_follows_joins_leaves_and_other_processes(tmp_path: Path) -> None:
    cluster = Elsewhere()
    rooms, _storage, game_id = make_rooms(tmp_path, cluster)

    async def run() -> list[Any]:
        room = rooms.get(game_id)
        seen = [room.snapshot(None)["connected"]]
        seat0 = viewer(0)
        room.conns.append(seat0)
        room.presence_changed()
        seen.append(room.snapshot(0)["connected"])
        # seat 1 and two spectators elsewhere (no program)
        cluster.there = [((False, True), 2, (False, False))]
        rooms.heard_presence(game_id)
        seen.append((room.snapshot(0)["connected"], room.presence()[1]))
        room.leave(seat0)
        seen.append(room.snapshot(None)["connected"])
        return seen

    assert asyncio.run(run()) == [[False, False], [True, False], ([True, True], 2),
                                  [False, True]]


def test_messages_are_compact_json_whatever_their_keys() -> None:
    message = {"type": "update", "n": 3, "observation": {"seats": [{"hand": ["a", None]}]},
               "legal": ["pass"], "score": 1.5}
    text = encode(message)
    assert json.loads(text) == message
    assert " " not in text
    assert json.loads(encode({"totals": {1: 4}})) == {"totals": {"1": 4}}
    assert json.loads(encode({"big": 2**70})) == {"big": 2**70}    # past orjson's ints


def test_what_is_sent_in_one_turn_goes_out_in_one_write_in_order() -> None:
    writes: list[list[str]] = []
    via_asgi: list[str] = []
    taking = [True]

    def send_now(texts: list[str]) -> bool:
        if taking[0]:
            writes.append(list(texts))
        return taking[0]

    async def send_text(text: str) -> None:
        via_asgi.append(text)

    async def run() -> Connection:
        conn = Connection(send_text, Limits(ai_workers=1), send_now=send_now)
        writer = asyncio.create_task(conn.writer())
        await asyncio.sleep(0)         # the writer waits for work
        conn.send({"type": "update", "n": 1})
        conn.send({"type": "ack", "n": 1})
        await asyncio.sleep(0)
        taking[0] = False              # the client reads slower than we send
        conn.send({"type": "update", "n": 2})
        conn.send({"type": "ack", "n": 2})
        for _ in range(5):
            await asyncio.sleep(0)
        taking[0] = True
        conn.send({"type": "update", "n": 3})
        conn.close()
        await asyncio.wait_for(writer, 1)
        return conn

    conn = asyncio.run(run())
    assert [[json.loads(t)["n"] for t in batch] for batch in writes] == [[1, 1], [3]]
    assert [(json.loads(t)["type"], json.loads(t)["n"]) for t in via_asgi] == [
        ("update", 2), ("ack", 2)]
    assert not conn.queue and conn.queued_bytes == 0
