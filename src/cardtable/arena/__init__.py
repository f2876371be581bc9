"""Tournaments between agents, their ratings, and the balance report."""

from cardtable.arena.ratings import Summary, summarize, wilson
from cardtable.arena.tournament import (
    ArenaError,
    GameResult,
    GameSpec,
    Tournament,
    plan,
    play_game,
    run_local,
    run_ray,
)

__all__ = ["ArenaError", "GameResult", "GameSpec", "Summary", "Tournament", "plan",
           "play_game", "run_local", "run_ray", "summarize", "wilson"]
