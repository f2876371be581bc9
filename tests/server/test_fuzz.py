"""The HTTP API against its own description (`/openapi.json`), on SQLite and PostgreSQL.

- The walk: a server's life through its API (accounts signed up, in and out, a rated
  game created, joined, played to its end over the websockets, its result, record,
  replays, log, analysis and the players' profiles read, a seat kept, an account
  deleted): every answer must have a declared status and match the schema declared for
  it, and every operation must have succeeded at least once.
- The fuzz: schemathesis generates requests for every operation from the description
  against the server the walk left (its games, players, steps and lessons are half the
  path parameters it sends), with all its default checks: no 5xx; every status
  declared; the declared content type; each body matching its schema; requests the
  description allows accepted and those it does not allow refused; 405 for a method the
  path does not take. Twice: as a page of the server's own site sends them (`Origin`
  and `Sec-Fetch-Site: same-origin`, signed in), and as another site's page does
  (every request that changes something refused by the Origin check, 403, as declared).

Deterministic (hypothesis derandomized) and bounded: `EXAMPLES` a operation besides the
boundary and wrong-method cases schemathesis adds.
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import httpx
import pytest
import schemathesis
from fastapi import FastAPI
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from schemathesis.checks import unsupported_method
from schemathesis.config import SchemathesisConfig
from schemathesis.python import asgi

from cardtable.puzzles import shipped
from cardtable.server.app import create_app
from cardtable.server.limits import Limits

from .helpers import pick, schema_url
from .test_protocol import hello

# The PostgreSQL server's cluster sweeps at jittered times (random.uniform) on its own
# event loop, which hypothesis notices while it draws a case: not the strategies' doing.
pytestmark = pytest.mark.filterwarnings(
    "ignore:Do not use the `random` module inside strategies")
PG_URL = os.environ.get("CARDTABLE_TEST_PG")
PASSWORD = "a long and quiet river"
HOST = "http://testserver"          # the test clients' own origin
RATED = {"game": "thalara", "players": 2, "clock": "24h", "rated": True, "seed": 5,
         "seats": [{"kind": "human"}, {"kind": "open"}]}
SAME_SITE = {"Origin": HOST, "Sec-Fetch-Site": "same-origin"}
CROSS_SITE = {"Origin": "https://elsewhere.example", "Sec-Fetch-Site": "cross-site"}
# Per operation; the coverage phase adds its own cases (bounds, missing fields, methods
# the path does not take) besides these.
EXAMPLES = 25


@dataclass
class Described:
    """A test client whose every answer is held to the app's description: its status
    declared for the operation, its body matching the schema declared for that status."""

    client: TestClient
    schema: Any
    seen: set[tuple[str, str, int]] = field(default_factory=set)

    def call(self, method: str, template: str, expect: int, *, cookie: str | None = None,
             **kwargs: Any) -> httpx.Response:
        params = {k: kwargs.pop(k) for k in list(kwargs) if "{" + k + "}" in template}
        headers = {**SAME_SITE, **kwargs.pop("headers", {})}
        self.client.cookies.clear()
        if cookie is not None:
            self.client.cookies.set("cardtable_session", cookie)
        answer = self.client.request(method, template.format(**params), headers=headers,
                                     **kwargs)
        assert answer.status_code == expect, (method, template, answer.text)
        declared = self.schema.raw_schema["paths"][template][method.lower()]["responses"]
        assert str(answer.status_code) in declared, (method, template, answer.status_code)
        self.schema[template][method].validate_response(answer)
        self.seen.add((method, template, answer.status_code))
        return answer


def _receive(ws: Any, kind: str) -> dict[str, Any]:
    while True:
        msg: dict[str, Any] = ws.receive_json()
        if msg["type"] == kind:
            return msg
        assert msg["type"] in ("presence", "seats", "ack"), msg


def _play_to_the_end(client: TestClient, game_id: str, tokens: list[str], seed: int) -> int:
    """Both seats play random legal actions to the end; the number of actions."""
    rng = random.Random(seed)
    with client.websocket_connect(f"/ws/{game_id}") as w0, \
            client.websocket_connect(f"/ws/{game_id}") as w1:
        socks = (w0, w1)
        last = [hello(ws, seat, tokens[seat]) for seat, ws in enumerate(socks)]
        while not last[0]["over"]:
            mover = last[0]["current_player"]
            socks[mover].send_json({"type": "act", "action": pick(last[mover], rng),
                                    "n": last[mover]["n"]})
            last = [_receive(ws, "update") for ws in socks]
        return int(last[0]["n"])


@dataclass
class World:
    """What the walk leaves on the server, for the fuzz to find."""

    db_url: str
    seen: set[tuple[str, str, int]]
    game_ids: list[str]
    names: list[str]
    steps: int
    cookie: str
    operations: set[tuple[str, str]]


def _walk(db_url: str) -> World:
    app = create_app(db_url, allow_seeds=True,
                     limits=Limits(analysis_agent="ismcts:10"))
    schema = schemathesis.openapi.from_dict(app.openapi())
    with TestClient(app) as client:
        api = Described(client, schema)
        for path in ("/healthz", "/api/meta", "/api/leaderboards", "/api/learn"):
            api.call("GET", path, 200)
        api.call("GET", "/api/games/learn/{game}/{part}/about", 200, game="vale", part=2)
        # accounts: Ada signs up, out and in again; Bea signs up
        ada = api.call("POST", "/api/accounts", 201,
                       json={"name": "Ada", "password": PASSWORD}).cookies["cardtable_session"]
        api.call("DELETE", "/api/session", 200, cookie=ada)
        ada = api.call("POST", "/api/session", 200,
                       json={"name": "ada", "password": PASSWORD}).cookies["cardtable_session"]
        bea = api.call("POST", "/api/accounts", 201,
                       json={"name": "Bea", "password": PASSWORD}).cookies["cardtable_session"]
        # a rated game, joined, played to its end, and everything read of it
        made = api.call("POST", "/api/games", 201, cookie=ada, json=RATED).json()
        game = made["id"]
        api.call("GET", "/api/games", 200, params={"status": "open"})
        joined = api.call("POST", "/api/games/{game_id}/join", 200, cookie=bea, json={},
                          game_id=game).json()
        api.call("GET", "/api/games/{game_id}/result", 409, game_id=game)
        steps = _play_to_the_end(client, game, [made["seats"][0]["token"], joined["token"]],
                                 seed=5)
        for template in ("/api/games/{game_id}", "/api/games/{game_id}/about",
                         "/api/games/{game_id}/log", "/api/games/{game_id}/record",
                         "/api/games/{game_id}/result"):
            api.call("GET", template, 200, game_id=game)
        for step in (0, 1, steps):
            api.call("GET", "/api/games/{game_id}/replay/{step}", 200, game_id=game, step=step)
        api.call("GET", "/api/games", 200, params={"status": "over"})
        api.call("POST", "/api/games/{game_id}/analysis", 202, game_id=game)
        deadline = time.monotonic() + 120
        while api.call("GET", "/api/games/{game_id}/analysis", 200,
                       game_id=game).json()["state"] == "running":
            assert time.monotonic() < deadline
            time.sleep(0.2)
        assert api.call("POST", "/api/games/{game_id}/analysis", 200,
                        game_id=game).json()["state"] == "done"
        api.call("GET", "/api/players/{name}", 200, name="Ada")
        api.call("GET", "/api/leaderboard/{game}", 200, game="thalara")
        api.call("GET", "/api/protocol", 200)
        # a puzzle read and answered (nothing stored)
        daily = api.call("GET", "/api/puzzles", 200).json()["sets"][0]
        shown = api.call("GET", "/api/puzzles/{set_name}/{puzzle_id}", 200,
                         set_name=daily["name"], puzzle_id=daily["daily"]).json()
        api.call("POST", "/api/puzzles/{set_name}/{puzzle_id}/answer", 200,
                 set_name=daily["name"], puzzle_id=daily["daily"],
                 json={"action": shown["legal"][0]})
        # a guest seeks an unrated game, reads it, sees it in the lobby's list, cancels it
        seek = api.call("POST", "/api/seeks", 201, json={"game": "vale", "players": 2}).json()
        mine = {"authorization": f"Bearer {seek['secret']}"}
        api.call("GET", "/api/seeks/{seek_id}", 200, seek_id=seek["id"], headers=mine)
        api.call("GET", "/api/seeks", 200)
        api.call("DELETE", "/api/seeks/{seek_id}", 200, seek_id=seek["id"], headers=mine)
        # a guest's games: one left in the lobby, one under way, one abandoned; Bea keeps
        # a guest's seat
        lobby = api.call("POST", "/api/games", 201, json={
            "game": "vale", "seats": [{"kind": "human"}, {"kind": "open"}]}).json()
        under_way = api.call("POST", "/api/games", 201, json={"game": "thalara"}).json()
        gone = api.call("POST", "/api/games", 201, json={"game": "vale", "listed": False})
        api.call("DELETE", "/api/games/{game_id}", 200, game_id=gone.json()["id"],
                 headers={"authorization": f"Bearer {gone.json()['seats'][0]['token']}"})
        api.call("POST", "/api/me/seats", 200, cookie=bea, json={
            "game": under_way["id"], "seat": 1, "token": under_way["seats"][1]["token"]})
        api.call("GET", "/api/me", 200, cookie=bea)
        # Cleo signs up and deletes her account
        cleo = api.call("POST", "/api/accounts", 201,
                        json={"name": "Cleo", "password": PASSWORD}).cookies["cardtable_session"]
        api.call("DELETE", "/api/me", 200, cookie=cleo, json={"password": PASSWORD})
        # the fuzz's browser is signed in as Dan
        dan = api.call("POST", "/api/accounts", 201,
                       json={"name": "Dan", "password": PASSWORD}).cookies["cardtable_session"]
    operations = {(method.upper(), path) for path, item in app.openapi()["paths"].items()
                  for method in item}
    return World(db_url, api.seen, [game, lobby["id"], under_way["id"]],
                 ["Ada", "bea", "Cleo"], steps, dan, operations)


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def world(request: pytest.FixtureRequest,
          tmp_path_factory: pytest.TempPathFactory) -> Iterator[World]:
    if request.param == "sqlite":
        yield _walk(f"sqlite:///{tmp_path_factory.mktemp('fuzz') / 'games.db'}")
        return
    if not PG_URL:
        pytest.skip("set CARDTABLE_TEST_PG to a PostgreSQL URL (CI: .ci/postgres.sh)")
    for url in schema_url(PG_URL):
        yield _walk(url)


class Served:
    """The ASGI app the fuzz's requests go to: the server the walk left, started again
    (without a computer-player pool: nothing the fuzz can ask for needs one). Schemathesis
    runs a lifespan for each test (each operation) and ends it after: each is a new
    start of the server on the same database."""

    db_url: str | None = None
    app: FastAPI | None = None

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        assert self.db_url is not None, "the fuzz runs on the `served` fixture's server"
        if scope["type"] == "lifespan":
            self.app = create_app(self.db_url, allow_seeds=True, start_pool=False)
        assert self.app is not None
        await self.app(scope, receive, send)


SERVED = Served()
PUZZLES = {name: shipped(name)[0].id for name in ("thalara", "vale")}
WORLD: list[World] = []     # the walk's, while the fuzz runs


@pytest.fixture(scope="module")
def served(world: World) -> Iterator[World]:
    SERVED.db_url = world.db_url
    WORLD.append(world)
    yield world
    asgi.shutdown_lifespans()
    WORLD.clear()
    SERVED.db_url = SERVED.app = None


# The description, read at collection (one test per operation) from an app of its own.
# Positive data: 400 is the answer to a request of the declared form that the rules
# refuse (a player count the game is not for, an option out of range, a name already
# taken), and each route declares it with its reasons.
SCHEMA = schemathesis.openapi.from_dict(
    create_app("sqlite://", start_pool=False).openapi(),
    config=SchemathesisConfig.from_dict({"checks": {"positive_data_acceptance": {
        "expected-statuses": ["2xx", "400", "401", "403", "404", "409", "429"]}}}))
SCHEMA.app = SERVED


@SCHEMA.hook
def flatmap_path_parameters(_context: Any, params: dict[str, Any]) -> Any:
    """A path parameter is as likely one the walk left on the server (a game, a player,
    a step of the finished game, a lesson's part) as what schemathesis made."""
    if not params:
        return st.just(params)
    world = WORLD[0]
    known = {"game_id": world.game_ids, "name": world.names, "game": ["thalara", "vale"],
             "step": [0, 1, world.steps], "part": [1, 2], "set_name": ["thalara", "vale"],
             "puzzle_id": [PUZZLES["thalara"], PUZZLES["vale"]]}
    choices = {key: st.sampled_from([value, *known[key]]) if key in known else st.just(value)
               for key, value in params.items()}
    return st.fixed_dictionaries(choices)


SESSION_ENDS = {("POST", "/api/accounts"), ("POST", "/api/session"),
                ("DELETE", "/api/session")}
FUZZ = settings(max_examples=EXAMPLES, derandomize=True, deadline=None, database=None,
                suppress_health_check=list(HealthCheck))


def test_every_answer_of_a_servers_life_matches_the_description(world: World) -> None:
    succeeded = {(method, path) for method, path, status in world.seen if status < 300}
    assert succeeded == world.operations, world.operations - succeeded


@SCHEMA.parametrize()
@FUZZ
def test_fuzz_as_the_sites_own_page(case: Any, served: World) -> None:
    # signed in as Dan, but to sign up, in or out: that ends the session the browser
    # came with, and the rest would be a guest's
    headers = dict(SAME_SITE)
    if (case.method.upper(), case.path) not in SESSION_ENDS:
        headers["Cookie"] = f"cardtable_session={served.cookie}"
    case.call_and_validate(headers=headers)


@SCHEMA.include(method=["POST", "DELETE"]).parametrize()
@FUZZ
def test_fuzz_as_another_sites_page(case: Any, served: World) -> None:
    # the Origin check refuses before any route is looked for: a method the path does
    # not take is refused as another site's too (403, not 405)
    answer = case.call_and_validate(headers=CROSS_SITE, excluded_checks=[unsupported_method])
    if answer.request.method not in ("GET", "HEAD", "OPTIONS"):
        assert answer.status_code == 403, answer.text
        assert answer.json() == {"detail": "this request came from another site's page: "
                                           "refused"}
