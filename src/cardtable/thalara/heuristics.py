"""Thalara knowledge for agents: how good a position looks, and a quick playout policy.

The evaluation counts stars won, the stars of the conflicts each player leads (weighted
by how safe the lead is), and the strength still at hand for later rounds.
"""

from __future__ import annotations

import math
import random
from typing import Final

from cardtable.engine.api import Action, State
from cardtable.thalara.actions import CAST, PASS, PLAY
from cardtable.thalara.phases import OVER
from cardtable.thalara.phases import PLAY as PLAY_PHASE
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
                value[p] += stars * 0.5 * (1 + _lead_share(totals[p] - best_other)) - stars / n
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

    def informed_rollout_action(self, state: State, rng: random.Random) -> Action:
        """A rollout step that places where a card counts: each card the player could
        place is rated by what it changes of the conflict's expected stars (the
        evaluation's own measure of a lead) less the strength it takes from later
        rounds, and the best is placed; with nothing worth placing, a pass (when
        allowed) half the time. Spells are cast as by the quick policy."""
        assert isinstance(state, ThalaraState)
        legal = state.legal_actions()
        if state.phase == PLAY_PHASE:
            # the play phase lists its placements first and the pass last (rules.py)
            plays = legal[:-1]
        else:
            plays = []
            for action in legal:
                if action.kind == CAST:
                    return self.rollout_action(state, rng)
                if action.kind == PLAY:
                    plays.append(action)
        if not plays:
            return self.rollout_action(state, rng)
        best, best_gain = _best_placements(state, plays)
        if best_gain <= 0 and len(plays) < len(legal) and rng.random() < 0.5:
            for action in legal:
                if action.kind == PASS:
                    return action
        return best[0] if len(best) == 1 else rng.choice(best)


def _best_placements(state: ThalaraState, plays: list[Action]) -> tuple[list[Action], float]:
    """The placements of most gain (in the order given) and that gain. A rollout step is
    hot: each conflict's lead is summed once, each pair of a conflict and a strength
    (many placements share both) is rated once, and a pair is keyed by a plain int."""
    s = state.setup
    p = state.cur
    n = s.n
    conflicts = s.conflicts
    type_strength = s.type_strength
    leads: dict[int, int] = {}
    gains: dict[int, float] = {}
    best: list[Action] = []
    best_gain = -math.inf
    for action in plays:
        conf = action.b
        strength = type_strength[action.a]
        key = strength * conflicts + conf
        gain = gains.get(key)
        if gain is None:
            lead = leads.get(conf)
            if lead is None:
                totals = conflict_totals(state, conf, False)
                lead = leads[conf] = totals[p] - max([totals[q] for q in range(n) if q != p])
            stars = s.card_stars[state.display[conf]]
            gain = gains[key] = stars * 0.5 * (
                _lead_share(lead + strength) - _lead_share(lead)) - RESERVE_WEIGHT * strength
        if gain > best_gain + 1e-9:
            best, best_gain = [action], gain
        elif gain > best_gain - 1e-9:
            best.append(action)
    return best, best_gain


# tanh(lead / LEAD_SCALE), the evaluation's measure of a conflict's lead (and so the
# informed step's), for the leads a conflict has in play, worked out once
_LEAD_SHARES: Final = [math.tanh(lead / LEAD_SCALE) for lead in range(-64, 65)]


def _lead_share(lead: int) -> float:
    """tanh(lead / LEAD_SCALE), read from a table where the lead is in it."""
    if -64 <= lead <= 64:
        return _LEAD_SHARES[lead + 64]
    return math.tanh(lead / LEAD_SCALE)
