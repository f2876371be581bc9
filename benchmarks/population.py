"""A simulated population of rated players (issue 27: "at least 200 accounts played by
agents of known strength in at least 5,000 rated games through the HTTP and websocket
API: the ratings order the agents correctly, and how many games a new player needs to
land in its band").

    .venv/bin/python benchmarks/population.py --accounts 40 --games 400 \\
        --agents random,greedy,ismcts:10,ismcts:50 --game thalara --concurrency 4 \\
        --seed 1 --out population.json [--workdir DIR] [--base URL | --pg URL]

What it does, all through the server's public API:

1. Starts `python -m cardtable.server` on a fresh SQLite database (in --workdir, or a
   temporary folder; --pg URL: in a schema of its own in that PostgreSQL database,
   dropped after), with the limits a single address meets raised for the run
   (`--signups-per-address`, `--games-per-address`: options the server has) and
   `--allow-seeds`; or plays on the server at --base, which must have been started
   with those options.
2. Signs up --accounts accounts (`POST /api/accounts`; on a resumed run, signs them in
   again with `POST /api/session`) and gives each an agent of --agents, in equal
   shares, in turn. --agents lists the levels **weakest first**: that order is the
   "true strength" the ratings are compared with.
3. Plays --games rated 2-player games (`POST /api/games` with `"rated": true` and a
   turn clock, --clock, default 24h, by one account; `POST /api/games/{id}/join` by
   the other), in rounds: each round pairs all accounts at random (one sits out when
   they are odd), the seats' order drawn at random, --concurrency games at once.
   Each seat is played over the game's websocket by the bot client of `cardtable bot`
   (cardtable.bot.client.SeatBot) with the account's agent.
4. Reads every account's rating and its history from `GET /api/players/{name}` (the
   leaderboard lists at most 100, settled ones only), and computes the figures of
   benchmarks/population_stats.py: Kendall's tau-b (and what it is for a perfect
   order, given the levels' ties) and tau-c between rating and level, each level's
   mean and spread, the levels' results against each other, and the games each
   account needed to land in its level's band.

Search agents (greedy, ismcts) need worlds sampled from what their seat knows, and a
bot that has only its seat's messages cannot build one (cardtable.bot.client says
why). This harness plays both seats of every game and chose its seed, so it rebuilds
each game's true state from the seed and both seats' own actions, and hands the agent
`state.view(seat)`, as the server does for its computer seats: the agent sees the
seat's observation and worlds from the engine's `sample_world(seat)`, which redeals
what the seat cannot know. At every decision the rebuilt state's observation and
legal actions are checked equal to what the server sent the seat.

Seeded: the accounts' levels, the pairings, the deals and the agents' seeds follow
from --seed (the order games end in, with --concurrency above 1, is the machine's).
Resumable with --workdir: the SQLite database and the run's state (accounts, their
passwords and the games done) live there; the same command again goes on where it
stopped (games cut off in play stay unfinished on the server and count for nothing;
their places in the schedule are played again).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import json
import random
import secrets
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from rich.console import Console
from rich.table import Table

from cardtable import load_game
from cardtable.agents import make_agent
from cardtable.bot.client import BotError, SeatBot
from cardtable.bot.link import SeatLink, parse_link
from cardtable.cli.progress import progress_bar
from cardtable.engine.api import CardtableError, State, View
from cardtable.server.ratings import pool as pool_name

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))
import population_stats as stats  # the figures, pure, beside this file
from tests.server.helpers import ServerProcess, schema_url  # the tests' server, alike

DEFAULT_AGENTS = "random,greedy,ismcts:easy,ismcts:medium"
STATE_FILE = "population.json"


# ---- one game's true state, rebuilt by the harness that plays both seats ----------------

class Shadow:
    """A game's state rebuilt from its seed and the actions its seats played (each seat
    reports its own, which only it is told), for the agents' `sample_world`."""

    def __init__(self, game: str, players: int, seed: int) -> None:
        self.game, self.players, self.seed = game, players, seed
        self.state: State = load_game(game).new_game(players, seed)
        self.applied = 0                 # actions applied to `state`
        self.texts: dict[int, str] = {}  # action number (1-based) -> its text
        self.advanced = asyncio.Event()

    def record(self, n: int, text: str) -> None:
        self.texts.setdefault(n, text)
        while self.applied + 1 in self.texts:
            self.state.apply_text(self.texts[self.applied + 1])
            self.applied += 1
        self.advanced.set()

    async def view_at(self, n: int, seat: int, message: dict[str, Any],
                      timeout: float = 120.0) -> View:
        """The seat's view once the first `n` actions are known, checked against what
        the server sent the seat."""
        while self.applied < n:
            self.advanced.clear()
            await asyncio.wait_for(self.advanced.wait(), timeout)
        if self.applied != n:
            raise BotError(f"the rebuilt game is at action {self.applied}, the server's "
                           f"at {n}")
        if self.state.observation(seat) != message["observation"] or \
                [str(a) for a in self.state.legal_actions()] != message["legal"]:
            raise BotError(f"the rebuilt game differs from what the server sent seat "
                           f"{seat + 1} at action {n}")
        return self.state.view(seat)


