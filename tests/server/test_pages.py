"""`GET /api/games/{id}/about`: the game's description through the contract (catalogue,
words, notation, rules with this game's settings) and the setup a rematch starts from;
public, the same for everyone, and without the seed or any token."""

from __future__ import annotations

import json

from fastapi.testclient import TestClient

from cardtable import load_game

from .test_protocol import create


def test_about_tells_the_game_through_the_contract(client: TestClient) -> None:
    made = create(client, game="vale", seed=123456, options={"expansion": "artifacts",
                                                             "end_score": 70},
                  seats=[{"kind": "human", "name": "Ada"},
                         {"kind": "computer", "agent": "greedy"}])
    response = client.get(f"/api/games/{made['id']}/about")
    assert response.status_code == 200
    assert "max-age" in response.headers["cache-control"]
    about = response.json()
    game = load_game("vale")
    options = {"expansion": "artifacts", "end_score": 70}
    assert about["catalogue"] == game.catalogue(options)
    assert about["words"] == game.words()
    assert about["notation"] == game.notation_help()
    assert "reaches 70 points" in about["rules"]
    raw = json.dumps(about)
    assert "123456" not in raw and "token" not in raw
    for seat in made["seats"]:
        assert seat["token"] not in raw
    assert about["setup"]["seats"] == [{"kind": "human", "agent": None, "name": "Ada"},
                                       {"kind": "computer", "agent": "greedy",
                                        "name": "Computer (greedy)"}]


def test_a_rematch_is_a_new_game_with_the_same_seats_settings(client: TestClient) -> None:
    made = create(client, game="thalara", seed=5, options={"star_tie": "most-artifacts"},
                  seats=[{"kind": "human", "name": "Ada"},
                         {"kind": "computer", "agent": "random"}], title="Evening")
    setup = client.get(f"/api/games/{made['id']}/about").json()["setup"]
    again = create(client, **setup)
    assert again["id"] != made["id"]
    info = client.get(f"/api/games/{again['id']}").json()
    assert [(s["kind"], s["agent"], s["name"]) for s in info["seats"]] == [
        ("human", None, "Ada"), ("computer", "random", "Computer (random)")]
    assert info["title"] == "Evening"
    about = client.get(f"/api/games/{again['id']}/about").json()
    assert about["setup"]["options"]["star_tie"] == "most-artifacts"


def test_about_an_unknown_game_is_404(client: TestClient) -> None:
    assert client.get("/api/games/nope/about").status_code == 404


HTML = {"accept": "text/html,application/xhtml+xml,*/*;q=0.8"}    # as a browser asks


def test_a_browser_at_an_address_with_no_page_gets_a_page_that_says_so(
        client: TestClient) -> None:
    # it got a line of JSON, {"detail":"Not Found"}
    for path in ("/no/such/page", "/learn/chess"):
        answer = client.get(path, headers=HTML)
        assert answer.status_code == 404
        assert answer.headers["content-type"].startswith("text/html")
        assert "No such page" in answer.text and 'href="/"' in answer.text
    # programs keep their JSON: the API, and any client that does not ask for a page
    answer = client.get("/api/games/zzzzzzzz", headers=HTML)
    assert answer.status_code == 404 and answer.json()["detail"]
    answer = client.get("/no/such/page")
    assert answer.status_code == 404 and answer.json() == {"detail": "Not Found"}
    assert client.post("/no/such/page", headers=HTML).json() == {"detail": "Not Found"}
