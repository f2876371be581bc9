"""Whole games in the browser: against the computer (both games) and between two
browser contexts, with a spectator, a reload, a replay and screenshots. Each click is one
a person could make on the table of issue 25: an answer in the status bar, a group of
answers there, or a highlighted card or place on the board or in one's own area."""

from __future__ import annotations

import random
from typing import Any

from playwright.sync_api import Browser, Page

from .conftest import create_game, shot, table

# a table whose whole snapshot is drawn
SHOWN = "() => window.cardtable && window.cardtable.snap && window.cardtable.settled"
READY = ("() => { const t = window.cardtable; return !!(t && t.snap && t.settled && !t.waiting && "
         "(t.snap.over || t.snap.legal.length > 0)); }")

# The legal actions nothing on the page leads to. An action is reached by its answer
# button in the status bar ([data-action]), or by a click on what its first key names:
# a highlighted card or place (the client follows the first of an element's keys that
# starts a legal action) or a group button of the status bar.
UNREACHABLE = """() => {
  const t = window.cardtable;
  if (t.selection.length || t.confirming) return [];
  const shown = (el) => el.getClientRects().length > 0;
  const paths = t.snap.legal.map((a) => [a, t.mod.pathFor(a, t.ctx)]);
  const starts = new Set(paths.filter(([, p]) => p.length).map(([, p]) => p[0]));
  const reached = new Set();
  const onTable = "#board .legal[data-keys], #my-area .legal[data-keys]";
  for (const el of document.querySelectorAll(onTable)) {
    if (!shown(el)) continue;
    const key = el.getAttribute("data-keys").split(" ").find((k) => starts.has(k));
    if (key) reached.add(key);
  }
  for (const el of document.querySelectorAll("#answers button.group[data-keys]"))
    if (shown(el)) reached.add(el.getAttribute("data-keys"));
  const buttons = new Set([...document.querySelectorAll("#answers [data-action]")]
    .filter(shown).map((el) => el.getAttribute("data-action")));
  return paths.filter(([a, p]) => !buttons.has(a) && !(p.length && reached.has(p[0])))
    .map(([a]) => a);
}"""

# The faces the table shows hold what the same snapshot draws afresh: the table morphs
# each update into what shows (keeping the elements of faces that stay, skipping parts
# whose data did not change), so a face kept where another should show is a bug the
# eye may miss. Every part is built again here and each shown face's insides compared,
# in order, with its fresh twin's.
STALE_FACES = """() => {
  const t = window.cardtable, obs = t.snap.observation, bad = [];
  const faces = (root) => [...root.querySelectorAll(".face")];
  // the same insides: child by child, attributes in any order (a morph may reorder them)
  const same = (x, y) => x.childNodes.length === y.childNodes.length
    && [...x.childNodes].every((c, i) => c.isEqualNode(y.childNodes[i]));
  const check = (part, live, whole) => {
    const a = faces(live), b = faces(whole);
    if (a.length !== b.length) {
      bad.push(`${part}: ${a.length} faces shown, ${b.length} drawn afresh`);
      return;
    }
    a.forEach((x, i) => {
      if (!same(x, b[i])) bad.push(`${part}: face ${i} holds ${x.innerHTML.slice(0, 300)}`);
    });
  };
  check("middle", t.middleEl, t.mod.middle(obs, t.ctx));
  if (t.seat !== null) check("mine", t.mineEl, t.mod.mine(obs, t.ctx));
  for (const seat of t.ctx.seats) {
    const body = t.playersEl.querySelector(`.player-panel[data-seat="${seat.seat}"] .pp-body`);
    const whole = document.createElement("div");
    whole.append(t.mod.panel(obs.seats[seat.seat], obs, t.ctx));
    check(`panel ${seat.seat}`, body, whole);
  }
  return bad;
}"""

ANSWERS = "#answers [data-action]:visible, #answers button.group:visible"
ON_TABLE = "#board .legal:visible, #my-area .legal:visible"


def play_one(page: Page, rng: random.Random) -> None:
    """One click a person could make: an answer in the status bar (a group of answers
    included, and "yes" when it asks whether to waste something), or a highlighted card
    or place on the board or in one's own area."""
    answers = page.locator(ANSWERS)
    legal = page.locator(ON_TABLE)
    if answers.count() and (not legal.count() or rng.random() < 0.5):
        answers.nth(rng.randrange(answers.count())).click()
        return
    assert legal.count(), f"nothing to click at {page.inner_text('#prompt')!r}"
    legal.nth(rng.randrange(legal.count())).click()


def game_over_shown(page: Page) -> None:
    """The end of the game: the status bar says so, and the end screen is over the table."""
    page.locator("#end").wait_for()
    assert "Game over" in page.inner_text("#prompt")
    assert "Game over" in page.inner_text("#end h2")


def open_area(page: Page, seat: int) -> None:
    """Open a seat's area from its panel, as a player would: once the page shows the whole
    move (a panel drawn in a later step of an update can move the button)."""
    page.wait_for_function(SHOWN)
    page.locator(f"#presence .player-panel[data-seat='{seat}'] button.pp-open").click()
    page.locator("#area-dialog").wait_for()


