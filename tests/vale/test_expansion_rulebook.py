"""Every example of the Artifacts rulebook, as a test (plus the rules it states)."""

from __future__ import annotations

from typing import Any

import pytest

from cardtable.engine.api import IllegalAction
from cardtable.vale.state import ValeState

from .helpers import card, legal, names, play, position, seat, stones

ART = {"expansion": "artifacts"}


def pos(*seats: dict[str, Any], **kw: Any) -> ValeState:
    return position(*seats, **ART, **kw)


# Reminders: "you cannot pay extra stones beyond what is required"

def test_payment_a_blue_or_a_red_one_never_both() -> None:
    st = pos(seat(hand=["salamander"], stones=(1, 1, 0)), seat())
    assert sorted(a for a in legal(st) if a.startswith("summon")) == [
        "summon salamander pay blue", "summon salamander pay red"]


# "Every effect must be used": Hephaestus

def test_hephaestus_with_neither_blue_nor_three_red_must_lose_the_2_points() -> None:
    st = pos(seat(area=["hephaestus"], stones=(2, 0, 0), score=5), seat())
    play(st, "end", "end")  # the only way: automatic
    assert st.scores()[0] == 3 and stones(st, 0) == (5, 1, 0)
    assert st.observation(0)["pending"]["kind"] == "stone-limit"  # 2 + 3 red + 1 blue


def test_hephaestus_with_stones_chooses_what_to_lose() -> None:
    st = pos(seat(area=["hephaestus"], stones=(3, 1, 0), score=5), seat())
    play(st, "end", "end")
    assert sorted(legal(st)) == ["choose blue", "choose points", "choose red"]
    play(st, "choose red")
    assert stones(st, 0) == (0, 2, 0) and st.scores()[0] == 7


def test_hephaestus_with_less_than_2_points_and_no_stones_does_nothing() -> None:
    st = pos(seat(area=["hephaestus"], stones=(1, 0, 0), score=1), seat())
    play(st, "end", "end")
    assert stones(st, 0) == (1, 0, 0) and st.scores()[0] == 1 and not st.pending


# "A card cannot be summoned if any part of its Instant effect cannot be resolved": Pyro

def test_pyro_the_chosen_player_picks_which_fire_card_is_swapped() -> None:
    st = pos(seat(hand=["pyro"], area=["salamander"], stones=(1, 0, 1)),
             seat(area=["imp", "agni", "kappa"]))
    play(st, "summon pyro pay purple,red")
    assert st.scores()[0] == 7
    assert sorted(legal(st)) == ["target p1", "target p2"]  # yourself allowed
    play(st, "target p2")
    assert st.current_player() == 1 and sorted(legal(st)) == ["swap agni", "swap imp"]
    play(st, "swap imp")
    assert names(st, st.areas[0]) == ["salamander", "imp"]
    assert names(st, st.areas[1]) == ["pyro", "agni", "kappa"]
    assert st.current_player() == 0  # back to P1's turn


def test_pyro_choosing_yourself_both_cards_stay_in_your_area() -> None:
    st = pos(seat(hand=["pyro"], area=["salamander"], stones=(1, 0, 1)), seat())
    play(st, "summon pyro pay purple,red")  # only P1 has a Fire card: all automatic
    assert names(st, st.areas[0]) == ["salamander", "pyro"] and st.scores()[0] == 7


def test_pyro_without_a_summoned_fire_card_anywhere_cannot_be_summoned() -> None:
    st = pos(seat(hand=["pyro"], area=["kappa"], stones=(1, 0, 1)), seat(hand=["imp"]))
    assert not [a for a in legal(st) if a.startswith("summon pyro")]


# Fixed costs: Belphegor with Hestia and Pegasus

def test_belphegor_hestia_costs_1() -> None:
    st = pos(seat(hand=["hestia"], area=["belphegor"], stones=(1, 0, 0)), seat())
    assert [a for a in legal(st) if a.startswith("summon")] == ["summon hestia pay red"]
    empty = pos(seat(hand=["hestia"], area=["belphegor"]), seat())
    assert not [a for a in legal(empty) if a.startswith("summon")]


def test_belphegor_pegasus_does_not_reduce_fire_cards() -> None:
    st = pos(seat(hand=["lava-giant", "kappa"], area=["belphegor", "pegasus"],
                  stones=(1, 0, 0)), seat())
    assert sorted(a for a in legal(st) if a.startswith("summon")) == [
        "summon kappa", "summon lava-giant pay red"]


# Permanent effects trigger in the middle of actions: Thalassa

def test_thalassa_recovers_before_the_stone_limit_discard() -> None:
    st = pos(seat(area=["thalassa"], hunted=["kappa"], stones=(2, 1, 1)), seat())
    play(st, "sell kappa")  # earn a blue: five stones
    assert card(st, "thalassa") in st.hands[0]
    assert st.observation(0)["pending"]["kind"] == "stone-limit"
    play(st, "discard blue")
    assert card(st, "thalassa") in st.hands[0] and stones(st, 0) == (2, 1, 1)


# Loki on and off its owner's turn

def test_loki_is_any_family_during_its_owners_turn() -> None:
    st = pos(seat(hand=["lava-giant", "surtr"], area=["loki", "yuki-onna"], stones=(0, 1, 1)),
             seat())
    play(st, "summon lava-giant pay blue")
    assert st.scores()[0] == 4  # Lava Giant and Loki as a Fire card
    play(st, "summon surtr pay purple")
    assert st.scores()[0] == 4 + 2 * 3  # fire, water, and Loki as a third family


