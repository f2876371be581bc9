"""Bad input to the Gymnasium and PettingZoo adapters gets one clear error and changes
nothing: bad constructor arguments, actions that are not integers of the action space,
illegal PettingZoo actions and steps after a Gymnasium episode has ended."""

from __future__ import annotations

import random
from typing import Any

import gymnasium
import numpy as np
import pytest

import cardtable.rl.gymnasium as cg
from cardtable.engine.api import IllegalAction, MalformedAction, OptionError
from cardtable.rl.pettingzoo import env as pz_env
from cardtable.rl.pettingzoo import raw_env

# ---- helpers -----------------------------------------------------------------------


def gym_snapshot(env: cg.CardtableEnv) -> tuple[Any, ...]:
    """What a bad call must leave alone: every seat's view, the mask, the seat and the
    environment's generator."""
    assert env.state is not None
    views = [env.encoding.observation_string(env.state.observation(p))
             for p in [None, *range(env.players)]]
    return (views, env.action_masks().tobytes(), env.seat,
            repr(env.np_random.bit_generator.state))


def gym_play_on(env: cg.CardtableEnv, info: dict[str, Any], steps: int = 12) -> list[Any]:
    """A few legal steps; the trace of what they gave."""
    rng = random.Random(7)
    trace: list[Any] = []
    for _ in range(steps):
        obs, reward, terminated, _t, info = env.step(cg.random_legal(info["action_mask"], rng))
        trace.append((obs.tobytes(), float(reward), terminated))
        if terminated:
            break
    return trace


def pz_snapshot(e: Any) -> tuple[Any, ...]:
    return (e.agent_selection,
            [e.encoding.observation_string(e.state.observation(p))
             for p in [None, *range(e.players)]],
            {a: e.observe(a)["action_mask"].tobytes() for a in e.agents},
            dict(e.rewards), dict(e.terminations))


def pz_play_on(e: Any, steps: int = 12) -> list[str]:
    rng = random.Random(3)
    texts = []
    for _ in range(steps):
        legal = np.flatnonzero(e.observe(e.agent_selection)["action_mask"]).tolist()
        a = rng.choice(legal)
        texts.append(e.encoding.action_text(a))
        e.step(a)
    return texts


# ---- Gymnasium: constructor arguments -----------------------------------------------


@pytest.mark.parametrize("seat", ["x", 5, 2, -1, 1.5, 1.0, True, [0]])
def test_gym_a_bad_seat_is_an_option_error_naming_the_valid_seats(seat: Any) -> None:
    with pytest.raises(OptionError, match=r"seat must be 0, 1 or None") as err:
        cg.CardtableEnv("thalara", players=2, seat=seat)
    assert repr(seat) in str(err.value)
    with pytest.raises(OptionError, match=r"seat must be 0, 1, 2 or None"):
        gymnasium.make("cardtable/Vale-v0", players=3, seat=seat if seat != 2 else 3)


@pytest.mark.parametrize("seat", [0, 1, np.int64(1), None])
def test_gym_good_seats_still_work(seat: Any) -> None:
    env = cg.CardtableEnv("thalara", players=2, seat=seat)
    _obs, info = env.reset(seed=0)
    assert info["seat"] in (0, 1)
    assert type(info["seat"]) is int


@pytest.mark.parametrize(("kwargs", "words"), [
    ({"opponent": "nobody"}, "unknown agent"),
    ({"opponent": 3}, "opponent must be an agent spec"),
    ({"opponent": None}, "opponent must be an agent spec"),
    ({"opponent": "random:3"}, "has no levels"),
    ({"players": "2"}, "players"),
    ({"players": 9}, "players"),
    ({"players": 1, "seat": 0}, "players"),
    ({"game": 3}, "game must be one of thalara, vale"),
    ({"game": "chess"}, "unknown game"),
    ({"mode": "weird"}, "mode"),
    ({"bogus": 1}, "unknown option 'bogus'"),
    ({"illegal_reward": "x"}, "illegal_reward must be a finite number"),
    ({"illegal_reward": float("nan")}, "illegal_reward must be a finite number"),
    ({"illegal_reward": None}, "illegal_reward must be a finite number"),
    ({"render_mode": "human"}, "render_mode must be None or 'ansi'"),
])
def test_gym_bad_constructor_arguments_are_option_errors(kwargs: dict[str, Any],
                                                         words: str) -> None:
    with pytest.raises(OptionError, match=words):
        cg.CardtableEnv(**kwargs)


def test_pz_bad_constructor_arguments_are_option_errors() -> None:
    with pytest.raises(OptionError, match="game must be one of thalara, vale"):
        raw_env(game=3)  # type: ignore[arg-type]
    with pytest.raises(OptionError, match="render_mode must be None, 'human' or 'ansi'"):
        raw_env(render_mode="rgb_array")
    with pytest.raises(OptionError, match="players"):
        raw_env(players="2")  # type: ignore[arg-type]


# ---- Gymnasium: actions -------------------------------------------------------------


def bad_actions(n: int) -> list[Any]:
    return [0.7, -0.5, 2.5, float("nan"), float("inf"), "0", "play", None, True,
            np.float64(1.5), np.array(0.5), np.array([0, 1]), np.array([0]),
            np.zeros((1, 1), np.int64), [0], (0,), n, n + 10, -1, np.int64(-1)]


@pytest.mark.parametrize("which", range(20))
def test_gym_a_non_integer_action_is_malformed_and_changes_nothing(which: int) -> None:
    env = cg.CardtableEnv("thalara", players=2, opponent="random")
    twin = cg.CardtableEnv("thalara", players=2, opponent="random")
    _obs, info = env.reset(seed=5)
    _obs, twin_info = twin.reset(seed=5)
    bad = bad_actions(env.encoding.num_actions)[which]
    before = gym_snapshot(env)
    with pytest.raises(MalformedAction, match=r"an action is one integer in 0\.\.320"):
        env.step(bad)
    assert gym_snapshot(env) == before
    assert gym_play_on(env, info) == gym_play_on(twin, twin_info)


