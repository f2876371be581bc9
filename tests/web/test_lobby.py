"""The lobby's form: each seat a person (the creator holds its link), an open seat
(anybody may take it from the lobby) or a computer; a time control and what happens
when a clock runs out; the links and open seats the answer gives; Join with a name,
remembered by the browser; the lists tell each game's time control."""

from __future__ import annotations

import json
from typing import Any

import httpx
from playwright.sync_api import Browser, Page
from websockets.sync.client import connect

from .conftest import (
    SIZES,
    abandon_later,
    checked_page,
    create_game,
    play_through,
    serious,
    shot,
    table,
)
from .test_play import READY, SHOWN


def test_create_with_an_open_seat_and_a_clock_then_join_by_name(
        tab: Page, browser: Browser, server: Any, size: str) -> None:
    title = f"lobby form {size}"
    tab.goto(server.base + "/")
    tab.select_option("#game", "thalara")
    tab.fill("input[name=name-0]", "Ada")
    tab.select_option("#kind-1", "open")
    # the computer level is only asked of computer seats
    assert not tab.locator("select[name=agent-1]").is_visible()
    assert tab.locator("#on-timeout").is_disabled()
    tab.select_option("#clock", "10m+5s")
    tab.select_option("#on-timeout", "forfeit")
    tab.locator("form.create summary").click()
    # letting the game feed puzzles is asked under the options, and off unless asked
    assert tab.locator("#puzzle-source").is_visible()
    assert not tab.locator("#puzzle-source").is_checked()
    tab.fill("input[name=title]", title)
    tab.click("#create")
    created = tab.locator("#created")
    created.wait_for()
    # one link for the seat the creator holds; the open seat said plainly, without a link
    assert created.locator("input[aria-label^='link of seat']").count() == 1
    assert "Seat 1 (Ada)" in created.inner_text()
    assert "Open seat: Seat 2." in tab.inner_text("#open-seats")
    assert "Join" in tab.inner_text("#open-seats")
    link = tab.get_attribute("#play-link", "href") or ""
    abandon_later(server.base, link)
    game_id = link.split("#")[0].split("/")[-1]
    info = httpx.get(f"{server.base}/api/games/{game_id}").json()
    assert info["clock"] == "10m+5s" and info["on_timeout"] == "forfeit"
    assert [s["claimed"] for s in info["seats"]] == [True, False]
    assert info["seats"][0]["name"] == "Ada"
    assert info["puzzle_source"] is False
    # the lobby's open games list it with its time control in words and its open seat
    row = tab.locator(f"#open-games li[data-game='{game_id}']")
    row.wait_for()
    text = row.inner_text()
    assert "◔ real time, 10 min + 5 s a move; out of time loses" in text
    assert "(open seat)" in text
    assert serious(tab) == [], "the lobby with a created game"
    assert tab.evaluate("() => document.documentElement.scrollWidth") <= SIZES[size]["width"]
    shot(tab, f"lobby-created-{size}")
    # a stranger joins the open seat under a name of their own
    with checked_page(browser, viewport=SIZES[size], has_touch=size == "phone") as other:
        other.goto(server.base + "/")
        other.locator(f"#open-games li[data-game='{game_id}'] button", has_text="Join").click()
        dialog = other.locator("#join-dialog")
        dialog.wait_for()
        assert other.input_value("#join-name") == ""
        other.fill("#join-name", "Bea")
        assert serious(other) == [], "the join dialog"
        other.click("#join-go")
        other.wait_for_url(f"**/g/{game_id}")
        other.wait_for_function(SHOWN)
        assert table(other)["seat"] == 1
        assert "token" not in other.url
        assert "Bea (you)" in other.inner_text("#presence")
        # an open seat taken from the lobby does not abandon the creator's game
        assert other.evaluate("() => document.querySelector('#abandon').hidden")
        seats = httpx.get(f"{server.base}/api/games/{game_id}").json()["seats"]
        assert seats[1]["name"] == "Bea" and seats[1]["claimed"]
        # the name is remembered: the next Join and the next game's first seat offer it
        other.goto(server.base + "/")
        other.wait_for_selector("#create")
        assert other.input_value("input[name=name-0]") == "Bea"
    # no open seat is left: the game leaves the open games
    tab.reload()
    tab.wait_for_selector("#create")
    tab.wait_for_timeout(300)
    assert tab.locator(f"#open-games li[data-game='{game_id}']").count() == 0


