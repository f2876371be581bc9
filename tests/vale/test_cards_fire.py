"""Fire cards: each card's effect and its edge."""

from __future__ import annotations

from .helpers import card, legal, names, play, position, seat, stones


def test_hestia_raises_the_stone_limit_to_six() -> None:
    st = position(seat(hand=["hestia"], hunted=["goblin"], stones=(0, 1, 1)), seat())
    play(st, "summon hestia", "sell goblin")
    assert stones(st, 0) == (4, 1, 1) and not st.pending


def test_hestia_edge_in_hand_it_does_nothing() -> None:
    st = position(seat(hand=["hestia"], hunted=["goblin"], stones=(0, 1, 1)), seat())
    play(st, "sell goblin")
    assert st.observation(0)["pending"]["kind"] == "stone-limit"


def test_imp_gains_two_red_then_recovers_itself() -> None:
    st = position(seat(hand=["imp"]), seat())
    play(st, "summon imp")
    assert stones(st, 0) == (2, 0, 0)
    play(st, "end", "end")
    assert names(st, st.hands[0]) == ["imp"] and st.areas[0] == []
    assert st.observation(1)["seats"][0]["hand"] == ["imp"]


def test_imp_edge_at_the_stone_limit_two_stones_go() -> None:
    st = position(seat(hand=["imp"], stones=(0, 3, 1)), seat())
    play(st, "summon imp")
    assert sorted(legal(st)) == ["discard blue", "discard purple", "discard red"]
    play(st, "discard red", "discard red")
    assert stones(st, 0) == (0, 3, 1)


def test_succubus_gains_10_with_written_costs_1_2_3_4() -> None:
    st = position(seat(hand=["succubus"], area=["kappa", "nessie", "troll", "agni"]), seat())
    play(st, "summon succubus")
    assert st.scores()[0] == 10


def test_succubus_edge_without_a_cost_4_card_nothing_but_it_may_be_summoned() -> None:
    st = position(seat(hand=["succubus"], area=["kappa", "nessie", "troll", "imp"]), seat())
    play(st, "summon succubus")
    assert st.scores()[0] == 0 and card(st, "succubus") in st.areas[0]


def test_firefox_one_point_per_card_in_hand() -> None:
    st = position(seat(hand=["firefox", "imp", "troll", "odin"], stones=(1, 0, 0)), seat())
    play(st, "summon firefox pay red")
    assert st.scores()[0] == 3


def test_firefox_edge_empty_hand_gives_nothing() -> None:
    st = position(seat(hand=["firefox"], stones=(1, 0, 0)), seat())
    play(st, "summon firefox pay red")
    assert st.scores()[0] == 0


def test_salamander_resolution_one_red_and_one_point() -> None:
    st = position(seat(area=["salamander"]), seat())
    play(st, "end", "end")
    assert stones(st, 0) == (1, 0, 0) and st.scores()[0] == 1


def test_salamander_edge_at_the_limit_the_red_is_discarded_again() -> None:
    st = position(seat(area=["salamander"], stones=(4, 0, 0)), seat())
    play(st, "end", "end")
    assert stones(st, 0) == (4, 0, 0) and st.scores()[0] == 1


def test_horned_salamander_four_red() -> None:
    st = position(seat(area=["horned-salamander"]), seat())
    play(st, "end", "end")
    assert stones(st, 0) == (4, 0, 0)


def test_horned_salamander_edge_over_the_limit_the_owner_chooses() -> None:
    st = position(seat(area=["horned-salamander"], stones=(0, 1, 1)), seat())
    play(st, "end", "end")
    assert st.current_player() == 0 and "discard purple" in legal(st)
    play(st, "discard red", "discard red")
    assert stones(st, 0) == (2, 1, 1)


def test_ifrit_one_point_per_card_in_area_itself_included() -> None:
    st = position(seat(hand=["ifrit"], area=["imp", "kappa"], stones=(2, 0, 0)), seat())
    play(st, "summon ifrit pay red,red")
    assert st.scores()[0] == 3


def test_ifrit_edge_alone_it_counts_itself() -> None:
    st = position(seat(hand=["ifrit"], stones=(2, 0, 0)), seat())
    play(st, "summon ifrit pay red,red")
    assert st.scores()[0] == 1


