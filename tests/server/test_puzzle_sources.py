"""Finished games feed puzzles only when their creators allowed it: `puzzle_source` at
creation (off by default), kept with the game out of the engine's sight, and
`cardtable puzzles collect`, which writes those games and no other."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from cardtable.cli.main import main
from cardtable.engine.record import GameRecord
from cardtable.server.app import create_app
from cardtable.server.puzzle_consent import KEY
from cardtable.server.storage import Storage

from .helpers import pick
from .test_protocol import create, hello


def _update(ws: Any) -> dict[str, Any]:
    while True:
        msg: dict[str, Any] = ws.receive_json()
        if msg["type"] == "update":
            return msg
        assert msg["type"] in ("presence", "seats", "ack"), msg


def _play(client: TestClient, made: dict[str, Any], seed: int,
          moves: int | None = None) -> int:
    """Both seats play random legal actions, to the end or for `moves` actions."""
    rng = random.Random(seed)
    tokens = [s["token"] for s in made["seats"]]
    with client.websocket_connect(f"/ws/{made['id']}") as w0, \
            client.websocket_connect(f"/ws/{made['id']}") as w1:
        socks = (w0, w1)
        last = [hello(ws, seat, tokens[seat]) for seat, ws in enumerate(socks)]
        count = 0
        while not last[0]["over"] and (moves is None or count < moves):
            mover = last[0]["current_player"]
            socks[mover].send_json({"type": "act", "action": pick(last[mover], rng),
                                    "n": last[mover]["n"]})
            last = [_update(ws) for ws in socks]
            count += 1
        return count


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """A server's database holding one game of each kind the export must tell apart."""
    url = f"sqlite:///{tmp_path_factory.mktemp('sources') / 'games.db'}"
    games: dict[str, Any] = {}
    with TestClient(create_app(url, allow_seeds=True)) as client:
        def game(name: str, seed: int, moves: int | None = None, kind: str = "thalara",
                 **flag: Any) -> None:
            made = create(client, game=kind, players=2, seed=seed, **flag)
            _play(client, made, seed, moves)
            games[name] = made["id"]

        game("allowed", 3, puzzle_source=True)
        game("not asked", 4)                              # the default: off
        game("refused", 5, puzzle_source=False)
        game("allowed, unfinished", 6, moves=4, puzzle_source=True)
        game("allowed, not started", 7, moves=0, puzzle_source=True)
        game("vale, allowed", 8, kind="vale", puzzle_source=True)
        public = {name: client.get(f"/api/games/{gid}").json()
                  for name, gid in games.items()}
        about = client.get(f"/api/games/{games['allowed']}/about").json()
    return {"url": url, "ids": games, "public": public, "about": about}


def _collect(url: str, tmp_path: Path, *extra: str) -> list[dict[str, Any]]:
    out = tmp_path / "games.jsonl"
    assert main(["puzzles", "collect", "--db", url, "--out", str(out), *extra]) == 0
    return [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]


def test_only_finished_games_whose_creator_allowed_it_are_collected(
        server: dict[str, Any], tmp_path: Path) -> None:
    ids = server["ids"]
    thalara = _collect(server["url"], tmp_path, "--set", "thalara")
    assert [line["id"] for line in thalara] == [ids["allowed"]]
    vale = _collect(server["url"], tmp_path, "--set", "vale")
    assert [line["id"] for line in vale] == [ids["vale, allowed"]]
    # each line holds a record that replays to the end of the game as stored
    storage = Storage(server["url"])
    try:
        for line in thalara + vale:
            record = GameRecord.from_dict(line["record"])
            assert record.replay().is_over()
            assert record.actions == [t for _, t in storage.actions(line["id"])]
            assert line["set"] in ("thalara", "vale")
    finally:
        storage.close()


def test_the_consent_shows_in_the_listing_and_never_reaches_the_engine(
        server: dict[str, Any]) -> None:
    public = server["public"]
    assert public["allowed"]["puzzle_source"] is True
    assert public["not asked"]["puzzle_source"] is False
    assert public["refused"]["puzzle_source"] is False
    # the options the rooms, records and pages use are the game's own
    storage = Storage(server["url"])
    try:
        row = storage.get_game(server["ids"]["allowed"])
        assert row is not None and row.puzzle_source and KEY not in row.options
    finally:
        storage.close()
    setup = server["about"]["setup"]
    assert KEY not in setup["options"] and "puzzle_source" not in setup


def test_several_sets_need_set_and_nothing_is_written(
        server: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "mixed.jsonl"
    assert main(["puzzles", "collect", "--db", server["url"], "--out", str(out)]) == 2
    assert "several puzzle sets: thalara (1), vale (1); give --set" in \
        capsys.readouterr().err
    assert not out.exists()


def test_since_keeps_the_games_finished_from_then_on(
        server: dict[str, Any], tmp_path: Path) -> None:
    before = _collect(server["url"], tmp_path, "--set", "thalara", "--since", "2020-01-01")
    assert len(before) == 1
    later = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(before[0]["finished"] + 1))
    assert _collect(server["url"], tmp_path, "--set", "thalara", "--since", later) == []


@pytest.mark.parametrize(("args", "message"), [
    (["--set", "chess"], "not a set of any game"),
    (["--since", "last week"], "not a date"),
    (["--db", "sqlite:///{tmp}/none.db"], "no such database file"),
])
def test_bad_input_is_one_clear_error(server: dict[str, Any], tmp_path: Path,
                                      args: list[str], message: str,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    args = [a.replace("{tmp}", str(tmp_path)) for a in args]
    out = tmp_path / "out.jsonl"
    assert main(["puzzles", "collect", "--db", server["url"], "--out", str(out),
                 *args]) == 2
    assert message in capsys.readouterr().err
    assert not out.exists() and not (tmp_path / "none.db").exists()


def test_the_consent_cannot_be_given_through_the_options(client: TestClient) -> None:
    """The stored key is no option: asking for it among the options is refused and
    stores nothing; `puzzle_source` itself is a strict boolean."""
    for body in ({"options": {KEY: True}}, {"puzzle_source": 1},
                 {"puzzle_source": "yes"}):
        answer = client.post("/api/games", json={"game": "thalara", "players": 2, **body})
        assert answer.status_code in (400, 422), (body, answer.text)
    assert client.get("/api/games", params={"status": "all"}).json() == []
