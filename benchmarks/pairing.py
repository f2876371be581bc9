"""Quick pairing under a crowd: N seekers at once on several server processes sharing one
PostgreSQL database (issue 27, part 5: "100 seekers at once on 3 processes pair within
2 s, nobody twice, nobody left with a compatible partner waiting").

    CARDTABLE_TEST_PG=postgresql://postgres@127.0.0.1:54329/cardtable_test \\
    .venv/bin/python benchmarks/pairing.py [--seekers 100] [--servers 3] [--spread 0]
        [--unrated] [--mix]

It makes a fresh schema in the database (dropped at the end), starts --servers
`python -m cardtable.server` processes on it, signs up one account per seeker (rated
seeks need one), and with --spread S gives each account a rating drawn from a normal
law of mean 1500 and deviation S (written to ct_ratings, as if they had played). Then,
at one start line, every seeker posts "a rated 2-player Vale at 10 min + 5 s" (--mix:
a quarter each of Vale and Thalara at 10m+5s and 3m+2s; --unrated: guests, unrated) to
process i mod servers, and long-polls its seek on process i+1 mod servers (so that the
pairing is heard from another process than the one that may have made it).

Measured: from the post being sent to the seeker's answer saying `paired` (p50, p99,
max), and in the database from the seek's creation to its pairing. Checked: every seek
is seated at most once (its game holds it at its seat, no seat holds two), every game
seats distinct seekers who asked for the same thing, and after the run no two open
seeks could play together (pairing.unpaired_compatible). Exit status 1 if a check fails
or, with --spread 0, if anybody waited longer than --target seconds.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import secrets
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import sqlalchemy

from cardtable.server import ratings
from cardtable.server.pairing import unpaired_compatible
from cardtable.server.results import ratings_table
from cardtable.server.seeks import SeekRow, seeks_table
from cardtable.server.storage import make_engine, seats_table

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.server.helpers import ServerProcess  # the tests' server, started alike

PASSWORD = "pairing benchmark password"


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


def spec_for(i: int, args: argparse.Namespace) -> dict[str, Any]:
    game, clock = "vale", "10m+5s"
    if args.mix:
        game = ("vale", "thalara")[i % 2]
        clock = ("10m+5s", "3m+2s")[(i // 2) % 2]
    return {"game": game, "players": 2, "clock": clock, "rated": not args.unrated,
            "name": f"guest{i}"}


async def seeker(i: int, args: argparse.Namespace, servers: list[ServerProcess],
                 client: httpx.AsyncClient, start: asyncio.Event) -> dict[str, Any]:
    try:
        return await seek(i, args, servers, client, start)
    except httpx.HTTPError as exc:
        return {"i": i, "error": f"{type(exc).__name__}: {exc}"}


async def seek(i: int, args: argparse.Namespace, servers: list[ServerProcess],
               client: httpx.AsyncClient, start: asyncio.Event) -> dict[str, Any]:
    await start.wait()
    post_to, wait_on = servers[i % len(servers)], servers[(i + 1) % len(servers)]
    sent = time.monotonic()
    made = await client.post(post_to.base + "/api/seeks", json=spec_for(i, args))
    if made.status_code != 201:
        return {"i": i, "error": f"{made.status_code} {made.text[:200]}"}
    posted = time.monotonic() - sent
    seek = made.json()
    auth = {"authorization": f"Bearer {seek['secret']}"}
    while time.monotonic() - sent < args.settle + 10:
        got = await client.get(f"{wait_on.base}/api/seeks/{seek['id']}?wait=5", headers=auth)
        if got.status_code != 200:
            return {"i": i, "id": seek["id"], "error": f"{got.status_code} {got.text[:200]}"}
        answer: dict[str, Any] = got.json()
        if answer["state"] != "open":
            return {"i": i, "id": seek["id"], "answer": answer,
                    "seconds": time.monotonic() - sent, "posted": posted}
        if time.monotonic() - sent > args.settle:
            break
    # still open: cancel it (the check below reads what was open before)
    return {"i": i, "id": seek["id"], "answer": {"state": "open"}, "secret": seek["secret"],
            "seconds": None}


async def run(args: argparse.Namespace, url: str) -> int:
    extra = ["--seeks-per-address", str(args.seekers + 10),
             "--games-per-address", str(args.seekers + 10),
             "--signups-per-address", str(args.seekers + 10)]
    servers = [ServerProcess(url, extra=["--ai-workers", "1", *extra])
               for _ in range(args.servers)]
    print(f"starting {args.servers} server processes on PostgreSQL ...", flush=True)
    for server in servers:
        server.start()
    # each seeker from an address of its own (127.0.1.1, 127.0.1.2, ...: the loopback
    # network is all of 127/8), as people are; --one-address sends them all from one
    # idle connections are let go before the server closes them (uvicorn: after 5 s);
    # a transport of our own takes its own limits (the client's apply only to the
    # transport it makes), else it keeps them 5 s and may send on one the server is
    # closing that instant: a request answered by a closed connection
    limits = httpx.Limits(max_connections=4, keepalive_expiry=2.0)
    clients = [httpx.AsyncClient(
        timeout=60, limits=limits,
        transport=None if args.one_address else httpx.AsyncHTTPTransport(
            local_address=f"127.0.{1 + i // 250}.{1 + i % 250}", limits=limits))
        for i in range(args.seekers)]
    try:
        accounts: dict[int, int] = {}
        if not args.unrated:
            print(f"signing up {args.seekers} accounts ...", flush=True)
            gate = asyncio.Semaphore(2 * args.servers)

            async def sign_up(i: int) -> None:
                async with gate:
                    made = await clients[i].post(
                        servers[i % len(servers)].base + "/api/accounts",
                        json={"name": f"seeker{i}x{secrets.token_hex(2)}",
                              "password": PASSWORD})
                    if made.status_code != 201:
                        raise SystemExit(f"sign-up refused: {made.text}")
                    accounts[i] = made.json()["id"]

            await asyncio.gather(*(sign_up(i) for i in range(args.seekers)))
            if args.spread > 0:
                rng = random.Random(args.seed)
                engine = make_engine(url)
                with engine.begin() as conn:
                    for i, account in accounts.items():
                        shown = rng.gauss(1500, args.spread)
                        mu = ratings.MU + (shown - ratings.BASE) / ratings.SCALE
                        spec = spec_for(i, args)
                        conn.execute(sqlalchemy.insert(ratings_table).values(
                            account=account, pool=ratings.pool(spec["game"], 2), mu=mu,
                            sigma=3.0, games=10, updated=time.time()))
                engine.dispose()
        start = asyncio.Event()
        tasks = [asyncio.create_task(seeker(i, args, servers, clients[i], start))
                 for i in range(args.seekers)]
        await asyncio.sleep(0.5)
        load_before = os.getloadavg()
        print(f"{args.seekers} seekers post at once (load average {load_before[0]:.1f})",
              flush=True)
        start.set()
        results = await asyncio.gather(*tasks)
        checked_at = time.time()
        load_after = os.getloadavg()
        return report(args, url, results, checked_at, load_before, load_after)
    finally:
        for c in clients:
            await c.aclose()
        for server in servers:
            server.stop()


def report(args: argparse.Namespace, url: str, results: list[dict[str, Any]],
           checked_at: float, load_before: tuple[float, ...],
           load_after: tuple[float, ...]) -> int:
    failures: list[str] = []
    errors = [r for r in results if "error" in r]
    failures += [f"seeker {r['i']}: {r['error']}" for r in errors]
    engine = make_engine(url)
    with engine.connect() as conn:
        rows = [dict(r._mapping) for r in conn.execute(sqlalchemy.select(seeks_table))]
        seats = {(r.game_id, r.seat): r.account for r in
                 conn.execute(sqlalchemy.select(seats_table.c.game_id, seats_table.c.seat,
                                                seats_table.c.account))}
    engine.dispose()
    paired = [r for r in rows if r["state"] == "paired"]
    places = [(r["game_id"], r["seat"]) for r in paired]
    if len(places) != len(set(places)):
        failures.append("a seat holds two seeks")
    by_game: dict[str, list[dict[str, Any]]] = {}
    for r in paired:
        by_game.setdefault(r["game_id"], []).append(r)
        if (r["game_id"], r["seat"]) not in seats:
            failures.append(f"seek {r['id']} is paired to a seat that does not exist")
        elif r["account"] is not None and seats[(r["game_id"], r["seat"])] != r["account"]:
            failures.append(f"seek {r['id']}'s seat is bound to another account")
    for game_id, seated in by_game.items():
        if len(seated) != 2 or len({(s["game"], s["clock"], s["rated"]) for s in seated}) != 1:
            failures.append(f"game {game_id} seats {len(seated)} seeks, or unlike ones")
        owners = {s["account"] if s["account"] is not None else s["id"] for s in seated}
        if len(owners) != len(seated):
            failures.append(f"game {game_id} seats one seeker twice")
    answers = {r["id"]: r["answer"] for r in results if "answer" in r}
    for r in paired:
        got = answers.get(r["id"], {})
        if got.get("state") != "paired" or got.get("game_id") != r["game_id"]:
            failures.append(f"seek {r['id']}'s seeker was not told its game")
    still_open = [SeekRow(r["id"], r["game"], r["players"], r["clock"], r["rated"],
                          r["account"], r["name"], r["address"], r["rating"], r["created"],
                          r["seen"], r["state"], r["game_id"], r["seat"], r["ended"]).rule()
                  for r in rows if r["state"] == "open"]
    left = unpaired_compatible(still_open, checked_at)
    if left:
        failures.append(f"{len(left)} compatible pairs left waiting: {left[:5]}")
    seconds = [r["seconds"] for r in results if r.get("seconds") is not None]
    in_db = [r["ended"] - r["created"] for r in paired]
    posts = [r["posted"] for r in results if r.get("posted") is not None]
    print(f"\nseekers {args.seekers}, servers {args.servers}, "
          f"{'unrated' if args.unrated else 'rated'}, "
          f"{'mixed games and clocks' if args.mix else 'vale 2p 10m+5s'}, "
          f"rating spread {args.spread:g}")
    print(f"paired {len(paired)} in {len(by_game)} games; left open {len(still_open)}; "
          f"errors {len(errors)}")
    if seconds:
        print(f"post -> seeker told 'paired' (s): p50 {statistics.median(seconds):.3f}  "
              f"p99 {pct(seconds, 0.99):.3f}  max {max(seconds):.3f}")
    if posts:
        print(f"post -> its answer (201) (s): p50 {statistics.median(posts):.3f}  "
              f"p99 {pct(posts, 0.99):.3f}  max {max(posts):.3f}")
    if in_db:
        print(f"seek stored -> paired in the db (s): p50 {statistics.median(in_db):.3f}  "
              f"p99 {pct(in_db, 0.99):.3f}  max {max(in_db):.3f}")
    print(f"load average (1 min) before {load_before[0]:.2f}, after {load_after[0]:.2f}; "
          f"cores {os.cpu_count()}")
    if args.spread == 0 and seconds and max(seconds) > args.target:
        failures.append(f"the slowest seeker waited {max(seconds):.2f} s, over the "
                        f"{args.target:g} s target")
    if args.spread == 0 and not args.mix and len(paired) != args.seekers - args.seekers % 2:
        failures.append("not everybody was paired")
    print("checks: nobody twice, every game two like seekers, every seeker told, no "
          "compatible pair left:", "OK" if not failures else "FAILED")
    for f in failures[:20]:
        print("  -", f)
    return 1 if failures else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seekers", type=int, default=100)
    parser.add_argument("--servers", type=int, default=3)
    parser.add_argument("--db", default=os.environ.get("CARDTABLE_TEST_PG"),
                        help="a PostgreSQL URL (default: $CARDTABLE_TEST_PG); a schema of "
                             "its own is made in it and dropped after")
    parser.add_argument("--spread", type=float, default=0.0,
                        help="deviation of the seekers' ratings around 1500 (default 0: "
                             "all newcomers)")
    parser.add_argument("--unrated", action="store_true", help="guests, unrated seeks")
    parser.add_argument("--mix", action="store_true",
                        help="two games and two clocks among the seekers")
    parser.add_argument("--settle", type=float, default=8.0,
                        help="seconds a seeker waits before giving up (default 8)")
    parser.add_argument("--target", type=float, default=2.0,
                        help="seconds within which everybody must be paired (default 2)")
    parser.add_argument("--one-address", action="store_true",
                        help="every seeker from 127.0.0.1 (default: each from an address "
                             "of its own in 127.0.x.y)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if not args.db or not args.db.startswith("postgres"):
        raise SystemExit("give a PostgreSQL URL with --db or CARDTABLE_TEST_PG")
    schema = "bench_" + secrets.token_hex(5)
    admin = make_engine(args.db)
    with admin.begin() as conn:
        conn.execute(sqlalchemy.text(f"CREATE SCHEMA {schema}"))
    sep = "&" if "?" in args.db else "?"
    url = f"{args.db}{sep}options=-csearch_path%3D{schema}"
    try:
        return asyncio.run(run(args, url))
    finally:
        with admin.begin() as conn:
            conn.execute(sqlalchemy.text(f"DROP SCHEMA {schema} CASCADE"))
        admin.dispose()


if __name__ == "__main__":
    sys.exit(main())
