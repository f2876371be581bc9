"""The FastAPI application: HTTP for the lobby and saved games, one websocket per
seat (or spectator) for live play, and the web client's files."""

from __future__ import annotations

import asyncio
import contextlib
import secrets
from collections import Counter
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from fastapi import FastAPI, HTTPException, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, PlainTextResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field

from cardtable import __version__, games, load_game
from cardtable.agents import agent_names, computer_name, make_agent
from cardtable.agents.ismcts import EXPERT, LEVELS
from cardtable.engine.api import CardtableError
from cardtable.engine.options import validate_options
from cardtable.engine.record import GameRecord
from cardtable.protocol import schema as protocol_schema
from cardtable.server import ratings
from cardtable.server.account_api import current_account
from cardtable.server.account_api import router as account_router
from cardtable.server.accounts import Accounts
from cardtable.server.analyses import AnalysisBusy, Analyst
from cardtable.server.api_models import (
    Abandoned,
    AnalysisStatus,
    Created,
    Healthy,
    Joined,
    LogEntry,
    Meta,
    PublicGame,
    Record,
    ReplayStep,
    Unhealthy,
    Whole,
    allow_every_method,
    answers,
)
from cardtable.server.chat import Chat
from cardtable.server.clocks import ON_TIMEOUT, ClockError, parse_time_control
from cardtable.server.cluster import make_cluster
from cardtable.server.learn import add_lessons
from cardtable.server.limits import BodyLimit, Limits
from cardtable.server.live import Live, client_address
from cardtable.server.metrics import Metrics
from cardtable.server.names import clean_text, told_apart
from cardtable.server.origin import OriginCheck
from cardtable.server.pages import router as pages_router
from cardtable.server.puzzle_api import router as puzzle_router
from cardtable.server.rating_api import rated_refusal
from cardtable.server.rating_api import router as rating_router
from cardtable.server.rooms import Room, RoomError, Rooms, replay
from cardtable.server.seeds import server_seed
from cardtable.server.seek_api import Matcher
from cardtable.server.seek_api import router as seek_router
from cardtable.server.seeks import Seeks
from cardtable.server.single import SingleProcess
from cardtable.server.storage import COMPUTER, HUMAN, OPEN, GameRow, Storage, holds

STATIC = Path(__file__).resolve().parent.parent / "web" / "static"
NO_GAME = "no such game"


# The values some fields take, stated in the API's description only: the route checks
# them itself and answers 400 with the reason, as it always has.
def _one_of(*values: str | None) -> dict[str, Any]:
    return {"enum": list(values)}


class SeatSpec(BaseModel):
    kind: str = Field(default=HUMAN, json_schema_extra=_one_of(HUMAN, OPEN, COMPUTER),
                      description="human (the creator holds it), open (for the lobby), "
                                  "computer")
    agent: str | None = Field(default=None, max_length=64)
    name: str | None = Field(default=None, max_length=200)


# Numbers and booleans are read as declared (api_models.Whole)
class CreateGame(BaseModel):
    game: str = Field(json_schema_extra=_one_of(*games()))
    players: Whole = 2
    seed: Whole | None = None
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[SeatSpec] | None = Field(default=None, max_length=8)
    title: str = Field(default="", max_length=500)
    listed: bool = Field(default=True, strict=True)
    computer_delay_ms: Whole = Field(default=0, ge=0, le=5000)
    clock: str | None = Field(default=None, max_length=32,
                              description="a time control: none, 5m+3s, 24h")
    on_timeout: str | None = Field(default=None, max_length=16,
                                   json_schema_extra=_one_of("computer", "forfeit", None))
    # between signed-in people, with a clock (server/rating_api.py)
    rated: bool = Field(default=False, strict=True)
    puzzle_source: bool = Field(
        default=False, strict=True,
        description="let the game's positions become puzzles once it is over (its record "
                    "may be collected by `cardtable puzzles collect`); a rematch does not "
                    "carry it")


class JoinSpec(BaseModel):
    name: str | None = Field(default=None, max_length=200)


