"""Every spell of the shipped set has a test of its effect (and its edges)."""

from __future__ import annotations

import pytest

from cardtable.engine.api import IllegalAction
from cardtable.thalara.cards import core_card_set
from tests.thalara.helpers import (
    GAME,
    OLD,
    P2_FILLER,
    act,
    new,
    select,
    texts,
    totals,
    turn,
)

P1_FILLER = ["red2", "blue1", "green1", "yellow1", "purple1", "green2", "yellow2"]
# OLD: the spells tuned since keep their tests here on the set before the tuning (the
# tuned ones are tested in test_tuned_spells.py).
POOL = core_card_set().aftershock_per_player  # each Rinn'thra player's Aftershocks


def start(me: str, them: str, mine: list[str], theirs: list[str] | None = None,
          cards: str | None = None):
    state = new((me, them), first=0, **({} if cards is None else {"cards": cards}))
    select(state, {0: list(mine), 1: list(theirs or P1_FILLER)})
    return state


def obs_spells(state, conflict: int) -> list[str]:
    return [s["id"] for s in state.observation(None)["conflicts"][conflict - 1]["spells"]]


# ---- Myrja ------------------------------------------------------------------------------

def test_surge_adds_two_to_your_total_in_its_conflict() -> None:
    state = start("myrja", "canto", ["red5", "red4", "blue1", "blue3", "blue4", "green1",
                                     "green2"])
    turn(state, "play red5 1")
    turn(state, "play blue1 2")
    turn(state, "play red4 1", "cast myrja-surge 1")
    assert totals(state, 1) == [5 + 4 + 2, 0]
    assert totals(state, 2)[0] == 0  # only in its own conflict


def test_energy_barrier_keeps_opponents_out_of_its_conflict() -> None:
    state = start("myrja", "canto", ["blue5", "blue4", "red5", "red4", "blue1", "green1",
                                     "green2"])
    turn(state, "play blue5 1")
    turn(state, "play red2 2")
    turn(state, "play blue4 1", "cast energy-barrier 1")
    assert state.current_player() == 1
    assert not [t for t in texts(state.legal_actions()) if t.endswith(" 1")]
    with pytest.raises(IllegalAction):
        act(state, "play blue1 1")
    assert state.observation(None)["conflicts"][0]["blocked_for"] == [1]
    turn(state, "play blue1 2")
    turn(state, "play red5 1")  # the caster may still place cards there


def test_kindle_raises_your_low_cards_including_later_ones() -> None:
    state = start("myrja", "canto", ["yellow1", "red2", "red3", "yellow2", "blue1",
                                     "green1", "green5"])
    turn(state, "play yellow1 1")
    turn(state, "play blue1 2")
    turn(state, "play red2 1", "cast myrja-kindle 1")
    assert totals(state, 1)[0] == (1 + 1) + (2 + 1)
    turn(state, "play green1 2")
    turn(state, "play red3 1")  # printed 3: no bonus
    assert totals(state, 1)[0] == 5 + 3
    turn(state, "play green2 2")
    turn(state, "play yellow2 1")  # arrives after the spell: +1 too
    assert totals(state, 1)[0] == 8 + 3


def test_beacon_adds_one_where_you_have_a_card() -> None:
    state = start("myrja", "canto", ["red2", "green1", "blue1", "purple1", "red3",
                                     "yellow1", "yellow2"])
    turn(state, "play red2 2")
    turn(state, "play blue1 3")
    turn(state, "play green1 1")
    turn(state, "play green1 3")
    turn(state, "play blue1 1")
    turn(state, "play green2 3")
    turn(state, "play purple1 1", "cast myrja-beacon 1")
    assert totals(state, 1)[0] == 3 + 1
    assert totals(state, 2)[0] == 2 + 1
    assert totals(state, 3)[0] == 0  # no card of yours there


# ---- Canto ------------------------------------------------------------------------------

def test_solo_bonus_holds_only_while_the_color_is_unique_in_the_conflict() -> None:
    state = start("canto", "myrja", ["green1", "yellow1", "red5", "blue5", "blue4",
                                     "red4", "red3"])
    turn(state, "play green1 1")
    turn(state, "play red2 1")
    turn(state, "play yellow1 1", "cast canto-solo 1")
    assert totals(state, 1) == [(1 + 1) + (1 + 1), 2]
    turn(state, "play green2 1")  # a second green, the opponent's: green1 loses its +1
    assert totals(state, 1) == [1 + (1 + 1), 2 + 2]


