"""What everyone knows of a hand: cards seen put on top of a draw pile and drawn, cards
that leave a hand unseen (a secret return, a face-down card), Artifacts placed
face-down beside others, identical Aftershocks; and the sampled worlds that follow."""

from __future__ import annotations

import random

import pytest

from cardtable.thalara import board
from cardtable.thalara.state import ThalaraState
from tests.thalara.helpers import (
    OLD,
    P2_FILLER,
    act,
    casual_hand,
    new,
    p2_passes,
    recall_to_the_top_then_pass,
    select,
    turn,
)


def test_sampled_worlds_keep_a_recalled_card_on_top_of_the_draw_pile() -> None:
    state, theirs = recall_to_the_top_then_pass()
    assert state.ontop == (0, 1, 0, 1)  # P2's pile: one card all saw, so P2 too
    for seed in range(30):
        for viewer in (0, 1):
            world = state.sample_world(viewer, random.Random(seed))
            assert world.setup.name(world.supply[1][-1]) == theirs
    # below it, the pile is dealt anew: some world has another order
    orders = {tuple(state.sample_world(0, random.Random(seed)).supply[1][:-1])
              for seed in range(10)}
    assert len(orders) > 1


def test_a_drawn_card_everyone_saw_on_top_is_known_in_hand() -> None:
    state, theirs = recall_to_the_top_then_pass()
    act(state, "done", "done")
    assert state.ontop == (0, 0, 0, 0)
    assert theirs in state.observation(0)["seats"][1]["known_hand"]
    card = next(c for c in state.hands[1] if state.setup.name(c) == theirs)
    for seed in range(20):
        world = state.sample_world(0, random.Random(seed))
        assert card in world.hands[1]


def test_a_return_forgets_what_was_on_top_at_once() -> None:
    # the returned card goes on top too, unseen: the recalled card is no longer known
    # to be the top one, even before P2 is done and the pile is shuffled
    state, theirs = recall_to_the_top_then_pass()
    act(state, "done")
    other = next(state.setup.name(c) for c in state.hands[1]
                 if state.setup.name(c) != theirs and not state.setup.name(c).startswith("A"))
    act(state, f"return {other}")
    assert state.phase_name() == "return" and state.ontop == (0, 0, 0, 0)
    tops = {state.setup.name(state.sample_world(0, random.Random(seed)).supply[1][-1])
            for seed in range(30)}
    assert len(tops) > 1
    act(state, "done")
    known = state.observation(0)["seats"][1]["known_hand"]
    assert all(name.startswith("A") for name in known)


def _known_blue1_drawn_again() -> ThalaraState:
    """Casual Chaos: P2's card is Recalled onto P2's pile and drawn in round 2, so P1
    knows it is in P2's hand."""
    state, theirs = recall_to_the_top_then_pass()
    act(state, "done", "done")
    assert state.observation(0)["seats"][1]["known_hand"] == [theirs]
    return state


@pytest.mark.parametrize("back_is_the_known_card", [True, False])
def test_a_secret_return_forgets_every_known_remnant_of_the_hand(
        back_is_the_known_card: bool) -> None:
    state = _known_blue1_drawn_again()
    theirs = state.observation(0)["seats"][1]["known_hand"][0]
    act(state, "pass", "pass", "done")
    s = state.setup
    other = next(s.name(c) for c in state.hands[1]
                 if s.name(c) != theirs and not s.name(c).startswith("A"))
    act(state, f"return {theirs if back_is_the_known_card else other}")
    # either way P1 sees the same: which card went back is P2's secret
    assert state.observation(0)["seats"][1]["known_hand"] == []


@pytest.mark.parametrize("placed_is_the_known_card", [True, False])
def test_a_face_down_card_forgets_every_known_remnant_of_the_hand(
        placed_is_the_known_card: bool) -> None:
    state = new(("canto", "accaina"), first=1, cards=OLD, mode="casual")
    casual_hand(state, 1, ["blue1", "purple1", "red2", "green1", "green2", "yellow1",
                           "yellow2"])
    turn(state, "play blue1 1")
    theirs = state.observation(0)["seats"][0]["hand"][0]
    turn(state, f"play {theirs} 2")
    turn(state, "play purple1 1", "cast accaina-recall 1")
    act(state, "target blue1")  # Accaina's own face-up card: on top of her pile
    act(state, "pass", "pass", "done", "done")
    assert "blue1" in state.observation(0)["seats"][1]["known_hand"]
    casual_hand(state, 1, ["blue1", "purple2", "green2", "red2", "yellow2", "red4",
                           "yellow3"])
    while state.current_player() != 1:
        turn(state, "play " + state.observation(0)["seats"][0]["hand"][0] + " 3")
    turn(state, "play purple2 2")
    turn(state, "play " + state.observation(0)["seats"][0]["hand"][0] + " 3")
    turn(state, "play green2 2", "cast accaina-veil 2")
    turn(state, "play " + state.observation(0)["seats"][0]["hand"][0] + " 3")
    act(state, f"play {'blue1' if placed_is_the_known_card else 'red2'} 1")
    obs = state.observation(0)
    assert obs["conflicts"][0]["sides"][1]["cards"][-1]["card"] is None
    assert "blue1" not in obs["seats"][1]["known_hand"]
    downs = {state.setup.name(c) for seed in range(40)
             for w in [state.sample_world(0, random.Random(seed))]
             for c in w.sides[0 * 2 + 1] if c in w.facedown}
    assert len(downs) > 1


