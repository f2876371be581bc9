"""Load on the game server: many concurrent games whose seats are random agents playing
as websocket clients on loopback; optionally computer games thinking beside them,
several server processes on one database, and a SIGKILL of a server in the middle.

    .venv/bin/python benchmarks/load_web.py [--games 50] [--db URL] [--kill-after 5]
        [--computer-games 8 --computer-agent ismcts:hard] [--servers 3] [--think-ms 0]

It starts `python -m cardtable.server` itself (--servers of them, on the same database;
SQLite in a temporary folder unless --db is given; several servers need PostgreSQL),
creates the games over HTTP (half Thalara, half Vale, two human seats each; with
--servers, seat i of a game connects to server (game + i) mod servers, as a load
balancer without sticky sessions might send them), and connects one websocket per
seat. Every seat connects and says hello first; once all have their welcome, they
play (each game's first move at a random moment of the first --ramp-ms, 500 by
default, so that 200 games do not all move in the same instant): a seat client picks
a random legal action text the moment it is asked to decide
(or after a random pause of 0 to 2 x --think-ms). With --connect-while-playing each
seat plays as soon as it has its own welcome instead, so the first seconds of play
meet hundreds of hellos (as after a restart that every client reconnects to). Reported:

- the connection: from opening the websocket to receiving `welcome`, p50/p99/max, and
  how long until every seat had it;

- the round trip of an action: from sending `act` to receiving its `ack` (which the
  server sends after the action is committed and announced), p50/p95/p99/max;
- with --servers > 1, the time from the acting seat receiving its own update (its
  server has committed the action) to the other seat, connected to another server,
  receiving the same update: the cross-process delivery, p50/p99/max;
- the error messages received (there should be none);
- against the database afterwards: every acknowledged action is stored at its index
  with its text, no index is missing or doubled, every game replays to its end; with
  no kill, the stored actions are exactly the acknowledged ones.

--computer-games N adds N games of --computer-players seats, all played by
--computer-agent (the servers run with --allow-computer-games), each watched by a
spectator; they are load beside the measured human games and are not waited for.

With --kill-after S the first server is killed with SIGKILL after S seconds. With one
server it is started again at once on the same port and database; with several, its
clients reconnect to the next server, as a balancer would send them, and the
longest pause of the computer games the killed server was playing is reported.

The servers allow this many games and sockets from one address (--games-per-address,
--sockets-per-address: every client runs on this machine) and chosen seeds
(--allow-seeds); every other limit is the default.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
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

import aiohttp
import httpx
import orjson

from cardtable.engine.record import GameRecord
from cardtable.server.storage import Storage


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Server:
    def __init__(self, db: str, port: int, extra: list[str]) -> None:
        self.db = db
        self.port = port
        self.extra = extra
        self.proc: subprocess.Popen[bytes] | None = None
        self.alive = False
        self.cpu_base = 0.0

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> float:
        t0 = time.perf_counter()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "cardtable.server", "--port", str(self.port),
             "--db", self.db, "--allow-seeds", *self.extra], stdout=subprocess.DEVNULL)
        while True:
            try:
                if httpx.get(self.base + "/api/meta", timeout=1).is_success:
                    self.alive = True
                    self.cpu_base = 0.0   # a new process: its CPU counts from here
                    return time.perf_counter() - t0
            except httpx.HTTPError:
                time.sleep(0.02)
            if self.proc.poll() is not None:
                raise SystemExit("the server did not start")

    def kill9(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()
        self.alive = False

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
    seat: int | None            # None: a spectator
    token: str | None
    rng: random.Random
    server: int                 # which server it connects to first
    acked: dict[int, str] = field(default_factory=dict)   # action index -> text
    rtts: list[float] = field(default_factory=list)
    sent_at: list[float] = field(default_factory=list)   # when each measured act left
    errors: list[str] = field(default_factory=list)
    seen: dict[int, float] = field(default_factory=dict)  # n -> when its update came
    reconnects: int = 0
    over: bool = False
    welcome_after: float | None = None      # from opening the socket to the welcome
    welcomed_at: float = 0.0


class StartLine:
    """Play begins once every seat has its welcome (or at once, when it is open)."""

    def __init__(self, seats: int, open_now: bool, ramp: float = 0.0) -> None:
        self.missing = seats
        self.ramp = ramp
        self.go = asyncio.Event()
        if open_now or seats == 0:
            self.go.set()

    def arrived(self) -> None:
        self.missing -= 1
        if self.missing <= 0:
            self.go.set()


async def run_seat(servers: list[Server], seat: Seat, think: float,
                   session: aiohttp.ClientSession, line: StartLine) -> None:
    pending: dict[int, tuple[float, str, int]] = {}
    next_id = 0
    target = seat.server
    while not seat.over:
        while not servers[target].alive:
            target = (target + 1) % len(servers)
        url = f"ws://127.0.0.1:{servers[target].port}/ws/{seat.game_id}"
        opened = time.perf_counter()
        try:
            async with session.ws_connect(url, max_msg_size=0, compress=0,
                                          autoclose=True) as ws:
                await ws.send_str(orjson.dumps({"type": "hello", "seat": seat.seat,
                                                "token": seat.token}).decode())
                last: dict[str, Any] | None = None
                async for frame in ws:
                    if frame.type != aiohttp.WSMsgType.TEXT:
                        break
                    msg: dict[str, Any] = orjson.loads(frame.data)
                    kind = msg["type"]
                    if kind == "ack":
                        sent, text, n_before = pending.pop(msg["id"])
                        seat.rtts.append(time.perf_counter() - sent)
                        seat.sent_at.append(sent)
                        assert msg["n"] == n_before + 1
                        seat.acked[n_before] = text
                    elif kind == "error":
                        seat.errors.append(f"{msg['code']}: {msg['message']}")
                        if isinstance(msg.get("id"), int):
                            pending.pop(msg["id"], None)
                    elif "observation" in msg:
                        last = msg
                        if kind == "welcome" and seat.welcome_after is None:
                            seat.welcomed_at = time.perf_counter()
                            seat.welcome_after = seat.welcomed_at - opened
                            line.arrived()
                        if kind == "update":
                            seat.seen.setdefault(msg["n"], time.perf_counter())
                        if msg["over"]:
                            seat.over = True
                    if seat.over and not pending:
                        return
                    # decide once the last action is acknowledged and the newest state
                    # asks this seat
                    if last is not None and not seat.over and last["legal"] and not pending \
                            and last["n"] not in seat.acked:
                        if not line.go.is_set():
                            await line.go.wait()
                            # this game's first move, at a random moment of the ramp
                            await asyncio.sleep(seat.rng.uniform(0, line.ramp))
                        text = seat.rng.choice(last["legal"])
                        if think:
                            await asyncio.sleep(seat.rng.uniform(0, 2 * think))
                        next_id += 1
                        pending[next_id] = (time.perf_counter(), text, last["n"])
                        await ws.send_str(orjson.dumps({"type": "act", "action": text,
                                                        "n": last["n"], "id": next_id}).decode())
        except (TimeoutError, OSError, aiohttp.ClientError):
            pass
        # the server closed the socket or could not be reached
        pending.clear()   # unknown whether it was stored: the welcome will tell
        seat.reconnects += 1
        await asyncio.sleep(0.1)
        if not servers[target].alive:
            target = (target + 1) % len(servers)


def cpu_of(name: str) -> float:
    """CPU seconds of every process called `name` (Linux /proc), e.g. the database's."""
    total = 0.0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            head, rest = (entry / "stat").read_text().rsplit(")", 1)
        except OSError:
            continue
        if head.split("(", 1)[1] == name:
            fields = rest.split()
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def ms_line(values: list[float]) -> str:
    ms = [v * 1000 for v in values]
    return (f"p50 {statistics.median(ms):.1f}  p95 {percentile(ms, .95):.1f}  "
            f"p99 {percentile(ms, .99):.1f}  max {max(ms):.1f}")


