"""Wind cards: each card's effect and its edge."""

from __future__ import annotations

from cardtable.vale import rules
from cardtable.vale.state import ValeState

from .helpers import card, legal, names, play, position, seat, stones


def starve_deck(st: ValeState) -> None:
    """Move every deck and discard card into P2's hand: nothing left to draw."""
    st.hands[1] += st.deck + st.discard
    st.deck, st.discard = [], []
    rules.proceed(st)


def test_harpy_three_points_when_hand_equals_area() -> None:
    st = position(seat(area=["harpy", "hestia"], hand=["kappa", "troll"]), seat())
    play(st, "end", "end")
    assert st.scores()[0] == 3


def test_harpy_edge_unequal_nothing() -> None:
    st = position(seat(area=["harpy"], hand=["kappa", "troll"]), seat())
    play(st, "end", "end")
    assert st.scores()[0] == 0


def test_pegasus_draws_a_hidden_card_and_lowers_costs_by_one() -> None:
    st = position(seat(hand=["pegasus", "kappa"], stones=(0, 1, 0)), seat())
    top = st.deck[-1]
    play(st, "summon pegasus pay blue")
    assert top in st.hands[0] and not st.public[top]
    assert "summon kappa" in legal(st)  # cost 1 - 1 = 0


def test_pegasus_edge_nothing_to_draw_cannot_be_summoned() -> None:
    st = position(seat(hand=["pegasus"], stones=(0, 1, 0)), seat())
    starve_deck(st)
    assert not [a for a in legal(st) if a.startswith("summon")]


def test_tengu_six_points_and_goes_on_top_of_the_deck() -> None:
    st = position(seat(hand=["tengu"], stones=(0, 1, 0)), seat())
    play(st, "summon tengu pay blue")
    assert st.scores()[0] == 6 and st.deck[-1] == card(st, "tengu") and st.areas[0] == []
    play(st, "end", "end")
    assert card(st, "tengu") in st.display  # revealed first next round


def test_tengu_edge_it_frees_its_area_space() -> None:
    st = position(seat(hand=["tengu", "imp"], stones=(0, 1, 0)), seat(), round=1)
    play(st, "summon tengu pay blue")
    assert "summon imp" in legal(st)


def test_boreas_one_point_per_wind_card_then_back_to_hand() -> None:
    st = position(seat(hand=["boreas"], area=["harpy", "griffon", "imp"],
                       stones=(0, 0, 1)), seat())
    play(st, "summon boreas pay purple")
    assert st.scores()[0] == 3 and names(st, st.hands[0]) == ["boreas"]


def test_boreas_edge_alone_one_point() -> None:
    st = position(seat(hand=["boreas"], stones=(0, 0, 1)), seat())
    play(st, "summon boreas pay purple")
    assert st.scores()[0] == 1 and st.areas[0] == []


def test_genie_resolves_every_hourglass_effect_now_in_a_chosen_order() -> None:
    st = position(seat(hand=["genie"], area=["salamander", "undine-queen"], stones=(0, 0, 1)),
                  seat())
    play(st, "summon genie pay purple")
    assert sorted(legal(st)) == ["order salamander", "order undine-queen"]
    play(st, "order undine-queen")
    assert stones(st, 0) == (1, 1, 0) and st.scores()[0] == 1
    play(st, "end", "end", "order salamander")  # and again in the resolution phase
    assert stones(st, 0) == (2, 2, 0) and st.scores()[0] == 2


def test_genie_edge_no_hourglass_effects_nothing() -> None:
    st = position(seat(hand=["genie"], area=["kappa"], stones=(0, 0, 1)), seat())
    play(st, "summon genie pay purple")
    assert st.pending == [] and st.current_player() == 0


def test_hippogriff_draws_and_lowers_wind_costs_by_two() -> None:
    st = position(seat(hand=["hippogriff", "griffon", "lava-giant"], stones=(0, 1, 1)), seat())
    play(st, "summon hippogriff pay purple")
    assert len(st.hands[0]) == 3
    assert [a for a in legal(st) if "griffon" in a] == []  # 7 - 2 = 5 > 3
    st = position(seat(hand=["griffon"], area=["hippogriff"], stones=(2, 1, 0)), seat())
    assert "summon griffon pay blue,red,red" in legal(st)


def test_hippogriff_edge_other_families_pay_full_cost() -> None:
    st = position(seat(hand=["lava-giant"], area=["hippogriff"], stones=(2, 0, 0)), seat())
    assert not [a for a in legal(st) if a.startswith("summon")]


def test_sylph_draws_and_one_point_per_later_summon() -> None:
    st = position(seat(hand=["sylph", "imp", "hestia"], stones=(0, 0, 1)), seat())
    play(st, "summon sylph pay purple")
    assert len(st.hands[0]) == 3 and st.scores()[0] == 0
    play(st, "summon imp", "summon hestia")
    assert st.scores()[0] == 2


