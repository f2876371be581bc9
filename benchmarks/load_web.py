"""Load on the game server: many concurrent games whose seats are random agents playing
as websocket clients on loopback; optionally a SIGKILL of the server in the middle.

    .venv/bin/python benchmarks/load_web.py [--games 50] [--db URL] [--kill-after 5]

It starts `python -m cardtable.server` itself (SQLite in a temporary folder unless
--db is given), creates the games over HTTP (half Thalara, half Vale, two seats each),
and connects one websocket per seat. A seat client picks a random legal action text
the moment it is asked to decide. Reported:

- the round trip of an action: from sending `act` to receiving its `ack` (which the
  server sends after the action is committed and announced), p50/p95/p99/max;
- the error messages received (there should be none);
- against the database afterwards: every acknowledged action is stored at its index
  with its text, no index is missing or doubled, every game replays to its end; with
  no kill, the stored actions are exactly the acknowledged ones.

With --kill-after S the server is killed with SIGKILL after S seconds and started
again at once on the same port and database; the clients reconnect by themselves.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import websockets

from cardtable.engine.record import GameRecord
from cardtable.server.storage import Storage


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Server:
    def __init__(self, db: str, port: int) -> None:
        self.db = db
        self.port = port
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> float:
        t0 = time.perf_counter()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "cardtable.server", "--port", str(self.port),
             "--db", self.db, "--allow-seeds"], stdout=subprocess.DEVNULL)
        while True:
            try:
                if httpx.get(f"http://127.0.0.1:{self.port}/api/meta", timeout=1).is_success:
                    return time.perf_counter() - t0
            except httpx.HTTPError:
                time.sleep(0.02)
            if self.proc.poll() is not None:
                raise SystemExit("the server did not start")

    def kill9(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()

    def cpu_seconds(self) -> float:
        """User and system CPU time of the server process so far (Linux)."""
        assert self.proc is not None
        try:
            fields = Path(f"/proc/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
            return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        except (OSError, IndexError, ValueError):
            return float("nan")

    def rss_mb(self) -> float:
        assert self.proc is not None
        try:
            for line in Path(f"/proc/{self.proc.pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
        except OSError:
            pass
        return float("nan")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait()


@dataclass
class Seat:
    game_id: str
    seat: int
    token: str
    rng: random.Random
    acked: dict[int, str] = field(default_factory=dict)   # action index -> text
    rtts: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    reconnects: int = 0
    over: bool = False


async def run_seat(url: str, seat: Seat, think: float) -> None:
    pending: dict[int, tuple[float, str, int]] = {}
    next_id = 0
    while not seat.over:
        try:
            async with websockets.connect(url, max_size=None, compression=None) as ws:
                await ws.send(json.dumps({"type": "hello", "seat": seat.seat,
                                          "token": seat.token}))
                last: dict[str, Any] | None = None
                async for raw in ws:
                    msg: dict[str, Any] = json.loads(raw)
                    kind = msg["type"]
                    if kind == "ack":
                        sent, text, n_before = pending.pop(msg["id"])
                        seat.rtts.append(time.perf_counter() - sent)
                        assert msg["n"] == n_before + 1
                        seat.acked[n_before] = text
                    elif kind == "error":
                        seat.errors.append(f"{msg['code']}: {msg['message']}")
                        pending.pop(msg.get("id"), None)
                    elif "observation" in msg:
                        last = msg
                        if msg["over"]:
                            seat.over = True
                    if seat.over and not pending:
                        return
                    # decide once the last action is acknowledged and the newest state
                    # asks this seat
                    if last is not None and not seat.over and last["legal"] and not pending \
                            and last["n"] not in seat.acked:
                        text = seat.rng.choice(last["legal"])
                        if think:
                            await asyncio.sleep(seat.rng.uniform(0, 2 * think))
                        next_id += 1
                        pending[next_id] = (time.perf_counter(), text, last["n"])
                        await ws.send(json.dumps({"type": "act", "action": text,
                                                  "n": last["n"], "id": next_id}))
        except (TimeoutError, OSError, websockets.ConnectionClosed, websockets.InvalidHandshake):
            pending.clear()   # unknown whether it was stored: the welcome will tell
            seat.reconnects += 1
            await asyncio.sleep(0.1)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def main_async(args: argparse.Namespace) -> int:
    tmp = tempfile.mkdtemp(prefix="cardtable-load-")
    db = args.db or f"sqlite:///{Path(tmp) / 'load.db'}"
    port = free_port()
    server = Server(db, port)
    server.start()
    base = f"http://127.0.0.1:{port}"
    seats: list[Seat] = []
    games: dict[str, tuple[str, int]] = {}
    try:
        async with httpx.AsyncClient() as client:
            for i in range(args.games):
                name = "thalara" if i % 2 == 0 else "vale"
                seed = 1000 + i
                made = (await client.post(base + "/api/games", json={
                    "game": name, "seed": seed, "listed": False})).json()
                games[made["id"]] = (name, seed)
                for s in made["seats"]:
                    seats.append(Seat(made["id"], s["seat"], s["token"],
                                      random.Random(seed * 10 + s["seat"])))
        t0 = time.perf_counter()
        tasks = [asyncio.create_task(run_seat(f"ws://127.0.0.1:{port}/ws/{s.game_id}", s,
                                                 args.think_ms / 1000))
                 for s in seats]
        restart = None
        acked_before_kill = 0
        if args.kill_after:
            await asyncio.sleep(args.kill_after)
            server.kill9()
            acked_before_kill = sum(len(s.acked) for s in seats)
            killed_acked = {(s.game_id, n): t for s in seats for n, t in s.acked.items()}
            restart = await asyncio.to_thread(server.start)
        _done, not_done = await asyncio.wait(tasks, timeout=args.timeout)
        elapsed = time.perf_counter() - t0
        server_cpu = server.cpu_seconds()
        server_rss = server.rss_mb()
    finally:
        server.stop()
    rtts = [r for s in seats for r in s.rtts]
    errors = [e for s in seats for e in s.errors]
    store = Storage(db)
    lost = duplicated = unfinished = mismatched = 0
    stored_total = 0
    for game_id, (name, seed) in games.items():
        stored = store.actions(game_id)   # raises on a gap in the indexes
        stored_total += len(stored)
        acked: dict[int, str] = {}
        for s in seats:
            if s.game_id != game_id:
                continue
            for n, text in s.acked.items():
                if n in acked:
                    duplicated += 1
                acked[n] = text
        for n, text in acked.items():
            if n >= len(stored) or stored[n][1] != text:
                lost += 1
        if not args.kill_after and len(acked) != len(stored):
            mismatched += 1
        state = GameRecord(name, 2, seed, {}, [t for _, t in stored]).replay()
        if not state.is_over():
            unfinished += 1
    print(f"think time: {args.think_ms:.0f} ms on average")
    print(f"games: {len(games)} ({len(not_done)} clients still running after "
          f"{args.timeout:.0f} s), seats: {len(seats)}, database: {db.split(':')[0]}")
    print(f"actions acknowledged: {len(rtts)} in {elapsed:.1f} s "
          f"({len(rtts) / elapsed:.0f}/s); stored: {stored_total}")
    print(f"CPU seconds: server {server_cpu:.1f} (since its last start), "
          f"clients {time.process_time():.1f}; server memory {server_rss:.0f} MB; "
          f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    if rtts:
        ms = [r * 1000 for r in rtts]
        print(f"round trip (ms): p50 {statistics.median(ms):.1f}  p95 {percentile(ms, .95):.1f}"
              f"  p99 {percentile(ms, .99):.1f}  max {max(ms):.1f}")
    print(f"errors: {len(errors)} {errors[:5]}")
    print(f"acknowledged but not stored: {lost}; acknowledged twice: {duplicated}; "
          f"games whose stored and acknowledged actions differ: {mismatched}; "
          f"games not finished: {unfinished}")
    if args.kill_after:
        still = sum(1 for (g, n), t in killed_acked.items()
                    if n >= len(store.actions(g)) or store.actions(g)[n][1] != t)
        print(f"kill -9 after {args.kill_after} s: {acked_before_kill} actions acknowledged "
              f"before the kill, {still} of them missing afterwards; restart took "
              f"{restart:.2f} s; reconnection attempts: {sum(s.reconnects for s in seats)}")
    store.close()
    ok = not errors and not lost and not duplicated and not mismatched and not unfinished \
        and not not_done
    return 0 if ok else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--db", help="SQLAlchemy URL (default: SQLite in a temp folder)")
    parser.add_argument("--kill-after", type=float, default=0.0,
                        help="SIGKILL the server after this many seconds, then restart it")
    parser.add_argument("--timeout", type=float, default=600.0)
    parser.add_argument("--think-ms", type=float, default=0.0,
                        help="a seat waits a random 0 to 2x this long before acting "
                             "(default 0: at once, which saturates the server)")
    args = parser.parse_args()
    # the clients' own garbage-collector pauses would count as round-trip time
    gc.collect()
    gc.freeze()
    gc.set_threshold(50000, 100, 1000)
    try:
        import uvloop  # the server uses it too when it is installed
    except ImportError:
        return asyncio.run(main_async(args))
    return uvloop.run(main_async(args))


if __name__ == "__main__":
    sys.exit(main())