def _links(row: GameRow) -> dict[str, Any]:
    """The creator's answer: a link with its token for each seat the creator holds,
    and the open seats (without a token: whoever joins from the lobby gets one)."""
    return {"watch": f"/g/{row.id}?watch=1",
            "seats": [{"seat": s.seat, "name": s.name, "kind": s.kind, "token": s.token,
                       "link": f"/g/{row.id}#seat={s.seat}&token={s.token}"}
                      for s in row.seats if s.kind == HUMAN and s.claimed],
            "open": [s.seat for s in row.seats if s.kind == HUMAN and not s.claimed]}


def _public(row: GameRow, room: Room | None) -> dict[str, Any]:
    connected = room.connected() if room is not None else [False] * len(row.seats)
    bots = room.bots() if room is not None else [False] * len(row.seats)
    return {"id": row.id, "game": row.game, "title": row.title or load_game(row.game).title,
            "players": row.players, "over": row.over, "winners": row.winners,
            "clock": row.clock, "on_timeout": row.on_timeout, "rated": row.rated,
            "puzzle_source": row.puzzle_source, "created": row.created,
            "actions": len(room.texts) if room is not None else None,
            "seats": [{"seat": s.seat, "name": s.name, "kind": s.kind,
                       "agent": s.agent if s.kind == COMPUTER else None,
                       "claimed": s.claimed or s.kind == COMPUTER,
                       "connected": connected[s.seat], "bot": bots[s.seat]}
                      for s in row.seats]}


