"""Saved games in SQLite (always) and PostgreSQL (when CARDTABLE_TEST_PG gives a URL;
CI starts a throwaway cluster with .ci/postgres.sh)."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from cardtable.server.app import create_app
from cardtable.server.storage import COMPUTER, HUMAN, OPEN, Storage, StorageError


def test_games_seats_and_actions_round_trip(url: str) -> None:
    store = Storage(url)
    row = store.create_game("vale", 3, 2**40 + 3, {"tie_break": "shared"},
                            [(HUMAN, None, "Ada"), (COMPUTER, "greedy", "Bot"),
                             (OPEN, None, "Player 3")],
                            title="t", listed=True, computer_delay_ms=100, creator="10.0.0.7")
    again = store.get_game(row.id)
    assert again is not None
    assert again.seed == 2**40 + 3 and again.options == {"tie_break": "shared"}
    assert [(s.kind, s.agent, s.name, s.claimed) for s in again.seats] == [
        (HUMAN, None, "Ada", True), (COMPUTER, "greedy", "Bot", False),
        (HUMAN, None, "Player 3", False)]
    assert again.creator == "10.0.0.7" and not again.abandoned
    assert again.seats[0].token == row.seats[0].token and len(row.seats[0].token) >= 20
    assert store.get_game("missing") is None
    assert not store.claim_seat(row.id, 0)    # the creator's seat is claimed already
    assert store.claim_seat(row.id, 2, "new-token", "Bea")
    assert not store.claim_seat(row.id, 2, "other")
    taken = store.get_game(row.id)
    assert taken is not None and taken.seats[2].token == "new-token"
    assert taken.seats[2].name == "Bea"
    assert store.unfinished_by("10.0.0.7") == 1 and store.unfinished_by("10.0.0.8") == 0
    store.append_action(row.id, 0, 0, "hunt imp")
    store.append_action(row.id, 1, 1, "hunt kappa")
    with pytest.raises(StorageError, match="already stored"):
        store.append_action(row.id, 1, 0, "hunt agni")
    assert store.actions(row.id) == [(0, "hunt imp"), (1, "hunt kappa")]
    assert store.unfinished_ids() == [row.id]
    store.finish(row.id, [1])
    finished = store.get_game(row.id)
    assert finished is not None and finished.over and finished.winners == [1]
    assert store.unfinished_ids() == []
    assert [g.id for g in store.list_games(over=True)] == [row.id]
    store.truncate(row.id, 1)
    assert store.actions(row.id) == [(0, "hunt imp")]
    assert store.unfinished_ids() == [row.id]
    store.close()


def test_a_gap_in_the_stored_actions_is_an_error(url: str) -> None:
    store = Storage(url)
    row = store.create_game("thalara", 2, 1, {}, [(HUMAN, None, "a"), (HUMAN, None, "b")])
    store.append_action(row.id, 0, 0, "take blue1")
    store.append_action(row.id, 2, 0, "take blue2")
    with pytest.raises(StorageError, match="action 1 is missing"):
        store.actions(row.id)
    store.close()


def test_the_server_continues_a_game_after_a_restart(url: str) -> None:
    with TestClient(create_app(url, allow_seeds=True)) as client:
        made = client.post("/api/games", json={
            "game": "thalara", "seed": 9,
            "seats": [{"kind": "human"}, {"kind": "computer", "agent": "random"}]}).json()
        with client.websocket_connect(f"/ws/{made['id']}") as ws:
            ws.send_json({"type": "hello", "seat": 0, "token": made["seats"][0]["token"]})
            state = ws.receive_json()
            for i in range(3):
                while not state["legal"]:
                    state = ws.receive_json()
                ws.send_json({"type": "act", "action": state["legal"][0], "n": state["n"],
                              "id": i})
                msg = ws.receive_json()
                while msg["type"] != "ack":
                    if "observation" in msg:
                        state = msg
                    msg = ws.receive_json()
        before = client.app.state.rooms.get(made["id"]).texts  # type: ignore[attr-defined]
        assert len(before) >= 3
    with TestClient(create_app(url, allow_seeds=True)) as client:
        room = client.app.state.rooms.get(made["id"])  # type: ignore[attr-defined]
        assert room.texts[: len(before)] == before
        with client.websocket_connect(f"/ws/{made['id']}") as ws:
            ws.send_json({"type": "hello", "seat": 0, "token": made["seats"][0]["token"]})
            welcome = ws.receive_json()
            assert welcome["n"] >= len(before) and len(welcome["log"]) == welcome["n"]
