"""A real server process, killed with SIGKILL in the middle of a game and started
again: the game goes on where it stood and the computer seat resumes."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import httpx
from websockets.sync.client import connect

from cardtable.server.storage import Storage

from .helpers import LeakChecker, ServerProcess


def next_turn(ws: Any) -> dict[str, Any]:
    """Messages until the seat must decide or the game is over."""
    while True:
        msg: dict[str, Any] = json.loads(ws.recv(timeout=20))
        assert msg["type"] != "error", msg
        if "observation" in msg and (msg["legal"] or msg["over"]):
            return msg


def test_kill_9_and_restart(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'games.db'}"
    server = ServerProcess(url).start()
    try:
        made = httpx.post(server.base + "/api/games", json={
            "game": "vale", "seed": 21,
            "seats": [{"kind": "human"}, {"kind": "computer", "agent": "greedy"}]}).json()
        ws_url = f"ws://127.0.0.1:{server.port}/ws/{made['id']}"
        hello = json.dumps({"type": "hello", "seat": 0, "token": made["seats"][0]["token"]})
        rng = random.Random(5)
        acked = 0
        with connect(ws_url) as ws:
            ws.send(hello)
            msg = next_turn(ws)
            for _ in range(15):
                ws.send(json.dumps({"type": "act", "action": rng.choice(msg["legal"]),
                                    "n": msg["n"], "id": msg["n"]}))
                msg = next_turn(ws)
                acked = msg["n"]
        server.kill9()
        stored = Storage(url).actions(made["id"])
        assert len(stored) >= acked
        server.start()
        with connect(ws_url) as ws:
            ws.send(hello)
            msg = next_turn(ws)
            assert msg["type"] == "welcome" and msg["n"] >= acked
            while not msg["over"]:
                ws.send(json.dumps({"type": "act", "action": rng.choice(msg["legal"]),
                                    "n": msg["n"]}))
                msg = next_turn(ws)
        final = Storage(url).actions(made["id"])
        assert final[: len(stored)] == stored
        checker = LeakChecker("vale", 2, 21, {})
        checker.check(msg, 0, [t for _, t in final])
        info = httpx.get(f"{server.base}/api/games/{made['id']}").json()
        assert info["over"]
    finally:
        server.stop()
