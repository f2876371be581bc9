"""The Artifacts: setup, the pick, the three kinds of ability, the return; each tile's
effect and its edge; the shelter and purchased areas."""

from __future__ import annotations

from typing import Any

import pytest

from cardtable.engine.api import IllegalAction, OptionError
from cardtable.vale import phases
from cardtable.vale.cards import expansion_cards
from cardtable.vale.state import ValeState

from .helpers import GAME, card, legal, names, play, position, seat, stones

ART = {"expansion": "artifacts"}
DISPLAY4 = ["imp", "kappa", "troll", "griffon"]


def pos(*seats: dict[str, Any], **kw: Any) -> ValeState:
    return position(*seats, **ART, **kw)


def hunting(*seats: dict[str, Any], tiles: list[str] | None = None, **kw: Any) -> ValeState:
    kw.setdefault("display", DISPLAY4[: 2 * len(seats)] + ["odin", "tidal", "hydra",
                                                           "boreas"][: 2 * len(seats) - 4])
    if tiles is not None:
        kw["artifact_set"] = tiles
    return pos(*seats, phase=phases.HUNTING, **kw)


# --- setup and options -----------------------------------------------------------------

@pytest.mark.parametrize(("players", "base"), [(2, 3), (3, 4), (4, 5)])
def test_setup_base_artifacts_for_the_player_count_plus_3_advanced(players: int,
                                                                   base: int) -> None:
    st = GAME.new_game(players, seed=players, expansion="artifacts")
    assert isinstance(st, ValeState)
    kinds = [st.cs.art_kind[a] for a in st.arts]
    assert kinds.count("base") == base and kinds.count("advanced") == 3
    assert all(st.cs.art_players[a] <= players for a in st.arts if st.cs.art_kind[a] == "base")
    assert st.cs.n == 98 and st.end_score == 80
    advanced = {tuple(a for a in GAME.new_game(players, seed=s, expansion="artifacts").arts)
                for s in range(8)}
    assert len(advanced) > 1  # the 3 advanced tiles are random


def test_expansion_cards_only_has_98_cards_base_rules_and_60_points() -> None:
    st = GAME.new_game(2, seed=1, expansion="cards")
    assert isinstance(st, ValeState)
    assert st.cs.n == 98 and st.arts == () and st.end_score == 60
    assert legal(st)[0].startswith("hunt")
    base = GAME.new_game(2, seed=1)
    assert isinstance(base, ValeState) and base.cs.n == 70 and base.end_score == 60


def test_options_are_checked() -> None:
    with pytest.raises(OptionError):
        GAME.new_game(2, seed=1, expansion="cards", artifact_set="base")
    with pytest.raises(OptionError):
        GAME.new_game(2, seed=1, expansion="artifacts", artifact_set=["no-such-tile", "x"])
    with pytest.raises(OptionError):  # at least players + 1 tiles
        GAME.new_game(2, seed=1, expansion="artifacts",
                      artifact_set=["ring-of-wishes", "book-of-thoth"])
    st = GAME.new_game(2, seed=1, expansion="artifacts", artifact_set="base")
    assert isinstance(st, ValeState)
    assert [st.cs.art_ids[a] for a in st.arts] == ["incense-burner", "monkey-kings-staff",
                                                   "pied-pipers-pipe"]
    assert st.options["artifact_set"] == "base" and st.options["end_score"] == 80


def test_the_game_ends_at_80_points_with_artifacts() -> None:
    st = pos(seat(score=79), seat())
    play(st, "end", "end")
    assert not st.is_over()
    st = pos(seat(score=80), seat())
    play(st, "end", "end")
    assert st.is_over() and st.winners() == [0]


# --- the pick --------------------------------------------------------------------------

