"""Seats a table can tell apart: several seats of one name (three greedy computers at a
table of four read "Computer (greedy)" in every panel, log line and result until
2026-12-06) are numbered in seat order."""

from __future__ import annotations

from fastapi.testclient import TestClient

from cardtable.server.names import told_apart

from .test_protocol import create


def test_seats_of_one_name_are_numbered_in_seat_order() -> None:
    assert told_apart(["Ada", "Computer (greedy)", "Computer (greedy)",
                       "Computer (hard)"]) == [
        "Ada", "Computer 1 (greedy)", "Computer 2 (greedy)", "Computer (hard)"]
    assert told_apart(["Ada", "Bea", "Ada"]) == ["Ada 1", "Bea", "Ada 2"]
    assert told_apart(["Ada", "Bea"]) == ["Ada", "Bea"]


def test_numbering_never_makes_two_names_alike_or_too_long() -> None:
    # a name typed as another's number, and names at the length limit
    named = told_apart(["X", "X", "X 1"])
    assert len(set(named)) == 3
    long = "n" * 40
    named = told_apart([long, long], limit=40)
    assert len(set(named)) == 2 and all(len(n) <= 40 for n in named)


def test_a_table_of_computers_of_one_level_names_each(client: TestClient) -> None:
    made = create(client, game="vale", players=4,
                  seats=[{"kind": "human", "name": "Ada"}]
                  + [{"kind": "computer", "agent": "greedy"}] * 3)
    info = client.get(f"/api/games/{made['id']}").json()
    assert [s["name"] for s in info["seats"]] == [
        "Ada", "Computer 1 (greedy)", "Computer 2 (greedy)", "Computer 3 (greedy)"]