def test_gym_the_malformed_action_message_names_what_was_given() -> None:
    env = cg.CardtableEnv("vale", players=2)
    env.reset(seed=0)
    with pytest.raises(MalformedAction, match=r"not 0\.7 \(float\)"):
        env.step(0.7)
    with pytest.raises(MalformedAction, match=r"not an array of shape \(2,\)"):
        env.step(np.array([1, 2]))
    with pytest.raises(MalformedAction, match=r"not 12780 \(out of range\)"):
        env.step(12780)


@pytest.mark.parametrize("convert", [int, np.int64, np.int32, np.uint16, np.array,
                                     lambda i: np.array(i, np.int32), float, np.float32])
def test_gym_numpy_integers_and_whole_floats_still_work(convert: Any) -> None:
    def run(conv: Any) -> list[Any]:
        env = cg.CardtableEnv("vale", players=2, opponent="greedy")
        _obs, info = env.reset(seed=2)
        rng = random.Random(1)
        trace = []
        for _ in range(15):
            obs, reward, term, _t, info = env.step(conv(cg.random_legal(info["action_mask"],
                                                                        rng)))
            assert "illegal" not in info
            trace.append((obs.tobytes(), float(reward), term))
            if term:
                break
        return trace

    assert run(convert) == run(int)


# ---- Gymnasium: stepping after the end ----------------------------------------------


@pytest.mark.parametrize("wrapped", [False, True])
def test_gym_after_an_illegal_action_ends_the_episode_step_needs_reset(wrapped: bool) -> None:
    made = gymnasium.make("cardtable/Vale-v0", illegal_reward=-1.0)
    env: Any = made if wrapped else made.unwrapped
    _obs, info = env.reset(seed=0)
    mask = info["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    legal = int(np.flatnonzero(mask)[0])
    _obs, reward, terminated, _t, info = env.step(illegal)
    assert (reward, terminated, info["illegal"]) == (-1.0, True, True)
    before = gym_snapshot(made.unwrapped)
    for action in (legal, illegal, 0.7):
        with pytest.raises(cg.ResetNeeded, match=r"call reset\(\)"):
            env.step(action)
    assert gym_snapshot(made.unwrapped) == before
    _obs, info = env.reset(seed=0)
    _obs, _r, terminated, _t, info = env.step(legal)
    assert "illegal" not in info


def test_gym_after_a_finished_game_step_needs_reset() -> None:
    env = cg.CardtableEnv("thalara", players=2, opponent="random")
    _obs, info = env.reset(seed=1)
    rng = random.Random(0)
    terminated = False
    while not terminated:
        _obs, _r, terminated, _t, info = env.step(cg.random_legal(info["action_mask"], rng))
    before = gym_snapshot(env)
    with pytest.raises(cg.ResetNeeded, match=r"episode has ended.*call reset\(\)") as err:
        env.step(0)
    # Gymnasium's own error for a missing reset, and the RuntimeError it used to be.
    assert isinstance(err.value, gymnasium.error.ResetNeeded)
    assert isinstance(err.value, RuntimeError)
    assert gym_snapshot(env) == before


def test_gym_step_before_reset_says_so() -> None:
    env = cg.CardtableEnv("thalara")
    with pytest.raises(cg.ResetNeeded, match=r"before reset\(\)"):
        env.step(0)
    assert env.state is None


# ---- PettingZoo ---------------------------------------------------------------------


def test_pz_an_illegal_action_is_an_illegal_action_error_and_changes_nothing() -> None:
    e = raw_env(game="vale", players=2)
    twin = raw_env(game="vale", players=2)
    e.reset(seed=1)
    twin.reset(seed=1)
    mask = e.observe(e.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    before = pz_snapshot(e)
    with pytest.raises(IllegalAction, match=r"player_\d: action \d+ \(.*\) is not legal now") \
            as err:
        e.step(illegal)
    assert isinstance(err.value, ValueError)
    assert not isinstance(err.value, MalformedAction)
    assert pz_snapshot(e) == before
    assert pz_play_on(e) == pz_play_on(twin)


@pytest.mark.parametrize("bad", [0.5, "1", None, np.array([1, 2]), True, -1, 10**6])
def test_pz_raw_env_refuses_non_integer_actions_and_changes_nothing(bad: Any) -> None:
    e = raw_env(game="thalara", players=2)
    twin = raw_env(game="thalara", players=2)
    e.reset(seed=4)
    twin.reset(seed=4)
    legal = np.flatnonzero(e.observe(e.agent_selection)["action_mask"])
    if isinstance(bad, float):
        bad = float(legal[0]) + bad   # int() of it would be a legal action
    before = pz_snapshot(e)
    with pytest.raises(MalformedAction, match=r"an action is one integer in 0\.\.320"):
        e.step(bad)
    assert pz_snapshot(e) == before
    assert pz_play_on(e) == pz_play_on(twin)


def test_pz_wrapped_env_takes_numpy_integers() -> None:
    e = pz_env(game="thalara", players=2)
    e.reset(seed=4)
    legal = np.flatnonzero(e.observe(e.agent_selection)["action_mask"])
    e.step(np.int64(legal[0]))
    mask = e.observe(e.agent_selection)["action_mask"]
    with pytest.raises(IllegalAction, match="not legal now"):
        e.step(np.int64(np.flatnonzero(mask == 0)[0]))