def test_silence_cancels_other_spells_and_stops_instants_there() -> None:
    state = start("canto", "myrja", ["purple1", "purple2", "yellow1", "yellow2", "green1",
                                     "green2", "red2"],
                  ["red5", "red4", "blue5", "blue4", "blue3", "green4", "green5"])
    turn(state, "play purple1 1")
    turn(state, "play red5 1")
    turn(state, "play yellow1 2")
    turn(state, "play red4 1", "cast myrja-surge 1")
    assert totals(state, 1)[1] == 11
    turn(state, "play purple2 1", "cast silence 1")
    assert totals(state, 1)[1] == 9  # Surge no longer counts
    assert state.observation(None)["conflicts"][0]["silenced"] is True
    turn(state, "play blue5 1")
    turn(state, "play yellow2 2")
    act(state, "play blue4 1")
    assert "cast energy-barrier 1" not in texts(state.legal_actions())


def test_chord_adds_one_per_color_you_show_there() -> None:
    state = start("canto", "myrja", ["red2", "blue1", "green1", "yellow1", "purple1",
                                     "red3", "blue3"], cards=OLD)
    turn(state, "play red2 1")
    turn(state, "play blue1 2")
    turn(state, "play blue1 1")
    turn(state, "play green1 2")
    turn(state, "play green1 1", "cast canto-chord 1")
    assert totals(state, 1)[0] == 2 + 1 + 1 + 3
    turn(state, "play green2 2")
    turn(state, "play yellow1 1")
    assert totals(state, 1)[0] == (2 + 1 + 1 + 1) + 4  # four colors now


def test_echo_takes_one_of_your_remnants_back_into_hand() -> None:
    state = start("canto", "myrja", ["yellow1", "yellow2", "red2", "blue1", "green1",
                                     "green2", "red3"])
    turn(state, "play yellow1 1")
    turn(state, "play red2 1")
    turn(state, "play yellow2 1", "cast canto-echo 1")
    assert state.current_player() == 0
    assert sorted(texts(state.legal_actions())) == ["target yellow1", "target yellow2"]
    act(state, "target yellow2")
    assert "yellow2" in state.observation(0)["seats"][0]["hand"]
    assert state.observation(1)["seats"][0]["known_hand"] == ["yellow2"]
    assert [c["card"] for c in state.observation(0)["conflicts"][0]["sides"][0]["cards"]] \
        == ["yellow1"]


# ---- Accaina ----------------------------------------------------------------------------

def test_recall_sends_any_remnant_to_its_owners_supply() -> None:
    state = start("accaina", "canto", ["blue1", "purple1", "red2", "green1", "green2",
                                       "yellow1", "yellow2"],
                  ["red5", "blue5", "green5", "yellow5", "red4", "blue4", "green4"])
    turn(state, "play blue1 1")
    turn(state, "play red5 1")
    turn(state, "play purple1 1", "cast accaina-recall 1")
    assert sorted(texts(state.legal_actions())) == ["target blue1", "target purple1",
                                                    "target red5@p2"]
    act(state, "target red5@p2")
    obs = state.observation(1)
    assert "red5" in obs["seats"][1]["supply"]
    assert obs["seats"][1]["supply_count"] == 14
    assert obs["conflicts"][0]["sides"][1]["cards"] == []


def test_veil_places_your_next_card_face_down_until_scoring() -> None:
    state = start("accaina", "canto", ["purple1", "green1", "red5", "red2", "blue1",
                                       "green2", "yellow1"], cards=OLD)
    turn(state, "play purple1 1")
    turn(state, "play red2 1")
    turn(state, "play green1 1", "cast accaina-veil 1")
    turn(state, "play blue1 1")
    turn(state, "play red5 2")
    seen_by_opponent = state.observation(1)["conflicts"][1]["sides"][0]["cards"][0]
    assert seen_by_opponent == {"card": None, "color": None, "strength": None,
                                "printed": None, "face_down": True}
    seen_by_owner = state.observation(0)["conflicts"][1]["sides"][0]["cards"][0]
    assert seen_by_owner["card"] == "red5" and seen_by_owner["face_down"] is True
    assert totals(state, 2) == [0, 0]  # no strength until scoring
    artifact = state.observation(None)["conflicts"][1]["artifact"]["card"]
    act(state, "pass", "pass")
    assert artifact in state.observation(None)["seats"][0]["artifacts"]  # 5 vs 0


