"""Whole games in the browser: against the computer (both games) and between two
browser contexts, with a spectator, a reload, a replay and screenshots."""

from __future__ import annotations

import random
from typing import Any

from playwright.sync_api import Browser, Page

from .conftest import create_game, shot, table

READY = ("() => { const t = window.cardtable; return !!(t && t.snap && !t.waiting && "
         "(t.snap.over || t.snap.legal.length > 0)); }")


UNREACHABLE = """() => {
  const t = window.cardtable;
  if (t.selection.length) return [];
  const keys = new Set();
  for (const el of document.querySelectorAll("#board [data-keys]"))
    for (const k of el.getAttribute("data-keys").split(" ")) keys.add(k);
  return t.snap.legal.filter((a) => {
    const path = t.mod.pathFor(a, t.ctx);
    return path.length > 0 && !keys.has(path[0]);
  });
}"""


def play_one(page: Page, rng: random.Random) -> None:
    """One click a person could make: a highlighted card or place, a choice, or one of
    the action buttons."""
    choices = page.locator("#choices button.choice")
    legal = page.locator("#board .legal")
    if choices.count() and rng.random() < 0.6:
        choices.nth(rng.randrange(choices.count())).click()
        return
    if legal.count() and rng.random() < 0.75:
        legal.nth(rng.randrange(legal.count())).click()
        return
    main = page.locator("#actions .btns.main button.act")
    if main.count() and rng.random() < 0.5:
        main.nth(rng.randrange(main.count())).click()
        return
    details = page.locator("#actions details.all")
    if details.get_attribute("open") is None:
        details.locator("summary").click()
    buttons = details.locator("button.act")
    buttons.nth(rng.randrange(buttons.count())).click()


def play_to_the_end(page: Page, rng: random.Random, shot_name: str | None = None,
                    limit: int = 1500) -> int:
    clicks = 0
    while clicks < limit:
        page.wait_for_function(READY, timeout=30000)
        state = table(page)
        if state["over"]:
            return clicks
        # every legal action that starts with a click has something to click on
        assert page.evaluate(UNREACHABLE) == []
        if shot_name and state["n"] >= 30:
            shot(page, shot_name)
            page.set_viewport_size({"width": 390, "height": 844})
            shot(page, shot_name + "-phone")
            # readable on a phone: nothing wider than the screen
            assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
            page.set_viewport_size({"width": 1280, "height": 900})
            shot_name = None
        play_one(page, rng)
        clicks += 1
    raise AssertionError("the game did not end")


def test_vale_against_the_computer_from_the_lobby(page: Page, server: Any) -> None:
    page.goto(server.base + "/")
    page.select_option("#game", "vale")
    page.select_option("#opt-expansion", "none")     # the base game, one click away
    page.locator("form.create summary").click()
    page.fill("input[name=delay]", "0")
    page.fill("input[name=seed]", "8")
    page.fill("input[name=name-0]", "Ada")
    page.click("#create")
    page.click("#play-link")
    page.wait_for_function(READY)
    assert "token" not in page.url, "the seat token does not stay in the address bar"
    assert table(page)["seat"] == 0
    # a click on a highlighted display card is a hunt
    page.locator("#board .legal[data-keys*='display:']").first.click()
    play_to_the_end(page, random.Random(1), shot_name="vale")
    shot(page, "vale-over")
    assert "Game over" in page.inner_text("#turn")
    assert not page.is_visible("#undo")
    page.click("#replay-link")
    page.wait_for_selector("#replay-step")
    page.click("#replay-next")
    page.wait_for_function("() => document.querySelector('#replay-step').textContent"
                           ".startsWith('action 1 ')")
    shot(page, "vale-replay")