def decide(game: str, players: int, seed: int, texts: list[str], seat: int, spec: str,
           agent_seed: int) -> str:
    """One decision in a worker process: the game rebuilt from its seed and actions, a
    fresh agent with this decision's own seed, its choice for the seat's view."""
    rules = load_game(game)
    state = rules.new_game(players, seed)
    for text in texts:
        state.apply_text(text)
    return str(make_agent(spec, rules, agent_seed).choose(state.view(seat)))


class PopulationBot(SeatBot):
    """`cardtable bot`'s seat client, its agent given the rebuilt game's view.

    With a process pool, a search agent's decisions are made in the pool (the harness's
    threads share one core; the searches are the run's work), each by an agent made for
    that decision with a seed drawn from the bot's own sequence, so the run stays
    seeded; cheap agents decide here."""

    def __init__(self, link: SeatLink, spec: str, seed: int, shadow: Shadow,
                 thinking: list[float], pool: ProcessPoolExecutor | None = None) -> None:
        super().__init__(link, spec, seed, say=lambda _line: None)
        self.shadow = shadow
        self.thinking = thinking
        self.pool = pool if spec.startswith("ismcts") else None

    def progress(self, entry: dict[str, Any]) -> None:
        super().progress(entry)
        if entry["seat"] == self.link.seat and entry.get("action"):
            self.shadow.record(entry["n"], entry["action"])

    async def choose(self, message: dict[str, Any]) -> str:
        assert self.agent is not None
        view = await self.shadow.view_at(message["n"], self.link.seat, message)
        started = time.perf_counter()
        if self.pool is not None and len(message["legal"]) > 1:
            shadow = self.shadow
            texts = [shadow.texts[i] for i in range(1, message["n"] + 1)]
            text = await asyncio.get_running_loop().run_in_executor(
                self.pool, decide, shadow.game, shadow.players, shadow.seed, texts,
                self.link.seat, self.spec, self.rng.randrange(2**62))
        else:
            text = str(await asyncio.to_thread(self.agent.choose, view))
        if len(message["legal"]) > 1:
            self.thinking.append(time.perf_counter() - started)
        if text not in message["legal"]:
            raise BotError(f"agent {self.spec!r} chose {text!r}, which is not legal now")
        return text


# ---- the run's state ---------------------------------------------------------------------

@dataclass
class Account:
    index: int
    name: str
    password: str
    level: str
    client: httpx.AsyncClient | None = None


