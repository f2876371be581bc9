"""Running the server: one process per SQLite file, health and metrics for a load
balancer and Prometheus, and rematches."""

from __future__ import annotations

import contextlib
import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from cardtable.server.app import create_app
from cardtable.server.single import InUse

from .helpers import ServerProcess, first_decision
from .test_protocol import create, hello, receive


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'ops.db'}", allow_seeds=True)) as c:
        yield c


@pytest.fixture
def sockets() -> Iterator[contextlib.ExitStack]:
    """Websockets kept open by a test, closed however it ends."""
    with contextlib.ExitStack() as stack:
        yield stack


def test_a_second_server_on_the_same_sqlite_file_refuses_to_start(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'one.db'}"
    first = ServerProcess(url).start()
    try:
        second = subprocess.run(
            [sys.executable, "-m", "cardtable.server", "--db", url, "--port", "0"],
            capture_output=True, text=True, timeout=60)
        assert second.returncode == 2
        assert "SQLite serves one server process" in second.stderr
        assert "postgresql://" in second.stderr
        with pytest.raises(InUse):
            create_app(url)
    finally:
        first.stop()
    # once the first is gone, the file is free again
    with TestClient(create_app(url)) as again:
        assert again.get("/healthz").json()["ok"]


def test_health_and_metrics(client: TestClient) -> None:
    health = client.get("/healthz")
    assert health.status_code == 200 and health.json()["ok"] is True
    made = create(client, game="vale", seed=2,
                  seats=[{"kind": "human"}, {"kind": "computer", "agent": "random"}])
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        msg = first_decision(ws, hello(ws, 0, made["seats"][0]["token"]))
        ws.send_json({"type": "act", "action": msg["legal"][0], "id": 1})
        receive_ack(ws)
        text = client.get("/metrics").text
    for name in ("cardtable_actions_total 1.0", "cardtable_act_ack_seconds_bucket",
                 "cardtable_open_games 1.0", "cardtable_sockets", "cardtable_computer_queue",
                 "cardtable_notifications_received", "cardtable_notifications_missed"):
        assert name in text, name


def receive_ack(ws: Any) -> dict[str, Any]:
    while (msg := ws.receive_json())["type"] != "ack":
        assert msg["type"] != "error", msg
    return msg


def play_to_the_end(client: TestClient, made: dict[str, Any], seed: int,
                    sockets: contextlib.ExitStack) -> list[Any]:
    """Both seats of a two-seat game play random actions to its end; the sockets stay
    open (returned) for what follows."""
    rng = random.Random(seed)
    socks = [sockets.enter_context(client.websocket_connect(f"/ws/{made['id']}"))
             for _ in range(2)]
    last = {i: hello(ws, i, made["seats"][i]["token"]) for i, ws in enumerate(socks)}
    while not last[0]["over"]:
        mover = last[0]["current_player"]
        socks[mover].send_json({"type": "act", "action": rng.choice(last[mover]["legal"]),
                                "n": last[mover]["n"]})
        for i, ws in enumerate(socks):
            last[i] = receive(ws, "update")
        receive_ack(socks[mover])
    return socks


