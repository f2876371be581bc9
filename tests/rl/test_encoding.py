"""The fixed encodings: every legal action round-trips through its integer, and every
observation becomes a vector of one fixed shape that hides what its viewer may not know."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from cardtable import load_game
from cardtable.engine.api import OptionError
from cardtable.rl.encoding import OBS_HIGH, EncodingError, encoding_for, terminal_returns


def vale_expansions() -> list[str]:
    """The Vale expansions this build accepts besides "none" ("cards", "artifacts" once
    the Artifacts expansion is in): each is tested as soon as the game offers it."""
    out = []
    for name in ("cards", "artifacts"):
        try:
            load_game("vale").new_game(2, seed=0, expansion=name)
        except OptionError:
            continue
        out.append(name)
    return out


SETUPS: list[tuple[str, int, dict[str, Any]]] = [
    ("thalara", 2, {}),
    ("thalara", 4, {}),
    ("thalara", 3, {"mode": "casual"}),
    ("thalara", 2, {"characters": ["rinnthra", "jinpatrica"]}),
    ("vale", 2, {}),
    ("vale", 4, {}),
    ("vale", 3, {"expansion": "none", "start_scores": "zero", "tie_break": "shared"}),
    *[("vale", n, {"expansion": x}) for x in vale_expansions() for n in (2, 4)],
]


def _games(game: str, players: int, options: dict[str, Any], count: int, seed: int) -> Any:
    """Every position of `count` random games."""
    g = load_game(game)
    rng = random.Random(seed)
    for k in range(count):
        state = g.new_game(players, seed=seed * 1000 + k, **options)
        while not state.is_over():
            yield state
            state.apply(rng.choice(state.legal_actions()))
        yield state


@pytest.mark.parametrize(("game", "players", "options"), SETUPS)
def test_every_legal_action_round_trips(game: str, players: int,
                                        options: dict[str, Any]) -> None:
    enc = encoding_for(game, players, **options)
    g = load_game(game)
    seen = 0
    for state in _games(game, players, options, 6, 11):
        if state.is_over():
            continue
        legal = state.legal_actions()
        ids = enc.legal_indices(legal)
        assert len(set(ids)) == len(ids)
        assert all(0 <= i < enc.num_actions for i in ids)
        for action, i in zip(legal, ids, strict=True):
            assert enc.action_index(action.text) == i
            assert enc.action_text(i) == action.text
            assert g.parse_action(state, enc.action_text(i)) == action
        mask = enc.legal_mask(legal)
        assert mask.shape == (enc.num_actions,)
        assert sorted(np.flatnonzero(mask).tolist()) == sorted(ids)
        seen += len(legal)
    assert seen > 100


@pytest.mark.parametrize(("game", "players", "options"), SETUPS)
def test_observation_vectors_have_one_shape(game: str, players: int,
                                           options: dict[str, Any]) -> None:
    enc = encoding_for(game, players, **options)
    for state in _games(game, players, options, 2, 5):
        for viewer in [*range(players), None]:
            vec = enc.observation_tensor(state.observation(viewer))
            assert vec.shape == enc.observation_shape
            assert vec.dtype == np.float32
            assert np.all(np.isfinite(vec))
            assert vec.min() >= 0.0
            assert vec.max() <= OBS_HIGH


def test_the_artifacts_expansion_is_covered() -> None:
    """Main has the Artifacts expansion: the parametrised tests above include it."""
    assert vale_expansions() == ["cards", "artifacts"]
    enc = encoding_for("vale", 2, expansion="artifacts")
    assert enc.tiles
    assert f"use {enc.tiles[0]}" in enc.action_texts
    assert enc.num_actions > encoding_for("vale", 2).num_actions


def test_the_encoding_is_the_setup_s_whatever_the_seed_or_spelling() -> None:
    a = encoding_for("thalara", 2)
    assert encoding_for("Thalara", 2, mode="standard") is a
    assert encoding_for("thalara", 4) is not a
    assert encoding_for("thalara", 2, mode="casual").action_texts == a.action_texts
    v = encoding_for("vale", 2)
    assert encoding_for("vale", 2, expansion="none") is v
    assert v.action_texts[:3] == (f"hunt {v.action_texts[0].split()[1]}",
                                  f"sell {v.action_texts[0].split()[1]}",
                                  f"tame {v.action_texts[0].split()[1]}")


def test_unknown_actions_and_indices_are_clear_errors() -> None:
    enc = encoding_for("thalara", 2)
    with pytest.raises(EncodingError, match="not in the encoding"):
        enc.action_index("play nothing 9")
    with pytest.raises(EncodingError, match="out of range"):
        enc.action_text(enc.num_actions)
    with pytest.raises(EncodingError, match="out of range"):
        enc.action_text(-1)


def test_observation_dict_cuts_the_vector_into_named_parts() -> None:
    enc = encoding_for("vale", 2)
    state = load_game("vale").new_game(2, seed=3)
    parts = enc.observation_dict(state.observation(0))
    assert sum(p.size for p in parts.values()) == enc.observation_size
    assert parts["phase"].tolist() == [1.0, 0.0, 0.0, 0.0]  # hunting
    assert parts["display"].sum() == len(state.observation(0)["display"])


@pytest.mark.parametrize(("game", "players"), [("thalara", 2), ("vale", 2), ("vale", 4)])
def test_vectors_and_strings_hide_what_the_viewer_may_not_know(game: str,
                                                               players: int) -> None:
    """A world resampled for a player gives that player the very same vector and
    strings: nothing hidden from them reaches the encoding."""
    enc = encoding_for(game, players)
    rng = random.Random(2)
    checked = 0
    for state in _games(game, players, {}, 2, 7):
        if state.is_over():
            continue
        p = state.current_player()
        assert p is not None
        world = state.view(p).sample_world(rng)
        mine, theirs = state.observation(p), world.observation(p)
        assert np.array_equal(enc.observation_tensor(mine), enc.observation_tensor(theirs))
        assert enc.observation_string(mine) == enc.observation_string(theirs)
        assert (enc.information_state_string(mine, 3)
                == enc.information_state_string(theirs, 3))
        checked += 1
    assert checked > 50


def test_the_viewer_comes_first() -> None:
    enc = encoding_for("vale", 3)
    state = load_game("vale").new_game(3, seed=1, start_scores=[5, 0, 0])
    score = enc.layout["seat0.score"]
    assert enc.observation_tensor(state.observation(0))[score] > 0
    assert enc.observation_tensor(state.observation(1))[score] == 0
    assert enc.observation_tensor(state.observation(1))[enc.layout["seat2.score"]] > 0


def test_observation_string_leaves_out_the_card_catalogue() -> None:
    enc = encoding_for("vale", 2)
    text = enc.observation_string(load_game("vale").new_game(2, seed=1).observation(0))
    assert '"cards"' not in text
    assert text.startswith("{")


@pytest.mark.parametrize(("players", "winners", "expected"), [
    (2, [0], [1.0, -1.0]),
    (2, [0, 1], [0.0, 0.0]),
    (4, [2], [-1 / 3, -1 / 3, 1.0, -1 / 3]),
    (4, [0, 3], [1 / 3, -1 / 3, -1 / 3, 1 / 3]),
    (3, [], [0.0, 0.0, 0.0]),
])
def test_terminal_returns_are_zero_sum(players: int, winners: list[int],
                                       expected: list[float]) -> None:
    got = terminal_returns(players, winners)
    assert got == pytest.approx(expected)
    assert sum(got) == pytest.approx(0.0)
