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


def test_searches_of_given_actions_refuse_what_they_cannot_search(tmp_path) -> None:  # type: ignore[no-untyped-def]
    cards = tiny_card_file(tmp_path)
    record = decisive_thalara(cards, "great")
    state, view = _last_decision(record)
    agent = ISMCTSAgent(state.game, 1, SearchSettings(iterations=10))
    elsewhere = record.replay(0).legal_actions()[0]
    with pytest.raises(ValueError, match="not a legal action"):
        agent.search_action(view, elsewhere, 10)
    with pytest.raises(ValueError, match="iterations"):
        agent.search_action(view, view.legal_actions[0], 0)
    with pytest.raises(ValueError, match="not a legal action"):
        agent.search_paired(view, [view.legal_actions[0], elsewhere], 10)
    with pytest.raises(ValueError, match="iterations"):
        agent.search_paired(view, [view.legal_actions[0]], 0)
    with pytest.raises(ValueError, match="no actions"):
        agent.search_paired(view, [], 10)
    with pytest.raises(ValueError, match="spectator"):
        agent.search_paired(state.view(None), [view.legal_actions[0]], 10)


def test_paired_searches_meet_the_same_worlds_and_random_numbers() -> None:
    # The same action twice, side by side: on common random numbers both searches are
    # one search, to the last bit. Searched apart, the same action's two means differ by
    # the deals and rollouts each met: that noise is what the pairing removes.
    record = played_record("thalara", seed=6, upto=20)
    state = record.replay()
    view = state.view(state.current_player())  # type: ignore[arg-type]
    action = view.legal_actions[0]
    agent = ISMCTSAgent(state.game, 3, SearchSettings(iterations=10))
    twice = agent.search_paired(view, [action, action], 60)
    assert [s.visits for s in twice] == [60, 60]
    assert twice[0].mean == twice[1].mean
    apart = [agent.search_action(view, action, 60).mean for _ in range(2)]
    assert apart[0] != apart[1]


def test_paired_searches_tell_the_winning_card_from_the_losing_one(tmp_path) -> None:  # type: ignore[no-untyped-def]
    cards = tiny_card_file(tmp_path)
    won, lost = decisive_thalara(cards, "great"), decisive_thalara(cards, "small")
    state, view = _last_decision(won)
    great = state.game.parse_action(state, won.actions[-1])
    small = state.game.parse_action(state, lost.actions[-1])
    agent = ISMCTSAgent(state.game, 1, SearchSettings(iterations=10))
    own_numbers = agent.rng
    first, second = agent.search_paired(view, [great, small], 25)
    assert agent.rng is own_numbers      # the agent's own random numbers are back
    assert (first.action, second.action) == (great, small)
    assert first.mean == pytest.approx(final_rewards(won.replay(), 0.1)[0])
    assert second.mean == pytest.approx(final_rewards(lost.replay(), 0.1)[0])
