"""How effects run: the stack of pending steps (frames), one op at a time, and the
decisions effects ask for, each decision's options beside its answer. The ops are read
from the card files by `vocabulary.py`; whether they can run is checked by
`feasibility.py`.

Triggers: when a card is summoned, the `on_summon` permanents of the cards already in
the summoner's area score at once, in area order (so never for their own summon), and
then the summoned card's instant effect starts; `on_tame` permanents pay out at once
when a card is tamed. Their rewards need no decision, so they need no frame; the stone
limit is checked right after, before anything else happens.

The expansion's recovering permanents listen to events (a blue stone gained, a card
drawn, points lost, stones changed), noted as bits in `st.triggered` and handled at the
top of `rules.proceed`, before the stone limit is checked (Thalassa's rulebook example).
A Duduri King upgrade of a stone just received is decided before the stone limit too;
Gem of Kukulkan's offer comes after it.

Pending work is plain data: the state holds a stack of tuples (frames). Every frame
begins (kind, player, source): the player who acts and the card (or ART_SRC + tile)
whose effect it is. A run frame goes on (ops, pc) and is executed op by op; a decision
frame goes on (cont, ...): `cont` says it interrupted a longer effect, whose rest is
dropped when the decision has nothing to choose from; its own fields follow, as the
comment above its functions shows. Frames never hold closures or generators, so
clone() is a list copy and records replay bit for bit.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from cardtable.engine.api import Action, Event
from cardtable.vale import board
from cardtable.vale.actions import (
    DONE,
    NAMES,
    STONE_DISCARD,
    TARGETS,
    UPGRADES,
    choose_action,
    pay_action,
    payment_counts,
)
from cardtable.vale.board import MAX_AREAS
from cardtable.vale.feasibility import (
    can_run,
    condition,
    copy_targets,
    count,
    free_summon_targets,
    price_payments,
    recover_targets,
    take_targets,
)
from cardtable.vale.vocabulary import (
    ACTIVATE,
    ACTIVATE_ONE,
    ART_SRC,
    BUY_AREA,
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
    LOSE,
    NAME_FAMILY,
    OPS_COUNT,
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
    TAKE_DISCARD,
    TARGET_DISCARD,
    UPGRADE,
    Op,
)

if TYPE_CHECKING:
    from cardtable.vale.state import ValeState

Frame = tuple[Any, ...]

# --- frames ------------------------------------------------------------------------
#: the fields every frame begins with; a decision frame's fourth is CONT
KIND: Final = 0
PLAYER: Final = 1
SOURCE: Final = 2
CONT: Final = 3
(F_RUN, F_ORDER, F_LIMIT, F_CHOOSE, F_DISCARD_HAND, F_FREE_SUMMON, F_TARGET_DISCARD,
 F_PICK_DISCARD, F_DISCARD_AREA, F_RECOVER, F_COPY, F_STEAL, F_TAKE) = range(13)
(F_DISCARD_MANY, F_UPGRADE, F_NAME, F_SWAP_TARGET, F_SWAP_PICK, F_TOP, F_DISCARD_OWN,
 F_SHELTER_HAND, F_SHELTER_DISPLAY, F_RETRIEVE, F_DISCARD_SHELTER, F_PRICE,
 F_ACTIVATE) = range(13, 26)
#: What each pending decision is called in the observation.
FRAME_NAMES: Final = ("run", "order", "stone-limit", "choose", "discard-from-hand", "free-summon",
               "choose-target", "discard-from-area", "discard-from-own-area", "recover",
               "copy", "steal", "take-from-discard", "discard-any-from-hand", "upgrade",
               "name-family", "swap-target", "swap-card", "card-to-deck-top",
               "discard-own-card", "shelter-from-hand", "shelter-from-display",
               "retrieve", "discard-from-shelter", "pay-price", "activate")

# --- summoning (shared by the Summon action and free summons) ---------------------------


def summon(st: ValeState, p: int, card: int, red: int, blue: int, purple: int,
           origin: list[int] | None = None) -> None:
    """Pay, put `card` (from p's hand, or from `origin`) into p's area, fire the
    'whenever you summon' permanents of the cards already there, then start the card's
    instant effect."""
    cs = st.cs
    stones = st.stones
    stones[3 * p] -= red
    stones[3 * p + 1] -= blue
    stones[3 * p + 2] -= purple
    (st.hands[p] if origin is None else origin).remove(card)
    if cs.recover_stones[card]:
        board.stones_changed(st, p)
    area = st.areas[p]
    paid = (red, blue, purple)
    for other in area:
        for trigger in cs.on_summon[other]:
            _, points, per_color, need = trigger
            if need >= 0 and not paid[need]:
                continue
            board.add_points(st, p, points * (paid[per_color] if per_color >= 0 else 1))
    area.append(card)
    st.public[card] = 1
    if cs.has_instant[card]:
        st.stack.append((F_RUN, p, card, cs.instant[card], 0))


def tame_triggers(st: ValeState, p: int, card: int) -> None:
    cs = st.cs
    fam = cs.family[card]
    for other in st.areas[p]:
        for trigger in cs.on_tame[other]:
            _, need, red, blue, purple, points = trigger
            if need < 0 or need == fam:
                board.gain_stones(st, p, red, blue, purple)
                board.add_points(st, p, points)


# --- running ops: one function per op, (st, player, source, op, cont) ------------------


def run_step(st: ValeState) -> None:
    """Execute the next op of the run frame on top of the stack. `cont` tells the op
    whether more of its effect follows (the run frame stays below it)."""
    stack = st.stack
    _, p, src, ops, pc = stack[-1]
    if pc + 1 < len(ops):
        stack[-1] = (F_RUN, p, src, ops, pc + 1)
        cont = True
    else:
        stack.pop()
        cont = False
        if 0 <= src < ART_SRC and st.cs.recover_stones[src]:
            board.stones_changed(st, p)  # Fireblast, its own instant effect over
    op = ops[pc]
    RUN[op[0]](st, p, src, op, cont)


def _stop_effect(st: ValeState, cont: bool) -> None:
    """A step that cannot be done stops the rest of its effect."""
    if cont:
        st.stack.pop()


def _gain(st: ValeState, p: int, src: int, op: Op, cont: bool) -> None:
    _, red, blue, purple, points, draws = op
    if red or blue or purple:
        board.gain_stones(st, p, red, blue, purple)
    if points:
        board.add_points(st, p, points)
    if draws:
        board.draw(st, p, draws)


def _points_per(st: ValeState, p: int, src: int, op: Op, cont: bool) -> None:
    _, points, counted, arg, per = op
    board.add_points(st, p, points * (count(st, p, counted, arg) // per))


def _lose(st: ValeState, p: int, src: int, op: Op, cont: bool) -> None:
    _, points, strict = op
    if strict and st.points[p] < points:
        _stop_effect(st, cont)  # a price that cannot be paid
    else:
        board.lose_points(st, p, points)


def _if(st: ValeState, p: int, src: int, op: Op, cont: bool) -> None:
    _, cond, arg, then, otherwise = op
    branch = then if condition(st, p, cond, arg) else otherwise
    if branch:
        st.stack.append((F_RUN, p, src, branch, 0))


def _spend(st: ValeState, p: int, src: int, op: Op, cont: bool) -> None:
    _, color, number = op
    i = 3 * p + color
    if st.stones[i] >= number:
        st.stones[i] -= number
    else:
        _stop_effect(st, cont)


def _recover_self(st: ValeState, p: int, src: int, op: Op, cont: bool) -> None:
    if src in st.areas[p]:
        board.recover(st, p, src)


def _discard_self(st: ValeState, p: int, src: int, op: Op, cont: bool) -> None:
    if src in st.areas[p]:
        board.discard_from_area(st, p, src)


def _self_to_deck(st: ValeState, p: int, src: int, op: Op, cont: bool) -> None:
    if src in st.areas[p]:
        st.recheck = True
        st.areas[p].remove(src)
        board.put_on_deck(st, src, -1)


def _cash_stones(st: ValeState, p: int, src: int, op: Op, cont: bool) -> None:
    vr, vb, vp = board.stone_values(st, p)
    stones = st.stones
    total = stones[3 * p] * vr + stones[3 * p + 1] * vb + stones[3 * p + 2] * vp
    stones[3 * p] = stones[3 * p + 1] = stones[3 * p + 2] = 0
    board.add_points(st, p, total)


def _stones_to(st: ValeState, p: int, src: int, op: Op, cont: bool) -> None:
    _, color = op
    stones = st.stones
    total = stones[3 * p] + stones[3 * p + 1] + stones[3 * p + 2]
    stones[3 * p] = stones[3 * p + 1] = stones[3 * p + 2] = 0
    stones[3 * p + color] = total
    st.recheck = True


def _discard_hand(st: ValeState, p: int, src: int, op: Op, cont: bool) -> None:
    _, points_per_cost = op
    protect = -2  # no free summon follows
    if cont:
        _, _, _, ops, pc = st.stack[-1]
        if pc < len(ops) and ops[pc][0] == FREE_SUMMON:
            protect = ops[pc][1]  # the family the free summon needs (-1: any)
    st.stack.append((F_DISCARD_HAND, p, src, cont, points_per_cost, protect))


def _free_summon(st: ValeState, p: int, src: int, op: Op, cont: bool) -> None:
    _, family, points_per_cost, from_discard = op
    st.stack.append((F_FREE_SUMMON, p, src, cont, family, points_per_cost, from_discard))


def _target_discard(st: ValeState, p: int, src: int, op: Op, cont: bool) -> None:
    _, family = op
    st.stack.append((F_TARGET_DISCARD, p, src, cont, family))


def _discard_area(st: ValeState, p: int, src: int, op: Op, cont: bool) -> None:
    _, up_to = op
    st.stack.append((F_DISCARD_AREA, p, src, cont, up_to))


def _recover(st: ValeState, p: int, src: int, op: Op, cont: bool) -> None:
    st.stack.append((F_RECOVER, p, src, cont, op))


def _copy(st: ValeState, p: int, src: int, op: Op, cont: bool) -> None:
    _, timing = op
    st.stack.append((F_COPY, p, src, cont, timing))


def _activate(st: ValeState, p: int, src: int, op: Op, cont: bool) -> None:
    has_resolution = st.cs.has_resolution
    cards = tuple(c for c in st.areas[p] if has_resolution[c])
    if cards:
        st.stack.append((F_ORDER, p, src, cont, cards))


def _choose(st: ValeState, p: int, src: int, op: Op, cont: bool) -> None:
    _, number, _labels, _branches = op
    st.stack.append((F_CHOOSE, p, src, cont, op, number, 0))


def _steal(st: ValeState, p: int, src: int, op: Op, cont: bool) -> None:
    _, points = op
    st.stack.append((F_STEAL, p, src, cont, points))


def _take_discard(st: ValeState, p: int, src: int, op: Op, cont: bool) -> None:
    _, family = op
    st.stack.append((F_TAKE, p, src, cont, family))


def _discard_hand_many(st: ValeState, p: int, src: int, op: Op, cont: bool) -> None:
    st.stack.append((F_DISCARD_MANY, p, src, cont, op, 0))


def _upgrade(st: ValeState, p: int, src: int, op: Op, cont: bool) -> None:
    _, number, up_to = op
    st.stack.append((F_UPGRADE, p, src, cont, number, up_to, -1, -1, 0))


def _name_family(st: ValeState, p: int, src: int, op: Op, cont: bool) -> None:
    _, points = op
    st.stack.append((F_NAME, p, src, cont, points))


def _swap(st: ValeState, p: int, src: int, op: Op, cont: bool) -> None:
    _, family = op
    st.stack.append((F_SWAP_TARGET, p, src, cont, family))


def _reveal_hand(st: ValeState, p: int, src: int, op: Op, cont: bool) -> None:
    hand = st.hands[p]
    for c in hand:
        st.public[c] = 1
    st.events.append(Event("reveal", p, f"P{p + 1} reveals their hand: " + (
        ", ".join(st.cs.ids[c] for c in sorted(hand)) or "nothing")))


def _hand_to_deck(st: ValeState, p: int, src: int, op: Op, cont: bool) -> None:
    st.stack.append((F_TOP, p, src, cont))


def _discard_own(st: ValeState, p: int, src: int, op: Op, cont: bool) -> None:
    st.stack.append((F_DISCARD_OWN, p, src, cont, op))


def _shelter_deck(st: ValeState, p: int, src: int, op: Op, cont: bool) -> None:
    _, number = op
    for _ in range(number):
        c = board.take_top(st)
        if c < 0:
            break
        board.shelter(st, p, c)


def _shelter_hand(st: ValeState, p: int, src: int, op: Op, cont: bool) -> None:
    st.stack.append((F_SHELTER_HAND, p, src, cont))


def _shelter_display(st: ValeState, p: int, src: int, op: Op, cont: bool) -> None:
    st.stack.append((F_SHELTER_DISPLAY, p, src, cont))


def _reveal_display(st: ValeState, p: int, src: int, op: Op, cont: bool) -> None:
    _, number = op
    for _ in range(number):
        c = board.take_top(st)
        if c < 0:
            break
        st.display.append(c)
        st.public[c] = 1
        st.events.append(Event("reveal", p, f"P{p + 1} reveals {st.cs.ids[c]} into the "
                               "hunting display"))


def _retrieve(st: ValeState, p: int, src: int, op: Op, cont: bool) -> None:
    _, every = op
    if not every:
        st.stack.append((F_RETRIEVE, p, src, cont))
        return
    sheltered = st.shelter[p]
    if sheltered:
        st.events.append(Event("retrieve", p, f"P{p + 1} retrieves "
                               + ", ".join(st.cs.ids[c] for c in sheltered)))
        st.hands[p].extend(sheltered)
        sheltered.clear()


def _discard_shelter(st: ValeState, p: int, src: int, op: Op, cont: bool) -> None:
    st.stack.append((F_DISCARD_SHELTER, p, src, cont))


def _buy_area(st: ValeState, p: int, src: int, op: Op, cont: bool) -> None:
    _, price = op
    if price:
        st.stack.append((F_PRICE, p, src, cont, price, -1, False))
    elif st.extra[p] < MAX_AREAS:
        board.buy_area(st, p)
    else:
        _stop_effect(st, cont)


def _activate_one(st: ValeState, p: int, src: int, op: Op, cont: bool) -> None:
    st.stack.append((F_ACTIVATE, p, src, cont))


_RUNS: dict[int, Callable[[ValeState, int, int, Op, bool], None]] = {
    GAIN: _gain, LOSE: _lose, POINTS_PER: _points_per, IF: _if, SPEND: _spend,
    DISCARD_HAND: _discard_hand, FREE_SUMMON: _free_summon, DISCARD_SELF: _discard_self,
    RECOVER_SELF: _recover_self, SELF_TO_DECK: _self_to_deck, CASH_STONES: _cash_stones,
    STONES_TO: _stones_to, TARGET_DISCARD: _target_discard, DISCARD_AREA: _discard_area,
    RECOVER: _recover, COPY: _copy, ACTIVATE: _activate, CHOOSE: _choose, STEAL: _steal,
    TAKE_DISCARD: _take_discard, DISCARD_MANY: _discard_hand_many, UPGRADE: _upgrade,
    NAME_FAMILY: _name_family, SWAP: _swap, REVEAL_HAND: _reveal_hand,
    HAND_TO_DECK: _hand_to_deck, DISCARD_OWN: _discard_own, SHELTER_DECK: _shelter_deck,
    SHELTER_HAND: _shelter_hand, SHELTER_DISPLAY: _shelter_display,
    REVEAL_DISPLAY: _reveal_display, RETRIEVE: _retrieve,
    DISCARD_SHELTER: _discard_shelter, BUY_AREA: _buy_area, ACTIVATE_ONE: _activate_one,
}
#: the function running each op, indexed by its code
RUN: Final = [_RUNS[code] for code in range(OPS_COUNT)]


# --- decisions: each one's options beside its answer ---------------------------------
# The options are the legal actions (possibly none: the decision is then abandoned);
# the answer is fed one of them. A frame's fields after (kind, player, source, cont)
# are named in the comment above its pair.


def abandon(st: ValeState) -> None:
    """The decision on top has nothing to choose from: drop it, and (when it was part
    of a longer effect) the rest of that effect."""
    frame = st.stack.pop()
    if frame[KIND] != F_LIMIT and frame[CONT] and st.stack and st.stack[-1][KIND] == F_RUN:
        st.stack.pop()


def hides_its_choices(st: ValeState, frame: Frame) -> bool:
    """Whether the others cannot tell how many answers this decision has: it sorts the
    decider's hand by what the cards are (a free summon from hand, a discard that must
    keep one possible), the hand holds two cards or more, and some are secret. Such a
    decision is asked even with one answer, so that its being asked tells nobody
    anything. (These decisions always have an answer, so with one card in hand
    everybody knows there is exactly one.)"""
    kind = frame[KIND]
    if kind == F_FREE_SUMMON:
        _, p, _src, _cont, _family, _points_per_cost, from_discard = frame
        sorts_the_hand = not from_discard
    elif kind == F_DISCARD_HAND:
        _, p, _src, _cont, _points_per_cost, protect = frame
        sorts_the_hand = protect != -2
    else:
        return False
    hand = st.hands[p]
    public = st.public
    return sorts_the_hand and len(hand) > 1 and not all(public[c] for c in hand)


# stone-limit (F_LIMIT, player, -1, False): one stone at a time, down to the limit

def _limit_options(st: ValeState, frame: Frame) -> list[Action]:
    p = frame[PLAYER]
    stones = st.stones
    return [STONE_DISCARD[k] for k in range(3) if stones[3 * p + k]]


def _limit_answer(st: ValeState, frame: Frame, action: Action) -> None:
    p = frame[PLAYER]
    st.stones[3 * p + action.a] -= 1
    if board.stone_count(st, p) <= board.stone_limit(st, p):
        st.stack.pop()


# order (..., cards): the Resolution effect of which card resolves next

def _order_options(st: ValeState, frame: Frame) -> list[Action]:
    _, p, _src, _cont, cards = frame
    area = st.areas[p]
    act_order = st.cs.act_order
    return [act_order[c] for c in cards if c in area]


def _order_answer(st: ValeState, frame: Frame, action: Action) -> None:
    _, p, src, cont, cards = frame
    c = action.a
    stack = st.stack
    remaining = tuple(x for x in cards if x != c)
    if remaining:
        stack[-1] = (F_ORDER, p, src, cont, remaining)
    else:
        stack.pop()
    stack.append((F_RUN, p, c, st.cs.resolution[c], 0))


# choose (..., op, left, taken): `left` more options to choose, none twice (`taken` bits)

def _choose_options(st: ValeState, frame: Frame) -> list[Action]:
    _, p, src, _cont, op, _left, taken = frame
    _, _number, labels, branches = op
    hand_n = len(st.hands[p])
    area_n = len(st.areas[p])
    return [choose_action(label) for i, label in enumerate(labels)
            if not taken & (1 << i)
            and can_run(st, p, src, branches[i], hand_n, area_n, (), 0)]


def _choose_answer(st: ValeState, frame: Frame, action: Action) -> None:
    _, p, src, cont, op, left, taken = frame
    _, _number, labels, branches = op
    i = labels.index(action.text[len("choose "):])
    if left > 1:
        st.stack[-1] = (F_CHOOSE, p, src, cont, op, left - 1, taken | (1 << i))
    else:
        st.stack.pop()
    if branches[i]:
        st.stack.append((F_RUN, p, src, branches[i], 0))


# discard-from-hand (..., points_per_cost, protect): protect is the family (-1: any) a
# free summon after it needs, -2 when none follows

def _discard_hand_options(st: ValeState, frame: Frame) -> list[Action]:
    _, p, _src, _cont, _points_per_cost, protect = frame
    act_discard = st.cs.act_discard
    hand = st.hands[p]
    if protect == -2:
        return [act_discard[c] for c in hand]
    # the free summon that follows must stay possible: try each discard
    out = []
    for i in range(len(hand)):
        c = hand.pop(i)
        try:
            if free_summon_targets(st, p, protect):
                out.append(act_discard[c])
        finally:
            hand.insert(i, c)
    return out


def _discard_hand_answer(st: ValeState, frame: Frame, action: Action) -> None:
    _, p, _src, _cont, points_per_cost, _protect = frame
    c = action.a
    st.stack.pop()
    st.hands[p].remove(c)
    st.discard.append(c)
    board.add_points(st, p, points_per_cost * st.cs.cost[c])


# free-summon (..., family, points_per_cost, from_discard)

def _free_summon_options(st: ValeState, frame: Frame) -> list[Action]:
    _, p, _src, _cont, family, _points_per_cost, from_discard = frame
    act_free = st.cs.act_free
    return [act_free[c] for c in free_summon_targets(st, p, family,
                                                     from_discard=bool(from_discard))]


def _free_summon_answer(st: ValeState, frame: Frame, action: Action) -> None:
    _, p, _src, _cont, _family, points_per_cost, from_discard = frame
    c = action.a
    cs = st.cs
    st.stack.pop()
    where = " from the discard pile" if from_discard else ""
    st.events.append(Event("summon", p, f"P{p + 1} summons {cs.ids[c]}{where} for free"))
    summon(st, p, c, 0, 0, 0, st.discard if from_discard else None)
    board.add_points(st, p, points_per_cost * cs.cost[c])


# choose-target (..., family): the player who must give up a card of that family;
# swap-target (..., family): the player whose card of that family is swapped

def _player_with_family_options(st: ValeState, frame: Frame) -> list[Action]:
    family = frame[4]
    return [TARGETS[q] for q in range(st.n) if board.family_count(st, q, family)]


def _target_discard_answer(st: ValeState, frame: Frame, action: Action) -> None:
    _, _p, src, _cont, family = frame
    st.stack.pop()
    st.stack.append((F_PICK_DISCARD, action.a, src, False, family))


# discard-from-area (target, src, False, family): the chosen player picks which to give up

def _pick_discard_options(st: ValeState, frame: Frame) -> list[Action]:
    _, p, _src, _cont, family = frame
    act_discard = st.cs.act_discard
    return [act_discard[c] for c in st.areas[p] if board.fam_match(st, p, c, family)]


def _pick_discard_answer(st: ValeState, frame: Frame, action: Action) -> None:
    st.stack.pop()
    board.discard_from_area(st, frame[PLAYER], action.a)


# discard-from-own-area (..., left): up to `left` more of your other cards, or done

def _discard_area_options(st: ValeState, frame: Frame) -> list[Action]:
    _, p, src, _cont, _left = frame
    act_discard = st.cs.act_discard
    return [act_discard[c] for c in st.areas[p] if c != src] + [DONE]


def _discard_area_answer(st: ValeState, frame: Frame, action: Action) -> None:
    _, p, src, cont, left = frame
    if action.text == "done":
        st.stack.pop()
        return
    board.discard_from_area(st, p, action.a)
    if left > 1:
        st.stack[-1] = (F_DISCARD_AREA, p, src, cont, left - 1)
    else:
        st.stack.pop()


# recover (..., op): op = (RECOVER, other, needs_instant, max_cost, family,
# points_per_cost)

def _recover_options(st: ValeState, frame: Frame) -> list[Action]:
    _, p, src, _cont, op = frame
    act_recover = st.cs.act_recover
    return [act_recover[c] for c in recover_targets(st, p, src, op)]


def _recover_answer(st: ValeState, frame: Frame, action: Action) -> None:
    _, p, _src, _cont, op = frame
    points_per_cost = op[5]
    c = action.a
    st.stack.pop()
    board.recover(st, p, c)
    board.add_points(st, p, points_per_cost * st.cs.cost[c])


# copy (..., timing): the card whose instant (T_INSTANT) or Resolution effect to copy

def _copy_options(st: ValeState, frame: Frame) -> list[Action]:
    _, p, src, _cont, timing = frame
    act_copy = st.cs.act_copy
    return [act_copy[c] for c in copy_targets(st, p, src, timing, len(st.hands[p]),
                                              len(st.areas[p]))]


def _copy_answer(st: ValeState, frame: Frame, action: Action) -> None:
    _, p, src, _cont, timing = frame
    c = action.a
    cs = st.cs
    st.stack.pop()
    ops = cs.instant[c] if timing == T_INSTANT else cs.resolution[c]
    # whose "this card" the copied effect means (copy_resolves_as)
    st.stack.append((F_RUN, p, c if st.copy_as_target else src, ops, 0))


# steal (..., points): the opponent who loses them

def _steal_options(st: ValeState, frame: Frame) -> list[Action]:
    p = frame[PLAYER]
    return [TARGETS[q] for q in range(st.n) if q != p]


def _steal_answer(st: ValeState, frame: Frame, action: Action) -> None:
    _, p, _src, _cont, points = frame
    st.stack.pop()
    lost = board.lose_points(st, action.a, points)
    board.add_points(st, p, points if st.steal_full else lost)


# take-from-discard (..., family)

def _take_options(st: ValeState, frame: Frame) -> list[Action]:
    act_take = st.cs.act_take
    return [act_take[c] for c in take_targets(st, frame[4])]


def _take_answer(st: ValeState, frame: Frame, action: Action) -> None:
    c = action.a
    st.stack.pop()
    st.discard.remove(c)
    st.hands[frame[PLAYER]].append(c)
    st.public[c] = 1


# discard-any-from-hand (..., op, discarded): op = (DISCARD_MANY, up_to, red, blue,
# purple, points), the reward per card, paid when the player stops

def _discard_many_options(st: ValeState, frame: Frame) -> list[Action]:
    act_discard = st.cs.act_discard
    acts = [act_discard[c] for c in st.hands[frame[PLAYER]]]
    acts.append(DONE)
    return acts


def _discard_many_answer(st: ValeState, frame: Frame, action: Action) -> None:
    _, p, src, cont, op, discarded = frame
    _, up_to, red, blue, purple, points = op
    done = action.text == "done"
    if not done:
        st.hands[p].remove(action.a)
        st.discard.append(action.a)
        discarded += 1
    if done or discarded >= up_to or not st.hands[p]:
        st.stack.pop()
        if red or blue or purple:
            board.gain_stones(st, p, red * discarded, blue * discarded, purple * discarded)
        board.add_points(st, p, points * discarded)
    else:
        st.stack[-1] = (F_DISCARD_MANY, p, src, cont, op, discarded)


# upgrade (..., left, optional, red_left, blue_left, upgraded_blue): `left` more
# upgrades; optional ("up to") offers done; red_left/blue_left limit which stones may be
# upgraded (-1: any; Duduri King: the stones just received); upgraded_blue counts blues
# made this effect, which may not go on to purple

def _upgrade_options(st: ValeState, frame: Frame) -> list[Action]:
    _, p, _src, _cont, _left, optional, red_left, blue_left, upgraded_blue = frame
    stones = st.stones
    out = []
    if stones[3 * p] and red_left:
        out.append(UPGRADES[0])
    if stones[3 * p + 1] - upgraded_blue > 0 and blue_left:
        out.append(UPGRADES[1])
    if optional:
        out.append(DONE)
    return out


def _upgrade_answer(st: ValeState, frame: Frame, action: Action) -> None:
    _, p, src, cont, left, optional, red_left, blue_left, upgraded_blue = frame
    if action.text == "done":
        st.stack.pop()
        return
    stones = st.stones
    if action.a == 0:
        stones[3 * p] -= 1
        stones[3 * p + 1] += 1
        upgraded_blue += 1
        red_left -= 1
    else:
        stones[3 * p + 1] -= 1
        stones[3 * p + 2] += 1
        blue_left -= 1
    st.recheck = True
    left -= 1
    if left:
        st.stack[-1] = (F_UPGRADE, p, src, cont, left, optional, red_left, blue_left,
                        upgraded_blue)
    else:
        st.stack.pop()


# name-family (..., points): points per card of the named family in your area

def _name_options(st: ValeState, frame: Frame) -> list[Action]:
    return list(NAMES)


def _name_answer(st: ValeState, frame: Frame, action: Action) -> None:
    _, p, _src, _cont, points = frame
    st.stack.pop()
    board.add_points(st, p, points * board.family_count(st, p, action.a))


def _swap_target_answer(st: ValeState, frame: Frame, action: Action) -> None:
    _, p, src, _cont, family = frame
    st.stack.pop()
    st.stack.append((F_SWAP_PICK, action.a, src, False, family, p))


# swap-card (target, src, False, family, owner): the target picks the card that trades
# places with src, the owner's card

def _swap_pick_options(st: ValeState, frame: Frame) -> list[Action]:
    _, p, _src, _cont, family, _owner = frame
    act_swap = st.cs.act_swap
    return [act_swap[c] for c in st.areas[p] if board.fam_match(st, p, c, family)]


def _swap_pick_answer(st: ValeState, frame: Frame, action: Action) -> None:
    _, p, src, _cont, _family, owner = frame
    c = action.a
    st.stack.pop()
    if owner != p and src in st.areas[owner]:
        mine = st.areas[p]
        theirs = st.areas[owner]
        mine[mine.index(c)] = src
        theirs[theirs.index(src)] = c
        st.recheck = True
        if st.cs.watch:
            board.stones_changed(st, p)
            board.stones_changed(st, owner)
        ids = st.cs.ids
        st.events.append(Event("swap", p, f"P{p + 1}'s {ids[c]} and P{owner + 1}'s "
                               f"{ids[src]} swap areas"))


# card-to-deck-top (player, src, cont): a hand card goes on top of the deck

def _top_options(st: ValeState, frame: Frame) -> list[Action]:
    act_top = st.cs.act_top
    return [act_top[c] for c in st.hands[frame[PLAYER]]]


def _top_answer(st: ValeState, frame: Frame, action: Action) -> None:
    p = frame[PLAYER]
    st.stack.pop()
    st.hands[p].remove(action.a)
    board.put_on_deck(st, action.a, p)


# discard-own-card (..., op): op = (DISCARD_OWN, other, points_per_cost, family, then);
# `then` runs when the card was of `family`

def _discard_own_options(st: ValeState, frame: Frame) -> list[Action]:
    _, p, src, _cont, op = frame
    other = op[1]
    act_discard = st.cs.act_discard
    return [act_discard[c] for c in st.areas[p] if not (other and c == src)]


def _discard_own_answer(st: ValeState, frame: Frame, action: Action) -> None:
    _, p, src, _cont, op = frame
    _, _other, points_per_cost, family, then = op
    c = action.a
    st.stack.pop()
    matched = family >= 0 and board.fam_match(st, p, c, family)
    board.add_points(st, p, points_per_cost * st.cs.cost[c])
    board.discard_from_area(st, p, c)
    if matched and then:
        st.stack.append((F_RUN, p, src, then, 0))


# shelter-from-hand, shelter-from-display, retrieve, discard-from-shelter
# (player, src, cont)

def _shelter_hand_options(st: ValeState, frame: Frame) -> list[Action]:
    act_shelter = st.cs.act_shelter
    return [act_shelter[c] for c in st.hands[frame[PLAYER]]]


def _shelter_hand_answer(st: ValeState, frame: Frame, action: Action) -> None:
    p = frame[PLAYER]
    st.stack.pop()
    st.hands[p].remove(action.a)
    board.shelter(st, p, action.a)


def _shelter_display_options(st: ValeState, frame: Frame) -> list[Action]:
    act_shelter = st.cs.act_shelter
    return [act_shelter[c] for c in st.display]


def _shelter_display_answer(st: ValeState, frame: Frame, action: Action) -> None:
    st.stack.pop()
    st.display.remove(action.a)
    board.shelter(st, frame[PLAYER], action.a)


def _retrieve_options(st: ValeState, frame: Frame) -> list[Action]:
    act_retrieve = st.cs.act_retrieve
    return [act_retrieve[c] for c in st.shelter[frame[PLAYER]]]


def _retrieve_answer(st: ValeState, frame: Frame, action: Action) -> None:
    p = frame[PLAYER]
    c = action.a
    st.stack.pop()
    st.shelter[p].remove(c)
    st.hands[p].append(c)
    st.events.append(Event("retrieve", p, f"P{p + 1} retrieves {st.cs.ids[c]}"))


def _discard_shelter_options(st: ValeState, frame: Frame) -> list[Action]:
    act_discard = st.cs.act_discard
    return [act_discard[c] for c in st.shelter[frame[PLAYER]]]


def _discard_shelter_answer(st: ValeState, frame: Frame, action: Action) -> None:
    st.stack.pop()
    st.shelter[frame[PLAYER]].remove(action.a)
    st.discard.append(action.a)


# pay-price (..., price, card, optional): pay `price` for an area (card -1) or to keep
# `card`, the card just sold (Gem of Kukulkan); optional offers done

def _price_options(st: ValeState, frame: Frame) -> list[Action]:
    _, p, _src, _cont, price, card, optional = frame
    if card < 0 and st.extra[p] >= MAX_AREAS:
        return []
    out = [pay_action(code) for code in price_payments(st, p, price)]
    if optional:
        out.append(DONE)
    return out


def _price_answer(st: ValeState, frame: Frame, action: Action) -> None:
    _, p, _src, _cont, _price, card, _optional = frame
    st.stack.pop()
    if action.text == "done":
        return
    red, blue, purple = payment_counts(action.a)
    stones = st.stones
    stones[3 * p] -= red
    stones[3 * p + 1] -= blue
    stones[3 * p + 2] -= purple
    st.recheck = True
    if card < 0:
        board.buy_area(st, p)
    elif card in st.discard:
        st.discard.remove(card)
        st.hands[p].append(card)
        st.public[card] = 1
        st.events.append(Event("keep", p, f"P{p + 1} keeps {st.cs.ids[card]} in hand"))


# activate (player, src, cont): the card whose Resolution effect resolves now

def _activate_options(st: ValeState, frame: Frame) -> list[Action]:
    cs = st.cs
    return [cs.act_activate[c] for c in st.areas[frame[PLAYER]] if cs.has_resolution[c]]


def _activate_answer(st: ValeState, frame: Frame, action: Action) -> None:
    c = action.a
    st.stack.pop()
    st.stack.append((F_RUN, frame[PLAYER], c, st.cs.resolution[c], 0))


def _not_a_decision(st: ValeState, frame: Frame, *action: Action) -> Any:
    raise AssertionError(f"not a decision frame: {frame!r}")  # pragma: no cover


OptionsFn = Callable[["ValeState", Frame], list[Action]]
AnswerFn = Callable[["ValeState", Frame, Action], None]
_DECISIONS: dict[int, tuple[OptionsFn, AnswerFn]] = {
    F_RUN: (_not_a_decision, _not_a_decision),
    F_ORDER: (_order_options, _order_answer),
    F_LIMIT: (_limit_options, _limit_answer),
    F_CHOOSE: (_choose_options, _choose_answer),
    F_DISCARD_HAND: (_discard_hand_options, _discard_hand_answer),
    F_FREE_SUMMON: (_free_summon_options, _free_summon_answer),
    F_TARGET_DISCARD: (_player_with_family_options, _target_discard_answer),
    F_PICK_DISCARD: (_pick_discard_options, _pick_discard_answer),
    F_DISCARD_AREA: (_discard_area_options, _discard_area_answer),
    F_RECOVER: (_recover_options, _recover_answer),
    F_COPY: (_copy_options, _copy_answer),
    F_STEAL: (_steal_options, _steal_answer),
    F_TAKE: (_take_options, _take_answer),
    F_DISCARD_MANY: (_discard_many_options, _discard_many_answer),
    F_UPGRADE: (_upgrade_options, _upgrade_answer),
    F_NAME: (_name_options, _name_answer),
    F_SWAP_TARGET: (_player_with_family_options, _swap_target_answer),
    F_SWAP_PICK: (_swap_pick_options, _swap_pick_answer),
    F_TOP: (_top_options, _top_answer),
    F_DISCARD_OWN: (_discard_own_options, _discard_own_answer),
    F_SHELTER_HAND: (_shelter_hand_options, _shelter_hand_answer),
    F_SHELTER_DISPLAY: (_shelter_display_options, _shelter_display_answer),
    F_RETRIEVE: (_retrieve_options, _retrieve_answer),
    F_DISCARD_SHELTER: (_discard_shelter_options, _discard_shelter_answer),
    F_PRICE: (_price_options, _price_answer),
    F_ACTIVATE: (_activate_options, _activate_answer),
}
#: each frame kind's options and answer, indexed by the kind
OPTIONS: Final = [_DECISIONS[kind][0] for kind in range(len(FRAME_NAMES))]
ANSWERS: Final = [_DECISIONS[kind][1] for kind in range(len(FRAME_NAMES))]


def frame_actions(st: ValeState, frame: Frame) -> list[Action]:
    """The choices of a decision frame (possibly empty)."""
    return OPTIONS[frame[0]](st, frame)


def decide(st: ValeState, frame: Frame, action: Action) -> None:
    """Feed the chosen (legal) action into the decision frame on top of the stack."""
    ANSWERS[frame[0]](st, frame, action)
