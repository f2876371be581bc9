"""observation() and view() of a seat that does not exist: one clear error, in every game."""

from __future__ import annotations

from typing import Any

import pytest

import cardtable


@pytest.mark.parametrize("name", ["thalara", "vale"])
@pytest.mark.parametrize("seat", [2, 5, -1, "x", "0", 1.0, True, [0]])
def test_observation_and_view_of_a_seat_that_does_not_exist_raise(name: str,
                                                                  seat: Any) -> None:
    state = cardtable.load_game(name).new_game(2, seed=1)
    before = state.fingerprint()  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="seat from 0 to 1, or None"):
        state.observation(seat)
    with pytest.raises(ValueError, match="seat from 0 to 1, or None"):
        state.view(seat)
    assert state.fingerprint() == before  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", ["thalara", "vale"])
def test_every_seat_and_the_spectator_still_observe(name: str) -> None:
    state = cardtable.load_game(name).new_game(3, seed=1)
    for seat in (None, 0, 1, 2):
        assert state.observation(seat)["viewer"] == seat
    assert state.view(2).player == 2
