"""Earth cards: each card's effect and its edge."""

from __future__ import annotations

import pytest

from cardtable.engine.api import IllegalAction

from .helpers import card, legal, names, play, position, seat, stones


def test_young_forest_spirit_discards_one_and_summons_another_for_free() -> None:
    st = position(seat(hand=["young-forest-spirit", "imp", "poseidon"]), seat())
    play(st, "summon young-forest-spirit")
    assert sorted(legal(st)) == ["discard imp", "discard poseidon"]
    play(st, "discard imp")
    # poseidon is the only card left: summoned at once, for free, its instant resolves
    assert names(st, st.areas[0]) == ["young-forest-spirit", "poseidon"]
    assert st.scores()[0] == 3 and card(st, "imp") in st.discard


def test_young_forest_spirit_edge_it_keeps_the_only_summonable_card() -> None:
    # leviathan cannot be summoned (no Dragon), so imp must be kept for the free summon
    st = position(seat(hand=["young-forest-spirit", "imp", "leviathan"]), seat())
    play(st, "summon young-forest-spirit")
    # one answer, still asked: the hand is secret (tests/vale/test_hidden_choices.py)
    assert legal(st) == ["discard leviathan"]
    play(st, "discard leviathan")
    assert names(st, st.areas[0]) == ["young-forest-spirit", "imp"]
    assert card(st, "leviathan") in st.discard


def test_young_forest_spirit_edge_cannot_be_summoned_without_room_or_cards() -> None:
    st = position(seat(hand=["young-forest-spirit", "imp"]), seat())
    assert "summon young-forest-spirit" not in legal(st)  # nothing to discard AND summon
    st = position(seat(hand=["young-forest-spirit", "imp", "kappa"], area=["troll"]),
                  seat(), round=2)
    assert "summon young-forest-spirit" not in legal(st)  # no room for the free summon


def test_young_forest_spirit_edge_its_free_summon_may_need_the_spirit_in_the_area() -> None:
    # The Dragon Egg cannot be the free summon (no Dragon would be left), so the Spirit
    # must discard it and summon Aeris, whose recover needs another summoned card: the
    # Spirit itself, there by the time Aeris resolves.
    st = position(seat(hand=["young-forest-spirit", "aeris", "dragon-egg"]), seat(), round=2)
    assert "summon young-forest-spirit" in legal(st)
    play(st, "summon young-forest-spirit")
    assert legal(st) == ["discard dragon-egg"]
    play(st, "discard dragon-egg")
    # the only card Aeris may recover is the Spirit: taken back at once
    assert names(st, st.areas[0]) == ["aeris"]
    assert names(st, st.hands[0]) == ["young-forest-spirit"]
    # Gust makes a player discard an Earth card: the Spirit is one, though nobody else
    # has any
    st = position(seat(hand=["young-forest-spirit", "gust", "dragon-egg"]),
                  seat(area=["salamander"]), round=2)
    assert "summon young-forest-spirit" in legal(st)
    play(st, "summon young-forest-spirit", "discard dragon-egg")
    # only P1 has an Earth card, so P1 discards it at once
    assert names(st, st.areas[0]) == ["gust"]
    assert card(st, "young-forest-spirit") in st.discard and st.scores()[0] == 8


def test_goblin_steals_a_point_from_an_opponent_of_your_choice() -> None:
    st = position(seat(area=["goblin"]), seat(score=5), seat(score=3))
    play(st, "end", "end", "end")
    assert sorted(legal(st)) == ["target p2", "target p3"]
    play(st, "target p3")
    assert st.scores() == [1, 5, 2]


def test_goblin_edge_a_player_at_zero_loses_nothing_so_nothing_is_gained() -> None:
    st = position(seat(area=["goblin"]), seat(score=0))
    play(st, "end", "end")
    assert st.scores() == [0, 0]
    st = position(seat(area=["goblin"]), seat(score=0), steal="full")
    play(st, "end", "end")
    assert st.scores() == [1, 0]


