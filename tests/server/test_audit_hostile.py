"""Hostile clients against the promises the other tests leave open: what one client
can make the server's shared resources hold or do for it."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from cardtable.server import computers
from cardtable.server.app import create_app
from cardtable.server.limits import Limits

from .helpers import first_decision
from .test_protocol import create, hello, receive


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'audit.db'}", allow_seeds=True)) as c:
        yield c


def test_a_seat_on_many_sockets_puts_one_hint_search_in_the_pool(
        client: TestClient) -> None:
    """The computer-player pool is shared by every game, and a hint goes ahead of the
    other games' moves: a seat that opens many sockets and asks for a hint on each
    must not put a search per socket in front of everybody else (a game has one job
    in the pool at a time). Every socket still gets its hint."""
    pool = client.app.state.rooms.pool     # type: ignore[attr-defined]
    original: Callable[..., Any] = pool.run
    searches: list[int] = []
    running = [0]

    async def counting(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        if fn is not computers.hint:
            return await original(fn, *args, **kwargs)
        running[0] += 1
        searches.append(running[0])
        try:
            await asyncio.sleep(2.0)       # a search long enough for the asks to overlap
            return await original(fn, *args, **kwargs)
        finally:
            running[0] -= 1

    pool.run = counting
    made = create(client, game="vale", seed=3,
                  seats=[{"kind": "human"}, {"kind": "computer", "agent": "random"}])
    token = made["seats"][0]["token"]
    sockets = 6
    with contextlib.ExitStack() as stack:
        conns = [stack.enter_context(client.websocket_connect(f"/ws/{made['id']}"))
                 for _ in range(sockets)]
        decision = first_decision(conns[0], hello(conns[0], 0, token))
        for ws in conns[1:]:
            hello(ws, 0, token)
        for i, ws in enumerate(conns):
            ws.send_json({"type": "hint", "id": i})
        answers = [receive(ws, "hint") for ws in conns]
    assert [a["id"] for a in answers] == list(range(sockets))
    for answer in answers:
        assert answer["n"] == decision["n"] and answer["actions"]
        assert all(entry["action"] in decision["legal"] for entry in answer["actions"])
    assert len(searches) == 1, f"{len(searches)} hint searches for one seat's decision"


def test_finished_games_asked_for_one_by_one_do_not_pile_up_in_memory(
        tmp_path: Path) -> None:
    """Unfinished games are bounded by address, but every game ever loaded stayed in
    memory: a client finishing game after game, or asking for old games one by one,
    grew the server without end. Beyond `finished_rooms` finished games nobody is at,
    the longest unused go, and come back from the database, the same, when asked for."""
    limits = Limits(allow_computer_games=True, finished_rooms=2, finished_idle=0.0)
    url = f"sqlite:///{tmp_path / 'rooms.db'}"
    bots = [{"kind": "computer", "agent": "random"}] * 2
    with TestClient(create_app(url, limits=limits)) as client:
        rooms = client.app.state.rooms      # type: ignore[attr-defined]
        made = [client.post("/api/games", json={"game": "thalara", "seats": bots,
                                               "computer_delay_ms": 0}).json()["id"]
                for _ in range(6)]
        deadline = time.monotonic() + 60
        while not all(client.get(f"/api/games/{g}").json()["over"] for g in made):
            assert time.monotonic() < deadline, "the computer games did not finish"
            time.sleep(0.1)
        results = {g: client.get(f"/api/games/{g}/result").json() for g in made}
        create(client, game="thalara")       # the next game made drops the oldest
        assert len([r for r in rooms.rooms.values() if r.row.over]) == limits.finished_rooms
        for _ in range(2):                  # every game asked for again, one by one
            for game_id in made:
                assert client.get(f"/api/games/{game_id}/result").json() == results[game_id]
                finished = [r for r in rooms.rooms.values() if r.row.over]
                assert len(finished) <= limits.finished_rooms + 1, len(finished)
        # a socket at a finished game keeps it, however many others are asked for
        with client.websocket_connect(f"/ws/{made[0]}") as ws:
            assert hello(ws)["type"] == "welcome"
            for game_id in made[1:]:
                client.get(f"/api/games/{game_id}/result")
                assert made[0] in rooms.rooms