def test_pick_before_the_draft_from_the_first_player_clockwise() -> None:
    tiles = ["book-of-thoth", "ring-of-wishes", "imperial-seal", "golden-fleece"]
    st = hunting(seat(), seat(), seat(), tiles=tiles, first=1)
    assert st.current_player() == 1 and all(a.startswith("artifact") for a in legal(st))
    assert st.observation(None)["artifact_picking"] is True
    play(st, "artifact book-of-thoth")
    assert st.current_player() == 2 and "artifact book-of-thoth" not in legal(st)
    play(st, "artifact ring-of-wishes", "artifact imperial-seal")
    assert all(a.startswith("hunt") for a in legal(st)) and st.current_player() == 1
    obs = st.observation(0)
    assert [s["artifact"] for s in obs["seats"]] == ["imperial-seal", "book-of-thoth",
                                                      "ring-of-wishes"]
    assert {t["id"]: t["held_by"] for t in obs["artifacts"]}["golden-fleece"] is None


def test_pick_never_the_tile_with_your_own_marker_and_a_taken_marker_goes_home() -> None:
    tiles = ["book-of-thoth", "ring-of-wishes", "imperial-seal"]
    st = hunting(seat(marker="book-of-thoth"), seat(marker="ring-of-wishes"), tiles=tiles)
    assert sorted(legal(st)) == ["artifact imperial-seal", "artifact ring-of-wishes"]
    with pytest.raises(IllegalAction, match="marker"):
        play(st, "artifact book-of-thoth")
    play(st, "artifact ring-of-wishes")
    assert st.marker == (st.cs.art_index["ring-of-wishes"], -1)
    assert sorted(legal(st)) == ["artifact book-of-thoth", "artifact imperial-seal"]


def test_an_action_ability_once_then_back_to_the_display_with_the_marker() -> None:
    st = pos(seat(area=["salamander"], artifact="ring-of-wishes"), seat())
    assert "use ring-of-wishes" in legal(st)
    play(st, "use ring-of-wishes")
    assert st.held[0] == -1 and st.marker[0] == st.cs.art_index["ring-of-wishes"]
    assert "use ring-of-wishes" not in legal(st)


def test_at_the_end_of_your_resolution_the_artifact_goes_back() -> None:
    st = pos(seat(artifact="gem-of-kukulkan"), seat(area=["rukh"], artifact="book-of-thoth"))
    play(st, "end", "end")
    # P1 resolves now (Rukh): P1's own tile is still in front of P1, P1's went back
    assert st.current_player() == 1 and st.held == (-1, st.cs.art_index["book-of-thoth"])
    play(st, "name wind")
    assert st.held == (-1, -1) and st.phase == phases.HUNTING
    # round 6: seat 1 picks first, and not the tile it just returned
    assert st.current_player() == 1 and "artifact book-of-thoth" not in legal(st)
    assert st.marker[0] == st.cs.art_index["gem-of-kukulkan"]


def test_no_action_ability_outside_your_action_turn() -> None:
    st = hunting(seat(), seat(), tiles=["ring-of-wishes", "book-of-thoth", "imperial-seal"])
    play(st, "artifact ring-of-wishes", "artifact book-of-thoth")
    assert not [a for a in legal(st) if a.startswith("use")]
    with pytest.raises(IllegalAction, match="action phase"):
        play(st, "use ring-of-wishes")


# --- the tiles -------------------------------------------------------------------------

def test_incense_burner_purchases_an_area_for_3() -> None:
    st = pos(seat(hand=["troll"], area=["pegasus", "belphegor"], stones=(3, 1, 0),
                  artifact="incense-burner"), seat(), round=2)
    assert not [a for a in legal(st) if a.startswith("summon")]
    play(st, "use incense-burner")
    assert sorted(legal(st)) == ["choose area", "choose shelter"]
    play(st, "choose area")
    # a price of 3 whatever Pegasus or Belphegor say about costs
    assert sorted(legal(st)) == ["pay blue", "pay red,red,red"]
    play(st, "pay blue")
    assert st.extra[0] == 1 and stones(st, 0) == (3, 0, 0)
    assert "summon troll pay red,red" in legal(st)
    assert st.observation(1)["seats"][0]["area_limit"] == 3


