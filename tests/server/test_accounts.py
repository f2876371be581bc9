"""Accounts against hostile clients (issue 27, parts 1 and 2): one test for each promise.
A wrong password and an unknown name get the same bytes in the same time; sign-in
attempts are limited per name and per address, across processes; a session is new at
every sign-in and the old one stops working; requests from another site's page are
refused and change nothing; names are unique without regard to case, width or lookalike
letters; weak passwords are refused; a deleted account's games stay, anonymised; a
signed-in player's seats come back on another device, and nobody gets another's."""

from __future__ import annotations

import contextlib
import json
import os
import statistics
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from cardtable.server.accounts import Accounts, accounts_table
from cardtable.server.app import create_app
from cardtable.server.limits import Limits
from cardtable.server.storage import Storage

from .helpers import schema_url
from .test_protocol import create, hello

PG_URL = os.environ.get("CARDTABLE_TEST_PG")
PASSWORD = "a long and quiet river"
EVIL = "http://evil.example"


@pytest.fixture
def make_client(tmp_path: Path) -> Iterator[Callable[..., TestClient]]:
    """Clients of one server (each its own cookie jar, as two browsers), made with the
    `Limits` the test chooses."""
    with contextlib.ExitStack() as stack:
        apps: dict[str, Any] = {}

        def make(limits: Limits | None = None, base_url: str = "http://testserver") -> TestClient:
            if "app" not in apps:
                apps["app"] = create_app(f"sqlite:///{tmp_path / 'games.db'}",
                                         allow_seeds=True, limits=limits)
                apps["first"] = stack.enter_context(TestClient(apps["app"], base_url=base_url))
                return apps["first"]  # type: ignore[no-any-return]
            # another browser (a cookie jar of its own) on the same server, in the
            # running app's event loop
            other = TestClient(apps["app"], base_url=base_url)
            other.portal = apps["first"].portal
            return other

        yield make


def sign_up(client: TestClient, name: str, password: str = PASSWORD) -> dict[str, Any]:
    response = client.post("/api/accounts", json={"name": name, "password": password})
    assert response.status_code == 201, response.text
    body: dict[str, Any] = response.json()
    return body


def sign_in(client: TestClient, name: str, password: str = PASSWORD) -> Any:
    return client.post("/api/session", json={"name": name, "password": password})


def accounts_in(client: TestClient) -> list[str]:
    store: Storage = client.app.state.storage  # type: ignore[attr-defined]
    with store.engine.connect() as conn:
        return [r[0] for r in conn.execute(select(accounts_table.c.name))]


def test_an_account_signs_in_and_out_with_a_cookie_scripts_cannot_read(
        make_client: Callable[..., TestClient]) -> None:
    client = make_client()
    made = client.post("/api/accounts", json={"name": "Ada", "password": PASSWORD})
    assert made.status_code == 201 and made.json()["name"] == "Ada"
    cookie = made.headers["set-cookie"].lower()
    assert "httponly" in cookie and "samesite=lax" in cookie and "path=/" in cookie
    assert "secure" not in cookie          # plain http: a Secure cookie would not come back
    assert client.get("/api/me").json()["name"] == "Ada"
    assert client.delete("/api/session").status_code == 200
    assert client.get("/api/me").status_code == 401
    answer = sign_in(client, "ada")        # any case
    assert answer.status_code == 200 and answer.json()["name"] == "Ada"
    assert client.get("/api/me").status_code == 200
    # over https the cookie is Secure
    tls = make_client(base_url="https://testserver")
    assert "secure" in sign_in(tls, "Ada").headers["set-cookie"].lower()


