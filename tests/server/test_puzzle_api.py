"""The puzzles over HTTP (server/puzzle_api.py): what is sent holds nothing the solver
could not see, over every shipped puzzle; answers right and wrong; refusals that change
nothing; the puzzle of the day.

No leak, on what the HTTP answers actually carry: a puzzle's position and its
explanation must be the same whichever world the solver cannot tell from the real
one. Each is compared with the same answer worked out from worlds sampled from the
solver's view (other hands and the deck dealt again), so any secret in it (another
hand, the deck, the record's seed) would show as a difference; and no card of another
seat's hand that the solver's own observation lacks appears in the position's text."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from datetime import UTC, date, datetime
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from cardtable.puzzles import Puzzle, shipped
from cardtable.puzzles.explain import daily_index, explanation, position
from cardtable.puzzles.model import SHIPPED
from cardtable.server import puzzle_api
from cardtable.server.app import create_app

SETS = sorted(SHIPPED)
SAME_SITE = {"Origin": "http://testserver"}
# what the page adds to Puzzle.shown(): where the puzzle is in its set, the decision in
# words and the game's public description
POSITION_KEYS = {"id", "game", "seat", "theme", "difficulty", "observation", "legal",
                 "set", "title", "number", "count", "next", "decision", "seats",
                 "catalogue", "words", "notation", "rules"}
PLACE_KEYS = {"set", "title", "number", "count", "next"}


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    db = tmp_path_factory.mktemp("puzzles") / "games.db"
    with TestClient(create_app(f"sqlite:///{db}", start_pool=False)) as c:
        yield c


def _hidden_cards(p: Puzzle) -> set[str]:
    """The cards of the other seats' hands that the solver's own observation lacks."""
    state = p.state()
    own = json.dumps(state.observation(p.seat))
    out = set()
    for other in range(state.num_players):
        if other == p.seat:
            continue
        for card in state.observation(other)["seats"][other].get("hand") or []:
            word = card if isinstance(card, str) else json.dumps(card)
            if f'"{word}"' not in own:
                out.add(word)
    return out


def state_catalogue(p: Puzzle) -> dict[str, object]:
    from cardtable import load_game

    return load_game(p.game).catalogue(p.state().options)


@pytest.mark.parametrize("name", SETS)
def test_what_the_api_sends_holds_nothing_the_solver_could_not_see(
        client: TestClient, name: str) -> None:
    hidden_dealt_otherwise = 0
    for p in shipped(name):
        sent = client.get(f"/api/puzzles/{name}/{p.id}")
        assert sent.status_code == 200
        body = sent.json()
        assert set(body) == POSITION_KEYS
        text = sent.text
        # the record's seed deals every hand: never sent (a seed this large is no
        # other number of the page's)
        assert abs(p.record.seed) > 10**6 and str(p.record.seed) not in text, p.id
        # the catalogue names every card of the set (public, the same in every game with
        # these options); the rest must not name a hidden one
        rest = json.dumps({k: v for k, v in body.items() if k != "catalogue"})
        assert body["catalogue"] == state_catalogue(p)
        for word in _hidden_cards(p):
            assert f'"{word}"' not in rest, f"{p.id} sends {word}, a card the solver cannot see"
        verdict = client.post(f"/api/puzzles/{name}/{p.id}/answer", json={"action": p.best},
                              headers=SAME_SITE).json()
        # the same answers, worked out from worlds the solver cannot tell from the real one
        state = p.state()
        view = state.view(p.seat)
        shown = {k: v for k, v in body.items() if k not in PLACE_KEYS}
        told = {k: v for k, v in verdict.items() if k not in ("correct", "answer")}
        for k in range(2):
            world = view.sample_world(random.Random(1000 + k))
            hidden_dealt_otherwise += any(world.observation(o) != state.observation(o)
                                          for o in range(state.num_players) if o != p.seat)
            assert position(p, world.clone()) == shown, f"{p.id}: the position tells a secret"
            assert explanation(p, world) == told, f"{p.id}: the explanation tells a secret"
    # the premise: the worlds did deal the secrets otherwise (a secret in what is sent
    # would then have shown as a difference)
    assert hidden_dealt_otherwise > 0


@pytest.mark.parametrize("name", SETS)
def test_the_best_action_is_right_and_another_is_wrong(client: TestClient, name: str) -> None:
    p = shipped(name)[0]
    right = client.post(f"/api/puzzles/{name}/{p.id}/answer", json={"action": p.best},
                        headers=SAME_SITE)
    assert right.status_code == 200
    body = right.json()
    assert body["correct"] is True and body["best"] == p.best and body["answer"] == p.best
    assert body["choices"][0]["action"] == p.best and body["choices"][0]["best"]
    assert [c["expected"] for c in body["choices"]] == \
        [round(c.expected, 4) for c in p.choices[:3]]
    assert body["theme"] == p.theme and body["theme_text"]
    assert body["replay"] and body["replay"][0]["moves"][0]["action"] == p.best
    assert sum(line["worlds"] for line in body["replay"]) == 3
    wrong_action = p.choices[1].action
    wrong = client.post(f"/api/puzzles/{name}/{p.id}/answer", json={"action": wrong_action},
                        headers=SAME_SITE).json()
    assert wrong["correct"] is False and wrong["answer"] == wrong_action
    assert wrong["best"] == p.best


def test_the_refusals_are_clear_and_change_nothing(client: TestClient) -> None:
    p = shipped("vale")[0]
    before = client.get(f"/api/puzzles/vale/{p.id}").json()
    index = client.get("/api/puzzles").json()
    for path in ("/api/puzzles/chess/1", f"/api/puzzles/thalara/{p.id}",
                 "/api/puzzles/vale/vale-nope"):
        got = client.get(path)
        assert got.status_code == 404 and isinstance(got.json()["detail"], str)
        got = client.post(path + "/answer", json={"action": p.best}, headers=SAME_SITE)
        assert got.status_code == 404 and isinstance(got.json()["detail"], str)
    answer = f"/api/puzzles/vale/{p.id}/answer"
    illegal = client.post(answer, json={"action": "fly away"}, headers=SAME_SITE)
    assert illegal.status_code == 400
    assert illegal.json()["detail"].startswith("not a legal action in this position")
    for bad in ({}, {"action": ""}, {"action": 3}, {"action": "x" * 201},
                {"action": p.best, "more": 1}, []):
        got = client.post(answer, json=bad, headers=SAME_SITE)
        assert got.status_code == 422, bad
        assert all(set(f) == {"loc", "msg", "type"} for f in got.json()["detail"])
    assert client.post(answer, content=b"{", headers={
        **SAME_SITE, "content-type": "application/json"}).status_code == 422
    # nothing changed: the same position, the same sets, and the best still right
    assert client.get(f"/api/puzzles/vale/{p.id}").json() == before
    assert client.get("/api/puzzles").json() == index
    assert client.post(answer, json={"action": p.best}, headers=SAME_SITE).json()["correct"]


def test_the_puzzle_of_the_day_is_stable_for_a_date_and_moves_on(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    day = date(2026, 12, 2)
    first = puzzle_api.sets_today(day)
    assert puzzle_api.sets_today(day) == first
    for s in first["sets"]:
        puzzles = shipped(s["name"])
        assert s["count"] == len(puzzles) and s["ids"] == [p.id for p in puzzles]
        assert s["daily"] == puzzles[daily_index(s["name"], len(puzzles), day)].id
    # over as many days as a set has puzzles, each puzzle comes once
    for name in SETS:
        count = len(shipped(name))
        days = [daily_index(name, count, date.fromordinal(day.toordinal() + k))
                for k in range(count)]
        assert sorted(days) == list(range(count))
    # the route says today's (UTC) date and its choice
    monkeypatch.setattr(puzzle_api, "today", lambda: datetime(2026, 12, 2, 23, 59, tzinfo=UTC))
    assert client.get("/api/puzzles").json() == {**first, "date": "2026-12-02"}


def test_the_page_is_served(client: TestClient) -> None:
    page = client.get("/puzzles")
    assert page.status_code == 200 and "app.js" in page.text
    assert Path(puzzle_api.STATIC / "puzzles.js").is_file()
