"""The checks every game's `new_game` starts with: the player count, unknown options
and the seed. Each failure is one OptionError naming what is wrong."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from cardtable.engine.api import Game, OptionError


def check_players(game: Game, players: object) -> int:
    """`players` as a count the game is played by."""
    if isinstance(players, bool) or not isinstance(players, int) or not (
            game.min_players <= players <= game.max_players):
        raise OptionError(f"{game.title} is for {game.min_players} to {game.max_players} "
                          f"players, not {players!r}")
    return players


def check_known(game: Game, options: Iterable[str], known: Iterable[str]) -> None:
    """An OptionError naming the options `game` does not know, if any."""
    names = list(known)
    unknown = sorted(set(options) - set(names))
    if unknown:
        which = (f"option {unknown[0]!r}" if len(unknown) == 1
                 else "options " + ", ".join(map(repr, unknown)))
        raise OptionError(f"unknown {which} for {game.name}; options: {', '.join(names)}")


def seed_or_random(seed: Any) -> int:
    """`seed` when it is a whole number; a fresh random one when it is None."""
    if seed is None:
        return random.SystemRandom().randrange(1 << 31)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise OptionError(f"the seed must be a whole number, not {seed!r}")
    return seed
