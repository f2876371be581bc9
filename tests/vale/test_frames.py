"""The pending frames (vale/frames.py): named fields, compared by value, shared by clones."""

from __future__ import annotations

from cardtable.vale import decisions
from cardtable.vale.frames import (
    F_LIMIT,
    F_PRICE,
    FRAME_NAMES,
    PayPrice,
    Retrieve,
    Run,
    ShelterFromHand,
    StoneLimit,
)
from cardtable.vale.state import ValeState
from cardtable.vale.vocabulary import GAIN

from .helpers import card, play, position, seat


def _sold_with_the_gem() -> ValeState:
    # Selling Tidal (a blue stone) puts P1 over the stone limit, and Gem of Kukulkan
    # offers to keep the card: two decisions pending, the stone limit first.
    st = position(seat(hunted=["tidal"], stones=(1, 1, 2), artifact="gem-of-kukulkan"),
                  seat(), expansion="artifacts")
    return play(st, "sell tidal")


def test_the_pending_decisions_are_read_by_name() -> None:
    st = _sold_with_the_gem()
    gem, limit = st.pending
    assert isinstance(limit, StoneLimit) and limit.kind == F_LIMIT and limit.player == 0
    assert isinstance(gem, PayPrice) and gem.kind == F_PRICE and gem.player == 0
    assert gem.card == card(st, "tidal") and gem.optional and not gem.cont
    assert st.observation(0)["pending"]["kind"] == FRAME_NAMES[F_LIMIT] == "stone-limit"


def test_frames_compare_by_value_and_kind() -> None:
    assert Run(0, 5, ((GAIN, 1, 0, 0, 0, 0),)) == Run(0, 5, ((GAIN, 1, 0, 0, 0, 0),))
    assert Run(0, 5, ((GAIN, 1, 0, 0, 0, 0),)) != Run(0, 5, ((GAIN, 1, 0, 0, 0, 0),), 1)
    assert hash(StoneLimit(1)) == hash(StoneLimit(1)) and StoneLimit(1) != StoneLimit(2)
    # the same fields, another kind of decision: not equal
    assert ShelterFromHand(0, 3, False) != Retrieve(0, 3, False)
    assert ShelterFromHand(0, 3, False) != (0, 3, False)


def test_two_games_played_alike_have_equal_frames_not_the_same_ones() -> None:
    one, two = _sold_with_the_gem(), _sold_with_the_gem()
    assert one.pending == two.pending
    assert all(a is not b for a, b in zip(one.pending, two.pending, strict=True))
    assert one.fingerprint() == two.fingerprint()


def test_a_clone_shares_the_frames_and_moves_on_alone() -> None:
    st = _sold_with_the_gem()
    copy = st.clone()
    assert all(a is b for a, b in zip(st.pending, copy.pending, strict=True))
    before = list(st.pending)
    play(copy, "discard red", "pay blue")
    assert copy.pending == [] and st.pending == before


def test_every_kind_has_its_options_and_answer() -> None:
    assert len(decisions.OPTIONS) == len(decisions.ANSWERS) == len(FRAME_NAMES)
