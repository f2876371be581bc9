"""Small board helpers shared by the rules and the effects: computed values (stone
values, stone limit, the payments stones allow, current costs, what a sale pays),
whose turn it is, where a player's stones are, moving cards and stones, points, the
deck.

Values are computed from the board every time (the area is a handful of cards), so a
permanent effect applies at once and stops the moment its card leaves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from cardtable.engine import rng
from cardtable.engine.api import Event
from cardtable.engine.tuples import add_to, replace_at
from cardtable.vale.actions import payment_code
from cardtable.vale.phases import ACTION, HUNTING, RESOLUTION
from cardtable.vale.vocabulary import (
    DRAGON,
    EARTH,
    EV_BLUE,
    EV_DRAW,
    EV_LOST,
    EV_STONES,
    FIRE,
    WATER,
    WIND,
)

if TYPE_CHECKING:
    from cardtable.vale.state import ValeState

BASE_LIMIT: Final = 4
#: purchased areas: at most this many per player (the Artifacts rulebook)
MAX_AREAS: Final = 2
#: What selling a card of each family pays: (red, blue, purple), as the player board
#: shows it.
SELL_TABLE: Final[dict[int, tuple[int, int, int]]] = {
    FIRE: (3, 0, 0), WATER: (0, 1, 0), EARTH: (4, 0, 0), WIND: (1, 1, 0),
    DRAGON: (0, 0, 1)}


def shuffle(st: ValeState, items: list[int]) -> None:
    """Shuffle `items` in place with the state's own generator (engine/rng.py)."""
    st.rng = rng.shuffle(st.rng, items)


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


# --- stones --------------------------------------------------------------------------
# `st.stones` is one flat list, three counts a player: p's stones of colour k (0 red,
# 1 blue, 2 purple, as vocabulary.COLORS) are at stone_at(p, k). One flat list of ints
# copies in one step in clone(); these helpers keep the arithmetic in one place.

def stone_at(p: int, color: int) -> int:
    """Where p's count of stones of `color` is in `st.stones`."""
    return 3 * p + color


def stones_of(st: ValeState, p: int) -> tuple[int, int, int]:
    """p's stones: (red, blue, purple)."""
    stones = st.stones
    i = 3 * p
    return stones[i], stones[i + 1], stones[i + 2]


def stone_count(st: ValeState, p: int) -> int:
    stones = st.stones
    i = 3 * p
    return stones[i] + stones[i + 1] + stones[i + 2]


def first_over_limit(st: ValeState) -> int:
    """The first player (by seat) holding more stones than their stone limit, or -1."""
    stones = st.stones
    floor = st.cs.limit_floor  # nobody's limit is below it: fewer stones are never over
    for q in range(st.n):
        i = 3 * q
        total = stones[i] + stones[i + 1] + stones[i + 2]
        if total > floor and total > stone_limit(st, q):
            return q
    return -1


def set_stones(st: ValeState, p: int, red: int, blue: int, purple: int) -> None:
    stones = st.stones
    i = 3 * p
    stones[i] = red
    stones[i + 1] = blue
    stones[i + 2] = purple


def pay_stones(st: ValeState, p: int, red: int, blue: int, purple: int) -> None:
    """Take a payment from p's stones (p has them: the payment was offered)."""
    stones = st.stones
    i = 3 * p
    stones[i] -= red
    stones[i + 1] -= blue
    stones[i + 2] -= purple


def upgrade_stone(st: ValeState, p: int, color: int) -> None:
    """One of p's stones of `color` (red or blue) becomes one of the next colour."""
    i = 3 * p + color
    st.stones[i] -= 1
    st.stones[i + 1] += 1


# stone values -> {cost and stone counts: payments}
_PAYMENTS: dict[tuple[int, int, int], dict[int, tuple[int, ...]]] = {}


def payments(cost: int, red: int, blue: int, purple: int,
             values: tuple[int, int, int]) -> tuple[int, ...]:
    """Every payment (as a code of stone counts) worth at least `cost` in which no
    stone is superfluous: taking away any one stone would leave less than `cost`."""
    table = _PAYMENTS.get(values)
    if table is None:
        if len(_PAYMENTS) > 64:
            _PAYMENTS.clear()
        table = _PAYMENTS[values] = {}
    key = (((cost << 6) | red) << 6 | blue) << 6 | purple
    found = table.get(key)
    if found is None:
        found = table[key] = _payments(cost, red, blue, purple, values)
    return found


def _payments(cost: int, red: int, blue: int, purple: int,
              values: tuple[int, int, int]) -> tuple[int, ...]:
    vr, vb, vp = values
    if cost <= 0:
        return (0,)
    out: list[int] = []
    for p in range(purple + 1):
        for b in range(blue + 1):
            for r in range(red + 1):
                total = r * vr + b * vb + p * vp
                if total < cost:
                    continue
                low = min(v for n, v in ((r, vr), (b, vb), (p, vp)) if n)
                if total - low < cost:
                    out.append(payment_code(r, b, p))
    return tuple(out)


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


