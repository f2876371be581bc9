"""The browser reconnects by itself when the server is killed and started again; while
it is away the table is greyed and cannot be used, with a banner and a countdown
(issue 16, item 6), at a desktop and a phone size."""

from __future__ import annotations

import random
from pathlib import Path

import httpx
from playwright.sync_api import Browser, Page

from ..server.helpers import ServerProcess
from .conftest import shot, table
from .test_links import INERT
from .test_play import READY, play_one


def check_offline(page: Page) -> None:
    page.wait_for_function("() => document.querySelector('#status').textContent"
                           ".includes('reconnecting')")
    banner = page.locator("#offline")
    assert banner.is_visible()
    assert "Connection lost" in banner.inner_text()
    page.wait_for_function("() => /Trying again/.test(document.querySelector('#offline')"
                           ".textContent)")
    assert page.evaluate("() => document.querySelector('.game').classList.contains('offline')")
    # greyed and unclickable: the table is inert, a click on a card changes nothing
    assert page.evaluate(INERT)
    n = table(page)["n"]
    for where in ("#board .legal", "#my-area .legal", "#answers [data-action]"):
        legal = page.locator(where).first
        if legal.count():
            legal.click(force=True, timeout=2000)
    assert table(page)["n"] == n and not table(page)["waiting"]


def test_the_page_reconnects_after_kill_9(browser: Browser, tmp_path: Path) -> None:
    server = ServerProcess(f"sqlite:///{tmp_path / 'games.db'}").start()
    desktop = browser.new_context(viewport={"width": 1400, "height": 900})
    phone = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    try:
        made = httpx.post(server.base + "/api/games", json={
            "game": "vale", "seed": 3,
            "seats": [{"kind": "human"}, {"kind": "computer", "agent": "random"}]}).json()
        page = desktop.new_page()
        page.goto(server.base + made["seats"][0]["link"])
        watcher = phone.new_page()
        watcher.goto(server.base + made["seats"][0]["link"])  # the same seat on a phone
        rng = random.Random(4)
        for _ in range(6):
            page.wait_for_function(READY)
            play_one(page, rng)
        page.wait_for_function(READY)
        n = table(page)["n"]
        server.kill9()
        check_offline(page)
        check_offline(watcher)
        shot(page, "offline")
        shot(watcher, "offline-phone")
        server.start()
        for pg in (page, watcher):
            pg.wait_for_function("() => document.querySelector('#status').textContent"
                                 " === 'seat 1'", timeout=20000)
            pg.wait_for_function(READY)
            assert not pg.is_visible("#offline")
            assert not pg.evaluate("() => ['#board', '#my-area', '#side', '#answers']"
                                   ".some((s) => document.querySelector(s).inert)")
        assert table(page)["n"] >= n
        before = table(page)["n"]
        while table(page)["n"] == before:
            play_one(page, rng)
            page.wait_for_function(READY)
        assert table(page)["n"] > before
    finally:
        desktop.close()
        phone.close()
        server.stop()
