"""Lessons in the browser: `/learn/{game}` and its table.

A lesson part is played in this process, per connection, by the same walker as
`cardtable learn` (cardtable.learn.walk): the other seats play their script, the
learner may play only the step's action (the engine validates it, and anything else is
refused with the step's words), and nothing is stored. The table talks to it with the
game protocol it already speaks (hello, act; welcome, update, ack, error), on
`/ws/learn/{game}/{part}`, so the page runs the real table unchanged. A hello's `token`
is where the learner stands (the number of actions played), kept by the browser: a
reload replays the script to there.

Every message is bounded as on a game's socket (size, depth, a rate budget), and the
sockets count against the same per-address limit.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import Counter
from typing import Any

from fastapi import APIRouter, FastAPI, HTTPException, WebSocket
from fastapi.responses import FileResponse

from cardtable.engine.api import CardtableError
from cardtable.learn import lessons, load_lesson
from cardtable.learn.model import LEARNER, Lesson
from cardtable.learn.walk import NotInLesson, Walk
from cardtable.server.api_models import About, LessonIndex, answers
from cardtable.server.connection import CLOSE_NO_GAME, CLOSE_RATE, Connection
from cardtable.server.limits import COSTS, BadMessage, Limits, parse_message
from cardtable.server.live import client_address, over_budget

MAX_RESUME = 10_000    # a hello's place beyond any script is read as "the end"


def lesson_or_404(game: str, part: int) -> Lesson:
    try:
        lesson = load_lesson(game)
    except CardtableError as exc:
        raise HTTPException(404, str(exc)) from None
    if not 1 <= part <= len(lesson.parts):
        raise HTTPException(404, f"{lesson.title} has parts 1 to {len(lesson.parts)}")
    return lesson


def lesson_info(lesson: Lesson, part: int, walk: Walk) -> dict[str, Any]:
    """What the page needs of the lesson where the learner stands: the steps due now
    (read, then the one action) with what each teaches, and the counts. Only the steps
    due now: a later step's words tell what the other seats will do, which the learner
    may not know yet; and the other seats' script is never sent."""
    sections = {s.key: s.title for s in lesson.sections}
    return {"game": lesson.game, "title": lesson.title, "part": part,
            "parts": [p.title for p in lesson.parts],
            "steps": [{"index": p.index, "n": p.n, "say": p.step.say,
                       "action": p.step.action, "at": p.step.at,
                       "teaches": [sections[k] for k in p.step.teaches]}
                      for p in walk.due()],
            "total": len(walk.steps), "end": len(walk.moves)}


