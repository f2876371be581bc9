"""The Analysis tab of a finished game: started from the page (a busy server is said
and can be retried), followed with a progress bar, then drawn: the chart as SVG (one
line per seat, rounds marked, mistakes and blunders as marked points), the labelled
decisions in words as its text alternative, and a point or a decision opening the
replay there with the better action shown. The server analyses with `ismcts:30` here
(a test server in this process: `Limits.analysis_agent` has no command-line option)."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, Route

from cardtable import load_game
from cardtable.server.limits import Limits

from ..server.helpers import ThreadedServer
from .conftest import SIZES, create_game, play_through, serious, shot
from .test_table import codes_in

THALARA = load_game("thalara").catalogue()


@pytest.fixture(scope="module")
def analyst(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ThreadedServer]:
    """A server that analyses quickly."""
    db = Path(tmp_path_factory.mktemp("analysis")) / "games.db"
    limits = Limits(analysis_agent="ismcts:30", analyses=1, ai_workers=1)
    with ThreadedServer(f"sqlite:///{db}", limits, allow_seeds=True) as srv:
        yield srv


def finished(srv: ThreadedServer, seed: int) -> dict[str, Any]:
    """A two-person Thalara game played to its end."""
    made = create_game(srv.base, {"game": "thalara", "seed": seed, "seats": [
        {"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bea"}]})
    play_through(srv.base, made, seed=1)
    return made


def open_analysis(tab: Page, srv: ThreadedServer, made: dict[str, Any]) -> None:
    tab.goto(srv.base + made["seats"][0]["link"])
    tab.locator("#end").wait_for()
    tab.click("#end-tab-analysis")
    assert tab.get_attribute("#end-tab-analysis", "aria-selected") == "true"


def result(srv: ThreadedServer, made: dict[str, Any]) -> dict[str, Any]:
    status: dict[str, Any] = httpx.get(f"{srv.base}/api/games/{made['id']}/analysis").json()
    assert status["state"] == "done"
    return dict(status["analysis"])


def analyse_now(srv: ThreadedServer, made: dict[str, Any]) -> None:
    path = f"{srv.base}/api/games/{made['id']}/analysis"
    deadline = time.monotonic() + 120
    while httpx.post(path).json()["state"] != "done":
        assert time.monotonic() < deadline, "the analysis did not finish"
        time.sleep(0.5)


def strictly_better(d: dict[str, Any]) -> bool:
    """Whether the search rates its preferred action above the one taken, as shown."""
    return (d["best"] != d["taken"] and None not in (d["best_expected"], d["taken_expected"])
            and round(d["best_expected"] * 100) > round(d["taken_expected"] * 100))


def check_drawn(tab: Page, analysis: dict[str, Any]) -> None:
    """The chart and the list say what the analysis holds."""
    decisions = analysis["decisions"]
    chart = tab.locator("#analysis-chart")
    assert chart.get_attribute("role") == "img"
    assert "list of decisions below" in (tab.text_content("#analysis-chart-title") or "")
    assert chart.locator("g.seat-line").count() == 2
    assert chart.locator("g.point").count() == len(decisions)
    flagged = [d for d in decisions if d["label"] in ("mistake", "blunder")]
    assert flagged, "random play makes mistakes"
    marks = chart.locator("text.mark").all_text_contents()
    assert sorted(marks) == sorted("?" if d["label"] == "mistake" else "??" for d in flagged)
    rounds = [r["round"] for r in analysis["chart"]["rounds"]]
    assert chart.locator("line.round").count() == len(rounds) > 1
    assert f"R{rounds[0]}" in chart.locator("text.tick").all_text_contents()
    moves = tab.locator("#analysis-moves li")
    assert moves.count() == len(decisions)
    for i in (0, len(decisions) - 1):
        d = decisions[i]
        text = moves.nth(i).inner_text()
        assert f"Action {d['index'] + 1}" in text and d["label"] in text
        assert codes_in(text, THALARA) == [], text
        assert ("better:" in text) == strictly_better(d)
        assert ("the search preferred" in text) == (d["best"] != d["taken"]
                                                     and not strictly_better(d))
    assert tab.locator("#analysis-summary tbody tr").count() == 2


def check_replay(tab: Page, decision: dict[str, Any]) -> None:
    """The replay at that decision, with the judgement and the better action."""
    index = decision["index"]
    tab.wait_for_url(f"**?replay={index}&decision={index}")
    note = tab.locator("#replay-decision")
    note.wait_for()
    text = note.inner_text()
    assert "decides here" in text and decision["label"] in text and "better:" in text
    assert tab.inner_text("#replay-step").startswith(f"action {index} of ")
    # a Thalara play or cast names its conflict, which the board shows: it is marked
    better = tab.locator("#board .better")
    assert better.count() >= 1
    conflict = decision["best"].split()[2]
    assert tab.locator(f"#board .better[data-keys='conflict:{conflict}']").count() == 1


def pick(analysis: dict[str, Any]) -> dict[str, Any]:
    """A flagged decision whose better action plays or casts into a conflict."""
    return next(d for d in analysis["decisions"] if d["label"] in ("mistake", "blunder")
                and d["best"].split()[0] in ("play", "cast"))


def test_analysis_from_the_end_screen(tab: Page, analyst: ThreadedServer, size: str) -> None:
    srv = analyst
    made = finished(srv, 3 if size == "desktop" else 5)
    if size == "desktop":
        # the first time: nothing yet; the server is busy once (429), then it starts
        busy = {"left": 1}

        def once_busy(route: Route) -> None:
            if route.request.method == "POST" and busy["left"]:
                busy["left"] -= 1
                detail = "the server is analysing 1 games, its limit; try again in a minute"
                route.fulfill(status=429, content_type="application/json",
                              body=json.dumps({"detail": detail}))
            else:
                route.continue_()

        tab.route("**/api/games/*/analysis", once_busy)
        open_analysis(tab, srv, made)
        tab.click("#analyse")
        tab.locator("#analysis-error").wait_for()
        assert "The server is busy" in tab.inner_text("#analysis-error")
        tab.click("#analyse-retry")
        tab.locator("#analysis-progress").wait_for()
        # the answer to the start (202) says how many decisions there are to judge
        tab.wait_for_function("() => /Analysing: \\d+ of \\d+ decisions judged/"
                              ".test(document.querySelector('#analysis').textContent)")
        assert tab.get_attribute("#analysis-progress", "max") not in (None, "1")
        tab.locator("#analysis-chart").wait_for(timeout=120000)
    else:
        # done already (asked for through the API): drawn at once, here for a
        # spectator coming from the lobby's Analysis link
        analyse_now(srv, made)
        tab.goto(f"{srv.base}/g/{made['id']}?watch=1&analysis=1")
        tab.locator("#analysis-chart").wait_for(timeout=120000)
        assert tab.get_attribute("#end-tab-analysis", "aria-selected") == "true"
        assert tab.is_hidden("#end-result")
    analysis = result(srv, made)
    check_drawn(tab, analysis)
    # the judge in words first, its spec for whoever wants it
    assert tab.inner_text("#analysis-judge").startswith(
        f"Judged by the computer's search ({analysis['agent']}), from each player's own view.")
    assert tab.evaluate("() => document.documentElement.scrollWidth") <= SIZES[size]["width"]
    assert serious(tab) == [], "the analysis tab"
    shot(tab, f"analysis-{size}")
    decision = pick(analysis)
    if size == "desktop":
        # a point of the chart opens the replay at that decision
        tab.locator(f"#analysis-chart g.point[data-index='{decision['index']}']").click()
    else:
        # only the flagged decisions, then one of them from the list
        tab.check("#analysis-flagged-only")
        shown = tab.locator("#analysis-moves li")
        assert shown.count() == sum(d["label"] in ("inaccuracy", "mistake", "blunder")
                                    for d in analysis["decisions"])
        tab.locator(f"#analysis-moves li[data-index='{decision['index']}'] a").click()
    check_replay(tab, decision)
    assert serious(tab) == [], "the replay at a decision"
    shot(tab, f"analysis-replay-{size}")


@pytest.mark.parametrize(("best", "taken", "words"), [
    (0.46, 0.47, "the search preferred Pick Incense Burner (as good)"),   # the case
    (0.47, 0.47, "the search preferred Pick Incense Burner (as good)"),
    (0.4701, 0.4699, "the search preferred Pick Incense Burner (as good)"),  # shown equal
    (None, 0.47, "the search preferred Pick Incense Burner (as good)"),
    (0.52, 0.47, "better: Pick Incense Burner (expected 0.52)"),
])
def test_better_only_where_the_search_rates_it_higher(
        page: Page, server: Any, best: float | None, taken: float, words: str) -> None:
    page.goto(server.base + "/")
    said = page.evaluate(
        """async ([best, taken]) => {
             const m = await import('/static/analysis.js');
             const d = {seat: 0, label: 'good', taken: 'artifact a', best: 'artifact b',
                        taken_expected: taken, best_expected: best};
             const say = (t) => t === 'artifact b' ? 'Pick Incense Burner' : 'Pick Book';
             return [m.preferredWords(d, say),
                     m.preferredWords({...d, best: 'artifact a'}, say)];
           }""", [best, taken])
    assert said == [words, None]
