"""The lessons in the browser: following only the highlighted elements reaches each
lesson's end (at both sizes: the bubble never covers what it points at and stays in the
window); a click elsewhere changes nothing and is explained; leaving and coming back
resumes."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from ..server.helpers import ServerProcess
from .conftest import SIZES, checked_page, serious, shot

BUBBLE = "#learn-bubble:not([hidden]):not(.learn-quiet)"


def box(page: Page, selector: str) -> dict[str, float]:
    b = page.locator(selector).bounding_box()
    assert b is not None, selector
    return b


def overlaps(a: dict[str, float], b: dict[str, float]) -> bool:
    return not (a["x"] + a["width"] <= b["x"] or b["x"] + b["width"] <= a["x"]
                or a["y"] + a["height"] <= b["y"] or b["y"] + b["height"] <= a["y"])


APART = """() => {
  const a = document.querySelector("#learn-bubble").getBoundingClientRect();
  const b = document.querySelector(".learn-target").getBoundingClientRect();
  return a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top;
}"""


# moves the target toward the bubble and checks, in the same turn (before the page can
# answer), that it is now under the bubble
SHIFT_TOWARD_BUBBLE = """(side) => {
  const move = { below: "0, 60px", above: "0, -60px", right: "60px, 0", left: "-60px, 0" }[side];
  document.querySelector(".learn-target").style.transform = `translate(${move})`;
  const apart = """ + APART + """;
  if (apart()) throw new Error("the shift did not bring the target under the bubble");
}"""


def assert_apart(page: Page) -> None:
    """The bubble does not cover the highlighted element: at once, or (the page still
    moving under it as a step begins, such as a status bar taking a second line) by a
    few frames later; a bubble left over its target fails."""
    try:
        page.wait_for_function(APART, polling="raf", timeout=1500)
    except PlaywrightTimeout:
        assert not overlaps(box(page, "#learn-bubble"), box(page, ".learn-target")), \
            page.inner_text("#learn-bubble")


def snap_n(page: Page) -> int:
    page.wait_for_function("() => window.cardtable && window.cardtable.snap"
                           " && window.cardtable.settled")
    n: int = page.evaluate("() => window.cardtable.snap.n")
    return n


def ready(page: Page) -> None:
    page.wait_for_selector(BUBBLE, timeout=20000)


def click_target(page: Page, index: str | None) -> None:
    """Click the highlighted element; wait until the step moves on, or (a card that
    starts an action) the highlight does."""
    page.evaluate("() => { window.clickedTarget = document.querySelector('.learn-target'); }")
    page.locator(".learn-target").click()
    page.wait_for_function(
        "(i) => { const b = document.querySelector('#learn-bubble');"
        " return b.hidden || b.classList.contains('learn-quiet')"
        " || b.getAttribute('data-step-index') !== i"
        " || document.querySelector('.learn-target') !== window.clickedTarget; }",
        arg=index)


def follow(page: Page, size: str, name: str, limit: int = 400) -> int:
    """Click only what the lesson highlights (or its Next buttons) to the end; the
    number of steps seen. Checks the bubble's place at every step."""
    view = SIZES[size]
    seen = 0
    for _ in range(limit):
        ready(page)
        # a draw under way (its steps take a frame each) redraws what the bubble points at
        page.wait_for_function("() => !window.cardtable || window.cardtable.settled")
        b = box(page, "#learn-bubble")
        assert b["x"] >= 0 and b["y"] >= 0, b
        assert b["x"] + b["width"] <= view["width"] and b["y"] + b["height"] <= view["height"], b
        if page.locator("#learn-done").count():
            shot(page, f"learn-{name}-{size}-end")
            return seen
        if page.locator("#learn-next-part").count():
            page.click("#learn-next-part")
            page.wait_for_function("() => !window.cardtable.snap || window.cardtable.snap.n === 0")
            continue
        seen += 1
        if page.locator("#learn-next").count():
            page.click("#learn-next")
            continue
        target = page.locator(".learn-target")
        assert target.count() == 1, page.inner_text("#learn-bubble")
        assert_apart(page)
        index = page.get_attribute("#learn-bubble", "data-step-index")
        if seen == 3:
            shot(page, f"learn-{name}-{size}-step")
        click_target(page, index)
    raise AssertionError("the lesson did not end")


