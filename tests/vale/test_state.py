"""Hidden information: observations, views and sampled worlds."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st_

from cardtable.vale.state import ValeState
from tests.engine.worlds import retold, sampled_worlds

from .helpers import GAME, card, play, position, seat

KEYS = {"game", "viewer", "players", "round", "phase", "first_player", "current_player",
        "area_limit", "end_score", "deck", "discard", "display", "pending", "to_order", "seats",
        "winners", "expansion", "artifacts", "artifact_picking", "end"}
EXPANSIONS = ("none", "cards", "artifacts")


def advanced(players: int, seed: int, steps: int, expansion: str = "none") -> ValeState:
    rng = random.Random(seed)
    st = GAME.new_game(players, seed=seed, expansion=expansion)
    assert isinstance(st, ValeState)
    for _ in range(steps):
        if st.is_over():
            break
        st.apply(rng.choice(st.legal_actions()))
    return st


@pytest.mark.parametrize("expansion", EXPANSIONS)
def test_every_viewer_gets_the_documented_keys(expansion: str) -> None:
    st = advanced(3, 5, 120, expansion)
    for viewer in (None, 0, 1, 2):
        obs = st.observation(viewer)
        assert set(obs) == KEYS  # as JSON, for every game: tests/engine/test_contract.py
        assert [set(s) for s in obs["seats"]] == [set(obs["seats"][0])] * 3


def test_drawn_cards_are_hidden_tamed_cards_are_known() -> None:
    st = position(seat(hunted=["imp"], hand=["griffon"], area=["pegasus"]), seat())
    st.public[card(st, "griffon")] = 0  # griffon was drawn from the deck
    play(st, "tame imp")
    mine = st.observation(0)["seats"][0]
    theirs = st.observation(1)["seats"][0]
    assert mine["hand"] == sorted(["imp", "griffon"], key=lambda c: st.cs.index[c])
    assert theirs["hand"] == ["imp", None] and theirs["hand_known"] == [True, False]
    assert st.observation(None)["seats"][0]["hand"] == ["imp", None]


def test_tengu_on_top_of_the_deck_is_known_to_all() -> None:
    st = position(seat(hand=["tengu", "griffon"], stones=(0, 1, 0)), seat())
    play(st, "summon tengu pay blue")
    assert st.observation(1)["deck"]["top"] == ["tengu"]
    assert st.scores()[0] == 6


@settings(max_examples=25, deadline=None)
@given(players=st_.integers(2, 4), seed=st_.integers(0, 2**32), steps=st_.integers(0, 300),
       expansion=st_.sampled_from(EXPANSIONS))
def test_no_leak_observation_ignores_deck_order_and_unknown_hand_cards(
        players: int, seed: int, steps: int, expansion: str) -> None:
    st = advanced(players, seed, steps, expansion)
    viewer = seed % players
    other = rearranged(st, viewer, random.Random(seed))
    assert other.observation(viewer) == st.observation(viewer)


@settings(max_examples=25, deadline=None)
@given(players=st_.integers(2, 4), seed=st_.integers(0, 2**32), steps=st_.integers(0, 300),
       expansion=st_.sampled_from(EXPANSIONS))
def test_a_sampled_world_does_not_depend_on_the_true_hidden_arrangement(
        players: int, seed: int, steps: int, expansion: str) -> None:
    # Were it to, a caller picking the generator could undo the shuffle and read the
    # real deck and hands.
    st = advanced(players, seed, steps, expansion)
    viewer = seed % players
    other = rearranged(st, viewer, random.Random(seed))
    one = st.view(viewer).sample_world(random.Random(7))
    two = other.view(viewer).sample_world(random.Random(7))
    assert isinstance(one, ValeState) and isinstance(two, ValeState)
    assert one.fingerprint() == two.fingerprint()


def rearranged(st: ValeState, viewer: int, rng: random.Random) -> ValeState:
    """`st` with what `viewer` cannot know arranged otherwise: the unknown part of the
    deck shuffled, and another player's unknown hand card swapped with a deck card."""
    players = st.n
    other = st.clone()
    unknown = len(other.deck) - other.known_top
    if other.secret_top == viewer:
        unknown -= 1  # the viewer put the top card there (Nurikabe)
    part = other.deck[:unknown]
    rng.shuffle(part)
    other.deck[:unknown] = part
    for q in range(players):
        if q == viewer:
            continue
        hidden = [i for i, c in enumerate(other.hands[q]) if not other.public[c]]
        if hidden and unknown:
            i = hidden[0]
            j = rng.randrange(unknown)
            other.hands[q][i], other.deck[j] = other.deck[j], other.hands[q][i]
            other.public[other.hands[q][i]] = 0
    return other


