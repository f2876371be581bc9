"""Play now: the lobby's first panel starts a game against the computer in one click,
at the level chosen (remembered by the browser), with the table's own options, and
goes straight to the seat. The lobby's controls stay inside their panels on a phone."""

from __future__ import annotations

import json
from typing import Any

import httpx
from playwright.sync_api import Page, Route

from .conftest import SIZES, abandon_later, serious, shot, table
from .test_lobby import _about
from .test_play import READY

# every control of the lobby that runs into its panel's padding or past its border
# (on a phone the computer's level with its rating once reached the border)
OUTSIDE_ITS_PANEL = """() => [...document.querySelectorAll(
    '.lobby select, .lobby input, .lobby button')].filter((e) => {
    const r = e.getBoundingClientRect();
    const panel = e.closest('.lobby > *');
    const box = panel.getBoundingClientRect();
    const style = getComputedStyle(panel);
    const left = box.left + parseFloat(style.borderLeftWidth) + parseFloat(style.paddingLeft);
    const right = box.right - parseFloat(style.borderRightWidth) - parseFloat(style.paddingRight);
    return r.width > 0 && (r.right > right + 0.5 || r.left < left - 0.5);
  }).map((e) => e.getAttribute('name') || e.id || e.textContent)"""


def _started(tab: Page, base: str) -> dict[str, Any]:
    """The game the click went to, once its table is ready; abandoned after the test."""
    tab.wait_for_url("**/g/*")
    tab.wait_for_function(READY)
    game_id = tab.url.split("#")[0].split("?")[0].rstrip("/").split("/")[-1]
    held = json.loads(tab.evaluate(f"() => localStorage.getItem('cardtable:seat:{game_id}')"))
    info: dict[str, Any] = httpx.get(f"{base}/api/games/{game_id}").json()
    info["about"] = _about(base, f"/g/{game_id}#seat={held['seat']}&token={held['token']}")
    return info


def test_play_now_is_the_lobbys_first_panel_and_fits(tab: Page, server: Any, size: str) -> None:
    tab.goto(server.base + "/")
    tab.locator("#play-now").wait_for()
    first = tab.evaluate("() => document.querySelector('.lobby').firstElementChild.id")
    assert first == "play-now"
    assert tab.locator("#play-now-level").input_value() == "greedy"
    # random is no opponent to meet first
    assert "random" not in tab.locator("#play-now-level option").all_inner_texts()[0]
    assert tab.locator("#play-now-level option[value=random]").count() == 0
    assert tab.locator("[data-play-now]").all_inner_texts() == [
        "Play Thalara", "Play the Vale of Eternity"]
    assert tab.evaluate(OUTSIDE_ITS_PANEL) == []
    assert tab.evaluate("() => document.documentElement.scrollWidth") <= SIZES[size]["width"]
    assert serious(tab) == [], "the lobby with play now"
    shot(tab, f"lobby-play-now-{size}")


def test_play_now_starts_thalara_against_the_level_chosen_and_remembers_it(
        tab: Page, server: Any, size: str) -> None:
    tab.goto(server.base + "/")
    tab.select_option("#play-now-level", "ismcts:easy")
    tab.click("[data-play-now=thalara]")
    info = _started(tab, server.base)
    assert table(tab)["seat"] == 0
    assert info["game"] == "thalara" and info["players"] == 2
    assert [(s["kind"], s["agent"]) for s in info["seats"]] == [
        ("human", None), ("computer", "ismcts:easy")]
    assert info["clock"] is None and not info["rated"]
    assert info["about"]["setup"]["options"] == {}
    # the level chosen is offered again next time
    tab.goto(server.base + "/")
    assert tab.locator("#play-now-level").input_value() == "ismcts:easy"


def test_play_now_starts_the_vale_with_the_tables_artifacts(
        tab: Page, server: Any, size: str) -> None:
    tab.goto(server.base + "/")
    tab.click("[data-play-now=vale]")
    info = _started(tab, server.base)
    assert table(tab)["seat"] == 0
    assert info["game"] == "vale"
    assert [(s["kind"], s["agent"]) for s in info["seats"]] == [
        ("human", None), ("computer", "greedy")]
    # the same options the lobby's form preselects
    assert info["about"]["setup"]["options"] == {"expansion": "artifacts"}


def test_play_now_says_why_when_the_server_refuses(tab: Page, server: Any) -> None:
    def refuse(route: Route) -> None:
        if route.request.method != "POST":
            route.continue_()
            return
        route.fulfill(status=429, content_type="application/json", body=json.dumps(
            {"detail": "too many games from this address: 10 at most"}))
    tab.route("**/api/games*", refuse)
    tab.goto(server.base + "/")
    button = tab.locator("[data-play-now=thalara]")
    button.click()
    alert = tab.locator("#play-now-error")
    alert.wait_for()
    assert alert.inner_text() == (
        "The game could not be started: too many games from this address: 10 at most")
    # nothing changed: still the lobby, the button usable again
    assert tab.url.rstrip("/") == server.base
    assert button.is_enabled()


def test_a_guest_goes_back_to_the_seat_from_the_lobby(tab: Page, server: Any) -> None:
    """No account: the lobby's row of a game whose seat this browser holds offers
    Resume (the seat), not only Watch."""
    tab.goto(server.base + "/")
    tab.click("[data-play-now=thalara]")
    info = _started(tab, server.base)
    tab.goto(server.base + "/")
    row = tab.locator(f"#playing-games li[data-game='{info['id']}']")
    row.wait_for()
    assert row.locator("a.button").all_inner_texts() == ["Resume", "Watch"]
    row.locator(f"[data-resume='{info['id']}']").click()
    tab.wait_for_function(READY)
    assert table(tab)["seat"] == 0
    # a game this browser holds no seat of is only watched
    other = httpx.post(server.base + "/api/games", json={
        "game": "vale", "seats": [{"kind": "human", "name": "Cy"},
                                  {"kind": "computer", "agent": "greedy"}]}).json()
    abandon_later(server.base, other["seats"][0]["link"])
    tab.goto(server.base + "/")
    row = tab.locator(f"#playing-games li[data-game='{other['id']}']")
    row.wait_for()
    assert row.locator("a.button").all_inner_texts() == ["Watch"]