@pytest.mark.parametrize("game", ["thalara", "vale"])
def test_following_only_the_highlights_reaches_the_end(
        server: ServerProcess, browser: Browser, size: str, game: str) -> None:
    with checked_page(browser, viewport=SIZES[size], has_touch=size == "phone",
                      reduced_motion="reduce") as page:
        page.goto(server.base + f"/learn/{game}")
        steps = follow(page, size, game)
        # every step of every part was seen once, read or done
        lessons: list[dict[str, Any]] = page.evaluate(
            "() => fetch('/api/learn').then((r) => r.json())")
        assert steps >= 40, steps
        assert any(x["game"] == game for x in lessons)
        page.click("#learn-done")
        page.wait_for_selector("#learn-links")      # back in the lobby, its links there
        assert page.get_attribute("#learn-" + game, "href") == f"/learn/{game}"


def test_clicks_elsewhere_are_explained_and_change_nothing(
        server: ServerProcess, browser: Browser) -> None:
    with checked_page(browser, viewport=SIZES["desktop"], reduced_motion="reduce") as page:
        page.goto(server.base + "/learn/thalara")
        ready(page)
        # a reading step: an answer on the table is not clicked through
        page.click('[data-action="take blue1"]')
        assert "Not yet: read this step first" in page.inner_text("#learn-note")
        assert snap_n(page) == 0
        page.click("#learn-next")
        ready(page)
        assert page.get_attribute(".learn-target", "data-action") == "take red5"
        # the target moves under the bubble without a scroll or resize: the bubble follows
        side = page.get_attribute("#learn-bubble", "data-side")
        page.evaluate(SHIFT_TOWARD_BUBBLE, side)
        page.wait_for_function(APART, polling="raf", timeout=1500)
        page.evaluate("() => { document.querySelector('.learn-target').style.transform = ''; }")
        page.click('[data-action="take blue1"]')
        note = page.inner_text("#learn-note")
        assert note.startswith("Not yet: this step is to take Red 5"), note
        assert snap_n(page) == 0 and page.evaluate("() => window.cardtable.waiting") is False
        shot(page, "learn-not-yet-desktop")
        assert serious(page) == []
        for _ in range(7):          # the seven cards of the hand
            ready(page)
            click_target(page, page.get_attribute("#learn-bubble", "data-step-index"))
        page.wait_for_function("() => window.cardtable.snap.n === 14")
        ready(page)
        # an action of two clicks: the card first, then the conflict
        assert page.get_attribute(".learn-target", "data-step") == "hand:red5"
        page.click('[data-step="hand:red4"]')
        assert "Not yet:" in page.inner_text("#learn-note")
        assert page.evaluate("() => window.cardtable.selection.length") == 0
        click_target(page, page.get_attribute("#learn-bubble", "data-step-index"))
        ready(page)
        assert page.get_attribute(".learn-target", "data-action") == "play red5 1"
        page.click('.middle [data-action="play red5 2"]')
        assert "Not yet:" in page.inner_text("#learn-note")
        assert snap_n(page) == 14
        page.locator(".learn-target").click()
        page.wait_for_function("() => window.cardtable.snap.n >= 16")


def test_leaving_and_coming_back_resumes(server: ServerProcess, browser: Browser) -> None:
    with checked_page(browser, viewport=SIZES["phone"], has_touch=True,
                      reduced_motion="reduce") as page:
        page.goto(server.base + "/learn/vale")
        ready(page)
        page.click("#learn-next")
        ready(page)
        click_target(page, page.get_attribute("#learn-bubble", "data-step-index"))  # a hunt
        page.wait_for_function("() => window.cardtable.snap.n === 3")
        ready(page)
        n = snap_n(page)
        index = page.get_attribute("#learn-bubble", "data-step-index")
        assert n == 3 and index == "2"      # Bea's two hunts are done; the last card
        page.goto(server.base + "/")
        page.goto(server.base + "/learn/vale")
        ready(page)
        assert snap_n(page) == n
        assert page.get_attribute("#learn-bubble", "data-step-index") == index
        page.click("#learn-restart")
        ready(page)
        # the lesson starts over on a new connection: its first snapshot replaces the last
        page.wait_for_function("() => window.cardtable.snap && window.cardtable.snap.n === 0")
        assert page.get_attribute("#learn-bubble", "data-step-index") == "0"


def test_a_broken_or_foreign_progress_entry_starts_the_lesson_over(
        server: ServerProcess, browser: Browser) -> None:
    with checked_page(browser, viewport=SIZES["desktop"], reduced_motion="reduce") as page:
        for stored in ('{"part": 7, "n": 3, "read": 0}', '{"part": 1, "n": -4, "read": 0}',
                       "not json"):
            page.goto(server.base + "/")
            page.evaluate("(v) => localStorage.setItem('cardtable:learn:thalara', v)", stored)
            page.goto(server.base + "/learn/thalara")
            ready(page)
            assert snap_n(page) == 0
            assert page.get_attribute("#learn-bubble", "data-step-index") == "0"
