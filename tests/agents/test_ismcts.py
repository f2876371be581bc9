"""The ISMCTS agent, on the toy hidden-hand game."""

from __future__ import annotations

import random
import time

import pytest
from toy_game import ToyGame, ToyState

from cardtable.agents import make_agent
from cardtable.agents.ismcts import (
    LEVELS,
    ISMCTSAgent,
    SearchSettings,
    final_rewards,
    settings_for,
)
from cardtable.engine.api import Action, Game, OptionError, State, View


def play(game: Game, specs: list[str], seed: int) -> State:
    state = game.new_game(len(specs), seed=seed)
    agents = [make_agent(spec, game, seed * 10 + i) for i, spec in enumerate(specs)]
    while not state.is_over():
        player = state.current_player()
        assert player is not None
        view = state.view(player)
        action = agents[player].choose(view)
        assert action in view.legal_actions
        state.apply(action)
    return state


def last_round(game: ToyGame, my_hand: list[int], their_card: int) -> ToyState:
    """Player 1 to answer in the last round: 5 stars each so far, prize 3 on the table,
    the opponent already played `their_card`."""
    state = game.new_game(2, seed=1)
    state.round = 4
    state.prizes = [1, 2, 4, 5, 3]
    state.stars = [5, 5]
    state.deck = []
    state.leader = 0
    state.trick = [(0, their_card)]
    state.hands = [[], list(my_hand)]
    return state


def test_levels_and_specs(toy: Game) -> None:
    for level, iterations in LEVELS.items():
        agent = make_agent(f"ismcts:{level}", toy, 1)
        assert isinstance(agent, ISMCTSAgent)
        assert agent.settings.iterations == iterations
        assert agent.settings.seconds is None
    assert LEVELS == {"easy": 40, "medium": 150, "hard": 2000}
    agent = make_agent("ismcts:250", toy, 1)
    assert isinstance(agent, ISMCTSAgent) and agent.settings.iterations == 250
    assert settings_for("0.3s").seconds == pytest.approx(0.3)
    assert settings_for("250ms").seconds == pytest.approx(0.25)
    assert settings_for(None).iterations == LEVELS["medium"]
    tuned = settings_for("0.2s+depth=20+c=1.5+margin=0")
    assert (tuned.seconds, tuned.rollout_depth, tuned.exploration, tuned.margin_weight) == (
        0.2, 20, 1.5, 0.0)
    assert settings_for("300+depth=0").iterations == 300
    for bad in ("0", "fast", "-3", "xs", "0s", "easy+depth=-1", "easy+speed=3",
                "easy+c=big", "easy+depth",
                # budgets and knobs that would think forever or make no sense
                "infs", "infms", "1e308s", "nans", "99999999999999999999", "\u00b2",
                "easy+c=nan", "easy+c=-3", "easy+margin=inf", "easy+margin=2",
                "easy+depth=99999"):
        with pytest.raises(OptionError):
            make_agent(f"ismcts:{bad}", toy, 1)
    assert settings_for("3600s").seconds == 3600 and settings_for("easy+c=100").exploration
    with pytest.raises(ValueError):
        SearchSettings()
    with pytest.raises(ValueError):
        SearchSettings(iterations=10, seconds=1.0)


def test_takes_the_winning_card(toy: Game) -> None:
    assert isinstance(toy, ToyGame)
    state = last_round(toy, [1, 5], 4)
    agent = ISMCTSAgent(toy, 3, SearchSettings(iterations=50))
    assert str(agent.choose(state.view(1))) == "play 5"


def test_opponent_modelled_as_playing_for_itself(toy: Game) -> None:
    # Last round, I lead with a 6 or a 2 against an opponent whose hand I cannot see.
    # With the 6 I win whatever they hold; with the 2 they win with any higher card,
    # and the search must expect them to play it.
    assert isinstance(toy, ToyGame)
    state = toy.new_game(2, seed=4)
    state.round = 4
    state.prizes = [1, 2, 4, 5, 3]
    state.stars = [5, 5]
    state.deck = []
    state.leader = 0
    state.trick = []
    state.hands = [[2, 6], [1, 5]]
    agent = ISMCTSAgent(toy, 5, SearchSettings(iterations=200))
    view = state.view(0)
    assert str(agent.choose(view)) == "play 6"
    shares = {str(a): share for a, share, _ in agent.explain(view)}
    assert shares["play 6"] > 0.7


def test_deterministic_for_a_seed_with_an_iteration_budget(toy: Game) -> None:
    state = toy.new_game(2, seed=11)
    view = state.view(0)
    first = ISMCTSAgent(toy, 42, SearchSettings(iterations=120)).explain(view)
    second = ISMCTSAgent(toy, 42, SearchSettings(iterations=120)).explain(view)
    assert [(str(a), s) for a, s, _ in first] == [(str(a), s) for a, s, _ in second]
    a = play(toy, ["ismcts:60", "ismcts:60"], 9)
    b = play(toy, ["ismcts:60", "ismcts:60"], 9)
    assert [str(x) for x in a.history()] == [str(x) for x in b.history()]