@dataclass
class Run:
    args: argparse.Namespace
    base: str
    accounts: list[Account]
    schedule: list[tuple[int, int, int]]       # (game index, seat 0's account, seat 1's)
    done: dict[int, dict[str, Any]] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)
    thinking: dict[str, list[float]] = field(default_factory=dict)
    pool: ProcessPoolExecutor | None = None
    state_path: Path | None = None

    def save(self) -> None:
        if self.state_path is None:
            return
        data = {"settings": settings(self.args),
                "accounts": [{"name": a.name, "password": a.password, "level": a.level}
                             for a in self.accounts],
                "done": [self.done[i] for i in sorted(self.done)]}
        tmp = self.state_path.with_suffix(".tmp")
        tmp.write_text(json.dumps(data))
        tmp.replace(self.state_path)


def settings(args: argparse.Namespace) -> dict[str, Any]:
    """What makes a run the same run (a resumed one must match)."""
    return {"accounts": args.accounts, "agents": args.agents, "game": args.game,
            "seed": args.seed, "clock": args.clock}


def levels_of(args: argparse.Namespace) -> list[str]:
    return [a.strip() for a in args.agents.split(",") if a.strip()]


def make_schedule(accounts: int, games: int, seed: int) -> list[tuple[int, int, int]]:
    """Rounds of random pairings of all accounts, cut at `games` games."""
    rng = random.Random(f"population-schedule-{seed}")
    out: list[tuple[int, int, int]] = []
    while len(out) < games:
        order = list(range(accounts))
        rng.shuffle(order)
        for a, b in zip(order[0::2], order[1::2], strict=False):
            if len(out) == games:
                break
            out.append((len(out), a, b))     # the shuffle drew the seats' order too
    return out


def new_accounts(args: argparse.Namespace) -> list[Account]:
    levels = levels_of(args)
    tag = secrets.token_hex(2)     # names of their own on a server that has had runs
    rng = random.Random(f"population-levels-{args.seed}")
    shares = [levels[i % len(levels)] for i in range(args.accounts)]
    rng.shuffle(shares)
    return [Account(i, f"pop{tag}-{i:03d}", secrets.token_urlsafe(18), shares[i])
            for i in range(args.accounts)]


# ---- HTTP ----------------------------------------------------------------------------------

async def sign_up_all(run: Run, resumed: bool) -> None:
    gate = asyncio.Semaphore(4)

    async def one(account: Account) -> None:
        account.client = httpx.AsyncClient(base_url=run.base, timeout=60,
                                           limits=httpx.Limits(max_connections=2))
        body = {"name": account.name, "password": account.password}
        async with gate:
            answer = await account.client.post("/api/session" if resumed else "/api/accounts",
                                               json=body)
        if answer.status_code not in (200, 201):
            raise SystemExit(f"{'sign-in' if resumed else 'sign-up'} of {account.name} "
                             f"refused: {answer.status_code} {answer.text[:300]}")

    await asyncio.gather(*(one(a) for a in run.accounts))


