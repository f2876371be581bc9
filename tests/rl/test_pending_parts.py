"""Parts of the vectors that tell pending decisions apart: Thalara's step and chosen
card, Vale's every pending kind and a pending decision's Artifact tile, and the end
score kept inside the vector's bounds."""

from __future__ import annotations

import copy

import numpy as np
import pytest

from cardtable import load_game
from cardtable.engine.api import OptionError
from cardtable.rl.encoding import OBS_HIGH, encoding_for
from cardtable.vale.frames import FRAME_NAMES
from tests.thalara.test_pending_observation import shift_state


def test_thalara_vector_tells_the_step_and_the_chooser_s_pick() -> None:
    enc = encoding_for("thalara", 2, characters=["accaina", "canto"])
    states = {t: shift_state(t) for t in (None, "green1", "green2")}
    mine = {t: enc.observation_tensor(s.observation(0)) for t, s in states.items()}
    assert not np.array_equal(mine[None], mine["green1"])
    assert not np.array_equal(mine["green1"], mine["green2"])
    parts = enc.observation_dict(states["green2"].observation(0))
    assert parts["pending_stage2"].tolist() == [1.0]
    assert parts["pending_chosen"][enc.type_index["green2"]] == 1.0
    for viewer in (1, None):  # the others see the step, never the pick
        a, b = (enc.observation_tensor(states[t].observation(viewer))
                for t in ("green1", "green2"))
        assert np.array_equal(a, b)
        assert not enc.observation_dict(states["green1"].observation(viewer))[
            "pending_chosen"].any()


def _vale_obs() -> dict:
    return load_game("vale").new_game(2, seed=0, expansion="artifacts").observation(0)


def test_vale_every_pending_kind_has_its_own_slot() -> None:
    enc = encoding_for("vale", 2, expansion="artifacts")
    obs = _vale_obs()
    vectors = []
    for kind in FRAME_NAMES:
        x = copy.deepcopy(obs)
        x["pending"] = {"kind": kind, "player": 0, "source": None}
        vectors.append(enc.observation_tensor(x).tobytes())
    assert len(set(vectors)) == len(FRAME_NAMES)


def test_vale_pending_source_tile_is_encoded() -> None:
    enc = encoding_for("vale", 2, expansion="artifacts")
    obs = _vale_obs()
    tile = next(iter(load_game("vale").catalogue({"expansion": "artifacts"})["artifacts"]))
    x = copy.deepcopy(obs)
    x["pending"] = {"kind": "choose", "player": 0, "source": tile}
    y = copy.deepcopy(x)
    y["pending"]["source"] = None
    assert not np.array_equal(enc.observation_tensor(x), enc.observation_tensor(y))
    assert enc.observation_dict(x)["pending_source_tile"][enc.tile_index[tile]] == 1.0


def test_vale_end_score_stays_in_bounds() -> None:
    enc = encoding_for("vale", 2)
    x = copy.deepcopy(load_game("vale").new_game(2, seed=0).observation(0))
    x["end_score"] = 10**6
    assert enc.observation_tensor(x).max() <= OBS_HIGH
    load_game("vale").new_game(2, seed=0, end_score=1000)
    with pytest.raises(OptionError, match="end_score"):
        load_game("vale").new_game(2, seed=0, end_score=1001)
