"""The FastAPI application: HTTP for the lobby and saved games, one websocket per
seat (or spectator) for live play, and the web client's files."""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from fastapi import FastAPI, HTTPException, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field

from cardtable import games, load_game
from cardtable.agents import agent_names, make_agent
from cardtable.engine.api import CardtableError
from cardtable.engine.record import GameRecord
from cardtable.server.pages import router as pages_router
from cardtable.server.rooms import Connection, Room, RoomError, Rooms, replay
from cardtable.server.storage import COMPUTER, HUMAN, GameRow, Storage

STATIC = Path(__file__).resolve().parent.parent / "web" / "static"


class SeatSpec(BaseModel):
    kind: str = HUMAN
    agent: str | None = None
    name: str | None = None


class CreateGame(BaseModel):
    game: str
    players: int = 2
    seed: int | None = None
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[SeatSpec] | None = None
    title: str = ""
    listed: bool = True
    computer_delay_ms: int = 0


def _links(row: GameRow) -> dict[str, Any]:
    return {"watch": f"/g/{row.id}?watch=1",
            "seats": [{"seat": s.seat, "name": s.name, "kind": s.kind, "token": s.token,
                       "link": f"/g/{row.id}#seat={s.seat}&token={s.token}"}
                      for s in row.seats if s.kind == HUMAN]}


def _public(row: GameRow, room: Room | None) -> dict[str, Any]:
    connected = room.connected() if room is not None else [False] * len(row.seats)
    return {"id": row.id, "game": row.game, "title": row.title or load_game(row.game).title,
            "players": row.players, "over": row.over, "winners": row.winners,
            "created": row.created,
            "actions": len(room.texts) if room is not None else None,
            "seats": [{"seat": s.seat, "name": s.name, "kind": s.kind,
                       "agent": s.agent if s.kind == COMPUTER else None,
                       "claimed": s.claimed or s.kind == COMPUTER,
                       "connected": connected[s.seat]} for s in row.seats]}


