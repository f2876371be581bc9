"""The 28 cards of the Artifacts expansion: each card's effect and its edge.

Played with expansion='cards' (the 28 cards shuffled in, base rules); the rulebook's
own examples are in test_expansion_rulebook.py.
"""

from __future__ import annotations

from typing import Any

from cardtable.vale.state import ValeState

from .helpers import GAME, card, legal, names, play, position, seat, stones, summons

CARDS = {"expansion": "cards"}


def pos(*seats: dict[str, Any], **kw: Any) -> ValeState:
    return position(*seats, **CARDS, **kw)



# --- Fire ------------------------------------------------------------------------------

def test_ash_removed_goes_back_to_hand_and_scores_the_round() -> None:
    st = pos(seat(area=["ash"], stones=(0, 0, 1), score=3), seat(), round=5)
    play(st, "remove ash pay purple")
    assert names(st, st.hands[0]) == ["ash"] and card(st, "ash") not in st.discard
    assert st.scores()[0] == 8


def test_ash_edge_a_targeted_discard_returns_it_to_its_owner() -> None:
    st = pos(seat(hand=["marina"], stones=(1, 0, 1)), seat(area=["ash"], score=2), round=4)
    play(st, "summon marina pay purple,red")  # the only Fire card anywhere: all automatic
    assert names(st, st.hands[1]) == ["ash"] and st.scores() == [7, 6]


def test_fire_rat_counts_written_costs_up_to_3() -> None:
    st = pos(seat(hand=["fire-rat"], area=["imp", "troll", "odin"], stones=(1, 0, 0)), seat())
    play(st, "summon fire-rat pay red")
    assert st.scores()[0] == 3  # imp 0, troll 3, fire rat 1; not odin 6


def test_fire_rat_edge_a_reduced_cost_does_not_count() -> None:
    st = pos(seat(hand=["fire-rat"], area=["pegasus", "agni"], stones=(1, 0, 0)), seat())
    play(st, "summon fire-rat")  # costs 0 with Pegasus
    assert st.scores()[0] == 2  # pegasus (3) and fire rat; agni is 4 however reduced


def test_bul_gae_with_4_stones_scores_2() -> None:
    st = pos(seat(area=["bul-gae"], stones=(2, 2, 0)), seat())
    play(st, "end", "end")
    assert st.scores()[0] == 2 and stones(st, 0) == (2, 2, 0)


def test_bul_gae_edge_with_3_stones_gains_3_red_and_meets_the_limit() -> None:
    st = pos(seat(area=["bul-gae"], stones=(0, 2, 1)), seat())
    play(st, "end", "end")
    assert st.scores()[0] == 0 and st.observation(0)["pending"]["kind"] == "stone-limit"
    play(st, "discard red", "discard red")
    assert stones(st, 0) == (1, 2, 1)


def test_fireblast_scores_a_point_per_pair_of_fire_cards() -> None:
    st = pos(seat(hand=["fireblast"], area=["salamander", "imp", "kappa"], stones=(2, 0, 0)),
             seat())
    play(st, "summon fireblast pay red,red")
    assert st.scores()[0] == 1  # 3 Fire cards: one pair
    assert card(st, "fireblast") in st.areas[0]


def test_fireblast_edge_recovers_once_its_owner_holds_4_stones() -> None:
    st = pos(seat(hand=["fireblast"], hunted=["kappa"], stones=(3, 0, 0)), seat())
    play(st, "summon fireblast pay red,red")
    assert card(st, "fireblast") in st.areas[0]
    play(st, "sell kappa")  # 1 red + 1 blue: two stones
    assert card(st, "fireblast") in st.areas[0]
    st2 = pos(seat(area=["fireblast"], hunted=["salamander"], stones=(1, 0, 0)), seat())
    play(st2, "sell salamander")  # 4 stones
    assert card(st2, "fireblast") in st2.hands[0]


def test_hephaestus_pays_the_blue_for_three_red_and_two_points() -> None:
    st = pos(seat(area=["hephaestus"], stones=(0, 1, 0), score=5), seat())
    play(st, "end", "end")
    assert sorted(legal(st)) == ["choose blue", "choose points"]
    play(st, "choose blue")
    assert stones(st, 0) == (3, 0, 0) and st.scores()[0] == 7