def test_a_rematch_offered_and_accepted_makes_the_next_game_with_the_seats_turned(
        client: TestClient, sockets: contextlib.ExitStack) -> None:
    made = create(client, game="thalara", seed=5,
                  seats=[{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bo"}])
    w0, w1 = play_to_the_end(client, made, seed=5, sockets=sockets)
    w0.send_json({"type": "rematch", "answer": "offer"})
    offer = receive(w1, "rematch")
    assert offer["by"] == 0 and offer["accepted"] == [0] and offer["next"] is None
    assert receive(w0, "rematch")["accepted"] == [0]
    w1.send_json({"type": "rematch", "answer": "accept"})
    mine = {0: receive(w0, "rematch")["next"], 1: receive(w1, "rematch")["next"]}
    assert mine[0]["id"] == mine[1]["id"] and mine[0]["id"] != made["id"]
    # the seats turn by one: Bo moves first now; each holds only their own token
    assert (mine[0]["seat"], mine[1]["seat"]) == (1, 0)
    assert mine[0]["token"] != mine[1]["token"]
    info = client.get(f"/api/games/{mine[0]['id']}").json()
    assert [s["name"] for s in info["seats"]] == ["Bo", "Ada"]
    for viewer in (0, 1):
        with client.websocket_connect(f"/ws/{mine[viewer]['id']}") as nxt:
            welcome = hello(nxt, mine[viewer]["seat"], mine[viewer]["token"])
            assert welcome["type"] == "welcome" and welcome["n"] == 0
    # a spectator sees the next game but no token
    with client.websocket_connect(f"/ws/{made['id']}") as watcher:
        seen = hello(watcher)["rematch"]
        assert seen["next"]["id"] == mine[0]["id"] and "token" not in seen["next"]


@pytest.mark.sends_invalid
def test_a_declined_rematch_is_settled_and_answers_out_of_turn_are_refused(
        client: TestClient, sockets: contextlib.ExitStack) -> None:
    made = create(client, game="thalara", seed=6)
    with client.websocket_connect(f"/ws/{made['id']}") as early:
        hello(early, 0, made["seats"][0]["token"])
        early.send_json({"type": "rematch", "answer": "offer"})
        assert receive(early, "error")["code"] == "no_rematch"      # not over yet
    w0, w1 = play_to_the_end(client, made, seed=6, sockets=sockets)
    w1.send_json({"type": "rematch", "answer": "accept"})
    assert receive(w1, "error")["code"] == "no_rematch"              # nothing offered
    w1.send_json({"type": "rematch", "answer": "offer"})
    assert receive(w0, "rematch")["by"] == 1 and receive(w1, "rematch")["by"] == 1
    w0.send_json({"type": "rematch", "answer": "decline"})
    declined = receive(w1, "rematch")
    assert declined["declined"] == [0] and declined["next"] is None
    assert receive(w0, "rematch")["declined"] == [0]
    w0.send_json({"type": "rematch", "answer": "accept"})
    assert receive(w0, "error")["code"] == "no_rematch"              # settled
    w0.send_json({"type": "rematch", "answer": "maybe"})
    assert receive(w0, "error")["code"] == "malformed"
    assert len(client.get("/api/games?status=all").json()) == 1     # no game was made
    # after a decline, a new offer starts afresh
    w0.send_json({"type": "rematch", "answer": "offer"})
    again = receive(w1, "rematch")
    assert again["by"] == 0 and again["accepted"] == [0] and again["declined"] == []


def test_a_seat_taken_from_the_lobby_is_announced_to_the_table(
        client: TestClient) -> None:
    made = create(client, game="thalara", seats=[{"kind": "human"}, {"kind": "open"}])
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        welcome = hello(ws, 0, made["seats"][0]["token"])
        assert [s["open"] for s in welcome["seats"]] == [False, True]
        client.post(f"/api/games/{made['id']}/join", json={"name": "Bea"})
        seats = receive(ws, "seats")["seats"]
        assert seats[1]["name"] == "Bea" and seats[1]["open"]
    about = client.get(f"/api/games/{made['id']}/about").json()["setup"]
    assert [s["kind"] for s in about["seats"]] == ["human", "open"]


def test_ctrl_c_stops_the_server_and_its_computer_players_without_a_traceback(
        tmp_path: Path) -> None:
    import os
    import signal
    import time

    import httpx

    srv = ServerProcess(f"sqlite:///{tmp_path / 'g.db'}", extra=["--allow-computer-games"],
                        terminal_job=True).start()
    try:
        made = httpx.post(srv.base + "/api/games", json={
            "game": "vale", "seed": 1, "computer_delay_ms": 0,
            "seats": [{"kind": "computer", "agent": "random"}] * 2}).json()
        assert "id" in made, made
        # a computer decision played means a worker is up, waiting for the next
        deadline = time.monotonic() + 60
        while httpx.get(f"{srv.base}/api/games/{made['id']}").json()["actions"] < 3:
            assert time.monotonic() < deadline
            time.sleep(0.05)
        os.killpg(srv.proc.pid, signal.SIGINT)
        assert srv.proc.wait(timeout=30) is not None
        # and the computer players' processes end with it
        while True:
            try:
                os.killpg(srv.proc.pid, 0)
            except ProcessLookupError:
                break
            assert time.monotonic() < deadline + 30, "a worker outlived the server"
            time.sleep(0.1)
    finally:
        if srv.proc.poll() is None:
            os.killpg(srv.proc.pid, signal.SIGKILL)
    said = srv.said()
    assert "Traceback" not in said and "KeyboardInterrupt" not in said, said
    # what the terminal said at the start: where to go, and how to stop
    assert f"serving on http://127.0.0.1:{srv.port}/" in said
    assert "open it in a browser to play, Ctrl+C stops" in said