@settings(max_examples=25, deadline=None)
@given(players=st_.integers(2, 4), seed=st_.integers(0, 2**32), steps=st_.integers(0, 300),
       expansion=st_.sampled_from(EXPANSIONS))
def test_sample_world_resamples_only_what_the_player_cannot_know(
        players: int, seed: int, steps: int, expansion: str) -> None:
    st = advanced(players, seed, steps, expansion)
    viewer = seed % players
    world = st.view(viewer).sample_world(random.Random(seed + 1))
    assert isinstance(world, ValeState)
    assert world.observation(viewer) == st.observation(viewer)
    # cards are conserved and the world plays on
    pool_before = sorted(st.deck + [c for q in range(players) if q != viewer
                                    for c in st.hands[q] if not st.public[c]])
    pool_after = sorted(world.deck + [c for q in range(players) if q != viewer
                                      for c in world.hands[q] if not world.public[c]])
    assert pool_before == pool_after
    if not world.is_over():
        assert world.legal_actions()
        world.apply(world.legal_actions()[0])


def test_sample_world_actually_varies_hidden_cards() -> None:
    st = advanced(2, 11, 60)
    worlds = {tuple(st.view(0).sample_world(random.Random(i)).deck) for i in range(5)}
    assert len(worlds) > 1


def test_events_never_tell_others_which_card_was_drawn() -> None:
    st = position(seat(hand=["pegasus"], stones=(0, 1, 0)), seat())
    top = st.cs.ids[st.deck[-1]]
    events = st.apply(GAME.parse_action(st, "summon pegasus pay blue"))
    draws = [e for e in events if e.kind == "draw"]
    assert len(draws) == 1
    assert top in draws[0].text_for(0)
    assert top not in draws[0].text_for(1) and top not in draws[0].text_for(None)
    assert "data" not in draws[0].to_dict(1)


def test_a_discard_pile_shuffled_into_a_new_deck_is_no_longer_public() -> None:
    from cardtable.vale import board

    st = position(seat(), seat(), discard=["imp", "kappa", "troll"])
    st.deck = []
    for c in st.discard:
        st.public[c] = 1                       # the discard pile is open to all
    assert board.refill_deck(st)
    assert sorted(st.deck) == sorted(st.cs.index[n] for n in ("imp", "kappa", "troll"))
    # nobody knows where in the new deck each one is: a sampled world may put it anywhere
    assert all(st.public[c] == 0 for c in st.deck)


def test_a_sampled_world_keeps_the_dragon_a_dragon_egg_promised() -> None:
    # P1 summons Dragon Egg: everyone now knows a Dragon is in P1's secret hand, and P2's
    # worlds must stand at the same free summon (a world without one dropped it)
    st = position(seat(hand=["dragon-egg", "tidal", "imp", "kappa", "troll"],
                       stones=(0, 1, 0)), seat())
    play(st, "summon dragon-egg pay blue")
    assert st.observation(1)["pending"] == {"kind": "free-summon", "player": 0,
                                            "source": "dragon-egg"}
    dragons = {c for c in range(len(st.cs.family)) if st.cs.family[c] == st.cs.family[
        card(st, "tidal")]}
    hands = set()
    for k in range(40):
        world = st.sample_world(1, random.Random(k))
        assert world.observation(1) == st.observation(1)
        assert any(c in dragons for c in world.hands[0])
        hands.add(tuple(sorted(world.hands[0])))
    assert len(hands) > 1


@pytest.mark.parametrize(("seed", "expansion"), [(3, ""), (5, ""), (47, "artifacts")])
def test_a_world_sampled_before_an_action_looks_the_same_after_it(seed: int,
                                                                  expansion: str) -> None:
    # Worlds sampled for each other player just before an action stand where the true
    # game stands, and fed the same action tell that player the same story, card names
    # aside (a discarded secret card is another one in another world). A new round's
    # reveal is chance and is not compared.
    names = re.compile("|".join(sorted((re.escape(c) for c in GAME.new_game(2, seed=1,
                       expansion="artifacts").cs.ids), key=len, reverse=True)))
    rng = random.Random(seed)
    players = rng.choice([2, 3, 4])
    state = GAME.new_game(players, seed=seed, **({"expansion": expansion} if expansion
                                                 else {}))
    compared = 0
    for step in range(400):
        if state.is_over():
            break
        action = rng.choice(state.legal_actions())
        round_before = state.round
        worlds = sampled_worlds(state, step)
        events = state.apply(action)
        if state.round != round_before:
            continue
        compared += retold(worlds, action, events, told=lambda text: names.sub("CARD", text))
    assert compared > 100