def test_face_down_card_never_meets_a_requirement() -> None:
    state = start("accaina", "canto", ["purple1", "green1", "purple2", "blue1", "red2",
                                       "green2", "yellow1"], cards=OLD)
    turn(state, "play purple1 1")
    turn(state, "play red2 2")
    turn(state, "play green1 1", "cast accaina-veil 1")
    turn(state, "play blue1 2")
    act(state, "play purple2 3")  # face-down
    turn(state, "play green1 2")
    act(state, "play blue1 3")
    # blue + a face-down purple: Recall (blue, purple) is not offered in conflict 3.
    assert "cast accaina-recall 3" not in texts(state.legal_actions())


def test_shift_moves_your_card_to_another_conflict() -> None:
    state = start("accaina", "canto", ["green1", "green2", "red5", "blue1", "purple1",
                                       "yellow1", "yellow2"])
    turn(state, "play green1 1")
    turn(state, "play red2 2")
    turn(state, "play green2 1", "cast accaina-shift 1")
    act(state, "target green2")
    assert sorted(texts(state.legal_actions())) == ["target 2", "target 3"]
    act(state, "target 3")
    assert totals(state, 1)[0] == 1
    assert totals(state, 3)[0] == 2
    assert state.current_player() == 1


def test_unravel_destroys_an_opposing_weak_remnant() -> None:
    state = start("accaina", "canto", ["red2", "purple1", "green1", "blue1", "green2",
                                       "yellow1", "yellow2"],
                  ["blue1", "red5", "green5", "yellow5", "red4", "blue4", "green4"], cards=OLD)
    turn(state, "play red2 1")
    turn(state, "play blue1 1")
    turn(state, "play purple1 1", "cast accaina-unravel 1")
    assert texts(state.legal_actions()) == ["target blue1@p2"]
    act(state, "target blue1@p2")
    obs = state.observation(None)
    assert obs["seats"][1]["discard"] == ["blue1"]
    assert obs["conflicts"][0]["sides"][1]["cards"] == []


def test_unravel_cannot_be_cast_without_a_target() -> None:
    state = start("accaina", "canto", ["red2", "purple1", "green1", "blue1", "green2",
                                       "yellow1", "yellow2"],
                  ["blue5", "red5", "green5", "yellow5", "red4", "blue4", "green4"], cards=OLD)
    turn(state, "play red2 1")
    turn(state, "play blue5 1")
    act(state, "play purple1 1")
    assert "cast accaina-unravel 1" not in texts(state.legal_actions())


# ---- Kandhran ---------------------------------------------------------------------------

def test_shatter_destroys_the_strongest_opposing_remnant_choosing_among_equals() -> None:
    state = start("kandhran", "canto", ["red2", "red3", "green1", "blue1", "green2",
                                        "yellow1", "yellow2"],
                  ["red5", "blue5", "green1", "yellow5", "red4", "blue4", "green4"], cards=OLD)
    turn(state, "play red2 1")
    turn(state, "play red5 1")
    turn(state, "play green1 2")
    turn(state, "play blue5 1")
    turn(state, "play green2 2")
    turn(state, "play green1 1")
    turn(state, "play red3 1", "cast kandhran-shatter 1")
    assert sorted(texts(state.legal_actions())) == ["target blue5@p2", "target red5@p2"]
    act(state, "target blue5@p2")
    assert state.observation(None)["seats"][1]["discard"] == ["blue5"]


def test_bulwark_raises_your_artifacts_in_its_conflict() -> None:
    state = start("kandhran", "canto", ["green5", "green4", "yellow5", "red2", "blue1",
                                        "yellow1", "purple1"], cards=OLD)
    turn(state, "play green5 1")
    act(state, "pass", "pass")
    artifact = state.observation(0)["seats"][0]["artifacts"][0]
    strength = state.setup.describe(state.won[0][0])["strength"]
    select(state, {0: ["green4", "yellow5", "red2", "blue1", "yellow1", "purple1"],
                   1: list(P1_FILLER)})
    turn(state, f"play {artifact} 1")
    turn(state, "play red2 2")
    turn(state, "play green4 1")
    turn(state, "play blue1 2")
    turn(state, "play yellow5 1", "cast kandhran-bulwark 1")
    assert totals(state, 1)[0] == strength + 2 + 4 + 5


