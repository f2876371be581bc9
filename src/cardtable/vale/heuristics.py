"""Game knowledge for agents: a cheap evaluation and a rollout policy.

The evaluation rates each player's position as points already scored plus what the
rest of the game is likely to make of their stones, hand, hunted cards and area, then
compares the player with the best opponent. Card values are estimated once per card
set from the effect ops (so a user's card file gets sensible values too), never from
card names.
"""

from __future__ import annotations

import math
import random
from typing import Final

from cardtable.engine.api import Action, State
from cardtable.vale import board, vocabulary
from cardtable.vale.actions import (
    K_ARTIFACT,
    K_DISCARD_STONE,
    K_END,
    K_HUNT,
    K_NAME,
    K_PAY,
    K_REMOVE,
    K_SELL,
    K_SUMMON,
    K_SWAP,
    K_TAKE,
    K_TAME,
    K_UPGRADE,
    K_USE,
    payment_counts,
)
from cardtable.vale.board import SELL_TABLE
from cardtable.vale.cards import A_PERMANENT, CardSet
from cardtable.vale.phases import ACTION, OVER, RESOLUTION
from cardtable.vale.rules import LAST_ROUND
from cardtable.vale.state import ValeState
from cardtable.vale.vocabulary import Ops

STONE: Final = (1.0, 3.0, 6.0)
STONE_W: Final = 0.55  # points per unit of stone value still to be spent
HAND_W: Final = 0.55  # share of a hand card's estimated yield counted while in hand
# the random part of a rollout step's rating: the quick policy's (half a point, so it
# explores), the informed one's (a tie-break)
ROLLOUT_JITTER: Final = 0.5
INFORMED_JITTER: Final = 0.05
# typical sizes of what points_per counts (hand, area, family, families, cost<=N,
# cards with a Resolution effect, stones of a colour, value of a colour, permanent
# cards, families in hand)
_TYPICAL = (3.0, 4.0, 1.8, 2.6, 1.8, 2.0, 1.0, 3.0, 1.8, 2.2)
SHELTER_W: Final = 0.15  # share of a sheltered card's worth (it may be retrieved)
AREA_W: Final = 1.2  # points per purchased area and remaining round (room for one more card)


def _ops_value(ops: Ops, cost: int) -> float:
    """A rough number of points these ops are worth when they resolve once."""
    total = 0.0
    for op in ops:
        code = op[0]
        if code == vocabulary.GAIN:
            _, r, b, p, pts, draw = op
            total += pts + 0.55 * (r + 3 * b + 6 * p) + 1.5 * draw
        elif code == vocabulary.LOSE:
            total -= op[1]
        elif code == vocabulary.POINTS_PER:
            total += op[1] * _TYPICAL[op[2]] / op[4]
        elif code == vocabulary.IF:
            total += 0.55 * _ops_value(op[3], cost) + 0.45 * _ops_value(op[4], cost)
        elif code == vocabulary.SPEND:
            total -= 0.55 * STONE[op[1]]
        elif code == vocabulary.DISCARD_HAND:
            total += -1.5 + op[1] * 4
        elif code == vocabulary.FREE_SUMMON:
            total += 5.0 + 4.0 * op[2]
        elif code == vocabulary.RECOVER_SELF:
            total += 0.3 * cost
        elif code == vocabulary.CASH_STONES:
            total += 3.0
        elif code == vocabulary.STONES_TO:
            total += 4.0
        elif code == vocabulary.TARGET_DISCARD:
            total += 2.0
        elif code == vocabulary.RECOVER:
            total += 2.0 + op[5] * 4
        elif code in (vocabulary.COPY, vocabulary.ACTIVATE):
            total += 5.0
        elif code == vocabulary.CHOOSE:
            best = sorted((_ops_value(b, cost) for b in op[3]), reverse=True)
            total += sum(best[: op[1]])
        elif code == vocabulary.STEAL:
            total += 2 * op[1]
        elif code == vocabulary.TAKE_DISCARD:
            total += 2.0
        elif code == vocabulary.DISCARD_MANY:
            total += 1.5 * (0.55 * (op[2] + 3 * op[3] + 6 * op[4]) + op[5] - 1.0)
        elif code == vocabulary.UPGRADE:
            total += 1.2 * op[1]
        elif code == vocabulary.NAME_FAMILY:
            total += op[1] * 2.0
        elif code == vocabulary.HAND_TO_DECK:
            total -= 0.5
        elif code == vocabulary.DISCARD_OWN:
            total += 1.0 + 3.0 * op[2] + 0.5 * _ops_value(op[4], cost)
        elif code == vocabulary.RETRIEVE:
            total += 1.5 + 1.5 * op[1]
        elif code in (vocabulary.SHELTER_DECK, vocabulary.SHELTER_DISPLAY,
                      vocabulary.DISCARD_SHELTER):
            total += 0.5
        elif code == vocabulary.BUY_AREA:
            total += 4.0 - 0.55 * op[1]
        elif code == vocabulary.ACTIVATE_ONE:
            total += 3.0
    return total


