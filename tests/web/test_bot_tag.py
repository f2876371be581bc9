"""A seat played by a program is marked in the players panel (issue 27, part 7): a bot's
hello says `client: bot`, and the other players see a "bot" tag on its seat while it
is connected."""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Page
from websockets.sync.client import connect

from .conftest import create_game, shot


def test_the_players_panel_tags_a_seat_a_bot_plays(page: Page, server: Any) -> None:
    made = create_game(server.base, {"game": "vale", "players": 2,
                                     "seats": [{"kind": "human", "name": "Robo"},
                                               {"kind": "human", "name": "Ada"}]})
    page.goto(server.base + made["seats"][1]["link"])
    page.wait_for_selector('.player-panel[data-seat="1"]')
    assert page.locator(".bot-tag").count() == 0
    url = server.base.replace("http://", "ws://") + f"/ws/{made['id']}"
    with connect(url) as bot:
        bot.send(json.dumps({"type": "hello", "seat": 0, "token": made["seats"][0]["token"],
                             "client": "bot"}))
        tag = page.locator('.player-panel[data-seat="0"] .bot-tag')
        tag.wait_for()
        assert tag.inner_text() == "bot"
        assert page.locator('.player-panel[data-seat="1"] .bot-tag').count() == 0
        label = page.locator('.player-panel[data-seat="0"]').get_attribute("aria-label")
        assert label is not None and "a bot" in label
        shot(page, "bot-tag")
    page.wait_for_selector(".bot-tag", state="detached")
