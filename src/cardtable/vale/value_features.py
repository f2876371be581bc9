"""What a learned value (agents/value.py) sees of a Vale position: the terms of the
hand-written evaluation (heuristics.worth) one by one, as differences between a seat and
its best-placed opponent, so that a model can weigh them anew, and what they are worth
with the rounds left. The registry's "value" face of the game."""

from __future__ import annotations

import hashlib
from typing import Final

from cardtable.engine.api import State
from cardtable.vale.cards import CardSet
from cardtable.vale.heuristics import CardValues, card_values, rounds_left, stone_worth, worth
from cardtable.vale.state import ValeState

FEATURES: Final = ("points / 10", "stones' value / 10", "stones' value x rounds left / 50",
                   "area's yield a round x rounds left / 10", "area cards / 5",
                   "hand's worth / 10", "hand's worth x rounds left / 50", "hand cards / 5",
                   "hunted cards' worth / 10", "sheltered cards' worth / 10",
                   "areas bought x rounds left / 5", "held Artifact's worth / 10",
                   "the hand-written evaluation's lead / 30", "to move")


def _terms(st: ValeState, p: int, vals: CardValues) -> list[float]:
    left = rounds_left(st, p)
    stones = stone_worth(st, p)
    hand = sum(vals.hand[c] for c in st.hands[p])
    hunted = sum(max(0.55 * vals.sell[c], 0.55 * vals.hand[c]) for c in st.hunted[p])
    sheltered = held = extra = 0.0
    if st.arts:
        sheltered = sum(vals.hand[c] for c in st.shelter[p])
        extra = float(st.extra[p])
        held = vals.art[st.held[p]] if st.held[p] >= 0 else 0.0
    area_yield = sum(vals.per_round[c] for c in st.areas[p])
    return [st.points[p] / 10.0, stones / 10.0, stones * left / 50.0,
            area_yield * left / 10.0, len(st.areas[p]) / 5.0, hand / 10.0,
            hand * left / 50.0, len(st.hands[p]) / 5.0, hunted / 10.0, sheltered / 10.0,
            extra * left / 5.0, held / 10.0]


def features(state: State) -> list[list[float]]:
    """For each seat: its terms less those of the opponent the evaluation rates best."""
    assert isinstance(state, ValeState)
    vals = card_values(state.cs)
    n = state.n
    worths = [worth(state, p, vals) for p in range(n)]
    terms = [_terms(state, p, vals) for p in range(n)]
    mover = state.current_player()
    out = []
    for p in range(n):
        q = max((o for o in range(n) if o != p), key=worths.__getitem__)
        row = [a - b for a, b in zip(terms[p], terms[q], strict=True)]
        row.append((worths[p] - worths[q]) / 30.0)
        row.append(1.0 if mover == p else -1.0)
        out.append(row)
    return out


_DIGESTS: dict[int, tuple[CardSet, str]] = {}


def card_digest(state: State) -> str:
    """Which cards the game is played with: a digest of each card's and Artifact's id,
    cost, family and effects, so a model knows the set it was trained on."""
    assert isinstance(state, ValeState)
    cs = state.cs
    found = _DIGESTS.get(id(cs))
    if found is not None and found[0] is cs:
        return found[1]
    text = repr((cs.ids, cs.cost, cs.family, cs.instant, cs.resolution, cs.permanent,
                 cs.art_ids, cs.art_ops))
    digest = "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]
    if len(_DIGESTS) >= 16:
        _DIGESTS.clear()
    _DIGESTS[id(cs)] = (cs, digest)
    return digest
