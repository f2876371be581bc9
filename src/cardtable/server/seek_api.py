"""Quick pairing over HTTP (issue 27, part 5): post a seek, wait for it to be paired,
cancel it; the lobby lists the open seeks.

- `POST /api/seeks` `{"game", "players", "clock", "rated", "name"}`: 201 with the seek's
  `id` and `secret`. Rated seeks need an account (and a clock); guests may seek
  unrated games, under the name they give.
- `GET /api/seeks/{id}?wait=S` (the secret as `Authorization: Bearer`, or the session of
  the seek's account): the seek's state; while it is open the answer waits up to S
  seconds (at most `limits.seek_wait`) for it to be paired: a long poll, answered at
  once when the pairing happens on any process (its notification wakes the waiters of
  every process). Paired, it carries the seeker's own seat: game, seat, token, link.
  Each ask keeps the seek alive (a long poll, until its wait is over); one nobody has
  asked about for `limits.seek_idle` seconds (the page was closed) is dropped rather
  than paired with a player who is gone.
- `DELETE /api/seeks/{id}` (the same proof): cancelled; 409 once it is paired.
- `GET /api/seeks`: the open seeks, for the lobby's list (no secret, no address).

The `Matcher` runs pairing passes (server/seeks.py): at once when a seek is posted on
this process, and every `EVERY` seconds while any seek is open anywhere (the bands
widen with waiting). Passes on one process run one after another and coalesce: posts
that come during a pass are served by the next one.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import secrets
import time
from collections import Counter
from typing import TYPE_CHECKING, Any

from fastapi import APIRouter, HTTPException, Request
from pydantic import BaseModel, Field

from cardtable import games, load_game
from cardtable.server.account_api import current_account
from cardtable.server.api_models import OpenSeek, Seek, SeekCancelled, Whole, answers
from cardtable.server.clocks import ClockError, parse_time_control
from cardtable.server.live import client_address
from cardtable.server.names import clean_text
from cardtable.server.seeks import OPEN, PAIRED, SeekRefused, SeekRow, Seeks, hash_secret

if TYPE_CHECKING:
    from cardtable.server.limits import Limits
    from cardtable.server.rooms import Rooms

log = logging.getLogger("cardtable.server")

EVERY = 1.0          # seconds between two passes of a process while seeks are open

router = APIRouter()


class SeekSpec(BaseModel):
    # numbers and booleans read as declared, as POST /api/games reads them (api_models)
    game: str = Field(max_length=32)
    players: Whole = Field(default=2, ge=2, le=8)
    clock: str | None = Field(default=None, max_length=32)
    rated: bool = Field(default=False, strict=True)
    name: str | None = Field(default=None, max_length=200)   # a guest's


class Matcher:
    """This process's pairing passes, and the seekers waiting here for their answer."""

    def __init__(self, seeks: Seeks, rooms: Rooms, limits: Limits) -> None:
        self.seeks = seeks
        self.rooms = rooms
        self.limits = limits
        self.waiters: dict[str, set[asyncio.Event]] = {}
        self.waiting: Counter[str] = Counter()      # long polls open, per address
        self.passes = 0
        self._wake: asyncio.Event | None = None
        self._task: asyncio.Task[None] | None = None

    async def start(self) -> None:
        self._wake = asyncio.Event()
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
        for events in self.waiters.values():
            for event in events:
                event.set()

    def soon(self) -> None:
        """A seek was posted here: a pass now (or right after the one under way)."""
        if self._wake is not None:
            self._wake.set()

    def ended(self, seek_ids: list[str]) -> None:
        """These seeks left `open` (here or on another process): wake their waiters."""
        for seek_id in seek_ids:
            for event in self.waiters.get(seek_id, ()):
                event.set()

    async def _run(self) -> None:
        assert self._wake is not None
        while True:
            woken = False
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), EVERY * random.uniform(0.8, 1.2))
                woken = True
            self._wake.clear()
            try:
                if woken or await self.rooms.writer.call(self.seeks.any_open):
                    await self.run_pass()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("pairing pass")
                await asyncio.sleep(0.5)

    async def run_pass(self) -> int:
        """One pass; the games it created."""
        paired = await self.rooms.writer.call(self.seeks.match)
        self.passes += 1
        # The new games are not loaded here: a room is loaded where its seats say hello,
        # and its clocks (which start once every seat has come) are run by this process
        # alone (SQLite) or by the process that adopts the game within a sweep
        # (PostgreSQL, server/cluster.py). Loading fifty rooms at once here held up the
        # answers to the very seekers just paired.
        self.ended(paired.ended)
        return len(paired.games)

    @contextlib.contextmanager
    def waiting_for(self, seek_id: str, address: str) -> Any:
        """Register a waiter (before the seek is read again, so that no pairing falls
        between the read and the wait); 429 past the bounds."""
        if self.waiting[address] >= self.limits.seek_waiters_per_address or \
                sum(self.waiting.values()) >= self.limits.seek_waiters:
            raise HTTPException(429, "too many seeks waited on at once: ask without "
                                     "`wait`, or later")
        event = asyncio.Event()
        self.waiters.setdefault(seek_id, set()).add(event)
        self.waiting[address] += 1
        try:
            yield event
        finally:
            self.waiting[address] -= 1
            if self.waiting[address] <= 0:
                del self.waiting[address]
            events = self.waiters.get(seek_id)
            if events is not None:
                events.discard(event)
                if not events:
                    del self.waiters[seek_id]


