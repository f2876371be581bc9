"""A real server process, killed with SIGKILL in the middle of a game and started
again: the game goes on where it stood and the computer seat resumes."""

from __future__ import annotations

import json
import random
import time
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


def children(pid: int) -> list[int]:
    """The processes whose parent is `pid` (Linux /proc)."""
    out = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(stat[1]) == pid:
                out.append(int(entry.name))
    return out


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


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
        workers = children(server.proc.pid)
        assert workers, "the computer-player pool has its worker processes"
        server.kill9()
        # the pool's workers end with their server, even one killed with SIGKILL
        deadline = time.monotonic() + 10
        while any(alive(pid) for pid in workers) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert not any(alive(pid) for pid in workers)
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
        info = httpx.get(f"{server.base}/api/games/{made['id']}").json()
        checker = LeakChecker("vale", 2, 21, {}, [s["name"] for s in info["seats"]])
        checker.check(msg, 0, [t for _, t in final])
        assert info["over"]
    finally:
        server.stop()
