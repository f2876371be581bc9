"""The spells of the shipped set that were tuned for balance (docs/balance.md), each with
a test of its tuned effect; test_spells.py tests them as they were, on provisional-2026."""

from __future__ import annotations

import json

import pytest

from cardtable.engine.api import IllegalAction
from cardtable.thalara.state import ThalaraState
from tests.thalara.helpers import OLD, act, new, select, texts, totals, turn

FILLER = ["red2", "blue1", "green1", "yellow1", "purple1", "green2", "yellow2"]


def start(me: str, them: str, mine: list[str],
          theirs: list[str] | None = None) -> ThalaraState:
    state = new((me, them), first=0)
    select(state, {0: list(mine), 1: list(theirs or FILLER)})
    return state


# ---- Accaina: Veil places one more card at once, face-down -----------------------------

def _veil_cast(into: int = 1) -> ThalaraState:
    state = start("accaina", "canto", ["purple1", "green1", "red5", "red2", "blue1",
                                       "green2", "yellow1"])
    turn(state, "play purple1 1")
    turn(state, "play red2 1")
    act(state, "play green1 1", "cast accaina-veil 1")
    return state


def test_veil_places_one_more_card_at_once_face_down_into_any_conflict() -> None:
    state = _veil_cast()
    assert state.current_player() == 0                  # the extra card is P1's to place
    legal = texts(state.legal_actions())
    assert "play red5 2" in legal and "play red5 3" in legal and "play red5 1" in legal
    assert not [a for a in legal if a.startswith(("cast", "skip", "pass"))]
    events = state.apply(state.game.parse_action(state, "play red5 2"))
    assert all("red5" not in e.text_for(1) and "red5" not in e.text_for(None)
               for e in events)
    assert any("red5" in (e.text_for(0) or "") for e in events)
    assert state.current_player() == 1                  # no spell follows the extra card
    mine = state.observation(0)["conflicts"][1]["sides"][0]["cards"]
    theirs = state.observation(1)["conflicts"][1]["sides"][0]["cards"]
    assert mine[0]["card"] == "red5" and mine[0]["face_down"] is True
    assert theirs == [{"card": None, "color": None, "strength": None, "printed": None,
                       "face_down": True}]
    assert "red5" not in json.dumps(state.observation(None)["conflicts"])
    assert totals(state, 2) == [0, 0]                   # no strength until scoring
    artifact = state.observation(None)["conflicts"][1]["artifact"]["card"]
    act(state, "pass", "pass")
    assert artifact in state.observation(None)["seats"][0]["artifacts"]  # 5 against 0


def test_the_card_after_a_veil_is_placed_face_up_again() -> None:
    state = _veil_cast()
    act(state, "play red5 3")
    turn(state, "play blue1 2")
    turn(state, "play blue1 2")
    side = state.observation(1)["conflicts"][1]["sides"][0]["cards"]
    assert side[0]["card"] == "blue1" and side[0]["face_down"] is False


def test_a_veiled_card_placed_into_a_silenced_conflict_lies_face_up() -> None:
    state = start("accaina", "canto", ["purple1", "green1", "red5", "red2", "blue1",
                                       "green2", "yellow1"],
                  ["purple1", "purple2", "green1", "yellow1", "red2", "green2", "yellow2"])
    turn(state, "play purple1 1")
    turn(state, "play purple1 2")
    turn(state, "play red2 3")
    turn(state, "play purple2 2", "cast silence 2")
    act(state, "play green1 1", "cast accaina-veil 1")
    act(state, "play red5 2")
    side = state.observation(1)["conflicts"][1]["sides"][0]["cards"]
    assert side == [{"card": "red5", "color": "red", "strength": 5, "printed": 5,
                     "face_down": False}]


# ---- Accaina: Shift needs one green card ---------------------------------------------------

def test_shift_is_cast_with_one_green_card_and_moves_yours_elsewhere() -> None:
    state = start("accaina", "canto", ["green1", "red5", "blue1", "purple1", "green2",
                                       "yellow1", "yellow2"])
    turn(state, "play red5 1")
    turn(state, "play red2 2")
    act(state, "play green1 1")
    assert "cast accaina-shift 1" in texts(state.legal_actions())
    act(state, "cast accaina-shift 1")
    assert sorted(texts(state.legal_actions())) == ["target green1", "target red5"]
    act(state, "target red5", "target 3")
    assert totals(state, 1)[0] == 1 and totals(state, 3)[0] == 5
    assert state.current_player() == 1


def test_shift_needs_a_green_card_of_yours_in_its_conflict() -> None:
    state = start("accaina", "canto", ["green1", "red5", "blue1", "purple1", "green2",
                                       "yellow1", "yellow2"])
    turn(state, "play red5 1")
    turn(state, "play green1 1")         # the opponent's green does not count
    act(state, "play blue1 1")
    # no spell of Accaina's can be cast, so P1 is not asked: P2 is to move
    assert state.current_player() == 1
    with pytest.raises(IllegalAction):
        act(state, "cast accaina-shift 1")


# ---- Accaina: Unravel reaches any strength (round 4) ------------------------------------

def _purple_after(theirs: str, where: int) -> ThalaraState:
    """Accaina's red2 and purple1 in conflict 1 (Unravel's colours), after the opponent
    played `theirs` into conflict `where`."""
    state = start("accaina", "canto", ["red2", "purple1", "green1", "blue1", "green2",
                                       "yellow1", "yellow2"],
                  [theirs, "red5", "green5", "yellow5", "red4", "blue1", "green4"])
    turn(state, "play red2 1")
    turn(state, f"play {theirs} {where}")
    act(state, "play purple1 1")
    return state


