"""Ratings in Chromium (issue 27, parts 3 and 4): a rated game between two signed-in
players ends, and its end screen shows each player's change; the lobby marks it rated;
the profile shows the rating's history as a chart and the game with its links; the
leaderboard page draws; an unknown name gets its own page."""

from __future__ import annotations

import secrets
from typing import Any

import httpx
from playwright.sync_api import Page

from .conftest import play_through, serious, shot

PASSWORD = "a long and quiet river"


def test_a_rated_game_shows_its_rating_changes_and_the_profile_its_history(
        page: Page, server: Any) -> None:
    names = [f"Ada{secrets.token_hex(3)}", f"Bea{secrets.token_hex(3)}"]
    people = [httpx.Client(base_url=server.base) for _ in names]
    for client, name in zip(people, names, strict=True):
        assert client.post("/api/accounts", json={"name": name, "password": PASSWORD}) \
            .status_code == 201
    made = people[0].post("/api/games", json={
        "game": "thalara", "players": 2, "seed": 4, "clock": "24h", "rated": True,
        "seats": [{"kind": "human"}, {"kind": "open"}]}).json()
    joined = people[1].post(f"/api/games/{made['id']}/join", json={}).json()
    play_through(server.base, {"id": made["id"], "seats": [
        made["seats"][0], {"seat": joined["seat"], "token": joined["token"]}]}, seed=4)

    page.goto(f"{server.base}/g/{made['id']}?watch=1")
    page.wait_for_selector("#end-ratings .rating-change >> nth=1")
    changes = page.inner_text("#end-ratings")
    assert changes.count("1500 →") == 2 and "+" in changes and "−" in changes, changes
    assert page.get_attribute(f"#end-ratings a >> text={names[0]}", "href") == f"/p/{names[0]}"
    shot(page, "ratings-end-screen")

    page.goto(server.base + "/")
    page.wait_for_selector(f"li[data-game='{made['id']}'] .rated")
    assert page.is_visible("#rated")

    page.goto(f"{server.base}/p/{names[0]}")
    page.wait_for_selector("#profile-ratings tr[data-pool='thalara-2p']")
    assert page.locator(".rating-chart polyline").count() == 1
    assert page.get_attribute(f"#profile-games li[data-game='{made['id']}'] a >> text=Replay",
                              "href") == f"/g/{made['id']}?replay=0"
    assert "?" in page.inner_text("#profile-ratings")          # one game: provisional
    assert serious(page) == []
    shot(page, "ratings-profile")

    page.goto(f"{server.base}/leaderboard/thalara")
    page.wait_for_selector("#leaderboard section[data-players='4']")
    assert serious(page) == []

    page.goto(f"{server.base}/p/Nobody{secrets.token_hex(3)}")
    page.wait_for_selector("#profile-missing")
    for client in people:
        client.close()
