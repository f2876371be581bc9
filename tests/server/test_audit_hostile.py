"""Hostile clients against the promises the other tests leave open: what one client
can make the server's shared resources hold or do for it."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from cardtable.server import computers
from cardtable.server.app import create_app

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
