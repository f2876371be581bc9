"""The HTTP API's answers as its OpenAPI description (`/openapi.json`, `/docs`) states
them: a model for each success body and for the two error bodies, and `answers()`,
which builds a route's `responses=` with every status it can answer.

The models are documentation only: routes name them in `responses=` with
`response_model=None`, so an answer is never filtered or coerced through them and the
JSON stays exactly what the route returns. tests/server/test_fuzz.py holds them to it:
every answer the fuzzer gets, and each success body of a game played to its end, must
match the schema here. Closed objects forbid fields they do not list (a field nobody
declared could carry what its reader may not know); what belongs to a game rather than
to the server (an observation, a catalogue, an event's data, an analysis) is an open
object, described by the engine contract (docs/engine.md, docs/ai.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Annotated, Any, Literal

from fastapi import FastAPI, Request, Response
from fastapi.exception_handlers import http_exception_handler
from fastapi.responses import FileResponse
from pydantic import BaseModel, BeforeValidator, ConfigDict, Field
from starlette.exceptions import HTTPException
from starlette.routing import Match


class Closed(BaseModel):
    """An object with exactly these fields."""

    model_config = ConfigDict(extra="forbid")


def sometimes(text: str) -> Any:
    """A field present only in some answers (`text` says when); never null when there."""
    return Field(default=None, description=text)


# ---- what requests send -----------------------------------------------------------

def _whole(value: Any) -> Any:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError("a whole number is asked for here")
    return value    # (pydantic's int refuses a fraction)


# A whole number as JSON Schema reads "integer": 3 or 3.0, never "3" or true (which
# pydantic's lax int takes: `"players": true` was one player). Booleans are
# `Field(strict=True)`: `"rated": 0` was an unrated game.
Whole = Annotated[int, BeforeValidator(_whole)]


# ---- errors ------------------------------------------------------------------------

class Problem(Closed):
    """Every refusal but a malformed request: why, in words."""

    detail: str


class Fault(Closed):
    loc: list[str | int] = Field(description="where: 'body', 'query', 'path', then the "
                                             "field's path")
    msg: str
    type: str


class Malformed(Closed):
    """A parameter or body that does not have the declared form: each fault, where and
    what (never the input itself, which may not even encode)."""

    detail: list[Fault]


ORIGIN = ("refused before the route runs: the request came from another site's page "
          "(its `Origin` or `Sec-Fetch-Site` names another site)")
TOO_LARGE = "the request body is over the server's limit (16 KiB unless configured)"
TOO_DEEP = "the request body nests too deeply"
MALFORMED = "a parameter or the body does not have the declared form"


def answers(ok: type[BaseModel] | Any | None = None, *, status: int = 200, said: str = "",
            refusals: Mapping[int, str] | None = None, body: bool = False,
            changes: bool = False, checked: bool = True,
            also: Mapping[int, dict[str, Any]] | None = None) -> dict[int | str, Any]:
    """A route's `responses=`: `ok` (a model or a type) under `status`, described by
    `said`; each refusal's status with its reasons (a `Problem`); with `body`, what a
    request body may get (400 too deep, 413 too large, 422 `Malformed`); with `changes`
    (a method other than GET), the Origin check's 403; with `checked` (the route has
    parameters: FastAPI would describe its 422 otherwise, in a shape this server does not
    answer), 422 `Malformed`. `also`: other answers as FastAPI takes them."""
    reasons: dict[int, list[str]] = {}
    for code, text in (refusals or {}).items():
        reasons.setdefault(code, []).append(text)
    if body:
        reasons.setdefault(400, []).append(TOO_DEEP)
        reasons.setdefault(413, []).append(TOO_LARGE)
    if changes:
        reasons.setdefault(403, []).append(ORIGIN)
    out: dict[int | str, Any] = {}
    if ok is not None:
        out[status] = {"model": ok, "description": said or "done"}
    for code in sorted(reasons):
        out[code] = {"model": Problem, "description": "; ".join(reasons[code])}
    if checked or body:
        out[422] = {"model": Malformed, "description": MALFORMED}
    for code, answer in (also or {}).items():
        out[code] = answer
    return out


METHODS = ("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS")


# Paths whose answers are for programs: a 404 there stays JSON, whoever asks.
PROGRAM_PATHS = ("/api/", "/static/", "/ws/", "/metrics", "/healthz", "/docs", "/openapi")


def is_page_visit(request: Request) -> bool:
    """A browser opening an address (not a script asking the API)."""
    return (request.method in ("GET", "HEAD")
            and "text/html" in request.headers.get("accept", "")
            and not request.url.path.startswith(PROGRAM_PATHS))


def allow_every_method(app: FastAPI, not_found_page: Path | None = None) -> None:
    """A 405's `Allow` names every method its path takes. Starlette names those of the
    first route that matched the path, and a path may be several routes (`/api/me` is
    GET and DELETE): a client told `Allow: GET` would not know it may DELETE. Each
    method is tried against the routes as the router itself matches them.

    A browser sent to an address with no page (a mistyped link, a lesson that is not
    there) gets `not_found_page`, still with 404, instead of a line of JSON."""

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        if exc.status_code == 404 and not_found_page is not None and is_page_visit(request):
            return FileResponse(not_found_page, status_code=404)
        if exc.status_code == 405:
            allowed = [method for method in METHODS if any(
                route.matches({**request.scope, "method": method})[0] == Match.FULL
                for route in app.router.routes)]
            exc.headers = {**(exc.headers or {}), "Allow": ", ".join(allowed)}
        return await http_exception_handler(request, exc)

    app.add_exception_handler(HTTPException, http_error)


# ---- operations --------------------------------------------------------------------

class Healthy(Closed):
    ok: Literal[True]
    process: str = Field(description="this process's name in a cluster ('local' alone)")
    listening: bool = Field(description="whether it hears the other processes")


class Unhealthy(Closed):
    ok: Literal[False]
    database: str = Field(description="what the database said (at most 200 characters)")


# ---- the lobby ---------------------------------------------------------------------

class Choice(Closed):
    value: str
    label: str


class DeclaredOption(Closed):
    """An option as the game declares it (`Option.to_dict()`)."""

    name: str
    kind: str
    label: str
    help: str
    default: Any
    default_text: str
    table_default: Any
    choices: list[Choice]
    minimum: int | None
    maximum: int | None
    item_kind: str | None
    items: str
    per_seat: bool
    suggestions: list[Choice]
    needs: dict[str, str] | None
    headline: bool
    player_facing: bool


class GameMeta(Closed):
    name: str
    title: str
    min_players: int
    max_players: int
    options: dict[str, str] = Field(description="a line of help for each option")
    declared_options: list[DeclaredOption]


class Meta(Closed):
    games: list[GameMeta]
    agents: list[str] = Field(description="the computer players a seat may be given")
    level_ratings: dict[str, dict[str, int]] = Field(
        description="the computer levels' fixed ratings, measured in the arena: "
                    "pool (game-Np) -> agent -> rating (docs/ratings.md)")
    allow_computer_games: bool


class PublicSeat(Closed):
    seat: int
    name: str
    kind: Literal["human", "computer"]
    agent: str | None
    claimed: bool
    connected: bool
    bot: bool = Field(description="whether a program plays the seat now (its client said "
                                  "so in its hello: docs/protocol.md)")


class PublicGame(Closed):
    """A game as anybody may see it."""

    id: str
    game: str
    title: str
    players: int
    over: bool
    winners: list[int] | None
    clock: str | None
    on_timeout: str | None
    rated: bool
    puzzle_source: bool = Field(description="whether its creator let its positions become "
                                            "puzzles once it is over")
    created: float
    actions: int | None = Field(description="actions played (null: not in memory here)")
    seats: list[PublicSeat]


class SeatLink(Closed):
    seat: int
    name: str
    kind: Literal["human"]
    token: str
    link: str


class Created(Closed):
    """A new game: a link with its token for each seat its creator holds."""

    id: str
    watch: str
    seats: list[SeatLink]
    open: list[int] = Field(description="the seats left for the lobby (no token)")


class Joined(Closed):
    seat: int
    token: str
    link: str


class Abandoned(Closed):
    id: str
    abandoned: Literal[True]


class Event(Closed):
    kind: str
    player: int | None
    text: str
    data: dict[str, Any] = sometimes("the event's data, when it has any the reader may "
                                     "know")


class LogEntry(Closed):
    n: int
    seat: int
    action: str | None = Field(description="the action's text (null for a spectator)")
    by: str | None = Field(description="who played it for the seat, when not its player")
    events: list[Event]


class SetupSeat(Closed):
    kind: Literal["human", "open", "computer"]
    agent: str | None
    name: str | None


class Setup(Closed):
    """What a rematch posts to `POST /api/games` (never the seed)."""

    game: str
    players: int
    options: dict[str, Any]
    seats: list[SetupSeat]
    title: str
    listed: bool
    computer_delay_ms: int
    clock: str | None
    on_timeout: str | None
    rated: bool


class About(Closed):
    """A game's description through the engine contract."""

    id: str
    game: str
    title: str
    catalogue: dict[str, Any]
    words: dict[str, Any]
    notation: str
    rules: str
    setup: Setup | None = Field(description="null for a lesson's game")