def test_vale_artifacts_are_drawn_and_clickable(page: Page, server: Any) -> None:
    made = create_game(server.base, {
        "game": "vale", "seed": 3, "options": {"expansion": "artifacts"},
        "seats": [{"kind": "human", "name": "Ada"},
                  {"kind": "computer", "agent": "greedy"}]})
    page.goto(server.base + made["seats"][0]["link"])
    page.wait_for_function(READY)
    # the game opens with the Artifact pick: the tiles are on the board, and a
    # click on one picks it
    assert all(a.startswith("artifact ") for a in table(page)["legal"])
    tiles = page.locator("#board .legal[data-keys^='tile:']")
    assert tiles.count() == len(table(page)["legal"])
    picked = tiles.first.get_attribute("data-tile")
    tiles.first.click()
    page.wait_for_function(READY)
    assert page.locator(f"#board .seat.mine [data-tile='{picked}']").count() == 1
    assert page.locator("#board .seat.mine .label", has_text="Shelter").count() == 1
    shot(page, "vale-artifacts")
    play_to_the_end(page, random.Random(4))
    assert "Game over" in page.inner_text("#turn")


def test_thalara_against_the_computer(page: Page, server: Any) -> None:
    made = create_game(server.base, {
        "game": "thalara", "seed": 5,
        "seats": [{"kind": "human", "name": "Ada"},
                  {"kind": "computer", "agent": "greedy"}]})
    page.goto(server.base + made["seats"][0]["link"])
    page.wait_for_function(READY)
    # choosing the hand: a click on a highlighted supply card takes it
    before = table(page)["n"]
    page.locator("#board .legal[data-keys^='supply:']").first.click()
    page.wait_for_function(f"() => window.cardtable.snap.n > {before}")
    page.wait_for_function(READY)
    assert page.is_visible("#undo"), "undo is offered against the computer"
    page.click("#undo")
    page.wait_for_function(f"() => window.cardtable.snap.n === {before}")
    play_to_the_end(page, random.Random(2), shot_name="thalara")
    shot(page, "thalara-over")


def test_two_people_a_spectator_and_a_reload(browser: Browser, server: Any) -> None:
    made = create_game(server.base, {"game": "thalara", "seed": 12})
    contexts = [browser.new_context(viewport={"width": 1100, "height": 850}) for _ in range(3)]
    try:
        pages = [c.new_page() for c in contexts]
        for seat, pg in enumerate(pages[:2]):
            pg.goto(server.base + made["seats"][seat]["link"])
        watcher = pages[2]
        watcher.goto(server.base + made["watch"])
        for pg in pages:
            pg.wait_for_function("() => window.cardtable && window.cardtable.snap")
            assert not pg.is_visible("#undo"), "no undo between people"
        rng = random.Random(3)
        reloaded = False
        for _ in range(2000):
            states = [table(pg) for pg in pages[:2]]
            if states[0] and states[0]["over"]:
                break
            movers = [i for i, s in enumerate(states)
                      if s and s["legal"] and not s["waiting"]]
            if not movers:
                pages[0].wait_for_timeout(20)
                continue
            mover = pages[movers[0]]
            play_one(mover, rng)
            if not reloaded and states[0]["n"] >= 20:
                reloaded = True
                n = states[0]["n"]
                # nothing of a hidden hand reaches the other seat or the spectator
                assert pages[0].locator(".seat:not(.mine) [data-keys^='hand:']").count() == 0
                assert watcher.locator("[data-keys^='hand:']").count() == 0
                shot(pages[0], "thalara-two-people")
                pages[1].reload()
                pages[1].wait_for_function(
                    f"() => window.cardtable && window.cardtable.snap && "
                    f"window.cardtable.snap.n >= {n}")
                assert table(pages[1])["seat"] == 1
                tab = contexts[0].new_page()
                tab.goto(f"{server.base}/g/{made['id']}")
                tab.wait_for_function("() => window.cardtable && window.cardtable.snap")
                assert table(tab)["seat"] == 0
                tab.close()
        pages[0].wait_for_function("() => window.cardtable.snap.over")
        watcher.wait_for_function("() => window.cardtable.snap.over")
        assert reloaded
        assert "Game over" in watcher.inner_text("#turn")
    finally:
        for c in contexts:
            c.close()
