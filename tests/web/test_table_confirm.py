"""Confirming what cannot be taken back (issue 25): an answer that wastes something asks
once, in the status bar, before it is sent; "No" changes nothing; a remembered setting
turns the question off."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser, Page

from .conftest import checked_page, create_game, shot, table
from .test_play import READY


def thalara_game(server: Any, seed: int) -> dict[str, Any]:
    return create_game(server.base, {
        "game": "thalara", "seed": seed, "computer_delay_ms": 0,
        "seats": [{"kind": "human", "name": "Ada"}, {"kind": "computer", "agent": "greedy"}]})


def choose_the_hand(page: Page) -> int:
    """Take supply cards (each an answer of its own) until placing begins; the action
    count then."""
    while True:
        page.wait_for_function(READY)
        if "pass" in table(page)["legal"]:
            return int(table(page)["n"])
        page.locator("[data-action^='take ']:visible").first.click()


def test_passing_while_a_card_could_be_placed_asks_first(browser: Browser, server: Any) -> None:
    made = thalara_game(server, 21)
    with checked_page(browser, viewport={"width": 1400, "height": 900},
                      reduced_motion="reduce") as page:
        page.goto(server.base + made["seats"][0]["link"])
        n = choose_the_hand(page)
        page.locator("#answers [data-action='pass']").click()
        prompt = page.inner_text("[data-prompt]")
        assert "Are you sure?" in prompt and "could still be placed" in prompt, prompt
        assert page.get_attribute("#confirm-yes", "data-action") == "pass"
        shot(page, "confirm-pass")
        page.click("#confirm-no")
        assert "Are you sure?" not in page.inner_text("[data-prompt]")
        assert table(page)["n"] == n, "declining sent nothing"
        # the question turned off, and remembered
        page.click("#settings summary")
        page.uncheck("#confirm-waste")
        assert page.evaluate("() => localStorage.getItem('cardtable:confirm')") == "off"
        page.locator("#answers [data-action='pass']").click()
        page.wait_for_function(f"() => window.cardtable.settled && window.cardtable.snap.n > {n}")
        page.reload()
        page.wait_for_function(READY)
        assert not page.is_checked("#confirm-waste")


def test_yes_sends_the_answer(browser: Browser, server: Any) -> None:
    made = thalara_game(server, 22)
    with checked_page(browser, viewport={"width": 390, "height": 844}, has_touch=True,
                      reduced_motion="reduce") as page:
        page.goto(server.base + made["seats"][0]["link"])
        n = choose_the_hand(page)
        page.locator("#answers [data-action='pass']").click()
        page.click("#confirm-yes")
        page.wait_for_function(f"() => window.cardtable.settled && window.cardtable.snap.n > {n}")
        events = page.evaluate(f"() => window.cardtable.log.find((e) => e.n === {n + 1})"
                               ".events.map((e) => e.text)")
        assert any("passes" in e for e in events), events