class ReplayStep(Closed):
    step: int
    total: int
    observation: dict[str, Any] = Field(description="the spectator's observation")
    seat: int | None = Field(description="who played the step's action (null at step 0)")
    events: list[Event]
    catalogue: dict[str, Any] | None = Field(description="at step 0 only")


class Record(Closed):
    """The saved game (`cardtable-record`, docs/engine.md)."""

    format: str
    version: int
    game: str
    players: int
    seed: int
    options: dict[str, Any]
    actions: list[str]


class AnalysisStatus(Closed):
    state: Literal["running", "done", "failed"]
    agent: str
    done: int
    total: int
    analysis: dict[str, Any] = sometimes("when done: `cardtable analyze --json`'s shape "
                                         "(docs/ai.md)")


# ---- accounts ----------------------------------------------------------------------

class Account(Closed):
    id: int
    name: str
    created: float


class MySeat(Closed):
    id: str
    game: str
    title: str
    over: bool
    created: float
    seat: int
    token: str
    link: str


class Me(Account):
    seats: list[MySeat] = Field(description="the account's own seats, newest game first")


class SignedOut(Closed):
    signed_in: Literal[False]


class KeptSeat(Closed):
    game: str
    seat: int
    account: str


class Deleted(Closed):
    deleted: str


# ---- results, ratings, profiles ----------------------------------------------------