def test_crush_lowers_opposing_cards_but_never_below_zero() -> None:
    state = start("kandhran", "canto", ["purple1", "purple2", "green1", "blue1", "green2",
                                        "yellow1", "yellow2"],
                  ["blue1", "red5", "green5", "yellow5", "red4", "blue4", "green4"])
    turn(state, "play purple1 1")
    turn(state, "play blue1 1")
    turn(state, "play purple2 1", "cast kandhran-crush 1")
    assert totals(state, 1) == [3, 0]
    turn(state, "play red5 1")
    assert totals(state, 1) == [3, 0 + 4]


def test_war_cry_adds_one_where_you_have_more_cards_than_every_opponent() -> None:
    state = start("kandhran", "canto", ["blue1", "red2", "yellow1", "green1", "green2",
                                        "purple1", "yellow2"])
    turn(state, "play green1 3")
    turn(state, "play red2 1")
    turn(state, "play blue1 1")
    turn(state, "play blue1 2")
    turn(state, "play red2 1")
    turn(state, "play green1 2")
    turn(state, "play green2 2")
    turn(state, "play yellow1 3")
    turn(state, "play yellow1 1", "cast kandhran-warcry 1")
    assert totals(state, 1)[0] == 1 + 2 + 1 + 1  # 3 cards against 1
    assert totals(state, 2)[0] == 2               # 1 against 2: no bonus
    assert totals(state, 3)[0] == 1               # 1 against 1: no bonus


# ---- Rinn'thra --------------------------------------------------------------------------

def test_tremor_gains_an_aftershock_then_takes_any_supply_card() -> None:
    state = start("rinnthra", "canto", ["green1", "red2", "blue1", "blue3", "yellow1",
                                        "purple1", "green2"])
    assert state.observation(None)["aftershock_pool"] == POOL
    turn(state, "play green1 1")
    turn(state, "play red2 2")
    turn(state, "play red2 1", "cast rinnthra-tremor 1")
    assert state.observation(None)["aftershock_pool"] == POOL - 1
    legal = texts(state.legal_actions())
    assert "target aftershock" in legal and "target red5" in legal
    act(state, "target red5")
    obs = state.observation(0)
    assert "red5" in obs["seats"][0]["hand"]
    assert "aftershock" in obs["seats"][0]["supply"]
    assert state.observation(1)["seats"][0]["hand"] is None


def test_rift_gains_an_aftershock_and_destroys_a_weak_remnant_of_anyone() -> None:
    state = start("rinnthra", "canto", ["yellow1", "purple1", "blue1", "blue3", "red2",
                                        "green1", "green2"],
                  ["red3", "red5", "green5", "yellow5", "red4", "blue4", "green4"])
    turn(state, "play yellow1 1")
    turn(state, "play red3 1")
    turn(state, "play purple1 1", "cast rinnthra-rift 1")
    assert sorted(texts(state.legal_actions())) == ["target purple1", "target red3@p2",
                                                    "target yellow1"]
    act(state, "target red3@p2")
    obs = state.observation(None)
    assert obs["seats"][1]["discard"] == ["red3"]
    assert obs["aftershock_pool"] == POOL - 1


def test_quake_raises_your_aftershocks_everywhere_and_they_return_to_the_pool() -> None:
    state = start("rinnthra", "canto", ["green1", "red2", "blue1", "blue3", "yellow1",
                                        "purple1", "green2"], cards=OLD)
    turn(state, "play green1 1")
    turn(state, "play red2 2")
    turn(state, "play red2 1", "cast rinnthra-tremor 1")
    act(state, "target aftershock")
    turn(state, "play blue1 2")
    turn(state, "play aftershock 2")
    assert totals(state, 2)[0] == 2
    turn(state, "play green1 3")
    turn(state, "play blue1 3")
    turn(state, "play green2 3")
    turn(state, "play blue3 3", "cast rinnthra-quake 3")
    assert totals(state, 2)[0] == 4
    act(state, "pass", "pass")
    assert state.observation(None)["aftershock_pool"] == 4