def test_incense_burner_edge_shelters_the_top_two_or_after_two_areas_only_that() -> None:
    st = pos(seat(stones=(0, 1, 0), artifact="incense-burner", extra=2), seat(),
             deck_top=["odin", "imp"])
    play(st, "use incense-burner")  # the area is impossible: shelter, automatically
    assert names(st, st.shelter[0]) == ["imp", "odin"] and st.extra[0] == 2
    assert st.observation(1)["seats"][0]["shelter"] == ["imp", "odin"]


def test_purchased_areas_plus_one_then_plus_two() -> None:
    st = pos(seat(stones=(2, 1, 1), artifact="incense-burner", extra=1), seat())
    play(st, "use incense-burner", "choose area")
    assert "pay blue" in legal(st) and "pay purple" in legal(st)
    play(st, "pay blue")
    assert st.extra[0] == 2 and st.observation(0)["seats"][0]["extra_areas"] == 2


def test_monkey_kings_staff_two_cards_for_four_stones() -> None:
    st = pos(seat(hand=["imp", "troll", "kappa"], artifact="monkey-kings-staff"), seat())
    play(st, "use monkey-kings-staff", "discard imp", "discard troll")
    assert stones(st, 0) == (2, 1, 1) and names(st, st.hands[0]) == ["kappa"]


def test_monkey_kings_staff_edge_needs_two_cards() -> None:
    st = pos(seat(hand=["imp"], artifact="monkey-kings-staff"), seat())
    assert "use monkey-kings-staff" not in legal(st)


def test_pied_pipers_pipe_retrieves_all_of_your_own_shelter_when_taken() -> None:
    st = hunting(seat(shelter=["odin", "hydra"]), seat(shelter=["tidal"]),
                 tiles=["pied-pipers-pipe", "ring-of-wishes", "book-of-thoth"])
    play(st, "artifact pied-pipers-pipe")
    assert sorted(legal(st)) == ["choose draw", "choose retrieve-all"]
    play(st, "choose retrieve-all")
    assert names(st, sorted(st.hands[0])) == names(st, sorted([card(st, "odin"),
                                                               card(st, "hydra")]))
    assert st.shelter[0] == () and names(st, st.shelter[1]) == ["tidal"]


def test_pied_pipers_pipe_edge_empty_shelter_draws() -> None:
    st = hunting(seat(), seat(shelter=["tidal"]),
                 tiles=["pied-pipers-pipe", "ring-of-wishes", "book-of-thoth"])
    play(st, "artifact pied-pipers-pipe")  # only the draw is possible
    assert len(st.hands[0]) == 1 and names(st, st.shelter[1]) == ["tidal"]


def test_seven_league_boots_reveals_one_more_and_shelters_one() -> None:
    st = hunting(seat(), seat(), tiles=["seven-league-boots", "ring-of-wishes",
                                        "book-of-thoth"], deck_top=["gi-rin"])
    play(st, "artifact seven-league-boots")
    assert card(st, "gi-rin") in st.display and len(st.display) == 5
    assert sorted(legal(st)) == sorted(f"shelter {c}" for c in [*DISPLAY4, "gi-rin"])
    play(st, "shelter troll")  # any card of the display, not only the new one
    assert names(st, st.shelter[0]) == ["troll"] and len(st.display) == 4
    play(st, "artifact ring-of-wishes")
    assert all(a.startswith("hunt") for a in legal(st))


def test_golden_fleece_two_red_then_shelter_the_top_card_or_retrieve() -> None:
    st = pos(seat(artifact="golden-fleece", shelter=["odin"]), seat(), deck_top=["imp"])
    play(st, "use golden-fleece")
    assert stones(st, 0) == (2, 0, 0)
    assert sorted(legal(st)) == ["choose retrieve", "choose shelter"]
    play(st, "choose shelter")
    assert names(st, st.shelter[0]) == ["odin", "imp"]