class ResultSeat(Closed):
    seat: int
    place: int
    won: bool
    before: int = sometimes("in a rated game: the rating before it")
    after: int = sometimes("in a rated game: the rating after it")
    change: int = sometimes("in a rated game: after - before")


class Result(Closed):
    id: str
    rated: bool
    pool: str
    stored: bool = Field(description="false for a moment after the end")
    seats: list[ResultSeat]


class Leader(Closed):
    name: str
    rating: int
    games: int


class BoardGame(Closed):
    name: str
    title: str
    players: list[int]


class Boards(Closed):
    games: list[BoardGame]
    settled_after: int = Field(description="rated games before a rating is settled")
    levels: dict[str, dict[str, int]] = Field(description="each pool's computer levels' "
                                                          "published ratings")


class PlayerRating(Closed):
    pool: str
    rating: int
    games: int
    provisional: bool


class RatingPoint(Closed):
    game: str
    at: float
    rating: int


class PlayerGame(Closed):
    id: str
    game: str
    title: str
    players: int
    seat: int
    place: int
    won: bool
    at: float
    character: str | None
    character_name: str | None = Field(description="the Thalara character's name (null: "
                                                 "no character)")
    rated: bool
    replay: str
    analysis: str
    change: int = sometimes("in a rated game: the rating it moved")


class GameRate(Closed):
    game: str
    played: int
    won: int
    rate: float


class CharacterRate(Closed):
    character: str
    character_name: str
    played: int
    won: int
    rate: float


class WinRates(Closed):
    games: list[GameRate]
    characters: list[CharacterRate]


class Player(Closed):
    name: str
    created: float
    ratings: list[PlayerRating]
    history: dict[str, list[RatingPoint]] = Field(description="by pool, oldest first")
    games: list[PlayerGame]
    win_rates: WinRates


# ---- lessons -----------------------------------------------------------------------

class LessonIndex(Closed):
    game: str
    title: str
    summary: str
    parts: list[str]


# ---- quick pairing (seek_api.py) ---------------------------------------------------

class Seek(Closed):
    """A seek as its seeker reads it; once paired, with the seeker's own seat."""
    id: str
    state: str = Field(description="open, paired, cancelled or expired")
    game: str
    players: int
    clock: str | None
    rated: bool
    name: str
    rating: int | None = Field(description="the seeker's rating in the pool (rated seeks)")
    created: float
    expires: float
    secret: str | None = sometimes("the seek's secret, in the answer to its post only: "
                                   "`Authorization: Bearer <secret>` asks about it")
    game_id: str | None = sometimes("the game it was paired into (paired)")
    seat: int | None = sometimes("the seeker's seat in that game (paired)")
    token: str | None = sometimes("that seat's token (paired)")
    link: str | None = sometimes("that seat's link (paired)")


class OpenSeek(Closed):
    """A seek in the lobby's list: what it asks for and who waits, nothing secret."""
    id: str
    game: str
    title: str
    players: int
    clock: str | None
    rated: bool
    name: str
    rating: int | None
    waited: float


class SeekCancelled(Closed):
    id: str
    state: Literal["cancelled"]
