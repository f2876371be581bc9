"""The puzzles page in the browser, at both sizes: the puzzle of the day drawn with the
game's table, its best action (looked up here in the shipped file) clicked as at the
table and found correct, with the explanation; another set chosen, the next puzzle
answered wrong; the streak kept in the browser."""

from __future__ import annotations

import httpx
from playwright.sync_api import Page

from cardtable.puzzles import Puzzle, shipped

from ..server.helpers import ServerProcess
from .conftest import SIZES, shot

VERDICT = "#puzzle-verdict"


def _puzzle(name: str, puzzle_id: str) -> Puzzle:
    return next(p for p in shipped(name) if p.id == puzzle_id)


def _ready(page: Page, puzzle_id: str) -> None:
    page.wait_for_function("(id) => window.cardtable && window.cardtable.settled && "
                           "window.cardtable.id.endsWith('/' + id)", arg=puzzle_id)


def click_answer(page: Page, action: str) -> None:
    """Click `action` as a player would: its element on the table or in the status bar,
    or (an action of several clicks) each step that leads to it."""
    for _ in range(4):
        done = page.locator(f'[data-action="{action}"]:visible')
        if done.count():
            done.first.click()
            return
        key = page.evaluate("(a) => { const t = window.cardtable;"
                            " return t.mod.pathFor(a, t.ctx)[t.selection.length]; }", action)
        assert key, f"no way to click {action}"
        page.locator(f'[data-step="{key}"]:visible, #answers [data-keys="{key}"]:visible') \
            .first.click()
        page.wait_for_function("() => window.cardtable.selection.length > 0")
    raise AssertionError(f"{action} was not reached in four clicks")


def in_window(page: Page, selector: str, size: str) -> None:
    b = page.locator(selector).bounding_box()
    assert b is not None, selector
    view = SIZES[size]
    assert b["x"] >= 0 and b["y"] >= 0, (selector, b)
    assert b["x"] + b["width"] <= view["width"] + 1, (selector, b)
    assert b["y"] + b["height"] <= view["height"] + 1, (selector, b)


def test_the_puzzle_of_the_day_right_then_another_wrong(
        server: ServerProcess, tab: Page, size: str) -> None:
    page = tab
    sets = {s["name"]: s for s in httpx.get(server.base + "/api/puzzles").json()["sets"]}
    page.goto(server.base + "/")
    page.locator("#puzzles-link").click()
    page.wait_for_url("**/puzzles*")
    daily = sets["thalara"]["daily"]
    _ready(page, daily)
    p = _puzzle("thalara", daily)
    assert "Puzzle of the day" in page.locator("#puzzle-title").inner_text()
    assert p.theme in page.locator("#puzzle-theme").inner_text()
    assert p.difficulty in page.locator("#puzzle-difficulty").inner_text()
    assert page.locator(".middle .legal, .mine-dock .legal, #answers button").count() > 0
    shot(page, f"puzzles-{size}-thalara")
    click_answer(page, p.best)
    page.wait_for_selector(f'{VERDICT}[data-correct="true"]')
    assert page.locator(VERDICT).inner_text().startswith("Correct")
    choices = page.locator("#puzzle-choices li")
    assert choices.count() == min(3, len(p.choices))
    assert choices.first.get_attribute("data-choice") == p.best
    assert "expected result" in choices.first.inner_text()
    assert page.locator("#puzzle-replay li").count() > 0
    assert page.locator("#puzzle-streak").inner_text().startswith("Streak: 1")
    in_window(page, "#puzzle-result", size)
    shot(page, f"puzzles-{size}-thalara-correct")

    # the Vale set, its next puzzle after the day's, answered wrong: the streak ends
    page.locator('button[data-set="vale"]').click()
    _ready(page, sets["vale"]["daily"])
    page.locator("#puzzle-next").click()
    ids = sets["vale"]["ids"]
    other = ids[(ids.index(sets["vale"]["daily"]) + 1) % len(ids)]
    _ready(page, other)
    q = _puzzle("vale", other)
    wrong = next(a for a in q.shown()["legal"] if a != q.best)
    shot(page, f"puzzles-{size}-vale")
    click_answer(page, wrong)
    page.wait_for_selector(f'{VERDICT}[data-correct="false"]')
    assert page.locator(VERDICT).inner_text().startswith("Not the best")
    assert page.locator(f'#puzzle-choices li[data-choice="{q.best}"]').count() == 1
    assert page.locator("#puzzle-streak").inner_text().startswith("Streak: 0 (best 1)")
    # the table takes no other answer now, and the best action is marked on it
    assert page.evaluate("() => window.cardtable.snap.legal.length") == 0
    in_window(page, "#puzzle-result", size)
    shot(page, f"puzzles-{size}-vale-wrong")
    # the streak is the browser's: kept over a reload
    page.reload()
    _ready(page, other)
    assert page.locator("#puzzle-streak").inner_text().startswith("Streak: 0 (best 1)")
