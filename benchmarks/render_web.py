"""What the table costs the browser: a game against the computer is played by clicking in
Debian's Chromium with the CPU slowed 4x (Chrome DevTools' throttling), and after each
update the page is watched for long tasks (PerformanceObserver, entries over 50 ms) until
it settles. The issue's figure: no long task over 50 ms after an update.

    python benchmarks/render_web.py [--game vale|thalara] [--decisions 60] [--rate 4]
                                    [--width 1400 --height 900] [--reduced-motion]

It starts its own server on a free loopback port and prints one line per game: the
decisions, the updates seen, the long tasks (count, longest) and the slowest draw()."""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
from pathlib import Path

import httpx
from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.server.helpers import ServerProcess  # noqa: E402

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
READY = ("() => { const t = window.cardtable; return !!(t && t.snap && !t.waiting && "
         "(t.snap.over || t.snap.legal.length > 0)); }")
# every long task from now on, and how long each draw() takes (the table's own work)
WATCH = """() => {
  window.__long = [];
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__long.push(e.duration); })
    .observe({ type: "longtask", buffered: false });
  window.__draws = [];
  const t = window.cardtable; const draw = t.draw.bind(t);
  t.draw = () => { const a = performance.now(); draw(); window.__draws.push(performance.now() - a); };
}"""


def run(game: str, options: dict[str, object], decisions: int, rate: float,
        width: int, height: int, seed: int, reduced: bool = False) -> dict[str, object]:
    with tempfile.TemporaryDirectory() as tmp:
        srv = ServerProcess(f"sqlite:///{tmp}/games.db").start()
        try:
            made = httpx.post(srv.base + "/api/games", json={
                "game": game, "seed": seed, "options": options, "computer_delay_ms": 300,
                "seats": [{"kind": "human", "name": "Ada"},
                          {"kind": "computer", "agent": "greedy"}]}).json()
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=FLAGS)
                page = browser.new_page(viewport={"width": width, "height": height},
                                        reduced_motion="reduce" if reduced else "no-preference")
                cdp = page.context.new_cdp_session(page)
                page.goto(srv.base + made["seats"][0]["link"])
                page.wait_for_function(READY, timeout=30000)
                cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
                page.evaluate(WATCH)
                rng = random.Random(seed)
                played = 0
                while played < decisions:
                    page.wait_for_function(READY, timeout=60000)
                    if page.evaluate("() => window.cardtable.snap.over"):
                        break
                    answers = page.locator("[data-action]:visible")
                    legal = page.locator("#board .legal:visible, #my-area .legal:visible, "
                                         "#answers button.group:visible")
                    if answers.count() and (not legal.count() or rng.random() < 0.5):
                        answers.nth(rng.randrange(answers.count())).click()
                    else:
                        legal.nth(rng.randrange(legal.count())).click()
                    played += 1
                page.wait_for_timeout(1500)      # the last update settles
                long_tasks: list[float] = page.evaluate("() => window.__long")
                draws: list[float] = page.evaluate("() => window.__draws")
                browser.close()
        finally:
            srv.stop()
    return {"game": game, "options": options, "cpu_slowdown": rate, "viewport": [width, height],
            "reduced_motion": reduced,
            "clicks": played, "draws": len(draws),
            "slowest_draw_ms": round(max(draws), 1) if draws else None,
            "median_draw_ms": round(sorted(draws)[len(draws) // 2], 1) if draws else None,
            "long_tasks": len(long_tasks),
            "longest_task_ms": round(max(long_tasks), 1) if long_tasks else 0}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", choices=["vale", "thalara"], default="vale")
    ap.add_argument("--decisions", type=int, default=60)
    ap.add_argument("--rate", type=float, default=4.0)
    ap.add_argument("--width", type=int, default=1400)
    ap.add_argument("--height", type=int, default=900)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--reduced-motion", action="store_true",
                    help="the page as a player who asked for reduced motion sees it")
    args = ap.parse_args()
    options: dict[str, object] = {"expansion": "artifacts"} if args.game == "vale" else {}
    print(json.dumps(run(args.game, options, args.decisions, args.rate, args.width,
                         args.height, args.seed, args.reduced_motion)))


if __name__ == "__main__":
    main()