def test_a_wrong_password_and_an_unknown_name_get_the_same_bytes_in_the_same_time(
        make_client: Callable[..., TestClient]) -> None:
    client = make_client()
    sign_up(client, "Ada")
    client.delete("/api/session")

    def answer(name: str) -> tuple[float, int, bytes, dict[str, str]]:
        started = time.perf_counter()
        response = sign_in(client, name, "not the password at all")
        elapsed = time.perf_counter() - started
        headers = {k: v for k, v in response.headers.items() if k not in ("date",)}
        return elapsed, response.status_code, response.content, headers

    sign_in(client, "Nobody", "warm up")          # the dummy hash is made once
    wrong, unknown = [], []
    for _ in range(7):                             # interleaved: the same machine load
        wrong.append(answer("Ada"))
        unknown.append(answer("Nobody"))
    assert {(s, b) for _, s, b, _ in wrong + unknown} == {
        (401, b'{"detail":"wrong name or password"}')}
    assert {tuple(sorted(h.items())) for *_, h in wrong + unknown} == {
        tuple(sorted(wrong[0][3].items()))}
    slow = statistics.median(t for t, *_ in wrong)
    fast = statistics.median(t for t, *_ in unknown)
    # the hash costs tens of milliseconds; skipping it for an unknown name would make
    # it about ten times faster: the medians stay within a factor of 2 of each other
    assert 1 / 2 < fast / slow < 2, (slow, fast)
    assert slow > 0.01, "the password hash takes no time: is it argon2 at all?"


def test_sign_in_attempts_are_limited_per_name_for_known_and_unknown_names_alike(
        make_client: Callable[..., TestClient]) -> None:
    client = make_client(Limits(signin_per_name=4, signin_per_address=100))
    sign_up(client, "Ada")
    client.delete("/api/session")
    for name in ("Ada", "Nobody"):
        for _ in range(4):
            assert sign_in(client, name, "a guess of a password").status_code == 401
        refused = sign_in(client, name, PASSWORD if name == "Ada" else "a guess")
        assert refused.status_code == 429, refused.text      # even the right password
        assert "too many sign-in attempts" in refused.json()["detail"]
    assert client.get("/api/me").status_code == 401
    # another name from the same address is not held up
    sign_up(make_client(), "Bea")
    assert sign_in(make_client(), "Bea").status_code == 200
    # a sign-in that succeeds does not count towards the limit
    for _ in range(6):
        assert sign_in(client, "Bea").status_code == 200


def test_sign_in_attempts_are_limited_per_address_across_names(
        make_client: Callable[..., TestClient]) -> None:
    client = make_client(Limits(signin_per_name=100, signin_per_address=5))
    sign_up(client, "Ada")
    for i in range(5):
        assert sign_in(client, f"guess{i}", "a guess of a password").status_code == 401
    assert sign_in(client, "Ada").status_code == 429
    assert sign_in(client, "someone", "x" * 12).status_code == 429



def test_the_sign_in_limit_and_sessions_hold_across_processes(url: str) -> None:
    """Two stores on one database, as two processes of a cluster: attempts noted by
    one count for the other, and a session started by one signs in on the other."""
    one, two = Accounts(Storage(url)), Accounts(Storage(url))
    for store in (one, two, one):
        store.attempt(["name:ada", "addr:10.0.0.1"], 900)
    counts, ids = two.attempt(["name:ada", "addr:10.0.0.2"], 900)
    assert counts == [4, 1]
    two.forget_attempts(ids)
    assert one.attempt(["name:ada"], 900)[0] == [4]
    made = one.create("Ada", "ada", "ada", "$argon2id$x")
    cookie = one.start_session(made.id, None)
    seen = two.session(cookie)
    assert seen is not None and seen.id == made.id
    two.end_session(cookie)
    assert one.session(cookie) is None