def test_incubus_two_points_per_written_cost_2_or_less() -> None:
    st = position(seat(hand=["incubus"], area=["imp", "kappa", "troll"], stones=(2, 0, 0)),
                  seat())
    play(st, "summon incubus pay red,red")
    assert st.scores()[0] == 6  # imp, kappa, incubus


def test_incubus_edge_reduced_cost_does_not_count_written_cost_does() -> None:
    st = position(seat(hand=["incubus"], area=["pegasus"], stones=(1, 0, 0)), seat())
    play(st, "summon incubus pay red")  # 2 - 1 = 1 paid; pegasus written cost 3
    assert st.scores()[0] == 2


def test_burning_skull_discards_a_red_for_three_points() -> None:
    st = position(seat(area=["burning-skull"], stones=(2, 1, 0)), seat())
    play(st, "end", "end")
    assert stones(st, 0) == (1, 1, 0) and st.scores()[0] == 3


def test_burning_skull_edge_no_red_no_points() -> None:
    st = position(seat(area=["burning-skull"], stones=(0, 1, 0)), seat())
    play(st, "end", "end")
    assert stones(st, 0) == (0, 1, 0) and st.scores()[0] == 0


def test_lava_giant_two_points_per_fire_card() -> None:
    st = position(seat(hand=["lava-giant"], area=["imp", "hestia", "nessie"],
                       stones=(0, 1, 0)), seat())
    play(st, "summon lava-giant pay blue")
    assert st.scores()[0] == 6


def test_lava_giant_edge_no_other_fire() -> None:
    st = position(seat(hand=["lava-giant"], area=["nessie"], stones=(0, 1, 0)), seat())
    play(st, "summon lava-giant pay blue")
    assert st.scores()[0] == 2


def test_phoenix_one_point_per_red_stone_spent() -> None:
    st = position(seat(hand=["troll"], area=["phoenix"], stones=(3, 0, 0)), seat())
    play(st, "summon troll pay red,red,red")
    assert st.scores()[0] == 3


def test_phoenix_edge_no_red_spent_no_points() -> None:
    st = position(seat(hand=["troll"], area=["phoenix"], stones=(0, 1, 0)), seat())
    play(st, "summon troll pay blue")
    assert st.scores()[0] == 0


def test_agni_red_stones_are_worth_two() -> None:
    st = position(seat(hand=["troll", "yuki-onna"], area=["agni"], stones=(3, 0, 0)), seat())
    assert "summon troll pay red,red" in legal(st)
    play(st, "summon yuki-onna")
    assert st.scores()[0] == 6


def test_agni_edge_once_removed_red_is_worth_one_again() -> None:
    st = position(seat(hand=["troll"], area=["agni"], stones=(4, 0, 0)), seat(), round=2)
    play(st, "remove agni pay red")
    assert "summon troll pay red,red,red" in legal(st)
    assert "summon troll pay red,red" not in legal(st)


def test_asmodeus_recovers_an_instant_card_of_written_cost_2_or_less() -> None:
    st = position(seat(area=["asmodeus", "firefox", "kappa"]), seat())
    play(st, "end", "end")
    assert names(st, st.hands[0]) == ["firefox"]


def test_asmodeus_edge_no_such_card_nothing_happens() -> None:
    st = position(seat(area=["asmodeus", "poseidon", "kappa"]), seat())
    play(st, "end", "end")
    assert st.hands[0] == [] and len(st.areas[0]) == 3


def test_balog_recovers_a_fire_card_with_an_instant_effect() -> None:
    st = position(seat(area=["balog", "lava-giant", "hestia", "tidal"]), seat())
    play(st, "end", "end")
    assert names(st, st.hands[0]) == ["lava-giant"]


def test_balog_edge_fire_cards_without_instant_effects_stay() -> None:
    st = position(seat(area=["balog", "hestia", "tidal"]), seat())
    play(st, "end", "end")
    assert st.hands[0] == []


def test_surtr_two_points_per_family() -> None:
    st = position(seat(hand=["surtr"], area=["nessie", "troll", "tidal", "imp"],
                       stones=(1, 1, 0)), seat())
    play(st, "summon surtr pay blue,red")
    assert st.scores()[0] == 8


def test_surtr_edge_alone_one_family() -> None:
    st = position(seat(hand=["surtr"], stones=(1, 1, 0)), seat())
    play(st, "summon surtr pay blue,red")
    assert st.scores()[0] == 2