def test_a_seat_person_plays_from_its_link(page: Page, server: Any) -> None:
    """Created from the form with every seat a person: each one a link, none open."""
    page.goto(server.base + "/")
    page.select_option("#game", "vale")
    page.select_option("#kind-1", "human")
    page.fill("input[name=name-1]", "Bea")
    page.click("#create")
    page.locator("#created").wait_for()
    assert page.locator("#created input[aria-label^='link of seat']").count() == 2
    assert page.locator("#open-seats").count() == 0
    abandon_later(server.base, page.get_attribute("#play-link", "href") or "")
    page.click("#play-link")
    page.wait_for_function(READY)
    assert table(page)["seat"] == 0


def test_letting_a_game_become_puzzles_is_asked_and_marked_in_the_lobby(
        page: Page, server: Any) -> None:
    page.goto(server.base + "/")
    page.select_option("#game", "thalara")
    page.select_option("#kind-1", "open")
    page.locator("form.create summary").click()
    page.check("#puzzle-source")
    page.click("#create")
    page.locator("#created").wait_for()
    link = page.get_attribute("#play-link", "href") or ""
    abandon_later(server.base, link)
    game_id = link.split("#")[0].split("/")[-1]
    assert httpx.get(f"{server.base}/api/games/{game_id}").json()["puzzle_source"] is True
    # whoever might join sees it before taking the seat
    row = page.locator(f"#open-games li[data-game='{game_id}']")
    row.wait_for()
    assert "✦ puzzles" in row.inner_text()


def test_the_name_of_whoever_joins_shows_at_the_table(page: Page, server: Any) -> None:
    made = create_game(server.base, {"game": "vale", "seed": 2, "seats": [
        {"kind": "human", "name": "Ada"}, {"kind": "open"}]})
    page.goto(server.base + made["seats"][0]["link"])
    page.wait_for_function(READY)
    assert "Player 2" in page.inner_text("#presence")
    seat = httpx.post(f"{server.base}/api/games/{made['id']}/join", json={"name": "Cy"}).json()
    with connect(server.base.replace("http://", "ws://") + f"/ws/{made['id']}") as ws:
        ws.send(json.dumps({"type": "hello", "seat": seat["seat"], "token": seat["token"]}))
        assert json.loads(ws.recv(timeout=5))["type"] == "welcome"
        page.wait_for_function("() => /Cy/.test(document.querySelector('#presence').textContent)")
    assert "Player 2" not in page.inner_text("#presence")


# ---- the options, as the games declare them --------------------------------------------

def _about(base: str, link: str) -> dict[str, Any]:
    abandon_later(base, link)
    game_id = link.split("#")[0].split("/")[-1]
    about: dict[str, Any] = httpx.get(f"{base}/api/games/{game_id}/about").json()
    return about


def test_the_vale_expansion_is_chosen_beside_the_game_with_the_artifacts_preselected(
        tab: Page, server: Any, size: str) -> None:
    tab.goto(server.base + "/")
    tab.select_option("#game", "vale")
    expansion = tab.locator("#opt-expansion")
    # in view without opening anything, a select, the Artifacts chosen
    assert expansion.is_visible()
    assert expansion.evaluate("e => e.tagName") == "SELECT"
    assert expansion.input_value() == "artifacts"
    assert expansion.locator("option").all_inner_texts() == [
        "Base game", "Expansion cards only", "Artifacts expansion"]
    assert not tab.locator("details.options").evaluate("d => d.open")
    tab.locator("form.create summary").click()
    # each option a control of its kind: selects with labels, a number with its bounds
    for name in ("tie_break", "steal", "copy_resolves_as", "start_scores", "artifact_set"):
        assert tab.locator(f"#opt-{name}").evaluate("e => e.tagName") == "SELECT", name
    assert tab.locator("#opt-steal option").all_inner_texts() == [
        "only what the opponent could lose", "the full amount, always"]
    end = tab.locator("#opt-end_score")
    assert end.get_attribute("type") == "number"
    assert (end.get_attribute("min"), end.get_attribute("max")) == ("1", "1000")
    # no free text where the values can be listed, and no card file at all
    visible_text = tab.locator("#game-options input:not([type]):visible, "
                               "#game-options input[type=text]:visible")
    assert visible_text.count() == 0
    assert tab.locator("[name=opt-cards], [name=opt-card_set]").count() == 0
    # the Artifacts' own option only while the Artifacts are chosen
    assert tab.locator("#opt-artifact_set").is_visible()
    assert serious(tab) == [], "the lobby's options"
    assert tab.evaluate("() => document.documentElement.scrollWidth") <= SIZES[size]["width"]
    shot(tab, f"lobby-options-{size}")
    expansion.select_option("none")
    assert not tab.locator("#opt-artifact_set").is_visible()
    expansion.select_option("artifacts")
    # a list that cannot be listed in full opens its own text field on demand
    tab.select_option("#opt-start_scores", "\u0000list")
    assert tab.locator("#opt-start_scores-list").is_visible()
    tab.select_option("#opt-start_scores", "zero")
    assert not tab.locator("#opt-start_scores-list").is_visible()


