"""Audit of 2026-12-06 against the Artifacts rulebook
(reference/rulebooks/vale-of-eternity-artifacts.txt).

First the discrepancies found: whether a card's instant effect "can be resolved" was
judged before the summon was paid and before its "whenever you summon" permanents
scored, so a payment that leaves the effect impossible was offered, and a point the
summon itself gives did not count. Then rules of the rulebook that no test asserted.
"""

from __future__ import annotations

from typing import Any

import pytest

from cardtable.engine.api import IllegalAction
from cardtable.vale import board
from cardtable.vale.state import ValeState

from .helpers import GAME, card, legal, names, play, position, seat, stones, summons

CARDS: dict[str, Any] = {"expansion": "cards"}
ART: dict[str, Any] = {"expansion": "artifacts"}



# --- discrepancies: an instant effect is judged as it will resolve ----------------------
# Rulebook, Reminders: "A card cannot be summoned if any part of its Instant effect cannot
# be resolved." The instant resolves after the cost is paid and after the "whenever you
# summon" permanents of the area have scored (docs/vale.md, Rules decisions).

def test_scorch_cannot_be_paid_with_the_last_stone_the_copied_duduri_must_upgrade() -> None:
    # Scorch's only instant to copy is Duduri's "lose 1 point and upgrade one of your
    # stones": paying Scorch with the blue and the purple leaves no stone to upgrade
    st = position(seat(hand=["scorch"], area=["duduri"], stones=(0, 1, 1), score=5), seat(),
                  **CARDS)
    assert summons(st) == []
    with pytest.raises(IllegalAction, match="instant effect"):
        play(st, "summon scorch pay purple,blue")


def test_scorch_may_be_paid_with_stones_that_leave_one_to_upgrade() -> None:
    st = position(seat(hand=["scorch"], area=["duduri"], stones=(1, 1, 1), score=5), seat(),
                  **CARDS)
    assert summons(st) == ["summon scorch pay purple,blue"]
    play(st, "summon scorch pay purple,blue")  # the copy (the only choice), then the upgrade
    assert stones(st, 0) == (0, 1, 0) and st.scores()[0] == 4


def test_sylphs_point_pays_duduris_price_at_zero_points() -> None:
    # Sylph scores as Duduri enters the area, before Duduri's instant: the point to lose
    # is there when the instant resolves
    st = position(seat(hand=["duduri"], area=["sylph"], stones=(1, 0, 0), score=0), seat(),
                  **CARDS)
    assert summons(st) == ["summon duduri"]
    play(st, "summon duduri")
    assert st.scores()[0] == 0 and stones(st, 0) == (0, 1, 0)
    assert names(st, st.areas[0]) == ["sylph", "duduri"]


def test_without_sylph_duduri_at_zero_points_still_cannot_be_summoned() -> None:
    st = position(seat(hand=["duduri"], stones=(1, 0, 0), score=0), seat(), **CARDS)
    assert summons(st) == []


def test_kappas_points_for_a_blue_payment_let_scorch_copy_duduri_at_zero_points() -> None:
    # paying with a blue stone scores Kappa's 2 points before Scorch's copy resolves
    st = position(seat(hand=["scorch"], area=["duduri", "kappa"], stones=(1, 1, 1), score=0),
                  seat(), **CARDS)
    assert summons(st) == ["summon scorch pay purple,blue"]
    play(st, "summon scorch pay purple,blue")  # the copy of Duduri: the only choice
    assert st.scores()[0] == 1 and stones(st, 0) == (0, 1, 0)


def test_a_free_summon_by_young_forest_spirit_counts_sylphs_point_too() -> None:
    # Young Forest Spirit's free summon of Duduri: Sylph scores for each summon, so at 0
    # points the Duduri summoned for free can pay its point (Pyro, with no Fire card
    # anywhere, is no card to summon: Duduri is the only one)
    st = position(seat(hand=["young-forest-spirit", "duduri", "pyro"], area=["sylph"],
                       stones=(1, 0, 0), score=0), seat(), **CARDS)
    assert sorted(summons(st)) == ["summon duduri", "summon young-forest-spirit"]
    play(st, "summon young-forest-spirit")
    assert legal(st) == ["discard pyro"]  # Duduri must stay to be summoned
    play(st, "discard pyro")
    assert names(st, st.areas[0]) == ["sylph", "young-forest-spirit", "duduri"]
    assert st.scores()[0] == 1 and stones(st, 0) == (0, 1, 0)  # +1 +1 for Sylph, -1


