"""Game knowledge for agents: a cheap evaluation and a rollout policy."""

from __future__ import annotations

import math
import random

from cardtable.engine.api import Action, State
from cardtable.vale import board
from cardtable.vale.state import ValeState


class ValeHeuristics:
    """Points now, plus what stones, hand and area are likely to become."""

    def evaluate(self, state: State, player: int) -> float:
        assert isinstance(state, ValeState)
        mine = _worth(state, player)
        best = max(_worth(state, q) for q in range(state.n) if q != player)
        return math.tanh((mine - best) / 25.0)

    def rollout_action(self, state: State, rng: random.Random) -> Action:
        return rng.choice(state.legal_actions())


def _worth(st: ValeState, p: int) -> float:
    vr, vb, vp = board.stone_values(st, p)
    s = st.stones
    stones = s[3 * p] * vr + s[3 * p + 1] * vb + s[3 * p + 2] * vp
    return st.pts[p] + 0.3 * stones + 1.5 * len(st.areas[p]) + 0.3 * len(st.hands[p])