async def play_game(run: Run, index: int, first: Account, second: Account) -> dict[str, Any]:
    assert first.client is not None and second.client is not None
    rng = random.Random(f"population-game-{run.args.seed}-{index}")
    seed = rng.randrange(2**32, 2**62)
    started = time.monotonic()
    made = await first.client.post("/api/games", json={
        "game": run.args.game, "players": 2, "seed": seed, "clock": run.args.clock,
        "rated": True, "listed": True, "title": f"population {index}",
        "seats": [{"kind": "human"}, {"kind": "open"}]})
    if made.status_code != 201:
        raise BotError(f"game {index}: creating it: {made.status_code} {made.text[:300]}")
    game = made.json()
    joined = await second.client.post(f"/api/games/{game['id']}/join", json={})
    if joined.status_code != 200:
        raise BotError(f"game {index}: joining it: {joined.status_code} {joined.text[:300]}")
    links = [parse_link(game["seats"][0]["link"], run.base),
             parse_link(joined.json()["link"], run.base)]
    shadow = Shadow(run.args.game, 2, seed)
    players = (first, second)
    bots = [PopulationBot(links[s], players[s].level, rng.randrange(2**62), shadow,
                          run.thinking.setdefault(players[s].level, []), run.pool)
            for s in range(2)]
    tasks = [asyncio.create_task(b.run()) for b in bots]
    try:
        results = await asyncio.gather(*tasks)
    finally:
        for t in tasks:     # one seat failed: its partner would wait for it forever
            t.cancel()
    # the result is stored before anybody is told of the end; wait a moment all the same
    for _ in range(50):
        got = await first.client.get(f"/api/games/{game['id']}/result")
        if got.status_code == 200 and got.json()["stored"]:
            break
        await asyncio.sleep(0.1)
    else:
        raise BotError(f"game {index} ({game['id']}): no stored result")
    result = got.json()
    if not result["rated"]:
        raise BotError(f"game {index} ({game['id']}) was not rated")
    by_seat = {s["seat"]: s for s in result["seats"]}
    return {"index": index, "id": game["id"], "seed": seed,
            "accounts": [first.index, second.index], "levels": [first.level, second.level],
            "winners": results[0].winners, "scores": results[0].scores,
            "actions": results[0].actions, "places": [by_seat[s]["place"] for s in (0, 1)],
            "changes": [by_seat[s].get("change") for s in (0, 1)],
            "seconds": round(time.monotonic() - started, 3)}


