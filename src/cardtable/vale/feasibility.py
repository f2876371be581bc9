"""Whether an effect can run, and what it may act on.

"A card cannot be summoned if any part of its instant effect cannot be resolved": the
checks walk an effect's ops against the board as it will be when the effect resolves,
without changing it (a card a step takes out of the area is put back once the check is
done). The same target lists (what may be recovered, copied, taken, summoned for free)
give the choices the running effect offers, so a check and its choice never disagree.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardtable.vale import board
from cardtable.vale.board import MAX_AREAS
from cardtable.vale.vocabulary import (
    ACTIVATE,
    ACTIVATE_ONE,
    BUY_AREA,
    C_AREA,
    C_COST_MAX,
    C_FAMILIES,
    C_FAMILY,
    C_HAND,
    C_HAND_FAMILIES,
    C_PERMANENT,
    C_RESOLUTION,
    C_STONES,
    CASH_STONES,
    CHOOSE,
    COPY,
    DISCARD_AREA,
    DISCARD_HAND,
    DISCARD_MANY,
    DISCARD_OWN,
    DISCARD_SELF,
    DISCARD_SHELTER,
    FREE_SUMMON,
    GAIN,
    HAND_TO_DECK,
    IF,
    K_COSTS,
    K_HAND_BELOW,
    K_HAND_EQ_AREA,
    K_HAS_STONE,
    K_NO_FAMILY,
    K_STONES_AT_LEAST,
    LOSE,
    NAME_FAMILY,
    POINTS_PER,
    RECOVER,
    RECOVER_SELF,
    RETRIEVE,
    REVEAL_DISPLAY,
    REVEAL_HAND,
    SELF_TO_DECK,
    SHELTER_DECK,
    SHELTER_DISPLAY,
    SHELTER_HAND,
    SPEND,
    STEAL,
    STONES_TO,
    SWAP,
    T_INSTANT,
    T_RESOLUTION,
    TAKE_DISCARD,
    TARGET_DISCARD,
    UPGRADE,
    Op,
    Ops,
)

if TYPE_CHECKING:
    from cardtable.vale.state import ValeState


#: ops that can always be done (their branch in `_can_run` only follows the hand and
#: area sizes), but for GAIN's draw and a strict LOSE
_ALWAYS_OK = frozenset({GAIN, LOSE, POINTS_PER, DISCARD_SELF, RECOVER_SELF, SELF_TO_DECK,
                        CASH_STONES, STONES_TO, DISCARD_AREA, ACTIVATE, DISCARD_MANY,
                        NAME_FAMILY, REVEAL_HAND, REVEAL_DISPLAY})


def needs_check(ops: Ops) -> bool:
    """True when some step of these ops might be impossible (so summoning must check)."""
    for op in ops:
        code = op[0]
        if code not in _ALWAYS_OK:
            return True
        if code == GAIN and op[5]:  # (GAIN, red, blue, purple, points, draw)
            return True
        if code == LOSE and op[2]:  # (LOSE, points, strict)
            return True
    return False


def instant_ok(st: ValeState, p: int, card: int, hand_n: int, area_n: int,
               exclude: tuple[int, ...] = (), depth: int = 0,
               paid: tuple[int, int, int] = (0, 0, 0), bonus: int = 0) -> bool:
    """Whether `card`'s instant effect can be resolved in full if `p` summons it now,
    paying the stones `paid` (red, blue, purple; none for a free summon) and scoring
    `bonus` points with the summon before its instant resolves (Horus's points for the
    card's cost).
    `hand_n`/`area_n` are p's hand and area sizes once the card is in the area;
    `exclude` are hand cards already spoken for."""
    cs = st.cs
    if not cs.inst_check[card]:
        return True
    # The instant resolves once the summon is done: the stones are paid and the "whenever
    # you summon" permanents of the cards already there have scored (rules.summon), so a
    # price in points (Duduri) or a stone to upgrade is judged after both.
    gained = bonus + board.summon_trigger_points(st, p, paid)
    red, blue, purple = paid
    if red or blue or purple:
        board.pay_stones(st, p, red, blue, purple)
    st.points[p] += gained
    # The card is in the area when its instant resolves, so whatever it may recover, copy,
    # target or count (and what a card it summons for free may) is judged with it there.
    origin = st.hands[p] if card in st.hands[p] else st.discard if card in st.discard else None
    index = -1
    if origin is not None:
        index = origin.index(card)
        origin.pop(index)
    area = st.areas[p]
    area.append(card)
    try:
        return can_run(st, p, card, cs.instant[card], hand_n, area_n, (*exclude, card), depth)
    finally:
        area.pop()
        if origin is not None:
            origin.insert(index, card)
        st.points[p] -= gained
        if red or blue or purple:
            board.pay_stones(st, p, -red, -blue, -purple)


def payment_matters(ops: Ops) -> bool:
    """Whether the stones paid for a summon (or the points its "whenever you summon"
    permanents give) may decide if these instant ops can be resolved in full: a stone to
    spend or upgrade, a price in points, a branch chosen by the board, or another card's
    instant (copied, or summoned for free) that may depend on them."""
    for op in ops:
        code = op[0]
        if code in (SPEND, UPGRADE, COPY, FREE_SUMMON) or (code == LOSE and op[2]):
            return True
        if code == IF and (needs_check(op[3]) or needs_check(op[4])):
            return True
        if code == CHOOSE and any(payment_matters(branch) for branch in op[3]):
            return True
    return False


def can_run(st: ValeState, p: int, src: int, ops: Ops, hand_n: int, area_n: int,
            exclude: tuple[int, ...], depth: int) -> bool:
    """Whether `ops`, run by `src` of player p, can be resolved in full."""
    if depth > 4:
        return False
    area = st.areas[p]
    at = area.index(src) if src in area else -1
    try:
        return _can_run(st, p, src, ops, hand_n, area_n, exclude, depth)
    finally:
        if at >= 0 and src not in area:  # a step took it out for the rest of the effect
            area.insert(at, src)


def _leave_area(st: ValeState, p: int, src: int) -> bool:
    """Takes `src` out of p's area while the check goes on, as the step would."""
    area = st.areas[p]
    if src not in area:
        return False
    area.remove(src)
    return True


def _can_run(st: ValeState, p: int, src: int, ops: Ops, hand_n: int, area_n: int,
             exclude: tuple[int, ...], depth: int) -> bool:
    """One branch per op that might be impossible or changes what the next ops see (the
    hand and area sizes, the shelter, `src` leaving the area); the op tuples as
    vocabulary.py reads them."""
    cs = st.cs
    shel_n = -1  # the shelter's size as this effect goes (read when first needed)
    for op in ops:
        code = op[0]
        if code == GAIN:
            draws = op[5]
            if draws:
                if not board.can_draw(st, draws):
                    return False
                hand_n += draws
        elif code in _ALWAYS_OK:
            if code == LOSE:
                _, points, strict = op
                if strict and st.points[p] < points:
                    return False
            elif code in (DISCARD_SELF, SELF_TO_DECK):
                if _leave_area(st, p, src):
                    area_n -= 1
            elif code == RECOVER_SELF and _leave_area(st, p, src):
                area_n -= 1
                hand_n += 1
        elif code == IF:
            _, cond, arg, then, otherwise = op
            # the branch is part of this effect: what it does to src holds for the rest
            branch = then if condition(st, p, cond, arg) else otherwise
            if not _can_run(st, p, src, branch, hand_n, area_n, exclude, depth):
                return False
        elif code == SPEND:
            _, color, number = op
            if st.stones[board.stone_at(p, color)] < number:
                return False
        elif code == DISCARD_HAND:
            if hand_n < 1:
                return False
            hand_n -= 1
        elif code == FREE_SUMMON:
            _, fam, points_per_cost, from_discard = op
            family = cs.family
            if from_discard:  # Akhlut
                if area_n >= board.area_limit(st, p):
                    return False
                if not any((fam < 0 or family[c] == fam)
                           and instant_ok(st, p, c, hand_n, area_n + 1, exclude, depth + 1,
                                          bonus=points_per_cost * cs.cost[c])
                           for c in st.discard):
                    return False
                area_n += 1
                continue
            if area_n >= board.area_limit(st, p) or hand_n < 1:
                return False
            if not any((fam < 0 or family[c] == fam) and c not in exclude
                       and instant_ok(st, p, c, hand_n - 1, area_n + 1, exclude, depth + 1,
                                      bonus=points_per_cost * cs.cost[c])
                       for c in st.hands[p]):
                return False
            hand_n -= 1
            area_n += 1
        elif code in (TARGET_DISCARD, SWAP):
            _, fam = op
            if not board.family_anywhere(st, fam):
                return False
        elif code == RECOVER:
            if not recover_targets(st, p, src, op):
                return False
        elif code == COPY:
            _, timing = op
            if timing == T_INSTANT and not copy_targets(st, p, src, T_INSTANT, hand_n,
                                                        area_n, depth + 1):
                return False
        elif code == CHOOSE:
            _, number, _labels, branches = op
            ok = sum(1 for branch in branches
                     if can_run(st, p, src, branch, hand_n, area_n, exclude, depth))
            if ok < number:
                return False
        elif code == STEAL:
            if st.n < 2:
                return False
        elif code == TAKE_DISCARD:
            _, fam = op
            if not take_targets(st, fam):
                return False
        elif code == UPGRADE:
            _, _number, up_to = op
            red, blue, _purple = board.stones_of(st, p)
            if not up_to and not (red or blue):
                return False
        elif code in (HAND_TO_DECK, SHELTER_HAND):
            if hand_n < 1:
                return False
            hand_n -= 1
        elif code == DISCARD_OWN:
            other = op[1]  # (DISCARD_OWN, other, points_per_cost, family, then)
            if area_n - (1 if other else 0) < 1:
                return False
            area_n -= 1
        elif code == SHELTER_DECK:
            _, number = op
            if not board.can_draw(st, number):
                return False
        elif code == SHELTER_DISPLAY:
            if not st.display and not board.can_draw(st, 1):
                return False
        elif code in (RETRIEVE, DISCARD_SHELTER):
            if shel_n < 0:
                shel_n = len(st.shelter[p])
            if shel_n < 1:
                return False
            if code == RETRIEVE and op[1]:  # (RETRIEVE, all)
                hand_n += shel_n
                shel_n = 0
            else:
                shel_n -= 1
                hand_n += 1 if code == RETRIEVE else 0
        elif code == BUY_AREA:
            _, price = op
            if st.extra[p] >= MAX_AREAS:
                return False
            if price and price_payments(st, p, price) == ():
                return False
        elif code == ACTIVATE_ONE and not any(cs.has_resolution[c] for c in st.areas[p]):
            return False
    return True


def price_payments(st: ValeState, p: int, price: int) -> tuple[int, ...]:
    """Minimal payments of a price (Incense Burner, Gem of Kukulkan): current stone
    values, but no cost reduction or fixed cost ever applies to a price."""
    red, blue, purple = board.stones_of(st, p)
    vals = board.stone_values(st, p)
    if red * vals[0] + blue * vals[1] + purple * vals[2] < price:
        return ()
    return board.payments(price, red, blue, purple, vals)


def condition(st: ValeState, p: int, cond: int, arg: Any) -> bool:
    cs = st.cs
    if cond == K_COSTS:
        costs = {cs.cost[c] for c in st.areas[p]}
        return all(c in costs for c in arg)
    if cond == K_NO_FAMILY:
        return board.strict_family_count(st, p, arg) == 0
    if cond == K_STONES_AT_LEAST:
        return board.stone_count(st, p) >= int(arg)
    if cond == K_HAS_STONE:
        return bool(st.stones[board.stone_at(p, arg)] > 0)
    if cond == K_HAND_EQ_AREA:
        return len(st.hands[p]) == len(st.areas[p])
    if cond == K_HAND_BELOW:
        return len(st.hands[p]) < int(arg)
    # K_OPP_AHEAD
    mine = st.points[p]
    return any(s > mine for q, s in enumerate(st.points) if q != p)


def count(st: ValeState, p: int, kind: int, arg: Any) -> int:
    cs = st.cs
    area = st.areas[p]
    if kind == C_HAND:
        return len(st.hands[p])
    if kind == C_AREA:
        return len(area)
    if kind == C_FAMILY:
        return board.family_count(st, p, arg)
    if kind == C_FAMILIES:
        return board.families(st, p)
    if kind == C_COST_MAX:
        return sum(1 for c in area if cs.cost[c] <= arg)
    if kind == C_RESOLUTION:
        return sum(1 for c in area if cs.has_resolution[c])
    if kind == C_PERMANENT:
        return sum(1 for c in area if cs.has_permanent[c])
    if kind == C_HAND_FAMILIES:
        return len({cs.family[c] for c in st.hands[p]})
    color = int(arg)
    stones = st.stones[board.stone_at(p, color)]
    if kind == C_STONES:
        return stones
    # C_VALUE
    return stones * board.stone_values(st, p)[color]


def recover_targets(st: ValeState, p: int, src: int, op: Op) -> list[int]:
    cs = st.cs
    _, other, needs_instant, max_cost, fam, _pts = op
    return [c for c in st.areas[p]
            if not (other and c == src)
            and not (needs_instant and not cs.has_instant[c])
            and not (max_cost >= 0 and cs.cost[c] > max_cost)
            and not (fam >= 0 and cs.family[c] != fam)]


def copy_targets(st: ValeState, p: int, src: int, timing: int, hand_n: int, area_n: int,
                 depth: int = 0) -> list[int]:
    cs = st.cs
    if timing == T_RESOLUTION:
        return [c for c in st.areas[p] if c != src and cs.has_resolution[c]]
    target = st.setup.copy_as_target
    return [c for c in st.areas[p] if c != src and cs.has_instant[c]
            and (not cs.inst_check[c]
                 or can_run(st, p, c if target else src, cs.instant[c], hand_n, area_n,
                            (src,), depth))]


def take_targets(st: ValeState, fam: int) -> list[int]:
    family = st.cs.family
    return [c for c in st.discard if fam < 0 or family[c] == fam]


def free_summon_targets(st: ValeState, p: int, fam: int, exclude: int = -1,
                        from_discard: bool = False, points_per_cost: int = 0) -> list[int]:
    area_n = len(st.areas[p])
    if area_n >= board.area_limit(st, p):
        return []
    cs = st.cs
    cost = cs.cost
    if from_discard:
        family = cs.family
        hand_n = len(st.hands[p])
        return [c for c in st.discard if (fam < 0 or family[c] == fam)
                and instant_ok(st, p, c, hand_n, area_n + 1,
                               bonus=points_per_cost * cost[c])]
    hand = st.hands[p]
    hand_n = len(hand) - 1
    return [c for c in hand if c != exclude and (fam < 0 or cs.family[c] == fam)
            and instant_ok(st, p, c, hand_n, area_n + 1, bonus=points_per_cost * cost[c])]