def test_a_vale_game_created_with_the_defaults_has_the_artifacts(
        page: Page, server: Any) -> None:
    page.goto(server.base + "/")
    page.select_option("#game", "vale")
    page.click("#create")
    page.locator("#created").wait_for()
    about = _about(server.base, page.get_attribute("#play-link", "href") or "")
    assert about["setup"]["options"] == {"expansion": "artifacts"}
    assert "artifacts" in about["catalogue"]      # the tiles are in the game's card set


def test_options_chosen_in_the_lobby_reach_the_game(page: Page, server: Any) -> None:
    page.goto(server.base + "/")
    page.select_option("#game", "vale")
    page.select_option("#opt-expansion", "none")
    page.locator("form.create summary").click()
    page.select_option("#opt-tie_break", "shared")
    page.fill("#opt-end_score", "40")
    page.select_option("#opt-start_scores", "\u0000list")
    page.fill("#opt-start_scores-list", "3, 0")
    page.click("#create")
    page.locator("#created").wait_for()
    about = _about(server.base, page.get_attribute("#play-link", "href") or "")
    assert about["setup"]["options"] == {"tie_break": "shared", "end_score": 40,
                                         "start_scores": [3, 0]}


def test_a_value_the_server_refuses_is_said_in_the_form(page: Page, server: Any) -> None:
    page.goto(server.base + "/")
    page.select_option("#game", "vale")
    page.locator("form.create summary").click()
    page.select_option("#opt-start_scores", "\u0000list")
    page.fill("#opt-start_scores-list", "1, 2, 3")      # three scores for two seats
    page.click("#create")
    alert = page.locator("form.create p.error[role=alert]")
    alert.wait_for()
    assert "start_scores needs one per seat: 2 for 2 players, got 3" in alert.inner_text()


def test_thalaras_mode_beside_the_game_and_a_character_in_each_seats_row(
        tab: Page, server: Any, size: str) -> None:
    tab.goto(server.base + "/")
    tab.select_option("#game", "thalara")
    mode = tab.locator("#opt-mode")
    assert mode.is_visible() and mode.input_value() == "standard"
    assert tab.locator("#seat-characters-0").input_value() == "myrja"
    assert tab.locator("#seat-characters-1").input_value() == "canto"
    tab.select_option("#players", "3")
    assert tab.locator("#seat-characters-2").input_value() == "accaina"
    tab.locator("form.create summary").click()
    idle = tab.locator("#opt-idle_rounds")
    assert idle.get_attribute("type") == "number" and idle.input_value() == "2"
    assert (idle.get_attribute("min"), idle.get_attribute("max")) == ("1", "20")
    assert tab.locator("#opt-star_tie").evaluate("e => e.tagName") == "SELECT"
    assert serious(tab) == [], "Thalara's options"
    assert tab.evaluate("() => document.documentElement.scrollWidth") <= SIZES[size]["width"]
    shot(tab, f"lobby-thalara-options-{size}")
    tab.select_option("#seat-characters-1", "kandhran")
    mode.select_option("casual")
    tab.click("#create")
    tab.locator("#created").wait_for()
    about = _about(server.base, tab.get_attribute("#play-link", "href") or "")
    options = about["setup"]["options"]
    assert options == {"mode": "casual", "characters": ["myrja", "kandhran", "accaina"]}


def test_a_finished_games_buttons_stay_together_on_its_row(
        tab: Page, server: Any, size: str) -> None:
    # Replay and Analysis wrapped one under the other beside a long row at 1400x900
    made = create_game(server.base, {"game": "thalara", "seed": 5,
                                     "title": f"finished row {size}",
                                     "seats": [{"kind": "human"}, {"kind": "human"}]})
    play_through(server.base, made, seed=5)
    tab.goto(server.base + "/")
    row = tab.locator(f"li[data-game='{made['id']}']")
    row.wait_for()
    buttons = row.locator(".row-actions a.button")
    assert buttons.all_inner_texts() == ["Replay", "Analysis"]
    tops = [box["y"] for box in (b.bounding_box() for b in buttons.all()) if box]
    assert len(tops) == 2 and abs(tops[0] - tops[1]) < 2, tops
    assert tab.evaluate("() => document.documentElement.scrollWidth") <= SIZES[size]["width"]