def create_app(db_url: str, allow_seeds: bool = False) -> FastAPI:
    """The server's app. With `allow_seeds`, whoever creates a game may choose its seed
    even when several humans play it (tests, benchmarks, agreed tournaments); otherwise
    only a game with at most one human seat takes a chosen seed, since its chooser
    could work out the deal."""
    storage = Storage(db_url)
    rooms = Rooms(storage)

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        rooms.resume_all()
        yield
        await rooms.close()
        storage.close()

    app = FastAPI(title="cardtable", lifespan=lifespan)
    app.state.storage = storage
    app.state.rooms = rooms

    def room_or_404(game_id: str) -> Room:
        try:
            return rooms.get(game_id)
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

    # ---- the lobby -------------------------------------------------------------

    @app.get("/api/meta")
    async def meta() -> dict[str, Any]:
        names = agent_names()
        levels = [f"{n}:{lv}" for n in names if n == "ismcts"
                  for lv in ("easy", "medium", "hard")]
        return {"games": [{"name": g, "title": load_game(g).title,
                           "min_players": load_game(g).min_players,
                           "max_players": load_game(g).max_players,
                           "options": load_game(g).option_help()} for g in games()],
                "agents": [n for n in names if n != "ismcts"] + levels}

    @app.post("/api/games")
    async def create_game(spec: CreateGame) -> JSONResponse:
        try:
            game = load_game(spec.game)
        except CardtableError as exc:
            raise HTTPException(400, str(exc)) from None
        if not game.min_players <= spec.players <= game.max_players:
            raise HTTPException(400, f"{game.title} is for {game.min_players} to "
                                     f"{game.max_players} players")
        if "cards" in spec.options:
            raise HTTPException(400, "the server plays only with the shipped card sets")
        if spec.seed is not None and not -(2**63) <= spec.seed < 2**63:
            raise HTTPException(400, "the seed must fit in 64 bits (-2**63 to 2**63 - 1)")
        seed = spec.seed if spec.seed is not None else secrets.randbelow(2**31)
        try:
            game.new_game(spec.players, seed, **spec.options)
        except CardtableError as exc:
            raise HTTPException(400, str(exc)) from None
        except TypeError as exc:
            raise HTTPException(400, f"bad options: {exc}") from None
        seat_specs = spec.seats or [SeatSpec() for _ in range(spec.players)]
        if len(seat_specs) != spec.players:
            raise HTTPException(400, f"give one seat for each of the {spec.players} players")
        seats: list[tuple[str, str | None, str]] = []
        for i, s in enumerate(seat_specs):
            if s.kind not in (HUMAN, COMPUTER):
                raise HTTPException(400, f"seat {i + 1}: kind must be 'human' or 'computer'")
            agent = None
            if s.kind == COMPUTER:
                agent = (s.agent or "random").strip().lower()
                try:
                    make_agent(agent, game, 0)
                except CardtableError as exc:
                    raise HTTPException(400, f"seat {i + 1}: {exc}") from None
            default = f"Computer ({agent})" if agent else f"Player {i + 1}"
            seats.append((s.kind, agent, (s.name or "").strip()[:40] or default))
        humans = sum(kind == HUMAN for kind, _, _ in seats)
        if spec.seed is not None and humans > 1 and not allow_seeds:
            raise HTTPException(400, "a chosen seed would tell its chooser the deal: leave "
                                     "out 'seed' for a game of several humans (or start "
                                     "the server with --allow-seeds)")
        delay = max(0, min(spec.computer_delay_ms, 5000))
        row = storage.create_game(game.name, spec.players, seed, spec.options, seats,
                                  spec.title.strip()[:100], spec.listed, delay)
        room = rooms.get(row.id)
        room.kick()
        return JSONResponse({"id": row.id, **_links(row)}, status_code=201)

    @app.get("/api/games")
    async def list_games(status: str = "open") -> list[dict[str, Any]]:
        """Games listed in the lobby. `open`: unfinished, with a free human seat;
        `playing`: unfinished; `over`: finished; `all`."""
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

    @app.get("/api/games/{game_id}")
    async def game_info(game_id: str) -> dict[str, Any]:
        room = room_or_404(game_id)
        return _public(room.row, room)

    @app.post("/api/games/{game_id}/join")
    async def join(game_id: str) -> dict[str, Any]:
        """Take the first free human seat: its number, token and link."""
        room = room_or_404(game_id)
        if room.row.over:
            raise HTTPException(409, "the game is over")
        for s in room.row.seats:
            # A fresh token: the creator's answer held this seat's first one.
            token = secrets.token_urlsafe(18)
            if s.kind == HUMAN and not s.claimed and storage.claim_seat(game_id, s.seat,
                                                                        token):
                s.claimed = True
                s.token = token
                return {"seat": s.seat, "token": s.token,
                        "link": f"/g/{game_id}#seat={s.seat}&token={s.token}"}
        raise HTTPException(409, "every seat of this game is taken")

    @app.get("/api/games/{game_id}/log")
    async def game_log(game_id: str) -> list[dict[str, Any]]:
        """The game's log in words, as a spectator reads it."""
        return room_or_404(game_id).log_for(None)

    @app.get("/api/games/{game_id}/replay/{step}")
    async def replay_step(game_id: str, step: int) -> dict[str, Any]:
        """A finished game after `step` actions, as a spectator saw it."""
        room = room_or_404(game_id)
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

    @app.get("/api/games/{game_id}/record")
    async def record(game_id: str) -> dict[str, Any]:
        """The saved game (action texts) once it is over."""
        room = room_or_404(game_id)
        if not room.state.is_over():
            raise HTTPException(409, "the record is published when the game is over")
        return GameRecord(room.row.game, room.row.players, room.row.seed,
                          dict(room.row.options), list(room.texts)).to_dict()

    # ---- live play ---------------------------------------------------------------

    @app.websocket("/ws/{game_id}")
    async def play(ws: WebSocket, game_id: str) -> None:
        await ws.accept()
        conn = Connection(ws.send_text)
        writer = asyncio.create_task(conn.writer())
        room: Room | None = None
        try:
            try:
                room = rooms.get(game_id)
            except RoomError as exc:
                conn.send({"type": "error", "code": exc.code, "message": exc.message})
                conn.close()
                await writer
                await ws.close(code=4404)
                return
            while True:
                raw = await ws.receive_text()
                await handle(room, conn, raw)
        except WebSocketDisconnect:
            pass
        finally:
            if room is not None:
                room.leave(conn)
            conn.close()
            writer.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await writer

    async def handle(room: Room, conn: Connection, raw: str) -> None:
        msg_id: Any = None
        try:
            try:
                msg = json.loads(raw)
            except json.JSONDecodeError:
                raise RoomError("malformed", "a message must be a JSON object") from None
            if not isinstance(msg, dict):
                raise RoomError("malformed", "a message must be a JSON object")
            msg_id = msg.get("id")
            kind = msg.get("type")
            if kind not in ("hello", "ping", "act", "undo"):
                raise RoomError("malformed", f"unknown message type {kind!r}; types: hello, "
                                             "act, undo, ping")
            if kind == "hello":
                seat = msg.get("seat")
                token = msg.get("token")
                if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)):
                    raise RoomError("malformed", "'seat' must be a seat number from 0")
                if token is not None and not isinstance(token, str):
                    raise RoomError("malformed", "'token' must be a string")
                room.join(conn, seat, token)
            elif kind == "ping":
                conn.send({"type": "pong", "id": msg_id})
            elif not conn.joined:
                raise RoomError("hello_first", "say hello first (with your seat and token, "
                                               "or none to watch)")
            elif kind == "act":
                text = msg.get("action")
                expect = msg.get("n")
                if not isinstance(text, str):
                    raise RoomError("malformed", "'action' must be an action text")
                if expect is not None and (not isinstance(expect, int)
                                           or isinstance(expect, bool)):
                    raise RoomError("malformed", "'n' must be the number of actions seen")
                if conn.viewer is None:
                    raise RoomError("spectator", "spectators cannot play")
                n = await room.submit(conn.viewer, text, expect_n=expect)
                conn.send({"type": "ack", "id": msg_id, "n": n})
            else:
                if conn.viewer is None:
                    raise RoomError("spectator", "spectators cannot undo")
                await room.undo(conn.viewer)
        except RoomError as exc:
            conn.send({"type": "error", "code": exc.code, "message": exc.message,
                       "id": msg_id})

    return app
