"""Shared helpers of the server tests: a seat's websocket, independent replays, and
the no-leak checks every received message goes through."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

from cardtable import load_game
from cardtable.engine.api import Event, State


def replay_texts(game: str, players: int, seed: int, options: dict[str, Any],
                 texts: list[str]) -> tuple[State, list[list[Event]]]:
    g = load_game(game)
    state = g.new_game(players, seed, **options)
    events = [state.apply(g.parse_action(state, t)) for t in texts]
    return state, events


def hidden_hand_check(obs: dict[str, Any], viewer: int | None) -> None:
    """Another seat's hidden hand never shows in `viewer`'s observation."""
    for seat in obs["seats"]:
        if seat["seat"] == viewer:
            continue
        if obs["game"] == "thalara":
            assert seat["hand"] is None, "another seat's hand was sent"
            assert seat["supply"] is None, "another seat's supply was sent"
        else:
            for card, known in zip(seat["hand"], seat["hand_known"], strict=True):
                assert card is None or known, "another seat's hidden card was sent"


class LeakChecker:
    """Checks every message a viewer received against an independent replay of the
    stored actions: the observation, events and legal actions are exactly what the
    engine gives that viewer."""

    def __init__(self, game: str, players: int, seed: int, options: dict[str, Any],
                 names: list[str] | None = None) -> None:
        self.args = (game, players, seed, options)
        self.checked = 0
        self.names = names      # the seats' names, as a welcome tells them

    def check(self, message: dict[str, Any], viewer: int | None, texts: list[str]) -> None:
        if "observation" not in message:
            assert message["type"] in ("ack", "presence", "pong", "error", "seats",
                                       "rematch", "chat", "chat_log"), message
            if message["type"] == "chat":     # what was typed, by whom, when: no more
                assert set(message) == {"type", "room", "n", "seat", "name", "text", "at"}
            if message["type"] == "ack":
                assert set(message) == {"type", "id", "n"}
            return
        # nothing beyond the documented fields (a leak could hide in an extra one)
        state_keys = {"n", "observation", "current_player", "legal", "decision", "over",
                      "winners", "scores", "connected", "bots", "can_undo", "clock"}
        if message["type"] == "update":
            assert set(message) == state_keys | {"type", "seat", "action", "by", "events"}
        else:
            assert set(message) == state_keys | {"type", "protocol", "game_id", "game", "title",
                                                 "seat", "seats", "catalogue", "log",
                                                 "options", "start", "rematch"}
            for seat in message["seats"]:
                assert set(seat) == {"seat", "name", "kind", "agent", "open"}
            self.names = [seat["name"] for seat in message["seats"]]
        n = message["n"]
        state, events = replay_texts(*self.args, texts[:n])
        expected = state.observation(viewer)
        assert message["observation"] == expected
        # the end-of-game summary only once the game is over
        assert (message["observation"]["end"] is None) == (not state.is_over())
        if "catalogue" in message:
            # the same public card set for everyone, whatever the state: nothing of the
            # game in play can hide in it
            game, _, _, options = self.args
            assert message["catalogue"] == load_game(game).catalogue(options)
        hidden_hand_check(message["observation"], viewer)
        if self.args[0] == "vale":
            # Vale cards are unique: a card hidden in another hand must not be named
            # anywhere in the message (the shared catalogue aside)
            raw = json.dumps({k: v for k, v in message.items() if k != "catalogue"})
            for owner in range(state.num_players):
                if owner == viewer:
                    continue
                held = set(state.observation(owner)["seats"][owner]["hand"])
                seen = set(expected["seats"][owner]["hand"])
                for card in held - seen:
                    assert f'"{card}"' not in raw, f"hidden card {card} of seat {owner} sent"
        # the decision in words is exactly the game's for this viewer (whose own checks,
        # in the contract suite, show it tells nothing hidden from that viewer)
        assert message["decision"] == load_game(self.args[0]).decision(state, viewer, self.names)
        current = state.current_player()
        if viewer is not None and viewer == current:
            assert message["legal"] == [str(a) for a in state.legal_actions()]
        else:
            assert message["legal"] == []
        if message["type"] == "update":
            assert message["events"] == [e.to_dict(viewer) for e in events[n - 1]]
            assert message["action"] is None or viewer == message["seat"]
        if message["type"] in ("welcome", "sync"):
            # the options the game was made with, and what this viewer saw before the
            # first action: exactly the engine's, so nothing hidden from it
            game, players, seed, options = self.args
            assert message["options"] == options
            start = replay_texts(game, players, seed, options, [])[0].observation(viewer)
            assert message["start"] == start
            hidden_hand_check(message["start"], viewer)
            g = load_game(game)
            replayed = g.new_game(players, seed, **options)
            for i, entry in enumerate(message["log"]):
                assert entry["events"] == [e.to_dict(viewer) for e in events[i]]
                assert entry["action"] is None or entry["seat"] == viewer
                replayed.apply(g.parse_action(replayed, texts[i]))
                if "observation" in entry:
                    # a seat's own view after a missed action (hello's `seen`): the
                    # engine's, exactly, and never a spectator's
                    assert viewer is not None
                    assert set(entry) == {"n", "seat", "action", "by", "events",
                                          "observation"}
                    assert entry["observation"] == replayed.observation(viewer)
                    hidden_hand_check(entry["observation"], viewer)
                else:
                    assert set(entry) == {"n", "seat", "action", "by", "events"}
        self.checked += 1


class ProtocolCheck:
    """Validates messages against the protocol's JSON Schema (cardtable.protocol):
    `server` for what the server sends, `client` for what a client sends. A message that
    does not fit fails the test, naming the field and why."""

    def __init__(self) -> None:
        from cardtable.protocol import message_schema, schema

        self.whole = schema()
        self.validators: dict[str, Any] = {side: self._validator(message_schema(side))
                                           for side in ("client", "server")}
        self.checked = {"client": 0, "server": 0}
        self.types: dict[str, set[str]] = {"client": set(), "server": set()}

    @staticmethod
    def _validator(schema: dict[str, Any]) -> Any:
        from jsonschema import Draft202012Validator

        return Draft202012Validator(schema)

    def _for(self, side: str, message: Any) -> Any:
        """The validator of the message's own type, when it names one the protocol
        has (its errors then say what is wrong, not only that no type fits)."""
        kind = message.get("type") if isinstance(message, dict) else None
        name = "chat_line" if (side, kind) == ("server", "chat") else f"{side[0]}_{kind}"
        if not isinstance(kind, str) or name not in self.whole["$defs"]:
            return self.validators[side]
        key = f"{side}:{kind}"
        if key not in self.validators:
            self.validators[key] = self._validator({**self.whole, "$ref": f"#/$defs/{name}"})
        return self.validators[key]

    def check(self, side: str, message: Any) -> None:
        errors = list(self._for(side, message).iter_errors(message))
        if errors:
            reasons = [f"{'/'.join(map(str, e.path)) or '(message)'}: {e.message}"
                       for e in errors]
            raise AssertionError(f"a {side} message outside the protocol's schema: "
                                 f"{json.dumps(message)[:300]}\n" + "\n".join(reasons[:8]))
        self.checked[side] += 1
        self.types[side].add(message["type"])

    def server(self, message: Any) -> None:
        self.check("server", message)

    def client(self, message: Any) -> None:
        self.check("client", message)


def schema_url(pg_url: str) -> Iterator[str]:
    """A PostgreSQL URL whose tables live in a schema of their own (dropped after), so
    that tests running in parallel never meet."""
    import secrets

    import sqlalchemy

    from cardtable.server.storage import make_engine

    schema = "t_" + secrets.token_hex(6)
    admin = make_engine(pg_url)
    with admin.begin() as conn:
        conn.execute(sqlalchemy.text(f"CREATE SCHEMA {schema}"))
    sep = "&" if "?" in pg_url else "?"
    yield f"{pg_url}{sep}options=-csearch_path%3D{schema}"
    with admin.begin() as conn:
        conn.execute(sqlalchemy.text(f"DROP SCHEMA {schema} CASCADE"))
    admin.dispose()


def first_decision(ws: Any, message: dict[str, Any]) -> dict[str, Any]:
    """From `message` on, the first state message that asks this seat to decide."""
    while not message.get("legal"):
        message = ws.receive_json()
    return message


def pick(message: dict[str, Any], rng: random.Random) -> str:
    legal: list[str] = message["legal"]
    return rng.choice(legal)


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class ServerProcess:
    """`python -m cardtable.server` as a subprocess on a loopback port."""

    def __init__(self, db_url: str, port: int | None = None,
                 extra: list[str] | None = None, terminal_job: bool = False) -> None:
        self.db_url = db_url
        self.port = port or free_port()
        self.proc: Any = None
        self.extra = extra or []
        # as a terminal's foreground job: its own process group (a Ctrl+C sent to the
        # group reaches the server and its workers alike), its output in the log too
        self.terminal_job = terminal_job

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> ServerProcess:
        import subprocess
        import sys
        import tempfile
        import time

        import httpx

        # the server's log goes to a file: a pipe nobody reads would fill and stop it
        self.log = tempfile.TemporaryFile()  # noqa: SIM115 (kept for the process's life)
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "cardtable.server", "--port", str(self.port),
             "--db", self.db_url, "--allow-seeds",
             # the browser tests make many games (and accounts) from this one address
             "--games-per-address", "1000", "--signups-per-address", "1000",
             *self.extra],
            stdout=self.log if self.terminal_job else subprocess.DEVNULL, stderr=self.log,
            start_new_session=self.terminal_job)
        # a start takes ~3 s on a quiet machine, ~18 s on two cores loaded 15 deep
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited: {self.said()}")
            try:
                if httpx.get(self.base + "/api/meta", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                time.sleep(0.05)
        raise RuntimeError("server did not start")

    def said(self) -> str:
        """What the server wrote to its log (with `terminal_job`, its output too)."""
        self.log.seek(0)
        text: str = self.log.read().decode()
        return text

    def kill9(self) -> None:
        import signal

        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except Exception:
                self.kill9()


class ThreadedServer:
    """The app on a real uvicorn server in a thread of the test process, so that the
    websocket layer's own limits (frame size, back-pressure) apply, with the `Limits`
    a test chooses."""

    def __init__(self, db_url: str, limits: Any = None, **app_args: Any) -> None:
        import threading

        import uvicorn

        from cardtable.server.app import create_app
        from cardtable.server.limits import Limits
        from cardtable.server.websocket_layer import AbortableWebSocketProtocol

        self.limits = limits or Limits()
        self.app = create_app(db_url, limits=self.limits, **app_args)
        self.port = free_port()
        config = uvicorn.Config(self.app, host="127.0.0.1", port=self.port, log_level="error",
                                ws_max_size=self.limits.frame_bytes, ws_ping_interval=20,
                                ws_ping_timeout=20, lifespan="on",
                                ws=AbortableWebSocketProtocol)
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def ws(self, game_id: str) -> str:
        return f"ws://127.0.0.1:{self.port}/ws/{game_id}"

    def __enter__(self) -> ThreadedServer:
        import time

        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the test server did not start")
            time.sleep(0.01)
        return self

    def __exit__(self, *_exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(20)


class RawSocketClient:
    """A websocket client on a bare socket that sends what it is told and reads nothing
    after the handshake: the client that stops reading, with a small receive buffer so
    the server feels it at once."""

    def __init__(self, port: int, path: str, receive_buffer: int = 2048) -> None:
        import base64
        import os
        import socket

        self.sock = socket.socket()
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
        self.sock.connect(("127.0.0.1", port))
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall((f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                           "Upgrade: websocket\r\nConnection: Upgrade\r\n"
                           f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n")
                          .encode())
        answer = b""
        while b"\r\n\r\n" not in answer:
            answer += self.sock.recv(1)
        assert b" 101 " in answer.split(b"\r\n")[0], answer

    def send_text(self, text: str) -> None:
        import os
        import struct

        data = text.encode()
        mask = os.urandom(4)
        head = bytes([0x81])
        if len(data) < 126:
            head += bytes([0x80 | len(data)])
        elif len(data) < 1 << 16:
            head += bytes([0x80 | 126]) + struct.pack("!H", len(data))
        else:
            head += bytes([0x80 | 127]) + struct.pack("!Q", len(data))
        self.sock.sendall(head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data)))

    def close(self) -> None:
        self.sock.close()
