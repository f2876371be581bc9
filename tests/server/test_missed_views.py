"""A seat's hello may say how many actions' updates it received (`seen`): the welcome's
log entries after them then carry what the seat saw after each, so a program that
rebuilds the game from its messages (cardtable bot) can follow the actions it missed.
Each replay costs the server a game's worth of moves: the tests attack the bounds."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from cardtable.server.app import create_app
from cardtable.server.limits import Limits

from .helpers import LeakChecker, ProtocolCheck
from .test_protocol import play_two_seats, receive

SEED = 16


@pytest.fixture
def small(tmp_path: Path) -> Iterator[TestClient]:
    """A server that sends at most 12 missed observations, a seat's once a minute."""
    limits = Limits(views_actions=12, views_every=60.0)
    app = create_app(f"sqlite:///{tmp_path / 'games.db'}", allow_seeds=True, limits=limits)
    with TestClient(app) as c:
        yield c


def hello_seen(ws: Any, seat: int | None, token: str | None, seen: Any) -> dict[str, Any]:
    message = {"type": "hello", "seat": seat, "token": token, "seen": seen}
    ProtocolCheck().check("client", message)
    ws.send_json(message)
    return receive(ws, "welcome")


def observed(welcome: dict[str, Any]) -> list[int]:
    return [entry["n"] for entry in welcome["log"] if "observation" in entry]


def test_a_seat_that_missed_actions_gets_what_it_saw_after_each(small: TestClient) -> None:
    made, texts, _ = play_two_seats(small, "vale", SEED, moves=30)
    seat = made["seats"][1]
    with small.websocket_connect(f"/ws/{made['id']}") as ws:
        welcome = hello_seen(ws, 1, seat["token"], 25)
    # exactly the actions after the 25 it saw, each with the engine's observation for
    # seat 1 after it (the leak checker replays the game independently)
    assert observed(welcome) == list(range(26, 31))
    ProtocolCheck().check("server", welcome)
    LeakChecker("vale", 2, SEED, {}).check(welcome, 1, texts)


def test_at_most_the_last_views_actions_are_sent(small: TestClient) -> None:
    made, texts, _ = play_two_seats(small, "vale", SEED, moves=30)
    with small.websocket_connect(f"/ws/{made['id']}") as ws:
        welcome = hello_seen(ws, 0, made["seats"][0]["token"], 0)
    assert observed(welcome) == list(range(19, 31))     # the last 12 of 30
    LeakChecker("vale", 2, SEED, {}).check(welcome, 0, texts)


def test_a_seat_gets_them_at_most_once_in_views_every(small: TestClient) -> None:
    made, _, _ = play_two_seats(small, "vale", SEED, moves=30)
    token = made["seats"][0]["token"]
    with small.websocket_connect(f"/ws/{made['id']}") as ws:
        assert observed(hello_seen(ws, 0, token, 10))
        # the same socket again, and another socket: the plain welcome, with no replay
        assert observed(hello_seen(ws, 0, token, 10)) == []
    with small.websocket_connect(f"/ws/{made['id']}") as ws:
        assert observed(hello_seen(ws, 0, token, 10)) == []
    # the other seat's own allowance is its own
    with small.websocket_connect(f"/ws/{made['id']}") as ws:
        assert observed(hello_seen(ws, 1, made["seats"][1]["token"], 10))


def test_spectators_and_seats_that_missed_nothing_get_the_plain_welcome(
        small: TestClient) -> None:
    made, _, _ = play_two_seats(small, "vale", SEED, moves=30)
    with small.websocket_connect(f"/ws/{made['id']}") as ws:
        assert observed(hello_seen(ws, None, None, 0)) == []
        assert observed(hello_seen(ws, 0, made["seats"][0]["token"], 30)) == []
        assert observed(hello_seen(ws, 0, made["seats"][0]["token"], 99)) == []
    # the hellos that sent nothing spent no allowance: the seat still has its own
    with small.websocket_connect(f"/ws/{made['id']}") as ws:
        assert observed(hello_seen(ws, 0, made["seats"][0]["token"], 29)) == [30]


def test_a_wrong_token_with_seen_is_refused_as_any_wrong_token(small: TestClient) -> None:
    made, _, _ = play_two_seats(small, "vale", SEED, moves=10)
    with small.websocket_connect(f"/ws/{made['id']}") as ws:
        ws.send_json({"type": "hello", "seat": 1, "token": made["seats"][0]["token"],
                      "seen": 0})
        assert receive(ws, "error")["code"] == "bad_token"


@pytest.mark.sends_invalid
@pytest.mark.parametrize("seen", ["3", -1, True, 2.5, [1]])
def test_a_malformed_seen_gets_one_error_and_changes_nothing(small: TestClient,
                                                             seen: Any) -> None:
    made, _, _ = play_two_seats(small, "vale", SEED, moves=10)
    token = made["seats"][0]["token"]
    with small.websocket_connect(f"/ws/{made['id']}") as ws:
        ws.send_json({"type": "hello", "seat": 0, "token": token, "seen": seen})
        error = receive(ws, "error")
        assert error["code"] == "malformed" and "'seen'" in error["message"]
        # not joined: the socket must still say hello; the seat's allowance is whole
        ws.send_json({"type": "act", "action": "x"})
        assert receive(ws, "error")["code"] == "hello_first"
        assert observed(hello_seen(ws, 0, token, 5)) == list(range(6, 11))


def test_the_default_limits_bound_the_replay() -> None:
    limits = Limits()
    assert limits.views_actions == 100 and limits.views_every == 10.0


def test_a_plain_hello_gets_no_observations_in_its_log(tmp_path: Path) -> None:
    app = create_app(f"sqlite:///{tmp_path / 'games.db'}", allow_seeds=True)
    with TestClient(app) as client:
        made, _, _ = play_two_seats(client, "thalara", 11, moves=12)
        with client.websocket_connect(f"/ws/{made['id']}") as ws:
            ws.send_json({"type": "hello", "seat": 0, "token": made["seats"][0]["token"]})
            assert observed(receive(ws, "welcome")) == []
