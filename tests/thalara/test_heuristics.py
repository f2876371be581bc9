"""Thalara's informed rollout policy (the search's `roll` knob, issue 29): always legal,
and where it places a card, the place where that card counts most."""

from __future__ import annotations

import math
import random

from cardtable.agents import make_agent
from cardtable.thalara.actions import CAST, PASS, PLAY
from cardtable.thalara.heuristics import (
    LEAD_SCALE,
    RESERVE_WEIGHT,
    ThalaraHeuristics,
    _lead_share,
)
from cardtable.thalara.phases import PLAY as PLAY_PHASE
from cardtable.thalara.scoring import conflict_totals
from cardtable.thalara.state import ThalaraState

from .helpers import GAME


def _expected_stars(state: ThalaraState, player: int) -> float:
    """The stars `player` may expect from the conflicts as they stand: each conflict's
    stars times a chance of winning it that grows with the lead (the evaluation's own
    measure), less the strength the player no longer holds for later rounds."""
    s = state.setup
    total = 0.0
    for conf, artifact in enumerate(state.display):
        totals = conflict_totals(state, conf, False)
        lead = totals[player] - max(totals[q] for q in range(s.n) if q != player)
        total += s.card_stars[artifact] * 0.5 * (1 + math.tanh(lead / LEAD_SCALE))
    held = sum(s.card_strength[c] for c in state.hands[player])
    return total + RESERVE_WEIGHT * held


def test_the_informed_policy_plays_whole_games_legally() -> None:
    h = ThalaraHeuristics()
    for seed in range(4):
        rng = random.Random(seed)
        state = GAME.new_game(2 + seed % 2, seed=seed)
        assert isinstance(state, ThalaraState)
        steps = 0
        while not state.is_over():
            action = h.informed_rollout_action(state, rng)
            assert action in state.legal_actions()
            state.apply(action)
            steps += 1
        assert steps > 20


def test_the_informed_policy_places_where_a_card_counts_most() -> None:
    """Each place is judged here by playing it on a copy and comparing what the player
    may expect before and after (not by the policy's own arithmetic): the card placed
    is one of the best, and a card placed where it cannot change the outcome is not
    chosen over one that takes a lead."""
    h = ThalaraHeuristics()
    judged = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = GAME.new_game(2, seed=seed)
        assert isinstance(state, ThalaraState)
        agents = [make_agent("greedy", GAME, seed + p) for p in range(2)]
        while not state.is_over():
            p = state.current_player()
            assert p is not None
            legal = state.legal_actions()
            plays = [a for a in legal if a.kind == PLAY]
            if plays and not any(a.kind == CAST for a in legal) and not any(state.cspells):
                chosen = h.informed_rollout_action(state, rng)
                if chosen.kind == PLAY:
                    now = _expected_stars(state, p)
                    gains = {}
                    for a in plays:
                        after = state.clone()
                        after.apply(a)
                        gains[a] = _expected_stars(after, p) - now
                    assert gains[chosen] >= max(gains.values()) - 1e-6, (chosen, gains)
                    judged += 1
            state.apply(agents[p].choose(state.view(p)))
    assert judged >= 30


def test_the_lead_table_is_tanh_of_the_lead_inside_and_outside_it() -> None:
    """The informed step reads tanh(lead / LEAD_SCALE) from a table; a wrong entry (or an
    offset off by one) would move the rollout's choices."""
    for lead in range(-120, 121):
        assert _lead_share(lead) == math.tanh(lead / LEAD_SCALE), lead


def test_each_card_type_has_one_strength_for_the_informed_step() -> None:
    """The informed step reads a placement's strength from its action's card type."""
    for players in (2, 3, 4):
        state = GAME.new_game(players, seed=players)
        assert isinstance(state, ThalaraState)
        s = state.setup
        for card, t in enumerate(s.card_type):
            assert s.type_strength[t] == s.card_strength[card]


def test_the_play_phase_lists_its_placements_then_the_pass() -> None:
    """The informed step takes the play phase's legal list less its last entry as the
    placements, so the rules must list every placement first and the pass last."""
    seen = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = GAME.new_game(2 + seed % 3, seed=seed)
        assert isinstance(state, ThalaraState)
        while not state.is_over():
            legal = state.legal_actions()
            if state.phase == PLAY_PHASE:
                assert legal[-1].kind == PASS
                assert all(a.kind == PLAY for a in legal[:-1])
                seen += 1
            state.apply(rng.choice(legal))
    assert seen > 100
