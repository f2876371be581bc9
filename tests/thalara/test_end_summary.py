"""The end-of-game summary (`observation()["end"]`): why the game ended, each player's
Artifacts and stars, and the tie-break that decided; nothing of it before the end."""

from __future__ import annotations

import re
from pathlib import Path

from cardtable.thalara.cards import CORE_PATH
from cardtable.thalara.state import ThalaraState
from tests.thalara.helpers import GAME, act, new, take_every_conflict
from tests.thalara.test_rules import HIGH_HAND, LOW_HAND, select


def check_breakdown(state: ThalaraState) -> dict[str, object]:
    obs = state.observation(None)
    end = obs["end"]
    for seat, player in zip(obs["seats"], end["players"], strict=True):
        assert player["stars"] == seat["stars"] == sum(a["stars"] for a in player["artifacts"])
        assert sorted(a["card"] for a in player["artifacts"]) == seat["artifacts"]
    assert end["text"] == obs["end_reason"]
    return end


def test_seven_artifacts() -> None:
    state = new(first=0)
    before = state.observation(0)
    assert before["end"] is None
    take_every_conflict(state)
    end = check_breakdown(state)
    assert end["reason"] == "artifacts" and end["tie_break"] is None
    assert len(end["players"][0]["artifacts"]) >= 7
    assert end["players"][0]["artifacts"][0]["name"] == "Ember Crown"


def test_a_supply_that_cannot_fill_a_hand() -> None:
    state = GAME.new_game(2, seed=11)
    while not state.is_over():
        legal = state.legal_actions()
        plays = [a for a in legal if a.text.startswith(("play", "take"))]
        assert state.observation(None)["end"] is None
        state.apply(plays[0] if plays else legal[0])
    assert check_breakdown(state)["reason"] == "supply"


def test_idle_rounds_and_a_shared_win() -> None:
    state = new(first=0, idle_rounds=2)
    for _ in range(2):
        select(state, {0: list(HIGH_HAND), 1: list(LOW_HAND)})
        act(state, "pass", "pass")
    end = check_breakdown(state)
    assert end["reason"] == "idle"
    assert end["tie_break"] == {"rule": "shared", "tied": [0, 1], "text":
                                "Tied on 0 stars; every tied player wins (star_tie shared)"}


def test_the_most_artifacts_tie_break_is_told() -> None:
    state = new(first=0, idle_rounds=2, star_tie="most-artifacts")
    for _ in range(2):
        select(state, {0: list(HIGH_HAND), 1: list(LOW_HAND)})
        act(state, "pass", "pass")
    end = check_breakdown(state)
    assert end["tie_break"]["rule"] == "most-artifacts"
    assert end["tie_break"]["text"].endswith("(P1 0, P2 0): a shared win")


def test_no_artifact_left_to_contest(tmp_path: Path) -> None:
    # a card set with three Artifacts: once they are won, nothing is left to contest
    text = CORE_PATH.read_text(encoding="utf-8")
    kept = re.sub(r'\[\[artifacts\]\]\nid = "A(0[4-9]|1\d)"\n(?:[^\n]+\n)*', "", text)
    path = tmp_path / "three.toml"
    path.write_text(kept, encoding="utf-8")
    state = GAME.new_game(2, seed=0, cards=str(path))
    assert isinstance(state, ThalaraState)
    take_every_conflict(state)
    end = check_breakdown(state)
    assert end["reason"] == "no_artifacts", end
    assert "no Artifacts are left" in end["text"]
