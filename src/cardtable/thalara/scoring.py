"""How Thalara counts: the strength of a card where it lies, each player's total in a
conflict (with the permanent spells' bonuses), and who wins a conflict.

Permanent effects are computed from the current board every time (never stored), so a
bonus appears the moment its condition holds and vanishes when it stops holding.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.thalara import board
from cardtable.thalara.actions import SPELL_SLOTS
from cardtable.thalara.cards import KIND_OF
from cardtable.thalara.vocabulary import Effect

if TYPE_CHECKING:
    from cardtable.thalara.state import ThalaraState


def _visible(state: ThalaraState, card: int, scoring: bool) -> bool:
    return scoring or card not in state.facedown


def card_strength(state: ThalaraState, card: int, conf: int, side: int,
                  scoring: bool) -> int:
    """The current strength of `card`, lying on `side`'s side of conflict `conf`."""
    if state.silenced[conf]:
        return state.setup.card_strength[card]
    return _strength_with(state, card, conf, side, scoring, _card_bonuses(state, conf))


def _card_bonuses(state: ThalaraState, conf: int) -> list[tuple[int, Effect]]:
    """The card bonuses of the spells that reach conflict `conf` (not silenced), each
    with its spell's owner: gathered once for all the cards of a conflict."""
    s = state.setup
    # a spell lying in a silenced conflict still acts here unless silence_scope=spell
    stopped = state.silenced if s.silence_spells else s.none_silenced
    out: list[tuple[int, Effect]] = []
    for x, sids in enumerate(state.cspells):
        if not sids or stopped[x]:
            continue
        for sid in sids:
            for e in s.spell_of[sid].effects:
                if e.type == "card_bonus" and (e.where != "here" or x == conf):
                    out.append((sid // SPELL_SLOTS, e))
    return out


def _strength_with(state: ThalaraState, card: int, conf: int, side: int, scoring: bool,
                   bonuses: list[tuple[int, Effect]]) -> int:
    """The strength of `card` on `side` of `conf` with the bonuses that reach it."""
    s = state.setup
    value = s.card_strength[card]
    for owner, e in bonuses:
        if (e.whose == "own") != (owner == side) and e.whose != "any":
            continue
        if e.card != "energy" and KIND_OF[e.card] != s.card_kind[card]:
            continue
        if s.card_strength[card] > e.max_printed:
            continue
        if e.unique_color and not _unique_color(state, card, conf, s.n, scoring):
            continue
        value += e.amount
    return value if value > 0 else 0


def _unique_color(state: ThalaraState, card: int, conf: int, n: int, scoring: bool) -> bool:
    color = state.setup.card_color[card]
    if color < 0:
        return False
    colors = state.setup.card_color
    seen = 0
    for p in range(n):
        for c in board.side(state, conf, p):
            if colors[c] == color and _visible(state, c, scoring):
                seen += 1
    return seen == 1


def conflict_totals(state: ThalaraState, conf: int, scoring: bool) -> list[int]:
    """Each player's total in conflict `conf`. During the round a face-down card counts
    nothing (it has no strength); at scoring every card is revealed and counts."""
    s = state.setup
    n = s.n
    any_spell = any(state.cspells)
    bonuses = _card_bonuses(state, conf) if any_spell and not state.silenced[conf] else []
    facedown = state.facedown
    printed = s.card_strength
    totals = []
    for p in range(n):
        total = 0
        for c in board.side(state, conf, p):
            if not scoring and c in facedown:
                continue
            total += _strength_with(state, c, conf, p, scoring, bonuses) if bonuses \
                else printed[c]
        totals.append(total)
    if not any_spell or state.silenced[conf]:
        return totals
    stopped = state.silenced if s.silence_spells else s.none_silenced
    for x, sids in enumerate(state.cspells):
        if stopped[x]:
            continue
        for sid in sids:
            for e in s.spell_of[sid].effects:
                if e.type != "total_bonus" or (e.where == "here" and x != conf):
                    continue
                owner = sid // SPELL_SLOTS
                if _condition_holds(state, e, conf, owner):
                    totals[owner] += e.amount * _multiplier(state, e, conf, owner, scoring)
    return totals


def _condition_holds(state: ThalaraState, e: Effect, conf: int, owner: int) -> bool:
    if e.when == "always":
        return True
    n = state.setup.n
    counts = [len(board.side(state, conf, p)) for p in range(n)]
    mine = counts[owner]
    others = max(counts[p] for p in range(n) if p != owner)
    if e.when == "has_cards":
        return mine >= 1
    if e.when == "most_cards":
        return mine > others
    return mine == others  # equal_most_cards


def _multiplier(state: ThalaraState, e: Effect, conf: int, owner: int, scoring: bool) -> int:
    if e.per == "once":
        return 1
    s = state.setup
    mine = [c for c in board.side(state, conf, owner) if _visible(state, c, scoring)]
    if e.per == "distinct_colors":
        return len({s.card_color[c] for c in mine if s.card_color[c] >= 0})
    strengths: dict[int, int] = {}
    for c in mine:
        value = card_strength(state, c, conf, owner, scoring)
        strengths[value] = strengths.get(value, 0) + 1
    return sum(k // 2 for k in strengths.values())  # equal_pairs: disjoint pairs


def conflict_winner(totals: list[int], present: list[int]) -> int | None:
    """The highest total wins. On a tie at the top, the next highest total wins if one
    player alone has it (3-4 players); otherwise nobody, and the Artifact stays.

    The top is every player's total, with a card there or not: a player with no card
    has 0, so a lone card worth 0 ties with them (0 to 0, as with two players). Only
    the next highest total is looked for among the players `present` in the conflict."""
    top = max(totals, default=0)
    leaders = [p for p, total in enumerate(totals) if total == top]
    if len(leaders) == 1:
        return leaders[0]
    below = [totals[p] for p in present if totals[p] < top]
    if not below:
        return None
    second = max(below)
    runners = [p for p in present if totals[p] == second]
    return runners[0] if len(runners) == 1 else None
