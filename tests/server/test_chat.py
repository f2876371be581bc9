"""Chat against hostile clients (issue 27, part 6): the players' room reaches the seats
and never a spectator; the spectators' room reaches spectators signed in and never a
player; lines are bounded in length, rate and number, cleaned of control characters,
stored with the game; a game with one person has no chat; another site's page cannot
chat with the visitor's cookie; a line said on one process reaches the other."""

from __future__ import annotations

import contextlib
import json
import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from websockets.sync.client import connect

from cardtable.server.app import create_app
from cardtable.server.limits import Limits

from .helpers import ServerProcess, schema_url
from .test_protocol import create, hello

PG_URL = os.environ.get("CARDTABLE_TEST_PG")
PASSWORD = "a long and quiet river"
LINE_KEYS = {"type", "room", "n", "seat", "name", "text", "at"}


@contextlib.contextmanager
def server(tmp_path: Path, limits: Limits | None = None) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'games.db'}", allow_seeds=True,
                               limits=limits)) as client:
        yield client


def browser(client: TestClient) -> TestClient:
    """Another browser (its own cookies) on the same running server."""
    other = TestClient(client.app)
    other.portal = client.portal
    return other


def two_seats(client: TestClient) -> tuple[str, list[str]]:
    made = create(client, game="thalara", seats=[{"kind": "human", "name": "Ann"},
                                                 {"kind": "human", "name": "Bob"}])
    return made["id"], [s["token"] for s in made["seats"]]


def until_pong(ws: Any) -> list[dict[str, Any]]:
    """Everything the socket receives up to the answer of a ping (a sync point)."""
    ws.send_json({"type": "ping", "id": "sync"})
    got = []
    while (msg := ws.receive_json())["type"] != "pong":
        got.append(msg)
    return got


def next_chat(ws: Any) -> dict[str, Any]:
    while True:
        msg: dict[str, Any] = ws.receive_json()
        if msg["type"] in ("chat", "error", "chat_log"):
            return msg


def test_the_players_room_reaches_the_seats_and_never_a_spectator(tmp_path: Path) -> None:
    with server(tmp_path) as client:
        game_id, tokens = two_seats(client)
        with client.websocket_connect(f"/ws/{game_id}") as ann, \
                client.websocket_connect(f"/ws/{game_id}") as bob, \
                client.websocket_connect(f"/ws/{game_id}") as watcher:
            hello(ann, 0, tokens[0])
            hello(bob, 1, tokens[1])
            hello(watcher)
            ann.send_json({"type": "chat", "text": "good luck, Bob"})
            for ws in (ann, bob):
                line = next_chat(ws)
                assert set(line) == LINE_KEYS
                assert (line["room"], line["seat"], line["name"], line["text"]) == (
                    "players", 0, "Ann", "good luck, Bob")
            bob.send_json({"type": "chat", "text": "you too"})
            assert next_chat(ann)["text"] == "you too"
            seen = until_pong(watcher)
            assert not [m for m in seen if m["type"].startswith("chat")], seen
            # a spectator says nothing in the players' room: it is not signed in, and
            # its own room is another
            watcher.send_json({"type": "chat", "text": "play the spell!"})
            refused = next_chat(watcher)
            assert refused["type"] == "error" and refused["code"] == "sign_in"
            assert not [m for m in until_pong(ann) if m["type"] == "chat"]
        # a seat coming back gets its room's history, a spectator none of it
        with client.websocket_connect(f"/ws/{game_id}") as again:
            hello(again, 1, tokens[1])
            log = next_chat(again)
            assert log["type"] == "chat_log" and log["room"] == "players"
            assert [(x["seat"], x["text"]) for x in log["lines"]] == [
                (0, "good luck, Bob"), (1, "you too")]
        with client.websocket_connect(f"/ws/{game_id}") as watcher:
            hello(watcher)
            assert not [m for m in until_pong(watcher) if m["type"].startswith("chat")]


