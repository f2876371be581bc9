"""Seat links that are not valid, abandoning a game, and what the page does with each
close code of docs/web.md: 4404 and 4410 stop for good, 4429 waits longer, 4503 (and
1009, 1007) reconnect at once."""

from __future__ import annotations

import re
import time
from typing import Any

import httpx
from playwright.sync_api import Browser, Page, WebSocket, WebSocketRoute

from .conftest import SIZES, checked_page, create_game, serious, shot, table
from .test_play import READY, SHOWN

INERT = ("() => ['#board', '#my-area', '#side', '#answers']"
         ".every((s) => document.querySelector(s).inert)")


def two_people(server: Any, game: str = "thalara") -> dict[str, Any]:
    return create_game(server.base, {"game": game, "seed": 21, "seats": [
        {"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bea"}]})


def test_a_seat_link_that_is_not_valid_says_so(tab: Page, server: Any, size: str) -> None:
    made = two_people(server)
    tab.goto(f"{server.base}/g/{made['id']}#seat=1&token=not-the-token")
    notice = tab.locator("#notice")
    notice.wait_for()
    text = notice.inner_text()
    assert "This seat link is not valid" in text and "seat 2" in text
    # never quietly a spectator: no table comes, the page still means seat 2
    tab.wait_for_timeout(600)
    assert tab.evaluate("() => window.cardtable.snap") is None
    assert tab.evaluate("() => window.cardtable.seat") == 1
    assert tab.inner_text("#status") == "seat link not valid"
    assert serious(tab) == [], "the notice of a seat link that is not valid"
    shot(tab, f"bad-link-{size}")
    # watching is the player's choice
    tab.click("#watch-instead")
    tab.wait_for_function("() => window.cardtable.settled && window.cardtable.snap")
    assert table(tab)["seat"] is None and tab.inner_text("#status") == "watching"
    assert "watch=1" in tab.url and not tab.is_visible("#notice")
    assert tab.evaluate(f"() => localStorage.getItem('cardtable:seat:{made['id']}')") is None
    # a spectator cannot abandon the game
    assert tab.locator("#abandon").is_hidden()


def test_a_seat_abandons_the_game_and_everybody_is_told(browser: Browser, server: Any,
                                                       size: str) -> None:
    made = two_people(server, "vale")
    args = {"viewport": SIZES[size], "has_touch": size == "phone"}
    with checked_page(browser, **args) as ada, checked_page(browser, **args) as bea:
        sockets: list[WebSocket] = []
        bea.on("websocket", lambda ws: sockets.append(ws))
        ada.goto(server.base + made["seats"][0]["link"])
        bea.goto(server.base + made["seats"][1]["link"])
        for pg in (ada, bea):
            pg.wait_for_function(SHOWN)
        if size == "phone":
            ada.click("#tab-players")  # on a phone the settings are with the players
        ada.locator("details#settings summary").click()
        ada.click("#abandon")
        ada.locator("#abandon-dialog").wait_for()
        assert "cannot be undone" in ada.inner_text("#abandon-dialog")
        assert serious(ada) == [], "the abandon dialog"
        shot(ada, f"abandon-dialog-{size}")
        ada.click("#abandon-confirm")
        for pg in (ada, bea):
            pg.wait_for_function("() => !document.querySelector('#notice').hidden")
            assert "This game was abandoned" in pg.inner_text("#notice")
            # nothing of the table can be used any more
            assert pg.evaluate(INERT)
        # Bea heard it from the server (error `abandoned`, close 4410) and does not come back
        bea.wait_for_timeout(1500)
        assert len(sockets) == 1
        assert bea.is_hidden("#offline") and bea.inner_text("#status") == "abandoned"
        assert httpx.get(f"{server.base}/api/games/{made['id']}").status_code == 404
        assert serious(bea) == [], "the abandoned game"
        shot(bea, f"abandoned-{size}")


ONLINE = "() => document.querySelector('#offline').hidden"


def wait_for_count(page: Page, routes: list[Any], count: int, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if len(routes) >= count:
            return True
        page.wait_for_timeout(50)
    return len(routes) >= count


def test_close_codes_decide_whether_and_when_to_reconnect(page: Page, server: Any) -> None:
    made = create_game(server.base, {"game": "vale", "seed": 5, "seats": [
        {"kind": "human", "name": "Ada"}, {"kind": "computer", "agent": "random"}]})
    routes: list[tuple[WebSocketRoute, WebSocketRoute]] = []

    def through(ws: WebSocketRoute) -> None:
        routes.append((ws, ws.connect_to_server()))

    def close_with(code: int) -> None:
        ws, upstream = routes[-1]
        ws.close(code=code, reason="test")
        upstream.close()

    page.route_web_socket(re.compile(r"/ws/"), through)
    page.goto(server.base + made["seats"][0]["link"])
    page.wait_for_function(READY)
    n = table(page)["n"]
    # 4503: the server dropped what it had queued: back at once, the welcome resynchronises
    close_with(4503)
    started = time.monotonic()
    assert wait_for_count(page, routes, 2, 3)
    assert time.monotonic() - started < 1.5
    page.wait_for_function(ONLINE)
    page.wait_for_function(READY)
    assert table(page)["n"] == n
    # 4429: too many messages: a longer pause, said in the banner
    close_with(4429)
    page.wait_for_function("() => !document.querySelector('#offline').hidden")
    banner = page.inner_text("#offline")
    assert page.is_visible("#offline")      # its row of notices takes room again
    assert "asked this page to wait" in banner
    assert int(re.search(r"in (\d+) s", banner).group(1)) >= 10   # type: ignore[union-attr]
    assert not wait_for_count(page, routes, 3, 1.5)
    page.click("#retry-now")
    assert wait_for_count(page, routes, 3, 3)
    page.wait_for_function(ONLINE)
    page.wait_for_function(READY)
    # nothing to say: the notices' row takes no room at all
    assert page.locator(".notices").bounding_box() is None
    # 4404: no such game: said plainly, and never tried again
    close_with(4404)
    page.wait_for_function("() => !document.querySelector('#notice').hidden")
    assert "There is no such game" in page.inner_text("#notice")
    assert not wait_for_count(page, routes, 4, 1.5)
    assert page.is_hidden("#offline")