async def create_games(args: argparse.Namespace, servers: list[Server]
                       ) -> tuple[list[Seat], dict[str, tuple[str, int]], list[Seat]]:
    seats: list[Seat] = []
    watchers: list[Seat] = []
    games: dict[str, tuple[str, int]] = {}
    async with httpx.AsyncClient(timeout=30) as client:
        for i in range(args.games):
            name = "thalara" if i % 2 == 0 else "vale"
            seed = 1000 + i
            answer = await client.post(servers[i % len(servers)].base + "/api/games", json={
                "game": name, "seed": seed, "listed": False})
            made = answer.json()
            if answer.status_code != 201:
                raise SystemExit(f"cannot create a game: {made}")
            games[made["id"]] = (name, seed)
            for s in made["seats"]:
                seats.append(Seat(made["id"], s["seat"], s["token"],
                                  random.Random(seed * 10 + s["seat"]),
                                  (i + s["seat"]) % len(servers)))
        for i in range(args.computer_games):
            bots = [{"kind": "computer", "agent": args.computer_agent}] * args.computer_players
            answer = await client.post(servers[i % len(servers)].base + "/api/games", json={
                "game": "vale" if i % 2 else "thalara", "players": args.computer_players,
                "seats": bots, "listed": False, "computer_delay_ms": args.computer_delay_ms})
            made = answer.json()
            if answer.status_code != 201:
                raise SystemExit(f"cannot create a computer game: {made}")
            watchers.append(Seat(made["id"], None, None, random.Random(i), i % len(servers)))
    return seats, games, watchers


