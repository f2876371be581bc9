"""What a game page needs besides the live game: the game's own description (its card
catalogue, words, notation help and rules summary with this game's settings, all
through the engine contract) and the settings a rematch starts from.

Everything here is public and fixed for a game's whole life, so browsers may cache it.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException, Request, Response

from cardtable.server.api_models import About, answers
from cardtable.server.rooms import RoomError
from cardtable.server.storage import COMPUTER

router = APIRouter()

CACHE = "public, max-age=86400"  # a game's card set and settings never change


@router.get("/api/games/{game_id}/about", response_model=None, responses=answers(
    About, said="the game's description (public, and fixed for its life)",
    refusals={404: "no such game"}))
async def about(game_id: str, request: Request, response: Response) -> dict[str, Any]:
    """The game's catalogue, words, notation help, rules summary and setup."""
    try:
        room = await request.app.state.rooms.load(game_id)
    except RoomError as exc:
        raise HTTPException(404, exc.message) from None
    row = room.row
    game = room.game
    response.headers["Cache-Control"] = CACHE
    return {
        "id": row.id, "game": row.game, "title": row.title or game.title,
        "catalogue": game.catalogue(row.options), "words": game.words(),
        "notation": game.notation_help(), "rules": game.rules_summary(row.options),
        # a new game "with the same seats' settings" is created from this (no seed:
        # a rematch is a new deal)
        "setup": {"game": row.game, "players": row.players, "options": dict(row.options),
                  "seats": [{"kind": "open" if s.open else s.kind,
                             "agent": s.agent if s.kind == COMPUTER else None,
                             "name": None if s.open else s.name} for s in row.seats],
                  "title": row.title, "listed": row.listed,
                  "computer_delay_ms": row.computer_delay_ms,
                  "clock": row.clock, "on_timeout": row.on_timeout,
                  "rated": row.rated},
    }