def test_sylph_edge_free_summons_count_too() -> None:
    st = position(seat(hand=["young-forest-spirit", "imp", "kappa"], area=["sylph"]), seat())
    play(st, "summon young-forest-spirit", "discard kappa")
    assert st.scores()[0] == 2  # the YFS summon and the free imp summon


def test_genie_exalted_copies_another_hourglass_effect() -> None:
    st = position(seat(area=["genie-exalted", "salamander"]), seat())
    play(st, "end", "end", "order genie-exalted")
    assert stones(st, 0) == (2, 0, 0) and st.scores()[0] == 2


def test_genie_exalted_copying_a_recover_recovers_itself() -> None:
    st = position(seat(area=["genie-exalted", "imp"]), seat())
    play(st, "end", "end", "order genie-exalted")
    assert names(st, st.hands[0]) == ["genie-exalted", "imp"]


def test_genie_exalted_edge_no_other_hourglass_card_nothing() -> None:
    st = position(seat(area=["genie-exalted", "kappa"]), seat())
    play(st, "end", "end")
    assert st.round == 6 and st.scores()[0] == 0


def test_valkyrie_one_point_per_family() -> None:
    st = position(seat(area=["valkyrie", "hestia", "gargoyle"]), seat())
    play(st, "end", "end")
    assert st.scores()[0] == 3


def test_valkyrie_edge_alone() -> None:
    st = position(seat(area=["valkyrie"]), seat())
    play(st, "end", "end")
    assert st.scores()[0] == 1


def test_griffon_draws_a_card() -> None:
    st = position(seat(area=["griffon"]), seat())
    play(st, "end", "end")
    assert len(st.hands[0]) == 1


def test_griffon_edge_nothing_to_draw_nothing_happens() -> None:
    st = position(seat(area=["griffon"]), seat())
    starve_deck(st)
    play(st, "end", "end")
    assert st.hands[0] == []


def test_odin_two_points_with_fewer_than_six_cards_in_hand() -> None:
    st = position(seat(area=["odin"], hand=["imp", "kappa"]), seat())
    play(st, "end", "end")
    assert st.scores()[0] == 2 and stones(st, 0) == (0, 0, 0)


def test_odin_edge_six_cards_in_hand_a_purple_instead() -> None:
    st = position(seat(area=["odin"], hand=["imp", "kappa", "troll", "hestia", "tidal",
                                             "ember"]), seat())
    play(st, "end", "end")
    assert st.scores()[0] == 0 and stones(st, 0) == (0, 0, 1)


def test_freyja_one_point_per_hourglass_card_itself_included() -> None:
    st = position(seat(area=["freyja", "nessie", "kappa"]), seat())
    play(st, "end", "end", "order freyja")
    assert st.scores()[0] == 4  # freyja 2 + nessie 2


def test_freyja_edge_alone() -> None:
    st = position(seat(area=["freyja"]), seat())
    play(st, "end", "end")
    assert st.scores()[0] == 1


def test_rudra_two_points_per_card_in_hand() -> None:
    st = position(seat(hand=["rudra", "imp", "kappa"], stones=(0, 0, 2)), seat())
    play(st, "summon rudra pay purple,purple")
    assert st.scores()[0] == 4


def test_rudra_edge_empty_hand() -> None:
    st = position(seat(hand=["rudra"], stones=(0, 0, 2)), seat())
    play(st, "summon rudra pay purple,purple")
    assert st.scores()[0] == 0


def test_gi_rin_two_points_per_card_in_area() -> None:
    st = position(seat(hand=["gi-rin"], area=["imp", "kappa"], stones=(0, 0, 2)), seat())
    play(st, "summon gi-rin pay purple,purple")
    assert st.scores()[0] == 6


def test_gi_rin_edge_alone() -> None:
    st = position(seat(hand=["gi-rin"], stones=(0, 0, 2)), seat())
    play(st, "summon gi-rin pay purple,purple")
    assert st.scores()[0] == 2


def test_dandelion_spirit_draws_then_recovers() -> None:
    st = position(seat(hand=["dandelion-spirit"], stones=(0, 1, 0)), seat())
    play(st, "summon dandelion-spirit pay blue")
    assert len(st.hands[0]) == 1
    play(st, "end", "end")
    assert card(st, "dandelion-spirit") in st.hands[0]


def test_dandelion_spirit_edge_nothing_to_draw_cannot_be_summoned() -> None:
    st = position(seat(hand=["dandelion-spirit"], stones=(0, 1, 0)), seat())
    starve_deck(st)
    assert "summon dandelion-spirit pay blue" not in legal(st)