def test_golden_fleece_edge_retrieve_takes_a_card_of_your_choice() -> None:
    st = pos(seat(artifact="golden-fleece", shelter=["odin", "troll"]), seat())
    play(st, "use golden-fleece", "choose retrieve")
    assert sorted(legal(st)) == ["retrieve odin", "retrieve troll"]
    play(st, "retrieve troll")
    assert names(st, st.hands[0]) == ["troll"] and names(st, st.shelter[0]) == ["odin"]
    assert "troll" in st.observation(1)["seats"][0]["hand"]
    # the log says it once (a second line, "P1 retrieves troll", followed until 2026-12-06)
    assert [e.public for e in st.events] == ["P1 retrieves troll from their shelter"]


def test_book_of_thoth_upgrades_two_stones_never_the_same_twice() -> None:
    st = pos(seat(stones=(1, 1, 0), artifact="book-of-thoth"), seat())
    play(st, "use book-of-thoth")
    assert sorted(legal(st)) == ["done", "upgrade blue", "upgrade red"]
    play(st, "upgrade red")
    play(st, "upgrade blue")  # the blue held before, not the one just made
    assert stones(st, 0) == (0, 1, 1)


def test_book_of_thoth_edge_a_new_blue_cannot_go_on_to_purple() -> None:
    st = pos(seat(stones=(1, 0, 0), artifact="book-of-thoth"), seat())
    play(st, "use book-of-thoth", "upgrade red")
    assert stones(st, 0) == (0, 1, 0) and not st.pending
    hae = pos(seat(area=["hae-tae"], stones=(0, 0, 1), artifact="book-of-thoth"), seat())
    play(hae, "use book-of-thoth")  # purple is worth 3 with Hae-tae: still no downgrade
    assert stones(hae, 0) == (0, 0, 1)


def test_cap_of_hades_shelters_a_hand_card_for_an_area_or_a_purple() -> None:
    st = pos(seat(hand=["imp", "odin"], artifact="cap-of-hades"), seat())
    play(st, "use cap-of-hades", "shelter odin")
    assert sorted(legal(st)) == ["choose area", "choose purple"]
    play(st, "choose area")
    assert st.extra[0] == 1 and names(st, st.shelter[0]) == ["odin"]


def test_cap_of_hades_edge_two_areas_purple_only_and_needs_a_card() -> None:
    st = pos(seat(hand=["imp"], artifact="cap-of-hades", extra=2), seat())
    play(st, "use cap-of-hades")
    assert stones(st, 0) == (0, 0, 1) and names(st, st.shelter[0]) == ["imp"]
    assert "use cap-of-hades" not in legal(pos(seat(artifact="cap-of-hades"), seat()))


def test_gem_of_kukulkan_keeps_a_sold_card_for_one() -> None:
    st = pos(seat(hunted=["salamander"], artifact="gem-of-kukulkan"), seat())
    play(st, "sell salamander")
    assert sorted(legal(st)) == ["done", "pay red"]
    play(st, "pay red")
    assert stones(st, 0) == (2, 0, 0) and names(st, st.hands[0]) == ["salamander"]


def test_gem_of_kukulkan_edge_after_the_stone_limit_and_optional() -> None:
    st = pos(seat(hunted=["salamander", "kappa"], stones=(0, 2, 1),
                  artifact="gem-of-kukulkan"), seat())
    play(st, "sell salamander")
    assert st.observation(0)["pending"]["kind"] == "stone-limit"
    play(st, "discard red", "discard red")
    assert st.observation(0)["pending"]["kind"] == "pay-price"
    assert sorted(legal(st)) == ["done", "pay blue", "pay purple", "pay red"]
    play(st, "done")
    assert card(st, "salamander") in st.discard and stones(st, 0) == (1, 2, 1)