def create_app(db_url: str, allow_seeds: bool = False, limits: Limits | None = None,
               start_pool: bool = True) -> FastAPI:
    """The server's app. With `allow_seeds`, whoever creates a game may choose its seed
    even when several humans play it (tests, benchmarks, agreed tournaments); otherwise
    only a game with at most one human seat takes a chosen seed, since its chooser
    could work out the deal. `limits`: the bounds on what clients may do."""
    limits = limits or Limits()
    single = SingleProcess(db_url)   # SQLite: this process alone, or refuse to start
    storage = Storage(db_url)
    cluster = make_cluster(db_url)
    rooms = Rooms(storage, limits, cluster=cluster)
    sockets: Counter[str] = Counter()   # open websockets per client address
    metrics = Metrics(rooms, sockets)
    analyst = Analyst(rooms, limits.analyses, limits.analysis_agent)
    matcher = Matcher(Seeks(storage, limits.seek_seconds, limits.seek_idle), rooms, limits)
    cluster.on_seeks = matcher.ended

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        single.acquire()
        try:
            if start_pool:
                rooms.pool.start()
            await cluster.start(rooms)
            await rooms.start()
            await matcher.start()
            yield
            await matcher.stop()
            await cluster.stop()
            await rooms.close()
            storage.close()
        finally:
            single.release()

    app = FastAPI(title="cardtable", version=__version__, lifespan=lifespan,
                  description="Thalara and The Vale of Eternity: the lobby, saved games, "
                              "accounts and ratings (docs/web.md). Live play is on the "
                              "websocket `/ws/{game_id}`, which this does not describe.")
    app.add_middleware(BodyLimit, limit=limits.body_bytes)
    app.add_middleware(OriginCheck)
    app.state.storage = storage
    app.state.accounts = Accounts(storage)
    app.state.hashing = asyncio.Semaphore(limits.hashing)
    app.state.rooms = rooms
    app.state.limits = limits
    app.state.cluster = cluster
    app.state.metrics = metrics
    app.state.matcher = matcher

    @app.exception_handler(RequestValidationError)
    async def invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        # FastAPI's own answer echoes each bad input, which may not even encode
        # (an unpaired surrogate): say where and what, never the input itself
        return JSONResponse({"detail": [{"loc": list(e.get("loc", ())), "msg": e.get("msg", ""),
                                         "type": e.get("type", "")} for e in exc.errors()]},
                            status_code=422)

    allow_every_method(app, not_found_page=STATIC / "notfound.html")

    @app.exception_handler(RecursionError)
    async def too_deep(_request: Request, _exc: RecursionError) -> JSONResponse:
        return JSONResponse({"detail": "the request body nests too deeply"}, status_code=400)

    creating = asyncio.Lock()     # games are created one at a time (see create_game)

    async def room_or_404(game_id: str) -> Room:
        try:
            return await rooms.load(game_id)
        except RoomError as exc:
            raise HTTPException(404, exc.message) from None

    # ---- pages -----------------------------------------------------------------

    @app.get("/", include_in_schema=False)
    async def index() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/g/{game_id}", include_in_schema=False)
    async def game_page(game_id: str) -> FileResponse:
        return FileResponse(STATIC / "index.html")

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.include_router(pages_router)
    app.include_router(account_router)
    app.include_router(rating_router)
    app.include_router(seek_router)
    app.include_router(puzzle_router)

    # ---- operations ------------------------------------------------------------

    @app.get("/healthz", response_model=None, responses=answers(
        Healthy, said="this process is up and its database answers", checked=False,
        also={503: {"model": Unhealthy, "description": "the database does not answer"}}))
    async def healthz() -> JSONResponse:
        """For a load balancer: the process is up and its database answers."""
        try:
            await asyncio.wait_for(rooms.writer.call(storage.ping), 5)
        except Exception as exc:
            return JSONResponse({"ok": False, "database": str(exc)[:200]}, status_code=503)
        return JSONResponse({"ok": True, "process": cluster.process,
                             "listening": cluster.hearing()})

    @app.get("/metrics", include_in_schema=False)
    async def prometheus() -> PlainTextResponse:
        from prometheus_client import CONTENT_TYPE_LATEST, generate_latest

        return PlainTextResponse(generate_latest(metrics.registry),
                                 media_type=CONTENT_TYPE_LATEST)

    # ---- the lobby -------------------------------------------------------------

    @app.get("/api/protocol", response_model=None,
             responses=answers(dict[str, Any], said="the game websocket protocol as a JSON Schema",
                               checked=False))
    async def protocol() -> dict[str, Any]:
        """The game websocket's protocol as a JSON Schema (docs/protocol.md), for those
        who write a client of their own."""
        return protocol_schema()

    @app.get("/api/meta", response_model=None,
             responses=answers(Meta, said="the games and the computer players",
                               checked=False))
    async def meta() -> dict[str, Any]:
        names = agent_names()
        levels = [f"{n}:{lv}" for n in names if n == "ismcts"
                  for lv in (*LEVELS, EXPERT)]
        # each game's options: a line of help each, and the declarations the lobby
        # builds its controls from (the server checks every option all the same)
        return {"games": [{"name": g, "title": load_game(g).title,
                           "min_players": load_game(g).min_players,
                           "max_players": load_game(g).max_players,
                           "options": load_game(g).option_help(),
                           "declared_options": [o.to_dict() for o in
                                                load_game(g).declared_options()]}
                          for g in games()],
                "agents": [n for n in names if n != "ismcts"] + levels,
                "level_ratings": ratings.LEVEL_RATINGS,
                "allow_computer_games": limits.allow_computer_games}

    @app.post("/api/games", status_code=201, response_model=None, responses=answers(
        Created, status=201, said="the game, with a link for each seat its creator holds",
        body=True, changes=True, refusals={
            400: "a game, player count, option, seed, clock, seat or agent the server "
                 "does not take, or a rated game that cannot be rated: `detail` says why",
            403: "a game without a human seat, on a server that plays none",
            429: "this address has the most unfinished games it may"}))
    async def create_game(spec: CreateGame, request: Request) -> JSONResponse:
        try:
            game = load_game(spec.game)
        except CardtableError as exc:
            raise HTTPException(400, str(exc)) from None
        if not game.min_players <= spec.players <= game.max_players:
            raise HTTPException(400, f"{game.title} is for {game.min_players} to "
                                     f"{game.max_players} players")
        declared = game.declared_options()
        if "cards" in spec.options or any(o.kind == "path" and o.name in spec.options
                                          for o in declared):
            raise HTTPException(400, "the server plays only with the shipped card sets")
        try:    # checked and normalised against the declarations ("Artifacts" is artifacts)
            options = (validate_options(game.name, declared, spec.options, spec.players)
                       if declared else dict(spec.options))
        except CardtableError as exc:
            raise HTTPException(400, str(exc)) from None
        if spec.seed is not None and not -(2**63) <= spec.seed < 2**63:
            raise HTTPException(400, "the seed must fit in 64 bits (-2**63 to 2**63 - 1)")
        seed = spec.seed if spec.seed is not None else server_seed()
        try:
            control = parse_time_control(spec.clock)
        except ClockError as exc:
            raise HTTPException(400, str(exc)) from None
        if spec.on_timeout is not None and spec.on_timeout not in ON_TIMEOUT:
            raise HTTPException(400, "on_timeout is 'computer' (the computer plays for a seat "
                                     "whose time ran out) or 'forfeit' (it loses)")
        try:
            game.new_game(spec.players, seed, **options)
        except CardtableError as exc:
            raise HTTPException(400, str(exc)) from None
        except TypeError as exc:
            raise HTTPException(400, f"bad options: {exc}") from None
        seat_specs = spec.seats or [SeatSpec() for _ in range(spec.players)]
        if len(seat_specs) != spec.players:
            raise HTTPException(400, f"give one seat for each of the {spec.players} players")
        seats: list[tuple[str, str | None, str]] = []
        for i, s in enumerate(seat_specs):
            if s.kind not in (HUMAN, OPEN, COMPUTER):
                raise HTTPException(400, f"seat {i + 1}: kind must be 'human', 'open' or "
                                         "'computer'")
            agent = None
            if s.kind == COMPUTER:
                agent = (s.agent or "random").strip().lower()
                try:
                    make_agent(agent, game, 0)
                except CardtableError as exc:
                    raise HTTPException(400, f"seat {i + 1}: {exc}") from None
            default = computer_name(agent) if agent else f"Player {i + 1}"
            seats.append((s.kind, agent, clean_text(s.name, 40) or default))
        humans = sum(kind != COMPUTER for kind, _, _ in seats)
        if humans == 0 and not limits.allow_computer_games:
            raise HTTPException(403, "this server plays no games without a human seat "
                                     "(its operator can allow them with "
                                     "--allow-computer-games)")
        if spec.seed is not None and humans > 1 and not allow_seeds:
            raise HTTPException(400, "a chosen seed would tell its chooser the deal: leave "
                                     "out 'seed' for a game of several humans (or start "
                                     "the server with --allow-seeds)")
        # a signed-in creator's first seat is bound to the account, under its name
        account = await current_account(request)
        if spec.rated:
            refusal = rated_refusal(game, options, [kind for kind, _, _ in seats], account,
                                    control.text if control is not None else None,
                                    spec.on_timeout, spec.listed)
            if refusal is not None:
                raise HTTPException(400, refusal)
        bound: list[int | None] = [None] * len(seats)
        if account is not None:
            for i, (kind, agent, _name) in enumerate(seats):
                if kind == HUMAN:
                    bound[i] = account.id
                    seats[i] = (kind, agent, account.name)
                    break
        seats = [(kind, agent, name) for (kind, agent, _), name in zip(
            seats, told_apart([name for _, _, name in seats]), strict=True)]
        creator = client_address(request)
        # the database work in a database thread; one creation at a time, so that an
        # address's count of unfinished games cannot be passed by asking twice at once
        async with creating:
            if await rooms.writer.call(storage.unfinished_by, creator) \
                    >= limits.games_per_address:
                raise HTTPException(429, f"you have {limits.games_per_address} unfinished "
                                         "games on this server, its limit: finish or "
                                         "abandon one first")
            row = await rooms.writer.call(
                lambda: storage.create_game(
                    game.name, spec.players, seed, options, seats,
                    clean_text(spec.title, 100), spec.listed, spec.computer_delay_ms,
                    creator=creator, clock=control.text if control is not None else None,
                    on_timeout=(spec.on_timeout or ("forfeit" if spec.rated else "computer"))
                    if control is not None else None, accounts=bound, rated=spec.rated,
                    puzzle_source=spec.puzzle_source))
        await rooms.created(await rooms.load(row.id))
        return JSONResponse({"id": row.id, **_links(row)}, status_code=201)

    @app.get("/api/games", response_model=None, responses=answers(
        list[PublicGame], said="the games listed in the lobby",
        refusals={400: "status is one of open, playing, over, all"}))
    async def list_games(status: str = Query(
            "open", json_schema_extra=_one_of("open", "playing", "over", "all"))
    ) -> list[dict[str, Any]]:
        """Games listed in the lobby. `open`: unfinished, with an open seat nobody has
        taken; `playing`: unfinished; `over`: finished; `all`."""
        over = {"open": False, "playing": False, "over": True, "all": None}.get(status)
        if status not in ("open", "playing", "over", "all"):
            raise HTTPException(400, "status is one of open, playing, over, all")
        out = []
        for row in storage.list_games(over=over):
            if not row.listed:
                continue  # reachable by its links only
            if status == "open" and not any(
                    s.kind == HUMAN and not s.claimed for s in row.seats):
                continue
            out.append(_public(row, rooms.rooms.get(row.id)))
        return out

    @app.get("/api/games/{game_id}", response_model=None, responses=answers(
        PublicGame, said="the game as anybody may see it", refusals={404: NO_GAME}))
    async def game_info(game_id: str) -> dict[str, Any]:
        room = await room_or_404(game_id)
        return _public(room.row, room)

    @app.post("/api/games/{game_id}/join", response_model=None, responses=answers(
        Joined, said="the seat taken, with its new token", body=True, changes=True,
        refusals={404: NO_GAME, 403: "a rated game takes signed-in players only",
                  409: "the game is over, has no open seat left, or (rated) has a seat "
                       "of this account already"}))
    async def join(game_id: str, request: Request,
                   spec: JoinSpec | None = None) -> dict[str, Any]:
        """Take the first open seat (one its creator left for the lobby): its number,
        token and link. A seat the creator holds is never given away: 409. Signed in,
        the seat is bound to the account and goes by its name."""
        room = await room_or_404(game_id)
        if room.row.over:
            raise HTTPException(409, "the game is over")
        account = await current_account(request)
        if room.row.rated:
            if account is None:
                raise HTTPException(403, "this game is rated: sign in to take a seat")
            if any(s.account == account.id for s in room.row.seats):
                raise HTTPException(409, "you have a seat in this rated game already")
        name = account.name if account is not None else \
            clean_text(spec.name if spec else None, 40)
        for s in room.row.seats:
            token = secrets.token_urlsafe(18)
            if s.kind == HUMAN and not s.claimed and storage.claim_seat(
                    game_id, s.seat, token, name or None,
                    account.id if account is not None else None,
                    only_seat=room.row.rated):
                s.claimed = True
                s.token = token
                s.account = account.id if account is not None else None
                if name:
                    s.name = name
                room.broadcast_seats()    # (other processes hear of it from the database)
                return {"seat": s.seat, "token": s.token,
                        "link": f"/g/{game_id}#seat={s.seat}&token={s.token}"}
        raise HTTPException(409, "this game has no open seat left")

    @app.delete("/api/games/{game_id}", response_model=None, responses=answers(
        Abandoned, said="the game is abandoned", changes=True, refusals={
            404: NO_GAME,
            403: "no token (`Authorization: Bearer`) of a seat its creator held",
            409: "the game is over, or is a rated game under way"}))
    async def abandon(game_id: str, request: Request) -> dict[str, Any]:
        """Abandon an unfinished game, with the token of a seat its creator held (not
        one taken from the lobby) as a bearer token (`Authorization: Bearer <token>`)."""
        room = await room_or_404(game_id)
        given = request.headers.get("authorization", "")
        token = given[7:].strip() if given[:7].lower() == "bearer " else ""
        if not any(not s.open and holds(s, token or None) for s in room.row.seats):
            raise HTTPException(403, "abandoning a game takes the token of a seat its "
                                     "creator held")
        if room.row.over:
            raise HTTPException(409, "the game is over: it stays as it ended")
        if room.row.rated and room.texts and all(s.claimed for s in room.row.seats):
            raise HTTPException(409, "a rated game under way is played to its end (a "
                                     "player whose time runs out loses)")
        await rooms.abandon(room)
        return {"id": game_id, "abandoned": True}

    @app.get("/api/games/{game_id}/log", response_model=None, responses=answers(
        list[LogEntry], said="the log, as a spectator reads it", refusals={404: NO_GAME}))
    async def game_log(game_id: str) -> list[dict[str, Any]]:
        """The game's log in words, as a spectator reads it."""
        return (await room_or_404(game_id)).log_for(None)

    @app.get("/api/games/{game_id}/replay/{step}", response_model=None, responses=answers(
        ReplayStep, said="the game after `step` actions, as a spectator saw it",
        refusals={404: f"{NO_GAME}, or no such step",
                  409: "replays are for finished games"}))
    async def replay_step(game_id: str, step: int) -> dict[str, Any]:
        """A finished game after `step` actions, as a spectator saw it."""
        room = await room_or_404(game_id)
        if not room.state.is_over():
            raise HTTPException(409, "replays are for finished games")
        total = len(room.texts)
        if not 0 <= step <= total:
            raise HTTPException(404, f"step is 0 to {total}")
        state, _ = await asyncio.to_thread(replay, room.game, room.row, room.texts[:step])
        return {"step": step, "total": total, "observation": state.observation(None),
                "seat": room.actors[step - 1] if step else None,
                "events": [e.to_dict(None) for e in room.events[step - 1]] if step else [],
                "catalogue": room.catalogue() if step == 0 else None}

    @app.post("/api/games/{game_id}/analysis", response_model=None, responses=answers(
        AnalysisStatus, said="the analysis is stored (`state`: done)", changes=True,
        refusals={404: NO_GAME, 409: "analyses are for finished games",
                  429: "the server analyses as many games as it may at once"},
        also={202: {"model": AnalysisStatus,
                    "description": "the analysis runs (`state`: running): its progress"}}))
    async def start_analysis(game_id: str) -> JSONResponse:
        """Analyse a finished game (once: asking again gives the stored analysis or
        the progress of the one under way)."""
        room = await room_or_404(game_id)
        if not room.state.is_over():
            raise HTTPException(409, "analyses are for finished games")
        try:
            status = await analyst.request(room)
        except AnalysisBusy as exc:
            raise HTTPException(429, str(exc)) from None
        return JSONResponse(status, status_code=200 if status["state"] == "done" else 202)

    @app.get("/api/games/{game_id}/analysis", response_model=None, responses=answers(
        AnalysisStatus, said="the analysis: done, running (its progress) or failed",
        refusals={404: f"{NO_GAME}, or nobody asked for its analysis"}))
    async def get_analysis(game_id: str) -> dict[str, Any]:
        """A finished game's analysis: `{"state": "running", "done", "total"}` while it
        is computed, then `{"state": "done", "analysis": {...}}`; 404 if nobody asked."""
        await room_or_404(game_id)
        status = await analyst.status(game_id)
        if status is None:
            raise HTTPException(404, "this game has not been analysed: POST to start")
        return status

    @app.get("/api/games/{game_id}/record", response_model=None, responses=answers(
        Record, said="the saved game",
        refusals={404: NO_GAME, 409: "the record is published when the game is over"}))
    async def record(game_id: str) -> dict[str, Any]:
        """The saved game (action texts) once it is over."""
        room = await room_or_404(game_id)
        if not room.state.is_over():
            raise HTTPException(409, "the record is published when the game is over")
        return GameRecord(room.row.game, room.row.players, room.row.seed,
                          dict(room.row.options), list(room.texts)).to_dict()

    # ---- live play ---------------------------------------------------------------

    chat = Chat(storage, limits)
    rooms.on_chat = chat.heard
    live = Live(rooms, storage, limits, metrics, sockets, chat, app.state.accounts)
    # lessons first: their socket's path has more parts than a game's
    add_lessons(app, STATIC, limits, sockets)
    app.websocket("/ws/{game_id}")(live.play)

    return app
