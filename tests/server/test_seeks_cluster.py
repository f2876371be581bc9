"""Quick pairing on two server processes on one PostgreSQL database (CARDTABLE_TEST_PG):
seekers posting to either process at once are each seated once, with a partner,
whichever process paired them; a seeker waiting on one process hears of a pairing made
on the other; cancels racing the matcher either win (never paired) or lose (paired),
never both."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx
import pytest
from sqlalchemy import select

from cardtable.server.pairing import unpaired_compatible
from cardtable.server.seeks import SeekRow, seeks_table
from cardtable.server.storage import Storage

from .helpers import ServerProcess

PG_URL = os.environ.get("CARDTABLE_TEST_PG")
pytestmark = pytest.mark.skipif(not PG_URL, reason="set CARDTABLE_TEST_PG to a PostgreSQL "
                                                   "URL (CI: .ci/postgres.sh)")



@pytest.fixture
def two(pg_url: str) -> Iterator[tuple[ServerProcess, ServerProcess]]:
    extra = ["--seeks-per-address", "200"]
    a = ServerProcess(pg_url, extra=extra).start()
    b = ServerProcess(pg_url, extra=extra).start()
    yield a, b
    a.stop()
    b.stop()


def stored_seeks(pg_url: str) -> list[dict[str, Any]]:
    store = Storage(pg_url)
    try:
        with store.engine.connect() as conn:
            return [dict(r._mapping) for r in conn.execute(select(seeks_table))]
    finally:
        store.close()


def seek_and_wait(post_to: ServerProcess, wait_on: ServerProcess, spec: dict[str, Any]
                  ) -> tuple[dict[str, Any], float]:
    """Post a seek to one process and long-poll the other until it is paired: the
    answer, and the seconds from posting to the answer."""
    started = time.monotonic()
    with httpx.Client(timeout=40) as client:
        made = client.post(post_to.base + "/api/seeks", json=spec)
        assert made.status_code == 201, made.text
        seek = made.json()
        auth = {"authorization": f"Bearer {seek['secret']}"}
        while True:
            got = client.get(f"{wait_on.base}/api/seeks/{seek['id']}?wait=20", headers=auth)
            assert got.status_code == 200, got.text
            answer: dict[str, Any] = got.json()
            if answer["state"] != "open" or time.monotonic() - started > 30:
                return answer, time.monotonic() - started


def test_seekers_on_two_processes_are_each_seated_once(
        two: tuple[ServerProcess, ServerProcess], pg_url: str) -> None:
    a = two[0]
    specs = [{"game": "vale", "clock": "10m+5s", "name": f"V{i}"} for i in range(16)] + \
        [{"game": "thalara", "clock": "3m+2s", "name": f"T{i}"} for i in range(8)] + \
        [{"game": "vale", "players": 3, "name": f"W{i}"} for i in range(6)]
    with ThreadPoolExecutor(len(specs)) as pool:
        results = list(pool.map(lambda i: seek_and_wait(two[i % 2], two[(i + 1) % 2],
                                                        specs[i]), range(len(specs))))
    games: dict[str, list[dict[str, Any]]] = {}
    for answer, seconds in results:
        assert answer["state"] == "paired", answer
        assert seconds < 10, sorted(round(s, 2) for _, s in results)
        games.setdefault(answer["game_id"], []).append(answer)
    assert sorted(len(v) for v in games.values()) == [2] * 12 + [3] * 2
    tokens = set()
    for game_id, seated in games.items():
        info = httpx.get(f"{a.base}/api/games/{game_id}").json()
        assert sorted(s["seat"] for s in seated) == list(range(info["players"]))
        assert all(s["claimed"] for s in info["seats"])
        assert sorted(s["name"] for s in info["seats"]) == sorted(s["name"] for s in seated)
        tokens |= {s["token"] for s in seated}
    assert len(tokens) == len(specs)
    rows = stored_seeks(pg_url)
    assert len(rows) == len(specs) and all(r["state"] == "paired" for r in rows)
    # every seek's game holds it at its seat: nobody sits twice
    assert len({(r["game_id"], r["seat"]) for r in rows}) == len(rows)


def test_cancels_racing_the_matcher_either_win_or_lose(
        two: tuple[ServerProcess, ServerProcess], pg_url: str) -> None:
    """Each seeker posts to one process and cancels at once on the other: a cancel that
    is answered 200 never sat, a cancel answered 409 did, and no open seek is left
    with a compatible partner."""

    def post_and_cancel(i: int) -> tuple[str, int]:
        with httpx.Client(timeout=30) as client:
            seek = client.post(two[i % 2].base + "/api/seeks",
                               json={"game": "thalara", "clock": "10m+5s"}).json()
            time.sleep((i % 5) * 0.01)
            answer = client.delete(f"{two[(i + 1) % 2].base}/api/seeks/{seek['id']}",
                                   headers={"authorization": f"Bearer {seek['secret']}"})
            return seek["id"], answer.status_code

    with ThreadPoolExecutor(24) as pool:
        outcomes = dict(pool.map(post_and_cancel, range(40)))
    assert set(outcomes.values()) <= {200, 409}
    time.sleep(2.5)          # a pass or two for whatever is left open
    rows = {r["id"]: r for r in stored_seeks(pg_url)}
    for seek_id, status in outcomes.items():
        assert rows[seek_id]["state"] == ("cancelled" if status == 200 else "paired")
    paired = [r for r in rows.values() if r["state"] == "paired"]
    assert len({(r["game_id"], r["seat"]) for r in paired}) == len(paired)
    by_game: dict[str, int] = {}
    for r in paired:
        by_game[r["game_id"]] = by_game.get(r["game_id"], 0) + 1
    assert all(n == 2 for n in by_game.values())
    waiting = [SeekRow(r["id"], r["game"], r["players"], r["clock"], r["rated"],
                       r["account"], r["name"], r["address"], r["rating"], r["created"],
                       r["seen"], r["state"], r["game_id"], r["seat"], r["ended"]).rule()
               for r in rows.values() if r["state"] == "open"]
    assert unpaired_compatible(waiting, time.time()) == []
