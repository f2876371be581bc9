"""The action notation: round trips, malformed text and illegal actions."""

from __future__ import annotations

import pytest

from cardtable.engine.api import Action, IllegalAction, MalformedAction, RecordError
from cardtable.engine.record import GameRecord

from .helpers import GAME, legal, play, position, seat


def test_every_listed_action_round_trips() -> None:
    st = position(seat(hand=["poseidon", "imp", "hydra"], area=["kappa"], stones=(1, 2, 1),
                       hunted=["griffon"]), seat())
    for action in st.legal_actions():
        assert GAME.parse_action(st, str(action)) is action


def test_payment_in_any_order_and_with_spaces_reads_the_same() -> None:
    st = position(seat(hand=["poseidon"], stones=(1, 2, 0)), seat())
    a = GAME.parse_action(st, "summon poseidon pay blue,blue,red")
    b = GAME.parse_action(st, "  SUMMON Poseidon pay red, blue,blue ")
    assert a is b and str(a) == "summon poseidon pay blue,blue,red"


@pytest.mark.parametrize("text", [
    "", "fly imp", "hunt", "hunt dragonfly", "summon imp pay gold", "summon imp pay",
    "summon imp with red", "end now", "target two", "discard emerald", "choose",
    "sell imp imp"])
def test_malformed_text_raises_malformed_and_changes_nothing(text: str) -> None:
    st = position(seat(hand=["imp"], stones=(1, 0, 0), hunted=["griffon"]), seat())
    before = st.fingerprint()
    with pytest.raises(MalformedAction):
        GAME.parse_action(st, text)
    assert st.fingerprint() == before


@pytest.mark.parametrize(("text", "reason"), [
    ("hunt imp", "not the hunting phase"),
    ("sell kappa", "not one of P1's hunted cards"),
    ("end", "sell or tame your hunted cards first"),
    ("summon kappa", "not in P1's hand"),
    ("summon poseidon pay red", "less than the cost 7"),
    ("summon poseidon pay purple,purple,red", "superfluous"),
    ("summon poseidon pay purple,purple,purple", "holds only 2 purple"),
    ("remove troll pay red", "not in P1's area"),
])
def test_illegal_actions_say_why_and_change_nothing(text: str, reason: str) -> None:
    st = position(seat(hand=["poseidon"], stones=(1, 0, 2), hunted=["griffon"]), seat())
    before = st.fingerprint()
    with pytest.raises(IllegalAction, match=reason):
        GAME.parse_action(st, text)
    assert st.fingerprint() == before


def test_apply_of_a_foreign_action_is_refused_and_changes_nothing() -> None:
    st = position(seat(hand=["poseidon"], stones=(1, 0, 0)), seat())
    before = st.fingerprint()
    with pytest.raises(IllegalAction):
        st.apply(Action(3, "summon poseidon pay red", 0, 1))
    assert st.fingerprint() == before
    # an equal action built elsewhere is accepted (equality goes by the text)
    st.apply(Action(5, "end"))
    assert st.current_player() == 1


def test_pending_decision_must_be_answered_first() -> None:
    st = position(seat(hunted=["goblin"], stones=(0, 1, 1)), seat())
    play(st, "sell goblin")
    with pytest.raises(IllegalAction, match="must first decide"):
        GAME.parse_action(st, "end")


def test_a_record_with_a_bad_action_is_a_record_error() -> None:
    st = position(seat(), seat())
    record = GameRecord("vale", 2, 4, {}, ["hunt no-such-card"])
    with pytest.raises(RecordError, match="action 1"):
        record.replay()
    with pytest.raises(RecordError):
        GameRecord.from_json('{"format": "cardtable-record", "version": 1, "game": "vale"}')
    with pytest.raises(RecordError):
        GameRecord("vale", 2, 4, {"colour": "red"}, []).replay()
    with pytest.raises(RecordError):
        GameRecord.from_json("not json")
    assert st.legal_actions()


def test_stone_and_target_and_choice_notations_are_documented_words() -> None:
    st = position(seat(hand=["hydra"], stones=(0, 0, 1)), seat())
    play(st, "summon hydra pay purple")
    assert sorted(legal(st)) == ["choose blue", "choose draw", "choose points",
                                 "choose purple"]


# --- the Artifacts expansion's notation ------------------------------------------------

@pytest.mark.parametrize("text", [
    "artifact", "artifact magic-carpet", "use", "use imp", "upgrade purple", "upgrade",
    "name air", "name", "pay", "pay gold", "shelter", "retrieve dragonfly", "swap", "top",
    "activate"])
def test_expansion_malformed_text_raises_malformed(text: str) -> None:
    st = position(seat(hand=["imp"], artifact="book-of-thoth"), seat(),
                  expansion="artifacts")
    before = st.fingerprint()
    with pytest.raises(MalformedAction):
        GAME.parse_action(st, text)
    assert st.fingerprint() == before


def test_expansion_actions_round_trip_and_read_in_any_case() -> None:
    st = position(seat(stones=(1, 1, 0), artifact="book-of-thoth"), seat(),
                  expansion="artifacts")
    use = GAME.parse_action(st, "USE  Book-of-Thoth")
    assert str(use) == "use book-of-thoth"
    play(st, "use book-of-thoth")
    for action in st.legal_actions():
        assert GAME.parse_action(st, str(action)) is action
    assert sorted(legal(st)) == ["done", "upgrade blue", "upgrade red"]
    gem = position(seat(hunted=["salamander"], stones=(0, 1, 0), artifact="gem-of-kukulkan"),
                   seat(), expansion="artifacts")
    play(gem, "sell salamander")
    assert GAME.parse_action(gem, "pay  red").text == "pay red"


@pytest.mark.parametrize(("text", "reason"), [
    ("artifact ring-of-wishes", "start of the hunting phase"),
    ("use ring-of-wishes", "does not hold"),
    ("use imperial-seal", "cannot be resolved"),  # no summoned card to discard
])
def test_expansion_illegal_actions_say_why(text: str, reason: str) -> None:
    st = position(seat(hand=["imp"], artifact="imperial-seal"), seat(),
                  expansion="artifacts")
    before = st.fingerprint()
    with pytest.raises(IllegalAction, match=reason):
        play(st, text)
    assert st.fingerprint() == before


def test_a_record_with_the_artifacts_replays() -> None:
    st = GAME.new_game(3, seed=5, expansion="artifacts")
    for _ in range(120):
        st.apply(st.legal_actions()[-1])
    record = GameRecord.from_json(GameRecord.from_state(st).to_json())
    assert record.options["expansion"] == "artifacts"
    assert record.replay() == st