def test_mud_slime_six_points_then_recovers() -> None:
    st = position(seat(hand=["mud-slime"], stones=(0, 0, 1)), seat())
    play(st, "summon mud-slime pay purple")
    assert st.scores()[0] == 6
    play(st, "end", "end")
    assert names(st, st.hands[0]) == ["mud-slime"]


def test_mud_slime_edge_not_enough_stones_cannot_summon() -> None:
    st = position(seat(hand=["mud-slime"], stones=(2, 1, 0)), seat())
    with pytest.raises(IllegalAction, match="less than the cost 6"):
        play(st, "summon mud-slime pay blue,red,red")


def test_forest_spirit_discard_a_card_for_its_written_cost() -> None:
    st = position(seat(hand=["forest-spirit", "sand-giant", "imp"], stones=(2, 0, 0)), seat())
    play(st, "summon forest-spirit pay red,red", "discard sand-giant")
    assert st.scores()[0] == 10


def test_forest_spirit_edge_empty_hand_cannot_be_summoned() -> None:
    st = position(seat(hand=["forest-spirit"], stones=(2, 0, 0)), seat())
    assert not [a for a in legal(st) if a.startswith("summon")]


def test_gargoyle_three_points_when_a_summon_uses_a_purple_stone() -> None:
    st = position(seat(hand=["poseidon"], area=["gargoyle"], stones=(1, 0, 1)), seat())
    play(st, "summon poseidon pay purple,red")
    assert st.scores()[0] == 6  # gargoyle 3 + poseidon 3


def test_gargoyle_edge_without_purple_nothing() -> None:
    st = position(seat(hand=["troll"], area=["gargoyle"], stones=(0, 1, 0)), seat())
    play(st, "summon troll pay blue")
    assert st.scores()[0] == 0


def test_basilisk_lose_points_to_gain_a_better_stone() -> None:
    st = position(seat(area=["basilisk"], score=5), seat())
    play(st, "end", "end")
    assert sorted(legal(st)) == ["choose blue", "choose purple", "choose red"]
    play(st, "choose purple")
    assert st.scores()[0] == 3 and stones(st, 0) == (0, 0, 1)


def test_basilisk_edge_cannot_pay_points_it_does_not_have() -> None:
    st = position(seat(area=["basilisk"], score=1), seat())
    play(st, "end", "end")
    assert sorted(legal(st)) == ["choose blue", "choose red"]


def test_troll_three_points_with_a_purple_stone() -> None:
    st = position(seat(area=["troll"], stones=(0, 0, 1)), seat())
    play(st, "end", "end")
    assert st.scores()[0] == 3 and stones(st, 0) == (0, 0, 1)


def test_troll_edge_no_purple() -> None:
    st = position(seat(area=["troll"], stones=(3, 1, 0)), seat())
    play(st, "end", "end")
    assert st.scores()[0] == 0


def test_goblin_soldier_four_points_when_an_opponent_leads() -> None:
    st = position(seat(area=["goblin-soldier"], score=3), seat(score=4))
    play(st, "end", "end")
    assert st.scores()[0] == 7


def test_goblin_soldier_edge_leading_or_level_loses_four() -> None:
    st = position(seat(area=["goblin-soldier"], score=9), seat(score=9))
    play(st, "end", "end")
    assert st.scores()[0] == 5


def test_medusa_discard_a_hand_card_for_a_purple() -> None:
    st = position(seat(area=["medusa"], hand=["imp", "kappa"]), seat())
    play(st, "end", "end", "discard kappa")
    assert stones(st, 0) == (0, 0, 1) and names(st, st.hands[0]) == ["imp"]


def test_medusa_edge_empty_hand_no_purple() -> None:
    st = position(seat(area=["medusa"]), seat())
    play(st, "end", "end")
    assert stones(st, 0) == (0, 0, 0)


