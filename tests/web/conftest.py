"""Browser tests: Debian's Chromium (/usr/bin/chromium) driven by Playwright against a
real server process on loopback. Screenshots go to test-artifacts/screenshots/ (or
$CARDTABLE_SCREENSHOTS). Each test is run at a desktop (1400x900) and a phone (390x844)
size where it shows (the `size` and `tab` fixtures); games a test leaves unfinished are
abandoned after it, so that the server's limit of unfinished games per address is never
reached however many tests run on one server."""

from __future__ import annotations

import contextlib
import json
import os
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, sync_playwright

from ..server.helpers import ServerProcess

CHROMIUM = os.environ.get("CARDTABLE_CHROMIUM", "/usr/bin/chromium")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
SIZES = {"desktop": {"width": 1400, "height": 900}, "phone": {"width": 390, "height": 844}}
SHOTS = Path(os.environ.get("CARDTABLE_SCREENSHOTS",
                            Path(__file__).resolve().parents[2] / "test-artifacts" / "screenshots"))


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    db = tmp_path_factory.mktemp("web") / "games.db"
    srv = ServerProcess(f"sqlite:///{db}").start()
    yield srv
    srv.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield b
        b.close()


@contextlib.contextmanager
def checked_page(browser: Browser, **context_args: Any) -> Iterator[Page]:
    """A page in a fresh browser context; no page error may happen on it."""
    context = browser.new_context(**context_args)
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    yield pg
    context.close()
    assert not errors, errors


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    with checked_page(browser, viewport={"width": 1280, "height": 900}) as pg:
        yield pg


def shot(page: Page, name: str) -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def table(page: Page) -> Any:
    return page.evaluate("() => { const t = window.cardtable; return t && t.snap ? "
                         "{n: t.snap.n, over: t.snap.over, legal: t.snap.legal, seat: t.seat, "
                         "waiting: t.waiting, selection: t.selection} : null; }")


@pytest.fixture(params=list(SIZES))
def size(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def tab(browser: Browser, size: str) -> Iterator[Page]:
    """A page at this size; no page error may happen on it."""
    with checked_page(browser, viewport=SIZES[size], has_touch=size == "phone") as pg:
        yield pg


# ---- games: created through the API, abandoned after the test if still unfinished ----

_CREATED: list[tuple[str, str, str]] = []     # (server base, game id, a seat token)


def create_game(base: str, spec: dict[str, Any]) -> dict[str, Any]:
    answer = httpx.post(base + "/api/games", json=spec)
    assert answer.status_code == 201, answer.text
    made: dict[str, Any] = answer.json()
    if made["seats"]:
        _CREATED.append((base, made["id"], made["seats"][0]["token"]))
    return made


def abandon_later(base: str, link: str) -> None:
    """A game made by the page (its seat link, `/g/<id>#seat=N&token=T`): abandoned
    after the test like the others."""
    path, _, fragment = link.partition("#")
    token = dict(p.split("=", 1) for p in fragment.split("&"))["token"]
    _CREATED.append((base, path.rstrip("/").split("/")[-1], token))


@pytest.fixture(autouse=True)
def _abandon_leftovers() -> Iterator[None]:
    yield
    while _CREATED:
        base, game_id, token = _CREATED.pop()
        with contextlib.suppress(httpx.HTTPError):   # 409 once over, 404 once abandoned
            httpx.delete(f"{base}/api/games/{game_id}",
                         headers={"authorization": f"Bearer {token}"})


# the page at rest: no card in motion (a card fading in has a contrast of its own for a
# quarter of a second) and none held invisible for its frame to come
RESTING = """() => ![...document.querySelectorAll("[style]")].some((el) => el.style.opacity === "0")
  && document.getAnimations().every((a) => a.playState !== "running" || !a.effect
    || a.effect.getComputedTiming().endTime === Infinity)"""


def serious(page: Page) -> list[str]:
    """axe-core's serious and critical violations on the page once its motion is over."""
    page.wait_for_function(RESTING, timeout=10000)
    result = Axe().run(page)
    return [f"{v['id']}: {v['help']} ({[n['html'][:80] for n in v['nodes']]})"
            for v in result.response["violations"]
            if v["impact"] in ("serious", "critical")]


def play_through(base: str, made: dict[str, Any], seed: int, limit: int = 2000) -> int:
    """Play a game whose seats are all held by `made`'s creator to its end over
    websockets, each seat a random legal action the moment it is asked; the number of
    actions played."""
    from websockets.sync.client import connect

    rng = random.Random(seed)
    url = base.replace("http://", "ws://") + f"/ws/{made['id']}"
    with contextlib.ExitStack() as stack:
        socks = [stack.enter_context(connect(url)) for _ in made["seats"]]
        return _play(socks, made, rng, limit)


def _play(socks: list[Any], made: dict[str, Any], rng: random.Random, limit: int) -> int:
    last: dict[int, dict[str, Any]] = {}

    def read(i: int, seconds: float) -> None:
        try:
            while True:
                msg = json.loads(socks[i].recv(timeout=seconds))
                seconds = 0.02
                if "observation" in msg:
                    last[i] = msg
        except TimeoutError:
            pass

    for i, seat in enumerate(made["seats"]):
        socks[i].send(json.dumps({"type": "hello", "seat": seat["seat"], "token": seat["token"]}))
        read(i, 5)
    played = 0
    while played < limit:
        newest = max(m["n"] for m in last.values())
        if any(m["over"] for m in last.values()):
            return played
        movers = [i for i, m in last.items() if m["legal"] and m["n"] == newest]
        if not movers:
            for i in range(len(socks)):
                read(i, 0.05)
            continue
        i = movers[0]
        socks[i].send(json.dumps({"type": "act", "action": rng.choice(last[i]["legal"]),
                                  "n": newest}))
        played += 1
        deadline = time.monotonic() + 20
        while last[i]["n"] == newest:
            assert time.monotonic() < deadline, "the action was never answered"
            read(i, 1)
        for k in range(len(socks)):
            read(k, 0.01)
    raise AssertionError("the game did not end")
