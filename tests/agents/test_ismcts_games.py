"""ISMCTS plays the real games to the end through the contract alone."""

from __future__ import annotations

import pytest

import cardtable
from cardtable.agents import make_agent
from cardtable.agents.ismcts import ISMCTSAgent, settings_for


@pytest.mark.parametrize("name", ["thalara", "vale"])
def test_plays_a_whole_game_reproducibly(name: str) -> None:
    game = cardtable.load_game(name)

    def play() -> list[str]:
        state = game.new_game(2, seed=17)
        agents = [make_agent("ismcts:6", game, 3), make_agent("greedy", game, 4)]
        while not state.is_over():
            player = state.current_player()
            assert player is not None
            view = state.view(player)
            action = agents[player].choose(view)
            assert action in view.legal_actions
            state.apply(action)
        assert state.winners()
        return [str(a) for a in state.history()]

    first = play()
    assert first == play()
    # explain() works on a real position too, with shares over the root's visits.
    state = game.new_game(2, seed=5)
    view = state.view(state.current_player() or 0)
    agent = ISMCTSAgent(game, 1, settings_for("40"))
    explained = agent.explain(view)
    assert explained and all(a in view.legal_actions for a, _, _ in explained)
    assert 0 < sum(share for _, share, _ in explained) <= 1.0 + 1e-9
