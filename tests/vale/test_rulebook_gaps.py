"""Rules of the Artifacts rulebook that had no test yet: Totem Pole and Ash with every
kind of discard from the area (lines 95-96), the Artifact markers and the snake draft
with 3 players (lines 43-45), and a few rulebook examples (lines 31-32, 51, 93-94)."""

from __future__ import annotations

from typing import Any

import pytest

from cardtable.vale import phases
from cardtable.vale.state import ValeState

from .helpers import card, legal, names, play, position, seat, stones

ART: dict[str, Any] = {"expansion": "artifacts"}
DISPLAY6 = ["kappa", "imp", "troll", "griffon", "odin", "hydra"]
TILES4 = ["book-of-thoth", "ring-of-wishes", "imperial-seal", "golden-fleece"]


def pos(*seats: dict[str, Any], **kw: Any) -> ValeState:
    return position(*seats, **ART, **kw)


def markers(st: ValeState) -> list[str | None]:
    return [s["marker"] for s in st.observation(None)["seats"]]


def finish_round(st: ValeState) -> None:
    """From the snake draft to the next round's Hunting phase: every seat drafts the
    first card offered, tames its hunted cards and ends its turn (no area, nothing to
    resolve)."""
    while st.phase == phases.HUNTING:
        st.apply(st.legal_actions()[0])
    while st.phase != phases.HUNTING:
        tame = [a for a in legal(st) if a.startswith("tame")]
        play(st, tame[0] if tame else "end")


# --- Totem Pole: every kind of discard from the area (rulebook lines 95-96) -------------

def _remove(st: ValeState) -> None:
    play(st, "remove imp pay blue")


def _anubis(st: ValeState) -> None:
    play(st, "summon anubis pay purple")
    assert sorted(legal(st)) == ["discard imp", "discard totem-pole"]
    play(st, "discard imp")


def _imperial_seal(st: ValeState) -> None:
    play(st, "use imperial-seal")
    assert sorted(legal(st)) == ["discard imp", "discard totem-pole"]
    play(st, "discard imp")


@pytest.mark.parametrize(("how", "extra"), [
    ("remove", {"stones": (0, 1, 0)}),
    ("anubis", {"hand": ["anubis"], "stones": (0, 0, 1)}),
    ("imperial-seal", {"artifact": "imperial-seal"}),
])
def test_totem_pole_pays_a_purple_when_another_card_is_discarded(
        how: str, extra: dict[str, Any]) -> None:
    st = pos(seat(area=["totem-pole", "imp"], **extra), seat(), round=3)
    {"remove": _remove, "anubis": _anubis, "imperial-seal": _imperial_seal}[how](st)
    assert card(st, "imp") in st.discard and card(st, "totem-pole") in st.areas[0]
    assert stones(st, 0) == (0, 0, 1)  # the stones paid are spent: the purple is Totem Pole's


def test_totem_pole_discarded_by_imperial_seal_pays_nothing_for_itself() -> None:
    st = pos(seat(area=["totem-pole", "imp"], artifact="imperial-seal"), seat())
    play(st, "use imperial-seal", "discard totem-pole")
    assert card(st, "totem-pole") in st.discard and stones(st, 0) == (0, 0, 0)


# --- Ash: every discard sends it back to the hand, for the round number (line 95) -------

def test_ash_discarded_by_imperial_seal_goes_to_hand_for_the_round_number() -> None:
    st = pos(seat(area=["ash", "imp"], score=2, artifact="imperial-seal"), seat(), round=6)
    play(st, "use imperial-seal", "discard ash")
    assert names(st, st.hands[0]) == ["ash"] and names(st, st.areas[0]) == ["imp"]
    assert card(st, "ash") not in st.discard
    assert st.scores()[0] == 2 + 6 and stones(st, 0) == (0, 0, 0)  # no Dragon: no blue


def test_ash_discarded_by_anubis_goes_to_hand_and_anubis_still_scores_its_cost() -> None:
    st = pos(seat(hand=["anubis"], area=["ash", "imp"], stones=(0, 0, 1), score=2), seat(),
             round=6)
    play(st, "summon anubis pay purple", "discard ash")
    assert names(st, st.hands[0]) == ["ash"] and names(st, st.areas[0]) == ["imp", "anubis"]
    assert card(st, "ash") not in st.discard
    assert st.scores()[0] == 2 + 6 + 1  # the round number, then Ash's written cost 1


def test_ash_discarded_by_cerberus_with_totem_pole_no_purple_for_ash() -> None:
    st = pos(seat(hand=["cerberus"], area=["ash", "totem-pole", "imp"], stones=(0, 0, 1),
                  score=2), seat(), round=6)
    play(st, "summon cerberus pay purple", "discard ash", "discard imp", "done")
    assert names(st, st.hands[0]) == ["ash"] and names(st, st.discard) == ["imp"]
    assert st.scores()[0] == 2 + 6
    assert stones(st, 0) == (0, 0, 1)  # for Imp only: Ash was not discarded


# --- Artifact markers with 3 players (line 43) ------------------------------------------