def _two_artifacts_then_veil() -> tuple[ThalaraState, list[str]]:
    """Accaina wins two Artifacts in round 1, then in round 2 casts Veil with both in
    hand (the set before tuning, whose Veil turns the next card face-down). Returns the
    state and her Artifacts' names."""
    state = new(("accaina", "canto"), first=0, cards=OLD)
    select(state, {0: ["green5", "red5", "blue5", "yellow5", "red4", "blue4", "green4"],
                   1: list(P2_FILLER)})
    act(state, "play green5 1", "pass", "play red5 2", "pass")
    held = state.observation(0)["seats"][0]["artifacts"]
    assert len(held) == 2 and state.current_player() == 0
    select(state, {0: ["purple1", "green1", "red2", "blue1", "yellow1"],
                   1: list(P2_FILLER)})
    turn(state, "play purple1 1")
    turn(state, "play red2 1")
    turn(state, "play green1 1", "cast accaina-veil 1")
    turn(state, "play blue1 1")
    return state, held


@pytest.mark.parametrize("which", [0, 1])
def test_which_artifact_went_face_down_stays_secret(which: int) -> None:
    state, held = _two_artifacts_then_veil()
    act(state, f"play {held[which]} 2")
    seen = state.observation(1)
    assert seen["seats"][0]["known_hand"] == []  # either may be the one still in hand
    assert seen["conflicts"][1]["sides"][0]["cards"][0]["card"] is None
    assert seen["seats"][0]["artifacts"] == held
    mine = state.observation(0)
    assert mine["conflicts"][1]["sides"][0]["cards"][0]["card"] == held[which]
    downs = {state.setup.name(c) for seed in range(30)
             for w in [state.sample_world(1, random.Random(seed))]
             for c in w.sides[1 * 2 + 0]}
    assert downs == set(held)
    own = {state.setup.name(c) for seed in range(10)
           for w in [state.sample_world(0, random.Random(seed))]
           for c in w.sides[1 * 2 + 0]}
    assert own == {held[which]}
    # scoring reveals every card: both Artifacts are back in hand, in view of all
    if state.phase_name() == "cast":
        act(state, "skip")
    act(state, "pass", "pass")
    assert state.phase_name() == "select"
    seat = state.observation(1)["seats"][0]
    assert set(held) <= set(seat["known_hand"]) and seat["known_hand"] == seat["artifacts"]


def test_a_lone_artifact_placed_face_down_is_known() -> None:
    state = new(("accaina", "canto"), first=0, cards=OLD)
    select(state, {0: ["green5", "red5", "blue5", "yellow5", "red4", "blue4", "green4"],
                   1: list(P2_FILLER)})
    act(state, "play green5 1", "pass", "play red5 2", "pass")
    held = state.observation(0)["seats"][0]["artifacts"]
    select(state, {0: ["purple1", "green1", "red2", "blue1", "yellow1"],
                   1: list(P2_FILLER)})
    turn(state, "play purple1 1")
    turn(state, "play red2 1")
    turn(state, f"play {held[1]} 3")  # face-up
    turn(state, "play blue1 1")
    turn(state, "play green1 1", "cast accaina-veil 1")
    turn(state, "play yellow1 1")
    act(state, f"play {held[0]} 2")  # face-down, the only Artifact left in hand
    downs = {state.setup.name(c) for seed in range(10)
             for w in [state.sample_world(1, random.Random(seed))]
             for c in w.sides[1 * 2 + 0]}
    assert downs == {held[0]}


