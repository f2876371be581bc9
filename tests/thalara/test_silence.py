"""Silence's reach (`silence_scope`): under `conflict` (the default, the text's "no other
spell has any effect in this conflict") a spell lying in a silenced conflict still acts
in the other conflicts; under `spell` it acts nowhere. Either way nothing acts in the
silenced conflict itself."""

from __future__ import annotations

import pytest

from cardtable.engine.api import IllegalAction, OptionError
from cardtable.thalara.state import ThalaraState
from tests.thalara.helpers import (
    GAME,
    OLD,
    act,
    new,
    select,
    texts,
    totals,
    turn,
)

SCOPES = ["conflict", "spell"]
CANTO = ["purple1", "purple2", "red2", "yellow1", "green1", "blue1", "green2"]


def test_the_default_scope_is_the_conflict_and_a_bad_value_is_refused() -> None:
    assert new().options["silence_scope"] == "conflict"
    assert "conflict (default" in GAME.option_help()["silence_scope"]
    with pytest.raises(OptionError, match="silence_scope"):
        GAME.new_game(2, seed=1, silence_scope="everywhere")


@pytest.mark.parametrize("scope", SCOPES)
def test_beacon_lying_in_a_silenced_conflict_still_reaches_another(scope: str) -> None:
    # P1 casts Beacon in conflict 1 while holding red2 in conflict 2 (total 3); P2
    # casts Silence in conflict 1.
    state = new(("myrja", "canto"), first=0, silence_scope=scope)
    select(state, {0: ["red2", "green1", "blue1", "purple1", "yellow1", "yellow2",
                       "green2"],
                   1: list(CANTO)})
    turn(state, "play red2 2")
    turn(state, "play purple1 1")
    turn(state, "play green1 1")
    turn(state, "play purple2 1")
    turn(state, "play blue1 1")
    turn(state, "play red2 3")
    turn(state, "play purple1 1", "cast myrja-beacon 1")
    assert totals(state, 2)[0] == 2 + 1 and totals(state, 1)[0] == 3 + 1
    turn(state, "play yellow1 3", "cast silence 1")
    assert totals(state, 1)[0] == 3  # nothing acts in the silenced conflict
    assert totals(state, 2)[0] == (3 if scope == "conflict" else 2)


@pytest.mark.parametrize("scope", SCOPES)
def test_quake_lying_in_a_silenced_conflict_still_raises_aftershocks_elsewhere(
        scope: str) -> None:
    # the set before tuning: Aftershocks of strength 2 (the tuned set's are 1)
    state = new(("rinnthra", "canto"), first=0, silence_scope=scope, cards=OLD)
    select(state, {0: ["green1", "red2", "blue1", "blue3", "yellow1", "purple1", "green2"],
                   1: ["red2", "blue1", "purple1", "purple2", "yellow1", "green1",
                       "green2"]})
    turn(state, "play green1 1")
    turn(state, "play red2 2")
    turn(state, "play red2 1", "cast rinnthra-tremor 1")
    act(state, "target aftershock")
    turn(state, "play blue1 2")
    turn(state, "play aftershock 2")
    turn(state, "play purple1 3")
    turn(state, "play blue1 3")
    turn(state, "play purple2 3")
    turn(state, "play blue3 3", "cast rinnthra-quake 3")
    assert totals(state, 2)[0] == 4
    turn(state, "play yellow1 2", "cast silence 3")
    assert totals(state, 3)[0] == 1 + 3
    strength = state.observation(None)["conflicts"][1]["sides"][0]["cards"][-1]["strength"]
    assert strength == (4 if scope == "conflict" else 2)
    assert totals(state, 2)[0] == (4 if scope == "conflict" else 2)


@pytest.mark.parametrize("scope", SCOPES)
def test_a_veil_cast_before_the_silence_still_works_in_another_conflict(scope: str) -> None:
    state = _veil_then_silence(silence_scope=scope)  # the Veil lies in conflict 1
    turn(state, "play purple2 1", "cast silence 1")
    act(state, "play red5 2")
    theirs = state.observation(1)["conflicts"][1]["sides"][0]["cards"][-1]
    mine = state.observation(0)["conflicts"][1]["sides"][0]["cards"][-1]
    assert mine["card"] == "red5"
    if scope == "conflict":
        assert mine["face_down"] and theirs["card"] is None
    else:
        assert not mine["face_down"] and theirs["card"] == "red5"


# character, the cards its requirement needs (played into the silenced conflict), spell,
# whether it acts outside its own conflict
REACHING = [
    ("myrja", ["green1", "blue1", "purple1"], "myrja-beacon", True),
    ("kandhran", ["blue1", "red2", "yellow1"], "kandhran-warcry", True),
    ("jinpatrica", ["blue1", "yellow1"], "jinpatrica-balance", True),
    ("rinnthra", ["blue1", "blue3"], "rinnthra-quake", True),
    ("myrja", ["red2", "red3"], "myrja-surge", False),  # acts here only: never offered
]