def test_the_spectators_room_is_for_signed_in_spectators_and_never_reaches_a_player(
        tmp_path: Path) -> None:
    with server(tmp_path) as client:
        game_id, tokens = two_seats(client)
        fan = browser(client)
        assert fan.post("/api/accounts", json={"name": "Fan", "password": PASSWORD}) \
            .status_code == 201
        with client.websocket_connect(f"/ws/{game_id}") as ann, \
                fan.websocket_connect(f"/ws/{game_id}") as watching, \
                client.websocket_connect(f"/ws/{game_id}") as anonymous:
            hello(ann, 0, tokens[0])
            hello(watching)
            hello(anonymous)
            for text in ("the players talk first", "twice"):
                ann.send_json({"type": "chat", "text": text})
                assert next_chat(ann)["text"] == text
            watching.send_json({"type": "chat", "text": "Ann holds the Crown, I bet"})
            line = next_chat(watching)
            assert (line["room"], line["seat"], line["name"]) == ("spectators", None, "Fan")
            # numbered in its own room: no gap tells the spectators the players spoke
            assert line["n"] == 0
            assert next_chat(anonymous)["text"] == "Ann holds the Crown, I bet"
            assert not [m for m in until_pong(ann) if m["type"].startswith("chat")]
            # a seat's line stays with the seats
            ann.send_json({"type": "chat", "text": "hi"})
            assert not [m for m in until_pong(watching) if m["type"].startswith("chat")]


def test_there_is_no_chat_in_a_game_with_one_person(tmp_path: Path) -> None:
    with server(tmp_path) as client:
        made = create(client, game="thalara", seats=[{"kind": "human"},
                                                     {"kind": "computer", "agent": "random"}])
        with client.websocket_connect(f"/ws/{made['id']}") as ws:
            hello(ws, 0, made["seats"][0]["token"])
            ws.send_json({"type": "chat", "text": "anyone?"})
            refused = next_chat(ws)
            assert refused["type"] == "error" and refused["code"] == "no_chat"


@pytest.mark.sends_invalid
def test_lines_are_bounded_and_cleaned_and_refusals_store_nothing(tmp_path: Path) -> None:
    with server(tmp_path) as client:
        game_id, tokens = two_seats(client)
        with client.websocket_connect(f"/ws/{game_id}") as ann, \
                client.websocket_connect(f"/ws/{game_id}") as bob:
            hello(ann, 0, tokens[0])
            hello(bob, 1, tokens[1])
            cases: list[tuple[Any, str]] = [
                ("x" * 301, "too_long"), ("x" * 10_000, "malformed"),   # 10 kB: over a message
                ("", "malformed"), ("\u202e\u200b \t", "malformed"), (["a list"], "malformed"),
                (None, "malformed")]
            for text, code in cases:
                ann.send_json({"type": "chat", "text": text})
                answer = next_chat(ann)
                assert answer["type"] == "error" and answer["code"] == code, (text, answer)
            assert not [m for m in until_pong(bob) if m["type"] == "chat"]
            # at the limit it passes; markup stays text; direction overrides and other
            # invisible controls go
            ann.send_json({"type": "chat", "text": "y" * 300})
            assert next_chat(bob)["text"] == "y" * 300
            ann.send_json({"type": "chat",
                           "text": "<img src=x onerror=alert(1)>\u202egnp.exe\u0000\u200b!"})
            assert next_chat(bob)["text"] == "<img src=x onerror=alert(1)>gnp.exe!"
        with client.websocket_connect(f"/ws/{game_id}") as again:
            hello(again, 0, tokens[0])
            assert [x["text"] for x in next_chat(again)["lines"]] == [
                "y" * 300, "<img src=x onerror=alert(1)>gnp.exe!"]


def test_chat_lines_are_rate_limited_per_connection(tmp_path: Path) -> None:
    with server(tmp_path, Limits(chat_burst=3, chat_rate=0.2)) as client:
        game_id, tokens = two_seats(client)
        with client.websocket_connect(f"/ws/{game_id}") as ann, \
                client.websocket_connect(f"/ws/{game_id}") as bob:
            hello(ann, 0, tokens[0])
            hello(bob, 1, tokens[1])
            for i in range(6):
                ann.send_json({"type": "chat", "text": f"spam {i}"})
            answers = [next_chat(ann) for _ in range(6)]
            assert [a["type"] for a in answers] == ["chat"] * 3 + ["error"] * 3
            assert {a["code"] for a in answers[3:]} == {"rate_limited"}
            assert [m["text"] for m in until_pong(bob) if m["type"] == "chat"] == [
                "spam 0", "spam 1", "spam 2"]
            # the other seat's allowance is its own
            bob.send_json({"type": "chat", "text": "calm down"})
            assert next_chat(bob)["text"] == "calm down"


