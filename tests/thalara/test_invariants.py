"""Random legal games, with invariants checked after every action."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable.engine.record import GameRecord
from cardtable.thalara.actions import SPELL_SLOTS
from cardtable.thalara.cards import AFTERSHOCK, ARTIFACT, REMNANT
from cardtable.thalara.state import ThalaraState
from tests.thalara.helpers import GAME

CHARACTERS = ["myrja", "canto", "accaina", "kandhran", "rinnthra", "jinpatrica"]


def check(state: ThalaraState) -> None:
    s = state.setup
    n = s.n
    places: Counter[int] = Counter()
    for p in range(n):
        places.update(state.hands[p])
        places.update(state.supply[p])
        places.update(state.discard[p])
        places.update(state.pool[p])
    for cards in state.sides:
        places.update(cards)
    places.update(state.artifact_pile)
    places.update(state.display)
    # Each card is in exactly one place (an Artifact destroyed this round is held
    # but out of play until it returns to hand).
    assert all(count == 1 for count in places.values()), places.most_common(3)
    for p in range(n):
        for c in s.remnant_cards[p]:
            assert places[c] == 1, f"Remnant {s.name(c)} of P{p + 1} is lost"
        for c in s.shock_cards[p]:
            assert places[c] == 1
    held = [c for h in state.won for c in h]
    assert len(held) == len(set(held))
    for c in s.artifact_cards:
        assert places[c] + (c in held and places[c] == 0) == 1
        assert (c in held) != (c in state.artifact_pile or c in state.display)
    # Remnants stay with their owner; Aftershocks too.
    for p in range(n):
        for c in state.supply[p] + list(state.discard[p]) + list(state.pool[p]):
            assert s.card_owner[c] == p
        for c in state.hands[p]:
            assert s.card_owner[c] == p or (s.card_kind[c] == ARTIFACT and c in state.won[p])
    # Spells lie in the conflict they were cast in, or in their collection.
    for sid, conf in enumerate(state.cast_in):
        if conf >= 0:
            assert sid in state.cspells[conf]
    for conf, sids in enumerate(state.cspells):
        for sid in sids:
            assert state.cast_in[sid] == conf
    # Colour counts match the face-up cards, and after them each side's count of them.
    width = s.width
    for slot, cards in enumerate(state.sides):
        counts = [0] * width
        for c in cards:
            if c not in state.facedown and s.card_color[c] >= 0:
                counts[s.card_color[c]] += 1
        stride = width + 1
        assert state.side_colors[slot * stride:(slot + 1) * stride] == [*counts, sum(counts)]
    assert state.scores() == [sum(s.card_stars[c] for c in h) for h in state.won]
    # legal actions, observations as JSON, the record: tests/engine/test_contract.py
    assert state.clone() == state
    assert all(k in (REMNANT, ARTIFACT, AFTERSHOCK) for k in s.card_kind)
    assert all(sid < SPELL_SLOTS * n for sid in s.spell_of)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31 - 1), players=st.integers(2, 4),
       casual=st.booleans(), data=st.data())
def test_random_games_keep_every_invariant(seed: int, players: int, casual: bool,
                                           data: st.DataObject) -> None:
    characters = data.draw(st.lists(st.sampled_from(CHARACTERS), min_size=players,
                                    max_size=players).filter(
        lambda cs: all(cs.count(c) <= (1 if players == 2 else 2) for c in cs)))
    state = GAME.new_game(players, seed=seed, characters=characters,
                          mode="casual" if casual else "standard")
    assert isinstance(state, ThalaraState)
    rng = random.Random(seed)
    check(state)
    steps = 0
    while not state.is_over():
        state.apply(rng.choice(state.legal_actions()))
        check(state)
        steps += 1
        assert steps < 5000, "the game does not end"
    assert GameRecord.from_state(state).replay() == state