def test_fault_line_puts_two_aftershocks_into_your_supply() -> None:
    state = start("rinnthra", "canto", ["red2", "blue1", "yellow1", "green1", "purple1",
                                        "green2", "yellow2"])
    turn(state, "play red2 1")
    turn(state, "play red2 2")
    turn(state, "play blue1 1")
    turn(state, "play blue1 2")
    turn(state, "play yellow1 1", "cast rinnthra-faultline 1")
    obs = state.observation(0)
    assert obs["aftershock_pool"] == POOL - 2
    assert obs["seats"][0]["supply"].count("aftershock") == 2
    assert obs["seats"][0]["supply_count"] == 15


# ---- Jin & Patrica ----------------------------------------------------------------------

def test_balance_adds_two_where_your_count_equals_the_highest_opponent_count() -> None:
    state = start("jinpatrica", "canto", ["blue1", "yellow1", "red2", "green1", "green2",
                                          "purple1", "yellow2"])
    turn(state, "play blue1 1")
    turn(state, "play red2 1")
    turn(state, "play yellow1 1", "cast jinpatrica-balance 1")
    assert totals(state, 1)[0] == 1 + 1        # 2 cards against 1: no bonus
    assert totals(state, 2)[0] == 2            # empty conflict: 0 = 0
    turn(state, "play blue1 1")
    assert totals(state, 1)[0] == 2 + 2        # 2 against 2


def test_balance_wins_an_empty_conflict_unless_silenced_there() -> None:
    state = start("jinpatrica", "canto", ["blue1", "yellow1", "red2", "green1", "green2",
                                          "purple1", "yellow2"],
                  ["purple1", "purple2", "red2", "blue1", "green1", "yellow1", "green2"])
    turn(state, "play blue1 1")
    turn(state, "play purple1 2")
    turn(state, "play yellow1 1", "cast jinpatrica-balance 1")
    turn(state, "play purple2 2", "cast silence 2")
    third = state.observation(None)["conflicts"][2]["artifact"]["card"]
    second = state.observation(None)["conflicts"][1]["artifact"]["card"]
    act(state, "pass", "pass")
    obs = state.observation(None)
    assert third in obs["seats"][0]["artifacts"]      # 2 vs 0 in an empty conflict
    assert second in obs["seats"][1]["artifacts"]     # silenced: 0 + nothing vs 3


def test_twin_step_places_one_more_card_without_a_spell() -> None:
    state = start("jinpatrica", "canto", ["green1", "green2", "red5", "red2", "yellow2",
                                          "blue1", "yellow1"])
    turn(state, "play green1 1")
    turn(state, "play red2 2")
    turn(state, "play green2 1", "cast jinpatrica-twin 1")
    assert all(t.startswith("play ") for t in texts(state.legal_actions()))
    act(state, "play red2 3")  # red2 + yellow2 would meet Pair; no spell follows
    assert state.current_player() == 1
    assert state.observation(None)["last_player"] == 0
    assert totals(state, 3)[0] == 2


def test_pair_adds_two_per_pair_of_equal_strengths() -> None:
    state = start("jinpatrica", "canto", ["red2", "yellow2", "green2", "blue1", "yellow1",
                                          "purple1", "green1"])
    turn(state, "play red2 1")
    turn(state, "play red2 2")
    turn(state, "play yellow2 1", "cast jinpatrica-pair 1")
    assert totals(state, 1)[0] == 2 + 2 + 2
    turn(state, "play blue1 2")
    turn(state, "play green2 1")  # three 2s: still one pair
    assert totals(state, 1)[0] == 6 + 2
    turn(state, "play green1 2")
    turn(state, "play blue1 1")
    assert totals(state, 1)[0] == 8 + 1


def test_exchange_swaps_your_remnant_here_with_one_from_hand() -> None:
    state = start("jinpatrica", "canto", ["purple1", "blue1", "red5", "red2", "green1",
                                          "green2", "yellow1"])
    turn(state, "play purple1 1")
    turn(state, "play red2 2")
    turn(state, "play blue1 1", "cast jinpatrica-exchange 1")
    assert sorted(texts(state.legal_actions())) == ["target blue1", "target purple1"]
    act(state, "target purple1")
    assert "target red5" in texts(state.legal_actions())
    act(state, "target red5")
    obs = state.observation(0)
    cards = sorted(c["card"] for c in obs["conflicts"][0]["sides"][0]["cards"])
    assert cards == ["blue1", "red5"]
    assert "purple1" in obs["seats"][0]["hand"]
    assert "purple1" in state.observation(1)["seats"][0]["known_hand"]