def test_explain_lists_visit_shares(toy: Game) -> None:
    state = toy.new_game(2, seed=2)
    view = state.view(0)
    agent = ISMCTSAgent(toy, 8, SearchSettings(iterations=150))
    chosen = agent.choose(view)
    explained = agent.explain(view)           # reuses the search just made for `view`
    assert agent.last_iterations == 150
    assert explained[0][0] == chosen
    shares = [share for _, share, _ in explained]
    assert shares == sorted(shares, reverse=True)
    assert sum(shares) == pytest.approx(1.0)  # every legal action is listed here
    assert {a for a, _, _ in explained} == set(view.legal_actions)
    assert all("visits" in reason for _, _, reason in explained)


def test_one_sample_per_iteration_and_nothing_else_seen(toy: Game) -> None:
    state = toy.new_game(2, seed=3)
    inner = state.view(0)
    calls = []

    def sampler(rng: random.Random) -> State:
        calls.append(1)
        return inner.sample_world(rng)

    view = View(0, inner.observation, inner.legal_actions, sampler)
    ISMCTSAgent(toy, 1, SearchSettings(iterations=37)).choose(view)
    assert len(calls) == 37


def test_forced_move_returns_at_once(toy: Game) -> None:
    only = Action(0, "play 3", 3)

    def sampler(rng: random.Random) -> State:
        raise AssertionError("a forced move needs no search")

    view = View(0, {}, [only], sampler)
    agent = make_agent("ismcts:hard", toy, 1)
    start = time.perf_counter()
    assert agent.choose(view) is only
    assert time.perf_counter() - start < 0.5      # (the sampler would have raised anyway)
    assert agent.explain(view) == [(only, 1.0, "the only legal action")]


def test_time_budget_is_kept(toy: Game) -> None:
    state = toy.new_game(2, seed=5)
    agent = make_agent("ismcts:80ms", toy, 1)
    start = time.perf_counter()
    agent.choose(state.view(0))
    elapsed = time.perf_counter() - start
    assert 0.08 <= elapsed < 0.5                  # one iteration past the deadline, at most
    assert isinstance(agent, ISMCTSAgent) and agent.last_iterations > 5


def test_zero_length_rollout_uses_the_evaluation(toy: Game) -> None:
    assert isinstance(toy, ToyGame)
    state = last_round(toy, [1, 5], 4)
    agent = ISMCTSAgent(toy, 3, SearchSettings(iterations=40, rollout_depth=0))
    assert str(agent.choose(state.view(1))) == "play 5"


def test_final_rewards(toy: Game) -> None:
    assert isinstance(toy, ToyGame)
    state = last_round(toy, [5], 4)
    state.apply(state.legal_actions()[0])     # player 2 wins 8 to 5
    assert final_rewards(state, 0.0) == [0.0, 1.0]
    blended = final_rewards(state, 0.1)
    assert 0.0 < blended[0] < 0.05 < 0.95 < blended[1] < 1.0
    tied = last_round(toy, [4], 4)
    tied.apply(tied.legal_actions()[0])       # a tie: the prize carries over, 5 to 5
    assert tied.winners() == [0, 1]
    assert final_rewards(tied, 0.1) == [0.5, 0.5]


def test_beats_random_and_greedy(toy: Game) -> None:
    # Seats alternate; the games are seeded, so the result is fixed, and the bar is far
    # above what a coin would give (random against random wins about half).
    for opponent, bar in (("random", 0.7), ("greedy", 0.65)):
        wins = 0.0
        for i in range(30):
            specs = ["ismcts:120", opponent] if i % 2 == 0 else [opponent, "ismcts:120"]
            me = i % 2
            end = play(toy, specs, 100 + i)
            winners = end.winners()
            wins += 1 / len(winners) if me in winners else 0.0
        assert wins / 30 >= bar, (opponent, wins)


def test_explain_calls_an_untried_action_not_tried() -> None:
    import cardtable

    game = cardtable.load_game("thalara")
    state = game.new_game(2, seed=3)
    player = state.current_player()
    assert player is not None
    agent = ISMCTSAgent(game, 1, SearchSettings(iterations=2))
    explained = agent.explain(state.view(player))
    untried = [reason for _, share, reason in explained if share == 0.0]
    assert untried and all(reason.startswith("not tried") for reason in untried)


def test_greedy_with_nothing_to_choose_says_so(toy: Game) -> None:
    view = View(0, {}, [], lambda rng: toy.new_game(2, 1))
    with pytest.raises(ValueError, match="nothing to choose"):
        make_agent("greedy", toy, 1).choose(view)
