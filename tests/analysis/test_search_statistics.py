"""What the analysis reads from the ISMCTS agent: the root's statistics and a search
of one given action. Neither changes what the agent plays."""

from __future__ import annotations

import pytest

from cardtable import load_game
from cardtable.agents.ismcts import ISMCTSAgent, SearchSettings, final_rewards
from cardtable.engine.record import GameRecord
from tests.analysis.positions import decisive_thalara, played_record, tiny_card_file


def test_the_first_root_action_is_the_one_the_agent_plays() -> None:
    record = played_record("thalara", seed=6, upto=20)
    state = record.replay()
    view = state.view(state.current_player())  # type: ignore[arg-type]
    game = load_game("thalara")
    settings = SearchSettings(iterations=150)
    played = ISMCTSAgent(game, 9, settings).choose(view)
    agent = ISMCTSAgent(game, 9, settings)
    root = agent.search(view)
    stats = agent.root_statistics(root, view.legal_actions, view.player)  # type: ignore[arg-type]
    assert stats[0].action == played
    assert sorted(s.action.text for s in stats) == sorted(a.text for a in view.legal_actions)
    assert sum(s.visits for s in stats) == 150
    assert [s.visits for s in stats] == sorted((s.visits for s in stats), reverse=True)
    for s in stats:
        assert (s.mean is None) == (s.visits == 0)
        assert s.mean is None or 0 <= s.mean <= 1


def _last_decision(record: GameRecord):  # type: ignore[no-untyped-def]
    state = record.replay(len(record.actions) - 1)
    return state, state.view(0)


def test_searching_one_action_spends_every_iteration_on_it(tmp_path) -> None:  # type: ignore[no-untyped-def]
    cards = tiny_card_file(tmp_path)
    lost = decisive_thalara(cards, "small")
    state, view = _last_decision(lost)
    action = state.game.parse_action(state, lost.actions[-1])
    agent = ISMCTSAgent(state.game, 1, SearchSettings(iterations=10))
    stats = agent.search_action(view, action, 40)
    assert stats.action == action and stats.visits == 40
    # the game ends with that card in every sampled world: the mean is that end's reward
    assert stats.mean == pytest.approx(final_rewards(lost.replay(), 0.1)[0])


def test_searching_an_action_that_is_not_legal_is_refused(tmp_path) -> None:  # type: ignore[no-untyped-def]
    cards = tiny_card_file(tmp_path)
    record = decisive_thalara(cards, "great")
    state, view = _last_decision(record)
    agent = ISMCTSAgent(state.game, 1, SearchSettings(iterations=10))
    elsewhere = record.replay(0)
    with pytest.raises(ValueError, match="not a legal action"):
        agent.search_action(view, elsewhere.legal_actions()[0], 10)
    with pytest.raises(ValueError, match="iterations"):
        agent.search_action(view, view.legal_actions[0], 0)
