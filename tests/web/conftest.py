"""Browser tests: Debian's Chromium (/usr/bin/chromium) driven by Playwright against a
real server process on loopback. Screenshots go to test-artifacts/screenshots/ (or
$CARDTABLE_SCREENSHOTS)."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, sync_playwright

from ..server.helpers import ServerProcess

CHROMIUM = os.environ.get("CARDTABLE_CHROMIUM", "/usr/bin/chromium")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
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
