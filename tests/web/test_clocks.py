"""Turn clocks on the page: each seat's time on its chip, counting down for the seat
that must decide, the low-time warning (colour and a sign), "not started until every
player has come", and a seat whose time ran out (the computer plays for it, or it lost
on time), with the computer's moves marked in the log. A 6-second clock keeps it quick."""

from __future__ import annotations

import json
import re
from typing import Any

from playwright.sync_api import Page
from websockets.sync.client import connect

from .conftest import create_game, serious, shot, table

CHIP = "#presence [data-seat='{}'] .clock"
MINE = f"document.querySelector(\"{CHIP.format(0)}\")"


def seconds(text: str) -> int:
    m = re.search(r"(\d+):(\d\d)", text)
    assert m, text
    return int(m.group(1)) * 60 + int(m.group(2))


def test_clocks_tick_warn_and_run_out(tab: Page, server: Any, size: str) -> None:
    policy = "computer" if size == "desktop" else "forfeit"
    made = create_game(server.base, {
        "game": "vale", "seed": 3, "options": {"end_score": 1}, "clock": "0.1m",
        "on_timeout": policy,
        "seats": [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bea"}]})
    tab.goto(server.base + made["seats"][0]["link"])
    tab.wait_for_function("() => window.cardtable && window.cardtable.snap")
    notes = tab.locator("#clock-notes")
    assert "have not started: they start when every player has come" in notes.inner_text()
    assert "real time, 6 s each" in notes.inner_text()
    assert tab.inner_text(CHIP.format(0)) == "0:06" and tab.inner_text(CHIP.format(1)) == "0:06"
    # no hint between people
    assert tab.locator("#hint-btn").is_hidden()
    shot(tab, f"clocks-waiting-{size}")
    # Bea comes (and goes): the clocks start, and Ada (to move) sees her own running
    with connect(server.base.replace("http://", "ws://") + f"/ws/{made['id']}") as ws:
        ws.send(json.dumps({"type": "hello", "seat": 1, "token": made["seats"][1]["token"]}))
        assert json.loads(ws.recv(timeout=5))["type"] == "welcome"
    tab.wait_for_function("() => !/not started/.test("
                          "document.querySelector('#clock-notes').textContent)")
    mine = tab.locator(CHIP.format(0))
    tab.wait_for_function(f"() => {MINE}.classList.contains('running')")
    first = seconds(mine.inner_text())
    tab.wait_for_timeout(1300)
    assert seconds(mine.inner_text()) < first, "the running clock counts down"
    assert tab.inner_text(CHIP.format(1)) == "0:06", "the other clock stands"
    # low on time: a colour and a sign
    tab.wait_for_function(f"() => {MINE}.classList.contains('low')")
    assert mine.inner_text().startswith("⚠")
    assert "low on time" in (mine.get_attribute("title") or "")
    shot(tab, f"clocks-low-{size}")
    # out of time: said in words, and the computer's move for Ada is marked in the log
    said = ("The computer plays for Ada (you) (out of time)." if policy == "computer"
            else "Ada (you) lost on time; the computer plays on in that seat.")
    tab.wait_for_function("() => document.querySelector('#clock-notes').textContent"
                          f".includes({json.dumps(said)})", timeout=15000)
    assert mine.inner_text() == ("out of time" if policy == "computer" else "lost on time")
    tab.wait_for_function("() => document.querySelector('#last').textContent"
                          ".includes('the computer, for Ada (you) (out of time)')", timeout=15000)
    if size == "phone":
        tab.click("#tab-log")
    assert "⚙ the computer, for Ada (you) (out of time):" in tab.inner_text("#log")
    assert "null" not in tab.inner_text("#clock-notes")
    assert serious(tab) == [], "clocks and a seat out of time"
    shot(tab, f"clocks-out-{size}")
    # Ada takes her seat back: the computer stops playing for her
    tab.click("#take-seat-back")
    tab.wait_for_function("() => !window.cardtable.clock.absent[0]")
    assert said not in tab.inner_text("#clock-notes")
    assert table(tab)["seat"] == 0