def test_hephaestus_edge_three_red_for_a_blue() -> None:
    st = pos(seat(area=["hephaestus"], stones=(3, 0, 0), score=1), seat())
    play(st, "end", "end")  # 1 point only: "points" is impossible; red is the only way
    assert stones(st, 0) == (0, 1, 0) and st.scores()[0] == 3


def test_belphegor_gains_a_red_and_fixes_fire_costs() -> None:
    st = pos(seat(hand=["belphegor", "lava-giant"], stones=(0, 0, 1)), seat())
    play(st, "summon belphegor pay purple")
    assert stones(st, 0) == (1, 0, 0)
    assert summons(st) == ["summon lava-giant pay red"]


def test_belphegor_edge_non_fire_costs_are_unchanged() -> None:
    st = pos(seat(hand=["kappa"], area=["belphegor"], stones=(1, 0, 0)), seat())
    assert summons(st) == ["summon kappa pay red"]
    st = pos(seat(hand=["troll"], area=["belphegor"], stones=(1, 0, 0)), seat())
    assert summons(st) == []


# --- Water -----------------------------------------------------------------------------

def test_taweret_discards_any_number_for_blue_stones() -> None:
    st = pos(seat(hand=["taweret", "imp", "troll", "odin"]), seat())
    play(st, "summon taweret", "discard imp", "discard odin", "done")
    assert stones(st, 0) == (0, 2, 0) and names(st, st.hands[0]) == ["troll"]
    assert {card(st, "imp"), card(st, "odin")} <= set(st.discard)


def test_taweret_edge_none_discarded_gives_nothing() -> None:
    st = pos(seat(hand=["taweret", "imp"]), seat())
    play(st, "summon taweret", "done")
    assert stones(st, 0) == (0, 0, 0) and names(st, st.hands[0]) == ["imp"]


def test_melusine_four_points_per_card_up_to_three() -> None:
    st = pos(seat(hand=["melusine", "imp", "troll", "odin", "kappa"], stones=(0, 1, 0)),
             seat())
    play(st, "summon melusine pay blue", "discard imp", "discard troll", "discard odin")
    assert st.scores()[0] == 12 and names(st, st.hands[0]) == ["kappa"] and not st.pending


def test_melusine_edge_stopping_after_one() -> None:
    st = pos(seat(hand=["melusine", "imp", "troll"], stones=(0, 1, 0)), seat())
    play(st, "summon melusine pay blue", "discard troll", "done")
    assert st.scores()[0] == 4 and names(st, st.hands[0]) == ["imp"]


def test_thalassa_scores_water_cards_and_recovers_on_a_blue_stone() -> None:
    st = pos(seat(hand=["thalassa"], area=["kappa"], hunted=["nessie"], stones=(0, 0, 1)),
             seat())
    play(st, "summon thalassa pay purple")
    assert st.scores()[0] == 2
    play(st, "sell nessie")
    assert card(st, "thalassa") in st.hands[0] and stones(st, 0) == (0, 1, 0)


def test_thalassa_edge_red_stones_do_not_recover_it() -> None:
    st = pos(seat(area=["thalassa"], hunted=["salamander"]), seat())
    play(st, "sell salamander")
    assert card(st, "thalassa") in st.areas[0]


def test_kraken_names_a_family() -> None:
    st = pos(seat(hand=["kraken"], area=["imp", "salamander", "kappa"], stones=(0, 0, 1)),
             seat())
    play(st, "summon kraken pay purple")
    assert sorted(legal(st)) == ["name dragon", "name earth", "name fire", "name water",
                                 "name wind"]
    play(st, "name fire")
    assert st.scores()[0] == 4


def test_kraken_edge_naming_its_own_family_counts_itself() -> None:
    st = pos(seat(hand=["kraken"], area=["imp"], stones=(0, 0, 1)), seat())
    play(st, "summon kraken pay purple", "name water")
    assert st.scores()[0] == 2


def test_siren_discards_for_a_blue_and_two_points() -> None:
    st = pos(seat(hand=["imp"], area=["siren"]), seat())
    play(st, "end", "end")
    assert stones(st, 0) == (0, 1, 0) and st.scores()[0] == 2 and not st.hands[0]


