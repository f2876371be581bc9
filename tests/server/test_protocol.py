"""The HTTP and websocket protocol, through FastAPI's test client."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from cardtable.engine.record import GameRecord

from .helpers import LeakChecker, pick


def create(client: TestClient, **spec: Any) -> dict[str, Any]:
    response = client.post("/api/games", json=spec)
    assert response.status_code == 201, response.text
    body: dict[str, Any] = response.json()
    return body


def hello(ws: Any, seat: int | None = None, token: str | None = None) -> dict[str, Any]:
    ws.send_json({"type": "hello", "seat": seat, "token": token})
    msg: dict[str, Any] = ws.receive_json()
    while msg["type"] == "presence":
        msg = ws.receive_json()
    return msg


def receive(ws: Any, kind: str) -> dict[str, Any]:
    """The next message of `kind`, skipping presence notices."""
    while True:
        msg: dict[str, Any] = ws.receive_json()
        if msg["type"] == kind:
            return msg
        assert msg["type"] == "presence", msg


def test_meta_lists_games_and_agents(client: TestClient) -> None:
    meta = client.get("/api/meta").json()
    assert {g["name"] for g in meta["games"]} == {"thalara", "vale"}
    assert "random" in meta["agents"] and "greedy" in meta["agents"]
    assert [a for a in meta["agents"] if a.startswith("ismcts:")] == [
        "ismcts:easy", "ismcts:medium", "ismcts:hard", "ismcts:expert"]


@pytest.mark.parametrize("spec, words", [
    ({"game": "chess"}, "unknown game"),
    ({"game": "vale", "players": 7}, "2 to 4 players"),
    ({"game": "vale", "options": {"tie_break": "coin"}}, "tie_break"),
    ({"game": "vale", "options": {"colour": "red"}}, "colour"),
    ({"game": "vale", "seats": [{"kind": "human"}]}, "one seat for each"),
    ({"game": "vale", "seats": [{"kind": "human"}, {"kind": "computer", "agent": "oracle"}]},
     "unknown agent"),
    ({"game": "vale", "seats": [{"kind": "robot"}, {"kind": "human"}]}, "kind"),
    ({"game": "vale", "options": {"cards": "/etc/passwd"}}, "shipped card sets"),
    ({"game": "vale", "options": {"end_score": 0}},
     "end_score must be a whole number from 1 to 1000, not 0"),
    ({"game": "vale", "options": {"end_score": "60"}}, "end_score must be a whole number"),
    ({"game": "thalara", "options": {"idle_rounds": 21}},
     "idle_rounds must be a whole number from 1 to 20, not 21"),
    ({"game": "vale", "options": {"expansion": "dragons"}},
     "expansion must be one of none, cards, artifacts"),
    ({"game": "vale", "options": {"artifact_set": "base"}},
     "artifact_set needs expansion='artifacts'"),
    ({"game": "vale", "players": 3, "options": {"start_scores": [0, 0]}},
     "start_scores needs one per seat: 3 for 3 players, got 2"),
    ({"game": "vale", "options": {"colour": "red", "end_score": 5}},
     "unknown option 'colour' for vale; options: start_scores"),
])
def test_bad_games_are_refused_with_a_reason(client: TestClient, spec: dict[str, Any],
                                             words: str) -> None:
    response = client.post("/api/games", json=spec)
    assert response.status_code == 400
    assert words in response.json()["detail"]


def test_meta_carries_each_games_declared_options(client: TestClient) -> None:
    games = {g["name"]: g for g in client.get("/api/meta").json()["games"]}
    vale = {o["name"]: o for o in games["vale"]["declared_options"]}
    assert vale["expansion"]["kind"] == "choice"
    assert vale["expansion"]["table_default"] == "artifacts"
    assert vale["expansion"]["headline"] is True
    assert {"value": "none", "label": "Base game"} in \
        vale["expansion"]["choices"]
    assert (vale["end_score"]["minimum"], vale["end_score"]["maximum"]) == (1, 1000)
    assert vale["cards"]["player_facing"] is False       # a file path is never offered
    thalara = {o["name"]: o for o in games["thalara"]["declared_options"]}
    assert thalara["characters"]["per_seat"] is True
    assert "canto" in [c["value"] for c in thalara["characters"]["suggestions"]]
    assert thalara["card_set"]["player_facing"] is False
    # the help lines stay where they were
    assert set(games["vale"]["options"]) == set(vale)


def test_options_are_kept_as_the_game_declares_them(client: TestClient) -> None:
    made = create(client, game="vale", options={"expansion": "ARTIFACTS", "steal": "Full",
                                                "start_scores": "3, 4"})
    setup = client.get(f"/api/games/{made['id']}/about").json()["setup"]
    assert setup["options"] == {"expansion": "artifacts", "steal": "full",
                                "start_scores": [3, 4]}


def test_lobby_join_and_links(client: TestClient) -> None:
    held = create(client, game="thalara", players=2, title="the creator's")
    assert len(held["seats"]) == 2 and held["open"] == []
    assert held["seats"][0]["link"] == f"/g/{held['id']}#seat=0&token={held['seats'][0]['token']}"
    made = create(client, game="thalara", players=2, title="friendly",
                  seats=[{"kind": "open"}, {"kind": "open"}])
    assert made["seats"] == [] and made["open"] == [0, 1]   # no token for an open seat
    open_games = client.get("/api/games?status=open").json()
    assert [g["id"] for g in open_games] == [made["id"]]
    assert "token" not in str(open_games)
    first = client.post(f"/api/games/{made['id']}/join", json={"name": "Bea"}).json()
    second = client.post(f"/api/games/{made['id']}/join").json()
    assert {first["seat"], second["seat"]} == {0, 1}
    assert client.get(f"/api/games/{made['id']}").json()["seats"][first["seat"]]["name"] \
        == "Bea"
    assert client.post(f"/api/games/{made['id']}/join").status_code == 409
    assert client.get("/api/games?status=open").json() == []
    assert client.get("/api/games/nope").status_code == 404
    unlisted = create(client, game="vale", listed=False)
    for status in ("open", "playing", "all"):
        listed = [g["id"] for g in client.get(f"/api/games?status={status}").json()]
        assert unlisted["id"] not in listed
    assert client.get(f"/api/games/{unlisted['id']}").status_code == 200
    assert client.get("/api/games?status=nonsense").status_code == 400
    assert client.get("/").status_code == 200
    assert client.get(f"/g/{made['id']}").status_code == 200


@pytest.mark.sends_invalid
def test_bad_messages_get_one_error_and_the_connection_stays(client: TestClient) -> None:
    made = create(client, game="vale", players=2, seed=5)
    seat0, seat1 = made["seats"]
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        ws.send_json({"type": "act", "action": "end"})
        assert receive(ws, "error")["code"] == "hello_first"
        assert hello(ws, 0, "not-the-token")["code"] == "bad_token"
        assert hello(ws, 1, seat0["token"])["code"] == "bad_token"
        assert hello(ws, 0, "jeton-\u00e9")["code"] == "bad_token"
        assert hello(ws, 9, "x")["code"] == "bad_seat"
        ws.send_text("{not json")
        assert receive(ws, "error")["code"] == "malformed"
        ws.send_json(["a list"])
        assert receive(ws, "error")["code"] == "malformed"
        ws.send_json({"type": "dance"})
        assert receive(ws, "error")["code"] == "malformed"
        welcome = hello(ws, 0, seat0["token"])
        assert welcome["type"] == "welcome" and welcome["seat"] == 0
        assert welcome["legal"] and welcome["current_player"] == 0
        ws.send_json({"type": "act", "action": "fly away", "id": 1})
        error = receive(ws, "error")
        assert error["code"] == "malformed" and error["id"] == 1
        ws.send_json({"type": "act", "action": "sell imp", "id": 2})
        assert receive(ws, "error")["code"] in ("illegal", "malformed")
        ws.send_json({"type": "act", "action": welcome["legal"][0], "n": 3, "id": 3})
        assert receive(ws, "error")["code"] == "stale"
        ws.send_json({"type": "act", "action": 5})
        assert receive(ws, "error")["code"] == "malformed"
        ws.send_json({"type": "undo"})
        assert receive(ws, "error")["code"] == "no_undo"
        ws.send_json({"type": "ping", "id": 7})
        assert receive(ws, "pong")["id"] == 7
        ws.send_json({"type": "act", "action": welcome["legal"][0], "n": 0, "id": 8})
        assert receive(ws, "update")["n"] == 1
        assert receive(ws, "ack") == {"type": "ack", "id": 8, "n": 1}
        # seat 2 is to move now; seat 1 may not
        ws.send_json({"type": "act", "action": "end"})
        assert receive(ws, "error")["code"] == "not_your_turn"
    with client.websocket_connect(f"/ws/{made['id']}") as watcher:
        assert hello(watcher)["seat"] is None
        watcher.send_json({"type": "act", "action": "end"})
        assert receive(watcher, "error")["code"] == "spectator"
    with client.websocket_connect(f"/ws/{made['id']}") as ws1:
        assert hello(ws1, 1, seat1["token"])["n"] == 1
    with client.websocket_connect("/ws/nosuchgame") as ws:
        assert ws.receive_json()["code"] == "no_game"


def play_two_seats(client: TestClient, game: str, seed: int, moves: int | None = None
                   ) -> tuple[dict[str, Any], list[str], int]:
    """Two seats and a spectator play random legal actions; every message any of them
    receives goes through the leak checker. Returns the game, the texts and the count
    of checked messages."""
    made = create(client, game=game, players=2, seed=seed)
    game_id = made["id"]
    rng = random.Random(seed)
    checker = LeakChecker(game, 2, seed, {})
    received: dict[int | None, list[dict[str, Any]]] = {0: [], 1: [], None: []}
    texts: list[str] = []
    with client.websocket_connect(f"/ws/{game_id}") as w0, \
            client.websocket_connect(f"/ws/{game_id}") as w1, \
            client.websocket_connect(f"/ws/{game_id}") as ww:
        socks = {0: w0, 1: w1, None: ww}
        for viewer in (0, 1, None):
            token = made["seats"][viewer]["token"] if viewer is not None else None
            received[viewer].append(hello(socks[viewer], viewer, token))
        last = received[0][0]
        count = 0
        while not last["over"] and (moves is None or count < moves):
            mover = last["current_player"]
            mine = received[mover][-1]
            assert mine["legal"], "the seat to move got its legal actions"
            text = pick(mine, rng)
            socks[mover].send_json({"type": "act", "action": text, "n": mine["n"],
                                    "id": count})
            for viewer, ws in socks.items():
                msg = receive(ws, "update")
                received[viewer].append(msg)
            assert receive(socks[mover], "ack")["n"] == count + 1
            texts.append(received[mover][-1]["action"])
            last = received[mover][-1]
            count += 1
    stored = client.app.state.storage.actions(game_id)  # type: ignore[attr-defined]
    assert [t for _, t in stored] == texts
    checked = 0
    for viewer, messages in received.items():
        for msg in messages:
            checker.check(msg, viewer, texts)
    checked = checker.checked
    return made, texts, checked


# seed 16 gives a Vale game with cards hidden in hands on 110 occasions
@pytest.mark.parametrize("game, seed", [("thalara", 11), ("vale", 16)])
def test_two_seats_play_a_whole_game_and_nothing_leaks(client: TestClient, game: str,
                                                      seed: int) -> None:
    made, texts, checked = play_two_seats(client, game, seed=seed)
    assert checked >= 3 * len(texts)
    info = client.get(f"/api/games/{made['id']}").json()
    assert info["over"] and info["winners"] is not None
    record = GameRecord.from_dict(client.get(f"/api/games/{made['id']}/record").json())
    assert record.actions == texts
    assert record.replay().is_over()
    log = client.get(f"/api/games/{made['id']}/log").json()
    assert len(log) == len(texts) and all(e["action"] is None for e in log)
    first = client.get(f"/api/games/{made['id']}/replay/0").json()
    assert first["total"] == len(texts) and first["events"] == []
    step = client.get(f"/api/games/{made['id']}/replay/{len(texts)}").json()
    assert step["observation"]["phase"] == "over"
    assert step["events"] == log[-1]["events"]
    assert client.get(f"/api/games/{made['id']}/replay/{len(texts) + 1}").status_code == 404
    assert client.get("/api/games?status=over").json()[0]["id"] == made["id"]


def test_unfinished_games_have_no_record_or_replay(client: TestClient) -> None:
    made = create(client, game="thalara")
    assert client.get(f"/api/games/{made['id']}/record").status_code == 409
    assert client.get(f"/api/games/{made['id']}/replay/0").status_code == 409


def play_against_computer(client: TestClient, game: str, seed: int,
                          undo_at: int | None = None) -> dict[str, Any]:
    made = create(client, game=game, players=2, seed=seed,
                  seats=[{"kind": "human", "name": "Ada"},
                         {"kind": "computer", "agent": "greedy"}])
    rng = random.Random(seed)
    checker = LeakChecker(game, 2, seed, {})
    token = made["seats"][0]["token"]
    messages: list[dict[str, Any]] = []
    undone = False
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        msg = hello(ws, 0, token)
        assert msg["seats"][1]["kind"] == "computer"
        assert msg["connected"] == [True, True]
        messages.append(msg)
        last = msg
        while not last["over"]:
            if msg is last and last["legal"]:
                if undo_at is not None and not undone and last["n"] >= undo_at \
                        and last["can_undo"]:
                    before = last["n"]
                    ws.send_json({"type": "undo"})
                    msg = ws.receive_json()
                    while msg["type"] != "sync":
                        assert msg["type"] in ("ack", "update", "presence"), msg
                        msg = ws.receive_json()
                    last = msg
                    messages.append(msg)
                    assert msg["n"] < before and msg["legal"]
                    undone = True
                    continue
                ws.send_json({"type": "act", "action": pick(last, rng), "n": last["n"]})
            msg = ws.receive_json()
            if msg["type"] == "error":
                raise AssertionError(msg)
            messages.append(msg)
            if "observation" in msg:
                last = msg
    texts = [t for _, t in client.app.state.storage.actions(made["id"])]  # type: ignore[attr-defined]
    for m in messages:
        if m["type"] in ("update", "welcome") and undone:
            continue  # earlier messages describe a history that was undone
        checker.check(m, 0, texts)
    assert undone == (undo_at is not None)
    return made


@pytest.mark.parametrize("game", ["thalara", "vale"])
def test_a_whole_game_against_the_computer(client: TestClient, game: str) -> None:
    made = play_against_computer(client, game, seed=3)
    assert client.get(f"/api/games/{made['id']}").json()["over"]


def test_undo_against_the_computer(client: TestClient) -> None:
    made = play_against_computer(client, "vale", seed=4, undo_at=12)
    assert client.get(f"/api/games/{made['id']}").json()["over"]


def test_no_undo_between_people(client: TestClient) -> None:
    made, _, _ = play_two_seats(client, "vale", seed=2, moves=3)
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        msg = hello(ws, 0, made["seats"][0]["token"])
        assert not msg["can_undo"]
        ws.send_json({"type": "undo"})
        assert receive(ws, "error")["code"] == "no_undo"


def test_presence_is_announced(client: TestClient) -> None:
    made = create(client, game="thalara")
    with client.websocket_connect(f"/ws/{made['id']}") as w0:
        assert hello(w0, 0, made["seats"][0]["token"])["connected"] == [True, False]
        with client.websocket_connect(f"/ws/{made['id']}") as w1:
            hello(w1, 1, made["seats"][1]["token"])
            assert receive(w0, "presence")["connected"] == [True, False]  # its own
            assert receive(w0, "presence")["connected"] == [True, True]
        assert receive(w0, "presence")["connected"] == [True, False]


def test_a_seat_taken_in_the_lobby_gets_a_token_its_creator_does_not_hold(
        client: TestClient) -> None:
    made = create(client, game="thalara", players=2,
                  seats=[{"kind": "human"}, {"kind": "open"}])
    given = {s["seat"]: s["token"] for s in made["seats"]}
    assert set(given) == {0}
    joined = client.post(f"/api/games/{made['id']}/join").json()
    assert joined["seat"] == 1 and joined["token"] != given[0]
    assert joined["link"].endswith(f"token={joined['token']}")
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        # the creator's token of seat 1 does not open the joiner's seat
        assert hello(ws, joined["seat"], given[0])["code"] == "bad_token"
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        welcome = hello(ws, joined["seat"], joined["token"])
        assert welcome["type"] == "welcome" and welcome["seat"] == joined["seat"]


def test_a_chosen_seed_needs_at_most_one_human_unless_the_server_allows_it(
        tmp_path: Path) -> None:
    from cardtable.server.app import create_app

    with TestClient(create_app(f"sqlite:///{tmp_path / 'strict.db'}")) as strict:
        two_humans = {"game": "vale", "players": 2, "seed": 7}
        refused = strict.post("/api/games", json=two_humans)
        assert refused.status_code == 400 and "seed" in refused.json()["detail"]
        assert strict.get("/api/games?status=all").json() == []     # nothing was made
        assert strict.post("/api/games", json={"game": "vale", "players": 2}
                           ).status_code == 201
        against_computer = {**two_humans, "seats": [{"kind": "human"},
                                                    {"kind": "computer", "agent": "random"}]}
        assert strict.post("/api/games", json=against_computer).status_code == 201


@pytest.mark.parametrize("seed", [2**63, -(2**63) - 1, 2**70])
def test_a_seed_too_big_to_store_is_refused(client: TestClient, seed: int) -> None:
    response = client.post("/api/games", json={"game": "thalara", "seed": seed})
    assert response.status_code == 400 and "64 bits" in response.json()["detail"]
    assert client.get("/api/games?status=all").json() == []

