"""What the table costs the browser: a game against the computer is played by clicking in
Debian's Chromium with the CPU slowed 4x (Chrome DevTools' throttling), and after each
click the page is watched for long tasks (PerformanceObserver, entries over 50 ms) until
it settles. The issue's figure: no long task over 50 ms after an update.

Only the table's own work runs slowed down: the harness picks the element to click (a
query of every visible answer, which in the page costs Playwright more than the table's
own update) at full speed, then slows the CPU, clicks by mouse at the element's centre
and waits for the answer's update, the computer's moves and their motion to settle.

    python benchmarks/render_web.py [--game vale|thalara] [--decisions 60] [--rate 4]
                                    [--width 1400 --height 900] [--reduced-motion] [--runs 1]

It starts its own server on a free loopback port and prints one line per game: the
decisions, the updates seen, the long tasks (count, longest) and the slowest draw().

On a busy machine the wall clock says little (another process takes the core and every
task looks long). `--cpu-time` runs the same game unthrottled under a trace and counts
each of the page's main-thread tasks by the CPU time its thread spent, times the
slowdown: what the same task costs at 4x on a core of its own, whatever else runs.

`--explain` says what each long task was: the Long Animation Frame it fell in, the
scripts that ran in it and how long its rendering (style, layout, paint) took. That is
how the last long tasks were found to be frames that rendered several draw steps at once."""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.server.helpers import ServerProcess

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
READY = ("() => { const t = window.cardtable; return !!(t && t.snap && t.settled && !t.waiting && "
         "!t.queue.length && (t.snap.over || t.snap.legal.length > 0)); }")
# the centres of what a player could click now: the answers in view, and the table's
# highlighted cards and places (and the status bar's group buttons) that take a step
TARGETS = """() => {
  const seen = (el) => { const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && r.top >= 0 && r.left >= 0
      && r.bottom <= innerHeight && r.right <= innerWidth; };
  const centre = (el) => { const r = el.getBoundingClientRect();
    return [r.left + r.width / 2, r.top + r.height / 2]; };
  const all = (sel) => [...document.querySelectorAll(sel)].filter(seen).map(centre);
  const answers = all("[data-action]");
  const steps = all("#board .legal, #my-area .legal, #answers button.group");
  return { answers, steps };
}"""
# after an update, the motion (420 ms) and the pacing of other players' moves end
SETTLE_MS = 700
# the moment of each click and the decision it answers (for --explain)
NOTE_CLICK = """() => { const p = document.querySelector("[data-prompt]");
  (window.__clicks = window.__clicks || [])
    .push([performance.now(), p ? p.textContent.trim() : ""]); }"""
# every long task from now on, and how long each draw() takes (the table's own work)
WATCH = """() => {
  window.__long = []; window.__longAt = []; window.__frames = [];
  new PerformanceObserver((list) => { for (const e of list.getEntries()) {
    window.__long.push(e.duration); window.__longAt.push([e.startTime, e.duration]); } })
    .observe({ type: "longtask", buffered: false });
  // what each long animation frame held (Long Animation Frames API): the scripts that ran
  // in it and when its rendering (style, layout, paint) began, to explain a long task
  try {
    new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__frames.push({
      start: e.startTime, duration: e.duration, render: e.renderStart,
      input: e.firstUIEventTimestamp, end: e.startTime + e.duration,
      scripts: e.scripts.map((s) => ({ at: s.startTime, what: s.invoker, kind: s.invokerType,
        ms: Math.round(s.duration), forced: Math.round(s.forcedStyleAndLayoutDuration) })) }); })
      .observe({ type: "long-animation-frame", buffered: false });
  } catch (err) { /* a browser without the API: no explanations */ }
  window.__draws = [];
  const t = window.cardtable; const draw = t.draw.bind(t);
  t.draw = () => {
    const a = performance.now(); draw(); window.__draws.push(performance.now() - a);
  };
}"""


# a person's click: the pointer comes to rest on the card, then the button is pressed and
# held about a tenth of a second (typical of a mouse click). Sent at once, as by
# Playwright's `mouse.click`, the move, the press and the release reached the page
# together and were handled in one task, hover and selection and click in one, which no
# mouse produces; `--instant-click` measures that way still.
POINTER_REST_MS = 150
BUTTON_HELD_MS = 90


