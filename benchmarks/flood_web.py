"""Floods against the game server, and what they cost it in memory.

    .venv/bin/python benchmarks/flood_web.py [--seconds 20] [--attack ping60k hello ping]

It starts `python -m cardtable.server` (SQLite in a temporary folder), creates a Vale
game, measures the server's resting memory, then runs each attack for --seconds,
sampling the server's resident memory (RSS) every 50 ms, and once more two seconds
after the attacking sockets are gone. The attacker never reads a byte after its
handshake, and reconnects whenever the server closes it:

- `ping60k`: issue 14's row 1 as it was reported: a spectator's `hello`, then
  `{"type": "ping", "id": "<60 KB>"}` about 1,700 times a second;
- `ping`: the same with small pings (within the frame limit, over the message budget);
- `hello`: `hello` about 1,700 times a second, each asking for a welcome of thousands of
  bytes (the amplification of row 1 "using hello").

The issue's bound: the peak stays within +50 MB of the resting size, and memory falls
back once the socket is gone. Exit status 1 if an attack passes the bound.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.server.helpers import RawSocketClient, ServerProcess

ATTACKS = ("ping60k", "ping", "hello")
BOUND_MB = 50.0


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def flood(port: int, game_id: str, attack: str, seconds: float, stats: dict[str, int]) -> None:
    """Send the attack's frames at about 1,700 a second for `seconds`, never reading;
    a new socket whenever the server closes the old one."""
    if attack == "ping60k":
        frame = json.dumps({"type": "ping", "id": "x" * 60_000})
    elif attack == "ping":
        frame = json.dumps({"type": "ping", "id": 1})
    else:
        frame = json.dumps({"type": "hello"})
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        client: RawSocketClient | None = None
        try:
            client = RawSocketClient(port, f"/ws/{game_id}")
            stats["sockets"] += 1
            client.send_text(json.dumps({"type": "hello"}))
            sent_at = time.monotonic()
            while time.monotonic() < end:
                client.send_text(frame)
                stats["frames"] += 1
                sent_at += 1 / 1700
                pause = sent_at - time.monotonic()
                if pause > 0:
                    time.sleep(pause)
        except OSError:
            stats["closed"] += 1
            time.sleep(0.01)
        finally:
            if client is not None:
                with contextlib.suppress(OSError):
                    client.close()


def run(attack: str, seconds: float) -> tuple[float, float, float, dict[str, int]]:
    folder = tempfile.mkdtemp(prefix="cardtable-flood-")
    server = ServerProcess(f"sqlite:///{Path(folder) / 'flood.db'}").start()
    try:
        pid = server.proc.pid
        made = httpx.post(server.base + "/api/games", json={"game": "vale", "seed": 3}).json()
        time.sleep(1.0)
        rest = rss_mb(pid)
        stats = {"sockets": 0, "frames": 0, "closed": 0}
        thread = threading.Thread(target=flood, args=(server.port, made["id"], attack,
                                                      seconds, stats))
        thread.start()
        peak = rest
        while thread.is_alive():
            peak = max(peak, rss_mb(pid))
            time.sleep(0.05)
        time.sleep(2.0)
        final = rss_mb(pid)
        # the server still answers
        assert httpx.get(server.base + f"/api/games/{made['id']}", timeout=5).is_success
        return rest, peak, final, stats
    finally:
        server.stop()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--attack", nargs="+", choices=ATTACKS, default=list(ATTACKS))
    args = parser.parse_args()
    ok = True
    print(f"{'attack':8} {'rest MB':>8} {'peak MB':>8} {'final MB':>9} {'growth':>7}  "
          "frames sent, sockets opened")
    for attack in args.attack:
        rest, peak, final, stats = run(attack, args.seconds)
        growth = peak - rest
        ok = ok and growth <= BOUND_MB and final - rest <= BOUND_MB
        print(f"{attack:8} {rest:8.1f} {peak:8.1f} {final:9.1f} {growth:+7.1f}  "
              f"{stats['frames']:,} frames, {stats['sockets']} sockets", flush=True)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
