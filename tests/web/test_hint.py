"""The hint against the computer: on your turn, in a game where every other seat is a
computer, the search's top actions in words with their share and expected result, the
first one marked on the table; an answer that comes after the game moved on is ignored.
(No hint between people: test_clocks.py checks the button is not there.)"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page

from cardtable import load_game

from .conftest import create_game, serious, shot, table
from .test_play import READY
from .test_table import codes_in

VALE = load_game("vale").catalogue({})


def test_a_hint_in_words_marked_on_the_table(tab: Page, server: Any, size: str) -> None:
    made = create_game(server.base, {"game": "vale", "seed": 5, "seats": [
        {"kind": "human", "name": "Ada"}, {"kind": "computer", "agent": "greedy"}]})
    tab.goto(server.base + made["seats"][0]["link"])
    tab.wait_for_function(READY)
    tab.wait_for_function("() => !!window.cardtable.about")
    legal = table(tab)["legal"]
    tab.click("#hint-btn")
    items = tab.locator("#hint-list li")
    items.first.wait_for(timeout=30000)
    assert 1 <= items.count() <= 3
    plays = tab.locator("#hint-list button.hint-play")
    assert plays.count() == items.count()
    suggested = [plays.nth(i).get_attribute("data-hint-action") for i in range(items.count())]
    assert all(a in legal for a in suggested)
    for i in range(items.count()):
        text = items.nth(i).inner_text()
        assert "% of the search" in text and "expected result" in text
        assert codes_in(text, VALE) == [], text
        assert (suggested[i] or "") not in text, "the suggestion in words, not notation"
    # the first suggestion (a hunt) is marked on the table, in words as well as colour
    hunted = (suggested[0] or "").split()[1]
    assert suggested[0].startswith("hunt ")
    marked = tab.locator("#board .hinted")
    assert marked.count() == 1
    assert f"display:{hunted}" in (marked.get_attribute("data-keys") or "").split()
    # a screen reader hears it too: the mark is in the card's name, not only drawn
    assert "hint" in (marked.get_attribute("aria-label") or "").lower(), \
        marked.get_attribute("aria-label")
    assert serious(tab) == [], "the hint"
    shot(tab, f"hint-{size}")
    # "Play it" plays the suggestion
    n = table(tab)["n"]
    tab.locator("#hint-list button.hint-play").first.click()
    tab.wait_for_function(f"() => window.cardtable.settled && window.cardtable.snap.n > {n}")
    tab.wait_for_function(READY)
    assert tab.locator("#hint-list").count() == 0, "a hint is for the decision it was asked at"
    if size == "desktop":
        # an answer that arrives once the game has moved on (the same seat played in
        # another tab while the search ran) is ignored
        other = tab.context.new_page()
        other.goto(f"{server.base}/g/{made['id']}")
        other.wait_for_function(READY)
        tab.wait_for_function(READY)
        n = table(tab)["n"]
        tab.click("#hint-btn")
        other.evaluate("() => { const t = window.cardtable; t.send_action(t.snap.legal[0]); }")
        tab.wait_for_function("() => window.cardtable.hint.stale > 0", timeout=30000)
        assert table(tab)["n"] > n
        assert tab.locator("#hint-list").count() == 0 and tab.locator("#board .hinted").count() == 0
        other.close()