def test_every_sign_in_starts_a_new_session_and_the_old_one_stops_working(
        make_client: Callable[..., TestClient]) -> None:
    client = make_client()
    first = sign_up(client, "Ada")
    old = client.cookies.get("cardtable_session")
    assert old and first["name"] == "Ada"
    assert sign_in(client, "Ada").status_code == 200
    new = client.cookies.get("cardtable_session")
    assert new and new != old
    stale = make_client()
    stale.cookies.set("cardtable_session", old)
    assert stale.get("/api/me").status_code == 401          # the old session is gone
    assert client.get("/api/me").status_code == 200
    # signing out ends the session on the server, not just in this browser
    client.delete("/api/session")
    replay = make_client()
    replay.cookies.set("cardtable_session", new)
    assert replay.get("/api/me").status_code == 401
    # forged and oversized cookies are simply not signed in
    for forged in ("x", "y" * 5000, "%00%ff\\\\", "a\"b"):
        fake = make_client()
        fake.cookies.set("cardtable_session", forged)
        assert fake.get("/api/me").status_code == 401


@pytest.mark.parametrize("headers", [
    {"origin": EVIL}, {"origin": "null"}, {"sec-fetch-site": "cross-site"},
    {"origin": "http://testserver.evil.example"}, {"origin": "http://testserver:8080"}])
def test_requests_from_another_sites_page_are_refused_and_change_nothing(
        make_client: Callable[..., TestClient], headers: dict[str, str]) -> None:
    client = make_client()
    sign_up(client, "Ada")
    game = create(client, game="thalara", seats=[{"kind": "human"}, {"kind": "open"}])
    token = game["seats"][0]["token"]
    attempts = [
        ("POST", "/api/accounts", {"name": "Mallory", "password": PASSWORD}),
        ("POST", "/api/session", {"name": "Ada", "password": PASSWORD}),
        ("DELETE", "/api/session", None),
        ("DELETE", "/api/me", {"password": PASSWORD}),
        ("POST", "/api/games", {"game": "thalara"}),
        ("POST", f"/api/games/{game['id']}/join", {}),
        ("DELETE", f"/api/games/{game['id']}", None),
    ]
    games_before = len(client.get("/api/games", params={"status": "all"}).json())
    for method, path, body in attempts:
        extra = {"authorization": f"Bearer {token}"} if method == "DELETE" else {}
        answer = client.request(method, path, json=body, headers={**headers, **extra})
        assert answer.status_code == 403, (path, answer.text)
        assert "another site" in answer.json()["detail"]
    # nothing changed: the same account, still signed in, the same games, seat 2 open
    assert accounts_in(client) == ["Ada"]
    assert client.get("/api/me").json()["name"] == "Ada"
    assert len(client.get("/api/games", params={"status": "all"}).json()) == games_before
    assert client.get(f"/api/games/{game['id']}").json()["seats"][1]["claimed"] is False
    # the same requests from the server's own page pass
    own = {"origin": "http://testserver", "sec-fetch-site": "same-origin"}
    assert client.post(f"/api/games/{game['id']}/join", json={}, headers=own).status_code == 200


@pytest.mark.parametrize("taken, name", [
    ("Ada", "ADA"), ("Ada", "ａｄａ"),                    # case, fullwidth (NFKC)
    ("bob", "B0B"), ("will", "wi11"), ("modern", "rnodern"),   # lookalikes within Latin
    ("coco", "сосо"),                                           # all Cyrillic, looks Latin
    ("Straße", "STRASSE"),                                      # case folding
])
def test_a_name_that_is_or_looks_like_a_taken_one_is_refused(
        make_client: Callable[..., TestClient], taken: str, name: str) -> None:
    client = make_client()
    sign_up(client, taken)
    answer = make_client().post("/api/accounts", json={"name": name, "password": PASSWORD})
    assert answer.status_code == 409, answer.text
    assert "looks like" in answer.json()["detail"]
    assert len(accounts_in(client)) == 1


@pytest.mark.parametrize("name, words", [
    ("ab", "3 to 20"), ("a" * 21, "3 to 20"), ("Ada Lovelace", "letters, digits"),
    ("<script>", "letters, digits"), ("ann\u202eevil", "letters, digits"),
    ("zero\u200bwidth", "letters, digits"), ("-dash", "starts with"),
    ("pаypal", "mix scripts"),               # a Cyrillic а among Latin letters
])
def test_names_are_bounded_in_length_and_characters(
        make_client: Callable[..., TestClient], name: str, words: str) -> None:
    client = make_client()
    answer = client.post("/api/accounts", json={"name": name, "password": PASSWORD})
    assert answer.status_code == 400 and words in answer.json()["detail"], answer.text
    assert accounts_in(client) == []


