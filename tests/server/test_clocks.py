"""Turn clocks: read from the stored actions' commit times, run by whoever must
decide, and enforced by the server under each timeout policy."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from cardtable.server.app import create_app
from cardtable.server.clocks import (
    ClockError,
    TimeControl,
    clock_state,
    parse_time_control,
)
from cardtable.server.storage import COMPUTER, HUMAN, ActionRow, SeatRow

from .test_protocol import create, hello


def seats(*kinds: str, absent: int | None = None, returned: dict[int, float] | None = None
          ) -> list[SeatRow]:
    return [SeatRow(i, k, None, f"P{i}", "t", True, True, i == absent, False,
                    (returned or {}).get(i)) for i, k in enumerate(kinds)]


FISCHER = TimeControl("1m+5s", bank=60.0, increment=5.0)


def test_time_controls_are_read_or_refused_with_the_forms_they_take() -> None:
    assert parse_time_control("5m+3s") == TimeControl("5m+3s", bank=300, increment=3)
    assert parse_time_control("24h") == TimeControl("24h", per_turn=86400)
    assert parse_time_control("none") is None and parse_time_control(None) is None
    for bad in ("5", "5m+", "0m", "1000h", "5 minutes", "3s"):
        with pytest.raises(ClockError, match=r"5m\+3s|minutes|hours"):
            parse_time_control(bad)


def test_the_clocks_wait_until_every_human_seat_has_come() -> None:
    state = clock_state(FISCHER, None, seats(HUMAN, HUMAN), [], 0, now=1000.0)
    assert not state.started and state.running is None and state.remaining == [60, 60]


def test_fischer_each_decision_costs_its_time_and_earns_the_increment() -> None:
    actions = [ActionRow(0, 0, "a", 110.0), ActionRow(1, 1, "b", 130.0),
               ActionRow(2, 1, "c", 131.0)]   # seat 1 decided twice in a row (a spell)
    state = clock_state(FISCHER, 100.0, seats(HUMAN, HUMAN), actions, 0, now=141.0)
    # seat 0: 60 - 10 + 5, then its running decision since 131 (10 s so far)
    # seat 1: 60 - 20 + 5 - 1 + 5
    assert state.remaining == pytest.approx([45.0, 49.0])
    assert state.running == 0 and state.deadline == pytest.approx(131.0 + 55.0)


def test_a_decision_that_falls_to_another_seat_runs_that_seats_clock() -> None:
    actions = [ActionRow(0, 0, "cast silence 1", 105.0)]
    state = clock_state(FISCHER, 100.0, seats(HUMAN, HUMAN), actions, 1, now=108.0)
    assert state.running == 1 and state.remaining[1] == pytest.approx(57.0)


def test_computer_seats_and_moves_made_for_an_absent_seat_cost_nobody_time() -> None:
    actions = [ActionRow(0, 1, "x", 150.0), ActionRow(1, 0, "y", 170.0, "computer")]
    state = clock_state(FISCHER, 100.0, seats(HUMAN, COMPUTER, absent=0), actions, 0,
                        now=200.0)
    assert state.remaining == [60.0, None] and state.running is None


def test_a_seat_that_comes_back_starts_again_with_a_full_bank() -> None:
    actions = [ActionRow(0, 0, "y", 170.0, "computer"), ActionRow(1, 1, "z", 175.0)]
    state = clock_state(FISCHER, 100.0, seats(HUMAN, HUMAN, returned={0: 180.0}), actions,
                        0, now=190.0)
    assert state.remaining[0] == pytest.approx(50.0)


def test_turn_based_each_decision_has_its_own_deadline() -> None:
    day = TimeControl("24h", per_turn=86400.0)
    actions = [ActionRow(0, 0, "a", 100.0 + 80000)]
    state = clock_state(day, 100.0, seats(HUMAN, HUMAN), actions, 1, now=100.0 + 80000 + 60)
    assert state.deadline == pytest.approx(100.0 + 80000 + 86400)
    assert state.remaining[1] == pytest.approx(86400 - 60)


# ---- the server enforces them --------------------------------------------------------------


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'clocks.db'}", allow_seeds=True)) as c:
        yield c


def wait_for(ws: Any, test: Callable[[dict[str, Any]], bool], seconds: float = 15
             ) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        msg: dict[str, Any] = ws.receive_json()
        if test(msg):
            return msg
    raise AssertionError("the awaited message never came")


@pytest.mark.parametrize("policy", ["computer", "forfeit"])
def test_a_clock_that_runs_out(client: TestClient, policy: str) -> None:
    """Seat 1 never moves: its 3 seconds run out, the computer plays for it (marked in
    the log), and with `forfeit` it can no longer win; when it comes back it plays
    its seat again."""
    made = create(client, game="thalara", seed=3, clock="0.05m", on_timeout=policy)
    with client.websocket_connect(f"/ws/{made['id']}") as w0:
        last = hello(w0, 0, made["seats"][0]["token"])
        assert last["clock"]["started"] is False          # seat 1 has not come yet
        with client.websocket_connect(f"/ws/{made['id']}") as w1:
            hello(w1, 1, made["seats"][1]["token"])
        # seat 0 plays the moment it is asked; seat 1 is gone and its clock runs out
        started = absent = seen_computer = False
        acted = -1
        while not last["over"]:
            if last["legal"] and last["n"] != acted:
                acted = last["n"]
                w0.send_json({"type": "act", "action": last["legal"][0], "n": last["n"]})
            msg = w0.receive_json()
            assert msg["type"] != "error", msg
            if msg["type"] == "seats":
                started = started or msg["clock"]["started"]
                if msg["clock"]["absent"][1]:
                    absent = True
                    assert msg["clock"]["absent"] == [False, True]
                    assert msg["clock"]["forfeited"] == [False, policy == "forfeit"]
            if msg["type"] == "update":
                last = msg
                if msg["by"] == "computer":
                    seen_computer = True
                    assert msg["seat"] == 1
        assert started and absent
        assert seen_computer
        log = client.get(f"/api/games/{made['id']}/log").json()
        assert any(e["by"] == "computer" and e["seat"] == 1 for e in log)
        info = client.get(f"/api/games/{made['id']}").json()
        if policy == "forfeit":
            assert info["winners"] == [0]
    # whoever comes back takes the seat again
    with client.websocket_connect(f"/ws/{made['id']}") as w1:
        back = hello(w1, 1, made["seats"][1]["token"])
        assert back["clock"]["absent"] == [False, False]


def test_no_clock_by_default_and_bad_clocks_are_refused(client: TestClient) -> None:
    made = create(client, game="vale")
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        assert hello(ws, 0, made["seats"][0]["token"])["clock"] is None
    for spec, word in (({"clock": "fast"}, "clock"), ({"clock": "5m", "on_timeout": "sulk"},
                                                       "on_timeout")):
        answer = client.post("/api/games", json={"game": "vale", **spec})
        assert answer.status_code == 400 and word in answer.json()["detail"]