def test_imperial_seal_discards_a_card_and_a_dragon_gives_a_blue() -> None:
    st = pos(seat(area=["tidal", "imp"], artifact="imperial-seal"), seat())
    play(st, "use imperial-seal", "discard tidal")
    assert stones(st, 0) == (0, 1, 0) and card(st, "tidal") in st.discard


def test_imperial_seal_edge_no_blue_for_another_family_nor_without_a_card() -> None:
    st = pos(seat(area=["imp"], artifact="imperial-seal"), seat())
    play(st, "use imperial-seal")
    assert stones(st, 0) == (0, 0, 0) and card(st, "imp") in st.discard
    assert "use imperial-seal" not in legal(pos(seat(artifact="imperial-seal"), seat()))


def test_philosophers_stone_retrieve_and_or_discard_for_a_purple() -> None:
    tiles = ["philosophers-stone", "ring-of-wishes", "book-of-thoth"]
    st = hunting(seat(shelter=["odin", "hydra"]), seat(), tiles=tiles)
    play(st, "artifact philosophers-stone")
    assert sorted(legal(st)) == ["choose both", "choose purple", "choose retrieve"]
    play(st, "choose both", "retrieve hydra")
    assert names(st, st.hands[0]) == ["hydra"] and stones(st, 0) == (0, 0, 1)
    assert card(st, "odin") in st.discard and st.shelter[0] == ()


def test_philosophers_stone_edge_one_card_no_both_empty_nothing() -> None:
    tiles = ["philosophers-stone", "ring-of-wishes", "book-of-thoth"]
    st = hunting(seat(shelter=["odin"]), seat(), tiles=tiles)
    play(st, "artifact philosophers-stone")
    assert sorted(legal(st)) == ["choose purple", "choose retrieve"]
    st = hunting(seat(), seat(), tiles=tiles)
    play(st, "artifact philosophers-stone")
    assert st.current_player() == 1 and legal(st)[0].startswith("artifact")


def test_ring_of_wishes_resolves_an_hourglass_effect_now() -> None:
    st = pos(seat(area=["salamander", "imp"], artifact="ring-of-wishes"), seat())
    play(st, "use ring-of-wishes")
    assert sorted(legal(st)) == ["activate imp", "activate salamander"]
    play(st, "activate salamander")
    assert stones(st, 0) == (1, 0, 0) and st.scores()[0] == 1
    play(st, "end", "end", "order salamander")  # and again in the Resolution phase
    assert st.scores()[0] == 2


def test_ring_of_wishes_edge_needs_an_hourglass_card() -> None:
    assert "use ring-of-wishes" not in legal(pos(seat(area=["kappa"],
                                                      artifact="ring-of-wishes"), seat()))


# --- the shelter ------------------------------------------------------------------------

def test_sheltered_cards_are_in_neither_hand_nor_area_and_nothing_touches_them() -> None:
    st = pos(seat(hand=["firefox", "mimic"], shelter=["troll", "imp"], stones=(1, 0, 0)),
             seat())
    play(st, "summon firefox pay red")
    assert st.scores()[0] == 1  # only mimic is in hand
    st = pos(seat(area=["mimic"], shelter=["troll"]), seat(), discard=["goblin"])
    play(st, "end", "end")
    assert card(st, "goblin") in st.hands[0] and card(st, "troll") in st.shelter[0]


def test_expansion_cards_list_is_the_reference_list() -> None:
    cs = expansion_cards()
    assert cs.n == 98 and cs.art_n == 11
    assert all(p in ("confirmed", "provisional") for p in cs.provenance)
    assert all(p == "confirmed" for p in cs.art_provenance)


def test_seven_league_boots_edge_with_no_card_left_to_reveal_it_still_shelters() -> None:
    st = hunting(seat(), seat(), tiles=["seven-league-boots", "ring-of-wishes",
                                        "book-of-thoth"])
    st.deck.clear()  # nothing to reveal: deck and discard pile are empty
    play(st, "artifact seven-league-boots")
    assert len(st.display) == 4 and st.observation(0)["pending"]["kind"] == (
        "shelter-from-display")
