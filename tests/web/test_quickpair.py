"""Quick pairing in the lobby (issue 27, part 5): two guests seek the same game and
each page goes to its own seat of one new game; a seeker waits with a cancel button,
and the lobby lists the open seek meanwhile."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser

from .conftest import SIZES, checked_page, shot


def test_two_guests_seeking_the_same_game_land_on_their_seats(browser: Browser,
                                                                server: Any) -> None:
    with checked_page(browser, viewport=SIZES["desktop"]) as ada, \
            checked_page(browser, viewport=SIZES["phone"]) as bea:
        for page in (ada, bea):
            page.goto(server.base + "/")
            page.wait_for_selector("#quick-seek")
            page.select_option("#quick-game", "thalara")
            page.select_option("#quick-players", "2")
            page.select_option("#quick-clock", "30m+10s")
        ada.click("#quick-seek")
        ada.wait_for_selector("#quick-cancel")
        assert "Looking for an opponent" in ada.inner_text("#quick-status")
        # the other lobby lists the seek
        bea.wait_for_selector("#open-seeks li", timeout=10_000)
        shot(ada, "quickpair-waiting")
        bea.click("#quick-seek")
        for page in (ada, bea):
            page.wait_for_url("**/g/*", timeout=15_000)
            page.wait_for_function("() => window.cardtable && window.cardtable.snap")
        assert ada.url == bea.url
        seats = {page.evaluate("() => window.cardtable.seat") for page in (ada, bea)}
        assert seats == {0, 1}
        shot(bea, "quickpair-seated")


def test_a_seek_is_cancelled_from_the_lobby(browser: Browser, server: Any) -> None:
    with checked_page(browser, viewport=SIZES["desktop"]) as page:
        page.goto(server.base + "/")
        page.wait_for_selector("#quick-seek")
        page.select_option("#quick-game", "vale")
        page.select_option("#quick-players", "4")
        page.click("#quick-seek")
        page.wait_for_selector("#quick-cancel")
        page.click("#quick-cancel")
        page.wait_for_function(
            "() => document.querySelector('#quick-status').textContent.includes('cancelled')")
        assert page.is_visible("#quick-seek")
        # the tab forgot it: a reload shows the controls, not a wait
        page.reload()
        page.wait_for_selector("#quick-seek")
        assert page.locator("#quick-cancel").count() == 0