def test_loki_is_a_wind_card_during_other_players_turns() -> None:
    # P2's Marina: P1's Loki is no Fire card then, so nobody has one
    st = pos(seat(area=["loki"]), seat(hand=["marina", "boulder"], stones=(0, 1, 1)), turn=1)
    summons = [a for a in legal(st) if a.startswith("summon")]
    assert "summon boulder pay purple,blue" in summons
    assert not [a for a in summons if a.startswith("summon marina")]
    play(st, "summon boulder pay purple,blue")  # a Wind card: P1's Loki
    assert card(st, "loki") in st.discard


def test_loki_on_its_owners_turn_can_give_itself_up_as_any_family() -> None:
    st = pos(seat(hand=["pyro"], area=["loki"], stones=(1, 0, 1)), seat())
    play(st, "summon pyro pay purple,red")  # Loki counts as Fire: P1 may choose P1
    assert names(st, st.areas[0]) == ["loki", "pyro"]


# Discarding a card from your area: Totem Pole

def test_totem_pole_with_dragon_egg_discarding_itself() -> None:
    st = pos(seat(hand=["dragon-egg", "tidal"], area=["totem-pole"], stones=(0, 1, 0)),
             seat())
    play(st, "summon dragon-egg pay blue")
    assert stones(st, 0) == (0, 0, 1) and card(st, "dragon-egg") in st.discard
    assert names(st, st.areas[0]) == ["totem-pole", "tidal"]


def test_totem_pole_with_mandrake_discarding_itself() -> None:
    st = pos(seat(area=["totem-pole", "mandrake"], score=0), seat())
    play(st, "end", "end")  # fewer than 2 points: Mandrake discards itself
    assert card(st, "mandrake") in st.discard and stones(st, 0) == (0, 0, 2)


def test_totem_pole_not_with_pyro_ash_or_tengu() -> None:
    # Pyro leaves P1's area by its swap
    st = pos(seat(hand=["pyro"], area=["totem-pole"], stones=(1, 0, 1)), seat(area=["imp"]))
    play(st, "summon pyro pay purple,red")
    assert names(st, st.areas[0]) == ["totem-pole", "imp"] and stones(st, 0) == (0, 0, 0)
    # Ash goes back to the hand instead of being discarded
    st = pos(seat(area=["totem-pole", "ash"], stones=(0, 0, 1)), seat(), round=5)
    play(st, "remove ash pay purple")
    assert card(st, "ash") in st.hands[0] and stones(st, 0) == (0, 0, 0)
    assert st.scores()[0] == 5
    # Tengu goes on top of the deck
    st = pos(seat(hand=["tengu"], area=["totem-pole"], stones=(0, 1, 0)), seat())
    play(st, "summon tengu pay blue")
    assert st.deck[-1] == card(st, "tengu") and stones(st, 0) == (0, 0, 0)


# Artifact abilities

def test_incense_burner_price_is_3_whatever_the_cost_reductions() -> None:
    st = pos(seat(area=["hippogriff", "pegasus", "belphegor"], stones=(2, 0, 0),
                  artifact="incense-burner"), seat())
    play(st, "use incense-burner")  # 2 red cannot pay 3: only the shelter is possible
    assert st.extra[0] == 0 and len(st.shelter[0]) == 2


def test_gem_of_kukulkan_only_after_the_stones_and_the_limit() -> None:
    st = pos(seat(hunted=["tidal"], stones=(1, 1, 2), artifact="gem-of-kukulkan"), seat())
    play(st, "sell tidal")
    kinds = [f.kind for f in st.pending]
    assert st.observation(0)["pending"]["kind"] == "stone-limit" and len(kinds) == 2
    play(st, "discard red")
    assert sorted(legal(st)) == ["done", "pay blue", "pay purple"]
    play(st, "pay blue")
    assert card(st, "tidal") in st.hands[0] and stones(st, 0) == (0, 0, 3)


def test_ring_of_wishes_resolves_at_once_in_the_action_phase() -> None:
    st = pos(seat(area=["imp"], artifact="ring-of-wishes"), seat())
    play(st, "use ring-of-wishes")
    assert card(st, "imp") in st.hands[0] and st.phase == 1


def test_book_of_thoth_upgrades_by_colour_even_when_a_downgrade_in_value() -> None:
    st = pos(seat(area=["hae-tae"], stones=(0, 1, 0), artifact="book-of-thoth"), seat())
    play(st, "use book-of-thoth")
    assert sorted(legal(st)) == ["done", "upgrade blue"]
    play(st, "done")
    assert stones(st, 0) == (0, 1, 0)


# Purchasing areas: "with the +1 tile, you may have up to 5 summoned cards in round 4"

def test_a_plus_one_area_allows_five_cards_in_round_four() -> None:
    area = ["imp", "kappa", "troll", "griffon"]
    st = pos(seat(hand=["hestia"], area=area, extra=1), seat(), round=4)
    play(st, "summon hestia")
    assert len(st.areas[0]) == 5
    full = pos(seat(hand=["hestia"], area=area), seat(), round=4)
    assert "summon hestia" not in legal(full)
    with pytest.raises(IllegalAction, match="area is full"):
        play(full, "summon hestia")
    five = pos(seat(hand=["hestia"], area=[*area, "odin"], extra=1), seat(), round=4)
    with pytest.raises(IllegalAction, match="with 1 purchased area"):
        play(five, "summon hestia")