def test_names_of_other_scripts_are_welcome(make_client: Callable[..., TestClient]) -> None:
    client = make_client()
    for name in ("Иван", "Zoë", "山田太郎", "Ada_2"):
        sign_up(make_client(), name)
    assert sorted(accounts_in(client)) == sorted(["Иван", "Zoë", "山田太郎", "Ada_2"])


@pytest.mark.parametrize("password, words", [
    ("short", "at least 10"), ("password123", "most common"), ("QWERTYUIOP", "most common"),
    ("1234567890", "most common"), ("my name is adalove", "contain the name"),
    ("x" * 257, "at most 256"),
])
def test_weak_passwords_are_refused(make_client: Callable[..., TestClient], password: str,
                                    words: str) -> None:
    client = make_client()
    answer = client.post("/api/accounts", json={"name": "AdaLove", "password": password})
    assert answer.status_code == 400 and words in answer.json()["detail"], answer.text
    assert accounts_in(client) == []


def test_passwords_are_stored_as_argon2id_hashes_with_the_documented_parameters(
        make_client: Callable[..., TestClient]) -> None:
    client = make_client()
    sign_up(client, "Ada")
    store: Storage = client.app.state.storage  # type: ignore[attr-defined]
    with store.engine.connect() as conn:
        stored = conn.execute(select(accounts_table.c.password)).scalar_one()
    assert stored.startswith("$argon2id$v=19$m=19456,t=2,p=1$")
    assert PASSWORD not in stored


def test_sign_ups_from_one_address_are_limited(make_client: Callable[..., TestClient]) -> None:
    client = make_client(Limits(signups_per_address=2))
    sign_up(client, "first")
    sign_up(client, "second")
    answer = client.post("/api/accounts", json={"name": "third", "password": PASSWORD})
    assert answer.status_code == 429
    assert sorted(accounts_in(client)) == ["first", "second"]


def test_seats_follow_the_account_to_another_device(
        make_client: Callable[..., TestClient]) -> None:
    laptop = make_client()
    sign_up(laptop, "Ada")
    made = create(laptop, game="thalara", seats=[{"kind": "human", "name": "ignored"},
                                                 {"kind": "open"}])
    assert made["seats"][0]["name"] == "Ada"          # the seat goes by the account's name
    phone = make_client()
    assert phone.get("/api/me").status_code == 401
    assert sign_in(phone, "Ada").status_code == 200
    mine = phone.get("/api/me").json()["seats"]
    assert [(s["id"], s["seat"]) for s in mine] == [(made["id"], 0)]
    assert mine[0]["link"] == made["seats"][0]["link"]
    with phone.websocket_connect(f"/ws/{made['id']}") as ws:
        welcome = hello(ws, 0, mine[0]["token"])
    assert welcome["type"] == "welcome" and welcome["seat"] == 0
    # a guest's game goes on with links alone, bound to nobody
    guest = make_client()
    other = create(guest, game="thalara", seats=[{"kind": "human"}, {"kind": "open"}])
    with guest.websocket_connect(f"/ws/{other['id']}") as ws:
        assert hello(ws, 0, other["seats"][0]["token"])["type"] == "welcome"
    assert [s["id"] for s in phone.get("/api/me").json()["seats"]] == [made["id"]]