@pytest.mark.parametrize("scope", SCOPES)
@pytest.mark.parametrize("character, cards, spell, reaches", REACHING)
def test_forbidden_empty_casts_let_a_reaching_spell_into_a_silenced_conflict(
        scope: str, character: str, cards: list[str], spell: str, reaches: bool) -> None:
    state = new((character, "canto"), first=1, silence_scope=scope,
                empty_casts="forbidden")
    fill = [c for c in ["green2", "yellow2", "red4", "blue4", "purple2", "green4"]
            if c not in cards]
    select(state, {0: cards + fill[:7 - len(cards)], 1: list(CANTO)})
    turn(state, "play purple1 1")
    turn(state, f"play {cards[0]} 1")
    turn(state, "play purple2 1", "cast silence 1")
    for card in cards[1:-1]:
        turn(state, f"play {card} 1")
        turn(state, "play red2 2")
    act(state, f"play {cards[-1]} 1")
    offered = f"cast {spell} 1" in texts(state.legal_actions())
    assert offered is (reaches and scope == "conflict")
    if offered:
        act(state, f"cast {spell} 1")
        assert state.current_player() == 1


@pytest.mark.parametrize("scope", SCOPES)
def test_energy_barrier_lying_in_a_silenced_conflict_stops_blocking(scope: str) -> None:
    state = new(("myrja", "canto"), first=1, silence_scope=scope)
    select(state, {0: ["blue5", "blue4", "red5", "red4", "blue1", "green1", "green2"],
                   1: list(CANTO)})
    turn(state, "play purple1 1")
    turn(state, "play blue5 1")
    red2_into_1 = next(a for a in state.legal_actions() if a.text == "play red2 1")
    turn(state, "play purple2 1")
    turn(state, "play blue4 1", "cast energy-barrier 1")
    assert "play red2 1" not in texts(state.legal_actions())
    with pytest.raises(IllegalAction, match="an Energy Barrier closes conflict 1 to P2"):
        state.apply(red2_into_1)                  # the action itself, not its text
    turn(state, "play red2 2", "cast silence 1")
    turn(state, "play red5 3")
    assert "play yellow1 1" in texts(state.legal_actions())
    # red2 has gone to conflict 2: the reason is the card, not the lifted Barrier
    with pytest.raises(IllegalAction, match="P2 has no such card in hand"):
        state.apply(red2_into_1)


# ---- a Veil and a Silence under both scopes -----------------------------------------

def _veil_then_silence(**options: str) -> ThalaraState:
    # the set before tuning, whose Veil waits for your next card (the tuned Veil places
    # its face-down card at once, so nothing can come between)
    state = new(("accaina", "canto"), first=0, cards=OLD, **options)
    select(state, {0: ["purple1", "green1", "red5", "red2", "blue1", "green2", "yellow1"],
                   1: ["purple1", "purple2", "red2", "blue1", "green1", "yellow1",
                       "green2"]})
    turn(state, "play purple1 1")
    turn(state, "play purple1 1")
    turn(state, "play green1 1", "cast accaina-veil 1")
    return state


@pytest.mark.parametrize("into, scope", [(1, "conflict"), (1, "spell"), (2, "spell")])
def test_a_veil_in_a_conflict_silenced_before_the_next_card_does_nothing(
        into: int, scope: str) -> None:
    state = _veil_then_silence(silence_scope=scope)
    turn(state, "play purple2 1", "cast silence 1")
    act(state, f"play red5 {into}")
    card = state.observation(1)["conflicts"][into - 1]["sides"][0]["cards"][-1]
    assert card["card"] == "red5" and not card["face_down"]
    # the Veil is spent: the card after it is face-up too
    if state.phase_name() == "cast":
        act(state, "skip")
    turn(state, "play red2 3")
    act(state, "play red2 3")
    assert not state.observation(1)["conflicts"][2]["sides"][0]["cards"][-1]["face_down"]


@pytest.mark.parametrize("scope", ["conflict", "spell"])
def test_a_veil_reaching_into_a_silenced_conflict_does_nothing(scope: str) -> None:
    # Veil lies in conflict 2; the next card goes into conflict 1, silenced
    state = new(("accaina", "canto"), first=0, silence_scope=scope, cards=OLD)
    select(state, {0: ["purple1", "green1", "red5", "red2", "blue1", "green2", "yellow1"],
                   1: ["purple1", "purple2", "red2", "blue1", "green1", "yellow1",
                       "green2"]})
    turn(state, "play purple1 2")
    turn(state, "play purple1 1")
    turn(state, "play green1 2", "cast accaina-veil 2")
    turn(state, "play purple2 1", "cast silence 1")
    act(state, "play red5 1")
    card = state.observation(1)["conflicts"][0]["sides"][0]["cards"][-1]
    assert card["card"] == "red5" and not card["face_down"]


def test_a_veil_still_works_when_nothing_silences_it() -> None:
    state = _veil_then_silence()
    turn(state, "play purple2 2")
    act(state, "play red5 1")
    assert state.observation(1)["conflicts"][0]["sides"][0]["cards"][-1]["face_down"]
