"""Rated games, results, leaderboards and profiles over HTTP (issue 27, parts 3 and 4).

- A game is rated when its creator asks (`"rated": true` at creation) and it can be:
  `rated_refusal` says why not. A rated game is between signed-in people only, has a
  clock, is listed, and is played by the standard rules.
- `GET /api/games/{id}/result`: a finished game's places and, rated, each seat's
  rating before and after (the end screen reads it).
- `GET /api/leaderboard/{game}`: the settled ratings of a game, best first, for each
  player count; `/leaderboard/{game}` is its page.
- `GET /api/players/{name}`: a profile: ratings, their history, the listed finished
  games with replay and analysis links, win rates per game and Thalara character;
  `/p/{name}` is its page. Profiles are public by name; a deleted account has none.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import FileResponse

from cardtable import games, load_game
from cardtable.engine.api import Game
from cardtable.server import names, ratings
from cardtable.server.accounts import Account, Accounts
from cardtable.server.api_models import Boards, Leader, Player, Result, answers
from cardtable.server.ratings import PROVISIONAL_GAMES, pool
from cardtable.server.results import Results
from cardtable.server.rooms import RoomError
from cardtable.server.storage import COMPUTER, HUMAN, OPEN

STATIC = Path(__file__).resolve().parent.parent / "web" / "static"

router = APIRouter()


def rated_refusal(game: Game, options: dict[str, Any], seats: list[str],
                  account: Account | None, clock: str | None, on_timeout: str | None,
                  listed: bool) -> str | None:
    """Why a game cannot be rated (None: it can). `seats`: each seat's kind as asked."""
    if account is None:
        return "a rated game is between signed-in players: sign in to create one"
    if clock is None:
        return "a rated game needs a clock (so that it ends): choose a time control"
    if on_timeout not in (None, "forfeit"):
        return ("in a rated game a player whose time runs out loses: on_timeout must be "
                "'forfeit'")
    if COMPUTER in seats:
        return ("a rated game is between people: the computer's levels have fixed "
                "ratings of their own, and games against them are not rated")
    if seats.count(HUMAN) != 1 or any(kind not in (HUMAN, OPEN) for kind in seats):
        return ("in a rated game you hold one seat, bound to your account, and every "
                "other seat is open, for a signed-in player to take")
    if not listed:
        return "rated games are public: list it in the lobby"
    # the standard rules: only what the lobby offers as the game's headline choices
    # (Thalara's mode, the Vale's expansion) and the seats' characters; a variant such
    # as a head start in points would rate something other than the game
    allowed = {o.name for o in game.declared_options() if o.headline or o.per_seat}
    allowed.discard("start_scores")
    changed = sorted(set(options) - allowed)
    if changed:
        return (f"a rated game is played by the standard rules: leave out "
                f"{', '.join(changed)}")
    return None


def _results(request: Request) -> Results:
    results: Results = request.app.state.rooms.results
    return results


async def _db(request: Request, fn: Any, *args: Any) -> Any:
    return await request.app.state.rooms.writer.call(fn, *args)


async def _player(request: Request, name: str) -> Account | None:
    try:
        key = names.key(names.check(name))
    except names.NameError_:
        return None
    accounts: Accounts = request.app.state.accounts
    found = await _db(request, accounts.by_key, key)
    return found[0] if found is not None else None


def _game_or_404(name: str) -> Game:
    if name not in games():
        raise HTTPException(404, f"there is no game {name!r} here (games: "
                                 f"{', '.join(games())})")
    return load_game(name)


@router.get("/api/games/{game_id}/result", response_model=None, responses=answers(
    Result, said="the game's places (and rating changes, rated)",
    refusals={404: "no such game", 409: "the result comes when the game is over"}))
async def game_result(game_id: str, request: Request) -> dict[str, Any]:
    """A finished game's stored result: each seat's place, and in a rated game its
    rating before and after. `stored` is false for a moment after the end (and for
    games that ended before results were kept)."""
    try:
        room = await request.app.state.rooms.load(game_id)
    except RoomError as exc:
        raise HTTPException(404, exc.message) from None
    if not room.state.is_over():
        raise HTTPException(409, "the result comes when the game is over")
    seats = await _db(request, _results(request).game, game_id)
    return {"id": game_id, "rated": room.row.rated,
            "pool": pool(room.row.game, room.row.players), "stored": bool(seats),
            "seats": seats}


@router.get("/api/leaderboard/{game}", response_model=None, responses=answers(
    list[Leader], said="the settled ratings, best first (at most 100)",
    refusals={404: "no such game", 400: "a player count the game is not for"}))
async def leaderboard(game: str, request: Request,
                      players: int | None = None) -> list[dict[str, Any]]:
    """The settled ratings of `game` (each player count is its own pool; `players`
    picks one, else the two-player pool): `{name, rating, games}`, best first."""
    found = _game_or_404(game)
    count = players if players is not None else found.min_players
    if not found.min_players <= count <= found.max_players:
        raise HTTPException(400, f"{found.title} is for {found.min_players} to "
                                 f"{found.max_players} players")
    rows: list[dict[str, Any]] = await _db(request, _results(request).leaderboard,
                                           pool(game, count))
    return rows


@router.get("/api/leaderboards", response_model=None, responses=answers(
    Boards, said="what the leaderboard pages need", checked=False))
async def leaderboards_meta() -> dict[str, Any]:
    """What the leaderboard pages need: the games, their player counts, how many
    rated games settle a rating, and the computer levels' published ratings."""
    return {"games": [{"name": g, "title": load_game(g).title,
                       "players": list(range(load_game(g).min_players,
                                             load_game(g).max_players + 1))}
                      for g in games()],
            "settled_after": PROVISIONAL_GAMES, "levels": ratings.LEVEL_RATINGS}


def games_played(rows: list[dict[str, Any]]) -> list[str]:
    """The games among an account's game rows that this server still offers."""
    offered = set(games())
    return sorted({str(r["game"]) for r in rows if r.get("game") in offered})


@router.get("/api/players/{name}", response_model=None, responses=answers(
    Player, said="the player's public profile",
    refusals={404: "no account has that name"}))
async def player(name: str, request: Request) -> dict[str, Any]:
    """A player's public profile."""
    account = await _player(request, name)
    if account is None:
        raise HTTPException(404, "there is no player of that name")
    results = _results(request)
    games = await _db(request, results.games_of, account.id)
    win_rates = await _db(request, results.win_rates, account.id)
    # characters (a game whose catalogue has them: Thalara's) by the names the table
    # shows (the id for one the card set no longer has): each catalogue read once for
    # the page, not once a row
    names = {c: str(v["name"]) for game in games_played(win_rates["games"]) for c, v in
             load_game(game).catalogue().get("characters", {}).items()}
    for row in [*games, *win_rates["characters"]]:
        character = row.get("character")
        row["character_name"] = None if character is None else names.get(character, character)
    return {"name": account.name, "created": account.created,
            "ratings": await _db(request, results.ratings_of, account.id),
            "history": await _db(request, results.history, account.id),
            "games": games, "win_rates": win_rates}


@router.get("/p/{name}", include_in_schema=False)
async def player_page(name: str, request: Request) -> FileResponse:
    """The profile page (the client draws it from /api/players/{name}); 404 for a
    name no account has."""
    found = await _player(request, name)
    return FileResponse(STATIC / "index.html", status_code=200 if found else 404)


@router.get("/leaderboard/{game}", include_in_schema=False)
async def leaderboard_page(game: str) -> FileResponse:
    return FileResponse(STATIC / "index.html", status_code=200 if game in games() else 404)