def test_a_games_chat_is_bounded_in_lines(tmp_path: Path) -> None:
    with server(tmp_path, Limits(chat_lines_per_game=2)) as client:
        game_id, tokens = two_seats(client)
        with client.websocket_connect(f"/ws/{game_id}") as ann:
            hello(ann, 0, tokens[0])
            for text in ("one", "two"):
                ann.send_json({"type": "chat", "text": text})
                assert next_chat(ann)["text"] == text
            ann.send_json({"type": "chat", "text": "three"})
            refused = next_chat(ann)
            assert refused["type"] == "error" and refused["code"] == "chat_full"


def test_chat_is_stored_with_the_game_and_survives_a_restart(tmp_path: Path) -> None:
    with server(tmp_path) as client:
        game_id, tokens = two_seats(client)
        with client.websocket_connect(f"/ws/{game_id}") as ann:
            hello(ann, 0, tokens[0])
            ann.send_json({"type": "chat", "text": "see you tomorrow"})
            assert next_chat(ann)["type"] == "chat"
    with server(tmp_path) as client, client.websocket_connect(f"/ws/{game_id}") as bob:
        hello(bob, 1, tokens[1])
        log = next_chat(bob)
        assert [x["text"] for x in log["lines"]] == ["see you tomorrow"]


def test_another_sites_page_cannot_chat_with_the_visitors_cookie(tmp_path: Path) -> None:
    """A page elsewhere may open a websocket here, and the browser sends the cookie
    with it: the server then treats the socket as signed out."""
    with server(tmp_path) as client:
        game_id, _ = two_seats(client)
        fan = browser(client)
        fan.post("/api/accounts", json={"name": "Fan", "password": PASSWORD})
        with fan.websocket_connect(f"/ws/{game_id}",
                                   headers={"origin": "http://evil.example"}) as ws:
            hello(ws)
            ws.send_json({"type": "chat", "text": "sent by another site"})
            refused = next_chat(ws)
            assert refused["type"] == "error" and refused["code"] == "sign_in"
        with fan.websocket_connect(f"/ws/{game_id}",
                                   headers={"origin": "http://testserver"}) as ws:
            hello(ws)
            ws.send_json({"type": "chat", "text": "from the page itself"})
            assert next_chat(ws)["name"] == "Fan"


@pytest.mark.skipif(not PG_URL, reason="set CARDTABLE_TEST_PG to a PostgreSQL URL "
                                       "(CI: .ci/postgres.sh)")
def test_a_line_said_on_one_process_reaches_the_seat_on_another() -> None:
    import httpx

    assert PG_URL is not None
    for url in schema_url(PG_URL):
        a, b = ServerProcess(url).start(), ServerProcess(url).start()
        try:
            made = httpx.post(a.base + "/api/games", json={
                "game": "thalara", "seats": [{"kind": "human"}, {"kind": "human"}]}).json()
            tokens = [s["token"] for s in made["seats"]]
            with connect(f"ws://127.0.0.1:{a.port}/ws/{made['id']}") as ann, \
                    connect(f"ws://127.0.0.1:{b.port}/ws/{made['id']}") as bob:
                for ws, seat in ((ann, 0), (bob, 1)):
                    ws.send(json.dumps({"type": "hello", "seat": seat, "token": tokens[seat]}))
                    while json.loads(ws.recv(timeout=10))["type"] != "welcome":
                        pass
                    # a socket's messages are handled in turn: the pong comes once the
                    # hello's chat history is read, so the line below cannot arrive in
                    # that history instead of as news from the other process
                    ws.send(json.dumps({"type": "ping", "id": "after-hello"}))
                    while json.loads(ws.recv(timeout=10))["type"] != "pong":
                        pass
                ann.send(json.dumps({"type": "chat", "text": "across the cluster"}))
                deadline = time.monotonic() + 10
                while True:
                    msg = json.loads(bob.recv(timeout=max(0.1, deadline - time.monotonic())))
                    if msg["type"] == "chat":
                        break
                assert (msg["seat"], msg["text"]) == (0, "across the cluster")
        finally:
            a.stop()
            b.stop()