def test_three_players_a_taken_marker_goes_home_and_the_tile_is_free_next_round() -> None:
    st = pos(seat(marker="book-of-thoth"), seat(), seat(marker="ring-of-wishes"),
             phase=phases.HUNTING, first=1, display=DISPLAY6, artifact_set=TILES4)
    # P2 picks first and may take the tile with P1's marker: P1's marker goes home
    assert st.current_player() == 1 and "artifact book-of-thoth" in legal(st)
    play(st, "artifact book-of-thoth")
    assert markers(st) == [None, "book-of-thoth", "ring-of-wishes"]
    # P3: never the tile carrying P3's own marker (nor the tile P2 holds)
    assert st.current_player() == 2
    assert sorted(legal(st)) == ["artifact golden-fleece", "artifact imperial-seal"]
    play(st, "artifact imperial-seal")
    assert markers(st) == [None, "book-of-thoth", "imperial-seal"]
    assert st.current_player() == 0
    assert sorted(legal(st)) == ["artifact golden-fleece", "artifact ring-of-wishes"]
    play(st, "artifact golden-fleece")
    finish_round(st)
    # round 6, P3 first: every tile is back, each with its last taker's marker
    assert st.round == 6 and st.current_player() == 2 and st.held == (-1, -1, -1)
    assert markers(st) == ["golden-fleece", "book-of-thoth", "imperial-seal"]
    assert "artifact imperial-seal" not in legal(st)
    play(st, "artifact ring-of-wishes")
    # P1 may take book-of-thoth again (it carried P1's marker in round 5), not its own
    assert st.current_player() == 0
    assert sorted(legal(st)) == ["artifact book-of-thoth", "artifact imperial-seal"]
    play(st, "artifact book-of-thoth")
    assert markers(st) == ["book-of-thoth", None, "ring-of-wishes"]
    assert st.current_player() == 1
    assert sorted(legal(st)) == ["artifact golden-fleece", "artifact imperial-seal"]


# --- The snake draft with 3 players (lines 44-45) ----------------------------------------

@pytest.mark.parametrize("expansion", ["none", "artifacts"])
def test_three_player_snake_draft_from_seat_1_is_1_2_0_0_2_1(expansion: str) -> None:
    kw: dict[str, Any] = {"expansion": expansion}
    if expansion == "artifacts":
        kw["artifact_set"] = TILES4
    st = position(seat(), seat(), seat(), phase=phases.HUNTING, first=1, display=DISPLAY6,
                  **kw)
    if expansion == "artifacts":  # the Artifact pick comes first, clockwise: 1, 2, 0
        picks = []
        for tile in TILES4[:3]:
            picks.append(st.current_player())
            play(st, f"artifact {tile}")
        assert picks == [1, 2, 0]
    order = []
    for c in DISPLAY6:
        order.append(st.current_player())
        play(st, f"hunt {c}")
    assert order == [1, 2, 0, 0, 2, 1]
    assert [names(st, h) for h in st.hunted] == [["troll", "griffon"], ["kappa", "hydra"],
                                                 ["imp", "odin"]]
    assert st.phase == phases.ACTION and st.current_player() == 1


# --- Other rulebook examples ------------------------------------------------------------

def test_thalassa_recovers_when_an_artifact_effect_earns_a_blue_before_the_limit() -> None:
    # line 93: "An effect has you earn a blue magic stone": Imperial Seal on a Dragon
    st = pos(seat(area=["thalassa", "tidal"], stones=(4, 0, 0), artifact="imperial-seal"),
             seat())
    play(st, "use imperial-seal", "discard tidal")
    assert names(st, st.hands[0]) == ["thalassa"] and st.areas[0] == []
    assert st.observation(0)["pending"]["kind"] == "stone-limit"
    play(st, "discard blue")  # the blue is discarded: Thalassa stays recovered
    assert names(st, st.hands[0]) == ["thalassa"] and stones(st, 0) == (4, 0, 0)


def test_loki_is_a_dragon_for_imperial_seal_on_its_owners_turn() -> None:
    # line 94: any family during your turn
    st = pos(seat(area=["loki", "imp"], artifact="imperial-seal"), seat())
    play(st, "use imperial-seal", "discard loki")
    assert card(st, "loki") in st.discard and stones(st, 0) == (0, 1, 0)


def test_loki_is_any_family_in_its_owners_resolution_phase() -> None:
    # line 94: "Your turn" includes your Resolution phase; Rukh naming Dragon counts Loki
    st = pos(seat(area=["rukh", "loki"]), seat())
    play(st, "end", "end", "order rukh", "name dragon")
    assert st.scores()[0] == 1 + 1  # Rukh: Loki as a Dragon; then Loki: itself


def test_an_instant_artifact_also_goes_back_after_the_resolution() -> None:
    # line 51: "(Instant, Permanent, or unused Action)": not selectable next round
    st = pos(seat(artifact="pied-pipers-pipe"), seat(),
             artifact_set=["pied-pipers-pipe", *TILES4])
    play(st, "end", "end")
    assert st.phase == phases.HUNTING and st.held == (-1, -1)
    assert markers(st)[0] == "pied-pipers-pipe"
    assert st.current_player() == 1 and "artifact pied-pipers-pipe" in legal(st)
    play(st, "artifact ring-of-wishes")
    assert st.current_player() == 0 and "artifact pied-pipers-pipe" not in legal(st)
    assert len(legal(st)) == 3


def test_with_artifacts_the_game_still_ends_after_round_10_most_points_win() -> None:
    # lines 31-32: under 80 points, round 10 still ends it; the most points win
    st = pos(seat(score=50), seat(score=60), round=10)
    play(st, "end", "end")
    assert st.is_over() and st.winners() == [1]
    st = pos(seat(score=61), seat(score=60), round=9)  # 60 no longer ends the game
    play(st, "end", "end")
    assert not st.is_over() and st.round == 10
