"""A mid-game position of a real game, reached by greedy play, for the search tests."""

from __future__ import annotations

import cardtable
from cardtable.agents import make_agent
from cardtable.engine.api import State


def midgame(name: str, seed: int) -> State:
    """Two-player `name` after 12 greedy actions, at a decision with a choice."""
    game = cardtable.load_game(name)
    state = game.new_game(2, seed=seed)
    greedy = [make_agent("greedy", game, seed + p) for p in range(2)]
    for _ in range(12):
        player = state.current_player()
        assert player is not None
        state.apply(greedy[player].choose(state.view(player)))
    while len(state.legal_actions()) < 2:
        player = state.current_player()
        assert player is not None
        state.apply(greedy[player].choose(state.view(player)))
    return state