def test_siren_edge_empty_hand_gives_nothing() -> None:
    st = pos(seat(area=["siren"]), seat())
    play(st, "end", "end")
    assert stones(st, 0) == (0, 0, 0) and st.scores()[0] == 0


def test_akhlut_summons_a_dragon_from_the_discard_pile() -> None:
    st = pos(seat(hand=["akhlut"], stones=(0, 0, 1)), seat(), discard=["tidal", "imp"])
    play(st, "summon akhlut pay purple")
    assert names(st, st.areas[0]) == ["akhlut", "tidal"] and st.scores()[0] == 5
    assert card(st, "tidal") not in st.discard


def test_akhlut_edge_no_dragon_in_the_discard_pile_or_no_space() -> None:
    st = pos(seat(hand=["akhlut"], stones=(0, 0, 1)), seat(), discard=["imp"])
    assert summons(st) == []
    st = pos(seat(hand=["akhlut"], stones=(0, 0, 1)), seat(), discard=["tidal"], round=1)
    assert summons(st) == []


# --- Earth -----------------------------------------------------------------------------

def test_duduri_loses_a_point_upgrades_a_stone_and_recovers() -> None:
    st = pos(seat(hand=["duduri"], stones=(1, 0, 0), score=3), seat())
    play(st, "summon duduri")
    assert stones(st, 0) == (0, 1, 0) and st.scores()[0] == 2
    play(st, "end", "end")
    assert card(st, "duduri") in st.hands[0]


def test_duduri_edge_no_point_or_no_stone_to_upgrade_no_summon() -> None:
    assert summons(pos(seat(hand=["duduri"], stones=(1, 0, 0), score=0), seat())) == []
    assert summons(pos(seat(hand=["duduri"], stones=(0, 0, 2), score=3), seat())) == []
    st = pos(seat(hand=["duduri"], stones=(1, 1, 0), score=3), seat())
    play(st, "summon duduri")
    assert sorted(legal(st)) == ["upgrade blue", "upgrade red"]


def test_duduri_king_upgrades_a_stone_received_from_a_sale() -> None:
    st = pos(seat(area=["duduri-king"], hunted=["salamander", "kappa"]), seat())
    play(st, "sell salamander")
    assert stones(st, 0) == (2, 1, 0)
    play(st, "sell kappa")
    assert stones(st, 0) == (2, 1, 1)


def test_duduri_king_edge_choice_before_the_stone_limit_and_dragons() -> None:
    st = pos(seat(area=["duduri-king"], hunted=["pegasus", "tidal"], stones=(3, 0, 0)),
             seat())
    play(st, "sell pegasus")  # 1 red + 1 blue: 5 stones, the upgrade comes first
    assert sorted(legal(st)) == ["upgrade blue", "upgrade red"]
    play(st, "upgrade blue")
    assert stones(st, 0) == (4, 0, 1)
    play(st, "discard red")
    assert stones(st, 0) == (3, 0, 1)
    play(st, "sell tidal")  # a purple cannot be upgraded
    assert stones(st, 0)[2] == 2


def test_anubis_discards_another_card_for_its_written_cost() -> None:
    st = pos(seat(hand=["anubis"], area=["troll", "imp"], stones=(0, 0, 1)), seat())
    play(st, "summon anubis pay purple")
    assert sorted(legal(st)) == ["discard imp", "discard troll"]
    play(st, "discard troll")
    assert st.scores()[0] == 3 and card(st, "troll") in st.discard


def test_anubis_edge_needs_another_summoned_card() -> None:
    assert summons(pos(seat(hand=["anubis"], stones=(0, 0, 1)), seat())) == []


def test_mandrake_scores_3_then_discards_itself_or_pays_2_for_a_purple() -> None:
    st = pos(seat(hand=["mandrake"], stones=(0, 0, 1)), seat())
    play(st, "summon mandrake pay purple")
    assert st.scores()[0] == 3
    play(st, "end", "end")
    assert sorted(legal(st)) == ["choose discard", "choose points"]
    play(st, "choose points")
    assert st.scores()[0] == 1 and stones(st, 0) == (0, 0, 1)
    assert card(st, "mandrake") in st.areas[0]