def play_to_the_end(page: Page, rng: random.Random, shot_name: str | None = None,
                    limit: int = 1500) -> int:
    clicks = 0
    while clicks < limit:
        page.wait_for_function(READY, timeout=30000)
        state = table(page)
        if state["over"]:
            return clicks
        # every legal action has something to click on
        assert page.evaluate(UNREACHABLE) == []
        assert page.evaluate(STALE_FACES) == []
        if shot_name and state["n"] >= 30:
            shot(page, shot_name)
            page.set_viewport_size({"width": 390, "height": 844})
            shot(page, shot_name + "-phone")
            # readable on a phone: nothing wider than the screen
            assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
            page.set_viewport_size({"width": 1280, "height": 900})
            shot_name = None
            continue     # the table is drawn again for the size: look at it afresh
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
    assert "Computer (greedy)" in page.inner_text("#presence")
    # a click on a highlighted display card is a hunt
    n = table(page)["n"]
    hunt = page.locator("#board .legal[data-keys*='display:']").first
    assert (hunt.get_attribute("data-action") or "").startswith("hunt ")
    hunt.click()
    page.wait_for_function(f"() => window.cardtable.settled && window.cardtable.snap.n > {n}")
    play_to_the_end(page, random.Random(1), shot_name="vale")
    game_over_shown(page)
    shot(page, "vale-over")
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
    picked = (tiles.first.get_attribute("data-keys") or "").split()[0]
    tiles.first.click()
    page.wait_for_function(READY)
    # the picked tile is held in my own area, and the shelter shows there
    assert page.locator(f"#my-area [data-keys~='{picked}']").count() == 1
    assert page.locator("#my-area .label", has_text="Shelter").count() == 1
    # on the board the player's own tile is told as theirs, in the second person
    board = page.inner_text("#board")
    assert "held by you, with your marker" in board, board
    # the other's tile the same way, the holder named once
    assert "held by Computer (greedy), with their marker" in board, board
    assert "Ada (you)'s" not in board
    shot(page, "vale-artifacts")
    play_to_the_end(page, random.Random(4))
    game_over_shown(page)


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
    page.wait_for_function(f"() => window.cardtable.settled && window.cardtable.snap.n > {before}")
    page.wait_for_function(READY)
    assert page.is_visible("#undo"), "undo is offered against the computer"
    page.click("#undo")
    page.wait_for_function(
        f"() => window.cardtable.settled && window.cardtable.snap.n === {before}")
    play_to_the_end(page, random.Random(2), shot_name="thalara")
    game_over_shown(page)
    shot(page, "thalara-over")


HAND_ELSEWHERE = """() => [...document.querySelectorAll("[data-keys]")].filter((el) =>
  el.getAttribute("data-keys").split(" ").some((k) => k.startsWith("hand:")) &&
  !el.closest("#my-area")).length"""

DECIDING = """() => { const s = window.cardtable.snap;
  const marked = [...document.querySelectorAll("#presence .player-panel.deciding")];
  if (s.over) return marked.length === 0;
  return marked.length === 1 && marked[0].getAttribute("data-seat") === String(s.current_player)
    && marked[0].getAttribute("aria-label").endsWith("deciding now"); }"""


def test_two_people_a_spectator_and_a_reload(browser: Browser, server: Any) -> None:
    made = create_game(server.base, {"game": "thalara", "seed": 12})
    contexts = [browser.new_context(viewport={"width": 1100, "height": 850}) for _ in range(3)]
    try:
        pages = [c.new_page() for c in contexts]
        errors: list[str] = []
        for pg in pages:
            pg.on("pageerror", lambda e: errors.append(str(e)))
        for seat, pg in enumerate(pages[:2]):
            pg.goto(server.base + made["seats"][seat]["link"])
        watcher = pages[2]
        watcher.goto(server.base + made["watch"])
        for pg in pages:
            pg.wait_for_function(SHOWN)
            assert not pg.is_visible("#undo"), "no undo between people"
        assert watcher.is_hidden("#my-area"), "a spectator has no own area"
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
            # the other seat's page marks whoever decides there (one panel, in words too)
            # (once its draw is through: each step of a draw waits for a frame)
            pages[1 - movers[0]].wait_for_function(DECIDING, timeout=5000)
            # as a person would: on the page as it shows the whole move (mid-draw, the
            # highlighted cards counted may not all be there at the click)
            mover.wait_for_function(READY)
            play_one(mover, rng)
            if not reloaded and states[0]["n"] >= 20:
                reloaded = True
                n = states[0]["n"]
                # nothing of a hidden hand reaches the other seat or the spectator: the
                # only hand on a seat's page is its own, in its own area
                assert pages[0].evaluate(HAND_ELSEWHERE) == 0
                assert watcher.evaluate(HAND_ELSEWHERE) == 0
                open_area(pages[0], 1)
                assert pages[0].locator("#area-dialog [data-zoom^='remnant:']").count() <= len(
                    pages[0].evaluate("() => window.cardtable.snap.observation.seats[1]"
                                      ".known_hand"))
                pages[0].click("#area-close")
                shot(pages[0], "thalara-two-people")
                pages[1].reload()
                pages[1].wait_for_function(
                    f"() => window.cardtable && window.cardtable.snap && "
                    f"window.cardtable.snap.n >= {n}")
                assert table(pages[1])["seat"] == 1
                tab = contexts[0].new_page()
                tab.goto(f"{server.base}/g/{made['id']}")
                tab.wait_for_function(SHOWN)
                assert table(tab)["seat"] == 0
                tab.close()
        pages[0].wait_for_function("() => window.cardtable.settled && window.cardtable.snap.over")
        watcher.wait_for_function("() => window.cardtable.settled && window.cardtable.snap.over")
        assert reloaded
        game_over_shown(watcher)
        game_over_shown(pages[0])
        assert not errors, errors
    finally:
        for c in contexts:
            c.close()