def test_nobody_gets_another_accounts_seat_tokens(make_client: Callable[..., TestClient]) -> None:
    ada, bea, eve = make_client(), make_client(), make_client()
    sign_up(ada, "Ada")
    sign_up(bea, "Bea")
    sign_up(eve, "Eve")
    made = create(ada, game="thalara", seats=[{"kind": "human"}, {"kind": "open"}])
    joined = bea.post(f"/api/games/{made['id']}/join", json={"name": "Ada"}).json()
    assert bea.get(f"/api/games/{made['id']}").json()["seats"][1]["name"] == "Bea"
    ada_token = made["seats"][0]["token"]
    bea_token = joined["token"]
    seen = {who: c.get("/api/me").text for who, c in (("ada", ada), ("bea", bea), ("eve", eve))}
    assert ada_token in seen["ada"] and bea_token not in seen["ada"]
    assert bea_token in seen["bea"] and ada_token not in seen["bea"]
    assert ada_token not in seen["eve"] and bea_token not in seen["eve"]
    # nor through the public views of the game or the lobby
    for path in (f"/api/games/{made['id']}", "/api/games?status=all"):
        text = eve.get(path).text
        assert ada_token not in text and bea_token not in text
    # a seat the creator holds is not given away to a signed-in stranger either
    assert eve.post(f"/api/games/{made['id']}/join", json={}).status_code == 409


def test_a_deleted_accounts_games_stay_anonymised(make_client: Callable[..., TestClient]) -> None:
    ada, bea = make_client(), make_client()
    sign_up(ada, "Ada")
    sign_up(bea, "Bea")
    made = create(ada, game="thalara", seats=[{"kind": "human"}, {"kind": "open"}])
    bea.post(f"/api/games/{made['id']}/join", json={})
    # the password again, or nothing happens
    wrong = bea.request("DELETE", "/api/me", json={"password": "not my password"})
    assert wrong.status_code == 403 and sorted(accounts_in(ada)) == ["Ada", "Bea"]
    nobody = make_client().request("DELETE", "/api/me", json={"password": PASSWORD})
    assert nobody.status_code == 401
    old_cookie = bea.cookies.get("cardtable_session")
    assert bea.request("DELETE", "/api/me", json={"password": PASSWORD}).status_code == 200
    assert accounts_in(ada) == ["Ada"]
    seats = ada.get(f"/api/games/{made['id']}").json()["seats"]
    assert [s["name"] for s in seats] == ["Ada", "Player 2"]
    assert seats[1]["claimed"]                           # the game and its seat stay
    assert sign_in(bea, "Bea").status_code == 401        # the account is gone ...
    stale = make_client()
    stale.cookies.set("cardtable_session", old_cookie)
    assert stale.get("/api/me").status_code == 401       # ... and its sessions
    assert sign_up(make_client(), "Bea")["name"] == "Bea"   # the name is free again
    assert make_client().get("/api/me").status_code == 401
    assert [s["id"] for s in ada.get("/api/me").json()["seats"]] == [made["id"]]


@pytest.mark.parametrize("name, password", [
    ("\ud800bad", PASSWORD), ("nul\u0000name", PASSWORD), ("Ada", "lone \udfff surrogate!"),
    ("Ada", "nul \u0000 in the password"), ("x" * 200, "y" * 1024), ("", ""),
    ("\u202eAda", PASSWORD), ("ａｄａ", PASSWORD)])
def test_hostile_names_and_passwords_get_an_answer_never_a_server_error(
        make_client: Callable[..., TestClient], name: str, password: str) -> None:
    client = make_client()
    sign_up(client, "Ada")
    client.delete("/api/session")
    for path in ("/api/session", "/api/accounts"):
        # (as JSON escapes: a lone surrogate cannot be sent as UTF-8)
        answer = client.post(path, content=json.dumps({"name": name, "password": password}),
                             headers={"content-type": "application/json"})
        assert answer.status_code in (200, 201, 400, 401, 409, 422), (path, answer.text)
    # the fullwidth name is Ada's (NFKC): the right password signs in with it
    assert sign_in(client, "ａｄａ").status_code == 200
    # too long for the fields: 422, nothing stored
    answer = client.post("/api/session", json={"name": "x" * 201, "password": "y"})
    assert answer.status_code == 422
    assert accounts_in(client) == ["Ada"]