def test_mandrake_edge_with_fewer_than_2_points_it_is_discarded() -> None:
    st = pos(seat(area=["mandrake"], score=1), seat())
    play(st, "end", "end")
    assert card(st, "mandrake") in st.discard and stones(st, 0) == (0, 0, 1)
    assert st.scores()[0] == 1


def test_totem_pole_a_purple_per_other_card_discarded() -> None:
    st = pos(seat(hand=["cerberus"], area=["totem-pole", "imp", "kappa"], stones=(0, 0, 1)),
             seat())
    play(st, "summon cerberus pay purple", "discard imp", "discard kappa", "done")
    assert stones(st, 0) == (0, 0, 2)


def test_totem_pole_edge_not_for_itself_nor_for_another_players_cards() -> None:
    st = pos(seat(area=["totem-pole", "imp"], stones=(0, 1, 0)), seat(), round=3)
    play(st, "remove totem-pole pay blue")
    assert stones(st, 0) == (0, 0, 0)
    st = pos(seat(area=["totem-pole"]), seat(area=["imp"], stones=(0, 1, 0)), round=3,
             turn=1)
    play(st, "remove imp pay blue")
    assert stones(st, 0) == (0, 0, 0)


def test_wendigo_scores_earth_cards_and_recovers_when_points_are_lost() -> None:
    st = pos(seat(hand=["wendigo"], area=["troll", "goblin"], stones=(1, 0, 1), score=4),
             seat(area=["goblin-soldier"]))
    play(st, "summon wendigo pay purple,red")
    assert st.scores()[0] == 10
    st.points[1] = 0
    play(st, "end", "end")  # P1's Goblin Soldier: nobody is ahead... P1 loses, not P0
    assert card(st, "wendigo") in st.areas[0]


def test_wendigo_edge_a_steal_recovers_it_on_another_players_turn() -> None:
    st = pos(seat(area=["wendigo"], score=5), seat(area=["goblin"], score=0))
    play(st, "end", "end")
    assert card(st, "wendigo") in st.hands[0] and st.scores() == [4, 1]
    zero = pos(seat(area=["wendigo"], score=0), seat(area=["goblin"]))
    play(zero, "end", "end")
    assert card(zero, "wendigo") in zero.areas[0]  # nothing was lost


def test_banshee_scores_families_and_recovers_on_a_draw() -> None:
    st = pos(seat(hand=["banshee", "pegasus"], area=["imp", "kappa"], stones=(0, 1, 1)),
             seat())
    play(st, "summon banshee pay purple")
    assert st.scores()[0] == 3
    play(st, "summon pegasus pay blue")
    assert card(st, "banshee") in st.hands[0]


def test_banshee_edge_another_players_draw_does_not_recover_it() -> None:
    st = pos(seat(area=["banshee"]), seat(hand=["pegasus"], stones=(0, 1, 0)), turn=1)
    play(st, "summon pegasus pay blue")
    assert card(st, "banshee") in st.areas[0]


def test_nurikabe_draws_then_puts_a_card_on_top_of_the_deck() -> None:
    st = pos(seat(hand=["nurikabe", "imp"], stones=(0, 0, 1)), seat())
    play(st, "summon nurikabe pay purple")
    assert len(st.hands[0]) == 2
    play(st, "end", "end")
    assert len(st.hands[0]) == 3 and st.observation(0)["pending"]["kind"] == "card-to-deck-top"
    play(st, "top imp")  # then the next round reveals it first
    assert st.display[0] == card(st, "imp") and len(st.hands[0]) == 2


def test_nurikabe_edge_a_secret_card_on_top_is_known_to_its_owner_only() -> None:
    st = pos(seat(area=["nurikabe"], hand=["imp"]), seat(area=["rukh"]))
    play(st, "end", "end")
    drawn = st.hands[0][-1]
    assert not st.public[drawn]
    events = st.apply(GAME.parse_action(st, f"top {st.cs.ids[drawn]}"))
    assert st.cs.ids[drawn] in events[0].text_for(0)
    assert st.cs.ids[drawn] not in events[0].text_for(1)
    assert st.cs.ids[drawn] not in events[0].text_for(None)
    assert st.observation(0)["deck"]["top_private"] == st.cs.ids[drawn]
    assert st.observation(1)["deck"]["top_private"] is None
    assert st.observation(1)["deck"]["top"] == [] and st.current_player() == 1