def _matcher(request: Request) -> Matcher:
    matcher: Matcher = request.app.state.matcher
    return matcher


async def _db(request: Request, fn: Any, *args: Any) -> Any:
    return await request.app.state.rooms.writer.call(fn, *args)


async def _own_seek(request: Request, seek_id: str) -> tuple[SeekRow, str | None]:
    """The seek (and, paired, its seat's token), if the request proves it is the
    seeker's: the seek's secret as a bearer token, or the session of the seek's
    account. 404 for no such seek, 403 without the proof (the same for every seek, so
    ids cannot be tried for secrets)."""
    if len(seek_id) > 32:
        raise HTTPException(404, "there is no such seek")
    found = await _db(request, _matcher(request).seeks.get, seek_id)
    if found is None:
        raise HTTPException(404, "there is no such seek")
    row: SeekRow = found[0]
    hashed: str = found[1]
    token: str | None = found[2]
    given = request.headers.get("authorization", "")
    secret = given[7:].strip() if given[:7].lower() == "bearer " else ""
    if secret and len(secret) <= 100 and secrets.compare_digest(hash_secret(secret), hashed):
        return row, token
    if row.account is not None:
        account = await current_account(request)
        if account is not None and account.id == row.account:
            return row, token
    raise HTTPException(403, "this seek is answered to its seeker only: its secret as "
                             "`Authorization: Bearer <secret>`, or its account's session")


def _answer(request: Request, row: SeekRow, token: str | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"id": row.id, "state": row.state, "game": row.game,
                           "players": row.players, "clock": row.clock, "rated": row.rated,
                           "name": row.name, "rating": row.rating if row.rated else None,
                           "created": row.created,
                           "expires": row.created + _matcher(request).seeks.lifetime}
    if row.state == PAIRED and row.game_id is not None and row.seat is not None:
        out.update({"game_id": row.game_id, "seat": row.seat, "token": token,
                    "link": f"/g/{row.game_id}#seat={row.seat}&token={token}"})
    return out


OWN = {403: "the seek is answered to its seeker only (its secret, or its account's "
            "session)", 404: "there is no such seek"}


@router.post("/api/seeks", status_code=201, response_model=None, responses=answers(
    Seek, status=201, said="the seek, with its secret", body=True, changes=True,
    refusals={400: "a game, player count or clock that cannot be",
              403: "a rated seek by a guest", 409: "the account has an open seek",
              429: "past the seeks allowed to the address or the server"}))