def test_horus_points_for_the_cost_count_before_the_summoned_cards_instant() -> None:
    # Horus: "Summon a card from your hand for free and gain points equal to its written
    # cost." The points are scored as the card enters the area, before its instant
    # resolves, so at 0 points a Scorch summoned by Horus may copy Duduri's "lose 1 point"
    # (the check judged the copy without them and refused Horus)
    st = position(seat(hand=["horus", "scorch"], area=["duduri"], stones=(1, 1, 1), score=0),
                  seat(), **CARDS)
    assert summons(st) == ["summon horus pay purple,red", "summon horus pay purple,blue"]
    play(st, "summon horus pay purple,red")  # Scorch for free, its copy of Duduri
    assert names(st, st.areas[0]) == ["duduri", "horus", "scorch"]
    assert st.scores()[0] == 9 - 1 and stones(st, 0) == (0, 0, 1)


# --- gaps: rules no test asserted ------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_cards_are_revealed_before_the_artifact_pick(players: int) -> None:
    # Hunting phase: "Reveal cards equal to twice the number of players as normal", then
    # "from the first player and in clockwise order, each player takes an Artifact tile"
    st = GAME.new_game(players, seed=3, **ART)
    assert isinstance(st, ValeState)
    assert len(st.display) == 2 * players and st.current_player() == 0
    assert sorted(legal(st)) == sorted(f"artifact {st.cs.art_ids[a]}" for a in st.arts)


def test_80_points_mid_round_ends_the_game_only_at_the_round_end_most_points_win() -> None:
    # "the game ends at the end of a round when a player has 80 points or more ...
    # The player with the most points wins, whichever endgame condition was triggered."
    st = position(seat(hand=["mud-slime"], stones=(0, 0, 1), score=75),
                  seat(hand=["tengu"], stones=(0, 1, 0), score=80), **ART)
    play(st, "summon mud-slime pay purple")
    assert st.scores()[0] == 81 and not st.is_over()
    play(st, "end")
    assert st.current_player() == 1 and not st.is_over()  # P2 still has a turn
    play(st, "summon tengu pay blue", "end")
    assert st.is_over() and st.scores() == [81, 86] and st.winners() == [1]


def test_an_action_ability_only_on_its_holders_own_action_turn() -> None:
    # "Action abilities can be used once on your turn during the Action phase."
    st = position(seat(area=["imp"]),
                  seat(area=["salamander"], artifact="ring-of-wishes"), **ART)
    assert st.current_player() == 0 and "use ring-of-wishes" not in legal(st)
    with pytest.raises(IllegalAction):
        play(st, "use ring-of-wishes")
    play(st, "end")
    assert "use ring-of-wishes" in legal(st)


def test_gem_of_kukulkan_works_only_for_the_player_who_has_it() -> None:
    # "Permanent abilities are active as long as you have the Artifact."
    other = position(seat(artifact="gem-of-kukulkan"), seat(hunted=["salamander"]),
                     turn=1, **ART)
    play(other, "sell salamander")
    assert legal(other) == ["end"] and card(other, "salamander") in other.discard
    # back in the display (its marker still on it): no longer active for its last holder
    returned = position(seat(hunted=["salamander"], marker="gem-of-kukulkan"), seat(), **ART)
    play(returned, "sell salamander")
    assert legal(returned) == ["end"] and card(returned, "salamander") in returned.discard


def test_sheltered_cards_have_no_effect_while_there() -> None:
    # Shelter: "your sheltered cards are neither in your hand nor summoned; they don't
    # have any effect while there": no stone limit from Hestia, no cost reduction
    st = position(seat(hand=["troll"], shelter=["hestia", "pegasus", "hippogriff"],
                       stones=(2, 0, 0), hunted=["gust"]), seat(), **ART)
    assert board.stone_limit(st, 0) == 4 and summons(st) == []
    play(st, "sell gust")  # a purple: 3 stones, within the limit of 4
    assert stones(st, 0) == (2, 0, 1)
    st = position(seat(shelter=["hestia"], stones=(3, 1, 0), hunted=["troll"]), seat(), **ART)
    play(st, "sell troll")  # 4 red more: 8 stones, 4 to discard
    assert st.observation(0)["pending"]["kind"] == "stone-limit"
    assert st.observation(0)["seats"][0]["stone_limit"] == 4


def test_incense_burners_price_is_paid_without_a_superfluous_stone() -> None:
    # "Pay as though you were summoning a creature with cost 3" and "you cannot pay extra
    # stones beyond what is required"
    st = position(seat(stones=(1, 1, 1), artifact="incense-burner"), seat(), **ART)
    play(st, "use incense-burner", "choose area")
    assert sorted(legal(st)) == ["pay blue", "pay purple"]
    with pytest.raises(IllegalAction):
        play(st, "pay blue,red")


def test_the_rules_summary_puts_the_artifact_pick_after_the_reveal() -> None:
    # it said "before the hunt", though the hunt's cards are revealed first
    summary = GAME.rules_summary({"expansion": "artifacts"})
    assert "once the hunt's cards are revealed and before anyone takes one" in summary
    assert "before the hunt" not in summary
