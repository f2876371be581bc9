"""Several server processes on one PostgreSQL database (CARDTABLE_TEST_PG; CI starts
a throwaway cluster): any process serves any game, every process hears every move,
tokens work everywhere, and computer seats move to a survivor when their process dies.
"""

from __future__ import annotations

import json
import os
import random
import threading
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
import sqlalchemy
from websockets.sync.client import ClientConnection, connect

from cardtable.server.storage import HUMAN, GameRow, Storage

from .helpers import LeakChecker, ServerProcess, ThreadedServer

PG_URL = os.environ.get("CARDTABLE_TEST_PG")
pytestmark = pytest.mark.skipif(not PG_URL, reason="set CARDTABLE_TEST_PG to a PostgreSQL "
                                                   "URL (CI: .ci/postgres.sh)")



@pytest.fixture
def two(pg_url: str) -> Iterator[tuple[ServerProcess, ServerProcess]]:
    a = ServerProcess(pg_url).start()
    b = ServerProcess(pg_url).start()
    yield a, b
    a.stop()
    b.stop()


def ws_to(server: ServerProcess, game_id: str) -> ClientConnection:
    return connect(f"ws://127.0.0.1:{server.port}/ws/{game_id}")


def until(ws: ClientConnection, kind: str, seconds: float = 20) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    while True:
        msg: dict[str, Any] = json.loads(ws.recv(timeout=max(0.1, deadline - time.monotonic())))
        assert msg["type"] != "error", msg
        if msg["type"] == kind:
            return msg


def test_two_processes_one_game_each_seat_sees_every_move(
        two: tuple[ServerProcess, ServerProcess], pg_url: str) -> None:
    a, b = two
    made = httpx.post(a.base + "/api/games", json={"game": "vale", "seed": 16}).json()
    checker = LeakChecker("vale", 2, 16, {})
    rng = random.Random(16)
    received: dict[int, list[dict[str, Any]]] = {0: [], 1: []}
    with ws_to(a, made["id"]) as w0, ws_to(b, made["id"]) as w1:
        socks = {0: w0, 1: w1}
        for seat, ws in socks.items():
            ws.send(json.dumps({"type": "hello", "seat": seat,
                                "token": made["seats"][seat]["token"]}))
            received[seat].append(until(ws, "welcome"))
        last = received[0][-1]
        texts: list[str] = []
        while not last["over"]:
            mover = last["current_player"]
            mine = received[mover][-1]
            assert mine["n"] == last["n"] and mine["legal"]
            socks[mover].send(json.dumps({"type": "act", "action": rng.choice(mine["legal"]),
                                          "n": mine["n"], "id": len(texts)}))
            for seat, ws in socks.items():
                received[seat].append(until(ws, "update"))
            assert until(socks[mover], "ack")["n"] == len(texts) + 1
            texts.append(received[mover][-1]["action"])
            last = received[mover][-1]
        assert received[0][-1]["n"] == received[1][-1]["n"] == len(texts) > 50
    stored = Storage(pg_url)
    assert [t for _, t in stored.actions(made["id"])] == texts
    stored.close()
    for seat, messages in received.items():
        for msg in messages:
            checker.check(msg, seat, texts)
    for server in two:   # both processes know how it ended
        info = httpx.get(server.base + f"/api/games/{made['id']}").json()
        assert info["over"] and info["actions"] == len(texts)


def test_a_move_judged_on_a_process_that_was_behind(two: tuple[ServerProcess, ServerProcess]
                                                    ) -> None:
    """Seat 0 acts through A, then at once through B: B reads the action A stored and
    judges the next one against the game as it stands; only an out-of-date `n` is
    stale."""
    a, b = two
    made = httpx.post(a.base + "/api/games", json={"game": "vale", "seed": 16}).json()
    token = made["seats"][0]["token"]
    with ws_to(a, made["id"]) as on_a, ws_to(b, made["id"]) as on_b:
        for ws in (on_a, on_b):
            ws.send(json.dumps({"type": "hello", "seat": 0, "token": token}))
        first = until(on_a, "welcome")
        until(on_b, "welcome")
        assert first["current_player"] == 0 and first["legal"]
        on_a.send(json.dumps({"type": "act", "action": first["legal"][0], "n": 0, "id": 1}))
        after = until(on_a, "update")
        until(on_a, "ack")
        on_b.send(json.dumps({"type": "act", "action": first["legal"][0], "n": 0, "id": 2}))
        while (msg := json.loads(on_b.recv(timeout=10)))["type"] != "error":
            pass
        assert msg["code"] == "stale" and msg["id"] == 2
        if after["legal"]:
            on_b.send(json.dumps({"type": "act", "action": after["legal"][0], "n": 1,
                                  "id": 3}))
            assert until(on_b, "ack")["n"] == 2


def test_a_seat_taken_on_one_process_is_played_on_the_other(
        two: tuple[ServerProcess, ServerProcess]) -> None:
    a, b = two
    made = httpx.post(a.base + "/api/games", json={
        "game": "thalara", "seed": 4, "seats": [{"kind": "human"}, {"kind": "open"}]}).json()
    with ws_to(a, made["id"]) as early:      # A has the game loaded before the join
        early.send(json.dumps({"type": "hello"}))
        until(early, "welcome")
        joined = httpx.post(b.base + f"/api/games/{made['id']}/join").json()
        with ws_to(a, made["id"]) as on_a:
            on_a.send(json.dumps({"type": "hello", "seat": 1, "token": joined["token"]}))
            assert until(on_a, "welcome")["seat"] == 1


