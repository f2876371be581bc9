"""Empty casts (`empty_casts`): a spell whose every effect would change nothing; and
what an Energy Barrier keeps out (a card swapped in is placed too)."""

from __future__ import annotations

import pytest

from tests.thalara.helpers import (
    P2_FILLER,
    act,
    new,
    select,
    texts,
    totals,
    turn,
)


@pytest.mark.parametrize("empty_casts", ["forbidden", "allowed"])
def test_exchange_cannot_bring_a_card_into_a_conflict_an_energy_barrier_closed(
        empty_casts: str) -> None:
    state = new(("jinpatrica", "myrja"), first=0, empty_casts=empty_casts)
    select(state, {0: ["purple1", "blue1", "red5", "red2", "green1", "green2", "yellow1"],
                   1: ["blue5", "blue4", "red5", "red4", "blue1", "green1", "green2"]})
    turn(state, "play purple1 1")
    turn(state, "play blue5 1")
    act(state, "play blue1 1")
    assert "cast jinpatrica-exchange 1" in texts(state.legal_actions())  # open: offered
    act(state, "skip")
    turn(state, "play blue4 1", "cast energy-barrier 1")
    assert state.observation(None)["conflicts"][0]["blocked_for"] == [0]
    act(state, "play red2 2")
    # purple + blue still lie in conflict 1, but red5 could not be put there.
    if empty_casts == "forbidden":
        assert "cast jinpatrica-exchange 1" not in texts(state.legal_actions())
        assert state.current_player() == 1
        return
    # allowed: the cast is an empty one, like a Shift with nowhere to go
    before = totals(state, 1)
    act(state, "cast jinpatrica-exchange 1")
    assert state.current_player() == 1 and totals(state, 1) == before
    assert "red5" in state.observation(0)["seats"][0]["hand"]


@pytest.mark.parametrize("empty_casts, offered", [("forbidden", False), ("allowed", True)])
def test_permanent_spell_in_a_silenced_conflict_is_an_empty_cast(empty_casts: str,
                                                                 offered: bool) -> None:
    state = new(("canto", "myrja"), first=0, empty_casts=empty_casts)
    select(state, {0: ["purple1", "purple2", "yellow1", "yellow2", "green1", "green2",
                       "red2"],
                   1: ["red5", "yellow5", "red4", "yellow3", "blue5", "blue4", "green4"]})
    turn(state, "play purple1 1")
    turn(state, "play red5 1")
    turn(state, "play purple2 1", "cast silence 1")
    act(state, "play yellow5 1")  # Kindle's yellow + red now lie in silenced conflict 1
    assert ("cast myrja-kindle 1" in texts(state.legal_actions())) is offered
    if state.phase_name() == "cast":
        act(state, "skip")
    turn(state, "play yellow1 2")
    turn(state, "play red4 2")
    turn(state, "play yellow2 3")
    act(state, "play yellow3 2")
    legal = texts(state.legal_actions())
    assert "cast myrja-kindle 2" in legal  # an ordinary conflict still takes it
    assert ("cast myrja-kindle 1" in legal) is offered


@pytest.mark.parametrize("empty_casts, offered", [("forbidden", False), ("allowed", True)])
def test_veil_with_no_card_left_to_place_is_an_empty_cast(empty_casts: str,
                                                          offered: bool) -> None:
    state = new(("accaina", "canto"), first=0, empty_casts=empty_casts)
    select(state, {0: ["red5", "red2", "blue1", "green2", "yellow1", "purple1", "green1"],
                   1: list(P2_FILLER)})
    act(state, "play red5 2", "pass")
    for card in ["red2", "blue1", "green2", "yellow1", "purple1"]:
        turn(state, f"play {card} 2")
    act(state, "play green1 2")  # P1's last card: purple and green lie in conflict 2
    assert ("cast accaina-veil 2" in texts(state.legal_actions())) is offered
    assert "cast accaina-recall 2" in texts(state.legal_actions())


@pytest.mark.parametrize("p2_passed, empty_casts, offered", [
    (True, "forbidden", False), (True, "allowed", True), (False, "forbidden", True)])
def test_energy_barrier_with_every_opponent_passed_is_an_empty_cast(
        p2_passed: bool, empty_casts: str, offered: bool) -> None:
    state = new(("myrja", "canto"), first=0, empty_casts=empty_casts)
    select(state, {0: ["blue5", "blue4", "red5", "red4", "blue1", "green1", "green2"],
                   1: list(P2_FILLER)})
    turn(state, "play blue5 1")
    if p2_passed:
        act(state, "pass")
    else:
        turn(state, "play red2 2")
    act(state, "play blue4 1")
    assert ("cast energy-barrier 1" in texts(state.legal_actions())) is offered


@pytest.mark.parametrize("empty_casts, offered", [("forbidden", False), ("allowed", True)])
def test_silence_into_a_silenced_conflict_is_an_empty_cast(empty_casts: str,
                                                           offered: bool) -> None:
    state = new(("canto", "canto", "myrja"), first=0, empty_casts=empty_casts)
    select(state, {0: ["purple1", "purple2", "red2", "blue1", "green1", "yellow1", "green2"],
                   1: ["purple1", "purple2", "red2", "blue1", "green1", "yellow1", "green2"],
                   2: list(P2_FILLER)})
    turn(state, "play purple1 1")
    turn(state, "play purple1 1")
    turn(state, "play red2 2")
    turn(state, "play purple2 1", "cast silence 1")
    act(state, "play purple2 1")
    assert ("cast silence 1" in texts(state.legal_actions())) is offered