class LessonSocket:
    """One connection's lesson part."""

    def __init__(self, lesson: Lesson, part: int, conn: Connection) -> None:
        self.lesson = lesson
        self.part = part
        self.conn = conn
        self.walk = Walk(lesson, part - 1)
        self.names = list(self.walk.part.names)
        self.game_id = f"learn/{lesson.game}/{part}"

    def seats(self) -> list[dict[str, Any]]:
        return [{"seat": i, "name": name, "kind": "human" if i == LEARNER else "lesson",
                 "agent": None, "open": False} for i, name in enumerate(self.names)]

    def snapshot(self) -> dict[str, Any]:
        state = self.walk.state
        current = state.current_player()
        over = state.is_over()
        return {"n": self.walk.n, "observation": state.observation(LEARNER),
                "current_player": current,
                "legal": [str(a) for a in state.legal_actions()] if current == LEARNER else [],
                "decision": self.walk.game.decision(state, LEARNER, self.names),
                "over": over, "winners": state.winners() if over else None,
                "scores": state.scores() if over else None,
                "connected": [True] * len(self.names), "can_undo": False, "clock": None}

    def log(self) -> list[dict[str, Any]]:
        return [{"n": i + 1, "seat": seat,
                 "action": self.walk.moves[i].text if seat == LEARNER else None, "by": None,
                 "events": [e.to_dict(LEARNER) for e in events]}
                for i, (seat, events) in enumerate(zip(self.walk.actors, self.walk.events,
                                                       strict=True))]

    def welcome(self) -> dict[str, Any]:
        game = self.walk.game
        return {"type": "welcome", "game_id": self.game_id, "game": self.lesson.game,
                "title": f"{self.lesson.title}: {self.walk.part.title}", "seat": LEARNER,
                "seats": self.seats(), "catalogue": game.catalogue(self.walk.state.options),
                "log": self.log(), "rematch": None,
                "lesson": lesson_info(self.lesson, self.part, self.walk), **self.snapshot()}

    def update(self, seat: int, text: str | None, events: list[Any]) -> dict[str, Any]:
        return {"type": "update", "seat": seat, "action": text if seat == LEARNER else None,
                "by": None, "events": [e.to_dict(LEARNER) for e in events],
                "lesson": lesson_info(self.lesson, self.part, self.walk), **self.snapshot()}

    async def hello(self, msg: dict[str, Any]) -> None:
        token = msg.get("token")
        if token is not None and not isinstance(token, str):
            raise NotInLesson("'token' is the number of actions played, as text")
        where = 0
        if token and token.isdigit() and len(token) <= 6:
            where = min(int(token), MAX_RESUME)
        # the script replays in a thread: a few dozen actions, but not on the event loop
        await asyncio.to_thread(self.walk.go_to, where)
        self.conn.joined = True
        self.conn.viewer = LEARNER
        self.conn.send(self.welcome())

    async def act(self, msg: dict[str, Any], msg_id: Any) -> None:
        text = msg.get("action")
        if not isinstance(text, str) or len(text) > 200:
            raise NotInLesson("'action' must be an action text")
        expect = msg.get("n")
        if expect is not None and expect != self.walk.n:
            raise Stale()
        events = self.walk.answer(text)
        self.conn.send(self.update(LEARNER, text, events))
        while True:     # the other seats' moves, one update each, as each is played
            played = self.walk.others(limit=1)
            if not played:
                break
            seat, other, evs = played[0]
            self.conn.send(self.update(seat, other, evs))
        self.conn.send({"type": "ack", "id": msg_id, "n": self.walk.n})


class Stale(Exception):
    pass


REFUSED = {"undo": ("no_undo", "a lesson has no undo: it goes one step at a time"),
           "hint": ("no_hint", "the lesson itself says what to play"),
           "rematch": ("no_rematch", "a lesson has no rematch; start it again from its page")}


async def serve_lesson(ws: WebSocket, game: str, part: int, limits: Limits,
                       sockets: Counter[str]) -> None:
    await ws.accept()
    where = client_address(ws)
    conn = Connection(ws.send_text, limits, where)
    sockets[where] += 1
    tasks: list[asyncio.Task[Any]] = [asyncio.create_task(conn.writer())]
    try:
        refusal: tuple[int, str, str] | None = None
        lesson: Lesson | None = None
        if sockets[where] > limits.sockets_per_address or sockets.total() > limits.sockets:
            refusal = (CLOSE_RATE, "too_many_connections",
                       "too many connections from your address; close some and try again")
        else:
            try:
                lesson = lesson_or_404(game, part)
            except HTTPException as exc:
                refusal = (CLOSE_NO_GAME, "no_game", str(exc.detail))
        if refusal is not None or lesson is None:
            code, word, text = refusal or (CLOSE_NO_GAME, "no_game", "no such lesson")
            conn.send({"type": "error", "code": word, "message": text, "id": None})
            conn.close(code, text[:100])
            with contextlib.suppress(Exception):
                await asyncio.wait_for(tasks[0], 2.0)
            return
        session = LessonSocket(lesson, part, conn)
        tasks.append(asyncio.create_task(read(ws, conn, session, limits)))
        tasks.append(asyncio.create_task(conn.closed.wait()))
        await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    finally:
        sockets[where] -= 1
        if sockets[where] <= 0:
            del sockets[where]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        if conn.closing is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(ws.close(*conn.closing), 1.0)


