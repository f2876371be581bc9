"""The rulebook's examples (rulebooks/thalara-the-last-artifacts.txt) that had no test of
their own, each played out through the engine. The other examples are covered elsewhere:
line 32 (a destroyed Artifact comes back) in test_cards.py, line 43 (two spells share
their cards) in test_rules.py, lines 19 and 54 (three, four or five Artifacts) in
test_rules.py, line 55 with three players in test_modes.py."""

from __future__ import annotations

import pytest

from cardtable.thalara.state import ThalaraState
from tests.thalara.helpers import (
    act,
    artifacts_out,
    artifacts_won,
    new,
    select,
    spells_in,
    totals,
    turn,
)


def cast_in(state: ThalaraState, seat: int, spell: str) -> int | None:
    spells = state.observation(None)["seats"][seat]["spells"]
    found: int | None = {s["id"]: s["cast_in"] for s in spells}[spell]
    return found


def test_line_45_an_immediate_spell_destroys_a_card_at_once() -> None:
    # line 45: "Some spells have immediate effects (e.g., destroying cards)"; the spell's
    # card stays in its conflict for the rest of the round (line 45) and comes back to
    # its collection at the end of the round (line 47).
    state = new(("kandhran", "canto"), first=0)
    select(state, {0: ["red2", "red3", "green1", "blue1", "green2", "yellow1", "yellow2"],
                   1: ["blue4", "red5", "green5", "yellow5", "purple4", "blue1", "green1"]})
    turn(state, "play red2 1")
    turn(state, "play blue4 1")
    assert totals(state, 1) == [2, 4]
    turn(state, "play red3 1", "cast kandhran-shatter 1")
    act(state, "target blue4@p2")
    # Destroyed at once, before the round is resolved: gone from the conflict and its
    # total, in its owner's discard pile.
    obs = state.observation(None)
    assert obs["seats"][1]["discard"] == ["blue4"]
    assert obs["conflicts"][0]["sides"][1]["cards"] == []
    assert totals(state, 1) == [5, 0]
    assert state.current_player() == 1
    # The spell's card lies in conflict 1 for the rest of the round.
    turn(state, "play red5 2")
    assert spells_in(state, 1) == ["kandhran-shatter"]
    assert cast_in(state, 0, "kandhran-shatter") == 1
    won = artifacts_out(state)[0]
    act(state, "pass", "pass")
    assert state.observation(None)["seats"][0]["artifacts"] == [won]
    # Next round: back in Kandhran's collection, in no conflict.
    assert cast_in(state, 0, "kandhran-shatter") is None
    assert all(not c["spells"] for c in state.observation(None)["conflicts"])


def test_line_45_a_strength_bonus_lasts_until_the_end_of_the_round() -> None:
    # line 45: "others last until the end of the round (e.g., strength bonuses)": Myrja's
    # Surge (+2) counts for the rest of the round, at resolution too, and is gone in the
    # next round.
    state = new(("myrja", "canto"), first=0)
    select(state, {0: ["red2", "red3", "green1", "blue1", "green2", "yellow1", "yellow2"],
                   1: ["red5", "blue1", "green5", "yellow5", "purple4", "green1",
                       "yellow2"]})
    turn(state, "play red2 1")
    turn(state, "play red5 1")
    turn(state, "play red3 1", "cast myrja-surge 1")
    assert totals(state, 1) == [2 + 3 + 2, 5]
    turn(state, "play blue1 1")  # P2 (6) would beat P1's cards alone (5)
    assert totals(state, 1) == [7, 6]
    turn(state, "play green1 2")  # later turns: the bonus is still there
    turn(state, "play green5 2")  # P2 wins conflict 2 (an Artifact in hand next round)
    assert totals(state, 1) == [7, 6]
    contested = artifacts_out(state)[0]
    act(state, "pass", "pass")
    # Resolved with the bonus: P1 takes conflict 1's Artifact with 7 against 6.
    obs = state.observation(None)
    assert obs["seats"][0]["artifacts"] == [contested]
    # Next round: Surge is back in the collection and adds nothing any more.
    assert cast_in(state, 0, "myrja-surge") is None
    select(state, {0: ["red4", "blue3", "green4", "yellow3", "purple1", "blue4"],
                   1: ["red2", "green1", "yellow1", "purple1", "green2", "yellow2"]})
    assert state.current_player() == 1  # P2 played last in round 1
    turn(state, "play red2 1")
    turn(state, "play red4 1")
    assert totals(state, 1) == [4, 2]


@pytest.mark.parametrize(("fourth", "winner"), [("blue3", None), ("blue1", 2)])
def test_line_55_four_players_a_tie_at_the_top_goes_to_the_third_place(
        fourth: str, winner: int | None) -> None:
    # line 55: on a tie the Artifact goes to "the player with the next highest strength
    # total (i.e., the third-place player)"; "or the third and fourth player are also
    # tied, no player wins the Artifact, and it remains for the next round".
    # Conflict 1 ends 5-5-3-3 (nobody) or 5-5-3-1 (P3, the third place).
    state = new(("myrja", "canto", "accaina", "kandhran"), first=0)
    filler = ["green1", "green2", "yellow1", "yellow2", "purple1", "purple2"]
    select(state, {0: ["red5", *filler], 1: ["blue5", *filler], 2: ["red3", *filler],
                   3: [fourth, *filler]})
    contested = artifacts_out(state)[0]
    for card in ["red5", "blue5", "red3", fourth]:
        turn(state, f"play {card} 1")
    strengths = [5, 5, 3, int(fourth[-1])]
    assert totals(state, 1) == strengths
    act(state, "pass", "pass", "pass", "pass")
    won = artifacts_won(state)
    if winner is None:
        assert won == [[], [], [], []]
        assert artifacts_out(state)[0] == contested  # it remains for the next round
    else:
        assert won[winner] == [contested]
        assert sum(len(w) for w in won) == 1
        assert contested not in artifacts_out(state)


def test_line_55_three_players_the_third_place_with_cards_takes_a_tied_artifact() -> None:
    # line 55 with three players: 5-5 at the top, P3 third with 4 wins the Artifact.
    state = new(("myrja", "canto", "accaina"), first=1)
    filler = ["green1", "green2", "yellow1", "yellow2", "purple1", "purple2"]
    select(state, {0: ["red5", *filler], 1: ["blue5", *filler], 2: ["blue4", *filler]})
    contested = artifacts_out(state)[0]
    turn(state, "play blue5 1")  # P2 opens
    turn(state, "play blue4 1")
    turn(state, "play red5 1")
    assert totals(state, 1) == [5, 5, 4]
    act(state, "pass", "pass", "pass")
    assert artifacts_won(state) == [[], [], [contested]]
