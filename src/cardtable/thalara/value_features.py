"""What a learned value (agents/value.py) sees of a Thalara position: thirteen sums of
the seat's standing against its best-placed opponent (stars, Artifacts won, strength
held back, the conflicts' leads at three scales, each Artifact on display weighted by
its stars). The registry's "value" face of the game; first measured in
benchmarks/value_thalara.py (docs/ai.md, "Second round")."""

from __future__ import annotations

import math
from typing import Final

from cardtable.engine.api import State
from cardtable.thalara.scoring import conflict_totals
from cardtable.thalara.state import ThalaraState

FEATURES: Final = ("stars", "artifacts won", "strength in hand and supply / 10",
                   "strength in hand / 10", "supply cards", "leads, tanh(lead)",
                   "leads, tanh(lead / 3)", "leads, tanh(lead / 8)", "conflicts entered",
                   "passed", "strength in hand and supply x Artifacts left / 10",
                   "stars x Artifacts left / 10", "to move")


def seat_features(state: ThalaraState, p: int) -> list[float]:
    """The seat's standing against its best-placed opponent."""
    s = state.setup
    strength = s.card_strength
    stars = state.stars
    others = [q for q in range(s.n) if q != p]
    q = max(others, key=lambda o: stars[o])
    left = (len(state.artifact_pile) + len(state.display)) / 10.0
    hand_p = sum(strength[c] for c in state.hands[p])
    hand_q = sum(strength[c] for c in state.hands[q])
    reserve = (hand_p + sum(strength[c] for c in state.supply[p])
               - hand_q - sum(strength[c] for c in state.supply[q])) / 10.0
    lead1 = lead3 = lead8 = entered = 0.0
    for i, artifact in enumerate(state.display):
        totals = conflict_totals(state, i, False)
        worth = s.card_stars[artifact]
        best = max(totals[o] for o in others)
        lead = totals[p] - best
        lead1 += worth * math.tanh(lead)
        lead3 += worth * math.tanh(lead / 3.0)
        lead8 += worth * math.tanh(lead / 8.0)
        entered += worth * ((totals[p] > 0) - (best > 0))
    return [stars[p] - stars[q], len(state.won[p]) - len(state.won[q]), reserve,
            (hand_p - hand_q) / 10.0, len(state.supply[p]) - len(state.supply[q]),
            lead1, lead3, lead8, entered, float(state.passed[p]) - float(state.passed[q]),
            reserve * left, (stars[p] - stars[q]) * left,
            1.0 if state.current_player() == p else -1.0]


def features(state: State) -> list[list[float]]:
    assert isinstance(state, ThalaraState)
    return [seat_features(state, p) for p in range(state.setup.n)]


def card_digest(state: State) -> str:
    """The card set's digest, as records keep it (cards.content_digest)."""
    assert isinstance(state, ThalaraState)
    return state.setup.cards.digest
