"""Thalara knowledge for agents: how good a position looks, and a quick playout policy.

The evaluation counts stars won, the stars of the conflicts each player leads (weighted
by how safe the lead is), and the strength still at hand for later rounds.
"""

from __future__ import annotations

import math
import random
from typing import Final

from cardtable.engine.api import Action, State
from cardtable.thalara.actions import CAST, PASS
from cardtable.thalara.phases import OVER
from cardtable.thalara.scoring import conflict_totals
from cardtable.thalara.state import ThalaraState

RESERVE_WEIGHT: Final = 0.04  # stars per point of strength kept in hand and supply
LEAD_SCALE: Final = 3.0       # strength lead at which a conflict counts as mostly won


class ThalaraHeuristics:
    def evaluate(self, state: State, player: int) -> float:
        assert isinstance(state, ThalaraState)
        s = state.setup
        n = s.n
        if state.phase == OVER:
            winners = state.winners()
            if player in winners:
                return 1.0 if len(winners) == 1 else 0.5
            return -1.0
        value = [float(x) for x in state.stars]
        strength = s.card_strength
        for p in range(n):
            reserve = sum(strength[c] for c in state.hands[p]) + \
                sum(strength[c] for c in state.supply[p])
            value[p] += RESERVE_WEIGHT * reserve
        for i, artifact in enumerate(state.display):
            totals = conflict_totals(state, i, False)
            stars = s.card_stars[artifact]
            for p in range(n):
                best_other = max(totals[q] for q in range(n) if q != p)
                value[p] += stars * 0.5 * (1 + math.tanh((totals[p] - best_other)
                                                          / LEAD_SCALE)) - stars / n
        mine = value[player]
        others = max(value[q] for q in range(n) if q != player)
        return math.tanh((mine - others) / 6.0)

    def rollout_action(self, state: State, rng: random.Random) -> Action:
        legal = state.legal_actions()
        casts = [a for a in legal if a.kind == CAST]
        if casts:
            return rng.choice(casts)
        if len(legal) > 1 and rng.random() < 0.85:
            # Passing at random early wastes a round; prefer placing a card.
            placing = [a for a in legal if a.kind != PASS]
            return rng.choice(placing)
        return rng.choice(legal)