async def main_async(args: argparse.Namespace) -> int:
    if args.servers > 1 and not (args.db or "").startswith("postgres"):
        raise SystemExit("several servers share one PostgreSQL database: give --db")
    tmp = tempfile.mkdtemp(prefix="cardtable-load-")
    db = args.db or f"sqlite:///{Path(tmp) / 'load.db'}"
    extra = ["--games-per-address", str(args.games + args.computer_games + 10),
             "--sockets-per-address", str(2 * args.games + args.computer_games + 10)]
    if args.computer_games:
        extra.append("--allow-computer-games")
    if args.ai_workers:
        extra += ["--ai-workers", str(args.ai_workers)]
    servers = [Server(db, free_port(), extra) for _ in range(args.servers)]
    for server in servers:
        server.start()
    killed_acked: dict[tuple[str, int], str] = {}
    try:
        seats, games, watchers = await create_games(args, servers)
        if args.verbose:
            print(f"{len(games)} games created; their {len(seats)} seats connect and play",
                  flush=True)
        think = args.think_ms / 1000
        session = aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0))
        line = StartLine(len(seats), args.connect_while_playing, args.ramp_ms / 1000)
        connecting = time.perf_counter()
        open_line = StartLine(0, True)
        tasks = [asyncio.create_task(run_seat(servers, s, think, session, line))
                 for s in seats]
        watching = [asyncio.create_task(run_seat(servers, w, 0, session, open_line))
                    for w in watchers]
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(line.go.wait(), args.timeout)
        line.go.set()
        # what play costs: counted from the start line (from the first hello with
        # --connect-while-playing)
        t0 = time.perf_counter()
        db_cpu0 = cpu_of("postgres")
        for server in servers:
            server.cpu_base = server.cpu_seconds()
        client_cpu0 = time.process_time()
        restart = None
        acked_before_kill = 0
        killed_at = 0.0
        if args.kill_after:
            await asyncio.sleep(args.kill_after)
            servers[0].kill9()
            killed_at = time.perf_counter()
            acked_before_kill = sum(len(s.acked) for s in seats)
            killed_acked = {(s.game_id, n): t for s in seats for n, t in s.acked.items()}
            if len(servers) == 1:
                restart = await asyncio.to_thread(servers[0].start)
        _done, not_done = await asyncio.wait(tasks, timeout=args.timeout)
        elapsed = time.perf_counter() - t0
        client_cpu = time.process_time() - client_cpu0
        live = [s for s in servers if s.alive]
        # (a killed process's CPU is gone with it: only the living are counted)
        server_cpu = sum(s.cpu_seconds() - s.cpu_base for s in live)
        db_cpu = cpu_of("postgres") - db_cpu0
        server_rss = [s.rss_mb() for s in live]
        for task in watching:
            task.cancel()
        await asyncio.gather(*watching, return_exceptions=True)
        await session.close()
    finally:
        for server in servers:
            server.stop()
    rtts = [r for s in seats for r in s.rtts]
    errors = [e for s in seats for e in s.errors]
    crossing: list[float] = []
    if len(servers) > 1:
        for game_id in games:
            pair = [s for s in seats if s.game_id == game_id]
            for seat in pair:
                for other in pair:
                    if other is seat or other.server == seat.server:
                        continue
                    for n in seat.acked:   # the action seat n+1 took: its own update
                        mine, theirs = seat.seen.get(n + 1), other.seen.get(n + 1)
                        if mine is not None and theirs is not None:
                            crossing.append(max(0.0, theirs - mine))
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
    print(f"think time: {args.think_ms:.0f} ms on average; servers: {len(servers)}; "
          + ("seats played as soon as each had its welcome" if args.connect_while_playing
             else f"play began once every seat had its welcome, each game's first move "
                  f"within {args.ramp_ms:.0f} ms"))
    welcomes = [s.welcome_after for s in seats if s.welcome_after is not None]
    if welcomes:
        last = max(s.welcomed_at for s in seats) - connecting
        print(f"connecting (socket opened to welcome, ms): {ms_line(welcomes)}; "
              f"{len(welcomes)} of {len(seats)} seats welcomed, the last after {last:.2f} s")
    print(f"games: {len(games)} ({len(not_done)} clients still running after "
          f"{args.timeout:.0f} s), seats: {len(seats)}, database: {db.split(':')[0]}")
    if watchers:
        played = sum(len(w.seen) for w in watchers)
        print(f"computer games beside them: {len(watchers)} of {args.computer_players} "
              f"{args.computer_agent} seats; {played} of their actions seen by spectators")
    print(f"actions acknowledged: {len(rtts)} in {elapsed:.1f} s "
          f"({len(rtts) / elapsed:.0f}/s); stored: {stored_total}")
    print(f"CPU seconds while playing: servers {server_cpu:.1f}, PostgreSQL {db_cpu:.1f}, "
          f"clients {client_cpu:.1f}; "
          f"{1000 * server_cpu / max(1, len(rtts)):.2f} ms of server CPU an action; "
          f"server memory "
          f"{', '.join(f'{m:.0f}' for m in server_rss)} MB; "
          f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    if rtts:
        print(f"round trip (ms): {ms_line(rtts)}")
        # the same, by the second in which the act was sent: a tail at the start is
        # everybody connecting at once, a tail at the end games finishing together
        by_second: dict[int, list[float]] = {}
        for s in seats:
            for sent, rtt in zip(s.sent_at, s.rtts, strict=True):
                by_second.setdefault(int(sent - t0), []).append(rtt)
        if args.verbose:
            for second in sorted(by_second):
                print(f"  second {second:3d}: {len(by_second[second]):5d} acts, "
                      f"{ms_line(by_second[second])}")
    if crossing:
        print(f"commit on one server to the update on another (ms): {ms_line(crossing)} "
              f"({len(crossing)} updates)")
    print(f"errors: {len(errors)} {errors[:5]}")
    print(f"acknowledged but not stored: {lost}; acknowledged twice: {duplicated}; "
          f"games whose stored and acknowledged actions differ: {mismatched}; "
          f"games not finished: {unfinished}")
    if args.kill_after:
        still = 0
        for (g, n), t in killed_acked.items():
            stored = store.actions(g)
            if n >= len(stored) or stored[n][1] != t:
                still += 1
        report = (f"kill -9 after {args.kill_after} s: {acked_before_kill} actions "
                  f"acknowledged before the kill, {still} of them missing afterwards; ")
        if restart is not None:
            report += f"restart took {restart:.2f} s; "
        print(report + f"reconnection attempts: {sum(s.reconnects for s in seats)}")
        if watchers and len(servers) > 1:
            gaps = []
            for w in watchers:
                after = sorted(t for t in w.seen.values() if t > killed_at)
                before = [t for t in w.seen.values() if t <= killed_at]
                if after and before:
                    gaps.append(after[0] - max(before))
            if gaps:
                print(f"computer games: longest pause across the kill {max(gaps):.2f} s "
                      f"(median {statistics.median(gaps):.2f} s over {len(gaps)} games)")
    store.close()
    ok = not errors and not lost and not duplicated and not mismatched and not unfinished \
        and not not_done
    return 0 if ok else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--db", help="SQLAlchemy URL (default: SQLite in a temp folder)")
    parser.add_argument("--servers", type=int, default=1,
                        help="server processes on the same database (PostgreSQL)")
    parser.add_argument("--kill-after", type=float, default=0.0,
                        help="SIGKILL the first server after this many seconds (with one "
                             "server, then restart it)")
    parser.add_argument("--timeout", type=float, default=600.0)
    parser.add_argument("--connect-while-playing", action="store_true",
                        help="each seat plays as soon as it has its own welcome (default: "
                             "every seat connects first, then all play)")
    parser.add_argument("--ramp-ms", type=float, default=500.0,
                        help="after the start line, each game makes its first move at a "
                             "random moment of this many milliseconds (default 500; 0: "
                             "every game's first move in the same instant)")
    parser.add_argument("--think-ms", type=float, default=0.0,
                        help="a seat waits a random 0 to 2x this long before acting "
                             "(default 0: at once, which saturates the server)")
    parser.add_argument("--computer-games", type=int, default=0,
                        help="all-computer games thinking beside the measured ones")
    parser.add_argument("--computer-agent", default="ismcts:hard")
    parser.add_argument("--computer-players", type=int, default=4)
    parser.add_argument("--computer-delay-ms", type=int, default=0,
                        help="the computer games' pause before each computer move")
    parser.add_argument("--verbose", action="store_true",
                        help="also the round trips second by second")
    parser.add_argument("--ai-workers", type=int, default=0,
                        help="the servers' --ai-workers (default: theirs)")
    args = parser.parse_args()
    # the clients' own garbage-collector pauses would count as round-trip time
    gc.collect()
    gc.freeze()
    gc.set_threshold(10_000, 10, 100)
    try:
        import uvloop  # the server uses it too when it is installed
    except ImportError:
        return asyncio.run(main_async(args))
    return uvloop.run(main_async(args))


if __name__ == "__main__":
    sys.exit(main())
