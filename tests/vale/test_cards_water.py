"""Water cards: each card's effect and its edge."""

from __future__ import annotations

import pytest

from cardtable.engine.api import IllegalAction

from .helpers import legal, names, play, position, seat, stones


def test_yuki_onna_discards_all_stones_for_their_value() -> None:
    st = position(seat(hand=["yuki-onna"], stones=(1, 1, 2)), seat())
    play(st, "summon yuki-onna")
    assert stones(st, 0) == (0, 0, 0) and st.scores()[0] == 16


def test_yuki_onna_edge_no_stones_no_points() -> None:
    st = position(seat(hand=["yuki-onna"]), seat())
    play(st, "summon yuki-onna")
    assert st.scores()[0] == 0


def test_kappa_two_points_when_a_summon_uses_a_blue_stone() -> None:
    st = position(seat(hand=["troll"], area=["kappa"], stones=(0, 1, 0)), seat())
    play(st, "summon troll pay blue")
    assert st.scores()[0] == 2


def test_kappa_edge_paid_with_red_no_points() -> None:
    st = position(seat(hand=["troll"], area=["kappa"], stones=(3, 1, 0)), seat())
    play(st, "summon troll pay red,red,red")
    assert st.scores()[0] == 0


def test_sea_spirit_one_point_per_blue_stone() -> None:
    st = position(seat(area=["sea-spirit"], stones=(1, 3, 0)), seat())
    play(st, "end", "end")
    assert st.scores()[0] == 3


def test_sea_spirit_edge_no_blue() -> None:
    st = position(seat(area=["sea-spirit"], stones=(2, 0, 1)), seat())
    play(st, "end", "end")
    assert st.scores()[0] == 0


def test_undine_gains_a_blue_then_recovers() -> None:
    st = position(seat(hand=["undine"], stones=(1, 0, 0)), seat())
    play(st, "summon undine pay red")
    assert stones(st, 0) == (0, 1, 0)
    play(st, "end", "end")
    assert names(st, st.hands[0]) == ["undine"]


def test_undine_edge_at_the_limit_a_stone_is_discarded() -> None:
    st = position(seat(hand=["undine"], area=["pegasus"], stones=(3, 0, 1)), seat())
    play(st, "summon undine")  # cost 1 - 1 = 0; 3 red + 1 purple + 1 blue = 5
    assert sorted(legal(st)) == ["discard blue", "discard purple", "discard red"]


def test_nessie_two_points_without_a_dragon() -> None:
    st = position(seat(area=["nessie", "kappa"]), seat())
    play(st, "end", "end")
    assert st.scores()[0] == 2


def test_nessie_edge_with_a_dragon_nothing() -> None:
    st = position(seat(area=["nessie", "tidal"]), seat())
    play(st, "end", "end")
    assert st.scores()[0] == 0


def test_hae_tae_blue_counts_six_and_purple_three() -> None:
    st = position(seat(hand=["poseidon"], area=["hae-tae"], stones=(1, 1, 1)), seat())
    summons = sorted(a for a in legal(st) if a.startswith("summon"))
    assert summons == ["summon poseidon pay blue,red", "summon poseidon pay purple,blue"]
    assert st.observation(0)["seats"][0]["stone_values"] == {"red": 1, "blue": 6, "purple": 3}


def test_hae_tae_edge_with_water_giant_the_bonus_goes_on_the_swapped_value() -> None:
    st = position(seat(area=["hae-tae", "water-giant"]), seat())
    assert st.observation(0)["seats"][0]["stone_values"] == {"red": 1, "blue": 7, "purple": 4}


def test_snail_maiden_trades_blue_for_purple_or_purple_for_three_blue() -> None:
    st = position(seat(area=["snail-maiden"], stones=(0, 1, 1)), seat())
    play(st, "end", "end")
    assert sorted(legal(st)) == ["choose blue-to-purple", "choose purple-to-blue"]
    play(st, "choose purple-to-blue")
    assert stones(st, 0) == (0, 4, 0)


def test_snail_maiden_edge_no_blue_nor_purple_nothing() -> None:
    st = position(seat(area=["snail-maiden"], stones=(2, 0, 0)), seat())
    play(st, "end", "end")
    assert stones(st, 0) == (2, 0, 0) and st.round == 6


def test_undine_queen_gains_a_blue() -> None:
    st = position(seat(area=["undine-queen"]), seat())
    play(st, "end", "end")
    assert stones(st, 0) == (0, 1, 0)