async def post_seek(spec: SeekSpec, request: Request) -> dict[str, Any]:
    """Seek a game. 400 for a game, player count or clock that cannot be; 403 for a
    rated seek by a guest; 409 when the account has an open seek; 429 past the
    limits."""
    if spec.game not in games():
        raise HTTPException(400, f"there is no game {spec.game!r} here (games: "
                                 f"{', '.join(games())})")
    game = load_game(spec.game)
    if not game.min_players <= spec.players <= game.max_players:
        raise HTTPException(400, f"{game.title} is for {game.min_players} to "
                                 f"{game.max_players} players")
    try:
        control = parse_time_control(spec.clock)
    except ClockError as exc:
        raise HTTPException(400, str(exc)) from None
    account = await current_account(request)
    if spec.rated and account is None:
        raise HTTPException(403, "rated games are between signed-in players: sign in to "
                                 "seek one (guests may seek unrated games)")
    if spec.rated and control is None:
        raise HTTPException(400, "a rated game needs a clock (so that it ends): choose a "
                                 "time control")
    limits: Limits = request.app.state.limits
    address = client_address(request)
    name = account.name if account is not None else (clean_text(spec.name, 40) or "Guest")
    matcher = _matcher(request)
    try:
        row, secret = await _db(request, lambda: matcher.seeks.post(
            game.name, spec.players, control.text if control is not None else None,
            spec.rated, account.id if account is not None else None, name, address,
            per_address=limits.seeks_per_address,
            posts_per_window=limits.seek_posts_per_address, window=limits.seek_window,
            total=limits.seeks, games_per_address=limits.games_per_address))
    except SeekRefused as exc:
        raise HTTPException(exc.status, exc.message) from None
    matcher.soon()
    return {**_answer(request, row), "secret": secret}


@router.get("/api/seeks", response_model=None, responses=answers(
    list[OpenSeek], said="the open seeks, longest-waiting first", checked=False))
async def list_seeks(request: Request) -> list[dict[str, Any]]:
    """The open seeks, longest-waiting first (at most 100): what each asks for, the
    seeker's name and, rated, rating, and how long it has waited."""
    now = time.time()
    rows: list[SeekRow] = await _db(request, _matcher(request).seeks.open_seeks)
    return [{"id": r.id, "game": r.game, "title": load_game(r.game).title,
             "players": r.players, "clock": r.clock, "rated": r.rated, "name": r.name,
             "rating": r.rating if r.rated else None,
             "waited": round(max(0.0, now - r.created), 1)} for r in rows]


@router.get("/api/seeks/{seek_id}", response_model=None, responses=answers(
    Seek, said="the seek (paired: with the seeker's seat)",
    refusals={**OWN, 429: "too many seeks waited on at once from the address"}))
async def get_seek(seek_id: str, request: Request, wait: float = 0.0) -> dict[str, Any]:
    """The seeker's seek; with `wait`, held until it is no longer open or `wait`
    seconds (at most `limits.seek_wait`) have passed."""
    matcher = _matcher(request)
    limits: Limits = request.app.state.limits
    wait = min(max(0.0, wait), limits.seek_wait)
    # the waiter is registered before the seek is read, so that no pairing can fall
    # between the read and the wait unheard (one read answers a seek paired already)
    with (matcher.waiting_for(seek_id, client_address(request)) if wait > 0
          else contextlib.nullcontext(None)) as event:
        row, token = await _own_seek(request, seek_id)
        if row.state != OPEN:
            return _answer(request, row, token)
        # the seek is kept alive through this wait; one that stays alive past it by
        # half the idle time anyway needs no write (which would wait for a pairing pass
        # that holds the seek's row: a crowd posting at once would queue behind it)
        if row.seen < time.time() + wait - limits.seek_idle / 2:
            await _db(request, matcher.seeks.seen_now, seek_id, wait)
        if event is None:
            return _answer(request, row)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(event.wait(), wait)
        found = await _db(request, matcher.seeks.get, seek_id)
    return _answer(request, found[0], found[2]) if found is not None else \
        _answer(request, row)


@router.delete("/api/seeks/{seek_id}", response_model=None, responses=answers(
    SeekCancelled, said="the seek is cancelled", changes=True,
    refusals={**OWN, 409: "the seek is paired (its game waits) or over already"}))
async def cancel_seek(seek_id: str, request: Request) -> dict[str, Any]:
    """Cancel the seeker's open seek; 409 when it is paired (its game is waiting:
    `GET` it for the seat) or over."""
    await _own_seek(request, seek_id)
    matcher = _matcher(request)
    if not await _db(request, matcher.seeks.cancel, seek_id):
        found = await _db(request, matcher.seeks.get, seek_id)
        state = found[0].state if found is not None else "over"
        raise HTTPException(409, f"this seek is {state} already"
                                 + (": your game is waiting" if state == PAIRED else ""))
    matcher.ended([seek_id])
    return {"id": seek_id, "state": "cancelled"}
