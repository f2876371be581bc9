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
from .test_play import SHOWN

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
    tab.wait_for_function(SHOWN)
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
    # the players' panels are drawn a few frames after the notes (a draw's later step)
    chip = "out of time" if policy == "computer" else "lost on time"
    tab.wait_for_function(f"() => {MINE}.innerText.trim() === {json.dumps(chip)}", timeout=5000)
    assert mine.inner_text() == chip
    tab.wait_for_function("() => document.querySelector('#log').textContent"
                          ".includes('The computer, for Ada (you) (out of time): ')",
                          timeout=15000)
    if size == "phone":
        tab.click("#tab-log")
    marked = tab.locator("#log li", has=tab.locator("span.by-computer"))
    assert marked.count() >= 1
    assert marked.first.inner_text().startswith("The computer, for Ada (you) (out of time):")
    assert marked.first.locator("span.log-line").count() >= 1
    assert "null" not in tab.inner_text("#clock-notes")
    assert serious(tab) == [], "clocks and a seat out of time"
    shot(tab, f"clocks-out-{size}")
    # Ada takes her seat back (on a phone, the clocks are with the players): the computer
    # stops playing for her
    if size == "phone":
        tab.click("#tab-players")
    tab.click("#take-seat-back")
    tab.wait_for_function("() => !window.cardtable.clock.absent[0]")
    # the notes are drawn in the draw's first step, a frame after the message
    tab.wait_for_function("() => window.cardtable.settled")
    assert said not in tab.inner_text("#clock-notes")
    assert table(tab)["seat"] == 0


CLOCK_WORDS = """async () => {
  const c = await import('/static/clocks.js');
  const turn = {control: '24h', on_timeout: 'forfeit', started: true, running: 1,
    remaining_ms: [86400000, 3599000, null], absent: [false, false, false],
    forfeited: [false, false, false]};
  return {
    words: [c.describeControl('3m+2s', 'computer'), c.describeControl('72h', 'forfeit'),
            c.describeControl('30m+10s')],
    times: [c.formatMs(247000), c.formatMs(3725000), c.formatMs(2 * 86400000 + 3 * 3600000)],
    waiting: c.seatClock(turn, 0, 0, 0),
    running: c.seatClock(turn, 0, 1, 0),
    computer: c.seatClock(turn, 0, 2, 0),
  };
}"""


def test_time_controls_in_words_and_turn_based_clocks(page: Page, server: Any) -> None:
    """What the page's clock module says of the presets the form offers, and of a
    turn-based clock (a deadline per decision: only the seat deciding shows one)."""
    page.goto(server.base + "/")
    got = page.evaluate(CLOCK_WORDS)
    assert got["words"] == ["real time, 3 min + 2 s a move; out of time, the computer plays on",
                            "turn-based, 3 days a move; out of time loses",
                            "real time, 30 min + 10 s a move"]
    assert got["times"] == ["4:07", "1:02:05", "2 d 3 h"]
    assert got["waiting"] is None and got["computer"] is None
    assert got["running"]["text"] == "⚠ 59:59" and got["running"]["running"]
    assert "low on time" in got["running"]["label"]