def test_cerberus_discards_up_to_three_other_summoned_cards() -> None:
    st = position(seat(hand=["cerberus"], area=["imp", "kappa", "troll", "nessie"],
                       stones=(0, 0, 1)), seat(), round=6)
    play(st, "summon cerberus pay purple", "discard imp", "discard kappa")
    assert "discard cerberus" not in legal(st) and "done" in legal(st)
    play(st, "done")
    assert names(st, st.areas[0]) == ["troll", "nessie", "cerberus"]


def test_cerberus_edge_alone_it_is_summoned_and_nothing_happens() -> None:
    st = position(seat(hand=["cerberus"], stones=(0, 0, 1)), seat())
    play(st, "summon cerberus pay purple")
    assert names(st, st.areas[0]) == ["cerberus"] and st.current_player() == 0


def test_mimic_takes_an_earth_card_from_the_discard_pile() -> None:
    st = position(seat(area=["mimic"]), seat(), discard=["imp", "troll", "medusa"])
    play(st, "end", "end")
    assert sorted(legal(st)) == ["take medusa", "take troll"]
    play(st, "take troll")
    assert names(st, st.hands[0]) == ["troll"]
    assert st.observation(1)["seats"][0]["hand"] == ["troll"]


def test_mimic_edge_no_earth_card_in_the_discard() -> None:
    st = position(seat(area=["mimic"]), seat(), discard=["imp"])
    play(st, "end", "end")
    assert st.hands[0] == []


def test_rock_golem_points_for_the_value_of_purple_stones() -> None:
    st = position(seat(hand=["rock-golem"], stones=(0, 0, 3)), seat())
    play(st, "summon rock-golem pay purple")
    assert st.scores()[0] == 12


def test_rock_golem_edge_hae_tae_makes_purple_worth_three() -> None:
    st = position(seat(hand=["rock-golem"], area=["hae-tae"], stones=(0, 1, 2)), seat())
    play(st, "summon rock-golem pay blue")
    assert st.scores()[0] == 6


def test_stone_golem_every_stone_becomes_purple() -> None:
    st = position(seat(hand=["stone-golem"], stones=(2, 1, 1)), seat())
    play(st, "summon stone-golem pay purple")
    assert stones(st, 0) == (0, 0, 3)


def test_stone_golem_edge_no_stones_left_nothing() -> None:
    st = position(seat(hand=["stone-golem"], stones=(0, 0, 1)), seat())
    play(st, "summon stone-golem pay purple")
    assert stones(st, 0) == (0, 0, 0)


def test_behemoth_three_points_per_family() -> None:
    st = position(seat(hand=["behemoth"], area=["imp", "nessie"], stones=(0, 1, 1)), seat())
    play(st, "summon behemoth pay purple,blue")
    assert st.scores()[0] == 9


def test_behemoth_edge_one_family() -> None:
    st = position(seat(hand=["behemoth"], area=["troll"], stones=(0, 1, 1)), seat())
    play(st, "summon behemoth pay purple,blue")
    assert st.scores()[0] == 3


def test_sand_giant_four_points_per_earth_card() -> None:
    st = position(seat(hand=["sand-giant"], area=["troll", "goblin", "imp"],
                       stones=(0, 0, 2)), seat())
    play(st, "summon sand-giant pay purple,purple")
    assert st.scores()[0] == 12


def test_sand_giant_edge_alone() -> None:
    st = position(seat(hand=["sand-giant"], stones=(0, 0, 2)), seat())
    play(st, "summon sand-giant pay purple,purple")
    assert st.scores()[0] == 4


def test_young_forest_spirit_edge_a_discard_may_not_spoil_the_free_summon() -> None:
    # discarding Eternity would leave Dragon Egg with no Dragon to summon: not allowed
    st = position(seat(hand=["young-forest-spirit", "dragon-egg", "eternity"]), seat())
    play(st, "summon young-forest-spirit")
    assert legal(st) == ["discard dragon-egg"]
    play(st, "discard dragon-egg")
    assert names(st, st.areas[0]) == ["young-forest-spirit", "eternity"]
    assert card(st, "dragon-egg") in st.discard
