"""The observed pending decision tells its step, and the chooser alone sees the card
picked in the first step of a two-step spell choice."""

from __future__ import annotations

from typing import Any

from cardtable.thalara.state import ThalaraState
from tests.thalara.helpers import act, new, select, turn

P2_FILLER = ["red2", "blue1", "green1", "yellow1", "purple1", "green2", "yellow2"]


def shift_state(target: str | None) -> ThalaraState:
    """P1 casts Shift with two of their cards in conflict 1, then picks `target`."""
    state = new(("accaina", "canto"), first=0)
    select(state, {0: ["green1", "green2", "red5", "blue1", "purple1", "yellow1",
                       "yellow2"], 1: list(P2_FILLER)})
    turn(state, "play green1 1")
    turn(state, "play red2 2")
    turn(state, "play green2 1", "cast accaina-shift 1")
    if target is not None:
        act(state, f"target {target}")
    return state


def shift_pending(target: str) -> tuple[dict[Any, Any], dict[Any, Any]]:
    before = {v: shift_state(None).observation(v)["pending"] for v in (0, 1, None)}
    state = shift_state(target)
    return before, {v: state.observation(v)["pending"] for v in (0, 1, None)}


def test_pending_shows_the_step_and_the_chooser_s_pick() -> None:
    before, after = shift_pending("green2")
    for v in (0, 1, None):
        assert before[v]["stage"] == 1 and before[v]["chosen"] is None
        assert after[v]["stage"] == 2
        assert after[v]["prompt"] == "choose the conflict to move it to"
    assert after[0]["chosen"] == "green2"
    assert after[1]["chosen"] is None and after[None]["chosen"] is None
    _, other = shift_pending("green1")
    assert other[0]["chosen"] == "green1"
    assert other[1] == after[1] and other[None] == after[None]
