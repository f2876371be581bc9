"""Themes: each rule named from the best action and the runner-up, and the rules that
look ahead (a spell becomes castable, the end score is reached) checked on real
positions."""

from __future__ import annotations

import pytest

from cardtable.engine.api import State
from cardtable.puzzles.themes import theme
from tests.analysis.positions import played_record, vale_mud_slime


def _thalara_play_position() -> State:
    record = played_record("thalara", seed=5)
    state = record.new_state()
    for text in record.actions:
        if state.observation(None)["phase"] == "play":
            return state
        state.apply_text(text)
    raise AssertionError("no play phase")


@pytest.mark.parametrize(("best", "rival", "expected"), [
    ("cast silence 2", "skip", "Silence"),
    ("skip", "cast silence 1", "Silence"),
    ("pass", "play red2 1", "passing"),
    ("play red2 1", "pass", "passing"),
    ("skip", "cast myrja-surge 1", "holding a spell back"),
    ("take blue4", "take red2", "the draft"),
    ("target red3@p2", "target 2", "a spell's target"),
])
def test_thalara_themes_by_the_two_actions(best: str, rival: str, expected: str) -> None:
    state = _thalara_play_position()
    seat = state.current_player()
    assert seat is not None
    assert theme("thalara", state.view(seat), best, rival, seed=1) == expected


def test_a_play_that_makes_a_spell_castable_is_about_its_requirement() -> None:
    record = played_record("thalara", seed=5)
    state = record.new_state()
    for text in record.actions:
        seat = state.current_player()
        assert seat is not None
        plays = [str(a) for a in state.legal_actions() if str(a).startswith("play ")]
        enabling, idle = [], []
        for play in plays:
            after = state.clone()
            after.apply_text(play)
            casts = any(str(a).startswith("cast ") for a in after.legal_actions())
            (enabling if casts else idle).append(play)
        if enabling and idle:
            view = state.view(seat)
            assert theme("thalara", view, enabling[0], idle[0], seed=2) == \
                "a spell's requirement"
            assert theme("thalara", view, idle[0], enabling[0], seed=2) != \
                "a spell's requirement"
            return
        state.apply_text(text)
    raise AssertionError("no position where one play allows a spell and another not")


def test_vale_reaching_the_end_score_selling_and_holding_back() -> None:
    state = vale_mud_slime()
    view = state.view(0)
    assert theme("vale", view, "tame mud-slime", "sell mud-slime", 1) == "selling or taming"
    state.apply_text("tame mud-slime")
    view = state.view(0)
    summon = "summon mud-slime pay blue,blue"
    assert theme("vale", view, summon, "end", 1) == "reaching the end score"
    assert theme("vale", view, "end", summon, 1) == "holding back"


@pytest.mark.parametrize(("best", "rival", "expected"), [
    ("discard red", "discard blue", "the stone limit"),
    ("summon imp", "discard red", "the stone limit"),
    ("summon griffon pay blue,red", "summon griffon pay purple", "overpaying"),
    ("remove imp pay blue", "end", "the area limit"),
    ("hunt imp", "hunt griffon", "the draft"),
    ("artifact golden-fleece", "artifact book-of-thoth", "the Artifact pick"),
    ("use book-of-thoth", "end", "an Artifact's ability"),
    ("target p2", "target p1", "a card's choice"),
])
def test_vale_themes_by_the_two_actions(best: str, rival: str, expected: str) -> None:
    assert theme("vale", vale_mud_slime().view(0), best, rival, 1) == expected


def test_a_tie_at_the_top_is_the_solver_sharing_the_highest_total() -> None:
    from cardtable.puzzles.themes import _tie_at_top

    def conflict(*totals: int) -> dict[str, object]:
        return {"sides": [{"seat": s, "total": t} for s, t in enumerate(totals)]}

    assert _tie_at_top(conflict(5, 5), 0)
    assert _tie_at_top(conflict(4, 6, 6), 1)
    assert not _tie_at_top(conflict(4, 6, 6), 0)      # tied, but not at the solver's total
    assert not _tie_at_top(conflict(6, 5), 0)         # the solver leads alone
    assert not _tie_at_top(conflict(0, 0), 0)         # nobody has played there