def _perm_value(ops: Ops) -> float:
    """Points a permanent effect is worth per remaining round, roughly."""
    total = 0.0
    for op in ops:
        code = op[0]
        if code == vocabulary.P_LIMIT:
            total += 0.4 * op[1]
        elif code == vocabulary.P_VALUE:
            total += 0.6 * op[2]
        elif code == vocabulary.P_SWAP:
            total += 0.5
        elif code == vocabulary.P_REDUCE:
            total += 0.5 * op[1] * (1 if op[2] < 0 else 0.4)
        elif code == vocabulary.P_FIXED:
            total += 0.5
        elif code == vocabulary.P_ON_SUMMON:
            total += 0.8 * op[1]
        elif code == vocabulary.P_ON_TAME:
            total += 0.3 * (op[2] + 3 * op[3] + 6 * op[4] + op[5])
        elif code in (vocabulary.P_ANY_FAMILY, vocabulary.P_ASH):
            total += 0.5
        elif code == vocabulary.P_ON_DISCARD:
            total += 0.2 * (op[1] + 3 * op[2] + 6 * op[3])
        elif code == vocabulary.P_ON_SELL_UPGRADE:
            total += 0.8
        elif code == vocabulary.P_ON_SELL_KEEP:
            total += 1.0
    return total


class CardValues:
    """Per-card estimates for one card set."""

    __slots__ = ("art", "hand", "instant", "per_round", "sell")

    def __init__(self, cs: CardSet) -> None:
        # an Artifact: what its ability is worth once (a permanent one, for a round)
        self.art = [_perm_value(cs.art_ops[a]) * 2.0 if cs.art_ability[a] == A_PERMANENT
                    else _ops_value(cs.art_ops[a], 0) for a in range(cs.art_n)]
        self.instant = [_ops_value(cs.instant[c], cs.cost[c]) for c in range(cs.n)]
        self.per_round = [_ops_value(cs.resolution[c], cs.cost[c]) + _perm_value(
            cs.permanent[c]) for c in range(cs.n)]
        self.sell = [sum(n * v for n, v in zip(SELL_TABLE[cs.family[c]], STONE, strict=True))
                     for c in range(cs.n)]
        # what a card in hand is worth: its yield once summoned, less what it costs
        self.hand = [max(0.0, self.instant[c] + 3.0 * self.per_round[c] - 0.6 * cs.cost[c])
                     for c in range(cs.n)]


# By id, holding the card set itself: a freed set's id may be handed to a new one,
# which must not inherit its values. A few sets at most are in use at a time.
_CACHE: dict[int, tuple[CardSet, CardValues]] = {}
_CACHE_SIZE = 16


def card_values(cs: CardSet) -> CardValues:
    found = _CACHE.get(id(cs))
    if found is not None and found[0] is cs:
        return found[1]
    if len(_CACHE) >= _CACHE_SIZE:
        _CACHE.clear()
    values = CardValues(cs)
    _CACHE[id(cs)] = (cs, values)
    return values


def rounds_left(st: ValeState, p: int) -> int:
    """Resolution phases still to come for p (this round's, unless already resolved)."""
    resolved = st.phase == RESOLUTION and (st.turn > (p - st.first) % st.n)
    return LAST_ROUND - st.round + (0 if resolved else 1)


def stone_worth(st: ValeState, p: int) -> float:
    """The value of p's stones; over the limit (a discard is pending) only the best
    stones count, as only they will stay."""
    vr, vb, vp = board.stone_values(st, p)
    red, blue, purple = board.stones_of(st, p)
    room = board.stone_limit(st, p)
    if red + blue + purple > room:
        kept = sorted([vr] * red + [vb] * blue + [vp] * purple, reverse=True)[:room]
        return float(sum(kept))
    return float(red * vr + blue * vb + purple * vp)


def worth(st: ValeState, p: int, vals: CardValues | None = None) -> float:
    """Points now plus a rough estimate of what p's position will still score."""
    if vals is None:
        vals = card_values(st.cs)
    pts = float(st.points[p])
    if st.phase == OVER:
        return pts
    left = rounds_left(st, p)
    late = st.round >= LAST_ROUND
    stone_w = 0.15 if late and st.phase == RESOLUTION else STONE_W
    total = pts + stone_w * stone_worth(st, p)
    per_round = vals.per_round
    for c in st.areas[p]:
        total += left * per_round[c] + 0.5
    hand_w = 0.0 if late and st.phase != ACTION else (0.25 if late else HAND_W)
    hv = vals.hand
    for c in st.hands[p]:
        total += hand_w * hv[c]
    for c in st.hunted[p]:
        total += max(0.55 * vals.sell[c], hand_w * hv[c])
    if st.arts:
        for c in st.shelter[p]:
            total += SHELTER_W * hv[c]
        total += AREA_W * st.extra[p] * min(left, 4)
        a = st.held[p]
        if a >= 0 and st.phase != RESOLUTION:
            total += 0.5 * vals.art[a]
    return total