async def read(ws: WebSocket, conn: Connection, session: LessonSocket, limits: Limits) -> None:
    while conn.closing is None:
        message = await ws.receive()
        if message["type"] == "websocket.disconnect":
            return
        await handle(conn, session, message.get("text", message.get("bytes")), limits)


async def handle(conn: Connection, session: LessonSocket, raw: Any, limits: Limits) -> None:
    """One client message: checked against the limits, then answered. Every message
    costs from the budget (a lesson's actions are few)."""
    budget = conn.budget
    msg_id: Any = None
    if not budget.has_room(1.0):
        over_budget(conn, limits)
        return
    try:
        msg = parse_message(raw, limits)
    except BadMessage as exc:
        await budget.charge(1.0)
        conn.send({"type": "error", "code": "malformed", "message": str(exc), "id": None})
        return
    raw_id = msg.get("id")
    if isinstance(raw_id, int | str) and not isinstance(raw_id, bool) and len(str(raw_id)) <= 64:
        msg_id = raw_id
    kind = msg.get("type")
    cost = COSTS.get(kind, 1.0) if isinstance(kind, str) else 1.0
    if not budget.admits(cost):
        over_budget(conn, limits)
        return
    await budget.charge(cost)

    def error(code: str, message: str) -> None:
        conn.send({"type": "error", "code": code, "message": message, "id": msg_id})

    if kind == "ping":
        conn.send({"type": "pong", "id": msg_id})
    elif kind == "hello":
        try:
            await session.hello(msg)
        except NotInLesson as exc:
            error("malformed", str(exc))
    elif not conn.joined:
        error("hello_first", "say hello first")
    elif kind == "act":
        try:
            await session.act(msg, msg_id)
        except Stale:
            error("stale", "the lesson has moved on: your view is out of date")
        except NotInLesson as exc:
            error("not_in_lesson", str(exc))
    elif isinstance(kind, str) and kind in REFUSED:
        error(*REFUSED[kind])
    else:
        error("malformed", f"unknown message type {str(kind)[:40]!r}")


def add_lessons(app: FastAPI, static: Any, limits: Limits, sockets: Counter[str]) -> None:
    """The lesson pages, their games' descriptions and their sockets."""
    router = APIRouter()

    @router.get("/learn/{game}", include_in_schema=False)
    async def page(game: str) -> FileResponse:
        if game not in lessons():
            raise HTTPException(404, f"there is no lesson for {game!r}")
        return FileResponse(static / "index.html")

    @router.get("/api/learn", response_model=None,
                responses=answers(list[LessonIndex], said="the lessons",
                                  checked=False))
    async def index() -> list[dict[str, Any]]:
        return [{"game": g, "title": load_lesson(g).title, "summary": load_lesson(g).summary,
                 "parts": [p.title for p in load_lesson(g).parts]} for g in lessons()]

    @router.get("/api/games/learn/{game}/{part}/about", response_model=None,
                responses=answers(About, said="the lesson part's game described",
                                  refusals={404: "no such lesson or part"}))
    async def about(game: str, part: int) -> dict[str, Any]:
        """A lesson part's game described as any game's `/about` is (no setup: a
        lesson has no rematch)."""
        lesson = lesson_or_404(game, part)
        p = lesson.parts[part - 1]
        from cardtable import load_game

        g = load_game(game)
        options = g.new_game(p.players, p.seed, **p.options).options
        return {"id": f"learn/{game}/{part}", "game": game, "title": lesson.title,
                "catalogue": g.catalogue(options), "words": g.words(),
                "notation": g.notation_help(), "rules": g.rules_summary(options),
                "setup": None}

    app.include_router(router)

    async def socket(ws: WebSocket, game: str, part: int) -> None:
        await serve_lesson(ws, game, part, limits, sockets)

    app.websocket("/ws/learn/{game}/{part}")(socket)