def area_limit(st: ValeState, p: int) -> int:
    """The round number plus the areas p has purchased (Artifacts)."""
    return st.round + st.extra[p]


def summon_trigger_points(st: ValeState, p: int, paid: tuple[int, int, int]) -> int:
    """What the 'whenever you summon' permanents of p's area score for a summon paid
    with `paid` (red, blue, purple): each trigger's points, once or per stone of its
    colour, if the payment had the colour it needs. Played by rules.summon, foreseen by
    feasibility.instant_ok."""
    on_summon = st.cs.on_summon
    gained = 0
    for other in st.areas[p]:
        for trigger in on_summon[other]:
            _, points, per_color, need = trigger
            if need < 0 or paid[need]:
                gained += points * (paid[per_color] if per_color >= 0 else 1)
    return gained


def add_points(st: ValeState, p: int, amount: int) -> None:
    if amount:
        st.points[p] += amount


def lose_points(st: ValeState, p: int, amount: int) -> int:
    """Lose up to `amount` (the score never goes below 0); returns what was lost."""
    have = st.points[p]
    lost = amount if amount < have else have
    st.points[p] = have - lost
    if lost and st.cs.watch:
        _event(st, p, EV_LOST)
    return lost


def _event(st: ValeState, p: int, bit: int) -> None:
    """Note an event a permanent "recover" may listen to; handled before anything else
    happens (rules.proceed calls `watchers`)."""
    st.triggered |= bit << (4 * p)
    st.recheck = True


def stones_changed(st: ValeState, p: int) -> None:
    """Ask the stone-count watchers (Fireblast) of p's area to look again."""
    _event(st, p, EV_STONES)


def watchers(st: ValeState) -> None:
    """The expansion's permanents that react at once: Thalassa (a blue stone earned),
    Banshee (a card drawn), Wendigo (points lost) recover; Fireblast recovers while its
    owner holds 4+ stones (once its own instant effect is over)."""
    cs = st.cs
    trig = st.triggered
    st.triggered = 0
    on = cs.recover_on
    at = cs.recover_stones
    for q in range(st.n):
        bits = (trig >> (4 * q)) & 15
        if bits:
            area = st.areas[q]
            for c in area[:]:
                if (on[c] & bits) or (at[c] and bits & EV_STONES
                                      and stone_count(st, q) >= at[c]
                                      and not any(f.source == c for f in st.pending)):
                    _recover_now(st, q, c)


def _recover_now(st: ValeState, q: int, c: int) -> None:
    recover(st, q, c)
    st.events.append(Event("recover", q, f"P{q + 1}: {st.cs.ids[c]} returns to the hand "
                           "(its permanent effect)"))


def refill_deck(st: ValeState) -> bool:
    """When the deck is empty, shuffle the discard pile into a new deck."""
    if st.deck:
        return True
    if not st.discard:
        return False
    st.deck = st.discard
    st.discard = []
    st.known_top = 0
    st.secret_top = -1
    shuffle(st, st.deck)
    for card in st.deck:
        st.public[card] = 0  # shuffled face down: nobody knows where any of them is
    st.events.append(Event("reshuffle", None, "The discard pile is shuffled into a new deck"))
    return True


def can_draw(st: ValeState, count: int) -> bool:
    return len(st.deck) + len(st.discard) >= count


def take_top(st: ValeState) -> int:
    """The top card of the deck (refilled from the discard pile when empty), or -1."""
    if not st.deck and not refill_deck(st):
        return -1
    if st.known_top:
        st.known_top -= 1
    st.secret_top = -1
    return st.deck.pop()


def put_on_deck(st: ValeState, card: int, p: int) -> None:
    """`card` goes on top of the deck: in view of all when it was public (Tengu from an
    area), otherwise known only to `p` (Nurikabe)."""
    st.deck.append(card)
    if st.public[card] or p < 0:
        st.known_top += 1
        st.secret_top = -1
    else:
        st.known_top = 0
        st.secret_top = p


def shelter(st: ValeState, p: int, card: int) -> None:
    """Shelter: face up beside p's area, in neither hand nor area."""
    st.shelter = add_to(st.shelter, p, card)
    st.public[card] = 1
    st.events.append(Event("shelter", p, f"P{p + 1} shelters {st.cs.ids[card]}"))


def buy_area(st: ValeState, p: int) -> None:
    st.extra = replace_at(st.extra, p, st.extra[p] + 1)
    st.events.append(Event("area", p, f"P{p + 1} purchases an area (+{st.extra[p]})"))


