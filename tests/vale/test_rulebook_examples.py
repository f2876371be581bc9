"""The Artifacts rulebook's examples (rulebooks/vale-of-eternity-artifacts.txt) that had
no test asserting their exact outcome yet. Every other example is played out in
test_expansion_rulebook.py, test_rulebook_gaps.py or test_artifacts.py."""

from __future__ import annotations

from typing import Any

import pytest

from cardtable.engine.api import IllegalAction
from cardtable.vale import board, phases
from cardtable.vale.state import ValeState
from cardtable.vale.vocabulary import FAMILIES

from .helpers import card, legal, names, play, position, seat

ART: dict[str, Any] = {"expansion": "artifacts"}
TILES = ["book-of-thoth", "ring-of-wishes", "imperial-seal"]


def pos(*seats: dict[str, Any], **kw: Any) -> ValeState:
    return position(*seats, **ART, **kw)


def test_line_89_pyro_only_a_player_with_a_summoned_fire_card_may_be_chosen() -> None:
    # line 89: "You must select a player (including yourself) who has at least one
    # summoned Fire card. The player of your choice gets to decide which Fire card to
    # swap with Pyro." P1 and P3 have Fire cards, P2 only a Water card.
    st = pos(seat(hand=["pyro"], area=["salamander"], stones=(1, 0, 1)),
             seat(area=["kappa"]), seat(area=["imp", "agni"]))
    play(st, "summon pyro pay purple,red")
    assert sorted(legal(st)) == ["target p1", "target p3"]
    with pytest.raises(IllegalAction):
        play(st, "target p2")
    play(st, "target p3")
    assert st.current_player() == 2  # P3 decides which of its Fire cards
    assert sorted(legal(st)) == ["swap agni", "swap imp"]
    play(st, "swap agni")
    assert names(st, st.areas[0]) == ["salamander", "agni"]
    assert names(st, st.areas[1]) == ["kappa"]
    assert names(st, st.areas[2]) == ["imp", "pyro"]
    assert st.current_player() == 0


def test_line_94_loki_is_any_family_in_its_owners_hunting_phase_only() -> None:
    # line 94: "'Your turn' refers to your Hunting, Action, and Resolution phases. But,
    # during other players' turns, Loki in your area is considered as a Wind card."
    # No card or Artifact reads a family during the Hunting phase, so the count the
    # effects use is asserted directly, at each pick of that phase.
    fire, wind = FAMILIES.index("fire"), FAMILIES.index("wind")
    st = pos(seat(area=["loki"]), seat(), phase=phases.HUNTING, artifact_set=TILES,
             display=["kappa", "imp", "troll", "griffon"])
    loki = card(st, "loki")

    def counts_as_fire() -> bool:
        assert board.fam_match(st, 0, loki, wind)  # Wind at any time
        as_fire = board.fam_match(st, 0, loki, fire)
        assert board.family_count(st, 0, fire) == int(as_fire)
        assert board.family_anywhere(st, fire) == as_fire
        return as_fire

    # P1's Artifact pick, P2's, then the draft: P1, P2, P2, P1.
    assert st.current_player() == 0 and counts_as_fire()
    play(st, "artifact book-of-thoth")
    assert st.current_player() == 1 and not counts_as_fire()
    play(st, "artifact ring-of-wishes")
    assert st.current_player() == 0 and counts_as_fire()
    play(st, "hunt kappa")
    assert st.current_player() == 1 and not counts_as_fire()
    play(st, "hunt imp")
    assert st.current_player() == 1 and not counts_as_fire()
    play(st, "hunt troll")
    assert st.current_player() == 0 and counts_as_fire()
    play(st, "hunt griffon")
    assert st.phase == phases.ACTION and st.current_player() == 0 and counts_as_fire()
