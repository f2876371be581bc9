"""Quick pairing over HTTP on one process (SQLite): seeks pair into a game with both
seated, each seeker gets only its own seat; rated seeks need accounts; cancel, expiry,
the limits, and nobody seated twice. (Several processes on PostgreSQL:
test_seeks_cluster.py.)"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from cardtable.server.limits import Limits
from cardtable.server.seeks import seeks_table
from cardtable.server.storage import HUMAN, Storage

from .test_accounts import make_client, sign_up  # noqa: F401 (a fixture)
from .test_protocol import hello

VALE = {"game": "vale", "players": 2, "clock": "10m+5s"}


@pytest.fixture
def clients(make_client: Callable[..., TestClient]) -> Callable[..., TestClient]:  # noqa: F811
    """Browsers (each its own cookie jar) of one server with the `Limits` the test
    chooses."""
    return make_client


def post(client: TestClient, spec: dict[str, Any], status: int = 201) -> dict[str, Any]:
    answer = client.post("/api/seeks", json=spec)
    assert answer.status_code == status, answer.text
    body: dict[str, Any] = answer.json()
    return body


def bearer(seek: dict[str, Any]) -> dict[str, str]:
    return {"authorization": f"Bearer {seek['secret']}"}


def wait(client: TestClient, seek: dict[str, Any], seconds: float = 10) -> dict[str, Any]:
    """The seek once it is no longer open (long polls until then)."""
    deadline = time.monotonic() + seconds
    while True:
        answer = client.get(f"/api/seeks/{seek['id']}?wait=5", headers=bearer(seek))
        assert answer.status_code == 200, answer.text
        body: dict[str, Any] = answer.json()
        if body["state"] != "open" or time.monotonic() > deadline:
            return body


def peek(client: TestClient, seek: dict[str, Any]) -> dict[str, Any]:
    """The seek as it stands (no waiting)."""
    answer = client.get(f"/api/seeks/{seek['id']}", headers=bearer(seek))
    assert answer.status_code == 200, answer.text
    body: dict[str, Any] = answer.json()
    return body


def storage_of(client: TestClient) -> Storage:
    store: Storage = client.app.state.storage  # type: ignore[attr-defined]
    return store


def test_two_guests_are_seated_in_one_game_each_with_only_their_own_seat(
        clients: Callable[..., TestClient]) -> None:
    a, b = clients(), clients()
    first = post(a, {**VALE, "name": "Ada"})
    assert first["state"] == "open" and "secret" in first
    # the lobby lists it: what it asks for and its seeker's name, no secret
    listed = a.get("/api/seeks").json()
    assert [s["id"] for s in listed] == [first["id"]]
    assert listed[0]["name"] == "Ada" and listed[0]["clock"] == "10m+5s"
    assert first["secret"] not in str(listed)
    second = post(b, {**VALE, "name": "Bea"})
    got_a, got_b = wait(a, first), wait(b, second)
    assert got_a["state"] == got_b["state"] == "paired"
    assert got_a["game_id"] == got_b["game_id"]
    assert {got_a["seat"], got_b["seat"]} == {0, 1}
    assert got_a["token"] != got_b["token"]
    assert got_a["link"] == f"/g/{got_a['game_id']}#seat={got_a['seat']}&token={got_a['token']}"
    row = storage_of(a).get_game(got_a["game_id"])
    assert row is not None and row.players == 2 and row.clock == "10m+5s"
    assert not row.rated and row.listed and row.options == {}
    assert all(s.kind == HUMAN and s.claimed for s in row.seats)
    assert row.seats[got_a["seat"]].name == "Ada" and row.seats[got_b["seat"]].name == "Bea"
    # each seeker's token holds its own seat, and plays it
    assert row.seats[got_a["seat"]].token == got_a["token"]
    with a.websocket_connect(f"/ws/{got_a['game_id']}") as ws:
        welcome = hello(ws, got_a["seat"], got_a["token"])
        assert welcome["type"] == "welcome" and welcome["seat"] == got_a["seat"]
    # and one seeker's proof tells nothing of the other's seek
    assert b.get(f"/api/seeks/{first['id']}", headers=bearer(second)).status_code == 403
    assert a.get("/api/seeks").json() == []


def test_rated_seeks_need_an_account_and_a_clock_and_pair_accounts(
        clients: Callable[..., TestClient]) -> None:
    guest, ann, bob = clients(), clients(), clients()
    refused = guest.post("/api/seeks", json={**VALE, "rated": True})
    assert refused.status_code == 403 and "sign in" in refused.json()["detail"]
    sign_up(ann, "ann_p")
    sign_up(bob, "bob_p")
    no_clock = ann.post("/api/seeks", json={"game": "vale", "rated": True})
    assert no_clock.status_code == 400 and "clock" in no_clock.json()["detail"]
    one = post(ann, {**VALE, "rated": True, "name": "not my account's name"})
    assert one["name"] == "ann_p" and one["rating"] == 1500
    # an account has one open seek at a time
    assert ann.post("/api/seeks", json={**VALE, "rated": True}).status_code == 409
    # an unrated seek of a guest does not pair with a rated one
    casual = post(guest, VALE)
    two = post(bob, {**VALE, "rated": True})
    got_ann, got_bob = wait(ann, one), wait(bob, two)
    assert got_ann["state"] == got_bob["state"] == "paired"
    assert got_ann["game_id"] == got_bob["game_id"]
    row = storage_of(ann).get_game(got_ann["game_id"])
    assert row is not None and row.rated and row.on_timeout == "forfeit"
    assert sorted(s.name for s in row.seats) == ["ann_p", "bob_p"]
    assert all(s.account is not None for s in row.seats)
    # the account's session answers for its seek too (a page reloaded without the secret)
    assert ann.get(f"/api/seeks/{one['id']}").json()["token"] == got_ann["token"]
    assert bob.get(f"/api/seeks/{one['id']}").status_code == 403
    # and the account's seats list the game
    assert any(s["id"] == got_ann["game_id"] for s in ann.get("/api/me").json()["seats"])
    assert guest.get(f"/api/seeks/{casual['id']}", headers=bearer(casual)).json()["state"] \
        == "open"


def test_bad_seeks_are_refused_with_the_reason(clients: Callable[..., TestClient]) -> None:
    c = clients()
    for spec, status, words in [
            ({"game": "chess"}, 400, "no game"),
            ({"game": "vale", "players": 5}, 400, "2 to 4"),
            ({"game": "vale", "players": 9}, 422, ""),
            ({"game": "vale", "players": 1}, 422, ""),
            ({"game": "vale", "clock": "forever"}, 400, "clock"),
            ({"game": "vale", "clock": "x" * 40}, 422, "")]:
        answer = c.post("/api/seeks", json=spec)
        assert answer.status_code == status, (spec, answer.text)
        assert words in str(answer.json()["detail"])
    assert c.get("/api/seeks").json() == []


def test_a_cancelled_seek_is_never_paired(clients: Callable[..., TestClient]) -> None:
    a, b = clients(), clients()
    mine = post(a, {"game": "thalara"})
    assert a.delete(f"/api/seeks/{mine['id']}").status_code == 403        # no proof
    assert a.delete(f"/api/seeks/{mine['id']}",
                    headers={"authorization": "Bearer wrong"}).status_code == 403
    assert a.delete("/api/seeks/nosuchseek", headers=bearer(mine)).status_code == 404
    gone = a.delete(f"/api/seeks/{mine['id']}", headers=bearer(mine))
    assert gone.status_code == 200 and gone.json()["state"] == "cancelled"
    again = a.delete(f"/api/seeks/{mine['id']}", headers=bearer(mine))
    assert again.status_code == 409
    other = post(b, {"game": "thalara"})
    time.sleep(2.5)        # passes run (every second while a seek is open)
    assert peek(b, other)["state"] == "open"
    assert a.get(f"/api/seeks/{mine['id']}", headers=bearer(mine)).json()["state"] \
        == "cancelled"
    # a paired seek can no longer be cancelled: its game is waiting
    late = post(a, {"game": "thalara"})
    assert wait(a, late)["state"] == "paired"
    refused = a.delete(f"/api/seeks/{late['id']}", headers=bearer(late))
    assert refused.status_code == 409 and "paired" in refused.json()["detail"]


def test_seeks_expire_after_their_time_and_when_nobody_asks(
        clients: Callable[..., TestClient]) -> None:
    c = clients(Limits(seek_seconds=1.5, seek_idle=30.0))
    seek = post(c, {"game": "vale", "players": 3})
    started = time.monotonic()
    assert wait(c, seek)["state"] == "expired"
    assert 1.4 < time.monotonic() - started < 5
    assert c.get("/api/seeks").json() == []


def test_a_seek_nobody_asks_about_is_dropped(clients: Callable[..., TestClient]) -> None:
    c = clients(Limits(seek_idle=1.5))
    kept, dropped = post(c, {"game": "vale", "players": 4}), post(c, {"game": "thalara",
                                                                       "players": 4})
    for _ in range(6):       # only the first seeker keeps asking
        time.sleep(0.5)
        assert peek(c, kept)["state"] == "open"
    assert peek(c, dropped)["state"] == "expired"
    # a seek dropped is never paired: a compatible seek now waits alone
    other = post(c, {"game": "thalara", "players": 4})
    assert peek(c, other)["state"] == "open"


def test_the_limits_of_an_address(clients: Callable[..., TestClient]) -> None:
    c = clients(Limits(seeks_per_address=2, seek_posts_per_address=4, seeks=50,
                           seek_waiters_per_address=1, games_per_address=3))
    first = post(c, {"game": "vale", "players": 3})
    post(c, {"game": "vale", "players": 4})
    refused = c.post("/api/seeks", json={"game": "thalara", "players": 3})
    assert refused.status_code == 429 and "limit" in refused.json()["detail"]
    # cancelling frees a place, but posts are counted too: 4 in the window
    c.delete(f"/api/seeks/{first['id']}", headers=bearer(first))
    third = post(c, {"game": "thalara", "players": 3})
    c.delete(f"/api/seeks/{third['id']}", headers=bearer(third))
    post(c, {"game": "thalara", "players": 4})
    assert c.post("/api/seeks", json={"game": "vale"}).status_code == 429
    store = storage_of(c)
    with store.engine.connect() as conn:     # (the seeks' secrets are kept as hashes)
        assert all(len(r[0]) == 64 for r in conn.execute(select(seeks_table.c.secret)))


def test_long_polls_are_bounded_per_address(clients: Callable[..., TestClient]) -> None:
    c = clients(Limits(seek_waiters_per_address=1))
    one = post(c, {"game": "vale", "players": 3})
    two = post(c, {"game": "vale", "players": 4})
    held: dict[str, Any] = {}

    def long_poll() -> None:
        held["first"] = c.get(f"/api/seeks/{one['id']}?wait=3", headers=bearer(one))

    poll = threading.Thread(target=long_poll)
    poll.start()
    time.sleep(1.0)
    second = c.get(f"/api/seeks/{two['id']}?wait=3", headers=bearer(two))
    assert second.status_code == 429
    poll.join()
    assert held["first"].status_code == 200 and held["first"].json()["state"] == "open"
    # a wait is at most `seek_wait`, whatever is asked
    started = time.monotonic()
    assert c.get(f"/api/seeks/{two['id']}?wait=1", headers=bearer(two)).status_code == 200
    assert time.monotonic() - started < 3


def test_the_servers_open_seeks_are_bounded(clients: Callable[..., TestClient]) -> None:
    c = clients(Limits(seeks=2, seeks_per_address=10))
    post(c, {"game": "vale", "players": 3})
    post(c, {"game": "vale", "players": 4})
    full = c.post("/api/seeks", json={"game": "thalara", "players": 3})
    assert full.status_code == 429 and "as many seeks" in full.json()["detail"]


def test_unfinished_games_of_an_address_bound_its_seeks(
        clients: Callable[..., TestClient]) -> None:
    c = clients(Limits(games_per_address=1, seeks_per_address=10))
    a, b = post(c, VALE), post(c, VALE)
    assert wait(c, a)["state"] == wait(c, b)["state"] == "paired"
    refused = c.post("/api/seeks", json=VALE)
    assert refused.status_code == 429 and "unfinished" in refused.json()["detail"]


def test_many_seekers_are_each_seated_once(clients: Callable[..., TestClient]) -> None:
    c = clients(Limits(seeks_per_address=40, seek_waiters_per_address=40,
                           games_per_address=100))
    specs = [VALE] * 10 + [{"game": "thalara", "clock": "3m+2s"}] * 10 + \
        [{"game": "vale", "players": 3}] * 9
    seeks = [post(c, {**spec, "name": f"P{i}"}) for i, spec in enumerate(specs)]
    answers = [wait(c, s) for s in seeks]
    games: dict[str, list[dict[str, Any]]] = {}
    for answer in answers:
        assert answer["state"] == "paired"
        games.setdefault(answer["game_id"], []).append(answer)
    assert sorted(len(v) for v in games.values()) == [2] * 10 + [3] * 3
    for game_id, seated in games.items():
        row = storage_of(c).get_game(game_id)
        assert row is not None and len(seated) == row.players
        assert sorted(a["seat"] for a in seated) == list(range(row.players))
        assert {a["game"] for a in seated} == {row.game}
