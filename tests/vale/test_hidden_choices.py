"""A decision whose choices come from secret hand cards is asked even when it has one
answer: otherwise the others would learn, from its being settled at once, what the
rest of that hand cannot be. And "your turn" stays the picker's while an Instant
Artifact resolves."""

from __future__ import annotations

from typing import Any

from cardtable.vale import board, phases
from cardtable.vale.state import ValeState
from tests.vale.helpers import GAME, legal, play, position, seat


def egg_summoned(other: str, secret: bool = True) -> tuple[ValeState, list[str]]:
    """P1 summons Dragon Egg holding Tidal and `other`: what follows is a free summon
    from hand, among the cards that fit."""
    st = position(seat(hand=["dragon-egg", "tidal", other], area=["imp"], stones=(0, 1, 0)),
                  seat(), round=5)
    for name in ("tidal", other):
        st.public[st.cs.index[name]] = 0 if secret else 1
    events = st.apply(GAME.parse_action(st, "summon dragon-egg pay blue"))
    return st, [e.text_for(1) for e in events]


def public_side(st: ValeState) -> tuple[Any, list[str]]:
    return st.observation(1), [e.text_for(1) for e in st.events]


def test_a_free_summon_from_a_secret_hand_looks_the_same_with_one_choice_or_two() -> None:
    one, seen_one = egg_summoned("griffon")     # Tidal is the only card that fits
    two, seen_two = egg_summoned("willow")      # Tidal or Willow
    assert legal(one) == ["summon tidal"]       # asked, though there is one answer
    assert sorted(legal(two)) == ["summon tidal", "summon willow"]
    assert seen_one == seen_two
    assert one.observation(1) == two.observation(1)
    play(one, "summon tidal")
    assert one.cs.index["tidal"] in one.areas[0]


def test_a_single_choice_among_known_hand_cards_is_still_made_for_the_player() -> None:
    st, seen = egg_summoned("griffon", secret=False)
    assert st.cs.index["tidal"] in st.areas[0]
    assert any("(the only choice)" in text for text in seen)


def test_your_turn_stays_the_pickers_while_an_instant_artifact_resolves() -> None:
    st = position(seat(shelter=["odin", "hydra"]), seat(), phase=phases.HUNTING,
                  expansion="artifacts",
                  artifact_set=["philosophers-stone", "ring-of-wishes", "book-of-thoth"],
                  display=["imp", "kappa", "troll", "griffon"])
    play(st, "artifact philosophers-stone")
    assert st.current_player() == 0 and legal(st)     # Philosopher's Stone asks P1
    assert board.turn_player(st) == 0
    play(st, "choose purple")                         # which sheltered card goes?
    assert legal(st) == ["discard odin", "discard hydra"] and board.turn_player(st) == 0
    play(st, "discard odin")
    assert st.current_player() == 1 and board.turn_player(st) == 1