@pytest.mark.parametrize("theirs", ["blue4", "blue5"])
def test_unravel_destroys_an_opposing_face_up_remnant_of_any_strength(theirs: str) -> None:
    state = _purple_after(theirs, where=1)
    assert "cast accaina-unravel 1" in texts(state.legal_actions())
    act(state, "cast accaina-unravel 1")
    assert texts(state.legal_actions()) == [f"target {theirs}@p2"]
    act(state, f"target {theirs}@p2")
    obs = state.observation(None)
    assert obs["seats"][1]["discard"] == [theirs]
    assert obs["conflicts"][0]["sides"][1]["cards"] == []


def test_unravel_spares_her_own_remnants() -> None:
    # With only Accaina's own Remnants in the conflict there is nothing to destroy.
    state = _purple_after("blue5", where=2)
    assert "cast accaina-unravel 1" not in texts(state.legal_actions())


# ---- Kandhran: Shatter takes the strongest of strength 4 or less --------------------------

def test_shatter_destroys_the_strongest_opposing_remnant_of_strength_four_or_less() -> None:
    state = start("kandhran", "canto", ["red2", "red3", "green1", "blue1", "green2",
                                        "yellow1", "yellow2"],
                  ["red5", "blue4", "green4", "yellow5", "red4", "blue1", "green1"])
    turn(state, "play red2 1")
    turn(state, "play red5 1")
    turn(state, "play green1 2")
    turn(state, "play blue4 1")
    turn(state, "play green2 2")
    turn(state, "play green4 1")
    turn(state, "play red3 1", "cast kandhran-shatter 1")
    # red5 is out of reach: the strongest of 4 or less, blue4 and green4, tie
    assert sorted(texts(state.legal_actions())) == ["target blue4@p2", "target green4@p2"]
    act(state, "target green4@p2")
    assert state.observation(None)["seats"][1]["discard"] == ["green4"]


def test_shatter_is_not_offered_when_every_opposing_remnant_is_stronger_than_four() -> None:
    state = start("kandhran", "canto", ["red2", "red3", "green1", "blue1", "green2",
                                        "yellow1", "yellow2"],
                  ["red5", "blue5", "green4", "yellow5", "red4", "blue1", "green1"])
    turn(state, "play red2 1")
    turn(state, "play red5 1")
    turn(state, "play green1 2")
    turn(state, "play blue5 1")
    act(state, "play red3 1")
    assert "cast kandhran-shatter 1" not in texts(state.legal_actions())


# ---- Kandhran: Bulwark +1 -----------------------------------------------------------------

def test_bulwark_raises_your_artifacts_in_its_conflict_by_one() -> None:
    state = start("kandhran", "canto", ["green5", "green4", "yellow5", "red2", "blue1",
                                        "yellow1", "purple1"])
    turn(state, "play green5 1")
    act(state, "pass", "pass")
    artifact = state.observation(0)["seats"][0]["artifacts"][0]
    strength = state.setup.describe(state.won[0][0])["strength"]
    select(state, {0: ["green4", "yellow5", "red2", "blue1", "yellow1", "purple1"],
                   1: list(FILLER)})
    turn(state, f"play {artifact} 1")
    turn(state, "play red2 2")
    turn(state, "play green4 1")
    turn(state, "play blue1 2")
    turn(state, "play yellow5 1", "cast kandhran-bulwark 1")
    assert totals(state, 1)[0] == (strength + 1) + 4 + 5


# ---- Canto: Chord needs red and blue ------------------------------------------------------

def test_chord_is_cast_with_red_and_blue_and_counts_every_color() -> None:
    state = start("canto", "myrja", ["red2", "blue1", "green1", "yellow1", "purple1",
                                     "red3", "blue3"])
    turn(state, "play red2 1")
    turn(state, "play blue1 2")
    act(state, "play blue1 1")
    assert "cast canto-chord 1" in texts(state.legal_actions())
    act(state, "cast canto-chord 1")
    assert totals(state, 1)[0] == 2 + 1 + 2             # two colors
    turn(state, "play green1 2")
    turn(state, "play green1 1")
    assert totals(state, 1)[0] == (2 + 1 + 1) + 3       # three colors now


def test_chord_needs_both_colors() -> None:
    state = start("canto", "myrja", ["red2", "red3", "green1", "yellow1", "purple1",
                                     "blue1", "blue3"])
    turn(state, "play red2 1")
    turn(state, "play blue1 2")
    act(state, "play red3 1")
    assert "cast canto-chord 1" not in texts(state.legal_actions())
    with pytest.raises(IllegalAction):
        act(state, "cast canto-chord 1")


# ---- Rinn'thra: Aftershocks have strength 1 -----------------------------------------------

def test_an_aftershock_has_strength_one_and_quake_raises_it_by_two() -> None:
    state = start("rinnthra", "canto", ["green1", "red2", "blue1", "blue3", "yellow1",
                                        "purple1", "green2"])
    turn(state, "play green1 1")
    turn(state, "play red2 2")
    turn(state, "play red2 1", "cast rinnthra-tremor 1")
    act(state, "target aftershock")
    turn(state, "play blue1 2")
    turn(state, "play aftershock 2")
    assert totals(state, 2)[0] == 1
    turn(state, "play green1 3")
    turn(state, "play blue1 3")
    turn(state, "play green2 3")
    turn(state, "play blue3 3", "cast rinnthra-quake 3")
    assert totals(state, 2)[0] == 3


def test_each_rinnthra_player_has_three_aftershocks() -> None:
    assert new(("rinnthra", "canto")).observation(None)["aftershock_pool"] == 3
    assert new(("rinnthra", "canto"), cards=OLD).observation(None)["aftershock_pool"] == 4
    # two Rinn'thra players (three or four players, two sets): three each
    assert new(("rinnthra", "rinnthra", "canto")).observation(None)["aftershock_pool"] == 6