def test_nurikabe_edge_an_automatic_secret_card_stays_secret_in_events() -> None:
    st = pos(seat(area=["nurikabe"]), seat(area=["rukh"]))
    events = st.apply(GAME.parse_action(st, "end"))
    events += st.apply(GAME.parse_action(st, "end"))  # draws one card, puts it back
    top = st.cs.ids[st.deck[-1]]
    assert not st.hands[0] and st.observation(0)["deck"]["top_private"] == top
    assert any(top in e.text_for(0) for e in events)
    assert not any(top in e.text_for(1) or top in e.text_for(None) for e in events)


def test_rukh_names_a_family_at_resolution() -> None:
    st = pos(seat(area=["rukh", "gargoyle", "sand-giant"]), seat())
    play(st, "end", "end", "name earth")
    assert st.scores()[0] == 2


def test_rukh_edge_counts_itself_for_wind() -> None:
    st = pos(seat(area=["rukh", "gargoyle"]), seat())
    play(st, "end", "end", "name wind")
    assert st.scores()[0] == 1


def test_horus_summons_for_free_and_scores_the_written_cost() -> None:
    st = pos(seat(hand=["horus", "odin", "imp"], stones=(1, 0, 1)), seat())
    play(st, "summon horus pay purple,red")
    assert sorted(legal(st)) == ["summon imp", "summon odin"]
    play(st, "summon odin")
    assert names(st, st.areas[0]) == ["horus", "odin"] and st.scores()[0] == 6


def test_horus_edge_needs_a_free_space_and_a_card() -> None:
    assert summons(pos(seat(hand=["horus", "odin"], stones=(1, 0, 1)), seat(),
                       round=1)) == ["summon odin pay purple"]
    assert summons(pos(seat(hand=["horus"], stones=(1, 0, 1)), seat())) == []


def test_loki_scores_a_point_per_permanent_card_itself_included() -> None:
    st = pos(seat(area=["loki", "hestia", "kappa", "ifrit"]), seat())
    play(st, "end", "end")
    assert st.scores()[0] == 3


def test_anzu_reveals_the_hand_and_scores_its_families() -> None:
    st = pos(seat(hand=["anzu", "imp", "salamander", "kappa", "troll"], stones=(0, 1, 1)),
             seat())
    st.public[card(st, "kappa")] = 0
    assert None in st.observation(1)["seats"][0]["hand"]
    play(st, "summon anzu pay purple,blue")
    assert st.scores()[0] == 9
    hand = st.observation(1)["seats"][0]["hand"]
    assert None not in hand and "kappa" in hand


def test_anzu_edge_an_empty_hand_scores_nothing() -> None:
    st = pos(seat(hand=["anzu"], stones=(0, 1, 1)), seat())
    play(st, "summon anzu pay purple,blue")
    assert st.scores()[0] == 0


# --- Dragons: the swap dragons ---------------------------------------------------------

def test_deepdive_swaps_with_a_chosen_players_water_card() -> None:
    st = pos(seat(hand=["deepdive"], stones=(1, 0, 1)), seat(area=["kappa", "imp"]))
    play(st, "summon deepdive pay purple,red")
    assert names(st, st.areas[0]) == ["kappa"] and names(st, st.areas[1]) == ["deepdive", "imp"]
    assert st.scores()[0] == 7


def test_rockscale_edge_choosing_yourself_keeps_both_cards() -> None:
    st = pos(seat(hand=["rockscale"], area=["troll"], stones=(0, 1, 1)),
             seat(area=["goblin"]))
    play(st, "summon rockscale pay purple,blue")
    assert sorted(legal(st)) == ["target p1", "target p2"]
    play(st, "target p1")
    assert names(st, st.areas[0]) == ["troll", "rockscale"] and st.scores()[0] == 8