def test_the_hellos_of_one_game_take_turns(pg_url: str) -> None:
    """Two seats saying hello at once on two processes: were both transactions to count
    the other seat as not yet come, the clocks would never start. Each hello holds
    the game's row until it commits."""
    store = Storage(pg_url)
    made = store.create_game("vale", 2, 5, {}, [(HUMAN, None, "a"), (HUMAN, None, "b")],
                             clock="5m+2s", on_timeout="computer")
    came: list[GameRow | None] = []
    assert store.hello(made.id, 0, "not the token") is not None
    assert not store.get_game(made.id).seats[0].seen   # type: ignore[union-attr]
    with store.engine.connect() as other:
        with other.begin():      # another hello of the same game, not yet committed
            other.execute(sqlalchemy.text("SELECT id FROM ct_games WHERE id = :g FOR UPDATE"),
                          {"g": made.id})
            hello = threading.Thread(target=lambda: came.append(
                store.hello(made.id, 0, made.seats[0].token)))
            hello.start()
            hello.join(0.5)
            assert hello.is_alive() and not came       # it waits its turn
        hello.join(10)
    assert came and came[0] is not None and came[0].seats[0].seen
    assert came[0].clock_start is None                  # seat 1 has not come yet
    both = [threading.Thread(target=store.hello, args=(made.id, 1, made.seats[1].token)),
            threading.Thread(target=store.hello, args=(made.id, 0, made.seats[0].token))]
    for t in both:
        t.start()
    for t in both:
        t.join(10)
    after = store.get_game(made.id)
    assert after is not None and after.clock_start is not None
    store.close()


def test_hellos_tell_the_other_processes_only_of_clocks_that_start(pg_url: str) -> None:
    """The other processes must hear when a game's clocks start (they run them); that
    the seats of a game without a clock have come changes nothing for them."""
    import psycopg

    from cardtable.server.cluster import conninfo
    from cardtable.server.notifications import CHANNEL

    store = Storage(pg_url)
    seats = [(HUMAN, None, "a"), (HUMAN, None, "b")]
    untimed = store.create_game("vale", 2, 5, {}, seats)
    timed = store.create_game("vale", 2, 6, {}, seats, clock="5m+2s", on_timeout="computer")
    with psycopg.connect(conninfo(pg_url), autocommit=True) as listener:
        listener.execute(f"LISTEN {CHANNEL}")
        for made in (untimed, timed):
            for seat in (0, 1):
                store.hello(made.id, seat, made.seats[seat].token)
        # the channel is the database's: other tests' games (run beside this one) are heard
        # on it too, so only what concerns these two games counts
        ours = (untimed.id, timed.id)
        heard = [n.payload for n in listener.notifies(timeout=1.0)
                 if any(f"|{game}|" in n.payload for game in ours)]
    assert heard == [f"e|{timed.id}|seats"]
    for made in (untimed, timed):
        after = store.get_game(made.id)
        assert after is not None and after.clock_start is not None
        assert all(s.seen for s in after.seats)
    store.close()


def test_an_address_cannot_pass_its_game_limit_by_asking_many_times_at_once(
        pg_url: str) -> None:
    """With PostgreSQL the count and the creation run in a database thread: twenty
    creations at once from one address must still stop at its limit."""
    from concurrent.futures import ThreadPoolExecutor

    from cardtable.server.limits import Limits

    with ThreadedServer(pg_url, Limits(games_per_address=3)) as srv:
        def create(_: int) -> int:
            return httpx.post(srv.base + "/api/games", json={"game": "vale"},
                              timeout=30).status_code

        with ThreadPoolExecutor(20) as pool:
            codes = sorted(pool.map(create, range(20)))
    assert codes == [201] * 3 + [429] * 17


def test_computer_seats_move_to_a_survivor_when_their_process_dies(
        two: tuple[ServerProcess, ServerProcess], pg_url: str) -> None:
    a, b = two
    made = httpx.post(a.base + "/api/games", json={
        "game": "thalara", "seed": 8, "computer_delay_ms": 50,
        "seats": [{"kind": "human"}, {"kind": "computer", "agent": "random"},
                  {"kind": "computer", "agent": "random"}], "players": 3}).json()
    rng = random.Random(8)
    with ws_to(b, made["id"]) as ws:
        ws.send(json.dumps({"type": "hello", "seat": 0, "token": made["seats"][0]["token"]}))
        msg = until(ws, "welcome")
        killed_at: int | None = None
        last_update = time.monotonic()
        longest = 0.0
        computer_moves_after = 0
        while not msg["over"]:
            if killed_at is not None and computer_moves_after >= 10 and msg["legal"]:
                break                        # our turn: nothing moves until we do
            if msg["legal"]:
                ws.send(json.dumps({"type": "act", "action": rng.choice(msg["legal"]),
                                    "n": msg["n"]}))
            if killed_at is None and msg["n"] >= 10:
                a.kill9()                    # A played the computer seats
                killed_at = msg["n"]
            msg = until(ws, "update", seconds=30)
            now = time.monotonic()
            if killed_at is not None:
                longest = max(longest, now - last_update)
                computer_moves_after += msg["seat"] != 0
            last_update = now
        assert killed_at is not None and computer_moves_after >= 10
        assert longest < 5.0               # adopted within a sweep or two
    time.sleep(0.5)
    stored = Storage(pg_url)
    texts = [t for _, t in stored.actions(made["id"])]
    stored.close()
    assert len(texts) == msg["n"]          # nothing stored twice, nothing lost
