"""Ratings in Chromium (issue 27, parts 3 and 4): a rated game between two signed-in
players ends, and its end screen shows each player's change; the lobby marks it rated;
the profile shows the rating's history as a chart and the game with its links; the
leaderboard page draws; an unknown name gets its own page."""

from __future__ import annotations

import secrets
from typing import Any

import httpx
from playwright.sync_api import Page

from cardtable.server import ratings

from .conftest import create_game, play_through, serious, shot

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
    # the computer's levels by the names the lobby gives them, not the agents' specs
    levels = page.inner_text("#leaderboard section[data-players='2'] p.small")
    assert "ismcts:" not in levels
    expected = " · ".join(f"{agent.removeprefix('ismcts:')} {rating}"
                          for agent, rating in ratings.LEVEL_RATINGS["thalara-2p"].items())
    assert levels.endswith(expected), levels
    assert serious(page) == []

    page.goto(f"{server.base}/p/Nobody{secrets.token_hex(3)}")
    page.wait_for_selector("#profile-missing")
    for client in people:
        client.close()


def test_a_level_s_published_rating_in_the_lobby_and_at_the_end(page: Page,
                                                                server: Any) -> None:
    """The computer levels' fixed ratings (docs/ratings.md): the lobby's level choice
    says each measured one for the game and player count being set up, and the end of
    a game against a level says whom you beat or lost to, and its rating."""
    rated = ratings.LEVEL_RATINGS["thalara-2p"]
    assert {"random", "greedy", "ismcts:medium"} <= set(rated)
    page.goto(server.base + "/")
    page.select_option("#game", "thalara")
    page.select_option("#players", "2")
    offered = page.locator("select[name=agent-1] option").all_inner_texts()
    for agent, rating in rated.items():
        assert sum(f"(rated {rating})" in text for text in offered) == 1, (agent, offered)
    page.select_option("#players", "4")           # no level measured at four players
    assert not any("rated" in text for text in
                   page.locator("select[name=agent-1] option").all_inner_texts())

    made = create_game(server.base, {
        "game": "thalara", "seed": 6, "computer_delay_ms": 0,
        "seats": [{"kind": "human", "name": "Ada"},
                  {"kind": "computer", "agent": "greedy"}]})
    play_through(server.base, made, seed=6)
    page.goto(server.base + made["seats"][0]["link"])
    line = page.locator("#end-levels li[data-level='greedy']")
    line.wait_for()
    winners = page.evaluate("() => window.cardtable.snap.winners")
    verb = ("You beat" if winners == [0] else "You lost to" if winners == [1]
            else "You finished level with")
    assert line.inner_text() == f"{verb} Computer (greedy), a level rated {rated['greedy']}."
    shot(page, "ratings-level-end")