def test_every_shipped_spell_has_a_test_here() -> None:
    import inspect
    import sys

    source = inspect.getsource(sys.modules[__name__])
    for spell in GAME.new_game(2, seed=0).setup.cards.spells:
        assert f"cast {spell}" in source or spell in source, spell


# ---- Recall and Tremor: face-down cards, Artifacts, an empty pool -------------------

def test_recall_may_pick_an_opponents_face_down_card() -> None:
    # Clarification 4: an effect that ignores color and strength may pick face-down cards.
    # (The set before tuning: its Veil turns the next card face-down.)
    state = new(("accaina", "accaina", "canto"), first=0, cards=OLD)
    select(state, {0: ["blue1", "yellow1", "green1", "purple1", "red2", "green2",
                       "yellow2"],
                   1: ["purple1", "green1", "red5", "red2", "blue1", "yellow1", "green2"],
                   2: ["red2", "blue1", "yellow1", "purple1", "green1", "green2",
                       "yellow2"]})
    turn(state, "play blue1 1")
    turn(state, "play purple1 2")
    turn(state, "play red2 3")
    turn(state, "play yellow1 4")
    turn(state, "play green1 2", "cast accaina-veil 2")
    turn(state, "play blue1 3")
    turn(state, "play green1 4")
    turn(state, "play red5 1")           # P2's card goes face-down
    assert state.observation(0)["conflicts"][0]["sides"][1]["cards"][0]["face_down"]
    turn(state, "play yellow1 3")
    turn(state, "play purple1 1", "cast accaina-recall 1")
    assert sorted(texts(state.legal_actions())) == ["target blue1", "target facedown@p2",
                                                    "target purple1"]
    act(state, "target facedown@p2")
    assert state.observation(0)["conflicts"][0]["sides"][1]["cards"] == []
    assert "red5" in state.observation(1)["seats"][1]["supply"]


def test_recall_never_offers_an_artifact() -> None:
    state = new(("accaina", "canto"), first=0)
    select(state, {0: ["green5", "red5", "blue5", "yellow5", "red4", "blue4", "green4"],
                   1: list(P2_FILLER)})
    turn(state, "play green5 1")
    act(state, "pass", "pass")
    artifact = state.observation(0)["seats"][0]["artifacts"][0]
    select(state, {0: ["blue1", "purple1", "red2", "green1", "yellow1", "green2"],
                   1: list(P2_FILLER)})
    turn(state, f"play {artifact} 1")
    turn(state, "play red2 1")
    turn(state, "play blue1 1")
    turn(state, "play blue1 2")
    turn(state, "play purple1 1", "cast accaina-recall 1")
    # Every Remnant in conflict 1 is offered, the Artifact lying there is not.
    assert sorted(texts(state.legal_actions())) == ["target blue1", "target purple1",
                                                    "target red2@p2"]


def test_tremor_with_an_empty_aftershock_pool_still_takes_a_supply_card() -> None:
    # Clarification 9: with the pool empty the spell is cast without an Aftershock.
    state = new(("rinnthra", "canto"), first=0)
    gained = len(state.pool[0])
    state.supply[0].extend(state.pool[0])  # all the Aftershocks gained earlier
    state.pool = ((), ())
    select(state, {0: ["green1", "red2", "blue1", "blue3", "yellow1", "purple1",
                       "green2"],
                   1: list(P2_FILLER)})
    turn(state, "play green1 1")
    turn(state, "play red2 2")
    act(state, "play red2 1")
    assert "cast rinnthra-tremor 1" in texts(state.legal_actions())
    act(state, "cast rinnthra-tremor 1", "target red5")
    obs = state.observation(0)
    assert obs["aftershock_pool"] == 0
    assert "red5" in obs["seats"][0]["hand"]
    assert gained > 0
    assert obs["seats"][0]["supply_count"] == 13 + gained - 1
    assert obs["seats"][0]["supply"].count("aftershock") == gained
