"""The OpenSpiel adapter passes OpenSpiel's own checks and carries its ISMCTS bot."""

from __future__ import annotations

import random

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

from cardtable.rl import openspiel
from tests.rl.test_encoding import vale_expansions


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("game", ["thalara", "vale"])
def test_random_sim_test(game: str, players: int) -> None:
    pyspiel.random_sim_test(openspiel.load(game, players=players), num_sims=1,
                            serialize=True, verbose=False)


def test_random_sim_test_vale_options() -> None:
    for expansion in ["none", *vale_expansions()]:
        pyspiel.random_sim_test(openspiel.load("vale", players=3, expansion=expansion),
                                num_sims=1, serialize=True, verbose=False)


def test_random_sim_test_casual_thalara() -> None:
    pyspiel.random_sim_test(openspiel.load("thalara", players=3, mode="casual"),
                            num_sims=1, serialize=True, verbose=False)


def test_register_is_idempotent_and_names_both_games() -> None:
    openspiel.register()
    openspiel.register()
    names = pyspiel.registered_names()
    assert openspiel.THALARA in names
    assert openspiel.VALE in names
    game = pyspiel.load_game("python_cardtable_vale(players=3,expansion=none)")
    assert game.num_players() == 3
    kind = game.get_type()
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC


@pytest.mark.parametrize("name", ["thalara", "vale"])
def test_the_parameters_are_the_games_declared_options(name: str) -> None:
    from cardtable import load_game

    openspiel.register()
    spec = openspiel.load(name).get_type().parameter_specification
    declared = {o.name: o for o in load_game(name).declared_options()}
    options = {k: v for k, v in spec.items() if k not in ("players", "seed", "deals")}
    assert options == openspiel.option_parameters(name)
    for key, value in options.items():
        assert value == declared[key].default
    expected = ({"mode", "star_tie", "empty_casts", "silence_scope", "idle_rounds"}
                if name == "thalara" else
                {"expansion", "tie_break", "steal", "copy_resolves_as"})
    assert set(options) == expected


def test_an_option_parameter_reaches_the_engine() -> None:
    game = openspiel.load("vale", players=2, deals=4, steal="full", expansion="cards")
    state = game.new_initial_state()
    state.apply_action(0)
    assert state._core.engine.options["steal"] == "full"
    assert state._core.engine.options["expansion"] == "cards"
    with pytest.raises(Exception, match="steal must be one of capped, full"):
        openspiel.load("vale", steal="always")
    thalara = openspiel.load("thalara", players=2, deals=4, idle_rounds=5)
    assert thalara.options == {"idle_rounds": 5}


def test_one_deal_then_the_engine_s_game() -> None:
    game = openspiel.load("thalara", players=2, deals=8, seed=3)
    state = game.new_initial_state()
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert [a for a, _ in outcomes] == list(range(8))
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    state.apply_action(5)
    engine = state.engine_state
    assert engine is not None
    assert engine.seed == 3 * 8 + 5
    assert not state.is_chance_node()
    legal = state.legal_actions()
    assert legal == sorted(legal)
    assert [state.action_to_string(a) for a in legal] == sorted(
        (a.text for a in engine.legal_actions()),
        key=lambda t: game.encoding.action_index(t))
    # the same deal and actions give the same game
    again = game.new_initial_state()
    again.apply_action(5)
    assert str(again) == str(state)


def test_illegal_actions_are_refused() -> None:
    game = openspiel.load("vale", players=2)
    state = game.new_initial_state()
    state.apply_action(0)
    illegal = next(a for a in range(game.num_distinct_actions())
                   if a not in state.legal_actions())
    with pytest.raises(pyspiel.SpielError, match="not legal now"):
        state.apply_action(illegal)


def test_clones_are_independent_and_serialise() -> None:
    game = openspiel.load("vale", players=2)
    state = game.new_initial_state()
    state.apply_action(7)
    for a in (0, 0, 0):
        state.apply_action(state.legal_actions()[a])
    copy = state.clone()
    copy.apply_action(copy.legal_actions()[-1])
    assert len(copy.history()) == len(state.history()) + 1
    back = game.deserialize_state(state.serialize())
    assert str(back) == str(state)
    assert back.information_state_string(0) == state.information_state_string(0)


def test_strings_and_tensors_per_player() -> None:
    game = openspiel.load("thalara", players=2)
    state = game.new_initial_state()
    state.apply_action(1)
    obs0 = state.observation_tensor(0)
    assert len(obs0) == game.observation_tensor_size()
    assert len(state.information_state_tensor(1)) == game.information_state_tensor_size()
    assert state.observation_string(0) != state.observation_string(1)
    assert state.information_state_string(0).startswith("mine [] move 0|")


def test_public_and_all_players_observers() -> None:
    game = openspiel.load("vale", players=2)
    state = game.new_initial_state()
    state.apply_action(2)
    public = game.make_py_observer(pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True,
        private_info=pyspiel.PrivateInfoType.NONE))
    assert public.string_from(state, 0) == public.string_from(state, 1)
    with pytest.raises(ValueError, match="every player"):
        game.make_py_observer(pyspiel.IIGObservationType(
            perfect_recall=False, public_info=True,
            private_info=pyspiel.PrivateInfoType.ALL_PLAYERS))


def test_resample_from_infostate_keeps_what_the_player_knows() -> None:
    game = openspiel.load("vale", players=3)
    rng = random.Random(4)
    state = game.new_initial_state()
    state.apply_action(11)
    checked = 0
    while not state.is_terminal() and checked < 60:
        player = state.current_player()
        world = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0., 1.))
        assert world.information_state_string(player) == state.information_state_string(
            player)
        assert world.observation_string(player) == state.observation_string(player)
        assert world.legal_actions() == state.legal_actions()
        state.apply_action(rng.choice(state.legal_actions()))
        checked += 1
    assert checked == 60


def _play_with_ismcts(game_name: str, players: int, seed: int,
                      **params: str) -> list[float]:
    game = openspiel.load(game_name, players=players, **params)
    rs = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
    bot = ismcts.ISMCTSBot(game=game, evaluator=evaluator, uct_c=2.0, max_simulations=4,
                           random_state=rs)
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(int(rs.randint(game.max_chance_outcomes())))
        elif state.current_player() == 0:
            state.apply_action(bot.step(state))
            moves += 1
        else:
            state.apply_action(int(rs.choice(state.legal_actions())))
    assert moves > 10
    return list(state.returns())


@pytest.mark.parametrize(("game", "players"),
                         [("thalara", 2), ("thalara", 4), ("vale", 2), ("vale", 4)])
def test_openspiel_ismcts_plays_whole_games(game: str, players: int) -> None:
    returns = _play_with_ismcts(game, players, seed=players)
    assert sum(returns) == pytest.approx(0.0)
    assert max(returns) <= 1.0


def test_openspiel_ismcts_plays_the_artifacts_expansion() -> None:
    returns = _play_with_ismcts("vale", 2, seed=5, expansion="artifacts")
    assert sum(returns) == pytest.approx(0.0)
