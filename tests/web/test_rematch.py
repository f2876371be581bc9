"""The rematch on the end screen: a seat offers, the others accept or decline; when
every person has accepted, each seat's page goes to the next game with its own new
token (the seats turned by one: the next player moves first), a spectator gets a link
to watch it. "New game with the same settings" stays its own button (test_table.py)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from typing import Any

from playwright.sync_api import Browser, Page

from .conftest import (
    SIZES,
    abandon_later,
    checked_page,
    create_game,
    play_through,
    serious,
    shot,
    table,
)
from .test_play import SHOWN


@contextmanager
def finished_game(browser: Browser, server: Any, size: str, seed: int
                  ) -> Iterator[tuple[dict[str, Any], Page, Page, Page]]:
    """A two-person game played to its end, and the end screens of Ada, Bea and a
    spectator."""
    made = create_game(server.base, {
        "game": "vale", "seed": seed, "options": {"end_score": 1},
        "seats": [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bea"}]})
    play_through(server.base, made, seed=seed)
    args = {"viewport": SIZES[size], "has_touch": size == "phone"}
    with ExitStack() as stack:
        ada, bea, watcher = (stack.enter_context(checked_page(browser, **args)) for _ in range(3))
        ada.goto(server.base + made["seats"][0]["link"])
        bea.goto(server.base + made["seats"][1]["link"])
        watcher.goto(server.base + made["watch"])
        for pg in (ada, bea, watcher):
            pg.locator("#end").wait_for()
        yield made, ada, bea, watcher


def has(page: Page, selector: str, pattern: str) -> None:
    page.wait_for_function(f"() => {{ const el = document.querySelector('{selector}'); "
                           f"return el && /{pattern}/.test(el.textContent); }}")


def test_a_rematch_declined(browser: Browser, server: Any, size: str) -> None:
    with finished_game(browser, server, size, 3) as (_made, ada, bea, watcher):
        # an answer to no offer is refused, in words
        bea.evaluate("() => window.cardtable.send({type: 'rematch', answer: 'accept'})")
        has(bea, "#rematch-error", "nobody has offered a rematch")
        assert watcher.locator("#rematch-offer").count() == 0, "a spectator offers nothing"
        ada.click("#rematch-offer")
        bea.locator("#rematch-accept").wait_for()
        assert bea.inner_text("#rematch-state") == "Ada offers a rematch; waiting for Bea (you)."
        assert bea.locator("#rematch-decline").is_visible()
        has(ada, "#rematch-state", "waiting for Bea")
        assert ada.locator("#rematch-accept").count() == 0
        has(watcher, "#rematch-box", "Ada offers a rematch")
        assert serious(bea) == [], "the rematch offer"
        shot(bea, f"rematch-offer-{size}")
        bea.click("#rematch-decline")
        has(ada, "#rematch-state", "Bea declined the rematch")
        has(watcher, "#rematch-state", "Bea declined the rematch")
        # Bea's page hears the answer on its own connection, maybe after the others
        bea.locator("#rematch-accept").wait_for(state="detached", timeout=5000)
        assert ada.locator("#same-settings").is_visible()


def test_a_rematch_accepted_goes_to_the_next_game(browser: Browser, server: Any,
                                                  size: str) -> None:
    with finished_game(browser, server, size, 4) as (made, ada, bea, watcher):
        ada.click("#rematch-offer")
        bea.locator("#rematch-accept").wait_for()
        bea.click("#rematch-accept")
        for pg in (ada, bea):
            pg.wait_for_url(re.compile(r"/g/(?!" + made["id"] + r")\w+$"))
            pg.wait_for_function(SHOWN)
        next_id = ada.evaluate("() => window.cardtable.id")
        assert bea.evaluate("() => window.cardtable.id") == next_id
        token = bea.evaluate("() => window.cardtable.token")
        abandon_later(server.base, f"/g/{next_id}#token={token}")
        # the seats turned by one: Bea is seat 1 (and moves first), Ada seat 2
        assert table(bea)["seat"] == 0 and table(ada)["seat"] == 1
        assert not table(bea)["over"] and table(bea)["legal"]
        assert "Bea (you)" in bea.inner_text("#presence")
        assert "Ada (you)" in ada.inner_text("#presence")
        assert "token" not in ada.url and "token" not in bea.url
        watcher.locator("#rematch-watch").wait_for()
        assert watcher.get_attribute("#rematch-watch", "href") == f"/g/{next_id}?watch=1"
        shot(watcher, f"rematch-made-{size}")
        # the old game's page, opened again, offers the way to the rematch
        ada.goto(f"{server.base}/g/{made['id']}")
        ada.locator("#rematch-go").wait_for()
        ada.click("#rematch-go")
        ada.wait_for_url(f"**/g/{next_id}")
        ada.wait_for_function(SHOWN)
        assert table(ada)["seat"] == 1
