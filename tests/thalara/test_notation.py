"""The action notation: every listed action reads back; bad text gets one clear error."""

from __future__ import annotations

import pytest

from cardtable.engine.api import IllegalAction, MalformedAction
from tests.thalara.helpers import GAME, new, select


@pytest.mark.parametrize("text", ["", "   ", "fly", "play", "play blue4", "play blue4 x",
                                  "take", "take a b", "cast silence", "pass now",
                                  "target", "skip 2"])
def test_malformed_action_is_one_clear_error_and_changes_nothing(text: str) -> None:
    state = GAME.new_game(2, seed=3)
    before = state.clone()
    with pytest.raises(MalformedAction):
        GAME.parse_action(state, text)
    assert state == before


def test_unlisted_action_says_what_is_legal() -> None:
    state = GAME.new_game(2, seed=3)
    with pytest.raises(IllegalAction, match="legal actions: take"):
        GAME.parse_action(state, "play red5 1")


def test_notation_ignores_case_and_spacing_and_accepts_your_own_seat() -> None:
    state = new(("canto", "myrja"), first=0)
    select(state, {0: ["yellow1", "yellow2", "red2", "blue1", "green1", "green2", "red3"],
                   1: ["red2", "blue1", "green1", "yellow1", "purple1", "green2",
                       "yellow2"]})
    assert str(GAME.parse_action(state, "  PLAY   Yellow1  1 ")) == "play yellow1 1"
    state.apply(GAME.parse_action(state, "play yellow1 1"))
    state.apply(GAME.parse_action(state, "play red2 1"))
    state.apply(GAME.parse_action(state, "play yellow2 1"))
    state.apply(GAME.parse_action(state, "cast canto-echo 1"))
    assert str(GAME.parse_action(state, "target yellow2@p1")) == "target yellow2"


def test_artifact_ids_keep_their_case_in_the_notation() -> None:
    state = GAME.new_game(2, seed=0)
    artifact = state.observation(None)["conflicts"][0]["artifact"]["card"]
    assert artifact == artifact.upper()