async def play_all(run: Run, console: Console) -> None:
    busy: set[int] = set()
    todo = [g for g in run.schedule if g[0] not in run.done]
    wake = asyncio.Event()
    queue_lock = asyncio.Lock()

    async def next_game() -> tuple[int, int, int] | None:
        """The first game in the schedule whose two accounts are free (so that each
        account plays its games one at a time, in the schedule's order)."""
        while True:
            async with queue_lock:
                if not todo:
                    return None
                blocked: set[int] = set()
                for k, (i, a, b) in enumerate(todo):
                    if a not in busy and b not in busy and \
                            a not in blocked and b not in blocked:
                        busy.update((a, b))
                        del todo[k]
                        return i, a, b
                    blocked.update((a, b))
            wake.clear()
            await wake.wait()

    with progress_bar(console, disable=run.args.quiet) as bar:
        task = bar.add_task(f"{run.args.game} rated games", total=len(run.schedule),
                            completed=len(run.done))

        async def worker() -> None:
            while (picked := await next_game()) is not None:
                i, a, b = picked
                try:
                    record = await play_game(run, i, run.accounts[a], run.accounts[b])
                    run.done[i] = record
                    run.save()
                    bar.advance(task)
                except (BotError, httpx.HTTPError, TimeoutError) as exc:
                    run.errors.append(f"game {i}: {type(exc).__name__}: {exc}")
                    if len(run.errors) > max(5, len(run.schedule) // 20):
                        raise SystemExit("too many games failed:\n" +
                                         "\n".join(run.errors[-5:])) from None
                finally:
                    busy.difference_update((a, b))
                    wake.set()

        await asyncio.gather(*(worker() for _ in range(run.args.concurrency)))


async def read_profiles(run: Run) -> list[dict[str, Any]]:
    pool = pool_name(run.args.game, 2)
    out = []
    async with httpx.AsyncClient(base_url=run.base, timeout=60) as client:
        for account in run.accounts:
            got = await client.get(f"/api/players/{account.name}")
            got.raise_for_status()
            profile = got.json()
            rating = next((r for r in profile["ratings"] if r["pool"] == pool), None)
            history = [h["rating"] for h in profile["history"].get(pool, [])]
            out.append({"name": account.name, "level": account.level,
                        "rating": rating["rating"] if rating else 1500,
                        "games": rating["games"] if rating else 0,
                        "trajectory": [1500, *history]})
    return out


# ---- the figures ---------------------------------------------------------------------------

def head_to_head(games: list[dict[str, Any]], levels: list[str]) -> dict[str, dict[str, Any]]:
    """Each level's score against each other (a win 1, a shared win 1/2), over the games
    between different levels."""
    table: dict[str, dict[str, Any]] = {}
    for g in games:
        a, b = g["levels"]
        if a == b:
            continue
        for seat, (me, them) in enumerate(((a, b), (b, a))):
            cell = table.setdefault(me, {}).setdefault(them, {"games": 0, "score": 0.0})
            cell["games"] += 1
            if seat in g["winners"]:
                cell["score"] += 1 / len(g["winners"])
    for row in table.values():
        for cell in row.values():
            cell["rate"] = round(cell["score"] / cell["games"], 3)
    return {lv: table.get(lv, {}) for lv in levels}


def order_contradictions(table: dict[str, dict[str, Any]], levels: list[str]) -> list[str]:
    """Where the games say the declared order is wrong: a level that scored at most half
    against the level declared just below it."""
    out = []
    for weaker, stronger in itertools.pairwise(levels):
        cell = table.get(stronger, {}).get(weaker)
        if cell is not None and cell["rate"] <= 0.5:
            out.append(f"{stronger} scored {cell['rate']:.2f} against {weaker} in "
                       f"{cell['games']} games, yet is declared the stronger")
    return out


def figures(run: Run, profiles: list[dict[str, Any]], wall: float) -> dict[str, Any]:
    levels = levels_of(run.args)
    strength = {lv: i for i, lv in enumerate(levels)}
    own = [p["level"] for p in profiles]
    ratings = [float(p["rating"]) for p in profiles]
    true = [float(strength[lv]) for lv in own]
    per_level = stats.level_figures(own, ratings, levels)
    trajectories = [p["trajectory"] for p in profiles]
    games = [run.done[i] for i in sorted(run.done)]
    thinking = {lv: {"decisions": len(t),
                     "median_ms": round(1000 * statistics.median(t), 2) if t else None,
                     "p90_ms": round(1000 * stats.percentile(t, 90), 2) if t else None}
                for lv, t in run.thinking.items()}
    means = [f.mean for f in per_level]
    h2h = head_to_head(games, levels)
    return {
        "what": "issue 27's simulated population (benchmarks/population.py)",
        "settings": {**settings(run.args), "games": run.args.games,
                     "concurrency": run.args.concurrency,
                     "server": run.args.base or ("postgresql" if run.args.pg else "sqlite")},
        "agents_weakest_first": levels,
        "pool": pool_name(run.args.game, 2),
        "accounts": len(profiles),
        "rated_games": len(games),
        "rated_games_seen_in_profiles": sum(p["games"] for p in profiles) // 2,
        "failed_games": run.errors,
        "wall_seconds": round(wall, 1),
        "seconds_per_game": round(statistics.fmean(g["seconds"] for g in games), 3)
        if games else None,
        "kendall": {**stats.kendall(ratings, true), "tau_b_in_order": stats.tau_b_in_order(true)},
        "level_means_in_order": all(x < y for x, y in itertools.pairwise(means)),
        "levels": [vars(f) for f in per_level],
        "head_to_head": h2h,
        "order_contradicted": order_contradictions(h2h, levels),
        "decision_time": thinking,
        "games_to_land": {
            "definition": "the fewest rated games k after which the account's rating "
                          "stayed inside its level's band to the end (k = 0: it never "
                          "left it from its first 1500); median and 90th percentile "
                          "(nearest rank) over the accounts that landed; 'never': "
                          "accounts whose last rating is outside the band",
            "nearest_level": {"band": "between the midpoints to the neighbouring levels' "
                                      "mean ratings (the ratings that place the account "
                                      "in its own level)",
                              **stats.landing(trajectories, own,
                                              stats.bands_nearest(per_level))},
            "mean_pm_sd": {"band": "its level's mean rating +- 1 standard deviation",
                           **stats.landing(trajectories, own, stats.bands_sd(per_level))},
        },
        "accounts_detail": [{k: p[k] for k in ("name", "level", "rating", "games",
                                               "trajectory")} for p in profiles],
        "games": games,
    }


def show(summary: dict[str, Any], console: Console) -> None:
    table = Table(title=f"{summary['accounts']} accounts, {summary['rated_games']} rated "
                        f"games of {summary['pool']}, {summary['wall_seconds']:g} s")
    for column in ("level", "accounts", "mean", "sd", "low", "high", "land A", "land B",
                   "ms/decision"):
        table.add_column(column, justify="right")
    landing_a = summary["games_to_land"]["nearest_level"]["per_level"]
    landing_b = summary["games_to_land"]["mean_pm_sd"]["per_level"]

    def land(x: dict[str, Any]) -> str:
        def text(v: Any) -> str:
            return "-" if v is None else f"{v:g}"

        return f"{text(x['median'])} / {text(x['p90'])} / {x['never']}"

    for f in summary["levels"]:
        lv = f["level"]
        table.add_row(lv, str(f["accounts"]), f"{f['mean']:.0f}", f"{f['sd']:.0f}",
                      f"{f['low']:.0f}", f"{f['high']:.0f}", land(landing_a[lv]),
                      land(landing_b[lv]),
                      str(summary["decision_time"].get(lv, {}).get("median_ms")))
    console.print(table)
    console.print("levels weakest first; land A/B: games to land in the band (median / "
                  "90th percentile / never), A between the midpoints to the neighbouring "
                  "levels' means, B the level's mean +- 1 sd; ms/decision: median")
    k = summary["kendall"]
    console.print(f"Kendall tau-b {k['tau_b']:.3f} ({k['tau_b_in_order']:.3f} for a perfect "
                  f"order), tau-c {k['tau_c']:.3f} ({k['by']}); level means in "
                  f"order: {summary['level_means_in_order']}")
    for name in ("nearest_level", "mean_pm_sd"):
        x = summary["games_to_land"][name]
        console.print(f"games to land ({x['band']}): median {x['median']}, 90th "
                      f"percentile {x['p90']}, never landed {x['never']} of {x['accounts']}")
    rows = summary["head_to_head"]
    console.print("head to head (row's score against column): " + "; ".join(
        f"{a} v {b} {c['rate']:.2f} ({c['games']})" for a, r in rows.items()
        for b, c in r.items()))
    for line in summary["order_contradicted"]:
        console.print(f"[bold]the declared order is contradicted:[/] {line}")
    if summary["failed_games"]:
        console.print(f"{len(summary['failed_games'])} games failed: "
                      f"{summary['failed_games'][:3]}")


# ---- the server and the whole run ----------------------------------------------------------

@contextlib.contextmanager
def server_for(args: argparse.Namespace, workdir: Path) -> Iterator[str]:
    if args.base:
        yield args.base.rstrip("/")
        return
    # the accounts and their games all come from this one address: the server's own
    # options raise its per-address limits for the run (the defaults stay as they are)
    extra = ["--ai-workers", "1",
             "--signups-per-address", str(min(100_000, args.accounts + 10)),
             "--games-per-address", str(min(100_000, max(1000, 4 * args.concurrency))),
             "--sockets-per-address", str(min(100_000, max(256, 4 * args.concurrency)))]
    with contextlib.ExitStack() as stack:
        if args.pg:
            url = stack.enter_context(contextlib.contextmanager(schema_url)(args.pg))
        else:
            url = f"sqlite:///{workdir / 'population.db'}"
        server = ServerProcess(url, extra=extra).start()
        stack.callback(server.stop)
        yield server.base


async def run_async(args: argparse.Namespace, console: Console) -> dict[str, Any]:
    levels = levels_of(args)
    try:
        for spec in levels:
            make_agent(spec, load_game(args.game), 0)
    except CardtableError as exc:         # an unknown game or agent: one clear error
        raise SystemExit(f"population: {exc}") from None
    if len(levels) < 2:
        raise SystemExit("give at least two agents of different strength in --agents")
    with contextlib.ExitStack() as stack:
        if args.workdir:
            workdir = Path(args.workdir)
            workdir.mkdir(parents=True, exist_ok=True)
        else:
            workdir = Path(stack.enter_context(tempfile.TemporaryDirectory()))
        state_path = workdir / STATE_FILE
        resumed = state_path.exists()
        if resumed and args.pg:
            raise SystemExit("a run on --pg is not resumable (its schema is dropped after)")
        base = stack.enter_context(server_for(args, workdir))
        if resumed:
            saved = json.loads(state_path.read_text())
            if saved["settings"] != settings(args):
                raise SystemExit(f"{state_path} is a run with other settings "
                                 f"({saved['settings']}): use another --workdir")
            accounts = [Account(i, a["name"], a["password"], a["level"])
                        for i, a in enumerate(saved["accounts"])]
            done = {d["index"]: d for d in saved["done"]}
        else:
            accounts, done = new_accounts(args), {}
        run = Run(args, base, accounts, make_schedule(args.accounts, args.games, args.seed),
                  done, state_path=state_path if args.workdir else None)
        if args.processes:
            run.pool = stack.enter_context(ProcessPoolExecutor(args.processes))
        started = time.monotonic()
        try:
            console.print(f"{'signing in' if resumed else 'signing up'} {len(accounts)} "
                          f"accounts on {base} ...")
            await sign_up_all(run, resumed)
            run.save()
            await play_all(run, console)
            profiles = await read_profiles(run)
        finally:
            for a in run.accounts:
                if a.client is not None:
                    await a.client.aclose()
        return figures(run, profiles, time.monotonic() - started)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--accounts", type=int, default=200)
    parser.add_argument("--games", type=int, default=5000)
    parser.add_argument("--agents", default=DEFAULT_AGENTS,
                        help=f"the levels, weakest first (default {DEFAULT_AGENTS}); "
                             "ismcts:N is N iterations a decision")
    parser.add_argument("--game", default="thalara")
    parser.add_argument("--clock", default="24h",
                        help="the rated games' time control (default 24h: a turn clock "
                             "that never runs out here)")
    parser.add_argument("--concurrency", type=int, default=None,
                        help="games at once (default 4, or half the accounts if fewer)")
    parser.add_argument("--processes", type=int, default=0,
                        help="search agents think in this many worker processes (one a "
                             "core; the harness's own threads share one); default 0: in "
                             "threads of this process")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default=None, metavar="FILE", help="the JSON summary")
    parser.add_argument("--workdir", default=None, metavar="DIR",
                        help="keep the database and the run's state here, to resume")
    parser.add_argument("--base", default=None, metavar="URL",
                        help="play on this server (started with --allow-seeds and "
                             "--signups-per-address above --accounts) instead of one "
                             "of our own")
    parser.add_argument("--pg", default=None, metavar="URL",
                        help="our server on this PostgreSQL database (in a schema of its "
                             "own, dropped after) instead of SQLite")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    args = parser.parse_args(argv)
    if args.concurrency is None:
        args.concurrency = max(1, min(4, args.accounts // 2))
    if args.accounts < 2 or args.games < 1 or args.concurrency < 1 or args.processes < 0:
        parser.error("--accounts at least 2, --games and --concurrency at least 1, "
                     "--processes at least 0")
    if args.concurrency > args.accounts // 2:
        parser.error("--concurrency at most half of --accounts (each plays one game at "
                     "a time)")
    if args.base and args.pg:
        parser.error("--base or --pg, not both")
    console = Console(stderr=True)
    summary = asyncio.run(run_async(args, console))
    if args.out:
        Path(args.out).write_text(json.dumps(summary, indent=1) + "\n")
    show(summary, Console())
    return 0


if __name__ == "__main__":
    sys.exit(main())
