"""Random legal games: invariants checked after every action."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st_

from cardtable.engine.api import IllegalAction
from cardtable.engine.record import GameRecord
from cardtable.vale import board
from cardtable.vale.frames import F_LIMIT, F_UPGRADE
from cardtable.vale.heuristics import ValeHeuristics
from cardtable.vale.state import ValeState

from .helpers import GAME


def check(st: ValeState) -> None:
    n = st.cs.n
    zones = list(st.deck) + list(st.discard) + list(st.display)
    for q in range(st.n):
        zones += [*st.hands[q], *st.areas[q], *st.hunted[q], *st.shelter[q]]
    assert sorted(zones) == list(range(n)), "every card in exactly one place"
    held = [a for a in st.held if a >= 0]
    assert len(held) == len(set(held)) and set(held) <= set(st.arts), "a tile, one holder"
    marks = [a for a in st.marker if a >= 0]
    assert len(marks) == len(set(marks)) and set(marks) <= set(st.arts), "a marker per tile"
    assert all(st.marker[q] == a for q, a in enumerate(st.held) if a >= 0)
    for q in range(st.n):
        assert 0 <= st.extra[q] <= 2 and (st.arts or (not st.extra[q] and not st.shelter[q]))
        assert len(st.areas[q]) <= st.round + st.extra[q], "an area never exceeds its limit"
        assert st.points[q] >= 0, "scores never below 0"
        assert min(st.stones[3 * q: 3 * q + 3]) >= 0
        # the stone-limit discard, or (Duduri King) the upgrade of a stone just
        # received, which comes before the limit is checked
        limit_pending = bool(st.pending) and st.pending[-1].kind in (F_LIMIT, F_UPGRADE) and (
            st.pending[-1].player == q)
        if not limit_pending:
            assert board.stone_count(st, q) <= board.stone_limit(st, q), "stone limit"
    # legal actions and the current player: tests/engine/test_contract.py
    copy = st.clone()
    assert copy == st and copy.fingerprint() == st.fingerprint()
    assert copy is not st and copy.hands[0] is not st.hands[0]


def random_game(players: int, seed: int, check_every: bool = True, policy: bool = False,
                **options: object) -> ValeState:
    """A random game (or one played by the rollout policy, which summons far more)."""
    rng = random.Random(seed)
    st = GAME.new_game(players, seed=seed, **options)
    assert isinstance(st, ValeState)
    heuristics = ValeHeuristics()
    steps = 0
    while not st.is_over():
        if check_every:
            check(st)
        action = heuristics.rollout_action(st, rng) if policy else rng.choice(st.legal_actions())
        # the notation round-trips for every legal action
        assert GAME.parse_action(st, str(action)) == action
        st.apply(action)
        steps += 1
        assert steps < 5000
    check(st)
    return st


EXPANSIONS = st_.sampled_from(["none", "cards", "artifacts"])


@settings(max_examples=45, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st_.integers(2, 4), seed=st_.integers(0, 2**32), expansion=EXPANSIONS)
def test_random_games_keep_every_invariant(players: int, seed: int, expansion: str) -> None:
    st = random_game(players, seed, expansion=expansion)
    assert st.is_over() and st.winners()
    assert st.round == 10 or max(st.scores()) >= st.end_score
    assert st.end_score == (80 if expansion == "artifacts" else 60)


@settings(max_examples=9, deadline=None)
@given(players=st_.integers(2, 4), seed=st_.integers(0, 2**32), expansion=EXPANSIONS)
def test_a_record_replays_to_the_same_state(players: int, seed: int, expansion: str) -> None:
    st = random_game(players, seed, check_every=False, expansion=expansion)
    record = GameRecord.from_json(GameRecord.from_state(st).to_json())
    again = record.replay()
    assert again == st
    half = record.undo(len(record.actions) // 2).replay()
    assert isinstance(half, ValeState)
    assert len(half.history()) == len(record.actions) - len(record.actions) // 2


@settings(max_examples=9, deadline=None)
@given(players=st_.integers(2, 4), seed=st_.integers(0, 2**32), cut=st_.integers(0, 400),
       expansion=EXPANSIONS)
def test_clone_is_independent(players: int, seed: int, cut: int, expansion: str) -> None:
    rng = random.Random(seed)
    st = GAME.new_game(players, seed=seed, expansion=expansion)
    for _ in range(cut):
        if st.is_over():
            break
        st.apply(rng.choice(st.legal_actions()))
    copy = st.clone()
    before = st.fingerprint()
    while not copy.is_over():
        copy.apply(rng.choice(copy.legal_actions()))
    assert st.fingerprint() == before


@settings(max_examples=24, deadline=None)
@given(players=st_.integers(2, 4), seed=st_.integers(0, 2**32),
       start=st_.sampled_from(["seat", "zero"]), tie=st_.sampled_from(["area", "shared"]),
       expansion=EXPANSIONS)
def test_policy_games_with_options_keep_every_invariant(players: int, seed: int, start: str,
                                                       tie: str, expansion: str) -> None:
    st = random_game(players, seed, policy=True, start_scores=start, tie_break=tie,
                     expansion=expansion)
    assert st.is_over() and st.winners()
    record = GameRecord.from_state(st)
    assert record.replay() == st


@settings(max_examples=12, deadline=None)
@given(players=st_.integers(2, 4), seed=st_.integers(0, 2**32), expansion=EXPANSIONS)
def test_every_listed_action_applies_and_an_unlisted_one_changes_nothing(
        players: int, seed: int, expansion: str) -> None:
    rng = random.Random(seed)
    st = GAME.new_game(players, seed=seed, expansion=expansion)
    all_cards = GAME.catalogue(st.options)["cards"]
    while not st.is_over():
        for action in st.legal_actions():
            st.clone().apply(action)
        before = st.fingerprint()
        legal = {a.text for a in st.legal_actions()}
        probe = f"tame {rng.choice(sorted(all_cards))}"
        if probe not in legal:
            with pytest.raises(IllegalAction):
                st.apply(GAME.parse_action(st, probe))
            assert st.fingerprint() == before
        st.apply(rng.choice(st.legal_actions()))