def test_whisper_edge_no_wind_card_anywhere_no_summon() -> None:
    st = pos(seat(hand=["whisper"], area=["troll"], stones=(0, 1, 1)), seat(area=["imp"]))
    assert summons(st) == []
    st = pos(seat(hand=["whisper"], stones=(0, 1, 1)), seat(area=["griffon", "boreas"]))
    play(st, "summon whisper pay purple,blue")
    assert sorted(legal(st)) == ["swap boreas", "swap griffon"]
    assert st.current_player() == 1  # the chosen player picks
    play(st, "swap griffon")
    assert names(st, st.areas[0]) == ["griffon"]
    assert names(st, st.areas[1]) == ["whisper", "boreas"]


def test_fireblast_edge_its_own_instant_counts_it_before_it_recovers() -> None:
    st = pos(seat(hand=["fireblast"], area=["hestia"], stones=(6, 0, 0)), seat())
    play(st, "summon fireblast pay red,red")  # 4 stones left: it goes back, after scoring
    assert st.scores()[0] == 1 and card(st, "fireblast") in st.hands[0]


def test_wendigo_edge_its_owners_own_price_recovers_it() -> None:
    st = pos(seat(hand=["duduri"], area=["wendigo"], stones=(1, 0, 0), score=3), seat())
    play(st, "summon duduri")
    assert card(st, "wendigo") in st.hands[0] and st.scores()[0] == 2


def test_banshee_edge_an_artifact_draw_recovers_it_too() -> None:
    st = position(seat(area=["banshee"]), seat(), expansion="artifacts",
                  artifact_set=["pied-pipers-pipe", "ring-of-wishes", "book-of-thoth"],
                  phase=0, display=["imp", "kappa", "troll", "griffon"])
    play(st, "artifact pied-pipers-pipe")  # an empty shelter: it draws
    assert card(st, "banshee") in st.hands[0]


def test_loki_edge_nessie_never_sees_it_as_a_dragon() -> None:
    st = pos(seat(area=["nessie", "loki"]), seat())
    play(st, "end", "end", "order nessie")
    assert st.scores()[0] == 2 + 1  # Nessie's 2, then Loki's 1 (itself)


def test_duduri_king_edge_then_gem_of_kukulkan() -> None:
    st = position(seat(area=["duduri-king"], hunted=["kappa"], stones=(2, 1, 1),
                       artifact="gem-of-kukulkan"), seat(), expansion="artifacts")
    play(st, "sell kappa")  # its blue becomes purple first, then the limit, then the Gem
    assert stones(st, 0)[2] == 2 and st.observation(0)["pending"]["kind"] == "stone-limit"
    play(st, "discard red")
    assert st.observation(0)["pending"]["kind"] == "pay-price"


def test_deepdive_edge_a_swapped_permanent_works_for_its_new_owner_at_once() -> None:
    st = pos(seat(hand=["deepdive"], stones=(1, 0, 1)), seat(area=["hae-tae"]))
    assert st.observation(0)["seats"][0]["stone_values"]["blue"] == 3
    play(st, "summon deepdive pay purple,red")
    obs = st.observation(0)
    assert obs["seats"][0]["area"] == ["hae-tae"] and obs["seats"][1]["area"] == ["deepdive"]
    assert obs["seats"][0]["stone_values"]["blue"] == 6
    assert obs["seats"][1]["stone_values"]["blue"] == 3


def test_rockscale_swaps_with_an_opponents_earth_card() -> None:
    st = pos(seat(hand=["rockscale"], stones=(0, 1, 1)), seat(area=["troll", "goblin"]))
    play(st, "summon rockscale pay purple,blue")
    assert st.current_player() == 1 and sorted(legal(st)) == ["swap goblin", "swap troll"]
    play(st, "swap goblin")
    assert names(st, st.areas[0]) == ["goblin"] and st.scores()[0] == 8
    assert names(st, st.areas[1]) == ["troll", "rockscale"]


def test_whisper_gains_8_and_swaps_a_wind_card() -> None:
    st = pos(seat(hand=["whisper"], area=["griffon"], stones=(0, 1, 1)), seat(area=["odin"]))
    play(st, "summon whisper pay purple,blue", "target p2")
    assert names(st, st.areas[0]) == ["griffon", "odin"]
    assert names(st, st.areas[1]) == ["whisper"] and st.scores()[0] == 8
