from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from cardtable.server.app import create_app

from .helpers import ProtocolCheck, schema_url

PG_URL = os.environ.get("CARDTABLE_TEST_PG")
NO_PG = "set CARDTABLE_TEST_PG to a PostgreSQL URL (CI: .ci/postgres.sh)"


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "sends_invalid: the test sends messages outside the "
                                       "protocol on purpose (only the server's are checked)")


@pytest.fixture(autouse=True)
def protocol_check(request: pytest.FixtureRequest,
                   monkeypatch: pytest.MonkeyPatch) -> Iterator[ProtocolCheck]:
    """Every message on a game's websocket through the test client is validated against
    the protocol's schema: all the server sends, and all a client sends unless the test
    is marked `sends_invalid`. (A lesson's socket speaks a variant of its own.)"""
    check = ProtocolCheck()
    clients_too = request.node.get_closest_marker("sends_invalid") is None
    receive, send = WebSocketTestSession.receive, WebSocketTestSession.send

    def game_socket(ws: WebSocketTestSession) -> bool:
        return not str(ws.scope.get("path", "")).startswith("/ws/learn/")

    def checked_receive(ws: WebSocketTestSession) -> Any:
        message = receive(ws)
        if message.get("type") == "websocket.send" and message.get("text") is not None \
                and game_socket(ws):
            check.server(json.loads(message["text"]))
        return message

    def checked_send(ws: WebSocketTestSession, message: Any) -> None:
        if clients_too and message.get("type") == "websocket.receive" \
                and message.get("text") is not None and game_socket(ws):
            check.client(json.loads(message["text"]))
        send(ws, message)

    monkeypatch.setattr(WebSocketTestSession, "receive", checked_receive)
    monkeypatch.setattr(WebSocketTestSession, "send", checked_send)
    yield check


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A database of each kind: SQLite in a file of its own, PostgreSQL in a schema of its
    own (skipped without CARDTABLE_TEST_PG)."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'store.db'}"
        return
    if not PG_URL:
        pytest.skip(NO_PG)
    yield from schema_url(PG_URL)


@pytest.fixture
def pg_url() -> Iterator[str]:
    """A PostgreSQL schema of its own, so that parallel tests never meet."""
    if not PG_URL:
        pytest.skip(NO_PG)
    yield from schema_url(PG_URL)


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'games.db'}"


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(db_url, allow_seeds=True)) as c:
        yield c
