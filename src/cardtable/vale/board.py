"""Small board helpers shared by the rules and the effects: computed values (stone
values, stone limit, current costs), moving cards and stones, points, the deck.

Values are computed from the board every time (the area is a handful of cards), so a
permanent effect applies at once and stops the moment its card leaves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.engine.api import Event

if TYPE_CHECKING:
    from cardtable.vale.state import ValeState

MASK64 = (1 << 64) - 1
BASE_LIMIT = 4


def next_random(st: ValeState) -> int:
    """splitmix64: the state's own RNG is one int, so clone() copies it for free."""
    st.rng = z = (st.rng + 0x9E3779B97F4A7C15) & MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


def shuffle(st: ValeState, items: list[int]) -> None:
    for i in range(len(items) - 1, 0, -1):
        j = next_random(st) % (i + 1)
        items[i], items[j] = items[j], items[i]


def stone_values(st: ValeState, p: int) -> tuple[int, int, int]:
    """Current (red, blue, purple) values for player p: Hae-tae's swap first, then the
    +1 bonuses (Agni, Water Giant) on top of the swapped values."""
    dr = db = dp = sw = 0
    valmod = st.cs.valmod
    for c in st.areas[p]:
        m = valmod[c]
        if m is not None:
            dr += m[0]
            db += m[1]
            dp += m[2]
            sw ^= m[3]
    if sw:
        return 1 + dr, 6 + db, 3 + dp
    return 1 + dr, 3 + db, 6 + dp


def stone_limit(st: ValeState, p: int) -> int:
    bonus = st.cs.limit_bonus
    limit = BASE_LIMIT + sum(bonus[c] for c in st.areas[p])
    return limit if limit > 0 else 0


def stone_count(st: ValeState, p: int) -> int:
    s = st.stones
    return s[3 * p] + s[3 * p + 1] + s[3 * p + 2]


def current_cost(st: ValeState, p: int, card: int) -> int:
    """The cost `p` pays now: a fixed cost ignores every reduction; reductions stack
    and never take the cost below 0."""
    cs = st.cs
    fam = cs.family[card]
    reduction = 0
    for c in st.areas[p]:
        fixed = cs.fixed[c]
        if fixed is not None and (fixed[1] < 0 or fixed[1] == fam):
            return fixed[0]
        red = cs.reduce[c]
        if red is not None and (red[1] < 0 or red[1] == fam):
            reduction += red[0]
    cost = cs.cost[card] - reduction
    return cost if cost > 0 else 0


def add_points(st: ValeState, p: int, amount: int) -> None:
    if amount:
        st.pts[p] += amount


def lose_points(st: ValeState, p: int, amount: int) -> int:
    """Lose up to `amount` (the score never goes below 0); returns what was lost."""
    have = st.pts[p]
    lost = amount if amount < have else have
    st.pts[p] = have - lost
    return lost


def refill_deck(st: ValeState) -> bool:
    """When the deck is empty, shuffle the discard pile into a new deck."""
    if st.deck:
        return True
    if not st.discard:
        return False
    st.deck = st.discard
    st.discard = []
    st.known_top = 0
    shuffle(st, st.deck)
    st.events.append(Event("reshuffle", None, "The discard pile is shuffled into a new deck"))
    return True


def can_draw(st: ValeState, count: int) -> bool:
    return len(st.deck) + len(st.discard) >= count


def draw(st: ValeState, p: int, count: int) -> None:
    for _ in range(count):
        if not st.deck and not refill_deck(st):
            return
        card = st.deck.pop()
        known = 0
        if st.known_top:
            st.known_top -= 1
            known = 1
        st.hands[p].append(card)
        st.pub[card] = known
        st.events.append(Event("draw", p, f"P{p + 1} draws a card",
                               f"P{p + 1} draws {st.cs.ids[card]}"))


def gain_stones(st: ValeState, p: int, red: int, blue: int, purple: int) -> None:
    st.recheck = True
    s = st.stones
    s[3 * p] += red
    s[3 * p + 1] += blue
    s[3 * p + 2] += purple


def discard_from_area(st: ValeState, p: int, card: int) -> None:
    st.recheck = True  # the stone limit may have dropped (Hestia)
    st.areas[p].remove(card)
    st.discard.append(card)


def recover(st: ValeState, p: int, card: int) -> None:
    """A summoned card goes back to its owner's hand (seen by all: it was public)."""
    st.recheck = True
    st.areas[p].remove(card)
    st.hands[p].append(card)
    st.pub[card] = 1


def family_count(st: ValeState, p: int, family: int) -> int:
    fam = st.cs.family
    return sum(1 for c in st.areas[p] if fam[c] == family)


def families(st: ValeState, p: int) -> int:
    fam = st.cs.family
    return len({fam[c] for c in st.areas[p]})
