"""The hint against the computer and the analysis of finished games, both computed
on the server's computer-player pool."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator, Mapping
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from cardtable.analysis import Analysis
from cardtable.server import live
from cardtable.server.app import create_app
from cardtable.server.limits import Limits

from .helpers import first_decision
from .test_operations import play_to_the_end
from .test_protocol import create, hello, receive


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'h.db'}", allow_seeds=True,
                               limits=Limits(analyses=1, analysis_agent="ismcts:40"))) as c:
        yield c


def test_a_hint_names_legal_actions_of_the_seat_to_move_against_the_computer(
        client: TestClient) -> None:
    made = create(client, game="vale", seed=3,
                  seats=[{"kind": "human"}, {"kind": "computer", "agent": "random"}])
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        msg = first_decision(ws, hello(ws, 0, made["seats"][0]["token"]))
        ws.send_json({"type": "hint", "id": "h"})
        got = receive(ws, "hint")
    assert got["id"] == "h" and got["n"] == msg["n"] and 1 <= len(got["actions"]) <= 3
    for entry in got["actions"]:
        assert entry["action"] in msg["legal"]
        assert 0 <= entry["share"] <= 1 and 0 <= entry["expected"] <= 1
    shares = [e["share"] for e in got["actions"]]
    assert shares == sorted(shares, reverse=True)


@pytest.mark.parametrize(("game", "options", "expansion"), [
    ("thalara", {}, None), ("vale", {"expansion": "artifacts"}, "artifacts"),
    ("vale", {"expansion": "none"}, "none")])
def test_the_hint_searches_at_the_games_hint_level(client: TestClient,
                                                  monkeypatch: pytest.MonkeyPatch, game: str,
                                                  options: dict[str, str],
                                                  expansion: str | None) -> None:
    # seven iterations: every share the hint shows is then a count of seven visits; the
    # level is asked with the game's options (Vale's with the Artifacts differs)
    asked: list[tuple[str, object]] = []

    def seven(game: str, options: Mapping[str, object] | None = None) -> str:
        asked.append((game, None if options is None else options.get("expansion")))
        return "7"

    monkeypatch.setattr(live, "hint_level", seven)
    made = create(client, game=game, seed=3, options=options,
                  seats=[{"kind": "human"}, {"kind": "computer", "agent": "random"}])
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        first_decision(ws, hello(ws, 0, made["seats"][0]["token"]))
        ws.send_json({"type": "hint", "id": "h"})
        got = receive(ws, "hint")
    assert asked == [(game, expansion)]
    shares = [entry["share"] for entry in got["actions"]]
    assert shares and all(abs(share * 7 - round(share * 7)) < 0.01 for share in shares)


def test_no_hint_between_people_for_spectators_or_out_of_turn(client: TestClient) -> None:
    people = create(client, game="vale", seed=3)
    with client.websocket_connect(f"/ws/{people['id']}") as ws:
        hello(ws, 0, people["seats"][0]["token"])
        ws.send_json({"type": "hint"})
        assert receive(ws, "error")["code"] == "no_hint"
    bot = create(client, game="vale", seed=3,
                 seats=[{"kind": "human"}, {"kind": "computer", "agent": "random"}])
    with client.websocket_connect(f"/ws/{bot['id']}") as ws:
        hello(ws)
        ws.send_json({"type": "hint"})
        assert receive(ws, "error")["code"] == "spectator"


def test_a_finished_game_is_analysed_once_and_stored(client: TestClient,
                                                    tmp_path: Path) -> None:
    made = create(client, game="thalara", seed=9,
                  seats=[{"kind": "human"}, {"kind": "human"}])
    path = f"/api/games/{made['id']}/analysis"
    assert client.get(path).status_code == 404
    assert client.post(path).status_code == 409               # not over yet
    # Both games end before any analysis starts, so the second request meets the
    # first analysis still running however fast this machine plays a game.
    other = create(client, game="vale", seed=2,
                   seats=[{"kind": "human"}, {"kind": "human"}])
    with contextlib.ExitStack() as stack:
        play_to_the_end(client, made, seed=9, sockets=stack)
        play_to_the_end(client, other, seed=2, sockets=stack)
    started = client.post(path)
    assert started.status_code == 202 and started.json()["state"] == "running"
    total = started.json()["total"]
    busy = client.post(f"/api/games/{other['id']}/analysis")
    again = client.post(path)                                  # not started twice
    assert again.status_code == 202 and again.json()["total"] == total
    assert busy.status_code == 429                             # the limit: one at a time
    deadline = time.monotonic() + 300
    while (status := client.get(path).json())["state"] == "running":
        assert time.monotonic() < deadline
        time.sleep(0.5)
    assert status["state"] == "done" and status["done"] == total
    analysis = Analysis.from_dict(status["analysis"])
    assert analysis.seats == (0, 1) and len(analysis.decisions) == total
    assert all(d.label for d in analysis.decisions)
    # asked again, it is the stored one, at once
    assert client.post(path).json()["analysis"] == status["analysis"]