def test_an_older_database_gains_the_seats_account_column_and_its_index(url: str) -> None:
    from sqlalchemy import inspect, text

    store = Storage(url)
    with store.engine.begin() as conn:
        conn.execute(text("DROP INDEX ix_ct_seats_account"))
        conn.execute(text("ALTER TABLE ct_seats DROP COLUMN account"))
    store.close()
    again = Storage(url)
    found = inspect(again.engine)
    assert "account" in [c["name"] for c in found.get_columns("ct_seats")]
    assert "ix_ct_seats_account" in [i["name"] for i in found.get_indexes("ct_seats")]
    again.close()


def test_a_seat_held_by_link_is_kept_in_an_account_only_with_its_token(
        make_client: Callable[..., TestClient]) -> None:
    guest = make_client()
    made = create(guest, game="thalara", seats=[{"kind": "human"}, {"kind": "human"}])
    first, second = made["seats"]
    ada, eve = make_client(), make_client()
    sign_up(ada, "Ada")
    sign_up(eve, "Eve")
    keep = "/api/me/seats"
    assert guest.post(keep, json={"game": made["id"], "seat": 1,
                                  "token": second["token"]}).status_code == 401
    # another seat's token, a made-up one, a seat that does not exist: refused
    for seat, token in ((1, first["token"]), (1, "x" * 24), (5, second["token"])):
        answer = eve.post(keep, json={"game": made["id"], "seat": seat, "token": token})
        assert answer.status_code == 403, answer.text
    assert eve.post(keep, json={"game": "nosuchgame", "seat": 0,
                                "token": first["token"]}).status_code == 404
    assert ada.post(keep, json={"game": made["id"], "seat": 1,
                                "token": second["token"]}).status_code == 200
    assert [(s["id"], s["seat"]) for s in ada.get("/api/me").json()["seats"]] == [
        (made["id"], 1)]
    # once Ada's, nobody else binds it, token or not; asking again changes nothing
    assert eve.post(keep, json={"game": made["id"], "seat": 1,
                                "token": second["token"]}).status_code == 409
    assert ada.post(keep, json={"game": made["id"], "seat": 1,
                                "token": second["token"]}).status_code == 200
    assert eve.get("/api/me").json()["seats"] == []
    # the link itself still plays
    with guest.websocket_connect(f"/ws/{made['id']}") as ws:
        assert hello(ws, 1, second["token"])["seat"] == 1


@pytest.mark.skipif(not PG_URL, reason="set CARDTABLE_TEST_PG to a PostgreSQL URL "
                                       "(CI: .ci/postgres.sh)")
def test_two_processes_share_sessions_and_the_sign_in_limit_over_http() -> None:
    import httpx

    from .helpers import ServerProcess

    assert PG_URL is not None
    for url in schema_url(PG_URL):
        a, b = ServerProcess(url).start(), ServerProcess(url).start()
        try:
            made = httpx.post(a.base + "/api/accounts",
                              json={"name": "Ada", "password": PASSWORD})
            assert made.status_code == 201
            cookie = made.cookies["cardtable_session"]
            me = httpx.get(b.base + "/api/me", cookies={"cardtable_session": cookie})
            assert me.status_code == 200 and me.json()["name"] == "Ada"
            # ten failures spread over both processes use up the name's allowance
            for i in range(10):
                server = (a, b)[i % 2]
                wrong = httpx.post(server.base + "/api/session",
                                   json={"name": "Ada", "password": "a wrong guess!"})
                assert wrong.status_code == 401
            assert httpx.post(a.base + "/api/session",
                              json={"name": "Ada", "password": PASSWORD}).status_code == 429
            # signing out on one process ends the session on the other
            httpx.delete(a.base + "/api/session", cookies={"cardtable_session": cookie})
            assert httpx.get(b.base + "/api/me",
                             cookies={"cardtable_session": cookie}).status_code == 401
        finally:
            a.stop()
            b.stop()
