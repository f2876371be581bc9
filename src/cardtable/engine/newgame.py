"""The checks every game's `new_game` starts with: the player count and the seed (the
options are checked against their declarations, engine/options.py). Each failure is one
OptionError naming what is wrong."""

from __future__ import annotations

import random
from typing import Any

from cardtable.engine.api import Game, OptionError


def check_players(game: Game, players: object) -> int:
    """`players` as a count the game is played by."""
    if isinstance(players, bool) or not isinstance(players, int) or not (
            game.min_players <= players <= game.max_players):
        raise OptionError(f"{game.title} is for {game.min_players} to {game.max_players} "
                          f"players, not {players!r}")
    return players


def seed_or_random(seed: Any) -> int:
    """`seed` when it is a whole number; a fresh random one when it is None."""
    if seed is None:
        return random.SystemRandom().randrange(1 << 31)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise OptionError(f"the seed must be a whole number, not {seed!r}")
    return seed