def click_as_a_person(page: Any, x: float, y: float) -> None:
    page.mouse.move(x, y)
    page.wait_for_timeout(POINTER_REST_MS)
    page.mouse.down()
    page.wait_for_timeout(BUTTON_HELD_MS)
    page.mouse.up()


def run(game: str, options: dict[str, object], decisions: int, rate: float,
        width: int, height: int, seed: int, reduced: bool = False,
        cpu_time: bool = False, trace_out: str | None = None,
        explain_tasks: bool = False, instant_click: bool = False) -> dict[str, object]:
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
                page.wait_for_timeout(SETTLE_MS)
                slow = 1.0 if cpu_time else rate
                cdp.send("Emulation.setCPUThrottlingRate", {"rate": slow})
                page.evaluate(WATCH)
                if cpu_time or trace_out:
                    categories = ["toplevel"]
                    if trace_out:
                        categories += ["devtools.timeline", "v8", "blink", "cc", "gpu",
                                       "disabled-by-default-devtools.timeline"]
                    browser.start_tracing(page=page, categories=categories)
                rng = random.Random(seed)
                played = 0
                while played < decisions:
                    page.wait_for_function(READY, timeout=60000, polling=100)
                    page.wait_for_timeout(SETTLE_MS)
                    if page.evaluate("() => window.cardtable.snap.over"):
                        break
                    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
                    found = page.evaluate(TARGETS)
                    if explain_tasks:
                        page.evaluate(NOTE_CLICK)
                    answers, steps = found["answers"], found["steps"]
                    if answers and (not steps or rng.random() < 0.5):
                        x, y = answers[rng.randrange(len(answers))]
                    elif steps:
                        x, y = steps[rng.randrange(len(steps))]
                    else:
                        raise RuntimeError("nothing to click in view")
                    cdp.send("Emulation.setCPUThrottlingRate", {"rate": slow})
                    if instant_click:
                        page.mouse.click(x, y)
                    else:
                        click_as_a_person(page, x, y)
                    played += 1
                page.wait_for_timeout(1500)      # the last update settles
                long_tasks: list[float] = page.evaluate("() => window.__long")
                explained = explain(page.evaluate("() => window.__longAt"),
                                    page.evaluate("() => window.__frames"),
                                    page.evaluate("() => window.__clicks")) if explain_tasks else []
                draws: list[float] = page.evaluate("() => window.__draws")
                if cpu_time or trace_out:
                    trace = browser.stop_tracing()
                    if trace_out:
                        Path(trace_out).write_bytes(trace)
                    if cpu_time:
                        long_tasks = [ms * rate for ms in task_cpu_ms(trace) if ms * rate > 50]
                browser.close()
        finally:
            srv.stop()
    return {"game": game,
            "click": "instant" if instant_click else "as a person",
            "measure": "thread CPU time x slowdown" if cpu_time else "wall clock",
            "options": options, "cpu_slowdown": rate, "viewport": [width, height],
            "reduced_motion": reduced,
            "clicks": played, "draws": len(draws),
            "slowest_draw_ms": round(max(draws), 1) if draws else None,
            "median_draw_ms": round(sorted(draws)[len(draws) // 2], 1) if draws else None,
            "long_tasks": len(long_tasks),
            "longest_task_ms": round(max(long_tasks), 1) if long_tasks else 0,
            "longest_tasks_ms": sorted((round(t) for t in long_tasks), reverse=True)[:12],
            **({"explained": explained} if explain_tasks else {})}


def explain(tasks: list[list[float]], frames: list[dict[str, Any]],
            clicks: list[list[Any]]) -> list[dict[str, Any]]:
    """Each long task beside the long animation frame that holds it: the scripts that ran
    in the frame (what called them, their time, the style and layout they forced), the
    time of its rendering (style, layout, paint), which no script accounts for, whether
    the frame handled input, and the decision last clicked and how long before."""
    out: list[dict[str, Any]] = []
    for start, duration in tasks:
        frame = next((f for f in frames if f["start"] <= start + 1 and start < f["end"]), None)
        entry: dict[str, Any] = {"at_ms": round(start), "ms": round(duration)}
        before = [c for c in clicks if c[0] <= start]
        if before:
            entry["after_click_ms"] = round(start - before[-1][0])
            entry["prompt"] = before[-1][1]
        if frame is not None:
            render = frame["render"] or frame["end"]
            inside = [s for s in frame["scripts"]
                      if start - 1 <= s["at"] < start + duration]
            entry["scripts"] = [{k: v for k, v in s.items() if k != "at"} for s in inside]
            entry["script_ms"] = sum(s["ms"] for s in inside)
            entry["input_in_frame"] = bool(frame["input"])
            # the frame's rendering, where it fell inside this task
            entry["rendering_ms"] = round(max(0.0, min(frame["end"], start + duration)
                                              - max(render, start)))
        out.append(entry)
    return out


def task_cpu_ms(trace: bytes) -> list[float]:
    """The CPU time (ms) of every task of the page's main thread in a Chrome trace."""
    data = json.loads(trace)
    events = data["traceEvents"] if isinstance(data, dict) else data
    mains = {(e["pid"], e["tid"]) for e in events if e.get("ph") == "M"
             and e.get("name") == "thread_name" and e["args"].get("name") == "CrRendererMain"}
    busy: dict[tuple[int, int], float] = {}
    for e in events:
        if (e.get("pid"), e.get("tid")) in mains and e.get("ph") == "X":
            key = (e["pid"], e["tid"])
            busy[key] = busy.get(key, 0) + e.get("tdur", 0)
    page_thread = max(busy, key=lambda k: busy[k])
    return [e.get("tdur", 0) / 1000 for e in events
            if (e.get("pid"), e.get("tid")) == page_thread and e.get("ph") == "X"
            and e.get("name") == "ThreadControllerImpl::RunTask"]


def cpu_ticks() -> list[int] | None:
    """The machine's CPU time counters (Linux /proc/stat: user, nice, system, idle, iowait,
    irq, softirq, steal), or None elsewhere."""
    try:
        with open("/proc/stat") as stat:
            return [int(x) for x in stat.readline().split()[1:9]]
    except (OSError, ValueError):
        return None


def machine_share(before: list[int] | None, after: list[int] | None) -> dict[str, float]:
    """How busy the whole machine was during a run, and how much of its time the host took
    back (steal: a virtual machine's cores lent elsewhere). A run whose wall clock counts
    many long tasks while the host stole time says more about the host than the page."""
    if not before or not after:
        return {}
    spent = [b - a for a, b in zip(before, after, strict=True)]
    total = sum(spent) or 1
    return {"machine_busy_pct": round(100 * (total - spent[3] - spent[4]) / total, 1),
            "host_steal_pct": round(100 * spent[7] / total, 1)}


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
    ap.add_argument("--cpu-time", action="store_true",
                    help="count tasks by their thread's CPU time times --rate (for a busy machine)")
    ap.add_argument("--trace-out", metavar="PATH",
                    help="keep a Chrome trace of the game (timeline categories) there, to see "
                         "what a long task did")
    ap.add_argument("--explain", action="store_true",
                    help="with each long task, what its frame held: the scripts that ran "
                         "and the time its rendering took")
    ap.add_argument("--runs", type=int, default=1,
                    help="play the same game this many times, one line each, then a line "
                         "with every run's count (the wall clock of one run varies much on "
                         "a small shared machine)")
    ap.add_argument("--instant-click", action="store_true",
                    help="click as Playwright's mouse.click does, the move, the press and "
                         "the release at once (one input task), instead of as a person "
                         "(the pointer at rest 150 ms, the button held 90 ms)")
    args = ap.parse_args()
    options: dict[str, object] = {"expansion": "artifacts"} if args.game == "vale" else {}
    counts: list[int] = []
    longest: list[float] = []
    for _ in range(max(1, args.runs)):
        before = cpu_ticks()
        result = run(args.game, options, args.decisions, args.rate, args.width, args.height,
                     args.seed, args.reduced_motion, args.cpu_time, args.trace_out, args.explain,
                     args.instant_click)
        result.update(machine_share(before, cpu_ticks()))
        print(json.dumps(result), flush=True)
        counts.append(int(result["long_tasks"]))  # type: ignore[call-overload]
        longest.append(float(result["longest_task_ms"]))  # type: ignore[arg-type]
    if args.runs > 1:
        print(json.dumps({"game": args.game, "runs": args.runs, "long_tasks_per_run": counts,
                          "runs_without_long_task": counts.count(0),
                          "longest_task_ms_per_run": longest}))


if __name__ == "__main__":
    main()
