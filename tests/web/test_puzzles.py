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


def settled(page: Page) -> None:
    """The answered position's draw is through (its steps take a frame each)."""
    page.wait_for_function("() => window.cardtable && window.cardtable.settled")


def in_window(page: Page, selector: str, size: str) -> None:
    b = page.locator(selector).bounding_box()
    assert b is not None, selector
    view = SIZES[size]
    assert b["x"] >= 0 and b["y"] >= 0, (selector, b)
    assert b["x"] + b["width"] <= view["width"] + 1, (selector, b)
    assert b["y"] + b["height"] <= view["height"] + 1, (selector, b)


def answered_view(page: Page, size: str) -> None:
    """What an answered position shows: nobody deciding in it; each element marked
    best scrolled into its area (the board, the hand, the answers) far enough that its
    "best" badge, inside the top of its box, is in view (an element taller than the
    area shows its top); and on a wide window the explanation beside the board and
    the hand, covering neither."""
    settled(page)
    assert page.locator("#presence .deciding-mark, #presence .deciding").count() == 0
    marked = page.locator(".puzzle-best")
    assert marked.count() > 0
    for i in range(marked.count()):
        inside = marked.nth(i).evaluate("""(el) => {
            const box = el.getBoundingClientRect();
            const badge = getComputedStyle(el, '::before');
            const top = box.top + parseFloat(badge.top);
            const bottom = top + parseFloat(badge.height);
            const area = el.closest('.middle, .mine-dock, .statusbar').getBoundingClientRect();
            return top >= box.top && top >= area.top - 1 && bottom <= area.bottom + 1
                && box.left >= area.left - 1 && box.right <= area.right + 1; }""")
        assert inside, f"the badge of marked element {i} is cut by its area"
    in_window(page, "#puzzle-result", size)
    if size == "desktop":
        result = page.locator("#puzzle-result").bounding_box()
        assert result is not None
        for selector in ("#board", "#my-area", ".puzzle-best"):
            for box in (page.locator(selector).nth(i).bounding_box()
                        for i in range(page.locator(selector).count())):
                assert box is not None
                apart = (box["x"] + box["width"] <= result["x"]
                         or result["x"] + result["width"] <= box["x"]
                         or box["y"] + box["height"] <= result["y"]
                         or result["y"] + result["height"] <= box["y"])
                assert apart, f"the explanation covers {selector}"


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
    shot(page, f"puzzles-{size}-thalara-correct")
    answered_view(page, size)

    # the Vale set, its next puzzle after the day's, answered wrong: the streak ends
    page.locator('button[data-set="vale"]').click()
    _ready(page, sets["vale"]["daily"])
    page.locator("#puzzle-next").click()
    ids = sets["vale"]["ids"]
    other = ids[(ids.index(sets["vale"]["daily"]) + 1) % len(ids)]
    _ready(page, other)
    q = _puzzle("vale", other)
    wrong = next(a for a in q.shown()["legal"] if a != q.best)
    # three tables drawn on this page, one after another: a key is answered once, by
    # the table in view (the tables before it took their listeners with them)
    page.evaluate("""() => {
        const proto = Object.getPrototypeOf(Object.getPrototypeOf(window.cardtable));
        const cancel = proto.cancel;
        window.cancels = 0;
        proto.cancel = function (...args) { window.cancels += 1; return cancel.apply(this, args); };
    }""")
    page.keyboard.press("Escape")
    assert page.evaluate("() => window.cancels") == 1
    shot(page, f"puzzles-{size}-vale")
    click_answer(page, wrong)
    page.wait_for_selector(f'{VERDICT}[data-correct="false"]')
    assert page.locator(VERDICT).inner_text().startswith("Not the best")
    assert page.locator(f'#puzzle-choices li[data-choice="{q.best}"]').count() == 1
    assert page.locator("#puzzle-streak").inner_text().startswith("Streak: 0 (best 1)")
    # the table takes no other answer now, and the best action is marked on it
    assert page.evaluate("() => window.cardtable.snap.legal.length") == 0
    shot(page, f"puzzles-{size}-vale-wrong")
    answered_view(page, size)
    # the streak is the browser's: kept over a reload
    page.reload()
    _ready(page, other)
    assert page.locator("#puzzle-streak").inner_text().startswith("Streak: 0 (best 1)")


def test_a_best_action_of_the_bar_is_shown_there_marked_once_answered(
        server: ServerProcess, tab: Page, size: str) -> None:
    """A puzzle whose best action has nothing of its own on the table ("end" the turn:
    an answer of the status bar, gone once nobody decides) shows it in the bar again,
    marked best, taking no click (the day's puzzles met such one on 2026-12-03)."""
    page = tab
    q = next(p for p in shipped("vale") if p.best == "end")
    page.goto(f"{server.base}/puzzles?set=vale&id={q.id}")
    _ready(page, q.id)
    wrong = next(a for a in q.shown()["legal"] if a != q.best)
    click_answer(page, wrong)
    page.wait_for_selector(f'{VERDICT}[data-correct="false"]')
    settled(page)
    chip = page.locator("#answers .puzzle-best")
    assert chip.count() == 1
    assert chip.is_disabled()
    assert chip.get_attribute("data-action") is None
    assert chip.inner_text().strip() == "End your turn"
    answered_view(page, size)