def draw(st: ValeState, p: int, count: int) -> None:
    for _ in range(count):
        if not st.deck and not refill_deck(st):
            return
        card = st.deck.pop()
        known = 0
        if st.known_top:
            st.known_top -= 1
            known = 1
        elif st.secret_top == p:
            known = 0
        st.secret_top = -1
        st.hands[p].append(card)
        st.public[card] = known
        if st.cs.watch:
            _event(st, p, EV_DRAW)
        st.events.append(Event("draw", p, f"P{p + 1} draws a card",
                               f"P{p + 1} draws {st.cs.ids[card]}"))


def gain_stones(st: ValeState, p: int, red: int, blue: int, purple: int) -> None:
    st.recheck = True
    stones = st.stones
    i = 3 * p  # as stone_at(p, 0): this runs at every stone gained
    stones[i] += red
    stones[i + 1] += blue
    stones[i + 2] += purple
    if st.cs.watch:
        _event(st, p, EV_STONES | EV_BLUE if blue else EV_STONES)


def discard_from_area(st: ValeState, p: int, card: int) -> None:
    """Discard one of p's summoned cards: the Remove action, Cerberus, Anubis, Imperial
    Seal, the target of Leviathan..., a card's own "discard this card". Ash goes back to
    the hand instead (and scores the round number); Totem Pole pays for the others."""
    st.recheck = True  # the stone limit may have dropped (Hestia)
    cs = st.cs
    area = st.areas[p]
    if cs.watch:
        if cs.ash[card]:
            recover(st, p, card)
            add_points(st, p, st.round)
            st.events.append(Event("recover", p, f"P{p + 1}: {cs.ids[card]} returns to the "
                                   f"hand instead of the discard pile (+{st.round})"))
            return
        area.remove(card)
        st.discard.append(card)
        for c in area:
            gain = cs.on_discard[c]
            if gain is not None:
                gain_stones(st, p, *gain)
        return
    area.remove(card)
    st.discard.append(card)


def recover(st: ValeState, p: int, card: int) -> None:
    """A summoned card goes back to its owner's hand (seen by all: it was public)."""
    st.recheck = True
    st.areas[p].remove(card)
    st.hands[p].append(card)
    st.public[card] = 1


def turn_player(st: ValeState) -> int:
    """Whose turn it is ("your turn": your Artifact pick and hunting picks, your Action
    turn, your Resolution), whoever must decide right now; -1 when the game is over."""
    n = st.n
    phase = st.phase
    if phase == HUNTING:  # the Artifact pick, then the snake draft
        if st.pending:
            # An Instant Artifact resolving: still the turn of the player who took it
            # (the pick count has already moved on to the next player).
            return st.pending[0].player
        if st.artifact_picks < n:
            return (st.first + st.artifact_picks) % n
        k = st.picks if st.picks < n else 2 * n - 1 - st.picks  # first to last and back
        return (st.first + k) % n
    if phase == ACTION:
        return (st.first + st.turn) % n
    if phase == RESOLUTION:
        return (st.first + st.turn - 1) % n
    return -1


def fam_match(st: ValeState, q: int, card: int, family: int) -> bool:
    """Whether q's summoned `card` counts as `family` now: Loki may be any family on
    its owner's turn, and is a Wind card otherwise."""
    cs = st.cs
    return cs.family[card] == family or (cs.loki[card] and turn_player(st) == q)


def family_count(st: ValeState, p: int, family: int) -> int:
    cs = st.cs
    fam = cs.family
    if cs.any_loki:
        loki = cs.loki
        mine = turn_player(st) == p
        return sum(1 for c in st.areas[p] if fam[c] == family or (mine and loki[c]))
    return sum(1 for c in st.areas[p] if fam[c] == family)


def family_anywhere(st: ValeState, family: int) -> bool:
    """Whether any player has a summoned card that counts as `family` now."""
    cs = st.cs
    fam = cs.family
    for area in st.areas:
        for c in area:
            if fam[c] == family:
                return True
    if cs.any_loki:
        q = turn_player(st)
        if q >= 0:
            loki = cs.loki
            return any(loki[c] for c in st.areas[q])
    return False


def strict_family_count(st: ValeState, p: int, family: int) -> int:
    """Cards that must count as `family` (Nessie's "no Dragon"): on its owner's turn
    Loki may be another family."""
    cs = st.cs
    fam = cs.family
    if cs.any_loki and turn_player(st) == p:
        loki = cs.loki
        return sum(1 for c in st.areas[p] if fam[c] == family and not loki[c])
    return sum(1 for c in st.areas[p] if fam[c] == family)


def families(st: ValeState, p: int) -> int:
    cs = st.cs
    fam = cs.family
    if cs.any_loki and turn_player(st) == p:
        loki = cs.loki
        area = st.areas[p]
        fixed = {fam[c] for c in area if not loki[c]}
        flexible = sum(1 for c in area if loki[c])
        return min(5, len(fixed) + flexible)
    return len({fam[c] for c in st.areas[p]})

