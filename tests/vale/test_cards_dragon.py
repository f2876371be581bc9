"""Dragon cards: each card's effect and its edge."""

from __future__ import annotations

import pytest

from cardtable.engine.api import IllegalAction

from .helpers import card, legal, names, play, position, seat, stones, summons


def test_dragon_egg_discards_itself_and_summons_a_dragon_for_free() -> None:
    st = position(seat(hand=["dragon-egg", "tidal", "imp"], stones=(0, 1, 0)), seat())
    play(st, "summon dragon-egg pay blue")
    assert legal(st) == ["summon tidal"]  # asked: Imp beside it is a secret card
    play(st, "summon tidal")
    assert names(st, st.areas[0]) == ["tidal"] and card(st, "dragon-egg") in st.discard
    assert st.scores()[0] == 5


def test_dragon_egg_edge_no_dragon_in_hand_cannot_be_summoned() -> None:
    st = position(seat(hand=["dragon-egg", "imp"], stones=(0, 1, 0)), seat())
    assert summons(st) == ["summon imp"]
    # a Dragon whose own instant cannot resolve does not count either (Aeris alone)
    st = position(seat(hand=["dragon-egg", "aeris"], stones=(0, 1, 0)), seat())
    assert summons(st) == []


def test_tidal_five_points_per_dragon() -> None:
    st = position(seat(hand=["tidal"], area=["willow", "ember"], stones=(0, 0, 1)), seat())
    play(st, "summon tidal pay purple")
    assert st.scores()[0] == 15


def test_tidal_edge_alone() -> None:
    st = position(seat(hand=["tidal"], stones=(0, 0, 1)), seat())
    play(st, "summon tidal pay purple")
    assert st.scores()[0] == 5


@pytest.mark.parametrize(("dragon", "points", "victim", "spare"), [
    ("ember", 7, "nessie", "undine-queen"), ("marina", 7, "imp", "hestia"),
    ("boulder", 8, "harpy", "griffon"), ("gust", 8, "troll", "goblin")])
def test_discard_dragons_points_and_the_chosen_player_picks_the_card(
        dragon: str, points: int, victim: str, spare: str) -> None:
    st = position(seat(hand=[dragon], stones=(0, 1, 1)),
                  seat(area=[victim, spare]), seat(area=["tidal"]))
    play(st, f"summon {dragon} pay purple,blue")
    assert st.scores()[0] == points
    assert st.current_player() == 1  # only P2 has such a card; P2 chooses which
    play(st, f"discard {victim}")
    assert names(st, st.areas[1]) == [spare] and card(st, victim) in st.discard


@pytest.mark.parametrize("dragon", ["ember", "marina", "boulder", "gust"])
def test_discard_dragons_edge_no_such_card_anywhere_cannot_be_summoned(dragon: str) -> None:
    st = position(seat(hand=[dragon], stones=(0, 1, 1)), seat(area=["tidal"]))
    assert summons(st) == []
    with pytest.raises(IllegalAction, match="cannot be summoned"):
        play(st, f"summon {dragon} pay purple,blue")


def test_ember_may_target_yourself() -> None:
    st = position(seat(hand=["ember"], area=["nessie"], stones=(0, 1, 1)),
                  seat(area=["kappa"]))
    play(st, "summon ember pay purple,blue")
    assert sorted(legal(st)) == ["target p1", "target p2"]
    play(st, "target p1")
    assert names(st, st.areas[0]) == ["ember"]


def test_aeris_recovers_another_card_for_its_written_cost() -> None:
    st = position(seat(hand=["aeris"], area=["poseidon", "imp"], stones=(0, 1, 1)), seat())
    play(st, "summon aeris pay purple,blue", "recover poseidon")
    assert st.scores()[0] == 7 and names(st, st.hands[0]) == ["poseidon"]


def test_aeris_edge_alone_cannot_be_summoned() -> None:
    st = position(seat(hand=["aeris"], stones=(0, 1, 1)), seat())
    assert summons(st) == []


def test_scorch_copies_another_instant_effect() -> None:
    st = position(seat(hand=["scorch"], area=["mud-slime", "hestia"], stones=(0, 1, 1)),
                  seat())
    play(st, "summon scorch pay purple,blue")  # mud slime is the only instant card
    assert st.scores()[0] == 6


def test_scorch_copying_tengu_sends_scorch_to_the_deck() -> None:
    st = position(seat(hand=["scorch"], area=["tengu", "imp"], stones=(0, 1, 1)), seat())
    play(st, "summon scorch pay purple,blue", "copy tengu")
    assert st.scores()[0] == 6 and st.deck[-1] == card(st, "scorch")
    assert names(st, st.areas[0]) == ["tengu", "imp"]


def test_scorch_edge_no_other_instant_card_cannot_be_summoned() -> None:
    st = position(seat(hand=["scorch"], area=["hestia", "kappa"], stones=(0, 1, 1)), seat())
    assert summons(st) == []


def test_willow_three_stones_three_points_and_a_card() -> None:
    st = position(seat(hand=["willow"], stones=(0, 0, 2)), seat())
    play(st, "summon willow pay purple,purple")
    assert stones(st, 0) == (1, 1, 1) and st.scores()[0] == 3 and len(st.hands[0]) == 1


def test_willow_edge_over_the_stone_limit() -> None:
    st = position(seat(hand=["willow"], area=["hae-tae"], stones=(2, 2, 0)), seat())
    play(st, "summon willow pay blue,blue")  # blue is worth 6 with Hae-tae
    assert stones(st, 0) == (3, 1, 1) and st.current_player() == 0
    assert sorted(legal(st)) == ["discard blue", "discard purple", "discard red"]


def test_eternity_four_points_per_family() -> None:
    st = position(seat(hand=["eternity"], area=["imp", "nessie", "troll", "harpy"],
                       stones=(0, 0, 2)), seat())
    play(st, "summon eternity pay purple,purple")
    assert st.scores()[0] == 20


def test_eternity_edge_alone() -> None:
    st = position(seat(hand=["eternity"], stones=(0, 0, 2)), seat())
    play(st, "summon eternity pay purple,purple")
    assert st.scores()[0] == 4
