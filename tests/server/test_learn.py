"""The lesson socket (`/ws/learn/{game}/{part}`) and pages: the whole lesson plays over
the game protocol, only the step's action is accepted, resuming replays to the
learner's place, hidden information stays hidden, and every input is bounded."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from cardtable.learn import load_lesson
from cardtable.learn.model import Others
from cardtable.learn.walk import Walk

from .helpers import hidden_hand_check

PARTS = [("thalara", 1), ("thalara", 2), ("vale", 1), ("vale", 2)]


def receive_until(ws: Any, kind: str) -> list[dict[str, Any]]:
    got = []
    while True:
        msg = ws.receive_json()
        got.append(msg)
        if msg["type"] == kind:
            return got


def check_hidden(msg: dict[str, Any]) -> None:
    if "observation" in msg:
        hidden_hand_check(msg["observation"], 0)
        assert msg["legal"] == [] or msg["current_player"] == 0
    if msg["type"] == "update" and msg["seat"] != 0:
        assert msg["action"] is None, "another seat's action text was sent"


@pytest.mark.parametrize(("game", "part"), PARTS)
def test_a_lesson_part_plays_to_its_end_with_the_steps_actions(
        client: TestClient, game: str, part: int) -> None:
    lesson = load_lesson(game)
    walk = Walk(lesson, part - 1)
    with client.websocket_connect(f"/ws/learn/{game}/{part}") as ws:
        ws.send_text(json.dumps({"type": "hello", "seat": 0, "token": "0"}))
        welcome = ws.receive_json()
        assert welcome["type"] == "welcome" and welcome["seat"] == 0
        check_hidden(welcome)
        info = welcome["lesson"]
        assert info["end"] == len(walk.moves) and info["total"] == len(walk.steps)
        learner = [m.text for m in walk.moves if m.step is not None]
        n = welcome["n"]
        due = info["steps"]
        seen_steps = 0
        acted = 0
        while n < info["end"]:
            seen_steps += len(due)
            step = next(s for s in due if s["action"])
            ws.send_text(json.dumps({"type": "act", "action": step["action"], "n": n,
                                     "id": acted}))
            for msg in receive_until(ws, "ack"):
                check_hidden(msg)
                if msg["type"] == "update":
                    n = msg["n"]
                    # only the steps due at the message's own place: never a later one
                    assert all(s["n"] == n for s in msg["lesson"]["steps"])
                    due = msg["lesson"]["steps"]
            acted += 1
        seen_steps += len(due)
        assert acted == len(learner) and seen_steps == len(walk.steps)
    script_others = sum(len(b.actions) for b in walk.part.script if isinstance(b, Others))
    assert n == acted + script_others


def test_an_answer_other_than_the_step_s_is_refused_and_changes_nothing(
        client: TestClient) -> None:
    with client.websocket_connect("/ws/learn/thalara/1") as ws:
        ws.send_text(json.dumps({"type": "hello", "seat": 0}))
        welcome = ws.receive_json()
        assert welcome["n"] == 0
        for wrong in ("take blue1", "play red5 1", "x" * 200):
            ws.send_text(json.dumps({"type": "act", "action": wrong, "n": 0, "id": 7}))
            err = ws.receive_json()
            assert err["type"] == "error" and err["code"] == "not_in_lesson" and err["id"] == 7
            assert err["message"].startswith("Not yet: ") and "Red 5" in err["message"]
        ws.send_text(json.dumps({"type": "act", "action": "take red5", "n": 3}))
        assert ws.receive_json()["code"] == "stale"
        ws.send_text(json.dumps({"type": "act", "action": "take red5", "n": 0}))
        update, ack = receive_until(ws, "ack")
        assert update["type"] == "update" and update["n"] == 1 and update["action"] == "take red5"
        assert ack["n"] == 1
        for kind, code in (("undo", "no_undo"), ("hint", "no_hint"),
                           ("rematch", "no_rematch"), ("nonsense", "malformed")):
            ws.send_text(json.dumps({"type": kind, "answer": "offer"}))
            assert ws.receive_json()["code"] == code


@pytest.mark.parametrize(("token", "expected"), [
    ("14", 14), ("15", 14), ("0", 0), (None, 0), ("abc", 0), ("-3", 0), ("", 0),
    ("99999999999", 0), ("9999", 51)])
def test_the_hello_token_resumes_at_the_last_stop_at_or_before_it(
        client: TestClient, token: str | None, expected: int) -> None:
    """Thalara part 1: the learner places their first card after 14 actions (7 cards
    each); 51 actions make the whole part. A token that is no number starts at the
    beginning; one past the end stops at the end."""
    with client.websocket_connect("/ws/learn/thalara/1") as ws:
        ws.send_text(json.dumps({"type": "hello", "seat": 0, "token": token}))
        welcome = ws.receive_json()
        assert welcome["n"] == expected
        assert len(welcome["log"]) == expected
        check_hidden(welcome)


def test_bad_messages_are_bounded(client: TestClient) -> None:
    with client.websocket_connect("/ws/learn/vale/1") as ws:
        ws.send_text(json.dumps({"type": "act", "action": "hunt rock-golem"}))
        assert ws.receive_json()["code"] == "hello_first"
        ws.send_text(json.dumps({"type": "hello", "token": 12}))
        assert ws.receive_json()["code"] == "malformed"
        ws.send_text("{" * 50)
        assert ws.receive_json()["code"] == "malformed"
        ws.send_text(json.dumps({"type": "ping", "pad": "x" * 5000}))
        assert ws.receive_json()["code"] == "malformed"
        ws.send_text(json.dumps({"type": "ping", "a": {"b": {"c": {"d": {"e": 1}}}}}))
        assert ws.receive_json()["code"] == "malformed"
        # a flood: the budget drops what is over it and says so once
        for i in range(80):
            ws.send_text(json.dumps({"type": "ping", "id": i}))
        codes = []
        for _ in range(80):
            msg = ws.receive_json()
            codes.append(msg.get("code") or msg["type"])
            if msg.get("code") == "rate_limited":
                break
        assert "rate_limited" in codes


@pytest.mark.parametrize("path", ["/ws/learn/chess/1", "/ws/learn/thalara/3",
                                  "/ws/learn/vale/0"])
def test_no_such_lesson_closes_with_4404(client: TestClient, path: str) -> None:
    with client.websocket_connect(path) as ws:
        err = ws.receive_json()
        assert err["type"] == "error" and err["code"] == "no_game"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4404


def test_lesson_pages_and_descriptions(client: TestClient) -> None:
    for game in ("thalara", "vale"):
        page = client.get(f"/learn/{game}")
        assert page.status_code == 200 and "app.js" in page.text
    assert client.get("/learn/chess").status_code == 404
    listed = client.get("/api/learn").json()
    assert [x["game"] for x in listed] == ["thalara", "vale"]
    about = client.get("/api/games/learn/vale/2/about").json()
    assert "cap-of-hades" in about["catalogue"]["artifacts"]
    assert "seed" not in json.dumps(about)
    base = client.get("/api/games/learn/vale/1/about").json()
    assert not base["catalogue"]["artifacts"]
    assert client.get("/api/games/learn/vale/3/about").status_code == 404