def test_undine_queen_edge_at_the_limit() -> None:
    st = position(seat(area=["undine-queen"], stones=(4, 0, 0)), seat())
    play(st, "end", "end")
    play(st, "discard red")
    assert stones(st, 0) == (3, 1, 0)


def test_yuki_onna_exalted_points_for_the_value_of_blue_stones_kept() -> None:
    st = position(seat(hand=["yuki-onna-exalted"], stones=(0, 3, 1)), seat())
    play(st, "summon yuki-onna-exalted pay purple")
    assert st.scores()[0] == 9 and stones(st, 0) == (0, 3, 0)


def test_yuki_onna_exalted_edge_no_blue() -> None:
    st = position(seat(hand=["yuki-onna-exalted"], stones=(3, 0, 0)), seat())
    play(st, "summon yuki-onna-exalted pay red,red,red")
    assert st.scores()[0] == 0


def test_hydra_choose_two_different_options() -> None:
    st = position(seat(hand=["hydra"], stones=(0, 0, 1)), seat())
    play(st, "summon hydra pay purple", "choose points")
    assert "choose points" not in legal(st)
    play(st, "choose blue")
    assert st.scores()[0] == 4 and stones(st, 0) == (0, 2, 0)


def test_hydra_edge_nothing_to_draw_leaves_three_options() -> None:
    st = position(seat(hand=["hydra"], stones=(0, 0, 1)), seat())
    st.deck, st.discard = [], []
    st.hands[1] = [c for c in range(70) if c not in st.hands[0]]
    from cardtable.vale import rules

    rules.proceed(st)
    play(st, "summon hydra pay purple")
    assert sorted(legal(st)) == ["choose blue", "choose points", "choose purple"]


def test_leviathan_seven_points_and_the_chosen_player_discards_a_dragon() -> None:
    st = position(seat(hand=["leviathan"], area=["tidal"], stones=(0, 0, 1)),
                  seat(area=["ember"]))
    play(st, "summon leviathan pay purple")
    assert sorted(legal(st)) == ["target p1", "target p2"]  # yourself included
    play(st, "target p1")
    assert names(st, st.areas[0]) == ["leviathan"] and st.scores()[0] == 7


def test_leviathan_edge_no_dragon_anywhere_cannot_be_summoned() -> None:
    st = position(seat(hand=["leviathan"], stones=(0, 0, 1)), seat())
    with pytest.raises(IllegalAction, match="cannot be summoned"):
        play(st, "summon leviathan pay purple")


def test_triton_two_blue_when_taming_a_water_card() -> None:
    st = position(seat(area=["triton"], hunted=["kappa"]), seat())
    play(st, "tame kappa")
    assert stones(st, 0) == (0, 2, 0)


def test_triton_edge_taming_another_family_nothing() -> None:
    st = position(seat(area=["triton"], hunted=["imp"]), seat())
    play(st, "tame imp")
    assert stones(st, 0) == (0, 0, 0)


def test_water_giant_two_blue_and_blue_purple_worth_one_more() -> None:
    st = position(seat(hand=["water-giant"], stones=(0, 0, 1)), seat())
    play(st, "summon water-giant pay purple")
    assert stones(st, 0) == (0, 2, 0)
    assert st.observation(0)["seats"][0]["stone_values"] == {"red": 1, "blue": 4, "purple": 7}


def test_water_giant_edge_values_return_once_it_leaves() -> None:
    st = position(seat(area=["water-giant"], stones=(1, 1, 0)), seat(), round=1)
    play(st, "remove water-giant pay red")
    assert st.observation(0)["seats"][0]["stone_values"] == {"red": 1, "blue": 3, "purple": 6}


def test_charybdis_discards_a_blue_for_five_points() -> None:
    st = position(seat(area=["charybdis"], stones=(0, 2, 0)), seat())
    play(st, "end", "end")
    assert stones(st, 0) == (0, 1, 0) and st.scores()[0] == 5


def test_charybdis_edge_no_blue_nothing() -> None:
    st = position(seat(area=["charybdis"], stones=(2, 0, 1)), seat())
    play(st, "end", "end")
    assert st.scores()[0] == 0 and stones(st, 0) == (2, 0, 1)


def test_poseidon_three_points_per_water_card() -> None:
    st = position(seat(hand=["poseidon"], area=["nessie", "undine-queen", "imp"],
                       stones=(0, 0, 2)), seat())
    play(st, "summon poseidon pay purple,purple")
    assert st.scores()[0] == 9


def test_poseidon_edge_alone_three() -> None:
    st = position(seat(hand=["poseidon"], stones=(0, 0, 2)), seat())
    play(st, "summon poseidon pay purple,purple")
    assert st.scores()[0] == 3