def test_an_artifact_once_alone_face_down_is_no_clue_later() -> None:
    # X went face-down alone in round 2 (so it was known), came back at scoring; in
    # round 3 it goes face-down beside other Artifacts: P2 cannot tell it from them
    def build(place_x: bool) -> tuple[ThalaraState, str]:
        state = new(("accaina", "canto"), first=0, cards=OLD)   # its Veil waits
        select(state, {0: ["green5", "red5", "blue5", "yellow5", "red4", "blue4", "green4"],
                       1: list(P2_FILLER)})
        act(state, "play green5 1", "pass", "pass")
        x = state.observation(0)["seats"][0]["artifacts"][0]
        select(state, {0: ["purple1", "green1", "red2", "blue1", "yellow1", "purple2"],
                       1: list(P2_FILLER)})
        p2_passes(state)
        turn(state, "play purple1 1")
        p2_passes(state)
        turn(state, "play green1 1", "cast accaina-veil 1")
        act(state, f"play {x} 2")  # alone: known face-down
        if state.phase_name() == "cast":
            act(state, "skip")
        turn(state, "play red2 3")
        act(state, "pass")
        held = state.observation(0)["seats"][0]["artifacts"]
        y = next(a for a in held if a != x)
        select(state, {0: ["purple3", "green2", "red3", "blue3", "yellow2"][:7 - len(held)],
                       1: ["red3", "blue3", "green4", "yellow3", "purple3", "red4", "blue4"]})
        p2_passes(state)
        turn(state, "play purple3 1")
        p2_passes(state)
        turn(state, "play green2 1", "cast accaina-veil 1")
        act(state, f"play {x if place_x else y} 2")
        return state, x

    seen = [build(place_x)[0].observation(1) for place_x in (True, False)]
    assert seen[0] == seen[1]
    assert seen[0]["seats"][0]["known_hand"] == []


@pytest.mark.parametrize("took", ["aftershock", "purple3"])
def test_playing_one_of_identical_aftershocks_tells_nothing_of_the_others(took: str) -> None:
    # Tremor secretly takes an Aftershock or purple3; two Aftershocks go on top of the
    # pile in view of all and are drawn so. Playing an Aftershock then looks the same to
    # P2. (The shipped spells shuffle gained Aftershocks in; a card file's `to_supply` of
    # face-up Aftershocks puts them on top, as done here by hand.)
    state = new(("rinnthra", "canto"), first=0, mode="casual")
    casual_hand(state, 0, ["green1", "red2", "red3", "blue1", "yellow1", "purple1", "purple2"])

    turn(state, "play green1 1")
    p2_passes(state)
    act(state, "play red2 1", "cast rinnthra-tremor 1", f"target {took}")
    p2_passes(state)
    for card in ["red3", "blue1", "yellow1"]:
        turn(state, f"play {card} 2")
        p2_passes(state)
    pool = state.pool[0]
    state.supply[0] += pool[-2:]
    state.pool = (pool[:-2], state.pool[1])
    board.put_on_top(state, 0, 2, True)
    act(state, "pass")
    while state.phase_name() == "return":
        act(state, "done")
    assert state.observation(1)["seats"][0]["known_hand"].count("aftershock") == 2
    act(state, "play aftershock 1")
    assert state.observation(1)["seats"][0]["known_hand"].count("aftershock") == 1


def test_the_owner_keeps_a_face_down_card_recalled_to_the_top_of_their_pile() -> None:
    # the set before tuning: its Veil turns the next card (red2) face-down
    state = new(("accaina", "canto"), first=0, cards=OLD, mode="casual")
    casual_hand(state, 0, ["purple1", "green1", "blue1", "red2", "yellow1", "purple2", "green2"])

    turn(state, "play purple1 1")
    p2_passes(state)
    turn(state, "play green1 1", "cast accaina-veil 1")
    p2_passes(state)
    act(state, "play red2 1")  # face-down
    p2_passes(state)
    act(state, "play blue1 1", "cast accaina-recall 1", "target red2")
    s = state.setup
    own = {s.name(state.sample_world(0, random.Random(k)).supply[0][-1]) for k in range(20)}
    assert own == {"red2"}  # P1 knows what she put there
    theirs = {s.name(state.sample_world(1, random.Random(k)).supply[0][-1]) for k in range(20)}
    assert len(theirs) > 1  # P2 saw only a face-down card go


def test_a_sampled_world_keeps_every_face_down_card_face_down() -> None:
    """Two face-down cards of one player dealt anew: a card dealt into the other's place
    stays face down there (the places were once updated one at a time, so the second
    place's old card, dealt into the first place, could be turned face up)."""
    state = new(("myrja", "canto"), first=0)
    select(state, {0: ["green5", "red5", "blue5", "yellow5", "red4", "blue4", "green4"],
                   1: list(P2_FILLER)})
    turn(state, "play green5 1")
    turn(state, "play " + state.observation(1)["seats"][1]["hand"][0] + " 1")
    turn(state, "play red5 2")
    turn(state, "play " + state.observation(1)["seats"][1]["hand"][0] + " 2")
    placed = [c for at in (0, 1) for c in board.side(state, at, 1)]
    assert len(placed) == 2
    # as a spell that turns cards face down would leave them, unknown to seat 0
    state.facedown = state.facedown | set(placed)
    state.known = state.known - set(placed)
    moved = 0
    for seed in range(200):
        world = state.sample_world(0, random.Random(seed))
        downs = [c for at in (0, 1) for c in board.side(world, at, 1) if c in world.facedown]
        assert len(downs) == 2, seed
        moved += any(c in placed for c in board.side(world, 0, 1))
    assert moved > 0  # the case that went wrong was dealt: a placed card at another place
