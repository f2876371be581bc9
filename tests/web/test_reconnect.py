"""The browser reconnects by itself when the server is killed and started again."""

from __future__ import annotations

import random
from pathlib import Path

import httpx
from playwright.sync_api import Browser

from ..server.helpers import ServerProcess
from .conftest import table
from .test_play import READY, play_one


def test_the_page_reconnects_after_kill_9(browser: Browser, tmp_path: Path) -> None:
    server = ServerProcess(f"sqlite:///{tmp_path / 'games.db'}").start()
    context = browser.new_context()
    try:
        made = httpx.post(server.base + "/api/games", json={
            "game": "vale", "seed": 3,
            "seats": [{"kind": "human"}, {"kind": "computer", "agent": "random"}]}).json()
        page = context.new_page()
        page.goto(server.base + made["seats"][0]["link"])
        rng = random.Random(4)
        for _ in range(6):
            page.wait_for_function(READY)
            play_one(page, rng)
        page.wait_for_function(READY)
        n = table(page)["n"]
        server.kill9()
        page.wait_for_function("() => document.querySelector('#status').textContent"
                               ".includes('reconnecting')")
        server.start()
        page.wait_for_function("() => document.querySelector('#status').textContent"
                               " === 'seat 1'", timeout=20000)
        page.wait_for_function(READY)
        assert table(page)["n"] >= n
        before = table(page)["n"]
        while table(page)["n"] == before:
            play_one(page, rng)
            page.wait_for_function(READY)
        assert table(page)["n"] > before
    finally:
        context.close()
        server.stop()