def payment_worth(code: int) -> float:
    """What a payment's stones are worth (1, 3 and 6 a stone by colour)."""
    red, blue, purple = payment_counts(code)
    return red * STONE[0] + blue * STONE[1] + purple * STONE[2]


class ValeHeuristics:
    """Evaluation: my worth against the best opponent's, squashed into [-1, 1]."""

    def evaluate(self, state: State, player: int) -> float:
        assert isinstance(state, ValeState)
        vals = card_values(state.cs)
        mine = worth(state, player, vals)
        best = max(worth(state, q, vals) for q in range(state.n) if q != player)
        if state.is_over():
            won = player in state.winners()
            return 1.0 if won and len(state.winners()) == 1 else (0.5 if won else -1.0)
        return math.tanh((mine - best) / 30.0)

    def evaluate_field(self, state: State, player: int, field: float) -> float:
        """As `evaluate`, but measured against a blend of the best opponent's worth and
        the opponents' mean (`field` the mean's share; the search's `field` knob)."""
        assert isinstance(state, ValeState)
        if state.is_over():
            return self.evaluate(state, player)
        vals = card_values(state.cs)
        mine = worth(state, player, vals)
        others = [worth(state, q, vals) for q in range(state.n) if q != player]
        against = (1 - field) * max(others) + field * sum(others) / len(others)
        return math.tanh((mine - against) / 30.0)

    def evaluate_against(self, state: State, player: int, other: int) -> float:
        """The player's worth against one other player's, squashed as `evaluate`'s (the
        search's `rank` knob averages it over the others)."""
        assert isinstance(state, ValeState)
        vals = card_values(state.cs)
        return math.tanh((worth(state, player, vals) - worth(state, other, vals)) / 30.0)

    def evaluate_points(self, state: State, player: int) -> float:
        """The player's own worth (its points, once the game is over) against one and a
        half times the points that end the game, in [-1, 1] (the search's `points`
        knob): a measure of its own that no other player's points move."""
        assert isinstance(state, ValeState)
        share = worth(state, player) / (1.5 * state.end_score)
        return 2.0 * min(1.0, max(0.0, share)) - 1.0

    def rollout_action(self, state: State, rng: random.Random) -> Action:
        """Sensible and cheap: summon what scores, tame what is worth keeping, sell the
        rest, discard the cheapest stone, otherwise a random choice."""
        return self._rated_action(state, rng, ROLLOUT_JITTER, False)

    def informed_rollout_action(self, state: State, rng: random.Random) -> Action:
        """The quick policy's ratings taken at their word (only a tie-break of noise),
        and the choices it leaves to chance rated too: a hunt or a card taken back by
        what the card is worth to its holder (as the evaluation counts a hunted card), a
        payment by the stones it spends (the `roll` knob of the search)."""
        return self._rated_action(state, rng, INFORMED_JITTER, True)

    def _rated_action(self, state: State, rng: random.Random, jitter: float,
                      informed: bool) -> Action:
        assert isinstance(state, ValeState)
        legal = state.legal
        if len(legal) == 1:
            return legal[0]
        vals = card_values(state.cs)
        best: Action | None = None
        best_score = -1e9
        for action in legal:
            kind = action.kind
            if kind == K_SUMMON:
                score = vals.instant[action.a] + 2 * vals.per_round[action.a]
            elif kind == K_TAME:
                score = vals.hand[action.a] - 0.55 * vals.sell[action.a]
            elif kind == K_SELL:
                score = 0.0
            elif kind == K_DISCARD_STONE:
                score = -STONE[action.a]
            elif kind == K_REMOVE:
                score = -5.0
            elif kind == K_END:
                score = -0.5
            elif kind == K_ARTIFACT:
                score = vals.art[action.a]
            elif kind == K_USE:
                score = 1.0 + vals.art[action.a]
            elif kind == K_NAME:
                score = float(board.family_count(state, state.pending[-1].player, action.a))
            elif kind == K_UPGRADE:
                score = 1.0 + action.a
            elif kind == K_SWAP:
                score = -float(state.cs.cost[action.a])
            elif informed and kind in (K_HUNT, K_TAKE):
                score = max(0.55 * vals.sell[action.a], HAND_W * vals.hand[action.a])
            elif informed and kind == K_PAY:
                score = -payment_worth(action.a)
            else:
                score = rng.random()
            score += rng.random() * jitter
            if score > best_score:
                best, best_score = action, score
        assert best is not None
        return best
